/* SPDX-License-Identifier: MIT */
/*
 * An SVG's filters, masks, styles and transforms, read element by
 * element as svgscan.c looks over it, for svgweigh.c to weigh: each
 * filter's primitives and their settings, the filter and mask each
 * element may take (its attributes, its style, the stylesheet's rules),
 * how much the transforms may scale, and the vertices markers are drawn
 * at.  Part of the art stage.
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

struct svgcost *
art_svgcost_new(void)
{
	struct svgcost *c = xcalloc(1, sizeof(*c));

	c->targets = g_hash_table_new(g_str_hash, g_str_equal);
	c->filter_at = g_hash_table_new(NULL, NULL);
	c->vals = g_hash_table_new_full(g_str_hash, g_str_equal, NULL,
	    free);
	c->t_lo = c->t_hi = 1;
	return c;
}

void
art_svgcost_free(struct svgcost *c)
{
	if (c == NULL)
		return;
	g_hash_table_destroy(c->targets);
	g_hash_table_destroy(c->filter_at);
	g_hash_table_destroy(c->vals);
	sb_free(&c->sheet);
	free(c->els);
	free(c->filts);
	free(c->prims);
	free(c->rules);
	free(c->pats);
	arena_free(&c->a);
	free(c);
}

/* The kind of primitive element el is; -1 if none. */
static int
prim_kind(const char *el)
{
	static const struct { const char *name; enum prim_kind kind; } v[] = {
	    { "feOffset", P_CHEAP }, { "feFlood", P_CHEAP },
	    { "feTile", P_CHEAP }, { "feImage", P_CHEAP },
	    { "feGaussianBlur", P_BLUR }, { "feDropShadow", P_SHADOW },
	    { "feMorphology", P_MORPH }, { "feConvolveMatrix", P_CONVOLVE },
	    { "feTurbulence", P_TURB }, { "feDiffuseLighting", P_DIFFUSE },
	    { "feSpecularLighting", P_SPECULAR },
	    { "feDisplacementMap", P_DISPLACE },
	    { "feComposite", P_COMPOSITE }, { "feBlend", P_BLEND },
	    { "feColorMatrix", P_MATRIX },
	    { "feComponentTransfer", P_TRANSFER }, { "feMerge", P_MERGE },
	};
	size_t i;

	if (strncmp(el, "fe", 2) != 0 || !g_ascii_isupper(el[2]))
		return -1;
	for (i = 0; i < G_N_ELEMENTS(v); i++)
		if (strcmp(el, v[i].name) == 0)
			return (int)v[i].kind;
	return P_OTHER;
}

/* Elements whose content is drawn at a scale their own settings make. */
static bool
own_scale(const char *el, size_t i)
{
	return (strcmp(el, "svg") == 0 && i > 0) ||
	    strcmp(el, "symbol") == 0 || strcmp(el, "marker") == 0 ||
	    strcmp(el, "pattern") == 0 || strcmp(el, "mask") == 0 ||
	    strcmp(el, "clipPath") == 0;
}

/* A new primitive, element i of kind k, of filter f. */
static void
add_prim(struct svgcost *c, size_t i, int k, size_t f)
{
	struct prim *p;

	xgrow((void **)&c->prims, &c->capprims, c->nprims + 1,
	    sizeof(*c->prims));
	p = &c->prims[c->nprims++];
	memset(p, 0, sizeof(*p));
	p->kind = (enum prim_kind)k;
	p->elem = i;
	p->filt = f;
	p->name = c->els[i].tag;
	/* The defaults librsvg takes. */
	if (k == P_CONVOLVE)
		p->x = p->y = 3;
	if (k == P_TURB)
		p->x = 1;
	if (k == P_SHADOW)
		p->x = p->y = 2;
	c->els[i].prim = c->nprims;
}

/* Element i, a pattern. */
static void
add_pattern(struct svgcost *c, size_t i)
{
	struct pat *p;

	xgrow((void **)&c->pats, &c->cappats, c->npats + 1,
	    sizeof(*c->pats));
	p = &c->pats[c->npats++];
	memset(p, 0, sizeof(*p));
	p->elem = i;
	p->units = -1;
	c->els[i].pat = c->npats;
}

