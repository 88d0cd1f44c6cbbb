/* SPDX-License-Identifier: MIT */
/*
 * Load a deck folder: deck.yaml (metadata, component kinds, attributes,
 * the list of cards and other components) and text/<lang>.yaml for
 * every declared language.  Every problem becomes
 * a diagnostic; loading goes on so that all of them are reported.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../ytree/ytree.h"
#include "../confine/confine.h"
#include "loading.h"

static const char *const deck_keys[] = { "game", "title", "languages",
    "layout", "sheet", "title_field", "components", "attributes", "credits",
    "numbering", "typography", "cards", NULL };
static const char *const kind_keys[] = { "layout", "sheet", "title_field",
    "numbering", NULL };
static const char *const range_keys[] = { "min", "max", NULL };
static const char *const credit_keys[] = { "authors", "design", "licence",
    "funding", "website", NULL };

/*
 * deck.yaml's tree is freed once the deck is loaded: what the deck
 * keeps of it is copied into the deck's arena.
 */
static const char *
keep(struct deck *deck, const char *s)
{
	return arena_strdup(&deck->arena, s);
}

/* ytree_string(), the text kept in the deck. */
static bool
kstring(struct deck *deck, const struct ynode *n, const char **out,
    const char *what, const char *ctx, struct diags *d)
{
	if (!ytree_string(n, out, what, ctx, d))
		return false;
	*out = keep(deck, *out);
	return true;
}

static bool
load_langs(struct deck *deck, const struct ynode *n, struct diags *d)
{
	size_t i, j;

	if (!ytree_expect(n, YNODE_SEQ, "languages", NULL, d))
		return false;
	if (n->n == 0) {
		diag_add(d, DIAG_ERROR, &n->pos, "languages",
		    "languages must name at least one language");
		return false;
	}
	deck->langs = arena_alloc(&deck->arena, n->n * sizeof(char *));
	for (i = 0; i < n->n; i++) {
		const char *s;

		if (!ytree_string(n->items[i], &s, "a language", NULL, d))
			return false;
		if (!load_lang_tag_valid(s)) {
			load_lang_tag_error(d, &n->items[i]->pos, "languages",
			    s);
			return false;
		}
		for (j = 0; j < i; j++)
			if (strcmp(deck->langs[j], s) == 0) {
				diag_add(d, DIAG_ERROR, &n->items[i]->pos,
				    "languages", "language '%s' listed twice",
				    s);
				return false;
			}
		deck->langs[deck->nlangs++] = keep(deck, s);
	}
	return true;
}

/* A number attribute with a range: {min: 0, max: 5}, either optional. */
static bool
load_range(struct attrdef *def, const struct ynode *v, struct diags *d)
{
	const struct ynode *lo = ytree_get(v, "min"), *hi = ytree_get(v, "max");
	char ctx[96];

	snprintf(ctx, sizeof(ctx), "attribute '%s'", def->name);
	def->number = true;
	/* A wrong key or bound leaves the range open (no error more). */
	if (ytree_check_keys(v, range_keys, ctx, d) > 0 ||
	    (lo != NULL && !ytree_number(lo, &def->min, "min", ctx, d)) ||
	    (hi != NULL && !ytree_number(hi, &def->max, "max", ctx, d))) {
		def->min = -HUGE_VAL;
		def->max = HUGE_VAL;
		return false;
	}
	if (def->min > def->max) {
		diag_add(d, DIAG_ERROR, &v->pos, "attributes", "%s: its min "
		    "%g is over its max %g", ctx, def->min, def->max);
		def->min = -HUGE_VAL;
		def->max = HUGE_VAL;
		return false;
	}
	return true;
}

static bool
load_attrdef(struct deck *deck, struct attrdef *def, const struct ypair *p,
    struct diags *d)
{
	const struct ynode *v = p->val;
	size_t i;

