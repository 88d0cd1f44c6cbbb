/* SPDX-License-Identifier: MIT */
/*
 * Shapes drawn: lines, circles, polygons, stars and paths, one small
 * function each, and the fills (colours or gradients), strokes and
 * dashes they share with rects.  Each draws in its element's own
 * frame: render_card() has already turned and mirrored it.
 */
#include <math.h>

#include "elements.h"

/*
 * A radial gradient's pattern: a unit circle stretched onto the
 * ellipse in box b, from its centre or from its focus (kept just
 * inside, where a turned or grown box moved it).
 */
static cairo_pattern_t *
radial(const struct lbox *b)
{
	const struct gradient *g = &b->e->grad;
	double cx = b->x + b->w / 2, cy = b->y + b->h / 2, u = 0, v = 0, r;
	cairo_pattern_t *p;
	cairo_matrix_t m;

	if (g->focus_set) {
		u = (g->focus[0] - cx) / fmax(b->w / 2, 1e-9);
		v = (g->focus[1] - cy) / fmax(b->h / 2, 1e-9);
		if ((r = hypot(u, v)) > 0.999) {
			u *= 0.999 / r;
			v *= 0.999 / r;
		}
	}
	p = cairo_pattern_create_radial(u, v, 0, 0, 0, 1);
	cairo_matrix_init_scale(&m, 2 / fmax(b->w, 1e-9),
	    2 / fmax(b->h, 1e-9));
	cairo_matrix_translate(&m, -cx, -cy);
	cairo_pattern_set_matrix(p, &m);
	return p;
}

/* The fill's source: its colour, or its gradient across box b. */
void
render_set_fill(cairo_t *cr, const struct lbox *b)
{
	const struct gradient *g = &b->e->grad;
	cairo_pattern_t *p;
	double cx = b->x + b->w / 2, cy = b->y + b->h / 2, a, dx, dy, half;
	size_t i;

	if (g->kind == GRAD_NONE) {
		cairo_set_source_rgba(cr, b->fill.r, b->fill.g, b->fill.b,
		    b->fill.a);
		return;
	}
	if (g->kind == GRAD_LINEAR && g->ends) {
		p = cairo_pattern_create_linear(g->from[0], g->from[1],
		    g->to[0], g->to[1]);
	} else if (g->kind == GRAD_LINEAR) {
		/* Through the centre, long enough that the box's corners
		 * are at 0 and 1, as CSS's linear-gradient does. */
		a = g->angle * M_PI / 180;
		dx = cos(a);
		dy = sin(a);
		half = (fabs(dx) * b->w + fabs(dy) * b->h) / 2;
		p = cairo_pattern_create_linear(cx - dx * half, cy - dy * half,
		    cx + dx * half, cy + dy * half);
	} else
		p = radial(b);
	for (i = 0; i < g->n; i++)
		cairo_pattern_add_color_stop_rgba(p, g->at[i], b->stops[i].r,
		    b->stops[i].g, b->stops[i].b, b->stops[i].a);
	cairo_set_source(cr, p);
	cairo_pattern_destroy(p);
}

/* The element's dash pattern, if it has one, for the next stroke. */
void
render_set_dash(cairo_t *cr, const struct elem *e)
{
	if (e->ndash > 0)
		cairo_set_dash(cr, e->dashes, (int)e->ndash, 0);
}

void
render_set_stroke(cairo_t *cr, const struct lbox *b)
{
	static const cairo_line_join_t joins[] = { CAIRO_LINE_JOIN_MITER,
	    CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_JOIN_BEVEL };
	static const cairo_line_cap_t caps[] = { CAIRO_LINE_CAP_BUTT,
	    CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_SQUARE };
	const struct elem *e = b->e;

	cairo_set_source_rgba(cr, b->stroke.r, b->stroke.g, b->stroke.b,
	    b->stroke.a);
	cairo_set_line_width(cr, e->stroke_w);
	cairo_set_line_join(cr, joins[e->join]);
	cairo_set_line_cap(cr, caps[e->cap]);
	render_set_dash(cr, e);
}

/* Fill the current path, then stroke it, as the element asks. */
static void
fill_stroke(cairo_t *cr, const struct lbox *b)
{
	const struct elem *e = b->e;

	if (e->fill.set) {
		render_set_fill(cr, b);
		cairo_fill_preserve(cr);
	}
	if (e->stroke.set && e->stroke_w > 0) {
		render_set_stroke(cr, b);
		cairo_stroke_preserve(cr);
	}
	cairo_new_path(cr);
}

/*
 * A point of a shape with bleed: on or beyond a trim edge it moves out
 * by the bleed, so the shape prints over the bleed where it meets the
 * cut, as a box with bleed grows.
 */
static void
bleed_pt(const struct lbox *b, const struct laid *l, double *x, double *y)
{
	double eps = 1e-6;

	if (!b->e->bleed)
		return;
	if (*x <= eps)
		*x -= l->bleed;
	else if (*x >= l->w - eps)
		*x += l->bleed;
	if (*y <= eps)
		*y -= l->bleed;
	else if (*y >= l->h - eps)
		*y += l->bleed;
}

