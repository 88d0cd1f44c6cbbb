/* SPDX-License-Identifier: MIT */
/*
 * What an SVG's filters and masks cost librsvg each time an element is
 * drawn, estimated from the document (svgcost.c reads it) before
 * librsvg draws anything; svgscan.c sums it over every drawing, and
 * art.c refuses the image past MAX_FILTER_OPS or MAX_LAYER_BYTES
 * (svgcost.h).  Part of the art stage.
 *
 * The model, from librsvg's sources (2.54, Debian 12; 2.60, Debian 13:
 * the same algorithms, 2.60 bounding a few more) and calibrated with
 * tests/tools/svgcalib.py:
 * - deckpress records an SVG at its own size in CSS pixels (art.c), and
 *   librsvg draws every filtered or masked element into a layer of the
 *   whole canvas, whatever the filter region: each primitive makes
 *   another such surface, and works on the region, at most the canvas
 *   (librsvg clips it there).  So a filter costs the canvas's pixels
 *   times what its primitives do to each, each time it is drawn, and
 *   every drawing leaves its layer (4 bytes a pixel) in the recording.
 * - A primitive's settings are in user units, scaled to pixels by the
 *   transforms above the element: where those cannot be bounded the
 *   costliest value librsvg allows is taken (feMorphology clamps its
 *   radius at 10 px; a blur under 2 px is a kernel of up to 13 taps a
 *   pass, above a box blur of 3 passes, whatever its size).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../util.h"
#include "svgcost.h"
#include "svgcosting.h"
#include "svgvalue.h"

/*
 * Pixel operations per pixel of the canvas (svgcost.h: one is ~7 ns):
 * each primitive's measured as what one more adds to a chain of them,
 * the base as what a filter of one cheap primitive takes
 * (tests/tools/svgcalib.py), rounded up until no case it measures took
 * more than 8.3 ns an operation.
 */
#define OPS_BASE	6	/* a filter: its layer made, copied,
				   composited; its input made linearRGB,
				   its output sRGB again */
#define OPS_MASK	1.5	/* a mask: its layer */
#define OPS_CHEAP	1	/* feOffset, feFlood, feTile, feImage */
#define OPS_COMPOSITE	5	/* arithmetic's; the others do 3 */
#define OPS_BLEND	3.5
#define OPS_MATRIX	3
#define OPS_TRANSFER	4.5
#define OPS_MERGE_NODE	2
#define OPS_BOX		7.5	/* one direction of a box blur */
#define OPS_KERNEL	12	/* one direction of a small blur */
#define OPS_BOX_ALPHA	4	/* the same, of an alpha channel */
#define OPS_KERNEL_ALPHA 8.5
#define OPS_TAP		1.1	/* a cell of feConvolveMatrix */
#define OPS_OCTAVE	6	/* feTurbulence: 3.5 and these */
#define OPS_DIFFUSE	8
#define OPS_SPECULAR	12
#define OPS_DISPLACE	90
#define OPS_RESULT	0.5	/* a named result, kept to the end */
#define OPS_FUNCTION	3.5	/* grayscale(), opacity(), ... */
/* librsvg clamps feMorphology's radius to this (pixels). */
#define MAX_RADIUS	10
/* svgscan.c refuses more; 2.60 draws at most 9. */
#define MAX_OCTAVES_COST 10
/* Layers a filter holds at once as it runs (a blur: 7 or so). */
#define HELD_FILTER	8
#define HELD_MASK	2

/* The end of the function call whose '(' is at p: past its ')'. */
static const char *
call_end(const char *p)
{
	int depth = 0;

	for (; *p != '\0'; p++)
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return p + 1;
	return p;
}

/* The spec url(...) of arguments [b, e) names, into *s; false if none. */
static bool
url_spec(struct svgcost *c, const char *b, const char *e, bool mask,
    struct spec *s)
{
	char *id;
	gpointer t;
	size_t at;

