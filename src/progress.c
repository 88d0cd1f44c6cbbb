/* SPDX-License-Identifier: MIT */
/*
 * The progress line (progress.h).  Plain carriage returns and the
 * erase-line control every terminal since the VT100 knows.  A child's
 * records for its parent: "+N\n" (N more pages to do), "." (a page
 * done), "=N\n" (N pages counted done: a PDF ended short, failed).
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

static int forward_fd = -1;

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/*
 * A record to the parent: kind '.', or '+' or '=' with n; lost if it
 * cannot be written, as a line on the terminal would be.
 */
static void
tell(char kind, size_t n)
{
	char buf[32];
	int len = 1;
	ssize_t w;

	buf[0] = kind;
	if (kind != '.')
		len = snprintf(buf, sizeof(buf), "%c%zu\n", kind, n);
	w = write(forward_fd, buf, (size_t)len);
	(void)w;
}

void
progress_forward(int fd)
{
	forward_fd = fd;
}

void
progress_begin(struct progress *p, const char *what, size_t total)
{
	memset(p, 0, sizeof(*p));
	if (forward_fd >= 0) {
		p->fwd = true;
		p->total = total;
		tell('+', total);
		return;
	}
	/* A log or CI keeps what it is given: no redrawn lines there. */
	if (!isatty(STDERR_FILENO) || getenv("CI") != NULL)
		return;
	p->what = xstrdup(what);
	p->total = total;
	p->start = p->last = now();
}

static void
draw(struct progress *p)
{
	double t = now();

	if (p->what == NULL || p->total == 0 || t - p->start < AFTER ||
	    (t - p->last < EVERY && p->done < p->total))
		return;
	p->last = t;
	p->shown = true;
	fprintf(stderr, "\rdeckpress: %s: page %zu of %zu\033[K", p->what,
	    p->done, p->total);
	fflush(stderr);
}

void
progress_step(struct progress *p)
{
	if (p->fwd) {
		p->done++;
		tell('.', 0);
		return;
	}
	if (p->what == NULL)
		return;
	p->done++;
	draw(p);
}

void
progress_hide(struct progress *p)
{
	if (p->shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		p->shown = false;
		/* Redrawn at the next step, not a tenth of a second on. */
		p->last = 0;
	}
}

void
progress_end(struct progress *p)
{
	if (p->fwd && p->done < p->total)
		tell('=', p->total - p->done);
	progress_hide(p);
	free(p->what);
	memset(p, 0, sizeof(*p));
}

void
progress_take(struct progress *p, const char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char c = buf[i];

		if (p->rec != 0 && c >= '0' && c <= '9') {
			p->num = p->num * 10 + (size_t)(c - '0');
			continue;
		}
		if (p->rec == '+')
			p->total += p->num;
		else if (p->rec == '=')
			p->done += p->num;
		p->rec = 0;
		p->num = 0;
		if (c == '+' || c == '=')
			p->rec = c;
		else if (c == '.')
			p->done++;
	}
	draw(p);
}
