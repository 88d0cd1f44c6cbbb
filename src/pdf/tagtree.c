/* SPDX-License-Identifier: MIT */
/*
 * The tagged PDF's structure tree.  The drawing stages open and close
 * structure elements with Cairo's tag API through pdf_tag_begin() and
 * pdf_tag_end(), which also count them: the n-th element opened is the
 * n-th met walking the finished tree in order.  What Cairo 1.16 cannot
 * write -- a figure's /Alt, a text's own /Lang, one paragraph over two
 * pages, a card's back
 * read with its front on another page, a link's /Contents, attributes
 * (/Scope, /ListNumbering), a Span whose content goes back to its
 * paragraph, pages drawn out of reading order -- is noted against that
 * count and done by pdf_finish() with libqpdf (pdf_tags_finish()).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cairo-pdf.h>
#include <glib.h>
#include <qpdf/qpdf-c.h>

#include "finishing.h"

enum tnote_kind { TN_ALT, TN_LANG, TN_JOIN, TN_FIRST, TN_UNWRAP,
    TN_CONTENTS, TN_ATTR, TN_ORDER };

struct tnote {
	enum tnote_kind	 kind;
	size_t		 elem;		/* element, by order of opening */
	size_t		 other;		/* TN_JOIN: joined to this one
					   (SIZE_MAX: the one before);
					   TN_ORDER: its place in reading */
	bool		 ahead;		/* TN_JOIN: its kids go first */
	char		*text;		/* TN_ALT, TN_LANG, TN_CONTENTS;
					   TN_ATTR: "Owner Key Value";
					   owned */
};

struct pdftags {
	size_t		 n;		/* elements opened so far */
	size_t		 last;		/* the latest opened */
	int		 pause;		/* > 0: draw untagged */
	bool		 art;		/* Cairo's Artifact open (ARTIFACTS) */
	char		**open;		/* owned: the names open, innermost
					   last */
	size_t		 nopen, capopen;
	struct tnote	*v;
	size_t		 nv, cap;
	GHashTable	*cards;		/* card -> its first face's Sect + 1,
					   and whether that is a back */
	bool		 flawed;	/* holds what PDF/UA forbids: no
					   claim to it (pdf_tag_flaw()) */
	const char	*title;		/* a card title's element: "H" */
	size_t		 order;		/* the place in reading of what is
					   drawn, + 1 (0: as drawn) */
};

static const cairo_user_data_key_t tags_key;

static struct tnote *note_on(struct pdftags *g, enum tnote_kind kind,
    size_t elem);
static void note(cairo_t *cr, enum tnote_kind kind, const char *text,
    size_t other);

/*
 * Cairo 1.16 marks content only in an element with no element inside
 * it; what is drawn outside those (folios, rules, marks, a card's
 * frame) is in no marked content, and pdf_finish() makes it artifacts
 * (artifact.c).  Cairo 1.18 marks text in whatever element is open,
 * the Document or a Sect too, and with it the drawing around it: the
 * folios would be the Document's content.  With 1.18 what is drawn
 * while an element that holds others is the innermost open is put in
 * Cairo's own Artifact (which 1.16 refuses) as it is drawn, so that the
 * finished tree is the same.
 */
#if CAIRO_VERSION >= CAIRO_VERSION_ENCODE(1, 18, 0)
#define ARTIFACTS	1
#else
#define ARTIFACTS	0
#endif

/* Does element name hold others, not content (md.c, card.c, draw.c)? */
static bool
holds(const char *name)
{
	static const char *const v[] = { "Document", "Sect", "L", "LI",
	    "LBody", "BlockQuote", "TOC", "Table", "TR" };
	size_t i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		if (strcmp(name, v[i]) == 0)
			return true;
	return false;
}

/*
 * Close Cairo's Artifact, if open: before any other tag (an Artifact
 * holds none) and at the end of a page (it would go on to the next one
 * as marked content).
 */
static void
art_end(cairo_t *cr, struct pdftags *g)
{
	if (ARTIFACTS && g != NULL && g->art) {
		cairo_tag_end(cr, "Artifact");
		g->art = false;
	}
}

