/* SPDX-License-Identifier: MIT */
/*
 * Load a template (layouts/<name>.yaml): a component's size and shape
 * (a card, a board, a round token, a sheet of paper), bleed, safe zone
 * and the elements of the front and the back, converted from mm to
 * points.  Fonts (tfont.c) and icons are checked against what
 * the deck can use.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    "corner_mm", "bleed_mm", "back_bleed_mm", "safe_mm", "tile",
    "overlap_mm", "palette", "front", "back", "fallback", "dpi", NULL };
/* Every element's keys start with these: its type, condition, turn,
 * repeat. */
#define ELEM_KEYS	"type", "when", "rotate_deg", "pivot_mm", "flip", \
			"repeat"
/* A rect's or shape's paint. */
#define PAINT_KEYS	"fill", "stroke", "stroke_mm", "dash_mm", "opacity"

static const char *const rect_keys[] = { ELEM_KEYS, "box_mm", "bleed",
    PAINT_KEYS, "radius_mm", NULL };
static const char *const text_keys[] = { ELEM_KEYS, "box_mm", "field",
    "string", "text", "numbering",
    "font", "bold", "italic", "size_pt", "color", "align", "valign",
    "upper", "leading", "weight", "fallback", NULL };
static const char *const icon_keys[] = { ELEM_KEYS, "box_mm", "icon",
    "color", "mirror", NULL };
static const char *const space_keys[] = { ELEM_KEYS, "at_mm",
    "component", "clearance_mm", "fill", "stroke", "stroke_mm", "radius_mm",
    "dash", NULL };
static const char *const image_keys[] = { ELEM_KEYS, "box_mm",
    "file", "fit", "clip", "bleed", NULL };
/* A line has no inside to fill. */
static const char *const line_keys[] = { ELEM_KEYS, "from_mm", "to_mm",
    "cap", "bleed", "stroke", "stroke_mm", "dash_mm", "opacity", NULL };
static const char *const circle_keys[] = { ELEM_KEYS, "box_mm", "bleed",
    PAINT_KEYS, NULL };
static const char *const polygon_keys[] = { ELEM_KEYS, "points_mm",
    "bleed", PAINT_KEYS, NULL };
static const char *const star_keys[] = { ELEM_KEYS, "box_mm", "points",
    "inner", "bleed", PAINT_KEYS, NULL };
static const char *const path_keys[] = { ELEM_KEYS, "d", "bleed",
    PAINT_KEYS, NULL };
static const char *const types[] = { "rect", "text", "icon", "space",
    "image", "line", "circle", "polygon", "star", "path", NULL };

/* palette: {name: "#rrggbb", ...}, so cards can say color: red. */
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
			diag_add(c->d, DIAG_ERROR, &n->pairs[i].val->pos,
			    "color", "palette colour '%s' is not like "
			    "\"#1d2733\"", v);
			return false;
		}
		c->t->pal_names[c->t->npal++] = n->pairs[i].key->str;
	}
	return true;
}

static bool
get_box(struct tctx *c, struct elem *e, const struct ynode *n)
{
	double v[4];
	size_t i;

	if (n == NULL) {
		e->w = c->t->w;
		e->h = c->t->h;
		return true;
	}
	if (n->type != YNODE_SEQ || n->n != 4) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "box", "box_mm must be "
		    "[x, y, width, height] in mm from the trim's top-left");
		return false;
	}
	for (i = 0; i < 4; i++)
		if (!tmpl_num(c, n->items[i], "box_mm", UNIT_MM, &v[i]))
			return false;
	/* A repeat's instance is moved by its step. */
	v[0] += c->ox;
	v[1] += c->oy;
	if (v[2] <= 0 || v[3] <= 0 || v[0] < -50 || v[1] < -50 ||
	    v[0] + v[2] > TO_MM(c->t->w) + 50 ||
	    v[1] + v[3] > TO_MM(c->t->h) + 50) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "box", "box_mm [%g, %g, "
		    "%g, %g] does not lie on the card", v[0], v[1], v[2],
		    v[3]);
		return false;
	}
	e->x = MM(v[0]);
	e->y = MM(v[1]);
	e->w = MM(v[2]);
	e->h = MM(v[3]);
	return true;
}

