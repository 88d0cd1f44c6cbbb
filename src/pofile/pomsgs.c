/* SPDX-License-Identifier: MIT */
/*
 * The PO messages of a deck in one language: one per string the source
 * language has (the cards', the attribute values', the components' and
 * the pack's), its context where it lives, its source text as written,
 * its translation, stale or not and what its source was, and a note for
 * the translator: what the string is, the markup it must keep and the
 * room its box has at the minimum size.
 */
#include <string.h>

#include <glib.h>

#include "../markup/markup.h"
#include "messages.h"
#include "../textfile/textfile.h"

/* Characters tried at most when measuring a box's room. */
#define ROOM_MAX	4000

/* What listing the messages needs, for one run. */
struct lister {
	const struct setup	*s;
	size_t			 li;
	bool			 pot;
	struct oldfile		 old;	/* text/LANG.yaml as it is */
	struct pomsgs		*out;
	GHashTable		*rooms;	/* a template's text element ->
					   its room, measured once */
};

/* The characters a text shows: its words, markup and variables left out. */
static char *
shown_text(const char *s)
{
	struct mtokens t = { 0 };
	GString *g = g_string_new(NULL);
	size_t i;

	if (markup_parse(s, &t))
		for (i = 0; i < t.n; i++)
			if (t.v[i].type == MT_TEXT)
				g_string_append(g, t.v[i].text);
	markup_free(&t);
	return g_string_free(g, FALSE);
}

/* Where a string is shown: which boxes measure its room. */
enum shown {
	SHOWN_NOWHERE,	/* in no box of its own (the pack's) */
	SHOWN_CARD,	/* a box with "field:" */
	SHOWN_KIND,	/* a box with "string:" of the kind */
	SHOWN_VALUE	/* a box of any kind whose text is "{attribute}" */
};

/* Append the words of field of c in the source language. */
static void
add_words(GString *g, const struct card *c, const char *field)
{
	const char *t = card_text(c, 0, field, NULL);
	char *w;

	if (t == NULL)
		return;
	w = shown_text(t);
	g_strstrip(w);
	if (*w != '\0')
		g_string_append_printf(g, "%s%s", g->len ? " " : "", w);
	g_free(w);
}

/*
 * Text like what a box of field shows: the source's texts of that
 * field (of a value: the attribute's values), their words only.  The
 * room is the box's, the same in the template and every language's PO
 * file: msgmerge gives a PO file the template's notes, and a number
 * measured in another language would then be wrong for it.
 */
static char *
sample_of(const struct lister *x, enum shown w, const struct card *c,
    const char *field)
{
	const struct deck *deck = x->s->deck;
	GString *g = g_string_new(NULL);
	size_t i;

	if (w == SHOWN_VALUE)
		for (i = 0; i < c->texts[0].n; i++)
			add_words(g, c, c->texts[0].v[i].field);
	else if (w == SHOWN_KIND)
		for (i = 0; i < deck->nkinds; i++)
			add_words(g, &deck->kinds[i].strs, field);
	else
		for (i = 0; i < deck->ncards && g->len < ROOM_MAX * 4; i++)
			add_words(g, &deck->cards[i], field);
	return g_string_free(g, FALSE);
}

/* Does the first n characters of pool fit e's box at its minimum size? */
static bool
fits_chars(const struct lister *x, const struct elem *e, const char *pool,
    long n)
{
	const char *end = g_utf8_offset_to_pointer(pool, n);
	char *cut = g_strndup(pool, (gsize)(end - pool)), *hy, *esc;
	struct hyph *h = x->s->fonts->hyph;
	const char *lang = x->s->deck->langs[0];	/* see sample_of() */
	PangoLayout *l;
	PangoRectangle log;
	bool ok;

	/* The renderer breaks words at hyphens when nothing else fits. */
	hy = layout_hyph_has(h, lang) ? layout_hyph_text(h, lang,
	    cut) : g_strdup(cut);
	esc = g_markup_escape_text(hy, -1);
	l = layout_at_size(x->s->fonts->ctx, e, esc, e->size_min);
	pango_layout_get_extents(l, NULL, &log);
	ok = pango_units_to_double(log.width) <= e->w + 0.01 &&
	    pango_units_to_double(log.height) <= e->h + 0.01;
	g_object_unref(l);
	g_free(esc);
	g_free(hy);
	g_free(cut);
	return ok;
}

