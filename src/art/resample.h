/* SPDX-License-Identifier: MIT */
/* Raster art made smaller (resample.c), for art.c. */
#ifndef DECKPRESS_RESAMPLE_H
#define DECKPRESS_RESAMPLE_H

#include "art.h"

/*
 * Replace img's surface by one of w x h pixels drawn from it with
 * Cairo's good filter, with the device scale that keeps its size
 * w_px x h_px; a JPEG's as a new JPEG (quality 90) for the PDF.
 */
void	art_downscale(struct image *img, int w, int h);
/*
 * A new image surface of w x h pixels drawn from image surface src with
 * Cairo's good filter; with jpeg, carrying its JPEG encoding (quality
 * 90) for the PDF.  Caller destroys it.
 */
cairo_surface_t *art_surface_downscale(cairo_surface_t *src, int w, int h,
	    bool jpeg);

#endif
