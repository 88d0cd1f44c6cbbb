/* SPDX-License-Identifier: MIT */
/*
 * A card's title field, whatever the game calls it: the text a
 * [[card:ID]] reference prints, the check's diagnostics and the
 * translators' notes name a card by.  Chosen per kind once the
 * templates are loaded (load_titles()), read by card_title().  Part of
 * the load stage.
 */
#include <string.h>

#include "load.h"

/* Has some card of kind k a text named field in the source language? */
static bool
kind_has(const struct deck *deck, size_t k, const char *field)
{
	const struct text *t;
	size_t i;

	for (i = 0; i < deck->ncards; i++)
		if (deck->cards[i].kind == k &&
		    (card_text(&deck->cards[i], 0, field, &t) != NULL ||
		    t != NULL))
			return true;
	return false;
}

/* The first text field the front of t draws, or NULL. */
static const char *
first_field(const struct tmpl *t)
{
	size_t i;

	for (i = 0; i < t->nelems[FACE_FRONT]; i++)
		if (t->elems[FACE_FRONT][i].type == ELEM_TEXT &&
		    t->elems[FACE_FRONT][i].field != NULL)
			return t->elems[FACE_FRONT][i].field;
	return NULL;
}

bool
load_titles(struct deck *deck, const struct tmpl *const *tmpls,
    struct diags *d)
{
	struct kind *kd;
	size_t k;
	bool ok = true;

	for (k = 0; k < deck->nkinds; k++) {
		kd = &deck->kinds[k];
		if (kd->title_pos.file != NULL) {
			if (kd->nentries == 0 || kind_has(deck, k,
			    kd->title_field))
				continue;
			diag_add(d, DIAG_ERROR, &kd->title_pos, "title-field",
			    "title_field '%s': no %s%s%s has a text '%s'",
			    kd->title_field, deck->multi ? "component '" :
			    "card", deck->multi ? kd->name : "", deck->multi ?
			    "'" : "", kd->title_field);
			ok = false;
		} else if (kind_has(deck, k, "title"))
			kd->title_field = "title";
		else if (tmpls[k] != NULL)
			kd->title_field = first_field(tmpls[k]);
	}
	return ok;
}

