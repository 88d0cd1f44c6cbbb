/* SPDX-License-Identifier: MIT */
/*
 * The translator's file: write or update text/<lang>.yaml with every
 * string the language needs, the source text beside each as a comment,
 * and the hash of the source each translation was made from.  What the
 * translator wrote (strings, order, their own comments) is kept, new
 * strings are added empty, stale ones are flagged; a second run
 * changes nothing.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>

#include "validate.h"

/* The old file, as lines, to keep the translator's comments. */
struct oldfile {
	char	**lines;
	size_t	  n;
	const char *srclang;
};

static bool
generated(const char *line, const char *srclang)
{
	char pre[32];

	while (*line == ' ')
		line++;
	snprintf(pre, sizeof(pre), "# %s: ", srclang);
	return strncmp(line, pre, strlen(pre)) == 0 ||
	    strncmp(line, "# STALE: ", 9) == 0 ||
	    strncmp(line, "# NEW: ", 7) == 0 ||
	    strncmp(line, "# OBSOLETE: ", 12) == 0;
}

static bool
is_comment(const char *line)
{
	while (*line == ' ')
		line++;
	return *line == '#';
}

/*
 * Copy the comment lines right above line (1-based), except those this
 * tool writes itself, re-indented to indent spaces.
 */
static void
keep_comments(struct strbuf *b, const struct oldfile *o, unsigned int line,
    int indent)
{
	size_t first = line > 0 ? line - 1 : 0, i;

	while (first > 0 && is_comment(o->lines[first - 1]))
		first--;
	for (i = first; line > 0 && i < line - 1; i++) {
		const char *s = o->lines[i];

		if (generated(s, o->srclang))
			continue;
		while (*s == ' ')
			s++;
		sb_printf(b, "%*s%s\n", indent, "", s);
	}
}

/* Can s be written as a plain YAML scalar and read back unchanged? */
static bool
plain_ok(const char *s)
{
	static const char *const words[] = { "true", "false", "yes", "no",
	    "on", "off", "null", "y", "n", NULL };
	size_t n = strlen(s), i;
	char *end;

	if (n == 0 || s[0] == ' ' || s[n - 1] == ' ' ||
	    strchr("-?:,[]{}#&*!|>'\"%@`~", s[0]) != NULL)
		return false;
	if (strstr(s, ": ") || strstr(s, " #") || s[n - 1] == ':')
		return false;
	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == '\\')
			return false;
	for (i = 0; words[i] != NULL; i++)
		if (g_ascii_strcasecmp(s, words[i]) == 0)
			return false;
	strtod(s, &end);
	return *end != '\0';
}

static void
put_scalar(struct strbuf *b, const char *s)
{
	if (s == NULL) {
		sb_puts(b, "~");
		return;
	}
	if (plain_ok(s)) {
		sb_puts(b, s);
		return;
	}
	sb_puts(b, "\"");
	for (; *s; s++)
		if (*s == '"' || *s == '\\')
			sb_printf(b, "\\%c", *s);
		else if (*s == '\n')
			sb_puts(b, "\\n");
		else if ((unsigned char)*s < 0x20)
			sb_printf(b, "\\x%02x", (unsigned char)*s);
		else
			sb_add(b, s, 1);
	sb_puts(b, "\"");
}

/* A comment holds one line: the source text, newlines shown as \n. */
static void
put_comment(struct strbuf *b, const char *s)
{
	for (; *s; s++)
		if (*s == '\n')
			sb_puts(b, "\\n");
		else
			sb_add(b, s, 1);
}

/*
 * A comment at the end of the line of t's value ("title: Robar  # ok"),
 * found outside quotes; copied back after the value.
 */
static void
put_trailing(struct strbuf *b, const struct oldfile *o, const struct text *t)
{
	const char *line, *p;
	char q = 0;

	if (t->pos.line == 0 || t->pos.line > o->n || t->pos.line !=
	    t->key_pos.line)
		return;
	line = o->lines[t->pos.line - 1];
	for (p = line; *p && (size_t)(p - line) + 1 < t->pos.col; p++)
		;
	for (; *p; p++) {
		if (q != 0) {
			if (*p == '\\' && q == '"' && p[1] != '\0')
				p++;
			else if (*p == q)
				q = 0;
		} else if (*p == '"' || *p == '\'')
			q = *p;
		else if (*p == '#' && p > line && (p[-1] == ' ' ||
		    p[-1] == '\t')) {
			sb_printf(b, "  %s", p);
			return;
		}
	}
}

struct counts {
	size_t	strings, added, stale, todo;
};

/* The fields of card c in language li, in the order to write them. */
static size_t
field_order(const struct card *c, size_t li, const char **out, size_t max)
{
	const struct cardtext *ct = &c->texts[li], *src = &c->texts[0];
	const struct text *t;
	size_t n = 0, i;

	/* What the file has, in its order (it is loaded in that order),
	 * even a string whose source is gone: it is the translator's... */
	for (i = 0; i < ct->n && n < max; i++)
		out[n++] = ct->v[i].field;
	/* ...then what the source has that the file lacks. */
	for (i = 0; i < src->n && n < max; i++)
		if (card_text(c, li, src->v[i].field, &t) == NULL && t == NULL)
			out[n++] = src->v[i].field;
	return n;
}

