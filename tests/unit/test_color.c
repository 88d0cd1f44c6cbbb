/* SPDX-License-Identifier: MIT */
/* covers: colours */
/*
 * Unit tests of the colour parser (src/tmpl/tcolor.c): hex in its four
 * lengths, CSS names in any case, rgb() and hsl() in their comma and
 * space forms with alpha, and what is said of a colour that is none.
 */
#include "unit.h"

#include <stdbool.h>
#include <string.h>

#include "../../src/tmpl/tctx.h"

/* s parses to r, g, b (0..255) and alpha a (0..1). */
static void
is(const char *s, double r, double g, double b, double a)
{
	struct rgba v;

	if (!tmpl_parse_color(s, &v)) {
		print_error("'%s' is not taken\n", s);
		fail();
	}
	assert_near(v.r * 255, r, 1e-6);
	assert_near(v.g * 255, g, 1e-6);
	assert_near(v.b * 255, b, 1e-6);
	assert_near(v.a, a, 1e-6);
}

/* s is no colour, and tmpl_color_problem() says why. */
static void
bad(const char *s, const char *why)
{
	struct rgba v;
	char buf[200];
	const char *got;

	assert_false(tmpl_parse_color(s, &v));
	got = tmpl_color_problem(NULL, s, buf, sizeof(buf));
	assert_non_null(got);
	assert_string_equal(got, why);
}

static void
test_hex(void **state)
{
	(void)state;
	is("#1d2733", 0x1d, 0x27, 0x33, 1);
	is("#1D2733", 0x1d, 0x27, 0x33, 1);
	is("#f80", 255, 136, 0, 1);
	is("#f808", 255, 136, 0, 136 / 255.0);
	is("#ff000080", 255, 0, 0, 128 / 255.0);
	bad("#12345", "a colour in hex has 3, 4, 6 or 8 digits after '#', "
	    "not 5");
	bad("#12g", "'g' is not a hex digit");
	bad("#", "a colour in hex has 3, 4, 6 or 8 digits after '#', not 0");
}

static void
test_names(void **state)
{
	(void)state;
	is("navy", 0, 0, 128, 1);
	is("Navy", 0, 0, 128, 1);
	is("aliceblue", 0xf0, 0xf8, 0xff, 1);
	is("yellowgreen", 0x9a, 0xcd, 0x32, 1);
	is("rebeccapurple", 0x66, 0x33, 0x99, 1);
	/* CSS's, not X11's: gray is 128, green 128, both spellings. */
	is("gray", 128, 128, 128, 1);
	is("grey", 128, 128, 128, 1);
	is("green", 0, 128, 0, 1);
	bad("navyy", "did you mean 'navy'?");
	bad("dark-blue", "did you mean 'darkblue'?");
	bad("Goldenrood", "did you mean 'goldenrod'?");
	bad("wibble", "");
	bad("", "");
}

