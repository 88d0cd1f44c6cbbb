/* SPDX-License-Identifier: MIT */
/*
 * Inside the run stage: the process pool (pool.c), for the batch of
 * 'deckpress all' (batch.c).
 */
#ifndef DECKPRESS_POOL_H
#define DECKPRESS_POOL_H

#include "run.h"

/* What run_parallel() runs: n units of work, with what they need. */
struct parallel {
	size_t		  n;		/* units, numbered 0..n-1 */
	unsigned int	  max;		/* at most this many at once, >= 1 */
	/* run unit i: its exit code; it may print on stdout and stderr */
	int		(*run)(void *arg, size_t i);
	/* unit i in words, for a message saying it died */
	const char	*(*name)(void *arg, size_t i);
	void		 *arg;		/* passed to run and name */
	const char	 *what;		/* the progress line's name: "all" */
};

/*
 * Run every unit of p, each in a child process of its own, at most
 * p->max at a time, in order of their numbers.  Standard output and
 * standard error come out as a run of the units one after the other
 * would print them: on each stream, every byte of unit i before any of
 * unit i + 1.  The first unit not yet done is passed on as it prints;
 * the later ones are held until their turn.  Returns the worst (the
 * highest) exit code; a unit that dies of a signal counts as EXIT_IO,
 * said on standard error in its turn, and the others go on.  SIGINT,
 * SIGTERM or SIGHUP received is passed on to the running units; once
 * they are gone, this process dies of it too.
 *
 * The caller must have started no thread (Pango, fontconfig and Cairo
 * untouched): only a process with one thread can fork safely.  Nor may
 * it have written to stdout through stdio, which each child sets to
 * line buffering so that its lines arrive in the order it printed them.
 */
int	 run_parallel(const struct parallel *p);

#endif
