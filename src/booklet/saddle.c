/* SPDX-License-Identifier: MIT */
/*
 * A folded booklet: pages imposed two to a side of paper in saddle-
 * stitch order, so that the printed stack, folded once and stapled,
 * reads 1, 2, 3 ...  Part of the booklet stage.
 */
#include <cairo.h>

#include "../pdf/pdf.h"
#include "booklet.h"

void
booklet_saddle(size_t n, size_t k, size_t *left, size_t *right)
{
	/* Side k holds pages n-k | k+1 on a sheet's front (k even), and
	 * k+1 | n-k on its back. */
	if (k % 2 == 0) {
		*left = n - k;
		*right = k + 1;
	} else {
		*left = k + 1;
		*right = n - k;
	}
}

void
booklet_draw_side(cairo_t *cr, const struct fonts *f, const struct bflow *fl,
    size_t k, const struct bstyle *s, const char *footer)
{
	size_t n = (fl->n + 3) / 4 * 4, p[2], half, pg;

	booklet_saddle(n, k, &p[0], &p[1]);
	/* Pages drawn in the order they fold, not the order they read:
	 * untagged (Cairo 1.16 keeps its tree in drawing order). */
	pdf_tag_pause(cr, true);
	for (half = 0; half < 2; half++) {
		pg = p[half] - 1;	/* 0-based */
		if (pg >= fl->n)
			continue;	/* a blank page of the padding */
		cairo_save(cr);
		/* The pair centred on the sheet: the fold in its middle. */
		cairo_translate(cr, (s->sheet_w - 2 * s->page_w) / 2 +
		    half * s->page_w, 0);
		cairo_rectangle(cr, 0, 0, s->page_w, s->page_h);
		cairo_clip(cr);
		booklet_draw(cr, f, fl, pg, s, footer, (int)pg + 1);
		cairo_restore(cr);
	}
	pdf_tag_pause(cr, false);
}
