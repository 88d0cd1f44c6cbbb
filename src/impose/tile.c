/* SPDX-License-Identifier: MIT */
/*
 * A board larger than the printable area, split into tiles: each sheet
 * shows one part of it, neighbouring parts overlapping by a glue strip.
 * A tile is cut along its marks; the next tile's cut edge goes on the
 * join line printed at the start of the strip, with alignment ticks
 * running on across the seam, so the assembled board is exact.  Each
 * tile says in the bottom margin which board it belongs to and where
 * it goes, with a small map of all the tiles.
 */
#include <math.h>
#include <stdio.h>

#include <pango/pangocairo.h>

#include "arrange.h"

#define LABEL_H		MM(9)	/* the label strip below a tile */
#define TICK		MM(4)	/* an alignment tick, each side of a join */
#define TICK_EVERY	MM(40)

/* Tiles along an axis: total pt, window pt each, overlapping by o. */
static unsigned int
count(double total, double win, double o)
{
	if (total <= win + 1e-6)
		return 1;
	return (unsigned int)ceil((total - o) / (win - o) - 1e-9);
}

/* The part of the whole one tile shows: even shares, overlaps added. */
static double
span(double total, unsigned int n, double o)
{
	return n == 1 ? total : (total + (n - 1) * o) / n;
}

bool
impose_tiles(const struct sheet *s, const struct tmpl *t, struct grid *g,
    struct diags *d)
{
	double z = s->mark_gap + s->mark_len, o = t->overlap;
	double ww = s->paper_w - 2 * (s->unprintable + z);
	double wh = s->paper_h - 2 * (s->unprintable + z) - LABEL_H;
	double tw = t->w + 2 * t->bleed, th = t->h + 2 * t->bleed;
	unsigned int n0, n1;

	if (2 * o >= (ww < wh ? ww : wh)) {
		diag_add(d, DIAG_ERROR, &t->size_pos, "sheet", "overlap_mm "
		    "%.1f leaves no room on a sheet for the board's tiles",
		    TO_MM(o));
		return false;
	}
	n0 = count(tw, ww, o) * count(th, wh, o);
	n1 = count(th, ww, o) * count(tw, wh, o);
	g->arrange = ARR_TILES;
	g->rotated = n1 < n0;
	g->card_w = g->rotated ? t->h : t->w;
	g->card_h = g->rotated ? t->w : t->h;
	g->overlap = o;
	g->tcols = count(g->card_w + 2 * t->bleed, ww, o);
	g->trows = count(g->card_h + 2 * t->bleed, wh, o);
	g->span_x = span(g->card_w + 2 * t->bleed, g->tcols, o);
	g->span_y = span(g->card_h + 2 * t->bleed, g->trows, o);
	g->win_x = (s->paper_w - g->span_x) / 2;
	g->win_y = s->unprintable + z + (wh - g->span_y) / 2;
	g->ncells = 1;
	g->cols = g->rows = 1;
	return true;
}

void
impose_tile_slot(const struct grid *g, unsigned int row, unsigned int col,
    struct slot *out)
{
	/* Where the tile's part starts, from the trim's top-left. */
	double x0 = -g->bleed + col * (g->span_x - g->overlap);
	double y0 = -g->bleed + row * (g->span_y - g->overlap);

	memset(out, 0, sizeof(*out));
	out->row = row;
	out->col = col;
	impose_place(g, g->win_x - x0, g->win_y - y0, out);
	out->clip[0] = g->win_x;
	out->clip[1] = g->win_y;
	out->clip[2] = g->span_x;
	out->clip[3] = g->span_y;
}

static void
line(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
}

/*
 * Crop marks of the tile's four cut lines, outside its part: the
 * board's trim where the tile has the board's edge, else the edge of
 * the part itself.
 */
static void
cut_marks(cairo_t *cr, const struct grid *g, const struct slot *sl)
{
	double wx = g->win_x, wy = g->win_y, ww = g->span_x, wh = g->span_y;
	double l = sl->col == 0 ? sl->x : wx;
	double r = sl->col + 1 == g->tcols ? sl->x + g->card_w : wx + ww;
	double t = sl->row == 0 ? sl->y : wy;
	double b = sl->row + 1 == g->trows ? sl->y + g->card_h : wy + wh;
	double gap = g->mark_gap, len = g->mark_len;

	line(cr, l, wy - gap, l, wy - gap - len);
	line(cr, r, wy - gap, r, wy - gap - len);
	line(cr, l, wy + wh + gap, l, wy + wh + gap + len);
	line(cr, r, wy + wh + gap, r, wy + wh + gap + len);
	line(cr, wx - gap, t, wx - gap - len, t);
	line(cr, wx - gap, b, wx - gap - len, b);
	line(cr, wx + ww + gap, t, wx + ww + gap + len, t);
	line(cr, wx + ww + gap, b, wx + ww + gap + len, b);
}

