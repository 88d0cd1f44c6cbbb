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

#include <libdeflate.h>
#include <png.h>

#include "finishing.h"

/*
 * The most bytes of filtered rows (a byte a row and 3 or 4 a pixel)
 * deflated at once: a TTS sheet of 4096 x 4096 px is 48 MB.  A larger
 * image -- a board at 600 dpi, up to 400 MB as Cairo holds it -- goes
 * through zlib a row at a time, so that no second copy of it is made.
 */
#define WHOLE_MAX	(64u << 20)

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

/* The image being written: its pixels, and how its rows are filtered. */
struct pngimg {
	const unsigned char	*data;
	int			 w, h, stride;
	bool			 alpha;
	bool			 up;		/* the "up" filter, else none */
	size_t			 rowbytes;	/* converted, without the filter byte */
};

/* Row y, converted into row, as bytes RGB or RGBA. */
static void
get_row(const struct pngimg *im, int y, unsigned char *row)
{
	convert_row((const uint32_t *)(const void *)(im->data +
	    (size_t)y * (size_t)im->stride), row, im->w, im->alpha);
}

/*
 * Every row filtered (the PNG filter byte, then the row: as it is, or
 * less the row above, byte by byte, for "up") and deflated in one call
 * of libdeflate, into one IDAT chunk; NULL and *why if it cannot be.
 * libdeflate compresses a whole buffer, at its level 6 in half the
 * time zlib's level 4 takes a row at a time: exporting the bundled
 * games for The Game Crafter takes a third less CPU time, for files 5
 * to 7 % smaller; photographs a third less, for files 2 % larger.
 * libpng has no way to take another compressor: it writes the chunk
 * as it is given.
 */
static unsigned char *
deflate_whole(const struct pngimg *im, size_t *len, const char **why)
{
	size_t n = (im->rowbytes + 1) * (size_t)im->h, cap;
	/* The row above the first: zeros. */
	unsigned char *f = malloc(n + 1), *prev = calloc(im->rowbytes + 1, 1);
	unsigned char *z = NULL, *r;
	struct libdeflate_compressor *c = libdeflate_alloc_compressor(6);
	size_t x;
	int y;

	*len = 0;
	for (y = 0; f != NULL && prev != NULL && y < im->h; y++) {
		r = f + (size_t)y * (im->rowbytes + 1);
		r[0] = im->up ? PNG_FILTER_VALUE_UP : PNG_FILTER_VALUE_NONE;
		get_row(im, y, r + 1);
		for (x = 0; im->up && x < im->rowbytes; x++) {
			unsigned char v = r[1 + x];

			r[1 + x] = (unsigned char)(v - prev[x]);
			prev[x] = v;
		}
	}
	if (f != NULL && prev != NULL && c != NULL) {
		cap = libdeflate_zlib_compress_bound(c, n);
		if ((z = malloc(cap)) != NULL)
			*len = libdeflate_zlib_compress(c, f, n, z, cap);
	}
	if (*len == 0) {
		*why = "out of memory";
		free(z);
		z = NULL;
	}
	libdeflate_free_compressor(c);
	free(prev);
	free(f);
	return z;
}

/*
 * The rows through libpng's own writer and zlib, a row at a time: an
 * image too large to copy (WHOLE_MAX).
 */
static void
write_rows(png_structp png, png_infop info, const struct pngimg *im,
    unsigned char *row)
{
	int y;

	png_set_filter(png, PNG_FILTER_TYPE_BASE,
	    im->up ? PNG_FILTER_UP : PNG_FILTER_NONE);
	png_set_compression_level(png, 4);
	png_write_info(png, info);
	for (y = 0; y < im->h; y++) {
		get_row(im, y, row);
		png_write_row(png, row);
	}
	png_write_end(png, info);
}

/* img's pixels through png; false (o->why set) if libpng gave up. */
static bool
encode(png_structp png, png_infop info, cairo_surface_t *img, double dpi,
    struct pngout *o)
{
	struct pngimg im = { cairo_image_surface_get_data(img),
	    cairo_image_surface_get_width(img),
	    cairo_image_surface_get_height(img),
	    cairo_image_surface_get_stride(img), false, false, 0 };
	/* Pixels per metre: the unit pHYs knows besides none. */
	png_uint_32 ppm = (png_uint_32)lround(dpi / 0.0254);
	unsigned char *volatile buf = NULL;
	size_t len = 0;
	volatile bool ok = true;

	im.alpha = cairo_image_surface_get_format(img) ==
	    CAIRO_FORMAT_ARGB32 && has_alpha(im.data, im.stride, im.w, im.h);
	/*
	 * Drawn art with no row filter, a photograph with "up" (no filter
	 * made one 48 % larger): both smaller and faster than libpng's own
	 * choice of five filters, tried on every row (issue 36).
	 */
	im.up = !mostly_flat(im.data, im.stride, im.w, im.h);
	im.rowbytes = (size_t)im.w * (im.alpha ? 4 : 3);
	if ((im.rowbytes + 1) * (size_t)im.h <= WHOLE_MAX)
		buf = deflate_whole(&im, &len, &o->why);
	else if ((buf = malloc(im.rowbytes)) == NULL)
		o->why = "out of memory";
	if (buf == NULL)
		return false;
	if (setjmp(png_jmpbuf(png)) == 0) {
		png_set_write_fn(png, o, write_fn, flush_fn);
		png_set_IHDR(png, info, (png_uint_32)im.w, (png_uint_32)im.h,
		    8, im.alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
		    PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
		    PNG_FILTER_TYPE_DEFAULT);
		png_set_pHYs(png, info, ppm, ppm, PNG_RESOLUTION_METER);
		if (len > 0) {
			png_write_info(png, info);
			png_write_chunk(png, (png_const_bytep)"IDAT", buf, len);
			png_write_chunk(png, (png_const_bytep)"IEND", NULL, 0);
		} else
			write_rows(png, info, &im, buf);
	} else
		ok = false;
	free(buf);
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
