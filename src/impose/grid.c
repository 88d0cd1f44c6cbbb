/* SPDX-License-Identifier: MIT */
/*
 * Where the components of a kind go on a sheet: the choice between a
 * grid of rectangles, rows of circles and tiles of a board, and the
 * grid itself -- fixed by the sheet or the largest that fits, centred
 * on the paper, trim to trim one pitch apart, each card keeping as
 * much bleed as its neighbours leave room for.
 */
#include <math.h>
#include <stdio.h>

#include "arrange.h"

#define MIN_BLEED	MM(1)	/* the least outer bleed kept to fit more */

/* Place cols x rows cells of cw x ch (placed) pt, centred. */
static void
centre(struct grid *g, double cw, double ch)
{
	double tw, th;

	g->card_w = cw;
	g->card_h = ch;
	g->pitch_x = cw + g->gutter;
	g->pitch_y = ch + g->gutter;
	tw = g->cols * cw + (g->cols - 1) * g->gutter;
	th = g->rows * ch + (g->rows - 1) * g->gutter;
	g->x0 = (g->paper_w - tw) / 2;
	g->y0 = (g->paper_h - th) / 2;
	g->ncells = g->cols * g->rows;
}

/* The sheet's own grid: an error (at the sheet) if it does not fit. */
static bool
fixed_grid(const struct sheet *s, const struct tmpl *t, struct grid *g,
    struct diags *d)
{
	double room_x, room_y;

	g->cols = s->cols;
	g->rows = s->rows;
	centre(g, t->w, t->h);
	/* Bleed and the mark gap must stay out of the unprintable band. */
	room_x = g->x0 - t->bleed - s->mark_gap - s->unprintable;
	room_y = g->y0 - t->bleed - s->mark_gap - s->unprintable;
	if (room_x < -1e-9 || room_y < -1e-9) {
		diag_add(d, DIAG_ERROR, &s->grid_pos, "sheet", "%u x %u cards "
		    "of %.1f x %.1f mm with %.1f mm bleed do not fit the paper "
		    "(%.1f mm short)", s->cols, s->rows, TO_MM(t->w),
		    TO_MM(t->h), TO_MM(t->bleed), TO_MM(-(room_x < room_y ?
		    room_x : room_y)));
		return false;
	}
	return true;
}

/*
 * What the grid keeps outside its outer trims on each side: the bleed,
 * the gap before the marks and at least MIN_MARK of each mark outside
 * the band the printer cannot print; the marks run on into the band.
 */
static double
keep(const struct sheet *s, double bleed)
{
	return bleed + s->mark_gap + MIN_MARK + s->unprintable;
}

/* The most cols x rows of w x h (turned if more fit so) in ax x ay. */
static void
best_fit(struct grid *g, double ax, double ay, double w, double h,
    double gutter)
{
	unsigned int c0 = impose_fit_count(ax, w, gutter);
	unsigned int r0 = impose_fit_count(ay, h, gutter);
	unsigned int c1 = impose_fit_count(ax, h, gutter);
	unsigned int r1 = impose_fit_count(ay, w, gutter);

	g->rotated = c1 * r1 > c0 * r0;
	g->cols = g->rotated ? c1 : c0;
	g->rows = g->rotated ? r1 : r0;
}

/*
 * As many as fit, turned 90 degrees if more fit so; if a thinner outer
 * bleed (down to MIN_BLEED) lets more fit, as on US Letter, where three
 * rows of 88 mm cards leave 7.7 mm at each edge, the outer bleed takes
 * what is left.  False: none fits.
 */
static bool
computed_grid(const struct sheet *s, const struct tmpl *t, struct grid *g)
{
	double b = impose_outer_bleed(t), k = 2 * keep(s, b), thin = 2 * keep(s,
	    MIN_BLEED), room;
	struct grid full = *g, slim = *g;

	g->gutter = impose_kind_gutter(s, t);
	best_fit(&full, s->paper_w - k, s->paper_h - k, t->w, t->h, g->gutter);
	best_fit(&slim, s->paper_w - thin, s->paper_h - thin, t->w, t->h,
	    g->gutter);
	if ((s->spaced ? full.cols * full.rows : slim.cols * slim.rows) == 0)
		return false;
	/* Spaced cards each keep their whole bleed: never cut it then. */
	if (s->spaced || slim.cols * slim.rows <= full.cols * full.rows)
		slim = full;
	g->rotated = slim.rotated;
	g->cols = slim.cols;
	g->rows = slim.rows;
	centre(g, g->rotated ? t->h : t->w, g->rotated ? t->w : t->h);
	/* The bleed the margins leave, never more than the template's. */
	room = fmin(g->x0, g->y0) - s->unprintable - s->mark_gap - MIN_MARK;
	g->bleed = fmin(t->bleed, room);
	g->back_bleed = fmin(t->back_bleed, room);
	if (s->spaced) {
		g->bleed = t->bleed;
		g->back_bleed = t->back_bleed;
	}
	return true;
}

