/* SPDX-License-Identifier: MIT */
/*
 * A printer's profile (--printer FILE): what "deckpress calibrate"
 * showed of one printer -- its paper, how far it shifts back pages,
 * which edge it turns the paper on, how much of the edge it cannot
 * print -- kept in a few lines of YAML for every later run.  Part of
 * the job stage, which reads it for a command's options.
 */
#include <stdlib.h>
#include <string.h>

#include "../ytree/ytree.h"
#include "profile.h"

static const char *const printer_keys[] = { "paper", "back_offset_mm",
    "duplex", "unprintable_mm", "image_dpi", NULL };

static bool
load_offset(struct printer *p, const struct ynode *n, struct diags *d)
{
	double v[2];
	size_t i;

	if (n->type != YNODE_SEQ || n->n != 2) {
		diag_add(d, DIAG_ERROR, &n->pos, "printer", "back_offset_mm "
		    "must be [x, y] in mm, as 'deckpress calibrate' reads it");
		return false;
	}
	for (i = 0; i < 2; i++) {
		if (!ytree_number(n->items[i], &v[i], "back_offset_mm", NULL,
		    d))
			return false;
		if (v[i] < -20 || v[i] > 20) {
			diag_add(d, DIAG_ERROR, &n->items[i]->pos, "range",
			    "a back offset of %g mm is more than any printer's "
			    "(at most 20 mm either way)", v[i]);
			return false;
		}
	}
	p->has_offset = true;
	p->back_x = MM(v[0]);
	p->back_y = MM(v[1]);
	return true;
}

static bool
load_duplex(struct printer *p, const struct ynode *n, struct diags *d)
{
	static const char *const names[] = { "long", "short", "none", "fold",
	    NULL };
	size_t i;

	if (!ytree_expect(n, YNODE_SCALAR, "duplex", NULL, d))
		return false;
	for (i = 0; names[i] != NULL; i++)
		if (strcmp(names[i], n->str) == 0) {
			p->duplex = (enum duplex)i;
			p->has_duplex = true;
			return true;
		}
	diag_add(d, DIAG_ERROR, &n->pos, "printer", "duplex must be long, "
	    "short, none or fold, not '%s'", n->str);
	return false;
}

static bool
load_fields(struct printer *p, const struct ynode *root, struct diags *d)
{
	const struct ynode *n;
	double v;
	bool ok = ytree_check_keys(root, printer_keys, NULL, d) == 0;

	if ((n = ytree_get(root, "paper")) != NULL) {
		if (!ytree_string(n, &p->paper, "paper", NULL, d))
			ok = false;
		else if (strcmp(p->paper, "a4") != 0 &&
		    strcmp(p->paper, "letter") != 0) {
			diag_add(d, DIAG_ERROR, &n->pos, "printer", "paper must "
			    "be a4 or letter, not '%s'", p->paper);
			ok = false;
		}
	}
	if ((n = ytree_get(root, "back_offset_mm")) != NULL)
		ok &= load_offset(p, n, d);
	if ((n = ytree_get(root, "duplex")) != NULL)
		ok &= load_duplex(p, n, d);
	if ((n = ytree_get(root, "unprintable_mm")) != NULL) {
		if (!ytree_number(n, &v, "unprintable_mm", NULL, d))
			ok = false;
		else if (v < 0 || v > 30) {
			diag_add(d, DIAG_ERROR, &n->pos, "range", "unprintable_mm "
			    "must be between 0 and 30, not %g", v);
			ok = false;
		} else {
			p->has_unprintable = true;
			p->unprintable = MM(v);
		}
	}
	if ((n = ytree_get(root, "image_dpi")) != NULL) {
		if (!ytree_number(n, &v, "image_dpi", NULL, d))
			ok = false;
		else if (v < IMAGE_DPI_MIN || v > IMAGE_DPI_MAX) {
			diag_add(d, DIAG_ERROR, &n->pos, "range", "image_dpi "
			    "must be between %d and %d, not %g", IMAGE_DPI_MIN,
			    IMAGE_DPI_MAX, v);
			ok = false;
		} else
			p->image_dpi = v;
	}
	return ok;
}

struct printer *
job_printer_load(const char *path, struct diags *d)
{
	struct printer *p = xcalloc(1, sizeof(*p));
	const struct ynode *root;
	size_t nerr = d->nerr;

	p->file = diag_file(d, path);
	root = ytree_load(&p->arena, NULL, p->file, d);
	if (root == NULL || !ytree_expect(root, YNODE_MAP, "a printer profile",
	    NULL, d) || !load_fields(p, root, d) || d->nerr > nerr) {
		job_printer_free(p);
		return NULL;
	}
	return p;
}

void
job_printer_free(struct printer *p)
{
	if (p == NULL)
		return;
	arena_free(&p->arena);
	free(p);
}
