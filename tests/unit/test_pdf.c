/* SPDX-License-Identifier: MIT */
/* covers: tagged-pdf */
/*
 * PDF stage: page furniture marked as artifacts (artifact.c) -- every
 * run of operators outside marked content put in "/Artifact BMC" ...
 * "EMC", content left alone, and a stream it cannot mark safely left
 * as it is.
 */
#include "unit.h"
#include <string.h>

#include "../../src/pdf/finishing.h"

/* pdf_artifact_wrap() of in gives want (NULL: it refuses). */
static void
assert_wraps(const char *in, const char *want)
{
	GString *out = g_string_new(NULL);
	bool ok = pdf_artifact_wrap((const unsigned char *)in, strlen(in), out);

	if (want == NULL)
		assert_false(ok);
	else {
		assert_true(ok);
		assert_string_equal(out->str, want);
	}
	g_string_free(out, TRUE);
}

static void
test_furniture_marked(void **state)
{
	(void)state;
	/* A mark alone, and a mark after content. */
	assert_wraps("q 0 0 1 1 re f Q", "\n/Artifact BMC\nq 0 0 1 1 re f Q"
	    "\nEMC\n");
	assert_wraps("/P <</MCID 0>> BDC BT (x) Tj ET EMC 0 0 m 1 1 l S",
	    "/P <</MCID 0>> BDC BT (x) Tj ET EMC\n/Artifact BMC\n 0 0 m "
	    "1 1 l S\nEMC\n");
	/* The artifact ends before content, after its own operands. */
	assert_wraps("1 0 0 -1 0 842 cm\n/H <</MCID 3>> BDC\n(a) Tj\nEMC\n",
	    "\n/Artifact BMC\n1 0 0 -1 0 842 cm\nEMC\n\n/H <</MCID 3>> BDC\n"
	    "(a) Tj\nEMC\n");
}

static void
test_spans_inside(void **state)
{
	(void)state;
	/* Cairo's span of a space, in furniture's text: inside it. */
	assert_wraps("BT (a) Tj /Span <</ActualText <feff0020>>> BDC EMC "
	    "(b) Tj ET", "\n/Artifact BMC\nBT (a) Tj /Span <</ActualText "
	    "<feff0020>>> BDC EMC (b) Tj ET\nEMC\n");
	/* A span outside everything starts an artifact. */
	assert_wraps("/Span <</ActualText <feff0020>>> BDC (b) Tj EMC",
	    "\n/Artifact BMC\n/Span <</ActualText <feff0020>>> BDC (b) Tj "
	    "EMC\nEMC\n");
	/* Strings and comments holding operator names are no operators. */
	assert_wraps("/P <</MCID 0>> BDC (EMC \\) BDC) Tj % EMC\nEMC",
	    "/P <</MCID 0>> BDC (EMC \\) BDC) Tj % EMC\nEMC");
}

static void
test_refused(void **state)
{
	(void)state;
	/* Content that would begin inside a text object the artifact
	 * holds; an inline image; marked content unbalanced. */
	assert_wraps("BT (a) Tj /P <</MCID 0>> BDC (b) Tj EMC ET", NULL);
	assert_wraps("BI /W 1 /H 1 ID \xff EI", NULL);
	assert_wraps("EMC", NULL);
	assert_wraps("/P <</MCID 0>> BDC (a) Tj", NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_furniture_marked),
		cmocka_unit_test(test_spans_inside),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
