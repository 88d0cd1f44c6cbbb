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
 * Look over the SVG of len bytes at p before librsvg parses it: its
 * elements (internal entities expanded, nothing loaded from outside),
 * how many it instances once every reference is followed, the raster
 * images its data: URIs embed, and the filter settings librsvg does
 * not bound.  True if it may be drawn; else false with *why, a phrase
 * after "image PATH" (static storage, valid until the next call).
 */
bool	svg_scan(const unsigned char *p, size_t len, const char **why);

#endif
