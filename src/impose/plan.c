/* SPDX-License-Identifier: MIT */
/*
 * Page plan: components in print order fill front sheets cell by cell,
 * in bands where kinds share a sheet (bands.c); each back sheet holds
 * the same components where the paper's turn puts them, so every back
 * lands behind its own front, on a part-filled last sheet too.  A tiled
 * board takes a sheet per tile.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../pdf/pdf.h"
#include "arrange.h"

/* The placements of band b, its fronts, into v. */
static void
band_slots(const struct plan *pl, const struct band *b, struct placement *v)
{
	const struct grid *g = &b->grid;
	size_t ncell = (size_t)g->rows * g->cols, i;
	bool *filled = xcalloc(ncell + 1, sizeof(bool));

	/* A card's bleed depends on which cells are filled: mark first. */
	for (i = 0; g->arrange == ARR_GRID && i < b->n; i++)
		filled[i] = true;
	for (i = 0; i < b->n; i++) {
		v[i].kind = pl->runs[b->run].kind;
		v[i].card = b->first + i;
		v[i].face = FACE_FRONT;
		if (g->arrange == ARR_GRID)
			impose_grid_slot(g, (unsigned int)(i / g->cols),
			    (unsigned int)(i % g->cols), filled, &v[i].slot);
		else if (g->arrange == ARR_SLOTS)
			impose_sprue_slot(g, (unsigned int)i, &v[i].slot);
		else
			impose_round_slot(g, (unsigned int)i, &v[i].slot);
	}
	if (g->arrange == ARR_SLOTS)
		impose_sprue_bleeds(g, v, b->n);
	else if (g->hexes)
		impose_hex_bleeds(g, v, b->n);
	free(filled);
}

/* The front page of sheet s: its bands, stacked. */
static void
front_page(const struct plan *pl, size_t s, struct page *pg)
{
	struct band *b = xcalloc(pl->nruns + 1, sizeof(*b));
	size_t nb, i, n;

	impose_bands(pl, pl->at[s], b, &nb);
	n = nb > 0 ? b[nb - 1].at + b[nb - 1].n : 0;
	memset(pg, 0, sizeof(*pg));
	pg->face = FACE_FRONT;
	pg->grid = nb > 0 ? b[0].grid : pl->runs[0].grid;
	pg->bands = b;
	pg->nbands = nb;
	pg->v = xcalloc(n + 1, sizeof(*pg->v));
	pg->n = n;
	for (i = 0; i < nb; i++)
		band_slots(pl, &b[i], pg->v + b[i].at);
}

/*
 * The back page of front page f: each band mirrored as the paper turns,
 * holding the backs of the runs that have them.
 */
static void
back_page(struct page *pg, const struct page *f, const struct plan *pl)
{
	size_t i, j;

	memset(pg, 0, sizeof(*pg));
	pg->face = FACE_BACK;
	impose_duplex_grid(&f->grid, pl->mode, &pg->grid);
	pg->bands = xcalloc(f->nbands + 1, sizeof(*pg->bands));
	pg->nbands = f->nbands;
	pg->v = xcalloc(f->n + 1, sizeof(*pg->v));
	for (i = 0; i < f->nbands; i++) {
		const struct band *fb = &f->bands[i];
		const struct run *r = &pl->runs[fb->run];
		struct band *b = &pg->bands[i];

		*b = *fb;
		impose_duplex_grid(&fb->grid, pl->mode, &b->grid);
		b->at = pg->n;
		for (j = 0; r->backs && j < fb->n; j++) {
			const struct placement *src = &f->v[fb->at + j];
			struct placement *p = &pg->v[pg->n++];

			p->kind = src->kind;
			p->card = src->card;
			p->face = FACE_BACK;
			impose_duplex_slot(&fb->grid, pl->mode, &src->slot,
			    r->w, &p->slot);
		}
		b->n = pg->n - b->at;
	}
}

/*
 * Gutterfold (one run): the backs join their fronts on the same page,
 * mirrored about the fold line; with no backs, the page keeps its
 * fronts only.
 */
