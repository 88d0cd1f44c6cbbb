/* SPDX-License-Identifier: MIT */
/*
 * The translator's file before "deckpress strings" rewrites it: what
 * must survive the rewrite (comments, the way each value is quoted and
 * broken into lines) and what tells a translator how a stale string's
 * source changed (the source text an earlier run wrote above it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "oldfile.h"
#include "../confine/confine.h"
#include "../ytree/ytree.h"

#define MAX_DIFF_WORDS	400	/* longer texts are shown whole */

void
textfile_old_read(struct oldfile *o, const struct confine *c, const char *path)
{
	unsigned char *buf;
	const char *why;
	size_t len;

	o->lines = NULL;
	o->n = 0;
	if (!confine_slurp(c, path, MAX_YAML_BYTES, &buf, &len, &why))
		return;
	o->lines = g_strsplit((char *)buf, "\n", -1);
	o->n = g_strv_length(o->lines);
	free(buf);
}

void
textfile_old_free(struct oldfile *o)
{
	g_strfreev(o->lines);
	o->lines = NULL;
	o->n = 0;
}

bool
textfile_old_comment(const char *line)
{
	while (*line == ' ')
		line++;
	return *line == '#';
}

/* Does line, after its indentation, start with "# <srclang><rest>"? */
static bool
src_comment(const struct oldfile *o, const char *line, const char *rest)
{
	size_t n = strlen(o->srclang);

	while (*line == ' ')
		line++;
	return strncmp(line, "# ", 2) == 0 &&
	    strncmp(line + 2, o->srclang, n) == 0 &&
	    strncmp(line + 2 + n, rest, strlen(rest)) == 0;
}

static bool
oldfile_generated(const struct oldfile *o, const char *line)
{
	const char *s = line + strspn(line, " ");

	return src_comment(o, line, ": ") || src_comment(o, line, " was: ") ||
	    strncmp(s, "# STALE: ", 9) == 0 ||
	    strncmp(s, "# change: ", 10) == 0 ||
	    strncmp(s, "# NEW: ", 7) == 0 ||
	    strncmp(s, "# OBSOLETE: ", 12) == 0;
}

void
textfile_old_comments(struct strbuf *b, const struct oldfile *o,
    unsigned int line, int indent)
{
	size_t first = line > 0 ? line - 1 : 0, i;

	if (line > o->n + 1)
		return;
	while (first > 0 && textfile_old_comment(o->lines[first - 1]))
		first--;
	for (i = first; line > 0 && i < line - 1; i++) {
		const char *s = o->lines[i];

		if (oldfile_generated(o, s))
			continue;
		while (*s == ' ')
			s++;
		sb_printf(b, "%*s%s\n", indent, "", s);
	}
}

/* The byte offset of 1-based character column col of line. */
static size_t
byte_col(const char *line, unsigned int col)
{
	size_t i = 0;
	unsigned int c;

	for (c = 1; c < col && line[i] != '\0'; c++)
		i = (size_t)(g_utf8_next_char(line + i) - line);
	return i;
}

/*
 * Append s[0..len) shifted by delta spaces (a key moved left or right);
 * false if a line lacks the spaces to lose.
 */
static bool
reindent(struct strbuf *b, const char *s, size_t len, int delta)
{
	size_t sp = strspn(s, " ");

	if (sp >= len) {
		sb_add(b, s, 0);	/* a blank line stays blank */
		return true;
	}
	if (delta < 0 && sp < (size_t)-delta)
		return false;
	if (delta > 0)
		sb_printf(b, "%*s", delta, "");
	else
		s += -delta, len -= (size_t)-delta;
	sb_add(b, s, len);
	return true;
}

bool
textfile_old_value(struct strbuf *b, const struct oldfile *o,
    const struct text *t, int indent)
{
	unsigned int first = t->pos.line, last = t->end.line, k;
	struct strbuf v = { 0 };
	const char *line;
	size_t from, to;
	int delta;

	if (first == 0 || first != t->key_pos.line || last < first ||
	    last > o->n)
		return false;
	line = o->lines[first - 1];
	from = byte_col(line, t->pos.col);
	if (first == last) {
		to = byte_col(line, t->end.col);
		if (to <= from)
			return false;
		sb_add(b, line + from, to - from);
		return true;
	}
	delta = indent - (int)(t->key_pos.col - 1);
	sb_puts(&v, line + from);
	for (k = first + 1; k <= last; k++) {
		const char *s = o->lines[k - 1];
		size_t end = k == last ? byte_col(s, t->end.col) : strlen(s);

		/* A block scalar ends where the next key's line starts. */
		if (k == last && end == 0)
			break;
		sb_puts(&v, "\n");
		if (!reindent(&v, s, end, delta)) {
			sb_free(&v);
			return false;
		}
	}
	sb_add(b, v.s, v.len);
	sb_free(&v);
	return true;
}