static bool
get_sizes(struct tctx *c, struct elem *e, const struct ynode *n)
{
	double v[2];
	size_t i;

	if (n == NULL) {
		diag_add(c->d, DIAG_ERROR, &e->pos, "missing",
		    "text element has no 'size_pt: [min, max]'");
		return false;
	}
	if (n->type == YNODE_SCALAR) {
		if (!tmpl_num(c, n, "size_pt", UNIT_PT, &v[0]))
			return false;
		v[1] = v[0];
	} else if (n->type == YNODE_SEQ && n->n == 2) {
		for (i = 0; i < 2; i++)
			if (!tmpl_num(c, n->items[i], "size_pt", UNIT_PT,
			    &v[i]))
				return false;
	} else {
		diag_add(c->d, DIAG_ERROR, &n->pos, "size",
		    "size_pt must be a size or [min, max] in points");
		return false;
	}
	if (v[0] < 2 || v[1] > 200 || v[0] > v[1]) {
		if (n->type == YNODE_SCALAR && tmpl_said_range(c, n, "size_pt",
		    v[0], 2, 200))
			return false;
		diag_add(c->d, DIAG_ERROR, &n->pos, "size",
		    "size_pt [%g, %g] must have 2 <= min <= max <= 200", v[0],
		    v[1]);
		return false;
	}
	e->size_min = v[0];
	e->size_max = v[1];
	return true;
}

/* Line spacing as a factor of the font's own. */
static bool
get_leading(struct tctx *c, struct elem *e, const struct ynode *n)
{
	e->leading = 1;
	if (n == NULL)
		return true;
	if (!tmpl_num(c, n, "leading", UNIT_NONE, &e->leading))
		return false;
	if (isnan(e->leading) || (e->leading >= 0.5 && e->leading <= 3))
		return true;
	if (tmpl_said_range(c, n, "leading", e->leading, 0.5, 3))
		return false;
	diag_add(c->d, DIAG_ERROR, &n->pos, "range", "leading must be "
	    "between 0.5 and 3, not %g", e->leading);
	return false;
}

static bool
load_text(struct tctx *c, struct elem *e, const struct ynode *n)
{
	static const char *const ha[] = { "left", "center", "right", NULL };
	static const char *const va[] = { "top", "middle", "bottom", NULL };
	/* {n} and {total} count copies (each its own number), or cards. */
	static const char *const nb[] = { "copies", "cards", NULL };
	const struct ynode *f = ytree_get(n, "field");
	const struct ynode *lit = ytree_get(n, "text");
	const struct ynode *str = ytree_get(n, "string");
	int h = HALIGN_CENTER, v = VALIGN_MIDDLE, by_card = 0;
	bool ok = true;

	if ((f != NULL) + (lit != NULL) + (str != NULL) != 1) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "missing", "a text element "
		    "shows one of a card's 'field', a 'string' its kind "
		    "shares or a fixed 'text'");
		ok = false;
	} else if (f != NULL)
		ok &= ytree_string(f, &e->field, "field", NULL, c->d);
	else if (str != NULL) {
		ok &= ytree_string(str, &e->string, "string", NULL, c->d);
		e->literal_pos = str->pos;
	} else {
		ok &= ytree_string(lit, &e->literal, "text", NULL, c->d);
		e->literal_pos = lit->pos;
		e->literal = tmpl_rep_subst(c, e->literal);
	}
	ok &= tmpl_get_enum(c, ytree_get(n, "numbering"), "numbering", nb,
	    &by_card);
	e->by_card = by_card == 1;
	ok &= tmpl_font(c, e, n);
	ok &= tmpl_get_bool(c, ytree_get(n, "upper"), "upper", &e->upper);
	ok &= get_sizes(c, e, ytree_get(n, "size_pt"));
	ok &= tmpl_get_enum(c, ytree_get(n, "align"), "align", ha, &h);
	ok &= tmpl_get_enum(c, ytree_get(n, "valign"), "valign", va, &v);
	ok &= get_leading(c, e, ytree_get(n, "leading"));
	e->halign = (enum halign)h;
	e->valign = (enum valign)v;
	e->color.rgba.a = 1;
	ok &= tmpl_get_paint(c, ytree_get(n, "color"), "color", &e->color);
	return ok && tmpl_shape_check_safe(c, e, ytree_get(n, "box_mm"));
}

