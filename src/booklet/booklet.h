/* SPDX-License-Identifier: MIT */
/*
 * The booklet stage: a rule booklet in Markdown (parsed by cmark-gfm)
 * becomes blocks of Pango markup, flowed onto pages with headings kept
 * with what follows, no lone line of a paragraph at the top or bottom
 * of a page, and table rows kept whole; then drawn with a running
 * footer, as A4 pages or as A5 pages imposed for a folded booklet.
 */
#ifndef DECKPRESS_BOOKLET_H
#define DECKPRESS_BOOKLET_H

#include <cairo.h>

#include "../render/render.h"

/*
 * Blocks: Markdown's, and two of the pack's own: an index entry (a
 * name, a dotted leader, a page number) and a row of component faces
 * (the cover's "this is what you will print").
 */
enum bkind { B_HEADING, B_PARA, B_ITEM, B_QUOTE, B_TABLE, B_IMAGE, B_RULE,
    B_INDEX, B_FACES };

struct brow {
	char		**cells;	/* Pango markup, one per column */
	bool		  header;
};

/* One block of the document, in reading order. */
struct bblock {
	enum bkind	 kind;
	int		 level;		/* heading 1-6; list or quote depth */
	char		*markup;	/* Pango markup of the text */
	char		*plain;		/* heading text, for bookmarks */
	char		*bullet;	/* list items: "•" or "3." */
	struct brow	*rows;		/* tables */
	size_t		 nrows, ncols;
	char		*image;		/* images: the file */
	const struct image *img;	/* images: decoded (borrowed) */
	char		*page;		/* index: the page number */
	const struct laid **faces;	/* faces: borrowed, drawn in a row */
	size_t		 nfaces;
	double		 scale;		/* faces: their size on the page */
	char		*alt;		/* images: the Markdown's alt text */
	char		*tag_open;	/* structure elements that hold it,
					   opened before it: "L=Decimal LI
					   LBody" (a list and its
					   numbering), "BlockQuote", "TOC";
					   or NULL */
	int		 tag_close;	/* of those open, closed after it */
	struct srcpos	 pos;
};

struct bdoc {
	struct bblock	*v;
	size_t		 n, cap;	/* cap: v's room, grown by xgrow */
};

/*
 * Parse the Markdown file at path for language lang of deck; each
 * [[card:ID]] becomes that card's title in lang; each image is read
 * into images (a figure that cannot be is an error where the Markdown
 * names it); inline tags, {icon:NAME} and {img:PATH} as in card texts
 * (mdinline.c), checked against fonts' families and icons (fonts may
 * be NULL: no icon font, any family).  Returns false with an error if the file cannot be read,
 * is larger than 16 MiB, nests deeper than 32 levels or has a table
 * over 100 columns or 10 000 rows (deckpress(5), LIMITS); nothing is
 * walked then.  Free with booklet_doc_free().
 */
bool	booklet_parse(const char *path, const struct deck *deck, size_t lang,
	    struct images *images, const struct fonts *fonts,
	    struct bdoc *out, struct diags *d);

/* The same for Markdown text in memory (the pack's own pages). */
bool	booklet_parse_text(const char *name, const char *text,
	    const struct deck *deck, size_t lang, struct images *images,
	    const struct fonts *fonts, struct bdoc *out, struct diags *d);
void	booklet_doc_free(struct bdoc *doc);

/*
 * Append an index entry: name (plain text) on page page (1-based),
 * indented by level (0: a part, 1: within a part).
 */
void	booklet_doc_add_index(struct bdoc *doc, const char *name, size_t page,
	    int level);

/* Move the blocks of more to the end of doc; more is left empty. */
void	booklet_doc_append(struct bdoc *doc, struct bdoc *more);

/*
 * Append a row of n faces at scale (borrowed: they must outlive the
 * flow and its drawing), set at the foot of the page if the page has
 * room for them, else left out.
 */
void	booklet_doc_add_faces(struct bdoc *doc, const struct laid *const *faces,
	    size_t n, double scale);

