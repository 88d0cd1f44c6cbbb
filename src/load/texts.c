/* SPDX-License-Identifier: MIT */
/*
 * A deck's strings: text/<lang>.yaml for the languages a command needs
 * (the one to print and the source, or all of them for the validator),
 * each with the strings of the cards, of attribute values, of the kinds
 * of component and of the pack; deckpress's default pack strings under whatever a game leaves
 * out; and, for a draft, the source's text wherever a translation is
 * missing.  Part of the load stage, called by load_deck().
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../ytree/ytree.h"
#include "../confine/confine.h"
#include "../tmpl/tmpl.h"
#include "loading.h"

static const char *const file_keys[] = { "cards", "values", "components",
    "pack", "fallback", NULL };

/* {title}: the game's; {paper}: "A4"; {first}, {last}: card pages. */

/*
 * Hints for the first MAX_HINTS unknown cards of a file only: each
 * costs a look at every card of the deck, and a file that names more
 * is another deck's, not a list of typos (a hostile one of thousands
 * took minutes).
 */
#define MAX_HINTS	100

/* nth: how many unknown cards this file named before this one. */
static void
unknown_card(const struct deck *deck, const struct ynode *key,
    const char *lang, size_t nth, struct diags *d)
{
	const char *hint = nth < MAX_HINTS ?
	    deck_suggest_id(deck, key->str) : NULL;

	diag_add(d, DIAG_ERROR, &key->pos, "unknown-card", "text for unknown "
	    "card '%s' in '%s'%s%s%s", key->str, lang, HINT_ARGS(hint));
}

static struct text *
find_text(const struct cardtext *ct, const char *field)
{
	size_t i;

	for (i = 0; i < ct->n; i++)
		if (strcmp(ct->v[i].field, field) == 0)
			return &ct->v[i];
	return NULL;
}

/*
 * A field's name, kept in the deck's arena once however many texts
 * have it (fields holds the kept ones): the text files' trees are freed
 * once read, and 12 000 cards have 24 000 texts but two names.
 */
static const char *
field_name(struct deck *deck, GHashTable *fields, const char *s)
{
	char *kept = g_hash_table_lookup(fields, s);

	if (kept == NULL) {
		kept = arena_strdup(&deck->arena, s);
		g_hash_table_add(fields, kept);
	}
	return kept;
}

/* Strings are few per card: each append copies them all. */

/*
 * source: {field: hash, ...}: which source text each string translates
 * (written by "deckpress strings"); a hash that no longer matches the
 * source text marks the translation stale.
 */
static bool
load_sources(struct deck *deck, struct cardtext *ct, const struct ynode *n,
    const char *ctx, struct diags *d)
{
	size_t i;
	bool ok = true;

	if (!ytree_expect(n, YNODE_MAP, "source", ctx, d))
		return false;
	for (i = 0; i < n->n; i++) {
		const struct ypair *p = &n->pairs[i];
		struct text *t = find_text(ct, p->key->str);
		const char *h;

		if (!ytree_string(p->val, &h, "a source hash", ctx, d)) {
			ok = false;
			continue;
		}
		if (t == NULL) {
			diag_add(d, DIAG_ERROR, &p->key->pos, "source", "%s: "
			    "source names '%s', which this card has no text "
			    "for", ctx, p->key->str);
			ok = false;
			continue;
		}
		if (strlen(h) != 8 || strspn(h, "0123456789abcdef") != 8) {
			diag_add(d, DIAG_ERROR, &p->val->pos, "source", "%s: "
			    "'%s' is not a source hash (8 hex digits, as "
			    "'deckpress strings' writes them)", ctx, h);
			ok = false;
			continue;
		}
		t->src_hash = arena_strdup(&deck->arena, h);
		t->hash_pos = p->val->pos;
	}
	return ok;
}

/* same: [field, ...] or true: strings meant to equal the source's. */
static bool
load_same(struct cardtext *ct, const struct ynode *n, const char *ctx,
    struct diags *d)
{
	struct text *t;
	bool all = false;
	size_t i;