static bool
load_icon(struct tctx *c, struct elem *e, const struct ynode *n)
{
	const struct ynode *in = ytree_get(n, "icon");
	const char *s, *hint;

	e->color.rgba.a = 1;
	if (!tmpl_get_paint(c, ytree_get(n, "color"), "color", &e->color) ||
	    !tmpl_get_bool(c, ytree_get(n, "mirror"), "mirror", &e->mirror))
		return false;
	if (in == NULL) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "missing",
		    "icon element has no 'icon'");
		return false;
	}
	if (!ytree_string(in, &s, "icon", NULL, c->d))
		return false;
	if ((e->icon_attr = tmpl_binding(c->a, s)) != NULL)
		return true;
	if ((e->codepoint = tmpl_icon_find(c->icons, s)) != 0)
		return true;
	hint = tmpl_icon_suggest(c->icons, s);
	diag_add(c->d, DIAG_ERROR, &in->pos, "icon", "unknown icon '%s'%s%s%s",
	    s, HINT_ARGS(hint));
	return false;
}

static bool
load_rect(struct tctx *c, struct elem *e, const struct ynode *n)
{
	bool ok = true;

	ok &= tmpl_get_bool(c, ytree_get(n, "bleed"), "bleed", &e->bleed);
	ok &= tmpl_shape_paint(c, e, n, MM(0.3));
	ok &= tmpl_get_mm(c, ytree_get(n, "radius_mm"), "radius_mm",
	    &e->radius);
	return ok;
}

/*
 * space: the outline of a component of another kind, at_mm its trim's
 * top-left; its size comes from that kind's template once all are
 * loaded (load_spaces), so a board never disagrees with its cards.
 */
static bool
load_space(struct tctx *c, struct elem *e, const struct ynode *n)
{
	const struct ynode *at = ytree_get(n, "at_mm"), *k;
	double v[2];
	size_t i;
	bool ok = true;

	if ((k = ytree_get(n, "component")) == NULL) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "missing", "a space names "
		    "the 'component' whose outline it draws");
		return false;
	}
	ok &= ytree_string(k, &e->kind, "component", NULL, c->d);
	e->kind_pos = k->pos;
	if (at == NULL || at->type != YNODE_SEQ || at->n != 2) {
		diag_add(c->d, DIAG_ERROR, at ? &at->pos : &n->pos, "box",
		    "a space needs at_mm: [x, y], the top-left of the "
		    "component's trim in mm");
		return false;
	}
	for (i = 0; i < 2; i++)
		if (!tmpl_num(c, at->items[i], "at_mm", UNIT_MM, &v[i]))
			return false;
	e->x = MM(v[0] + c->ox);
	e->y = MM(v[1] + c->oy);
	ok &= tmpl_get_mm(c, ytree_get(n, "clearance_mm"), "clearance_mm",
	    &e->clearance);
	ok &= tmpl_get_paint(c, ytree_get(n, "fill"), "fill", &e->fill);
	ok &= tmpl_get_paint(c, ytree_get(n, "stroke"), "stroke", &e->stroke);
	e->stroke_w = MM(0.5);
	ok &= tmpl_get_mm(c, ytree_get(n, "stroke_mm"), "stroke_mm",
	    &e->stroke_w);
	e->radius = -1;		/* the kind's own corner, unless given */
	ok &= tmpl_get_mm(c, ytree_get(n, "radius_mm"), "radius_mm",
	    &e->radius);
	ok &= tmpl_get_bool(c, ytree_get(n, "dash"), "dash", &e->dash);
	if (!e->stroke.set) {
		e->stroke.set = true;
		e->stroke.rgba = (struct rgba){ 0.2, 0.2, 0.2, 1 };
	}
	return ok;
}

