/* SPDX-License-Identifier: MIT */
/*
 * The tiles of an SVG's patterns, bounded before librsvg draws anything
 * (svgscan.c asks, after reading it).  librsvg draws a pattern's tile
 * into a surface of its own size in pixels (pattern.width times the
 * scale it is drawn at, in librsvg 2.54 and 2.60 alike); measuring a
 * size-less SVG draws it as pixels then, and a raster output (preview,
 * export) makes it pixels again as deckpress replays the recording,
 * at its dpi, whole wherever the card crosses a tile's edge.  A tile of
 * 15000 x 15000 px took 900 MB.  Part of the art stage.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "svgcost.h"
#include "svgcosting.h"

/* The most a pattern's tile may hold: some 53 x 53 cm at 96 dpi. */
#define MAX_TILE_PIXELS	(4.0 * 1000 * 1000)
/*
 * A tile of objectBoundingBox units is a fraction of the box of what it
 * fills (1 x 1: the box); past this area, it is refused.
 */
#define MAX_TILE_BOXES	4

double
art_svgcost_length(const char *v, bool *pct)
{
	static const struct { const char *unit; double px; } u[] = {
	    { "px", 1 }, { "mm", 96 / 25.4 }, { "cm", 96 / 2.54 },
	    { "in", 96 }, { "pt", 96.0 / 72 }, { "pc", 16 }, { "em", 16 },
	    { "ex", 8 }, { "", 1 } };
	char *e;
	double x = g_ascii_strtod(v, &e);
	size_t i;

	if (e == v || !isfinite(x))
		return 0;
	if (pct != NULL)
		*pct = *e == '%';
	if (*e == '%')
		return x / 100;
	for (i = 0; i < G_N_ELEMENTS(u); i++)
		if (strncmp(e, u[i].unit, strlen(u[i].unit)) == 0)
			return x * u[i].px;
	return x;
}

void
art_svgcost_pattern_attr(struct svgcost *c, struct pat *p, const char *an,
    const char *v)
{
	bool pct = false;

	if (strcmp(an, "width") == 0 || strcmp(an, "height") == 0) {
		double x = fabs(art_svgcost_length(v, &pct));

		if (*an == 'w') {
			p->w = x;
			p->has_w = pct ? 2 : 1;
		} else {
			p->h = x;
			p->has_h = pct ? 2 : 1;
		}
	} else if (strcmp(an, "patternUnits") == 0)
		p->units = strcmp(v, "userSpaceOnUse") == 0 ? 0 : 1;
	else if (strcmp(an, "href") == 0)
		p->href = arena_strdup(&c->a, v);
}

/* The pattern p inherits what it lacks from (href), or NULL. */
static const struct pat *
inherits(const struct svgcost *c, const struct pat *p)
{
	gpointer t;
	size_t at;

	if (p->href == NULL || *p->href != '#' || (t = g_hash_table_lookup(
	    c->targets, p->href + 1)) == NULL)
		return NULL;
	at = GPOINTER_TO_SIZE(t) - 1;
	return c->els[at].pat > 0 ? &c->pats[c->els[at].pat - 1] : NULL;
}

/* Pattern p's width, height and units, inherited as librsvg does. */
static struct pat
resolved(const struct svgcost *c, const struct pat *p)
{
	struct pat r = *p;
	int depth;

	for (depth = 0; depth < 32 && (p = inherits(c, p)) != NULL;
	    depth++) {
		if (r.has_w == 0) {
			r.w = p->w;
			r.has_w = p->has_w;
		}
		if (r.has_h == 0) {
			r.h = p->h;
			r.has_h = p->has_h;
		}
		if (r.units < 0)
			r.units = p->units;
	}
	return r;
}

/*
 * One side of a tile of user units, in pixels: w (a fraction of the
 * viewport, view, if pct) times the scale s.
 */
static double
side_px(double w, bool pct, double view, double s)
{
	return (pct ? w * view : w) * s;
}

/* "'id'" of element i for a message: short and printable. */
static void
quoted(const struct svgcost *c, size_t i, char *buf, size_t n)
{
	const char *id = c->els[i].id != NULL ? c->els[i].id : "";

	snprintf(buf, n, "'%.32s%s'", id, strlen(id) > 32 ? "..." : "");
	for (; *buf != '\0'; buf++)
		if (!g_ascii_isprint(*buf))
			*buf = '?';
}

/* Pattern r (resolved) of element elem: false with why if too large. */
static bool
tile_ok(const struct svgcost *c, const struct pat *r, size_t elem,
    double s, char *why, size_t n)
{
	char id[48];
	double w, h;

	/* librsvg draws no pattern of an empty tile. */
	if (r->has_w == 0 || r->has_h == 0 || r->w == 0 || r->h == 0)
		return true;
	quoted(c, elem, id, sizeof(id));
	if (r->units != 0) {
		if (r->w * r->h <= MAX_TILE_BOXES)
			return true;
		snprintf(why, n, "has a pattern %s whose tile is %.3g x %.3g "
		    "times the box it fills, more than the %d boxes deckpress "
		    "draws a tile of", id, r->w, r->h, MAX_TILE_BOXES);
		return false;
	}
	w = side_px(r->w, r->has_w == 2, c->vb_w > 0 ? c->vb_w : c->root_w,
	    s);
	h = side_px(r->h, r->has_h == 2, c->vb_h > 0 ? c->vb_h : c->root_h,
	    s);
	if (w * h <= MAX_TILE_PIXELS)
		return true;
	snprintf(why, n, "has a pattern %s whose tile would be %.0f x %.0f "
	    "pixels, more than the %.0f megapixels deckpress draws a tile "
	    "of", id, ceil(w), ceil(h), MAX_TILE_PIXELS / 1e6);
	return false;
}

bool
art_svgcost_tiles_ok(const struct svgcost *c, char *why, size_t n)
{
	struct pat r;
	double s = 1;
	size_t i;

	/* The root's viewBox to its size, where both are known (else its
	 * user units are its pixels), times every transform's. */
	if (c->vb_w > 0 && c->root_w > 0 && c->root_h > 0)
		s = fmax(c->root_w / c->vb_w, c->root_h / c->vb_h);
	s *= c->t_hi;
	for (i = 0; i < c->npats; i++) {
		r = resolved(c, &c->pats[i]);
		if (!tile_ok(c, &r, c->pats[i].elem, s, why, n))
			return false;
	}
	return true;
}
