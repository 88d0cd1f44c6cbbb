/* SPDX-License-Identifier: MIT */
/*
 * Load a sheet template (layouts/sheets/<name>.yaml): paper size, a grid
 * of cards if it fixes one, gutters and crop marks.
 */
#include <stdlib.h>
#include <string.h>

#include "load.h"

static const char *const sheet_keys[] = { "paper", "grid", "gutter_mm",
    "unprintable_mm", "marks", NULL };
static const char *const mark_keys[] = { "length_mm", "gap_mm", "width_pt",
    NULL };

static bool
num_in(const struct ynode *n, double lo, double hi, double *out,
    const char *what, struct diags *d)
{
	double v;

	if (n == NULL)
		return true;
	if (!ynumber(n, &v, what, NULL, d))
		return false;
	if (v < lo || v > hi) {
		diag_add(d, DIAG_ERROR, &n->pos, "range",
		    "%s must be between %g and %g, not %g", what, lo, hi, v);
		return false;
	}
	*out = v;
	return true;
}

static bool
load_paper(struct sheet *s, const struct ynode *n, struct diags *d)
{
	static const char *const keys[] = { "width_mm", "height_mm", NULL };
	double w = 210, h = 297;

	if (n == NULL)
		;
	else if (n->type == YNODE_MAP) {
		if (ymap_check_keys(n, keys, NULL, d) > 0 ||
		    !num_in(ymap_get(n, "width_mm"), 50, 2000, &w, "width_mm",
		    d) ||
		    !num_in(ymap_get(n, "height_mm"), 50, 2000, &h,
		    "height_mm", d))
			return false;
	} else if (n->type == YNODE_SCALAR && strcmp(n->str, "letter") == 0) {
		w = 215.9;
		h = 279.4;
	} else if (n->type != YNODE_SCALAR || strcmp(n->str, "a4") != 0) {
		diag_add(d, DIAG_ERROR, &n->pos, "paper", "paper must be a4, "
		    "letter or {width_mm, height_mm}");
		return false;
	}
	s->paper_w = MM(w);
	s->paper_h = MM(h);
	return true;
}

/* grid: [columns, rows]; none: as many as fit, computed per kind. */
static bool
load_grid(struct sheet *s, const struct ynode *n, struct diags *d)
{
	double v[2] = { 0, 0 };
	size_t i;

	if (n == NULL)
		return true;
	if (n->type != YNODE_SEQ || n->n != 2) {
		diag_add(d, DIAG_ERROR, &n->pos, "grid",
		    "grid must be [columns, rows]");
		return false;
	}
	for (i = 0; i < 2; i++)
		if (!num_in(n->items[i], 1, 20, &v[i], "grid", d))
			return false;
	if (v[0] != (unsigned int)v[0] || v[1] != (unsigned int)v[1]) {
		diag_add(d, DIAG_ERROR, &n->pos, "grid",
		    "grid must count whole cards");
		return false;
	}
	s->grid_pos = n->pos;
	s->cols = (unsigned int)v[0];
	s->rows = (unsigned int)v[1];
	return true;
}

static bool
load_marks(struct sheet *s, const struct ynode *n, struct diags *d)
{
	double len = 5, gap = 0.5, w = 0.5;

	if (n != NULL) {
		if (!yexpect(n, YNODE_MAP, "marks", NULL, d) ||
		    ymap_check_keys(n, mark_keys, NULL, d) > 0)
			return false;
		if (!num_in(ymap_get(n, "length_mm"), 0, 50, &len,
		    "length_mm", d) ||
		    !num_in(ymap_get(n, "gap_mm"), 0, 20, &gap, "gap_mm", d) ||
		    !num_in(ymap_get(n, "width_pt"), 0.25, 5, &w, "width_pt",
		    d))
			return false;
	}
	s->mark_len = MM(len);
	s->mark_gap = MM(gap);
	s->mark_width = w;
	return true;
}

struct sheet *
load_sheet(const char *path, struct diags *d)
{
	struct sheet *s = xcalloc(1, sizeof(*s));
	const struct ynode *root;
	double gutter = 0, unprint = 5;
	size_t nerr = d->nerr;
	bool ok;

	s->file = diag_file(d, path);
	root = ytree_load(&s->arena, path, d);
	if (root != NULL)
		s->grid_pos = root->pos;	/* until "grid" says more */
	ok = root != NULL && yexpect(root, YNODE_MAP, "a sheet", NULL, d);
	if (ok) {
		ok = ymap_check_keys(root, sheet_keys, NULL, d) == 0;
		ok &= load_paper(s, ymap_get(root, "paper"), d);
		ok &= load_grid(s, ymap_get(root, "grid"), d);
		ok &= num_in(ymap_get(root, "gutter_mm"), 0, 100, &gutter,
		    "gutter_mm", d);
		ok &= num_in(ymap_get(root, "unprintable_mm"), 0, 30,
		    &unprint, "unprintable_mm", d);
		ok &= load_marks(s, ymap_get(root, "marks"), d);
	}
	/* Any error, even one that left a usable tree, fails the sheet. */
	if (!ok || d->nerr > nerr) {
		sheet_free(s);
		return NULL;
	}
	s->gutter = MM(gutter);
	s->unprintable = MM(unprint);
	return s;
}

void
sheet_free(struct sheet *s)
{
	if (s == NULL)
		return;
	arena_free(&s->arena);
	free(s);
}
