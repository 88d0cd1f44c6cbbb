/* SPDX-License-Identifier: MIT */
/*
 * Load a template (layouts/<name>.yaml): a component's size and shape
 * (a card, a board, a round token, a sheet of paper), bleed, safe zone
 * and the elements of the front and the back (each by trepeat.c and
 * telem.c), converted from mm to points.  Fonts (tfont.c) and icons
 * are checked against what the deck can use.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../hexagon.h"
#include "tctx.h"

struct preset {
	const char	*name;
	double		 w_mm, h_mm;
};

/*
 * Common card sizes, exact mm (poker and bridge are inch sizes), and
 * paper sizes for sheets and boards (letter sizes are inch sizes too).
 */
static const struct preset presets[] = {
	{ "standard", 63, 88 },
	{ "poker", 63.5, 88.9 },
	{ "bridge", 57, 89 },
	{ "euro", 59, 86 },
	{ "tarot", 70, 120 },
	{ "mini-euro", 44, 68 },
	{ "a4", 210, 297 },
	{ "a5", 148, 210 },
	{ "a6", 105, 148 },
	{ "letter", 215.9, 279.4 },
	{ "half-letter", 139.7, 215.9 },
};

static const char *const tmpl_keys[] = { "card", "size", "shape",
    "orient", "corner_mm", "bleed_mm", "back_bleed_mm", "safe_mm", "tile",
    "overlap_mm", "palette", "front", "back", "fallback", "dpi", "faces",
    "die_mm", "net", "box", NULL };

/* palette: {name: COLOUR, ...}, so cards can say color: paper. */
static bool
load_palette(struct tctx *c, const struct ynode *n)
{
	size_t i;
	const char *v;

	if (n == NULL)
		return true;
	if (!ytree_expect(n, YNODE_MAP, "palette", NULL, c->d))
		return false;
	c->t->pal_names = arena_alloc(c->a, n->n * sizeof(char *) + 1);
	c->t->pal = arena_alloc(c->a, n->n * sizeof(struct rgba) + 1);
	for (i = 0; i < n->n; i++) {
		if (!ytree_string(n->pairs[i].val, &v, "a palette colour", NULL,
		    c->d))
			return false;
		if (!tmpl_parse_color(v, &c->t->pal[c->t->npal])) {
			char buf[200];
			const char *why = tmpl_color_problem(NULL, v, buf,
			    sizeof(buf));

			diag_add(c->d, DIAG_ERROR, &n->pairs[i].val->pos,
			    "color", "palette colour '%s' is not a colour "
			    "like \"#1d2733\"%s%s", v, *why ? ": " : "", why);
			return false;
		}
		c->t->pal_names[c->t->npal++] = n->pairs[i].key->str;
	}
	return true;
}

static bool
load_face(struct tctx *c, enum face f, const struct ynode *n)
{
	struct elist L = { 0 };
	size_t i;
	bool ok = true;

	if (n == NULL)
		return true;
	/* back: front -- a component printed the same on both sides. */
	if (f == FACE_BACK && n->type == YNODE_SCALAR &&
	    strcmp(n->str, "front") == 0) {
		c->t->elems[FACE_BACK] = c->t->elems[FACE_FRONT];
		c->t->nelems[FACE_BACK] = c->t->nelems[FACE_FRONT];
		c->t->back_is_front = true;
		return true;
	}
	if (!ytree_expect(n, YNODE_SEQ, f == FACE_FRONT ? "front" : "back",
	    NULL, c->d))
		return false;
	/* A repeat makes many elements of one: gathered, then kept. */
	for (i = 0; i < n->n; i++)
		ok &= tmpl_item_load(c, n->items[i], &L);
	c->t->elems[f] = arena_alloc(c->a, L.n * sizeof(struct elem) + 1);
	if (L.n > 0)
		memcpy(c->t->elems[f], L.v, L.n * sizeof(struct elem));
	c->t->nelems[f] = L.n;
	free(L.v);
	return ok;
}

/*
 * A side of a custom size: key (a length with its unit, "2.5in", or mm)
 * or key_mm, not both; *name the one given.
 */
static bool
size_side(struct tctx *c, const struct ynode *n, const char *key,
    const struct ynode **v, const char **name)
{
	const struct ynode *u = ytree_get(n, key);
	char mm[16];

	snprintf(mm, sizeof(mm), "%s_mm", key);
	*v = ytree_get(n, mm);
	*name = strcmp(key, "width") == 0 ? "width_mm" : strcmp(key,
	    "height") == 0 ? "height_mm" : strcmp(key, "side") == 0 ?
	    "side_mm" : "diameter_mm";
	if (u == NULL)
		return true;
	if (*v != NULL) {
		diag_add(c->d, DIAG_ERROR, &u->pos, "size", "give %s or %s, "
		    "not both", key, *name);
		return false;
	}
	*v = u;
	*name = key;
	return true;
}