	if (n->type == YNODE_SCALAR) {
		if (!ytree_bool(n, &all, "same", ctx, d))
			return false;
		for (i = 0; i < ct->n; i++)
			ct->v[i].same = all;
		return true;
	}
	if (!ytree_expect(n, YNODE_SEQ, "same", ctx, d))
		return false;
	for (i = 0; i < n->n; i++) {
		if (n->items[i]->type != YNODE_SCALAR ||
		    (t = find_text(ct, n->items[i]->str)) == NULL) {
			const char *fields[64], *hint;
			size_t k;

			for (k = 0; k < ct->n && k < 64; k++)
				fields[k] = ct->v[k].field;
			hint = n->items[i]->type == YNODE_SCALAR ?
			    closest_word(n->items[i]->str, fields, k) : NULL;
			diag_add(d, DIAG_ERROR, &n->items[i]->pos, "same",
			    "%s: same names '%s', which is no text field of "
			    "this card%s%s%s", ctx, n->items[i]->type ==
			    YNODE_SCALAR ? n->items[i]->str : "?",
			    HINT_ARGS(hint));
			return false;
		}
		t->same = true;
	}
	return true;
}

/*
 * The strings of card c in language li, from the mapping n, copied
 * into the deck's arena (field names through fields).  A string left
 * empty (~, as "deckpress strings" writes new ones) is an error,
 * unless a draft fills it later (draft).
 */
static bool
load_cardtext(struct deck *deck, const struct card *c, struct cardtext *ct,
    const char *lang, const struct ynode *n, bool draft, GHashTable *fields,
    struct diags *d)
{
	const struct ynode *src = NULL, *same = NULL;
	size_t i;
	bool ok = true;

	ct->pos = n->pos;
	ct->n = 0;
	if (!ytree_expect(n, YNODE_MAP, "its texts", c->label, d))
		return false;
	ct->v = arena_alloc(&deck->arena, n->n * sizeof(*ct->v));
	for (i = 0; i < n->n; i++) {
		const struct ypair *p = &n->pairs[i];
		struct text *t = &ct->v[ct->n];

		if (strcmp(p->key->str, "source") == 0) {
			src = p->val;
			ct->src_line = p->key->pos.line;
			continue;
		}
		if (strcmp(p->key->str, "same") == 0) {
			same = p->val;
			continue;
		}
		t->field = field_name(deck, fields, p->key->str);
		t->pos = p->val->pos;
		t->end = ytree_end(p->val);
		t->key_pos = p->key->pos;
		if (ytree_isnull(p->val)) {
			if (!draft) {
				diag_add(d, DIAG_ERROR, &p->val->pos,
				    "missing-text", "%s: '%s' has no text yet "
				    "in '%s'", c->label, t->field, lang);
				diag_about(d, c->id, lang);
				ok = false;
			}
		} else if (!ytree_string(p->val, &t->value, t->field, c->label,
		    d)) {
			ok = false;
			continue;
		} else
			t->value = arena_strndup(&deck->arena, t->value,
			    p->val->len);
		ct->n++;
	}
	if (src != NULL)
		ok &= load_sources(deck, ct, src, c->label, d);
	if (same != NULL)
		ok &= load_same(ct, same, c->label, d);
	return ok;
}

/*
 * Reading the cards: section of language li's file, an entry at a time
 * as the file is parsed (ytree_stream()): a deck of 12 000 cards need
 * not hold the tree of them all.  skip: text for a card the deck lacks
 * is left out.
 */
struct cardsread {
	struct deck	*deck;
	size_t		 li;
	bool		 draft, skip;
	GHashTable	*fields;
	size_t		 unknown;	/* unknown cards named so far */
	bool		 ok;
	struct diags	*d;
};

