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