	/* The slot of one that failed before: start clean. */
	memset(def, 0, sizeof(*def));
	def->name = keep(deck, p->key->str);
	def->pos = p->key->pos;
	if (strcmp(def->name, KIND_ATTR) == 0) {
		diag_add(d, DIAG_ERROR, &p->key->pos, "attributes",
		    "'%s' cannot be an attribute name: it names an entry's "
		    "kind, one of 'components'", def->name);
		return false;
	}
	if (strcmp(def->name, "id") == 0 || strcmp(def->name, "count") == 0 ||
	    !valid_ident(def->name)) {
		diag_add(d, DIAG_ERROR, &p->key->pos, "attributes",
		    "'%s' cannot be an attribute name", def->name);
		return false;
	}
	def->min = -HUGE_VAL;
	def->max = HUGE_VAL;
	if (v->type == YNODE_SCALAR && strcmp(v->str, "text") == 0)
		return true;	/* any value */
	if (v->type == YNODE_SCALAR && strcmp(v->str, "number") == 0) {
		def->number = true;
		return true;
	}
	if (v->type == YNODE_MAP)
		return load_range(def, v, d);
	if (v->type != YNODE_SEQ || v->n == 0) {
		diag_add(d, DIAG_ERROR, &v->pos, "attributes",
		    "attribute '%s' must list its values, or be 'text', "
		    "'number' or a number's range {min: N, max: N}",
		    def->name);
		return false;
	}
	def->values = arena_alloc(&deck->arena, v->n * sizeof(char *));
	for (i = 0; i < v->n; i++)
		if (!kstring(deck, v->items[i], &def->values[i], "a value",
		    NULL, d))
			return false;
	def->nvalues = v->n;
	return true;
}

/*
 * With several kinds, "component" is an attribute of every entry whose
 * values are the kinds' names: 'when', rules.yaml and "{component}"
 * then treat it as any other.
 */
static void
kind_attrdef(struct deck *deck)
{
	struct attrdef *def = &deck->attrdefs[deck->nattrdefs++];
	size_t k;

	def->name = KIND_ATTR;
	def->pos = deck->kinds[0].pos;
	def->values = arena_alloc(&deck->arena,
	    deck->nkinds * sizeof(char *));
	for (k = 0; k < deck->nkinds; k++)
		def->values[k] = deck->kinds[k].name;
	def->nvalues = deck->nkinds;
}

static bool
load_attrdefs(struct deck *deck, const struct ynode *n, struct diags *d)
{
	size_t i;
	bool ok = true;

	deck->attrdefs = arena_alloc(&deck->arena,
	    ((n ? n->n : 0) + 1) * sizeof(*deck->attrdefs));
	if (deck->multi)
		kind_attrdef(deck);
	if (n == NULL)
		return true;
	if (!ytree_expect(n, YNODE_MAP, "attributes", NULL, d))
		return false;
	for (i = 0; i < n->n; i++) {
		struct attrdef *def = &deck->attrdefs[deck->nattrdefs];

		if (load_attrdef(deck, def, &n->pairs[i], d))
			deck->nattrdefs++;
		else {
			ok = false;
			/* A number with a wrong range: still a number, so
			 * that its cards are not reported for it too. */
			if (def->number)
				deck->nattrdefs++;
		}
	}
	return ok;
}

static const struct attrdef *
find_attrdef(const struct deck *deck, const char *name)
{
	size_t i;

	for (i = 0; i < deck->nattrdefs; i++)
		if (strcmp(deck->attrdefs[i].name, name) == 0)
			return &deck->attrdefs[i];
	return NULL;
}

static bool
load_count(struct card *c, const struct ynode *n, const char *ctx,
    struct diags *d)
{
	char *end;
	long v;

	if (!ytree_expect(n, YNODE_SCALAR, "count", ctx, d))
		return false;
	if (!n->plain) {
		diag_add(d, DIAG_ERROR, &n->pos, "count", "%s: count must be "
		    "a number, not the quoted text \"%s\"", ctx, n->str);
		return false;
	}
	errno = 0;
	v = strtol(n->str, &end, 10);
	if (n->len == 0 || *end != '\0' || errno != 0 ||
	    v < 0 || !isdigit((unsigned char)n->str[0])) {
		diag_add(d, DIAG_ERROR, &n->pos, "count",
		    "%s: count must be a whole number of copies (0 sets the "
		    "card aside), not '%s'", ctx, n->str);
		return false;
	}
	if (v > MAX_COUNT) {
		diag_add(d, DIAG_ERROR, &n->pos, "count",
		    "%s: count %ld is more than %d copies", ctx, v, MAX_COUNT);
		return false;
	}
	c->count = (unsigned int)v;
	return true;
}

