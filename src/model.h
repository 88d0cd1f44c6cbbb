/* SPDX-License-Identifier: MIT */
/*
 * The data model every stage shares: a deck (components of one or more
 * kinds -- cards, boards, tokens, sheets -- with attributes and texts
 * per language), a template per kind (its size, shape and elements in
 * points), a sheet (paper, grid, marks).  After load every length is a double in
 * PostScript points (1/72 inch), measured from the card's trim corner
 * or the paper's top-left corner; y grows downwards as in Cairo.
 */
#ifndef DECKPRESS_MODEL_H
#define DECKPRESS_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "util.h"

#define PT_PER_MM	(72.0 / 25.4)
#define MM(x)		((x) * PT_PER_MM)
#define TO_MM(x)	((x) / PT_PER_MM)

/* An attribute a deck declares, e.g. kind: [artefact, action]. */
struct attrdef {
	const char	 *name;
	const char	**values;	/* allowed values; NULL: any text */
	size_t		  nvalues;
	struct srcpos	  pos;
};

struct attr {
	const char	*name;		/* points into the attrdef */
	const char	*value;
	struct srcpos	 pos;		/* of the value */
};

/* One string of a card in one language, e.g. title: "Steal". */
struct text {
	const char	*field;
	const char	*value;		/* UTF-8, validated; NULL: not yet */
	struct srcpos	 pos;		/* of the value */
	struct srcpos	 end;		/* just past the value's last character */
	struct srcpos	 key_pos;	/* of the field's name */
	const char	*src_hash;	/* hash of the source text it translates */
	const char	*src_text;	/* that text, when known (a default's) */
	struct srcpos	 hash_pos;
	bool		 same;		/* meant to equal the source (a name) */
	bool		 deflt;		/* deckpress's default, not the game's */
	bool		 fallback;	/* draft: missing, the source's text */
	bool		 stale;		/* draft: its source text changed */
	bool		 edited;	/* import: a new value, not the file's */
};

struct cardtext {
	struct text	*v;
	size_t		 n;
	struct srcpos	 pos;		/* of the card's entry; file NULL: absent */
	struct srcpos	 key_pos;	/* of the card's id in the text file */
	unsigned int	 src_line;	/* line of its "source:", 0: none */
};

/*
 * A card of the deck.  The pack's strings and the strings of each
 * attribute's values are kept as cards too ("pseudo-cards"), so that
 * loading, checking and "deckpress strings" treat them alike.
 */
struct card {
	const char	*id;
	const char	*label;		/* in messages: "card 'steal'" */
	struct srcpos	 pos;		/* of the entry in deck.yaml */
	size_t		 kind;		/* index into the deck's kinds */
	unsigned int	 count;		/* copies to print, >= 1 */
	unsigned int	 number;	/* 1-based: its first copy in the deck */
	size_t		 index;		/* 0-based: its place in the card list */
	struct attr	*attrs;
	size_t		 nattrs;
	struct cardtext	*texts;		/* one per deck language */
};

/* Who made a game, for the credits page of its pack. */
struct credits {
	const char	**authors;
	size_t		  nauthors;
	const char	**design;	/* graphic design and illustrations */
	size_t		  ndesign;
	const char	 *licence;
	const char	 *funding;	/* a funder's required notice */
	const char	 *website;
};

/*
 * A kind of component: a deck of cards, a board, a sheet of tokens.
 * Each has its own template (size, shape, faces) and is imposed on
 * sheets of its own.  A deck.yaml with one "layout" has one kind.
 */
struct kind {
	const char	*name;		/* "harm"; "card" for one layout */
	struct srcpos	 pos;		/* of its name in deck.yaml */
	const char	*layout;	/* template name or path */
	struct srcpos	 layout_pos;
	const char	*sheet;		/* sheet name or path */
	struct srcpos	 sheet_pos;
	struct card	 strs;		/* its strings (a pseudo-card): its
					   printed name, texts its template
					   shares between entries */
	size_t		 nentries;	/* deck entries of this kind */
	const char	*title_field;	/* the text field that names a card
					   (card_title()): "title_field:" in
					   deck.yaml, else load_titles()'s
					   choice; NULL: none */
	struct srcpos	 title_pos;	/* of title_field:; file NULL: not
					   given */
};

/* The attribute that names an entry's kind, when a deck has several. */
#define KIND_ATTR	"component"

struct confine;