/* Nothing fits: say which dimension fails and by how much. */
static void
no_fit(const struct sheet *s, const struct tmpl *t, struct diags *d)
{
	double ax, ay, over_w, over_h;
	bool turned = false;
	char what[128], bleed[64];

	ax = s->paper_w - 2 * keep(s, MIN_BLEED);
	ay = s->paper_h - 2 * keep(s, MIN_BLEED);
	if (t->shape != SHAPE_RECT) {
		ax = s->paper_w - 2 * (s->unprintable + t->bleed);
		ay = s->paper_h - 2 * (s->unprintable + t->bleed);
	}
	over_w = t->w - ax;
	over_h = t->h - ay;
	/* Say what is short the way it comes closest to fitting: turned,
	 * if that misses by less. */
	if (fmax(t->h - ax, 0) + fmax(t->w - ay, 0) <
	    fmax(over_w, 0) + fmax(over_h, 0)) {
		over_w = t->h - ax;
		over_h = t->w - ay;
		turned = true;
	}
	if (over_w > 0 && over_h > 0)
		snprintf(what, sizeof(what), "%.1f mm too wide and %.1f mm "
		    "too tall", TO_MM(over_w), TO_MM(over_h));
	else if (over_w > 0)
		snprintf(what, sizeof(what), "%.1f mm too wide",
		    TO_MM(over_w));
	else
		snprintf(what, sizeof(what), "%.1f mm too tall",
		    TO_MM(over_h));
	if (t->shape != SHAPE_RECT)
		snprintf(bleed, sizeof(bleed), "with its %.1f mm bleed",
		    TO_MM(t->bleed));
	else
		snprintf(bleed, sizeof(bleed), "even with its bleed cut to "
		    "%.1f mm", TO_MM(MIN_BLEED));
	diag_add(d, DIAG_ERROR, &t->size_pos, "sheet", "a %.1f x %.1f mm "
	    "component does not fit the printable area of %.1f x %.1f mm "
	    "paper, %s: %s%s ('tile: true' splits it over several sheets)",
	    TO_MM(t->w), TO_MM(t->h), TO_MM(s->paper_w), TO_MM(s->paper_h),
	    bleed, what, turned ? " turned a quarter" : "");
	diag_add(d, DIAG_NOTE, &s->grid_pos, NULL, "the paper and the "
	    "%.1f mm kept free at its edges are set here",
	    TO_MM(s->unprintable));
}

bool
impose_grid(const struct sheet *s, const struct tmpl *t, struct grid *g,
    struct diags *d)
{
	memset(g, 0, sizeof(*g));
	g->arrange = ARR_GRID;
	g->paper_w = s->paper_w;
	g->paper_h = s->paper_h;
	g->bleed = t->bleed;
	g->back_bleed = t->back_bleed;
	g->gutter = s->gutter;
	g->mark_gap = s->mark_gap;
	g->mark_len = s->mark_len;
	g->unprintable = s->unprintable;
	g->net = t->net != NULL;
	if (s->nslots > 0 && !t->tile)
		return impose_sprue(s, t, g, d);
	if (t->shape == SHAPE_CIRCLE || t->shape == SHAPE_HEX) {
		if (impose_round(s, t, g))
			return true;
	} else if (s->cols > 0 && !t->tile)
		return fixed_grid(s, t, g, d);
	else if (computed_grid(s, t, g))
		return true;
	if (t->tile)
		return impose_tiles(s, t, g, d);
	no_fit(s, t, d);
	return false;
}

