/* SPDX-License-Identifier: MIT */
/* covers: tagged-pdf, export */
/*
 * PDF stage: page furniture marked as artifacts (artifact.c) -- every
 * run of operators outside marked content put in "/Artifact BMC" ...
 * "EMC", content left alone, and a stream it cannot mark safely left
 * as it is.  PNG output (png.c): drawn art written unfiltered, a
 * photograph with the "up" filter, both decoded to the same pixels.
 */
#include "unit.h"
#include <string.h>

#include <png.h>
#include <zlib.h>

#include "../../src/pdf/finishing.h"

/* pdf_artifact_wrap() of in gives want (NULL: it refuses). */
static void
assert_wraps(const char *in, const char *want)
{
	GString *out = g_string_new(NULL);
	bool ok = pdf_artifact_wrap((const unsigned char *)in, strlen(in), out);

	if (want == NULL)
		assert_false(ok);
	else {
		assert_true(ok);
		assert_string_equal(out->str, want);
	}
	g_string_free(out, TRUE);
}

static void
test_furniture_marked(void **state)
{
	(void)state;
	/* A mark alone, and a mark after content. */
	assert_wraps("q 0 0 1 1 re f Q", "\n/Artifact BMC\nq 0 0 1 1 re f Q"
	    "\nEMC\n");
	assert_wraps("/P <</MCID 0>> BDC BT (x) Tj ET EMC 0 0 m 1 1 l S",
	    "/P <</MCID 0>> BDC BT (x) Tj ET EMC\n/Artifact BMC\n 0 0 m "
	    "1 1 l S\nEMC\n");
	/* The artifact ends before content, after its own operands. */
	assert_wraps("1 0 0 -1 0 842 cm\n/H <</MCID 3>> BDC\n(a) Tj\nEMC\n",
	    "\n/Artifact BMC\n1 0 0 -1 0 842 cm\nEMC\n\n/H <</MCID 3>> BDC\n"
	    "(a) Tj\nEMC\n");
}

static void
test_spans_inside(void **state)
{
	(void)state;
	/* Cairo's span of a space, in furniture's text: inside it. */
	assert_wraps("BT (a) Tj /Span <</ActualText <feff0020>>> BDC EMC "
	    "(b) Tj ET", "\n/Artifact BMC\nBT (a) Tj /Span <</ActualText "
	    "<feff0020>>> BDC EMC (b) Tj ET\nEMC\n");
	/* A span outside everything starts an artifact. */
	assert_wraps("/Span <</ActualText <feff0020>>> BDC (b) Tj EMC",
	    "\n/Artifact BMC\n/Span <</ActualText <feff0020>>> BDC (b) Tj "
	    "EMC\nEMC\n");
	/* Strings and comments holding operator names are no operators. */
	assert_wraps("/P <</MCID 0>> BDC (EMC \\) BDC) Tj % EMC\nEMC",
	    "/P <</MCID 0>> BDC (EMC \\) BDC) Tj % EMC\nEMC");
}

static void
test_refused(void **state)
{
	(void)state;
	/* Content that would begin inside a text object the artifact
	 * holds; an inline image; marked content unbalanced. */
	assert_wraps("BT (a) Tj /P <</MCID 0>> BDC (b) Tj EMC ET", NULL);
	assert_wraps("BI /W 1 /H 1 ID \xff EI", NULL);
	assert_wraps("EMC", NULL);
	assert_wraps("/P <</MCID 0>> BDC (a) Tj", NULL);
}

/*
 * The filter byte of every row of PNG bytes png (8-bit RGB, h rows of
 * w pixels, not interlaced): its IDAT chunks inflated.  Each is want.
 */