struct deck {
	struct arena	  arena;	/* owns everything below */
	const char	 *dir;		/* the deck's folder */
	const char	 *file;		/* its deck.yaml */
	struct confine	 *confine;	/* owned: where its files may lie
					   (load/gfile.c reads them) */
	const char	 *game;
	const char	 *title;	/* the game's name as printed */
	struct credits	  credits;
	const char	**langs;	/* first is the source language */
	size_t		  nlangs;
	size_t		  ndeclared;	/* of them, listed in deck.yaml */
	const char	 *sheet;	/* sheet name or path, for every
					   kind that names none */
	struct srcpos	  sheet_pos;
	struct kind	 *kinds;	/* at least one */
	size_t		  nkinds;
	bool		  multi;	/* "components:": entries name a kind */
	struct attrdef	 *attrdefs;
	size_t		  nattrdefs;
	struct card	 *cards;
	size_t		  ncards;
	struct card	**by_id;	/* the cards sorted by id */
	struct card	  pack;		/* the pack's strings, as a card "pack" */
	struct card	 *vals;		/* per attrdef: its values' strings */
	bool		 *loaded;	/* per language: its texts were read */
	bool		 *broken;	/* per language: its file has errors */
	/* fonts */
	const char	**fallback;	/* per language: its text file's
					   "fallback:" as "Family,Family", or
					   NULL */
	struct srcpos	 *fallback_pos;	/* per language: of that list */
	bool		  draft;	/* missing strings filled from the source */
	size_t		  nfilled;	/* draft: strings shown in the source */
	size_t		  nstale;	/* draft: stale strings, flagged */
};

struct rgba {
	double	r, g, b, a;	/* 0..1 */
};

/* A colour, either given or taken from a card attribute. */
struct paint {
	bool		 set;
	struct rgba	 rgba;
	const char	*attr;		/* non-NULL: "{attr}" binding */
};

enum elem_type { ELEM_RECT, ELEM_TEXT, ELEM_ICON, ELEM_SPACE, ELEM_IMAGE,
    ELEM_LINE, ELEM_CIRCLE, ELEM_POLYGON, ELEM_STAR, ELEM_PATH };

/* How a line's ends are drawn (Cairo's caps, in the same order). */
enum cap { CAP_BUTT, CAP_ROUND, CAP_SQUARE };
/* An element mirrored about its box's centre. */
enum flip { FLIP_NONE, FLIP_HORIZONTAL, FLIP_VERTICAL };
enum gradkind { GRAD_NONE, GRAD_LINEAR, GRAD_RADIAL };

#define GRAD_MAX	8	/* stops of one gradient */

/*
 * A fill that changes colour: linear along angle (degrees clockwise
 * from left-to-right, so 90 runs top to bottom) across the whole box,
 * or radial from the box's centre to the ellipse inscribed in it.
 */
struct gradient {
	enum gradkind	 kind;
	double		 angle;		/* degrees, linear only */
	size_t		 n;		/* stops, 2 .. GRAD_MAX */
	struct paint	 stops[GRAD_MAX];
	double		 at[GRAD_MAX];	/* 0..1 along the gradient */
};

/* One step of a path, ready for Cairo (SVG's arcs, quadratics and
 * shorthands already turned into these). */
enum segop { SEG_MOVE, SEG_LINE, SEG_CURVE, SEG_CLOSE };
struct pathseg {
	enum segop	 op;
	double		 p[6];		/* pt from the trim: x y (x y x y) */
};

/* How an image fills its box: whole inside it, covering it, or both
 * sides stretched to it. */
enum fit { FIT_CONTAIN, FIT_COVER, FIT_STRETCH };
/* What an image may cover: its box, the component and its bleed, or
 * all the imposer lets show. */
enum clip { CLIP_BOX, CLIP_BLEED, CLIP_NONE };
enum halign { HALIGN_LEFT, HALIGN_CENTER, HALIGN_RIGHT };
enum valign { VALIGN_TOP, VALIGN_MIDDLE, VALIGN_BOTTOM };

/* A condition on a card attribute: the element shows only if it holds. */
struct cond {
	const char	 *attr;
	struct srcpos	  pos;		/* of the attribute's name */
	const char	**values;	/* any of these */
	size_t		  nvalues;
};

