/* SPDX-License-Identifier: MIT */
/*
 * A PO file's translations put into a loaded deck, for "strings
 * --from" (which then writes text/LANG.yaml as "strings" does) and
 * "check --from" (which checks them as if written).  Each message's
 * msgctxt names the string (card/ID/FIELD, values/ATTR/VALUE,
 * components/KIND/FIELD, pack/FIELD); its msgstr becomes the text, and
 * the source hash recorded says whether it is up to date: a fuzzy
 * message stays stale, so check goes on reporting it.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "pofile.h"
#include "../validate/validate.h"

/* A string given a new text or hash, and where it was before. */
struct applied {
	struct card		*c;
	const char		*field;
	const struct poentry	*m;
	bool			 text;		/* a new text, not just a hash */
	bool			 cleared;	/* no text any more */
	struct srcpos		 pos, hash_pos;	/* the text file's */
};

struct applier {
	struct deck		*deck;
	size_t			 li;
	struct applied		*v;
	size_t			 n;
	GHashTable		*seen;		/* contexts given so far */
	struct poin_report	*r;
	struct diags		*d;
};

/*
 * The entry a context names and, in *field, its string; NULL if the
 * deck has no such entry.
 */
static struct card *
entry_of(struct deck *deck, const char *ctxt, const char **field,
    struct arena *a)
{
	const char *slash = strchr(ctxt, '/'), *id, *f;
	char *sec;

	if (slash == NULL)
		return NULL;
	sec = arena_strndup(a, ctxt, (size_t)(slash - ctxt));
	if (strcmp(sec, "pack") == 0) {
		*field = slash + 1;
		return &deck->pack;
	}
	if ((f = strchr(slash + 1, '/')) == NULL)
		return NULL;
	id = arena_strndup(a, slash + 1, (size_t)(f - slash - 1));
	*field = f + 1;
	if (strcmp(sec, "card") == 0)
		return deck_card(deck, id);
	if (strcmp(sec, "values") == 0)
		return (struct card *)deck_vals(deck, id);
	if (strcmp(sec, "components") == 0)
		return (struct card *)deck_kind_strs(deck, id);
	return NULL;
}

/*
 * The source hash to record for m's translation of src (t: the text
 * the language had, or NULL).  Made from the source of now, it is up
 * to date; a fuzzy one keeps the stale hash it had, or takes its
 * previous source's (#| msgid), or any not of now: the hash of no text
 * at all, which no source has.
 */
static void
hash_for(const struct applier *w, const struct poentry *m,
    const struct text *src, const struct text *t, char h[9])
{
	char now[9];

	text_hash(src->value, now);
	if (!m->fuzzy) {
		text_hash(m->id, h);
		if (strcmp(h, now) != 0)
			diag_add(w->d, DIAG_WARN, &m->pos, "stale", "%s: its "
			    "msgid is not the %s text of now; imported as "
			    "stale", m->ctxt, w->deck->langs[0]);
		return;
	}
	if (t != NULL && t->value != NULL && t->src_hash != NULL &&
	    strcmp(t->src_hash, now) != 0) {
		snprintf(h, 9, "%s", t->src_hash);
		return;
	}
	text_hash(m->prev != NULL ? m->prev : m->id, h);
	if (strcmp(h, now) == 0)
		text_hash("", h);
}

/* m's translation into string field of entry c, which the source has. */
static void
apply_one(struct applier *w, struct card *c, const struct text *src,
    const struct poentry *m)
{
	const struct text *found;
	struct text *t;
	struct applied *a;
	bool text;
	char h[9];

	card_text(c, w->li, src->field, &found);
	/* deckpress's own translation, as exported: not the game's. */
	if (found != NULL && found->deflt && found->value != NULL &&
	    strcmp(found->value, m->str) == 0)
		return;
	hash_for(w, m, src, found, h);
	text = found == NULL || found->value == NULL ||
	    strcmp(found->value, m->str) != 0;
	/* The same text from the same source: nothing to write. */
	if (!text && found->src_hash != NULL &&
	    strcmp(found->src_hash, h) == 0)
		return;
	t = found != NULL ? (struct text *)found :
	    cardtext_add(w->deck, &c->texts[w->li], src->field);
	a = &w->v[w->n++];
	*a = (struct applied){ c, src->field, m, text, false, t->pos,
	    t->hash_pos };
	if (text) {
		t->value = arena_strdup(&w->deck->arena, m->str);
		t->edited = true;
		t->deflt = false;
	}
	/* Until written, the text is at the PO's line: what check finds
	 * in it is reported there. */
	t->pos = m->str_pos;
	t->src_hash = arena_strdup(&w->deck->arena, h);
	t->hash_pos = m->pos;
	w->r->translated++;
	w->r->fuzzy += m->fuzzy;
}

