/* SPDX-License-Identifier: MIT */
/*
 * A layout's values from data: a number, a length with its unit or an
 * expression over a card's data ("{hearts} * 4mm"), and text with its
 * {name}s replaced, as the element loaders read them.  While a layout
 * is loaded no card is known: a value that names a card's data marks
 * its element to be read again for each card (trepeat.c).  Part of the
 * template stage.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tctx.h"

/* {id}, {n}, {total}, an attribute or a text field of the card. */
static const char *
card_value(struct tctx *c, const char *name)
{
	const struct tcard *tc = c->card;
	const struct deck *deck = tc->deck;
	const char *v;
	unsigned int n;

	if (strcmp(name, "id") == 0)
		return tc->c->id;
	/* As the layout stage's card_var() counts them (model.c). */
	if (strcmp(name, "n") == 0 || strcmp(name, "total") == 0) {
		n = name[0] == 't' ? card_total(deck, tc->c, c->by_card) :
		    card_n(deck, tc->c, tc->copy, c->by_card);
		snprintf(c->buf[3], sizeof(c->buf[3]), "%u", n);
		return c->buf[3];
	}
	if ((v = card_attr(tc->c, name)) != NULL)
		return v;
	return card_text(tc->c, tc->lang, name, NULL);
}

/* A repeat's {i}, {col} and {row}, or NULL. */
static const char *
rep_value(struct tctx *c, const char *name)
{
	static const char *const names[] = { "i", "col", "row" };
	unsigned int v[3] = { c->ri, c->rcol, c->rrow };
	size_t k;

	for (k = 0; c->rep && k < 3; k++)
		if (strcmp(name, names[k]) == 0) {
			snprintf(c->buf[k], sizeof(c->buf[k]), "%u", v[k]);
			return c->buf[k];
		}
	return NULL;
}

/*
 * The component's own {width} and {height}: its trim, as a length, so
 * that "{width} / 2" is its middle and "{height} - 0.1in" a band from
 * its foot (Squib's middle and deck shorthands).  A card's data cannot
 * take these names from it: the layout's size is known before any card.
 */
static const char *
size_value(struct tctx *c, const char *name)
{
	double pt;

	if (strcmp(name, "width") == 0)
		pt = c->t->face_w;
	else if (strcmp(name, "height") == 0)
		pt = c->t->face_h;
	else
		return NULL;
	return arena_printf(c->a, "%.17gmm", TO_MM(pt));
}

const char *
tmpl_name_value(void *ctx, const char *name)
{
	struct tctx *c = ctx;
	const char *v;

	if ((v = rep_value(c, name)) != NULL ||
	    (v = size_value(c, name)) != NULL)
		return v;
	if (c->card != NULL)
		return card_value(c, name);
	if (!c->in_elem)
		return NULL;
	c->copies |= strcmp(name, "n") == 0;
	return tmpl_expr_unknown;
}

static const char *
rep_only(void *ctx, const char *name)
{
	return rep_value(ctx, name);
}

struct srcpos
tmpl_str_pos(const struct ynode *n, const char *s, size_t at)
{
	struct srcpos pos = n->pos, end = ytree_end(n);
	unsigned int q = n->plain ? 0 : 1;

	/* Exact when the value is written on one line as it reads (no
	 * escapes, no folding). */
	if (end.line == pos.line && end.col > pos.col &&
	    end.col - pos.col == strlen(s) + 2 * q)
		pos.col += q + (unsigned int)at;
	return pos;
}

/* Is s written as a plain number, as YAML's own numbers are? */
static bool
plain_number(const char *s)
{
	char *end;

	strtod(s, &end);
	return end != s && *end == '\0';
}

/* A word with no {name} and no operator: a typo, not an expression. */
static bool
not_expression(const char *s)
{
	return strpbrk(s, "{+-*/()") == NULL;
}

static void
expr_error(struct tctx *c, const struct ynode *n, const char *what,
    const struct eerr *err)
{
	struct srcpos pos = tmpl_str_pos(n, n->str, err->at);
	char *shown = shown_dup(n->str);

	diag_add(c->d, DIAG_ERROR, &pos, "expr", "%s \"%s\": %s", what, shown,
	    err->msg);
	free(shown);
}

bool
tmpl_num(struct tctx *c, const struct ynode *n, const char *what,
    double unit, double *out)
{
	struct eenv env = { tmpl_name_value, c, c->t->dpi, unit };
	struct eerr err;
	bool unknown;

	if (n == NULL)
		return true;
	if (n->type != YNODE_SCALAR || ytree_isnull(n) || n->lost ||
	    strlen(n->str) != n->len || plain_number(n->str))
		return ytree_number(n, out, what, NULL, c->d);
	if (!tmpl_expr_number(n->str, &env, out, &unknown, &err)) {
		if (not_expression(n->str) && (err.code == EXPR_SYNTAX ||
		    err.code == EXPR_TYPE))
			return ytree_number(n, out, what, NULL, c->d);
		expr_error(c, n, what, &err);
		return false;
	}
	if (unknown) {
		c->dyn = true;
		*out = NAN;
	}
	return true;
}

bool
tmpl_said_range(struct tctx *c, const struct ynode *n, const char *what,
    double v, double lo, double hi)
{
	char *shown;

	if (n == NULL || n->type != YNODE_SCALAR || plain_number(n->str))
		return false;
	shown = shown_dup(n->str);
	diag_add(c->d, DIAG_ERROR, &n->pos, "range", "%s \"%s\" is %g "
	    "(allowed %g to %g)", what, shown, v, lo, hi);
	free(shown);
	return true;
}

bool
tmpl_scalar(struct tctx *c, const struct ynode **np, const char *what)
{
	struct eenv env = { tmpl_name_value, c, c->t->dpi, UNIT_NONE };
	const struct ynode *n = *np;
	struct ynode *t;
	struct eerr err;
	const char *s;
	bool unknown;

	if (n == NULL || n->type != YNODE_SCALAR || strlen(n->str) != n->len ||
	    !tmpl_expr_has_ref(n->str))
		return true;
	if (!tmpl_expr_subst(c->a, n->str, &env, false, &s, &unknown,
	    &err)) {
		expr_error(c, n, what, &err);
		return false;
	}
	if (unknown) {
		c->dyn = true;
		*np = NULL;
		return true;
	}
	t = arena_alloc(c->a, sizeof(*t));
	*t = *n;
	t->str = s;
	t->len = (unsigned int)strlen(s);
	t->plain = true;
	*np = t;
	return true;
}

const char *
tmpl_rep_subst(struct tctx *c, const char *s)
{
	struct eenv env = { rep_only, c, c->t->dpi, UNIT_NONE };
	struct eerr err;
	const char *out;
	bool unknown;

	if (!c->rep || s == NULL || !tmpl_expr_has_ref(s) ||
	    !tmpl_expr_subst(c->a, s, &env, true, &out, &unknown, &err))
		return s;
	return out;
}