static bool
is_filled(const struct grid *g, const bool *filled, long row, long col)
{
	if (row < 0 || col < 0 || row >= (long)g->rows || col >= (long)g->cols)
		return false;
	return filled[row * g->cols + col];
}

/* Bleed towards a neighbour may not reach past the gutter's middle. */
static double
side_bleed(const struct grid *g, const bool *filled, long row, long col)
{
	if (!is_filled(g, filled, row, col))
		return g->bleed;
	return g->bleed < g->gutter / 2 ? g->bleed : g->gutter / 2;
}

void
impose_grid_slot(const struct grid *g, unsigned int row, unsigned int col,
    const bool *filled, struct slot *out)
{
	long r = row, c = col;

	memset(out, 0, sizeof(*out));
	out->row = row;
	out->col = col;
	impose_place(g, g->x0 + col * g->pitch_x, g->y0 + row * g->pitch_y,
	    out);
	out->bl = side_bleed(g, filled, r, c - 1);
	out->br = side_bleed(g, filled, r, c + 1);
	out->bt = side_bleed(g, filled, r - 1, c);
	out->bb = side_bleed(g, filled, r + 1, c);
	out->clip[0] = out->x - out->bl;
	out->clip[1] = out->y - out->bt;
	out->clip[2] = g->card_w + out->bl + out->br;
	out->clip[3] = g->card_h + out->bt + out->bb;
}

/*
 * One half of the paper for gutterfold: fronts above a line across it
 * ('h') or left of one down it ('v'), the backs mirrored into the other
 * half.  Each half keeps the bleed, a gap and marks on its three outer
 * sides; at the fold only the bleeds and a gap, for a crease that is a
 * little off.
 */
#define FOLD_GAP	MM(4)	/* between the two halves' bleeds */

static void
fold_half(const struct sheet *s, const struct tmpl *t, int fold,
    struct grid *g)
{
	double b = impose_outer_bleed(t), k = keep(s, b);
	double ax = fold == 'v' ? s->paper_w / 2 - FOLD_GAP / 2 - b - k :
	    s->paper_w - 2 * k;
	double ay = fold == 'h' ? s->paper_h / 2 - FOLD_GAP / 2 - b - k :
	    s->paper_h - 2 * k;
	double tw, th;

	g->fold = fold;
	g->fold_at = fold == 'h' ? s->paper_h / 2 : s->paper_w / 2;
	best_fit(g, ax, ay, t->w, t->h, g->gutter);
	centre(g, g->rotated ? t->h : t->w, g->rotated ? t->w : t->h);
	tw = g->cols * g->card_w + (g->cols - 1) * g->gutter;
	th = g->rows * g->card_h + (g->rows - 1) * g->gutter;
	/* The block against the fold, its bleed a half gap from it. */
	if (fold == 'h') {
		g->y0 = g->fold_at - FOLD_GAP / 2 - b - th;
		g->nomarks = SIDE_BOTTOM;
	} else {
		g->x0 = g->fold_at - FOLD_GAP / 2 - b - tw;
		g->nomarks = SIDE_RIGHT;
	}
}

bool
impose_fold_grid(const struct sheet *s, const struct tmpl *t, struct grid *g,
    struct diags *d)
{
	struct grid across, down;

	if (!impose_grid(s, t, g, d))
		return false;
	if (g->arrange != ARR_GRID) {
		diag_add(d, DIAG_ERROR, &t->size_pos, "fold", "gutterfold "
		    "folds cards: this %s has no back to fold to",
		    g->arrange == ARR_ROUND ? "round component" : "board");
		return false;
	}
	g->gutter = impose_kind_gutter(s, t);
	g->bleed = t->bleed;
	g->back_bleed = t->back_bleed;
	across = down = *g;
	fold_half(s, t, 'h', &across);
	fold_half(s, t, 'v', &down);
	*g = across.cols * across.rows >= down.cols * down.rows ? across :
	    down;
	if (g->cols * g->rows == 0) {
		diag_add(d, DIAG_ERROR, &t->size_pos, "fold", "a %.1f x %.1f "
		    "mm card with %.1f mm bleed does not fit half of the "
		    "%.1f x %.1f mm paper, as gutterfold needs", TO_MM(t->w),
		    TO_MM(t->h), TO_MM(t->bleed), TO_MM(s->paper_w),
		    TO_MM(s->paper_h));
		return false;
	}
	return true;
}
