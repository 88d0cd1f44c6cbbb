/* SPDX-License-Identifier: MIT */
/*
 * What image.c and svgscan.c share: the pixel limits of every image
 * deckpress reads, and the look over an SVG before librsvg parses it.
 */
#ifndef DECKPRESS_SVGSCAN_H
#define DECKPRESS_SVGSCAN_H

#include <stdbool.h>
#include <stddef.h>

#define MAX_PIXELS	(60.0 * 1000 * 1000)	/* 60 megapixels */
/*
 * Cairo's image surfaces are at most 32767 pixels a side: a taller one
 * is an error surface without pixels, which the JPEG decoder wrote
 * through (fuzz_image: a 300 x 65112 JPEG).
 */
#define MAX_SIDE	32767

/*
 * A progressive JPEG is read scan by scan, each over every block of the
 * image: 100 000 empty scans take minutes, 100 of a 60-megapixel image
 * half a second.  Real files have up to a dozen (libjpeg's own
 * progression writes ten).
 */
#define MAX_SCANS	100

/*
 * Does the JPEG of len bytes at p have at most MAX_SCANS scans (or is
 * it damaged, or not progressive)?  Reads them without drawing
 * (image.c), for a JPEG that gdk-pixbuf decodes inside an SVG.
 */
bool	jpeg_scans_ok(const unsigned char *p, size_t len);

/*
 * Look over the SVG of len bytes at p before librsvg parses it: its
 * elements (internal entities expanded, nothing loaded from outside),
 * how many it instances once every reference is followed, the raster
 * images its data: URIs embed, and the filter settings librsvg does
 * not bound.  True if it may be drawn; else false with *why, a phrase
 * after "image PATH" (static storage, valid until the next call).
 */
bool	svg_scan(const unsigned char *p, size_t len, const char **why);

#endif
