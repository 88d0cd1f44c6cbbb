/* SPDX-License-Identifier: MIT */
/*
 * What the command-line files (main.c, setup.c, check.c) share: exit
 * codes, the loaded inputs of a command and their set-up.
 */
#ifndef DECKPRESS_CLI_H
#define DECKPRESS_CLI_H

#include "diag.h"
#include "impose/impose.h"
#include "layout/layout.h"
#include "load/load.h"
#include "util.h"

#define VERSION		"0.1.0"
#ifndef DATADIR
#define DATADIR		"/usr/local/share/deckpress"
#endif

enum { EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_IO = 3 };

struct setup {
	char		*datadir;
	struct deck	*deck;
	struct fonts	*fonts;
	struct iconmap	*icons;
	struct tmpl	*tmpl;
	struct sheet	*sheet;
};

/*
 * The folder holding fonts/, layouts/ and cards/: $DECKPRESS_HOME, the
 * binary's folder if fonts/ is there, else DATADIR.  Caller frees.
 */
char	*data_dir(void);

/*
 * Load fonts, the deck in deckdir, its template and sheet, and bind
 * them.  lenient: keep a deck whose text files have errors (the
 * validator).  Returns 0 or an exit code; free with setup_free().
 */
int	 setup_load(struct setup *s, const char *deckdir, bool lenient,
	    struct diags *d);
void	 setup_free(struct setup *s);

/*
 * The index of --lang LANG in deck (NULL: 0, the source); a usage
 * error naming the deck's languages if it has no such language.
 * Returns 0 or EXIT_USAGE.
 */
int	 lang_arg(const struct deck *deck, const char *lang, int *li,
	    struct diags *d);

/* Print d sorted, then "N errors, M warnings"; free d; return rc. */
int	 finish(struct diags *d, int rc);

/* "deckpress: MESSAGE" and the usage text on stderr; returns 2. */
int	 usage_error(const char *usage, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* A deck laid out and imposed on sheets, ready to draw page by page. */
struct sheets {
	struct laid	*faces[2];	/* by enum face, per card */
	struct grid	 grid;
	struct plan	 plan;
	size_t		*seq, n;	/* cards in print order */
};

/*
 * Lay out every card of s in language lang and plan its pages (backs
 * as duplex says, if backs); with only, just the cards matching that
 * filter (a variant).  False if the grid does not fit (reported).
 * Free with sheets_free().
 */
struct variant;
bool	 sheets_build(struct setup *s, size_t lang, enum duplex duplex,
	    bool backs, const struct variant *only, struct sheets *sh,
	    struct diags *d);
void	 sheets_draw(cairo_t *cr, const struct setup *s,
	    const struct sheets *sh, size_t page);
void	 sheets_free(const struct setup *s, struct sheets *sh);

/* Make the folder that will hold path; 0 or EXIT_IO (reported). */
int	 ensure_parent(const char *path, struct diags *d);

int	 cmd_check(int argc, char **argv);
int	 cmd_booklet(int argc, char **argv);
int	 cmd_pack(int argc, char **argv);

/*
 * The pack of the deck in deckdir in lang (NULL: the first) into output
 * (NULL: out/GAME-LANG-pack.pdf); returns an exit code.
 */
int	 run_pack(const char *deckdir, const char *lang, const char *output,
	    struct diags *d);
int	 cmd_strings(int argc, char **argv);

#endif
