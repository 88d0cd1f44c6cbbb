/* SPDX-License-Identifier: MIT */
/*
 * Duplex: where a component's back goes so that it lands behind its
 * front once the paper is turned.  Turning a portrait sheet over its
 * long edge mirrors left and right; over its short edge it mirrors top
 * and bottom and turns every back upside down.  The same holds for a
 * card turned on its sheet, a token or a tile of a board: the back is
 * the front's place seen through the paper.
 */
#include "impose.h"

bool
duplex_cell(const struct grid *g, enum duplex mode, unsigned int row,
    unsigned int col, unsigned int *brow, unsigned int *bcol)
{
	if (mode == DUPLEX_SHORT) {
		*brow = g->rows - 1 - row;
		*bcol = col;
		return true;
	}
	/* Long edge; also for "none": the user turns the stack by hand. */
	*brow = row;
	*bcol = g->cols - 1 - col;
	return false;
}

void
duplex_grid(const struct grid *front, enum duplex mode, struct grid *back)
{
	double tw = (front->cols - 1) * front->pitch_x + front->card_w;
	double th = (front->rows - 1) * front->pitch_y + front->card_h;

	*back = *front;
	if (front->arrange != ARR_GRID)
		return;		/* their backs are placed one by one */
	/* A grid off centre lands mirrored; a centred one stays put. */
	if (mode == DUPLEX_SHORT)
		back->y0 = front->paper_h - front->y0 - th;
	else
		back->x0 = front->paper_w - front->x0 - tw;
}

/*
 * The back's matrix is the front's between two mirrorings: first the
 * component's own (its back seen from behind, top still up), then the
 * paper's, about its long or short middle line.
 */
void
duplex_slot(const struct grid *g, enum duplex mode, const struct slot *f,
    double w, struct slot *b)
{
	bool shrt = mode == DUPLEX_SHORT;
	cairo_matrix_t own, paper, tmp;
	double t;

	*b = *f;
	cairo_matrix_init(&own, -1, 0, 0, 1, w, 0);
	if (shrt)
		cairo_matrix_init(&paper, 1, 0, 0, -1, 0, g->paper_h);
	else
		cairo_matrix_init(&paper, -1, 0, 0, 1, g->paper_w, 0);
	cairo_matrix_multiply(&tmp, &own, &f->m);
	cairo_matrix_multiply(&b->m, &tmp, &paper);
	if (shrt) {
		b->y = g->paper_h - f->y - g->card_h;
		b->clip[1] = g->paper_h - f->clip[1] - f->clip[3];
		t = b->bt;
		b->bt = b->bb;
		b->bb = t;
	} else {
		b->x = g->paper_w - f->x - g->card_w;
		b->clip[0] = g->paper_w - f->clip[0] - f->clip[2];
		t = b->bl;
		b->bl = b->br;
		b->br = t;
	}
	if (g->arrange == ARR_GRID)
		duplex_cell(g, mode, f->row, f->col, &b->row, &b->col);
	b->turned = b->m.xx < -0.5 && b->m.yy < -0.5;
}
