/* SPDX-License-Identifier: MIT */
/*
 * The template loader's shapes: line, circle, polygon, star and path
 * elements, the fills (colours or gradients), strokes, dashes and
 * opacity they and rects share, and the turn (rotate_deg, pivot_mm,
 * flip) every element may have.  Lengths are read in mm and kept in
 * points, as everywhere after load.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../hexagon.h"
#include "tctx.h"

#define MAX_POINTS	10000	/* of a polygon */
#define MAX_DASH	16	/* lengths of a dash pattern */
#define MAX_TIPS	1000	/* of a star */

/* A point [x, y] in mm on the card (or up to 50 mm off it, as a box). */
static bool
get_point(struct tctx *c, const struct ynode *n, const char *what,
    double *x, double *y)
{
	double v[2];
	size_t i;

	if (n->type != YNODE_SEQ || n->n != 2) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "point", "%s must be "
		    "[x, y] in mm from the trim's top-left", what);
		return false;
	}
	for (i = 0; i < 2; i++)
		if (!tmpl_num(c, n->items[i], what, UNIT_MM, &v[i]))
			return false;
	/* A repeat's instance is moved by its step. */
	v[0] += c->ox;
	v[1] += c->oy;
	if (v[0] < -50 || v[1] < -50 || v[0] > TO_MM(c->t->face_w) + 50 ||
	    v[1] > TO_MM(c->t->face_h) + 50) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "point", "%s [%g, %g] "
		    "does not lie on the card", what, v[0], v[1]);
		return false;
	}
	*x = MM(v[0]);
	*y = MM(v[1]);
	return true;
}

/* The box of the points a line, polygon or path goes through. */
static void
points_box(struct elem *e, const double *xy, size_t n, size_t step)
{
	double x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
	size_t i;

	for (i = 0; i < n; i++, xy += step) {
		x0 = fmin(x0, xy[0]);
		y0 = fmin(y0, xy[1]);
		x1 = fmax(x1, xy[0]);
		y1 = fmax(y1, xy[1]);
	}
	e->x = x0;
	e->y = y0;
	e->w = x1 - x0;
	e->h = y1 - y0;
}

static const struct ynode *
need(struct tctx *c, const struct ynode *n, const char *key, const char *what)
{
	const struct ynode *v = ytree_get(n, key);

	if (v == NULL)
		diag_add(c->d, DIAG_ERROR, &n->pos, "missing", "%s", what);
	return v;
}

/* line: from_mm, to_mm (its cap, as every stroke's, in
 * tmpl_shape_paint()). */
static bool
load_line(struct tctx *c, struct elem *e, const struct ynode *n)
{
	const struct ynode *from = need(c, n, "from_mm", "a line needs "
	    "from_mm: [x, y] and to_mm: [x, y]");
	const struct ynode *to = need(c, n, "to_mm", "a line needs "
	    "from_mm: [x, y] and to_mm: [x, y]");

	if (from == NULL || to == NULL)
		return false;
	e->pts = arena_alloc(c->a, 4 * sizeof(double));
	e->npts = 2;
	if (!get_point(c, from, "from_mm", &e->pts[0], &e->pts[1]) ||
	    !get_point(c, to, "to_mm", &e->pts[2], &e->pts[3]))
		return false;
	points_box(e, e->pts, 2, 2);
	return true;
}

/*
 * circle: arc [start, end], degrees clockwise from 12 o'clock, start
 * before end and at most a turn apart, both within a turn of 0: only
 * that part is drawn, a pie when filled, an arc when only stroked.
 */
static bool
load_arc(struct tctx *c, struct elem *e, const struct ynode *n)
{
	const struct ynode *a = ytree_get(n, "arc");
	double *v = e->arc;
	size_t i;

	if (a == NULL)
		return true;
	if (a->type != YNODE_SEQ || a->n != 2) {
		diag_add(c->d, DIAG_ERROR, &a->pos, "arc", "arc is [start_deg, "
		    "end_deg], clockwise from 12 o'clock");
		return false;
	}
	for (i = 0; i < 2; i++)
		if (!tmpl_num(c, a->items[i], "arc", UNIT_NONE, &v[i]))
			return false;
	e->arc_set = true;
	if (isnan(v[0]) || isnan(v[1]))
		return true;	/* a card's: read for each */
	if (fabs(v[0]) <= 360 && fabs(v[1]) <= 360 && v[0] < v[1] &&
	    v[1] - v[0] <= 360)
		return true;
	diag_add(c->d, DIAG_ERROR, &a->pos, "range", "arc [%g, %g] must have "
	    "-360 <= start < end <= 360, at most 360 degrees apart", v[0],
	    v[1]);
	return false;
}

