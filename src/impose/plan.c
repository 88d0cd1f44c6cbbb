/* SPDX-License-Identifier: MIT */
/*
 * Page plan: cards in print order fill front sheets row by row; each
 * back sheet holds the same cards at their duplex positions, so every
 * back lands behind its own front, on a part-filled last sheet too.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "impose.h"

static void
fill_page(struct page *pg, const struct grid *g, enum duplex mode,
    enum face face, const size_t *seq, size_t n)
{
	size_t ncell = (size_t)g->rows * g->cols, i;
	bool *filled = xcalloc(ncell, sizeof(bool));
	unsigned int *row = xcalloc(n + 1, sizeof(*row));
	unsigned int *col = xcalloc(n + 1, sizeof(*col));
	bool *turned = xcalloc(n + 1, sizeof(bool));

	pg->face = face;
	if (face == FACE_BACK)
		duplex_grid(g, mode, &pg->grid);
	else
		pg->grid = *g;
	for (i = 0; i < n; i++) {
		row[i] = (unsigned int)(i / g->cols);
		col[i] = (unsigned int)(i % g->cols);
		if (face == FACE_BACK)
			turned[i] = duplex_cell(g, mode, row[i], col[i],
			    &row[i], &col[i]);
		filled[row[i] * g->cols + col[i]] = true;
	}
	/* Bleed depends on which cells are filled, so place after marking. */
	pg->v = xcalloc(n + 1, sizeof(*pg->v));
	pg->n = n;
	for (i = 0; i < n; i++) {
		pg->v[i].card = seq[i];
		grid_slot(&pg->grid, row[i], col[i], filled, &pg->v[i].slot);
		pg->v[i].slot.turned = turned[i];
	}
	free(filled);
	free(row);
	free(col);
	free(turned);
}

void
impose_plan(const struct grid *g, enum duplex mode, bool backs,
    const size_t *seq, size_t n, struct plan *out)
{
	size_t per = (size_t)g->rows * g->cols;
	size_t nsheets = (n + per - 1) / per, s, k = 0;

	memset(out, 0, sizeof(*out));
	out->pages = xcalloc(nsheets * 2 + 1, sizeof(*out->pages));
	for (s = 0; s < nsheets; s++) {
		size_t m = n - s * per < per ? n - s * per : per;

		fill_page(&out->pages[k++], g, mode, FACE_FRONT, seq + s * per,
		    m);
		if (backs && mode != DUPLEX_NONE)
			fill_page(&out->pages[k++], g, mode, FACE_BACK,
			    seq + s * per, m);
	}
	for (s = 0; backs && mode == DUPLEX_NONE && s < nsheets; s++) {
		size_t m = n - s * per < per ? n - s * per : per;

		fill_page(&out->pages[k++], g, mode, FACE_BACK, seq + s * per,
		    m);
	}
	out->n = k;
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

void
impose_page(cairo_t *cr, PangoContext *ctx, const struct page *pg,
    const struct laid *faces, const struct sheet *s)
{
	const struct grid *g = &pg->grid;
	size_t i;

	for (i = 0; i < pg->n; i++) {
		const struct slot *sl = &pg->v[i].slot;

		cairo_save(cr);
		cairo_rectangle(cr, sl->x - sl->bl, sl->y - sl->bt,
		    g->card_w + sl->bl + sl->br, g->card_h + sl->bt + sl->bb);
		cairo_clip(cr);
		cairo_translate(cr, sl->x, sl->y);
		if (sl->turned) {
			cairo_translate(cr, g->card_w / 2, g->card_h / 2);
			cairo_rotate(cr, M_PI);
			cairo_translate(cr, -g->card_w / 2, -g->card_h / 2);
		}
		render_card(cr, ctx, &faces[pg->v[i].card]);
		cairo_restore(cr);
	}
	impose_marks(cr, g, s);
}
