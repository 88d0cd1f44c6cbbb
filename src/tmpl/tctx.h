/* SPDX-License-Identifier: MIT */
/*
 * Inside the template loader: what its files share -- the loader's
 * context, the typed values of tvalue.c, the shapes, fills, dashes and
 * turns of shapes.c and the path parser of pathd.c.
 */
#ifndef DECKPRESS_TCTX_H
#define DECKPRESS_TCTX_H

#include "tmpl.h"

struct tctx {
	struct tmpl		*t;
	const char *const	*families;	/* names only */
	const char *const	*faces;		/* "Family\tW[ italic]" */
	const struct iconmap	*icons;
	struct diags		*d;
	const char		*fallback;	/* the layout's, or NULL */
	void			(*want)(void *ctx, const char *family);
	void			*want_ctx;	/* tmpl_load_want()'s */
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

/* Typed readers (tvalue.c): false with an error at n; n NULL: unset. */
bool	tmpl_get_paint(struct tctx *c, const struct ynode *n, const char *what,
	    struct paint *p);
bool	tmpl_get_mm(struct tctx *c, const struct ynode *n, const char *what,
	    double *pt);
bool	tmpl_get_bool(struct tctx *c, const struct ynode *n, const char *what,
	    bool *b);
bool	tmpl_get_enum(struct tctx *c, const struct ynode *n, const char *what,
	    const char *const *names, int *out);
/* "{attr}" binds a value to a card attribute: the name, or NULL. */
const char *tmpl_binding(struct tmpl *t, const char *s);
/* "a, b or c" (conj " or ") for a NULL-terminated list, in t's arena. */
const char *tmpl_choices(struct tmpl *t, const char *const *names,
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
/* rotate_deg, pivot_mm, flip of any element, once its box is known. */
bool	tmpl_shape_turn(struct tctx *c, struct elem *e, const struct ynode *n);
/*
 * A text's box inside the template's safe zone, where it prints (its
 * corners turned); else an error at box (its box_mm) or e.
 */
bool	tmpl_shape_check_safe(struct tctx *c, const struct elem *e,
	    const struct ynode *box);

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
bool		 tmpl_font_fallback(struct arena *a,
		    const char *const *families, const struct ynode *n,
		    const char **out, struct diags *d);

/* The font keys of text element e: font, bold, italic, weight, fallback
 * (after its own, the layout's). */
bool		 tmpl_font(const struct tctx *c, struct elem *e,
		    const struct ynode *n);

#endif
