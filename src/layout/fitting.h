/* SPDX-License-Identifier: MIT */
/*
 * Inside the layout stage: what its files share -- the fit of a text to
 * its box (fit.c) and the cache of fits, the hyphenation dictionaries
 * layout_fonts_new() makes (hyph.c), inline objects drawn (inline.c) and the
 * glyphs no font shows (cover.c).
 */
#ifndef DECKPRESS_FITTING_H
#define DECKPRESS_FITTING_H

#include "layout.h"

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

#endif
