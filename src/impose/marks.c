/* SPDX-License-Identifier: MIT */
/*
 * Cut guides: crop marks on the extension of every trim line of a grid,
 * in the margins, starting a small gap outside the bleed, a thin guide
 * continuing each to the paper edge (a guillotine's first cut removes
 * the corner marks, and the guides are what is left to align on); the
 * circle of a round component's trim.
 */
#include <math.h>

#include "../hexagon.h"
#include "arrange.h"

static void
line(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
}

/*
 * What of the marks to draw: the crop marks themselves, the thin guides
 * that continue them to the paper edge, or (--guides full) the whole
 * line from the mark to the edge at the marks' weight.
 */
enum part { PART_MARK, PART_GUIDE, PART_FULL };

/* Marks of the vertical trim line at x: above and below the grid. */
static void
vmark(cairo_t *cr, const struct grid *g, const struct sheet *s, double x,
    double top, double bottom, enum part part)
{
	double y0 = top - g->bleed - s->mark_gap;
	double y1 = bottom + g->bleed + s->mark_gap;
	double len = part == PART_FULL ? 0 : s->mark_len;

	if (!(g->nomarks & SIDE_TOP) && part == PART_MARK)
		line(cr, x, y0, x, y0 - len);
	else if (!(g->nomarks & SIDE_TOP))
		line(cr, x, y0 - len, x, 0);
	if (!(g->nomarks & SIDE_BOTTOM) && part == PART_MARK)
		line(cr, x, y1, x, y1 + len);
	else if (!(g->nomarks & SIDE_BOTTOM))
		line(cr, x, y1 + len, x, g->paper_h);
}

static void
hmark(cairo_t *cr, const struct grid *g, const struct sheet *s, double y,
    double left, double right, enum part part)
{
	double x0 = left - g->bleed - s->mark_gap;
	double x1 = right + g->bleed + s->mark_gap;
	double len = part == PART_FULL ? 0 : s->mark_len;

	if (!(g->nomarks & SIDE_LEFT) && part == PART_MARK)
		line(cr, x0, y, x0 - len, y);
	else if (!(g->nomarks & SIDE_LEFT))
		line(cr, x0 - len, y, 0, y);
	if (!(g->nomarks & SIDE_RIGHT) && part == PART_MARK)
		line(cr, x1, y, x1 + len, y);
	else if (!(g->nomarks & SIDE_RIGHT))
		line(cr, x1 + len, y, g->paper_w, y);
}

static void
all_marks(cairo_t *cr, const struct grid *g, const struct sheet *s,
    enum part part)
{
	double right = g->x0 + (g->cols - 1) * g->pitch_x + g->card_w;
	double bottom = g->y0 + (g->rows - 1) * g->pitch_y + g->card_h;
	unsigned int i;

	/* With no gutter, neighbouring cards share a trim line. */
	for (i = 0; i < g->cols; i++) {
		double x = g->x0 + i * g->pitch_x;

		if (i == 0 || g->gutter > 0)
			vmark(cr, g, s, x, g->y0, bottom, part);
		vmark(cr, g, s, x + g->card_w, g->y0, bottom, part);
	}
	for (i = 0; i < g->rows; i++) {
		double y = g->y0 + i * g->pitch_y;

		if (i == 0 || g->gutter > 0)
			hmark(cr, g, s, y, g->x0, right, part);
		hmark(cr, g, s, y + g->card_h, g->x0, right, part);
	}
}

void
impose_marks(cairo_t *cr, const struct grid *g, const struct sheet *s)
{
	cairo_save(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, s->mark_width);
	/* Full guides: every trim line out to the edge, as strong as a
	 * mark, for guillotines, where the first cut takes the corners. */
	all_marks(cr, g, s, s->guides == GUIDES_FULL ? PART_FULL : PART_MARK);
	cairo_stroke(cr);
	if (s->guides != GUIDES_FULL) {
		/* Guides: hairline grey, so they do not compete with the
		 * marks. */
		cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
		cairo_set_line_width(cr, 0.25);
		all_marks(cr, g, s, PART_GUIDE);
		cairo_stroke(cr);
	}
	cairo_restore(cr);
}

/*
 * Corner guides for a corner cutter: at each corner of the trim, the
 * quarter circle of radius r where the rounded corner will be.
 */
void
impose_corners(cairo_t *cr, const struct slot *sl, double w, double h,
    double r)
{
	double x = sl->x, y = sl->y;

	cairo_save(cr);
	cairo_new_path(cr);
	cairo_arc(cr, x + r, y + r, r, M_PI, 1.5 * M_PI);
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, 1.5 * M_PI, 2 * M_PI);
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + h - r, r, 0, 0.5 * M_PI);
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + r, y + h - r, r, 0.5 * M_PI, M_PI);
	cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
	cairo_set_line_width(cr, 0.35);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* The fold line, dashed, across the gap between the halves. */
void
impose_fold_line(cairo_t *cr, const struct grid *g)
{
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
	cairo_set_line_width(cr, 0.5);
	cairo_set_dash(cr, (const double[]){ 4, 3 }, 2, 0);
	if (g->fold == 'h')
		line(cr, 0, g->fold_at, g->paper_w, g->fold_at);
	else
		line(cr, g->fold_at, 0, g->fold_at, g->paper_h);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* The top of what a page of grid g prints, marks included. */
static double
content_top(const struct grid *g)
{
	switch (g->arrange) {
	case ARR_ROUND:
		/* A pointy hex's bleed reaches past its top corner. */
		return g->y0 - g->card_h / 2 - g->bleed * (g->hexes &&
		    !g->down ? 2 / HEX_SQRT3 : 1);
	case ARR_TILES:
		return g->win_y - g->mark_gap - g->mark_len;
	default:
		return g->y0 - g->bleed - g->mark_gap - g->mark_len;
	}
}

void
impose_note(cairo_t *cr, PangoContext *ctx, const struct grid *g,
    const char *text)
{
	/* The band above the marks, below the edge kept free. */
	double top = content_top(g);
	double cy = (g->unprintable + top) / 2;

	if (top <= g->unprintable)
		cy = top / 2;
	render_note(cr, ctx, g->paper_w / 2, cy, text);
}

void
impose_cut_circle(cairo_t *cr, const struct slot *sl, double w)
{
	double cx = sl->clip[0] + sl->clip[2] / 2;
	double cy = sl->clip[1] + sl->clip[3] / 2;

	cairo_save(cr);
	cairo_new_path(cr);
	cairo_arc(cr, cx, cy, w / 2, 0, 2 * M_PI);
	cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
	cairo_set_line_width(cr, 0.5);
	cairo_stroke(cr);
	cairo_restore(cr);
}

void
impose_cut_hex(cairo_t *cr, const struct grid *g, const struct slot *sl)
{
	cairo_save(cr);
	cairo_new_path(cr);
	render_hex_path(cr, g->card_w, g->card_h, sl->x + g->card_w / 2,
	    sl->y + g->card_h / 2, 0, NULL);
	cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
	cairo_set_line_width(cr, 0.5);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	cairo_stroke(cr);
	cairo_restore(cr);
}