/*
 * The characters of text like sample that fit e's box at its minimum
 * size: sample's words over and over (uppercased if the box shows them
 * so), cut where the box is full.  Doubling, then a binary search on
 * the length: a longer text never takes fewer lines.  At most ROOM_MAX.
 */
static long
box_room(const struct lister *x, const struct elem *e, const char *sample)
{
	GString *g = g_string_new(NULL);
	long lo = 0, hi, mid;
	char *pool, *up;

	if (*sample == '\0')
		sample = "a few ordinary words of a card";
	while ((long)g_utf8_strlen(g->str, -1) < ROOM_MAX)
		g_string_append_printf(g, "%s%s", g->len ? " " : "", sample);
	pool = g_string_free(g, FALSE);
	if (e->upper) {
		up = g_utf8_strup(pool, -1);
		g_free(pool);
		pool = up;
	}
	/* Doubling first: a long text costs the most to shape. */
	for (mid = 32; mid < ROOM_MAX && fits_chars(x, e, pool, mid);
	    mid *= 2)
		lo = mid;
	hi = mid < ROOM_MAX ? mid : ROOM_MAX;
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (fits_chars(x, e, pool, mid))
			lo = mid;
		else
			hi = mid;
	}
	g_free(pool);
	return lo;
}

/* Does e show field of c, as w says? */
static bool
shows(const struct elem *e, enum shown w, const struct card *c,
    const char *field)
{
	size_t n = strlen(c->id);

	if (e->type != ELEM_TEXT)
		return false;
	switch (w) {
	case SHOWN_CARD:
		return e->field != NULL && strcmp(e->field, field) == 0 &&
		    elem_applies(e, c);
	case SHOWN_KIND:
		return e->string != NULL && strcmp(e->string, field) == 0;
	case SHOWN_VALUE:
		return e->literal != NULL && e->literal[0] == '{' &&
		    strncmp(e->literal + 1, c->id, n) == 0 &&
		    strcmp(e->literal + 1 + n, "}") == 0;
	default:
		return false;
	}
}

/* The room of box e, measured the first time (a box is shared). */
static long
elem_room(struct lister *x, const struct elem *e, enum shown w,
    const struct card *c, const char *field)
{
	gpointer v;
	char *sample;
	long r;

	if (g_hash_table_lookup_extended(x->rooms, e, NULL, &v))
		return (long)GPOINTER_TO_SIZE(v);
	sample = sample_of(x, w, c, field);
	r = box_room(x, layout_fonts_elem(x->s->fonts, x->s->deck, e, 0),
	    sample);
	g_free(sample);
	g_hash_table_insert(x->rooms, (void *)e, GSIZE_TO_POINTER((size_t)r));
	return r;
}

/*
 * The room of field of c: the least of the boxes that show it, on
 * either face of kind k's template (of every kind's for a value), in
 * the source language's fonts; -1 if no box shows it alone.  Each box
 * is measured once, with the source's texts of its field: the room is
 * the box's, whatever the language.
 */
static long
room_of(struct lister *x, const struct card *c, size_t k, enum shown w,
    const char *field)
{
	size_t k0 = w == SHOWN_VALUE ? 0 : k, k1 = w == SHOWN_VALUE ?
	    x->s->deck->nkinds : k + 1, f, i;
	long room = -1, r;

	for (k = k0; w != SHOWN_NOWHERE && k < k1; k++) {
		const struct tmpl *t = x->s->tmpls[k];

		for (f = 0; f < (t->back_is_front ? 1u : 2u); f++)
			for (i = 0; i < t->nelems[f]; i++) {
				if (!shows(&t->elems[f][i], w, c, field))
					continue;
				r = elem_room(x, &t->elems[f][i], w, c, field);
				if (room < 0 || r < room)
					room = r;
			}
	}
	return room;
}

/*
 * The markup and placeholders of s a translation must keep, listed;
 * whether any is in braces ({name}, {icon:}, {img:}) into *brace.
 */