/* Open one, if the innermost element open holds others. */
static void
art_begin(cairo_t *cr, struct pdftags *g)
{
	if (ARTIFACTS && g != NULL && !g->art && g->nopen > 0 &&
	    holds(g->open[g->nopen - 1])) {
		cairo_tag_begin(cr, "Artifact", "");
		g->art = true;
	}
}

/*
 * The recorder of the PDF that cr draws on, or NULL: a recording
 * surface (a face drawn once and painted again), a group or a PNG is
 * drawn untagged.  Cairo 1.16 leaves a tag inside
 * a recording out of the tree and stops the PDF with an error.
 */
static struct pdftags *
recorder(cairo_t *cr)
{
	cairo_surface_t *t = cairo_get_group_target(cr);

	if (cairo_surface_get_type(t) != CAIRO_SURFACE_TYPE_PDF)
		return NULL;
	return cairo_surface_get_user_data(t, &tags_key);
}

/* The recorder, unless drawing is paused: then untagged too. */
static struct pdftags *
tags_of(cairo_t *cr)
{
	struct pdftags *g = recorder(cr);

	return g != NULL && g->pause == 0 ? g : NULL;
}

void
pdf_tagged(struct pdfout *p)
{
	p->tags = xcalloc(1, sizeof(*p->tags));
	p->tags->title = "H";
	cairo_surface_set_user_data(p->surf, &tags_key, p->tags, NULL);
	pdf_tag_begin(p->cr, "Document");
}

void
pdf_tags_page(struct pdfout *p, bool end)
{
	if (end)
		art_end(p->cr, p->tags);
	else
		art_begin(p->cr, p->tags);
}

void
pdf_tags_end(struct pdfout *p)
{
	struct pdftags *g = p->tags;

	/* Directly, not through tags_of(): a surface in error (a full
	 * disk) is no longer a PDF one, and its names must go anyway. */
	art_end(p->cr, g);
	while (g != NULL && g->nopen > 0) {
		cairo_tag_end(p->cr, g->open[g->nopen - 1]);
		g_free(g->open[--g->nopen]);
	}
}

void
pdf_tags_free(struct pdftags *g)
{
	size_t i;

	if (g == NULL)
		return;
	for (i = 0; i < g->nv; i++)
		g_free(g->v[i].text);
	for (i = 0; i < g->nopen; i++)
		g_free(g->open[i]);
	if (g->cards != NULL)
		g_hash_table_destroy(g->cards);
	free(g->open);
	free(g->v);
	free(g);
}

bool
pdf_tag_begin(cairo_t *cr, const char *name)
{
	struct pdftags *g = tags_of(cr);

	if (g == NULL)
		return false;
	art_end(cr, g);
	cairo_tag_begin(cr, name, "");
	xgrow((void **)&g->open, &g->capopen, g->nopen + 1, sizeof(char *));
	g->open[g->nopen++] = g_strdup(name);
	g->last = g->n++;
	/* A page drawn out of order: its Document's kids are put in
	 * their place when finished. */
	if (g->order > 0 && g->nopen == 2)
		note_on(g, TN_ORDER, g->last)->other = g->order - 1;
	art_begin(cr, g);
	return true;
}

void
pdf_tag_end(cairo_t *cr)
{
	struct pdftags *g = tags_of(cr);

	if (g == NULL || g->nopen == 0)
		return;
	art_end(cr, g);
	cairo_tag_end(cr, g->open[g->nopen - 1]);
	g_free(g->open[--g->nopen]);
	art_begin(cr, g);
}

/* A page's destination name: the links go to "p12". */
#define DEST_FMT	"p%zu"

void
pdf_dest(cairo_t *cr, size_t page)
{
	char attrs[64];

	snprintf(attrs, sizeof(attrs), "name='" DEST_FMT "' x=0 y=0", page);
	art_end(cr, recorder(cr));
	cairo_tag_begin(cr, CAIRO_TAG_DEST, attrs);
	cairo_tag_end(cr, CAIRO_TAG_DEST);
	art_begin(cr, recorder(cr));
}

