/* SPDX-License-Identifier: MIT */
/*
 * The layout stage: a template and a card become boxes in points with
 * resolved colours and text fitted to size.  Text is measured with the
 * same Pango context the renderer draws with, so what fits here fits
 * on the page.
 */
#ifndef DECKPRESS_LAYOUT_H
#define DECKPRESS_LAYOUT_H

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <pango/pango.h>

#include "../model.h"

#define ICON_FAMILY	"Material Design Icons"

/*
 * Hyphenation dictionaries by language (libhyphen, Debian's hyphen-*
 * packages), loaded when first needed.
 */
struct hyph	*hyph_new(void);
/* The same, each dictionary loaded whole by libhyphen: slow for large
 * ones (German: seconds), for tests to compare the two. */
struct hyph	*hyph_new_whole(void);
void		 hyph_free(struct hyph *h);
/* s with soft hyphens at the dictionary's break points; g_free(). */
char		*hyph_text(struct hyph *h, const char *lang, const char *s);
/* The same for Pango markup, leaving tags and entities alone. */
char		*hyph_markup(struct hyph *h, const char *lang, const char *m);
bool		 hyph_has(struct hyph *h, const char *lang);

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
	GHashTable	 *fitcache;	/* font, box + text -> struct fitted
					   (layout.c), a few hundred at most */
	struct hyph	 *hyph;		/* owned: hyphenation dictionaries */
	char		 *gamefonts;	/* the game's fonts/ (real path), or
					   NULL */
	char		 *ownfonts;	/* deckpress's fonts/ (real path) */
	GHashTable	 *variants;	/* "elem lang" -> a struct elem with a
					   language's fallback (cover.c) */
	GHashTable	 *used;		/* NULL, or (fonts_track) each face
					   drawn: "Face\tfile" -> NULL */
	FcConfig	 *fc;		/* Pango's configuration (the font
					   map holds it) */
	GHashTable	 *installed;	/* family, lower case -> GPtrArray of
					   its installed files */
	GHashTable	 *wanted;	/* families given Pango (fonts_want) */
};

/*
 * The fonts of game (its fonts/, read as its confinement allows; NULL:
 * none), deckpress's in dir, then the installed ones.  Returns NULL
 * with an error if the game's fonts/ holds a file that is no font, or
 * lies outside it, or if there is no font at all.  Free with
 * fonts_free().
 */
struct fonts	*fonts_new(const char *dir, const struct deck *game,
		    struct diags *d);
void		 fonts_free(struct fonts *f);
/*
 * Give Pango the installed fonts of each family of list ("A,B" or one
 * family) that it does not have yet.  Pango's configuration holds the
 * game's and deckpress's fonts and only the installed families asked
 * for here: every family a layout, a language's fallback:, a <span
 * font=> or an SVG names must be wanted before it is laid out.
 */
void		 fonts_want(const struct fonts *f, const char *list);

/*
 * e as language lang of deck shows it: with the language's fallback
 * families after its own (a copy kept in f), or e itself.
 */
const struct elem *fonts_elem(const struct fonts *f,
		    const struct deck *deck, const struct elem *e,
		    size_t lang);
/*
 * The characters of a shaped text that no font e chose (its font, its
 * fallbacks; the icon font for icons) shows, as "'x' U+0078, ..."; NULL
 * if none.  g_free().  Notes the faces drawn if fonts_track() asked.
 */
char		*fonts_missing(const struct fonts *f, PangoLayout *l,
		    const struct elem *e);
/* The same for a text set in the families chosen, "Font,Fallback". */
char		*fonts_missing_in(const struct fonts *f, PangoLayout *l,
		    const char *chosen);
/*
 * The first run of a shaped text that asks for a face its family lacks
 * (the layout's weight and slant, as <b>, <i>, **bold**, <span weight=
 * style= font=> change them), drawn in another: "asks for 'F' bold in
 * 'words', which has only regular"; NULL if none.  chosen: the
 * element's families.  *at: the byte offset in the text where the
 * markup asking for that face begins, -1 if the layout's own.  g_free().
 */
char		*fonts_badface(const struct fonts *f, PangoLayout *l,
		    const char *chosen, int *at);
/* From now on, note each face a text is drawn in (check lists them). */
void		 fonts_track(struct fonts *f);
/* The faces noted, "Face <- file (source)", sorted; g_strfreev(). */
char		**fonts_used(const struct fonts *f);

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
 * Build the Pango layout of text for element e at size pt.  Caller
 * unrefs.  text is Pango markup, as layout_markup() makes it.
 */
PangoLayout	*fit_layout(PangoContext *ctx, const struct elem *e,
		    const char *text, double size);

/*
 * The largest size in [size_min, size_max] (0.25 pt steps) at which
 * text fits e's box: no line wider, no more lines than the box holds;
 * with its layout, to draw as it is.  The maximum is tried first, then
 * sizes estimated from how far a size was too large, so most texts
 * take one to three shapings.
 */
void		 fit_text(PangoContext *ctx, const struct elem *e,
		    const char *text, struct fitted *out);
/*
 * Forget every fit remembered: the next layout of each text fits it
 * again and reports it as new (its missing glyphs).
 */
void		 layout_forget(const struct fonts *fonts);
/* Free a struct fitted of the fit cache, and its layout. */
void		 fitted_free(void *p);

/* The values of template variables: get(ctx, name), NULL if unknown. */
struct vars {
	const char	*(*get)(void *ctx, const char *name);
	void		*ctx;
};

struct image;

