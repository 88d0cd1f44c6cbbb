/* SPDX-License-Identifier: MIT */
/*
 * Round components (tokens) on a sheet: each with its bleed as a ring,
 * rings one gutter apart, in square rows or in hexagonal ones (every
 * other row shifted by half a pitch and the rows p * sqrt(3) / 2 apart,
 * so neighbours stay p apart), whichever holds more.  They are cut
 * along the circle of their trim, so no crop mark is needed, and none
 * could avoid crossing a neighbour.
 */
#include <math.h>

#include "arrange.h"

/* Square rows or hexagonal ones, the block centred on the paper. */
bool
impose_round(const struct sheet *s, const struct tmpl *t, struct grid *g)
{
	double dia = t->w + 2 * t->bleed, p = dia + s->gutter;
	double ax = s->paper_w - 2 * s->unprintable;
	double ay = s->paper_h - 2 * s->unprintable;
	double py = p * sqrt(3) / 2, bw, bh;
	unsigned int cols, rows, odd, hrows, square, hex;

	cols = impose_fit_count(ax, dia, s->gutter);
	rows = impose_fit_count(ay, dia, s->gutter);
	if (cols * rows == 0)
		return false;
	square = cols * rows;
	odd = impose_fit_count(ax - p / 2, dia, s->gutter);
	hrows = (unsigned int)floor((ay - dia) / py + 1e-9) + 1;
	hex = (hrows + 1) / 2 * cols + hrows / 2 * odd;
	g->arrange = ARR_ROUND;
	g->hex = hrows >= 2 && hex > square;
	g->cols = cols;
	g->odd_cols = g->hex ? odd : cols;
	g->rows = g->hex ? hrows : rows;
	g->ncells = g->hex ? hex : square;
	g->card_w = g->card_h = t->w;
	g->pitch_x = p;
	g->pitch_y = g->hex ? py : p;
	bw = (cols - 1) * p + dia;
	if (g->hex && odd > 0 && (odd - 1) * p + p / 2 + dia > bw)
		bw = (odd - 1) * p + p / 2 + dia;
	bh = (g->rows - 1) * g->pitch_y + dia;
	g->x0 = (s->paper_w - bw) / 2 + dia / 2;
	g->y0 = (s->paper_h - bh) / 2 + dia / 2;
	return true;
}

void
impose_round_slot(const struct grid *g, unsigned int i, struct slot *out)
{
	unsigned int row = 0, n = g->cols;
	double cx, cy, r = g->card_w / 2, rb = r + g->bleed;

	while (i >= n) {
		i -= n;
		row++;
		n = g->hex && row % 2 == 1 ? g->odd_cols : g->cols;
	}
	memset(out, 0, sizeof(*out));
	out->row = row;
	out->col = i;
	cx = g->x0 + i * g->pitch_x + (g->hex && row % 2 == 1 ?
	    g->pitch_x / 2 : 0);
	cy = g->y0 + row * g->pitch_y;
	impose_place(g, cx - r, cy - r, out);
	out->bl = out->bt = out->br = out->bb = g->bleed;
	out->clip[0] = cx - rb;
	out->clip[1] = cy - rb;
	out->clip[2] = out->clip[3] = 2 * rb;
	out->round = true;
}
