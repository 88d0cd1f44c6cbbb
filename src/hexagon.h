/* SPDX-License-Identifier: MIT */
/*
 * The geometry of a regular hexagon as a component's trim: pointy
 * (a corner at the top, w < h) or flat (an edge at the top, w > h),
 * its edges, its corners with each edge moved out by a bleed of its
 * own, and whether a point lies inside it.  Pure arithmetic below every
 * stage: the template checks its safe zone with it, the renderer clips
 * a face to it, the impose stage packs, clips and cuts hexes with it.
 */
#ifndef DECKPRESS_HEXAGON_H
#define DECKPRESS_HEXAGON_H

#include <stdbool.h>

#define HEX_SQRT3	1.7320508075688772

/*
 * The unit normal (*nx, *ny; y grows downwards) of edge k (0..5) of a
 * hex w x h as it stands: pointy, edge 0 faces right and the others
 * follow clockwise, 60 degrees apart; flat, edge 0 faces down and
 * right, 30 degrees below the horizontal.
 */
void	hex_normal(double w, double h, unsigned int k, double *nx,
	    double *ny);

/* The edge of a hex w x h whose normal is nearest (nx, ny). */
unsigned int	hex_edge(double w, double h, double nx, double ny);

/* The distance from the centre of a hex w x h to each of its edges. */
double	hex_apothem(double w, double h);

/*
 * The six corners of the hex w x h centred on (cx, cy), clockwise from
 * the one between edges 0 and 1, into xy[0..11] (x, y pairs), each
 * edge k moved out along its normal by grow[k] (the same unit as w; a
 * negative one moves it in), or none if grow is NULL: an offset hex,
 * never the corners pushed out, so each edge keeps its slant.
 */
void	hex_corners(double w, double h, double cx, double cy,
	    const double grow[6], double xy[12]);

/* Is (x, y), from the hex's centre, inside the hex w x h inset by in? */
bool	hex_inside(double w, double h, double in, double x, double y);

#endif
