/* SPDX-License-Identifier: MIT */
/*
 * What the cmocka unit tests share: the headers cmocka needs, in the
 * order it needs them, and a float comparison that prints both values.
 */
#ifndef DECKPRESS_UNIT_H
#define DECKPRESS_UNIT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

static inline void
assert_near_at(double got, double want, double eps, const char *file,
    int line)
{
	if (fabs(got - want) <= eps)
		return;
	print_error("%.9g is not within %g of %.9g\n", got, eps, want);
	_fail(file, line);
}

#define assert_near(got, want, eps) \
	assert_near_at((got), (want), (eps), __FILE__, __LINE__)

#endif
