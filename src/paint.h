/* SPDX-License-Identifier: MIT */
/*
 * How an element paints, a part of the model (design.h includes it):
 * colours, given or a card's, gradients, a stroke's ends and corners,
 * and a path's steps, lengths in points from the trim's top-left.
 */
#ifndef DECKPRESS_PAINT_H
#define DECKPRESS_PAINT_H

#include <stdbool.h>
#include <stddef.h>

struct rgba {
	double	r, g, b, a;	/* 0..1 */
};

/* A colour, either given or taken from a card attribute. */
struct paint {
	bool		 set;
	struct rgba	 rgba;
	const char	*attr;		/* non-NULL: "{attr}" binding */
};

/* How a stroke's ends are drawn (Cairo's caps, in the same order). */
enum cap { CAP_BUTT, CAP_ROUND, CAP_SQUARE };
/* How a stroke turns a corner (Cairo's joins, in the same order). */
enum join { JOIN_MITER, JOIN_ROUND, JOIN_BEVEL };
enum gradkind { GRAD_NONE, GRAD_LINEAR, GRAD_RADIAL };

#define GRAD_MAX	8	/* stops of one gradient */

/*
 * A fill that changes colour: linear along angle (degrees clockwise
 * from left-to-right, so 90 runs top to bottom) across the whole box,
 * or from one point to another; or radial from the box's centre, or a
 * focus, to the ellipse inscribed in it.
 */
struct gradient {
	enum gradkind	 kind;
	double		 angle;		/* degrees, linear only */
	bool		 ends;		/* linear: from -> to, not angle */
	double		 from[2], to[2];	/* pt from the trim: at 0, 1 */
	bool		 focus_set;	/* radial: from focus, not centre */
	double		 focus[2];	/* pt from the trim, in the ellipse */
	size_t		 n;		/* stops, 2 .. GRAD_MAX */
	struct paint	 stops[GRAD_MAX];
	double		 at[GRAD_MAX];	/* 0..1 along the gradient */
};

/* One step of a path, ready for Cairo (SVG's arcs, quadratics and
 * shorthands already turned into these). */
enum segop { SEG_MOVE, SEG_LINE, SEG_CURVE, SEG_CLOSE };
struct pathseg {
	enum segop	 op;
	double		 p[6];		/* pt from the trim: x y (x y x y) */
};

#endif
