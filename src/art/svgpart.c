/* SPDX-License-Identifier: MIT */
/*
 * One element of an SVG by its id (an image element's svg_id: one icon
 * of a sheet of them): an image of its own whose size is the element's
 * bounds, recorded once by art.c's art_record_svg() however many cards
 * show it.  Part of the art stage.
 */
#include <stdlib.h>
#include <string.h>

#include <librsvg/rsvg.h>

#include "../util.h"
#include "art.h"
#include "images.h"
#include "rsvgdl.h"
#include "svgcost.h"

/* Ids named in a "nearest" hint: a few, not a whole sheet's. */
#define NEAREST	3

struct near {
	const char	*id;
	size_t		 dist;
};

static int
cmp_near(const void *a, const void *b)
{
	const struct near *x = a, *y = b;

	if (x->dist != y->dist)
		return x->dist < y->dist ? -1 : 1;
	return strcmp(x->id, y->id);
}

/*
 * "'a', 'b' or 'c'": the NEAREST ids of img to id by edit distance
 * (caller frees), or NULL if it has none.
 */
static char *
nearest_ids(const struct image *img, const char *id)
{
	struct near *v;
	GString *s;
	size_t i, n = img->nids;

	if (n == 0)
		return NULL;
	v = xcalloc(n, sizeof(*v));
	for (i = 0; i < n; i++) {
		v[i].id = img->ids[i];
		v[i].dist = edit_distance(id, img->ids[i]);
	}
	qsort(v, n, sizeof(*v), cmp_near);
	s = g_string_new(NULL);
	for (i = 0; i < n && i < NEAREST; i++)
		g_string_append_printf(s, "%s'%s'", i == 0 ? "" : i + 1 ==
		    n || i + 1 == NEAREST ? " or " : ", ", v[i].id);
	free(v);
	return g_string_free(s, FALSE);
}

/* Is id one of img's element ids (sorted)? */
static bool
has_id(const struct image *img, const char *id)
{
	size_t lo = 0, hi = img->nids, mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((c = strcmp(id, img->ids[mid])) == 0)
			return true;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return false;
}

static void
unknown_id(const struct image *img, const char *id, const struct srcpos *pos,
    const char *ctx, struct diags *d)
{
	char *near = nearest_ids(img, id);

	if (near != NULL)
		diag_add(d, DIAG_ERROR, pos, "svg-id", "%s%simage %s has no "
		    "element with id '%s'; the nearest it has: %s",
		    CTX_FMT(ctx), img->path, id, near);
	else
		diag_add(d, DIAG_ERROR, pos, "svg-id", "%s%simage %s has no "
		    "element with id '%s', nor any with an id", CTX_FMT(ctx),
		    img->path, id);
	g_free(near);
}

/*
 * Element id of img recorded, or NULL with why.  Each drawing of an
 * element costs at most what drawing all of img does (its filters run
 * over the same canvas): the elements of one SVG drawn together may
 * cost what one SVG may, MAX_FILTER_OPS.
 */
static struct image *
record_part(struct image *img, const char *id, const char **why)
{
	RsvgRectangle vp = { 0, 0, img->w_px, img->h_px }, ink, logical;
	char *ref = g_strconcat("#", id, NULL);
	struct image *p = NULL;

	if (img->spent + img->svg_ops > MAX_FILTER_OPS) {
		*why = "its elements' filters and masks together would cost "
		    "more than one SVG's may (LIMITS)";
		goto out;
	}
	if (!rsvg_handle_get_geometry_for_layer(img->svg, ref, &vp, &ink,
	    &logical, NULL) || ink.width <= 0 || ink.height <= 0) {
		*why = "draws nothing by itself";
		goto out;
	}
	img->spent += img->svg_ops;
	p = xcalloc(1, sizeof(*p));
	p->path = g_strdup_printf("%s#%s", img->path, id);
	p->kind = IMG_SVG;
	p->whole = img;
	p->w_px = ink.width;
	p->h_px = ink.height;
	p->surface = art_record_svg(img->svg, img->w_px, img->h_px, ref, ink.x,
	    ink.y, ink.width, ink.height);
	if (p->surface == NULL) {
		*why = "cannot be drawn by librsvg";
		art_image_free(p);
		p = NULL;
	}
out:
	g_free(ref);
	return p;
}

const struct image *
art_svg_part(const struct image *img, const char *id,
    const struct srcpos *pos, const char *ctx, struct diags *d)
{
	struct image *m = (struct image *)img, *p;
	const char *why = NULL;

	if (img->kind != IMG_SVG) {
		diag_add(d, DIAG_ERROR, pos, "svg-id", "%s%simage %s is not an "
		    "SVG: svg_id draws one element of an SVG", CTX_FMT(ctx),
		    img->path);
		return NULL;
	}
	if (m->parts == NULL)
		m->parts = g_hash_table_new_full(g_str_hash, g_str_equal,
		    g_free, (GDestroyNotify)art_image_free);
	/* Each tried once: a failure (NULL) is reported once too. */
	if (g_hash_table_lookup_extended(m->parts, id, NULL, (gpointer *)&p))
		return p;
	if (!has_id(m, id)) {
		unknown_id(m, id, pos, ctx, d);
		p = NULL;
	} else if ((p = record_part(m, id, &why)) == NULL)
		diag_add(d, DIAG_ERROR, pos, "svg-id", "%s%simage %s: its "
		    "element '%s' %s", CTX_FMT(ctx), img->path, id, why);
	g_hash_table_insert(m->parts, g_strdup(id), p);
	return p;
}
