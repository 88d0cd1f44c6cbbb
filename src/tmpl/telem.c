/* SPDX-License-Identifier: MIT */
/*
 * Load one element of a layout's face: its type, when, box and turn,
 * then the keys of its type (rect, text, icon, space, image; shapes in
 * shapes.c), lengths read in mm (or with a unit, or from data: tdyn.c)
 * and kept in points.  trepeat.c calls it once for each repeat, and
 * again for each card when a value names the card's data.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tctx.h"

/* Every element's keys start with these: its type, condition, turn,
 * repeat. */
#define ELEM_KEYS	"type", "when", "rotate_deg", "pivot_mm", "flip", \
			"repeat", "panel"
/* What a picture (image, icon, shape) is, for a reader. */
#define ALT_KEYS	"alt", "decorative"
/* A rect's or shape's paint. */
#define PAINT_KEYS	"fill", "stroke", "stroke_mm", "dash_mm", "opacity", \
			"join", "cap"

static const char *const rect_keys[] = { ELEM_KEYS, "box_mm", "bleed",
    PAINT_KEYS, "radius_mm", ALT_KEYS, NULL };
static const char *const text_keys[] = { ELEM_KEYS, "box_mm", "field",
    "string", "text", "numbering",
    "font", "bold", "italic", "size_pt", "color", "align", "valign",
    "upper", "leading", "weight", "fallback", "stroke", "stroke_mm",
    "stroke_first", NULL };
static const char *const icon_keys[] = { ELEM_KEYS, "box_mm", "icon",
    "color", "mirror", ALT_KEYS, NULL };
static const char *const space_keys[] = { ELEM_KEYS, "at_mm",
    "component", "clearance_mm", "fill", "stroke", "stroke_mm", "radius_mm",
    "dash", NULL };
static const char *const image_keys[] = { ELEM_KEYS, "box_mm",
    "file", "svg", "fit", "clip", "bleed", "crop_px", "crop_mm", "sprite",
    "svg_id", "opacity", "blend", "tint", "missing", ALT_KEYS, NULL };
/* A line has no inside to fill. */
static const char *const line_keys[] = { ELEM_KEYS, "from_mm", "to_mm",
    "cap", "bleed", "stroke", "stroke_mm", "dash_mm", "opacity", ALT_KEYS,
    NULL };
static const char *const circle_keys[] = { ELEM_KEYS, "box_mm", "bleed",
    PAINT_KEYS, "arc", ALT_KEYS, NULL };
static const char *const polygon_keys[] = { ELEM_KEYS, "points_mm",
    "bleed", PAINT_KEYS, ALT_KEYS, NULL };
static const char *const star_keys[] = { ELEM_KEYS, "box_mm", "points",
    "inner", "bleed", PAINT_KEYS, ALT_KEYS, NULL };
static const char *const path_keys[] = { ELEM_KEYS, "d", "bleed",
    PAINT_KEYS, ALT_KEYS, NULL };
static const char *const types[] = { "rect", "text", "icon", "space",
    "image", "line", "circle", "polygon", "star", "path", NULL };
/* The keys of each type, in the order of types[]. */
static const char *const *const type_keys[] = { rect_keys, text_keys,
    icon_keys, space_keys, image_keys, line_keys, circle_keys,
    polygon_keys, star_keys, path_keys };
/* What composing a layout needs to know of them (compose.c). */
const struct elem_keys tmpl_elem_keys = { types, type_keys };

