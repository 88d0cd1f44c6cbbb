/* SPDX-License-Identifier: MIT */
/*
 * What the command files of cmd/ share: exit codes, the loaded inputs
 * of a command and their set-up, and each command's entry point.
 */
#ifndef DECKPRESS_CMD_H
#define DECKPRESS_CMD_H

#include "../diag.h"
#include "../impose/impose.h"
#include "../layout/layout.h"
#include "../load/load.h"
#include "../util.h"

#define VERSION		"0.1.0"
#ifndef DATADIR
#define DATADIR		"/usr/local/share/deckpress"
#endif

enum { EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_IO = 3 };

struct setup {
	char		 *datadir;
	struct deck	 *deck;
	struct fonts	 *fonts;
	struct iconmap	 *icons;
	struct tmpl	**tmpls;	/* per kind; kinds may share one */
	struct sheet	**sheets;	/* per kind; kinds may share one */
	struct images	 *images;	/* every image the deck shows */
	bool		  allow_outside;	/* --allow-outside */
};

/*
 * The folder holding fonts/, layouts/ and cards/: $DECKPRESS_HOME, the
 * binary's folder if fonts/ is there, else DATADIR.  Caller frees.
 */
char	*data_dir(void);

/*
 * Load fonts, the deck in deckdir as o says (o->packdir is set here),
 * the template and sheet of each of its kinds, and bind them.  With o->lenient (the
 * validator) a deck whose text files have errors is kept and only the
 * source language is bound.  Returns 0 or an exit code; free with
 * setup_free().
 */
int	 setup_load(struct setup *s, const char *deckdir,
	    const struct load_opts *o, struct diags *d);
void	 setup_free(struct setup *s);
/*
 * For the deck s already holds: the fonts (unless loaded) and each
 * kind's template and sheet, unbound.  Returns 0 or an exit code.
 */
int	 setup_layouts(struct setup *s, struct diags *d);

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

/*
 * One kind imposed on its sheets; its faces are laid out when a page
 * that shows them is drawn, and freed once it is.
 */
struct sheets {
	size_t		 kind;
	struct grid	 grid;
	struct plan	 plan;
	size_t		*seq, n;	/* card indices in print order,
					   ascending: a card's copies in a row */
	bool		 backs;		/* it has a back, printed */
	size_t		 first;		/* 0-based page of its first sheet,
					   counted from the print's start */
};

/*
 * The sheets of every kind a command prints, ready to draw page by
 * page: kinds with backs first, each starting on an odd page (a blank
 * one pads), so the part prints double-sided; then the single-sided
 * kinds.  Pages are counted from the print's start, itself odd.
 */
struct print {
	struct sheets	*v;
	size_t		 n;
	size_t		 npages;	/* with the blank ones */
	size_t		 nduplex;	/* pages to print double-sided */
	size_t		 lang;		/* index into the deck's languages */
	unsigned int	 marks;		/* draft marks of all faces, or-ed */
	bool		 laid;		/* every face laid out once already
					   (a draft, for its note): drawing
					   reports nothing again */
	char		*note;		/* owned: a draft's margin note */
	struct reuse	*reuse;		/* owned: faces met, drawn once */
	double		 paper_w, paper_h;	/* pt, of the first kind */
	const char	*paper;		/* its name, "A4" or "Letter", or NULL */
	double		 back_x, back_y;	/* pt, back pages moved */
};

/* What to print: the kinds, their backs, which cards. */
struct variant;
struct printopts {
	enum duplex		 duplex;
	bool			 backs;
	const struct variant	*only;	/* a variant's cards, or NULL */
	const char		*kind;	/* one kind by name, or NULL: all */
	double			 back_x, back_y;	/* pt, every back
					   page moved by this */
};

/*
 * Plan the pages of the components of s in language lang, kind by
 * kind, as o says.  False if a kind does not fit its paper or the
 * print would be too long (reported).  Text is fitted as pages are
 * drawn, except in a draft, whose margin note must know from its
 * first page whether any text is too long: a draft lays out every
 * face here first.  Free with print_free().
 */
bool	 print_build(struct setup *s, size_t lang, const struct printopts *o,
	    struct print *pr, struct diags *d);
