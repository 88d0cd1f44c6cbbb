/* SPDX-License-Identifier: MIT */
/*
 * The look over an SVG before librsvg parses it (svgscan.c), for art.c.
 */
#ifndef DECKPRESS_SVGSCAN_H
#define DECKPRESS_SVGSCAN_H

#include <stdbool.h>
#include <stddef.h>

struct svgscan;

/*
 * Look over the SVG of len bytes at p before librsvg parses it: its
 * elements (internal entities expanded, nothing loaded from outside),
 * how many it instances once every reference and marker is followed,
 * the raster images its data: URIs embed, and the filter settings
 * librsvg does not bound.  Returns what it read, for
 * art_svg_cost_ok() (caller frees it with art_svg_scan_free()); NULL
 * if it may not be drawn, with *why a phrase after "image PATH" (static
 * storage, valid until the next call).
 */
struct svgscan	*art_svg_scan(const unsigned char *p, size_t len,
		    const char **why);
/*
 * May the SVG s scanned be drawn at w x h CSS pixels (its size, which
 * librsvg draws its filters and masks at)?  Its filters and masks, each
 * time an element is drawn, cost at most MAX_FILTER_OPS pixel
 * operations and hold MAX_LAYER_BYTES at once (svgcost.h); else false
 * with *why as art_svg_scan() gives it.
 */
bool		 art_svg_cost_ok(struct svgscan *s, double w_px,
		    double h_px, const char **why);
/*
 * What art_svg_cost_ok() compares with its limits: the pixel
 * operations *ops and the bytes *bytes of layers of s drawn at w x h
 * px, both 0 if it has no filter or mask (tests/tools/svgtime.c).
 */
void		 art_svg_estimate(struct svgscan *s, double w_px,
		    double h_px, double *ops, double *bytes);
/*
 * The ids of the elements of s, sorted, NULL-terminated, *n of them
 * (caller frees with g_strfreev()).
 */
char		**art_svg_scan_ids(const struct svgscan *s, size_t *n);
void		 art_svg_scan_free(struct svgscan *s);

#endif
