/* SPDX-License-Identifier: MIT */
/*
 * Inside the confine stage: what gfile.c, the reader of every file of a
 * game and of its journal, asks of confine.c and journal.c.
 */
#ifndef DECKPRESS_READING_H
#define DECKPRESS_READING_H

#include "confine.h"

/*
 * The files of j->buf, len bytes, changed in place into j->v: NULL, or
 * why it is not a journal import wrote.
 */
const char	*confine_journal_parse(struct journal *j, size_t len);

/* The file of j at path (DIR/NAME, DIR as given), or NULL. */
const struct jfile *confine_journal_file(const struct journal *j,
		    const char *path);

/* Does c allow real, a path with every link resolved?  NULL c: yes. */
bool		 confine_allows(const struct confine *c, const char *real);

#endif
