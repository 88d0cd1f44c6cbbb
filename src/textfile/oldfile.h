/* SPDX-License-Identifier: MIT */
/*
 * Inside the text file stage: what textfile.c takes of the file as it
 * was (oldfile.c) to keep the translator's comments, quoting and line
 * breaks.
 */
#ifndef DECKPRESS_OLDFILE_H
#define DECKPRESS_OLDFILE_H

#include "textfile.h"

/* Is line (1-based) a comment; one that strings writes itself? */
bool	 textfile_old_comment(const char *line);

/*
 * Append to b the comment lines right above line (1-based), but those
 * strings writes itself, re-indented to indent spaces.
 */
void	 textfile_old_comments(struct strbuf *b, const struct oldfile *o,
	    unsigned int line, int indent);

/*
 * Append the value of t as the file has it (its quotes, its line
 * breaks), its continuation lines re-indented for a key at indent
 * spaces.  False (nothing appended) if it cannot be copied so.
 */
bool	 textfile_old_value(struct strbuf *b, const struct oldfile *o,
	    const struct text *t, int indent);

/* A comment at the end of the line of t's value, copied after it. */
void	 textfile_old_trailing(struct strbuf *b, const struct oldfile *o,
	    const struct text *t);

/* "[-old-]{+new+}" word by word: what changed from old to new. */
char	*textfile_word_diff(const char *old, const char *new);

#endif
