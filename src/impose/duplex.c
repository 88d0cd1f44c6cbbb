/* SPDX-License-Identifier: MIT */
/*
 * Duplex: where a component's back goes so that it lands behind its
 * front once the paper is turned.  Turning a portrait sheet over its
 * long edge mirrors left and right; over its short edge it mirrors top
 * and bottom and turns every back upside down.  Gutterfold puts the
 * back on the same page, mirrored about the fold line.  The same holds
 * for a card turned on its sheet, a token or a tile of a board: the
 * back is the front's place seen through the paper.
 */
#include <math.h>

#include "../hexagon.h"
#include "arrange.h"

bool
impose_duplex_cell(const struct grid *g, enum duplex mode, unsigned int row,
    unsigned int col, unsigned int *brow, unsigned int *bcol)
{
	if (mode == DUPLEX_SHORT) {
		*brow = g->rows - 1 - row;
		*bcol = col;
		return true;
	}
	if (mode == DUPLEX_FOLD) {
		/* The grid mirrored about its fold: the same cell. */
		*brow = row;
		*bcol = col;
		return g->fold == 'h';
	}
	/* Long edge; also for "none": the user turns the stack by hand. */
	*brow = row;
	*bcol = g->cols - 1 - col;
	return false;
}

/* Does mode mirror the page top to bottom (else left to right)? */
static bool
mirrors_rows(const struct grid *g, enum duplex mode)
{
	return mode == DUPLEX_SHORT || (mode == DUPLEX_FOLD && g->fold == 'h');
}

/* The position where the mirror puts a span [at, at + len). */
static double
mirror_at(const struct grid *g, enum duplex mode, double at, double len)
{
	double axis;

	if (mode == DUPLEX_FOLD)
		axis = 2 * g->fold_at;
	else
		axis = mirrors_rows(g, mode) ? g->paper_h : g->paper_w;
	return axis - at - len;
}

void
impose_duplex_grid(const struct grid *front, enum duplex mode,
    struct grid *back)
{
	double tw = (front->cols - 1) * front->pitch_x + front->card_w;
	double th = (front->rows - 1) * front->pitch_y + front->card_h;
	unsigned int n = front->nomarks;

	*back = *front;
	if (front->arrange != ARR_GRID)
		return;		/* their backs are placed one by one */
	/* A grid off centre lands mirrored; a centred one stays put. */
	if (mirrors_rows(front, mode)) {
		back->y0 = mirror_at(front, mode, front->y0, th);
		if (front->guide_bottom > front->guide_top) {
			back->guide_top = mirror_at(front, mode,
			    front->guide_bottom, 0);
			back->guide_bottom = mirror_at(front, mode,
			    front->guide_top, 0);
		}
		back->nomarks = (n & ~(SIDE_TOP | SIDE_BOTTOM)) |
		    (n & SIDE_TOP ? SIDE_BOTTOM : 0) |
		    (n & SIDE_BOTTOM ? SIDE_TOP : 0);
	} else {
		back->x0 = mirror_at(front, mode, front->x0, tw);
		back->nomarks = (n & ~(SIDE_LEFT | SIDE_RIGHT)) |
		    (n & SIDE_LEFT ? SIDE_RIGHT : 0) |
		    (n & SIDE_RIGHT ? SIDE_LEFT : 0);
	}
}

/*
 * The bleed a back keeps on a side where its front keeps f: a larger
 * back bleed wherever the front has all of its own (towards the margin
 * or an empty cell), never past the middle of a gutter.
 */
static double
back_side(const struct grid *g, double f)
{
	if (f >= g->bleed - 1e-9)
		return g->back_bleed;
	/* f is half the gap: the gutter's, or to a slot's neighbour. */
	return g->back_bleed < f ? g->back_bleed : f;
}

/*
 * A hex's back: the mirror puts front edge k's bleed on the back's edge
 * facing the mirrored way; a larger back bleed where the front keeps
 * all of its own, never more than the front keeps towards a neighbour.
 */
static void
hex_back(const struct grid *g, bool rows, const struct slot *f,
    struct slot *b)
{
	double nx, ny, kept;
	unsigned int k, m;

	for (k = 0; k < 6; k++) {
		hex_normal(g->card_w, g->card_h, k, &nx, &ny);
		m = hex_edge(g->card_w, g->card_h, rows ? nx : -nx, rows ?
		    -ny : ny);
		kept = f->grow[k];
		b->grow[m] = kept >= g->bleed - 1e-9 ? g->back_bleed :
		    fmin(g->back_bleed, kept);
	}
}

/* The back's clip: kept bleeds round a grid's cell, a ring, a tile. */
static void
back_clip(const struct grid *g, const struct slot *f, struct slot *b)
{
	double r, w, h;

	if (g->arrange == ARR_TILES)
		return;
	if (!f->round) {
		impose_placed(g, f, &w, &h);
		b->bl = back_side(g, b->bl);
		b->br = back_side(g, b->br);
		b->bt = back_side(g, b->bt);
		b->bb = back_side(g, b->bb);
		b->clip[0] = b->x - b->bl;
		b->clip[1] = b->y - b->bt;
		b->clip[2] = w + b->bl + b->br;
		b->clip[3] = h + b->bt + b->bb;
	} else {
		r = g->card_w / 2 + g->back_bleed;
		b->clip[0] += f->clip[2] / 2 - r;
		b->clip[1] += f->clip[3] / 2 - r;
		b->clip[2] = b->clip[3] = 2 * r;
	}
}

/*
 * The back's matrix is the front's between two mirrorings: first the
 * component's own (its back seen from behind, top still up), then the
 * paper's, about its long or short middle line, or about the fold.
 */
void
impose_duplex_slot(const struct grid *g, enum duplex mode, const struct slot *f,
    double w, struct slot *b)
{
	bool rows = mirrors_rows(g, mode);
	double axis = mode == DUPLEX_FOLD ? 2 * g->fold_at : rows ?
	    g->paper_h : g->paper_w, t, pw, ph;
	cairo_matrix_t own, paper, tmp;

	*b = *f;
	impose_placed(g, f, &pw, &ph);
	cairo_matrix_init(&own, -1, 0, 0, 1, w, 0);
	if (rows)
		cairo_matrix_init(&paper, 1, 0, 0, -1, 0, axis);
	else
		cairo_matrix_init(&paper, -1, 0, 0, 1, axis, 0);
	cairo_matrix_multiply(&tmp, &own, &f->m);
	cairo_matrix_multiply(&b->m, &tmp, &paper);
	if (rows) {
		b->y = axis - f->y - ph;
		b->clip[1] = axis - f->clip[1] - f->clip[3];
		t = b->bt;
		b->bt = b->bb;
		b->bb = t;
	} else {
		b->x = axis - f->x - pw;
		b->clip[0] = axis - f->clip[0] - f->clip[2];
		t = b->bl;
		b->bl = b->br;
		b->br = t;
	}
	if (f->hex)
		hex_back(g, rows, f, b);
	else
		back_clip(g, f, b);
	if (g->arrange == ARR_GRID)
		impose_duplex_cell(g, mode, f->row, f->col, &b->row, &b->col);
	b->turned = b->m.xx < -0.5 && b->m.yy < -0.5;
}
