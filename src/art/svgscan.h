/* SPDX-License-Identifier: MIT */
/*
 * The look over an SVG before librsvg parses it (svgscan.c), for art.c.
 */
#ifndef DECKPRESS_SVGSCAN_H
#define DECKPRESS_SVGSCAN_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Look over the SVG of len bytes at p before librsvg parses it: its
 * elements (internal entities expanded, nothing loaded from outside),
 * how many it instances once every reference is followed, the raster
 * images its data: URIs embed, and the filter settings librsvg does
 * not bound.  True if it may be drawn; else false with *why, a phrase
 * after "image PATH" (static storage, valid until the next call).
 */
bool	art_svg_scan(const unsigned char *p, size_t len, const char **why);

#endif