/* What layout_markup() needs besides the text. */
struct mctx {
	bool			 upper;		/* uppercase the words */
	const struct iconmap	*icons;		/* the icon font's names */
	const struct vars	*v;		/* variables (may be NULL) */
	struct hyph		*h;		/* soft hyphens (may be NULL) */
	const char		*lang;		/* ... of this language */
	const char		*dir;		/* the game's folder, for its
						   icons/ and {img:PATH}; NULL:
						   none */
	struct images		*images;	/* where images are read;
						   NULL: objects left out */
	const char *const	*pal;		/* palette names (npal) */
	const struct rgba	*palc;		/* and their colours */
	size_t			 npal;
	const struct fonts	*fonts;		/* the families a font= may
						   name, the installed ones
						   given Pango; NULL: any */
	char			*bad_font;	/* out: a font= naming none
						   of families (g_free), or
						   NULL */
	size_t			 bad_off;	/* out: where, a byte offset
						   in the text */
	GArray			*tags;		/* NULL, or out: a struct
						   mtagpos for each tag that
						   opens, in order */
	size_t			 plain;		/* out: bytes of text Pango
						   shows so far (with tags) */
};

/* Where a tag that opens is: in the text Pango shows, in the source. */
struct mtagpos {
	size_t	plain, src;	/* byte offsets */
};

/*
 * A card or booklet text with its inline markup (**bold**, *italic*,
 * Pango's tags, {icon:name}, {img:path}) as Pango markup, everything
 * else escaped; variables {name} take their values from m->v, as text;
 * m->upper uppercases the words (not the icons); with m->h, words get
 * soft hyphens from the dictionary of m->lang.  An icon of the game's
 * icons/ folder or an image is one inline object (inline_add()).
 * Returns NULL if the markup is broken (load_bind has reported it).
 * Caller frees with g_free().
 */
char		*layout_markup(const char *s, struct mctx *m);

/*
 * The character that stands for image img in markup, height as an
 * {img:...|height=} says it (NULL: the capitals'), in colour color
 * (NULL: its own): the same object the same character.  0 if the
 * table is full (65 534 objects).
 */
unsigned int	 inline_add(const struct image *img, const char *height,
		    const struct rgba *color);
/*
 * Give the inline objects of l's text (set by markup) their size at
 * l's font and the markup's: call after pango_layout_set_markup().
 */
void		 inline_attach(PangoLayout *l);
/*
 * Does character c of a layout's text stand for an inline object (no
 * font shows it, none need: a check of glyphs skips it)?
 */
bool		 inline_char(unsigned int c);
/*
 * The image character c of a layout's text stands for, or NULL: for a
 * table of the texts, which names it rather than print the character.
 */
const struct image *inline_image(unsigned int c);
/* Draw inline objects of layouts of ctx (fonts.c calls it once). */
void		 inline_setup(PangoContext *ctx);

/* What a draft shows on a text box (bits). */
enum {
	MARK_FALLBACK = 1,	/* printed in the source language */
	MARK_STALE = 2,		/* its source text changed */
	MARK_OVERFLOW = 4	/* does not fit its box */
};

/* One element placed on one card face. */
struct lbox {
	const struct elem	*e;
	double			 x, y, w, h;	/* pt, from trim top-left */
	struct rgba		 fill, stroke, color;
	struct rgba		 stops[GRAD_MAX];	/* a gradient's */
	char			*text;		/* owned: text or icon glyph */
	double			 size;		/* pt, fitted text size */
	unsigned int		 marks;		/* MARK_* (drafts only) */
	const char		*srclang;	/* for MARK_FALLBACK's flag */
	const struct image	*img;		/* image: borrowed, or NULL */
	PangoLayout		*layout;	/* text: fitted, one reference
						   of its own; drawn as is */
};

/* One face of a component, laid out: its boxes and its outline. */
struct laid {
	struct lbox	*v;
	size_t		 n;
	double		 w, h;		/* pt, the trim */
	double		 bleed;		/* pt */
	enum shape	 shape;
	double		 corner;	/* pt, radius of a rounded trim */
	char		*label;		/* owned: what it is, on its tiles
					   (Pango markup) */
	bool		 overflow;	/* some text did not fit */
	unsigned int	 marks;		/* the boxes' MARK_*, or-ed */
	const char	*title_field;	/* the card's kind's (card_title()),
					   or NULL: its title's box is read
					   first in a tagged PDF */
};

/*
 * Lay out face f of copy copy (0-based) of card c in language lang (an
 * index into deck languages).  Text that does not fit its box is an
 * error naming the card, the language, the field and the overflow in
 * mm, or in a draft (deck->draft) a warning, the box drawn at the
 * minimum size and marked.  Copies after the first report only what
 * differs between copies ({n}).  Free with laid_free().
 */
void		 layout_card(const struct fonts *fonts, const struct deck *deck,
		    const struct tmpl *t, const struct card *c,
		    unsigned int copy, size_t lang, enum face f,
		    struct laid *out, struct diags *d);
void		 laid_free(struct laid *l);
/*
 * Let go of the layouts a face's texts were fitted with, for a face
 * kept long before it is drawn: drawing shapes them again.
 */
void		 laid_unshape(struct laid *l);

/*
 * Draw layout l with its top left at the current point (no point: at 0,
 * 0), line by line at its baselines, as pango_cairo_show_layout does,
 * and leave the current point where it was (show.c).  The PDF's text
 * has no U+00AD and reads a hyphenated word whole: the hyphen Pango
 * draws where a soft hyphen broke a word is drawn after its line, in its
 * run's colour, with the text "-" (which text extraction drops at a line
 * end), and a ligature across a soft hyphen maps to its letters alone.
 * l is left as it was.
 */
void		 layout_show(cairo_t *cr, PangoLayout *l);
/* The same for one line, its baseline's start at the current point. */
void		 layout_show_line(cairo_t *cr, PangoLayoutLine *line);

#endif
