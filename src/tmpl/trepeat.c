/* SPDX-License-Identifier: MIT */
/*
 * Elements repeated (repeat: {count: N, step_mm: [dx, dy]}, or cols and
 * rows), and elements whose values come from a card's data: kept as one
 * element with its YAML, read again by the same loader for each card
 * (tmpl_elem_card()), its errors then naming the card.  An element
 * none of whose values names a card is read once, as it always was.
 * Part of the template stage.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tctx.h"

/* How an element repeats: count, or cols x rows; its step in mm. */
struct rspec {
	double		 count, cols, rows;	/* NAN: a card's */
	bool		 grid;
	double		 dx, dy;		/* mm; NAN: a card's */
};

/* A whole count from 0 to REPEAT_MAX, or unknown (NAN). */
static bool
get_count(struct tctx *c, const struct ynode *n, const char *what, double *v)
{
	*v = 1;
	if (n == NULL)
		return true;
	if (!tmpl_num(c, n, what, UNIT_NONE, v))
		return false;
	if (isnan(*v) || (*v >= 0 && *v <= REPEAT_MAX && *v == floor(*v)))
		return true;
	if (!tmpl_said_range(c, n, what, *v, 0, REPEAT_MAX))
		diag_add(c->d, DIAG_ERROR, &n->pos, "repeat", "a repeat's %s "
		    "is a whole number from 0 to %d, not %g", what,
		    REPEAT_MAX, *v);
	return false;
}

static bool
get_repeat(struct tctx *c, const struct ynode *r, struct rspec *s)
{
	static const char *const keys[] = { "count", "cols", "rows",
	    "step_mm", NULL };
	const struct ynode *cn = ytree_get(r, "count");
	const struct ynode *st = ytree_get(r, "step_mm");
	bool grid = ytree_get(r, "cols") != NULL || ytree_get(r, "rows") !=
	    NULL;

	memset(s, 0, sizeof(*s));
	if (!ytree_expect(r, YNODE_MAP, "repeat", NULL, c->d) ||
	    ytree_check_keys(r, keys, NULL, c->d) > 0)
		return false;
	if ((cn != NULL) == grid) {
		diag_add(c->d, DIAG_ERROR, &r->pos, "repeat", "a repeat is "
		    "{count: N, step_mm: [dx, dy]} or {cols: C, rows: R, "
		    "step_mm: [dx, dy]}");
		return false;
	}
	s->grid = grid;
	if (!get_count(c, cn, "count", &s->count) ||
	    !get_count(c, ytree_get(r, "cols"), "cols", &s->cols) ||
	    !get_count(c, ytree_get(r, "rows"), "rows", &s->rows))
		return false;
	if (grid)
		s->count = s->cols * s->rows;
	if (s->count > REPEAT_MAX) {
		diag_add(c->d, DIAG_ERROR, &r->pos, "repeat", "a repeat of "
		    "%g x %g is %g elements, more than %d", s->cols, s->rows,
		    s->count, REPEAT_MAX);
		return false;
	}
	if (st == NULL)
		return true;
	if (st->type != YNODE_SEQ || st->n != 2) {
		diag_add(c->d, DIAG_ERROR, &st->pos, "repeat", "step_mm is "
		    "[dx, dy]: how far each repeat is from the one before");
		return false;
	}
	return tmpl_num(c, st->items[0], "step_mm", UNIT_MM, &s->dx) &&
	    tmpl_num(c, st->items[1], "step_mm", UNIT_MM, &s->dy);
}

static void
push(struct elist *L, const struct elem *e)
{
	xgrow((void **)&L->v, &L->cap, L->n + 1, sizeof(*L->v));
	L->v[L->n++] = *e;
}

static double
or_else(double v, double d)
{
	return isfinite(v) ? v : d;
}

/*
 * An element whose values wait for a card, as the deck's checks read
 * it before any card: every value a card gives made harmless (its box
 * the whole component, sizes and widths their defaults).
 */
static void
sanitize(const struct tmpl *t, struct elem *e)
{
	size_t i;

	if (!isfinite(e->x + e->y + e->w + e->h)) {
		e->x = e->y = 0;
		e->w = t->face_w;
		e->h = t->face_h;
	}
	e->size_min = or_else(e->size_min, 10);
	e->size_max = or_else(e->size_max, e->size_min);
	e->leading = or_else(e->leading, 1);
	e->stroke_w = or_else(e->stroke_w, MM(0.3));
	e->radius = or_else(e->radius, 0);
	e->clearance = or_else(e->clearance, 0);
	e->opacity = or_else(e->opacity, 1);
	e->rotate = or_else(e->rotate, 0);
	e->inner = or_else(e->inner, 0.5);
	e->grad.angle = or_else(e->grad.angle, 0);
	if (!isfinite(e->pivot_x + e->pivot_y))
		e->pivot_set = false;
	for (i = 0; i < e->grad.n; i++)
		e->grad.at[i] = or_else(e->grad.at[i], 0);
	for (i = 0; i < e->ndash; i++)
		e->dashes[i] = or_else(e->dashes[i], 1);
	for (i = 0; i < 2 * e->npts; i++)
		e->pts[i] = or_else(e->pts[i], 0);
}

