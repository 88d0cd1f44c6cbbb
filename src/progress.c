/* SPDX-License-Identifier: MIT */
/*
 * The progress line (progress.h).  Plain carriage returns and the
 * erase-line control every terminal since the VT100 knows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"
#include "util.h"

#define AFTER	1.0	/* s: shorter work shows nothing */
#define EVERY	0.1	/* s between redraws */

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void
progress_begin(struct progress *p, const char *what, size_t total)
{
	memset(p, 0, sizeof(*p));
	/* A log or CI keeps what it is given: no redrawn lines there. */
	if (!isatty(STDERR_FILENO) || getenv("CI") != NULL || total == 0)
		return;
	p->what = xstrdup(what);
	p->total = total;
	p->start = p->last = now();
}

void
progress_step(struct progress *p)
{
	double t;

	if (p->what == NULL)
		return;
	p->done++;
	t = now();
	if (t - p->start < AFTER || (t - p->last < EVERY &&
	    p->done < p->total))
		return;
	p->last = t;
	p->shown = true;
	fprintf(stderr, "\rdeckpress: %s: page %zu of %zu\033[K", p->what,
	    p->done, p->total);
	fflush(stderr);
}

void
progress_end(struct progress *p)
{
	if (p->shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
	free(p->what);
	memset(p, 0, sizeof(*p));
}
