/* SPDX-License-Identifier: MIT */
/* covers: export, preview, limits */
/*
 * Export stage: the largest image a preview or an export draws, and the
 * --dpi its refusal suggests -- the highest at which the image fits,
 * one more being refused.
 */
#include "unit.h"
#include <string.h>

#include "../../src/export/exporting.h"

/* Is the one message in d an error containing want? */
static void
assert_refused(const struct diags *d, const char *want)
{
	assert_int_equal(d->n, 1);
	assert_int_equal(d->v[0].level, DIAG_ERROR);
	if (strstr(d->v[0].msg, want) == NULL) {
		print_error("'%s' lacks '%s'\n", d->v[0].msg, want);
		fail();
	}
}

/*
 * The dpi a refusal of w x h px at dpi suggests, checked: at it the
 * image fits, at one more it does not.
 */
static void
assert_suggests(double w, double h, double dpi, int want)
{
	struct diags d = { 0 };
	char lower[64];

	snprintf(lower, sizeof(lower), "give a lower --dpi, %d or less", want);
	assert_int_equal(export_image_fits(w, h, dpi, "x", &d), EXIT_USAGE);
	assert_refused(&d, lower);
	diag_free(&d);
	/* A pixel more each way, as the suggestion allows for rounding. */
	assert_int_equal(export_image_fits(w * want / dpi + 1,
	    h * want / dpi + 1, want, "x", &d), 0);
	assert_int_equal(d.n, 0);
	assert_int_equal(export_image_fits(w * (want + 1) / dpi + 1,
	    h * (want + 1) / dpi + 1, want + 1, "x", &d), EXIT_USAGE);
	diag_free(&d);
}

static void
test_fits(void **state)
{
	struct diags d = { 0 };

	(void)state;
	/* A card at 1200 dpi; 32767 px a side, 100 megapixels at most. */
	assert_int_equal(export_image_fits(3260, 4440, 1200, "card 'a'", &d),
	    0);
	assert_int_equal(export_image_fits(32767, 3000, 300, "a strip", &d), 0);
	assert_int_equal(export_image_fits(10000, 10000, 300, "a square", &d),
	    0);
	assert_int_equal(d.n, 0);
}

static void
test_too_many_pixels(void **state)
{
	struct diags d = { 0 };

	(void)state;
	/* Serious Privacy's largest board at 1200 dpi: 172.7 megapixels. */
	assert_int_equal(export_image_fits(13843, 12472, 1200, "card 'board'",
	    &d), EXIT_USAGE);
	assert_refused(&d, "at 1200 dpi card 'board' would be 13843 x 12472 "
	    "px (172.6 megapixels), more than the 100 megapixels");
	diag_free(&d);
	assert_suggests(13843, 12472, 1200, 913);
	assert_int_equal(export_image_fits(10001, 10000, 300, "x", &d),
	    EXIT_USAGE);
	diag_free(&d);
}

static void
test_too_long_a_side(void **state)
{
	struct diags d = { 0 };

	(void)state;
	/* A contact sheet of Serious Privacy at 1200 dpi. */
	assert_int_equal(export_image_fits(19087, 210126, 1200, "the contact "
	    "sheet", &d), EXIT_USAGE);
	assert_refused(&d, "more than the 32767 px a side an image can have");
	diag_free(&d);
	assert_suggests(19087, 210126, 1200, 187);
	assert_int_equal(export_image_fits(32768, 10, 300, "x", &d),
	    EXIT_USAGE);
	diag_free(&d);
}

static void
test_too_large_at_30(void **state)
{
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(export_image_fits(1e6, 1e6, 30, "x", &d), EXIT_USAGE);
	assert_refused(&d, "it is too large even at --dpi 30");
	diag_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fits),
		cmocka_unit_test(test_too_many_pixels),
		cmocka_unit_test(test_too_long_a_side),
		cmocka_unit_test(test_too_large_at_30),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
