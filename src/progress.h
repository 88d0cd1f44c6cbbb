/* SPDX-License-Identifier: MIT */
/*
 * A progress line on stderr for long work: "deckpress: out/x.pdf: page
 * 120 of 2668", redrawn in place, only when stderr is a terminal, not
 * in CI, and once the work has taken a second; erased when it ends, so
 * the terminal holds only what a run without it would print.
 */
#ifndef DECKPRESS_PROGRESS_H
#define DECKPRESS_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

struct progress {
	char		*what;		/* owned: "out/x.pdf", or NULL: off */
	size_t		 done, total;
	double		 start, last;	/* s, monotonic: begun, last drawn */
	bool		 shown;		/* a line is on the terminal */
};

/*
 * Begin counting total steps of what.  Does nothing unless stderr is a
 * terminal and CI is unset in the environment.
 */
void	progress_begin(struct progress *p, const char *what, size_t total);
/* One more step done; draws the line at most ten times a second. */
void	progress_step(struct progress *p);
/* Erase the line, if it was drawn, and stop. */
void	progress_end(struct progress *p);

#endif
