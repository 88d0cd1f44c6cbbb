/* SPDX-License-Identifier: MIT */
/*
 * Drawing an image element: PNG and JPEG from their decoded surfaces
 * (one surface per file, so the PDF embeds each once, a JPEG with its
 * own bytes), SVG as the vectors librsvg recorded, never rasterised;
 * tinted where the element says so.
 */
#include "../art/art.h"
#include "elements.h"

/* The image's scale on each axis to fill box w x h as fit says. */
static void
scales(const struct lbox *b, double *sx, double *sy)
{
	double iw = b->img->w_px, ih = b->img->h_px;
	double fw = b->w / iw, fh = b->h / ih;

	switch (b->e->fit) {
	case FIT_COVER:
		*sx = *sy = fw > fh ? fw : fh;
		break;
	case FIT_STRETCH:
		*sx = fw;
		*sy = fh;
		break;
	default:
		*sx = *sy = fw < fh ? fw : fh;
	}
}

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
	double sx, sy, dw, dh;

	if (img == NULL)
		return;		/* reported when the deck was bound */
	scales(b, &sx, &sy);
	dw = img->w_px * sx;
	dh = img->h_px * sy;
	clip(cr, b);
	/* Centred in its box, whatever the fit. */
	picture(cr, img, b->x + (b->w - dw) / 2, b->y + (b->h - dh) / 2, dw,
	    dh, b->e->color.set ? &b->color : NULL);
}
