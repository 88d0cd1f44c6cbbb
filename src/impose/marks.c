/* SPDX-License-Identifier: MIT */
/*
 * Cut guides: crop marks on the extension of the trim lines of a grid
 * beside its used cells, in the margins, starting a small gap outside the bleed, a thin guide
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

/* Which marks of a trim line to draw: at its start, at its end. */
enum { END_START = 1, END_END = 2 };

/*
 * Marks of the vertical trim line at x: above and below the grid, as
 * ends says; a band's guides stop at its limits, not to cross the
 * band above or below it.
 */
static void
vmark(cairo_t *cr, const struct grid *g, const struct sheet *s, double x,
    double top, double bottom, enum part part, unsigned int ends)
{
	double y0 = top - g->bleed - s->mark_gap;
	double y1 = bottom + g->bleed + s->mark_gap;
	double len = part == PART_FULL ? 0 : s->mark_len;
	double gt = g->guide_top, gb = g->guide_bottom;

	if (gb <= gt) {
		gt = 0;
		gb = g->paper_h;
	}
	if ((ends & END_START) && !(g->nomarks & SIDE_TOP)) {
		if (part == PART_MARK)
			line(cr, x, y0, x, y0 - len);
		else
			line(cr, x, y0 - len, x, gt);
	}
	if ((ends & END_END) && !(g->nomarks & SIDE_BOTTOM)) {
		if (part == PART_MARK)
			line(cr, x, y1, x, y1 + len);
		else
			line(cr, x, y1 + len, x, gb);
	}
}

static void
hmark(cairo_t *cr, const struct grid *g, const struct sheet *s, double y,
    double left, double right, enum part part, unsigned int ends)
{
	double x0 = left - g->bleed - s->mark_gap;
	double x1 = right + g->bleed + s->mark_gap;
	double len = part == PART_FULL ? 0 : s->mark_len;

	if ((ends & END_START) && !(g->nomarks & SIDE_LEFT)) {
		if (part == PART_MARK)
			line(cr, x0, y, x0 - len, y);
		else
			line(cr, x0 - len, y, 0, y);
	}
	if ((ends & END_END) && !(g->nomarks & SIDE_RIGHT)) {
		if (part == PART_MARK)
			line(cr, x1, y, x1 + len, y);
		else
			line(cr, x1 + len, y, g->paper_w, y);
	}
}

/* Does cell (row, col) hold a component?  Outside the grid: no. */
static bool
used_at(const struct grid *g, const bool *used, long row, long col)
{
	if (row < 0 || col < 0 || row >= (long)g->rows ||
	    col >= (long)g->cols)
		return false;
	return used == NULL || used[row * g->cols + col];
}

/*
 * The ends of a trim line to mark: a mark sits in the margin beside the
 * outermost cell of the line's column (or row), and only if that cell,
 * or with no gutter the one sharing the line, is used.  a, b: the
 * columns left and right of a vertical line, or the rows above and
 * below a horizontal one (the same one if there is a gutter).
 */
static unsigned int
ends_of(const struct grid *g, const bool *used, bool vertical, long a,
    long b)
{
	long last = vertical ? (long)g->rows - 1 : (long)g->cols - 1;
	unsigned int ends = 0;

	if (vertical) {
		if (used_at(g, used, 0, a) || used_at(g, used, 0, b))
			ends |= END_START;
		if (used_at(g, used, last, a) || used_at(g, used, last, b))
			ends |= END_END;
	} else {
		if (used_at(g, used, a, 0) || used_at(g, used, b, 0))
			ends |= END_START;
		if (used_at(g, used, a, last) || used_at(g, used, b, last))
			ends |= END_END;
	}
	return ends;
}

static void
all_marks(cairo_t *cr, const struct grid *g, const struct sheet *s,
    enum part part, const bool *used)
{
	double right = g->x0 + (g->cols - 1) * g->pitch_x + g->card_w;
	double bottom = g->y0 + (g->rows - 1) * g->pitch_y + g->card_h;
	long i, shared = g->gutter > 0 ? -1 : 1;

	/* With no gutter, neighbouring cards share a trim line. */
	for (i = 0; i < (long)g->cols; i++) {
		double x = g->x0 + i * g->pitch_x;

		if (i == 0 || g->gutter > 0)
			vmark(cr, g, s, x, g->y0, bottom, part,
			    ends_of(g, used, true, i, shared < 0 ? i : i - 1));
		vmark(cr, g, s, x + g->card_w, g->y0, bottom, part,
		    ends_of(g, used, true, i, shared < 0 ? i : i + 1));
	}
	for (i = 0; i < (long)g->rows; i++) {
		double y = g->y0 + i * g->pitch_y;

		if (i == 0 || g->gutter > 0)
			hmark(cr, g, s, y, g->x0, right, part,
			    ends_of(g, used, false, i, shared < 0 ? i : i - 1));
		hmark(cr, g, s, y + g->card_h, g->x0, right, part,
		    ends_of(g, used, false, i, shared < 0 ? i : i + 1));
	}
}

void
impose_marks(cairo_t *cr, const struct grid *g, const struct sheet *s,
    const bool *used)
{
	cairo_save(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, s->mark_width);
	/* Full guides: every trim line out to the edge, as strong as a
	 * mark, for guillotines, where the first cut takes the corners. */
	all_marks(cr, g, s, s->guides == GUIDES_FULL ? PART_FULL : PART_MARK,
	    used);
	cairo_stroke(cr);
	if (s->guides != GUIDES_FULL) {
		/* Guides: hairline grey, so they do not compete with the
		 * marks. */
		cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
		cairo_set_line_width(cr, 0.25);
		all_marks(cr, g, s, PART_GUIDE, used);
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
