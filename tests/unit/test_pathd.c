/* SPDX-License-Identifier: MIT */
/* covers: shapes, limits */
/*
 * Unit tests of the SVG path data parser (src/tmpl/pathd.c): every
 * command, absolute and relative, turned into moves, lines, cubics and
 * closes in points; arcs and quadratics as the cubics that draw them;
 * bad data refused with its offset; the size limits.
 */
#include "unit.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/tmpl/tctx.h"

struct parsed {
	struct arena	 a;
	struct pathseg	*s;
	size_t		 n;
};

static void
parse_ok(struct parsed *p, const char *d)
{
	size_t at = 0;
	const char *why = NULL;

	memset(p, 0, sizeof(*p));
	if (!tmpl_pathd_parse(&p->a, d, &p->s, &p->n, &at, &why)) {
		print_error("'%s': offset %zu: %s\n", d, at, why);
		fail();
	}
}

/* Segment i has op and, in mm, the coordinates given. */
static void
seg_is(const struct parsed *p, size_t i, enum segop op, size_t k,
    const double *mm)
{
	size_t j;

	assert_true(i < p->n);
	assert_int_equal(p->s[i].op, op);
	for (j = 0; j < k; j++)
		assert_near(TO_MM(p->s[i].p[j]), mm[j], 1e-9);
}

static void
test_lines_absolute_and_relative(void **state)
{
	struct parsed p;

	(void)state;
	parse_ok(&p, "M 10 20 L 30,40 l 5 -5 H 1 h 2 V 7 v -1 Z m 1 1 2 2");
	assert_int_equal(p.n, 10);
	seg_is(&p, 0, SEG_MOVE, 2, (const double[]){ 10, 20 });
	seg_is(&p, 1, SEG_LINE, 2, (const double[]){ 30, 40 });
	seg_is(&p, 2, SEG_LINE, 2, (const double[]){ 35, 35 });
	seg_is(&p, 3, SEG_LINE, 2, (const double[]){ 1, 35 });
	seg_is(&p, 4, SEG_LINE, 2, (const double[]){ 3, 35 });
	seg_is(&p, 5, SEG_LINE, 2, (const double[]){ 3, 7 });
	seg_is(&p, 6, SEG_LINE, 2, (const double[]){ 3, 6 });
	seg_is(&p, 7, SEG_CLOSE, 0, NULL);
	/* After Z the current point is the subpath's start; the pairs
	 * after a move are lines. */
	seg_is(&p, 8, SEG_MOVE, 2, (const double[]){ 11, 21 });
	seg_is(&p, 9, SEG_LINE, 2, (const double[]){ 13, 23 });
	arena_free(&p.a);
}

static void
test_curves_and_reflections(void **state)
{
	struct parsed p;

	(void)state;
	parse_ok(&p, "M0 0C1 2 3 4 5 6S9 9 10 10q 3 0 3 3t3 3");
	assert_int_equal(p.n, 5);
	seg_is(&p, 1, SEG_CURVE, 6, (const double[]){ 1, 2, 3, 4, 5, 6 });
	/* S reflects the last control point (3, 4) about (5, 6). */
	seg_is(&p, 2, SEG_CURVE, 6, (const double[]){ 7, 8, 9, 9, 10, 10 });
	/* A quadratic with control (13, 10) from (10, 10) to (13, 13). */
	seg_is(&p, 3, SEG_CURVE, 6, (const double[]){ 12, 10, 13, 11, 13,
	    13 });
	/* T reflects the quadratic's control to (13, 16). */
	seg_is(&p, 4, SEG_CURVE, 6, (const double[]){ 13, 15, 14, 16, 16,
	    16 });
	arena_free(&p.a);
}

static void
test_arcs(void **state)
{
	struct parsed p;
	const double r = 6, k = 4.0 / 3 * tan(M_PI / 8) * r;

	(void)state;
	/* A half circle of radius 6 to the right: two quarter cubics. */
	parse_ok(&p, "M46,54 A 6 6 0 0 1 46 66");
	assert_int_equal(p.n, 3);
	seg_is(&p, 1, SEG_CURVE, 6, (const double[]){ 46 + k, 54, 52,
	    60 - k, 52, 60 });
	seg_is(&p, 2, SEG_CURVE, 6, (const double[]){ 52, 60 + k, 46 + k,
	    66, 46, 66 });
	arena_free(&p.a);
	/* Radii too small grow to fit; flags need no separator. */
	parse_ok(&p, "M 0 0 a 1 1 0 1110 0");
	assert_int_equal(p.n, 3);
	seg_is(&p, 2, SEG_CURVE, 6, (const double[]){ 5 + 5 * k / r, -5,
	    10, -5 * k / r, 10, 0 });
	arena_free(&p.a);
	/* A zero radius is a line. */
	parse_ok(&p, "M 0 0 A 0 5 0 0 0 3 4");
	seg_is(&p, 1, SEG_LINE, 2, (const double[]){ 3, 4 });
	arena_free(&p.a);
}

static void
test_numbers(void **state)
{
	struct parsed p;

	(void)state;
	parse_ok(&p, "M.5.5L-1e1+2E-1");
	seg_is(&p, 0, SEG_MOVE, 2, (const double[]){ 0.5, 0.5 });
	seg_is(&p, 1, SEG_LINE, 2, (const double[]){ -10, 0.2 });
	arena_free(&p.a);
}

/* d is refused at offset at, saying why. */
static void
bad(const char *d, size_t want_at, const char *want_why)
{
	struct arena a = { 0 };
	struct pathseg *s = NULL;
	size_t n = 0, at = 0;
	const char *why = NULL;

	if (tmpl_pathd_parse(&a, d, &s, &n, &at, &why)) {
		print_error("'%s' was taken\n", d);
		fail();
	}
	assert_int_equal(at, want_at);
	assert_string_equal(why, want_why);
	arena_free(&a);
}

static void
test_bad_data(void **state)
{
	(void)state;
	bad("M 10 10 L 20 20 L 30 x Z", 21, "expected a number");
	bad("L 1 1", 0, "path data starts with M or m");
	bad("M 0 0 X 1", 6, "expected a command (M L H V C S Q T A Z)");
	bad("M 0 0 A 1 1 0 2 0 3 3", 14, "expected an arc flag, 0 or 1");
	bad("M 1 2 3", 7, "expected a number");
	bad("   ", 3, "no path data");
	bad("M 0 0 L 1e9 0", 8, "a number out of range");
}

static void
test_limits(void **state)
{
	struct parsed p;
	size_t n = 10000, i;
	char *d = malloc(n * 4 + 8);

	(void)state;
	/* 10 000 segments are taken, one more is not. */
	memcpy(d, "M0 0", 4);
	for (i = 1; i < n; i++)
		memcpy(d + 4 * i, " h1 ", 4);
	d[4 * n] = '\0';
	parse_ok(&p, d);
	assert_int_equal(p.n, n);
	arena_free(&p.a);
	strcpy(d + 4 * n, " h1");
	bad(d, 4 * n + 1, "more than 10000 segments");
	free(d);
	d = malloc(PATHD_MAX_CHARS + 2);
	memset(d, ' ', PATHD_MAX_CHARS + 1);
	memcpy(d, "M0 0", 4);
	d[PATHD_MAX_CHARS + 1] = '\0';
	bad(d, 0, "more than 100000 characters");
	free(d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lines_absolute_and_relative),
		cmocka_unit_test(test_curves_and_reflections),
		cmocka_unit_test(test_arcs),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_bad_data),
		cmocka_unit_test(test_limits),
	};

	return cmocka_run_group_tests_name("pathd", tests, NULL, NULL);
}