	while (b < e && (g_ascii_isspace(*b) || *b == '"' || *b == '\''))
		b++;
	while (e > b && (g_ascii_isspace(e[-1]) || e[-1] == '"' ||
	    e[-1] == '\''))
		e--;
	/* Only the document's own: librsvg reads no other file here. */
	if (b == e || *b != '#')
		return false;
	id = art_css_unescape(b + 1, (size_t)(e - b - 1));
	t = g_hash_table_lookup(c->targets, id);
	free(id);
	if (t == NULL)
		return false;	/* names nothing: not drawn, or no mask */
	at = GPOINTER_TO_SIZE(t) - 1;
	if ((strcmp(c->els[at].tag, "mask") == 0) != mask ||
	    (!mask && c->els[at].filt == 0))
		return false;
	s->kind = mask ? S_MASK : S_FILTER;
	s->index = mask ? at : GPOINTER_TO_SIZE(g_hash_table_lookup(
	    c->filter_at, t)) - 1;
	s->name = NULL;
	return true;
}

/* Past the CSS name at p, escapes and all. */
static const char *
name_end(const char *p)
{
	for (;;) {
		if (g_ascii_isalnum(*p) || *p == '-' || *p == '_' ||
		    (unsigned char)*p >= 0x80)
			p++;
		else if (*p == '\\' && p[1] != '\0')
			p += 2;
		else
			return p;
	}
}

/*
 * The value v of a filter (mask false) or mask property, read once:
 * the filters it names (url(#id)) and the filter functions it calls,
 * each as many times as it does.
 */
static const struct val *
value(struct svgcost *c, const char *v, bool mask)
{
	struct val *r;
	struct spec *s = NULL;
	const char *p = v, *b, *e;
	size_t n = 0, cap = 0;
	char *name;

	if ((r = g_hash_table_lookup(c->vals, v)) != NULL)
		return r;
	while (*p != '\0') {
		b = p;
		if ((p = name_end(p)) == b || *p != '(') {
			if (p == b)
				p++;	/* white space, or a stray sign */
			continue;
		}
		e = call_end(p);
		xgrow((void **)&s, &cap, n + 1, sizeof(*s));
		name = art_css_unescape(b, (size_t)(p - b));
		if (g_ascii_strcasecmp(name, "url") == 0) {
			if (url_spec(c, p + 1, e[-1] == ')' ? e - 1 : e, mask,
			    &s[n]))
				n++;
		} else if (!mask) {
			s[n].kind = S_FUNCTION;
			s[n].index = 0;
			s[n++].name = arena_strdup(&c->a, name);
		}
		free(name);
		p = e;
	}
	r = xmalloc(sizeof(*r) + n * sizeof(r->v[0]));
	r->inherit = g_ascii_strcasecmp(v, "inherit") == 0;
	r->n = n;
	if (n > 0)
		memcpy(r->v, s, n * sizeof(s[0]));
	free(s);
	g_hash_table_insert(c->vals, (char *)v, r);
	return r;
}

/*
 * Bounds of the scale from element e's user units to the canvas's
 * pixels: the root's viewBox, times every transform's (each drawn at
 * most once on the way to it: svgscan.c refuses cycles).
 */
static void
scale_bounds(const struct svgcost *c, const struct el *e, double *lo,
    double *hi)
{
	double sx = 1, sy = 1;

	if (c->unknown || e->unknown) {
		*lo = 0;
		*hi = INFINITY;
		return;
	}
	if (c->vb_w > 0) {
		sx = c->w / c->vb_w;
		sy = c->h / c->vb_h;
	}
	/* preserveAspectRatio takes one or the other, or each apart. */
	*lo = fmin(sx, sy) * c->t_lo;
	*hi = fmax(sx, sy) * c->t_hi;
}

/* One direction of a blur of deviation sd user units. */
static double
blur_ops(double sd, double lo, bool alpha)
{
	sd = fabs(sd);
	if (sd == 0)
		return 0;
	/* librsvg blurs by 3 box blurs from 2 px, by a kernel below. */
	if (sd * lo >= 2)
		return alpha ? OPS_BOX_ALPHA : OPS_BOX;
	return alpha ? OPS_KERNEL_ALPHA : OPS_KERNEL;
}

/*
 * What a kernelUnitLength multiplies its primitive's work by: librsvg
 * scales the input so that a pixel is that long, then back.
 */
static double
klu_factor(const struct prim *p, double lo)
{
	double fx, fy;

	if (!(p->kx > 0 && p->ky > 0))
		return 1;	/* none: librsvg takes none that is not */
	fx = p->kx * lo;
	fy = p->ky * lo;
	if (fx <= 0 || fy <= 0)
		return INFINITY;
	return fmax(1, 1 / fx) * fmax(1, 1 / fy);
}

