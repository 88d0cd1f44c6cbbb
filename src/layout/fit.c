/* SPDX-License-Identifier: MIT */
/*
 * Shrink-to-fit: find the largest font size between an element's
 * minimum and maximum at which its text fits the box, and measure by
 * how much it overflows when even the minimum does not fit.
 */
#include <math.h>

#include <pango/pangocairo.h>

#include "layout.h"

#define STEP	0.25	/* pt; sizes are quantised so output is stable */

PangoLayout *
fit_layout(PangoContext *ctx, const struct elem *e, const char *text,
    double size)
{
	PangoLayout *l = pango_layout_new(ctx);
	PangoFontDescription *fd = pango_font_description_new();
	static const PangoAlignment al[] = { PANGO_ALIGN_LEFT,
	    PANGO_ALIGN_CENTER, PANGO_ALIGN_RIGHT };

	pango_font_description_set_family(fd, e->family);
	pango_font_description_set_weight(fd, e->bold ? PANGO_WEIGHT_BOLD :
	    PANGO_WEIGHT_NORMAL);
	pango_font_description_set_style(fd, e->italic ? PANGO_STYLE_ITALIC :
	    PANGO_STYLE_NORMAL);
	pango_font_description_set_size(fd, (gint)lround(size * PANGO_SCALE));
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_width(l, (int)floor(e->w * PANGO_SCALE));
	/* WORD never breaks inside a word: a long word shows as overflow. */
	pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	pango_layout_set_alignment(l, al[e->halign]);
	if (e->leading != 1)
		pango_layout_set_line_spacing(l, (float)e->leading);
	/* Pango markup built by layout_markup(), so known to be valid. */
	pango_layout_set_markup(l, text, -1);
	return l;
}

/* Logical extent of text at size; true if it fits the box. */
static bool
measure(PangoContext *ctx, const struct elem *e, const char *text,
    double size, double *w, double *h)
{
	PangoLayout *l = fit_layout(ctx, e, text, size);
	PangoRectangle ink, log;

	pango_layout_get_extents(l, &ink, &log);
	*w = pango_units_to_double(log.width);
	*h = pango_units_to_double(log.height);
	g_object_unref(l);
	/* 0.01 pt of slack absorbs Pango's unit rounding. */
	return *w <= e->w + 0.01 && *h <= e->h + 0.01;
}

void
fit_text(PangoContext *ctx, const struct elem *e, const char *text,
    struct fitted *out)
{
	long lo = 0, hi = lround((e->size_max - e->size_min) / STEP), mid;
	double w, h;

	out->over_w = out->over_h = 0;
	out->fits = true;
	if (measure(ctx, e, text, e->size_max, &out->w, &out->h)) {
		out->size = e->size_max;
		return;
	}
	if (!measure(ctx, e, text, e->size_min, &out->w, &out->h)) {
		out->size = e->size_min;
		out->fits = false;
		out->over_w = out->w > e->w ? out->w - e->w : 0;
		out->over_h = out->h > e->h ? out->h - e->h : 0;
		return;
	}
	/* Binary search on the step index; invariant: lo fits, hi not. */
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (measure(ctx, e, text, e->size_min + mid * STEP, &w, &h)) {
			lo = mid;
			out->w = w;
			out->h = h;
		} else
			hi = mid;
	}
	out->size = e->size_min + lo * STEP;
}
