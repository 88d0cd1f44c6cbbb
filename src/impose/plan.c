/* SPDX-License-Identifier: MIT */
/*
 * Page plan: components in print order fill front sheets cell by cell;
 * each back sheet holds the same components where the paper's turn
 * puts them, so every back lands behind its own front, on a part-filled
 * last sheet too.  A tiled board takes a sheet per tile.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../pdf/pdf.h"
#include "arrange.h"

/* The front page of one sheet: components first.. in cells 0..n-1. */
static void
front_page(struct page *pg, const struct grid *g, size_t first, size_t n)
{
	size_t ncell = (size_t)g->rows * g->cols, i;
	bool *filled = xcalloc(ncell + 1, sizeof(bool));

	pg->face = FACE_FRONT;
	pg->grid = *g;
	/* A card's bleed depends on which cells are filled: mark first. */
	for (i = 0; g->arrange == ARR_GRID && i < n; i++)
		filled[i] = true;
	pg->v = xcalloc(n + 1, sizeof(*pg->v));
	pg->n = n;
	for (i = 0; i < n; i++) {
		pg->v[i].card = first + i;
		if (g->arrange == ARR_GRID)
			impose_grid_slot(g, (unsigned int)(i / g->cols),
			    (unsigned int)(i % g->cols), filled,
			    &pg->v[i].slot);
		else if (g->arrange == ARR_SLOTS)
			impose_sprue_slot(g, (unsigned int)i, &pg->v[i].slot);
		else
			impose_round_slot(g, (unsigned int)i, &pg->v[i].slot);
	}
	if (g->arrange == ARR_SLOTS)
		impose_sprue_bleeds(g, pg->v, n);
	else if (g->hexes)
		impose_hex_bleeds(g, pg->v, n);
	free(filled);
}

/* The back page of front page f. */
static void
back_page(struct page *pg, const struct page *f, enum duplex mode, double w)
{
	size_t i;

	pg->face = FACE_BACK;
	impose_duplex_grid(&f->grid, mode, &pg->grid);
	pg->v = xcalloc(f->n + 1, sizeof(*pg->v));
	pg->n = f->n;
	for (i = 0; i < f->n; i++) {
		pg->v[i].card = f->v[i].card;
		pg->v[i].face = FACE_BACK;
		impose_duplex_slot(&f->grid, mode, &f->v[i].slot, w,
		    &pg->v[i].slot);
	}
}

/*
 * Gutterfold: the backs join their fronts on the same page, mirrored
 * about the fold line; with no backs, the page keeps its fronts only.
 */
static void
fold_page(struct page *pg, bool backs, double w)
{
	size_t n = pg->n, i;

	if (!backs)
		return;
	pg->v = xrealloc(pg->v, (2 * n + 1) * sizeof(*pg->v));
	for (i = 0; i < n; i++) {
		pg->v[n + i].card = pg->v[i].card;
		pg->v[n + i].face = FACE_BACK;
		impose_duplex_slot(&pg->grid, DUPLEX_FOLD, &pg->v[i].slot, w,
		    &pg->v[n + i].slot);
	}
	pg->n = 2 * n;
}

/*
 * Page i of a tiled kind: each component over its tiles, a sheet (and
 * its back) per tile; without a duplex turn, all the fronts first.
 */
static void
tile_page(const struct plan *pl, size_t i, struct page *pg)
{
	const struct grid *g = &pl->grid;
	size_t nt = (size_t)g->tcols * g->trows, k, t;
	bool back = false, each = pl->backs && pl->mode != DUPLEX_NONE;
	struct page f;

	if (each) {
		back = i % 2 == 1;
		i /= 2;
	} else if (pl->backs && i >= pl->nseq * nt) {
		back = true;
		i -= pl->nseq * nt;
	}
	k = i / nt;
	t = i % nt;
	f.face = FACE_FRONT;
	f.grid = *g;
	f.v = xcalloc(2, sizeof(*f.v));
	f.n = 1;
	f.v[0].card = k;
	impose_tile_slot(g, (unsigned int)(t / g->tcols),
	    (unsigned int)(t % g->tcols), &f.v[0].slot);
	if (!back) {
		*pg = f;
		return;
	}
	back_page(pg, &f, pl->mode, pl->w);
	free(f.v);
}

void
impose_plan(const struct grid *g, enum duplex mode, bool backs, size_t n,
    double w, struct plan *out)
{
	size_t nsheets;

	memset(out, 0, sizeof(*out));
	out->grid = *g;
	out->mode = mode;
	out->backs = backs;
	out->nseq = n;
	out->w = w;
	if (g->arrange == ARR_TILES) {
		out->n = n * g->tcols * g->trows * (backs ? 2 : 1);
		return;
	}
	nsheets = (n + g->ncells - 1) / g->ncells;
	out->n = nsheets * (backs && mode != DUPLEX_FOLD ? 2 : 1);
}

