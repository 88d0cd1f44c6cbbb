/* SPDX-License-Identifier: MIT */
/*
 * The impose stage: where the components of one kind sit on sheets of
 * paper -- rectangles on a grid, round tokens in rows, boards too large
 * for one sheet split into tiles -- which bleed each keeps, where crop
 * marks and cut lines go, and where each back lands for duplex printing.
 */
#ifndef DECKPRESS_IMPOSE_H
#define DECKPRESS_IMPOSE_H

#include <cairo.h>

#include "../render/render.h"

/* How the components of a kind are arranged on their sheets. */
enum arrange {
	ARR_GRID,	/* rectangles in rows and columns, crop marks */
	ARR_ROUND,	/* circles, square or hexagonal rows, cut circles;
			   hexes in a honeycomb, cut hexes */
	ARR_TILES,	/* one component over several sheets */
	ARR_SLOTS	/* at the sheet's slots, listed by hand */
};

/* The arrangement of one side of a sheet. */
struct grid {
	enum arrange	arrange;
	double		paper_w, paper_h;	/* pt */
	double		x0, y0;		/* pt: grid, trim top-left of cell
					   (0, 0); round, its centre */
	double		card_w, card_h;	/* pt, a cell's trim as placed:
					   turned if rotated */
	double		pitch_x, pitch_y; /* pt, cell to next cell (round:
					   in a row, row to row) */
	double		bleed;		/* pt, the bleed a front keeps */
	double		back_bleed;	/* pt, the bleed a back keeps */
	double		gutter;		/* pt, between trims (round: bleeds) */
	unsigned int	cols, rows;	/* round: cols of the even rows */
	unsigned int	odd_cols;	/* round: of the odd rows */
	unsigned int	ncells;		/* components per sheet */
	bool		rotated;	/* turned 90 degrees to fit more */
	bool		hex;		/* round: odd rows shifted by half */
	bool		hexes;		/* round: of hexes, in a honeycomb */
	bool		down;		/* round: the rows run down the page
					   (flat hexes) */
	bool		circles;	/* slots: of round components */
	const struct sprue *sprue;	/* slots: the sheet's, ncells of
					   them (borrowed) */
	bool		net;		/* grid: nets, cut on their outlines
					   and folded, no crop marks */
	/* tiles: one component over tcols x trows sheets */
	unsigned int	tcols, trows;
	double		span_x, span_y;	/* pt, the part of it a tile shows */
	double		win_x, win_y;	/* pt, where that part is on a page */
	double		overlap;	/* pt, glue strip of a tile */
	double		mark_gap, mark_len;	/* pt, from the sheet */
	double		unprintable;	/* pt, from the sheet */
	/* gutterfold: backs beside their fronts, mirrored about a line */
	int		fold;		/* 0: none; 'h': a line across the
					   page (fronts above); 'v': down it
					   (fronts left) */
	double		fold_at;	/* pt, the line's y ('h') or x ('v') */
	unsigned int	nomarks;	/* sides without crop marks: FOLD_* */
};

/* Sides of a grid that face the fold: no crop marks there. */
enum { SIDE_LEFT = 1, SIDE_TOP = 2, SIDE_RIGHT = 4, SIDE_BOTTOM = 8 };

/* One component's place on a page. */
struct slot {
	unsigned int	row, col;	/* its cell, or its tile */
	double		x, y;		/* pt, trim top-left as placed */
	double		bl, bt, br, bb;	/* pt, bleed kept left/top/right/bottom */
	bool		turned;		/* drawn turned by 180 degrees */
	cairo_matrix_t	m;		/* component (pt from its trim's
					   top-left) to page */
	double		clip[4];	/* pt, x, y, w, h of what may show */
	bool		round;		/* clip[] holds a circle */
	bool		hex;		/* what may show is the hex of the
					   trim, each edge moved out by: */
	double		grow[6];	/* pt, the bleed edge k keeps
					   (hexagon.h numbers the edges) */
};

