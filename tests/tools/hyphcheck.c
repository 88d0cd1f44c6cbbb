/* SPDX-License-Identifier: MIT */
/*
 * hyphcheck LANG TEXT [SOURCE...]: is every word that TEXT (pdftotext
 * -raw of a PDF) breaks at a line end with a hyphen (a "-" after a
 * letter, or a U+00AD) broken where LANG's dictionary allows?  The two
 * halves are joined, hyphenated afresh with deckpress's own layout_hyph_text()
 * and the break looked up; a break one letter off ("especif-icas") is
 * reported.  A "-" whose word is found with its hyphen ("opt-out") in
 * one of the SOURCE files (the game's texts) is the word's own.
 *
 * hyphcheck --same LANG FILE...: does deckpress, which hyphenates with
 * small automata of only the patterns a text needs, break every word
 * of the FILEs where LANG's whole dictionary does?  Each line is one
 * text, as deckpress hyphenates a text at a time; then each FILE is one
 * text, in a fresh hyph, for an automaton of thousands of words.
 * Prints the words compared and each difference.
 *
 * Exit 1 on any bad break or difference, 2 on a usage or I/O error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../../src/layout/fitting.h"

#define SHY	"\xc2\xad"
#define MIN_WORD	6	/* hyph.c breaks no shorter word */

/* The tallies of --same. */
struct same {
	GHashTable	*words;		/* distinct words of MIN_WORD letters */
	size_t		 nwords;	/* all of them, repeats too */
	size_t		 texts, breaks, differ;
};

/* The letters just before end (a soft hyphen), back to a non-letter. */
static const char *
word_start(const char *line, const char *end)
{
	const char *p = end, *q;

	while (p > line) {
		q = g_utf8_find_prev_char(line, p);
		if (q == NULL || !g_unichar_isalpha(g_utf8_get_char(q)))
			break;
		p = q;
	}
	return p;
}

/* Where the letters starting at s end. */
static const char *
word_end(const char *s)
{
	while (*s != '\0' && g_unichar_isalpha(g_utf8_get_char(s)))
		s = g_utf8_next_char(s);
	return s;
}

/*
 * Is there a soft hyphen in layout_hyph_text(word) after exactly head's
 * letters?  head and tail are the word's halves as printed.
 */
static bool
break_ok(struct hyph *h, const char *lang, const char *head,
    const char *tail)
{
	char *word = g_strconcat(head, tail, NULL);
	char *marked = layout_hyph_text(h, lang, word);
	glong want = g_utf8_strlen(head, -1), n = 0;
	const char *p = marked;
	bool ok = false;

	while (*p != '\0') {
		if (strncmp(p, SHY, 2) == 0) {
			if (n == want)
				ok = true;
			p += 2;
			continue;
		}
		n++;
		p = g_utf8_next_char(p);
	}
	g_free(marked);
	g_free(word);
	return ok;
}

/* Count the words of s that hyph.c may break. */
static void
count_words(struct same *t, const char *s)
{
	const char *p = s, *w;

	while (*p != '\0') {
		if (!g_unichar_isalpha(g_utf8_get_char(p))) {
			p = g_utf8_next_char(p);
			continue;
		}
		for (w = p; *p != '\0' &&
		    g_unichar_isalpha(g_utf8_get_char(p));)
			p = g_utf8_next_char(p);
		if (g_utf8_strlen(w, p - w) < MIN_WORD)
			continue;
		t->nwords++;
		g_hash_table_add(t->words, g_strndup(w, (gsize)(p - w)));
	}
}

/* s with its soft hyphens shown as '-'; g_free(). */
static char *
shown(const char *s)
{
	GString *b = g_string_new(NULL);

	for (; *s != '\0'; s++)
		if (strncmp(s, SHY, 2) == 0) {
			g_string_append_c(b, '-');
			s++;
		} else
			g_string_append_c(b, *s);
	return g_string_free(b, FALSE);
}

/*
 * Text s hyphenated by small (deckpress's automata) and whole (the
 * whole dictionary): the same?  A difference is printed.
 */
static void
compare(struct same *t, struct hyph *small, struct hyph *whole,
    const char *lang, const char *s, const char *where)
{
	char *a = layout_hyph_text(small, lang, s), *b = layout_hyph_text(whole,
	    lang, s);
	const char *p;

	t->texts++;
	for (p = b; (p = strstr(p, SHY)) != NULL; p += 2)
		t->breaks++;
	if (strcmp(a, b) != 0) {
		char *sa = shown(a), *sb = shown(b);

		printf("%s: differ:\n  small: %s\n  whole: %s\n", where, sa,
		    sb);
		t->differ++;
		g_free(sa);
		g_free(sb);
	}
	g_free(a);
	g_free(b);
}

