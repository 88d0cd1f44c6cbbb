/* SPDX-License-Identifier: MIT */
/*
 * Inside the template loader: what its files share -- the loader's
 * context, the typed values of tvalue.c, the shapes, fills, dashes and
 * turns of shapes.c and the path parser of pathd.c.
 */
#ifndef DECKPRESS_TCTX_H
#define DECKPRESS_TCTX_H

#include "tmpl.h"
#include "expr.h"

struct tctx {
	struct tmpl		*t;		/* read, never written, once
						   loaded (a card's values) */
	const char *const *const *fams;	/* the families' names, then
						   "Family\tW[ italic]" faces;
						   read through: the list may
						   grow (tmpl_load_want()) */
	const struct iconmap	*icons;
	struct diags		*d;
	const char		*fallback;	/* the layout's, or NULL */
	void			(*want)(void *ctx, const char *family);
	void			*want_ctx;	/* tmpl_load_want()'s */
	/* values from data (tdyn.c) */
	struct arena		*a;		/* where an element's arrays
						   and strings go: t's, or a
						   card's */
	const struct tcard	*card;		/* whose values names give;
						   NULL: none yet */
	bool			 in_elem;	/* reading an element: a name
						   may be a card's */
	bool			 dyn;		/* out: some value named a
						   card's data, with no card */
	bool			 by_card;	/* {n}, {total} count cards */
	bool			 copies;	/* out: {n} named, no card */
	bool			 rep;		/* in a repeat: {i}, {col},
						   {row} */
	unsigned int		 ri, rcol, rrow;
	double			 ox, oy;	/* mm, the repeat's offset */
	char			 buf[4][24];	/* values of {i} ... {total} */
};

/*
 * Composing a layout (compose.c, tstyle.c).  Files read through one
 * another (extends and includes) and styles taking styles nest at most
 * TMPL_MAX_COMPOSE deep; includes insert at most TMPL_MAX_INCLUDED
 * elements, each counted for every include it comes through.
 */
#define TMPL_MAX_COMPOSE	32
#define TMPL_MAX_INCLUDED	10000

/* The element types and, for each, the keys it takes (tmpl.c's). */
struct elem_keys {
	const char *const		*types;		/* NULL-terminated */
	const char *const *const	*keys;		/* of each type,
							   NULL-terminated */
};

/* The element types and the keys of each (telem.c). */
extern const struct elem_keys tmpl_elem_keys;

struct confine;
/*
 * Layout root, read from path where conf allows, composed: the layouts
 * it extends merged in, its includes inserted, its defaults and styles
 * given to each element (tmpl_style()), and the keys only composing
 * reads taken out, every node still where it was written.  Returns
 * root itself if it uses none of these, NULL after an error; new nodes
 * live in a.
 */
const struct ynode *tmpl_compose(struct arena *a, const struct confine *conf,
	    const char *path, const struct ynode *root,
	    const struct elem_keys *k, struct diags *d);
/*
 * Of composed layout root, the styles and defaults given to each
 * element of front and back (k says which keys each type takes) and
 * taken out with name, style and remove; NULL after an error.
 */
const struct ynode *tmpl_style(struct arena *a, const struct ynode *root,
	    const struct elem_keys *k, struct diags *d);

/* The pt of a mm, for the unit of a key in mm. */
#define UNIT_MM		(72 / 25.4)
#define UNIT_PT		1.0
#define UNIT_NONE	0.0

/*
 * Values from data (tdyn.c).  A number, a length (unit: what a plain
 * number is, in pt; UNIT_NONE: no length) or an expression ("{a} * 2 +
 * 1mm") into *out, in the key's unit.  A value that names a card's data
 * while no card is known makes *out NAN and c->dyn true.  False with an
 * error at n.
 */
bool	tmpl_num(struct tctx *c, const struct ynode *n, const char *what,
	    double unit, double *out);
/*
 * A text value with its {name}s replaced: *n becomes a node of c->a
 * holding the text (a plain scalar), stays as it is with no {name}, or
 * is NULL (as if not given) when its value waits for a card (c->dyn
 * set).  False with an error at n.
 */
bool	tmpl_scalar(struct tctx *c, const struct ynode **n, const char *what);
/*
 * The template s (a text's or a file's) with a repeat's {i}, {col} and
 * {row} replaced, other names left for the card; in c->a.
 */
const char *tmpl_rep_subst(struct tctx *c, const char *s);
/* The values of names, for expressions: a card's and a repeat's. */
const char *tmpl_name_value(void *ctx, const char *name);
/* Where byte at of scalar n's text s stands in the file, if known. */
struct srcpos tmpl_str_pos(const struct ynode *n, const char *s, size_t at);
/*
 * A value v of what, read from n, out of its range lo..hi: said, as
 * "card 'x': size_pt "{s}" is 0 (allowed 2 to 200)", if n is an
 * expression; false if n is a plain number, whose message the caller
 * gives as it always has.
 */
bool	tmpl_said_range(struct tctx *c, const struct ynode *n,
	    const char *what, double v, double lo, double hi);

/*
 * What reading an element again for a card needs of its layout's
 * loading (tmpl_elem_card()): the fonts and icons it was read with.
 */
struct tload {
	const char *const *const *fams;
	const struct iconmap	*icons;
	const char		*fallback;
	void			(*want)(void *ctx, const char *family);
	void			*want_ctx;
};

