/* SPDX-License-Identifier: MIT */
/*
 * PNG output: an image surface written through the one output writer
 * (outfile.c), as a PDF is, so a preview or an export never leaves a
 * half-written image behind.
 */
#include "pdf.h"

bool
png_write(cairo_surface_t *img, const char *path, struct diags *d)
{
	struct srcpos pos = { diag_file(d, outfile_name(path)), 0, 0 };
	struct outfile out;
	cairo_status_t st;

	if (!outfile_open(&out, path, d))
		return false;
	st = cairo_surface_write_to_png_stream(img, pdf_stream, &out);
	if (st != CAIRO_STATUS_SUCCESS && outfile_check(&out, d))
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write PNG: %s",
		    cairo_status_to_string(st));
	return outfile_close(&out, st == CAIRO_STATUS_SUCCESS, d);
}