/* {width_mm, height_mm}, or {diameter_mm} for a round component; or
 * width, height, diameter with their units. */
static bool
load_custom_size(struct tctx *c, const struct ynode *n)
{
	static const char *const keys[] = { "width_mm", "height_mm",
	    "diameter_mm", "width", "height", "diameter", NULL };
	const struct ynode *dia, *wn, *hn;
	const char *dname, *wname, *hname;

	if (ytree_check_keys(n, keys, NULL, c->d) > 0 ||
	    !size_side(c, n, "diameter", &dia, &dname) ||
	    !size_side(c, n, "width", &wn, &wname) ||
	    !size_side(c, n, "height", &hn, &hname))
		return false;
	if (dia != NULL) {
		if (wn != NULL || hn != NULL) {
			diag_add(c->d, DIAG_ERROR, &dia->pos, "size", "give "
			    "a diameter_mm, or a width_mm and height_mm");
			return false;
		}
		if (!tmpl_get_mm(c, dia, dname, &c->t->w))
			return false;
		c->t->h = c->t->w;
		c->t->shape = SHAPE_CIRCLE;
	} else if (!tmpl_get_mm(c, wn, wname, &c->t->w) ||
	    !tmpl_get_mm(c, hn, hname, &c->t->h))
		return false;
	if (c->t->w < MM(10) || c->t->h < MM(10)) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "size", "a component needs "
		    "a width_mm and height_mm (or a diameter_mm) of 10 mm or "
		    "more");
		return false;
	}
	return true;
}

/* Is the layout's shape a hex?  Its size is read the hex's way then. */
static bool
is_hex(const struct ynode *root)
{
	const struct ynode *n = ytree_get(root, "shape");

	return n != NULL && n->type == YNODE_SCALAR && strcmp(n->str,
	    "hex") == 0;
}

/*
 * A regular hex's size: {width_mm}, {height_mm} (as it stands), both
 * if they agree, or {side_mm}; flat says which way it stands (orient:
 * flat, else pointy).  The other dimension is computed; a height that
 * is not the width's is an error at it naming the one it should be.
 */
static bool
load_hex_size(struct tctx *c, const struct ynode *n, bool flat)
{
	static const char *const keys[] = { "width_mm", "height_mm",
	    "side_mm", "width", "height", "side", NULL };
	/* height / width of a hex as it stands */
	double k = flat ? HEX_SQRT3 / 2 : 2 / HEX_SQRT3, w = 0, h = 0, s = 0;
	const struct ynode *wn, *hn, *sn;
	const char *wname, *hname, *sname;

	if (n == NULL || n->type != YNODE_MAP) {
		diag_add(c->d, DIAG_ERROR, n != NULL ? &n->pos : &c->t->size_pos,
		    "size", "a hex is sized by {width_mm: W}, {height_mm: H} "
		    "or {side_mm: S}");
		return false;
	}
	if (ytree_check_keys(n, keys, NULL, c->d) > 0 ||
	    !size_side(c, n, "width", &wn, &wname) ||
	    !size_side(c, n, "height", &hn, &hname) ||
	    !size_side(c, n, "side", &sn, &sname) ||
	    !tmpl_get_mm(c, wn, wname, &w) || !tmpl_get_mm(c, hn, hname, &h) ||
	    !tmpl_get_mm(c, sn, sname, &s))
		return false;
	if (sn != NULL && (wn != NULL || hn != NULL)) {
		diag_add(c->d, DIAG_ERROR, &sn->pos, "size", "give a hex's "
		    "side_mm, or its width_mm or height_mm, not both");
		return false;
	}
	if (sn == NULL && wn == NULL && hn == NULL) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "size", "a hex is sized "
		    "by {width_mm: W}, {height_mm: H} or {side_mm: S}");
		return false;
	}
	if (sn != NULL)
		w = flat ? 2 * s : HEX_SQRT3 * s;
	else if (wn == NULL)
		w = h / k;
	/* Given both, they must be a regular hex's, to 0.01 mm. */
	if (wn != NULL && hn != NULL && fabs(h - w * k) > MM(0.01)) {
		diag_add(c->d, DIAG_ERROR, &hn->pos, "size", "a %s hex %g mm "
		    "wide is %.2f mm tall, not %g mm (give its width_mm or "
		    "side_mm alone)", flat ? "flat" : "pointy", TO_MM(w),
		    TO_MM(w * k), TO_MM(h));
		return false;
	}
	c->t->w = w;
	c->t->h = w * k;
	if (fmin(c->t->w, c->t->h) < MM(10)) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "size", "a hex needs to "
		    "be 10 mm or more across, not %.2f mm", TO_MM(fmin(
		    c->t->w, c->t->h)));
		return false;
	}
	return true;
}