bool
pdf_link_begin(cairo_t *cr, const double *rects, size_t n, size_t page,
    const char *name)
{
	struct pdftags *g = recorder(cr);
	GString *a;
	size_t i;

	if (n == 0 || page == 0)
		return false;
	/* One annotation over every piece (its /QuadPoints): a reference
	 * that wraps is one link, with one name, for a screen reader. */
	a = g_string_new("rect=[");
	for (i = 0; i < 4 * n; i++)
		g_string_append_printf(a, "%s%.2f", i ? " " : "", rects[i]);
	g_string_append_printf(a, "] dest='" DEST_FMT "'", page);
	art_end(cr, g);
	cairo_tag_begin(cr, CAIRO_TAG_LINK, a->str);
	g_string_free(a, TRUE);
	if (g == NULL)
		return true;
	xgrow((void **)&g->open, &g->capopen, g->nopen + 1, sizeof(char *));
	g->open[g->nopen++] = g_strdup(CAIRO_TAG_LINK);
	g->last = g->n++;
	if (name != NULL && *name != '\0')
		note_on(g, TN_CONTENTS, g->last)->text = g_strdup(name);
	return true;
}

void
pdf_link_end(cairo_t *cr)
{
	struct pdftags *g = recorder(cr);

	art_end(cr, g);
	cairo_tag_end(cr, CAIRO_TAG_LINK);
	if (g != NULL && g->nopen > 0 &&
	    strcmp(g->open[g->nopen - 1], CAIRO_TAG_LINK) == 0)
		g_free(g->open[--g->nopen]);
	art_begin(cr, g);
}

void
pdf_tag_unwrap(cairo_t *cr)
{
	note(cr, TN_UNWRAP, NULL, 0);
}

void
pdf_tag_attr(cairo_t *cr, const char *owner, const char *key,
    const char *value)
{
	struct pdftags *g = tags_of(cr);
	char *text;

	if (g == NULL || g->n == 0)
		return;
	text = g_strdup_printf("%s %s %s", owner, key, value);
	note(cr, TN_ATTR, text, 0);
	g_free(text);
}

void
pdf_tag_flaw(cairo_t *cr)
{
	struct pdftags *g = recorder(cr);

	if (g != NULL)
		g->flawed = true;
}

void
pdf_tag_titles(struct pdfout *p, const char *name)
{
	if (p->tags != NULL)
		p->tags->title = name;
}

const char *
pdf_tag_title(cairo_t *cr)
{
	struct pdftags *g = recorder(cr);

	return g != NULL ? g->title : "H";
}

void
pdf_tag_order(cairo_t *cr, size_t place)
{
	struct pdftags *g = recorder(cr);

	if (g != NULL)
		g->order = place + 1;
}

size_t
pdf_tag_depth(cairo_t *cr)
{
	struct pdftags *g = tags_of(cr);

	return g != NULL ? g->nopen : 0;
}

void
pdf_tag_pause(cairo_t *cr, bool pause)
{
	cairo_surface_t *t = cairo_get_target(cr);
	struct pdftags *g = cairo_surface_get_user_data(t, &tags_key);

	if (g != NULL)
		g->pause += pause ? 1 : -1;
}

static struct tnote *
note_on(struct pdftags *g, enum tnote_kind kind, size_t elem)
{
	struct tnote *t;

	xgrow((void **)&g->v, &g->cap, g->nv + 1, sizeof(*g->v));
	t = &g->v[g->nv++];
	memset(t, 0, sizeof(*t));
	t->kind = kind;
	t->elem = elem;
	return t;
}

static void
note(cairo_t *cr, enum tnote_kind kind, const char *text, size_t other)
{
	struct pdftags *g = tags_of(cr);
	struct tnote *t;

	if (g == NULL || g->n == 0)
		return;
	t = note_on(g, kind, g->last);
	t->other = other;
	t->text = text != NULL ? g_strdup(text) : NULL;
}

void
pdf_tag_alt(cairo_t *cr, const char *alt)
{
	note(cr, TN_ALT, alt, 0);
}

