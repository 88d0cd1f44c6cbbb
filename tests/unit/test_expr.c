/* SPDX-License-Identifier: MIT */
/* covers: expressions, limits */
/*
 * Unit tests of a layout's expressions (src/tmpl/expr.c): every
 * operator, the units and their dimensions, {name} references read as
 * numbers, conditions, {name}s replaced in a string, and each error with
 * its byte offset: syntax, a name that names nothing, a division by
 * zero, a wrong kind of value, the limits; and a layout's repeats as
 * the template stage loads them.
 */
#include "unit.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/tmpl/expr.h"
#include "../../src/tmpl/tmpl.h"

#define MM_PT	(72 / 25.4)

/* hearts 3, word "lots", size "2.5in", zero 0, later: unknown. */
static const char *
get(void *ctx, const char *name)
{
	(void)ctx;
	if (strcmp(name, "hearts") == 0)
		return "3";
	if (strcmp(name, "word") == 0)
		return "lots";
	if (strcmp(name, "size") == 0)
		return "2.5in";
	if (strcmp(name, "zero") == 0)
		return "0";
	if (strcmp(name, "kind") == 0)
		return "action";
	if (strcmp(name, "later") == 0)
		return tmpl_expr_unknown;
	return NULL;
}

static const struct eenv mm_env = { get, NULL, 300, MM_PT };
static const struct eenv pt_env = { get, NULL, 300, 1 };
static const struct eenv num_env = { get, NULL, 300, 0 };

static double
num(const char *s, const struct eenv *env)
{
	struct eerr err;
	double v = -12345;
	bool unk;

	if (!tmpl_expr_number(s, env, &v, &unk, &err)) {
		print_error("'%s': offset %zu: %s\n", s, err.at, err.msg);
		fail();
	}
	assert_false(unk);
	return v;
}

static void
num_fails(const char *s, const struct eenv *env, enum eerrcode code,
    size_t at, const char *msg)
{
	struct eerr err;
	double v;
	bool unk;

	if (tmpl_expr_number(s, env, &v, &unk, &err)) {
		print_error("'%s' gave %g\n", s, v);
		fail();
	}
	assert_int_equal(err.code, code);
	assert_int_equal(err.at, at);
	if (msg != NULL && strstr(err.msg, msg) == NULL) {
		print_error("'%s': '%s' lacks '%s'\n", s, err.msg, msg);
		fail();
	}
}

static bool
cond(const char *s)
{
	struct eerr err;
	bool v = false, unk;

	if (!tmpl_expr_cond(s, &mm_env, &v, &unk, &err)) {
		print_error("'%s': offset %zu: %s\n", s, err.at, err.msg);
		fail();
	}
	assert_false(unk);
	return v;
}

static void
test_arithmetic(void **state)
{
	(void)state;
	assert_near(num("1 + 2", &num_env), 3, 1e-12);
	assert_near(num("7 - 2 - 1", &num_env), 4, 1e-12);
	assert_near(num("2 * 3 + 4", &num_env), 10, 1e-12);
	assert_near(num("2 * (3 + 4)", &num_env), 14, 1e-12);
	assert_near(num("9 / 2", &num_env), 4.5, 1e-12);
	assert_near(num("8 / 2 / 2", &num_env), 2, 1e-12);
	assert_near(num("-3 + 5", &num_env), 2, 1e-12);
	assert_near(num("--3", &num_env), 3, 1e-12);
	assert_near(num("+4", &num_env), 4, 1e-12);
	assert_near(num("1.5e2", &num_env), 150, 1e-12);
	assert_near(num(".5", &num_env), 0.5, 1e-12);
	assert_near(num("  12  ", &num_env), 12, 1e-12);
}

