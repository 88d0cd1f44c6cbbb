/* SPDX-License-Identifier: MIT */
/*
 * Inside the template loader: what tmpl.c and shapes.c (the loaders
 * of shapes, fills, dashes and turns) share, and the path parser.
 */
#ifndef DECKPRESS_SHAPES_H
#define DECKPRESS_SHAPES_H

#include "load.h"

struct tctx {
	struct tmpl		*t;
	const char *const	*families;	/* names only */
	const char *const	*faces;		/* "Family\tW[ italic]" */
	const struct iconmap	*icons;
	struct diags		*d;
	const char		*fallback;	/* the layout's, or NULL */
};

/* Typed readers of tmpl.c: false with an error at n; n NULL: unset. */
bool	get_paint(struct tctx *c, const struct ynode *n, const char *what,
	    struct paint *p);
bool	get_mm(struct tctx *c, const struct ynode *n, const char *what,
	    double *pt);
bool	get_bool(struct tctx *c, const struct ynode *n, const char *what,
	    bool *b);
bool	get_enum(struct tctx *c, const struct ynode *n, const char *what,
	    const char *const *names, int *out);

/*
 * Load a line, circle, polygon, star or path element n into e (its
 * type and when already read); sets its box (given, or around its
 * points) and its turn.
 */
bool	shape_load(struct tctx *c, struct elem *e, const struct ynode *n);
/* fill (a colour or a gradient), stroke, stroke_mm (default def pt),
 * dash_mm, opacity of a rect or shape. */
bool	shape_paint(struct tctx *c, struct elem *e, const struct ynode *n,
	    double def);
/* rotate_deg, pivot_mm, flip of any element, once its box is known. */
bool	shape_turn(struct tctx *c, struct elem *e, const struct ynode *n);
/*
 * A text's box inside the template's safe zone, where it prints (its
 * corners turned); else an error at box (its box_mm) or e.
 */
bool	shape_check_safe(struct tctx *c, const struct elem *e,
	    const struct ynode *box);
/* The corners of e's box as turned (flip leaves the box as it is). */
void	shape_corners(const struct elem *e, double xs[4], double ys[4]);

#define PATHD_MAX_CHARS	100000
#define PATHD_MAX_SEGS	10000

/*
 * Parse SVG path data d (mm) into *segs (pt, in arena a), *n of them.
 * False for bad data: *at the byte offset in d, *why the problem.
 */
bool	pathd_parse(struct arena *a, const char *d, struct pathseg **segs,
	    size_t *n, size_t *at, const char **why);

#endif