void
pdf_tag_lang(cairo_t *cr, const char *lang)
{
	note(cr, TN_LANG, lang, 0);
}

void
pdf_tag_join(cairo_t *cr)
{
	note(cr, TN_JOIN, NULL, SIZE_MAX);
}

void
pdf_tag_first(cairo_t *cr)
{
	note(cr, TN_FIRST, NULL, 0);
}

size_t
pdf_tag_count(cairo_t *cr)
{
	struct pdftags *g = tags_of(cr);

	return g != NULL ? g->n : 0;
}

void
pdf_tag_card(cairo_t *cr, size_t elem, size_t card, bool back)
{
	struct pdftags *g = tags_of(cr);
	void *seen;
	size_t first;
	struct tnote *t;

	if (g == NULL || elem >= g->n)
		return;		/* the face opened no element */
	if (g->cards == NULL)
		g->cards = g_hash_table_new(g_direct_hash, g_direct_equal);
	/* Two faces a card: the value is the first's element, + 1 so
	 * it is never NULL, doubled, + 1 if a back. */
	seen = g_hash_table_lookup(g->cards, GSIZE_TO_POINTER(card + 1));
	if (seen == NULL) {
		g_hash_table_insert(g->cards, GSIZE_TO_POINTER(card + 1),
		    GSIZE_TO_POINTER((elem + 1) * 2 + (back ? 1 : 0)));
		return;
	}
	first = GPOINTER_TO_SIZE(seen) / 2 - 1;
	t = note_on(g, TN_JOIN, elem);
	t->other = first;
	/* A front drawn after its back (backs first) still reads first. */
	t->ahead = !back && GPOINTER_TO_SIZE(seen) % 2 == 1;
}

/* Finishing, with libqpdf. */

struct tree {
	qpdf_data	 q;
	qpdf_oh		*v;		/* the elements, in order */
	size_t		 n, cap;
};

static bool
same(qpdf_data q, qpdf_oh a, qpdf_oh b)
{
	return qpdf_oh_get_object_id(q, a) == qpdf_oh_get_object_id(q, b) &&
	    qpdf_oh_get_object_id(q, a) != 0;
}

/* o's /K as an array (a new one when it held one kid or none). */
static qpdf_oh
kids(qpdf_data q, qpdf_oh o)
{
	qpdf_oh k = qpdf_oh_get_key(q, o, "/K"), a;

	if (qpdf_oh_is_array(q, k))
		return k;
	a = qpdf_oh_new_array(q);
	if (!qpdf_oh_is_null(q, k))
		qpdf_oh_append_item(q, a, k);
	qpdf_oh_replace_key(q, o, "/K", a);
	return qpdf_oh_get_key(q, o, "/K");
}

static bool
is_elem(qpdf_data q, qpdf_oh o)
{
	return qpdf_oh_is_dictionary(q, o) && qpdf_oh_is_indirect(q, o) &&
	    qpdf_oh_has_key(q, o, "/S");
}

/* The elements under o, in order. */
static void
walk(struct tree *t, qpdf_oh o, int depth)
{
	qpdf_oh k = qpdf_oh_get_key(t->q, o, "/K");
	int i, n;

	if (depth > 64)
		return;
	if (!qpdf_oh_is_array(t->q, k)) {
		if (is_elem(t->q, k)) {
			xgrow((void **)&t->v, &t->cap, t->n + 1,
			    sizeof(*t->v));
			t->v[t->n++] = k;
			walk(t, k, depth + 1);
		}
		return;
	}
	n = qpdf_oh_get_array_n_items(t->q, k);
	for (i = 0; i < n; i++) {
		qpdf_oh c = qpdf_oh_get_array_item(t->q, k, i);

		/* libqpdf keeps every handle it gives until it is let go:
		 * a kid that is marked content, not an element, at once. */
		if (!is_elem(t->q, c)) {
			qpdf_oh_release(t->q, c);
			continue;
		}
		xgrow((void **)&t->v, &t->cap, t->n + 1, sizeof(*t->v));
		t->v[t->n++] = c;
		walk(t, c, depth + 1);
	}
	qpdf_oh_release(t->q, k);
}

