/* SPDX-License-Identifier: MIT */
/*
 * The fonts a game's texts may use, part of the layout stage's interface
 * (layout.h includes it): the game's fonts/, deckpress's fonts/ and the
 * installed fonts, in that order, through a private fontconfig
 * configuration (fonts.c), and what a shaped text asks of them that
 * they lack (cover.c).
 */
#ifndef DECKPRESS_FONTSET_H
#define DECKPRESS_FONTSET_H

#include <fontconfig/fontconfig.h>
#include <glib.h>
#include <pango/pango.h>

#include "../model.h"

struct gamefonts;
struct hyph;
struct images;

/*
 * The game's fonts/, deckpress's fonts/ and the installed fonts, in
 * that order, through a private fontconfig configuration (fonts.c).
 */
struct fonts {
	PangoFontMap	 *map;
	PangoContext	 *ctx;		/* 72 dpi, unhinted, unrounded */
	const char	**families;	/* NULL-terminated: the family names,
					   sorted, then a "Family\tW" or
					   "Family\tW italic" for each face,
					   W its CSS weight or a variable
					   font's "MIN-MAX" (fonts.c) */
	size_t		  nfamilies;	/* the names */
	const struct iconmap *icons;	/* borrowed: names of icon glyphs */
	struct images	 *images;	/* borrowed: the deck's images */
	GHashTable	 *fitcache;	/* font, box + text (GBytes) ->
					   struct fitted (layout.c), a few
					   hundred at most, unless kept
					   (layout_fonts_keep()) */
	bool		  fitkeep;	/* every fit kept between
					   builds */
	unsigned int	  fitgen;	/* the build, for fits kept */
	struct hyph	 *hyph;		/* owned: hyphenation dictionaries */
	char		 *gamefonts;	/* the game's fonts/ (real path), or
					   NULL */
	struct gamefonts *game;		/* owned: the game's font files, each
					   read when a family of it is
					   wanted (gamefont.c); NULL: none */
	char		 *ownfonts;	/* deckpress's fonts/ (real path) */
	GHashTable	 *variants;	/* "elem lang" -> a struct elem with a
					   language's fallback (cover.c) */
	GHashTable	 *used;		/* NULL, or (layout_fonts_track())
					   each face drawn: "Face\tfile" ->
					   NULL */
	FcConfig	 *fc;		/* Pango's configuration (the font
					   map holds it) */
	GHashTable	 *installed;	/* family, lower case -> GPtrArray of
					   its installed files (once read) */
	bool		  sysread;	/* the installed fonts read
					   (layout_fonts_seek()) */
	char		 *narrow;	/* Pango's configuration, XML,
					   unclosed: where theirs is added */
	GHashTable	 *seen;		/* families of the game and deckpress:
					   their installed files rejected */
	GPtrArray	 *retired;	/* earlier lists of families, freed
					   with f */
	GHashTable	 *wanted;	/* families given Pango
					   (layout_fonts_want()) */
	bool		  checking;	/* layout_fonts_check_only() */
};

/*
 * The fonts of game (its fonts/, read as its confinement allows; NULL:
 * none), deckpress's in dir, then the installed ones.  Returns NULL
 * with an error if the game's fonts/ holds a file that is no font, or
 * lies outside it, or has more files, bytes or faces than a game may,
 * or if there is no font at all.  A game's font file is read whole
 * only when a family of it is wanted (layout_fonts_want()); what is
 * wrong with it then is an error in d (borrowed: it must outlive the
 * fonts).  Free with layout_fonts_free().
 */
struct fonts	*layout_fonts_new(const char *dir, const struct deck *game,
		    struct diags *d);
void		 layout_fonts_free(struct fonts *f);
/*
 * Give Pango the game's and the installed fonts of each family of list
 * ("A,B" or one family) that it does not have yet; a game's file is
 * read whole then, and its faces join f->families.  Pango's
 * configuration holds deckpress's fonts and only the families asked for
 * here: every family a layout, a language's fallback:, a <span font=>
 * or an SVG names must be wanted before it is laid out.
 */
void		 layout_fonts_want(const struct fonts *f, const char *list);
/*
 * If family name (case and spaces aside, as fontconfig compares) is
 * none of the game's or deckpress's, read the installed fonts, once:
 * f->families then lists theirs too (a new list: look it up again).
 * Until a game names such a family, fontconfig's system configuration
 * is not read.  Every lookup of a family that may be installed seeks
 * it first; layout_fonts_want() does.
 */
void		 layout_fonts_seek(const struct fonts *f, const char *name);
/*
 * Where f->families is: for those that keep the list and look it up
 * later (tmpl_load_want(), art_fonts()), since it may be made again.
 */
const char *const *const *layout_fonts_list(const struct fonts *f);

/*
 * e as language lang of deck shows it: with the language's fallback
 * families after its own (a copy kept in f), or e itself.
 */
const struct elem *layout_fonts_elem(const struct fonts *f,
		    const struct deck *deck, const struct elem *e,
		    size_t lang);

/* The same for a text set in the families chosen, "Font,Fallback". */
char		*layout_fonts_missing_in(const struct fonts *f, PangoLayout *l,
		    const char *chosen);
/*
 * The first run of a shaped text that asks for a face its family lacks
 * (the layout's weight and slant, as <b>, <i>, **bold**, <span weight=
 * style= font=> change them), drawn in another: "asks for 'F' bold in
 * 'words', which has only regular"; NULL if none.  chosen: the
 * element's families.  *at: the byte offset in the text where the
 * markup asking for that face begins, -1 if the layout's own.  g_free().
 */
char		*layout_fonts_badface(const struct fonts *f, PangoLayout *l,
		    const char *chosen, int *at);
/* From now on, note each face a text is drawn in (check lists them). */
void		 layout_fonts_track(struct fonts *f);
/*
 * From now on, texts are laid out only to be checked (check): a text
 * the widths of its words prove fits its box, in a face that shows it
 * all, is not laid out (its laid box has no layout), nor its glyphs
 * checked: they are known to be there.
 */
void		 layout_fonts_check_only(struct fonts *f);
/* The faces noted, "Face <- file (source)", sorted; g_strfreev(). */
char		**layout_fonts_used(const struct fonts *f);

/*
 * Keep every fit of a build for the next builds with the same fonts
 * (watch): the cache is no longer bounded, and layout_fonts_renew()
 * starts each build.
 */
void		 layout_fonts_keep(struct fonts *fonts);
/*
 * A new build with the same fonts and fits: its templates are new (the
 * language variants of their elements are forgotten), each text is
 * checked again the first time this build lays it out, as in a fresh
 * build, and fits the last build did not use are dropped.
 */
void		 layout_fonts_renew(struct fonts *fonts);
/*
 * The texts this build fitted anew, not remembered, and into *used
 * those it laid out (kept fits only: else the cache is emptied as it
 * fills).
 */
size_t		 layout_fonts_fitted(const struct fonts *fonts,
		    size_t *used);

#endif