/* e, loaded with no card, names a card's data: L holds it alone. */
static void
prototype(struct tctx *c, const struct ynode *n, struct elist *L,
    size_t start, struct elem *e)
{
	sanitize(c->t, e);
	e->node = n;
	e->copies = c->copies;
	c->t->dynamic = true;
	L->n = start;
	push(L, e);
}

/* Instance k (0-based) of repeat s: its {i}, {col}, {row} and offset. */
static void
instance(struct tctx *c, const struct rspec *s, size_t k)
{
	size_t cols = s->grid ? (size_t)s->cols : (size_t)s->count;

	c->rep = true;
	c->ri = (unsigned int)k + 1;
	c->rcol = cols > 0 ? (unsigned int)(k % cols) + 1 : 1;
	c->rrow = cols > 0 ? (unsigned int)(k / cols) + 1 : 1;
	c->ox = s->grid ? (c->rcol - 1) * s->dx : (double)k * s->dx;
	c->oy = s->grid ? (c->rrow - 1) * s->dy : (double)k * s->dy;
}

static bool
load_repeat(struct tctx *c, const struct ynode *n, const struct ynode *r,
    struct elist *L)
{
	size_t start = L->n, k, count;
	struct rspec s;
	struct elem e;

	if (!get_repeat(c, r, &s))
		return false;
	if (c->dyn) {
		/* How many, or how far apart, is a card's to say. */
		s = (struct rspec){ 1, 1, 1, false, 0, 0 };
		instance(c, &s, 0);
		if (!tmpl_elem_load(c, &e, n))
			return false;
		prototype(c, n, L, start, &e);
		return true;
	}
	count = (size_t)s.count;
	if (start + count > FACE_ELEMS_MAX) {
		diag_add(c->d, DIAG_ERROR, &r->pos, "repeat", "%zu repeats "
		    "make %zu elements on this face, more than %d", count,
		    start + count, FACE_ELEMS_MAX);
		return false;
	}
	for (k = 0; k < count; k++) {
		instance(c, &s, k);
		/* The first that fails says why: the rest would repeat it. */
		if (!tmpl_elem_load(c, &e, n))
			return false;
		if (c->dyn && c->card == NULL) {
			prototype(c, n, L, start, &e);
			return true;
		}
		push(L, &e);
	}
	return true;
}

bool
tmpl_item_load(struct tctx *c, const struct ynode *n, struct elist *L)
{
	const struct ynode *r = ytree_get(n, "repeat");
	struct elem e;
	bool ok;

	c->dyn = c->copies = c->rep = false;
	c->ox = c->oy = 0;
	c->in_elem = true;
	if (r != NULL)
		ok = load_repeat(c, n, r, L);
	else if ((ok = tmpl_elem_load(c, &e, n)) && c->dyn && c->card == NULL)
		prototype(c, n, L, L->n, &e);
	else if (ok)
		push(L, &e);
	if (ok && L->n > FACE_ELEMS_MAX) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "repeat", "a face has "
		    "more than %d elements", FACE_ELEMS_MAX);
		ok = false;
	}
	c->in_elem = c->rep = false;
	c->ox = c->oy = 0;
	return ok;
}

/* d's diagnostics into to, each naming the card. */
static void
name_card(struct diags *to, const struct diags *d, const struct card *c)
{
	size_t i;

	for (i = 0; i < d->n; i++) {
		const struct diag *g = &d->v[i];

		if (g->level == DIAG_NOTE) {
			diag_add(to, DIAG_NOTE, &g->pos, g->code, "%s", g->msg);
			continue;
		}
		diag_add(to, g->level, &g->pos, g->code, "%s: %s", c->label,
		    g->msg);
		diag_about(to, c->id, NULL);
	}
}

bool
tmpl_elem_card(const struct tmpl *t, const struct elem *e,
    const struct tcard *tc, struct arena *a, struct elembuf *buf,
    struct elem **v, size_t *n, struct diags *d)
{
	const struct tload *ld = t->load;
	struct diags tmp = { 0 };
	struct tctx c = { .t = (struct tmpl *)t, .fams = ld->fams,
	    .icons = ld->icons, .d = &tmp,
	    .fallback = ld->fallback, .want = ld->want,
	    .want_ctx = ld->want_ctx, .a = a, .card = tc,
	    .by_card = e->by_card };
	struct elist L = { buf ? buf->v : NULL, 0, buf ? buf->cap : 0 };
	size_t i;
	bool ok = tmpl_item_load(&c, e->node, &L);

	*n = ok ? L.n : 0;
	for (i = 0; i < *n; i++)
		L.v[i].percard = true;
	if (buf != NULL) {
		buf->v = L.v;
		buf->cap = L.cap;
		*v = L.v;
	} else {
		*v = arena_alloc(a, L.n * sizeof(**v) + 1);
		if (*n > 0)
			memcpy(*v, L.v, *n * sizeof(**v));
		free(L.v);
	}
	name_card(d, &tmp, tc->c);
	diag_free(&tmp);
	return ok;
}