/* Where e stands in its parent's /K; -1 if it is not there. */
static int
place_of(qpdf_data q, qpdf_oh parent, qpdf_oh e)
{
	qpdf_oh k = kids(q, parent);
	int i, n = qpdf_oh_get_array_n_items(q, k);

	for (i = 0; i < n; i++)
		if (same(q, qpdf_oh_get_array_item(q, k, i), e))
			return i;
	return -1;
}

/*
 * Elements joined to others while finishing: each stays where it is
 * until all are done, then leaves its parent's kids and the parent
 * tree once (a deck of 4000 cards has 4000 joins: one pass each would
 * take minutes).
 */
struct joins {
	GHashTable	*to;		/* object id -> the element it joined */
	GHashTable	*parents;	/* object ids of their parents */
	GArray		*heldby;	/* those parents */
};

static qpdf_oh
joined(qpdf_data q, const struct joins *j, qpdf_oh e)
{
	void *to;

	while ((to = g_hash_table_lookup(j->to, GINT_TO_POINTER(
	    qpdf_oh_get_object_id(q, e)))) != NULL)
		e = (qpdf_oh)GPOINTER_TO_UINT(to);
	return e;
}

static bool
gone(qpdf_data q, const struct joins *j, qpdf_oh e)
{
	return qpdf_oh_get_object_id(q, e) != 0 && g_hash_table_contains(
	    j->to, GINT_TO_POINTER(qpdf_oh_get_object_id(q, e)));
}

/* The parent tree's arrays (its /Nums, any /Kids) name what is left. */
static void
reparent(qpdf_data q, const struct joins *j, qpdf_oh node, int depth)
{
	qpdf_oh nums = qpdf_oh_get_key(q, node, "/Nums");
	qpdf_oh kd = qpdf_oh_get_key(q, node, "/Kids");
	int i, k, n;

	if (depth > 32)
		return;
	n = qpdf_oh_is_array(q, nums) ? qpdf_oh_get_array_n_items(q, nums) :
	    0;
	for (i = 1; i < n; i += 2) {
		qpdf_oh v = qpdf_oh_get_array_item(q, nums, i);
		int m = qpdf_oh_is_array(q, v) ?
		    qpdf_oh_get_array_n_items(q, v) : 0;

		if (gone(q, j, v))
			qpdf_oh_set_array_item(q, nums, i, joined(q, j, v));
		for (k = 0; k < m; k++) {
			qpdf_oh e = qpdf_oh_get_array_item(q, v, k);

			if (gone(q, j, e))
				qpdf_oh_set_array_item(q, v, k,
				    joined(q, j, e));
		}
	}
	n = qpdf_oh_is_array(q, kd) ? qpdf_oh_get_array_n_items(q, kd) : 0;
	for (i = 0; i < n; i++)
		reparent(q, j, qpdf_oh_get_array_item(q, kd, i), depth + 1);
}

/* The joined elements taken out of their parents' kids. */
static void
prune(qpdf_data q, const struct joins *j)
{
	guint p;
	int i, n;

	for (p = 0; p < j->heldby->len; p++) {
		qpdf_oh parent = g_array_index(j->heldby, qpdf_oh, p);
		qpdf_oh k = kids(q, parent), left = qpdf_oh_new_array(q);

		n = qpdf_oh_get_array_n_items(q, k);
		for (i = 0; i < n; i++)
			if (!gone(q, j, qpdf_oh_get_array_item(q, k, i)))
				qpdf_oh_append_item(q, left,
				    qpdf_oh_get_array_item(q, k, i));
		qpdf_oh_replace_key(q, parent, "/K", left);
	}
}

/* Marked content number mcid on page pg, as a kid elsewhere: an MCR. */
static qpdf_oh
mcr_of(qpdf_data q, qpdf_oh mcid, qpdf_oh pg)
{
	qpdf_oh mcr = qpdf_oh_new_dictionary(q);

	qpdf_oh_replace_key(q, mcr, "/Type", qpdf_oh_new_name(q, "/MCR"));
	qpdf_oh_replace_key(q, mcr, "/Pg", pg);
	qpdf_oh_replace_key(q, mcr, "/MCID", mcid);
	return mcr;
}

