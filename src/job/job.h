/* SPDX-License-Identifier: MIT */
/*
 * A job: what a command that renders a deck is asked for (struct job),
 * and the game loaded for it (struct setup: the deck, its fonts,
 * templates, sheets and images, bound).  Below the commands and the
 * stages that make documents; above load/ and layout/.
 */
#ifndef DECKPRESS_JOB_H
#define DECKPRESS_JOB_H

#include "../diag.h"
#include "../layout/layout.h"
#include "../load/load.h"
#include "../util.h"

#ifndef DATADIR
#define DATADIR		"/usr/local/share/deckpress"
#endif

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
char	*job_data_dir(void);

/*
 * Load fonts, the deck in deckdir as o says (o->packdir is set here),
 * the template and sheet of each of its kinds, and bind them.  With o->lenient (the
 * validator) a deck whose text files have errors is kept and only the
 * source language is bound.  Returns 0 or an exit code; free with
 * job_setup_free().
 */
int	 job_setup_load(struct setup *s, const char *deckdir,
	    const struct load_opts *o, struct diags *d);
void	 job_setup_free(struct setup *s);
/*
 * The images of a setup (a struct images *, as pdf_before_keep() gives
 * it) loaded to be checked as they are drawn, those not drawn yet
 * checked now (art_check_pending()).
 */
void	 job_art_checked(void *images);
/*
 * Load the deck in deckdir again into s, which a build loaded before
 * (or holds nothing): its fonts, fits, icons and images kept when
 * job_setup_keeps() says they can be, the deck, its templates and
 * sheets loaded afresh; else everything, as job_setup_load() does.
 * The fonts keep every fit for the next build (layout_fonts_keep()).
 * Returns 0 or an exit code; s stays for the next call (or
 * job_setup_free()).
 */
int	 job_setup_again(struct setup *s, const char *deckdir,
	    const struct load_opts *o, struct diags *d);
/*
 * Can the next job_setup_again() keep s's fonts, fits and images: the
 * game has no fonts/ of its own (its font files, read when a family is
 * first wanted, report into the build that read them)?
 */
bool	 job_setup_keeps(const struct setup *s);
/*
 * For the deck s already holds: the fonts (unless loaded) and each
 * kind's template and sheet, unbound.  Returns 0 or an exit code.
 */
int	 job_setup_layouts(struct setup *s, struct diags *d);

/*
 * The index of --lang LANG in deck (NULL: 0, the source); a usage
 * error naming the deck's languages if it has no such language.
 * Returns 0 or EXIT_USAGE.
 */
int	 job_lang_arg(const struct deck *deck, const char *lang, int *li,
	    struct diags *d);

/*
 * --component KIND: 0 if kind is NULL or one of deck's kinds, else a
 * usage error naming the kinds it has.  Returns 0 or EXIT_USAGE.
 */
int	 job_kind_arg(const struct deck *deck, const char *kind,
	    struct diags *d);

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
	bool		 hints;		/* outline and name every text box */
	bool		 placeholders;	/* missing images as placeholders
					   (watch; --draft too) */
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
	double		 image_dpi;	/* raster art resampled to at most
					   this; 0: printed as it is */
	bool		 allow_outside;	/* --allow-outside */
	char		**outpath;	/* set: gets the PDF's path once known,
					   written or not; g_free() */
	struct setup	*kept;		/* set (watch): the game the
					   last build loaded, loaded
					   again by job_setup_again()
					   and kept */
	bool		 others;	/* every language loaded, the others
					   as drafts (load_opts.others) */
	struct diags	*aside;		/* with others: their diagnostics
					   (load_opts.aside) */
	/*
	 * Set (watch --serve): called once the game is loaded and bound
	 * and before the PDF is laid out, with the language printed.
	 */
	void		(*loaded)(void *arg, struct setup *s, size_t li);
	void		*loaded_arg;
};

/* A job's print options before any is given. */
#define JOB_INIT	{ .duplex = DUPLEX_LONG, .backs = true, \
			  .unprintable = -1, .guides = -1, .spacing = -1 }

/*
 * Fill what the command line left unset from j's printer profile, if
 * it names one.  Returns 0 or EXIT_INPUT (reported).
 */
int	 job_printer(struct job *j, struct diags *d);

/*
 * Apply j's paper, margins, guides and spacing to every sheet of s, and
 * its --image-dpi to the images s holds (job_images()).
 */
void	 job_sheets(const struct job *j, struct setup *s);

/* The language a job prints as load options: drafts, default strings,
 * the texts typeset as deck.yaml's typography says. */
void	 job_load_opts(const struct job *j, struct load_opts *o);

/* DIR/GAME-LANG[-VARIANT]-WHAT.pdf, or j's own output; g_free(). */
char	*job_output(const struct job *j, const struct deck *deck, size_t li,
	    const char *variant, const char *what);

/*
 * Is this a draft print: anything shown in the source language, stale
 * or too long?  Then note is a one-line summary for the margins
 * ("DRAFT fr: 3 strings in en, 1 stale"); caller frees.
 */
bool	 job_draft_note(const struct deck *deck, size_t lang,
	    unsigned int marks, char **note);

/* The title of a PDF: "Title (lang): what", "DRAFT: ..." for a draft. */
char	*job_pdf_title(const struct deck *deck, size_t lang, const char *what,
	    bool draft);

/* Make the folder that will hold path; 0 or EXIT_IO (reported). */
int	 job_ensure_parent(const char *path, struct diags *d);

/* The game's title as printed in deck.yaml, else its game name. */
const char *job_game_title(const struct deck *deck);
/* The authors of the credits, comma-separated, or NULL; g_free(). */
char	*job_game_authors(const struct deck *deck);

#endif
