/* SPDX-License-Identifier: MIT */
/*
 * Composition: count the deck against each rule of rules.yaml and
 * report every rule that fails, with the deck entries involved.
 */
#include <stdlib.h>
#include <string.h>

#include "checking.h"

#define MAX_NOTES	10	/* entries listed under one failed rule */

/* An attribute's value, where "id" names the card's id. */
static const char *
value_of(const struct card *c, const char *attr)
{
	return strcmp(attr, "id") == 0 ? c->id : card_attr(c, attr);
}

/* Does card c match all of the filter w[0..n)?  "id" is the card's id. */
static bool
card_matches(const struct card *c, const struct cond *w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!cond_holds(&w[i], c))
			return false;
	return true;
}

bool
validate_variant_has(const struct variant *v, const struct card *c)
{
	size_t i;

	if (v == NULL || v->nwhere == 0)
		return true;
	for (i = 0; i < v->nwhere; i++)
		if (card_matches(c, v->where[i].w, v->where[i].n))
			return true;
	return false;
}

/* Does card c count for rule r of variant v (and value, if any)? */
static bool
in_rule(const struct card *c, const struct variant *v, const struct rule *r,
    const char *value)
{
	const char *a;

	if (!validate_variant_has(v, c) || !card_matches(c, r->where,
	    r->nwhere))
		return false;
	if (value == NULL)
		return true;
	return (a = value_of(c, r->attr)) != NULL && strcmp(a, value) == 0;
}

static char *
expected_text(const struct rule *r)
{
	struct strbuf b = { 0 };

	switch (r->q) {
	case Q_EXACTLY:
		sb_printf(&b, "%ld", r->lo);
		break;
	case Q_AT_LEAST:
		sb_printf(&b, "at least %ld", r->lo);
		break;
	case Q_AT_MOST:
		sb_printf(&b, "at most %ld", r->hi);
		break;
	default:
		sb_printf(&b, "%ld to %ld", r->lo, r->hi);
	}
	return b.s;
}

/* "action cards", or built from the filter: "cards with kind=action". */
static char *
label_text(const struct rule *r, const char *value)
{
	struct strbuf b = { 0 };
	size_t i, j;

	if (r->kind == RULE_DISTINCT && r->label == NULL)
		sb_printf(&b, "values of %s", r->attr);
	else if (r->label != NULL)
		sb_puts(&b, r->label);
	else {
		sb_puts(&b, "cards");
		for (i = 0; i < r->nwhere; i++) {
			sb_printf(&b, "%s%s=", i ? ", " : " with ",
			    r->where[i].attr);
			for (j = 0; j < r->where[i].nvalues; j++)
				sb_printf(&b, "%s%s", j ? "|" : "",
				    r->where[i].values[j]);
		}
	}
	if (value != NULL)
		sb_printf(&b, " (%s=%s)", r->attr, value);
	return b.s;
}

static bool
in_range(const struct rule *r, long n)
{
	switch (r->q) {
	case Q_AT_LEAST:
		return n >= r->lo;
	case Q_AT_MOST:
		return n <= r->hi;
	default:
		return n >= r->lo && n <= r->hi;
	}
}

static long
count_distinct(const struct deck *deck, const struct variant *v,
    const struct rule *r)
{
	const char **seen = xcalloc(deck->ncards + 1, sizeof(char *));
	size_t i, j, n = 0;
	const char *a;

	for (i = 0; i < deck->ncards; i++) {
		const struct card *c = &deck->cards[i];

		if (!in_rule(c, v, r, NULL) || (a = value_of(c, r->attr)) ==
		    NULL)
			continue;
		for (j = 0; j < n; j++)
			if (strcmp(seen[j], a) == 0)
				break;
		if (j == n)
			seen[n++] = a;
	}
	free(seen);
	return (long)n;
}

static void
add_notes(const struct deck *deck, const struct variant *v,
    const struct rule *r, const char *value, struct diags *d)
{
	size_t i, shown = 0, more = 0, copies = 0;

	for (i = 0; i < deck->ncards; i++) {
		const struct card *c = &deck->cards[i];

		if (!in_rule(c, v, r, value))
			continue;
		if (shown++ >= MAX_NOTES) {
			more++;
			copies += c->count;
			continue;
		}
		diag_add(d, DIAG_NOTE, &c->pos, NULL, "card '%s': %u cop%s",
		    c->id, c->count, c->count == 1 ? "y" : "ies");
	}
	if (more > 0)
		diag_add(d, DIAG_NOTE, &r->pos, NULL, "and %zu more entries "
		    "(%zu copies) that this rule counts", more, copies);
}

