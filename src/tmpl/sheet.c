/* SPDX-License-Identifier: MIT */
/*
 * Load a sheet template (layouts/sheets/<name>.yaml): paper size, a grid
 * of cards if it fixes one, gutters and crop marks.
 */
#include <stdlib.h>
#include <string.h>

#include "../ytree/ytree.h"
#include "expr.h"
#include "tmpl.h"

static const char *const sheet_keys[] = { "paper", "grid", "gutter_mm",
    "spacing_mm", "unprintable_mm", "marks", "guides", "corner_mm", "slots",
    NULL };
static const char *const mark_keys[] = { "length_mm", "gap_mm", "width_pt",
    NULL };

/* A sheet names no card's data: every {name} in it names nothing. */
static const char *
no_names(void *ctx, const char *name)
{
	(void)ctx;
	(void)name;
	return NULL;
}

/*
 * n as a number; a length (what ends in _mm or _pt) also as a layout's
 * are, with its unit or as arithmetic ("0.125in", "3mm + 2pt"), px at
 * 300 dpi (tmpl/expr.c).
 */
static bool
sheet_number(const struct ynode *n, const char *what, double *v,
    struct diags *d)
{
	size_t len = strlen(what);
	struct eenv env = { no_names, NULL, 300, 0 };
	struct eerr err;
	bool unknown;
	char *end, *shown;

	if (len > 3 && strcmp(what + len - 3, "_mm") == 0)
		env.unit = 72 / 25.4;
	else if (len > 3 && strcmp(what + len - 3, "_pt") == 0)
		env.unit = 1;
	if (env.unit == 0 || n->type != YNODE_SCALAR || ytree_isnull(n) ||
	    strlen(n->str) != n->len || (strtod(n->str, &end), *end == '\0'))
		return ytree_number(n, v, what, NULL, d);
	if (tmpl_expr_number(n->str, &env, v, &unknown, &err))
		return true;
	shown = shown_dup(n->str);
	diag_add(d, DIAG_ERROR, &n->pos, "expr", "%s \"%s\": %s", what,
	    shown, err.msg);
	free(shown);
	return false;
}

static bool
num_in(const struct ynode *n, double lo, double hi, double *out,
    const char *what, struct diags *d)
{
	double v;

	if (n == NULL)
		return true;
	if (!sheet_number(n, what, &v, d))
		return false;
	if (v < lo || v > hi) {
		diag_add(d, DIAG_ERROR, &n->pos, "range",
		    "%s must be between %g and %g, not %g", what, lo, hi, v);
		return false;
	}
	*out = v;
	return true;
}

bool
tmpl_sheet_paper(struct sheet *s, const char *name)
{
	if (strcmp(name, "a4") == 0) {
		s->paper = "A4";
		s->paper_w = MM(210);
		s->paper_h = MM(297);
	} else if (strcmp(name, "letter") == 0) {
		s->paper = "Letter";
		s->paper_w = MM(215.9);
		s->paper_h = MM(279.4);
	} else
		return false;
	return true;
}