/* Element i, a filter. */
static void
add_filter(struct svgcost *c, size_t i)
{
	xgrow((void **)&c->filts, &c->capfilts, c->nfilts + 1,
	    sizeof(*c->filts));
	memset(&c->filts[c->nfilts], 0, sizeof(c->filts[0]));
	c->filts[c->nfilts++].elem = i;
	c->els[i].filt = c->nfilts;
	g_hash_table_insert(c->filter_at, GSIZE_TO_POINTER(i + 1),
	    GSIZE_TO_POINTER(c->nfilts));
}

void
art_svgcost_element(struct svgcost *c, size_t i, size_t parent,
    const char *el)
{
	const struct el *up;
	struct el *e;
	int k;

	xgrow((void **)&c->els, &c->cap, i + 1, sizeof(*c->els));
	up = parent != SIZE_MAX ? &c->els[parent] : NULL;
	c->n = i + 1;
	c->last = i;
	e = &c->els[i];
	memset(e, 0, sizeof(*e));
	e->parent = parent;
	e->tag = arena_strdup(&c->a, el);
	e->unknown = own_scale(el, i) || (up != NULL && up->unknown);
	if (strcmp(el, "line") == 0)
		e->vertices = 2;
	if (strcmp(el, "style") == 0)
		c->in_style++;
	/* A filter's primitives are its children, wherever it is (in
	 * another filter too); feMergeNode is feMerge's. */
	if (strcmp(el, "pattern") == 0)
		add_pattern(c, i);
	if (strcmp(el, "filter") == 0)
		add_filter(c, i);
	else if (up != NULL && up->filt > 0 && (k = prim_kind(el)) >= 0)
		add_prim(c, i, k, up->filt - 1);
	else if (up != NULL && up->prim > 0 && strcmp(el, "feMergeNode") ==
	    0)
		c->prims[up->prim - 1].nodes++;
}

/* The value v as written, made printable and short, for a message. */
static const char *
shown(struct svgcost *c, const char *an, const char *v)
{
	char buf[32];
	size_t i;

	for (i = 0; i < sizeof(buf) - 4 && v[i] != '\0'; i++)
		buf[i] = g_ascii_isprint(v[i]) ? v[i] : '?';
	buf[i] = '\0';
	return arena_printf(&c->a, "%s %s%s", an, buf, v[i] != '\0' ?
	    "..." : "");
}

/* An attribute of the primitive last opened. */
static void
prim_attr(struct svgcost *c, struct prim *p, const char *an, const char *v)
{
	double x, y;

	if (strcmp(an, "result") == 0) {
		p->result = *v != '\0' ? arena_strdup(&c->a, v) : NULL;
		return;
	}
	if (strcmp(an, "in") == 0) {
		p->in = arena_strdup(&c->a, v);
		return;
	}
	if (strcmp(an, "kernelUnitLength") == 0 &&
	    (p->kind == P_CONVOLVE || p->kind == P_DIFFUSE ||
	    p->kind == P_SPECULAR) && art_number_pair(v, &x, &y)) {
		p->kx = x;
		p->ky = y;
		p->klu = shown(c, an, v);
		return;
	}
	if (!((p->kind == P_MORPH && strcmp(an, "radius") == 0) ||
	    ((p->kind == P_BLUR || p->kind == P_SHADOW) &&
	    strcmp(an, "stdDeviation") == 0) ||
	    (p->kind == P_CONVOLVE && strcmp(an, "order") == 0) ||
	    (p->kind == P_TURB && strcmp(an, "numOctaves") == 0)))
		return;
	if (!art_number_pair(v, &x, &y))
		return;
	p->x = x;
	p->y = y;
	p->what = shown(c, an, v);
}

