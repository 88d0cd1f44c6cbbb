/* SPDX-License-Identifier: MIT */
/*
 * Nets: a component cut out flat and folded -- a die (d4, d6, d8) or a
 * tuck box.  One model says where each decorated panel sits and turns,
 * which edges are folds (shared by two pieces), which are cut, and
 * where the glue tabs go; the template stage builds it, the layout
 * stage draws each panel in it and the impose stage its lines.
 */
#ifndef DECKPRESS_NET_H
#define DECKPRESS_NET_H

#include <stdbool.h>
#include <stddef.h>

#include "../util.h"

#define NET_MAX_PANELS	16
#define NET_MAX_TABS	16
#define NET_MAX_SEGS	128

/* What a tuck box's panel is; a die's panels are its faces. */
enum net_part { NET_PART_NONE, NET_PART_FRONT, NET_PART_BACK,
    NET_PART_SPINE, NET_PART_FLAP };

/* A straight line of the net, pt. */
struct net_seg {
	double		 x0, y0, x1, y1;
};

/*
 * One panel: a rectangle w x h or (tri) the triangle (w/2, 0), (w, h),
 * (0, h) of its own frame, placed in the net by m.
 */
struct net_panel {
	unsigned int	 face;		/* a die: the face it shows, from 1 */
	enum net_part	 part;		/* a box: what it is */
	bool		 tri;
	double		 w, h;		/* pt, its frame */
	double		 m[6];		/* frame to net, as cairo_matrix_t:
					   xx, yx, xy, yy, x0, y0 */
	double		 pts[8];	/* pt, its corners in the net,
					   clockwise as drawn */
	size_t		 npts;
	double		 clip[8];	/* pt, the same grown by bleed over
					   its cut edges, not its folds */
};

/*
 * A flap off a panel's edge: a trapezoid, its base on the edge it folds
 * from; a glue tab, or a tuck or dust flap (plain paper).
 */
struct net_tab {
	double		 pts[8];	/* pt, clockwise, the base last */
	bool		 glue;
};

struct net {
	double		 w, h;		/* pt, the whole, tabs too */
	struct net_panel panels[NET_MAX_PANELS];
	size_t		 npanels;
	struct net_tab	 tabs[NET_MAX_TABS];	/* flaps and glue tabs */
	size_t		 ntabs;
	struct net_seg	 folds[NET_MAX_SEGS];	/* dashed */
	size_t		 nfolds;
	struct net_seg	 cuts[NET_MAX_SEGS];	/* solid: the outline */
	size_t		 ncuts;
	struct net_seg	 meets[NET_MAX_TABS][2];	/* edges that meet
					   when folded, a tab on the first */
	size_t		 nmeets;
};

/*
 * The net of a die of faces faces (4, 6 or 8) of edge pt, its panels
 * grown by bleed pt over their cut edges: a cross of six squares, or
 * triangles; glue tabs on one edge of each pair that meets.  NULL for
 * another count of faces.  In arena a.
 */
struct net	*net_die(struct arena *a, unsigned int faces, double edge,
		    double bleed);
/* "4, 6 or 8": the faces net_die() folds, for messages. */
const char	*net_die_faces(void);
/* True if a die of n faces folds from a net. */
bool		 net_die_ok(unsigned int n);

/*
 * The net of a tuck box whose inside is w x h x d pt (front and back w
 * x h, spines d x h): spine, front, spine, back and a glue tab side by
 * side; above the back a flap and its tuck, below the front the same;
 * dust flaps above and below the spines.  In arena a.
 */
struct net	*net_tuck_box(struct arena *a, double w, double h, double d,
		    double bleed);

/* The length of s, pt. */
double		 net_seg_len(const struct net_seg *s);

#endif
