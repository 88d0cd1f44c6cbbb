/* SPDX-License-Identifier: MIT */
/*
 * Templates: a component's layout (layouts/<name>.yaml: its size and
 * shape, bleed, safe zone, palette and elements; shapes and their paths
 * in shapes.c and pathd.c, font keys in tfont.c), sheets of paper
 * (sheet.c) and the icon font's name map (icons.c), read into the
 * structs of model.h with every value checked where it is written.
 */
#ifndef DECKPRESS_TMPL_H
#define DECKPRESS_TMPL_H

#include <stdbool.h>
#include <stddef.h>

#include "../model.h"
#include "../ytree/ytree.h"

struct confine;

/* The icon font's name map (fonts/<font>.map: "name HEX" lines). */
struct iconmap	*tmpl_iconmap_load(const char *path, struct diags *d);
void		 tmpl_iconmap_free(struct iconmap *m);
unsigned int	 tmpl_icon_find(const struct iconmap *m, const char *name);
const char	*tmpl_icon_suggest(const struct iconmap *m, const char *name);

/*
 * A component's template.  families lists the font families the deck
 * can use, then (fonts.c) a "Family\tW" or "Family\tW italic" entry for
 * each face, W its CSS weight or a variable font's "MIN-MAX": a family
 * with such entries must have the face an element asks for.  icons
 * lists the icon names.  The file is read where conf allows (NULL:
 * anywhere).  Returns NULL on any error.  Spaces (outlines of another
 * kind) are sized by load_spaces().
 */
struct tmpl	*tmpl_load(const struct confine *conf, const char *path,
		    const char *const *families, const struct iconmap *icons,
		    struct diags *d);
/*
 * The same, with the list at *fams, read through as it may grow, and
 * calling want(ctx, family) (unless NULL) with each family a text
 * element names, before its faces are looked up, and with each family
 * the list lacks, before it is looked up again: a game's font file is
 * read, and its faces join the list, only once a family of it is named;
 * the installed fonts join it only once a family is none of the game's
 * or deckpress's (layout/fonts.c).  fams must stay where it is.
 */
struct tmpl	*tmpl_load_want(const struct confine *conf, const char *path,
		    const char *const *const *fams,
		    void (*want)(void *ctx, const char *family), void *ctx,
		    const struct iconmap *icons, struct diags *d);
void		 tmpl_free(struct tmpl *t);

/* An element's repeats (repeat: {count: N}) and a face's elements. */
#define REPEAT_MAX	10000
#define FACE_ELEMS_MAX	20000
/* Elements made from a card's data (repeats whose count or values name
 * the card's), over every card and copy of a deck: a second or so of
 * work at the most, however few lines ask for them. */
#define DECK_PERCARD_MAX	500000

/*
 * How an image element is laid over what is under it (its blend):
 * Cairo's blend operators, in the order of their CSS names in telem.c
 * (render/card.c maps them).  Not in design.h, which is long enough.
 */
enum blend { BLEND_NORMAL, BLEND_MULTIPLY, BLEND_SCREEN, BLEND_OVERLAY,
    BLEND_DARKEN, BLEND_LIGHTEN, BLEND_COLOR_DODGE, BLEND_COLOR_BURN,
    BLEND_HARD_LIGHT, BLEND_SOFT_LIGHT, BLEND_DIFFERENCE, BLEND_EXCLUSION,
    BLEND_HUE, BLEND_SATURATION, BLEND_COLOR, BLEND_LUMINOSITY };

/* The card whose data an element's values are read with. */
struct tcard {
	const struct deck	*deck;
	const struct card	*c;
	unsigned int		 copy;	/* 0-based: for {n} */
	size_t			 lang;	/* its text fields in this language */
};

/*
 * A caller's room for tmpl_elem_card()'s elements, kept from card to
 * card (free() v at the end): a repeat of 10 000 elements on each of
 * thousands of cards then takes its megabytes once, not once a card.
 */
struct elembuf {
	struct elem	*v;
	size_t		 cap;
};