/* The value of number attribute def, in its range; its text as written. */
static bool
load_number(struct deck *deck, struct card *c, const struct attrdef *def,
    const struct ynode *n, const char *ctx, struct diags *d)
{
	struct attr *a = &c->attrs[c->nattrs];
	char why[160];

	if (attr_number_problem(def, a->value, &a->num, why,
	    sizeof(why)) != NULL) {
		diag_add(d, DIAG_ERROR, &n->pos, "attribute", "%s: %s is %s",
		    ctx, def->name, why);
		diag_add(d, DIAG_NOTE, &def->pos, NULL, "'%s' is declared "
		    "here", def->name);
		return false;
	}
	a->value = keep(deck, a->value);
	a->numeric = true;
	c->nattrs++;
	return true;
}

static bool
load_attr(struct deck *deck, struct card *c, const struct ypair *p,
    const char *ctx, struct diags *d)
{
	const struct attrdef *def = find_attrdef(deck, p->key->str);
	struct attr *a = &c->attrs[c->nattrs];
	const char *hint;
	size_t i;

	if (!ytree_string(p->val, &a->value, p->key->str, ctx, d))
		return false;
	a->name = def->name;
	a->pos = p->val->pos;
	if (def->number)
		return load_number(deck, c, def, p->val, ctx, d);
	if (def->values == NULL) {
		a->value = keep(deck, a->value);
		c->nattrs++;
		return true;
	}
	/* One of the declared values: share its string. */
	for (i = 0; i < def->nvalues; i++)
		if (strcmp(def->values[i], a->value) == 0) {
			a->value = def->values[i];
			c->nattrs++;
			return true;
		}
	hint = closest_word(a->value, def->values, def->nvalues);
	diag_add(d, DIAG_ERROR, &p->val->pos, "attribute",
	    "%s: '%s' is not a %s%s%s%s", ctx, a->value, def->name,
	    HINT_ARGS(hint));
	diag_add(d, DIAG_NOTE, &def->pos, NULL, "the values of '%s' are "
	    "declared here", def->name);
	return false;
}

/* The keys a card entry may have: id, count and the declared attributes. */
static const char **
card_keys(struct deck *deck)
{
	const char **k = arena_alloc(&deck->arena,
	    (deck->nattrdefs + 3) * sizeof(char *));
	size_t i;

	k[0] = "id";
	k[1] = "count";
	for (i = 0; i < deck->nattrdefs; i++)
		k[i + 2] = deck->attrdefs[i].name;
	return k;
}

/* "harm, benefit and event": the kinds' names, for messages. */
static const char *
kind_list(struct deck *deck)
{
	const char *s = deck->kinds[0].name;
	size_t k;

	for (k = 1; k < deck->nkinds; k++)
		s = arena_printf(&deck->arena, "%s%s%s", s, k + 1 <
		    deck->nkinds ? ", " : " and ", deck->kinds[k].name);
	return s;
}

/* Card number no (1-based) of the list, its entry n. */
static bool
load_card(struct deck *deck, struct card *c, size_t no,
    const struct ynode *n, const char *const *keys, struct diags *d)
{
	const struct ynode *id = ytree_get(n, "id"), *cnt;
	const char *ctx, *why;
	char num[32];
	bool ok = true;
	size_t i, nattrs;

	/* The slot may hold a rejected duplicate: start clean. */
	memset(c, 0, sizeof(*c));
	/* Only messages need it, and they copy it: not in the arena. */
	snprintf(num, sizeof(num), "card #%zu", no);
	ctx = num;
	if (n->type != YNODE_MAP) {
		diag_add(d, DIAG_ERROR, &n->pos, "type", "%s must be a mapping "
		    "like {id: ...}, not %s", ctx, ytree_kind(n));
		return false;
	}
	c->pos = n->pos;
	c->count = 1;
	if (id == NULL) {
		diag_add(d, DIAG_ERROR, &n->pos, "missing",
		    "%s has no 'id'", ctx);
		return false;
	}
	if (!kstring(deck, id, &c->id, "its id", ctx, d))
		return false;
	if ((why = ident_problem(c->id)) != NULL) {
		diag_add(d, DIAG_ERROR, &id->pos, "id", "card id '%s' %s",
		    c->id, why);
		ok = false;
	}
	ctx = arena_printf(&deck->arena, "card '%s'", c->id);
	c->label = ctx;
	if (ytree_check_keys(n, keys, ctx, d) > 0)
		ok = false;
	if ((cnt = ytree_get(n, "count")) != NULL && !load_count(c, cnt, ctx,
	    d))
		ok = false;
	if (deck->multi && ytree_get(n, KIND_ATTR) == NULL) {
		diag_add(d, DIAG_ERROR, &n->pos, "missing", "%s has no '%s' "
		    "(one of the deck's components: %s)", ctx, KIND_ATTR,
		    kind_list(deck));
		ok = false;
	}
	/* Room for the attributes only, not id and count: 12 000 cards. */
	for (i = 0, nattrs = 0; i < n->n; i++)
		nattrs += find_attrdef(deck, n->pairs[i].key->str) != NULL;
	c->attrs = arena_alloc(&deck->arena, nattrs * sizeof(*c->attrs));
	for (i = 0; i < n->n; i++) {
		const struct ypair *p = &n->pairs[i];

		if (find_attrdef(deck, p->key->str) == NULL)
			continue;
		if (!load_attr(deck, c, p, ctx, d))
			ok = false;
	}
	return ok;
}

