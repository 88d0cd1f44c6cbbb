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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <pango/pangocairo.h>

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
 */
static void
range_links(cairo_t *cr, PangoLayout *l, int first, int last, double x,
    double y, int start, int end, size_t page)
{
	PangoLayoutIter *it = pango_layout_get_iter(l);
	double top = 0;
	int i = 0, y0, y1, a, b, xa, xb;

	do {
		PangoLayoutLine *ln = pango_layout_iter_get_line_readonly(it);
		PangoRectangle log;

		pango_layout_iter_get_line_yrange(it, &y0, &y1);
		if (i == first)
			top = pango_units_to_double(y0);
		a = start > ln->start_index ? start : ln->start_index;
		b = end < ln->start_index + ln->length ? end :
		    ln->start_index + ln->length;
		if (i >= first && a < b) {
			pango_layout_iter_get_line_extents(it, NULL, &log);
			pango_layout_line_index_to_x(ln, a, 0, &xa);
			pango_layout_line_index_to_x(ln, b, 0, &xb);
			if (xb < xa) {
				int t = xa;

				xa = xb;
				xb = t;
			}
			pdf_link(cr, x + pango_units_to_double(log.x + xa),
			    y + pango_units_to_double(y0) - top,
			    pango_units_to_double(xb - xa),
			    pango_units_to_double(y1 - y0), page);
		}
		i++;
	} while (i < last && pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
}

/* The key of a layout's references (g_object_set_data). */
#define REFS_KEY	"deckpress-refs"

/* Is a the span of a card reference (mdinline.h)? */
static gboolean
is_ref(PangoAttribute *a, gpointer unused)
{
	(void)unused;
	return a->klass->type == PANGO_ATTR_FONT_FEATURES &&
	    strncmp(((PangoAttrFontFeatures *)a)->features, MDREF_FEATURE,
	    strlen(MDREF_FEATURE)) == 0;
}

void
booklet_refs_take(PangoLayout *l)
{
	PangoAttrList *al = pango_layout_get_attributes(l), *refs;
	GSList *v, *e;
	long *ref;
	size_t n = 0;

	if (al == NULL)
		return;
	/* The layout keeps its own list: change a copy, then set it. */
	al = pango_attr_list_copy(al);
	refs = pango_attr_list_filter(al, is_ref, NULL);
	if (refs == NULL) {
		pango_attr_list_unref(al);
		return;
	}
	/* Start, end and card of each, then a -1. */
	v = pango_attr_list_get_attributes(refs);
	ref = xcalloc(3 * g_slist_length(v) + 1, sizeof(*ref));
	for (e = v; e != NULL; e = e->next) {
		const PangoAttribute *a = e->data;

		ref[n++] = (long)a->start_index;
		ref[n++] = (long)a->end_index;
		ref[n++] = strtol(((const PangoAttrFontFeatures *)a)->features +
		    strlen(MDREF_FEATURE), NULL, 10);
	}
	ref[n] = -1;
	g_slist_free_full(v, (GDestroyNotify)pango_attribute_destroy);
	pango_attr_list_unref(refs);
	pango_layout_set_attributes(l, al);
	pango_attr_list_unref(al);
	g_object_set_data_full(G_OBJECT(l), REFS_KEY, ref, free);
}

/*
 * The references in lines [first, last) of l, placed with the top of
 * line first at (x, y): each to the page of its card, if it has one.
 */
static void
layout_refs(cairo_t *cr, const struct bflow *fl, PangoLayout *l, int first,
    int last, double x, double y)
{
	const long *ref = g_object_get_data(G_OBJECT(l), REFS_KEY);
	size_t k;

	for (k = 0; ref != NULL && ref[k] >= 0; k += 3)
		if ((size_t)ref[k + 2] < fl->links->ncards)
			range_links(cr, l, first, last, x, y, (int)ref[k],
			    (int)ref[k + 1],
			    fl->links->card_page[ref[k + 2]]);
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