static void
record(const struct deck *deck, const struct variant *v, const struct rule *r,
    const char *value, long actual, struct outcomes *out, struct diags *d)
{
	struct outcome *o;

	xgrow((void **)&out->v, &out->cap, out->n + 1, sizeof(*out->v));
	o = &out->v[out->n++];
	o->variant = v;
	o->rule = r;
	o->what = label_text(r, value);
	o->expected = expected_text(r);
	o->actual = actual;
	o->ok = in_range(r, actual);
	if (o->ok)
		return;
	if (strcmp(v->name, "deck") == 0)
		diag_add(d, DIAG_ERROR, &r->pos, "composition",
		    "expected %s %s, deck has %ld", o->expected, o->what,
		    actual);
	else
		diag_add(d, DIAG_ERROR, &r->pos, "composition",
		    "variant '%s': expected %s %s, it has %ld", v->name,
		    o->expected, o->what, actual);
	diag_rule(d, o->what, o->expected, actual);
	if (r->kind != RULE_DISTINCT)
		add_notes(deck, v, r, value, d);
}

/*
 * Does rule r's "where" keep the declared value of its "each"
 * attribute?  It leaves a value out when it names the attribute without
 * it, or when every card of the variant with the value fails it (jokers
 * of suit "wild" under "where: {type: number}").  A value no card has
 * is kept: the deck lacks it.
 */
static bool
where_keeps(const struct deck *deck, const struct variant *v,
    const struct rule *r, const char *value)
{
	const char *a;
	size_t i, j;
	bool has = false;

	for (i = 0; i < r->nwhere; i++) {
		if (strcmp(r->where[i].attr, r->attr) != 0)
			continue;
		for (j = 0; j < r->where[i].nvalues; j++)
			if (strcmp(r->where[i].values[j], value) == 0)
				return true;
		return false;
	}
	if (r->nwhere == 0)
		return true;
	for (i = 0; i < deck->ncards; i++) {
		const struct card *c = &deck->cards[i];

		if (!validate_variant_has(v, c) || (a = value_of(c,
		    r->attr)) == NULL || strcmp(a, value) != 0)
			continue;
		if (card_matches(c, r->where, r->nwhere))
			return true;
		has = true;
	}
	return !has;
}

/*
 * "each": every declared value the "where" keeps (or every value
 * present, for text).
 */
static void
check_each(const struct deck *deck, const struct variant *v,
    const struct rule *r, struct outcomes *out, struct diags *d)
{
	const struct attrdef *def = NULL;
	size_t i, k;

	for (i = 0; i < deck->nattrdefs; i++)
		if (strcmp(deck->attrdefs[i].name, r->attr) == 0)
			def = &deck->attrdefs[i];
	for (i = 0; def != NULL && def->values != NULL &&
	    i < def->nvalues; i++) {
		long n = 0;

		if (!where_keeps(deck, v, r, def->values[i]))
			continue;
		for (k = 0; k < deck->ncards; k++)
			if (in_rule(&deck->cards[k], v, r, def->values[i]))
				n += deck->cards[k].count;
		record(deck, v, r, def->values[i], n, out, d);
	}
	if (def != NULL && def->values != NULL)
		return;
	for (i = 0; i < deck->ncards; i++) {
		const char *a = value_of(&deck->cards[i], r->attr);
		long n = 0;

		if (a == NULL || !in_rule(&deck->cards[i], v, r, NULL))
			continue;
		for (k = 0; k < i; k++)
			if (in_rule(&deck->cards[k], v, r, a))
				break;
		if (k < i)
			continue;	/* value already counted */
		for (k = i; k < deck->ncards; k++)
			if (in_rule(&deck->cards[k], v, r, a))
				n += deck->cards[k].count;
		record(deck, v, r, a, n, out, d);
	}
}

void
validate_rules(const struct deck *deck, const struct rules *rs,
    struct outcomes *out, struct diags *d)
{
	size_t i, j, k;

	for (i = 0; i < rs->n; i++) {
		const struct variant *v = &rs->v[i];

		for (j = 0; j < v->nrules; j++) {
			const struct rule *r = &v->rules[j];
			long n = 0;

			if (r->kind == RULE_EACH) {
				check_each(deck, v, r, out, d);
				continue;
			}
			if (r->kind == RULE_DISTINCT)
				n = count_distinct(deck, v, r);
			else
				for (k = 0; k < deck->ncards; k++)
					if (in_rule(&deck->cards[k], v, r,
					    NULL))
						n += deck->cards[k].count;
			record(deck, v, r, NULL, n, out, d);
		}
	}
}

void
validate_outcomes_free(struct outcomes *o)
{
	size_t i;

	if (o == NULL)
		return;
	for (i = 0; i < o->n; i++) {
		free(o->v[i].what);
		free(o->v[i].expected);
	}
	free(o->v);
	memset(o, 0, sizeof(*o));
}