static void
test_units(void **state)
{
	(void)state;
	/* A length in a mm key is given in mm. */
	assert_near(num("1in", &mm_env), 25.4, 1e-9);
	assert_near(num("2.5 in", &mm_env), 63.5, 1e-9);
	assert_near(num("6.35cm", &mm_env), 63.5, 1e-9);
	assert_near(num("72pt", &mm_env), 25.4, 1e-9);
	assert_near(num("300px", &mm_env), 25.4, 1e-9);
	assert_near(num("18pt", &pt_env), 18, 1e-9);
	assert_near(num("10mm", &pt_env), 10 * MM_PT, 1e-9);
	/* A plain number beside a length is in the key's unit. */
	assert_near(num("3 + 2mm", &mm_env), 5, 1e-9);
	assert_near(num("1in + 1", &pt_env), 73, 1e-9);
	assert_near(num("(3 - 1) * 4mm + 0.5in", &mm_env), 8 + 12.7, 1e-9);
	/* A length over a length is a number. */
	assert_near(num("1in / 1mm", &num_env), 25.4, 1e-9);
	assert_near(num("1in / 2", &mm_env), 12.7, 1e-9);
	num_fails("2mm * 3mm", &mm_env, EXPR_TYPE, 4, "area");
	num_fails("2mm", &num_env, EXPR_TYPE, 0, "length");
	num_fails("2mm + 1", &num_env, EXPR_TYPE, 4, "length");
	num_fails("1 / 2mm", &num_env, EXPR_TYPE, 2, "length");
}

static void
test_names(void **state)
{
	(void)state;
	assert_near(num("{hearts} * 4", &num_env), 12, 1e-12);
	assert_near(num("({hearts} - 1) * 4mm + 0.5in", &mm_env), 20.7, 1e-9);
	assert_near(num("{size}", &mm_env), 63.5, 1e-9);
	assert_near(num("{hearts}", &pt_env), 3, 1e-12);
	num_fails("{nobody} + 1", &num_env, EXPR_NAME, 0, "{nobody} names "
	    "nothing");
	num_fails("2 * {word}", &num_env, EXPR_TYPE, 4, "{word} is 'lots', "
	    "not a number");
	num_fails("lots", &num_env, EXPR_TYPE, 0, "not a number");
	num_fails("{kind} + 1", &num_env, EXPR_TYPE, 0, "not a number");
}

static void
test_unknown(void **state)
{
	struct eerr err;
	double v = 7;
	bool unk, c;

	(void)state;
	assert_true(tmpl_expr_number("{later} * 2 + 1mm", &mm_env, &v, &unk,
	    &err));
	assert_true(unk);
	assert_near(v, 7, 0);
	assert_true(tmpl_expr_cond("{later} > 1", &mm_env, &c, &unk, &err));
	assert_true(unk);
	/* A syntax error is one, whatever the names. */
	assert_false(tmpl_expr_number("{later} * ", &mm_env, &v, &unk, &err));
	assert_int_equal(err.code, EXPR_SYNTAX);
}

static void
test_errors(void **state)
{
	(void)state;
	num_fails("{hearts} / ({zero})", &num_env, EXPR_ZERO, 9, "divides "
	    "by zero");
	num_fails("1 / 0", &num_env, EXPR_ZERO, 2, "zero");
	num_fails("1 +", &num_env, EXPR_SYNTAX, 3, "missing");
	num_fails("(1 + 2", &num_env, EXPR_SYNTAX, 6, "')'");
	num_fails("1 + 2)", &num_env, EXPR_SYNTAX, 5, NULL);
	num_fails("1 # 2", &num_env, EXPR_SYNTAX, 2, NULL);
	num_fails("{hearts", &num_env, EXPR_SYNTAX, 0, "'}'");
	num_fails("{}", &num_env, EXPR_SYNTAX, 0, NULL);
	num_fails("{a b}", &num_env, EXPR_SYNTAX, 2, NULL);
	num_fails("'open", &num_env, EXPR_SYNTAX, 0, "quote");
	num_fails("", &num_env, EXPR_SYNTAX, 0, "missing");
	num_fails("3 > 2", &num_env, EXPR_TYPE, 0, "condition");
}