/* One entry of the cards: section, key: val. */
static void
card_entry(void *ctx, const struct ynode *key, const struct ynode *val)
{
	struct cardsread *r = ctx;
	struct deck *deck = r->deck;
	struct card *c = deck_card(deck, key->str);
	size_t li = r->li;

	if (c == NULL && r->skip)
		return;
	if (c == NULL) {
		unknown_card(deck, key, deck->langs[li], r->unknown++, r->d);
		r->ok = false;
	} else if (c->texts[li].pos.file != NULL)
		r->ok = false;	/* a duplicate key, reported */
	else {
		c->texts[li].key_pos = key->pos;
		r->ok &= load_cardtext(deck, c, &c->texts[li], deck->langs[li],
		    val, r->draft, r->fields, r->d);
	}
}

/*
 * The file was refused after some entries were read: forget them, as
 * if none had been (their strings stay in the arena, unused).
 */
static void
card_entries_undo(void *ctx)
{
	struct cardsread *r = ctx;
	size_t i;

	for (i = 0; i < r->deck->ncards; i++)
		memset(&r->deck->cards[i].texts[r->li], 0,
		    sizeof(struct cardtext));
	r->unknown = 0;
	r->ok = true;
}

static const struct attrdef *
attrdef_at(const struct deck *deck, const char *name, size_t *k)
{
	for (*k = 0; *k < deck->nattrdefs; (*k)++)
		if (strcmp(deck->attrdefs[*k].name, name) == 0)
			return &deck->attrdefs[*k];
	return NULL;
}

/* A value named in values: must be one the attribute declares. */
static bool
check_value_names(const struct attrdef *def, const struct ynode *n,
    struct diags *d)
{
	const char *hint;
	size_t i, j;
	bool ok = true;

	if (def->values == NULL || n->type != YNODE_MAP)
		return true;
	for (i = 0; i < n->n; i++) {
		const char *v = n->pairs[i].key->str;

		if (strcmp(v, "source") == 0 || strcmp(v, "same") == 0)
			continue;
		for (j = 0; j < def->nvalues; j++)
			if (strcmp(def->values[j], v) == 0)
				break;
		if (j < def->nvalues)
			continue;
		hint = closest_word(v, def->values, def->nvalues);
		diag_add(d, DIAG_ERROR, &n->pairs[i].key->pos, "unknown-value",
		    "'%s' is not a value of attribute '%s'%s%s%s", v,
		    def->name, HINT_ARGS(hint));
		diag_add(d, DIAG_NOTE, &def->pos, NULL, "the values of '%s' "
		    "are declared here", def->name);
		ok = false;
	}
	return ok;
}

/*
 * values: {attribute: {value: string, ...}, ...}: how a value reads in
 * this language, for templates such as "{category}".
 */
static bool
load_values(struct deck *deck, size_t li, const struct ynode *n, bool draft,
    GHashTable *fields, struct diags *d)
{
	const struct attrdef *def;
	const char **names, *hint;
	size_t i, k;
	bool ok = true;

	if (!ytree_expect(n, YNODE_MAP, "values", NULL, d))
		return false;
	for (i = 0; i < n->n; i++) {
		const struct ypair *p = &n->pairs[i];

		if ((def = attrdef_at(deck, p->key->str, &k)) != NULL &&
		    def->number) {
			diag_add(d, DIAG_ERROR, &p->key->pos, "values", "'%s' "
			    "is a number attribute: its values print as "
			    "numbers, with no strings to translate", def->name);
			diag_add(d, DIAG_NOTE, &def->pos, NULL, "'%s' is "
			    "declared here", def->name);
			ok = false;
			continue;
		}
		if (def != NULL) {
			ok &= check_value_names(def, p->val, d);
			deck->vals[k].texts[li].key_pos = p->key->pos;
			ok &= load_cardtext(deck, &deck->vals[k],
			    &deck->vals[k].texts[li], deck->langs[li], p->val,
			    draft, fields, d);
			continue;
		}
		names = arena_alloc(&deck->arena,
		    (deck->nattrdefs + 1) * sizeof(*names));
		for (k = 0; k < deck->nattrdefs; k++)
			names[k] = deck->attrdefs[k].name;
		hint = closest_word(p->key->str, names, deck->nattrdefs);
		diag_add(d, DIAG_ERROR, &p->key->pos, "unknown-attribute",
		    "values for '%s', which %s does not declare as an "
		    "attribute%s%s%s", p->key->str, deck->file,
		    HINT_ARGS(hint));
		ok = false;
	}
	return ok;
}