/* polygon: points_mm [[x, y], ...], three or more. */
static bool
load_polygon(struct tctx *c, struct elem *e, const struct ynode *n)
{
	const struct ynode *p = need(c, n, "points_mm", "a polygon needs "
	    "points_mm: [[x, y], ...], three or more");
	size_t i;

	if (p == NULL || !ytree_expect(p, YNODE_SEQ, "points_mm", NULL, c->d))
		return false;
	if (p->n < 3 || p->n > MAX_POINTS) {
		diag_add(c->d, DIAG_ERROR, &p->pos, "points", "a polygon has "
		    "3 to %d points, not %zu", MAX_POINTS, p->n);
		return false;
	}
	e->pts = arena_alloc(c->a, 2 * p->n * sizeof(double));
	e->npts = p->n;
	for (i = 0; i < p->n; i++)
		if (!get_point(c, p->items[i], "a point of points_mm",
		    &e->pts[2 * i], &e->pts[2 * i + 1]))
			return false;
	points_box(e, e->pts, e->npts, 2);
	return true;
}

/* star: points (tips, 3 or more), inner (radius / outer, 0.5). */
static bool
load_star(struct tctx *c, struct elem *e, const struct ynode *n)
{
	const struct ynode *p = ytree_get(n, "points"), *in;
	double v = 5;

	if (p != NULL && !tmpl_num(c, p, "points", UNIT_NONE, &v))
		return false;
	if (isnan(v))
		v = 5;		/* a card's: read for each */
	if (v < 3 || v > MAX_TIPS || v != floor(v)) {
		if (!tmpl_said_range(c, p, "points", v, 3, MAX_TIPS))
			diag_add(c->d, DIAG_ERROR, &p->pos, "range", "a star "
			    "has a whole number of points from 3 to %d, not "
			    "%g", MAX_TIPS, v);
		return false;
	}
	e->tips = (unsigned int)v;
	e->inner = 0.5;
	if ((in = ytree_get(n, "inner")) == NULL)
		return true;
	if (!tmpl_num(c, in, "inner", UNIT_NONE, &e->inner))
		return false;
	if (isnan(e->inner) || (e->inner > 0 && e->inner <= 1))
		return true;
	diag_add(c->d, DIAG_ERROR, &in->pos, "range", "a star's inner radius "
	    "is more than 0 and at most 1 (of the outer), not %g", e->inner);
	return false;
}

/* path: d, SVG path data in mm from the trim's top-left. */
static bool
load_path(struct tctx *c, struct elem *e, const struct ynode *n)
{
	const struct ynode *d = need(c, n, "d", "a path needs its SVG path "
	    "data, d: \"M 0 0 L 10 10 Z\" in mm");
	const char *s, *why;
	size_t at, i, k = 0;
	int j;

	if (d == NULL || !tmpl_scalar(c, &d, "d"))
		return false;
	if (d == NULL)
		return true;	/* a card's path: read for each */
	if (!ytree_string(d, &s, "d", NULL, c->d))
		return false;
	if (!tmpl_pathd_parse(c->a, s, &e->segs, &e->nsegs, &at, &why)) {
		struct srcpos pos = tmpl_str_pos(d, s, at);

		diag_add(c->d, DIAG_ERROR, &pos, "path", "bad path data "
		    "at offset %zu of d: %s", at, why);
		return false;
	}
	/* The box holds every point and control point: the curve's hull. */
	e->pts = arena_alloc(c->a, 6 * e->nsegs * sizeof(double));
	for (i = 0; i < e->nsegs; i++) {
		int m = e->segs[i].op == SEG_CURVE ? 6 :
		    e->segs[i].op == SEG_CLOSE ? 0 : 2;

		for (j = 0; j < m; j += 2) {
			e->segs[i].p[j] += MM(c->ox);
			e->segs[i].p[j + 1] += MM(c->oy);
		}

		memcpy(&e->pts[2 * k], e->segs[i].p, (size_t)m *
		    sizeof(double));
		k += (size_t)m / 2;
	}
	points_box(e, e->pts, k, 2);
	e->pts = NULL;
	return true;
}