/* hyphcheck --same LANG FILE... */
static int
same(const char *lang, char **files, int n)
{
	struct hyph *small = layout_hyph_new(),
	    *whole = layout_hyph_new_whole(), *fresh;
	struct same t = { 0 };
	gchar *raw, **lines, *where;
	int i, j, rc = 0;

	t.words = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	if (!layout_hyph_has(small, lang) || !layout_hyph_has(whole, lang)) {
		fprintf(stderr, "hyphcheck: no dictionary for '%s'\n", lang);
		rc = 2;
	}
	for (i = 0; rc == 0 && i < n; i++) {
		if (!g_file_get_contents(files[i], &raw, NULL, NULL)) {
			fprintf(stderr, "hyphcheck: cannot read %s\n",
			    files[i]);
			rc = 2;
			break;
		}
		lines = g_strsplit(raw, "\n", -1);
		for (j = 0; lines[j] != NULL; j++) {
			where = g_strdup_printf("%s:%d", files[i], j + 1);
			count_words(&t, lines[j]);
			compare(&t, small, whole, lang, lines[j], where);
			g_free(where);
		}
		fresh = layout_hyph_new();
		compare(&t, fresh, whole, lang, raw, files[i]);
		layout_hyph_free(fresh);
		g_strfreev(lines);
		g_free(raw);
	}
	if (rc == 0)
		printf("%s: %zu words (%u distinct) in %zu texts, %zu breaks, "
		    "%zu texts differ\n", lang, t.nwords,
		    g_hash_table_size(t.words), t.texts, t.breaks, t.differ);
	g_hash_table_destroy(t.words);
	layout_hyph_free(small);
	layout_hyph_free(whole);
	return rc ? rc : t.differ ? 1 : 0;
}

/* Is "head-tail" in src, the whole word? */
static bool
own_hyphen(const char *src, const char *head, const char *tail)
{
	char *w = g_strdup_printf("%s-%s", head, tail);
	const char *p;
	bool found = false;

	for (p = src; !found && (p = strstr(p, w)) != NULL; p++)
		found = (p == src || !g_unichar_isalpha(g_utf8_get_char(
		    g_utf8_find_prev_char(src, p)))) &&
		    !g_unichar_isalpha(g_utf8_get_char(p + strlen(w)));
	g_free(w);
	return found;
}

int
main(int argc, char **argv)
{
	struct hyph *h;
	gchar *raw, **lines;
	GString *src;
	size_t i, breaks = 0, bad = 0, own = 0;
	int a;

	if (argc >= 4 && strcmp(argv[1], "--same") == 0)
		return same(argv[2], argv + 3, argc - 3);
	if (argc < 3) {
		fprintf(stderr, "usage: hyphcheck LANG TEXT [SOURCE...]\n"
		    "       hyphcheck --same LANG FILE...\n");
		return 2;
	}
	src = g_string_new(NULL);
	if (!g_file_get_contents(argv[2], &raw, NULL, NULL)) {
		fprintf(stderr, "hyphcheck: cannot read %s\n", argv[2]);
		return 2;
	}
	for (a = 3; a < argc; a++) {
		gchar *f;

		if (!g_file_get_contents(argv[a], &f, NULL, NULL)) {
			fprintf(stderr, "hyphcheck: cannot read %s\n", argv[a]);
			return 2;
		}
		g_string_append(src, f);
		g_free(f);
	}
	h = layout_hyph_new();
	if (!layout_hyph_has(h, argv[1])) {
		fprintf(stderr, "hyphcheck: no dictionary for '%s'\n", argv[1]);
		layout_hyph_free(h);
		g_free(raw);
		return 2;
	}
	lines = g_strsplit(raw, "\n", -1);
	for (i = 0; lines[i] != NULL && lines[i + 1] != NULL; i++) {
		size_t len = strlen(lines[i]);
		const char *end = lines[i] + len - 2, *from;
		const char *next = lines[i + 1];
		char *head, *tail;

		/* The break's hyphen: a U+00AD, or a "-" after a letter. */
		if (len >= 2 && lines[i][len - 1] == '-' &&
		    g_unichar_isalpha(g_utf8_get_char(g_utf8_find_prev_char(
		    lines[i], lines[i] + len - 1))))
			end = lines[i] + len - 1;
		else if (len < 2 || strcmp(end, SHY) != 0)
			continue;
		from = word_start(lines[i], end);
		head = g_strndup(from, (gsize)(end - from));
		while (*next == '\f')	/* the word goes on over a page */
			next++;
		tail = g_strndup(next, (gsize)(word_end(next) - next));
		if (*end == '-' && own_hyphen(src->str, head, tail)) {
			own++;
			g_free(head);
			g_free(tail);
			continue;
		}
		breaks++;
		if (*head == '\0' || *tail == '\0' ||
		    !break_ok(h, argv[1], head, tail)) {
			printf("bad break: %s-%s (line %zu)\n", head, tail,
			    i + 1);
			bad++;
		}
		g_free(head);
		g_free(tail);
	}
	printf("%zu breaks checked, %zu bad; %zu hyphens of their words\n",
	    breaks, bad, own);
	g_string_free(src, TRUE);
	g_strfreev(lines);
	g_free(raw);
	layout_hyph_free(h);
	return bad ? 1 : 0;
}
