/* SPDX-License-Identifier: MIT */
/*
 * Inside the impose stage: what its files share -- grid.c tries a grid,
 * then round.c's rows of round components or tile.c's tiles of one too
 * large for a sheet; place.c puts a component at its place; the slots
 * of each, the marks of marks.c and the backs of duplex.c, for plan.c
 * to draw a page.
 */
#ifndef DECKPRESS_ARRANGE_H
#define DECKPRESS_ARRANGE_H

#include "impose.h"

#define MIN_MARK	MM(1)	/* of a crop mark outside the edge band */

/* How many of size fit in avail with gutter between them. */
unsigned int	impose_fit_count(double avail, double size, double gutter);
/* out's trim top-left at (x, y), and its matrix, turned with g. */
void	impose_place(const struct grid *g, double x, double y,
	    struct slot *out);
/* The bleed a kind needs room for: its back's may be larger. */
double	impose_outer_bleed(const struct tmpl *t);
/* Between trims: the sheet's gutter, or two whole bleeds and spacing;
 * a net keeps its whole bleed and a gap. */
double	impose_kind_gutter(const struct sheet *s, const struct tmpl *t);
/* Round components on s: square or hexagonal rows, centred; hexes in
 * a honeycomb. */
bool	impose_round(const struct sheet *s, const struct tmpl *t,
	    struct grid *g);
/* A component too large for one sheet, split into tiles. */
bool	impose_tiles(const struct sheet *s, const struct tmpl *t,
	    struct grid *g, struct diags *d);

/*
 * The slot of cell (row, col) of a grid.  filled[row * cols + col] tells
 * which cells hold a card: a card keeps its full bleed towards an empty
 * cell or the margin, and half the gutter towards a neighbour.
 */
void	impose_grid_slot(const struct grid *g, unsigned int row,
	    unsigned int col, const bool *filled, struct slot *out);

/* The slot of cell i (row by row) of a round arrangement. */
void	impose_round_slot(const struct grid *g, unsigned int i,
	    struct slot *out);

/* The box of what may show of hex slot out: its corners' box. */
void	impose_hex_clip(const struct grid *g, struct slot *out);

/*
 * The arrangement of a sheet's slots (s->slots): an error at each slot
 * whose bleed leaves the printable area, whose trim overlaps another's,
 * or that turns a hex a quarter.
 */
bool	impose_sprue(const struct sheet *s, const struct tmpl *t,
	    struct grid *g, struct diags *d);
/* The slot of the sheet's slot i, turned as it says. */
void	impose_sprue_slot(const struct grid *g, unsigned int i,
	    struct slot *out);
/* The bleed each slot of v[0..n-1] keeps: half the gap to a slot it
 * faces closer than two bleeds. */
void	impose_sprue_bleeds(const struct grid *g, struct placement *v,
	    size_t n);
/* Slot sl's placed trim, w x h pt (turned if it is). */
void	impose_placed(const struct grid *g, const struct slot *sl, double *w,
	    double *h);
/* Crop marks at the trim corners of page pg's rectangular slots,
 * outside their kept bleed, none where another slot prints. */
void	impose_sprue_marks(cairo_t *cr, const struct sheet *s,
	    const struct page *pg);

/*
 * The bleed each hex of v[0..n-1] keeps on each edge: all of it where
 * no other hex faces the edge, half the gap where one does.
 */
void	impose_hex_bleeds(const struct grid *g, struct placement *v,
	    size_t n);

/* The slot that shows tile (row, col) of a tiled component. */
void	impose_tile_slot(const struct grid *g, unsigned int row,
	    unsigned int col, struct slot *out);

/*
 * Crop marks and guides on the extensions of the trim lines of a grid,
 * each beside a used cell: used[row * cols + col], or every cell if
 * used is NULL.
 */
void	impose_marks(cairo_t *cr, const struct grid *g, const struct sheet *s,
	    const bool *used);

/*
 * The bands of the sheet that starts at c in plan pl, at most pl->nruns
 * of them into b (*nb set), each band's placements its fronts, in
 * order; returns where the next sheet starts.
 */
struct cursor	impose_bands(const struct plan *pl, struct cursor c,
	    struct band *b, size_t *nb);

/* The cut line of a round component: the circle of its trim. */
void	impose_cut_circle(cairo_t *cr, const struct slot *sl, double w);
/* The cut line of a hex of grid g: the hex of its trim. */
void	impose_cut_hex(cairo_t *cr, const struct grid *g,
	    const struct slot *sl);

/*
 * A tile's marks: crop marks on its cut lines, the glue strip where the
 * next tile goes with a join line and alignment ticks, and in the
 * bottom margin its label ("Government · 2/4") and a map of the tiles.
 */
void	impose_tile_marks(cairo_t *cr, PangoContext *ctx, const struct grid *g,
	    const struct slot *sl, const char *label);

/*
 * Where the back of the card in front cell (row, col) goes on the back
 * page: long-edge flip mirrors columns, short-edge flip mirrors rows
 * and turns the card; none prints backs as for a long-edge flip, by
 * hand.  Sets *brow, *bcol and returns whether the back is turned.
 */
bool	impose_duplex_cell(const struct grid *g, enum duplex mode,
	    unsigned int row, unsigned int col, unsigned int *brow,
	    unsigned int *bcol);

/* The back page's grid: the front's, mirrored as the paper turns. */
void	impose_duplex_grid(const struct grid *front, enum duplex mode,
	    struct grid *back);

/*
 * The back of the component in front slot f, w pt wide (its trim, not
 * turned): where the paper's turn puts it, drawn mirrored so that the
 * back's top is behind the front's top, whatever the turn or rotation.
 */
void	impose_duplex_slot(const struct grid *g, enum duplex mode,
	    const struct slot *f, double w, struct slot *b);

/* Rounded-corner guides at the trim corners of slot sl, w x h. */
void	impose_corners(cairo_t *cr, const struct slot *sl, double w, double h,
	    double r);

/*
 * The lines of net n (a die's, a tuck box's) in slot sl: its glue tabs
 * tinted, its outline cut (solid), its folds dashed, at the sheet's
 * mark width (netmarks.c).
 */
struct net;
void	impose_net_lines(cairo_t *cr, const struct slot *sl,
	    const struct net *n, const struct sheet *s);

/* The dashed fold line of a gutterfold page. */
void	impose_fold_line(cairo_t *cr, const struct grid *g);

#endif