bool
tmpl_shape_load(struct tctx *c, struct elem *e, const struct ynode *n)
{
	bool ok;

	switch (e->type) {
	case ELEM_LINE:
		ok = load_line(c, e, n);
		break;
	case ELEM_CIRCLE:
		ok = load_arc(c, e, n);
		break;
	case ELEM_POLYGON:
		ok = load_polygon(c, e, n);
		break;
	case ELEM_STAR:
		ok = load_star(c, e, n);
		break;
	case ELEM_PATH:
		ok = load_path(c, e, n);
		break;
	default:
		ok = true;
	}
	ok = ok && tmpl_shape_turn(c, e, n);
	ok = ok && tmpl_shape_paint(c, e, n, MM(0.3));
	/* A shape that names no colour is drawn in black: a line by its
	 * stroke, the others filled. */
	if (ok && !e->fill.set && !e->stroke.set) {
		struct paint *p = e->type == ELEM_LINE ? &e->stroke : &e->fill;

		p->set = true;
		p->rgba = (struct rgba){ 0, 0, 0, 1 };
	}
	return ok;
}

/* A stop: "colour" or "colour offset" (0..1), or [colour, offset]. */
static bool
get_stop(struct tctx *c, struct elem *e, const struct ynode *n, size_t i,
    bool *has_at)
{
	struct ynode tmp;
	struct rgba whole;
	const struct ynode *col = n, *off = NULL;
	const char *s, *sp;

	if (n->type == YNODE_SEQ && n->n == 2) {
		col = n->items[0];
		off = n->items[1];
		*has_at = true;
	} else if (n->type == YNODE_SCALAR && (sp = strrchr(n->str, ' ')) !=
	    NULL && !tmpl_color(c->t, n->str, &whole)) {
		/* Split "#fff 0.5" into a colour and an offset; a colour
		 * with spaces of its own, "rgb(0 0 0)", is whole. */
		char *end;

		tmp = *n;
		tmp.str = arena_strndup(c->a, n->str, (size_t)(sp -
		    n->str));
		tmp.len = (unsigned int)strlen(tmp.str);
		col = &tmp;
		e->grad.at[i] = strtod(sp + 1, &end);
		/* strtod takes "nan" and "inf": a number is finite. */
		if (end == sp + 1 || *end != '\0' || !isfinite(e->grad.at[i])) {
			diag_add(c->d, DIAG_ERROR, &n->pos, "gradient",
			    "a stop is \"COLOUR\" or \"COLOUR OFFSET\" "
			    "(0 to 1), not '%s'", n->str);
			return false;
		}
		*has_at = true;
	}
	if (off != NULL && !tmpl_num(c, off, "a stop's offset", UNIT_NONE,
	    &e->grad.at[i]))
		return false;
	if (!ytree_string(col, &s, "a stop", NULL, c->d))
		return false;
	return tmpl_get_paint(c, col, "a gradient stop", &e->grad.stops[i]);
}

/* stops: 2 to GRAD_MAX, all with offsets or none (spread evenly). */
static bool
get_stops(struct tctx *c, struct elem *e, const struct ynode *n)
{
	size_t i, nat = 0;
	bool has;

	if (n->type != YNODE_SEQ || n->n < 2 || n->n > GRAD_MAX) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "gradient", "a gradient's "
		    "stops are a list of 2 to %d colours, each \"#rrggbb\" or "
		    "\"#rrggbb OFFSET\"", GRAD_MAX);
		return false;
	}
	e->grad.n = n->n;
	for (i = 0; i < n->n; i++) {
		has = false;
		if (!get_stop(c, e, n->items[i], i, &has))
			return false;
		nat += has;
		if (!has)
			e->grad.at[i] = (double)i / (double)(n->n - 1);
		if (has && !isnan(e->grad.at[i]) && (!(e->grad.at[i] >= 0 &&
		    e->grad.at[i] <= 1) ||
		    (i > 0 && e->grad.at[i] < e->grad.at[i - 1]))) {
			diag_add(c->d, DIAG_ERROR, &n->items[i]->pos,
			    "gradient", "a stop's offset is from 0 to 1 and "
			    "no less than the one before, not %g",
			    e->grad.at[i]);
			return false;
		}
	}
	if (nat == 0 || nat == n->n)
		return true;
	diag_add(c->d, DIAG_ERROR, &n->pos, "gradient", "give every stop an "
	    "offset, or none (then they are spread evenly)");
	return false;
}