/* The entry's kind, from its "component" attribute. */
static void
set_kind(struct deck *deck, struct card *c)
{
	const char *name = card_attr(c, KIND_ATTR);
	size_t k;

	c->kind = 0;
	for (k = 0; name != NULL && k < deck->nkinds; k++)
		if (strcmp(deck->kinds[k].name, name) == 0)
			c->kind = k;
	deck->kinds[c->kind].nentries++;
}

/*
 * Card pointers sorted by id, for deck_card() in big decks; each card's
 * place in the deck and in its kind.
 */
static void
index_cards(struct deck *deck)
{
	size_t i;

	unsigned int number = 1;
	size_t *seen = xcalloc(deck->nkinds, sizeof(*seen));

	deck->by_id = arena_alloc(&deck->arena,
	    (deck->ncards + 1) * sizeof(*deck->by_id));
	for (i = 0; i < deck->ncards; i++) {
		struct card *c = &deck->cards[i];
		struct kind *k = &deck->kinds[c->kind];

		deck->by_id[i] = c;
		c->index = i;
		c->number = number;
		number += c->count;
		/* The same, counted in its kind (numbering: kind). */
		c->kind_index = seen[c->kind]++;
		c->kind_number = k->ncopies + 1;
		k->ncopies += c->count;
	}
	free(seen);
	qsort(deck->by_id, deck->ncards, sizeof(*deck->by_id),
	    card_idcmp);
}

/* The card list; head: it may be empty, import fills it. */
static bool
load_cards(struct deck *deck, const struct ynode *n, bool head,
    struct diags *d)
{
	const char *const *keys;
	GHashTable *seen;
	size_t i, copies = 0;
	bool ok = true, over = false;

	if (head && ytree_isnull(n))
		return true;
	if (!ytree_expect(n, YNODE_SEQ, "cards", NULL, d))
		return false;
	if (n->n == 0 && !head) {
		diag_add(d, DIAG_ERROR, &n->pos, "cards", "the deck has no "
		    "cards");
		return false;
	}
	if (n->n > MAX_CARDS) {
		diag_add(d, DIAG_ERROR, &n->items[MAX_CARDS]->pos, "limit",
		    "the deck lists %zu cards, more than the %d a deck may "
		    "have", n->n, MAX_CARDS);
		return false;
	}
	keys = card_keys(deck);
	deck->cards = arena_alloc(&deck->arena, n->n * sizeof(*deck->cards));
	/* Decks of thousands of cards: look ids up in a hash table. */
	seen = g_hash_table_new(g_str_hash, g_str_equal);
	for (i = 0; i < n->n; i++) {
		struct card *c = &deck->cards[deck->ncards];
		const struct card *first;

		if (!load_card(deck, c, i + 1, n->items[i], keys, d)) {
			ok = false;
			if (c->id == NULL)
				continue;
		}
		if ((first = g_hash_table_lookup(seen, c->id)) != NULL) {
			diag_add(d, DIAG_ERROR, &c->pos, "duplicate-id",
			    "card '%s': duplicate card id", c->id);
			diag_add(d, DIAG_NOTE, &first->pos, NULL,
			    "card '%s' first defined here", c->id);
			ok = false;
			continue;
		}
		g_hash_table_insert(seen, (gpointer)c->id, c);
		set_kind(deck, c);
		deck->ncards++;
		copies += c->count;
		if (copies > MAX_COPIES && !over) {
			diag_add(d, DIAG_ERROR, &c->pos, "limit", "%s: its "
			    "copies bring the deck to %zu, more than the %d "
			    "copies a deck may have", c->label, copies,
			    MAX_COPIES);
			ok = false;
			over = true;
		}
	}
	g_hash_table_destroy(seen);
	index_cards(deck);
	/* Cards set aside (count: 0) stay listed, with their texts. */
	if (ok && copies == 0 && deck->ncards > 0 && !head) {
		diag_add(d, DIAG_ERROR, &n->pos, "cards", "every card of the "
		    "deck is set aside (count: 0): there is nothing to print");
		ok = false;
	}
	return ok;
}