/*
 * components: {kind: {name: string, ...}, ...}: each kind's printed
 * name and the strings its template shares between entries.
 */
static bool
load_kind_strs(struct deck *deck, size_t li, const struct ynode *n,
    bool draft, GHashTable *fields, struct diags *d)
{
	const char **names, *hint;
	size_t i, k;
	bool ok = true;

	if (!ytree_expect(n, YNODE_MAP, "components", NULL, d))
		return false;
	for (i = 0; i < n->n; i++) {
		const struct ypair *p = &n->pairs[i];

		for (k = 0; k < deck->nkinds; k++)
			if (strcmp(deck->kinds[k].name, p->key->str) == 0)
				break;
		if (k < deck->nkinds) {
			struct card *c = &deck->kinds[k].strs;

			c->texts[li].key_pos = p->key->pos;
			ok &= load_cardtext(deck, c, &c->texts[li],
			    deck->langs[li], p->val, draft, fields, d);
			continue;
		}
		names = arena_alloc(&deck->arena,
		    (deck->nkinds + 1) * sizeof(*names));
		for (k = 0; k < deck->nkinds; k++)
			names[k] = deck->kinds[k].name;
		hint = closest_word(p->key->str, names, deck->nkinds);
		diag_add(d, DIAG_ERROR, &p->key->pos, "unknown-component",
		    "strings for component '%s', which %s does not have%s%s%s",
		    p->key->str, deck->file, HINT_ARGS(hint));
		ok = false;
	}
	return ok;
}

/*
 * The sections of a text file's root but the entries of cards, which r
 * has read.
 */
static bool
load_sections(struct deck *deck, size_t li, const struct ynode *root,
    const struct cardsread *r, struct diags *d)
{
	const struct ynode *n;
	bool draft = r->draft;
	GHashTable *fields = r->fields;
	size_t i;
	bool ok;

	if (!ytree_expect(root, YNODE_MAP, "a text file", NULL, d))
		return false;
	ok = ytree_check_keys(root, file_keys, NULL, d) == 0;
	if ((n = ytree_get(root, "cards")) == NULL) {
		diag_add(d, DIAG_ERROR, &root->pos, "missing",
		    "the text file has no 'cards'");
		return false;
	}
	ok &= ytree_expect(n, YNODE_MAP, "cards", NULL, d) && r->ok;
	if ((n = ytree_get(root, "values")) != NULL)
		ok &= load_values(deck, li, n, draft, fields, d);
	if ((n = ytree_get(root, "components")) != NULL)
		ok &= load_kind_strs(deck, li, n, draft, fields, d);
	if ((n = ytree_get(root, "fallback")) != NULL)
		ok &= tmpl_lang_fallback(deck, li, n, d);
	/* The pack's own strings: a card of their own, "pack". */
	if ((n = ytree_get(root, "pack")) != NULL) {
		for (i = 0; i < root->n; i++)
			if (strcmp(root->pairs[i].key->str, "pack") == 0)
				deck->pack.texts[li].key_pos =
				    root->pairs[i].key->pos;
		ok &= load_cardtext(deck, &deck->pack, &deck->pack.texts[li],
		    deck->langs[li], n, draft, fields, d);
	}
	return ok;
}

/*
 * text/<lang>.yaml for language li, named at lpos in deck.yaml.  A
 * missing file is reported there: that is where a user looks.  Its
 * tree lives only while it is read, its cards an entry at a time: the
 * deck keeps copies.
 */