/* A linear gradient's from_mm and to_mm, its ends: two points apart. */
static bool
get_ends(struct tctx *c, struct gradient *g, const struct ynode *n,
    const struct ynode *from, const struct ynode *to)
{
	if (from == NULL || to == NULL) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "gradient", "a gradient "
		    "between two points has both from_mm: [x, y] and to_mm: "
		    "[x, y]");
		return false;
	}
	if (!get_point(c, from, "from_mm", &g->from[0], &g->from[1]) ||
	    !get_point(c, to, "to_mm", &g->to[0], &g->to[1]))
		return false;
	g->ends = true;
	if (g->from[0] != g->to[0] || g->from[1] != g->to[1] ||
	    isnan(g->from[0] + g->from[1] + g->to[0] + g->to[1]))
		return true;
	diag_add(c->d, DIAG_ERROR, &to->pos, "gradient", "a gradient's "
	    "to_mm is where its from_mm is: it has no direction");
	return false;
}

/* A radial gradient's focus_mm, inside the ellipse in e's box. */
static bool
get_focus(struct tctx *c, const struct elem *e, struct gradient *g,
    const struct ynode *f)
{
	double u, v;

	if (!get_point(c, f, "focus_mm", &g->focus[0], &g->focus[1]))
		return false;
	g->focus_set = true;
	u = (g->focus[0] - e->x - e->w / 2) / (e->w / 2);
	v = (g->focus[1] - e->y - e->h / 2) / (e->h / 2);
	if (!(u * u + v * v >= 1))
		return true;	/* inside, or a box known only per card */
	diag_add(c->d, DIAG_ERROR, &f->pos, "gradient", "focus_mm [%g, %g] "
	    "lies outside the ellipse in the box [%g, %g, %g, %g] the "
	    "radial gradient fills", TO_MM(g->focus[0]), TO_MM(g->focus[1]),
	    TO_MM(e->x), TO_MM(e->y), TO_MM(e->w), TO_MM(e->h));
	return false;
}

/*
 * A shape's fill or a text's colour: {linear: DEG, stops: [...]},
 * {from_mm: [x, y], to_mm: [x, y], stops: [...]} or {radial: true,
 * stops: [...]} with an optional focus_mm: [x, y].
 */
bool
tmpl_get_gradient(struct tctx *c, struct elem *e, const struct ynode *n)
{
	static const char *const keys[] = { "linear", "radial", "stops",
	    "from_mm", "to_mm", "focus_mm", NULL };
	const struct ynode *lin = ytree_get(n, "linear");
	const struct ynode *rad = ytree_get(n, "radial");
	const struct ynode *st = ytree_get(n, "stops");
	const struct ynode *from = ytree_get(n, "from_mm");
	const struct ynode *to = ytree_get(n, "to_mm");
	const struct ynode *focus = ytree_get(n, "focus_mm");
	bool radial = false, ends = from != NULL || to != NULL;

	if (ytree_check_keys(n, keys, NULL, c->d) > 0)
		return false;
	if ((lin != NULL) + (rad != NULL) + ends != 1 || st == NULL) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "gradient", "a gradient "
		    "is {linear: ANGLE_DEG, stops: [...]}, {from_mm: [x, y], "
		    "to_mm: [x, y], stops: [...]} or {radial: true, stops: "
		    "[...]}");
		return false;
	}
	if (lin != NULL && !tmpl_num(c, lin, "linear", UNIT_NONE,
	    &e->grad.angle))
		return false;
	if (ends && !get_ends(c, &e->grad, n, from, to))
		return false;
	if (rad != NULL && (!ytree_bool(rad, &radial, "radial", NULL, c->d) ||
	    !radial)) {
		if (!radial && rad->type == YNODE_SCALAR)
			diag_add(c->d, DIAG_ERROR, &rad->pos, "gradient",
			    "radial: true, or a colour for a plain fill");
		return false;
	}
	if (focus != NULL && !radial) {
		diag_add(c->d, DIAG_ERROR, &focus->pos, "gradient", "focus_mm "
		    "is a radial gradient's");
		return false;
	}
	if (focus != NULL && !get_focus(c, e, &e->grad, focus))
		return false;
	e->grad.kind = radial ? GRAD_RADIAL : GRAD_LINEAR;
	return get_stops(c, e, st);
}

