/* SPDX-License-Identifier: MIT */
/*
 * Texts edited in the YAML since the last import.  Each import records
 * what it left in each text it was given, as a hash, in DECK/import.state
 * (a line per text: language, card, field, the hash of its value or ~);
 * the next one finds a text whose file no longer holds what was left,
 * and that the table would change, and refuses to lose it unless told
 * to (--overwrite).  A text with no record (never imported) is the
 * table's to set.  Part of the import stage; apply.c runs it.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "importing.h"
#include "../outfile.h"

#define STATE_FILE	"import.state"
#define MAX_STATE	(16 << 20)	/* 16 MiB, as a YAML file */

/* "lang\tid\tfield": a text's key in the record. */
static char *
state_key(const char *lang, const char *id, const char *field)
{
	return g_strdup_printf("%s\t%s\t%s", lang, id, field);
}

/* The hash the record keeps of value v: its text_hash(), or ~ (none). */
static void
state_hash(const char *v, char h[9])
{
	if (v == NULL)
		g_strlcpy(h, "~", 9);
	else
		text_hash(v, h);
}

bool
import_state_load(struct import *im, const struct deck *deck,
    struct diags *d)
{
	char *path = path_join(deck->dir, STATE_FILE), **lines, **f;
	struct srcpos pos = { diag_file(d, path), 0, 0 };
	unsigned char *buf;
	size_t len, i;

	im->state = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    g_free);
	if (!file_exists(path)) {
		free(path);
		return true;
	}
	/* The game's: no further than its folder, as its other files. */
	buf = confine_read(deck->confine, path, MAX_STATE, "import record",
	    &pos, &len, d);
	free(path);
	if (buf == NULL)
		return false;
	im->state_raw = (char *)buf;
	im->state_len = len;
	lines = g_strsplit((char *)buf, "\n", -1);
	/* A line not as import writes it is no record: left out. */
	for (i = 0; lines[i] != NULL; i++) {
		f = g_strsplit(lines[i], "\t", 5);
		if (g_strv_length(f) == 4 && strlen(f[3]) < 9)
			g_hash_table_insert(im->state, state_key(f[0], f[1],
			    f[2]), g_strdup(f[3]));
		g_strfreev(f);
	}
	g_strfreev(lines);
	return true;
}

/* The file's own text of field (not a default), or NULL. */
static const char *
file_text(const struct card *c, size_t li, const char *field,
    const struct text **where)
{
	const struct cardtext *ct = &c->texts[li];
	size_t i;

	*where = NULL;
	for (i = 0; i < ct->n; i++)
		if (strcmp(ct->v[i].field, field) == 0 && !ct->v[i].deflt) {
			*where = &ct->v[i];
			return ct->v[i].value;
		}
	return NULL;
}

/* The text of column j of entry e, as the file has it, was edited. */
static void
edited(const struct import *im, const struct deck *deck,
    const struct ientry *e, size_t j, const struct text *t, bool overwrite,
    struct diags *d)
{
	const struct icol *col = &im->cols[j];
	const char *how = e->row->v[j].s[0] == '\0' ? "clear" : "replace";

	if (overwrite)
		diag_add(d, DIAG_WARN, &e->row->v[j].pos, "edited", "card "
		    "'%s': '%s' (%s) was edited in text/%s.yaml since the last "
		    "import; %sd, as --overwrite asks", e->id, col->field,
		    deck->langs[col->lang], deck->langs[col->lang], how);
	else
		diag_add(d, DIAG_ERROR, &e->row->v[j].pos, "edited", "card "
		    "'%s': '%s' (%s) was edited in text/%s.yaml since the last "
		    "import, and the table would %s it; copy the edit into the "
		    "table, or give --overwrite", e->id, col->field,
		    deck->langs[col->lang], deck->langs[col->lang], how);
	if (t != NULL && t->pos.file != NULL)
		diag_add(d, DIAG_NOTE, &t->pos, NULL, "the edited text");
}

bool
import_handedits(const struct import *im, const struct deck *deck,
    bool overwrite, struct diags *d)
{
	const struct text *t;
	const struct card *c;
	const char *cur, *rec;
	size_t i, j, nerr = d->nerr;
	char *key, h[9];

	for (i = 0; i < im->nentries; i++) {
		const struct ientry *e = &im->entries[i];

		if ((c = deck_card(deck, e->id)) == NULL)
			continue;
		for (j = 0; j < im->ncols; j++) {
			const struct icol *col = &im->cols[j];
			const char *cell = e->row->v[j].s;

			if (col->type != ICOL_TEXT)
				continue;
			cur = file_text(c, col->lang, col->field, &t);
			if (cur == NULL ? *cell == '\0' : strcmp(cur, cell) == 0)
				continue;	/* the table changes nothing */
			key = state_key(deck->langs[col->lang], e->id,
			    col->field);
			rec = g_hash_table_lookup(im->state, key);
			g_free(key);
			state_hash(cur, h);
			if (rec != NULL && strcmp(rec, h) != 0)
				edited(im, deck, e, j, t, overwrite, d);
		}
	}
	return d->nerr == nerr;
}

static int
key_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

bool
import_state_bytes(const struct import *im, const struct deck *deck,
    struct strbuf *b)
{
	char h[9];
	const struct text *t;
	const struct card *c;
	GHashTableIter it;
	gpointer k, v;
	GPtrArray *keys;
	size_t i, j;

	for (i = 0; i < im->nentries; i++) {
		const struct ientry *e = &im->entries[i];

		if ((c = deck_card(deck, e->id)) == NULL)
			continue;
		for (j = 0; j < im->ncols; j++)
			if (im->cols[j].type == ICOL_TEXT) {
				state_hash(file_text(c, im->cols[j].lang,
				    im->cols[j].field, &t), h);
				g_hash_table_insert(im->state, state_key(
				    deck->langs[im->cols[j].lang], e->id,
				    im->cols[j].field), g_strdup(h));
			}
	}
	/* Sorted, so that an import that changes nothing writes nothing. */
	keys = g_ptr_array_new();
	g_hash_table_iter_init(&it, im->state);
	while (g_hash_table_iter_next(&it, &k, &v))
		g_ptr_array_add(keys, k);
	if (keys->len > 0)
		qsort(keys->pdata, keys->len, sizeof(gpointer), key_cmp);
	for (i = 0; i < keys->len; i++)
		sb_printf(b, "%s\t%s\n", (char *)keys->pdata[i],
		    (char *)g_hash_table_lookup(im->state, keys->pdata[i]));
	g_ptr_array_free(keys, TRUE);
	/* No text to record and no record: no file. */
	if (b->len == 0 && im->state_raw == NULL)
		return false;
	return im->state_raw == NULL || im->state_len != b->len ||
	    (b->len > 0 && memcmp(im->state_raw, b->s, b->len) != 0);
}
