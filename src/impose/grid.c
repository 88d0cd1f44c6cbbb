/* SPDX-License-Identifier: MIT */
/*
 * N-up grid: cards centred on the paper, trim to trim one pitch
 * apart, each keeping as much bleed as its neighbours leave room for.
 */
#include "impose.h"

bool
impose_grid(const struct sheet *s, double w, double h, double bleed,
    struct grid *g, struct diags *d)
{
	double tw, th, room_x, room_y;
	const struct srcpos *pos = &s->grid_pos;

	g->paper_w = s->paper_w;
	g->paper_h = s->paper_h;
	g->card_w = w;
	g->card_h = h;
	g->bleed = bleed;
	g->gutter = s->gutter;
	g->cols = s->cols;
	g->rows = s->rows;
	g->pitch_x = w + s->gutter;
	g->pitch_y = h + s->gutter;
	tw = s->cols * w + (s->cols - 1) * s->gutter;
	th = s->rows * h + (s->rows - 1) * s->gutter;
	g->x0 = (s->paper_w - tw) / 2;
	g->y0 = (s->paper_h - th) / 2;
	/* Bleed and the mark gap must stay out of the unprintable band. */
	room_x = g->x0 - bleed - s->mark_gap - s->unprintable;
	room_y = g->y0 - bleed - s->mark_gap - s->unprintable;
	/* An exact fit must not fail on floating-point noise. */
	if (room_x < -1e-9 || room_y < -1e-9) {
		diag_add(d, DIAG_ERROR, pos, "sheet", "%u x %u cards of "
		    "%.1f x %.1f mm with %.1f mm bleed do not fit the paper "
		    "(%.1f mm short)", s->cols, s->rows, TO_MM(w), TO_MM(h),
		    TO_MM(bleed), TO_MM(-(room_x < room_y ? room_x : room_y)));
		return false;
	}
	return true;
}

static bool
is_filled(const struct grid *g, const bool *filled, long row, long col)
{
	if (row < 0 || col < 0 || row >= (long)g->rows || col >= (long)g->cols)
		return false;
	return filled[row * g->cols + col];
}

/* Bleed towards a neighbour may not reach past the gutter's middle. */
static double
side_bleed(const struct grid *g, const bool *filled, long row, long col)
{
	if (!is_filled(g, filled, row, col))
		return g->bleed;
	return g->bleed < g->gutter / 2 ? g->bleed : g->gutter / 2;
}

void
grid_slot(const struct grid *g, unsigned int row, unsigned int col,
    const bool *filled, struct slot *out)
{
	long r = row, c = col;

	out->row = row;
	out->col = col;
	out->x = g->x0 + col * g->pitch_x;
	out->y = g->y0 + row * g->pitch_y;
	out->bl = side_bleed(g, filled, r, c - 1);
	out->br = side_bleed(g, filled, r, c + 1);
	out->bt = side_bleed(g, filled, r - 1, c);
	out->bb = side_bleed(g, filled, r + 1, c);
	out->turned = false;
}