/* Append s to o with Markdown's ASCII punctuation backslash-escaped. */
void	booklet_md_escape(GString *o, const char *s);

/* Page geometry and type sizes, in points. */
struct bstyle {
	double	page_w, page_h;
	double	margin_l, margin_r, margin_t, margin_b;
	double	body;		/* body text size */
	double	leading;	/* line spacing factor */
	double	footer_y;	/* baseline of the footer, from the top */
	double	sheet_w, sheet_h;	/* the paper a folded booklet's
				   pages are imposed on, two to a side */
	const char *lang;	/* hyphenation language, or NULL */
	const char *fallback;	/* the language's fallback: families,
				   "A,B", after Roboto; or NULL */
};

void	booklet_style_a4(struct bstyle *s);
void	booklet_style_a5(struct bstyle *s);
void	booklet_style_letter(struct bstyle *s);
void	booklet_style_half_letter(struct bstyle *s);

/* Part of a block placed on a page: some lines, or a table row. */
struct bplaced {
	const struct bblock	*b;
	PangoLayout		**layouts;	/* one, or one per table cell */
	size_t			  nlayouts;
	int			  first, last;	/* lines shown: [first, last) */
	double			  x, y, w, h;	/* pt, on the page */
	bool			  header;	/* a table header row */
};

struct bpage {
	struct bplaced	*v;
	size_t		 n, cap;
};

/* A heading's place, for bookmarks and the pack's index. */
struct bmark {
	const struct bblock	*b;
	size_t			 page;		/* 0-based */
	double			 y;		/* pt from the top */
};

/*
 * Where a pack's links go (links.c): the PDF page, 1-based, that
 * prints the front of each of the deck's cards (0: none).  A flow
 * without (a booklet: no card pages) draws no link.
 */
struct blinks {
	const size_t	*card_page;	/* by the card's index in the deck */
	size_t		 ncards;
};

struct bflow {
	struct bpage	*pages;
	size_t		 n;
	struct bmark	*marks;
	size_t		 nmarks;
	const struct blinks *links;	/* borrowed; NULL: no links */
};

/* Flow doc onto pages of style s.  Free with booklet_flow_free(). */
void	booklet_flow(const struct fonts *f, const struct bdoc *doc,
	    const struct bstyle *s, struct bflow *out);
void	booklet_flow_free(struct bflow *fl);
/*
 * A character of fl's text that no chosen font (Roboto, s->fallback)
 * shows, or a face its family lacks: an error at the Markdown block
 * (bcheck.c).
 */
void	booklet_check(const struct fonts *f, const struct bflow *fl,
	    const struct bstyle *s, struct diags *d);
/*
 * Does doc hold what PDF/UA forbids, which its tagged PDF would then
 * not claim to meet: an image with no alt text (a Figure a reader
 * hears nothing of), a heading that skips a level on the way down (H2
 * then H4)?  With d, a warning at each (bcheck.c), for check.
 */
bool	booklet_ua_flaws(const struct bdoc *doc, struct diags *d);

/*
 * Draw page i of fl at the origin of cr; footer is the running footer's
 * text (may be NULL), number the page number it shows (0: none).
 */
void	booklet_draw(cairo_t *cr, const struct fonts *f, const struct bflow *fl,
	    size_t i, const struct bstyle *s, const char *footer, int number);

/*
 * A folded booklet: n pages (a multiple of 4) on n / 2 sides of
 * paper, side k holding two pages side by side; sets their numbers,
 * 1-based, left and right.
 */
void	booklet_saddle(size_t n, size_t k, size_t *left, size_t *right);

/*
 * Draw side k of fl's pages as a saddle-stitched booklet of pages of
 * style s, two to a sheet of twice their width: pages past fl's are
 * the blank ones that pad it to a multiple of 4.
 */
void	booklet_draw_side(cairo_t *cr, const struct fonts *f,
	    const struct bflow *fl, size_t k, const struct bstyle *s,
	    const char *footer);

#endif
