/* SPDX-License-Identifier: MIT */
/*
 * Load rules.yaml: what a game's instructions say about its deck, as
 * counts of cards matching filters, for the whole deck and for named
 * variants.  Names in filters are checked against the deck.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "validate.h"

static const char *const top_keys[] = { "total", "rules", "variants",
    NULL };
static const char *const variant_keys[] = { "where", "total", "rules",
    NULL };
static const char *const rule_keys[] = { "label", "where", "distinct",
    "each", "exactly", "at_least", "at_most", "between", NULL };
static const char *const quants[] = { "exactly", "at_least", "at_most",
    "between", NULL };

struct rctx {
	struct rules		*r;
	const struct deck	*deck;
	struct diags		*d;
};

static bool
get_long(struct rctx *c, const struct ynode *n, long *out)
{
	char *end;

	if (!ytree_expect(n, YNODE_SCALAR, "a count", NULL, c->d))
		return false;
	if (!n->plain) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "rules", "a count must be "
		    "a number, not the quoted text \"%s\"", n->str);
		return false;
	}
	errno = 0;
	*out = strtol(n->str, &end, 10);
	if (!n->plain || n->len == 0 || *end != '\0' || errno != 0 ||
	    *out < 0 || *out > 100000000) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "rules", "a count must be "
		    "a whole number of 0 or more, not '%s'", n->str);
		return false;
	}
	return true;
}

/*
 * The deck's declaration of attribute key, or NULL: for "id" when
 * allow_id (a filter on card ids), else after reporting the name.
 */
static const struct attrdef *
check_attr(struct rctx *c, const struct ynode *key, bool allow_id)
{
	const struct deck *deck = c->deck;
	const char **names, *hint;
	size_t i;

	for (i = 0; i < deck->nattrdefs; i++)
		if (strcmp(deck->attrdefs[i].name, key->str) == 0)
			return &deck->attrdefs[i];
	if (allow_id && strcmp(key->str, "id") == 0)
		return NULL;
	names = xcalloc(deck->nattrdefs + 1, sizeof(char *));
	for (i = 0; i < deck->nattrdefs; i++)
		names[i] = deck->attrdefs[i].name;
	hint = closest_word(key->str, names, deck->nattrdefs);
	diag_add(c->d, DIAG_ERROR, &key->pos, "rules", "'%s' is not an "
	    "attribute of the deck%s%s%s", key->str,
	    HINT_ARGS(hint));
	free(names);
	return NULL;
}

/* A filter value must be one the attribute declares, or a card id. */
static bool
check_value(struct rctx *c, const struct attrdef *def, const char *attr,
    const struct ynode *n)
{
	const char *hint = NULL;
	char why[160];
	double num;
	size_t i;

	if (def == NULL) {
		if (deck_card(c->deck, n->str) != NULL)
			return true;
		hint = deck_suggest_id(c->deck, n->str);
		diag_add(c->d, DIAG_ERROR, &n->pos, "rules", "no card has id "
		    "'%s'%s%s%s", n->str, HINT_ARGS(hint));
		return false;
	}
	if (def->number && attr_number_problem(def, n->str, &num, why,
	    sizeof(why)) != NULL) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "rules", "%s is %s", attr,
		    why);
		return false;
	}
	if (def->values == NULL)
		return true;
	for (i = 0; i < def->nvalues; i++)
		if (strcmp(def->values[i], n->str) == 0)
			return true;
	hint = closest_word(n->str, def->values, def->nvalues);
	diag_add(c->d, DIAG_ERROR, &n->pos, "rules", "'%s' is not a value of "
	    "%s%s%s%s", n->str, attr, HINT_ARGS(hint));
	return false;
}