/*
 * image: file (a template, "art/{id}.png": every card its own art, read
 * relative to the deck's folder), fit contain|cover|stretch, clip
 * box|bleed|none, bleed (the box over the bleed, as a rect's).
 */
static bool
load_image(struct tctx *c, struct elem *e, const struct ynode *n)
{
	static const char *const fits[] = { "contain", "cover", "stretch",
	    NULL };
	static const char *const clips[] = { "box", "bleed", "none", NULL };
	const struct ynode *f = ytree_get(n, "file");
	int fit = FIT_CONTAIN, clip = CLIP_BOX;
	bool ok = true;

	if (f == NULL) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "missing", "an image "
		    "element names its 'file' (PNG, JPEG or SVG)");
		return false;
	}
	ok &= ytree_string(f, &e->file, "file", NULL, c->d);
	e->file_pos = f->pos;
	e->file = tmpl_rep_subst(c, e->file);
	ok &= tmpl_get_enum(c, ytree_get(n, "fit"), "fit", fits, &fit);
	ok &= tmpl_get_enum(c, ytree_get(n, "clip"), "clip", clips, &clip);
	ok &= tmpl_get_bool(c, ytree_get(n, "bleed"), "bleed", &e->bleed);
	e->fit = (enum fit)fit;
	e->clip = (enum clip)clip;
	return ok;
}

bool
tmpl_elem_load(struct tctx *c, struct elem *e, const struct ynode *n)
{
	static const char *const *const keys[] = { rect_keys, text_keys,
	    icon_keys, space_keys, image_keys, line_keys, circle_keys,
	    polygon_keys, star_keys, path_keys };
	const struct ynode *tn;
	int type = 0;
	bool ok = true, pts;

	/* The slot of an element that failed is used again for the next:
	 * nothing of the failed one (its count of conditions) may stay. */
	memset(e, 0, sizeof(*e));
	if (!ytree_expect(n, YNODE_MAP, "an element", NULL, c->d))
		return false;
	e->pos = n->pos;
	e->opacity = 1;
	if ((tn = ytree_get(n, "type")) == NULL) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "missing", "element has "
		    "no 'type' (%s)", tmpl_choices(c->a, types, " or "));
		return false;
	}
	/* What an element is, the checks of the deck go by: not a card's. */
	if (tn->type == YNODE_SCALAR && tmpl_expr_has_ref(tn->str)) {
		diag_add(c->d, DIAG_ERROR, &tn->pos, "expr", "an element's "
		    "type is one of %s, not a value from data",
		    tmpl_choices(c->a, types, " or "));
		return false;
	}
	if (!tmpl_get_enum(c, tn, "element type", types, &type))
		return false;
	e->type = (enum elem_type)type;
	if (ytree_check_keys(n, keys[type], NULL, c->d) > 0)
		ok = false;
	/* A line, polygon or path has its box around its points. */
	pts = e->type == ELEM_LINE || e->type == ELEM_POLYGON ||
	    e->type == ELEM_PATH;
	if (e->type != ELEM_SPACE && !pts)
		ok &= get_box(c, e, ytree_get(n, "box_mm"));
	ok &= tmpl_get_when(c, e, ytree_get(n, "when"));
	if (ok && e->type >= ELEM_LINE) {
		ok = tmpl_get_bool(c, ytree_get(n, "bleed"), "bleed",
		    &e->bleed);
		return ok && tmpl_shape_load(c, e, n);
	}
	/* Turned before the text's safe zone is checked; a space's box
	 * is known only later: it turns about its at_mm or pivot_mm. */
	ok = ok && tmpl_shape_turn(c, e, n);
	if (!ok)
		return false;
	switch (e->type) {
	case ELEM_RECT:
		return load_rect(c, e, n);
	case ELEM_TEXT:
		return load_text(c, e, n);
	case ELEM_SPACE:
		return load_space(c, e, n);
	case ELEM_IMAGE:
		return load_image(c, e, n);
	default:
		return load_icon(c, e, n);
	}
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
	    "height") == 0 ? "height_mm" : "diameter_mm";
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
 * shape: rect (the default), rounded (corner_mm, default 3) or circle
 * (width and height equal; a diameter_mm size says circle itself).
 */
