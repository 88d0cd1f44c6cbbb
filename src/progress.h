/* SPDX-License-Identifier: MIT */
/*
 * A progress line on stderr for long work: "deckpress: out/x.pdf: page
 * 120 of 2668", redrawn in place, only when stderr is a terminal, not
 * in CI, and once the work has taken a second; erased when it ends, so
 * the terminal holds only what a run without it would print.
 *
 * Under 'all -j N', each child sends its pages to the parent through a
 * pipe instead (progress_forward), and the parent draws one line for
 * all of them (progress_take).
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
	bool		 fwd;		/* pages sent to the parent, not drawn */
	char		 rec;		/* progress_take: record being read */
	size_t		 num;		/* its number so far */
};

/*
 * Begin counting total steps of what.  Does nothing unless stderr is a
 * terminal and CI is unset in the environment, or progress_forward()
 * was called: then the pages go to the parent.
 */
void	progress_begin(struct progress *p, const char *what, size_t total);
/* One more step done; draws the line at most ten times a second. */
void	progress_step(struct progress *p);
/* Erase the line, if it was drawn, and stop. */
void	progress_end(struct progress *p);

/* In a child process: every progress goes to fd, as records. */
void	progress_forward(int fd);
/*
 * In the parent: n bytes of records from a child, added to p (begun
 * with total 0 for what), its line redrawn.
 */
void	progress_take(struct progress *p, const char *buf, size_t n);
/* Erase the line for other output; the next step draws it again. */
void	progress_hide(struct progress *p);

#endif