static bool
load_textfile(struct deck *deck, size_t li, const struct srcpos *lpos,
    bool draft, bool skip, bool *read, GHashTable *fields, struct diags *d)
{
	const char *lang = deck->langs[li];
	char *name = arena_printf(&deck->arena, "text/%s.yaml", lang);
	char *path = path_join(deck->dir, name);
	struct arena tree = { 0 };
	struct cardsread r = { deck, li, draft, skip, fields, 0, true, d };
	struct ystream s = { "cards", card_entry, card_entries_undo, &r };
	const struct ynode *root;
	bool ok = true;

	if (!confine_exists(deck->confine, path)) {
		if (draft && li > 0) {
			diag_add(d, DIAG_WARN, lpos, "draft", "language '%s' "
			    "has no text file %s: every string is printed "
			    "in '%s' (draft)", lang, path, deck->langs[0]);
			diag_about(d, NULL, lang);
		} else {
			diag_add(d, DIAG_ERROR, lpos, "missing-text",
			    "language '%s' has no text file %s", lang, path);
			diag_about(d, NULL, lang);
			ok = false;
		}
		free(path);
		return ok;
	}
	*read = true;
	root = ytree_stream(&tree, deck->confine, path, &s, d);
	free(path);
	ok = root != NULL && load_sections(deck, li, root, &r, d);
	arena_free(&tree);
	return ok;
}

/*
 * deckpress's default pack strings for language li, from
 * packdir/LANG.yaml, into out (allocated in the deck's arena).  A
 * language deckpress has no defaults for leaves out empty.
 */
static void
read_defaults(struct deck *deck, const char *packdir, size_t li,
    struct cardtext *out, GHashTable *fields, struct diags *d)
{
	char *name = arena_printf(&deck->arena, "%s.yaml", deck->langs[li]);
	char *path = path_join(packdir, name);
	struct arena tree = { 0 };
	const struct ynode *root, *n;
	static const struct card dflt = { .id = "pack", .label = "the "
	    "default pack strings" };

	memset(out, 0, sizeof(*out));
	if (file_exists(path) &&
	    (root = ytree_load(&tree, NULL, diag_file(d, path), d)) != NULL &&
	    ytree_expect(root, YNODE_MAP, "a pack strings file", NULL, d) &&
	    (n = ytree_get(root, "pack")) != NULL) {
		load_cardtext(deck, &dflt, out, deck->langs[li], n, false,
		    fields, d);
	}
	arena_free(&tree);
	free(path);
}

/*
 * Every pack string the game leaves out in language li takes
 * deckpress's default: its hash is that of the default in the source
 * language, so a game that rewrites a source string sees the default
 * translation as stale.  The title defaults to deck.yaml's.
 */
static void
merge_defaults(struct deck *deck, size_t li, const struct cardtext *dl,
    const struct cardtext *d0)
{
	struct cardtext *ct = &deck->pack.texts[li];
	const struct text *src;
	struct text *t;
	char *h;
	size_t i;

	for (i = 0; i < dl->n; i++) {
		if (dl->v[i].value == NULL || find_text(ct, dl->v[i].field))
			continue;
		t = cardtext_add(deck, ct, dl->v[i].field);
		t->value = dl->v[i].value;
		t->pos = dl->v[i].pos;
		t->key_pos = dl->v[i].key_pos;
		t->deflt = true;
		if (li > 0 && (src = find_text(d0, t->field)) != NULL &&
		    src->value != NULL) {
			h = arena_alloc(&deck->arena, 9);
			text_hash(src->value, h);
			t->src_hash = h;
			t->src_text = src->value;
		}
	}
	if (find_text(ct, "title") == NULL) {
		t = cardtext_add(deck, ct, "title");
		t->value = deck->title ? deck->title : deck->game;
		t->pos = deck->pack.pos;
		t->deflt = true;
	}
}

static void
add_defaults(struct deck *deck, const char *packdir, GHashTable *fields,
    struct diags *d)
{
	struct cardtext d0, dl;
	size_t li;