/*
 * Element b (the part of a block on the next page, a card's other
 * face) made one with a: its kids -- numbers of marked content on its
 * own page become marked content references naming that page -- after
 * a's (ahead: before them); b is then left out (prune, reparent).
 */
static void
join(qpdf_data q, struct joins *j, qpdf_oh a, qpdf_oh b, bool ahead)
{
	qpdf_oh ka = kids(q, a), kb = kids(q, b);
	qpdf_oh pg = qpdf_oh_get_key(q, b, "/Pg"), parent;
	int i, n = qpdf_oh_get_array_n_items(q, kb), id;

	if (!qpdf_oh_has_key(q, a, "/Pg") && !qpdf_oh_is_null(q, pg))
		qpdf_oh_replace_key(q, a, "/Pg", pg);
	for (i = 0; i < n; i++) {
		qpdf_oh c = qpdf_oh_get_array_item(q, kb, i);

		if (qpdf_oh_is_integer(q, c))
			c = mcr_of(q, c, pg);
		else if (gone(q, j, c))
			continue;	/* joined already (pages out of order) */
		else if (is_elem(q, c))
			qpdf_oh_replace_key(q, c, "/P", a);
		if (ahead)
			qpdf_oh_insert_item(q, ka, i, c);
		else
			qpdf_oh_append_item(q, ka, c);
	}
	qpdf_oh_replace_key(q, b, "/K", qpdf_oh_new_array(q));
	g_hash_table_insert(j->to, GINT_TO_POINTER(qpdf_oh_get_object_id(q,
	    b)), GUINT_TO_POINTER(a));
	parent = qpdf_oh_get_key(q, b, "/P");
	id = qpdf_oh_get_object_id(q, parent);
	if (!g_hash_table_contains(j->parents, GINT_TO_POINTER(id))) {
		g_hash_table_add(j->parents, GINT_TO_POINTER(id));
		g_array_append_val(j->heldby, parent);
	}
}

/* Element e made the first of its parent's kids (a card's title). */
static void
to_front(qpdf_data q, qpdf_oh e)
{
	qpdf_oh p = qpdf_oh_get_key(q, e, "/P");
	int at = place_of(q, p, e);

	if (at <= 0)
		return;
	qpdf_oh_erase_item(q, kids(q, p), at);
	qpdf_oh_insert_item(q, kids(q, p), 0, e);
}

/* The element before e among its parent's kids, or 0. */
static qpdf_oh
before(qpdf_data q, qpdf_oh e)
{
	qpdf_oh p = qpdf_oh_get_key(q, e, "/P");
	int at = place_of(q, p, e);

	return at > 0 ? qpdf_oh_get_array_item(q, kids(q, p), at - 1) : 0;
}

/*
 * Element e (a Span around the text of a paragraph between its links:
 * Cairo marks content only in an element with no element inside it)
 * replaced among its parent's kids by its own, each number of marked
 * content made a reference naming its page; e is then left out of the
 * parent tree (reparent) as a joined one is.
 */
static void
unwrap(qpdf_data q, struct joins *j, qpdf_oh e)
{
	qpdf_oh parent = qpdf_oh_get_key(q, e, "/P");
	qpdf_oh pg = qpdf_oh_get_key(q, e, "/Pg"), ke = kids(q, e), pk;
	int at = place_of(q, parent, e), i, n;

	if (at < 0)
		return;
	pk = kids(q, parent);
	qpdf_oh_erase_item(q, pk, at);
	n = qpdf_oh_get_array_n_items(q, ke);
	for (i = 0; i < n; i++) {
		qpdf_oh c = qpdf_oh_get_array_item(q, ke, i);

		if (qpdf_oh_is_integer(q, c) && !qpdf_oh_is_null(q, pg))
			c = mcr_of(q, c, pg);
		else if (is_elem(q, c))
			qpdf_oh_replace_key(q, c, "/P", parent);
		qpdf_oh_insert_item(q, pk, at + i, c);
	}
	if (!qpdf_oh_has_key(q, parent, "/Pg") && !qpdf_oh_is_null(q, pg))
		qpdf_oh_replace_key(q, parent, "/Pg", pg);
	qpdf_oh_replace_key(q, e, "/K", qpdf_oh_new_array(q));
	g_hash_table_insert(j->to, GINT_TO_POINTER(qpdf_oh_get_object_id(q,
	    e)), GUINT_TO_POINTER(parent));
}

