/* SPDX-License-Identifier: MIT */
/*
 * The image an image element shows on a card, and the part of it: its
 * file (in the deck's folder or beside the layout, the card's {id} and
 * attributes filled in) or its svg text, one element of an SVG
 * (svg_id), a rectangle (crop_px, crop_mm) and a cell of a sprite
 * sheet, the crop checked against the image's size.  Binding checks
 * every card's with it (bind.c); layout takes the same to draw.  Part
 * of the load stage.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../art/art.h"
#include "../markup/markup.h"
#include "load.h"

/* {id} and a card's attributes, for the file names of its images. */
static const char *
file_var(const void *ctx, const char *name)
{
	const struct card *c = ctx;

	return strcmp(name, "id") == 0 ? c->id : card_attr(c, name);
}

char *
load_image_path(const struct deck *deck, const struct tmpl *t,
    const struct elem *e, const struct card *c)
{
	char *name = markup_plain_subst(e->file, file_var, c), *p, *dir;

	if (g_path_is_absolute(name))
		return name;
	p = path_join(deck->dir, name);
	if (!file_exists(p) && t->file != NULL) {
		/* A layout's own frame or texture lies beside it. */
		dir = g_path_get_dirname(t->file);
		free(p);
		p = path_join(dir, name);
		g_free(dir);
		if (!file_exists(p)) {
			free(p);
			p = path_join(deck->dir, name);
		}
	}
	free(name);
	return p;
}

/* Rounding of a crop's edges computed in mm: not a pixel past it. */
#define EDGE_EPS	1e-6

/* The px of an image a mm is: an SVG's CSS px, a raster's at dpi. */
static double
px_per_mm(const struct tmpl *t, const struct image *img)
{
	return (img->kind == IMG_SVG ? 96 : t->dpi) / 25.4;
}

bool
load_image_src(const struct tmpl *t, const struct elem *e,
    const struct image *img, double src[4])
{
	double k = e->crop_mm ? px_per_mm(t, img) : 1, cw, ch, i;
	size_t j;

	src[0] = src[1] = 0;
	src[2] = img->w_px;
	src[3] = img->h_px;
	if (e->crop[2] > 0) {
		for (j = 0; j < 4; j++)
			src[j] = e->crop[j] * k;
		if (src[0] + src[2] > img->w_px + EDGE_EPS ||
		    src[1] + src[3] > img->h_px + EDGE_EPS)
			return false;
	}
	if (e->sprite[0] >= 1) {
		/* Cell index (from 1), row by row. */
		cw = src[2] / e->sprite[0];
		ch = src[3] / e->sprite[1];
		i = e->sprite[2] - 1;
		src[0] += fmod(i, e->sprite[0]) * cw;
		src[1] += floor(i / e->sprite[0]) * ch;
		src[2] = cw;
		src[3] = ch;
	}
	return true;
}

/* A crop past the edge of img: said at the crop, with both sizes. */
static void
crop_outside(const struct tmpl *t, const struct elem *e,
    const struct image *img, const char *ctx, struct diags *d)
{
	double k = px_per_mm(t, img);

	if (e->crop_mm)
		diag_add(d, DIAG_ERROR, &e->crop_pos, "crop", "%s%scrop_mm "
		    "[%g, %g, %g, %g] reaches past the edge of image %s, "
		    "%g x %g mm (%g x %g px at %g px to the inch)",
		    CTX_FMT(ctx), e->crop[0], e->crop[1], e->crop[2],
		    e->crop[3], img->path, img->w_px / k, img->h_px / k,
		    img->w_px, img->h_px, k * 25.4);
	else
		diag_add(d, DIAG_ERROR, &e->crop_pos, "crop", "%s%scrop_px "
		    "[%g, %g, %g, %g] reaches past the edge of image %s, "
		    "%g x %g px", CTX_FMT(ctx), e->crop[0], e->crop[1],
		    e->crop[2], e->crop[3], img->path, img->w_px, img->h_px);
}

bool
load_placeholder(const struct deck *deck, const struct elem *e)
{
	return deck->placeholders || e->placeholder;
}

const struct image *
load_elem_image(const struct deck *deck, const struct tmpl *t,
    const struct elem *e, const struct card *c, struct images *images,
    const struct srcpos *pos, struct diags *d, double src[4])
{
	const struct image *img;
	double whole[4];
	char *path;

	if (e->svg != NULL)
		img = art_load_svg_text(images, e->svg, pos, c->label, d);
	else {
		path = load_image_path(deck, t, e, c);
		img = art_load_draft(images, path, pos, c->label,
		    load_placeholder(deck, e), d);
		free(path);
		/* A placeholder's box is the element's: no part of it. */
		if (img != NULL && img->missing)
			return img;
	}
	if (img != NULL && e->svg_id != NULL)
		img = art_svg_part(img, e->svg_id, &e->svg_id_pos, c->label,
		    d);
	if (img == NULL)
		return NULL;
	if (!load_image_src(t, e, img, whole)) {
		crop_outside(t, e, img, c->label, d);
		return NULL;
	}
	return art_raster_part(img, whole, src);
}
