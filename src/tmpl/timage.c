/* SPDX-License-Identifier: MIT */
/*
 * The part of its image an image element shows: crop_px or crop_mm (a
 * rectangle of it), sprite (one cell of a regular sheet, of the crop or
 * the whole image) and svg_id (one element of an SVG), each value a
 * number or an expression over the card's data.  Whether the part lies
 * on the image is known only once the image is read (load/imgpart.c).
 * Part of the template stage, for telem.c.
 */
#include <math.h>
#include <string.h>

#include "tctx.h"

/* Cells of a sprite sheet a side: more is a typo, not a sheet. */
#define SPRITE_MAX	1000

/* crop_px or crop_mm: [x, y, w, h], w and h more than 0, x and y not
 * negative (a card's values are checked when they are known). */
static bool
get_crop(struct tctx *c, struct elem *e, const struct ynode *n, bool mm)
{
	const char *what = mm ? "crop_mm" : "crop_px";
	size_t i;

	if (n->type != YNODE_SEQ || n->n != 4) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "crop", "%s must be [x, y, "
		    "width, height] %s from the image's top-left", what,
		    mm ? "in mm" : "in the image's pixels");
		return false;
	}
	for (i = 0; i < 4; i++)
		if (!tmpl_num(c, n->items[i], what, mm ? UNIT_MM : UNIT_NONE,
		    &e->crop[i]))
			return false;
	e->crop_mm = mm;
	e->crop_pos = n->pos;
	if (isnan(e->crop[0] + e->crop[1] + e->crop[2] + e->crop[3]) ||
	    (e->crop[0] >= 0 && e->crop[1] >= 0 && e->crop[2] > 0 &&
	    e->crop[3] > 0))
		return true;
	diag_add(c->d, DIAG_ERROR, &n->pos, "crop", "%s [%g, %g, %g, %g] "
	    "must have x, y at least 0 and a width and height over 0", what,
	    e->crop[0], e->crop[1], e->crop[2], e->crop[3]);
	return false;
}

/* A whole number from lo to hi of a sprite, or a card's (NAN). */
static bool
get_whole(struct tctx *c, const struct ynode *n, const char *what, double lo,
    double hi, double *v)
{
	if (!tmpl_num(c, n, what, UNIT_NONE, v))
		return false;
	if (isnan(*v) || (*v >= lo && *v <= hi && *v == floor(*v)))
		return true;
	if (!tmpl_said_range(c, n, what, *v, lo, hi))
		diag_add(c->d, DIAG_ERROR, &n->pos, "sprite", "%s must be a "
		    "whole number from %g to %g, not %g", what, lo, hi, *v);
	return false;
}

/*
 * sprite: {cols: C, rows: R, index: I}: cell I (from 1, row by row,
 * left to right) of a sheet of C x R equal cells.
 */
static bool
get_sprite(struct tctx *c, struct elem *e, const struct ynode *n)
{
	static const char *const keys[] = { "cols", "rows", "index", NULL };
	const struct ynode *in;
	double cells;

	if (!ytree_expect(n, YNODE_MAP, "sprite", NULL, c->d) ||
	    ytree_check_keys(n, keys, NULL, c->d) > 0)
		return false;
	if (ytree_get(n, "cols") == NULL || ytree_get(n, "rows") == NULL ||
	    (in = ytree_get(n, "index")) == NULL) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "sprite", "a sprite is "
		    "{cols: C, rows: R, index: I}, I from 1 to C x R");
		return false;
	}
	if (!get_whole(c, ytree_get(n, "cols"), "sprite cols", 1, SPRITE_MAX,
	    &e->sprite[0]) || !get_whole(c, ytree_get(n, "rows"),
	    "sprite rows", 1, SPRITE_MAX, &e->sprite[1]))
		return false;
	cells = e->sprite[0] * e->sprite[1];
	e->sprite_pos = in->pos;
	if (!get_whole(c, in, "sprite index", 1, isnan(cells) ? HUGE_VAL :
	    cells, &e->sprite[2]))
		return false;
	return true;
}

/* svg_id: a text, or the card's ("{icon}"). */
static bool
get_svg_id(struct tctx *c, struct elem *e, const struct ynode *n)
{
	if (!tmpl_scalar(c, &n, "svg_id"))
		return false;
	if (n == NULL)
		return true;	/* a card's: read for each */
	if (!ytree_string(n, &e->svg_id, "svg_id", NULL, c->d))
		return false;
	if (*e->svg_id == '#')
		e->svg_id++;	/* as a URL names it */
	e->svg_id_pos = n->pos;
	if (*e->svg_id != '\0' && strpbrk(e->svg_id, " \t\n#") == NULL)
		return true;
	diag_add(c->d, DIAG_ERROR, &n->pos, "svg-id", "svg_id '%s' is not an "
	    "SVG element's id", e->svg_id);
	return false;
}

bool
tmpl_image_part(struct tctx *c, struct elem *e, const struct ynode *n)
{
	const struct ynode *px = ytree_get(n, "crop_px");
	const struct ynode *mm = ytree_get(n, "crop_mm");
	const struct ynode *sp = ytree_get(n, "sprite");
	const struct ynode *id = ytree_get(n, "svg_id");
	bool ok = true;

	if (px != NULL && mm != NULL) {
		diag_add(c->d, DIAG_ERROR, &mm->pos, "crop", "an image is "
		    "cropped by crop_px or crop_mm, not both");
		return false;
	}
	if (px != NULL || mm != NULL)
		ok &= get_crop(c, e, px != NULL ? px : mm, mm != NULL);
	if (sp != NULL)
		ok &= get_sprite(c, e, sp);
	if (id != NULL)
		ok &= get_svg_id(c, e, id);
	return ok;
}