/*
 * An empty msgstr: in gettext, "untranslated".  A translation the game
 * has is removed (the string is to translate again) and counted, as a
 * translator who cleared it in a PO editor means; one it never had, or
 * deckpress's own, stays as it is.
 */
static void
clear_one(struct applier *w, struct card *c, const struct text *src,
    const struct poentry *m)
{
	const struct text *found;
	struct text *t;

	card_text(c, w->li, src->field, &found);
	if (found == NULL || found->deflt || found->value == NULL)
		return;
	t = (struct text *)found;
	w->v[w->n++] = (struct applied){ c, src->field, m, true, true,
	    t->pos, t->hash_pos };
	t->value = NULL;
	t->edited = true;
	t->src_hash = NULL;
	w->r->cleared++;
	diag_add(w->d, DIAG_WARN, &m->str_pos, "po", "%s: msgstr is empty: "
	    "its translation removed, the string is to translate again",
	    m->ctxt);
}

/* One message: where it goes, and whether it can go there. */
static void
apply_msg(struct applier *w, const struct poentry *m)
{
	struct arena a = { 0 };
	const struct text *src = NULL;
	const char *field = NULL;
	struct card *c;

	if (m->ctxt == NULL) {
		w->r->skipped++;
		diag_add(w->d, DIAG_WARN, &m->pos, "po", "a message with no "
		    "msgctxt: deckpress cannot tell which string it is; "
		    "skipped");
		return;
	}
	if (m->plural) {
		w->r->skipped++;
		diag_add(w->d, DIAG_WARN, &m->pos, "po", "%s: deckpress's "
		    "strings have no plural forms; skipped", m->ctxt);
		return;
	}
	if (!g_hash_table_add(w->seen, (gpointer)m->ctxt))
		diag_add(w->d, DIAG_WARN, &m->pos, "po", "%s: given twice in "
		    "the file; the later one is taken", m->ctxt);
	c = entry_of(w->deck, m->ctxt, &field, &a);
	if (c != NULL && c->texts != NULL)
		card_text(c, 0, field, &src);
	arena_free(&a);
	if (src == NULL || src->value == NULL) {
		w->r->skipped++;
		diag_add(w->d, DIAG_WARN, &m->pos, "po", "%s: the deck has no "
		    "such string (any more); skipped", m->ctxt);
		return;
	}
	if (*m->str == '\0') {
		clear_one(w, c, src, m);
		return;
	}
	if (strlen(m->str) > PO_MAX_STR) {
		diag_add(w->d, DIAG_ERROR, &m->str_pos, "po", "%s: msgstr "
		    "has %zu bytes, more than the %d KiB a string may have",
		    m->ctxt, strlen(m->str), PO_MAX_STR >> 10);
		return;
	}
	if (!g_utf8_validate(m->str, -1, NULL)) {
		diag_add(w->d, DIAG_ERROR, &m->str_pos, "po", "%s: msgstr is "
		    "not UTF-8", m->ctxt);
		return;
	}
	apply_one(w, c, src, m);
}

static void
apply_all(struct applier *w, struct setup *s, size_t li,
    const struct pofile *pf, struct poin_report *r, struct diags *d)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	memset(w, 0, sizeof(*w));
	w->deck = s->deck;
	w->li = li;
	w->v = xcalloc(pf->n + 1, sizeof(*w->v));
	w->seen = g_hash_table_new(g_str_hash, g_str_equal);
	w->r = r;
	w->d = d;
	for (i = 0; i < pf->n; i++)
		apply_msg(w, &pf->v[i]);
	g_hash_table_destroy(w->seen);
}