static void
fold_page(struct page *pg, const struct plan *pl)
{
	size_t n = pg->n, i;

	if (!pl->backs || pg->nbands == 0)
		return;
	pg->v = xrealloc(pg->v, (2 * n + 1) * sizeof(*pg->v));
	for (i = 0; i < n; i++) {
		pg->v[n + i] = pg->v[i];
		pg->v[n + i].face = FACE_BACK;
		impose_duplex_slot(&pg->grid, DUPLEX_FOLD, &pg->v[i].slot,
		    pl->runs[0].w, &pg->v[n + i].slot);
	}
	pg->n = 2 * n;
	pg->bands[0].n = pg->n;
}

/*
 * Page i of a tiled kind (one run): each component over its tiles, a
 * sheet (and its back) per tile; without a duplex turn, all the fronts
 * first.
 */
static void
tile_page(const struct plan *pl, size_t i, struct page *pg)
{
	const struct run *r = &pl->runs[0];
	const struct grid *g = &r->grid;
	size_t nt = (size_t)g->tcols * g->trows, k, t;
	bool back = false, each = pl->backs && pl->mode != DUPLEX_NONE;
	struct page f;

	if (each) {
		back = i % 2 == 1;
		i /= 2;
	} else if (pl->backs && i >= r->n * nt) {
		back = true;
		i -= r->n * nt;
	}
	k = i / nt;
	t = i % nt;
	memset(&f, 0, sizeof(f));
	f.face = FACE_FRONT;
	f.grid = *g;
	f.v = xcalloc(2, sizeof(*f.v));
	f.n = 1;
	f.v[0].kind = r->kind;
	f.v[0].card = k;
	impose_tile_slot(g, (unsigned int)(t / g->tcols),
	    (unsigned int)(t % g->tcols), &f.v[0].slot);
	f.bands = xcalloc(2, sizeof(*f.bands));
	f.nbands = 1;
	f.bands[0].grid = *g;
	f.bands[0].first = k;
	f.bands[0].n = 1;
	if (!back) {
		*pg = f;
		return;
	}
	back_page(pg, &f, pl);
	impose_page_free(&f);
}

/* Where each sheet starts, the runs packed by impose_bands(). */
static void
plan_sheets(struct plan *pl)
{
	struct band *b = xcalloc(pl->nruns + 1, sizeof(*b));
	struct cursor c = { 0, 0 };
	size_t cap = 0, nb;

	for (;;) {
		while (c.run < pl->nruns && c.k >= pl->runs[c.run].n) {
			c.run++;
			c.k = 0;
		}
		if (c.run >= pl->nruns)
			break;
		if (pl->nsheets == cap) {
			cap = cap ? 2 * cap : 4;
			pl->at = xrealloc(pl->at, cap * sizeof(*pl->at));
		}
		pl->at[pl->nsheets++] = c;
		c = impose_bands(pl, c, b, &nb);
		if (nb == 0)
			break;	/* not even a row: impose_grid() said none */
	}
	free(b);
}

void
impose_plan(const struct run *runs, size_t nruns, enum duplex mode,
    bool backs, struct plan *out)
{
	memset(out, 0, sizeof(*out));
	out->runs = xcalloc(nruns + 1, sizeof(*out->runs));
	memcpy(out->runs, runs, nruns * sizeof(*runs));
	out->nruns = nruns;
	out->mode = mode;
	out->backs = backs;
	if (nruns == 0)
		return;
	if (runs[0].grid.arrange == ARR_TILES) {
		out->n = runs[0].n * runs[0].grid.tcols * runs[0].grid.trows *
		    (backs ? 2 : 1);
		return;
	}
	plan_sheets(out);
	out->n = out->nsheets * (backs && mode != DUPLEX_FOLD ? 2 : 1);
}

void
impose_plan_free(struct plan *pl)
{
	if (pl == NULL)
		return;
	free(pl->runs);
	free(pl->at);
	memset(pl, 0, sizeof(*pl));
}