	read_defaults(deck, packdir, 0, &d0, fields, d);
	for (li = 0; li < deck->nlangs; li++) {
		if (!deck->loaded[li])
			continue;
		if (li == 0)
			dl = d0;
		else
			read_defaults(deck, packdir, li, &dl, fields, d);
		merge_defaults(deck, li, &dl, &d0);
	}
}

/*
 * A string of card c missing in language li (t NULL: not in the file,
 * else left empty) takes the source's text; listed where the card has
 * an entry in the file (else the card, or the file, was reported).
 */
static void
fill(struct deck *deck, struct card *c, size_t li, const struct text *src,
    struct text *t, struct diags *d)
{
	struct cardtext *ct = &c->texts[li];
	bool listed = ct->pos.file != NULL, empty = t != NULL;
	struct srcpos at = t ? t->pos : listed ? ct->key_pos : c->pos;

	if (t == NULL) {
		t = cardtext_add(deck, ct, src->field);
		t->pos = at;
		t->key_pos = at;
	}
	t->value = src->value;
	t->fallback = true;
	deck->nfilled++;
	if (!listed)
		return;
	diag_add(d, DIAG_WARN, &at, "draft", "%s: '%s' has no text %sin '%s'; "
	    "printed in '%s' (draft)", c->label, src->field, empty ? "yet " :
	    "", deck->langs[li], deck->langs[0]);
	diag_about(d, c->id, deck->langs[li]);
}

static void
flag_stale(struct deck *deck, const struct card *c, size_t li,
    struct text *t, struct diags *d)
{
	t->stale = true;
	deck->nstale++;
	diag_add(d, DIAG_WARN, &t->pos, "draft", "%s: '%s' in '%s' translates "
	    "an older '%s' text; printed as it is, flagged (draft)", c->label,
	    t->field, deck->langs[li], deck->langs[0]);
	diag_about(d, c->id, deck->langs[li]);
}

/*
 * Draft: each string of card c that language li lacks takes the
 * source's text, and each whose source changed is flagged.  Returns
 * how many were filled.
 */
static size_t
draft_card(struct deck *deck, struct card *c, size_t li, struct diags *d)
{
	size_t i, n0 = c->texts[0].n, filled = 0;
	struct text *t;
	char h[9];

	for (i = 0; i < n0; i++) {
		const struct text *src = &c->texts[0].v[i];

		if (src->value == NULL)
			continue;
		t = find_text(&c->texts[li], src->field);
		if (t == NULL || t->value == NULL) {
			fill(deck, c, li, src, t, d);
			filled++;
			continue;
		}
		text_hash(src->value, h);
		if (t->src_hash != NULL && strcmp(t->src_hash, h) != 0)
			flag_stale(deck, c, li, t, d);
	}
	return filled;
}

/*
 * The pack's strings or an attribute's values, absent from a text file
 * that exists: one warning for all of them.
 */
static void
draft_pseudo(struct deck *deck, struct card *c, size_t li, bool file,
    struct diags *d)
{
	bool absent = c->texts[li].pos.file == NULL;
	size_t n = draft_card(deck, c, li, d);

	if (n == 0 || !absent || !file)
		return;
	diag_add(d, DIAG_WARN, &c->pos, "draft", "%s: %zu string%s ha%s no "
	    "text in '%s'; printed in '%s' (draft)", c->label, n, n == 1 ?
	    "" : "s", n == 1 ? "s" : "ve", deck->langs[li], deck->langs[0]);
	diag_about(d, c->id, deck->langs[li]);
}

static void
draft_lang(struct deck *deck, size_t li, bool file, struct diags *d)
{
	size_t i;

	for (i = 0; i < deck->ncards; i++)
		draft_card(deck, &deck->cards[i], li, d);
	for (i = 0; i < deck->nattrdefs; i++)
		draft_pseudo(deck, &deck->vals[i], li, file, d);
	for (i = 0; i < deck->nkinds; i++)
		draft_pseudo(deck, &deck->kinds[i].strs, li, file, d);
	draft_pseudo(deck, &deck->pack, li, file, d);
}

