/* SPDX-License-Identifier: MIT */
/*
 * Inline markup in card texts: **bold**, *italic*, {icon:name},
 * {img:path}, Pango's tags (mtags.c) and template variables {name},
 * with a backslash to write a literal '*', '{', '<' or '\'.  Parsed
 * into tokens that the layout turns into Pango markup and the
 * validator compares across languages.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "mopts.h"

static struct mtoken *
push(struct mtokens *t, enum mtok type, const char *s, size_t n, size_t off)
{
	struct mtoken *k;

	xgrow((void **)&t->v, &t->cap, t->n + 1, sizeof(*t->v));
	k = &t->v[t->n++];
	memset(k, 0, sizeof(*k));
	k->type = type;
	k->text = xmalloc(n + 1);
	memcpy(k->text, s, n);
	k->text[n] = '\0';
	k->off = off;
	return k;
}

/*
 * Append plain text, merging with the previous token if it is text:
 * in place, its length and room kept (t->tlen, t->tcap), the room
 * doubled as it fills.  Measuring it and growing it by each piece cost
 * the square of a text of many pieces ("a{ " 30 000 times: 2.7 GB
 * copied and freed).
 */
static void
push_text(struct mtokens *t, const char *s, size_t n, size_t off)
{
	struct mtoken *k = t->n ? &t->v[t->n - 1] : NULL;

	if (k == NULL || k->type != MT_TEXT) {
		push(t, MT_TEXT, s, n, off);
		t->tlen = n;
		t->tcap = n + 1;
		return;
	}
	xgrow((void **)&k->text, &t->tcap, t->tlen + n + 1, 1);
	memcpy(k->text + t->tlen, s, n);
	t->tlen += n;
	k->text[t->tlen] = '\0';
}

/*
 * {icon:NAME} or {img:PATH} at s + *i, with "|key=value" options:
 * the name ends at the first '|' or '}'.
 */
static bool
parse_object(struct mtokens *t, const char *s, size_t *i)
{
	bool img = s[*i + 1] == 'i' && s[*i + 2] == 'm';
	const char *what = img ? "img" : "icon";
	const char *end = strchr(s + *i, '}');
	size_t start = *i + (img ? 5 : 6), n;
	struct mtoken *k;

	if (end == NULL)
		return markup_fail(t, *i, "'{%s:' is not closed by '}'", what);
	n = strcspn(s + start, "|}");
	if (n == 0)
		return markup_fail(t, *i, "'{%s:}' names no %s", what,
		    img ? "image" : "icon");
	k = push(t, img ? MT_IMG : MT_ICON, s + start, n, *i);
	if (!markup_opts_parse(s, start + n, (size_t)(end - s), k, t))
		return false;
	*i = (size_t)(end - s) + 1;
	return true;
}

static bool
is_object(const char *s)
{
	return strncmp(s, "{icon:", 6) == 0 || strncmp(s, "{img:", 5) == 0;
}

size_t
markup_var(const char *s)
{
	size_t n = 1;

	if (s[0] != '{' || is_object(s))
		return 0;
	while (n <= MAX_VAR && (isalnum((unsigned char)s[n]) ||
	    s[n] == '-' || s[n] == '_'))
		n++;
	return n > 1 && n <= MAX_VAR && s[n] == '}' ? n + 1 : 0;
}

/* What is open: "**", "*" or a tag's name, where it opened. */
struct opened {
	const char	*name;
	size_t		 off;
};

struct nest {
	struct opened	*v;
	size_t		 n, cap;
};

/*
 * Open or close name (bold and italic toggle): Pango needs what is
 * opened last closed first.
 */
static bool
nest(struct nest *st, struct mtokens *t, const char *name, bool on,
    size_t off)
{
	const char *top = st->n ? st->v[st->n - 1].name : NULL;

	if (on) {
		if (st->n >= MARKUP_MAX_DEPTH) {
			markup_fail(t, off, "'%s%s%s' opens a level %d deep, "
			    "more than the %d levels a text's tags, ** and * "
			    "may nest", name[0] == '*' ? "" : "<", name,
			    name[0] == '*' ? "" : ">", MARKUP_MAX_DEPTH + 1,
			    MARKUP_MAX_DEPTH);
			t->err_limit = true;
			return false;
		}
		xgrow((void **)&st->v, &st->cap, st->n + 1, sizeof(*st->v));
		st->v[st->n].name = name;
		st->v[st->n++].off = off;
		return true;
	}
	if (top != NULL && strcmp(top, name) == 0) {
		st->n--;
		return true;
	}
	if (name[0] == '*')
		return markup_fail(t, off, "'%s' closes %s, but '%s%s%s' "
		    "opened after it is still open", name, name[1] ? "bold" :
		    "italic", top[0] == '*' ? "" : "<", top,
		    top[0] == '*' ? "" : ">");
	if (top == NULL)
		return markup_fail(t, off, "'</%s>' closes no tag", name);
	return markup_fail(t, off, "'</%s>' where '%s%s%s' (opened before) "
	    "must close first", name, top[0] == '*' ? "" : "</",
	    top, top[0] == '*' ? "" : ">");
}

