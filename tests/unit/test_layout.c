/* SPDX-License-Identifier: MIT */
/*
 * Layout stage: hyphenation with real dictionaries, inline markup to
 * Pango markup, and shrink-to-fit choosing the largest size that fits.
 */
#include "unit.h"
#include <string.h>

#include <glib.h>

#include "../../src/layout/layout.h"
#include "../../src/load/load.h"

#define SHY	"\xc2\xad"

static struct fonts *fonts;
static struct iconmap *icons;
static struct diags d;

static int
setup(void **state)
{
	(void)state;
	fonts = fonts_new("fonts", &d);
	icons = load_iconmap("fonts/MaterialDesignIcons.map", &d);
	if (fonts == NULL || icons == NULL)
		return -1;
	fonts->icons = icons;
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	fonts_free(fonts);
	iconmap_free(icons);
	diag_free(&d);
	return 0;
}

static void
test_hyphenation(void **state)
{
	char *s;

	(void)state;
	/* German compounds break at the pattern's points (hyphen-de). */
	s = hyph_text(fonts->hyph, "de", "Datenschutzgrundverordnung");
	assert_string_equal(s, "Da" SHY "ten" SHY "schutz" SHY "grund" SHY
	    "ver" SHY "ord" SHY "nung");
	g_free(s);
	/* Umlauts survive the Latin-1 dictionary and its lower case. */
	s = hyph_text(fonts->hyph, "de", "Gesundheitsdaten über Zuständigkeit");
	assert_non_null(strstr(s, "Ge" SHY "sund" SHY "heits" SHY "da" SHY
	    "ten"));
	assert_non_null(strstr(s, " über "));	/* short: never broken */
	g_free(s);
	/* Italian and English have their own patterns. */
	s = hyph_text(fonts->hyph, "it", "profilazione");
	assert_non_null(strstr(s, SHY));
	g_free(s);
	/* A language without a dictionary is left alone. */
	s = hyph_text(fonts->hyph, "xx", "Datenschutzgrundverordnung");
	assert_string_equal(s, "Datenschutzgrundverordnung");
	g_free(s);
	/* Markup: tags and entities untouched, text hyphenated. */
	s = hyph_markup(fonts->hyph, "de",
	    "<b>Datenschutz</b> &amp; Verordnung");
	assert_string_equal(s, "<b>Da" SHY "ten" SHY "schutz</b> &amp; "
	    "Ver" SHY "ord" SHY "nung");
	g_free(s);
}

static void
test_markup(void **state)
{
	char *s;

	(void)state;
	s = layout_markup("**Bold** & *it* {icon:eye}", true, icons, NULL, NULL,
	    NULL);
	assert_string_equal(s, "<b>BOLD</b> &amp; <i>IT</i> <span "
	    "font_family=\"Material Design Icons\" font_weight=\"normal\" "
	    "font_style=\"normal\">&#xF0208;</span>");
	g_free(s);
	assert_null(layout_markup("**open", false, icons, NULL, NULL, NULL));
}

static void
test_fit(void **state)
{
	struct elem e;
	struct fitted f, g;

	(void)state;
	memset(&e, 0, sizeof(e));
	e.type = ELEM_TEXT;
	e.family = "Roboto";
	e.w = MM(40);
	e.h = MM(10);
	e.size_min = 6;
	e.size_max = 20;
	e.leading = 1;
	fit_text(fonts->ctx, &e, "Short", &f);
	assert_true(f.fits);
	assert_float_equal(f.size, 20, 1e-9);	/* fits at the largest */
	fit_text(fonts->ctx, &e, "A longer effect text that has to wrap "
	    "over two or three lines", &f);
	assert_true(f.fits);
	assert_true(f.size < 20 && f.size >= 6);
	assert_true(f.h <= e.h + 0.01 && f.w <= e.w + 0.01);
	/* from a quarter point more up nothing fits: f is the largest */
	e.size_min = f.size + 0.25;
	fit_text(fonts->ctx, &e, "A longer effect text that has to wrap "
	    "over two or three lines", &g);
	assert_false(g.fits);
	assert_true(g.over_h > 0 || g.over_w > 0);
	/* a word wider than the box at the minimum size is an overflow */
	e.size_min = e.size_max = 12;
	fit_text(fonts->ctx, &e, "0123456789012345678901234567890", &f);
	assert_false(f.fits);
	assert_true(f.over_w > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hyphenation),
		cmocka_unit_test(test_markup),
		cmocka_unit_test(test_fit),
	};

	return cmocka_run_group_tests_name("layout", tests, setup, teardown);
}