const char *
textfile_old_comment_in(const char *line, const char *from)
{
	const char *p;
	char q = 0;

	for (p = from; *p; p++) {
		if (q != 0) {
			if (*p == '\\' && q == '"' && p[1] != '\0')
				p++;
			else if (*p == q)
				q = 0;
		} else if (*p == '"' || *p == '\'')
			q = *p;
		else if (*p == '#' && (p == line || p[-1] == ' ' ||
		    p[-1] == '\t'))
			return p;
	}
	return NULL;
}

void
textfile_old_trailing(struct strbuf *b, const struct oldfile *o,
    const struct text *t)
{
	const char *line, *p;

	/* Only a one-line value: a longer one carries its own comments. */
	if (t->pos.line == 0 || t->pos.line > o->n ||
	    t->pos.line != t->key_pos.line || t->end.line != t->pos.line)
		return;
	line = o->lines[t->pos.line - 1];
	p = line + byte_col(line, t->pos.col);
	if ((p = textfile_old_comment_in(line, p)) != NULL)
		sb_printf(b, "  %s", p);
}

/* A comment's text back: "\n" in it stands for a line break. */
static char *
uncomment(const char *s)
{
	GString *g = g_string_new(NULL);

	for (; *s; s++)
		if (s[0] == '\\' && s[1] == 'n') {
			g_string_append_c(g, '\n');
			s++;
		} else
			g_string_append_c(g, *s);
	return g_string_free(g, FALSE);
}

char *
textfile_old_source(const struct oldfile *o, const struct text *t)
{
	char *best = NULL, *cand, h[9];
	size_t i, n = strlen(o->srclang);

	if (t->src_hash == NULL || t->key_pos.line < 2 ||
	    t->key_pos.line > o->n + 1)
		return NULL;
	for (i = t->key_pos.line - 1; i > 0 &&
	    textfile_old_comment(o->lines[i - 1]); i--) {
		const char *s = o->lines[i - 1] + strspn(o->lines[i - 1], " ");

		if (src_comment(o, s, " was: "))
			cand = uncomment(s + 2 + n + 6);
		else if (src_comment(o, s, ": "))
			cand = uncomment(s + 2 + n + 2);
		else
			continue;
		text_hash(cand, h);
		/* "was" is above "en:": the nearer match wins only if
		 * nothing better was found above it. */
		if (strcmp(h, t->src_hash) == 0) {
			g_free(best);
			best = cand;
		} else
			g_free(cand);
	}
	return best;
}

/* Words joined by spaces, from v[i] to v[j). */
static void
put_words(GString *g, gchar **v, size_t i, size_t j)
{
	size_t k;

	for (k = i; k < j; k++)
		g_string_append_printf(g, "%s%s", k > i ? " " : "", v[k]);
}

/* One run of changes: what went, what came. */
static void
put_change(GString *g, gchar **a, size_t a0, size_t a1, gchar **c, size_t c0,
    size_t c1)
{
	if (a0 == a1 && c0 == c1)
		return;
	if (g->len > 0)
		g_string_append_c(g, ' ');
	if (a1 > a0) {
		g_string_append(g, "[-");
		put_words(g, a, a0, a1);
		g_string_append(g, "-]");
	}
	if (c1 > c0) {
		g_string_append(g, "{+");
		put_words(g, c, c0, c1);
		g_string_append(g, "+}");
	}
}

/*
 * The longest common subsequence of words, then a walk that prints
 * common words as they are and each run between them as a change.
 */
char *
textfile_word_diff(const char *old, const char *new)
{
	gchar **a = g_strsplit(old, " ", -1), **c = g_strsplit(new, " ", -1);
	size_t na = g_strv_length(a), nc = g_strv_length(c), i, j, pi, pj;
	size_t *l;
	GString *g = g_string_new(NULL);

	if (na > MAX_DIFF_WORDS || nc > MAX_DIFF_WORDS) {
		put_change(g, a, 0, na, c, 0, nc);
		goto out;
	}
	/* l[i][j]: common words of a[i..] and c[j..]. */
	l = xcalloc((na + 1) * (nc + 1), sizeof(*l));
	for (i = na; i-- > 0;)
		for (j = nc; j-- > 0;)
			l[i * (nc + 1) + j] = strcmp(a[i], c[j]) == 0 ?
			    l[(i + 1) * (nc + 1) + j + 1] + 1 :
			    MAX(l[(i + 1) * (nc + 1) + j],
			    l[i * (nc + 1) + j + 1]);
	for (i = j = pi = pj = 0; i < na || j < nc;) {
		if (i < na && j < nc && strcmp(a[i], c[j]) == 0) {
			put_change(g, a, pi, i, c, pj, j);
			g_string_append_printf(g, "%s%s", g->len ? " " : "",
			    a[i]);
			pi = ++i;
			pj = ++j;
		} else if (j >= nc || (i < na && l[(i + 1) * (nc + 1) + j] >=
		    l[i * (nc + 1) + j + 1]))
			i++;
		else
			j++;
	}
	put_change(g, a, pi, na, c, pj, nc);
	free(l);
out:
	g_strfreev(a);
	g_strfreev(c);
	return g_string_free(g, FALSE);
}
