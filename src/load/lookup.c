/* SPDX-License-Identifier: MIT */
/*
 * What every stage asks of a loaded deck: a card by its id (or the id
 * a typo was meant to be), a language's index, a card's attribute or
 * text, the copies of all the cards.  Below deck.c and texts.c, which
 * build the deck and use these while they do.  Part of the load stage.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "load.h"

int
card_idcmp(const void *a, const void *b)
{
	return strcmp((*(struct card *const *)a)->id,
	    (*(struct card *const *)b)->id);
}

int
deck_lang_index(const struct deck *deck, const char *lang)
{
	size_t i;

	for (i = 0; i < deck->nlangs; i++)
		if (strcmp(deck->langs[i], lang) == 0)
			return (int)i;
	return -1;
}

struct card *
deck_card(const struct deck *deck, const char *id)
{
	struct card key = { .id = id }, *kp = &key, **hit;

	if (deck->ncards == 0)
		return NULL;	/* a head without cards has no index */
	hit = bsearch(&kp, deck->by_id, deck->ncards, sizeof(*hit),
	    card_idcmp);
	return hit ? *hit : NULL;
}

const char *
deck_suggest_id(const struct deck *deck, const char *word)
{
	const char **ids = xcalloc(deck->ncards + 1, sizeof(char *)), *hint;
	size_t i;

	for (i = 0; i < deck->ncards; i++)
		ids[i] = deck->cards[i].id;
	hint = closest_word(word, ids, deck->ncards);
	free(ids);
	return hint;
}

const char *
card_attr(const struct card *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->nattrs; i++)
		if (strcmp(c->attrs[i].name, name) == 0)
			return c->attrs[i].value;
	return NULL;
}

const char *
card_text(const struct card *c, size_t lang, const char *field,
    const struct text **where)
{
	const struct cardtext *ct = &c->texts[lang];
	size_t i;

	if (where != NULL)
		*where = NULL;
	for (i = 0; i < ct->n; i++)
		if (strcmp(ct->v[i].field, field) == 0) {
			if (where != NULL)
				*where = &ct->v[i];
			return ct->v[i].value;	/* NULL if not written yet */
		}
	return NULL;
}

unsigned int
deck_total(const struct deck *deck)
{
	unsigned int n = 0;
	size_t i;

	for (i = 0; i < deck->ncards; i++)
		n += deck->cards[i].count;
	return n;
}

bool
deck_has_pack(const struct deck *deck, size_t li)
{
	char *md = g_strdup_printf("rules/%s.md", deck->langs[li]);
	char *path = path_join(deck->dir, md);
	bool yes = deck->pack.texts[li].pos.file != NULL ||
	    game_exists(deck->confine, path);

	g_free(md);
	free(path);
	return yes;
}

bool
pack_mode_string(const char *field)
{
	static const char *const modes[] = { "-short", "-none", "-fold",
	    NULL };
	size_t i;

	if (strcmp(field, "fold-title") == 0 || strcmp(field, "folding") == 0 ||
	    strcmp(field, "cutting-fold") == 0)
		return true;
	if (strncmp(field, "printing-", 9) != 0 &&
	    strncmp(field, "cards-note-", 11) != 0)
		return false;
	for (i = 0; modes[i] != NULL; i++)
		if (g_str_has_suffix(field, modes[i]))
			return true;
	return false;
}
