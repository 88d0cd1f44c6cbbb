/* SPDX-License-Identifier: MIT */
/*
 * One drawing function per element type.  Text is drawn as text (the
 * PDF keeps it searchable and sharp), icons as glyphs of the icon font.
 */
#include <math.h>

#include <pango/pangocairo.h>

#include "../hexagon.h"
#include "elements.h"

static void
set_rgba(cairo_t *cr, const struct rgba *c)
{
	cairo_set_source_rgba(cr, c->r, c->g, c->b, c->a);
}

void
render_hex_path(cairo_t *cr, double w, double h, double cx, double cy,
    double d, const double grow[6])
{
	double all[6] = { d, d, d, d, d, d }, xy[12];
	int k;

	hex_corners(w, h, cx, cy, grow != NULL ? grow : all, xy);
	cairo_new_sub_path(cr);
	for (k = 0; k < 6; k++)
		cairo_line_to(cr, xy[2 * k], xy[2 * k + 1]);
	cairo_close_path(cr);
}

void
render_rounded_rect(cairo_t *cr, double x, double y, double w, double h,
    double r)
{
	if (r <= 0) {
		cairo_rectangle(cr, x, y, w, h);
		return;
	}
	if (r > w / 2)
		r = w / 2;
	if (r > h / 2)
		r = h / 2;
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
	cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
	cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
	cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
	cairo_close_path(cr);
}

void
render_rect(cairo_t *cr, const struct lbox *b)
{
	const struct elem *e = b->e;

	if (e->fill.set) {
		render_rounded_rect(cr, b->x, b->y, b->w, b->h, e->radius);
		render_set_fill(cr, b);
		cairo_fill(cr);
	}
	if (e->stroke.set && e->stroke_w > 0) {
		/* Stroke inside the box so the outline keeps its size. */
		double i = e->stroke_w / 2;

		render_rounded_rect(cr, b->x + i, b->y + i, b->w - 2 * i,
		    b->h - 2 * i, e->radius > i ? e->radius - i : 0);
		render_set_stroke(cr, b);
		cairo_stroke(cr);
	}
}

/*
 * A space for a component of another kind: its outline exactly the
 * size of that component's trim (the stroke lies inside, so a card put
 * on it covers it), with a light fill to set it off the board.
 */
void
render_space(cairo_t *cr, const struct lbox *b)
{
	const struct elem *e = b->e;
	double i = e->stroke_w / 2;

	if (e->fill.set) {
		render_rounded_rect(cr, b->x, b->y, b->w, b->h, e->radius);
		set_rgba(cr, &b->fill);
		cairo_fill(cr);
	}
	if (e->stroke_w <= 0)
		return;
	render_rounded_rect(cr, b->x + i, b->y + i, b->w - 2 * i, b->h - 2 * i,
	    e->radius > i ? e->radius - i : 0);
	if (e->dash)
		cairo_set_dash(cr, (const double[]){ 3 * e->stroke_w,
		    2 * e->stroke_w }, 2, 0);
	cairo_set_line_width(cr, e->stroke_w);
	set_rgba(cr, &b->stroke);
	cairo_stroke(cr);
}

/*
 * The outline of l's letters drawn from x, y, in b's stroke colour,
 * line width w: round joins, as a letter's corners want (a mitre
 * spikes at a sharp one).
 */
static void
text_outline(cairo_t *cr, PangoLayout *l, const struct lbox *b, double x,
    double y, double w)
{
	cairo_new_path(cr);
	cairo_move_to(cr, x, y);
	layout_path(cr, l);
	set_rgba(cr, &b->stroke);
	cairo_set_line_width(cr, w);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_stroke(cr);
}

/*
 * A text: its letters filled (as text, searchable) in its colour or
 * its gradient across the box; an outline stroke_w wide where it shows:
 * under the fill, a line twice as wide half hidden by the letters;
 * over it, a line that wide on their edge.
 */
void
render_text(cairo_t *cr, PangoContext *ctx, const struct lbox *b)
{
	const struct elem *e = b->e;
	/* The layout the fit chose, shaped once, drawn as it is. */
	PangoLayout *l = b->layout != NULL ? g_object_ref(b->layout) :
	    layout_at_size(ctx, e, b->text, b->size);
	PangoRectangle log;
	double h, k = 0, x, y;
	bool outline = e->stroke.set && e->stroke_w > 0;

	pango_layout_get_extents(l, NULL, &log);
	h = pango_units_to_double(log.height);
	if (e->valign == VALIGN_MIDDLE)
		k = 0.5;
	else if (e->valign == VALIGN_BOTTOM)
		k = 1;
	x = b->x;
	y = b->y + (b->h - h) * k - pango_units_to_double(log.y);
	if (outline && !e->stroke_over)
		text_outline(cr, l, b, x, y, 2 * e->stroke_w);
	cairo_move_to(cr, x, y);
	if (e->grad.kind != GRAD_NONE)
		render_set_fill(cr, b);
	else
		set_rgba(cr, &b->color);
	layout_show(cr, l);
	if (outline && e->stroke_over)
		text_outline(cr, l, b, x, y, e->stroke_w);
	g_object_unref(l);
}

void
render_icon(cairo_t *cr, PangoContext *ctx, const struct lbox *b)
{
	PangoLayout *l = pango_layout_new(ctx);
	PangoFontDescription *fd = pango_font_description_new();
	PangoRectangle ink;
	double side = b->w < b->h ? b->w : b->h;

	pango_font_description_set_family(fd, ICON_FAMILY);
	pango_font_description_set_size(fd, (gint)lround(side * PANGO_SCALE));
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_text(l, b->text, -1);
	/* Centre the glyph's ink, not its advance box, in the element. */
	pango_layout_get_extents(l, &ink, NULL);
	if (b->e->mirror) {
		/* e.g. the left of a pair of flags */
		cairo_translate(cr, b->x + b->w / 2, 0);
		cairo_scale(cr, -1, 1);
		cairo_translate(cr, -(b->x + b->w / 2), 0);
	}
	cairo_move_to(cr,
	    b->x + (b->w - pango_units_to_double(ink.width)) / 2 -
	    pango_units_to_double(ink.x),
	    b->y + (b->h - pango_units_to_double(ink.height)) / 2 -
	    pango_units_to_double(ink.y));
	set_rgba(cr, &b->color);
	layout_show(cr, l);
	g_object_unref(l);
}
