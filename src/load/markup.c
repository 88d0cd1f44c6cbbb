/* SPDX-License-Identifier: MIT */
/*
 * Inline markup in card texts: **bold**, *italic*, {icon:name} and
 * template variables {name}, with a backslash to write a literal '*',
 * '{' or '\'.  Parsed into tokens that the layout turns into Pango
 * markup and the validator compares across languages.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"

static void
push(struct mtokens *t, enum mtok type, const char *s, size_t n, size_t off)
{
	struct mtoken *k;

	xgrow((void **)&t->v, &t->cap, t->n + 1, sizeof(*t->v));
	k = &t->v[t->n++];
	k->type = type;
	k->text = xmalloc(n + 1);
	memcpy(k->text, s, n);
	k->text[n] = '\0';
	k->off = off;
}

/* Append plain text, merging with the previous token if it is text. */
static void
push_text(struct mtokens *t, const char *s, size_t n, size_t off)
{
	struct mtoken *k = t->n ? &t->v[t->n - 1] : NULL;
	size_t len;

	if (k == NULL || k->type != MT_TEXT) {
		push(t, MT_TEXT, s, n, off);
		return;
	}
	len = strlen(k->text);
	k->text = xrealloc(k->text, len + n + 1);
	memcpy(k->text + len, s, n);
	k->text[len + n] = '\0';
}

static bool
fail(struct mtokens *t, size_t off, const char *msg)
{
	t->err = msg;
	t->err_off = off;
	return false;
}

static bool
parse_icon(struct mtokens *t, const char *s, size_t *i)
{
	const char *end = strchr(s + *i, '}');
	size_t start = *i + 6;	/* after "{icon:" */

	if (end == NULL)
		return fail(t, *i, "'{icon:' is not closed by '}'");
	if ((size_t)(end - s) == start)
		return fail(t, *i, "'{icon:}' names no icon");
	push(t, MT_ICON, s + start, (size_t)(end - s) - start, *i);
	*i = (size_t)(end - s) + 1;
	return true;
}

size_t
markup_var(const char *s)
{
	size_t n = 1;

	if (s[0] != '{' || strncmp(s, "{icon:", 6) == 0)
		return 0;
	while (n <= MAX_VAR && (isalnum((unsigned char)s[n]) ||
	    s[n] == '-' || s[n] == '_'))
		n++;
	return n > 1 && n <= MAX_VAR && s[n] == '}' ? n + 1 : 0;
}

bool
markup_parse(const char *s, struct mtokens *t)
{
	bool bold = false, italic = false;
	size_t i = 0, bold_off = 0, italic_off = 0, n;

	memset(t, 0, sizeof(*t));
	while (s[i] != '\0') {
		if (s[i] == '\\' && (s[i + 1] == '*' || s[i + 1] == '{' ||
		    s[i + 1] == '\\')) {
			push_text(t, s + i + 1, 1, i);
			i += 2;
		} else if (s[i] == '*' && s[i + 1] == '*') {
			push(t, bold ? MT_BOLD_OFF : MT_BOLD_ON, "", 0, i);
			bold = !bold;
			bold_off = i;
			i += 2;
		} else if (s[i] == '*') {
			push(t, italic ? MT_ITALIC_OFF : MT_ITALIC_ON, "", 0, i);
			italic = !italic;
			italic_off = i;
			i++;
		} else if (strncmp(s + i, "{icon:", 6) == 0) {
			if (!parse_icon(t, s, &i))
				return false;
		} else if ((n = markup_var(s + i)) > 0) {
			push(t, MT_VAR, s + i + 1, n - 2, i);
			i += n;
		} else {
			/* A run of plain text up to the next special character. */
			n = strcspn(s + i + 1, "\\*{") + 1;
			push_text(t, s + i, n, i);
			i += n;
		}
	}
	if (bold)
		return fail(t, bold_off, "'**' (bold) is not closed");
	if (italic)
		return fail(t, italic_off, "'*' (italic) is not closed");
	return true;
}

void
markup_free(struct mtokens *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->n; i++)
		free(t->v[i].text);
	free(t->v);
	memset(t, 0, sizeof(*t));
}

/*
 * s with its variables replaced by get()'s values: escaped so they read
 * as text in markup (escape), or plain (a file name, whose \{ is then
 * a brace).
 */
static char *
subst(const char *s, const char *(*get)(const void *ctx, const char *name),
    const void *ctx, bool escape)
{
	struct strbuf b = { 0 };
	const char *v;
	size_t n;

	sb_puts(&b, "");
	while (*s != '\0') {
		if (*s == '\\' && (s[1] == '*' || s[1] == '{' || s[1] == '\\')) {
			sb_add(&b, escape ? s : s + 1, escape ? 2 : 1);
			s += 2;
		} else if ((n = markup_var(s)) > 0) {
			char name[MAX_VAR + 1];

			memcpy(name, s + 1, n - 2);
			name[n - 2] = '\0';
			if ((v = get(ctx, name)) == NULL)
				sb_add(&b, s, n);	/* unknown: reported */
			else
				for (; *v; v++) {
					/* The value is text, never markup. */
					if (escape && (*v == '*' || *v == '{' ||
					    *v == '\\'))
						sb_add(&b, "\\", 1);
					sb_add(&b, v, 1);
				}
			s += n;
		} else
			sb_add(&b, s++, 1);
	}
	return b.s;
}

char *
markup_subst(const char *s,
    const char *(*get)(const void *ctx, const char *name), const void *ctx)
{
	return subst(s, get, ctx, true);
}

char *
plain_subst(const char *s,
    const char *(*get)(const void *ctx, const char *name), const void *ctx)
{
	return subst(s, get, ctx, false);
}