static bool
get_box(struct tctx *c, struct elem *e, const struct ynode *n)
{
	double v[4];
	size_t i;

	if (n == NULL) {
		e->w = c->t->face_w;
		e->h = c->t->face_h;
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
	    v[0] + v[2] > TO_MM(c->t->face_w) + 50 ||
	    v[1] + v[3] > TO_MM(c->t->face_h) + 50) {
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

/* The widest outline a text takes, in mm: wider ones fill letters in. */
#define TEXT_STROKE_MAX	5

/*
 * A text's paint: color, a colour or a gradient across its box (as a
 * shape's fill); stroke, its letters' outline, stroke_mm wide where it
 * shows (0.3 mm unless given), under the fill unless stroke_first is
 * false.
 */
static bool
get_text_paint(struct tctx *c, struct elem *e, const struct ynode *n)
{
	const struct ynode *col = ytree_get(n, "color");
	const struct ynode *sw = ytree_get(n, "stroke_mm");
	double v = 0.3;
	bool first = true, ok = true;

	e->color.rgba.a = 1;
	ok &= tmpl_get_fill(c, e, col, "color", &e->color);
	ok &= tmpl_get_paint(c, ytree_get(n, "stroke"), "stroke", &e->stroke);
	ok &= tmpl_get_bool(c, ytree_get(n, "stroke_first"), "stroke_first",
	    &first);
	e->stroke_over = !first;
	if (sw != NULL && !tmpl_num(c, sw, "stroke_mm", UNIT_MM, &v))
		return false;
	if (isnan(v) || (v >= 0 && v <= TEXT_STROKE_MAX)) {
		e->stroke_w = MM(v);
		return ok;
	}
	if (!tmpl_said_range(c, sw, "stroke_mm", v, 0, TEXT_STROKE_MAX))
		diag_add(c->d, DIAG_ERROR, &sw->pos, "range", "a text's "
		    "stroke_mm must be from 0 to %d mm, not %g",
		    TEXT_STROKE_MAX, v);
	return false;
}

static bool
load_text(struct tctx *c, struct elem *e, const struct ynode *n)
{
	static const char *const ha[] = { "left", "center", "right",
	    "justify", NULL };
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
	ok &= get_text_paint(c, e, n);
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
 * How an image paints: opacity (0..1), blend (Cairo's operators by
 * their CSS names), tint (its alpha painted in one colour, kept as its
 * color) and missing (error|placeholder: a file that does not exist
 * drawn as a placeholder box, with a warning).
 */
static bool
image_paint(struct tctx *c, struct elem *e, const struct ynode *n)
{
	static const char *const blends[] = { "normal", "multiply", "screen",
	    "overlay", "darken", "lighten", "color-dodge", "color-burn",
	    "hard-light", "soft-light", "difference", "exclusion", "hue",
	    "saturation", "color", "luminosity", NULL };
	static const char *const missings[] = { "error", "placeholder",
	    NULL };
	int blend = BLEND_NORMAL, missing = 0;
	bool ok = true;

	ok &= tmpl_get_opacity(c, e, ytree_get(n, "opacity"));
	ok &= tmpl_get_enum(c, ytree_get(n, "blend"), "blend", blends,
	    &blend);
	ok &= tmpl_get_paint(c, ytree_get(n, "tint"), "tint", &e->color);
	ok &= tmpl_get_enum(c, ytree_get(n, "missing"), "missing", missings,
	    &missing);
	e->blend = (unsigned char)blend;
	e->placeholder = missing == 1;
	return ok;
}

/*
 * image: file (a template, "art/{id}.png": every card its own art, read
 * relative to the deck's folder) or svg (the text of a small SVG),
 * fit contain|cover|stretch, clip box|bleed|none, bleed (the box over
 * the bleed, as a rect's), the part of it shown (timage.c) and how it
 * paints (image_paint()).
 */
static bool
load_image(struct tctx *c, struct elem *e, const struct ynode *n)
{
	static const char *const fits[] = { "contain", "cover", "stretch",
	    NULL };
	static const char *const clips[] = { "box", "bleed", "none", NULL };
	const struct ynode *f = ytree_get(n, "file");
	const struct ynode *svg = ytree_get(n, "svg");
	int fit = FIT_CONTAIN, clip = CLIP_BOX;
	bool ok = true;

	if ((f == NULL) == (svg == NULL)) {
		diag_add(c->d, DIAG_ERROR, svg != NULL ? &svg->pos : &n->pos,
		    "missing", "an image element names its 'file' (PNG, JPEG "
		    "or SVG) or has its 'svg' text, one of the two");
		return false;
	}
	if (f != NULL) {
		ok &= ytree_string(f, &e->file, "file", NULL, c->d);
		e->file_pos = f->pos;
		e->file = tmpl_rep_subst(c, e->file);
	} else {
		ok &= ytree_string(svg, &e->svg, "svg", NULL, c->d);
		e->file_pos = svg->pos;
	}
	ok &= tmpl_image_part(c, e, n);
	ok &= tmpl_get_enum(c, ytree_get(n, "fit"), "fit", fits, &fit);
	ok &= tmpl_get_enum(c, ytree_get(n, "clip"), "clip", clips, &clip);
	ok &= tmpl_get_bool(c, ytree_get(n, "bleed"), "bleed", &e->bleed);
	e->fit = (enum fit)fit;
	e->clip = (enum clip)clip;
	return image_paint(c, e, n) && ok;
}

/*
 * alt: (a template: "Team: {team}", read for each card when laid out)
 * and decorative: of a picture; not both, and no empty alt text.
 */
static bool
get_alt(struct tctx *c, struct elem *e, const struct ynode *n)
{
	const struct ynode *a = ytree_get(n, "alt");
	const char *s;

	if (!tmpl_get_bool(c, ytree_get(n, "decorative"), "decorative",
	    &e->decorative))
		return false;
	if (a == NULL)
		return true;
	if (!ytree_string(a, &s, "alt", NULL, c->d))
		return false;
	if (*s == '\0' || e->decorative) {
		diag_add(c->d, DIAG_ERROR, &a->pos, "alt", "alt: is what a "
		    "reader hears for the picture: %s", *s == '\0' ?
		    "not empty (decorative: true for a picture that says "
		    "nothing)" : "a picture with it is not decorative");
		return false;
	}
	e->alt = tmpl_rep_subst(c, s);
	return true;
}

bool
tmpl_elem_load(struct tctx *c, struct elem *e, const struct ynode *n)
{
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
	if (ytree_check_keys(n, type_keys[type], NULL, c->d) > 0)
		ok = false;
	/* A line, polygon or path has its box around its points. */
	pts = e->type == ELEM_LINE || e->type == ELEM_POLYGON ||
	    e->type == ELEM_PATH;
	if (e->type != ELEM_SPACE && !pts)
		ok &= get_box(c, e, ytree_get(n, "box_mm"));
	ok &= tmpl_get_when(c, e, ytree_get(n, "when"));
	ok &= tmpl_net_panel(c, e, ytree_get(n, "panel"));
	if (e->type != ELEM_TEXT && e->type != ELEM_SPACE)
		ok &= get_alt(c, e, n);
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