size_t
impose_plan_first_page(const struct plan *pl, size_t r)
{
	size_t s = 0;

	if (pl->nsheets == 0)
		return 0;
	/* The last sheet that starts at or before run r's first. */
	while (s + 1 < pl->nsheets && (pl->at[s + 1].run < r ||
	    (pl->at[s + 1].run == r && pl->at[s + 1].k == 0)))
		s++;
	if (pl->backs && pl->mode != DUPLEX_NONE && pl->mode != DUPLEX_FOLD)
		return 2 * s;
	return s;
}

void
impose_plan_page(const struct plan *pl, size_t i, struct page *pg)
{
	size_t s;
	bool back = false;
	struct page f;

	if (pl->nruns > 0 && pl->runs[0].grid.arrange == ARR_TILES) {
		tile_page(pl, i, pg);
		return;
	}
	/* Which sheet page i shows, and whether its front or its back. */
	if (pl->backs && pl->mode == DUPLEX_NONE) {
		back = i >= pl->nsheets;
		s = back ? i - pl->nsheets : i;
	} else if (pl->backs && pl->mode != DUPLEX_FOLD) {
		back = i % 2 == 1;
		s = i / 2;
	} else
		s = i;
	front_page(pl, s, &f);
	if (pl->mode == DUPLEX_FOLD)
		fold_page(&f, pl);
	if (!back) {
		*pg = f;
		return;
	}
	back_page(pg, &f, pl);
	impose_page_free(&f);
}

void
impose_page_free(struct page *pg)
{
	free(pg->v);
	free(pg->bands);
	memset(pg, 0, sizeof(*pg));
}

/*
 * Clip to what of the slot may show: the kept bleed, a ring, a tile; a
 * hex of face l's trim (upright, or turned a half: the same hex).  The
 * slot's own face, not the page's grid, which is its first band's.
 */
static void
clip_slot(cairo_t *cr, const struct laid *l, const struct slot *sl)
{
	if (sl->hex)
		render_hex_path(cr, l->w, l->h, sl->x + l->w / 2,
		    sl->y + l->h / 2, 0, sl->grow);
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

/*
 * Which cells of band b's grid hold a component on page pg (a fold
 * page's backs share their fronts' cells); caller frees.
 */
static bool *
used_cells(const struct page *pg, const struct band *b)
{
	const struct grid *g = &b->grid;
	size_t ncell = (size_t)g->rows * g->cols, i;
	bool *used = xcalloc(ncell + 1, sizeof(bool));

	for (i = b->at; i < b->at + b->n; i++) {
		const struct slot *sl = &pg->v[i].slot;

		if (sl->row < g->rows && sl->col < g->cols)
			used[(size_t)sl->row * g->cols + sl->col] = true;
	}
	return used;
}

/* Cut lines of band b: per component, and its grid's marks. */
static void
band_marks(cairo_t *cr, PangoContext *ctx, const struct page *pg,
    const struct band *b, const struct laid *faces, const struct sheet *s)
{
	const struct grid *g = &b->grid;
	struct grid back;
	bool *used;
	size_t i;

	for (i = b->at; i < b->at + b->n; i++) {
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
	if (g->arrange != ARR_GRID || g->net || b->n == 0)
		return;
	/* No mark beside an empty cell: a part-filled sheet marks only
	 * the cells it uses. */
	used = used_cells(pg, b);
	impose_marks(cr, g, s, used);
	if (g->fold != 0) {
		/* The backs' half has marks of its own, and the fold its
		 * line. */
		impose_duplex_grid(g, DUPLEX_FOLD, &back);
		impose_marks(cr, &back, s, used);
		impose_fold_line(cr, g);
	}
	free(used);
}

static void
page_marks(cairo_t *cr, PangoContext *ctx, const struct page *pg,
    const struct laid *faces, const struct sheet *s)
{
	size_t i;

	for (i = 0; i < pg->nbands; i++)
		band_marks(cr, ctx, pg, &pg->bands[i], faces, s);
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
		clip_slot(cr, &faces[i], sl);
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
