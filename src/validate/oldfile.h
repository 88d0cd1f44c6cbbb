/* SPDX-License-Identifier: MIT */
/*
 * The translator's file as it was before "deckpress strings" rewrites
 * it: its lines, to keep the translator's comments, quoting and line
 * breaks, and to find the source text a stale string was made from.
 * Private to the writers of text and deck files: validate/strings.c,
 * and import/cardlist.c, the card list of an import, above validate.
 */
#ifndef DECKPRESS_OLDFILE_H
#define DECKPRESS_OLDFILE_H

#include "validate.h"

struct oldfile {
	char		**lines;	/* g_strfreev() */
	size_t		  n;
	const char	 *srclang;
};

/*
 * Read path where c allows (a missing or refused file reads as empty:
 * the deck's loading has reported it).
 */
void	 oldfile_read(struct oldfile *o, const struct confine *c,
	    const char *path);
void	 oldfile_free(struct oldfile *o);

/* Is line (1-based) a comment; one that strings writes itself? */
bool	 oldfile_comment(const char *line);
bool	 oldfile_generated(const struct oldfile *o, const char *line);

/*
 * Append to b the comment lines right above line (1-based), but those
 * strings writes itself, re-indented to indent spaces.
 */
void	 oldfile_comments(struct strbuf *b, const struct oldfile *o,
	    unsigned int line, int indent);

/*
 * Append the value of t as the file has it (its quotes, its line
 * breaks), its continuation lines re-indented for a key at indent
 * spaces.  False (nothing appended) if it cannot be copied so.
 */
bool	 oldfile_value(struct strbuf *b, const struct oldfile *o,
	    const struct text *t, int indent);

/*
 * The comment on line from from on, or NULL: a '#' after a blank (or
 * at the line's start) outside quotes.  A quote starts quoted text
 * wherever it stands, so "rival's # x" hides a comment: the price of
 * reading lines without a parser.
 */
const char *oldfile_comment_in(const char *line, const char *from);

/* A comment at the end of the line of t's value, copied after it. */
void	 oldfile_trailing(struct strbuf *b, const struct oldfile *o,
	    const struct text *t);

/*
 * The source text stale string t was translated from, as an earlier
 * run of strings wrote it above t ("# en: ..." or "# en was: ..."),
 * if its hash is t's; else NULL.  Caller frees with g_free().
 */
char	*oldfile_source(const struct oldfile *o, const struct text *t);

/* "[-old-]{+new+}" word by word: what changed from old to new. */
char	*word_diff(const char *old, const char *new);

#endif
