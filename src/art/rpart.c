/* SPDX-License-Identifier: MIT */
/*
 * A part of a raster image (a crop, a sprite's cell) as an image of its
 * own: its pixels copied once from the image's (held, for a large one:
 * a sheet is decoded once), so that the PDF holds only the parts shown
 * and a viewer smoothing the pixels as it scales them never blends in
 * the neighbouring cell's at the part's edges.  Part of the art stage.
 */
#include <math.h>
#include <stdio.h>

#include "../util.h"
#include "art.h"
#include "bounds.h"
#include "images.h"

/* The pixels x, y, w, h of img (whole pixels, on it) as a new image. */
static struct image *
copy_part(const struct image *img, int x, int y, int w, int h)
{
	struct image *p = xcalloc(1, sizeof(*p));
	bool alpha = img->lazy ? img->alpha :
	    cairo_image_surface_get_format(img->surface) != CAIRO_FORMAT_RGB24;
	cairo_t *cr;

	p->path = g_strdup_printf("%s [%d, %d, %d, %d]", img->path, x, y, w,
	    h);
	p->kind = IMG_PNG;	/* pixels, whatever the file was */
	p->whole = img;
	p->w_px = w;
	p->h_px = h;
	/* What it adds to a PDF (validate's estimate): its share. */
	p->len = (size_t)((double)img->len * w * h / (img->w_px * img->h_px));
	p->surface = cairo_image_surface_create(alpha ? CAIRO_FORMAT_ARGB32 :
	    CAIRO_FORMAT_RGB24, w, h);
	cr = cairo_create(p->surface);
	/* At a whole-pixel offset and the image's own scale: copied, not
	 * resampled.  A large image's pixels are those held. */
	cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
	cairo_set_source_surface(cr, img->surface, -x, -y);
	cairo_paint(cr);
	cairo_destroy(cr);
	return p;
}

const struct image *
art_raster_part(const struct image *img, const double src[4], double out[4])
{
	struct image *m = (struct image *)img, *p;
	double x0 = floor(src[0]), y0 = floor(src[1]);
	double x1 = ceil(src[0] + src[2]), y1 = ceil(src[1] + src[3]);
	char key[128];

	out[0] = src[0];
	out[1] = src[1];
	out[2] = src[2];
	out[3] = src[3];
	/* The whole image, an SVG's vectors, or a part too large to hold
	 * for the run: the image itself, clipped to the part. */
	if (img->kind == IMG_SVG || img->surface == NULL ||
	    (x0 <= 0 && y0 <= 0 && x1 >= img->w_px && y1 >= img->h_px) ||
	    (x1 - x0) * (y1 - y0) * 4 > LAZY_BYTES)
		return img;
	if (x1 > img->w_px)
		x1 = img->w_px;
	if (y1 > img->h_px)
		y1 = img->h_px;
	if (m->parts == NULL)
		m->parts = g_hash_table_new_full(g_str_hash, g_str_equal,
		    g_free, (GDestroyNotify)art_image_free);
	snprintf(key, sizeof(key), "%.0f %.0f %.0f %.0f", x0, y0, x1, y1);
	if ((p = g_hash_table_lookup(m->parts, key)) == NULL) {
		p = copy_part(img, (int)x0, (int)y0, (int)(x1 - x0),
		    (int)(y1 - y0));
		g_hash_table_insert(m->parts, g_strdup(key), p);
	}
	out[0] = src[0] - x0;
	out[1] = src[1] - y0;
	return p;
}

const struct image *
art_file(const struct image *img)
{
	return img->whole != NULL ? img->whole : img;
}
