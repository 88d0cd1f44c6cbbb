/* SPDX-License-Identifier: MIT */
/*
 * Page plan: components in print order fill front sheets cell by cell;
 * each back sheet holds the same components where the paper's turn
 * puts them, so every back lands behind its own front, on a part-filled
 * last sheet too.  A tiled board takes a sheet per tile.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "impose.h"

/* The front page of one sheet: seq[0..n) in cells 0..n-1. */
static void
front_page(struct page *pg, const struct grid *g, const size_t *seq,
    size_t n)
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
		pg->v[i].card = seq[i];
		if (g->arrange == ARR_GRID)
			grid_slot(g, (unsigned int)(i / g->cols),
			    (unsigned int)(i % g->cols), filled,
			    &pg->v[i].slot);
		else
			round_slot(g, (unsigned int)i, &pg->v[i].slot);
	}
	free(filled);
}

/* The back page of front page f. */
static void
back_page(struct page *pg, const struct page *f, enum duplex mode, double w)
{
	size_t i;

	pg->face = FACE_BACK;
	duplex_grid(&f->grid, mode, &pg->grid);
	pg->v = xcalloc(f->n + 1, sizeof(*pg->v));
	pg->n = f->n;
	for (i = 0; i < f->n; i++) {
		pg->v[i].card = f->v[i].card;
		pg->v[i].face = FACE_BACK;
		duplex_slot(&f->grid, mode, &f->v[i].slot, w, &pg->v[i].slot);
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
		duplex_slot(&pg->grid, DUPLEX_FOLD, &pg->v[i].slot, w,
		    &pg->v[n + i].slot);
	}
	pg->n = 2 * n;
}

/* Each component over its tiles, a sheet (and its back) per tile. */
static void
tile_pages(struct plan *out, const struct grid *g, enum duplex mode,
    bool backs, const size_t *seq, size_t n, double w)
{
	size_t k, i, nt = (size_t)g->tcols * g->trows, first = out->n;

	for (k = 0; k < n; k++)
		for (i = 0; i < nt; i++) {
			struct page *pg = &out->pages[out->n++];

			pg->face = FACE_FRONT;
			pg->grid = *g;
			pg->v = xcalloc(1, sizeof(*pg->v));
			pg->n = 1;
			pg->v[0].card = seq[k];
			tile_slot(g, (unsigned int)(i / g->tcols),
			    (unsigned int)(i % g->tcols), &pg->v[0].slot);
			if (backs && mode != DUPLEX_NONE)
				back_page(&out->pages[out->n++], pg, mode, w);
		}
	if (backs && mode == DUPLEX_NONE)
		for (k = first; k < first + n * nt; k++)
			back_page(&out->pages[out->n++], &out->pages[k], mode,
			    w);
}

void
impose_plan(const struct grid *g, enum duplex mode, bool backs,
    const size_t *seq, size_t n, double w, struct plan *out)
{
	size_t per = g->ncells, nsheets, s, k;

	memset(out, 0, sizeof(*out));
	if (g->arrange == ARR_TILES) {
		out->pages = xcalloc(n * g->tcols * g->trows * 2 + 1,
		    sizeof(*out->pages));
		tile_pages(out, g, mode, backs, seq, n, w);
		return;
	}
	nsheets = (n + per - 1) / per;
	out->pages = xcalloc(nsheets * 2 + 1, sizeof(*out->pages));
	for (s = 0; s < nsheets; s++) {
		size_t m = n - s * per < per ? n - s * per : per;

		k = out->n++;
		front_page(&out->pages[k], g, seq + s * per, m);
		if (mode == DUPLEX_FOLD)
			fold_page(&out->pages[k], backs, w);
		else if (backs && mode != DUPLEX_NONE)
			back_page(&out->pages[out->n++], &out->pages[k], mode,
			    w);
	}
	for (s = 0; backs && mode == DUPLEX_NONE && s < nsheets; s++)
		back_page(&out->pages[out->n++], &out->pages[s], mode, w);
}

void
plan_free(struct plan *p)
{
	size_t i;

	if (p == NULL)
		return;
	for (i = 0; i < p->n; i++)
		free(p->pages[i].v);
	free(p->pages);
	memset(p, 0, sizeof(*p));
}

/* Clip to what of the slot may show: the kept bleed, a ring, a tile. */
static void
clip_slot(cairo_t *cr, const struct slot *sl)
{
	if (sl->round)
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
    struct laid *const faces[2], const struct sheet *s)
{
	const struct grid *g = &pg->grid;
	struct grid back;
	size_t i;

	for (i = 0; i < pg->n; i++) {
		const struct slot *sl = &pg->v[i].slot;
		const struct laid *l = &faces[pg->v[i].face][pg->v[i].card];

		if (g->arrange == ARR_ROUND)
			impose_cut_circle(cr, sl, l->w);
		else if (g->arrange == ARR_TILES && pg->face == FACE_FRONT)
			impose_tile_marks(cr, ctx, g, sl, l->label);
		else if (g->arrange == ARR_GRID && s->guides == GUIDES_CORNERS)
			impose_corners(cr, sl, g->card_w, g->card_h,
			    corner_radius(s, l));
	}
	if (g->arrange != ARR_GRID)
		return;
	impose_marks(cr, g, s);
	if (g->fold == 0)
		return;
	/* The backs' half has marks of its own, and the fold its line. */
	duplex_grid(g, DUPLEX_FOLD, &back);
	impose_marks(cr, &back, s);
	impose_fold_line(cr, g);
}

void
impose_page(cairo_t *cr, PangoContext *ctx, const struct page *pg,
    struct laid *const faces[2], const struct sheet *s)
{
	size_t i;

	for (i = 0; i < pg->n; i++) {
		const struct slot *sl = &pg->v[i].slot;

		cairo_save(cr);
		clip_slot(cr, sl);
		cairo_transform(cr, &sl->m);
		render_card(cr, ctx, &faces[pg->v[i].face][pg->v[i].card]);
		cairo_restore(cr);
	}
	page_marks(cr, ctx, pg, faces, s);
}
