/* SPDX-License-Identifier: MIT */
/*
 * svgtime: what librsvg spends drawing an SVG as deckpress draws it
 * (src/art/art.c, record_svg()): parsed from memory, drawn once at its
 * own size in CSS pixels onto a recording surface, where librsvg
 * rasterises its filters; and what deckpress's cost model
 * (src/art/svgweigh.c) estimates, the drawing's limits not applied.
 * For calibrating the model (tests/tools/svgcalib.py runs it):
 *
 *   svgtime FILE
 *   W H CPU_SECONDS MAX_RSS_KB OK OPS BYTES
 *
 * CPU_SECONDS is the drawing's alone (parsing excluded); OK is 1 if
 * librsvg drew it, 0 if it gave up; OPS and BYTES, the model's pixel
 * operations and layers' bytes (0 0 if the scan refuses the file
 * before: its elements or references).  Exits 1 if the file is not an
 * SVG.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include <cairo.h>
#include <glib.h>
#include <librsvg/rsvg.h>

#include "../../src/art/svgscan.h"

/* The processor time of this process so far, in seconds. */
static double
cpu(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	    ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

int
main(int argc, char **argv)
{
	gchar *data;
	gsize len;
	RsvgHandle *h;
	gdouble w, h_px;
	cairo_rectangle_t ext;
	RsvgRectangle vp = { 0, 0, 0, 0 };
	cairo_surface_t *rec;
	cairo_t *cr;
	struct rusage ru;
	struct svgscan *scan;
	const char *why;
	double t0, t1, ops = 0, bytes = 0;
	int ok;

	if (argc != 2 || !g_file_get_contents(argv[1], &data, &len, NULL)) {
		fprintf(stderr, "usage: svgtime FILE\n");
		return 1;
	}
	if ((h = rsvg_handle_new_from_data((guchar *)data, len, NULL)) ==
	    NULL || !rsvg_handle_get_intrinsic_size_in_pixels(h, &w, &h_px)) {
		fprintf(stderr, "svgtime: %s: not an SVG with a size\n",
		    argv[1]);
		return 1;
	}
	if ((scan = art_svg_scan((const unsigned char *)data, len, &why)) !=
	    NULL) {
		art_svg_estimate(scan, w, h_px, &ops, &bytes);
		art_svg_scan_free(scan);
	}
	ext.x = ext.y = 0;
	ext.width = vp.width = w;
	ext.height = vp.height = h_px;
	t0 = cpu();
	rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &ext);
	cr = cairo_create(rec);
	ok = rsvg_handle_render_document(h, cr, &vp, NULL) &&
	    cairo_status(cr) == CAIRO_STATUS_SUCCESS;
	cairo_destroy(cr);
	cairo_surface_destroy(rec);
	t1 = cpu();
	getrusage(RUSAGE_SELF, &ru);
	printf("%.0f %.0f %.4f %ld %d %.0f %.0f\n", w, h_px, t1 - t0,
	    ru.ru_maxrss, ok, ops, bytes);
	g_object_unref(h);
	g_free(data);
	return 0;
}
