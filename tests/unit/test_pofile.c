/* SPDX-License-Identifier: MIT */
/* covers: po */
/*
 * Unit tests of the pofile stage's pure parts: the Plural-Forms header
 * a PO file gets for its language (src/pofile/plural.c).
 */
#include "unit.h"

#include <stdbool.h>
#include <string.h>

#include "../../src/pofile/messages.h"

#define TWO	"nplurals=2; plural=(n != 1);"
#define ZERO_ONE "nplurals=2; plural=(n > 1);"
#define ONE	"nplurals=1; plural=0;"

static void
test_table(void **state)
{
	(void)state;
	assert_string_equal(pofile_plural_forms("en"), TWO);
	assert_string_equal(pofile_plural_forms("de"), TWO);
	assert_string_equal(pofile_plural_forms("it"), TWO);
	assert_string_equal(pofile_plural_forms("es"), TWO);
	assert_string_equal(pofile_plural_forms("nl"), TWO);
	assert_string_equal(pofile_plural_forms("fr"), ZERO_ONE);
	assert_string_equal(pofile_plural_forms("ja"), ONE);
	assert_string_equal(pofile_plural_forms("zh-Hant"), ONE);
	assert_true(strncmp(pofile_plural_forms("ru"), "nplurals=3;",
	    11) == 0);
	assert_true(strncmp(pofile_plural_forms("pl"), "nplurals=3;",
	    11) == 0);
}

/* Regions and gettext's spellings: the longest tag that fits. */
static void
test_tags(void **state)
{
	(void)state;
	assert_string_equal(pofile_plural_forms("fr-CA"), ZERO_ONE);
	assert_string_equal(pofile_plural_forms("fr_BE"), ZERO_ONE);
	assert_string_equal(pofile_plural_forms("FR"), ZERO_ONE);
	/* Brazilian Portuguese counts 0 as singular, Portugal's not. */
	assert_string_equal(pofile_plural_forms("pt-BR"), ZERO_ONE);
	assert_string_equal(pofile_plural_forms("pt_BR"), ZERO_ONE);
	assert_string_equal(pofile_plural_forms("pt-br"), ZERO_ONE);
	assert_string_equal(pofile_plural_forms("pt"), TWO);
	assert_string_equal(pofile_plural_forms("pt-PT"), TWO);
	assert_string_equal(pofile_plural_forms("fr@euro"), ZERO_ONE);
}

/* A language not in the table, or a prefix of one, is English's. */
static void
test_default(void **state)
{
	(void)state;
	assert_string_equal(pofile_plural_forms("xx"), TWO);
	assert_string_equal(pofile_plural_forms("f"), TWO);
	assert_string_equal(pofile_plural_forms("fra"), TWO);
	assert_string_equal(pofile_plural_forms("jav"), TWO);
	assert_string_equal(pofile_plural_forms(""), TWO);
	assert_string_equal(pofile_plural_forms(NULL), TWO);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_tags),
		cmocka_unit_test(test_default),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
