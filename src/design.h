/* SPDX-License-Identifier: MIT */
/*
 * How a component looks and prints, the model's second half (model.h
 * includes it): a template per kind -- its size, shape and elements,
 * in points from the trim's top-left corner --, a sheet (paper, grid,
 * marks), a printer's profile and the icon font's names.
 */
#ifndef DECKPRESS_DESIGN_H
#define DECKPRESS_DESIGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "util.h"
#include "paint.h"
#include "outline.h"

enum elem_type { ELEM_RECT, ELEM_TEXT, ELEM_ICON, ELEM_SPACE, ELEM_IMAGE,
    ELEM_LINE, ELEM_CIRCLE, ELEM_POLYGON, ELEM_STAR, ELEM_PATH };

/* An element mirrored about its box's centre. */
enum flip { FLIP_NONE, FLIP_HORIZONTAL, FLIP_VERTICAL };
/* How an image fills its box: whole inside it, covering it, or both
 * sides stretched to it. */
enum fit { FIT_CONTAIN, FIT_COVER, FIT_STRETCH };
/* What an image may cover: its box, its bleed, all the imposer shows. */
enum clip { CLIP_BOX, CLIP_BLEED, CLIP_NONE };
/* Justified: every line but a paragraph's last as wide as the box, the
 * last at the paragraph's start (left, or right in a right-to-left
 * script). */
enum halign { HALIGN_LEFT, HALIGN_CENTER, HALIGN_RIGHT, HALIGN_JUSTIFY };
enum valign { VALIGN_TOP, VALIGN_MIDDLE, VALIGN_BOTTOM };

struct card;
struct ynode;

/* A condition: an attribute's value is one of values, or (ids) the
 * card's id is, or (expr) an expression holds, as holds() says. */
struct cond {
	const char	 *attr;
	struct srcpos	  pos;		/* of the name, or expression */
	const char	**values;	/* any of these */
	size_t		  nvalues;
	bool		  ids;		/* values are card ids */
	const char	 *expr;		/* or this expression */
	bool		(*holds)(const struct cond *k, const struct card *c);
};

struct elem {
	enum elem_type	 type;
	struct srcpos	 pos;
	struct cond	*when;
	size_t		 nwhen;
	double		 x, y, w, h;	/* pt, from the trim's top-left */
	bool		 bleed;		/* rect: extend over the bleed */
	struct paint	 fill, stroke;	/* a text's stroke: its outline */
	double		 stroke_w;	/* pt; a text's: the outline's width
					   as it shows, beside the letters */
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
	struct paint	 color;		/* text or icon colour (a text's may
					   be a gradient: grad); image tint */
	bool		 stroke_over;	/* text: its outline (stroke,
					   stroke_w) drawn over the fill,
					   not under it */
	/* icon */
	unsigned int	 codepoint;	/* 0: taken from icon_attr */
	bool		 mirror;	/* icon drawn mirrored left-right */
	const char	*icon_attr;
	/* space: the outline of a component of another kind */
	const char	*kind;		/* its kind's name */
	struct srcpos	 kind_pos;
	double		 clearance;	/* pt around that kind's trim */
	bool		 dash;		/* a dashed outline */
	/* image: file ("art/{id}.png") or svg text; the part shown */
	const char	*file, *svg;
	struct srcpos	 file_pos, crop_pos, sprite_pos, svg_id_pos;
	enum fit	 fit;
	enum clip	 clip;
	double		 crop[4];	/* x y w h, px (crop_mm: mm); w 0: all */
	double		 sprite[3];	/* cols, rows, index from 1; 0: none */
	const char	*svg_id;	/* only this element of the SVG */
	bool		 crop_mm;
	unsigned char	 blend;		/* enum blend (tmpl.h) */
	bool		 placeholder;	/* missing: placeholder */
	/* shapes: line, circle, polygon, star, path (and rect's dash,
	 * gradient, opacity) */
	struct gradient	 grad;		/* fill (text: colour) if kind set */
	double		*dashes;	/* pt: dash, gap, dash ... */
	size_t		 ndash;
	double		 opacity;	/* 0..1, of the whole element */
	enum cap	 cap;		/* stroke ends (and dashes') */
	enum join	 join;		/* stroke corners */
	bool		 arc_set;	/* circle: only a pie or arc of it */
	double		 arc[2];	/* degrees clockwise from 12 o'clock,
					   arc[0] < arc[1] <= arc[0] + 360 */
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
	/* image, icon, shape: what it shows, for a reader */
	const char	*alt;		/* a Figure's alt text template
					   ("Team: {team}"), or NULL */
	bool		 decorative;	/* said to show nothing to read */
	/* values from data */
	const struct ynode *node;	/* its YAML, read per card if a
					   value names a card's data */
	bool		 copies;	/* such a value is {n}'s: per copy */
	bool		 percard;	/* read for one card (a laid's) */
	unsigned char	 panel;		/* a tuck box's: enum net_part */
};

enum face { FACE_FRONT, FACE_BACK };

struct tmpl {
	struct arena	 arena;
	const char	*file;
	uint64_t	 sig;		/* of its YAML as composed (extends,
					   styles): two equal draw alike */
	double		 w, h;		/* pt, trim size (a circle: w == h;
					   a hex: its box as it stands) */
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
	bool		 back_is_front;	/* a two-sided token's back: front */
	size_t		 nelems[2];
	const char	**pal_names;	/* palette: named colours */
	struct rgba	 *pal;
	size_t		  npal;
	double		  dpi;		/* a px is 1/dpi inch */
	struct tload	 *load;		/* what reading an element again for
					   a card needs (tmpl/) */
	bool		  dynamic;	/* some element is read per card */
	double		  face_w, face_h;	/* pt, elements' frame: the
					   trim, a die's face, a box's front */
	unsigned int	  faces;	/* a die's faces; 0: no die */
	bool		  tuck;		/* a tuck box, of box's size */
	struct boxspec	 *box;
	const struct net *net;		/* cut and folded (w, h its size);
					   NULL: flat, a die's stickers */
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

/* A slot of a sheet listed by hand (a printer's template, a sprue). */
struct sprue {
	double		 x, y;		/* pt, the placed trim's top-left */
	unsigned int	 turn;		/* quarter turns clockwise, 0..3 */
	struct srcpos	 pos;		/* of the slot's entry */
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
	struct sprue	*slots;		/* listed by hand, in print order */
	size_t		 nslots;	/* 0: a grid */
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

/* Icon names of the bundled icon font, sorted by name (tmpl/icons.c). */
struct iconmap {
	char		 *text;		/* the file; names point into it */
	const char	**names;
	unsigned int	 *codes;	/* NULL until the first lookup */
	size_t		  n;
};

#endif