static bool
get_cond(struct rctx *c, struct cond *k, const struct ypair *p)
{
	const struct ynode *v = p->val;
	const struct attrdef *def;
	size_t j, nv = v->type == YNODE_SEQ ? v->n : 1;
	bool ok = true;

	k->attr = p->key->str;
	def = check_attr(c, p->key, true);
	if (def == NULL && strcmp(k->attr, "id") != 0)
		return false;
	k->values = arena_alloc(&c->r->arena, nv * sizeof(char *) + 1);
	for (j = 0; j < nv; j++) {
		const struct ynode *item = v->type == YNODE_SEQ ?
		    v->items[j] : v;

		if (!ytree_string(item, &k->values[j], "a filter value", NULL,
		    c->d))
			return false;
		ok &= check_value(c, def, k->attr, item);
	}
	k->nvalues = nv;
	return ok;
}

static bool
get_where(struct rctx *c, const struct ynode *n, struct cond **out,
    size_t *nout)
{
	size_t i;
	bool ok = true;

	*nout = 0;
	if (n == NULL)
		return true;
	if (!ytree_expect(n, YNODE_MAP, "where", NULL, c->d))
		return false;
	*out = arena_alloc(&c->r->arena, n->n * sizeof(**out) + 1);
	for (i = 0; i < n->n; i++)
		if (get_cond(c, &(*out)[*nout], &n->pairs[i]))
			(*nout)++;
		else
			ok = false;
	return ok;
}

/*
 * A variant's where: one filter, or a list of filters any of which
 * selects a card ("the dataset cards, and the purpose cards").
 */
static bool
get_alts(struct rctx *c, const struct ynode *n, struct variant *v)
{
	size_t i, k = n && n->type == YNODE_SEQ ? n->n : 1;
	bool ok = true;

	if (n == NULL)
		return true;
	v->where = arena_alloc(&c->r->arena, k * sizeof(*v->where));
	for (i = 0; i < k; i++)
		if (get_where(c, n->type == YNODE_SEQ ? n->items[i] : n,
		    &v->where[v->nwhere].w, &v->where[v->nwhere].n))
			v->nwhere++;
		else
			ok = false;
	return ok;
}

/* exactly / at_least / at_most / between: exactly one of them. */
static bool
get_quant(struct rctx *c, struct rule *r, const struct ynode *n)
{
	const struct ynode *v = NULL;
	int i, found = 0;

	for (i = 0; quants[i] != NULL; i++)
		if (ytree_get(n, quants[i]) != NULL) {
			v = ytree_get(n, quants[i]);
			r->q = (enum quant)i;
			found++;
		}
	if (found == 0) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "rules", "a rule needs one "
		    "of exactly, at_least, at_most or between");
		return false;
	}
	if (found > 1) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "rules", "a rule takes one "
		    "of exactly, at_least, at_most or between, not %d; for a "
		    "range write between: [low, high]", found);
		return false;
	}
	if (r->q != Q_BETWEEN) {
		if (!get_long(c, v, &r->lo))
			return false;
		r->hi = r->lo;
		return true;
	}
	if (v->type != YNODE_SEQ || v->n != 2) {
		diag_add(c->d, DIAG_ERROR, &v->pos, "rules",
		    "between must be [low, high]");
		return false;
	}
	/* A bad bound is reported by get_long, once. */
	if (!get_long(c, v->items[0], &r->lo) ||
	    !get_long(c, v->items[1], &r->hi))
		return false;
	if (r->lo > r->hi) {
		diag_add(c->d, DIAG_ERROR, &v->pos, "rules",
		    "between [%ld, %ld]: the low bound is above the high one",
		    r->lo, r->hi);
		return false;
	}
	return true;
}

static bool
get_rule_attr(struct rctx *c, struct rule *r, const struct ynode *n)
{
	const struct ynode *dn = ytree_get(n, "distinct");
	const struct ynode *en = ytree_get(n, "each");

	if (dn != NULL && en != NULL) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "rules", "a rule counts "
		    "either distinct values or each value, not both");
		return false;
	}
	if (dn == NULL && en == NULL)
		return true;
	r->kind = dn != NULL ? RULE_DISTINCT : RULE_EACH;
	if (!ytree_string(dn ? dn : en, &r->attr, dn ? "distinct" : "each",
	    NULL, c->d))
		return false;
	return check_attr(c, dn ? dn : en, true) != NULL ||
	    strcmp(r->attr, "id") == 0;
}

