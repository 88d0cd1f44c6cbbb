/* SPDX-License-Identifier: MIT */
/*
 * import's files written all or nothing: deck.yaml and text/LANG.yaml
 * of a game folder, through a journal that a stopped run leaves for
 * the next one to finish.  Part of the CLI.
 */
#ifndef DECKPRESS_JOURNAL_H
#define DECKPRESS_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "../diag.h"
#include "../load/load.h"	/* struct jfile, the journal's form */

/*
 * Write the n files of v into the game folder dir, all or none: each
 * to a temporary file beside it, flushed to disk; then the journal,
 * holding all of them, renamed into place (the commit point); then
 * each file renamed over its target, deck.yaml last; then the journal
 * removed.  SIGINT, SIGTERM and SIGHUP wait until the renames are
 * done.  Killed before the commit point, nothing has changed; after
 * it, journal_finish() ends the job.  Returns 0, or EXIT_IO reported
 * in d (the journal then left, if it was committed).
 */
int	 journal_write(const char *dir, const struct jfile *v, size_t n,
	    struct diags *d);

/*
 * If dir holds a journal a stopped import left, write its files and
 * remove it, saying so on stdout.  A journal is untrusted (it may come
 * with a stranger's game): one journal_read() refuses writes nothing,
 * and its files are never written through a link.  Returns 0
 * (no journal, or finished) or an exit code.
 */
int	 journal_finish(const char *dir, struct diags *d);

#endif
