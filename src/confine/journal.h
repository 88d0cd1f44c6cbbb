/* SPDX-License-Identifier: MIT */
/*
 * Inside the confine stage: the journal's form (journal.c), for gfile.c,
 * which reads the journal as it reads every file of a game.
 */
#ifndef DECKPRESS_JOURNAL_H
#define DECKPRESS_JOURNAL_H

#include "confine.h"

/*
 * The files of j->buf, len bytes, changed in place into j->v: NULL, or
 * why it is not a journal import wrote.
 */
const char	*journal_parse(struct journal *j, size_t len);

#endif
