/* SPDX-License-Identifier: MIT */
/*
 * What an SVG's filters and masks cost librsvg to draw (svgcost.c),
 * read by svgscan.c as it looks over the document, weighed once the
 * size it is drawn at is known.  Private to the art stage.
 */
#ifndef DECKPRESS_SVGCOST_H
#define DECKPRESS_SVGCOST_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Pixel operations: the unit of the cost model.  One is one pixel of
 * one cell of feMorphology's kernel, the most exact of its terms: about
 * 7 ns of librsvg 2.54 on the machine it was calibrated on (6 to 8.3 ns
 * over the cases of tests/tools/svgcalib.py).  An SVG whose filters and
 * masks would cost more than this is not drawn: there, about 0.8 s at
 * most, and 0.5 s for the usual drop shadow (blur, offset, flood,
 * composite, merge), which the model puts 1.3 to 1.7 times too high --
 * on a card of 63 x 88 mm drawn at 600 px to the inch (1488 x 2079 px)
 * it costs 79 million.
 */
#define MAX_FILTER_OPS	100e6
/*
 * Bytes of the canvas-sized layers librsvg holds at once: those the
 * recording keeps, one a filter or mask drawn, and those a filter
 * works in while it runs.
 */
#define MAX_LAYER_BYTES	(160.0 * 1024 * 1024)

struct svgcost;

/* An empty reading; the caller frees it with art_svgcost_free(). */
struct svgcost	*art_svgcost_new(void);
void		 art_svgcost_free(struct svgcost *c);

/*
 * The document as svgscan.c reads it, in order: element i, named el,
 * a child of parent (SIZE_MAX for the root); each of its attributes;
 * the text inside it; its end.  Elements are numbered from 0 without
 * a gap.  art_svgcost_done() after the last.
 */
void		 art_svgcost_element(struct svgcost *c, size_t i,
		    size_t parent, const char *el);
void		 art_svgcost_attr(struct svgcost *c, const char *an,
		    const char *v);
void		 art_svgcost_text(struct svgcost *c, const char *text);
void		 art_svgcost_end(struct svgcost *c, size_t i);
void		 art_svgcost_done(struct svgcost *c);

/*
 * What one drawing of each element costs at a canvas of w x h CSS
 * pixels (the size librsvg draws it at), into ops[i] (pixel operations
 * of its filters and mask) and layers[i] (the canvas-sized layers they
 * leave in the recording); *held, the most layers one filter holds at
 * once as it runs.  Each array has an entry for every element read.
 */
void		 art_svgcost_weigh(struct svgcost *c, double w, double h,
		    double *ops, double *layers, double *held);
/*
 * At least the vertices of element i if it is a shape markers are drawn
 * at (path, line, polyline, polygon), else 0.
 */
double		 art_svgcost_vertices(const struct svgcost *c, size_t i);
/* Is element i a marker? */
bool		 art_svgcost_marker(const struct svgcost *c, size_t i);
/*
 * Are the tiles of its patterns within bounds (svgtile.c)?  Else false,
 * with the phrase that says which is too large in why (n bytes).
 */
bool		 art_svgcost_tiles_ok(const struct svgcost *c, char *why,
		    size_t n);
/*
 * After art_svgcost_weigh(): the costliest filter or mask an element
 * uses, described ("filter 'f' (feMorphology radius 1000 over 2000 x
 * 2000 px)"), and into *only whether it is the only one; NULL if none
 * is used.  Valid until c is freed or weighed again.
 */
const char	*art_svgcost_costliest(const struct svgcost *c, bool *only);

#endif