static bool
load_shape(struct tctx *c, const struct ynode *root)
{
	static const char *const names[] = { "rect", "rounded", "circle",
	    NULL };
	const struct ynode *n = ytree_get(root, "shape");
	const struct ynode *cn = ytree_get(root, "corner_mm");
	int k = c->t->shape == SHAPE_CIRCLE ? 2 : 0;

	if (!tmpl_get_enum(c, n, "shape", names, &k))
		return false;
	c->t->shape = k == 2 ? SHAPE_CIRCLE : SHAPE_RECT;
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

/*
 * fonts.c lists the family names, then a "Family\tstyle" entry for each
 * face: split them into c->families and c->faces.
 */
static void
split_faces(struct tctx *c)
{
	const char **names;
	size_t n = 0, i;

	while (c->families[n] != NULL && strchr(c->families[n], '\t') == NULL)
		n++;
	c->faces = c->families + n;
	names = arena_alloc(c->a, (n + 1) * sizeof(*names));
	for (i = 0; i < n; i++)
		names[i] = c->families[i];
	c->families = names;
}

struct tmpl *
tmpl_load(const struct confine *conf, const char *path,
    const char *const *families,
    const struct iconmap *icons, struct diags *d)
{
	return tmpl_load_want(conf, path, families, NULL, NULL, icons, d);
}

struct tmpl *
tmpl_load_want(const struct confine *conf, const char *path,
    const char *const *families, void (*want)(void *ctx, const char *family),
    void *ctx, const struct iconmap *icons, struct diags *d)
{
	struct tmpl *t = xcalloc(1, sizeof(*t));
	struct tctx c = { .t = t, .families = families, .faces = families,
	    .icons = icons, .d = d, .want = want, .want_ctx = ctx,
	    .a = &t->arena };
	const struct ynode *root;
	size_t nerr = d->nerr;
	bool ok, fb;

	t->file = diag_file(d, path);
	t->dpi = 300;
	split_faces(&c);
	root = ytree_load(&t->arena, conf, path, d);
	ok = root != NULL && ytree_expect(root, YNODE_MAP, "a layout", NULL, d);
	if (ok) {
		ok = ytree_check_keys(root, tmpl_keys, NULL, d) == 0;
		ok &= load_dpi(&c, ytree_get(root, "dpi"));
		ok &= load_size(&c, root) && load_shape(&c, root);
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
	}
	if (ok)
		ok = load_palette(&c, ytree_get(root, "palette"));
	/* A wrong fallback: the elements are still read, so that every
	 * unknown family is said at once. */
	if (ok) {
		fb = tmpl_font_fallback(&t->arena, c.families, ytree_get(root,
		    "fallback"), &c.fallback, d);
		ok &= load_face(&c, FACE_FRONT, ytree_get(root, "front"));
		ok &= load_face(&c, FACE_BACK, ytree_get(root, "back"));
		ok &= fb;
	}
	/* Any error, even one that left a usable tree, fails the layout. */
	if (!ok || d->nerr > nerr) {
		tmpl_free(t);
		return NULL;
	}
	t->load = arena_alloc(&t->arena, sizeof(*t->load));
	*t->load = (struct tload){ c.families, c.faces, icons, c.fallback,
	    want, ctx };
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
