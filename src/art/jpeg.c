/* SPDX-License-Identifier: MIT */
/*
 * JPEG art read with libjpeg: RGB and greyscale files kept as they are
 * (the PDF carries the file's own bytes), CMYK and YCCK ones, Adobe's
 * inverted inks too, converted to RGB -- through the ICC profile a file
 * embeds, if it has one (icc.c), as an RGB file of a profile other than
 * sRGB is; progressive files of too many scans, and files cut short,
 * refused.  Part of the art stage, for art.c.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <jpeglib.h>

#include "icc.h"
#include "jpeg.h"
#include "bounds.h"
#include "../util.h"

/* libjpeg reports errors by longjmp back here, not by exiting. */
struct jerr {
	struct jpeg_error_mgr	 mgr;
	struct jpeg_progress_mgr progress;
	jmp_buf			 jump;
	volatile bool		 scans;	/* stopped at MAX_SCANS */
};

static void
jpeg_fail(j_common_ptr ci)
{
	longjmp(((struct jerr *)(void *)ci->err)->jump, 1);
}

/*
 * Called by libjpeg as it reads the file, before each scan is decoded:
 * too many scans stop it through the error manager.
 */
static void
jpeg_progress(j_common_ptr ci)
{
	struct jerr *e = (struct jerr *)(void *)ci->err;

	if (ci->is_decompressor && ((j_decompress_ptr)(void *)ci)->
	    input_scan_number > MAX_SCANS) {
		e->scans = true;
		longjmp(e->jump, 1);
	}
}

/* Nothing on stderr; a warning (a file cut short) is counted. */
static void
jpeg_quiet(j_common_ptr ci, int level)
{
	if (level < 0)
		ci->err->num_warnings++;
}

/*
 * One CMYK pixel (as libjpeg gives a CMYK or YCCK file) as RGB.  Adobe's
 * files (an APP14 Adobe marker) store the inks inverted, 255 for none;
 * others store 0 for none.  A naive conversion, without a profile: what
 * a viewer shows for a file of no profile, within a few percent.
 */
static uint32_t
cmyk_rgb(const unsigned char *p, bool inverted)
{
	unsigned int c = p[0], m = p[1], y = p[2], k = p[3];

	if (!inverted) {
		c = 255 - c;
		m = 255 - m;
		y = 255 - y;
		k = 255 - k;
	}
	/* Now each is 255 less its ink: the light that passes. */
	return (uint32_t)((c * k + 127) / 255) << 16 |
	    (uint32_t)((m * k + 127) / 255) << 8 | (y * k + 127) / 255;
}

/*
 * Decode into an RGB24 surface, for previews and Cairo's fallback;
 * through t, the file's profile to sRGB, if it has one to apply.
 */
static bool
jpeg_pixels(struct jpeg_decompress_struct *ci, struct image *img,
    cmsHTRANSFORM t)
{
	bool cmyk = ci->out_color_space == JCS_CMYK;
	unsigned char *row = xmalloc((size_t)ci->output_width * 4 + 1);
	unsigned char *px;
	int stride;
	JDIMENSION x;

	img->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	    (int)ci->output_width, (int)ci->output_height);
	px = cairo_image_surface_get_data(img->surface);
	stride = cairo_image_surface_get_stride(img->surface);
	while (ci->output_scanline < ci->output_height) {
		uint32_t *out = (uint32_t *)(void *)(px + (size_t)stride *
		    ci->output_scanline);

		jpeg_read_scanlines(ci, &row, 1);
		if (cmyk && t != NULL) {
			art_icc_row(t, row, (unsigned char *)out,
			    ci->output_width);
			continue;
		}
		for (x = 0; x < ci->output_width; x++)
			out[x] = cmyk ? cmyk_rgb(row + 4 * x,
			    ci->saw_Adobe_marker) : (uint32_t)row[3 * x] <<
			    16 | (uint32_t)row[3 * x + 1] << 8 | row[3 * x + 2];
	}
	free(row);
	cairo_surface_mark_dirty(img->surface);
	if (!cmyk && t != NULL)
		art_icc_surface(t, img->surface);
	return true;
}

/*
 * A decompressor whose errors jump to err->jump (the caller's setjmp)
 * and whose progress monitor stops it past MAX_SCANS scans.
 */
static void
jpeg_begin(struct jpeg_decompress_struct *ci, struct jerr *err)
{
	ci->err = jpeg_std_error(&err->mgr);
	err->mgr.error_exit = jpeg_fail;
	err->mgr.emit_message = jpeg_quiet;
	err->scans = false;
	jpeg_create_decompress(ci);
	err->progress.progress_monitor = jpeg_progress;
	ci->progress = &err->progress;
}

