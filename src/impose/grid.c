/* SPDX-License-Identifier: MIT */
/*
 * Where the components of a kind go on a sheet: the choice between a
 * grid of rectangles, rows of circles and tiles of a board, and the
 * grid itself -- fixed by the sheet or the largest that fits, centred
 * on the paper, trim to trim one pitch apart, each card keeping as
 * much bleed as its neighbours leave room for.
 */
#include <math.h>
#include <stdio.h>

#include "impose.h"

/* How many of size fit into avail, gutter between them. */
unsigned int
impose_fit_count(double avail, double size, double gutter)
{
	/* An exact fit must not fail on floating-point noise. */
	if (avail + 1e-6 < size)
		return 0;
	return (unsigned int)floor((avail + gutter) / (size + gutter) + 1e-9);
}

/* Place cols x rows cells of cw x ch (placed) pt, centred. */
static void
centre(struct grid *g, double cw, double ch)
{
	double tw, th;

	g->card_w = cw;
	g->card_h = ch;
	g->pitch_x = cw + g->gutter;
	g->pitch_y = ch + g->gutter;
	tw = g->cols * cw + (g->cols - 1) * g->gutter;
	th = g->rows * ch + (g->rows - 1) * g->gutter;
	g->x0 = (g->paper_w - tw) / 2;
	g->y0 = (g->paper_h - th) / 2;
	g->ncells = g->cols * g->rows;
}

/* The sheet's own grid: an error (at the sheet) if it does not fit. */
static bool
fixed_grid(const struct sheet *s, const struct tmpl *t, struct grid *g,
    struct diags *d)
{
	double room_x, room_y;

	g->cols = s->cols;
	g->rows = s->rows;
	centre(g, t->w, t->h);
	/* Bleed and the mark gap must stay out of the unprintable band. */
	room_x = g->x0 - t->bleed - s->mark_gap - s->unprintable;
	room_y = g->y0 - t->bleed - s->mark_gap - s->unprintable;
	if (room_x < -1e-9 || room_y < -1e-9) {
		diag_add(d, DIAG_ERROR, &s->grid_pos, "sheet", "%u x %u cards "
		    "of %.1f x %.1f mm with %.1f mm bleed do not fit the paper "
		    "(%.1f mm short)", s->cols, s->rows, TO_MM(t->w),
		    TO_MM(t->h), TO_MM(t->bleed), TO_MM(-(room_x < room_y ?
		    room_x : room_y)));
		return false;
	}
	return true;
}

/*
 * The room a grid has on each axis: the paper less the band kept free
 * at each edge, the gap before the marks and the outer bleed.
 */
static void
room(const struct sheet *s, double bleed, double *ax, double *ay)
{
	double keep = s->unprintable + s->mark_gap + bleed;

	*ax = s->paper_w - 2 * keep;
	*ay = s->paper_h - 2 * keep;
}

/* As many as fit, turned 90 degrees if more fit so.  False: none. */
static bool
computed_grid(const struct sheet *s, const struct tmpl *t, struct grid *g)
{
	double ax, ay;
	unsigned int c0, r0, c1, r1;

	room(s, t->bleed, &ax, &ay);
	c0 = impose_fit_count(ax, t->w, s->gutter);
	r0 = impose_fit_count(ay, t->h, s->gutter);
	c1 = impose_fit_count(ax, t->h, s->gutter);
	r1 = impose_fit_count(ay, t->w, s->gutter);
	if (c0 * r0 == 0 && c1 * r1 == 0)
		return false;
	g->rotated = c1 * r1 > c0 * r0;
	g->cols = g->rotated ? c1 : c0;
	g->rows = g->rotated ? r1 : r0;
	centre(g, g->rotated ? t->h : t->w, g->rotated ? t->w : t->h);
	return true;
}

/* Nothing fits: say which dimension fails and by how much. */
static void
no_fit(const struct sheet *s, const struct tmpl *t, struct diags *d)
{
	double ax, ay, over_w, over_h;
	bool turned = false;
	char what[128];

	room(s, t->bleed, &ax, &ay);
	if (t->shape == SHAPE_CIRCLE) {
		ax += 2 * s->mark_gap;
		ay += 2 * s->mark_gap;
	}
	over_w = t->w - ax;
	over_h = t->h - ay;
	/* Say what is short the way it comes closest to fitting: turned,
	 * if that misses by less. */
	if (fmax(t->h - ax, 0) + fmax(t->w - ay, 0) <
	    fmax(over_w, 0) + fmax(over_h, 0)) {
		over_w = t->h - ax;
		over_h = t->w - ay;
		turned = true;
	}
	if (over_w > 0 && over_h > 0)
		snprintf(what, sizeof(what), "%.1f mm too wide and %.1f mm "
		    "too tall", TO_MM(over_w), TO_MM(over_h));
	else if (over_w > 0)
		snprintf(what, sizeof(what), "%.1f mm too wide",
		    TO_MM(over_w));
	else
		snprintf(what, sizeof(what), "%.1f mm too tall",
		    TO_MM(over_h));
	diag_add(d, DIAG_ERROR, &t->size_pos, "sheet", "a %.1f x %.1f mm "
	    "component with %.1f mm bleed does not fit the printable area "
	    "of %.1f x %.1f mm paper: %s%s ('tile: true' splits it over "
	    "several sheets)", TO_MM(t->w), TO_MM(t->h), TO_MM(t->bleed),
	    TO_MM(s->paper_w), TO_MM(s->paper_h), what, turned ?
	    " turned a quarter" : "");
	diag_add(d, DIAG_NOTE, &s->grid_pos, NULL, "the paper and the "
	    "%.1f mm kept free at its edges are set here",
	    TO_MM(s->unprintable));
}

bool
impose_grid(const struct sheet *s, const struct tmpl *t, struct grid *g,
    struct diags *d)
{
	memset(g, 0, sizeof(*g));
	g->arrange = ARR_GRID;
	g->paper_w = s->paper_w;
	g->paper_h = s->paper_h;
	g->bleed = t->bleed;
	g->gutter = s->gutter;
	g->mark_gap = s->mark_gap;
	g->mark_len = s->mark_len;
	g->unprintable = s->unprintable;
	if (t->shape == SHAPE_CIRCLE) {
		if (impose_round(s, t, g))
			return true;
	} else if (s->cols > 0 && !t->tile)
		return fixed_grid(s, t, g, d);
	else if (computed_grid(s, t, g))
		return true;
	if (t->tile)
		return impose_tiles(s, t, g, d);
	no_fit(s, t, d);
	return false;
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

void
grid_slot(const struct grid *g, unsigned int row, unsigned int col,
    const bool *filled, struct slot *out)
{
	long r = row, c = col;

	memset(out, 0, sizeof(*out));
	out->row = row;
	out->col = col;
	impose_place(g, g->x0 + col * g->pitch_x, g->y0 + row * g->pitch_y,
	    out);
	out->bl = side_bleed(g, filled, r, c - 1);
	out->br = side_bleed(g, filled, r, c + 1);
	out->bt = side_bleed(g, filled, r - 1, c);
	out->bb = side_bleed(g, filled, r + 1, c);
	out->clip[0] = out->x - out->bl;
	out->clip[1] = out->y - out->bt;
	out->clip[2] = g->card_w + out->bl + out->br;
	out->clip[3] = g->card_h + out->bt + out->bb;
}
