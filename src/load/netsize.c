/* SPDX-License-Identifier: MIT */
/*
 * A tuck box sized from the cards it holds: its layout names a kind of
 * the game (box: {kind: NAME}), whose template gives the cards' size
 * and whose copies their number, unless the layout says how many.
 * Once every kind's template is read, before anything is bound.
 */
#include <stdlib.h>
#include <string.h>

#include "loading.h"

/* Tuck box t, of kind k, sized from the kind its box names. */
static bool
size_box(const struct deck *deck, struct tmpl *const *tmpls, size_t k,
    struct diags *d)
{
	struct tmpl *t = tmpls[k];
	const struct tmpl *kt;
	unsigned int cards;
	size_t ki;

	if (!load_kind_named(deck, t->box->kind, &t->box->kind_pos, "shape",
	    "a tuck box for the cards of kind", &ki, d))
		return false;
	kt = tmpls[ki];
	if (kt->tuck || kt->faces > 0 || kt->tile) {
		diag_add(d, DIAG_ERROR, &t->box->kind_pos, "shape", "a tuck "
		    "box holds cards: kind '%s' is a %s", t->box->kind,
		    kt->tuck ? "tuck box" : kt->faces > 0 ? "die" : "board");
		return false;
	}
	cards = t->box->cards > 0 ? (unsigned int)t->box->cards :
	    deck->kinds[ki].ncopies;
	if (cards == 0) {
		diag_add(d, DIAG_ERROR, &t->box->kind_pos, "shape", "a tuck "
		    "box for the cards of kind '%s', which has none: say how "
		    "many it holds with cards: N", t->box->kind);
		return false;
	}
	tmpl_box_size(t, kt->w, kt->h, cards);
	return true;
}

bool
load_boxes(const struct deck *deck, struct tmpl *const *tmpls,
    struct diags *d)
{
	size_t k, j;
	bool ok = true;

	for (k = 0; k < deck->nkinds; k++) {
		const struct tmpl *t = tmpls[k];

		for (j = 0; j < k && tmpls[j] != t; j++)
			;
		if (t == NULL || j < k || !t->tuck || t->box->kind == NULL)
			continue;	/* sized already, or no box */
		ok &= size_box(deck, tmpls, k, d);
	}
	return ok;
}