/* The root's viewBox: its width and height. */
static void
view_box(struct svgcost *c, const char *v)
{
	double n[4];
	char *e;
	int i;

	for (i = 0; i < 4; i++) {
		while (g_ascii_isspace(*v) || *v == ',')
			v++;
		n[i] = g_ascii_strtod(v, &e);
		if (e == v)
			return;
		v = e;
	}
	/* librsvg draws nothing for an empty one: no scale known. */
	if (n[2] > 0 && n[3] > 0 && isfinite(n[2]) && isfinite(n[3])) {
		c->vb_w = n[2];
		c->vb_h = n[3];
	} else
		c->unknown = true;
}

/* A transform: the scales it may add, multiplied into all of them. */
static void
transform(struct svgcost *c, const char *v)
{
	double lo, hi;

	if (!art_transform_scale(v, &lo, &hi)) {
		c->unknown = true;
		return;
	}
	c->t_lo *= fmin(1, lo);
	c->t_hi = fmin(c->t_hi * fmax(1, hi), 1e9);
}

/* A style attribute: its filter and mask, and a CSS transform. */
static void
style_attr(struct svgcost *c, struct el *e, const char *v)
{
	char *d = xstrdup(v);
	size_t n = strlen(d);

	art_css_uncomment(d);
	e->sfilter = art_css_value(&c->a, d, n, "filter");
	e->smask = art_css_value(&c->a, d, n, "mask");
	/* CSS transforms are not followed: nothing can be bounded. */
	if (art_css_value(&c->a, d, n, "transform") != NULL)
		c->unknown = true;
	free(d);
}

void
art_svgcost_attr(struct svgcost *c, const char *an, const char *v)
{
	struct el *e = &c->els[c->last];

	if (strcmp(an, "id") == 0) {
		e->id = arena_strdup(&c->a, v);
		if ((strcmp(e->tag, "filter") == 0 || strcmp(e->tag, "mask") ==
		    0 || e->pat > 0) && !g_hash_table_contains(c->targets, v))
			g_hash_table_insert(c->targets, (char *)e->id,
			    GSIZE_TO_POINTER(c->last + 1));
		if (e->filt > 0)
			c->filts[e->filt - 1].id = e->id;
	} else if (strcmp(an, "class") == 0) {
		e->cls = arena_strdup(&c->a, v);
		/* Read again for every rule's every class. */
		c->match_work += strlen(v);
	} else if (strcmp(an, "filter") == 0)
		e->filter = arena_strdup(&c->a, v);
	else if (strcmp(an, "mask") == 0)
		e->mask = arena_strdup(&c->a, v);
	else if (strcmp(an, "style") == 0)
		style_attr(c, e, v);
	else if (strcmp(an, "transform") == 0 ||
	    strcmp(an, "patternTransform") == 0)
		transform(c, v);
	else if (strcmp(an, "viewBox") == 0 && c->last == 0)
		view_box(c, v);
	else if (strcmp(an, "primitiveUnits") == 0 && e->filt > 0)
		c->filts[e->filt - 1].bbox = strcmp(v, "objectBoundingBox") ==
		    0;
	else if ((strcmp(an, "d") == 0 && strcmp(e->tag, "path") == 0) ||
	    (strcmp(an, "points") == 0 && (strcmp(e->tag, "polyline") == 0 ||
	    strcmp(e->tag, "polygon") == 0)))
		e->vertices = art_path_vertices(v, *an == 'p');
	else if (strcmp(an, "href") == 0 && *v == '#' && e->unknown)
		/* Drawn inside a scale not known: so is what it names. */
		c->unknown = true;
	if (e->prim > 0)
		prim_attr(c, &c->prims[e->prim - 1], an, v);
	if (e->pat > 0)
		art_svgcost_pattern_attr(c, &c->pats[e->pat - 1], an, v);
	if (c->last == 0 && strcmp(an, "width") == 0)
		c->root_w = art_svgcost_length(v, NULL);
	if (c->last == 0 && strcmp(an, "height") == 0)
		c->root_h = art_svgcost_length(v, NULL);
}

void
art_svgcost_text(struct svgcost *c, const char *text)
{
	if (c->in_style > 0)
		sb_puts(&c->sheet, text);
}