/* orient: pointy (the default) or flat, for shape: hex. */
static bool
load_orient(struct tctx *c, const struct ynode *root, bool *flat)
{
	static const char *const names[] = { "pointy", "flat", NULL };
	const struct ynode *n = ytree_get(root, "orient");
	int k = 0;

	*flat = false;
	if (n == NULL)
		return true;
	if (!is_hex(root)) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "shape", "orient is for "
		    "shape: hex");
		return false;
	}
	if (!tmpl_get_enum(c, n, "orient", names, &k))
		return false;
	*flat = k == 1;
	return true;
}

/* dpi: what a length in px is (1/dpi inch), as print services count. */
static bool
load_dpi(struct tctx *c, const struct ynode *n)
{
	if (n == NULL)
		return true;
	if (!tmpl_num(c, n, "dpi", UNIT_NONE, &c->t->dpi))
		return false;
	if (c->t->dpi >= 50 && c->t->dpi <= 4800)
		return true;
	diag_add(c->d, DIAG_ERROR, &n->pos, "range", "dpi must be from 50 "
	    "to 4800, not %g", c->t->dpi);
	return false;
}

/*
 * size (or card, its name in layouts for cards of one size): a preset
 * name, {width_mm, height_mm} or {diameter_mm}; default standard.
 */
static bool
load_size(struct tctx *c, const struct ynode *root)
{
	const struct ynode *n = ytree_get(root, "size"), *card;
	const char *names[sizeof(presets) / sizeof(presets[0]) + 1];
	size_t i, np = sizeof(presets) / sizeof(presets[0]);
	int k = 0;

	if ((card = ytree_get(root, "card")) != NULL) {
		if (n != NULL) {
			diag_add(c->d, DIAG_ERROR, &card->pos, "size", "give "
			    "'size' or 'card', not both");
			return false;
		}
		n = card;
	}
	c->t->size_pos = n != NULL ? n->pos : root->pos;
	if (is_hex(root)) {
		bool flat;

		return load_orient(c, root, &flat) &&
		    load_hex_size(c, n, flat);
	}
	if (ytree_get(root, "orient") != NULL) {
		bool flat;

		return load_orient(c, root, &flat);
	}
	if (n != NULL && n->type == YNODE_MAP)
		return load_custom_size(c, n);
	for (i = 0; i < np; i++)
		names[i] = presets[i].name;
	names[np] = NULL;
	if (!tmpl_get_enum(c, n, "size", names, &k))
		return false;
	c->t->w = MM(presets[k].w_mm);
	c->t->h = MM(presets[k].h_mm);
	return true;
}

/*
 * shape: rect (the default), rounded (corner_mm, default 3), circle
 * (width and height equal; a diameter_mm size says circle itself), hex
 * (sized by load_hex_size()); die and tuck-box, which tnet.c reads;
 * the choice into *k (TMPL_SHAPE_*).
 */
static bool
load_shape(struct tctx *c, const struct ynode *root, int *kp)
{
	static const char *const names[] = { "rect", "rounded", "circle",
	    "hex", "die", "tuck-box", NULL };
	const struct ynode *n = ytree_get(root, "shape");
	const struct ynode *cn = ytree_get(root, "corner_mm");
	int k = c->t->shape == SHAPE_CIRCLE ? 2 : 0;

	if (!tmpl_get_enum(c, n, "shape", names, &k))
		return false;
	*kp = k;
	c->t->shape = k == 2 ? SHAPE_CIRCLE : k == 3 ? SHAPE_HEX : SHAPE_RECT;
	if (k == 2 && fabs(c->t->w - c->t->h) > 1e-6) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "shape", "a circle needs "
		    "the same width and height, not %g x %g mm",
		    TO_MM(c->t->w), TO_MM(c->t->h));
		return false;
	}
	if (k == 1)
		c->t->corner = MM(3);
	if (cn != NULL && k != 1) {
		diag_add(c->d, DIAG_ERROR, &cn->pos, "shape", "corner_mm is "
		    "for shape: rounded");
		return false;
	}
	if (!tmpl_get_mm(c, cn, "corner_mm", &c->t->corner))
		return false;
	if (c->t->corner * 2 > (c->t->w < c->t->h ? c->t->w : c->t->h)) {
		diag_add(c->d, DIAG_ERROR, &cn->pos, "shape", "corner_mm %g "
		    "is more than half the component's side", TO_MM(
		    c->t->corner));
		return false;
	}
	return true;
}