/* Which languages to read: all, or the one to print and the source. */
static void
choose_langs(struct deck *deck, const struct load_opts *o)
{
	size_t li;

	deck->loaded = arena_alloc(&deck->arena, deck->nlangs * sizeof(bool));
	deck->others = arena_alloc(&deck->arena, deck->nlangs * sizeof(bool));
	for (li = 0; li < deck->nlangs; li++) {
		deck->loaded[li] = li == 0 || o->others || (o->lang == NULL ?
		    !o->one : strcmp(deck->langs[li], o->lang) == 0);
		deck->others[li] = li > 0 && o->others && (o->lang == NULL ||
		    strcmp(deck->langs[li], o->lang) != 0);
	}
}

/*
 * Is language li read as a draft: asked for (--draft), or one read
 * besides the language printed (o->others)?  The source never is.
 */
static bool
lang_draft(const struct deck *deck, size_t li, const struct load_opts *o)
{
	return li > 0 && (o->draft || deck->others[li]);
}

/*
 * Language li was read for the page alone (deck->others): what reading
 * it said, d's from first on, is about it, and goes to o->aside, where
 * it fails no build (a plain watch would not have read it).
 */
static void
set_aside(const struct deck *deck, size_t li, size_t first,
    const struct load_opts *o, struct diags *d)
{
	size_t i;

	if (!deck->others[li] || o->aside == NULL)
		return;
	for (i = first; i < d->n; i++)
		if (d->v[i].lang == NULL)
			d->v[i].lang = xstrdup(deck->langs[li]);
	diag_move(d, first, o->aside);
}

static void
make_pseudo(struct deck *deck, const struct srcpos *langs_pos)
{
	size_t i;

	deck->pack.id = "pack";
	deck->pack.label = "the pack";
	deck->pack.pos = *langs_pos;
	deck->pack.count = 1;
	deck->pack.texts = arena_alloc(&deck->arena,
	    deck->nlangs * sizeof(struct cardtext));
	deck->vals = arena_alloc(&deck->arena,
	    (deck->nattrdefs + 1) * sizeof(*deck->vals));
	for (i = 0; i < deck->nattrdefs; i++) {
		struct card *c = &deck->vals[i];

		c->id = deck->attrdefs[i].name;
		c->label = arena_printf(&deck->arena, "the values of '%s'",
		    c->id);
		c->pos = deck->attrdefs[i].pos;
		c->count = 1;
		c->texts = arena_alloc(&deck->arena,
		    deck->nlangs * sizeof(struct cardtext));
	}
	for (i = 0; i < deck->nkinds; i++) {
		struct card *c = &deck->kinds[i].strs;

		c->id = deck->kinds[i].name;
		c->label = arena_printf(&deck->arena, "component '%s'", c->id);
		c->pos = deck->kinds[i].pos;
		c->count = 1;
		c->texts = arena_alloc(&deck->arena,
		    deck->nlangs * sizeof(struct cardtext));
	}
}

/* Cards language li has no entry for: errors, unless a draft fills them. */
static bool
whole_cards(struct deck *deck, size_t li, bool draft, struct diags *d)
{
	size_t i;
	bool ok = true;

	for (i = 0; i < deck->ncards; i++) {
		const struct card *c = &deck->cards[i];

		/* A component whose layout shows no text of its own (a
		 * token, a board) needs no entry: load_bind() tells, from
		 * the layout, whether the source needs one; a translation
		 * needs one where the source has one. */
		if (c->texts[li].pos.file != NULL || li == 0 ||
		    c->texts[0].pos.file == NULL)
			continue;
		diag_add(d, draft ? DIAG_WARN : DIAG_ERROR, &c->pos, draft ?
		    "draft" : "missing-text", "%s: no text in language "
		    "'%s'%s%s%s", c->label, deck->langs[li], draft ? "; "
		    "printed in '" : "", draft ? deck->langs[0] : "",
		    draft ? "' (draft)" : "");
		diag_about(d, c->id, deck->langs[li]);
		ok = draft;
	}
	return ok;
}