static void
test_limits(void **state)
{
	char buf[EXPR_MAX_LEN + 8];
	size_t i;

	(void)state;
	/* 1000 characters are read; 1001 are refused at the 1001st. */
	memset(buf, ' ', sizeof(buf));
	buf[0] = '1';
	buf[EXPR_MAX_LEN] = '\0';
	assert_near(num(buf, &num_env), 1, 0);
	buf[EXPR_MAX_LEN] = ' ';
	buf[EXPR_MAX_LEN + 1] = '\0';
	num_fails(buf, &num_env, EXPR_LIMIT, EXPR_MAX_LEN, "longer");
	/* 32 parentheses deep is read, 33 refused at the 33rd. */
	for (i = 0; i < EXPR_MAX_DEPTH; i++)
		buf[i] = '(';
	buf[i] = '1';
	for (i = 0; i < EXPR_MAX_DEPTH; i++)
		buf[EXPR_MAX_DEPTH + 1 + i] = ')';
	buf[2 * EXPR_MAX_DEPTH + 1] = '\0';
	assert_near(num(buf, &num_env), 1, 0);
	memmove(buf + 1, buf, strlen(buf) + 1);
	strcat(buf, ")");
	num_fails(buf, &num_env, EXPR_LIMIT, EXPR_MAX_DEPTH, "32");
	/* Signs count as nesting too. */
	memset(buf, '-', 40);
	strcpy(buf + 40, "1");
	num_fails(buf, &num_env, EXPR_LIMIT, EXPR_MAX_DEPTH, "32");
	/* A name longer than 64 characters. */
	buf[0] = '{';
	memset(buf + 1, 'a', 65);
	strcpy(buf + 66, "}");
	num_fails(buf, &num_env, EXPR_SYNTAX, 0, "64");
}

static void
test_conditions(void **state)
{
	(void)state;
	assert_true(cond("{hearts} >= 3"));
	assert_false(cond("{hearts} > 3"));
	assert_true(cond("{hearts} < 4"));
	assert_true(cond("{hearts} <= 3"));
	assert_true(cond("{hearts} == 3.0"));
	assert_true(cond("{hearts} != 2"));
	assert_true(cond("{kind} == action"));
	assert_true(cond("{kind} == \"action\""));
	assert_true(cond("{kind} != 'event'"));
	assert_true(cond("{hearts} > 2 and {kind} == action"));
	assert_false(cond("{hearts} > 5 and {kind} == action"));
	assert_true(cond("{hearts} > 5 or {kind} == action"));
	assert_true(cond("not {hearts} > 5"));
	assert_true(cond("not ({hearts} > 5 or {kind} == event)"));
	assert_true(cond("{size} == 63.5mm"));
	assert_true(cond("{size} > 2in"));
	/* The side and/or skips is not evaluated: no division by zero. */
	assert_false(cond("{zero} != 0 and 6 / {zero} > 1"));
	assert_true(cond("{zero} == 0 or 6 / {zero} > 1"));
	/* And, or, not are words: "order" is a word, not "or" "der". */
	assert_true(cond("{kind} != order"));
}

static void
test_condition_errors(void **state)
{
	struct eerr err;
	bool v, unk;

	(void)state;
	assert_false(tmpl_expr_cond("{kind} < event", &mm_env, &v, &unk,
	    &err));
	assert_int_equal(err.code, EXPR_TYPE);
	assert_int_equal(err.at, 7);
	assert_false(tmpl_expr_cond("{kind}", &mm_env, &v, &unk, &err));
	assert_int_equal(err.code, EXPR_TYPE);
	assert_false(tmpl_expr_cond("{hearts} > 1 and", &mm_env, &v, &unk,
	    &err));
	assert_int_equal(err.code, EXPR_SYNTAX);
	assert_int_equal(err.at, 16);
	assert_false(tmpl_expr_cond("{word} > 1", &mm_env, &v, &unk, &err));
	assert_int_equal(err.code, EXPR_TYPE);
	assert_int_equal(err.at, 0);
}

