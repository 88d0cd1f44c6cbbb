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
#include "../confine/confine.h"	/* struct jfile, the journal's form */
#include "../load/load.h"
#include "../textfile/textfile.h"
#include "../validate/validate.h"

enum icol_type {
	ICOL_NONE,	/* no name and no values: left alone */
	ICOL_ID,
	ICOL_COUNT,
	ICOL_ATTR,	/* an attribute the deck declares, component too */
	ICOL_TEXT	/* a text field in one language */
};

/* What one column of the table holds. */
struct icol {
	enum icol_type	 type;
	const char	*name;		/* as the header row gives it */
	struct srcpos	 pos;		/* of its header cell */
	size_t		 attr;		/* ICOL_ATTR: index of the attrdef */
	const char	*field;		/* ICOL_TEXT: the field, "title" */
	size_t		 lang;		/* ICOL_TEXT: index of the language */
};

/* A card's entry in deck.yaml as the table makes it. */
struct ientry {
	const char		 *id;
	const struct csvrow	 *row;	/* its cells, one per column */
	const struct card	 *old;	/* its entry before, or NULL */
	unsigned int		  count;
	const char		**vals;	/* per attribute; NULL: none */
	bool			  changed;	/* not as old says */
};

/* A card's entry in a text file, whatever the deck lists. */
struct tentry {
	const char	*id;
	size_t		 lang;		/* the file's language */
	struct srcpos	 pos;		/* of its key */
	bool		 strings;	/* it holds a string, not only ~ */
};

/* An attribute a new deck declares: the values its column holds. */
struct newattr {
	const char	 *name;
	const char	**values;	/* in order of first use */
	size_t		  nvalues;	/* 0: any text */
};

struct import {
	struct arena		 arena;	/* owns everything below */
	const struct csvtab	*tab;
	struct icol		*cols;	/* one per column of the table */
	size_t			 ncols;
	size_t			 idcol;	/* (size_t)-1: none */
	size_t			 countcol;
	const char		**attrs;	/* the deck's attributes */
	size_t			 nattrs;
	size_t			*attrcol;	/* per attribute, or -1 */
	const char		**fields;	/* the text fields there are:
					   the templates' and the source's */
	size_t			 nfields;
	struct ientry		*entries;	/* one per card row */
	size_t			 nentries;
	struct tentry		**tfile;	/* per language: its entries */
	size_t			*ntfile;
	struct newattr		*newattrs;	/* new deck: its attributes */
	size_t			 nnew;
	GHashTable		*state;		/* what the last import left:
						   "lang\tid\tfield" -> hash */
	char			*state_raw;	/* its file as read, or NULL */
	size_t			 state_len;
};

/* What an import changed, for its report. */
struct icounts {
	size_t	 added, changed, removed;	/* deck.yaml entries */
	size_t	*strings;	/* per language: strings set */
	size_t	*cleared;	/* per language: strings an empty cell
				   cleared */
	bool	*touched;	/* per language: its file is rewritten */
};

/*
 * Read the text files of the deck's languages, for the entries each
 * holds (import_orphans) and the text fields the source gives, added
 * to the templates' fields (NULL-terminated).  Problems in the files
 * are left to load_deck() to report; d only names the files.
 */
void	 import_scan(struct import *im, const struct deck *deck,
	    const char *const *fields, struct diags *d);

/*
 * Give each column of tab its meaning against deck and read every row
 * as a card: its id, count, attributes and strings.  fresh: deck is a
 * new one, and a column that is neither an attribute nor a text field
 * becomes an attribute (import_newattrs) instead of an error.  Every
 * problem is reported at its cell; false if there was any.
 */
bool	 import_read(struct import *im, const struct csvtab *tab,
	    const struct deck *deck, bool fresh, struct diags *d);

/*
 * The cards deck lists that the table does not, or the text files hold
 * though neither does: an error for each that has strings, unless
 * prune, then they go.  Sets touched for each text file that loses an
 * entry; counts the deck.yaml entries removed.
 */
bool	 import_orphans(const struct import *im, const struct deck *deck,
	    bool prune, struct icounts *n, struct diags *d);

/*
 * deck.yaml with its card list as the table gives it, into out: old is
 * the file as it was (NULL: none); everything but the list is kept as
 * written, each card's comments go with it, an entry the table leaves
 * as it was is copied as written.  False if old has no usable card list
 * (reported).
 */