/* The cells of feMorphology's kernel, its radii in pixels clamped. */
static double
morph_cells(const struct prim *p, double hi)
{
	double rx = p->x == 0 ? 0 : fmin(MAX_RADIUS, fabs(p->x) * hi);
	double ry = p->y == 0 ? 0 : fmin(MAX_RADIUS, fabs(p->y) * hi);

	return (2 * ceil(rx) + 1) * (2 * ceil(ry) + 1);
}

/* Pixel operations of primitive p on each pixel of the canvas. */
static double
prim_ops(const struct prim *p, double lo, double hi)
{
	double ops;

	switch (p->kind) {
	case P_BLUR:
		ops = blur_ops(p->x, lo, p->alpha) + blur_ops(p->y, lo,
		    p->alpha);
		break;
	case P_SHADOW:
		/* A blur of its input's alpha, offset, flooded, merged. */
		ops = blur_ops(p->x, lo, true) + blur_ops(p->y, lo, true) +
		    2 * OPS_CHEAP + OPS_COMPOSITE + 2 * OPS_MERGE_NODE;
		break;
	case P_MORPH:
		ops = 1 + morph_cells(p, hi);
		break;
	case P_CONVOLVE:
		ops = (1 + OPS_TAP * fmax(1, p->x) * fmax(1, p->y)) *
		    klu_factor(p, lo);
		break;
	case P_TURB:
		ops = 3.5 + OPS_OCTAVE * fmin(fmax(p->x, 0), MAX_OCTAVES_COST);
		break;
	case P_DIFFUSE:
		ops = OPS_DIFFUSE * klu_factor(p, lo);
		break;
	case P_SPECULAR:
		ops = OPS_SPECULAR * klu_factor(p, lo);
		break;
	case P_DISPLACE:
		ops = OPS_DISPLACE;
		break;
	case P_COMPOSITE:
		ops = OPS_COMPOSITE;
		break;
	case P_BLEND:
		ops = OPS_BLEND;
		break;
	case P_MATRIX:
		ops = OPS_MATRIX;
		break;
	case P_TRANSFER:
		ops = OPS_TRANSFER;
		break;
	case P_MERGE:
		ops = OPS_MERGE_NODE * fmax(1, p->nodes);
		break;
	default:
		ops = OPS_CHEAP;
		break;
	}
	return p->result != NULL ? ops + OPS_RESULT : ops;
}

/*
 * Pixel operations of spec s on each pixel, drawn where the scale is
 * within [lo, hi]; *held gets the layers it holds at once.
 */
static double
spec_ops(const struct svgcost *c, const struct spec *s, double lo,
    double hi, double *held)
{
	const struct filt *f;
	const struct prim *p;
	double ops = OPS_BASE, k;
	size_t i;

	*held = HELD_FILTER;
	if (s->kind == S_MASK) {
		*held = HELD_MASK;
		return OPS_MASK;
	}
	if (s->kind == S_FUNCTION) {
		if (g_ascii_strcasecmp(s->name, "blur") == 0)
			return ops + 2 * OPS_KERNEL;
		if (g_ascii_strcasecmp(s->name, "drop-shadow") == 0)
			return ops + 2 * OPS_KERNEL + 2 * OPS_CHEAP +
			    OPS_COMPOSITE + 2 * OPS_MERGE_NODE;
		return ops + OPS_FUNCTION;
	}
	f = &c->filts[s->index];
	if (f->bbox) {
		lo = 0;
		hi = INFINITY;
	}
	for (i = 0; i < f->n; i++) {
		p = &c->prims[f->first + i];
		ops += prim_ops(p, lo, hi);
		/* Named results live to the filter's end; a scaled input
		 * is another surface of its own size, and its output. */
		*held += p->result != NULL;
		if ((k = klu_factor(p, lo)) > 1)
			*held += 2 * k;
	}
	return ops;
}

/* Are a and b the same filter, function or mask? */
static bool
same_spec(const struct spec *a, const struct spec *b)
{
	if (a->kind != b->kind || a->index != b->index)
		return false;
	return a->name == NULL || strcmp(a->name, b->name) == 0;
}

/* Spec s, costing ops a pixel, is used: the costliest is kept. */
static void
note(struct svgcost *c, const struct spec *s, double ops)
{
	if (c->top != NULL && !same_spec(c->top, s))
		c->several = true;
	if (c->top == NULL || ops > c->top_ops) {
		c->top = s;
		c->top_ops = ops;
	}
}