static void
test_subst(void **state)
{
	struct arena a = { 0 };
	struct eerr err;
	const char *out;
	bool unk;

	(void)state;
	assert_true(tmpl_expr_subst(&a, "{kind}-{hearts}", &mm_env, false,
	    &out, &unk, &err));
	assert_false(unk);
	assert_string_equal(out, "action-3");
	assert_true(tmpl_expr_subst(&a, "\\{kind} {x}", &mm_env, true, &out,
	    &unk, &err));
	assert_string_equal(out, "\\{kind} {x}");
	assert_false(tmpl_expr_subst(&a, "a {x}", &mm_env, false, &out, &unk,
	    &err));
	assert_int_equal(err.code, EXPR_NAME);
	assert_int_equal(err.at, 2);
	assert_true(tmpl_expr_subst(&a, "{later}", &mm_env, false, &out,
	    &unk, &err));
	assert_true(unk);
	assert_null(out);
	assert_true(tmpl_expr_has_ref("a{b}"));
	assert_false(tmpl_expr_has_ref("a\\{b}"));
	arena_free(&a);
}

static const char *const families[] = { "Roboto", NULL };

/* A layout of yaml's front, loaded (NULL with its errors in d). */
static struct tmpl *
layout(const char *yaml, struct diags *d)
{
	const char *path = "out/test/expr-layout.yaml";
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs("card: standard\nfront:\n", f);
	fputs(yaml, f);
	fclose(f);
	return tmpl_load(NULL, path, families, NULL, d);
}

static void
test_repeat_load(void **state)
{
	struct diags d = { 0 };
	struct tmpl *t;
	size_t k;

	(void)state;
	/* A score track of 64 spaces: one element, 64 after load. */
	t = layout("  - {type: circle, box_mm: [\"({col} - 1) * 7 + 3\", "
	    "\"({row} - 1) * 7mm + 1cm\", 6, 6], repeat: {cols: 8, rows: 8}}\n"
	    "  - {type: rect, box_mm: [1, 1, 2, 2], repeat: {count: 3, "
	    "step_mm: [\"0.1in\", 0]}}\n"
	    "  - {type: rect, box_mm: [1, 1, 2, 2], repeat: {count: 0}}\n",
	    &d);
	assert_non_null(t);
	assert_int_equal(t->nelems[FACE_FRONT], 67);
	for (k = 0; k < 64; k++) {
		const struct elem *e = &t->elems[FACE_FRONT][k];

		assert_null(e->node);
		assert_near(e->x, (k % 8 * 7 + 3) * MM_PT, 1e-9);
		assert_near(e->y, (k / 8 * 7 + 10) * MM_PT, 1e-9);
	}
	assert_near(t->elems[FACE_FRONT][66].x, (1 + 2 * 2.54) * MM_PT, 1e-9);
	assert_false(t->dynamic);
	tmpl_free(t);
	/* A count from the card: one element, read for each card. */
	t = layout("  - {type: rect, box_mm: [1, 1, 2, 2], "
	    "repeat: {count: \"{hearts}\", step_mm: [3, 0]}}\n"
	    "  - {type: text, text: x, box_mm: [5, 5, 20, 10], "
	    "size_pt: \"{size} * 2\", rotate_deg: \"{n} * 90\"}\n", &d);
	assert_non_null(t);
	assert_int_equal(d.nerr, 0);
	assert_int_equal(t->nelems[FACE_FRONT], 2);
	assert_non_null(t->elems[FACE_FRONT][0].node);
	assert_non_null(t->elems[FACE_FRONT][1].node);
	assert_true(t->elems[FACE_FRONT][1].copies);
	assert_true(t->dynamic);
	tmpl_free(t);
	/* Over the limits: a repeat, a face. */
	assert_null(layout("  - {type: rect, repeat: {cols: 101, rows: 100}}\n",
	    &d));
	assert_int_equal(d.nerr, 1);
	assert_non_null(strstr(d.v[0].msg, "more than 10000"));
	assert_null(layout("  - {type: rect, repeat: {count: 10000}}\n"
	    "  - {type: rect, repeat: {count: 10000}}\n"
	    "  - {type: rect}\n", &d));
	assert_int_equal(d.nerr, 2);
	assert_non_null(strstr(d.v[1].msg, "more than 20000"));
	diag_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arithmetic),
		cmocka_unit_test(test_units),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_unknown),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_conditions),
		cmocka_unit_test(test_condition_errors),
		cmocka_unit_test(test_subst),
		cmocka_unit_test(test_repeat_load),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