/*
 * Lay out and draw page page (0-based, blank pages counted) of pr; with
 * cr NULL only lay it out, to report what does not fit.  False if a
 * text does not fit its box (reported, unless pr->laid; a draft draws
 * it anyway and returns true).
 */
bool	 print_draw(cairo_t *cr, const struct setup *s,
	    const struct print *pr, size_t page, struct diags *d);
/*
 * Draw every page of pr into pdf, a page each; false if a text does not
 * fit (reported): the PDF is then not to be kept.
 */
struct pdfout;
bool	 print_pages(struct pdfout *pdf, const struct setup *s,
	    const struct print *pr, struct diags *d);
/* Face f of component k (in print order) of sh, laid out; laid_free(). */
void	 print_face(const struct setup *s, const struct print *pr,
	    const struct sheets *sh, size_t k, enum face f, struct laid *out,
	    struct diags *d);
void	 print_free(struct print *pr);

/*
 * Is this a draft print: anything shown in the source language, stale
 * or too long?  Then note is a one-line summary for the margins
 * ("DRAFT fr: 3 strings in en, 1 stale"); caller frees.
 */
bool	 draft_note(const struct deck *deck, size_t lang, unsigned int marks,
	    char **note);

/* The title of a PDF: "Title (lang): what", "DRAFT: ..." for a draft. */
char	*pdf_title(const struct deck *deck, size_t lang, const char *what,
	    bool draft);

/* Make the folder that will hold path; 0 or EXIT_IO (reported). */
int	 ensure_parent(const char *path, struct diags *d);

/* What a command that renders a deck is asked for. */
struct job {
	const char	*deckdir;
	const char	*lang;		/* NULL: the deck's first */
	const char	*output;	/* NULL: OUTDIR/GAME-LANG-WHAT.pdf */
	const char	*outdir;	/* NULL: out */
	enum duplex	 duplex;
	bool		 backs;
	const char	*variant;	/* NULL: the whole deck */
	const char	*kind;		/* NULL: every kind of component */
	bool		 draft;		/* fill and flag missing strings */
	/* how this printer prints: options, else the printer profile */
	const char	*printer;	/* --printer FILE, or NULL */
	const char	*paper;		/* "a4", "letter"; NULL: the sheets' */
	bool		 has_duplex;	/* --duplex given */
	bool		 has_offset;	/* --back-offset given */
	double		 back_x, back_y;	/* pt */
	double		 unprintable;	/* pt; < 0: the sheets' */
	int		 guides;	/* enum guides; < 0: the sheets' */
	double		 spacing;	/* pt; < 0: the sheets' */
	bool		 outside;	/* bleed only on a block's outside */
	bool		 allow_outside;	/* --allow-outside */
	bool		 quiet;		/* no "FILE: N cards" line (watch) */
	char		**outpath;	/* set: gets the PDF's path once known,
					   written or not; g_free() */
};

/* A job's print options before any is given. */
#define JOB_INIT	{ .duplex = DUPLEX_LONG, .backs = true, \
			  .unprintable = -1, .guides = -1, .spacing = -1 }

/*
 * The long options every printing command takes, for getopt_long, and
 * their short codes; job_option() reads them.
 */
#define PRINT_OPTIONS \
	{ "paper", required_argument, NULL, 'P' }, \
	{ "back-offset", required_argument, NULL, 'O' }, \
	{ "printer", required_argument, NULL, 'R' }, \
	{ "guides", required_argument, NULL, 'G' }, \
	{ "spacing", required_argument, NULL, 'S' }, \
	{ "bleed-only-outside", no_argument, NULL, 'U' }

/*
 * The option of every command that loads a deck, for getopt_long: a
 * game may name files outside its folder and layouts/.  job_option()
 * reads it into a job; the commands without one read code 'A'.
 */
#define DECK_OPTIONS \
	{ "allow-outside", no_argument, NULL, 'A' }

/*
 * The options of the card sheets, shared by cards and watch (which
 * renders them again and again), with DECK_OPTIONS and PRINT_OPTIONS.
 */
#define CARDS_OPTIONS \
	{ "lang", required_argument, NULL, 'l' }, \
	{ "output", required_argument, NULL, 'o' }, \
	{ "duplex", required_argument, NULL, 'd' }, \
	{ "no-backs", no_argument, NULL, 'B' }, \
	{ "variant", required_argument, NULL, 'V' }, \
	{ "draft", no_argument, NULL, 'D' }, \
	{ "component", required_argument, NULL, 'C' }, \
	{ "help", no_argument, NULL, 'h' }