/* A Link element's annotation named (its /Contents) text. */
static void
contents(qpdf_data q, qpdf_oh e, const char *text)
{
	qpdf_oh k = kids(q, e);
	int i, n = qpdf_oh_get_array_n_items(q, k);

	for (i = 0; i < n; i++) {
		qpdf_oh c = qpdf_oh_get_array_item(q, k, i);
		qpdf_oh obj = qpdf_oh_get_key(q, c, "/Obj");

		if (qpdf_oh_is_dictionary(q, c) && qpdf_oh_is_dictionary(q,
		    obj))
			qpdf_oh_replace_key(q, obj, "/Contents",
			    qpdf_oh_new_unicode_string(q, text));
	}
}

/* An attribute object "Owner Key Value" (names) added to e's /A. */
static void
attribute(qpdf_data q, qpdf_oh e, const char *spec)
{
	char **v = g_strsplit(spec, " ", 3), *o, *k, *val;
	qpdf_oh a, d;

	if (g_strv_length(v) == 3) {
		o = g_strconcat("/", v[0], NULL);
		k = g_strconcat("/", v[1], NULL);
		val = g_strconcat("/", v[2], NULL);
		d = qpdf_oh_new_dictionary(q);
		qpdf_oh_replace_key(q, d, "/O", qpdf_oh_new_name(q, o));
		qpdf_oh_replace_key(q, d, k, qpdf_oh_new_name(q, val));
		/* One attribute object alone, more in an array. */
		a = qpdf_oh_get_key(q, e, "/A");
		if (qpdf_oh_is_dictionary(q, a)) {
			qpdf_oh was = a;

			a = qpdf_oh_new_array(q);
			qpdf_oh_append_item(q, a, was);
		}
		if (qpdf_oh_is_array(q, a)) {
			qpdf_oh_append_item(q, a, d);
			d = a;
		}
		qpdf_oh_replace_key(q, e, "/A", d);
		g_free(o);
		g_free(k);
		g_free(val);
	}
	g_strfreev(v);
}

/* An element and its place in reading, to sort a parent's kids by. */
struct placed {
	size_t	 place, seq;
	qpdf_oh	 e;
};