bool
art_jpeg_scans_ok(const unsigned char *p, size_t len)
{
	struct jpeg_decompress_struct ci;
	struct jerr err;
	volatile bool ok = true;	/* kept across the longjmp */

	jpeg_begin(&ci, &err);
	/* Damaged: not this check's business. */
	if (setjmp(err.jump)) {
		ok = !err.scans;
		goto out;
	}
	jpeg_mem_src(&ci, p, len);
	jpeg_read_header(&ci, TRUE);
	if (!ci.progressive_mode || (double)ci.image_width *
	    ci.image_height > MAX_PIXELS)
		goto out;
	/* Buffered: each scan read into the coefficients, none drawn. */
	ci.buffered_image = TRUE;
	jpeg_start_decompress(&ci);
	while (ok && jpeg_consume_input(&ci) != JPEG_REACHED_EOI)
		ok = ci.input_scan_number <= MAX_SCANS;
out:
	jpeg_destroy_decompress(&ci);
	return ok;
}

/*
 * img's header read by ci (begun, its errors jumping to the caller's
 * setjmp): its size, whether it is CMYK or YCCK, and its colour
 * profile's transform (*t, or NULL: none needed), img->converted set
 * as its pixels will be.  False with why if it is too large.
 */
static bool
jpeg_head(struct jpeg_decompress_struct *ci, struct image *img, bool *cmyk,
    cmsHTRANSFORM *t, const char **why)
{
	JOCTET *icc;
	unsigned int icclen;

	jpeg_mem_src(ci, img->data, img->len);
	/* An ICC profile is kept in APP2 markers, split if long. */
	jpeg_save_markers(ci, JPEG_APP0 + 2, 0xFFFF);
	jpeg_read_header(ci, TRUE);
	img->w_px = ci->image_width;
	img->h_px = ci->image_height;
	if (art_too_large(img, why))
		return false;
	/* libjpeg gives ink, not RGB, for CMYK and YCCK: converted here. */
	*cmyk = ci->jpeg_color_space == JCS_CMYK ||
	    ci->jpeg_color_space == JCS_YCCK;
	ci->out_color_space = *cmyk ? JCS_CMYK : JCS_RGB;
	if (jpeg_read_icc_profile(ci, &icc, &icclen)) {
		*t = art_icc_transform(icc, icclen, !*cmyk ? ICC_RGB :
		    ci->saw_Adobe_marker ? ICC_CMYK_INVERTED : ICC_CMYK);
		free(icc);
	}
	img->converted = *cmyk || *t != NULL;
	return true;
}

bool
art_jpeg_measure(struct image *img, const char **why)
{
	struct jpeg_decompress_struct ci;
	struct jerr err;
	volatile bool ok = false;	/* kept across the longjmp */
	bool cmyk = false;
	cmsHTRANSFORM t = NULL;

	jpeg_begin(&ci, &err);
	if (setjmp(err.jump)) {
		*why = "is a damaged JPEG";
		goto out;
	}
	ok = jpeg_head(&ci, img, &cmyk, &t, why);
	art_icc_free(t);
out:
	jpeg_destroy_decompress(&ci);
	return ok;
}

bool
art_load_jpeg(struct image *img, const char **why)
{
	static char scans_why[80];
	struct jpeg_decompress_struct ci;
	struct jerr err;
	volatile bool ok = false;	/* kept across the longjmp */
	bool cmyk = false;
	cmsHTRANSFORM t = NULL;
	cmsHTRANSFORM volatile tv = NULL;

	snprintf(scans_why, sizeof(scans_why), "is a progressive JPEG of "
	    "more than the %d scans deckpress reads", MAX_SCANS);
	jpeg_begin(&ci, &err);
	if (setjmp(err.jump)) {
		*why = err.scans ? scans_why : "is a damaged JPEG";
		goto out;
	}
	ok = jpeg_head(&ci, img, &cmyk, &t, why);
	tv = t;
	if (!ok)
		goto out;
	ok = false;
	jpeg_start_decompress(&ci);
	/* A progressive file is read whole by now: one cut short is
	 * refused before its pixels are made (make fuzz: 39 megapixels
	 * of a 1.7 KB file). */
	if (err.mgr.num_warnings > 0) {
		*why = "is a truncated or damaged JPEG";
		goto out;
	}
	ok = jpeg_pixels(&ci, img, t);
	/* A file cut short decodes as grey with a warning: refuse it. */
	if (err.mgr.num_warnings > 0) {
		*why = "is a truncated or damaged JPEG";
		ok = false;
		goto out;
	}
	jpeg_finish_decompress(&ci);
	/*
	 * The PDF carries the file's own bytes: no recompression.  Not a
	 * CMYK or YCCK file's: Cairo 1.16 would embed it as DeviceCMYK
	 * without the /Decode an Adobe file's inverted inks need (its
	 * colours would print as their negative), so the converted RGB
	 * pixels are embedded instead; nor one whose profile changed its
	 * pixels (jpeg_head() set converted so).
	 */
	if (!img->converted)
		cairo_surface_set_mime_data(img->surface, CAIRO_MIME_TYPE_JPEG,
		    img->data, img->len, NULL, NULL);
out:
	art_icc_free(tv);
	jpeg_destroy_decompress(&ci);
	return ok;
}