/*
 * Pixel operations on each pixel of value v, drawn at a scale within
 * [lo, hi]: each filter it names runs in turn, each leaving a layer
 * (*layers); *held is raised to the most one holds at once.
 */
static double
val_ops(struct svgcost *c, const struct val *v, double lo, double hi,
    double *layers, double *held)
{
	double ops = 0, o, h;
	size_t i;

	for (i = 0; i < v->n; i++) {
		o = spec_ops(c, &v->v[i], lo, hi, &h);
		note(c, &v->v[i], o);
		ops += o;
		*held = fmax(*held, h);
	}
	*layers = (double)v->n;
	return ops;
}

/*
 * The kth value element e's filter (mask false) or mask may take: its
 * attribute, its style attribute, then each rule's that may match it;
 * NULL if that one sets none.
 */
static const char *
candidate(const struct svgcost *c, const struct el *e, size_t k,
    bool mask)
{
	const struct rule *r;

	if (k == 0)
		return mask ? e->mask : e->filter;
	if (k == 1)
		return mask ? e->smask : e->sfilter;
	r = &c->rules[k - 2];
	if ((mask ? r->mask : r->filter) == NULL ||
	    !art_css_may_match(r->sel, r->nsel, e->tag, e->id, e->cls))
		return NULL;
	return mask ? r->mask : r->filter;
}

/* What e inherits: its parent's filter or mask, if it has a parent. */
static void
inherited(const struct svgcost *c, const struct el *e, bool mask,
    double *ops, double *layers)
{
	const struct el *up;

	if (e->parent == SIZE_MAX)
		return;
	up = &c->els[e->parent];
	*ops = fmax(*ops, mask ? up->mops : up->fops);
	*layers = fmax(*layers, mask ? up->mlayers : up->flayers);
}

/*
 * Element i's filter (mask false) or mask: the costliest of the values
 * it may take, one of which the cascade picks; "inherit" takes its
 * parent's.  Where matching costs too much, every rule is taken.
 */
static void
prop_cost(struct svgcost *c, size_t i, bool mask, double *ops,
    double *layers, double *held)
{
	struct el *e = &c->els[i];
	const struct val *val;
	const char *v;
	double lo, hi, l;
	size_t k;
	int u = c->unknown || e->unknown;

	*ops = *layers = 0;
	scale_bounds(c, e, &lo, &hi);
	for (k = 0; k < 2 + (c->every ? 0 : c->nrules); k++) {
		if ((v = candidate(c, e, k, mask)) == NULL)
			continue;
		if ((val = value(c, v, mask))->inherit)
			inherited(c, e, mask, ops, layers);
		else {
			*ops = fmax(*ops, val_ops(c, val, lo, hi, &l, held));
			*layers = fmax(*layers, l);
		}
	}
	if (!c->every)
		return;
	*ops = fmax(*ops, c->every_ops[u][mask]);
	*layers = fmax(*layers, c->every_layers[u][mask]);
	if (c->every_inherit[mask])
		inherited(c, e, mask, ops, layers);
}

/*
 * Matching every rule against every element costs this many bytes
 * compared: past it, each rule is taken to match each element, and
 * what the costliest rule sets is weighed once, here, for all.
 */
#define MAX_MATCH_WORK	1e8

/* The costliest rule's filter or mask, drawn at a scale not known (u). */
static void
every_of(struct svgcost *c, int u, int mask, double *held)
{
	const struct val *val;
	const char *v;
	struct el at = { .unknown = u };
	double lo, hi, l;
	size_t k;

	scale_bounds(c, &at, &lo, &hi);
	for (k = 0; k < c->nrules; k++) {
		if ((v = mask ? c->rules[k].mask : c->rules[k].filter) == NULL)
			continue;
		if ((val = value(c, v, mask))->inherit) {
			c->every_inherit[mask] = true;
			continue;
		}
		c->every_ops[u][mask] = fmax(c->every_ops[u][mask],
		    val_ops(c, val, lo, hi, &l, held));
		c->every_layers[u][mask] = fmax(c->every_layers[u][mask], l);
	}
}