/* dash_mm: [dash, gap, ...] in mm, none negative, not all 0. */
static bool
get_dash(struct tctx *c, struct elem *e, const struct ynode *n)
{
	double sum = 0;
	size_t i;

	if (n == NULL)
		return true;
	if (n->type != YNODE_SEQ || n->n < 1 || n->n > MAX_DASH) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "dash", "dash_mm is a list "
		    "of 1 to %d lengths in mm: dash, gap, dash ...", MAX_DASH);
		return false;
	}
	e->dashes = arena_alloc(c->a, n->n * sizeof(double));
	for (i = 0; i < n->n; i++) {
		double v;

		if (!tmpl_num(c, n->items[i], "dash_mm", UNIT_MM, &v))
			return false;
		if (v < 0 || v > 1000) {
			diag_add(c->d, DIAG_ERROR, &n->items[i]->pos, "dash",
			    "a dash_mm length must be from 0 to 1000 mm, "
			    "not %g", v);
			return false;
		}
		e->dashes[i] = MM(v);
		sum += v;
	}
	e->ndash = n->n;
	if (sum > 0 || isnan(sum))
		return true;
	diag_add(c->d, DIAG_ERROR, &n->pos, "dash", "dash_mm has only "
	    "zero lengths");
	return false;
}

/* join miter|round|bevel and cap butt|round|square of a stroke. */
static bool
get_join_cap(struct tctx *c, struct elem *e, const struct ynode *n)
{
	static const char *const joins[] = { "miter", "round", "bevel",
	    NULL };
	static const char *const caps[] = { "butt", "round", "square",
	    NULL };
	int join = JOIN_MITER, cap = CAP_BUTT;

	if (!tmpl_get_enum(c, ytree_get(n, "join"), "join", joins, &join) ||
	    !tmpl_get_enum(c, ytree_get(n, "cap"), "cap", caps, &cap))
		return false;
	e->join = (enum join)join;
	e->cap = (enum cap)cap;
	return true;
}

bool
tmpl_get_fill(struct tctx *c, struct elem *e, const struct ynode *n,
    const char *what, struct paint *p)
{
	bool ok;

	if (n == NULL || n->type != YNODE_MAP)
		return tmpl_get_paint(c, n, what, p);
	ok = tmpl_get_gradient(c, e, n);
	/* What a reader of the plain colour sees: the first stop. */
	*p = e->grad.stops[0];
	return ok;
}

bool
tmpl_shape_paint(struct tctx *c, struct elem *e, const struct ynode *n,
    double def)
{
	const struct ynode *f = ytree_get(n, "fill");
	bool ok = true;

	ok &= tmpl_get_fill(c, e, f, "fill", &e->fill);
	ok &= tmpl_get_paint(c, ytree_get(n, "stroke"), "stroke", &e->stroke);
	e->stroke_w = def;
	ok &= tmpl_get_mm(c, ytree_get(n, "stroke_mm"), "stroke_mm",
	    &e->stroke_w);
	ok &= get_dash(c, e, ytree_get(n, "dash_mm"));
	ok &= get_join_cap(c, e, n);
	return tmpl_get_opacity(c, e, ytree_get(n, "opacity")) && ok;
}

bool
tmpl_get_opacity(struct tctx *c, struct elem *e, const struct ynode *op)
{
	if (op == NULL)
		return true;
	if (!tmpl_num(c, op, "opacity", UNIT_NONE, &e->opacity))
		return false;
	if (isnan(e->opacity) || (e->opacity >= 0 && e->opacity <= 1))
		return true;
	if (!tmpl_said_range(c, op, "opacity", e->opacity, 0, 1))
		diag_add(c->d, DIAG_ERROR, &op->pos, "range", "opacity must "
		    "be from 0 to 1, not %g", e->opacity);
	return false;
}

bool
tmpl_shape_turn(struct tctx *c, struct elem *e, const struct ynode *n)
{
	static const char *const flips[] = { "none", "horizontal", "vertical",
	    NULL };
	const struct ynode *r = ytree_get(n, "rotate_deg");
	const struct ynode *p = ytree_get(n, "pivot_mm");
	int flip = FLIP_NONE;

	if (r != NULL && !tmpl_num(c, r, "rotate_deg", UNIT_NONE, &e->rotate))
		return false;
	if (fabs(e->rotate) > 3600) {
		if (!tmpl_said_range(c, r, "rotate_deg", e->rotate, -3600,
		    3600))
			diag_add(c->d, DIAG_ERROR, &r->pos, "range",
			    "rotate_deg must be from -3600 to 3600, not %g",
			    e->rotate);
		return false;
	}
	if (p != NULL && !get_point(c, p, "pivot_mm", &e->pivot_x,
	    &e->pivot_y))
		return false;
	e->pivot_set = p != NULL;
	if (!tmpl_get_enum(c, ytree_get(n, "flip"), "flip", flips, &flip))
		return false;
	e->flip = (enum flip)flip;
	return true;
}