/* The help text of DECK_OPTIONS, for a command's usage. */
#define DECK_USAGE \
"      --allow-outside  read the files the game names (layouts, images,\n" \
"                       figures) even outside its folder and\n" \
"                       deckpress's layouts/: only for a deck you trust\n"

/* The help text of PRINT_OPTIONS, for a command's usage. */
#define PRINT_USAGE \
"      --paper a4|letter    paper size (default: the sheet's, A4); the\n" \
"                           grid of each kind is computed for it\n" \
"      --back-offset X,Y    move every back page by X, Y mm (right and\n" \
"                           down as seen on the back page), as\n" \
"                           'deckpress calibrate' reads it\n" \
"      --printer FILE       a printer profile: paper, back_offset_mm,\n" \
"                           duplex, unprintable_mm (options win)\n" \
"      --guides marks|full|corners\n" \
"                           crop marks and thin guides (default); every\n" \
"                           trim line drawn out to the paper edge; or\n" \
"                           crop marks and rounded corners to cut to\n" \
"      --spacing MM         cards apart, each with its whole bleed, MM\n" \
"                           between the bleeds\n" \
"      --bleed-only-outside cards touching, bleed only round the block\n" \
"                           (the default)\n"

/*
 * Option c (a PRINT_OPTIONS or DECK_OPTIONS code, or 'd' for --duplex)
 * with argument arg into j.  Returns 0, EXIT_USAGE after printing usage
 * (a bad value), or -1 if c is no such option.
 */
int	 job_option(struct job *j, int c, const char *arg, const char *usage);

/*
 * Fill what the command line left unset from j's printer profile, if
 * it names one.  Returns 0 or EXIT_INPUT (reported).
 */
int	 job_printer(struct job *j, struct diags *d);

/* Apply j's paper, margins, guides and spacing to every sheet of s. */
void	 job_sheets(const struct job *j, struct setup *s);

/* The language a job prints as load options: drafts, default strings. */
void	 job_load_opts(const struct job *j, struct load_opts *o);

/* DIR/GAME-LANG[-VARIANT]-WHAT.pdf, or j's own output; g_free(). */
char	*job_output(const struct job *j, const struct deck *deck, size_t li,
	    const char *variant, const char *what);

/* Render j's card sheets (cards) or pack; return an exit code. */
int	 run_cards(const struct job *j, struct diags *d);
int	 run_pack(const struct job *j, struct diags *d);

/* The game's title as printed in deck.yaml, else its game name. */
const char *game_title(const struct deck *deck);
/* The authors of the credits, comma-separated, or NULL; g_free(). */
char	*game_authors(const struct deck *deck);

struct bstyle;
struct bdoc;
struct bflow;
/*
 * DECK/rules/LANG.md for language li, parsed into doc and flowed in
 * style st into fl.  False if it cannot be read or has errors.
 */
bool	 rulebook_load(struct setup *s, size_t li, const struct bstyle *st,
	    struct bdoc *doc, struct bflow *fl, struct diags *d);

/* The commands: argv[0] is the command's name. */
int	 cmd_cards(int argc, char **argv);
int	 cmd_all(int argc, char **argv);
int	 cmd_check(int argc, char **argv);
int	 cmd_strings(int argc, char **argv);
int	 cmd_booklet(int argc, char **argv);
int	 cmd_pack(int argc, char **argv);
int	 cmd_calibrate(int argc, char **argv);
int	 cmd_import(int argc, char **argv);
int	 cmd_preview(int argc, char **argv);
int	 cmd_export(int argc, char **argv);
int	 cmd_watch(int argc, char **argv);

/*
 * preview.c, for export.c too: --dpi N into dpi (30 to 1200), else a
 * usage error (usage printed); an image of w x h px at dpi showing what
 * fits Cairo's limit, else a usage error.  0 or EXIT_USAGE.
 */
int	 dpi_arg(const char *arg, double *dpi, const char *usage);
int	 image_fits(double w, double h, double dpi, const char *what,
	    struct diags *d);

#endif
