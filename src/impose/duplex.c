/* SPDX-License-Identifier: MIT */
/*
 * Duplex: where a card's back goes so that it lands behind its front
 * once the paper is turned.  Turning a portrait sheet over its long
 * edge mirrors left and right; over its short edge it mirrors top and
 * bottom and turns every back upside down.
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
	/* A grid off centre lands mirrored; a centred one stays put. */
	if (mode == DUPLEX_SHORT)
		back->y0 = front->paper_h - front->y0 - th;
	else
		back->x0 = front->paper_w - front->x0 - tw;
}