static int
by_place(const void *a, const void *b)
{
	const struct placed *x = a, *y = b;

	if (x->place != y->place)
		return x->place < y->place ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/*
 * The kids of the document element put in reading order: each holds
 * the place (a page) its TN_ORDER note gives, a kid with none that of
 * the kid before it; the kids of one place stay in the order drawn.
 * A folded booklet draws its pages in the order they print.
 */
static void
reorder(qpdf_data q, const struct tree *t, const struct pdftags *g)
{
	GHashTable *at = g_hash_table_new(g_direct_hash, g_direct_equal);
	qpdf_oh doc, k, sorted;
	struct placed *v;
	size_t i, place = 0;
	int n;

	for (i = 0; i < g->nv; i++)
		if (g->v[i].kind == TN_ORDER)
			g_hash_table_insert(at, GINT_TO_POINTER(
			    qpdf_oh_get_object_id(q, t->v[g->v[i].elem])),
			    GSIZE_TO_POINTER(g->v[i].other + 1));
	if (g_hash_table_size(at) == 0 || t->n == 0) {
		g_hash_table_destroy(at);
		return;
	}
	doc = t->v[0];
	k = kids(q, doc);
	n = qpdf_oh_get_array_n_items(q, k);
	v = xcalloc((size_t)n + 1, sizeof(*v));
	for (i = 0; i < (size_t)n; i++) {
		void *p;

		v[i].e = qpdf_oh_get_array_item(q, k, (int)i);
		p = g_hash_table_lookup(at, GINT_TO_POINTER(
		    qpdf_oh_get_object_id(q, v[i].e)));
		if (p != NULL)
			place = GPOINTER_TO_SIZE(p) - 1;
		v[i].place = place;
		v[i].seq = i;
	}
	qsort(v, (size_t)n, sizeof(*v), by_place);
	sorted = qpdf_oh_new_array(q);
	for (i = 0; i < (size_t)n; i++)
		qpdf_oh_append_item(q, sorted, v[i].e);
	qpdf_oh_replace_key(q, doc, "/K", sorted);
	free(v);
	g_hash_table_destroy(at);
}

bool
pdf_tags_claim(const struct pdftags *g)
{
	return g != NULL && !g->flawed && g->n > 0;
}

char *
pdf_tags_finish(qpdf_data q, const struct pdftags *g)
{
	qpdf_oh root = qpdf_oh_get_key(q, qpdf_get_root(q),
	    "/StructTreeRoot");
	qpdf_oh vp = qpdf_oh_new_dictionary(q), prev;
	struct tree t = { q, NULL, 0, 0 };
	struct joins j;
	size_t i;

	qpdf_oh_replace_key(q, vp, "/DisplayDocTitle",
	    qpdf_oh_new_bool(q, QPDF_TRUE));
	qpdf_oh_replace_key(q, qpdf_get_root(q), "/ViewerPreferences", vp);
	if (!qpdf_oh_is_dictionary(q, root))
		return g->n > 0 ? g_strdup("Cairo wrote no structure tree") :
		    NULL;
	walk(&t, root, 0);
	if (t.n != g->n) {
		free(t.v);
		return g_strdup_printf("the structure tree has %zu elements, "
		    "not the %zu drawn", t.n, g->n);
	}
	j.to = g_hash_table_new(g_direct_hash, g_direct_equal);
	j.parents = g_hash_table_new(g_direct_hash, g_direct_equal);
	j.heldby = g_array_new(FALSE, FALSE, sizeof(qpdf_oh));
	/* Pages drawn out of order first: a block's part on a page is
	 * joined to the element before it in reading. */
	reorder(q, &t, g);
	/* Each note names an element by its place in the tree as Cairo
	 * wrote it: the list is made before any is moved. */
	for (i = 0; i < g->nv; i++) {
		const struct tnote *n = &g->v[i];

		switch (n->kind) {
		case TN_ALT:
			qpdf_oh_replace_key(q, t.v[n->elem], "/Alt",
			    qpdf_oh_new_unicode_string(q, n->text));
			break;
		case TN_LANG:
			qpdf_oh_replace_key(q, t.v[n->elem], "/Lang",
			    qpdf_oh_new_unicode_string(q, n->text));
			break;
		case TN_JOIN:
			prev = n->other != SIZE_MAX ? t.v[n->other] :
			    before(q, t.v[n->elem]);
			if (prev != 0 && is_elem(q, prev))
				join(q, &j, joined(q, &j, prev),
				    t.v[n->elem], n->ahead);
			break;
		case TN_FIRST:
			to_front(q, t.v[n->elem]);
			break;
		case TN_UNWRAP:
			unwrap(q, &j, t.v[n->elem]);
			break;
		case TN_CONTENTS:
			contents(q, t.v[n->elem], n->text);
			break;
		case TN_ATTR:
			attribute(q, t.v[n->elem], n->text);
			break;
		case TN_ORDER:
			break;
		}
	}
	prune(q, &j);
	reparent(q, &j, qpdf_oh_get_key(q, root, "/ParentTree"), 0);
	g_hash_table_destroy(j.to);
	g_hash_table_destroy(j.parents);
	g_array_free(j.heldby, TRUE);
	free(t.v);
	/* The tree is written: none of its handles is needed again. */
	qpdf_oh_release_all(q);
	return NULL;
}