static void
every_rule(struct svgcost *c, double *held)
{
	int u, mask;

	c->every = c->match_work > MAX_MATCH_WORK;
	memset(c->every_ops, 0, sizeof(c->every_ops));
	memset(c->every_layers, 0, sizeof(c->every_layers));
	memset(c->every_inherit, 0, sizeof(c->every_inherit));
	for (u = 0; c->every && u < 2; u++)
		for (mask = 0; mask < 2; mask++)
			every_of(c, u, mask, held);
}

/* "'id'" for a message: short and printable. */
static void
quote_id(char *buf, size_t n, const char *id)
{
	size_t i;

	if (id == NULL)
		id = "";
	for (i = 0; i + 5 < n && i < 32 && id[i] != '\0'; i++)
		buf[i + 1] = g_ascii_isprint(id[i]) ? id[i] : '?';
	buf[0] = '\'';
	snprintf(buf + i + 1, n - i - 1, "%s'", id[i] != '\0' ? "..." : "");
}

/* The primitive of filter f that costs most, at the root's scale. */
static const struct prim *
costliest_prim(const struct svgcost *c, const struct filt *f)
{
	const struct prim *best = NULL, *p;
	double lo, hi, o, most = -1;
	size_t i;

	scale_bounds(c, &c->els[0], &lo, &hi);
	if (f->bbox) {
		lo = 0;
		hi = INFINITY;
	}
	for (i = 0; i < f->n; i++) {
		p = &c->prims[f->first + i];
		if ((o = prim_ops(p, lo, hi)) > most) {
			most = o;
			best = p;
		}
	}
	return best;
}

/* c->top described into c->top_text. */
static void
describe(struct svgcost *c)
{
	const struct spec *s = c->top;
	const struct filt *f;
	const struct prim *p;
	const char *set;
	char id[48], what[96], more[48] = "";
	double lo, hi;

	if (s->kind == S_FUNCTION) {
		quote_id(id, sizeof(id), s->name);
		snprintf(c->top_text, sizeof(c->top_text), "filter function "
		    "%s (over %.0f x %.0f px)", id, c->w, c->h);
		return;
	}
	if (s->kind == S_MASK) {
		quote_id(id, sizeof(id), c->els[s->index].id);
		snprintf(c->top_text, sizeof(c->top_text), "mask %s (over "
		    "%.0f x %.0f px)", id, c->w, c->h);
		return;
	}
	f = &c->filts[s->index];
	quote_id(id, sizeof(id), f->id);
	if ((p = costliest_prim(c, f)) == NULL) {
		snprintf(c->top_text, sizeof(c->top_text), "filter %s (no "
		    "primitives, over %.0f x %.0f px)", id, c->w, c->h);
		return;
	}
	/* A kernelUnitLength that resamples is what costs most. */
	scale_bounds(c, &c->els[0], &lo, &hi);
	set = p->klu != NULL && klu_factor(p, f->bbox ? 0 : lo) > 1 ?
	    p->klu : p->what;
	snprintf(what, sizeof(what), "%s%s%s", p->name, set != NULL ? " " :
	    "", set != NULL ? set : "");
	if (f->n > 1)
		snprintf(more, sizeof(more), " and %zu more primitive%s",
		    f->n - 1, f->n > 2 ? "s" : "");
	snprintf(c->top_text, sizeof(c->top_text), "filter %s (%s%s over "
	    "%.0f x %.0f px)", id, what, more, c->w, c->h);
}

void
art_svgcost_weigh(struct svgcost *c, double w, double h, double *ops,
    double *layers, double *held)
{
	struct el *e;
	size_t i;

	/* librsvg's layers are whole pixels, the canvas rounded up. */
	c->w = ceil(w);
	c->h = ceil(h);
	c->area = c->w * c->h;
	c->top = NULL;
	c->top_ops = 0;
	c->several = false;
	*held = 0;
	every_rule(c, held);
	for (i = 0; i < c->n; i++) {
		e = &c->els[i];
		prop_cost(c, i, false, &e->fops, &e->flayers, held);
		prop_cost(c, i, true, &e->mops, &e->mlayers, held);
		ops[i] = c->area * (e->fops + e->mops);
		layers[i] = e->flayers + e->mlayers;
	}
	if (c->top != NULL)
		describe(c);
}

const char *
art_svgcost_costliest(const struct svgcost *c, bool *only)
{
	*only = !c->several;
	return c->top != NULL ? c->top_text : NULL;
}
