/* SPDX-License-Identifier: MIT */
/*
 * The impose stage: where cards sit on a sheet, which bleed each keeps,
 * where crop marks go, and where each back lands for duplex printing.
 */
#ifndef DECKPRESS_IMPOSE_H
#define DECKPRESS_IMPOSE_H

#include <cairo.h>

#include "../render/render.h"

/* The card grid of one side of a sheet. */
struct grid {
	double		paper_w, paper_h;	/* pt */
	double		x0, y0;		/* pt, trim top-left of cell (0, 0) */
	double		card_w, card_h;	/* pt, trim */
	double		pitch_x, pitch_y; /* pt, trim to next trim */
	double		bleed;		/* pt, the template's bleed */
	double		gutter;		/* pt */
	unsigned int	cols, rows;
};

/* One card's place on a page and the bleed it keeps on each side. */
struct slot {
	unsigned int	row, col;
	double		x, y;		/* pt, trim top-left on the page */
	double		bl, bt, br, bb;	/* pt, bleed kept left/top/right/bottom */
	bool		turned;		/* drawn turned by 180 degrees */
};

/*
 * Centre the grid of the sheet on its paper for cards of w x h pt with
 * the given bleed.  An error (at the sheet file) if the cards, their
 * bleed and the gap before the crop marks do not fit inside the paper's
 * printable area; the marks themselves may run on into the edge band
 * (at least part of each prints), with guides to the paper edge.
 */
bool	impose_grid(const struct sheet *s, double w, double h, double bleed,
	    struct grid *g, struct diags *d);

/*
 * The slot of cell (row, col).  filled[row * cols + col] tells which
 * cells hold a card: a card keeps its full bleed towards an empty cell
 * or the margin, and half the gutter towards a neighbour.
 */
void	grid_slot(const struct grid *g, unsigned int row, unsigned int col,
	    const bool *filled, struct slot *out);

/*
 * A note in the top margin of page grid g, between the printable edge
 * and the crop marks, centred: a draft says so on every sheet.
 */
void	impose_note(cairo_t *cr, PangoContext *ctx, const struct grid *g,
	    const struct sheet *s, const char *text);

/* Crop marks and guides on the extensions of every trim line. */
void	impose_marks(cairo_t *cr, const struct grid *g, const struct sheet *s);

/*
 * Where the back of the card in front cell (row, col) goes on the back
 * page: long-edge flip mirrors columns, short-edge flip mirrors rows
 * and turns the card; none prints backs as for a long-edge flip, by
 * hand.  Sets *brow, *bcol and returns whether the back is turned.
 */
bool	duplex_cell(const struct grid *g, enum duplex mode, unsigned int row,
	    unsigned int col, unsigned int *brow, unsigned int *bcol);

/* The back page's grid: the front's, mirrored as the paper turns. */
void	duplex_grid(const struct grid *front, enum duplex mode,
	    struct grid *back);

/* One card face placed on a page. */
struct placement {
	size_t		card;		/* index into the laid-out faces */
	struct slot	slot;
};

struct page {
	enum face		 face;
	struct grid		 grid;
	struct placement	*v;
	size_t			 n;
};

struct plan {
	struct page	*pages;
	size_t		 n;
};

/*
 * Plan the pages for the cards seq[0..n) (card indices, one per copy,
 * in print order) on grid g.  With backs, each front sheet is followed
 * by its back sheet, or for DUPLEX_NONE all backs follow all fronts in
 * the same sheet order.  Free with plan_free().
 */
void	impose_plan(const struct grid *g, enum duplex mode, bool backs,
	    const size_t *seq, size_t n, struct plan *out);
void	plan_free(struct plan *p);

/*
 * Draw page pg: every placement's face from faces[] (indexed by card),
 * clipped to its trim and kept bleed, turned where the slot says,
 * then the crop marks.
 */
void	impose_page(cairo_t *cr, PangoContext *ctx, const struct page *pg,
	    const struct laid *faces, const struct sheet *s);

#endif
