/* SPDX-License-Identifier: MIT */
/*
 * The deck as the spreadsheet "deckpress import" reads: a row per
 * entry of deck.yaml's card list, in its order, with its id, count and
 * attributes, and a column per text field, the source's first, then
 * each translation's ("title@es").  Importing it back changes nothing:
 * a designer can begin in YAML and go on in a spreadsheet.  Part of the
 * export stage; the reader is import/csvread.c, the import import/.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "exporting.h"
#include "../outfile.h"

/* The text fields the source gives its cards, in order of first use. */
static GPtrArray *
source_fields(const struct deck *deck)
{
	GPtrArray *v = g_ptr_array_new();
	size_t i, j, k;

	for (i = 0; i < deck->ncards; i++) {
		const struct cardtext *ct = &deck->cards[i].texts[0];

		for (j = 0; j < ct->n; j++) {
			if (ct->v[j].deflt)
				continue;
			for (k = 0; k < v->len; k++)
				if (strcmp(v->pdata[k], ct->v[j].field) == 0)
					break;
			if (k == v->len)
				g_ptr_array_add(v, (gpointer)ct->v[j].field);
		}
	}
	return v;
}

/*
 * One cell: in quotes if it holds the separator, a quote or a line
 * break, or begins or ends with a blank (which the reader would trim);
 * after an apostrophe if a spreadsheet would run it as a formula
 * ("=HYPERLINK(...)" in a stranger's game), which spreadsheets show as
 * text and import takes off again.
 */
static void
put_cell(struct strbuf *b, const char *s, bool first)
{
	const char *dq;
	size_t n = strlen(s);
	bool guard = cell_formula_like(s);
	bool q = strpbrk(s, ",\"\r\n") != NULL || (n > 0 &&
	    ((!guard && strchr(" \t", s[0]) != NULL) ||
	    strchr(" \t", s[n - 1]) != NULL));

	if (!first)
		sb_puts(b, ",");
	if (q)
		sb_puts(b, "\"");
	if (guard)
		sb_puts(b, "'");
	/* A quote inside is doubled. */
	for (; q && (dq = strchr(s, '"')) != NULL; s = dq + 1)
		sb_printf(b, "%.*s\"\"", (int)(dq - s), s);
	sb_puts(b, s);
	if (q)
		sb_puts(b, "\"");
}

/* A card's own text of field in language li, or "" (none, a default). */
static const char *
own_text(const struct card *c, size_t li, const char *field)
{
	const struct cardtext *ct = &c->texts[li];
	size_t i;

	for (i = 0; i < ct->n; i++)
		if (strcmp(ct->v[i].field, field) == 0)
			return ct->v[i].deflt || ct->v[i].value == NULL ? "" :
			    ct->v[i].value;
	return "";
}

static void
put_header(struct strbuf *b, const struct deck *deck, const GPtrArray *f)
{
	size_t k, li;

	put_cell(b, "id", true);
	put_cell(b, "count", false);
	for (k = 0; k < deck->nattrdefs; k++)
		put_cell(b, deck->attrdefs[k].name, false);
	for (li = 0; li < deck->nlangs; li++)
		for (k = 0; k < f->len; k++) {
			char *name = li == 0 ? g_strdup(f->pdata[k]) :
			    g_strdup_printf("%s@%s", (char *)f->pdata[k],
			    deck->langs[li]);

			put_cell(b, name, false);
			g_free(name);
		}
	sb_puts(b, "\n");
}

static void
put_row(struct strbuf *b, const struct deck *deck, const struct card *c,
    const GPtrArray *f)
{
	const char *v;
	char num[16];
	size_t k, li;

	put_cell(b, c->id, true);
	snprintf(num, sizeof(num), "%u", c->count);
	put_cell(b, num, false);
	for (k = 0; k < deck->nattrdefs; k++) {
		v = card_attr(c, deck->attrdefs[k].name);
		put_cell(b, v != NULL ? v : "", false);
	}
	for (li = 0; li < deck->nlangs; li++)
		for (k = 0; k < f->len; k++)
			put_cell(b, own_text(c, li, f->pdata[k]), false);
	sb_puts(b, "\n");
}

int
export_csv(const struct deck *deck, const char *out,
    struct export_done *done, struct diags *d)
{
	GPtrArray *f = source_fields(deck);
	struct strbuf b = { 0 };
	struct outfile o;
	size_t i;
	int rc = 0;

	/* A mark Excel needs to read the file as UTF-8; import skips it. */
	sb_puts(&b, "\xEF\xBB\xBF");
	put_header(&b, deck, f);
	for (i = 0; i < deck->ncards; i++)
		put_row(&b, deck, &deck->cards[i], f);
	if (job_ensure_parent(out, d) != 0 || !outfile_open(&o, out, d))
		rc = EXIT_IO;
	else if (!outfile_close(&o, outfile_write(&o, b.s, b.len), d))
		rc = EXIT_IO;	/* a write that failed: reported, not kept */
	if (rc == 0) {
		done->path = g_strdup(out);
		done->n = deck->ncards;
		done->cards = f->len * deck->nlangs;
	}
	g_ptr_array_free(f, TRUE);
	sb_free(&b);
	return rc;
}