/* **, * and tags still open at the end of the text. */
static bool
unclosed(struct nest *st, struct mtokens *t)
{
	const struct opened *o;

	if (st->n == 0)
		return true;
	o = &st->v[st->n - 1];
	if (strcmp(o->name, "**") == 0)
		return markup_fail(t, o->off, "'**' (bold) is not closed");
	if (strcmp(o->name, "*") == 0)
		return markup_fail(t, o->off, "'*' (italic) is not closed");
	return markup_fail(t, o->off, "'<%s>' is not closed by '</%s>'",
	    o->name, o->name);
}

/* A '*' or "**" at s + *i: bold or italic, on or off. */
static bool
emphasis(const char *s, size_t *i, struct mtokens *t, struct nest *st)
{
	bool two = s[*i + 1] == '*', on = true;
	const char *name = two ? "**" : "*";
	size_t k;

	for (k = 0; k < st->n; k++)
		if (strcmp(st->v[k].name, name) == 0)
			on = false;
	push(t, two ? (on ? MT_BOLD_ON : MT_BOLD_OFF) : (on ? MT_ITALIC_ON :
	    MT_ITALIC_OFF), "", 0, *i);
	*i += two ? 2 : 1;
	return nest(st, t, name, on, *i - (two ? 2 : 1));
}

/* A tag at s + *i, or a '<' that is text. */
static bool
angle(const char *s, size_t *i, struct mtokens *t, struct nest *st)
{
	bool bad;
	struct mtoken *k;

	if (!markup_tag_parse(s, i, t, &bad)) {
		if (bad)
			return false;
		push_text(t, s + *i, 1, *i);
		(*i)++;
		return true;
	}
	k = &t->v[t->n - 1];
	return nest(st, t, k->text, k->type == MT_TAG_ON, k->off);
}

/* One step of markup_parse() at s + *i. */
static bool
step(const char *s, size_t *i, struct mtokens *t, struct nest *st)
{
	size_t n;

	if (s[*i] == '\\' && s[*i + 1] != '\0' &&
	    strchr("*{\\<", s[*i + 1]) != NULL) {
		push_text(t, s + *i + 1, 1, *i);
		*i += 2;
	} else if (s[*i] == '*')
		return emphasis(s, i, t, st);
	else if (s[*i] == '<')
		return angle(s, i, t, st);
	else if (is_object(s + *i))
		return parse_object(t, s, i);
	else if ((n = markup_var(s + *i)) > 0) {
		push(t, MT_VAR, s + *i + 1, n - 2, *i);
		*i += n;
	} else {
		/* A run of plain text up to the next special character. */
		n = strcspn(s + *i + 1, "\\*{<") + 1;
		push_text(t, s + *i, n, *i);
		*i += n;
	}
	return true;
}

bool
markup_opens(enum mtok ty)
{
	return ty == MT_BOLD_ON || ty == MT_ITALIC_ON || ty == MT_TAG_ON ||
	    ty == MT_ICON || ty == MT_IMG;
}

/* The token just pushed counted: false past MARKUP_MAX_TAGS. */
static bool
count_open(struct mtokens *t)
{
	const struct mtoken *k = &t->v[t->n - 1];

	if (!markup_opens(k->type) || ++t->nopen <= MARKUP_MAX_TAGS)
		return true;
	markup_fail(t, k->off, "more than the %d tags, icons and images one "
	    "text may have", MARKUP_MAX_TAGS);
	t->err_limit = true;
	return false;
}

bool
markup_parse(const char *s, struct mtokens *t)
{
	struct nest st = { 0 };
	size_t i = 0, n;
	bool ok = true;

	memset(t, 0, sizeof(*t));
	while (ok && s[i] != '\0') {
		n = t->n;
		ok = step(s, &i, t, &st);
		if (ok && t->n > n)
			ok = count_open(t);
	}
	if (ok)
		ok = unclosed(&st, t);
	free(st.v);
	return ok;
}

void
markup_free(struct mtokens *t)
{
	size_t i, j;

	if (t == NULL)
		return;
	for (i = 0; i < t->n; i++) {
		free(t->v[i].text);
		for (j = 0; j < t->v[i].nattrs; j++) {
			g_free(t->v[i].attrs[j].key);
			g_free(t->v[i].attrs[j].val);
		}
		free(t->v[i].attrs);
	}
	free(t->v);
	g_free(t->err);
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
		if (*s == '\\' && s[1] != '\0' && strchr("*{\\<", s[1])) {
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
					if (escape && strchr("*{\\<", *v) &&
					    *v != '\0')
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
markup_plain_subst(const char *s,
    const char *(*get)(const void *ctx, const char *name), const void *ctx)
{
	return subst(s, get, ctx, false);
}

struct srcpos
markup_pos(const struct text *t, size_t off)
{
	struct srcpos p = t->pos;
	long n = g_utf8_strlen(t->value, -1), w;

	/* A value on one line, as written (plain) or quoted with nothing
	 * escaped: its characters are the file's, one column each. */
	if (t->end.line != t->pos.line || t->end.col < t->pos.col)
		return p;
	w = (long)(t->end.col - t->pos.col);
	if (w != n && w != n + 2)
		return p;
	p.col += (unsigned int)g_utf8_strlen(t->value, (gssize)off) +
	    (w == n + 2);
	return p;
}
