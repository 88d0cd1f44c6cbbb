/* SPDX-License-Identifier: MIT */
/*
 * Slots listed by hand (a sheet's slots: a printer's template, a
 * sprue): each component at its own place, turned by its own quarter
 * turns, keeping its bleed but towards a neighbour closer than two
 * bleeds, where it keeps half the gap; crop marks at each slot's
 * corners (a circle or a hex gets its cut line instead).  A slot whose
 * bleed leaves the printable area, or whose trim overlaps another's, is
 * an error at the slot.
 */
#include <math.h>

#include "../hexagon.h"
#include "arrange.h"

/* The placed trim of a slot: w x h turned by its quarter turns. */
static void
placed(const struct grid *g, const struct sprue *sp, double *w, double *h)
{
	*w = sp->turn % 2 ? g->card_h : g->card_w;
	*h = sp->turn % 2 ? g->card_w : g->card_h;
}

/* What a slot's bleed reaches beyond its placed trim's box. */
static double
reach(const struct grid *g, const struct tmpl *t, bool vertical)
{
	/* A pointy hex's bleed reaches past its corners at top and
	 * bottom, a flat one's at left and right. */
	if (t->shape == SHAPE_HEX && vertical == (t->w < t->h))
		return 2 * g->bleed / HEX_SQRT3;
	return g->bleed;
}

static bool
slot_ok(const struct sheet *s, const struct tmpl *t, const struct grid *g,
    size_t i, struct diags *d)
{
	const struct sprue *sp = &s->slots[i];
	double w, h, bx = reach(g, t, false), by = reach(g, t, true), u;
	double ow, oh;
	size_t j;

	placed(g, sp, &w, &h);
	if (t->shape == SHAPE_HEX && sp->turn % 2 == 1) {
		diag_add(d, DIAG_ERROR, &sp->pos, "slots", "a hex stands as "
		    "its template says: turn it by 0 or 180 degrees, not %u",
		    sp->turn * 90);
		return false;
	}
	u = s->unprintable;
	if (sp->x - bx < u - 1e-6 || sp->y - by < u - 1e-6 ||
	    sp->x + w + bx > s->paper_w - u + 1e-6 ||
	    sp->y + h + by > s->paper_h - u + 1e-6) {
		diag_add(d, DIAG_ERROR, &sp->pos, "slots", "slot %zu: the "
		    "%.1f x %.1f mm trim at [%g, %g] mm with its %.1f mm "
		    "bleed leaves the printable area of the %.1f x %.1f mm "
		    "paper (%.1f mm kept free at its edges)", i + 1, TO_MM(w),
		    TO_MM(h), TO_MM(sp->x), TO_MM(sp->y), TO_MM(g->bleed),
		    TO_MM(s->paper_w), TO_MM(s->paper_h), TO_MM(u));
		return false;
	}
	for (j = 0; j < i; j++) {
		const struct sprue *o = &s->slots[j];

		placed(g, o, &ow, &oh);
		if (sp->x < o->x + ow - 1e-6 && o->x < sp->x + w - 1e-6 &&
		    sp->y < o->y + oh - 1e-6 && o->y < sp->y + h - 1e-6) {
			diag_add(d, DIAG_ERROR, &sp->pos, "slots", "slot %zu "
			    "overlaps slot %zu", i + 1, j + 1);
			diag_add(d, DIAG_NOTE, &o->pos, NULL, "slot %zu is "
			    "here", j + 1);
			return false;
		}
	}
	return true;
}

bool
impose_sprue(const struct sheet *s, const struct tmpl *t, struct grid *g,
    struct diags *d)
{
	size_t i;
	bool ok = true;

	g->arrange = ARR_SLOTS;
	g->sprue = s->slots;
	g->ncells = (unsigned int)s->nslots;
	/* One row of every slot: a sheet's band of them is all of them. */
	g->rows = 1;
	g->cols = g->ncells;
	g->card_w = t->w;
	g->card_h = t->h;
	g->hexes = t->shape == SHAPE_HEX;
	g->circles = t->shape == SHAPE_CIRCLE;
	g->x0 = g->paper_w;
	g->y0 = g->paper_h;
	for (i = 0; i < s->nslots; i++) {
		ok &= slot_ok(s, t, g, i, d);
		g->x0 = fmin(g->x0, s->slots[i].x);
		g->y0 = fmin(g->y0, s->slots[i].y);
	}
	return ok;
}

void
impose_sprue_slot(const struct grid *g, unsigned int i, struct slot *out)
{
	const struct sprue *sp = &g->sprue[i];
	double w, h, x = sp->x, y = sp->y;
	unsigned int k;

	placed(g, sp, &w, &h);
	memset(out, 0, sizeof(*out));
	out->col = i;
	out->x = x;
	out->y = y;
	/* The component's (u, v) from its trim's top-left, turned
	 * clockwise a quarter at a time about the placed box. */
	switch (sp->turn) {
	case 1:
		cairo_matrix_init(&out->m, 0, 1, -1, 0, x + w, y);
		break;
	case 2:
		cairo_matrix_init(&out->m, -1, 0, 0, -1, x + w, y + h);
		out->turned = true;
		break;
	case 3:
		cairo_matrix_init(&out->m, 0, -1, 1, 0, x, y + h);
		break;
	default:
		cairo_matrix_init_translate(&out->m, x, y);
	}
	out->bl = out->bt = out->br = out->bb = g->bleed;
	for (k = 0; k < 6; k++)
		out->grow[k] = g->bleed;
	out->hex = g->hexes;
	out->round = g->circles;
	out->clip[0] = x - g->bleed;
	out->clip[1] = y - g->bleed;
	out->clip[2] = w + 2 * g->bleed;
	out->clip[3] = h + 2 * g->bleed;
	if (out->hex)
		impose_hex_clip(g, out);
}

