/* SPDX-License-Identifier: MIT */
/* covers: svg, limits */
/*
 * Unit tests of the SVG filter cost model (src/art/svgvalue.c,
 * svgcost.c, svgweigh.c, svgscan.c): the little languages it reads,
 * each erring towards more; then what small SVGs are estimated to cost,
 * without librsvg drawing anything -- a primitive by its settings and
 * the scale above it, each drawing by <use> and marker counted, none in
 * <defs>, filters a stylesheet, a style or inherit gives, masks.
 */
#include "unit.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/art/svgscan.h"
#include "../../src/art/svgvalue.h"

static void
test_css_value(void **state)
{
	struct arena a = { 0 };
	const char *d = "fill: red; FILTER : url(#a) ; filter: url(#b) "
	    "!important; mask:url(\"#m;x\")";

	(void)state;
	assert_string_equal(art_css_value(&a, d, strlen(d), "filter"),
	    "url(#b)");
	assert_string_equal(art_css_value(&a, d, strlen(d), "mask"),
	    "url(\"#m;x\")");
	assert_null(art_css_value(&a, d, strlen(d), "stroke"));
	d = "fil\\74 er: url(#\\66)";
	assert_string_equal(art_css_value(&a, d, strlen(d), "filter"),
	    "url(#\\66)");
	arena_free(&a);
}

static void
test_css_unescape_and_comments(void **state)
{
	char *u, sheet[] = "a/* } */{b:c}/*x";

	(void)state;
	u = art_css_unescape("\\66 oo\\.\\31 23", 15);
	assert_string_equal(u, "foo.123");
	free(u);
	art_css_uncomment(sheet);
	assert_string_equal(sheet, "a       {b:c}   ");
}

struct rules {
	char	 got[8][64];
	size_t	 n;
};

static void
on_rule(void *ctx, const char *sel, size_t nsel, const char *decls,
    size_t ndecls)
{
	struct rules *r = ctx;

	snprintf(r->got[r->n++], sizeof(r->got[0]), "%.*s|%.*s", (int)nsel,
	    sel, (int)ndecls, decls);
}

static void
test_css_rules(void **state)
{
	struct rules r = { 0 };

	(void)state;
	art_css_rules("<!-- .a { x: 1 } @import 'y'; @media print { "
	    "g > .b, #c { y: \"}\" } } -->", on_rule, &r);
	assert_int_equal(r.n, 2);
	assert_string_equal(r.got[0], ".a | x: 1 ");
	assert_string_equal(r.got[1], "g > .b, #c | y: \"}\" ");
}

static void
test_css_may_match(void **state)
{
	const char *s;

	(void)state;
	s = "g > rect.a.b:hover";
	assert_true(art_css_may_match(s, strlen(s), "rect", NULL, "b x a"));
	assert_false(art_css_may_match(s, strlen(s), "rect", NULL, "a"));
	assert_false(art_css_may_match(s, strlen(s), "circle", NULL, "a b"));
	s = "#x, svg|circle";
	assert_true(art_css_may_match(s, strlen(s), "path", "x", NULL));
	assert_true(art_css_may_match(s, strlen(s), "circle", NULL, NULL));
	assert_false(art_css_may_match(s, strlen(s), "path", "y", NULL));
	s = "*";
	assert_true(art_css_may_match(s, strlen(s), "path", NULL, NULL));
	/* An escape could be any name: taken to match. */
	s = ".\\64";
	assert_true(art_css_may_match(s, strlen(s), "path", NULL, "d"));
	s = "[class~=q], :not(.z)";
	assert_true(art_css_may_match(s, strlen(s), "path", NULL, "z"));
}

static void
test_transform_scale(void **state)
{
	double lo, hi;

	(void)state;
	assert_true(art_transform_scale("translate(10 20) rotate(30)", &lo,
	    &hi));
	assert_near(lo, 1, 1e-12);
	assert_near(hi, 1, 1e-12);
	assert_true(art_transform_scale("scale(2,3) scale(0.5)", &lo, &hi));
	assert_near(lo, 1, 1e-12);
	assert_near(hi, 1.5, 1e-12);
	/* Frobenius: at least the largest singular value (4 here). */
	assert_true(art_transform_scale("matrix(4 0 0 1 5 5)", &lo, &hi));
	assert_true(hi >= 4 && lo <= 1 && lo > 0);
	assert_true(art_transform_scale("skewX(45)", &lo, &hi));
	assert_near(hi, sqrt(3), 1e-12);
	assert_false(art_transform_scale("spin(2)", &lo, &hi));
	assert_false(art_transform_scale("skewX(1rad)", &lo, &hi));
}

