/* SPDX-License-Identifier: MIT */
/*
 * The printer calibration sheet: rulers that catch a scaled print (a
 * 100 mm line and a 4 inch one, on both sides), and, on the back,
 * scales that read how far the printer shifts its back pages: held
 * against the light, the front's lines cross them at the offset to
 * give --back-offset.  Part of the impose stage: it is about where
 * things land on paper.
 */
#include <math.h>
#include <stdio.h>

#include <pango/pangocairo.h>

#include "impose.h"

#define STEP	MM(0.5)		/* the offset scales' resolution */
#define SPAN	10		/* mm either way the scales read */

static void
text_at(cairo_t *cr, PangoContext *ctx, double x, double y, double size,
    bool bold, const char *s, double width)
{
	PangoLayout *l = pango_layout_new(ctx);
	PangoFontDescription *fd = pango_font_description_new();

	pango_font_description_set_family(fd, "Roboto");
	pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD :
	    PANGO_WEIGHT_NORMAL);
	pango_font_description_set_size(fd, (gint)lround(size * PANGO_SCALE));
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	if (width > 0) {
		pango_layout_set_width(l, (int)(width * PANGO_SCALE));
		pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	}
	pango_layout_set_markup(l, s, -1);
	cairo_move_to(cr, x, y);
	layout_show(cr, l);
	g_object_unref(l);
}

static void
line(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
}

/*
 * A ruler from (x, y) along x (or down, if down), len pt, ticks every
 * step pt, longer every major steps: one stroke, ends included.
 */
static void
ruler(cairo_t *cr, double x, double y, double len, double step, int major,
    bool down)
{
	int i, n = (int)lround(len / step);

	for (i = 0; i <= n; i++) {
		double t = i * step, k = i % major == 0 ? MM(4) :
		    i % (major / 2 ? major / 2 : 1) == 0 ? MM(2.5) : MM(1.5);

		if (down)
			line(cr, x, y + t, x + k, y + t);
		else
			line(cr, x + t, y, x + t, y - k);
	}
	if (down)
		line(cr, x, y, x, y + len);
	else
		line(cr, x, y, x + len, y);
	cairo_set_line_width(cr, 0.25);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_stroke(cr);
}

/* The rulers every side carries, with what each must measure. */
static void
rulers(cairo_t *cr, PangoContext *ctx, double w)
{
	double x = (w - MM(100)) / 2;

	cairo_set_source_rgb(cr, 0, 0, 0);
	ruler(cr, x, MM(70), MM(100), MM(1), 10, false);
	text_at(cr, ctx, x, MM(72), 9, true, "This line must measure 100 mm.",
	    0);
	ruler(cr, (w - MM(101.6)) / 2, MM(95), MM(101.6), MM(25.4) / 8, 8,
	    false);
	text_at(cr, ctx, (w - MM(101.6)) / 2, MM(97), 9, true, "This line "
	    "must measure 4 in (101.6 mm).", 0);
	ruler(cr, MM(15), MM(120), MM(100), MM(1), 10, true);
	text_at(cr, ctx, MM(21), MM(165), 8, false, "100 mm down", 0);
}

/*
 * Where the front's lines are: one down the page, one across it, off
 * the middle, so that their mirrors on the back fall elsewhere.
 */
static void
front_lines(const struct calib *c, double *x, double *y)
{
	*x = c->paper_w / 2 + MM(25);
	*y = c->paper_h - MM(90);
}

static void
front_side(cairo_t *cr, PangoContext *ctx, const struct calib *c)
{
	double x, y;
	char head[160];

	front_lines(c, &x, &y);
	snprintf(head, sizeof(head), "deckpress printer calibration \xc2\xb7 "
	    "%s \xc2\xb7 front", c->paper);
	cairo_set_source_rgb(cr, 0, 0, 0);
	text_at(cr, ctx, MM(15), MM(15), 14, true, head, 0);
	text_at(cr, ctx, MM(15), MM(25), 9, false, "1. Print both pages "
	    "<b>double-sided at actual size</b> (100 %, not \xe2\x80\x9c" "fit "
	    "to page\xe2\x80\x9d), turning on the edge you print cards "
	    "with.\n2. Measure the lines below, on both sides. If one is not "
	    "as long as it says, the printer scales the page: switch the "
	    "scaling off.\n3. Turn the sheet over and hold it against a "
	    "window: read on the back where these two lines cross the "
	    "scales, and give the two numbers to deckpress as "
	    "<b>--back-offset X,Y</b>, or save them in a printer profile.",
	    c->paper_w - MM(30));
	rulers(cr, ctx, c->paper_w);
	/* The lines the back's scales read: across the page, so the
	 * scales find them whatever the shift, and thin. */
	cairo_set_line_width(cr, 0.4);
	line(cr, x, y - MM(65), x, y + MM(65));
	line(cr, MM(40), y, c->paper_w - MM(15), y);
	cairo_stroke(cr);
	text_at(cr, ctx, x + MM(2), y - MM(65), 7, false, "X line", 0);
	text_at(cr, ctx, MM(40), y + MM(1), 7, false, "Y line", 0);
}

