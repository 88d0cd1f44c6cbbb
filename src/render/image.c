/* SPDX-License-Identifier: MIT */
/*
 * Drawing an image element: PNG and JPEG from their decoded surfaces
 * (one surface per file, so the PDF embeds each once, a JPEG with its
 * own bytes), SVG as the vectors librsvg recorded, never rasterised;
 * a crop or a sprite's cell as that part of the whole; tinted where the
 * element says so; a missing file's placeholder.
 */
#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "../art/art.h"
#include "elements.h"

/*
 * What the image may cover: its box (turned with it).  The whole
 * component (clip: bleed) was clipped by render_card() before the
 * element was turned: the component does not turn with it.
 */
static void
clip(cairo_t *cr, const struct lbox *b)
{
	if (b->e->clip != CLIP_BOX)
		return;
	cairo_rectangle(cr, b->x, b->y, b->w, b->h);
	cairo_clip(cr);
}

/*
 * Image img stretched into x, y, w, h pt; with a tint, its alpha
 * painted in that one colour (an icon recoloured; a JPEG, opaque, is a
 * box of the colour).
 */
static void
picture(cairo_t *cr, const struct image *img, double x, double y, double w,
    double h, const struct rgba *tint)
{
	cairo_pattern_t *p;

	cairo_save(cr);
	cairo_translate(cr, x, y);
	cairo_scale(cr, w / img->w_px, h / img->h_px);
	/* An SVG's surface records its vectors: painted, they stay so. */
	if (img->lazy)
		p = art_pattern(img);
	else
		p = cairo_pattern_create_for_surface(img->surface);
	if (tint != NULL) {
		cairo_set_source_rgba(cr, tint->r, tint->g, tint->b, tint->a);
		cairo_mask(cr, p);
	} else {
		cairo_set_source(cr, p);
		cairo_paint(cr);
	}
	cairo_pattern_destroy(p);
	cairo_restore(cr);
}

void
render_picture(cairo_t *cr, const struct image *img, double x, double y,
    double w, double h)
{
	if (img == NULL)
		return;		/* reported where it is named */
	picture(cr, img, x, y, w, h, NULL);
}

void
render_image(cairo_t *cr, const struct lbox *b)
{
	const struct image *img = b->img;
	double sx, sy, dw, dh, x, y;

	if (img == NULL)
		return;		/* reported when the deck was bound */
	layout_image_scale(b, &sx, &sy);
	dw = b->src[2] * sx;
	dh = b->src[3] * sy;
	clip(cr, b);
	/* Centred in its box, whatever the fit. */
	x = b->x + (b->w - dw) / 2;
	y = b->y + (b->h - dh) / 2;
	/* A part of it (a crop, a sprite's cell): the whole image drawn
	 * where that part falls in the box, and only that part shown, so
	 * that the PDF holds the image once however many parts it shows. */
	if (b->src[2] != img->w_px || b->src[3] != img->h_px) {
		cairo_rectangle(cr, x, y, dw, dh);
		cairo_clip(cr);
	}
	picture(cr, img, x - b->src[0] * sx, y - b->src[1] * sy,
	    img->w_px * sx, img->h_px * sy, b->e->color.set ? &b->color :
	    NULL);
}

/*
 * A missing image's stand-in, plainly not art: its box in light grey,
 * outlined and crossed in a darker one, its file's name in the middle
 * (wrapped to the box), so a proof shows what is still to come.
 */
void
render_placeholder(cairo_t *cr, PangoContext *ctx, const struct lbox *b)
{
	const char *name = strrchr(b->placeholder, '/');
	PangoLayout *l = pango_layout_new(ctx);
	PangoFontDescription *fd = pango_font_description_from_string(
	    "Roboto 6");
	PangoRectangle log;
	double lw = 0.5, lh, ty;

	cairo_rectangle(cr, b->x, b->y, b->w, b->h);
	cairo_clip(cr);
	cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
	cairo_set_line_width(cr, lw);
	cairo_rectangle(cr, b->x + lw / 2, b->y + lw / 2, b->w - lw,
	    b->h - lw);
	cairo_move_to(cr, b->x, b->y);
	cairo_line_to(cr, b->x + b->w, b->y + b->h);
	cairo_move_to(cr, b->x + b->w, b->y);
	cairo_line_to(cr, b->x, b->y + b->h);
	cairo_stroke(cr);
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_text(l, name != NULL ? name + 1 : b->placeholder,
	    -1);
	pango_layout_set_width(l, pango_units_from_double(fmax(b->w - 4, 1)));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
	pango_layout_get_extents(l, NULL, &log);
	lh = pango_units_to_double(log.height);
	ty = b->y + (b->h - lh) / 2;
	/* On a white band: legible across the cross. */
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_rectangle(cr, b->x, ty - 1, b->w, lh + 2);
	cairo_fill(cr);
	cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
	cairo_move_to(cr, b->x + 2, ty);
	layout_show(cr, l);
	g_object_unref(l);
}