static void
put_keep(GString *g, const char *s, bool *brace)
{
	struct mtokens t = { 0 };
	GString *l = g_string_new(NULL);
	size_t i;

	if (markup_parse(s, &t))
		for (i = 0; i < t.n; i++) {
			const struct mtoken *k = &t.v[i];
			char *one = NULL;

			*brace = *brace || k->type == MT_VAR ||
			    k->type == MT_ICON || k->type == MT_IMG;
			if (k->type == MT_VAR)
				one = g_strdup_printf("{%s}", k->text);
			else if (k->type == MT_ICON)
				one = g_strdup_printf("{icon:%s}", k->text);
			else if (k->type == MT_IMG)
				one = g_strdup_printf("{img:%s}", k->text);
			else if (k->type == MT_BOLD_ON)
				one = g_strdup("**bold**");
			else if (k->type == MT_ITALIC_ON)
				one = g_strdup("*italic*");
			else if (k->type == MT_TAG_ON)
				one = g_strdup_printf("<%s>", k->text);
			if (one != NULL && strstr(l->str, one) == NULL)
				g_string_append_printf(l, "%s%s",
				    l->len ? ", " : "", one);
			g_free(one);
		}
	markup_free(&t);
	if (l->len > 0)
		g_string_append_printf(g, "\nKeep: %s", l->str);
	g_string_free(l, TRUE);
}

/* pos's file from dir, if it lies in dir, or NULL. */
static const char *
under(const char *dir, const struct srcpos *pos)
{
	size_t n = dir != NULL ? strlen(dir) : 0;

	if (n == 0 || strncmp(pos->file, dir, n) != 0 || pos->file[n] != '/')
		return NULL;
	return pos->file + n + 1;
}

/*
 * The file of pos from the game's folder, "text/en.yaml", or from
 * deckpress's for its own defaults, "layouts/pack/en.yaml": the same
 * wherever the game and deckpress are.
 */
static char *
ref_path(const struct setup *s, const struct srcpos *pos)
{
	const char *r;

	if (pos->file == NULL)
		return g_strdup(s->deck->file);
	if ((r = under(s->deck->dir, pos)) != NULL ||
	    (r = under(s->datadir, pos)) != NULL)
		return g_strdup(r);
	return g_strdup(pos->file);
}

static struct pomsg *
add_msg(struct pomsgs *m)
{
	struct pomsg *p;

	xgrow((void **)&m->v, &m->cap, m->n + 1, sizeof(*m->v));
	p = &m->v[m->n++];
	memset(p, 0, sizeof(*p));
	return p;
}

/* The translation of src in t, stale or not, and what it was made from. */
static void
put_translation(struct lister *x, struct pomsg *p, const struct text *t,
    const struct text *src)
{
	char h[9];

	p->msgstr = g_strdup(!x->pot && t != NULL && t->value != NULL ?
	    t->value : "");
	if (*p->msgstr == '\0') {
		x->out->empty++;
		return;
	}
	text_hash(src->value, h);
	if (t->src_hash == NULL || strcmp(t->src_hash, h) == 0)
		return;
	p->fuzzy = true;
	x->out->fuzzy++;
	p->prev = t->deflt && t->src_text != NULL ? g_strdup(t->src_text) :
	    textfile_old_source(&x->old, t);
}

/*
 * One message: field of c, whose context starts with ctx; what says
 * what c is, for the note; k, w: where its boxes are (room_of).
 */
static void
put_msg(struct lister *x, const struct card *c, const char *ctx,
    const char *field, const char *what, size_t k, enum shown w)
{
	const struct text *src, *t;
	struct pomsg *p;
	GString *note = g_string_new(what);

	card_text(c, 0, field, &src);
	if (src == NULL || src->value == NULL ||
	    (src->deflt && pack_mode_string(field))) {
		g_string_free(note, TRUE);
		return;
	}
	card_text(c, x->li, field, &t);
	p = add_msg(x->out);
	p->ctxt = g_strdup_printf("%s/%s", ctx, field);
	p->msgid = g_strdup(src->value);
	p->ref = ref_path(x->s, &src->pos);
	p->line = src->pos.line;
	put_translation(x, p, t, src);
	if (src->deflt && src->pos.file != NULL &&
	    under(x->s->datadir, &src->pos) != NULL)
		g_string_append(note, "\ndeckpress's own text, used where the "
		    "game has none: a translation here is the game's own");
	else if (!x->pot && t != NULL && t->deflt && t->value != NULL)
		g_string_append(note, "\nThe translation is deckpress's own, "
		    "used where the game has none");
	put_keep(note, src->value, &p->brace);
	p->percent = strchr(src->value, '%') != NULL;
	p->room = room_of(x, c, k, w, field);
	if (p->room >= 0)
		g_string_append_printf(note, "\nRoom: about %ld characters "
		    "(the box at its smallest type)", p->room);
	p->note = g_string_free(note, FALSE);
}

/*
 * What card c is, for its notes: its kind of component, title and
 * attributes ("Card \"Steal\" (kind: action)").
 */
