/* SPDX-License-Identifier: MIT */
/*
 * PNG output: an image surface written through the one output writer
 * (outfile.c), as a PDF is, so a preview or an export never leaves a
 * half-written image behind.  Written with libpng, not Cairo's writer,
 * for the pHYs chunk: Cairo records no resolution, and an editor would
 * open an 815 px card at 72 dpi, 287 mm wide.  No tIME chunk: the same
 * image gives the same bytes.
 */
#include <math.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "finishing.h"

/* What libpng's callbacks need: the file, and whether a write failed. */
struct pngout {
	struct outfile	*out;		/* NULL: into mem */
	bool		 failed;
	const char	*why;		/* libpng's own message, if any */
	unsigned char	*mem;		/* owned: the bytes, when out is NULL */
	size_t		 len, cap;
};

static void
write_fn(png_structp png, png_bytep data, png_size_t len)
{
	struct pngout *o = png_get_io_ptr(png);

	if (o->out == NULL) {
		xgrow((void **)&o->mem, &o->cap, o->len + len, 1);
		memcpy(o->mem + o->len, data, len);
		o->len += len;
	} else if (!o->failed && !outfile_write(o->out, data, len))
		o->failed = true;
}

static void
flush_fn(png_structp png)
{
	(void)png;
}

static void
error_fn(png_structp png, png_const_charp msg)
{
	struct pngout *o = png_get_error_ptr(png);

	o->why = msg;
	png_longjmp(png, 1);
}

static void
warn_fn(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

/* Does an ARGB32 image have a pixel that is not opaque? */
static bool
has_alpha(const unsigned char *data, int stride, int w, int h)
{
	int x, y;

	for (y = 0; y < h; y++) {
		const uint32_t *row = (const uint32_t *)(const void *)
		    (data + (size_t)y * (size_t)stride);

		for (x = 0; x < w; x++)
			if ((row[x] >> 24) != 0xff)
				return true;
	}
	return false;
}

/*
 * Row y of a Cairo image (native-endian 0xAARRGGBB words, colours
 * premultiplied by alpha) as bytes RGB or RGBA, colours divided back
 * out, rounded to nearest; a fully transparent pixel is 0, 0, 0, 0.
 */
static void
convert_row(const uint32_t *src, unsigned char *dst, int w, bool alpha)
{
	int x, c;

	/* Opaque pixels copied as they are, without a test a channel:
	 * the conversion was a fifth of an export's time (issue 36). */
	for (x = 0; x < w; x++) {
		uint32_t p = src[x];
		unsigned int a = alpha ? p >> 24 : 0xff;

		if (a == 0xff || a == 0) {
			p = a == 0 ? 0 : p;
			dst[0] = (unsigned char)(p >> 16);
			dst[1] = (unsigned char)(p >> 8);
			dst[2] = (unsigned char)p;
			dst += 3;
		} else
			for (c = 0; c < 3; c++) {
				unsigned int v = (p >> (16 - 8 * c)) & 0xff;

				*dst++ = (unsigned char)((v * 255 + a / 2) /
				    a);
			}
		if (alpha)
			*dst++ = (unsigned char)a;
	}
}

/*
 * Is an image mostly flat colour (drawn art: fills, text, lines), not
 * grain (a photograph)?  Of every 16th row, the pixels equal to the
 * one before: flat art has most so, a photograph few.
 */
static bool
mostly_flat(const unsigned char *data, int stride, int w, int h)
{
	size_t same = 0, all = 0;
	int x, y;

	for (y = 0; y < h; y += 16) {
		const uint32_t *row = (const uint32_t *)(const void *)
		    (data + (size_t)y * (size_t)stride);

		for (x = 1; x < w; x++)
			same += row[x] == row[x - 1];
		all += (size_t)(w > 1 ? w - 1 : 0);
	}
	return same * 2 >= all;
}

/*
 * The row filter and zlib level (issue 36): drawn art with no filter
 * at level 4 -- exporting the bundled games for The Game Crafter took
 * 13 to 18 % less CPU time, for files 7 to 14 % smaller, than with the
 * "up" filter at zlib's default level 6; a photograph with "up" (no
 * filter made one 48 % larger) at level 4, 7 % faster for the same
 * size.  libpng's adaptive choice of five filters, trying each on every
 * row, took half as long again.  The same image, the same choice.
 */
static void
set_compression(png_structp png, const unsigned char *data, int stride,
    int w, int h)
{
	png_set_filter(png, PNG_FILTER_TYPE_BASE,
	    mostly_flat(data, stride, w, h) ? PNG_FILTER_NONE : PNG_FILTER_UP);
	png_set_compression_level(png, 4);
}

/* img's pixels through png; false (o->why set) if libpng gave up. */
static bool
encode(png_structp png, png_infop info, cairo_surface_t *img, double dpi,
    struct pngout *o)
{
	const unsigned char *data = cairo_image_surface_get_data(img);
	int w = cairo_image_surface_get_width(img);
	int h = cairo_image_surface_get_height(img);
	int stride = cairo_image_surface_get_stride(img), y;
	bool alpha = cairo_image_surface_get_format(img) ==
	    CAIRO_FORMAT_ARGB32 && has_alpha(data, stride, w, h);
	/* Pixels per metre: the unit pHYs knows besides none. */
	png_uint_32 ppm = (png_uint_32)lround(dpi / 0.0254);
	unsigned char *row = malloc((size_t)w * 4 + 1);
	volatile bool ok = row != NULL;

	if (!ok) {
		o->why = "out of memory";
		return false;
	}
	if (setjmp(png_jmpbuf(png)) == 0) {
		png_set_write_fn(png, o, write_fn, flush_fn);
		png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8,
		    alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
		    PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
		    PNG_FILTER_TYPE_DEFAULT);
		png_set_pHYs(png, info, ppm, ppm, PNG_RESOLUTION_METER);
		set_compression(png, data, stride, w, h);
		png_write_info(png, info);
		for (y = 0; y < h; y++) {
			convert_row((const uint32_t *)(const void *)(data +
			    (size_t)y * (size_t)stride), row, w, alpha);
			png_write_row(png, row);
		}
		png_write_end(png, info);
	} else
		ok = false;
	free(row);
	return ok;
}

