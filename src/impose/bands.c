/* SPDX-License-Identifier: MIT */
/*
 * Kinds sharing a sheet: each kind's part of the page is a band of
 * whole rows of its own arrangement (cards on their grid, round tokens
 * in their rows), the bands stacked down the page while they fit, the
 * next kind starting where the last one's rows and marks end.  A kind
 * alone on its sheets makes one band a sheet, its grid as it is.  Part
 * of the impose stage, for plan.c.
 */
#include <math.h>

#include "../hexagon.h"
#include "arrange.h"

#define BAND_GAP	MM(3)	/* between one band's marks and the next's */

/* The larger of a grid's front and back bleed: what a band keeps. */
static double
band_bleed(const struct grid *g)
{
	return fmax(g->bleed, g->back_bleed);
}

/*
 * How far a round row's bleed reaches above or below its centres: a
 * circle's radius and bleed; a pointy hex's corner, which its edges'
 * bleed moves out by the bleed over cos 30 degrees.  (Flat hexes run
 * in rows down the page and share no sheet: print.c.)
 */
static double
round_reach(const struct grid *g)
{
	if (g->hexes)
		return g->card_h / 2 + band_bleed(g) * 2 / HEX_SQRT3;
	return g->card_h / 2 + band_bleed(g);
}

/* What a band takes above its y0 (grid: trim top; round: centre). */
static double
above(const struct grid *g)
{
	if (g->arrange == ARR_ROUND)
		return round_reach(g);
	return band_bleed(g) + g->mark_gap + g->mark_len;
}

/* The bottom of rows rows of g, marks or rings included. */
static double
bottom(const struct grid *g, unsigned int rows)
{
	if (g->arrange == ARR_ROUND)
		return g->y0 + (rows - 1) * g->pitch_y + round_reach(g);
	return g->y0 + rows * g->card_h + (rows - 1) * g->gutter +
	    band_bleed(g) + g->mark_gap + g->mark_len;
}

/*
 * How many rows of g, from its y0, fit above the printable area's
 * bottom; a crop mark may run on into the band the printer cannot
 * print, all but MIN_MARK of it, as on a sheet of its own (grid.c).
 */
static unsigned int
rows_fit(const struct grid *g)
{
	double limit = g->paper_h - g->unprintable;
	unsigned int r;

	if (g->arrange == ARR_GRID)
		limit += g->mark_len - MIN_MARK;
	for (r = 0; r < g->rows && bottom(g, r + 1) <= limit + 1e-6; r++)
		;
	return r;
}

/* The cells of row r: hexagonal rows alternate their counts. */
static size_t
row_cells(const struct grid *g, unsigned int r)
{
	if (g->arrange == ARR_ROUND && g->hex && r % 2 == 1)
		return g->odd_cols;
	return g->cols;
}

/* Rows (at most max) that n components fill, and their cells. */
static unsigned int
rows_for(const struct grid *g, size_t n, unsigned int max, size_t *cells)
{
	unsigned int r = 0;

	*cells = 0;
	while (r < max && *cells < n)
		*cells += row_cells(g, r++);
	return r;
}

/*
 * The guides down the page of each band stop halfway to its
 * neighbours, so that none crosses another kind's components.
 */
static void
guide_limits(struct band *b, size_t nb)
{
	size_t i;
	double mid;

	if (nb < 2)
		return;
	for (i = 0; i + 1 < nb; i++) {
		mid = (bottom(&b[i].grid, b[i].grid.rows) + b[i + 1].grid.y0 -
		    above(&b[i + 1].grid)) / 2;
		b[i].grid.guide_bottom = mid;
		b[i + 1].grid.guide_top = mid;
	}
	b[0].grid.guide_top = 0;
	b[nb - 1].grid.guide_bottom = b[nb - 1].grid.paper_h;
}

struct cursor
impose_bands(const struct plan *pl, struct cursor c, struct band *b,
    size_t *nb)
{
	double y = 0;
	unsigned int rows;
	size_t cells;

	*nb = 0;
	for (; c.run < pl->nruns; c.run++, c.k = 0) {
		const struct run *r = &pl->runs[c.run];
		struct grid g = r->grid;

		if (c.k >= r->n)
			continue;
		/* The first band sits where its grid would on a sheet of
		 * its own; the next ones below it, while they fit. */
		if (*nb > 0) {
			g.y0 = y + BAND_GAP + above(&g);
			rows = rows_fit(&g);
		} else
			rows = g.rows;
		rows = rows_for(&g, r->n - c.k, rows, &cells);
		if (rows == 0)
			break;
		if (cells > r->n - c.k)
			cells = r->n - c.k;
		g.rows = rows;
		g.ncells = (unsigned int)cells;
		memset(&b[*nb], 0, sizeof(b[*nb]));
		b[*nb].run = c.run;
		b[*nb].grid = g;
		b[*nb].first = c.k;
		b[*nb].at = *nb > 0 ? b[*nb - 1].at + b[*nb - 1].n : 0;
		b[*nb].n = cells;
		(*nb)++;
		y = bottom(&g, rows);
		c.k += cells;
		if (c.k < r->n)
			break;	/* the sheet is full */
	}
	guide_limits(b, *nb);
	return c;
}
