/* SPDX-License-Identifier: MIT */
/*
 * What every command does the same way: its messages printed at the
 * end, a usage error, and the --dpi of the commands that draw images.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

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

int
dpi_arg(const char *arg, double *dpi, const char *usage)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (*arg == '\0' || *end != '\0' || v < 30 || v > 1200)
		return usage_error(usage, "--dpi must be a whole number from "
		    "30 to 1200, not '%s'", arg);
	*dpi = (double)v;
	return 0;
}
