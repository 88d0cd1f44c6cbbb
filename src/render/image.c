/* SPDX-License-Identifier: MIT */
/*
 * Drawing an image element: PNG and JPEG from their decoded surfaces
 * (one surface per file, so the PDF embeds each once, a JPEG with its
 * own bytes), SVG as the vectors librsvg recorded, never rasterised;
 * a crop or a sprite's cell as that part of the whole.
 */
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

void
render_picture(cairo_t *cr, const struct image *img, double x, double y,
    double w, double h)
{
	if (img == NULL)
		return;		/* reported where it is named */
	cairo_save(cr);
	cairo_translate(cr, x, y);
	cairo_scale(cr, w / img->w_px, h / img->h_px);
	/* An SVG's surface records its vectors: painted, they stay so. */
	if (img->lazy) {
		cairo_pattern_t *p = art_pattern(img);

		cairo_set_source(cr, p);
		cairo_pattern_destroy(p);
	} else
		cairo_set_source_surface(cr, img->surface, 0, 0);
	cairo_paint(cr);
	cairo_restore(cr);
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
	render_picture(cr, img, x - b->src[0] * sx, y - b->src[1] * sy,
	    img->w_px * sx, img->h_px * sy);
}
