/* SPDX-License-Identifier: MIT */
/*
 * The import stage: a spreadsheet (CSV or TSV, read by csvread.c)
 * into a deck.  Takes the table and the game folder (its deck.yaml and
 * text files, or none yet, and its layouts); gives the deck.yaml whose
 * card list is the table's rows and the text files holding the table's
 * strings, checked by loading them back, then written all or none
 * through a journal.  Above job/, validate/ and textfile/ (which writes
 * the text files); the command is cmd/import.c.
 *
 * apply.c runs an import through the others in order: fromcsv.c
 * reads the table against the deck, cardlist.c makes deck.yaml,
 * imported.c the change to the texts, jwrite.c writes the files
 * through the journal (confine/journal.c reads one).
 */
#ifndef DECKPRESS_IMPORT_H
#define DECKPRESS_IMPORT_H

#include <glib.h>

#include "../diag.h"
#include "../textfile/textfile.h"

/* What an import changed, for its report. */
struct icounts {
	size_t	 added, changed, removed;	/* deck.yaml entries */
	size_t	*strings;	/* per language: strings set */
	size_t	*cleared;	/* per language: strings an empty cell
				   cleared */
	bool	*touched;	/* per language: its file is rewritten */
};

/* What an import is asked. */
struct import_args {
	const char	*csv;		/* the table: CSV or TSV */
	const char	*into;		/* the game folder */
	const char	*layout;	/* NULL: the deck exists */
	const char	*lang;		/* NULL: en, for a new deck */
	bool		 prune;		/* drop the strings of dropped cards */
	bool		 overwrite;	/* set texts edited in the YAML since
					   the last import */
	bool		 allow_outside;	/* --allow-outside */
};

/* One file an import makes: deck.yaml, or a language's text file. */
struct import_file {
	char		*name;		/* in the deck: deck.yaml, text/... */
	char		*path;
	struct strbuf	 b;		/* its new text; empty: not made */
	bool		 changed;	/* differs from the file: written */
	size_t		 lang;		/* text files: the language */
	struct strings_report r;	/* text files, when made */
};

/* What an import did, for its report. */
struct import_result {
	size_t			 cards;		/* the table's card rows */
	struct icounts		 n;
	struct import_file	*files;		/* deck.yaml, then one per
						   language of the deck */
	size_t			 nfiles;
	bool			*columns;	/* per language: the table
						   has text columns in it */
	char			*finished;	/* owned: the line of a
						   stopped import finished
						   first, or NULL */
};

/*
 * Import the table a->csv into the game folder a->into: first finish
 * an import a journal says had stopped (res->finished says so), then read
 * the table against the deck, make deck.yaml and the text files, load
 * them back, and write those that change, all or none.  Nothing is
 * written if there is any error (reported in d).  res says what was
 * done when 0 is returned; free it with import_result_free() whatever
 * is returned.  Returns 0 or an exit code.
 */
int	 import_run(const struct import_args *a, struct import_result *res,
	    struct diags *d);
void	 import_result_free(struct import_result *res);

/*
 * If dir holds a journal a stopped import left, write its files and
 * remove it; *said is then the line that says so, for the command to
 * print (caller frees), else NULL.  A journal is untrusted (it may come
 * with a stranger's game): one confine_journal_read() refuses writes nothing,
 * and its files are never written through a link.  Returns 0
 * (no journal, or finished) or an exit code.
 */
int	 import_journal_finish(const char *dir, char **said, struct diags *d);

#endif
