/* SPDX-License-Identifier: MIT */
/*
 * A folded booklet: pages imposed two to a side of paper in saddle-
 * stitch order, so that the printed stack, folded once and stapled,
 * reads 1, 2, 3 ...  Its structure is the A4 booklet's, in reading
 * order: each page is drawn with the elements open at its start opened
 * again (each joined to its part on the page before), and closed at its
 * end, and the finished PDF puts the pages' elements in reading order
 * (pdf_tag_order()).  Part of the booklet stage.
 */
#include <string.h>

#include <cairo.h>
#include <glib.h>

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

/* The block placed after item k of page p, as booklet_draw() sees it. */
static const struct bblock *
next_block(const struct bflow *fl, size_t p, size_t k)
{
	if (k + 1 < fl->pages[p].n)
		return fl->pages[p].v[k + 1].b;
	return p + 1 < fl->n && fl->pages[p + 1].n > 0 ?
	    fl->pages[p + 1].v[0].b : NULL;
}

/*
 * The names of the elements open at the start of page i, outermost
 * first: what booklet_draw() keeps open over the page breaks before it
 * (each block's tag_open opened where it begins, its tag_close closed
 * where it ends, a table's Table inside them).
 */
static GPtrArray *
open_at(const struct bflow *fl, size_t i)
{
	GPtrArray *st = g_ptr_array_new_with_free_func(g_free);
	const struct bblock *prev;
	size_t p, k;
	int c;

	for (p = 0; p < i && p < fl->n; p++) {
		prev = p > 0 && fl->pages[p - 1].n > 0 ?
		    fl->pages[p - 1].v[fl->pages[p - 1].n - 1].b : NULL;
		for (k = 0; k < fl->pages[p].n; k++) {
			const struct bblock *b = fl->pages[p].v[k].b;
			char **v;
			size_t m;

			if (b != prev) {
				v = g_strsplit(b->tag_open ? b->tag_open :
				    "", " ", -1);
				/* "L=Decimal": the L, its numbering
				 * with its first part. */
				for (m = 0; v[m] != NULL; m++)
					if (*v[m] != '\0')
						g_ptr_array_add(st, g_strndup(
						    v[m], strcspn(v[m], "=")));
				g_strfreev(v);
				if (b->kind == B_TABLE)
					g_ptr_array_add(st, g_strdup("Table"));
			}
			if (next_block(fl, p, k) != b) {
				c = b->tag_close + (b->kind == B_TABLE);
				while (c-- > 0 && st->len > 0)
					g_ptr_array_remove_index(st,
					    st->len - 1);
			}
			prev = b;
		}
	}
	return st;
}

/*
 * Page pg drawn alone, read at its place: the elements open at its
 * start opened again, each joined to its part on the page before, and
 * all it leaves open closed.
 */
static void
draw_alone(cairo_t *cr, const struct fonts *f, const struct bflow *fl,
    size_t pg, const struct bstyle *s, const char *footer)
{
	GPtrArray *st = open_at(fl, pg);
	size_t depth = pdf_tag_depth(cr), i;

	pdf_tag_order(cr, pg);
	for (i = 0; i < st->len; i++)
		if (pdf_tag_begin(cr, st->pdata[i]))
			pdf_tag_join(cr);
	booklet_draw(cr, f, fl, pg, s, footer, (int)pg + 1);
	while (pdf_tag_depth(cr) > depth)
		pdf_tag_end(cr);
	g_ptr_array_free(st, TRUE);
}

void
booklet_draw_side(cairo_t *cr, const struct fonts *f, const struct bflow *fl,
    size_t k, const struct bstyle *s, const char *footer)
{
	size_t n = (fl->n + 3) / 4 * 4, p[2], half, pg;

	booklet_saddle(n, k, &p[0], &p[1]);
	/* Pages drawn in the order they fold, not the order they read
	 * (Cairo 1.16 keeps its tree in drawing order): put in reading
	 * order when finished. */
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
		draw_alone(cr, f, fl, pg, s, footer);
		cairo_restore(cr);
	}
}