/* Does primitive p give an alpha channel only? */
static bool
alpha_out(const struct prim *p)
{
	return p->alpha && (p->kind == P_BLUR || strcmp(p->name,
	    "feOffset") == 0);
}

/*
 * Which primitives of the filter just read work on an alpha channel
 * only: those that take SourceAlpha, or a blur or offset of it.
 */
static void
alpha_inputs(struct svgcost *c, const struct filt *f)
{
	struct prim *p, *q;
	size_t k, j;

	for (k = 0; k < f->n; k++) {
		p = &c->prims[f->first + k];
		if (p->in == NULL || *p->in == '\0') {
			p->alpha = k > 0 && alpha_out(p - 1);
			continue;
		}
		p->alpha = strcmp(p->in, "SourceAlpha") == 0 ||
		    strcmp(p->in, "BackgroundAlpha") == 0;
		for (j = k; !p->alpha && j-- > 0;) {
			q = &c->prims[f->first + j];
			if (q->result != NULL && strcmp(q->result, p->in) ==
			    0) {
				p->alpha = alpha_out(q);
				break;
			}
		}
	}
}

void
art_svgcost_end(struct svgcost *c, size_t i)
{
	if (strcmp(c->els[i].tag, "style") == 0) {
		c->in_style--;
		/* Rules of two style elements never run together. */
		sb_puts(&c->sheet, "\n;\n");
	}
}

/* A rule of the stylesheet: kept if it sets a filter or a mask. */
static void
on_rule(void *ctx, const char *sel, size_t nsel, const char *decls,
    size_t ndecls)
{
	struct svgcost *c = ctx;
	const char *f, *m;

	if (art_css_value(&c->a, decls, ndecls, "transform") != NULL)
		c->unknown = true;
	f = art_css_value(&c->a, decls, ndecls, "filter");
	m = art_css_value(&c->a, decls, ndecls, "mask");
	if (f == NULL && m == NULL)
		return;
	xgrow((void **)&c->rules, &c->caprules, c->nrules + 1,
	    sizeof(*c->rules));
	c->rules[c->nrules].sel = sel;
	c->rules[c->nrules].nsel = nsel;
	c->match_work += nsel + 1;
	c->rules[c->nrules].filter = f;
	c->rules[c->nrules++].mask = m;
}

/*
 * The primitives grouped by filter, each filter's in document order
 * (a filter inside another interleaves them as it is read).
 */
static void
group_prims(struct svgcost *c)
{
	struct prim *by = xcalloc(c->nprims + 1, sizeof(*by));
	size_t k, at = 0;

	for (k = 0; k < c->nprims; k++)
		c->filts[c->prims[k].filt].n++;
	for (k = 0; k < c->nfilts; k++) {
		c->filts[k].first = at;
		at += c->filts[k].n;
		c->filts[k].n = 0;
	}
	for (k = 0; k < c->nprims; k++) {
		struct filt *f = &c->filts[c->prims[k].filt];

		by[f->first + f->n++] = c->prims[k];
		c->els[c->prims[k].elem].prim = f->first + f->n;
	}
	free(c->prims);
	c->prims = by;
	c->capprims = c->nprims + 1;
	for (k = 0; k < c->nfilts; k++)
		alpha_inputs(c, &c->filts[k]);
}

void
art_svgcost_done(struct svgcost *c)
{
	double cls = c->match_work;

	group_prims(c);
	if (c->sheet.s == NULL)
		return;
	art_css_uncomment(c->sheet.s);
	art_css_rules(c->sheet.s, on_rule, c);
	/* Each selector against each element, each class attribute
	 * against each selector. */
	c->match_work = (c->match_work - cls) * (double)c->n +
	    cls * (double)c->nrules;
}

double
art_svgcost_vertices(const struct svgcost *c, size_t i)
{
	return i < c->n ? c->els[i].vertices : 0;
}

bool
art_svgcost_marker(const struct svgcost *c, size_t i)
{
	return i < c->n && strcmp(c->els[i].tag, "marker") == 0;
}