bool
pdf_png_write(cairo_surface_t *img, const char *path, double dpi,
    struct diags *d)
{
	struct srcpos pos = { diag_file(d, outfile_name(path)), 0, 0 };
	struct outfile out;
	struct pngout o = { &out, false, NULL, NULL, 0, 0 };
	png_structp png;
	png_infop info = NULL;
	bool ok;

	if (d->nerr > 0)
		return false;	/* said as it was drawn */
	if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS ||
	    cairo_image_surface_get_data(img) == NULL) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write PNG: %s",
		    "no image drawn");
		return false;
	}
	if (!outfile_open(&out, path, d))
		return false;
	cairo_surface_flush(img);
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &o, error_fn,
	    warn_fn);
	if (png != NULL)
		info = png_create_info_struct(png);
	ok = info != NULL && encode(png, info, img, dpi, &o) && !o.failed;
	png_destroy_write_struct(&png, &info);
	if (!ok && outfile_check(&out, d))
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write PNG: %s",
		    o.why != NULL ? o.why : "libpng failed");
	return outfile_close(&out, ok, d);
}

unsigned char *
pdf_png_mem(cairo_surface_t *img, double dpi, size_t *len)
{
	struct pngout o = { NULL, false, NULL, NULL, 0, 0 };
	png_structp png;
	png_infop info = NULL;
	bool ok;

	*len = 0;
	if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS ||
	    cairo_image_surface_get_data(img) == NULL)
		return NULL;
	cairo_surface_flush(img);
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &o, error_fn,
	    warn_fn);
	if (png != NULL)
		info = png_create_info_struct(png);
	ok = info != NULL && encode(png, info, img, dpi, &o);
	png_destroy_write_struct(&png, &info);
	if (!ok) {
		free(o.mem);
		return NULL;
	}
	*len = o.len;
	return o.mem;
}
