/* SPDX-License-Identifier: MIT */
/*
 * The impose stage: where components sit on sheets of paper --
 * rectangles on a grid, round tokens in rows, boards too large for one
 * sheet split into tiles, small kinds sharing a sheet in bands -- which
 * bleed each keeps, where crop marks and cut lines go, and where each
 * back lands for duplex printing.
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
	/* a band of a shared page: where its guides down the page stop */
	double		guide_top, guide_bottom;	/* pt; both 0: at
					   the paper's edges */
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
	size_t		kind;		/* its run's kind (struct run) */
	size_t		card;		/* index in its run's print order */
	enum face	face;		/* which of its faces */
	struct slot	slot;
};

/*
 * The components of one kind in a plan, in print order, arranged as
 * its grid says when it has a sheet to itself.
 */
struct run {
	size_t		kind;		/* the caller's number for the kind */
	struct grid	grid;
	size_t		n;		/* components, copies counted */
	double		w;		/* pt, a component's trim width */
	bool		backs;		/* its backs print */
};

/*
 * The part of a page one run fills: whole rows of its arrangement, its
 * grid's rows and place the band's own (a partial last row counted).
 */
struct band {
	size_t		run;		/* index into the plan's runs */
	struct grid	grid;
	size_t		first;		/* its first component in the run */
	size_t		at, n;		/* its placements: page v[at .. at+n) */
};

struct page {
	enum face		 face;
	struct grid		 grid;	/* of its first band */
	struct placement	*v;
	size_t			 n;
	struct band		*bands;	/* stacked down the page */
	size_t			 nbands;
};

/* Where a sheet starts: component k of run run. */
struct cursor {
	size_t		run, k;
};

/*
 * The pages of one or more runs sharing sheets: each run's components
 * fill whole rows of its arrangement, a band, and the next run's band
 * starts below it while it fits; a run alone on its sheets fills them
 * just as its grid says.  Pages are made one at a time when drawn
 * (impose_plan_page()), from where each sheet starts.
 */
struct plan {
	struct run	*runs;		/* owned */
	size_t		 nruns;
	enum duplex	 mode;
	bool		 backs;		/* any run's backs print */
	struct cursor	*at;		/* owned: where each sheet starts */
	size_t		 nsheets;
	size_t		 n;		/* pages */
};

/*
 * Plan the pages for the nruns runs (a copy of runs kept).  With
 * backs, each front sheet is followed by its back sheet, or for
 * DUPLEX_NONE all backs follow all fronts in the same sheet order;
 * DUPLEX_FOLD puts them on the front page (one run only).  A tiled
 * component (one run only) takes a sheet per tile.  Free with
 * impose_plan_free().
 */
void	impose_plan(const struct run *runs, size_t nruns, enum duplex mode,
	    bool backs, struct plan *out);
void	impose_plan_free(struct plan *pl);

/* The page (0-based) of plan pl that shows run r's first front. */
size_t	impose_plan_first_page(const struct plan *pl, size_t r);

/*
 * Page i (0-based) of plan pl: its placements' .card are indices in
 * their run's print order.  Free with impose_page_free().
 */
void	impose_plan_page(const struct plan *pl, size_t i, struct page *pg);
void	impose_page_free(struct page *pg);

/*
 * Draw page pg: each placement's face, faces[i] for pg->v[i], clipped
 * to its trim and kept bleed, placed as its slot says, then each
 * band's marks and the sheet's guides, beside used slots only.  A face met before in
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