void
render_line(cairo_t *cr, const struct lbox *b, const struct laid *l)
{
	const double *p = b->e->pts;
	double x0 = p[0], y0 = p[1], x1 = p[2], y1 = p[3];

	bleed_pt(b, l, &x0, &y0);
	bleed_pt(b, l, &x1, &y1);
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
	fill_stroke(cr, b);
}

/*
 * Add the part of the ellipse inscribed in x, y, w, h (pt) from a0 to
 * a1 (degrees clockwise from 12 o'clock) to the path: a pie, through
 * the centre, or only the arc.
 */
static void
ellipse_arc(cairo_t *cr, double x, double y, double w, double h,
    const double *a, bool pie)
{
	cairo_matrix_t m;
	bool whole = a[1] - a[0] >= 360;

	if (w <= 0 || h <= 0)
		return;
	cairo_get_matrix(cr, &m);
	cairo_translate(cr, x + w / 2, y + h / 2);
	cairo_scale(cr, w / 2, h / 2);
	cairo_new_sub_path(cr);
	/* A whole turn is the whole ellipse, with no radius drawn. */
	pie = pie && !whole;
	if (pie)
		cairo_move_to(cr, 0, 0);
	/* Cairo's angles run clockwise (y grows down) from 3 o'clock. */
	cairo_arc(cr, 0, 0, 1, (a[0] - 90) * M_PI / 180,
	    (a[1] - 90) * M_PI / 180);
	if (pie || whole)
		cairo_close_path(cr);
	cairo_set_matrix(cr, &m);
}

/*
 * The ellipse inscribed in the box; its stroke lies inside it, as a
 * rect's does, so a circle in a 20 mm box measures 20 mm across.  With
 * an arc, only that part: a pie when filled (its stroke round the
 * pie), an arc when only stroked.
 */
void
render_circle(cairo_t *cr, const struct lbox *b)
{
	static const double whole[2] = { 90, 450 };
	const struct elem *e = b->e;
	const double *a = e->arc_set ? e->arc : whole;
	double i = e->stroke.set ? e->stroke_w / 2 : 0;

	if (e->fill.set) {
		ellipse_arc(cr, b->x, b->y, b->w, b->h, a, true);
		render_set_fill(cr, b);
		cairo_fill(cr);
	}
	if (!e->stroke.set || e->stroke_w <= 0)
		return;
	ellipse_arc(cr, b->x + i, b->y + i, b->w - 2 * i, b->h - 2 * i, a,
	    e->fill.set);
	render_set_stroke(cr, b);
	cairo_stroke(cr);
}

/* Add the ellipse inscribed in x, y, w, h (pt) to the path: the whole
 * turn, from 3 o'clock as Cairo starts it. */
void
render_ellipse(cairo_t *cr, double x, double y, double w, double h)
{
	ellipse_arc(cr, x, y, w, h, (const double[]){ 90, 450 }, false);
}

void
render_polygon(cairo_t *cr, const struct lbox *b, const struct laid *l)
{
	const struct elem *e = b->e;
	size_t i;

	for (i = 0; i < e->npts; i++) {
		double x = e->pts[2 * i], y = e->pts[2 * i + 1];

		bleed_pt(b, l, &x, &y);
		cairo_line_to(cr, x, y);
	}
	cairo_close_path(cr);
	fill_stroke(cr, b);
}

/*
 * A star of e->tips points in the box: tips on the ellipse inscribed
 * in it, the first straight up, the notches between them at inner
 * times the outer radius.
 */
void
render_star(cairo_t *cr, const struct lbox *b)
{
	const struct elem *e = b->e;
	double cx = b->x + b->w / 2, cy = b->y + b->h / 2;
	unsigned int i, n = 2 * e->tips;

	for (i = 0; i < n; i++) {
		double a = -M_PI / 2 + M_PI * i / e->tips;
		double r = i % 2 ? e->inner : 1;

		cairo_line_to(cr, cx + r * b->w / 2 * cos(a),
		    cy + r * b->h / 2 * sin(a));
	}
	cairo_close_path(cr);
	fill_stroke(cr, b);
}

void
render_path(cairo_t *cr, const struct lbox *b, const struct laid *l)
{
	const struct elem *e = b->e;
	size_t i;

	for (i = 0; i < e->nsegs; i++) {
		double p[6];
		int k;

		for (k = 0; k < 6; k += 2) {
			p[k] = e->segs[i].p[k];
			p[k + 1] = e->segs[i].p[k + 1];
			bleed_pt(b, l, &p[k], &p[k + 1]);
		}
		switch (e->segs[i].op) {
		case SEG_MOVE:
			cairo_move_to(cr, p[0], p[1]);
			break;
		case SEG_LINE:
			cairo_line_to(cr, p[0], p[1]);
			break;
		case SEG_CURVE:
			cairo_curve_to(cr, p[0], p[1], p[2], p[3], p[4],
			    p[5]);
			break;
		case SEG_CLOSE:
			cairo_close_path(cr);
			break;
		}
	}
	fill_stroke(cr, b);
}
