/* SPDX-License-Identifier: MIT */
/*
 * What an import changes beyond deck.yaml's card list: the cards a
 * spreadsheet drops, refused while they have strings unless pruned,
 * and the strings its rows bring into the deck's texts, each
 * translation with the hash of the source it was made from.  Part of
 * the import stage, after fromcsv.c has read the table.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "importing.h"

/* Is id a card of the table? */
static bool
in_table(GHashTable *ids, const char *id)
{
	return g_hash_table_contains(ids, id);
}

/* The text entries of card id: which languages hold strings for it. */
static size_t
text_entries(const struct import *im, const struct deck *deck,
    const char *id, bool strings, const struct tentry **at)
{
	size_t li, i, n = 0;

	for (li = 0; li < deck->nlangs; li++)
		for (i = 0; i < im->ntfile[li]; i++)
			if (strcmp(im->tfile[li][i].id, id) == 0 &&
			    (!strings || im->tfile[li][i].strings))
				at[n++] = &im->tfile[li][i];
	return n;
}

/* A card the table lacks whose strings would go with it. */
static void
orphan(const struct import *im, const struct deck *deck, const char *id,
    const struct srcpos *pos, const struct tentry **at, size_t n,
    struct diags *d)
{
	struct strbuf langs = { 0 };
	size_t i;

	sb_puts(&langs, "");
	for (i = 0; i < n; i++)
		sb_printf(&langs, "%s'%s'", i == 0 ? "" : i + 1 < n ? ", " :
		    " and ", deck->langs[at[i]->lang]);
	diag_add(d, DIAG_ERROR, pos, "orphan", "card '%s' is not in %s, but "
	    "has strings in %s: import with --prune to delete them too, or "
	    "keep its row", id, im->tab->file, langs.s);
	for (i = 0; i < n; i++)
		if (&at[i]->pos != pos)
			diag_add(d, DIAG_NOTE, &at[i]->pos, NULL, "its strings "
			    "in '%s'", deck->langs[at[i]->lang]);
	sb_free(&langs);
}

/* Mark the text files holding an entry for id: they lose it. */
static void
touch_files(const struct import *im, const struct deck *deck,
    const char *id, struct icounts *n)
{
	size_t li, i;

	for (li = 0; li < deck->nlangs; li++)
		for (i = 0; i < im->ntfile[li]; i++)
			if (strcmp(im->tfile[li][i].id, id) == 0)
				n->touched[li] = true;
}

bool
import_orphans(const struct import *im, const struct deck *deck,
    bool prune, struct icounts *n, struct diags *d)
{
	GHashTable *ids = g_hash_table_new(g_str_hash, g_str_equal);
	const struct tentry **at = xcalloc(deck->nlangs + 1, sizeof(*at));
	size_t i, k, li, nerr = d->nerr;

	for (i = 0; i < im->nentries; i++)
		g_hash_table_add(ids, (gpointer)im->entries[i].id);
	for (i = 0; i < deck->ncards; i++) {
		const struct card *c = &deck->cards[i];

		if (in_table(ids, c->id))
			continue;
		k = text_entries(im, deck, c->id, true, at);
		if (k > 0 && !prune)
			orphan(im, deck, c->id, &c->pos, at, k, d);
		n->removed++;
		touch_files(im, deck, c->id, n);
	}
	/* Strings for a card deck.yaml never listed: as good as gone. */
	for (li = 0; li < deck->nlangs; li++)
		for (i = 0; i < im->ntfile[li]; i++) {
			const struct tentry *e = &im->tfile[li][i];

			if (in_table(ids, e->id) || deck_card(deck, e->id))
				continue;
			if (e->strings && !prune)
				orphan(im, deck, e->id, &e->pos, &e, 1, d);
			n->touched[li] = true;
		}
	free(at);
	g_hash_table_destroy(ids);
	return d->nerr == nerr;
}

/* The string field of card c in language li, or NULL. */
static struct text *
text_of(struct card *c, size_t li, const char *field)
{
	struct cardtext *ct = &c->texts[li];
	size_t i;

	for (i = 0; i < ct->n; i++)
		if (strcmp(ct->v[i].field, field) == 0)
			return &ct->v[i];
	return NULL;
}

/* Set a string of c unless it says so already; the text set, or NULL. */
static struct text *
set_text(struct deck *deck, struct card *c, size_t li, const char *field,
    const char *v, struct icounts *n)
{
	struct text *t = text_of(c, li, field);

	if (t != NULL && t->value != NULL && !t->deflt &&
	    strcmp(t->value, v) == 0)
		return NULL;
	if (t == NULL || t->deflt)
		t = cardtext_add(deck, &c->texts[li], field);
	t->value = arena_strdup(&deck->arena, v);
	t->edited = true;
	n->strings[li]++;
	n->touched[li] = true;
	return t;
}

/*
 * An emptied cell: the text the file has goes, left as ~ so that check
 * reports it missing (a default pack string is not the file's).
 */
static void
clear_text(struct card *c, size_t li, const char *field, struct icounts *n)
{
	struct text *t = text_of(c, li, field);

	if (t == NULL || t->value == NULL || t->deflt)
		return;
	t->value = NULL;
	t->src_hash = NULL;
	t->edited = true;
	n->cleared[li]++;
	n->touched[li] = true;
}

/* A source text changed: its translations' files show them stale. */
static void
source_set(struct deck *deck, struct card *c, const char *field,
    const char *v, struct icounts *n)
{
	size_t li;

	if (set_text(deck, c, 0, field, v, n) == NULL)
		return;
	for (li = 1; li < deck->nlangs; li++)
		if (text_of(c, li, field) != NULL)
			n->touched[li] = true;
}

/* A translation in the table: made from the row's source text. */
static bool
translation_set(struct deck *deck, struct card *c, const struct icol *col,
    const struct csvcell *cell, struct icounts *n, struct diags *d)
{
	const char *src = card_text(c, 0, col->field, NULL);
	struct text *t;
	char h[9];

	if (src == NULL) {
		diag_add(d, DIAG_ERROR, &cell->pos, "source", "card '%s': "
		    "column '%s' translates no text: the card has no '%s' in "
		    "'%s'", c->id, col->name, col->field, deck->langs[0]);
		return false;
	}
	if ((t = set_text(deck, c, col->lang, col->field, cell->s, n)) ==
	    NULL)
		return true;
	text_hash(src, h);
	t->src_hash = arena_strdup(&deck->arena, h);
	return true;
}

bool
import_texts(const struct import *im, struct deck *deck, struct icounts *n,
    struct diags *d)
{
	const struct ientry *e;
	const struct icol *col;
	struct card *c;
	size_t i, j, pass;
	bool ok = true;

	/* The sources first: a translation hashes its row's source. */
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < im->nentries; i++) {
			e = &im->entries[i];
			c = deck_card(deck, e->id);
			for (j = 0; c != NULL && j < im->ncols; j++) {
				col = &im->cols[j];
				if (col->type != ICOL_TEXT ||
				    (col->lang == 0) != (pass == 0))
					continue;
				if (e->row->v[j].s[0] == '\0')
					clear_text(c, col->lang, col->field, n);
				else if (pass == 0)
					source_set(deck, c, col->field,
					    e->row->v[j].s, n);
				else
					ok &= translation_set(deck, c, col,
					    &e->row->v[j], n, d);
			}
		}
	return ok;
}
