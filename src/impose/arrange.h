/* SPDX-License-Identifier: MIT */
/*
 * Inside the impose stage: what the arrangements share -- grid.c tries
 * a grid, then round.c's rows of round components or tile.c's tiles
 * of one too large for a sheet; place.c puts a component at its place.
 */
#ifndef DECKPRESS_ARRANGE_H
#define DECKPRESS_ARRANGE_H

#include "impose.h"

/* How many of size fit in avail with gutter between them. */
unsigned int	impose_fit_count(double avail, double size, double gutter);
/* out's trim top-left at (x, y), and its matrix, turned with g. */
void	impose_place(const struct grid *g, double x, double y,
	    struct slot *out);
/* Round components on s: square or hexagonal rows, centred. */
bool	impose_round(const struct sheet *s, const struct tmpl *t,
	    struct grid *g);
/* A component too large for one sheet, split into tiles. */
bool	impose_tiles(const struct sheet *s, const struct tmpl *t,
	    struct grid *g, struct diags *d);

#endif
