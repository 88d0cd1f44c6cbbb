/* SPDX-License-Identifier: MIT */
/*
 * What every arrangement of a sheet shares -- the grid of rectangles
 * (grid.c), rows of circles (round.c), a board's tiles (tile.c): how
 * many fit along a side, the bleed and the room between trims a kind
 * needs, and a component placed at a point, turned if the arrangement
 * turns it.  Below the three, so that none of them needs another.  Part
 * of the impose stage.
 */
#include <math.h>

#include "arrange.h"

/* How many of size fit into avail, gutter between them. */
unsigned int
impose_fit_count(double avail, double size, double gutter)
{
	/* An exact fit must not fail on floating-point noise. */
	if (avail + 1e-6 < size)
		return 0;
	return (unsigned int)floor((avail + gutter) / (size + gutter) + 1e-9);
}

void
impose_place(const struct grid *g, double x, double y, struct slot *out)
{
	out->x = x;
	out->y = y;
	/* Turned a quarter clockwise: the card's top faces right. */
	if (g->rotated)
		cairo_matrix_init(&out->m, 0, 1, -1, 0, x + g->card_w, y);
	else
		cairo_matrix_init_translate(&out->m, x, y);
}

double
impose_outer_bleed(const struct tmpl *t)
{
	return t->bleed > t->back_bleed ? t->bleed : t->back_bleed;
}

/* Nets are cut along their outlines, not on shared lines: each keeps
 * its bleed and NET_GAP more. */
#define NET_GAP	MM(2)

double
impose_kind_gutter(const struct sheet *s, const struct tmpl *t)
{
	if (t->net != NULL)
		return 2 * impose_outer_bleed(t) + (s->spaced ? s->spacing :
		    NET_GAP);
	return s->spaced ? 2 * impose_outer_bleed(t) + s->spacing : s->gutter;
}
