/* SPDX-License-Identifier: MIT */
/*
 * The run stage: how a command's builds are run, not what they make.
 * It takes units of work and builds as callbacks (a function and its
 * argument) from the commands, and gives: the process pool that runs
 * independent units several at a time with the output of a serial run
 * (pool.c, 'deckpress all -j N').  It calls no document code: the
 * commands pass doc_cards and doc_pack in through the callbacks.
 * Above job/; below the commands.
 */
#ifndef DECKPRESS_RUN_H
#define DECKPRESS_RUN_H

#include <stddef.h>

#include "../diag.h"

/* The most units run at once: -j N is refused above it. */
#define PARALLEL_MAX	64

/* The default number of units at once: the cores online, 1 to
 * PARALLEL_MAX. */
unsigned int run_parallel_cores(void);

/*
 * One unit of a batch, independent of every other: a language of a
 * deck (its pack needs its cards' run), or a deck that did not load,
 * whose errors are reported in its place.
 */
struct batch_unit {
	const char	*deckdir;	/* borrowed from the list of decks */
	char		*lang;		/* owned; NULL: the deck did not load */
	struct diags	 errors;	/* why not, when lang is NULL */
	char		*name;		/* owned: "DECK, language LANG" */
};

/* What 'deckpress all' renders: units in order.  Free: run_batch_free(). */
struct batch {
	struct batch_unit *v;
	size_t		   n, cap;
};

/*
 * The bundled decks: every DATADIR/cards/NAME/ that holds a deck.yaml,
 * sorted, n of them.  The caller frees each and the array.
 */
char	**run_batch_decks(const char *datadir, size_t *n);

/*
 * Add to b a unit for each language the deck in dir declares, or one
 * that holds the deck's errors if it does not load.  dir is borrowed:
 * it must outlive b.
 */
void	 run_batch_add_deck(struct batch *b, const char *dir);
void	 run_batch_free(struct batch *b);

/*
 * Run every unit of b through run(arg, unit), which returns the unit's
 * exit code: in the process pool, jobs at a time, when jobs and units
 * are more than one; else one after the other in this process.
 * Returns the worst exit code.
 */
int	 run_batch(struct batch *b, unsigned int jobs,
	    int (*run)(void *arg, struct batch_unit *u), void *arg);

/*
 * Did a unit fail (diagnostics d) only because language lang is not
 * finished: every error a missing string of that language?
 */
bool	 run_batch_unfinished(const struct diags *d, const char *lang);
/*
 * Report such a language as skipped: its errors become warnings, and a
 * warning says that deckdir's lang was skipped and how to print it.
 */
void	 run_batch_skip(const char *deckdir, const char *lang, struct diags *d);

/* What changed since the last build, as run_watch_loop() saw it. */
struct watch_changes {
	char		**paths;	/* owned: the files changed (a
					   folder watched, joined with a
					   name), each read by the last
					   build or there now */
	size_t		  n, cap;
	bool		  all;		/* more than these: the first
					   build, a folder came or went,
					   events were lost */
};

/*
 * Did only the YAML files of the deck in deckdir change (its texts,
 * deck.yaml, rules.yaml, a layout of its own), none in its fonts/, as
 * ch says?  Then a build may keep the fonts, images and fits: a fit is
 * remembered by its font, box and text, and the templates are loaded
 * again anyway.  Paths as run_watch_loop() gives them, deckdir as it
 * was given.
 */
bool	 run_watch_deck_yaml(const char *deckdir,
	    const struct watch_changes *ch);

/* What run_watch_loop() builds: the command's callbacks. */
struct watch_build {
	/*
	 * One build, of what changed (ch): its exit code; its
	 * diagnostics into d, with every file and folder it read
	 * (d->read); the path of the file it writes into *out, once known
	 * (g_free()), or left NULL.
	 */
	int	(*build)(void *arg, const struct watch_changes *ch,
		    struct diags *d, char **out);
	/*
	 * Say how a build went and free d: rc its exit code, out its
	 * output (or NULL), secs how long it took, again whether a build
	 * came before it.
	 */
	void	(*report)(void *arg, struct diags *d, int rc, const char *out,
		    double secs, bool again);
	void	 *arg;			/* passed to all */
	/*
	 * Or -1: a descriptor polled with the files; when it is readable,
	 * work(arg) is called between builds (watch --serve draws the
	 * faces its page asks for).
	 */
	int	  workfd;
	void	(*work)(void *arg);
};

/*
 * Build with b, then build again whenever a file changes that a build
 * uses: any in folder dir and the folders under it, any in folder
 * also, any other a build read (d->read), and dir itself removed and
 * made again, or replaced.  A file a build read, written and closed or
 * renamed in, is built at once, a burst of events within a few ms as
 * one save; other changes, and changes soon after a build, are let
 * settle first.  Each build is told what changed.  The build's own
 * output is no change.  SIGINT, SIGTERM and SIGHUP stop it once the
 * build under way is over.  dir and also are borrowed.  Returns 0 once
 * stopped by a signal; EXIT_USAGE if the first build says so; EXIT_IO,
 * with why in d, when it can no longer watch or wait.
 */
int	 run_watch_loop(const char *dir, const char *also,
	    const struct watch_build *b, struct diags *d);

#endif