/* A die or a tuck box is printed on one side: back is an error. */
static bool
no_back(struct tctx *c, const struct ynode *root)
{
	const struct ynode *n = ytree_get(root, "back");

	if (n == NULL || (c->t->faces == 0 && !c->t->tuck))
		return true;
	diag_add(c->d, DIAG_ERROR, &n->pos, "shape", "%s is printed on one "
	    "side: give its faces in front, not back", c->t->tuck ?
	    "a tuck box" : "a die");
	return false;
}

static struct tmpl *load(const struct confine *conf, const char *path,
		    const char *const *const *fams, const char *const *fixed,
		    void (*want)(void *ctx, const char *family), void *ctx,
		    const struct iconmap *icons, struct diags *d);

struct tmpl *
tmpl_load(const struct confine *conf, const char *path,
    const char *const *families,
    const struct iconmap *icons, struct diags *d)
{
	return load(conf, path, NULL, families, NULL, NULL, icons, d);
}

struct tmpl *
tmpl_load_want(const struct confine *conf, const char *path,
    const char *const *const *fams, void (*want)(void *ctx,
    const char *family), void *ctx, const struct iconmap *icons,
    struct diags *d)
{
	return load(conf, path, fams, NULL, want, ctx, icons, d);
}

/* Either: fams NULL, the list fixed kept with the layout. */
static struct tmpl *
load(const struct confine *conf, const char *path,
    const char *const *const *fams, const char *const *fixed,
    void (*want)(void *ctx, const char *family), void *ctx,
    const struct iconmap *icons, struct diags *d)
{
	struct tmpl *t = xcalloc(1, sizeof(*t));
	struct tctx c = { .t = t, .icons = icons, .d = d, .want = want,
	    .want_ctx = ctx, .a = &t->arena };
	const char *const **keep;
	const struct ynode *root;
	size_t nerr = d->nerr;
	bool ok, fb;
	int shape = TMPL_SHAPE_RECT;

	if (fams == NULL) {
		keep = arena_alloc(&t->arena, sizeof(*keep));
		*keep = fixed;
		fams = (const char *const *const *)keep;
	}
	c.fams = fams;
	t->file = diag_file(d, path);
	t->dpi = 300;
	root = ytree_load(&t->arena, conf, path, d);
	if (root != NULL)
		root = tmpl_compose(&t->arena, conf, path, root,
		    &tmpl_elem_keys, d);
	/* watch --serve draws again the faces of a layout that changed. */
	t->sig = ytree_hash(YTREE_HASH0, root);
	ok = root != NULL && ytree_expect(root, YNODE_MAP, "a layout", NULL, d);
	if (ok) {
		ok = ytree_check_keys(root, tmpl_keys, NULL, d) == 0;
		ok &= load_dpi(&c, ytree_get(root, "dpi"));
		ok &= load_size(&c, root) && load_shape(&c, root, &shape);
		t->bleed = MM(3);
		t->safe = MM(3);
		t->overlap = MM(10);
		ok &= tmpl_get_mm(&c, ytree_get(root, "bleed_mm"), "bleed_mm",
		    &t->bleed);
		t->back_bleed = t->bleed;
		ok &= tmpl_get_mm(&c, ytree_get(root, "back_bleed_mm"),
		    "back_bleed_mm", &t->back_bleed);
		ok &= tmpl_get_mm(&c, ytree_get(root, "safe_mm"), "safe_mm",
		    &t->safe);
		ok &= tmpl_get_bool(&c, ytree_get(root, "tile"), "tile",
		    &t->tile);
		ok &= tmpl_get_mm(&c, ytree_get(root, "overlap_mm"),
		    "overlap_mm", &t->overlap);
		ok = ok && tmpl_net_load(&c, root, shape);
	}
	if (ok)
		ok = load_palette(&c, ytree_get(root, "palette"));
	/* A wrong fallback: the elements are still read, so that every
	 * unknown family is said at once. */
	if (ok) {
		fb = tmpl_font_fallback(&c, ytree_get(root, "fallback"),
		    &c.fallback);
		ok &= load_face(&c, FACE_FRONT, ytree_get(root, "front"));
		ok &= load_face(&c, FACE_BACK, ytree_get(root, "back"));
		ok &= fb && no_back(&c, root);
	}
	/* Any error, even one that left a usable tree, fails the layout. */
	if (!ok || d->nerr > nerr) {
		tmpl_free(t);
		return NULL;
	}
	t->load = arena_alloc(&t->arena, sizeof(*t->load));
	*t->load = (struct tload){ c.fams, icons, c.fallback, want, ctx };
	return t;
}

void
tmpl_free(struct tmpl *t)
{
	if (t == NULL)
		return;
	arena_free(&t->arena);
	free(t);
}