static bool
load_string_key(struct deck *deck, const struct ynode *root, const char *key,
    const char **out, struct srcpos *pos, struct diags *d)
{
	const struct ynode *n = ytree_get(root, key);

	if (n == NULL)
		return true;
	if (pos != NULL)
		*pos = n->pos;
	return kstring(deck, n, out, key, NULL, d);
}

static bool
require(const struct ynode *root, const char *key, struct diags *d)
{
	if (ytree_get(root, key) != NULL)
		return true;
	diag_add(d, DIAG_ERROR, &root->pos, "missing",
	    "the deck has no '%s'", key);
	return false;
}

/* The game names the output files (out/GAME-LANG-cards.pdf). */
static bool
load_game(struct deck *deck, const struct ynode *root, struct diags *d)
{
	struct srcpos pos;
	const char *why;

	if (!load_string_key(deck, root, "game", &deck->game, &pos, d))
		return false;
	if (deck->game == NULL || (why = ident_problem(deck->game)) == NULL)
		return true;
	diag_add(d, DIAG_ERROR, &pos, "game", "game '%s' %s; it names the "
	    "output files", deck->game, why);
	deck->game = NULL;
	return false;
}

static bool
load_names(struct deck *deck, const struct ynode *n, const char *what,
    const char ***out, size_t *nout, struct diags *d)
{
	size_t i;

	*nout = 0;
	if (n == NULL)
		return true;
	if (n->type == YNODE_SCALAR) {
		*out = arena_alloc(&deck->arena, sizeof(char *));
		(*nout)++;
		return kstring(deck, n, &(*out)[0], what, NULL, d);
	}
	if (!ytree_expect(n, YNODE_SEQ, what, NULL, d))
		return false;
	*out = arena_alloc(&deck->arena, (n->n + 1) * sizeof(char *));
	for (i = 0; i < n->n; i++)
		if (!kstring(deck, n->items[i], &(*out)[(*nout)++], what, NULL,
		    d))
			return false;
	return true;
}

/* credits: who made the game, for the pack's credits page. */
static bool
load_credits(struct deck *deck, const struct ynode *n, struct diags *d)
{
	struct credits *c = &deck->credits;
	bool ok;

	if (n == NULL)
		return true;
	if (!ytree_expect(n, YNODE_MAP, "credits", NULL, d))
		return false;
	ok = ytree_check_keys(n, credit_keys, NULL, d) == 0;
	ok &= load_names(deck, ytree_get(n, "authors"), "authors", &c->authors,
	    &c->nauthors, d);
	ok &= load_names(deck, ytree_get(n, "design"), "design", &c->design,
	    &c->ndesign, d);
	ok &= load_string_key(deck, n, "licence", &c->licence, NULL, d);
	ok &= load_string_key(deck, n, "funding", &c->funding, NULL, d);
	ok &= load_string_key(deck, n, "website", &c->website, NULL, d);
	return ok;
}

/*
 * numbering: deck (the default) or kind: what {n} and {total} count, the
 * whole deck or the component's kind; ctx names a kind, or is NULL.  A
 * wrong one is reported and *by_kind left as it was: the kinds load on,
 * so that what else is wrong is reported too (the error fails the load).
 */
static void
load_numbering(const struct ynode *n, bool *by_kind, const char *ctx,
    struct diags *d)
{
	const char *s;

	if (n == NULL || !ytree_string(n, &s, "numbering", ctx, d))
		return;
	if (strcmp(s, "deck") == 0 || strcmp(s, "kind") == 0)
		*by_kind = s[0] == 'k';
	else
		diag_add(d, DIAG_ERROR, &n->pos, "numbering", "%s%snumbering "
		    "must be deck or kind, not '%s'", ctx ? ctx : "",
		    ctx ? ": " : "", s);
}