/*
 * The arrangement of components of template t on sheet s: the sheet's
 * fixed grid if it has one, else the largest that fits inside the
 * printable area with bleed and marks (turned 90 degrees if more fit
 * so); round components in square or hexagonal rows, whichever holds
 * more; a component larger than the printable area split into tiles
 * if its template says tile, else an error naming the dimension that
 * does not fit and by how many mm.
 */
bool	impose_grid(const struct sheet *s, const struct tmpl *t,
	    struct grid *g, struct diags *d);

/*
 * A note in the top margin of page grid g, between the printable edge
 * and the marks, centred: a draft says so on every sheet.
 */
void	impose_note(cairo_t *cr, PangoContext *ctx, const struct grid *g,
	    const char *text);

/* One component face placed on a page. */
struct placement {
	size_t		card;		/* index into the laid-out faces */
	enum face	face;		/* which of its faces */
	struct slot	slot;
};

struct page {
	enum face		 face;
	struct grid		 grid;
	struct placement	*v;
	size_t			 n;
};

/*
 * The pages of one kind's components, made one at a time when drawn
 * (impose_plan_page()), so a deck of any size needs the memory of one
 * page.
 */
struct plan {
	struct grid	 grid;
	enum duplex	 mode;
	bool		 backs;
	size_t		 nseq;		/* components, copies counted */
	double		 w;		/* pt, a component's trim width */
	size_t		 n;		/* pages */
};

/*
 * Plan the pages for n components (copies counted, in print order),
 * w pt wide, arranged as g.  With backs, each front sheet is followed
 * by its back sheet, or for DUPLEX_NONE all backs follow all fronts in
 * the same sheet order.  A tiled component takes a sheet per tile.
 */
void	impose_plan(const struct grid *g, enum duplex mode, bool backs,
	    size_t n, double w, struct plan *out);

/*
 * Page i (0-based) of plan pl: its placements' .card are indices in
 * print order.  Free with impose_page_free().
 */
void	impose_plan_page(const struct plan *pl, size_t i, struct page *pg);
void	impose_page_free(struct page *pg);

/*
 * Draw page pg: each placement's face, faces[i] for pg->v[i], clipped
 * to its trim and kept bleed, placed as its slot says, then the marks
 * of the arrangement and the sheet's guides.  A face met before in
 * reuse (may be NULL) is drawn from its recording.  On a tagged PDF,
 * cards[i] numbers pg->v[i]'s card for the structure tree (its two
 * faces one element), or is SIZE_MAX for a copy of a card already
 * there, which is drawn untagged; cards may be NULL.  The marks are
 * in no element.
 */
void	impose_page(cairo_t *cr, PangoContext *ctx, const struct page *pg,
	    const struct laid *faces, const struct sheet *s,
	    struct reuse *reuse, const size_t *cards);

/*
 * The arrangement for gutterfold: the largest grid of fronts that fits
 * one half of the paper (above a line across it, or left of one down
 * it, whichever holds more), the backs mirrored into the other half,
 * a gap at the fold.
 */
bool	impose_fold_grid(const struct sheet *s, const struct tmpl *t,
	    struct grid *g, struct diags *d);

/* A printer calibration sheet: its paper, turn and back offset. */
struct calib {
	double		 paper_w, paper_h;	/* pt */
	const char	*paper;		/* "A4", "Letter" */
	enum duplex	 duplex;	/* long or short */
	double		 back_x, back_y;	/* pt, the back's offset */
};

/*
 * Draw face (front or back) of the calibration sheet c: on both sides
 * a 100 mm and a 4 inch ruler that tell a scaled print; on the front
 * two long lines, on the back, where they show through as the paper
 * turns, two scales in steps of 0.5 mm that read the printer's back
 * offset (the back drawn with c's offset, so a reading adds to it).
 */
void	impose_calibration(cairo_t *cr, PangoContext *ctx,
	    const struct calib *c, enum face face);

#endif
