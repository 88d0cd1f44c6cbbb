/* SPDX-License-Identifier: MIT */
/*
 * Inside the layout stage: what its files share -- the fit of a text to
 * its box (fit.c) and the cache of fits, the hyphenation dictionaries
 * layout_fonts_new() makes (hyph.c), inline objects drawn (inline.c), the
 * glyphs no font shows (cover.c) and the game's own font files
 * (gamefont.c).
 */
#ifndef DECKPRESS_FITTING_H
#define DECKPRESS_FITTING_H

#include <sys/types.h>

#include "layout.h"

struct confine;

/*
 * Hyphenation dictionaries by language (libhyphen, Debian's hyphen-*
 * packages), loaded when first needed.
 */
struct hyph	*layout_hyph_new(void);
/* The same, each dictionary loaded whole by libhyphen: slow for large
 * ones (German: seconds), for tests to compare the two. */
struct hyph	*layout_hyph_new_whole(void);
void		 layout_hyph_free(struct hyph *h);

/*
 * The characters of a shaped text that no font e chose (its font, its
 * fallbacks; the icon font for icons) shows, as "'x' U+0078, ..."; NULL
 * if none.  g_free().  Notes the faces drawn if layout_fonts_track() asked.
 */
char		*layout_fonts_missing(const struct fonts *f, PangoLayout *l,
		    const struct elem *e);

/* Text fitted into a box: the size chosen and how far it overflows. */
struct fitted {
	double		 size;		/* pt */
	double		 w, h;		/* pt, logical extent at that size */
	double		 over_w, over_h; /* pt beyond the box at the minimum
					   size */
	bool		 fits;
	bool		 first;		/* measured now, not remembered */
	PangoLayout	*layout;	/* the text at that size, shaped: one
					   reference, the caller's */
	unsigned int	 probes;	/* sizes shaped to find it */
	PangoFont	*face;		/* NULL; for check, a text the width
					   model proves fits at the minimum
					   size, not laid out (layout NULL,
					   size the minimum): the face all
					   of it is drawn in (the model's) */
	unsigned int	 born, gen;	/* the builds that fitted it
					   and last used it
					   (layout_fonts_renew()) */
};

/*
 * The largest size in [size_min, size_max] (0.25 pt steps) at which
 * text fits e's box: no line wider, no more lines than the box holds;
 * with its layout, to draw as it is.  The maximum is tried first, then
 * sizes estimated from how far a size was too large, so most texts
 * take one to three shapings.
 */
void		 layout_fit(PangoContext *ctx, const struct elem *e,
		    const char *text, struct fitted *out);

/*
 * For check, which asks only whether a text fits at all: true if the
 * width model proves text fits e's box at its minimum size and that
 * drawn in its one face it has no missing glyph and no face its family
 * lacks (layout_fonts_missing(), _badface() would find none); out then
 * has no layout (see struct fitted's face).  False: lay it out.
 * DECKPRESS_FIT=search: always false; =verify: lays it out as well,
 * and says on stderr where that disagrees.
 */
bool		 layout_fit_proven(const struct fonts *f, const struct elem *e,
		    const char *text, struct fitted *out);

/*
 * The same by today's search alone, the width model left out: for the
 * tests that compare the two (DECKPRESS_FIT=search does it too).
 */
void		 layout_fit_search(PangoContext *ctx, const struct elem *e,
		    const char *text, struct fitted *out);

/*
 * DECKPRESS_FIT: "search" (the width model left out), "verify" (both,
 * compared: differences said on stderr), else "".
 */
const char	*layout_fit_mode(void);

/*
 * What fitting cost, counted for the bench: DECKPRESS_FITSTATS=1 prints
 * it to stderr at exit.
 */
struct fitstats {
	unsigned long	 boxes;		/* text boxes laid out */
	unsigned long	 texts;		/* texts fitted (not remembered) */
	unsigned long	 layouts;	/* layouts made to fit them */
	unsigned long	 modelled;	/* texts the width model described */
	unsigned long	 missed;	/* ... where Pango disagreed */
	unsigned long	 model_layouts;	/* layouts the model made (fonts) */
	unsigned long	 words_shaped;	/* words it shaped (once a font) */
	unsigned long	 proven;	/* check: texts proven to fit, not
					   laid out */
};
extern struct fitstats layout_fitstats;