struct elem {
	enum elem_type	 type;
	struct srcpos	 pos;
	struct cond	*when;
	size_t		 nwhen;
	double		 x, y, w, h;	/* pt, from the trim's top-left */
	bool		 bleed;		/* rect: extend over the bleed */
	struct paint	 fill, stroke;
	double		 stroke_w;	/* pt */
	double		 radius;	/* pt, corner radius */
	/* text */
	const char	*field;		/* text field shown, or NULL */
	const char	*string;	/* else a string of the kind, or */
	const char	*literal;	/* else this fixed text, a template */
	struct srcpos	 literal_pos;	/* of the fixed text */
	bool		 by_card;	/* {n}, {total} count cards, not copies */
	const char	*family;
	bool		 bold, italic;
	/* fonts */
	int		 weight;	/* CSS, 100..900: 400, bold's 700, or
					   as weight: says */
	const char	*fallback;	/* "Family,Family": for characters the
					   font lacks (the element's, then the
					   layout's), or NULL */
	const char	*families;	/* "font,fallback,...": as Pango takes
					   it, with the language's appended
					   by the layout stage */
	double		 size_min, size_max;	/* pt */
	double		 leading;	/* line spacing factor, 1 = font's */
	enum halign	 halign;
	enum valign	 valign;
	bool		 upper;		/* uppercase the text */
	struct paint	 color;		/* text or icon colour */
	/* icon */
	unsigned int	 codepoint;	/* 0: taken from icon_attr */
	bool		 mirror;	/* icon drawn mirrored left-right */
	const char	*icon_attr;
	/* space: the outline of a component of another kind */
	const char	*kind;		/* its kind's name */
	struct srcpos	 kind_pos;
	double		 clearance;	/* pt around that kind's trim */
	bool		 dash;		/* a dashed outline */
	/* image */
	const char	*file;		/* a template: "art/{id}.png" */
	struct srcpos	 file_pos;
	enum fit	 fit;
	enum clip	 clip;
	/* shapes: line, circle, polygon, star, path (and rect's dash,
	 * gradient, opacity) */
	struct gradient	 grad;		/* fill, when grad.kind is set */
	double		*dashes;	/* pt: dash, gap, dash ... */
	size_t		 ndash;
	double		 opacity;	/* 0..1, of the whole element */
	enum cap	 cap;		/* line ends */
	double		*pts;		/* pt, x y pairs: line, polygon */
	size_t		 npts;		/* pairs */
	unsigned int	 tips;		/* star: its points, >= 3 */
	double		 inner;		/* star: inner radius / outer */
	struct pathseg	*segs;		/* path */
	size_t		 nsegs;
	/* every element: turned and mirrored when drawn */
	double		 rotate;	/* degrees clockwise */
	bool		 pivot_set;	/* else the box's centre */
	double		 pivot_x, pivot_y;	/* pt, from the trim */
	enum flip	 flip;
};

enum face { FACE_FRONT, FACE_BACK };

/* The outline of a component's trim. */
enum shape { SHAPE_RECT, SHAPE_CIRCLE };

struct tmpl {
	struct arena	 arena;
	const char	*file;
	double		 w, h;		/* pt, trim size (a circle: w == h) */
	struct srcpos	 size_pos;	/* of "size" or "card", or the file */
	enum shape	 shape;
	double		 corner;	/* pt, radius of a rounded trim */
	double		 bleed;		/* pt, on every side */
	double		 back_bleed;	/* pt, of the back: more absorbs a
					   printer's misregistration */
	double		 safe;		/* pt, text keeps this far from trim */
	bool		 tile;		/* may be split over sheets: a board */
	double		 overlap;	/* pt, glue strip between two tiles */
	struct elem	*elems[2];	/* by enum face */
	bool		 back_is_front;	/* elems[FACE_BACK] is the front's:
					   a two-sided token */
	size_t		 nelems[2];
	const char	**pal_names;	/* palette: named colours */
	struct rgba	 *pal;
	size_t		  npal;
};

/*
 * Where backs go: behind their fronts for a long- or short-edge turn of
 * the paper, after all fronts (none: turned by hand), or on the same
 * page beside their fronts, to fold (gutterfold).
 */
enum duplex { DUPLEX_LONG, DUPLEX_SHORT, DUPLEX_NONE, DUPLEX_FOLD };

/* What is drawn to cut along. */
enum guides {
	GUIDES_MARKS,	/* crop marks, thin guides to the paper edge */
	GUIDES_FULL,	/* every trim line drawn out to the paper edge */
	GUIDES_CORNERS	/* crop marks, and rounded corners to cut to */
};

struct sheet {
	struct arena	 arena;
	const char	*file;
	struct srcpos	 grid_pos;	/* of "grid", or of the file */
	const char	*paper;		/* "A4", "Letter" or NULL: a size */
	double		 paper_w, paper_h;	/* pt */
	unsigned int	 cols, rows;	/* 0: the most that fit */
	double		 gutter;	/* pt, between trims */
	bool		 spaced;	/* each keeps its full bleed, spacing
					   apart: gutter is 2 bleeds + this */
	double		 spacing;	/* pt */
	double		 unprintable;	/* pt, edge band kept free */
	double		 mark_len;	/* pt, solid part of a crop mark */
	double		 mark_gap;	/* pt, from bleed to mark */
	double		 mark_width;	/* pt, line width */
	enum guides	 guides;
	double		 corner;	/* pt, radius of corner guides; 0: the
					   template's own, else 3 mm */
};

/* The range of --image-dpi and a printer profile's image_dpi. */
#define IMAGE_DPI_MIN	72
#define IMAGE_DPI_MAX	2400

/*
 * A printer's profile (--printer FILE): what the calibration page
 * told, saved for every run.  Lengths in points; a flag per field set.
 */
struct printer {
	struct arena	 arena;
	const char	*file;
	const char	*paper;		/* "a4", "letter" or NULL */
	bool		 has_offset, has_duplex, has_unprintable;
	double		 back_x, back_y;	/* pt, back page shift */
	enum duplex	 duplex;
	double		 unprintable;	/* pt */
	double		 image_dpi;	/* the art's cap; 0: none given */
};

/* Icon names of the bundled icon font, sorted by name. */
struct iconmap {
	struct arena	  arena;
	const char	**names;
	unsigned int	 *codes;
	size_t		  n;
};

#endif