void
impose_plan_page(const struct plan *pl, size_t i, struct page *pg)
{
	size_t per = pl->grid.ncells, nsheets = pl->n, s;
	bool back = false;
	struct page f;

	if (pl->grid.arrange == ARR_TILES) {
		tile_page(pl, i, pg);
		return;
	}
	/* Which sheet page i shows, and whether its front or its back. */
	if (pl->backs && pl->mode == DUPLEX_NONE) {
		nsheets = pl->n / 2;
		back = i >= nsheets;
		s = back ? i - nsheets : i;
	} else if (pl->backs && pl->mode != DUPLEX_FOLD) {
		back = i % 2 == 1;
		s = i / 2;
	} else
		s = i;
	front_page(&f, &pl->grid, s * per, pl->nseq - s * per < per ?
	    pl->nseq - s * per : per);
	if (pl->mode == DUPLEX_FOLD)
		fold_page(&f, pl->backs, pl->w);
	if (!back) {
		*pg = f;
		return;
	}
	back_page(pg, &f, pl->mode, pl->w);
	free(f.v);
}

void
impose_page_free(struct page *pg)
{
	free(pg->v);
	memset(pg, 0, sizeof(*pg));
}

/* Clip to what of the slot may show: the kept bleed, a ring, a tile. */
static void
clip_slot(cairo_t *cr, const struct grid *g, const struct slot *sl)
{
	if (sl->hex)
		render_hex_path(cr, g->card_w, g->card_h, sl->x + g->card_w /
		    2, sl->y + g->card_h / 2, 0, sl->grow);
	else if (sl->round)
		cairo_arc(cr, sl->clip[0] + sl->clip[2] / 2, sl->clip[1] +
		    sl->clip[3] / 2, sl->clip[2] / 2, 0, 2 * M_PI);
	else
		cairo_rectangle(cr, sl->clip[0], sl->clip[1], sl->clip[2],
		    sl->clip[3]);
	cairo_clip(cr);
}

/* The radius of corner guides: the sheet's, the card's, or 3 mm. */
static double
corner_radius(const struct sheet *s, const struct laid *l)
{
	if (s->corner > 0)
		return s->corner;
	return l->corner > 0 ? l->corner : MM(3);
}

/* Cut lines: per component, and the arrangement's marks. */
static void
page_marks(cairo_t *cr, PangoContext *ctx, const struct page *pg,
    const struct laid *faces, const struct sheet *s)
{
	const struct grid *g = &pg->grid;
	struct grid back;
	size_t i;

	for (i = 0; i < pg->n; i++) {
		const struct slot *sl = &pg->v[i].slot;
		const struct laid *l = &faces[i];

		if (sl->hex)
			impose_cut_hex(cr, g, sl);
		else if (sl->round)
			impose_cut_circle(cr, sl, l->w);
		else if (l->net != NULL)
			impose_net_lines(cr, sl, l->net, s);
		else if (g->arrange == ARR_TILES && pg->face == FACE_FRONT)
			impose_tile_marks(cr, ctx, g, sl, l->label);
		else if (g->arrange == ARR_GRID && s->guides == GUIDES_CORNERS)
			impose_corners(cr, sl, g->card_w, g->card_h,
			    corner_radius(s, l));
	}
	if (g->arrange == ARR_SLOTS)
		impose_sprue_marks(cr, s, pg);
	/* A net's outline is its cut line: no crop marks. */
	if (g->arrange != ARR_GRID || g->net)
		return;
	impose_marks(cr, g, s);
	if (g->fold == 0)
		return;
	/* The backs' half has marks of its own, and the fold its line. */
	impose_duplex_grid(g, DUPLEX_FOLD, &back);
	impose_marks(cr, &back, s);
	impose_fold_line(cr, g);
}

void
impose_page(cairo_t *cr, PangoContext *ctx, const struct page *pg,
    const struct laid *faces, const struct sheet *s, struct reuse *reuse,
    const size_t *cards)
{
	size_t i, tag;

	for (i = 0; i < pg->n; i++) {
		const struct slot *sl = &pg->v[i].slot;
		bool copy = cards != NULL && cards[i] == SIZE_MAX;

		cairo_save(cr);
		clip_slot(cr, &pg->grid, sl);
		cairo_transform(cr, &sl->m);
		/*
		 * Not a tile: Cairo 1.16 writes a recording painted partly
		 * off the page cut to what shows there, and the next tile
		 * would show that cut.
		 */
		tag = pdf_tag_count(cr);
		/* A copy says what its card already said: furniture. */
		if (copy)
			pdf_tag_pause(cr, true);
		render_card_reused(cr, ctx, &faces[i],
		    pg->grid.arrange == ARR_TILES ? NULL : reuse);
		if (copy)
			pdf_tag_pause(cr, false);
		if (cards != NULL && !copy)
			pdf_tag_card(cr, tag, cards[i],
			    pg->v[i].face == FACE_BACK);
		cairo_restore(cr);
	}
	page_marks(cr, ctx, pg, faces, s);
}
