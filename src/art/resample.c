/* SPDX-License-Identifier: MIT */
/*
 * Art printed at more dots per inch than the printer makes (--image-dpi):
 * each raster image drawn once into a smaller surface, at the largest
 * size the deck prints it, before any card is drawn, so the PDF embeds
 * the smaller image once and the full-size pixels are freed.  Part of
 * the art stage.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <jpeglib.h>

#include "resample.h"
#include "../util.h"

#define JPEG_QUALITY	90	/* what a photograph prints the same at */

struct cerr {
	struct jpeg_error_mgr	mgr;
	jmp_buf			jump;
};

static void
cerr_exit(j_common_ptr ci)
{
	longjmp(((struct cerr *)(void *)ci->err)->jump, 1);
}

/*
 * RGB24 surface s as JPEG bytes, for the PDF to carry instead of the
 * pixels (Flate would make a photograph's pixels five to ten times as
 * large).  False if libjpeg fails: the pixels are embedded then.
 */
static bool
encode_jpeg(cairo_surface_t *s, unsigned char **out, unsigned long *len)
{
	struct jpeg_compress_struct ci;
	struct cerr err;
	unsigned char *volatile row = NULL;
	const unsigned char *px = cairo_image_surface_get_data(s);
	int stride = cairo_image_surface_get_stride(s);
	int w = cairo_image_surface_get_width(s), x;

	*out = NULL;
	*len = 0;
	ci.err = jpeg_std_error(&err.mgr);
	err.mgr.error_exit = cerr_exit;
	if (setjmp(err.jump)) {
		jpeg_destroy_compress(&ci);
		free(row);
		free(*out);
		*out = NULL;
		return false;
	}
	jpeg_create_compress(&ci);
	jpeg_mem_dest(&ci, out, len);
	ci.image_width = (JDIMENSION)w;
	ci.image_height = (JDIMENSION)cairo_image_surface_get_height(s);
	ci.input_components = 3;
	ci.in_color_space = JCS_RGB;
	jpeg_set_defaults(&ci);
	jpeg_set_quality(&ci, JPEG_QUALITY, TRUE);
	jpeg_start_compress(&ci, TRUE);
	row = xmalloc((size_t)w * 3);
	while (ci.next_scanline < ci.image_height) {
		const uint32_t *in = (const uint32_t *)(const void *)(px +
		    (size_t)stride * ci.next_scanline);
		unsigned char *r = row;

		for (x = 0; x < w; x++) {
			row[3 * x] = (unsigned char)(in[x] >> 16);
			row[3 * x + 1] = (unsigned char)(in[x] >> 8);
			row[3 * x + 2] = (unsigned char)in[x];
		}
		jpeg_write_scanlines(&ci, &r, 1);
	}
	jpeg_finish_compress(&ci);
	jpeg_destroy_compress(&ci);
	free(row);
	return true;
}

/* s's JPEG encoding as its MIME data, for the PDF; none if it fails. */
static void
attach_jpeg(cairo_surface_t *s)
{
	unsigned char *jpg;
	unsigned long len;

	if (encode_jpeg(s, &jpg, &len))
		cairo_surface_set_mime_data(s, CAIRO_MIME_TYPE_JPEG, jpg, len,
		    free, jpg);
}

cairo_surface_t *
art_surface_downscale(cairo_surface_t *src, int w, int h, bool jpeg)
{
	cairo_format_t fmt = cairo_image_surface_get_format(src);
	cairo_surface_t *dst;
	cairo_pattern_t *p;
	cairo_t *cr;

	if (fmt != CAIRO_FORMAT_RGB24)
		fmt = CAIRO_FORMAT_ARGB32;
	dst = cairo_image_surface_create(fmt, w, h);
	cr = cairo_create(dst);
	cairo_scale(cr, (double)w / cairo_image_surface_get_width(src),
	    (double)h / cairo_image_surface_get_height(src));
	p = cairo_pattern_create_for_surface(src);
	/* Good: a box filter over the pixels each new one covers, not a
	 * sample of one; padded, so the edges do not fade. */
	cairo_pattern_set_filter(p, CAIRO_FILTER_GOOD);
	cairo_pattern_set_extend(p, CAIRO_EXTEND_PAD);
	cairo_set_source(cr, p);
	cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
	cairo_paint(cr);
	cairo_pattern_destroy(p);
	cairo_destroy(cr);
	cairo_surface_flush(dst);
	if (jpeg)
		attach_jpeg(dst);
	return dst;
}

void
art_downscale(struct image *img, int w, int h)
{
	cairo_surface_t *dst = art_surface_downscale(img->surface, w, h, false);

	/* Still w_px x h_px to whoever draws it.  (Setting it drops MIME
	 * data: the JPEG is attached after.) */
	cairo_surface_set_device_scale(dst, w / img->w_px, h / img->h_px);
	if (img->kind == IMG_JPEG)
		attach_jpeg(dst);
	cairo_surface_destroy(img->surface);
	img->surface = dst;
}
