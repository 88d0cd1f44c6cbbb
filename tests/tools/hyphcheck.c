/* SPDX-License-Identifier: MIT */
/*
 * hyphcheck LANG TEXT: is every word that TEXT (pdftotext -raw of a
 * PDF) breaks at a line end with a soft hyphen broken where LANG's
 * dictionary allows?  The two halves are joined, hyphenated afresh
 * with deckpress's own hyph_text() and the break looked up; a break
 * one letter off ("especif-icas") is reported.  Exit 1 on any bad
 * break, 2 on a usage or I/O error.
 */
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "../../src/layout/layout.h"

#define SHY	"\xc2\xad"

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
 * Is there a soft hyphen in hyph_text(word) after exactly head's
 * letters?  head and tail are the word's halves as printed.
 */
static bool
break_ok(struct hyph *h, const char *lang, const char *head,
    const char *tail)
{
	char *word = g_strconcat(head, tail, NULL);
	char *marked = hyph_text(h, lang, word);
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

int
main(int argc, char **argv)
{
	struct hyph *h;
	gchar *raw, **lines;
	size_t i, breaks = 0, bad = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: hyphcheck LANG TEXT\n");
		return 2;
	}
	if (!g_file_get_contents(argv[2], &raw, NULL, NULL)) {
		fprintf(stderr, "hyphcheck: cannot read %s\n", argv[2]);
		return 2;
	}
	h = hyph_new();
	if (!hyph_has(h, argv[1])) {
		fprintf(stderr, "hyphcheck: no dictionary for '%s'\n", argv[1]);
		hyph_free(h);
		g_free(raw);
		return 2;
	}
	lines = g_strsplit(raw, "\n", -1);
	for (i = 0; lines[i] != NULL && lines[i + 1] != NULL; i++) {
		size_t len = strlen(lines[i]);
		const char *end = lines[i] + len - 2, *from;
		const char *next = lines[i + 1];
		char *head, *tail;

		if (len < 2 || strcmp(end, SHY) != 0)
			continue;
		from = word_start(lines[i], end);
		head = g_strndup(from, (gsize)(end - from));
		while (*next == '\f')	/* the word goes on over a page */
			next++;
		tail = g_strndup(next, (gsize)(word_end(next) - next));
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
	printf("%zu breaks checked, %zu bad\n", breaks, bad);
	g_strfreev(lines);
	g_free(raw);
	hyph_free(h);
	return bad ? 1 : 0;
}