/*
 * typography: plain (the default: texts as typed) or smart (quotes and
 * dashes as the language has them: typo.c).
 */
static void
load_typography(const struct ynode *n, bool *smart, struct diags *d)
{
	const char *s;

	if (n == NULL || !ytree_string(n, &s, "typography", NULL, d))
		return;
	if (strcmp(s, "plain") == 0 || strcmp(s, "smart") == 0)
		*smart = s[0] == 's';
	else
		diag_add(d, DIAG_ERROR, &n->pos, "typography", "typography "
		    "must be plain or smart, not '%s'", s);
}

/*
 * One kind of component: components: {NAME: {layout: L, sheet: S}};
 * by_kind: the deck's numbering, unless it gives its own.
 */
static bool
load_kind(struct deck *deck, struct kind *k, const struct ypair *p,
    bool by_kind, struct diags *d)
{
	const struct ynode *v = p->val;
	const char *ctx, *why;

	k->name = keep(deck, p->key->str);
	k->pos = p->key->pos;
	ctx = arena_printf(&deck->arena, "component '%s'", k->name);
	if ((why = ident_problem(k->name)) != NULL) {
		diag_add(d, DIAG_ERROR, &p->key->pos, "components", "component "
		    "name '%s' %s", k->name, why);
		return false;
	}
	if (!ytree_expect(v, YNODE_MAP, "a component", ctx, d) ||
	    ytree_check_keys(v, kind_keys, ctx, d) > 0)
		return false;
	if (ytree_get(v, "layout") == NULL) {
		diag_add(d, DIAG_ERROR, &v->pos, "missing", "%s has no "
		    "'layout'", ctx);
		return false;
	}
	k->by_kind = by_kind;
	load_numbering(ytree_get(v, "numbering"), &k->by_kind, ctx, d);
	if (!load_string_key(deck, v, "layout", &k->layout, &k->layout_pos,
	    d) || !load_string_key(deck, v, "sheet", &k->sheet, &k->sheet_pos,
	    d) || !load_string_key(deck, v, "title_field", &k->title_field,
	    &k->title_pos, d))
		return false;
	/* "shared": the deck's sheet, shared with other kinds; a sheet
	 * named: sheets of its own. */
	if (k->sheet != NULL && strcmp(k->sheet, "shared") == 0) {
		k->share = SHARE_YES;
		k->sheet = NULL;
	} else if (k->sheet != NULL)
		k->share = SHARE_NO;
	return true;
}

static bool
load_kinds(struct deck *deck, const struct ynode *n, bool by_kind,
    struct diags *d)
{
	size_t i;
	bool ok = true;

	if (!ytree_expect(n, YNODE_MAP, "components", NULL, d))
		return false;
	if (n->n == 0) {
		diag_add(d, DIAG_ERROR, &n->pos, "components",
		    "components must name at least one kind of component");
		return false;
	}
	deck->kinds = arena_alloc(&deck->arena, n->n * sizeof(*deck->kinds));
	for (i = 0; i < n->n; i++)
		if (load_kind(deck, &deck->kinds[deck->nkinds], &n->pairs[i],
		    by_kind, d))
			deck->nkinds++;
		else
			ok = false;
	deck->multi = true;
	return ok && deck->nkinds > 0;
}

/*
 * The kinds of component: "components:", or one kind "card" from
 * "layout:" (the form of a deck of cards of one size).  A kind without
 * a sheet of its own uses the deck's.
 */
