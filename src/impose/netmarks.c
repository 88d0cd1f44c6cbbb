/* SPDX-License-Identifier: MIT */
/*
 * The lines of a net on its sheet, in place of crop marks: its flaps
 * painted over whatever bleed reached them (glue tabs light grey, so
 * that one sees where glue goes), its outline solid to cut along, its
 * folds dashed.  Part of the impose stage.
 */
#include "../net/net.h"
#include "arrange.h"

/* Dashes of a fold: long enough to read as a fold, not as a cut. */
#define FOLD_DASH	MM(1.5)
#define FOLD_GAP	MM(1)
/* A glue tab's grey: light, so a face's colour beside it reads. */
#define GLUE_GREY	0.82

static void
segs(cairo_t *cr, const struct net_seg *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		cairo_move_to(cr, v[i].x0, v[i].y0);
		cairo_line_to(cr, v[i].x1, v[i].y1);
	}
}

/* The flaps, white or (glue) grey, over the faces' bleed. */
static void
flaps(cairo_t *cr, const struct net *n)
{
	size_t i, k;

	for (i = 0; i < n->ntabs; i++) {
		for (k = 0; k < 4; k++)
			cairo_line_to(cr, n->tabs[i].pts[2 * k],
			    n->tabs[i].pts[2 * k + 1]);
		cairo_close_path(cr);
		if (n->tabs[i].glue)
			cairo_set_source_rgb(cr, GLUE_GREY, GLUE_GREY,
			    GLUE_GREY);
		else
			cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_fill(cr);
	}
}

void
impose_net_lines(cairo_t *cr, const struct slot *sl, const struct net *n,
    const struct sheet *s)
{
	const double dash[2] = { FOLD_DASH, FOLD_GAP };

	cairo_save(cr);
	cairo_new_path(cr);
	cairo_transform(cr, &sl->m);
	flaps(cr, n);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, s->mark_width);
	/* Square ends: the cut's corners close where its lines meet. */
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
	segs(cr, n->cuts, n->ncuts);
	cairo_stroke(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_set_dash(cr, dash, 2, 0);
	segs(cr, n->folds, n->nfolds);
	cairo_stroke(cr);
	cairo_restore(cr);
}
