/* SPDX-License-Identifier: MIT */
/*
 * The game's text files written back: text/<lang>.yaml with every string
 * a language needs, what the translator wrote (strings, order, comments,
 * quoting) kept, new strings added empty, stale ones flagged and the
 * source each translates from recorded (textfile.c); the file as it was
 * read line by line for that (oldfile.c).  "deckpress strings", import,
 * new and the PO files write text files through it.
 */
#ifndef DECKPRESS_TEXTFILE_H
#define DECKPRESS_TEXTFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "../model.h"
#include "../outfile.h"

struct confine;

struct strings_report {
	size_t	strings;	/* strings the language needs */
	size_t	added;		/* new this run */
	size_t	stale;		/* translating an older source text */
	size_t	todo;		/* not translated yet */
	bool	changed;	/* the file was (re)written */
};

/*
 * Write or update path, the text file of language li (which may be one
 * deck.yaml does not list yet; see struct load_opts).  Keeps the
 * translator's strings, order and comments; rewrites nothing if
 * nothing changed.
 */
bool		 textfile_update(const struct deck *deck, size_t li,
		    const char *path, struct strings_report *r,
		    struct diags *d);

/*
 * textfile_update() of the game's own text/LANG.yaml for language li
 * (text/ made if missing; a file that would land outside the game is
 * refused), its path into *path (free() it, even on failure).  Returns
 * 0, EXIT_INPUT or EXIT_IO, reported.
 */
int		 textfile_write_lang(const struct deck *deck, size_t li,
		    char **path, struct strings_report *r, struct diags *d);

/*
 * strings --accept: record the source text of now as the one each of
 * language li's own translations translates (they were reviewed), so
 * that none is reported stale or without a source; textfile_update()
 * then writes the hashes.  Untranslated strings and deckpress's
 * defaults are left alone.  Returns how many records changed.
 */
size_t		 textfile_accept(struct deck *deck, size_t li);
/*
 * A card the translation li has strings for but the source none (its
 * entry gone, a slip most likely): an error each, since rewriting the
 * file would mark the translator's work obsolete.
 */
void		 textfile_source_lost(const struct deck *deck, size_t li,
		    struct diags *d);

/*
 * The text file of language li as textfile_update() would write it to
 * path, into out (caller frees with sb_free()), and what r reports;
 * returns r->changed.  all: every string the source has, the ones the
 * language lacks added empty (strings); else only those the deck holds
 * for the language (import).  Language 0, the source, gets its strings
 * alone: no source comments, hashes or "same".
 */
bool		 textfile_render(const struct deck *deck, size_t li,
		    const char *path, bool all, struct strbuf *out,
		    struct strings_report *r);

/*
 * Append s as a YAML scalar: plain where it reads back unchanged, else
 * double-quoted; NULL as "~".  flow: inside { } or [ ].
 */
void		 textfile_scalar(struct strbuf *b, const char *s, bool flow);

/*
 * The translator's file as it was before "deckpress strings" rewrites
 * it: its lines, to keep the translator's comments, quoting and line
 * breaks, and to find the source text a stale string was made from.
 */
struct oldfile {
	char		**lines;	/* g_strfreev() */
	size_t		  n;
	const char	 *srclang;
};

/*
 * Read path where c allows (a missing or refused file reads as empty:
 * the deck's loading has reported it).
 */
void	 textfile_old_read(struct oldfile *o, const struct confine *c,
	    const char *path);
void	 textfile_old_free(struct oldfile *o);

/*
 * The comment on line from from on, or NULL: a '#' after a blank (or
 * at the line's start) outside quotes.  A quote starts quoted text
 * wherever it stands, so "rival's # x" hides a comment: the price of
 * reading lines without a parser.
 */
const char *textfile_old_comment_in(const char *line, const char *from);

/*
 * The source text stale string t was translated from, as an earlier
 * run of strings wrote it above t ("# en: ..." or "# en was: ..."),
 * if its hash is t's; else NULL.  Caller frees with g_free().
 */
char	*textfile_old_source(const struct oldfile *o, const struct text *t);

#endif
