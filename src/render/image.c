/* SPDX-License-Identifier: MIT */
/*
 * Drawing an image element: PNG and JPEG from their decoded surfaces
 * (one surface per file, so the PDF embeds each once, a JPEG with its
 * own bytes), SVG as the vectors librsvg recorded, never rasterised.
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
	double sx, sy, dw, dh;

	if (img == NULL)
		return;		/* reported when the deck was bound */
	scales(b, &sx, &sy);
	dw = img->w_px * sx;
	dh = img->h_px * sy;
	clip(cr, b);
	/* Centred in its box, whatever the fit. */
	render_picture(cr, img, b->x + (b->w - dw) / 2, b->y + (b->h - dh) / 2,
	    dw, dh);
}