static bool
load_layouts(struct deck *deck, const struct ynode *root, struct diags *d)
{
	const struct ynode *lay = ytree_get(root, "layout");
	const struct ynode *comp = ytree_get(root, "components");
	const char *tf = NULL;
	struct srcpos tf_pos = { NULL, 0, 0 };
	struct kind *k;
	size_t i;
	bool by_kind = false;

	if ((lay == NULL) == (comp == NULL)) {
		diag_add(d, DIAG_ERROR, comp ? &comp->pos : &root->pos,
		    lay ? "layout" : "missing", lay ? "the deck has both "
		    "'layout' and 'components': give its one layout, or a "
		    "layout per component" : "the deck has no 'layout' (or "
		    "'components', one layout per kind of component)");
		return false;
	}
	if (!load_string_key(deck, root, "sheet", &deck->sheet,
	    &deck->sheet_pos, d) || !load_string_key(deck, root,
	    "title_field", &tf, &tf_pos, d))
		return false;
	load_numbering(ytree_get(root, "numbering"), &by_kind, NULL, d);
	load_typography(ytree_get(root, "typography"), &deck->smart, d);
	if (comp != NULL) {
		if (!load_kinds(deck, comp, by_kind, d))
			return false;
	} else {
		k = deck->kinds = arena_alloc(&deck->arena, sizeof(*k));
		deck->nkinds = 1;
		k->name = "card";
		k->pos = lay->pos;
		/* One kind: the same count as the deck's. */
		k->by_kind = by_kind;
		if (!load_string_key(deck, root, "layout", &k->layout,
		    &k->layout_pos, d))
			return false;
	}
	for (i = 0; i < deck->nkinds; i++) {
		if (deck->kinds[i].sheet == NULL) {
			deck->kinds[i].sheet = deck->sheet;
			/* A shared kind's errors point at its "shared". */
			if (deck->kinds[i].share != SHARE_YES)
				deck->kinds[i].sheet_pos = deck->sheet_pos;
		}
		/* The deck's title_field: is every kind's that gives none. */
		if (deck->kinds[i].title_field == NULL) {
			deck->kinds[i].title_field = tf;
			deck->kinds[i].title_pos = tf_pos;
		}
	}
	return true;
}

static bool
load_head(struct deck *deck, const struct ynode *root, bool head,
    struct diags *d)
{
	bool ok = true;

	if (!ytree_expect(root, YNODE_MAP, "a deck file", NULL, d))
		return false;
	if (ytree_check_keys(root, deck_keys, NULL, d) > 0)
		ok = false;
	ok &= require(root, "languages", d);
	if (!head)
		ok &= require(root, "cards", d);
	ok &= load_game(deck, root, d);
	ok &= load_string_key(deck, root, "title", &deck->title, NULL, d);
	ok &= load_credits(deck, ytree_get(root, "credits"), d);
	if (!load_layouts(deck, root, d)) {
		ok = false;
		/* Go on to report the rest: one stand-in kind to count on. */
		if (deck->nkinds == 0) {
			deck->kinds = arena_alloc(&deck->arena,
			    sizeof(*deck->kinds));
			deck->kinds[0].name = "card";
			deck->nkinds = 1;
			deck->multi = false;
		}
	}
	if (ytree_get(root, "languages") != NULL)
		ok &= load_langs(deck, ytree_get(root, "languages"), d);
	ok &= load_attrdefs(deck, ytree_get(root, "attributes"), d);
	if (ytree_get(root, "cards") != NULL)
		ok &= load_cards(deck, ytree_get(root, "cards"), head, d);
	return ok;
}

/*
 * The folder's name, as the game name when deck.yaml gives none: its
 * real name when dir is ".", ".." or ends so ("deckpress cards ."
 * writes out/NAME-en-cards.pdf, not a hidden out/.-en-cards.pdf).
 */
static const char *
dir_name(struct arena *a, const char *dir)
{
	size_t n = strlen(dir);
	const char *s, *name;
	char *real;

	while (n > 1 && dir[n - 1] == '/')
		n--;
	for (s = dir + n; s > dir && s[-1] != '/'; s--)
		;
	if ((dir + n - s == 1 && s[0] == '.') ||
	    (dir + n - s == 2 && s[0] == '.' && s[1] == '.')) {
		if ((real = realpath(dir, NULL)) != NULL) {
			name = strrchr(real, '/');
			name = arena_strdup(a, name != NULL && name[1] != '\0' ?
			    name + 1 : real);
			free(real);
			return name;
		}
	}
	return arena_strndup(a, s, (size_t)(dir + n - s));
}

/* Add language extra to the deck's languages if it is not one yet. */
static void
add_lang(struct deck *deck, const char *extra)
{
	const char **v;

	if (extra == NULL || deck->nlangs == 0 ||
	    deck_lang_index(deck, extra) >= 0)
		return;
	v = arena_alloc(&deck->arena, (deck->nlangs + 1) * sizeof(char *));
	memcpy(v, deck->langs, deck->nlangs * sizeof(char *));
	v[deck->nlangs++] = arena_strdup(&deck->arena, extra);
	deck->langs = v;
}

/*
 * Where deck.yaml names each of its languages: a text file's absence
 * is reported there, after the tree is gone.
 */