static void
put_field(struct strbuf *b, const struct oldfile *o, const struct card *c,
    size_t li, const char *field, const char *srclang, struct counts *n,
    int ind)
{
	const struct text *t = NULL, *src = NULL;
	char h[9];

	card_text(c, 0, field, &src);
	card_text(c, li, field, &t);
	if (t != NULL)
		keep_comments(b, o, t->key_pos.line, ind);
	if (src == NULL) {
		/* Kept for the translator to move or delete. */
		sb_printf(b, "%*s# OBSOLETE: no %s text any more\n", ind, "",
		    srclang);
		sb_printf(b, "%*s%s: ", ind, "", field);
		put_scalar(b, t->value);
		put_trailing(b, o, t);
		sb_puts(b, "\n");
		return;
	}
	n->strings++;
	if (src->value != NULL) {
		sb_printf(b, "%*s# %s: ", ind, "", srclang);
		put_comment(b, src->value);
		sb_puts(b, "\n");
		text_hash(src->value, h);
	}
	if (t == NULL)
		n->added++;
	/* Marked until translated, so a second run writes the same. */
	if (t == NULL || t->value == NULL)
		sb_printf(b, "%*s# NEW: to translate\n", ind, "");
	else if (t->src_hash != NULL && src->value != NULL &&
	    strcmp(t->src_hash, h) != 0) {
		n->stale++;
		sb_printf(b, "%*s# STALE: the %s text changed since this was "
		    "translated; update it, then delete its hash in 'source'\n",
		    ind, "", srclang);
	}
	if (t == NULL || t->value == NULL)
		n->todo++;
	sb_printf(b, "%*s%s: ", ind, "", field);
	put_scalar(b, t ? t->value : NULL);
	if (t != NULL)
		put_trailing(b, o, t);
	sb_puts(b, "\n");
}

/* source: existing hashes stay (staleness stays until dealt with). */
static void
put_sources(struct strbuf *b, const struct oldfile *o, const struct card *c,
    size_t li, const char **fields, size_t nf, int ind)
{
	const struct text *t, *src;
	bool any = false;
	size_t i;
	char h[9];

	if (c->texts[li].src_line > 0)
		keep_comments(b, o, c->texts[li].src_line, ind);
	for (i = 0; i < nf; i++) {
		if (card_text(c, li, fields[i], &t) == NULL ||
		    card_text(c, 0, fields[i], &src) == NULL)
			continue;
		if (t->src_hash != NULL)
			snprintf(h, sizeof(h), "%s", t->src_hash);
		else
			text_hash(src->value, h);
		if (!any)
			sb_printf(b, "%*ssource: {", ind, "");
		sb_printf(b, "%s%s: %s", any ? ", " : "", fields[i], h);
		any = true;
	}
	if (any)
		sb_puts(b, "}\n");
}

static void
put_same(struct strbuf *b, const struct card *c, size_t li, int ind)
{
	const struct cardtext *ct = &c->texts[li];
	bool any = false;
	size_t i;

	for (i = 0; i < ct->n; i++)
		if (ct->v[i].same) {
			if (!any)
				sb_printf(b, "%*ssame: [", ind, "");
			sb_printf(b, "%s%s", any ? ", " : "",
			    ct->v[i].field);
			any = true;
		}
	if (any)
		sb_puts(b, "]\n");
}

static void
put_card(struct strbuf *b, const struct oldfile *o, const struct card *c,
    size_t li, const char *srclang, struct counts *n)
{
	const char *fields[64];
	size_t nf = field_order(c, li, fields, 64), i;

	if (c->texts[li].pos.file != NULL)
		keep_comments(b, o, c->texts[li].key_pos.line, 2);
	sb_printf(b, "  %s:%s\n", c->id, nf == 0 ? " {}" : "");
	for (i = 0; i < nf; i++)
		put_field(b, o, c, li, fields[i], srclang, n, 4);
	put_sources(b, o, c, li, fields, nf, 4);
	put_same(b, c, li, 4);
}

/* The pack's strings, a section of their own after the cards. */
static void
put_pack(struct strbuf *b, const struct oldfile *o, const struct deck *deck,
    size_t li, struct counts *n)
{
	const struct card *c = &deck->pack;
	const char *fields[64];
	size_t nf, i;

	if (c->texts == NULL || c->texts[0].pos.file == NULL)
		return;
	nf = field_order(c, li, fields, 64);
	if (c->texts[li].pos.file != NULL)
		keep_comments(b, o, c->texts[li].key_pos.line, 0);
	sb_puts(b, "pack:\n");
	for (i = 0; i < nf; i++)
		put_field(b, o, c, li, fields[i], deck->langs[0], n, 2);
	put_sources(b, o, c, li, fields, nf, 2);
	put_same(b, c, li, 2);
}

