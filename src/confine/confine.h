/* SPDX-License-Identifier: MIT */
/*
 * The game's folder, confined: the one way deckpress reads a file a game
 * names (gfile.c), where those files may lie (confine.c: the game's own
 * folder and deckpress's layouts/, symbolic links followed), and the
 * journal a stopped import left, read in place of the files it holds
 * (journal.c).  A game folder is untrusted input: every read is bounded
 * and every path checked before a byte is read.
 */
#ifndef DECKPRESS_CONFINE_H
#define DECKPRESS_CONFINE_H

#include <stdbool.h>
#include <stddef.h>

#include "../diag.h"
#include "../util.h"

/*
 * The one way to read a game's file (load/gfile.c).  confine_open() opens
 * path to read if it is a regular file where c allows (NULL: anywhere,
 * for the files a user names on the command line), *st its status;
 * else -1 and why ("is a FIFO, not a regular file", "is outside the
 * game's folder (...); pass --allow-outside ...").  confine_slurp() reads
 * the whole of it, at most max bytes (a whole number of MiB) counted
 * as it reads, NUL-terminated (caller frees).  confine_slurp_open() is
 * confine_slurp() with the file left open in *fd, for a reader that
 * keeps it to read again (-1: the bytes came from a pending journal).
 * confine_slurp_fd() is their read, of a file confine_open() gave (st
 * its status), from fd's offset; fd stays open.
 * confine_read() is confine_slurp() reporting at pos: "WHAT PATH WHY".
 */
/* The most of a rule booklet (rules/LANG.md) and a YAML file read. */
#define MAX_MD_BYTES	(16 << 20)	/* 16 MiB */

struct stat;
struct confine;
/* Is there a file at path, in the folder or in a pending journal? */
bool		 confine_exists(const struct confine *c, const char *path);
int		 confine_open(const struct confine *c, const char *path,
		    struct stat *st, const char **why);
bool		 confine_slurp(const struct confine *c, const char *path,
		    size_t max, unsigned char **buf, size_t *len,
		    const char **why);
bool		 confine_slurp_open(const struct confine *c,
		    const char *path, size_t max, unsigned char **buf,
		    size_t *len, int *fd, const char **why);
bool		 confine_slurp_fd(int fd, const struct stat *st, size_t max,
		    unsigned char **buf, size_t *len, const char **why);
unsigned char	*confine_read(const struct confine *c, const char *path,
		    size_t max, const char *what, const struct srcpos *pos,
		    size_t *len, struct diags *d);

/*
 * Where the files a game names may lie (load/confine.c): in its own
 * folder or in deckpress's layouts/, symbolic links followed; anywhere
 * if the user passes --allow-outside.
 */
struct confine {
	char	*deck;		/* the deck folder's realpath */
	char	*deck_named;	/* it as named, made absolute, ".."
				   taken out */
	char	*layouts;	/* the data folder's layouts/, realpath */
	char	*layouts_named;	/* it as named, absolute */
	bool	 anywhere;	/* --allow-outside: no check */
	struct journal *journal;	/* owned: the files a stopped
				   import committed, read in place
				   of the folder's; NULL: none */
};

/*
 * The game as a stopped import committed it (load/journal.c):
 * DECK/import.journal, which import/jwrite.c writes, holds the new bytes
 * of deck.yaml and text files; until the next import finishes it, they
 * are read from it.
 */
#define JOURNAL_NAME	"import.journal"
#define JOURNAL_MAX	(64 * 1024 * 1024)	/* bytes, all files */

/* One file of the game and its bytes (borrowed). */
struct jfile {
	const char	*name;		/* "deck.yaml" or "text/LANG.yaml" */
	const char	*bytes;
	size_t		 len;
};

struct journal {
	char		*path;		/* DIR/import.journal */
	char		*dir;		/* the deck's folder, as named */
	char		*buf;		/* the journal's bytes */
	struct jfile	*v;		/* its files, into buf */
	size_t		 n;		/* 0: no journal */
};

/*
 * Read dir's journal where c allows, if there is one (j->n 0 if not):
 * a regular file, no link, of at most JOURNAL_MAX bytes, exactly in
 * the form import writes, naming deck.yaml and text/LANG.yaml only.
 * False, an error in d, if it is not.  Free with confine_journal_free().
 */
bool		 confine_journal_read(const struct confine *c, const char *dir,
		    struct journal *j, struct diags *d);
void		 confine_journal_free(struct journal *j);
/* Append to b the journal of the n files of v, as it is read back. */
void		 confine_journal_build(const struct jfile *v, size_t n,
		    struct strbuf *b);

/* The roots of c (either may be NULL); free with confine_free(). */
void		 confine_init(struct confine *c, const char *deckdir,
		    const char *layoutsdir, bool anywhere);
/* Add deckpress's layouts/ to c, if it has none yet. */
void		 confine_layouts(struct confine *c, const char *layoutsdir);
void		 confine_free(struct confine *c);
/*
 * Is path (relative to the working folder, or absolute) where c allows
 * a game's files?  If not, an error at pos: "CTX: WHAT PATH is outside
 * the game's folder (why)".  A NULL c allows anything.
 */
bool		 confine_check(const struct confine *c, const char *path,
		    const char *what, const struct srcpos *pos,
		    const char *ctx, struct diags *d);
/*
 * confine_check() unreported: NULL if c allows path, else why not ("is
 * outside the game's folder (...); pass --allow-outside to allow it").
 */
const char	*confine_why(const struct confine *c, const char *path);

#endif