static void
test_vertices_and_numbers(void **state)
{
	double x, y;

	(void)state;
	/* M, 2 numbers, L, 2, z: 7, at least its 3 vertices. */
	assert_near(art_path_vertices("M0 0L10-5z", false), 7, 0);
	assert_near(art_path_vertices("M1.5.5.5 1e-3 2", false), 6, 0);
	assert_near(art_path_vertices("0,0 1,1 2,2", true), 4, 0);
	assert_true(art_number_pair("5", &x, &y));
	assert_near(y, 5, 0);
	assert_true(art_number_pair("5, 7", &x, &y));
	assert_near(y, 7, 0);
	assert_false(art_number_pair("x", &x, &y));
}

/* What the model estimates for svg drawn at w x h: *ops, *bytes. */
static void
estimate(const char *svg, double w, double h, double *ops, double *bytes)
{
	const char *why = NULL;
	struct svgscan *s = art_svg_scan((const unsigned char *)svg,
	    strlen(svg), &why);

	if (s == NULL) {
		print_error("refused: %s\n", why);
		fail();
	}
	art_svg_estimate(s, w, h, ops, bytes);
	art_svg_scan_free(s);
}

/* The SVG of 100 x 100 user units: filter f, then body. */
static double
ops_of(const char *viewbox, const char *filter, const char *body)
{
	char svg[4096];
	double ops, bytes;

	snprintf(svg, sizeof(svg), "<svg xmlns=\"http://www.w3.org/2000/"
	    "svg\" width=\"100\" height=\"100\"%s><filter id=\"f\">%s"
	    "</filter>%s</svg>", viewbox, filter, body);
	estimate(svg, 100, 100, &ops, &bytes);
	return ops;
}

#define RECT	"<rect width=\"9\" height=\"9\" filter=\"url(#f)\"/>"

static void
test_primitives(void **state)
{
	double one, r1, r10, r1000;

	(void)state;
	one = ops_of("", "<feOffset/>", RECT);
	assert_near(one, 100 * 100 * (6 + 1), 0);
	/* feMorphology: (2r + 1)^2 cells, r clamped at 10 px. */
	r1 = ops_of("", "<feMorphology radius=\"1\"/>", RECT);
	r10 = ops_of("", "<feMorphology radius=\"10\"/>", RECT);
	r1000 = ops_of("", "<feMorphology radius=\"1000\"/>", RECT);
	assert_near(r1, 1e4 * (6 + 1 + 9), 0);
	assert_near(r10, 1e4 * (6 + 1 + 441), 0);
	assert_near(r1000, r10, 0);
	/* A radius of 1 user unit is 5 px where the viewBox is 20 wide. */
	assert_near(ops_of(" viewBox=\"0 0 20 20\"",
	    "<feMorphology radius=\"1\"/>", RECT), 1e4 * (6 + 1 + 121), 0);
	/* ... and up to 10 px where a transform may double it. */
	assert_near(ops_of(" viewBox=\"0 0 20 20\"",
	    "<feMorphology radius=\"1\"/>", "<g transform=\"scale(2)\">"
	    RECT "</g>"), 1e4 * (6 + 1 + 441), 0);
	/* A blur of 2 px or more is 3 box blurs a way, below a kernel. */
	assert_near(ops_of("", "<feGaussianBlur stdDeviation=\"2\"/>", RECT),
	    1e4 * (6 + 15), 0);
	assert_near(ops_of("", "<feGaussianBlur stdDeviation=\"1.9 0\"/>",
	    RECT), 1e4 * (6 + 12), 0);
	assert_near(ops_of("", "<feGaussianBlur in=\"SourceAlpha\" "
	    "stdDeviation=\"5\"/>", RECT), 1e4 * (6 + 8), 0);
	/* kernelUnitLength 0.5: an input 4 times as large. */
	assert_near(ops_of("", "<feConvolveMatrix order=\"3\" "
	    "kernelMatrix=\"1 1 1 1 1 1 1 1 1\" kernelUnitLength=\"0.5\"/>",
	    RECT), 1e4 * (6 + (1 + 9 * 1.1) * 4), 1e-6);
	assert_near(ops_of("", "<feTurbulence numOctaves=\"4\"/>", RECT),
	    1e4 * (6 + 3.5 + 24), 0);
}