/* The corners of e's box as turned (flip leaves the box as it is). */
static void
shape_corners(const struct elem *e, double xs[4], double ys[4])
{
	double a = e->rotate * M_PI / 180, co = cos(a), si = sin(a);
	double px = e->pivot_set ? e->pivot_x : e->x + e->w / 2;
	double py = e->pivot_set ? e->pivot_y : e->y + e->h / 2;
	int i;

	for (i = 0; i < 4; i++) {
		double dx = e->x + (i & 1 ? e->w : 0) - px;
		double dy = e->y + (i & 2 ? e->h : 0) - py;

		/* Clockwise on the page, where y grows downwards. */
		xs[i] = px + co * dx - si * dy;
		ys[i] = py + si * dx + co * dy;
	}
}

/* On a round component: the (turned) box's corners within the safe
 * circle. */
static bool
in_circle(const struct tmpl *t, const double *xs, const double *ys)
{
	double r = t->face_w / 2 - t->safe + 1e-6, cx = t->face_w / 2,
	    cy = t->face_h / 2;
	int i;

	for (i = 0; i < 4; i++)
		if (hypot(xs[i] - cx, ys[i] - cy) > r)
			return false;
	return true;
}

/* On a hex: the box's corners inside the hex inset by the safe zone
 * (a convex shape holds the box if it holds its corners). */
static bool
in_hex(const struct tmpl *t, const double *xs, const double *ys)
{
	int i;

	for (i = 0; i < 4; i++)
		if (!hex_inside(t->w, t->h, t->safe, xs[i] - t->w / 2,
		    ys[i] - t->h / 2))
			return false;
	return true;
}

/* The box's corners all inside the safe rectangle. */
static bool
in_rect(const struct tmpl *t, const double *xs, const double *ys)
{
	double eps = 1e-6;
	int i;

	for (i = 0; i < 4; i++)
		if (xs[i] + eps < t->safe || ys[i] + eps < t->safe ||
		    xs[i] > t->face_w - t->safe + eps ||
		    ys[i] > t->face_h - t->safe + eps)
			return false;
	return true;
}

/*
 * Text must keep clear of the cut: box is the element's box_mm.  A
 * turned text is checked where it prints, by its turned box's corners.
 */
bool
tmpl_shape_check_safe(struct tctx *c, const struct elem *e,
    const struct ynode *box)
{
	const struct tmpl *t = c->t;
	const char *turn = "";
	double xs[4], ys[4];

	if (c->dyn)
		return true;	/* a card's box: checked for each card */
	shape_corners(e, xs, ys);
	if (t->shape == SHAPE_CIRCLE ? in_circle(t, xs, ys) :
	    t->shape == SHAPE_HEX ? in_hex(t, xs, ys) : in_rect(t, xs, ys))
		return true;
	if (fmod(e->rotate, 360) != 0)
		turn = arena_printf(c->a, " turned %g degrees",
		    e->rotate);
	if (t->shape == SHAPE_CIRCLE)
		diag_add(c->d, DIAG_ERROR, box ? &box->pos : &e->pos,
		    "safe-zone", "text box [%g, %g, %g, %g]%s reaches outside "
		    "the safe zone, %g mm inside the trim of the round "
		    "component of %g mm", TO_MM(e->x), TO_MM(e->y),
		    TO_MM(e->w), TO_MM(e->h), turn, TO_MM(t->safe),
		    TO_MM(t->face_w));
	else
		diag_add(c->d, DIAG_ERROR, box ? &box->pos : &e->pos,
		    "safe-zone", "text box [%g, %g, %g, %g]%s reaches outside "
		    "the safe zone, %g mm inside the trim of the %g x %g mm "
		    "%s", TO_MM(e->x), TO_MM(e->y), TO_MM(e->w),
		    TO_MM(e->h), turn, TO_MM(t->safe), TO_MM(t->face_w),
		    TO_MM(t->face_h), t->shape == SHAPE_HEX ? "hex" : "card");
	return false;
}