static struct srcpos *
lang_places(struct deck *deck, const struct ynode *langs)
{
	struct srcpos *at = arena_alloc(&deck->arena,
	    deck->ndeclared * sizeof(*at));
	size_t i;

	for (i = 0; i < deck->ndeclared; i++)
		at[i] = langs->items[i]->pos;
	return at;
}

/*
 * A journal a stopped import left: from its commit point on, its files
 * are the deck's (confine/journal.c), and the user is told.  One that is
 * not import's is an error: which files are the deck's is not known.
 */
static void
read_journal(struct deck *deck, const char *dir, struct diags *d)
{
	struct journal *j = xcalloc(1, sizeof(*j));
	struct srcpos pos = { NULL, 0, 0 };

	deck->confine->journal = j;
	if (!confine_journal_read(deck->confine, dir, j, d) || j->n == 0)
		return;
	pos.file = diag_file(d, j->path);
	diag_add(d, DIAG_WARN, &pos, "journal", "an import into this deck "
	    "stopped before it had put every file in place: the deck is "
	    "read as it committed it, from this journal; run 'deckpress "
	    "import' into the deck again to finish");
}

/*
 * deck.yaml's keys but cards (each card's data is its own): what a
 * change to may show on any face (watch --serve).
 */
static uint64_t
head_sig(const struct ynode *root)
{
	uint64_t h = YTREE_HASH0;
	size_t i;

	for (i = 0; root->type == YNODE_MAP && i < root->n; i++)
		if (root->pairs[i].key->type != YNODE_SCALAR ||
		    strcmp(root->pairs[i].key->str, "cards") != 0)
			h = ytree_hash(ytree_hash(h, root->pairs[i].key),
			    root->pairs[i].val);
	return h;
}

struct deck *
load_deck(const char *dir, const struct load_opts *o, struct diags *d)
{
	static const struct load_opts all = { 0 };
	struct deck *deck = xcalloc(1, sizeof(*deck));
	const struct ynode *root, *langs;
	struct arena tree = { 0 };
	struct srcpos langs_pos, *lang_pos = NULL;
	char *path = path_join(dir, "deck.yaml");
	size_t nerr = d->nerr;
	bool ok, texts_ok = true;

	if (o == NULL)
		o = &all;
	deck->dir = arena_strdup(&deck->arena, dir);
	deck->confine = xcalloc(1, sizeof(*deck->confine));
	confine_init(deck->confine, dir, o->layouts, o->allow_outside);
	read_journal(deck, dir, d);
	deck->file = diag_file(d, path);
	deck->sheet = "a4";
	free(path);
	/*
	 * The tree lives only while the head is read: a deck of 12 000
	 * cards has some 90 000 nodes in it, and the text files' trees
	 * come after.
	 */
	root = o->deckyaml != NULL ? ytree_parse(&tree, deck->file,
	    (const unsigned char *)o->deckyaml, o->decklen, d) :
	    ytree_load(&tree, deck->confine, deck->file, d);
	ok = root != NULL && load_head(deck, root, o->head, d);
	if (root != NULL)
		deck->sig = head_sig(root);
	if (deck->game == NULL)
		deck->game = dir_name(&deck->arena, dir);
	/* Texts are checked even when the head has errors: report all. */
	if (ok && d->nerr > nerr)
		ok = false;	/* an error that left a usable tree */
	deck->ndeclared = deck->nlangs;
	if (ok)
		add_lang(deck, o->extra);
	if (root != NULL && deck->nlangs > 0 && deck->ncards > 0 && !o->head) {
		langs = ytree_get(root, "languages");
		langs_pos = langs->pos;
		lang_pos = lang_places(deck, langs);
	}
	arena_free(&tree);
	if (lang_pos != NULL)
		texts_ok = load_texts(deck, &langs_pos, lang_pos, o, d);
	/*
	 * Hints, asked for, or on a draft with strings to finish; a
	 * finished language prints the same with --draft or without.
	 */
	deck->hints = o->hints || (deck->draft && (deck->nfilled > 0 ||
	    deck->nstale > 0));
	deck->placeholders = o->placeholders;
	if (!ok || (!o->lenient && (!texts_ok || d->nerr > nerr))) {
		load_deck_free(deck);
		return NULL;
	}
	return deck;
}

void
load_deck_free(struct deck *deck)
{
	if (deck == NULL)
		return;
	confine_free(deck->confine);
	free(deck->confine);
	arena_free(&deck->arena);
	free(deck);
}