/* Cards in the file's order, then the deck's cards the file lacks. */
static const struct card **
card_order(const struct deck *deck, size_t li)
{
	const struct card **v = xcalloc(deck->ncards + 1, sizeof(*v));
	size_t n = 0, i, j;

	for (i = 0; i < deck->ncards; i++)
		if (deck->cards[i].texts[li].pos.file != NULL)
			v[n++] = &deck->cards[i];
	/* Insertion sort by line: stable, and linear when the file is
	 * already in deck order, as it usually is. */
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && v[j - 1]->texts[li].key_pos.line >
		    v[j]->texts[li].key_pos.line; j--) {
			const struct card *t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	for (i = 0; i < deck->ncards; i++)
		if (deck->cards[i].texts[li].pos.file == NULL)
			v[n++] = &deck->cards[i];
	return v;
}

/* Comment lines after the last entry of the old file. */
static void
put_tail(struct strbuf *b, const struct oldfile *o)
{
	size_t end = o->n, first;

	while (end > 0 && o->lines[end - 1][strspn(o->lines[end - 1],
	    " \t")] == '\0')
		end--;
	for (first = end; first > 0 && is_comment(o->lines[first - 1]);
	    first--)
		;
	/* A file of comments only has its header, not a tail. */
	for (; first > 0 && first < end; first++)
		sb_printf(b, "%s\n", o->lines[first]);
}

static void
read_old(struct oldfile *o, const char *path)
{
	gchar *buf;

	o->lines = NULL;
	o->n = 0;
	if (!g_file_get_contents(path, &buf, NULL, NULL))
		return;
	o->lines = g_strsplit(buf, "\n", -1);
	o->n = g_strv_length(o->lines);
	g_free(buf);
}

/* The file's opening comments, or a header for a new file. */
static void
put_header(struct strbuf *b, const struct oldfile *o, const struct deck *deck,
    size_t li)
{
	size_t i;

	if (o->n == 0 || !is_comment(o->lines[0])) {
		sb_printf(b, "# %s card texts in '%s', translated from '%s'.\n"
		    "# Kept up to date by: deckpress strings %s --lang %s\n"
		    "# Each string has its %s text above it.  NEW strings are "
		    "to translate;\n# a STALE one translates an older %s "
		    "text: update it, then delete its\n# hash in 'source'.  "
		    "'same: [field]' marks a string meant to equal the\n"
		    "# source, such as a name.\n", deck->game, deck->langs[li],
		    deck->langs[0], deck->dir, deck->langs[li], deck->langs[0],
		    deck->langs[0]);
		return;
	}
	for (i = 0; i < o->n && is_comment(o->lines[i]); i++)
		sb_printf(b, "%s\n", o->lines[i]);
}

static bool
write_file(const char *path, const struct strbuf *b, struct diags *d)
{
	char *tmp = g_strdup_printf("%s.tmp-XXXXXX", path);
	struct srcpos pos = { diag_file(d, path), 0, 0 };
	int fd = mkstemp(tmp);
	bool ok = fd >= 0;
	mode_t mask = umask(0);

	umask(mask);
	if (ok) {
		fchmod(fd, 0666 & ~mask);
		ok = write(fd, b->s, b->len) == (ssize_t)b->len;
		ok &= close(fd) == 0;
		ok = ok && rename(tmp, path) == 0;
	}
	if (!ok) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write: %s",
		    strerror(errno));
		if (fd >= 0)
			unlink(tmp);
	}
	g_free(tmp);
	return ok;
}

bool
strings_update(const struct deck *deck, size_t li, const char *path,
    struct strings_report *r, struct diags *d)
{
	struct oldfile o = { NULL, 0, deck->langs[0] };
	struct strbuf b = { 0 };
	struct counts n = { 0, 0, 0, 0 };
	const struct card **order;
	size_t i;
	bool ok;

	read_old(&o, path);
	put_header(&b, &o, deck, li);
	sb_puts(&b, "cards:\n");
	order = card_order(deck, li);
	for (i = 0; i < deck->ncards; i++)
		put_card(&b, &o, order[i], li, deck->langs[0], &n);
	free(order);
	put_pack(&b, &o, deck, li, &n);
	put_tail(&b, &o);
	/* Unchanged content: leave the file (and its time stamp) alone. */
	{
		gchar *old = NULL;
		gsize len = 0;

		r->changed = !g_file_get_contents(path, &old, &len, NULL) ||
		    len != b.len || memcmp(old, b.s, len) != 0;
		g_free(old);
	}
	ok = !r->changed || write_file(path, &b, d);
	r->strings = n.strings;
	r->added = n.added;
	r->stale = n.stale;
	r->todo = n.todo;
	sb_free(&b);
	g_strfreev(o.lines);
	return ok;
}