/*
 * The elements e (an element of t with a node: some value names a
 * card's data) is on card tc: its YAML read again by the loader, with
 * the card's values, and repeated as its repeat: says.  *v (each
 * percard; in buf, valid until its next use, or with buf NULL in arena
 * a, whose strings they use either way) holds *n of them: 0 for a
 * repeat of count 0.  False if a value does not hold, with errors in
 * d, each naming the card.
 */
bool		 tmpl_elem_card(const struct tmpl *t, const struct elem *e,
		    const struct tcard *tc, struct arena *a,
		    struct elembuf *buf, struct elem **v, size_t *n,
		    struct diags *d);

/*
 * Element e's when: expressions on card c: false with an error (at
 * the expression, naming the card) if one does not evaluate, as when a
 * name is no attribute of the card, or its value no number.
 */
bool		 tmpl_when_check(const struct elem *e, const struct card *c,
		    struct diags *d);

/* Fonts of a layout (tfont.c); families as tmpl_load() takes them. */
/*
 * True if name is a family of the list; else false, with *hint (if
 * hint is not NULL) the family it looks like a typo of, or NULL.
 */
bool		 tmpl_font_lookup(const char *const *families, const char *name,
		    const char **hint);
/* True if name is a family of the list, else an error at pos. */
bool		 tmpl_font_known(const char *const *families, const char *name,
		    const struct srcpos *pos, struct diags *d);

/*
 * A text file's "fallback:" for language li, kept in deck->fallback as
 * "A,B"; its families are checked against the fonts later.
 */
bool		 tmpl_lang_fallback(struct deck *deck, size_t li,
		    const struct ynode *n, struct diags *d);

/*
 * True if faces (layout/fonts.c's list) has family in weight (CSS, 100
 * to 1000; any of a variable font's axis) and slant; else *has lists
 * the faces it has, "bold, bold italic" (in a), NULL if it has none.
 */
bool		 tmpl_font_face(struct arena *a, const char *const *faces,
		    const char *family, int weight, bool italic,
		    const char **has);
/* A face for messages: "regular", "bold italic", "weight 650". */
char		*tmpl_face_name(struct arena *a, int lo, int hi, bool italic);

/* A sheet file, read where c allows (NULL: anywhere). */
struct sheet	*tmpl_sheet_load(const struct confine *c, const char *path,
		    struct diags *d);
void		 tmpl_sheet_free(struct sheet *s);
/* Set s's paper by name (a4, letter); false if the name is no paper. */
bool		 tmpl_sheet_paper(struct sheet *s, const char *name);
/* Set s's guides by name (marks, full, corners); false if none such. */
bool		 tmpl_sheet_guides(struct sheet *s, const char *name);

/*
 * What a template's components need once printed (tnet.c), FINISH_*
 * or-ed: cut (every component), fold (a net: a die, a tuck box), glue
 * (a net with glue tabs).  For the pack's how-to-print page.
 */
enum { FINISH_CUT = 1, FINISH_FOLD = 2, FINISH_GLUE = 4 };
unsigned int	 tmpl_finish(const struct tmpl *t);
/*
 * Size tuck box t (shape: tuck-box) for cards cards of card_w x card_h
 * pt, with its box: paper and clearance: its net, its size and the
 * frame of its panels.  load does it for a box sized from a kind.
 */
void		 tmpl_box_size(struct tmpl *t, double card_w, double card_h,
		    unsigned int cards);

/* A colour of template t: a palette name, else as tmpl_parse_color(). */
bool		 tmpl_color(const struct tmpl *t, const char *s,
		    struct rgba *out);

/*
 * Parse a colour (tcolor.c): "#rgb", "#rgba", "#rrggbb", "#rrggbbaa",
 * a CSS Color 4 name in any case, rgb()/rgba() or hsl()/hsla().
 */
bool		 tmpl_parse_color(const char *s, struct rgba *out);
/*
 * Why s is no colour of template t (NULL: no palette), into buf (n
 * bytes): "did you mean 'navy'?" or what is wrong with its notation;
 * "" for an unknown name with no near one; NULL if s is a colour.
 */
const char	*tmpl_color_problem(const struct tmpl *t, const char *s,
		    char *buf, size_t n);

#endif
