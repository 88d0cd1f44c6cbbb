/* SPDX-License-Identifier: MIT */
/* covers: nets */
/*
 * Unit tests of the net stage: a die's net of 4, 6 or 8 faces, its
 * panels the die's faces, its folds and cuts, the edges that meet when
 * folded equal, its tabs; a tuck box's inside the deck's; a panel's
 * clip grown over its cut edges only.  Pure geometry.
 */
#include "unit.h"

#include <stdbool.h>
#include <string.h>

#include "../../src/model.h"
#include "../../src/net/net.h"

#define EPS	1e-6

/* Every pair of edges that meet when folded is of one length. */
static void
meets_equal(const struct net *n, double len)
{
	size_t i;

	for (i = 0; i < n->nmeets; i++) {
		assert_near(net_seg_len(&n->meets[i][0]), len, EPS);
		assert_near(net_seg_len(&n->meets[i][1]), len, EPS);
	}
}

/* The net lies in its box, from (0, 0). */
static void
in_box(const struct net *n)
{
	size_t i, k;

	for (i = 0; i < n->npanels; i++)
		for (k = 0; k < n->panels[i].npts; k++) {
			assert_true(n->panels[i].pts[2 * k] > -EPS);
			assert_true(n->panels[i].pts[2 * k] < n->w + EPS);
			assert_true(n->panels[i].pts[2 * k + 1] > -EPS);
			assert_true(n->panels[i].pts[2 * k + 1] < n->h + EPS);
		}
}

static void
test_cube(void **state)
{
	struct arena a = { 0 };
	struct net *n = net_die(&a, 6, MM(16), MM(3));
	bool seen[7] = { false };
	size_t i;

	(void)state;
	assert_non_null(n);
	assert_int_equal(n->npanels, 6);
	for (i = 0; i < 6; i++) {
		assert_near(n->panels[i].w, MM(16), EPS);
		assert_near(n->panels[i].h, MM(16), EPS);
		assert_false(n->panels[i].tri);
		seen[n->panels[i].face] = true;
	}
	for (i = 1; i <= 6; i++)
		assert_true(seen[i]);
	/* 5 folds between faces, 7 to tabs; 7 outer edges and 3 a tab. */
	assert_int_equal(n->nfolds, 12);
	assert_int_equal(n->ncuts, 7 + 21);
	assert_int_equal(n->nmeets, 7);
	assert_int_equal(n->ntabs, 7);
	meets_equal(n, MM(16));
	/* Three faces and two tabs of a fifth of the edge across. */
	assert_near(n->w, MM(48 + 2 * 3.2), EPS);
	assert_near(n->h, MM(64 + 3.2), EPS);
	in_box(n);
	arena_free(&a);
}

static void
test_triangles(void **state)
{
	struct arena a = { 0 };
	struct net *n4 = net_die(&a, 4, MM(30), 0);
	struct net *n8 = net_die(&a, 8, MM(30), 0);
	size_t i;

	(void)state;
	assert_non_null(n4);
	assert_non_null(n8);
	assert_int_equal(n4->npanels, 4);
	assert_int_equal(n8->npanels, 8);
	/* Faces that share an edge fold; a tetrahedron's 6 edges, 3 of
	 * them cut in two and glued; an octahedron's 12, 5 glued. */
	assert_int_equal(n4->nfolds, 3 + 3);
	assert_int_equal(n4->nmeets, 3);
	assert_int_equal(n8->nfolds, 7 + 5);
	assert_int_equal(n8->nmeets, 5);
	meets_equal(n4, MM(30));
	meets_equal(n8, MM(30));
	for (i = 0; i < 8; i++)
		assert_true(n8->panels[i].tri);
	in_box(n4);
	in_box(n8);
	assert_null(net_die(&a, 5, MM(16), 0));
	assert_null(net_die(&a, 12, MM(16), 0));
	assert_false(net_die_ok(5));
	arena_free(&a);
}

/* A tuck box's folds hold its inside: front w x h, spines d wide. */
static void
test_tuck(void **state)
{
	struct arena a = { 0 };
	double w = MM(63.4), h = MM(88.4), d = MM(16);
	struct net *n = net_tuck_box(&a, w, h, d, MM(3));
	size_t i, fronts = 0, spines = 0, glue = 0;

	(void)state;
	for (i = 0; i < n->npanels; i++) {
		const struct net_panel *p = &n->panels[i];

		if (p->part == NET_PART_FRONT || p->part == NET_PART_BACK) {
			fronts++;
			assert_near(p->w, w, EPS);
			assert_near(p->h, h, EPS);
		}
		if (p->part == NET_PART_SPINE) {
			spines++;
			assert_near(p->w, d, EPS);
			assert_near(p->h, h, EPS);
		}
	}
	for (i = 0; i < n->ntabs; i++)
		glue += n->tabs[i].glue;
	assert_int_equal(fronts, 2);
	assert_int_equal(spines, 2);
	assert_int_equal(glue, 1);
	/* The glue tab's edge meets the first spine's, both h long. */
	assert_int_equal(n->nmeets, 1);
	meets_equal(n, h);
	in_box(n);
	arena_free(&a);
}

/* A face's clip grows over its cut edges, not over its folds. */
static void
test_clip(void **state)
{
	struct arena a = { 0 };
	struct net *n = net_die(&a, 6, MM(16), MM(3));
	const struct net_panel *top = &n->panels[0], *mid = &n->panels[1];
	size_t i;

	(void)state;
	/* Face 2, on top: tab above (a fold), cut left and right, fold
	 * to face 1 below. */
	assert_near(top->clip[0], top->pts[0] - MM(3), EPS);
	assert_near(top->clip[1], top->pts[1], EPS);
	assert_near(top->clip[4], top->pts[4] + MM(3), EPS);
	assert_near(top->clip[5], top->pts[5], EPS);
	/* Face 1, in the middle: folds all round. */
	for (i = 0; i < 8; i++)
		assert_near(mid->clip[i], mid->pts[i], EPS);
	arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cube),
		cmocka_unit_test(test_triangles),
		cmocka_unit_test(test_tuck),
		cmocka_unit_test(test_clip),
	};

	return cmocka_run_group_tests_name("net", tests, NULL, NULL);
}