static bool
load_paper(struct sheet *s, const struct ynode *n, struct diags *d)
{
	static const char *const keys[] = { "width_mm", "height_mm", NULL };
	double w = 210, h = 297;

	if (n == NULL)
		return tmpl_sheet_paper(s, "a4");
	if (n->type == YNODE_MAP) {
		if (ytree_check_keys(n, keys, NULL, d) > 0 ||
		    !num_in(ytree_get(n, "width_mm"), 50, 2000, &w, "width_mm",
		    d) ||
		    !num_in(ytree_get(n, "height_mm"), 50, 2000, &h,
		    "height_mm", d))
			return false;
	} else if (n->type != YNODE_SCALAR || !tmpl_sheet_paper(s, n->str)) {
		diag_add(d, DIAG_ERROR, &n->pos, "paper", "paper must be a4, "
		    "letter or {width_mm, height_mm}");
		return false;
	} else
		return true;
	s->paper = NULL;
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

#define MAX_SLOTS	500	/* far more than any sheet of paper holds */

/* One slot: {at_mm: [x, y], rotate_deg: 0, 90, 180 or 270}. */
static bool
load_slot(struct sprue *sp, const struct ynode *n, struct diags *d)
{
	static const char *const keys[] = { "at_mm", "rotate_deg", NULL };
	const struct ynode *at, *rot;
	double v[2], deg = 0;
	size_t i;

	if (!ytree_expect(n, YNODE_MAP, "a slot", NULL, d) ||
	    ytree_check_keys(n, keys, NULL, d) > 0)
		return false;
	at = ytree_get(n, "at_mm");
	if (at == NULL || at->type != YNODE_SEQ || at->n != 2) {
		diag_add(d, DIAG_ERROR, at != NULL ? &at->pos : &n->pos, "slots",
		    "a slot needs at_mm: [x, y], its trim's top-left on the "
		    "paper");
		return false;
	}
	for (i = 0; i < 2; i++)
		if (!num_in(at->items[i], -2000, 2000, &v[i], "at_mm", d))
			return false;
	rot = ytree_get(n, "rotate_deg");
	if (rot != NULL && !sheet_number(rot, "rotate_deg", &deg, d))
		return false;
	if (deg != 0 && deg != 90 && deg != 180 && deg != 270) {
		diag_add(d, DIAG_ERROR, &rot->pos, "slots", "rotate_deg must "
		    "be 0, 90, 180 or 270, not %g", deg);
		return false;
	}
	sp->x = MM(v[0]);
	sp->y = MM(v[1]);
	sp->turn = (unsigned int)(deg / 90);
	sp->pos = at->pos;
	return true;
}

/* slots: [{at_mm, rotate_deg}, ...], instead of a grid. */
static bool
load_slots(struct sheet *s, const struct ynode *root, struct diags *d)
{
	const struct ynode *n = ytree_get(root, "slots");
	size_t i;
	bool ok = true;

	if (n == NULL)
		return true;
	if (ytree_get(root, "grid") != NULL) {
		diag_add(d, DIAG_ERROR, &n->pos, "sheet", "give grid or slots, "
		    "not both");
		return false;
	}
	if (n->type != YNODE_SEQ || n->n == 0 || n->n > MAX_SLOTS) {
		diag_add(d, DIAG_ERROR, &n->pos, "slots", "slots must be a "
		    "list of 1 to %d {at_mm: [x, y], rotate_deg: 0} entries",
		    MAX_SLOTS);
		return false;
	}
	s->slots = arena_alloc(&s->arena, n->n * sizeof(*s->slots));
	for (i = 0; i < n->n; i++)
		ok &= load_slot(&s->slots[i], n->items[i], d);
	s->nslots = n->n;
	s->grid_pos = n->pos;
	return ok;
}

static bool
load_marks(struct sheet *s, const struct ynode *n, struct diags *d)
{
	double len = 5, gap = 0.5, w = 0.5;

	if (n != NULL) {
		if (!ytree_expect(n, YNODE_MAP, "marks", NULL, d) ||
		    ytree_check_keys(n, mark_keys, NULL, d) > 0)
			return false;
		if (!num_in(ytree_get(n, "length_mm"), 0, 50, &len,
		    "length_mm", d) ||
		    !num_in(ytree_get(n, "gap_mm"), 0, 20, &gap, "gap_mm", d) ||
		    !num_in(ytree_get(n, "width_pt"), 0.25, 5, &w, "width_pt",
		    d))
			return false;
	}
	s->mark_len = MM(len);
	s->mark_gap = MM(gap);
	s->mark_width = w;
	return true;
}

/*
 * spacing_mm: each card keeps its whole bleed, the bleeds this far
 * apart (instead of gutter_mm, the room between trims).
 */
static bool
load_spacing(struct sheet *s, const struct ynode *root, struct diags *d)
{
	const struct ynode *n = ytree_get(root, "spacing_mm");
	double v = 0;

	if (n == NULL)
		return true;
	if (ytree_get(root, "gutter_mm") != NULL) {
		diag_add(d, DIAG_ERROR, &n->pos, "sheet", "give spacing_mm "
		    "(between bleeds) or gutter_mm (between trims), not both");
		return false;
	}
	if (!num_in(n, 0, 100, &v, "spacing_mm", d))
		return false;
	s->spaced = true;
	s->spacing = MM(v);
	return true;
}

/* guides: marks (the default), full or corners; corner_mm for those. */
static bool
load_guides(struct sheet *s, const struct ynode *root, struct diags *d)
{
	const struct ynode *n = ytree_get(root, "guides");
	double r = 0;

	if (n != NULL) {
		if (!ytree_expect(n, YNODE_SCALAR, "guides", NULL, d))
			return false;
		if (!tmpl_sheet_guides(s, n->str)) {
			diag_add(d, DIAG_ERROR, &n->pos, "guides", "guides must "
			    "be marks, full or corners, not '%s'", n->str);
			return false;
		}
	}
	if (!num_in(ytree_get(root, "corner_mm"), 0.5, 20, &r, "corner_mm", d))
		return false;
	s->corner = MM(r);
	return true;
}

bool
tmpl_sheet_guides(struct sheet *s, const char *name)
{
	if (strcmp(name, "marks") == 0)
		s->guides = GUIDES_MARKS;
	else if (strcmp(name, "full") == 0)
		s->guides = GUIDES_FULL;
	else if (strcmp(name, "corners") == 0)
		s->guides = GUIDES_CORNERS;
	else
		return false;
	return true;
}

struct sheet *
tmpl_sheet_load(const struct confine *c, const char *path, struct diags *d)
{
	struct sheet *s = xcalloc(1, sizeof(*s));
	const struct ynode *root;
	double gutter = 0, unprint = 5;
	size_t nerr = d->nerr;
	bool ok;

	s->file = diag_file(d, path);
	root = ytree_load(&s->arena, c, path, d);
	if (root != NULL)
		s->grid_pos = root->pos;	/* until "grid" says more */
	ok = root != NULL && ytree_expect(root, YNODE_MAP, "a sheet", NULL, d);
	if (ok) {
		ok = ytree_check_keys(root, sheet_keys, NULL, d) == 0;
		ok &= load_paper(s, ytree_get(root, "paper"), d);
		ok &= load_grid(s, ytree_get(root, "grid"), d);
		ok &= num_in(ytree_get(root, "gutter_mm"), 0, 100, &gutter,
		    "gutter_mm", d);
		ok &= num_in(ytree_get(root, "unprintable_mm"), 0, 30,
		    &unprint, "unprintable_mm", d);
		ok &= load_marks(s, ytree_get(root, "marks"), d);
		ok &= load_spacing(s, root, d);
		ok &= load_guides(s, root, d);
		ok &= load_slots(s, root, d);
	}
	/* Any error, even one that left a usable tree, fails the sheet. */
	if (!ok || d->nerr > nerr) {
		tmpl_sheet_free(s);
		return NULL;
	}
	s->gutter = MM(gutter);
	s->unprintable = MM(unprint);
	return s;
}

void
tmpl_sheet_free(struct sheet *s)
{
	if (s == NULL)
		return;
	arena_free(&s->arena);
	free(s);
}
