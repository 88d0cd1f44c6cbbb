/* SPDX-License-Identifier: MIT */
/*
 * An element's when: attributes and their values (kind: [action]), card
 * ids (id: [dragon, knight]), or an expression over the card's data
 * ("{hearts} >= 3 and {kind} == action"), evaluated for each card by
 * elem_applies() through the condition's holds().  Part of the template
 * stage.
 */
#include <stdio.h>
#include <string.h>

#include "tctx.h"

/* A card's values, for a condition: id, attributes, source texts. */
static const char *
when_value(void *ctx, const char *name)
{
	const struct card *c = ctx;
	const char *v;

	if (c == NULL)
		return tmpl_expr_unknown;
	if (strcmp(name, "id") == 0)
		return c->id;
	/* A repeat's own, in a repeated element's condition read before
	 * its instances are: each instance's holds it. */
	if (strcmp(name, "i") == 0 || strcmp(name, "col") == 0 ||
	    strcmp(name, "row") == 0)
		return tmpl_expr_unknown;
	if ((v = card_attr(c, name)) != NULL)
		return v;
	return card_text(c, 0, name, NULL);
}

/* Does condition k hold on card c?  Unknown (a repeat's) holds. */
static bool
when_holds(const struct cond *k, const struct card *c)
{
	struct eenv env = { when_value, (void *)c, 300, UNIT_MM };
	struct eerr err;
	bool v, unknown;

	if (!tmpl_expr_cond(k->expr, &env, &v, &unknown, &err))
		return false;	/* said by tmpl_when_check() */
	return v || unknown;
}

bool
tmpl_when_check(const struct elem *e, const struct card *c, struct diags *d)
{
	struct eenv env = { when_value, (void *)c, 300, UNIT_MM };
	struct eerr err;
	size_t i;
	bool v, unknown, ok = true;

	for (i = 0; i < e->nwhen; i++) {
		if (e->when[i].expr == NULL || tmpl_expr_cond(e->when[i].expr,
		    &env, &v, &unknown, &err))
			continue;
		diag_add(d, DIAG_ERROR, &e->when[i].pos, "when", "%s: when "
		    "\"%s\": %s", c->label, e->when[i].expr, err.msg);
		diag_about(d, c->id, NULL);
		ok = false;
	}
	return ok;
}

/* when: "EXPRESSION": its syntax checked now, its names per card. */
static bool
when_expr(struct tctx *c, struct elem *e, const struct ynode *n)
{
	struct eenv env = { when_value, NULL, 300, UNIT_MM };
	struct eerr err;
	const char *s;
	bool v, unknown;

	if (!ytree_string(n, &s, "when", NULL, c->d))
		return false;
	s = tmpl_rep_subst(c, s);
	if (!tmpl_expr_cond(s, &env, &v, &unknown, &err)) {
		struct srcpos pos = tmpl_str_pos(n, s, err.at);

		diag_add(c->d, DIAG_ERROR, &pos, "when", "when \"%s\": %s", s,
		    err.msg);
		return false;
	}
	e->when = arena_alloc(c->a, sizeof(*e->when));
	e->when->expr = s;
	e->when->pos = n->pos;
	e->when->holds = when_holds;
	e->nwhen = 1;
	return true;
}

/* One value or a list of them, each a string, into k. */
static bool
when_values(struct tctx *c, struct cond *k, const struct ynode *v)
{
	size_t j;

	if (v->type != YNODE_SEQ) {
		k->values = arena_alloc(c->a, sizeof(char *));
		k->nvalues = 1;
		return ytree_string(v, &k->values[0], "a when value", NULL,
		    c->d);
	}
	k->values = arena_alloc(c->a, v->n * sizeof(char *) + 1);
	for (j = 0; j < v->n; j++)
		if (!ytree_string(v->items[j], &k->values[j], "a when value",
		    NULL, c->d))
			return false;
	k->nvalues = v->n;
	return true;
}

bool
tmpl_get_when(struct tctx *c, struct elem *e, const struct ynode *n)
{
	size_t i;

	if (n == NULL)
		return true;
	if (n->type == YNODE_SCALAR && !ytree_isnull(n))
		return when_expr(c, e, n);
	if (!ytree_expect(n, YNODE_MAP, "when", NULL, c->d))
		return false;
	e->when = arena_alloc(c->a, n->n * sizeof(*e->when));
	for (i = 0; i < n->n; i++) {
		struct cond *k = &e->when[e->nwhen];

		k->attr = n->pairs[i].key->str;
		k->pos = n->pairs[i].key->pos;
		/* id: the cards it shows on, by their ids. */
		k->ids = strcmp(k->attr, "id") == 0;
		if (!when_values(c, k, n->pairs[i].val))
			return false;
		e->nwhen++;
	}
	return true;
}