/*
 * The width model (widths.c): text's words shaped once per font (kept
 * on ctx) and broken into lines as Pango would, at any size, without a
 * layout; NULL if the model cannot describe text (tags, inline
 * objects, other scripts, a fallback font, spaces other than single
 * ones between words).  Free with layout_widths_free().
 */
struct wtext	*layout_widths_text(PangoContext *ctx, const struct elem *e,
		    const char *text);
void		 layout_widths_free(struct wtext *t);
/*
 * Whether the running Pango breaks lines as the model does: 1.50, whose
 * line breaker it replays.  Another Pango breaks some lines otherwise
 * (1.56, Debian 13: one text of test_fitmodel's 10 000 taken for too
 * tall at a size it fits): there the model proves nothing; it only
 * guesses which size to measure.
 */
bool		 layout_widths_exact(void);
/* Does it fit e's box at size: yes, no, or too close to tell. */
enum wfit { WFIT_NO, WFIT_YES, WFIT_UNSURE };
enum wfit	 layout_widths_fits(const struct wtext *t, const struct elem *e,
		    double size);

/*
 * layout_fit_proven()'s model: true if text fits at e's minimum size
 * (WFIT_YES) and its face (*face, the one all of it is drawn in) is
 * one layout_fonts_face_ok() passes.
 */
bool		 layout_widths_proven(const struct fonts *fs,
		    const struct elem *e, const char *text, PangoFont **face);
/*
 * Would a text of e's without tags, drawn in face alone, show every
 * character in a font e chose and in the face it asks for: nothing for
 * layout_fonts_missing() or _badface() to say, whatever its characters
 * (face has them all)?
 */
bool		 layout_fonts_face_ok(const struct fonts *f, PangoFont *face,
		    const struct elem *e);
/* Note face as drawn, as layout_fonts_missing() does (check lists it). */
void		 layout_fonts_note(const struct fonts *f, PangoFont *face);

/* Free a struct fitted of the fit cache, and its layout. */
void		 layout_fitted_free(void *p);

/* Draw inline objects of layouts of ctx (fonts.c calls it once). */
void		 layout_inline_setup(PangoContext *ctx);

/* What the scan of one of the game's font files finds (gamefont.c). */
struct gscan {
	unsigned int	 nfaces;	/* its faces */
	unsigned int	 nfonts;	/* faces and named instances */
	unsigned int	 nlist;		/* the fonts fontconfig makes of
					   them, at most */
	GPtrArray	*first;		/* each face's family, the name
					   fontconfig lists it by */
	GPtrArray	*all;		/* every family name of its faces,
					   each once */
};

/* One of the game's font files. */
struct gfont {
	char		*name;		/* "fonts/NAME", for messages */
	char		*real;		/* its real path, as check names it */
	int		 fd;		/* open since it was scanned; -1 once
					   read whole */
	off_t		 size;		/* bytes, when it was opened */
	struct gscan	 scan;
	char		*path;		/* once read whole: /proc/self/fd/N,
					   its sealed copy; else NULL */
	bool		 failed;	/* reading it whole failed (said) */
};

/* The game's font files, scanned; each read whole when first wanted. */
struct gamefonts {
	struct gfont	*v;
	size_t		 n;
	unsigned int	 nfonts;	/* faces of all, instances counted */
	struct diags	*d;		/* borrowed: where a file read whole
					   later says what is wrong with it */
	struct srcpos	 pos;		/* the game's fonts/ folder */
	size_t		 nlisted, cap;	/* entries of the struct fonts's
					   families, and room for them */
};

/*
 * The font files of gamedir's fonts/, each opened once where conf
 * allows and kept open, bounded (files, bytes, faces) and read for its
 * family names only; *root gets the folder's real path (free()).  No
 * folder: true, g empty.  Else false with an error at the folder.
 * Free with layout_gamefonts_free().
 */
bool		 layout_gamefonts_scan(struct gamefonts *g, const char *gamedir,
		    const struct confine *conf, char **root, struct diags *d);
void		 layout_gamefonts_free(struct gamefonts *g);
/*
 * Read f whole into a sealed copy (f->path), scanned again: false, with
 * an error in g->d, if it cannot be read or is not what was scanned.
 */
bool		 layout_gamefont_read(struct gamefonts *g, struct gfont *f);
/* Are a and b one family's name, as fontconfig compares them? */
bool		 layout_family_eq(const char *a, const char *b);
/* The game's file whose copy is file (its real path), or file itself. */
const char	*layout_gamefont_real(const struct gamefonts *g,
		    const char *file);

#endif
