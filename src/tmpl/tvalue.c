/* SPDX-License-Identifier: MIT */
/*
 * The typed values of a template, as its loaders read them: colours
 * ("#rrggbb", a palette name, or a card attribute "{color}"), lengths
 * in mm (or with a unit, or an expression: tdyn.c), booleans and
 * names from a list, each with an error where it is written when it is
 * not one.  Part of the template stage.
 */
#include <string.h>

#include "tctx.h"

bool
tmpl_parse_color(const char *s, struct rgba *out)
{
	unsigned int v[8];
	size_t n = strlen(s), i;

	if (s[0] != '#' || (n != 4 && n != 7 && n != 9))
		return false;
	for (i = 1; i < n; i++) {
		char c = s[i];

		if (c >= '0' && c <= '9')
			v[i - 1] = (unsigned int)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v[i - 1] = (unsigned int)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v[i - 1] = (unsigned int)(c - 'A' + 10);
		else
			return false;
	}
	if (n == 4) {
		out->r = v[0] * 17 / 255.0;
		out->g = v[1] * 17 / 255.0;
		out->b = v[2] * 17 / 255.0;
		out->a = 1;
		return true;
	}
	out->r = (v[0] * 16 + v[1]) / 255.0;
	out->g = (v[2] * 16 + v[3]) / 255.0;
	out->b = (v[4] * 16 + v[5]) / 255.0;
	out->a = n == 9 ? (v[6] * 16 + v[7]) / 255.0 : 1;
	return true;
}

bool
tmpl_color(const struct tmpl *t, const char *s, struct rgba *out)
{
	size_t i;

	for (i = 0; i < t->npal; i++)
		if (strcmp(t->pal_names[i], s) == 0) {
			*out = t->pal[i];
			return true;
		}
	return tmpl_parse_color(s, out);
}

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
	const char *s;

	if (n == NULL)
		return true;
	if (!ytree_string(n, &s, what, NULL, c->d))
		return false;
	p->set = true;
	if ((p->attr = tmpl_binding(c->a, s)) != NULL)
		return true;
	if (tmpl_color(c->t, s, &p->rgba))
		return true;
	diag_add(c->d, DIAG_ERROR, &n->pos, "color", "%s '%s' is not a "
	    "colour like \"#1d2733\", a name of the palette or a card "
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