/*
 * A scale of ticks every STEP either way of at (its 0), along x or
 * down, labelled every mm: the tick labelled v stands v mm from 0, so
 * the one a front line falls on is the offset that moves the back
 * there (the back page is drawn with the offset already given, so add
 * the reading to it).
 */
static void
scale(cairo_t *cr, PangoContext *ctx, double x, double y, bool down)
{
	int i, n = (int)lround(MM(SPAN) / STEP);
	char num[16];

	for (i = -n; i <= n; i++) {
		double t = i * STEP, k = i % 10 == 0 ? MM(6) : i % 2 == 0 ?
		    MM(4) : MM(2.5);

		if (down)
			line(cr, x, y + t, x + k, y + t);
		else
			line(cr, x + t, y, x + t, y + k);
	}
	cairo_set_line_width(cr, 0.25);
	cairo_stroke(cr);
	for (i = -n; i <= n; i += 10) {
		snprintf(num, sizeof(num), "%+d", i / 2);
		if (down)
			text_at(cr, ctx, x + MM(7), y + i * STEP - 3, 5.5,
			    false, i ? num : "0", 0);
		else
			text_at(cr, ctx, x + i * STEP - 3, y + MM(6.5), 5.5,
			    false, i ? num : "0", 0);
	}
}

static void
back_side(cairo_t *cr, PangoContext *ctx, const struct calib *c)
{
	double fx, fy, x, y;
	char head[160];

	front_lines(c, &fx, &fy);
	/* Where the front's lines show through: mirrored as the paper
	 * turns. */
	x = c->duplex == DUPLEX_SHORT ? fx : c->paper_w - fx;
	y = c->duplex == DUPLEX_SHORT ? c->paper_h - fy : fy;
	snprintf(head, sizeof(head), "deckpress printer calibration \xc2\xb7 "
	    "%s \xc2\xb7 back (%s edge)", c->paper, c->duplex ==
	    DUPLEX_SHORT ? "short" : "long");
	cairo_set_source_rgb(cr, 0, 0, 0);
	text_at(cr, ctx, MM(15), MM(15), 14, true, head, 0);
	text_at(cr, ctx, MM(15), MM(25), 9, false, "Hold the sheet against "
	    "a window. Where the front's <b>X line</b> crosses the upper "
	    "scale is X, where its <b>Y line</b> crosses the other is Y, in "
	    "mm: print cards with <b>--back-offset X,Y</b>. Both 0: your "
	    "printer puts backs where they belong. If this sheet was "
	    "printed with a --back-offset already, add the readings to it.",
	    c->paper_w - MM(30));
	rulers(cr, ctx, c->paper_w);
	/* Each scale where only its own line crosses it. */
	scale(cr, ctx, x, y - MM(40), false);
	text_at(cr, ctx, x - MM(SPAN), y - MM(45), 7, true, "X (mm)", 0);
	scale(cr, ctx, c->paper_w / 2 - MM(65), y, true);
	text_at(cr, ctx, c->paper_w / 2 - MM(65), y - MM(SPAN) - MM(5), 7,
	    true, "Y (mm)", 0);
}

void
impose_calibration(cairo_t *cr, PangoContext *ctx, const struct calib *c,
    enum face face)
{
	cairo_save(cr);
	if (face == FACE_BACK) {
		/* Shifted as every back page is, to check an offset. */
		cairo_translate(cr, c->back_x, c->back_y);
		back_side(cr, ctx, c);
	} else
		front_side(cr, ctx, c);
	cairo_restore(cr);
}
