/* SPDX-License-Identifier: MIT */
/*
 * Inside the import stage: the import as its steps build it (fromcsv.c
 * reads the table against the deck, cardlist.c makes deck.yaml,
 * imported.c the change to the texts, handedit.c what was edited by
 * hand since), run in order by apply.c, and jwrite.c's journal.
 */
#ifndef DECKPRESS_IMPORTING_H
#define DECKPRESS_IMPORTING_H

#include "../confine/confine.h"	/* struct jfile, the journal's form */
#include "../load/load.h"
#include "../validate/validate.h"
#include "csvread.h"
#include "import.h"

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
	bool		  number;	/* every value a number: declared
					   'number', values unlisted */
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
	bool			*attrnum;	/* per attribute: a number */
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

/*
 * Write the n files of v into the game folder dir, all or none: each
 * to a temporary file beside it, flushed to disk; then the journal,
 * holding all of them, renamed into place (the commit point); then
 * each file renamed over its target, deck.yaml last; then the journal
 * removed.  SIGINT, SIGTERM and SIGHUP wait until the renames are
 * done.  Killed before the commit point, nothing has changed; after
 * it, import_journal_finish() ends the job.  Returns 0, or EXIT_IO reported
 * in d (the journal then left, if it was committed).
 */
int	 import_journal_write(const char *dir, const struct jfile *v, size_t n,
	    struct diags *d);

#endif
