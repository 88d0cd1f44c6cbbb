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
#include <pango/pango.h>

#include "../model.h"
#include "fontset.h"

#define ICON_FAMILY	"Material Design Icons"

struct hyph;

/*
 * Hyphenation dictionaries by language (libhyphen, Debian's hyphen-*
 * packages), loaded when first needed (hyph.c; layout_fonts_new() makes
 * them): s with soft hyphens at the dictionary's break points;
 * g_free().
 */
char		*layout_hyph_text(struct hyph *h, const char *lang,
		    const char *s);
/* The same for Pango markup, tags and entities alone; _note_: see hyph.c. */
char		*layout_hyph_markup(struct hyph *h, const char *lang,
		    const char *m);
void		 layout_hyph_note_markup(struct hyph *h, const char *lang,
		    const char *m);
bool		 layout_hyph_has(struct hyph *h, const char *lang);

/*
 * Build the Pango layout of text for element e at size pt.  Caller
 * unrefs.  text is Pango markup, as layout_markup() makes it.
 */
PangoLayout	*layout_at_size(PangoContext *ctx, const struct elem *e,
		    const char *text, double size);

/*
 * Markup as a layout is made of it: with more line breaks ('\n') than
 * any real text has, each a U+2028, which breaks the line the same way
 * but keeps one paragraph (Pango's cost per paragraph grows with the
 * text before it).  g_free().
 */
char		*layout_lines_markup(const char *markup);

/*
 * Forget every fit remembered: the next layout of each text fits it
 * again and reports it as new (its missing glyphs).
 */
void		 layout_forget(const struct fonts *fonts);
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
 * icons/ folder or an image is one inline object (layout_inline_add()).
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
unsigned int	 layout_inline_add(const struct image *img, const char *height,
		    const struct rgba *color);
/*
 * Give the inline objects of l's text (set by markup) their size at
 * l's font and the markup's: call after pango_layout_set_markup().
 */
void		 layout_inline_attach(PangoLayout *l);

/*
 * A new list of al's attributes (copies; al may be NULL) and those of
 * add (sorted by start; taken: add is left holding pointers it does
 * not own), each of add after those of al that start where it does or
 * before, as pango_attr_list_insert() would put it; but appended, not
 * searched for and moved into place, so that adding many costs no more
 * than the list's length.  Caller unrefs.
 */
PangoAttrList	*layout_attrs_merged(PangoAttrList *al, GPtrArray *add);

/*
 * The image character c of a layout's text stands for, or NULL: for a
 * table of the texts, which names it rather than print the character.
 */
const struct image *layout_inline_image(unsigned int c);

/* What a draft, or hints, show on a text box (bits). */
enum {
	MARK_FALLBACK = 1,	/* printed in the source language */
	MARK_STALE = 2,		/* its source text changed */
	MARK_OVERFLOW = 4,	/* does not fit its box */
	MARK_HINT = 8		/* outlined, its field named (hints) */
};

/* One element placed on one card face. */
struct lbox {
	const struct elem	*e;
	unsigned int		 panel;		/* 1 + its net panel's, or 0 */
	double			 x, y, w, h;	/* pt, from trim top-left */
	struct rgba		 fill, stroke, color;
	struct rgba		 stops[GRAD_MAX];	/* a gradient's */
	char			*text;		/* owned: text or icon glyph */
	char			*alt;		/* owned: alt text, or NULL */
	double			 size;		/* pt, fitted text size */
	unsigned int		 marks;		/* MARK_* (drafts, hints) */
	const char		*srclang;	/* for MARK_FALLBACK's flag */
	const struct image	*img;		/* image: borrowed, or NULL */
	double			 src[4];	/* image: x y w h of img drawn,
						   its px (load_image_src()) */
	const char		*placeholder;	/* image: a missing file's
						   path, drawn as a
						   placeholder; or NULL */
	PangoLayout		*layout;	/* text: fitted, one reference
						   of its own; drawn as is */
};

/* One face of a component, laid out: its boxes and its outline. */
struct laid {
	struct lbox	*v;
	size_t		 n, cap;
	struct arena	*arena;		/* owned: the elements read for this
					   card (its data's values), or NULL */
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
	const struct net *net;		/* borrowed: panels to cut and fold
					   (a die, a tuck box), or NULL */
};

/*
 * Lay out face f of copy copy (0-based) of card c in language lang (an
 * index into deck languages).  Text that does not fit its box is an
 * error naming the card, the language, the field and the overflow in
 * mm, or in a draft (deck->draft) a warning, the box drawn at the
 * minimum size and marked.  Copies after the first report only what
 * differs between copies ({n}).  Free with layout_laid_free().
 */
void		 layout_card(const struct fonts *fonts, const struct deck *deck,
		    const struct tmpl *t, const struct card *c,
		    unsigned int copy, size_t lang, enum face f,
		    struct laid *out, struct diags *d);
/*
 * The same for part part (from 1: a die's face as a sticker; 0: all).
 * A net is laid out whole, each box in its panel's frame (lbox.panel):
 * a die's front on each face with its values (card_die_face()), a tuck
 * box's elements in the panels they name.
 */
void		 layout_card_part(const struct fonts *fonts,
		    const struct deck *deck, const struct tmpl *t,
		    const struct card *c, unsigned int copy, unsigned int part,
		    size_t lang, enum face f, struct laid *out,
		    struct diags *d);
void		 layout_laid_free(struct laid *l);
/*
 * The scale, pt per px on each axis, that image box b draws the part of
 * its image it shows (b->src) at, to fill its box as its fit says:
 * contain (whole inside it), cover or stretch.
 */
void		 layout_image_scale(const struct lbox *b, double *sx,
		    double *sy);
/*
 * Let go of the layouts a face's texts were fitted with, for a face
 * kept long before it is drawn: drawing shapes them again.
 */
void		 layout_laid_unshape(struct laid *l);

/*
 * Draw layout l with its top left at the current point (no point: at 0,
 * 0), line by line at its baselines, as pango_cairo_show_layout does,
 * and leave the current point where it was (show.c).  The PDF's text
 * has no U+00AD inside a line and reads a hyphenated word whole: the
 * hyphen Pango draws where a soft hyphen broke a word is drawn after its
 * line in its run's colour with the text U+00AD (readers join the word);
 * a ligature over a soft hyphen maps to its letters; l is kept.  _line:
 * one line from the current point; _part: its bytes [start, end) only.
 */
void		 layout_show(cairo_t *cr, PangoLayout *l);
void		 layout_show_line(cairo_t *cr, PangoLayoutLine *line);
void		 layout_show_line_part(cairo_t *cr, PangoLayoutLine *line,
		    int start, int end);
/*
 * The outlines of l's glyphs added to the path, where layout_show()
 * draws them from the current point (0, 0 if there is none), as
 * pango_cairo_layout_path does: for an outline stroked round the text.
 */
void		 layout_path(cairo_t *cr, PangoLayout *l);

#endif