/*
 * Do language tags a and b name the same language?  The same subtags
 * as far as the shorter goes: a PO editor's "es_ES" translates "es",
 * "pt" does not translate "pt-BR" apart from "pt-PT", but neither is
 * wrong; "de" for "fr" is.
 */
static bool
same_language(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++) {
		char x = *a == '_' ? '-' : *a, y = *b == '_' ? '-' : *b;

		if (g_ascii_tolower(x) != g_ascii_tolower(y))
			return false;
	}
	return (*a == '\0' || *a == '-' || *a == '_' || *a == '@') &&
	    (*b == '\0' || *b == '-' || *b == '_' || *b == '@');
}

/* The file is in language li, or its header does not say (reported). */
static bool
lang_ok(const struct setup *s, size_t li, const struct pofile *pf,
    struct diags *d)
{
	const char *want = s->deck->langs[li];

	/* A German file must not land in text/fr.yaml. */
	if (pf->lang == NULL || same_language(pf->lang, want))
		return true;
	diag_add(d, DIAG_ERROR, &pf->lang_pos, "po", "this file is in '%s' "
	    "(its header's Language:), not '%s' as --lang asks", pf->lang,
	    want);
	return false;
}

void
pofile_apply(struct setup *s, size_t li, const struct pofile *pf,
    struct poin_report *r, struct diags *d)
{
	struct applier w;

	memset(r, 0, sizeof(*r));
	if (!lang_ok(s, li, pf, d))
		return;
	apply_all(&w, s, li, pf, r, d);
	free(w.v);
}

/* Was card c given a new text of its own (not a value's, a kind's)? */
static bool
card_changed(const struct applier *w, const struct card *c)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		if (w->v[i].c == c && w->v[i].text && !w->v[i].cleared)
			return true;
	return false;
}

/*
 * Each new text checked as check checks it: its markup against the
 * source's, its card laid out.  Only what is at the PO's lines counts:
 * the card's other texts are not the import's business.
 */
static void
verify(const struct applier *w, struct setup *s, const char *po,
    struct diags *d)
{
	const struct deck *deck = w->deck;
	const struct text *src, *t;
	struct diags tmp = { 0 };
	size_t i;

	for (i = 0; i < w->n; i++) {
		if (w->v[i].cleared)
			continue;	/* no text to check */
		card_text(w->v[i].c, 0, w->v[i].field, &src);
		card_text(w->v[i].c, w->li, w->v[i].field, &t);
		validate_markup(w->v[i].c, deck->langs[w->li], deck->langs[0],
		    src, t, &tmp);
	}
	for (i = 0; i < deck->ncards; i++)
		if (card_changed(w, &deck->cards[i]))
			validate_fit_card(deck, s->fonts,
			    s->tmpls[deck->cards[i].kind], &deck->cards[i],
			    w->li, &tmp);
	for (i = 0; i < tmp.n; i++)
		if (tmp.v[i].pos.file == po)
			diag_add(d, tmp.v[i].level, &tmp.v[i].pos,
			    tmp.v[i].code, "%s", tmp.v[i].msg);
	diag_free(&tmp);
}

bool
pofile_import(struct setup *s, size_t li, const char *path,
    struct poin_report *r, struct diags *d)
{
	struct pofile pf;
	struct applier w;
	size_t before = d->nerr, i;
	const struct text *t;

	memset(r, 0, sizeof(*r));
	if (!pofile_read(&pf, path, d)) {
		pofile_free(&pf);
		return false;
	}
	if (!lang_ok(s, li, &pf, d)) {
		pofile_free(&pf);
		return false;
	}
	apply_all(&w, s, li, &pf, r, d);
	verify(&w, s, pf.path, d);
	/* The writer copies what the text file had from its lines. */
	for (i = 0; i < w.n; i++) {
		card_text(w.v[i].c, li, w.v[i].field, &t);
		((struct text *)t)->pos = w.v[i].pos;
		((struct text *)t)->hash_pos = w.v[i].hash_pos;
	}
	free(w.v);
	pofile_free(&pf);
	return d->nerr == before;
}