static void
test_drawings(void **state)
{
	double one, k;

	(void)state;
	one = ops_of("", "<feOffset/>", RECT);
	/* In <defs> it costs nothing; each <use> draws it once more. */
	assert_near(ops_of("", "<feOffset/>", "<defs>" RECT "</defs>"), 0, 0);
	k = ops_of("", "<feOffset/>", "<defs><g id=\"a\">" RECT "</g>"
	    "<g id=\"b\"><use href=\"#a\"/><use href=\"#a\"/></g></defs>"
	    "<use href=\"#b\"/><use href=\"#b\"/><use href=\"#b\"/>");
	assert_near(k, 6 * one, 0);
	/* A marker is drawn at each vertex: a polyline of 4 points. */
	k = ops_of("", "<feOffset/>", "<marker id=\"m\">" RECT "</marker>"
	    "<polyline points=\"0,0 1,1 2,2 3,3\" marker-mid=\"url(#m)\"/>");
	assert_true(k >= 4 * one && k <= 6 * one);
	/* The filter a stylesheet, a style attribute or inherit gives. */
	k = ops_of("", "<feOffset/>", "<style>.s { filter: url(#f) }</style>"
	    "<rect class=\"s\"/><rect class=\"t\"/><rect style=\"color: red;"
	    " filter: url('#f')\"/><g filter=\"url(#f)\"><rect "
	    "filter=\"inherit\"/></g>");
	assert_near(k, 4 * one, 0);
	/* A filter or style inside another hides nothing. */
	assert_near(ops_of("", "<filter id=\"g\"/><feOffset/>", RECT), one,
	    0);
	k = ops_of("", "<feOffset/>", "<style><style/>.s { filter: url(#f) }"
	    "</style><rect class=\"s\"/>");
	assert_near(k, one, 0);
	/* A mask: a layer each. */
	k = ops_of("", "", "<mask id=\"m\"/><rect mask=\"url(#m)\"/><rect "
	    "mask=\"url(#m)\"/><rect mask=\"url(#nothing)\"/>");
	assert_near(k, 2 * 1e4 * 1.5, 0);
}

static void
test_refused(void **state)
{
	const char *svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "width=\"2000\" height=\"2000\"><filter id=\"f\"><feMorphology "
	    "radius=\"1000\"/></filter><rect width=\"2000\" height=\"2000\" "
	    "filter=\"url(#f)\"/></svg>";
	const char *why = NULL;
	struct svgscan *s;

	(void)state;
	s = art_svg_scan((const unsigned char *)svg, strlen(svg), &why);
	assert_non_null(s);
	assert_true(art_svg_cost_ok(s, 100, 100, &why));
	assert_false(art_svg_cost_ok(s, 2000, 2000, &why));
	assert_string_equal(why, "has a filter 'f' (feMorphology radius 1000 "
	    "over 2000 x 2000 px) that would cost 1792 million pixel "
	    "operations, more than the 100 million deckpress allows");
	art_svg_scan_free(s);
}

/* Is svg refused before librsvg reads it, saying want? */
static void
scan_refuses(const char *svg, const char *want)
{
	const char *why = NULL;
	struct svgscan *s = art_svg_scan((const unsigned char *)svg,
	    strlen(svg), &why);

	if (s != NULL || why == NULL || strcmp(why, want) != 0) {
		print_error("got: %s\n", why != NULL ? why : "(drawn)");
		art_svg_scan_free(s);
		fail();
	}
}

static void
test_pattern_tiles(void **state)
{
	const char *why = NULL;
	const char *ok = "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "width=\"63mm\" height=\"88mm\" viewBox=\"0 0 63 88\"><pattern "
	    "id=\"p\" width=\"0.5\" height=\"1\"/><pattern id=\"q\" "
	    "patternUnits=\"userSpaceOnUse\" width=\"100%\" height=\"30\"/>"
	    "</svg>";
	struct svgscan *s;

	(void)state;
	s = art_svg_scan((const unsigned char *)ok, strlen(ok), &why);
	assert_non_null(s);
	art_svg_scan_free(s);
	/* 530 user units at 3.78 px a unit: 2003.1 px a side. */
	scan_refuses("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"63mm"
	    "\" height=\"88mm\" viewBox=\"0 0 63 88\"><pattern id=\"p\" "
	    "patternUnits=\"userSpaceOnUse\" width=\"530\" height=\"530\"/>"
	    "</svg>", "has a pattern 'p' whose tile would be 2004 x 2004 "
	    "pixels, more than the 4 megapixels deckpress draws a tile of");
	/* Its size and units inherited from the pattern it names. */
	scan_refuses("<svg xmlns=\"http://www.w3.org/2000/svg\"><pattern "
	    "id=\"a\" width=\"3\" height=\"2\"/><pattern id=\"b\" "
	    "href=\"#a\"/></svg>", "has a pattern 'a' whose tile is 3 x 2 "
	    "times the box it fills, more than the 4 boxes deckpress draws "
	    "a tile of");
	scan_refuses("<svg xmlns=\"http://www.w3.org/2000/svg\"><pattern "
	    "id=\"a\" patternUnits=\"userSpaceOnUse\" width=\"10\" "
	    "height=\"10\"/><pattern id=\"b\" href=\"#a\" width=\"3000\" "
	    "patternTransform=\"scale(1000)\"/></svg>", "has a pattern 'a' "
	    "whose tile would be 10000 x 10000 pixels, more than the 4 "
	    "megapixels deckpress draws a tile of");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_css_value),
		cmocka_unit_test(test_css_unescape_and_comments),
		cmocka_unit_test(test_css_rules),
		cmocka_unit_test(test_css_may_match),
		cmocka_unit_test(test_transform_scale),
		cmocka_unit_test(test_vertices_and_numbers),
		cmocka_unit_test(test_primitives),
		cmocka_unit_test(test_drawings),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_pattern_tiles),
	};

	return cmocka_run_group_tests_name("svgcost", tests, NULL, NULL);
}