/* Pseudo-card or card c's strings in every loaded language, smartened
 * (typography: smart); a source text a draft shows, in its own. */
static void
smarten_card(struct deck *deck, struct card *c)
{
	size_t li, i;

	for (li = 0; c->texts != NULL && li < deck->nlangs; li++) {
		struct cardtext *ct = &c->texts[li];

		for (i = 0; deck->loaded[li] && i < ct->n; i++)
			if (ct->v[i].value != NULL)
				ct->v[i].value = load_smarten(&deck->arena,
				    ct->v[i].value, deck->langs[
				    ct->v[i].fallback ? 0 : li], 0);
	}
}

/*
 * typography: smart, for printing: every string as the reader sees it.
 * The files' own text stays as typed for everything that compares or
 * writes it back (source hashes, strings, import, check).
 */
static void
smarten(struct deck *deck)
{
	size_t i;

	for (i = 0; i < deck->ncards; i++)
		smarten_card(deck, &deck->cards[i]);
	for (i = 0; deck->vals != NULL && i < deck->nattrdefs; i++)
		smarten_card(deck, &deck->vals[i]);
	for (i = 0; i < deck->nkinds; i++)
		smarten_card(deck, &deck->kinds[i].strs);
	smarten_card(deck, &deck->pack);
}

bool
load_texts(struct deck *deck, const struct srcpos *langs_pos,
    const struct srcpos *lang_pos, const struct load_opts *o,
    struct diags *d)
{
	GHashTable *fields = g_hash_table_new(g_str_hash, g_str_equal);
	bool ok = true, draft, *read, lok;
	size_t i, li, first;

	for (i = 0; i < deck->ncards; i++)
		deck->cards[i].texts = arena_alloc(&deck->arena,
		    deck->nlangs * sizeof(struct cardtext));
	make_pseudo(deck, langs_pos);
	choose_langs(deck, o);
	read = arena_alloc(&deck->arena, deck->nlangs * sizeof(bool));
	deck->broken = arena_alloc(&deck->arena, deck->nlangs * sizeof(bool));
	for (li = 0; li < deck->nlangs; li++) {
		if (!deck->loaded[li])
			continue;
		draft = lang_draft(deck, li, o);
		/* A language not in deck.yaml (deckpress strings --lang) may
		 * have no file yet: it is being started. */
		if (li >= deck->ndeclared) {
			char *p = arena_printf(&deck->arena, "%s/text/%s.yaml",
			    deck->dir, deck->langs[li]);

			if (!confine_exists(deck->confine, p))
				continue;
		}
		/* A file with errors: the cards it lacks are no news. */
		first = d->n;
		lok = true;
		if (!load_textfile(deck, li, li < deck->ndeclared ?
		    &lang_pos[li] : langs_pos, draft, o->skip_unknown,
		    &read[li], fields, d)) {
			lok = false;
			deck->broken[li] = true;
		} else if (read[li])
			lok = whole_cards(deck, li, draft, d);
		if (deck->others[li] && o->aside != NULL)
			set_aside(deck, li, first, o, d);
		else
			ok &= lok;
	}
	if (o->packdir != NULL && (o->pack || load_has_pack(deck, 0)))
		add_defaults(deck, o->packdir, fields, d);
	g_hash_table_destroy(fields);
	deck->draft = o->draft;
	for (li = 1; li < deck->nlangs; li++)
		if (deck->loaded[li] && lang_draft(deck, li, o)) {
			first = d->n;
			draft_lang(deck, li, read[li], d);
			set_aside(deck, li, first, o, d);
		}
	if (o->typeset && deck->smart)
		smarten(deck);
	return ok;
}

bool
load_has_pack(const struct deck *deck, size_t li)
{
	char *md = g_strdup_printf("rules/%s.md", deck->langs[li]);
	char *path = path_join(deck->dir, md);
	bool yes = deck->pack.texts[li].pos.file != NULL ||
	    confine_exists(deck->confine, path);

	g_free(md);
	free(path);
	return yes;
}