static char *
card_what(const struct deck *deck, const struct card *c)
{
	const char *title = card_title(deck, c, 0, NULL);
	GString *g = g_string_new(NULL);
	size_t i, n = 0;

	if (deck->multi)
		g_string_printf(g, "Component '%s'", deck->kinds[c->kind].name);
	else
		g_string_assign(g, "Card");
	if (title != NULL)
		g_string_append_printf(g, " \"%s\"", title);
	for (i = 0; i < c->nattrs; i++) {
		/* Its kind is said already. */
		if (deck->multi && strcmp(c->attrs[i].name, KIND_ATTR) == 0)
			continue;
		g_string_append_printf(g, "%s%s: %s", n++ ? ", " : " (",
		    c->attrs[i].name, c->attrs[i].value);
	}
	if (n > 0)
		g_string_append_c(g, ')');
	return g_string_free(g, FALSE);
}

/* Each card's texts, in the deck's order. */
static void
put_cards(struct lister *x)
{
	const struct deck *deck = x->s->deck;
	size_t i, j;

	for (i = 0; i < deck->ncards; i++) {
		const struct card *c = &deck->cards[i];
		const struct cardtext *ct = &c->texts[0];
		char *ctx = g_strdup_printf("card/%s", c->id);
		char *what = card_what(deck, c);

		for (j = 0; j < ct->n; j++)
			put_msg(x, c, ctx, ct->v[j].field, what, c->kind,
			    SHOWN_CARD);
		g_free(what);
		g_free(ctx);
	}
}

/* The attribute values', the components' and the pack's strings. */
static void
put_others(struct lister *x)
{
	const struct deck *deck = x->s->deck;
	char *ctx, *what;
	size_t i, j;

	for (i = 0; i < deck->nattrdefs; i++) {
		const struct card *c = &deck->vals[i];

		ctx = g_strdup_printf("values/%s", c->id);
		what = g_strdup_printf("A value of the attribute '%s': "
		    "shown where a layout writes {%s}", c->id, c->id);
		for (j = 0; c->texts != NULL && j < c->texts[0].n; j++)
			put_msg(x, c, ctx, c->texts[0].v[j].field, what, 0,
			    SHOWN_VALUE);
		g_free(what);
		g_free(ctx);
	}
	for (i = 0; i < deck->nkinds; i++) {
		const struct card *c = &deck->kinds[i].strs;

		ctx = g_strdup_printf("components/%s", deck->kinds[i].name);
		what = g_strdup_printf("A string every '%s' component "
		    "shares (its name in the pack's index, a text its "
		    "layout shows on each)", deck->kinds[i].name);
		for (j = 0; c->texts != NULL && j < c->texts[0].n; j++)
			put_msg(x, c, ctx, c->texts[0].v[j].field, what, i,
			    SHOWN_KIND);
		g_free(what);
		g_free(ctx);
	}
	if (deck->pack.texts == NULL)
		return;
	for (j = 0; j < deck->pack.texts[0].n; j++)
		put_msg(x, &deck->pack, "pack", deck->pack.texts[0].v[j].field,
		    "A string of the rule booklet and its pack", 0,
		    SHOWN_NOWHERE);
}

void
pofile_messages(const struct setup *s, size_t li, struct pomsgs *out)
{
	struct lister x = { .s = s, .li = li, .pot = li == 0, .out = out };
	char *dir = path_join(s->deck->dir, "text"), *name, *path;

	memset(out, 0, sizeof(*out));
	name = g_strdup_printf("%s.yaml", s->deck->langs[li]);
	path = path_join(dir, name);
	x.old.srclang = s->deck->langs[0];
	x.rooms = g_hash_table_new(NULL, NULL);
	textfile_old_read(&x.old, s->deck->confine, path);
	put_cards(&x);
	put_others(&x);
	textfile_old_free(&x.old);
	g_hash_table_destroy(x.rooms);
	free(path);
	g_free(name);
	free(dir);
}

void
pofile_msgs_free(struct pomsgs *m)
{
	size_t i;

	if (m == NULL)
		return;
	for (i = 0; i < m->n; i++) {
		g_free(m->v[i].ctxt);
		g_free(m->v[i].msgid);
		g_free(m->v[i].msgstr);
		g_free(m->v[i].prev);
		g_free(m->v[i].note);
		g_free(m->v[i].ref);
	}
	free(m->v);
	memset(m, 0, sizeof(*m));
}