/* Light diagonal hatching over the rectangle: glue here. */
static void
hatch(cairo_t *cr, double x, double y, double w, double h)
{
	double k;

	cairo_save(cr);
	cairo_rectangle(cr, x, y, w, h);
	cairo_clip(cr);
	cairo_set_source_rgba(cr, 1, 1, 1, 0.55);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
	cairo_set_line_width(cr, 0.4);
	for (k = -h; k < w; k += MM(3))
		line(cr, x + k, y + h, x + k + h, y);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/*
 * Glue strips where the next tiles go (right and below), each with its
 * join line and ticks that run on across the seam once the next tile
 * lies on it; and the same ticks along this tile's own cut edges.
 */
static void
joins(cairo_t *cr, const struct grid *g, const struct slot *sl)
{
	double wx = g->win_x, wy = g->win_y, ww = g->span_x, wh = g->span_y;
	double o = g->overlap, jx = wx + ww - o, jy = wy + wh - o, k;

	if (sl->col + 1 < g->tcols)
		hatch(cr, jx, wy, o, wh);
	if (sl->row + 1 < g->trows)
		hatch(cr, wx, jy, ww, o);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.6);
	if (sl->col + 1 < g->tcols) {
		line(cr, jx, wy, jx, wy + wh);
		for (k = TICK_EVERY / 2; k < wh; k += TICK_EVERY)
			line(cr, jx - TICK, wy + k, jx + o, wy + k);
	}
	if (sl->row + 1 < g->trows) {
		line(cr, wx, jy, wx + ww, jy);
		for (k = TICK_EVERY / 2; k < ww; k += TICK_EVERY)
			line(cr, wx + k, jy - TICK, wx + k, jy + o);
	}
	/* This tile's cut edges lie on the join lines of the tiles before
	 * it: its ticks continue theirs. */
	for (k = TICK_EVERY / 2; sl->col > 0 && k < wh; k += TICK_EVERY)
		line(cr, wx, wy + k, wx + TICK, wy + k);
	for (k = TICK_EVERY / 2; sl->row > 0 && k < ww; k += TICK_EVERY)
		line(cr, wx + k, wy, wx + k, wy + TICK);
	cairo_stroke(cr);
}

/* "label · 2/4" (label: Pango markup) and a map of the tiles, this one
 * filled. */
static void
tile_label(cairo_t *cr, PangoContext *ctx, const struct grid *g,
    const struct slot *sl, const char *label)
{
	PangoLayout *l = pango_layout_new(ctx);
	PangoFontDescription *fd = pango_font_description_from_string(
	    "Roboto Bold 8");
	double y = g->paper_h - g->unprintable - LABEL_H / 2, cw = MM(4.5);
	double ch = MM(3), mx = g->win_x + g->span_x - g->tcols * cw;
	char *text = g_strdup_printf("%s \xc2\xb7 %u/%u", label ? label : "",
	    sl->row * g->tcols + sl->col + 1, g->tcols * g->trows);
	PangoRectangle log;
	unsigned int r, c;

	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_markup(l, text, -1);
	pango_layout_get_extents(l, NULL, &log);
	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	cairo_move_to(cr, g->win_x, y - pango_units_to_double(log.height) / 2);
	layout_show(cr, l);
	cairo_set_line_width(cr, 0.5);
	for (r = 0; r < g->trows; r++)
		for (c = 0; c < g->tcols; c++) {
			cairo_rectangle(cr, mx + c * cw, y - g->trows * ch / 2 +
			    r * ch, cw, ch);
			if (r == sl->row && c == sl->col)
				cairo_fill_preserve(cr);
			cairo_stroke(cr);
		}
	g_free(text);
	g_object_unref(l);
}

void
impose_tile_marks(cairo_t *cr, PangoContext *ctx, const struct grid *g,
    const struct slot *sl, const char *label)
{
	cairo_save(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	joins(cr, g, sl);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.5);
	cut_marks(cr, g, sl);
	cairo_stroke(cr);
	tile_label(cr, ctx, g, sl, label);
	cairo_restore(cr);
}
