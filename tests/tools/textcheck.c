/* SPDX-License-Identifier: MIT */
/*
 * textcheck DECK LANG TEXT: does TEXT (pdftotext -raw of a card PDF)
 * contain every card string of DECK in LANG, a word broken at a line
 * end read whole?  Whitespace is collapsed
 * and case folded on both sides, since layouts wrap and may uppercase.
 * Prints each missing string; exit 1 if any is missing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../../src/markup/markup.h"
#include "../../src/load/load.h"

/*
 * Case-fold, NFC-normalise and collapse runs of white space to one; a
 * "-" at a line end after a letter is the word's own hyphen
 * ("Data-\nTesoro": "data-tesoro"), or with join the hyphen of a word
 * broken there ("Daten-\nschutz": "datenschutz").
 */
static char *
normalise(const char *s, bool join)
{
	char *nfc = g_utf8_normalize(s, -1, G_NORMALIZE_NFC);
	char *fold = g_utf8_casefold(nfc, -1), *o = fold, *p;
	bool space = false;

	for (p = fold; *p; p++) {
		/* A word hyphenated at a line end: "daten\u00ad\nschutz". */
		if (strncmp(p, "\xc2\xad", 2) == 0) {
			p++;
			while (p[1] == '\n' || p[1] == ' ' || p[1] == '\r')
				p++;
			continue;
		}
		/* A line broken after a hyphen is one word. */
		if (*p == '-' && p > fold && p[-1] != ' ' && p[1] == '\n') {
			if (!join)
				*o++ = '-';
			space = false;
			while (p[1] == '\n' || p[1] == '\r')
				p++;
			continue;
		}
		if (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r' ||
		    *p == '\f') {
			space = true;
			continue;
		}
		if (space && o != fold)
			*o++ = ' ';
		space = false;
		*o++ = *p;
	}
	*o = '\0';
	g_free(nfc);
	return fold;
}

/* The words of a card text: its inline markup and icons taken out. */
static char *
plain(const char *s)
{
	struct mtokens t;
	GString *b = g_string_new(NULL);
	size_t i;

	markup_parse(s, &t);
	for (i = 0; i < t.n; i++)
		if (t.v[i].type == MT_TEXT)
			g_string_append(b, t.v[i].text);
	markup_free(&t);
	return g_string_free(b, FALSE);
}

int
main(int argc, char **argv)
{
	struct diags d = { 0 };
	struct deck *deck;
	gchar *raw;
	char *hay, *joined;
	size_t i, j, checked = 0, missing = 0;
	int li;

	if (argc != 4) {
		fprintf(stderr, "usage: textcheck DECK LANG TEXT\n");
		return 2;
	}
	deck = load_deck(argv[1], NULL, &d);
	if (deck == NULL || (li = deck_lang_index(deck, argv[2])) < 0 ||
	    !g_file_get_contents(argv[3], &raw, NULL, NULL)) {
		diag_print(stderr, &d);
		fprintf(stderr, "textcheck: cannot load %s / %s\n", argv[1],
		    argv[3]);
		return 2;
	}
	hay = normalise(raw, false);
	joined = normalise(raw, true);
	for (i = 0; i < deck->ncards; i++) {
		const struct cardtext *ct = &deck->cards[i].texts[li];

		for (j = 0; j < ct->n; j++) {
			char *words, *needle;

			if (ct->v[j].value == NULL)
				continue;
			words = plain(ct->v[j].value);
			needle = normalise(words, false);
			g_free(words);

			checked++;
			if (strstr(hay, needle) == NULL &&
			    strstr(joined, needle) == NULL) {
				printf("missing: %s %s: %s\n",
				    deck->cards[i].id, ct->v[j].field,
				    ct->v[j].value);
				missing++;
			}
			g_free(needle);
		}
	}
	printf("%zu strings checked, %zu missing\n", checked, missing);
	g_free(hay);
	g_free(joined);
	g_free(raw);
	load_deck_free(deck);
	diag_free(&d);
	return missing ? 1 : 0;
}
