/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: an expression of a layout's value (tmpl/expr.c) as a
 * number of a length key, as a when: condition and as a text with its
 * {name}s replaced, with names that give a number, a length, a word,
 * zero and a value not known yet, and names that name nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "../../src/tmpl/expr.h"

static const char *
names(void *ctx, const char *name)
{
	static const char *const v[][2] = { { "a", "3" }, { "b", "2.5mm" },
	    { "col", "4" }, { "w", "action" }, { "z", "0" } };
	size_t i;

	(void)ctx;
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		if (strcmp(name, v[i][0]) == 0)
			return v[i][1];
	return strcmp(name, "u") == 0 ? tmpl_expr_unknown : NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct eenv env = { names, NULL, 300, 72 / 25.4 };
	struct arena a = { 0 };
	struct evalue v;
	struct eerr err;
	const char *out;
	char *s = malloc(size + 1);
	double num;
	bool b, unknown;

	if (s == NULL)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	(void)tmpl_expr_eval(s, &env, &v, &err);
	(void)tmpl_expr_number(s, &env, &num, &unknown, &err);
	(void)tmpl_expr_cond(s, &env, &b, &unknown, &err);
	(void)tmpl_expr_subst(&a, s, &env, size % 2 == 0, &out, &unknown,
	    &err);
	arena_free(&a);
	free(s);
	return 0;
}
