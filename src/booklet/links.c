/* SPDX-License-Identifier: MIT */
/*
 * A pack's links, drawn with the text they lie on: each index entry's
 * name to the page it names, each [[card:]] reference of the text to
 * the page that prints its card's front.  A link is one annotation
 * (Cairo's link tag) over the pieces of what it names, one per line a
 * wrapped reference covers, named by its text (the entry, the card's
 * title), to a page named as the pack draws it; its Link element holds
 * that text, drawn inside it, in the paragraph, index entry or cell
 * where it is read.  The rest of such a block's text is drawn in Spans
 * that the finished PDF gives back to the block (Cairo marks content
 * only in an element with no element inside it).  A reference's mark
 * is taken out of its layout before anything is drawn (flow.c), its
 * range and card kept.  Part of the booklet stage, called by draw.c.
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

/* A link's name: bytes [start, end) of text, less soft hyphens. */
static char *
link_name(const char *text, int start, int end)
{
	GString *g = g_string_sized_new((gsize)(end - start));
	int i;

	for (i = start; i < end; i++) {
		if (strncmp(text + i, "\xC2\xAD", 2) == 0 && i + 1 < end) {
			i++;
			continue;
		}
		g_string_append_c(g, text[i]);
	}
	return g_string_free(g, FALSE);
}

/*
 * The rectangles (x, y, w, h each, pt) over bytes [start, end) of t's
 * lines [from, last), the lines placed with the top of line first at
 * (x, y), into r (at most max); how many.
 */
static size_t
range_rects(const struct linetab *t, int first, int from, int last,
    double x, double y, int start, int end, double *r, size_t max)
{
	double top = pango_units_to_double(t->v[first].y0);
	size_t n = 0;
	int i, a, b, xa, xb;

	for (i = booklet_line_after(t, from, start); i < last && i < t->n &&
	    t->v[i].start < end && n < max; i++) {
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
		r[4 * n] = x + pango_units_to_double(ln->x + xa);
		r[4 * n + 1] = y + pango_units_to_double(ln->y0) - top;
		r[4 * n + 2] = pango_units_to_double(xb - xa);
		r[4 * n + 3] = pango_units_to_double(ln->y1 - ln->y0);
		n++;
	}
	return n;
}

/* A reference wraps over a few lines at most: a card's title. */
#define MAXRECTS	16

/*
 * Open the link of reference ref (start, end, card) of l, over its
 * pieces on lines [from, last), the lines placed with the top of line
 * first at (x, y); false if its card has no page.
 */
static bool
ref_begin(cairo_t *cr, const struct bflow *fl, PangoLayout *l,
    const long *ref, int first, int from, int last, double x, double y)
{
	const struct linetab *t = booklet_lines(l);
	double r[4 * MAXRECTS];
	size_t n, page;
	char *name;
	bool ok;

	if ((size_t)ref[2] >= fl->links->ncards ||
	    (page = fl->links->card_page[ref[2]]) == 0)
		return false;
	n = range_rects(t, first, from, last, x, y, (int)ref[0], (int)ref[1],
	    r, MAXRECTS);
	name = link_name(pango_layout_get_text(l), (int)ref[0], (int)ref[1]);
	ok = pdf_link_begin(cr, r, n, page, name);
	g_free(name);
	return ok;
}

/* What a block's text is drawn in: nothing, a Span, or a Link. */
enum inside { IN_NONE, IN_SPAN, IN_LINK };

/* Close what is open; then, if want is a Span, open one. */
static enum inside
switch_to(cairo_t *cr, enum inside now, enum inside want)
{
	if (now == want)
		return now;
	if (now == IN_SPAN)
		pdf_tag_end(cr);
	else if (now == IN_LINK)
		pdf_link_end(cr);
	if (want == IN_SPAN && pdf_tag_begin(cr, "Span")) {
		pdf_tag_unwrap(cr);
		return IN_SPAN;
	}
	return IN_NONE;
}

bool
booklet_draw_linked(cairo_t *cr, const struct bflow *fl, PangoLayout *l,
    int first, int last, double x, double y)
{
	const struct refs *r = fl->links != NULL ? g_object_get_data(
	    G_OBJECT(l), REFS_KEY) : NULL;
	const struct linetab *t;
	enum inside in = IN_NONE;
	size_t k;
	double top;
	int i, pos, end, lend;

	if (r == NULL)
		return false;
	t = booklet_lines(l);
	if (first < 0 || first >= t->n || last <= first)
		return true;
	top = pango_units_to_double(t->v[first].y0);
	k = ref_after(r, t->v[first].start);
	for (i = first; i < last && i < t->n; i++) {
		pos = t->v[i].start;
		lend = pos + t->v[i].len;
		while (pos < lend) {
			while (k < r->n && r->v[3 * k + 1] <= pos)
				k++;
			if (k < r->n && r->v[3 * k] <= pos) {
				/* In reference k: its link, opened where it
				 * begins on this page. */
				if (in != IN_LINK) {
					in = switch_to(cr, in, IN_NONE);
					if (ref_begin(cr, fl, l, r->v + 3 * k,
					    first, i, last, x, y))
						in = IN_LINK;
				}
				end = (int)r->v[3 * k + 1];
			} else {
				in = switch_to(cr, in, IN_SPAN);
				end = k < r->n ? (int)r->v[3 * k] : lend;
			}
			if (end > lend)
				end = lend;
			if (end <= pos)
				break;
			cairo_move_to(cr, x + pango_units_to_double(t->v[i].x),
			    y + pango_units_to_double(t->v[i].baseline) - top);
			layout_show_line_part(cr, t->v[i].line, pos, end);
			pos = end;
		}
	}
	switch_to(cr, in, IN_NONE);
	return true;
}

bool
booklet_index_link(cairo_t *cr, const struct bflow *fl,
    const struct bplaced *it)
{
	char *end, *name;
	unsigned long page;
	double r[4];
	PangoLayout *l = it->layouts[0];
	bool ok;

	if (fl->links == NULL || it->b->kind != B_INDEX ||
	    it->b->page == NULL)
		return false;
	page = strtoul(it->b->page, &end, 10);
	if (end == it->b->page || *end != '\0')
		return false;
	/* The whole row, name to number: what a reader clicks. */
	r[0] = it->x;
	r[1] = it->y;
	r[2] = it->w;
	r[3] = it->h;
	name = link_name(pango_layout_get_text(l), 0,
	    (int)strlen(pango_layout_get_text(l)));
	ok = pdf_link_begin(cr, r, 1, page, name);
	g_free(name);
	return ok;
}
