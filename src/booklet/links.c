/* SPDX-License-Identifier: MIT */
/*
 * A pack's links, drawn with the page they lie on: each index entry to
 * the page it names, each [[card:]] reference of the text to the page
 * that prints its card's front.  A link is a rectangle over what it
 * names, one per line a wrapped reference covers (Cairo's link tag,
 * which writes a /Link annotation) to a page named as the pack draws
 * it.  A reference's mark is taken out of its layout before anything is
 * drawn (flow.c), its range and card kept.  Part of the booklet stage,
 * called by draw.c for each placed block.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "linetab.h"
#include "reflinks.h"
#include "mdinline.h"
#include "../pdf/pdf.h"

/* An index entry: its whole row, name to number, to its page. */
static void
index_link(cairo_t *cr, const struct bplaced *it)
{
	char *end;
	unsigned long page = strtoul(it->b->page, &end, 10);

	if (end != it->b->page && *end == '\0')
		pdf_link(cr, it->x, it->y, it->w, it->h, page);
}

/*
 * Bytes [start, end) of l's text, on lines [first, last) of it placed
 * with the top of line first at (x, y): a link over each line's part.
 * Only the lines the bytes are on are looked at.
 */
static void
range_links(cairo_t *cr, const struct linetab *t, int first, int last,
    double x, double y, int start, int end, size_t page)
{
	double top = pango_units_to_double(t->v[first].y0);
	int i, a, b, xa, xb;

	for (i = booklet_line_after(t, first, start); i < last && i < t->n &&
	    t->v[i].start < end; i++) {
		const struct tline *ln = &t->v[i];

		a = start > ln->start ? start : ln->start;
		b = end < ln->start + ln->len ? end : ln->start + ln->len;
		if (a >= b)
			continue;
		pango_layout_line_index_to_x(ln->line, a, 0, &xa);
		pango_layout_line_index_to_x(ln->line, b, 0, &xb);
		if (xb < xa) {
			int tmp = xa;

			xa = xb;
			xb = tmp;
		}
		pdf_link(cr, x + pango_units_to_double(ln->x + xa),
		    y + pango_units_to_double(ln->y0) - top,
		    pango_units_to_double(xb - xa),
		    pango_units_to_double(ln->y1 - ln->y0), page);
	}
}

/* The key of a layout's references (g_object_set_data). */
#define REFS_KEY	"deckpress-refs"

/* Is a the span of a card reference (mdinline.h)? */
static bool
is_ref(const PangoAttribute *a)
{
	return a->klass->type == PANGO_ATTR_FONT_FEATURES &&
	    strncmp(((const PangoAttrFontFeatures *)a)->features,
	    MDREF_FEATURE, strlen(MDREF_FEATURE)) == 0;
}

/* A layout's references: start, end and card of each, by start. */
struct refs {
	size_t	n;
	long	v[];		/* 3 * n */
};

/* Add reference a to r, unless it is inside the last one. */
static void
add_ref(struct refs *r, const PangoAttribute *a)
{
	long *p;

	/* One inside another (only a <dp-ref> written by hand can be)
	 * draws no link of its own: so the references are in order of
	 * their ends too, which layout_refs() searches. */
	if (r->n > 0 && (long)a->start_index < r->v[3 * r->n - 2])
		return;
	p = r->v + 3 * r->n++;
	p[0] = (long)a->start_index;
	p[1] = (long)a->end_index;
	p[2] = strtol(((const PangoAttrFontFeatures *)a)->features +
	    strlen(MDREF_FEATURE), NULL, 10);
}

/*
 * The attributes are split in one pass, each kept one appended to a
 * new list in the old one's order (at its end: no search); Pango's
 * pango_attr_list_filter() moves the rest of the list up for each one
 * it takes out, which costs the square of a long paragraph's.
 */
void
booklet_refs_take(PangoLayout *l)
{
	PangoAttrList *al = pango_layout_get_attributes(l), *kept;
	GSList *v, *e;
	struct refs *r;

	if (al == NULL)
		return;
	v = pango_attr_list_get_attributes(al);
	r = xmalloc(sizeof(*r) + 3 * g_slist_length(v) * sizeof(long));
	r->n = 0;
	kept = pango_attr_list_new();
	for (e = v; e != NULL; e = e->next)
		if (is_ref(e->data)) {
			add_ref(r, e->data);
			pango_attribute_destroy(e->data);
		} else
			pango_attr_list_insert(kept, e->data);
	g_slist_free(v);
	if (r->n > 0) {
		/* The layout keeps its own list: set the new one. */
		pango_layout_set_attributes(l, kept);
		g_object_set_data_full(G_OBJECT(l), REFS_KEY, r, free);
	} else
		free(r);
	pango_attr_list_unref(kept);
}

/* The first of references r that ends after byte off: a binary search. */
static size_t
ref_after(const struct refs *r, long off)
{
	size_t lo = 0, hi = r->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (r->v[3 * mid + 1] > off)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/*
 * The references in lines [first, last) of l, placed with the top of
 * line first at (x, y): each to the page of its card, if it has one.
 * Only those on these lines are looked at: a long paragraph is placed
 * on many pages.
 */
static void
layout_refs(cairo_t *cr, const struct bflow *fl, PangoLayout *l, int first,
    int last, double x, double y)
{
	const struct refs *r = g_object_get_data(G_OBJECT(l), REFS_KEY);
	const struct linetab *t;
	const long *ref;
	long from, to;
	size_t k;

	if (r == NULL)
		return;
	t = booklet_lines(l);
	if (first < 0 || first >= t->n || last <= first)
		return;
	from = t->v[first].start;
	to = last < t->n ? t->v[last].start : LONG_MAX;
	for (k = ref_after(r, from); k < r->n && r->v[3 * k] < to; k++) {
		ref = r->v + 3 * k;
		if ((size_t)ref[2] < fl->links->ncards)
			range_links(cr, t, first, last, x, y, (int)ref[0],
			    (int)ref[1], fl->links->card_page[ref[2]]);
	}
}

/* The references of a table row: its cells placed as draw.c does. */
static void
row_refs(cairo_t *cr, const struct bflow *fl, const struct bplaced *it)
{
	double x = it->x;
	size_t c;

	for (c = 0; c < it->nlayouts; c++) {
		layout_refs(cr, fl, it->layouts[c], 0,
		    pango_layout_get_line_count(it->layouts[c]), x + 4.0,
		    it->y + 4.0);
		x += pango_units_to_double(pango_layout_get_width(
		    it->layouts[c])) + 8.0;
	}
}

void
booklet_links(cairo_t *cr, const struct bflow *fl, const struct bplaced *it)
{
	if (fl->links == NULL)
		return;
	if (it->b->kind == B_INDEX && it->b->page != NULL)
		index_link(cr, it);
	else if (it->b->kind == B_TABLE)
		row_refs(cr, fl, it);
	else if (it->nlayouts == 1)
		layout_refs(cr, fl, it->layouts[0], it->first, it->last,
		    it->x, it->y);
}
