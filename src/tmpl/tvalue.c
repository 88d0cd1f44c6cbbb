/* SPDX-License-Identifier: MIT */
/*
 * The typed values of a template, as its loaders read them: colours
 * (a palette name, any notation of tcolor.c, or a card attribute
 * "{color}"), lengths
 * in mm (or with a unit, or an expression: tdyn.c), booleans and
 * names from a list, each with an error where it is written when it is
 * not one.  Part of the template stage.
 */
#include <string.h>

#include "tctx.h"

const char *
tmpl_binding(struct arena *a, const char *s)
{
	size_t n = strlen(s);

	if (n < 3 || s[0] != '{' || s[n - 1] != '}')
		return NULL;
	return arena_strndup(a, s + 1, n - 2);
}

bool
tmpl_get_paint(struct tctx *c, const struct ynode *n, const char *what,
    struct paint *p)
{
	const char *s, *why;
	char buf[200];

	if (n == NULL)
		return true;
	if (!ytree_string(n, &s, what, NULL, c->d))
		return false;
	p->set = true;
	if ((p->attr = tmpl_binding(c->a, s)) != NULL)
		return true;
	if (tmpl_color(c->t, s, &p->rgba))
		return true;
	if (*(why = tmpl_color_problem(c->t, s, buf, sizeof(buf))) != '\0')
		diag_add(c->d, DIAG_ERROR, &n->pos, "color", "%s '%s' is not "
		    "a colour: %s", what, s, why);
	else
		diag_add(c->d, DIAG_ERROR, &n->pos, "color", "%s '%s' is not "
		    "a colour like \"#1d2733\", \"teal\", \"rgb(29 39 51)\", "
		    "\"hsl(215 27%% 16%%)\", a name of the palette or a card "
		    "attribute like \"{color}\"", what, s);
	return false;
}

/* Read a non-negative length in mm (or with its unit) into points. */
bool
tmpl_get_mm(struct tctx *c, const struct ynode *n, const char *what, double *pt)
{
	double v;

	if (n == NULL)
		return true;
	if (!tmpl_num(c, n, what, UNIT_MM, &v))
		return false;
	if (v < 0 || v > 2000) {
		if (!tmpl_said_range(c, n, what, v, 0, 2000))
			diag_add(c->d, DIAG_ERROR, &n->pos, "range",
			    "%s must be between 0 and 2000 mm, not %g", what,
			    v);
		return false;
	}
	*pt = MM(v);
	return true;
}

bool
tmpl_get_bool(struct tctx *c, const struct ynode *n, const char *what, bool *b)
{
	if (!tmpl_scalar(c, &n, what))
		return false;
	return n == NULL || ytree_bool(n, b, what, NULL, c->d);
}

const char *
tmpl_choices(struct arena *a, const char *const *names, const char *conj)
{
	const char *s = names[0];
	size_t i;

	if (s == NULL)
		return "nothing";
	for (i = 1; names[i] != NULL; i++)
		s = arena_printf(a, "%s%s%s", s,
		    names[i + 1] != NULL ? ", " : conj, names[i]);
	return s;
}

bool
tmpl_get_enum(struct tctx *c, const struct ynode *n, const char *what,
    const char *const *names, int *out)
{
	const char *s, *hint;
	size_t i, nn = 0;

	if (!tmpl_scalar(c, &n, what))
		return false;
	if (n == NULL)
		return true;
	if (!ytree_string(n, &s, what, NULL, c->d))
		return false;
	for (i = 0; names[i] != NULL; i++, nn++)
		if (strcmp(names[i], s) == 0) {
			*out = (int)i;
			return true;
		}
	if ((hint = closest_word(s, names, nn)) != NULL) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "value", "unknown %s '%s'; "
		    "did you mean '%s'?", what, s, hint);
		return false;
	}
	diag_add(c->d, DIAG_ERROR, &n->pos, "value", "unknown %s '%s' (%s)",
	    what, s, tmpl_choices(c->a, names, " or "));
	return false;
}