static void
assert_filters(const unsigned char *png, size_t len, int w, int h,
    int want)
{
	size_t at = 8, n, row = (size_t)w * 3 + 1;
	GByteArray *idat = g_byte_array_new();
	unsigned char *raw = g_malloc(row * (size_t)h);
	uLongf rawlen = (uLongf)(row * (size_t)h);
	int y;

	while (at + 12 <= len) {
		n = (size_t)png[at] << 24 | (size_t)png[at + 1] << 16 |
		    (size_t)png[at + 2] << 8 | png[at + 3];
		if (memcmp(png + at + 4, "IDAT", 4) == 0)
			g_byte_array_append(idat, png + at + 8, (guint)n);
		at += n + 12;
	}
	assert_int_equal(uncompress(raw, &rawlen, idat->data, idat->len),
	    Z_OK);
	assert_int_equal(rawlen, row * (size_t)h);
	for (y = 0; y < h; y++)
		assert_int_equal(raw[(size_t)y * row], want);
	g_free(raw);
	g_byte_array_free(idat, TRUE);
}

/* PNG bytes png decode to img's pixels (opaque RGB). */
static void
assert_same_pixels(const unsigned char *png, size_t len,
    cairo_surface_t *img)
{
	png_image pi;
	unsigned char *px;
	const unsigned char *data = cairo_image_surface_get_data(img);
	int w = cairo_image_surface_get_width(img), x, y;
	int stride = cairo_image_surface_get_stride(img);

	memset(&pi, 0, sizeof(pi));
	pi.version = PNG_IMAGE_VERSION;
	assert_true(png_image_begin_read_from_memory(&pi, png, len));
	pi.format = PNG_FORMAT_RGB;
	px = g_malloc(PNG_IMAGE_SIZE(pi));
	assert_true(png_image_finish_read(&pi, NULL, px, 0, NULL));
	for (y = 0; y < (int)pi.height; y++)
		for (x = 0; x < w; x++) {
			uint32_t p = ((const uint32_t *)(const void *)(data +
			    (size_t)y * (size_t)stride))[x];
			const unsigned char *q = px + ((size_t)y * (size_t)w +
			    (size_t)x) * 3;

			assert_int_equal(q[0], (p >> 16) & 0xff);
			assert_int_equal(q[1], (p >> 8) & 0xff);
			assert_int_equal(q[2], p & 0xff);
		}
	g_free(px);
}

static void
test_png_filters(void **state)
{
	cairo_surface_t *flat = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	    120, 80), *grain = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	    120, 80);
	cairo_t *cr = cairo_create(flat);
	unsigned char *png, *data;
	unsigned long seed = 7;
	size_t len, i;

	(void)state;
	/* Drawn art: a ground, a box and a line. */
	cairo_set_source_rgb(cr, 0.9, 0.8, 0.2);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0.1, 0.3, 0.6);
	cairo_rectangle(cr, 10, 10, 50, 40);
	cairo_fill(cr);
	cairo_move_to(cr, 0, 70);
	cairo_line_to(cr, 120, 60);
	cairo_stroke(cr);
	cairo_destroy(cr);
	cairo_surface_flush(flat);
	/* A photograph's grain: every pixel its own. */
	data = cairo_image_surface_get_data(grain);
	for (i = 0; i < (size_t)cairo_image_surface_get_stride(grain) * 80;
	    i++) {
		seed = seed * 16807 % 2147483647;
		data[i] = (unsigned char)(seed >> 7);
	}
	cairo_surface_mark_dirty(grain);
	png = pdf_png_mem(flat, 300, &len);
	assert_non_null(png);
	assert_filters(png, len, 120, 80, 0);		/* none */
	assert_same_pixels(png, len, flat);
	free(png);
	png = pdf_png_mem(grain, 300, &len);
	assert_non_null(png);
	assert_filters(png, len, 120, 80, 2);		/* up */
	assert_same_pixels(png, len, grain);
	free(png);
	cairo_surface_destroy(flat);
	cairo_surface_destroy(grain);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_furniture_marked),
		cmocka_unit_test(test_spans_inside),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_png_filters),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
