/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: an SVG read as a game's image is (art_load(): looked
 * over by svgscan.c, its filters and masks priced by svgweigh.c, then
 * drawn by librsvg into its recording) and, if it may be, drawn as a
 * card draws it (render_picture()), fitted into a poker card of
 * 63 x 88 mm, onto a raster surface at 72 dpi (preview, export) and a
 * PDF surface whose bytes go nowhere (cards).  An input slower than
 * libFuzzer's -timeout is a cost the scan does not price.  Seeds: the
 * SVGs of cards/ and tests/, tests/fuzz/seeds/svgdraw; words:
 * tests/fuzz/svg.dict.
 */
#include <math.h>
#include <stdlib.h>

#include <cairo-pdf.h>
#include <cairo.h>

#include "fuzz.h"
#include "../../src/art/art.h"
#include "../../src/render/render.h"

#define CARD_W	(63 / 25.4 * 72)	/* pt */
#define CARD_H	(88 / 25.4 * 72)

/* The PDF's bytes, thrown away. */
static cairo_status_t
discard(void *closure, const unsigned char *data, unsigned int length)
{
	(void)closure;
	(void)data;
	(void)length;
	return CAIRO_STATUS_SUCCESS;
}

/* img fitted into the card on surface s, centred, as fit: contain. */
static void
draw(cairo_surface_t *s, const struct image *img)
{
	cairo_t *cr = cairo_create(s);
	double k = fmin(CARD_W / img->w_px, CARD_H / img->h_px);
	double w = img->w_px * k, h = img->h_px * k;

	render_picture(cr, img, (CARD_W - w) / 2, (CARD_H - h) / 2, w, h);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	cairo_surface_destroy(s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d = { 0 };
	struct images *images = art_new();
	char *path = fuzz_write("art/image.svg", data, size);
	struct srcpos pos = { "layout.yaml", 3, 25 };
	const struct image *img;

	img = art_load(images, path, &pos, "card 'one'", &d);
	if (img != NULL) {
		draw(cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
		    (int)ceil(CARD_W), (int)ceil(CARD_H)), img);
		draw(cairo_pdf_surface_create_for_stream(discard, NULL,
		    CARD_W, CARD_H), img);
	}
	art_free(images);
	diag_free(&d);
	free(path);
	return 0;
}