/* A growing list of elements (xgrow), an element's instances. */
struct elist {
	struct elem	*v;
	size_t		 n, cap;
};

/*
 * Element n of a face into e (tmpl.c): its type, when, box and turn,
 * then its type's keys.  False with errors in c->d.
 */
bool	tmpl_elem_load(struct tctx *c, struct elem *e, const struct ynode *n);
/*
 * Element n, repeated as its repeat: says, onto L (trepeat.c): with no
 * card, an element whose values name a card's data is one element with
 * its node, to be read per card; else its instances, each moved by its
 * step.  False with errors in c->d.
 */
bool	tmpl_item_load(struct tctx *c, const struct ynode *n, struct elist *L);
/*
 * Image element n's crop_px or crop_mm, sprite and svg_id into e
 * (timage.c).  False with errors in c->d.
 */
bool	tmpl_image_part(struct tctx *c, struct elem *e, const struct ynode *n);
/* when: (twhen.c): attributes' values, card ids or an expression. */
bool	tmpl_get_when(struct tctx *c, struct elem *e, const struct ynode *n);

/* Typed readers (tvalue.c): false with an error at n; n NULL: unset. */
bool	tmpl_get_paint(struct tctx *c, const struct ynode *n, const char *what,
	    struct paint *p);
bool	tmpl_get_mm(struct tctx *c, const struct ynode *n, const char *what,
	    double *pt);
bool	tmpl_get_bool(struct tctx *c, const struct ynode *n, const char *what,
	    bool *b);
bool	tmpl_get_enum(struct tctx *c, const struct ynode *n, const char *what,
	    const char *const *names, int *out);
/* "{attr}" binds a value to a card attribute: the name (in a), or NULL. */
const char *tmpl_binding(struct arena *a, const char *s);
/* "a, b or c" (conj " or ") for a NULL-terminated list, in a. */
const char *tmpl_choices(struct arena *a, const char *const *names,
	    const char *conj);

/*
 * Load a line, circle, polygon, star or path element n into e (its
 * type and when already read); sets its box (given, or around its
 * points) and its turn.
 */
bool	tmpl_shape_load(struct tctx *c, struct elem *e, const struct ynode *n);
/* fill (a colour or a gradient), stroke, stroke_mm (default def pt),
 * dash_mm, opacity of a rect or shape. */
bool	tmpl_shape_paint(struct tctx *c, struct elem *e, const struct ynode *n,
	    double def);
/*
 * A gradient n, {linear: DEG, stops: [...]} or {radial: true, stops:
 * [...]}, into e->grad: a shape's fill, a text's colour.
 */
bool	tmpl_get_gradient(struct tctx *c, struct elem *e,
	    const struct ynode *n);
/*
 * A shape's fill or a text's colour n into *p: a colour, or a gradient
 * (into e->grad, *p its first stop, what a reader of one colour sees).
 */
bool	tmpl_get_fill(struct tctx *c, struct elem *e, const struct ynode *n,
	    const char *what, struct paint *p);
/* opacity n (0 to 1, or a value from data) of any element into e; n
 * NULL: unset. */
bool	tmpl_get_opacity(struct tctx *c, struct elem *e, const struct ynode *n);
/* rotate_deg, pivot_mm, flip of any element, once its box is known. */
bool	tmpl_shape_turn(struct tctx *c, struct elem *e, const struct ynode *n);
/*
 * A text's box inside the template's safe zone, where it prints (its
 * corners turned); else an error at box (its box_mm) or e.
 */
bool	tmpl_shape_check_safe(struct tctx *c, const struct elem *e,
	    const struct ynode *box);

/* The shapes of tmpl.c's shape: key, in its order. */
enum { TMPL_SHAPE_RECT, TMPL_SHAPE_ROUNDED, TMPL_SHAPE_CIRCLE, TMPL_SHAPE_HEX,
    TMPL_SHAPE_DIE, TMPL_SHAPE_TUCK };
/*
 * A die's keys (faces, die_mm, net) or a tuck box's (box) for shape (a
 * TMPL_SHAPE_*), after the size and bleed are read; an error for the
 * keys of a shape not given.  Sets the template's frame, and its net.
 */
bool	tmpl_net_load(struct tctx *c, const struct ynode *root, int shape);
/*
 * A tuck box's element's panel: (front, the default, back, spine or
 * flap) into e->panel; an error on any other layout.
 */
bool	tmpl_net_panel(struct tctx *c, struct elem *e, const struct ynode *n);

#define PATHD_MAX_CHARS	100000
#define PATHD_MAX_SEGS	10000

/*
 * Parse SVG path data d (mm) into *segs (pt, in arena a), *n of them.
 * False for bad data: *at the byte offset in d, *why the problem.
 */
bool	tmpl_pathd_parse(struct arena *a, const char *d, struct pathseg **segs,
	    size_t *n, size_t *at, const char **why);

/*
 * A "fallback:" list of families (or one family), each known, as Pango
 * takes it: "A,B" (in a), or NULL when n is NULL.
 */
bool		 tmpl_font_fallback(struct tctx *c, const struct ynode *n,
		    const char **out);

/* The font keys of text element e: font, bold, italic, weight, fallback
 * (after its own, the layout's). */
bool		 tmpl_font(struct tctx *c, struct elem *e,
		    const struct ynode *n);

#endif
