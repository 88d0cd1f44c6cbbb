/* SPDX-License-Identifier: MIT */
/*
 * What every command does the same way: its messages printed at the
 * end, and a usage error.
 */
#include <stdarg.h>
#include <stdio.h>

#include "cmd.h"

int
finish(struct diags *d, int rc)
{
	diag_sort(d);
	diag_print(stderr, d);
	if (d->nerr || d->nwarn)
		fprintf(stderr, "%zu error%s, %zu warning%s\n", d->nerr,
		    d->nerr == 1 ? "" : "s", d->nwarn, d->nwarn == 1 ? "" : "s");
	diag_free(d);
	return rc;
}

int
usage_error(const char *usage, const char *fmt, ...)
{
	va_list ap;

	fputs("deckpress: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\n", stderr);
	fputs(usage, stderr);
	return EXIT_USAGE;
}