/* The gap from the right (dir 0), bottom, left or top edge of a's box
 * to b's facing edge, if b lies across it; else -1. */
static double
facing_gap(const struct slot *a, const struct slot *b, double aw, double ah,
    double bw, double bh, int dir)
{
	bool across_x = a->y < b->y + bh - 1e-6 && b->y < a->y + ah - 1e-6;
	bool across_y = a->x < b->x + bw - 1e-6 && b->x < a->x + aw - 1e-6;

	switch (dir) {
	case 0:
		return across_x && b->x >= a->x + aw - 1e-6 ?
		    b->x - a->x - aw : -1;
	case 1:
		return across_y && b->y >= a->y + ah - 1e-6 ?
		    b->y - a->y - ah : -1;
	case 2:
		return across_x && a->x >= b->x + bw - 1e-6 ?
		    a->x - b->x - bw : -1;
	default:
		return across_y && a->y >= b->y + bh - 1e-6 ?
		    a->y - b->y - bh : -1;
	}
}

void
impose_sprue_bleeds(const struct grid *g, struct placement *v, size_t n)
{
	double *side[4], aw, ah, bw, bh, gap;
	size_t i, j;
	int dir;

	if (g->hexes) {
		impose_hex_bleeds(g, v, n);
		return;
	}
	for (i = 0; i < n; i++) {
		struct slot *a = &v[i].slot;

		if (a->round)
			continue;
		side[0] = &a->br;
		side[1] = &a->bb;
		side[2] = &a->bl;
		side[3] = &a->bt;
		placed(g, &g->sprue[v[i].slot.col], &aw, &ah);
		for (j = 0; j < n; j++) {
			if (j == i)
				continue;
			placed(g, &g->sprue[v[j].slot.col], &bw, &bh);
			for (dir = 0; dir < 4; dir++) {
				gap = facing_gap(a, &v[j].slot, aw, ah, bw, bh,
				    dir);
				if (gap >= 0)
					*side[dir] = fmin(*side[dir], gap / 2);
			}
		}
		a->clip[0] = a->x - a->bl;
		a->clip[1] = a->y - a->bt;
		a->clip[2] = aw + a->bl + a->br;
		a->clip[3] = ah + a->bt + a->bb;
	}
}

static void
line(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
}

void
impose_placed(const struct grid *g, const struct slot *sl, double *w,
    double *h)
{
	if (g->arrange == ARR_SLOTS)
		placed(g, &g->sprue[sl->col], w, h);
	else {
		*w = g->card_w;
		*h = g->card_h;
	}
}

/* Does the segment's box cross what another slot of pg prints? */
static bool
blocked(const struct page *pg, size_t self, double x0, double y0, double x1,
    double y1)
{
	size_t j;

	for (j = 0; j < pg->n; j++) {
		const double *c = pg->v[j].slot.clip;

		if (j != self && fmin(x0, x1) < c[0] + c[2] &&
		    fmax(x0, x1) > c[0] && fmin(y0, y1) < c[1] + c[3] &&
		    fmax(y0, y1) > c[1])
			return true;
	}
	return false;
}

static void
mark(cairo_t *cr, const struct page *pg, size_t self, double x0, double y0,
    double x1, double y1)
{
	if (blocked(pg, self, x0, y0, x1, y1))
		return;
	line(cr, x0, y0, x1, y1);
}

void
impose_sprue_marks(cairo_t *cr, const struct sheet *s, const struct page *pg)
{
	const struct grid *g = &pg->grid;
	double w, h, x0, y0, x1, y1, l = s->mark_len;
	size_t i;

	cairo_save(cr);
	cairo_new_path(cr);
	for (i = 0; i < pg->n; i++) {
		const struct slot *sl = &pg->v[i].slot;
		double gl = sl->bl + s->mark_gap, gr = sl->br + s->mark_gap,
		    gt = sl->bt + s->mark_gap, gb = sl->bb + s->mark_gap;

		if (sl->round || sl->hex)
			continue;
		impose_placed(g, sl, &w, &h);
		x0 = sl->x;
		y0 = sl->y;
		x1 = x0 + w;
		y1 = y0 + h;
		/* Each trim line's two ends, outside the kept bleed, but
		 * where another slot prints. */
		mark(cr, pg, i, x0, y0 - gt, x0, y0 - gt - l);
		mark(cr, pg, i, x1, y0 - gt, x1, y0 - gt - l);
		mark(cr, pg, i, x0, y1 + gb, x0, y1 + gb + l);
		mark(cr, pg, i, x1, y1 + gb, x1, y1 + gb + l);
		mark(cr, pg, i, x0 - gl, y0, x0 - gl - l, y0);
		mark(cr, pg, i, x0 - gl, y1, x0 - gl - l, y1);
		mark(cr, pg, i, x1 + gr, y0, x1 + gr + l, y0);
		mark(cr, pg, i, x1 + gr, y1, x1 + gr + l, y1);
	}
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, s->mark_width);
	cairo_stroke(cr);
	cairo_restore(cr);
}
