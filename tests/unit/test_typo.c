/* SPDX-License-Identifier: MIT */
/* covers: typography */
/*
 * Unit tests of typography: smart (src/load/typo.c): each language's
 * quotes, French's narrow no-break spaces, dashes, apostrophes, markup
 * left as written, and the quotes a translation check flags.
 */
#include "unit.h"

#include <stdbool.h>
#include <string.h>

#include "../../src/load/load.h"

/* s in lang (after prev) reads want. */
static void
smart(const char *lang, const char *s, char prev, const char *want)
{
	struct arena a = { 0 };

	assert_string_equal(load_smarten(&a, s, lang, prev), want);
	arena_free(&a);
}

static void
test_languages(void **state)
{
	(void)state;
	smart("en", "say \"hi\"", 0, "say \xe2\x80\x9chi\xe2\x80\x9d");
	smart("en-GB", "\"hi\"", 0, "\xe2\x80\x9chi\xe2\x80\x9d");
	smart("de", "sag \"Hallo\"", 0, "sag \xe2\x80\x9eHallo\xe2\x80\x9c");
	smart("de-AT", "\"a\"", 0, "\xe2\x80\x9e" "a\xe2\x80\x9c");
	smart("fr", "dites \"oui\" !", 0, "dites \xc2\xab\xe2\x80\xafoui"
	    "\xe2\x80\xaf\xc2\xbb !");
	/* Spaces typed inside become the narrow ones, not more. */
	smart("fr", "\" oui \"", 0, "\xc2\xab\xe2\x80\xafoui\xe2\x80\xaf"
	    "\xc2\xbb");
	smart("es", "di \"no\"", 0, "di \xc2\xabno\xc2\xbb");
	smart("it", "di \"no\"", 0, "di \xc2\xabno\xc2\xbb");
	/* A language the table lacks keeps its straight quotes. */
	smart("nl", "zeg \"ja\" -- nu", 0, "zeg \"ja\" \xe2\x80\x93 nu");
}

static void
test_dashes_apostrophes(void **state)
{
	(void)state;
	smart("en", "a -- b --- c", 0, "a \xe2\x80\x93 b \xe2\x80\x94 c");
	smart("en", "a---b--c", 0, "a\xe2\x80\x94" "b\xe2\x80\x93" "c");
	smart("en", "it's", 0, "it\xe2\x80\x99s");
	smart("en", "a 'b' c", 0, "a \xe2\x80\x98" "b\xe2\x80\x99 c");
	smart("de", "a 'b' c", 0, "a \xe2\x80\x9a" "b\xe2\x80\x98 c");
	smart("de", "geht's", 0, "geht\xe2\x80\x99s");
	smart("en", "plain", 0, "plain");
	smart("en", "a - b", 0, "a - b");
}

static void
test_markup(void **state)
{
	(void)state;
	/* Tags, {name}s and icons as written; a quote after a tag opens. */
	smart("en", "<span color=\"#c00\">\"x\"</span>", 0,
	    "<span color=\"#c00\">\xe2\x80\x9cx\xe2\x80\x9d</span>");
	smart("en", "{icon:eye|color=#0a0} \"x\"", 0, "{icon:eye|color=#0a0} "
	    "\xe2\x80\x9cx\xe2\x80\x9d");
	smart("en", "<b>\"x\"</b>", 0, "<b>\xe2\x80\x9cx\xe2\x80\x9d</b>");
	smart("en", "<!-- x -->\"y\"", 0, "<!-- x -->\xe2\x80\x9cy"
	    "\xe2\x80\x9d");
	/* A booklet's text node after another: the quote closes. */
	smart("en", "\" and", 'd', "\xe2\x80\x9d and");
	smart("en", "\"x\"", ' ', "\xe2\x80\x9cx\xe2\x80\x9d");
}

static void
test_misfit(void **state)
{
	(void)state;
	assert_null(load_quote_misfit("\xe2\x80\x9e" "a\xe2\x80\x9c", "de"));
	assert_string_equal(load_quote_misfit("\xe2\x80\x9c" "a"
	    "\xe2\x80\x9d", "de"), "\xe2\x80\x9d");
	assert_string_equal(load_quote_misfit("\xc2\xab" "a\xc2\xbb", "en"),
	    "\xc2\xab");
	assert_null(load_quote_misfit("\xc2\xab" "a\xc2\xbb", "fr"));
	assert_null(load_quote_misfit("\xe2\x80\x9c" "a\xe2\x80\x9d", "it"));
	assert_null(load_quote_misfit("\xc2\xab" "a\xc2\xbb", "nl"));
	assert_non_null(load_quotes("fr-CA"));
	assert_null(load_quotes("frr"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_languages),
		cmocka_unit_test(test_dashes_apostrophes),
		cmocka_unit_test(test_markup),
		cmocka_unit_test(test_misfit),
	};

	return cmocka_run_group_tests_name("typo", tests, NULL, NULL);
}