static bool
load_rule(struct rctx *c, struct rule *r, const struct ynode *n)
{
	const struct ynode *ln = ytree_get(n, "label");
	bool ok;

	memset(r, 0, sizeof(*r));	/* a failed rule's slot is reused */
	if (!ytree_expect(n, YNODE_MAP, "a rule", NULL, c->d))
		return false;
	r->pos = n->pos;
	ok = ytree_check_keys(n, rule_keys, NULL, c->d) == 0;
	if (ln != NULL)
		ok &= ytree_string(ln, &r->label, "label", NULL, c->d);
	ok &= get_where(c, ytree_get(n, "where"), &r->where, &r->nwhere);
	ok &= get_rule_attr(c, r, n);
	return get_quant(c, r, n) && ok;
}

static bool
load_variant(struct rctx *c, struct variant *v, const struct ynode *n,
    bool whole)
{
	const struct ynode *rn = ytree_get(n, "rules"), *tn;
	size_t i;
	bool ok;

	if (!ytree_expect(n, YNODE_MAP, whole ? "a rules file" : "a variant",
	    NULL, c->d))
		return false;
	ok = ytree_check_keys(n, whole ? top_keys : variant_keys, NULL,
	    c->d) == 0;
	if (!whole)
		ok &= get_alts(c, ytree_get(n, "where"), v);
	if (rn != NULL && !ytree_expect(rn, YNODE_SEQ, "rules", NULL, c->d))
		return false;
	v->rules = arena_alloc(&c->r->arena,
	    ((rn ? rn->n : 0) + 1) * sizeof(*v->rules));
	/* "total: N" is the rule "exactly N cards", shown first. */
	if ((tn = ytree_get(n, "total")) != NULL) {
		struct rule *r = &v->rules[v->nrules];

		r->pos = tn->pos;
		r->label = "cards in all";
		if (get_long(c, tn, &r->lo)) {
			r->hi = r->lo;
			v->nrules++;
		} else
			ok = false;
	}
	for (i = 0; rn != NULL && i < rn->n; i++)
		if (load_rule(c, &v->rules[v->nrules], rn->items[i]))
			v->nrules++;
		else
			ok = false;
	return ok;
}

static bool
load_variants(struct rctx *c, const struct ynode *n)
{
	size_t i;
	bool ok = true;

	if (n == NULL)
		return true;
	if (!ytree_expect(n, YNODE_MAP, "variants", NULL, c->d))
		return false;
	for (i = 0; i < n->n; i++) {
		struct variant *v = &c->r->v[c->r->n];

		/* The slot of a variant that failed is used again: none of
		 * its counts (where, rules) may stay for the next. */
		memset(v, 0, sizeof(*v));
		v->name = n->pairs[i].key->str;
		v->pos = n->pairs[i].key->pos;
		if (load_variant(c, v, n->pairs[i].val, false))
			c->r->n++;
		else
			ok = false;
	}
	return ok;
}

struct rules *
validate_rules_load(const char *path, const struct deck *deck, struct diags *d)
{
	struct rules *r = xcalloc(1, sizeof(*r));
	struct rctx c = { r, deck, d };
	const struct ynode *root, *vn;
	bool ok;

	r->file = diag_file(d, path);
	if (!file_exists(path))
		return r;
	if ((root = ytree_load(&r->arena, deck->confine, path, d)) == NULL) {
		validate_rules_free(r);
		return NULL;
	}
	vn = root->type == YNODE_MAP ? ytree_get(root, "variants") : NULL;
	r->v = arena_alloc(&r->arena,
	    ((vn && vn->type == YNODE_MAP ? vn->n : 0) + 1) * sizeof(*r->v));
	r->v[0].name = "deck";
	r->v[0].pos = root->pos;
	ok = load_variant(&c, &r->v[0], root, true);
	r->n = 1;
	ok &= load_variants(&c, vn);
	if (!ok) {
		validate_rules_free(r);
		return NULL;
	}
	return r;
}

void
validate_rules_free(struct rules *r)
{
	if (r == NULL)
		return;
	arena_free(&r->arena);
	free(r);
}
