/* SPDX-License-Identifier: MIT */
/*
 * Will the cards' PDF be too large to share?  An estimate from the art
 * alone (text and shapes weigh little beside it): a JPEG carries its own
 * bytes; a PNG's (or a CMYK JPEG's) pixels are written with Flate, about
 * 1.25 times its file (PNG's row filters compress better than the PDF's
 * plain Flate: 1.245 on make bench's noisy photographs); the art at
 * --image-dpi 300 shrinks as the square of 300 over the dpi it prints
 * at.  Part of the validate stage.
 */
#include <glib.h>

#include "pdfsize.h"

#define BIG_PDF		(50e6)	/* bytes: past it, a PDF is hard to share */
#define FLATE_VS_PNG	1.25
#define CAP_DPI		300.0

void
validate_size_note_art(GHashTable *art, const struct image *img, double dpi)
{
	double *v = g_hash_table_lookup(art, img);

	if (v == NULL) {
		v = g_new(double, 1);
		*v = dpi;
		g_hash_table_insert(art, (gpointer)img, v);
	} else if (dpi < *v)
		*v = dpi;
}

/* The bytes image img adds to the PDF, printed at dpi (its lowest). */
static double
art_bytes(const struct image *img)
{
	if (img->kind == IMG_JPEG && !img->converted)
		return (double)img->len;
	if (img->kind == IMG_JPEG)	/* pixels: about a photograph's */
		return img->w_px * img->h_px * 3 * 0.9;
	return (double)img->len * FLATE_VS_PNG;
}

void
validate_size_check(const struct deck *deck, GHashTable *art, struct diags *d)
{
	struct srcpos pos = { deck->file, 0, 0 };
	double all = 0, capped = 0;
	GHashTableIter it;
	gpointer k, v;

	g_hash_table_iter_init(&it, art);
	while (g_hash_table_iter_next(&it, &k, &v)) {
		double b = art_bytes(k), dpi = *(double *)v;

		all += b;
		capped += dpi > CAP_DPI ? b * (CAP_DPI / dpi) *
		    (CAP_DPI / dpi) : b;
	}
	if (all <= BIG_PDF)
		return;
	if (capped < all * 0.95)
		diag_add(d, DIAG_WARN, &pos, "pdf-size", "the cards' PDF will "
		    "be about %.0f MB, over the %.0f MB a PDF is easily shared "
		    "at: its art prints at more dots per inch than a printer "
		    "makes; --image-dpi 300 makes it about %.0f MB", all / 1e6,
		    BIG_PDF / 1e6, capped / 1e6);
	else
		diag_add(d, DIAG_WARN, &pos, "pdf-size", "the cards' PDF will "
		    "be about %.0f MB, over the %.0f MB a PDF is easily shared "
		    "at, with art at 300 dpi or less: fewer or smaller images "
		    "would make it smaller", all / 1e6, BIG_PDF / 1e6);
}
