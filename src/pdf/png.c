/* SPDX-License-Identifier: MIT */
/*
 * PNG output: an image surface written through the same temporary
 * file and rename as a PDF, so a preview or an export never leaves a
 * half-written image behind.
 */
#include <errno.h>
#include <string.h>

#include "pdf.h"

bool
png_write(cairo_surface_t *img, const char *path, struct diags *d)
{
	struct srcpos pos = { diag_file(d, path), 0, 0 };
	struct outfile out;
	cairo_status_t st;

	if (!outfile_open(&out, path)) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write: %s",
		    strerror(errno));
		return false;
	}
	st = cairo_surface_write_to_png_stream(img, pdf_stream, out.fp);
	if (st != CAIRO_STATUS_SUCCESS) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write PNG: %s",
		    cairo_status_to_string(st));
		outfile_close(&out, false);
		return false;
	}
	if (!outfile_close(&out, true)) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write: %s",
		    strerror(errno));
		return false;
	}
	return true;
}