bool	 import_deckyaml(const struct import *im, const struct deck *deck,
	    const char *old, size_t len, struct strbuf *out,
	    struct icounts *n, struct diags *d);

/*
 * The minimal deck.yaml of a new deck: game, languages, layout and the
 * attributes the table brought (none until import_read() ran), with no
 * cards; csvname names the table in its opening comment.
 */
void	 import_newdeck(const struct import *im, const char *game,
	    const char *const *langs, size_t nlangs, const char *layout,
	    const char *csvname, struct strbuf *out);

/*
 * Does the loaded deck hold the cards the table gives, as it should
 * when deck.yaml is read back?  False (reported) if not.
 */
bool	 import_verify(const struct import *im, const struct deck *deck,
	    struct diags *d);

/*
 * The table's strings into deck's texts (the deck as deck.yaml now
 * lists it): a source text replaces the source's; a translation that
 * differs from the file's takes the hash of the row's source text, one
 * that does not keeps its own, so a changed source leaves it stale.
 * An empty cell clears the file's text (written ~, for check to report
 * missing).  Sets n's strings, cleared and touched; false (reported) if a
 * translation has no source text.
 */
bool	 import_texts(const struct import *im, struct deck *deck,
	    struct icounts *n, struct diags *d);

/*
 * handedit.c.  Read the deck's import.state, the record of what the last
 * import left in each text it set (none: an empty record); false if it
 * could not be read (reported).
 */
bool	 import_state_load(struct import *im, const struct deck *deck,
	    struct diags *d);

/*
 * Before import_texts(): each text the table would change though its
 * file no longer holds what the last import left there (edited in the
 * YAML since) is an error at its cell, with a note at the text; a
 * warning with overwrite.  False if there was an error.
 */
bool	 import_handedits(const struct import *im, const struct deck *deck,
	    bool overwrite, struct diags *d);

/*
 * The record of what each text of the table holds in deck, the new
 * deck, as DECK/import.state's bytes into b: true if they differ from
 * the record read (the file is then written, in the same journal as
 * the texts it records: killed at any point, the record and the texts
 * agree).
 */
bool	 import_state_bytes(const struct import *im, const struct deck *deck,
	    struct strbuf *b);

void	 import_free(struct import *im);

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
 * remove it; *said is then the line that says so, for the command to
 * print (caller frees), else NULL.  A journal is untrusted (it may come
 * with a stranger's game): one journal_read() refuses writes nothing,
 * and its files are never written through a link.  Returns 0
 * (no journal, or finished) or an exit code.
 */
int	 journal_finish(const char *dir, char **said, struct diags *d);

/* One cell of a spreadsheet's table, as text. */
struct csvcell {
	const char	*s;		/* UTF-8, line breaks "\n"; "" empty */
	struct srcpos	 pos;		/* its first character, or quote */
};

struct csvrow {
	struct csvcell	*v;
	size_t		 n;
	struct srcpos	 pos;		/* of its first cell */
};

/* A CSV or TSV file: its header row, then the rows under it. */
struct csvtab {
	struct arena	 arena;		/* owns the cells */
	const char	*file;
	char		 sep;		/* ',', ';' or '\t' */
	struct csvrow	 head;		/* the header */
	struct csvrow	*rows;		/* the rows under it; rows of empty
					   cells left out */
	size_t		 nrows;
};

/*
 * Read a spreadsheet saved as CSV or TSV (libcsv, strict quoting): UTF-8
 * with or without a byte order mark, cells in double quotes when they
 * hold the separator, quotes ("" inside) or line breaks.  The separator
 * is a tab for a .tsv or .tab file, else the most frequent of tab, ','
 * and ';' on the header line.  Rows may differ in length: the caller
 * knows what they mean.  NULL if the file cannot be read or parsed
 * (reported).  Free with csvtab_free().
 */
struct csvtab	*load_csv(const char *path, struct diags *d);
/* The same from memory; name is the file name for messages and sniffing. */
struct csvtab	*load_csv_buf(const char *name, const unsigned char *buf,
		    size_t len, struct diags *d);
void		 csvtab_free(struct csvtab *t);

#endif
