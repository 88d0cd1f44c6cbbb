/* SPDX-License-Identifier: MIT */
/*
 * A pack's links, drawn with the page they lie on: each index entry to
 * the page it names, each [[card:]] reference of the text to the page
 * that prints its card's front.  A link is a rectangle over what it
 * names, one per line a wrapped reference covers (Cairo's link tag,
 * which writes a /Link annotation).  Part of the booklet stage, called
 * by draw.c for each placed block.
 */
#include <stdio.h>
#include <stdlib.h>

#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "booklet.h"

/* A page's destination name: the links go to "p12". */
#define DEST_FMT	"p%zu"

void
booklet_dest(cairo_t *cr, size_t page)
{
	char attrs[64];

	snprintf(attrs, sizeof(attrs), "name='" DEST_FMT "' x=0 y=0", page);
	cairo_tag_begin(cr, CAIRO_TAG_DEST, attrs);
	cairo_tag_end(cr, CAIRO_TAG_DEST);
}

/* A link over x, y, w, h (pt, on the page) to 1-based page page. */
static void
link_rect(cairo_t *cr, double x, double y, double w, double h, size_t page)
{
	char attrs[160];

	if (w <= 0 || h <= 0 || page == 0)
		return;
	/* To a named destination: Cairo 1.16 writes page=N of a page
	 * not yet drawn as a link to nowhere. */
	snprintf(attrs, sizeof(attrs), "rect=[%.2f %.2f %.2f %.2f] "
	    "dest='" DEST_FMT "'", x, y, w, h, page);
	cairo_tag_begin(cr, CAIRO_TAG_LINK, attrs);
	cairo_tag_end(cr, CAIRO_TAG_LINK);
}

/* An index entry: its whole row, name to number, to its page. */
static void
index_link(cairo_t *cr, const struct bplaced *it)
{
	char *end;
	unsigned long page = strtoul(it->b->page, &end, 10);

	if (end != it->b->page && *end == '\0')
		link_rect(cr, it->x, it->y, it->w, it->h, page);
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
			link_rect(cr, x + pango_units_to_double(log.x + xa),
			    y + pango_units_to_double(y0) - top,
			    pango_units_to_double(xb - xa),
			    pango_units_to_double(y1 - y0), page);
		}
		i++;
	} while (i < last && pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
}

/* The key of a layout's reference ranges (g_object_set_data). */
#define REFS_KEY	"deckpress-refs"

/* The ranges of a layout's references: start, end, ... and a -1. */
static gboolean
is_ref(PangoAttribute *a, gpointer unused)
{
	(void)unused;
	return a->klass->type == PANGO_ATTR_FALLBACK;
}

void
booklet_refs_take(PangoLayout *l)
{
	PangoAttrList *al = pango_layout_get_attributes(l), *refs;
	GSList *v, *e;
	int *range;
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
	v = pango_attr_list_get_attributes(refs);
	range = xcalloc(2 * g_slist_length(v) + 1, sizeof(*range));
	for (e = v; e != NULL; e = e->next) {
		const PangoAttribute *a = e->data;

		range[n++] = (int)a->start_index;
		range[n++] = (int)a->end_index;
	}
	range[n] = -1;
	g_slist_free_full(v, (GDestroyNotify)pango_attribute_destroy);
	pango_attr_list_unref(refs);
	pango_layout_set_attributes(l, al);
	pango_attr_list_unref(al);
	g_object_set_data_full(G_OBJECT(l), REFS_KEY, range, free);
}

/*
 * The references of a block of text: the n-th range its layout keeps
 * is its n-th reference (nothing else makes the span).  A count that
 * does not match (Pango merged two that touch) links none, rather than
 * any to the wrong card.
 */
static void
ref_links(cairo_t *cr, const struct bflow *fl, const struct bplaced *it)
{
	const struct bblock *b = it->b;
	const int *range = g_object_get_data(G_OBJECT(it->layouts[0]),
	    REFS_KEY);
	size_t n, k, card;

	for (n = 0; range != NULL && range[2 * n] >= 0; n++)
		;
	for (k = 0; n == b->nrefs && k < n; k++) {
		card = b->refs[k];
		if (card < fl->links->ncards)
			range_links(cr, it->layouts[0], it->first, it->last,
			    it->x, it->y, range[2 * k], range[2 * k + 1],
			    fl->links->card_page[card]);
	}
}

void
booklet_links(cairo_t *cr, const struct bflow *fl, const struct bplaced *it)
{
	if (fl->links == NULL)
		return;
	if (it->b->kind == B_INDEX && it->b->page != NULL)
		index_link(cr, it);
	else if (it->b->nrefs > 0 && it->nlayouts == 1)
		ref_links(cr, fl, it);
}