static void
test_rgb(void **state)
{
	(void)state;
	is("rgb(29, 39, 51)", 29, 39, 51, 1);
	is("rgb(29 39 51)", 29, 39, 51, 1);
	is("RGB( 29 ,39,  51 )", 29, 39, 51, 1);
	is("rgba(29, 39, 51, 0.5)", 29, 39, 51, 0.5);
	is("rgb(29 39 51 / 25%)", 29, 39, 51, 0.25);
	is("rgba(29 39 51)", 29, 39, 51, 1);
	is("rgb(100%, 50%, 0%)", 255, 127.5, 0, 1);
	is("rgb(2.55e2 0 0)", 255, 0, 0, 1);
	bad("rgb(300, 0, 0)", "its red is 0 to 255 or 0% to 100%, not 300");
	bad("rgb(0, 0, 101%)", "its blue is 0 to 255 or 0% to 100%, not "
	    "101%");
	bad("rgba(0, 0, 0, 2)", "its alpha is 0 to 1 or 0% to 100%, not 2");
	bad("rgb(0 0 0, 1)", "rgb() takes 3 numbers and an optional alpha, "
	    "as rgb(29, 39, 51), rgb(29 39 51 / 0.5) or rgb(11%, 15%, 20%)");
	bad("rgb(0, 0)", "rgb() takes 3 numbers and an optional alpha, "
	    "as rgb(29, 39, 51), rgb(29 39 51 / 0.5) or rgb(11%, 15%, 20%)");
	bad("rgb(0, 0, 0) x", "rgb() takes 3 numbers and an optional alpha, "
	    "as rgb(29, 39, 51), rgb(29 39 51 / 0.5) or rgb(11%, 15%, 20%)");
	bad("rgb(0, 0, 0, 1, 1)", "rgb() takes 3 numbers and an optional "
	    "alpha, as rgb(29, 39, 51), rgb(29 39 51 / 0.5) or rgb(11%, "
	    "15%, 20%)");
	bad("rgb(nan, 0, 0)", "rgb() takes 3 numbers and an optional alpha, "
	    "as rgb(29, 39, 51), rgb(29 39 51 / 0.5) or rgb(11%, 15%, 20%)");
	bad("rgb(1px, 0, 0)", "its red is a number or a percentage, not "
	    "'1px'");
	bad("cmyk(0, 0, 0, 1)", "'cmyk()' is no colour function; there are "
	    "rgb(), rgba(), hsl() and hsla()");
}

static void
test_hsl(void **state)
{
	(void)state;
	is("hsl(0, 100%, 50%)", 255, 0, 0, 1);
	is("hsl(120 100% 50%)", 0, 255, 0, 1);
	is("hsl(240deg 100% 40%)", 0, 0, 204, 1);
	is("hsl(0.5turn 100% 50%)", 0, 255, 255, 1);
	is("hsl(-60, 100%, 50%)", 255, 0, 255, 1);
	is("hsl(420 100 50)", 255, 255, 0, 1);
	is("hsla(60, 100%, 50%, 0.5)", 255, 255, 0, 0.5);
	is("hsl(60 100% 50% / 50%)", 255, 255, 0, 0.5);
	is("hsl(0 0% 100%)", 255, 255, 255, 1);
	is("hsl(30 100% 25%)", 127.5, 63.75, 0, 1);
	bad("hsl(0, 120%, 50%)", "its saturation is 0 to 100 or 0% to 100%, "
	    "not 120%");
	bad("hsl(0px, 100%, 50%)", "its hue is an angle (deg, rad, grad or "
	    "turn), not '0px'");
	bad("hsl(0, 100%)", "hsl() takes a hue, 2 percentages and an optional "
	    "alpha, as hsl(215, 27%, 16%) or hsl(215deg 27% 16% / 0.5)");
}

/* A palette's names come first, and are hinted too. */
static void
test_palette(void **state)
{
	struct tmpl t;
	const char *names[] = { "navy", "paper" };
	struct rgba pal[] = { { 1, 0, 0, 1 }, { 0, 1, 0, 1 } }, v;
	char buf[200];

	(void)state;
	memset(&t, 0, sizeof(t));
	t.pal_names = names;
	t.pal = pal;
	t.npal = 2;
	assert_true(tmpl_color(&t, "navy", &v));
	assert_near(v.r, 1, 0);
	assert_true(tmpl_color(&t, "teal", &v));
	assert_near(v.g, 128 / 255.0, 1e-9);
	assert_null(tmpl_color_problem(&t, "paper", buf, sizeof(buf)));
	assert_string_equal(tmpl_color_problem(&t, "papr", buf, sizeof(buf)),
	    "did you mean 'paper'?");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hex),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_rgb),
		cmocka_unit_test(test_hsl),
		cmocka_unit_test(test_palette),
	};

	return cmocka_run_group_tests_name("color", tests, NULL, NULL);
}
