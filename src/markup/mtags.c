/* SPDX-License-Identifier: MIT */
/*
 * Pango's markup tags in card and booklet texts, a safe subset: <span>
 * with eight attributes, <b>, <i>, <u>, <s>, <sup>, <sub>, <small>,
 * <big>; each attribute's value checked here, so that what reaches
 * Pango is always markup it reads.  Also the "|key=value" options of
 * {icon:...} and {img:...}.  Part of the markup stage (markup.c calls it).
 *
 * What is a tag: '<', then a letter or '/' and a letter, then anything
 * but '<' up to a '>' in the same string.  Anything else -- "a < b",
 * "x<3", a '<' never closed -- is text.  "\<" writes a '<' that is text
 * even where a tag could start.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <pango/pango.h>

#include "../tmpl/tmpl.h"
#include "mopts.h"

static const char *const tags[] = { "span", "b", "i", "u", "s", "sup",
    "sub", "small", "big" };
static const char *const span_attrs[] = { "color", "size", "font",
    "weight", "style", "underline", "strikethrough", "letter_spacing" };
static const char *const opt_keys[] = { "color", "height" };
static const char *const sizes[] = { "xx-small", "x-small", "small",
    "medium", "large", "x-large", "xx-large", "smaller", "larger" };
static const char *const weights[] = { "thin", "ultralight", "light",
    "book", "normal", "medium", "semibold", "bold", "ultrabold",
    "heavy" };
static const char *const styles[] = { "normal", "italic", "oblique" };
static const char *const underlines[] = { "none", "single", "double",
    "low", "error" };
static const char *const bools[] = { "true", "false" };

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

bool
markup_fail(struct mtokens *t, size_t off, const char *fmt, ...)
{
	va_list ap;

	if (t->err != NULL)
		return false;	/* the first problem is the one told */
	va_start(ap, fmt);
	t->err = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	t->err_off = off;
	return false;
}

static bool
in_list(const char *s, const char *const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(s, v[i]) == 0)
			return true;
	return false;
}

/* The words of v joined by ", ", each in <> if tags, for messages. */
static const char *
list_of(const char *const *v, size_t n, bool tag)
{
	static char buf[256];
	size_t i, k = 0;

	buf[0] = '\0';
	for (i = 0; i < n && k < sizeof(buf) - 32; i++)
		k += (size_t)snprintf(buf + k, sizeof(buf) - k, "%s%s%s%s",
		    i ? ", " : "", tag ? "<" : "", v[i], tag ? ">" : "");
	return buf;
}

/*
 * A number (digits, one '.') at s followed by exactly suffix; its value
 * in *out.
 */
static bool
number_with(const char *s, const char *suffix, double *out)
{
	char *end;

	if (!isdigit((unsigned char)*s) && *s != '.')
		return false;
	*out = g_ascii_strtod(s, &end);
	return end != s && strcmp(end, suffix) == 0 && *out >= 0 &&
	    *out < 10000;
}

bool
markup_color(const char *v, const char *const *pal, size_t n,
    struct rgba *out)
{
	PangoColor pc;
	size_t i, len = strlen(v);

	for (i = 0; pal != NULL && i < n; i++)
		if (strcmp(pal[i], v) == 0)
			return true;
	if (v[0] == '#')
		return (len == 4 || len == 7) && strspn(v + 1,
		    "0123456789abcdefABCDEF") == len - 1 && tmpl_parse_color(v,
		    out);
	if (!pango_color_parse(&pc, v))
		return false;
	out->r = pc.red / 65535.0;
	out->g = pc.green / 65535.0;
	out->b = pc.blue / 65535.0;
	out->a = 1;
	return true;
}

/*
 * What is wrong with colour v, or NULL: "#rgb" or "#rrggbb", else a
 * name, which only the caller can check (the layout's palette).
 */
static const char *
color_syntax(const char *v)
{
	if (v[0] == '#')
		return markup_color(v, NULL, 0, &(struct rgba){ 0 }) ? NULL :
		    "a colour \"#rgb\" or \"#rrggbb\"";
	return *v != '\0' && strspn(v, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == strlen(v) ? NULL :
	    "a colour \"#rrggbb\" or a colour's name";
}

/* What is wrong with value v of span attribute key, or NULL. */
static const char *
span_value(const char *key, const char *v)
{
	double x;

	if (strcmp(key, "color") == 0)
		return color_syntax(v);
	if (strcmp(key, "size") == 0)
		return in_list(v, sizes, NELEM(sizes)) || (number_with(v,
		    "pt", &x) && x >= 1 && x <= 1000) || (number_with(v, "%",
		    &x) && x >= 10 && x <= 1000) ? NULL :
		    "a size like \"12pt\" (1 to 1000), \"150%\", or one of "
		    "xx-small, x-small, small, medium, large, x-large, "
		    "xx-large, smaller, larger";
	if (strcmp(key, "font") == 0)
		return *v != '\0' && strpbrk(v, ",") == NULL ? NULL :
		    "one family's name";
	if (strcmp(key, "weight") == 0)
		return in_list(v, weights, NELEM(weights)) || (number_with(v,
		    "", &x) && x >= 100 && x <= 1000 && x == (int)x) ? NULL :
		    "a weight from 100 to 1000 or a name like bold";
	if (strcmp(key, "style") == 0)
		return in_list(v, styles, NELEM(styles)) ? NULL :
		    "normal, italic or oblique";
	if (strcmp(key, "underline") == 0)
		return in_list(v, underlines, NELEM(underlines)) ? NULL :
		    "none, single, double, low or error";
	if (strcmp(key, "strikethrough") == 0)
		return in_list(v, bools, NELEM(bools)) ? NULL :
		    "true or false";
	/* letter_spacing */
	return (number_with(v, "pt", &x) || number_with(v, "", &x) ||
	    (v[0] == '-' && (number_with(v + 1, "pt", &x) ||
	    number_with(v + 1, "", &x)))) && x <= 100 ? NULL :
	    "a length in pt like \"0.5pt\" (-100 to 100)";
}

static void
add_attr(struct mtoken *k, const char *key, size_t kn, const char *val,
    size_t vn, size_t off)
{
	struct mattr *a;

	k->attrs = xrealloc(k->attrs, (k->nattrs + 1) * sizeof(*k->attrs));
	a = &k->attrs[k->nattrs++];
	a->key = g_strndup(key, kn);
	a->val = g_strndup(val, vn);
	a->off = off;
}

/* One attribute key="value" of a span at s + *i, checked. */
static bool
span_attr(const char *s, size_t *i, size_t end, struct mtoken *k,
    struct mtokens *t)
{
	size_t at = *i, kn, vn;
	const char *hint, *why;
	char q, *key, *val;

	kn = strspn(s + at, "abcdefghijklmnopqrstuvwxyz_-ABCDEFGHIJKLMNOPQRSTU"
	    "VWXYZ0123456789");
	if (kn == 0)
		return markup_fail(t, at, "'<span': expected an attribute "
		    "like color=\"#cc0000\"");
	key = g_strndup(s + at, kn);
	if (!in_list(key, span_attrs, NELEM(span_attrs))) {
		hint = closest_word(key, span_attrs, NELEM(span_attrs));
		markup_fail(t, at, "'<span': unknown attribute '%s'%s%s%s "
		    "(a span may take %s)", key, HINT_ARGS(hint),
		    list_of(span_attrs, NELEM(span_attrs), false));
		g_free(key);
		return false;
	}
	*i = at + kn;
	q = s[*i + 1];
	if (s[*i] != '=' || (q != '"' && q != '\'') ||
	    (vn = strcspn(s + *i + 2, q == '"' ? "\"" : "'")) >= end - *i - 2) {
		markup_fail(t, at, "'<span': %s needs a value in quotes: "
		    "%s=\"...\"", key, key);
		g_free(key);
		return false;
	}
	val = g_strndup(s + *i + 2, vn);
	if (markup_attr(k, key) != NULL)
		markup_fail(t, at, "'<span': %s is given twice", key);
	else if ((why = span_value(key, val)) != NULL)
		markup_fail(t, at, "'<span': %s=\"%s\" is not %s", key, val,
		    why);
	else
		add_attr(k, key, kn, val, vn, at);
	*i += vn + 3;
	g_free(key);
	g_free(val);
	return t->err == NULL;
}

/* The attributes of "<span" from s + *i up to end (the '>'). */
static bool
span_attrs_parse(const char *s, size_t i, size_t end, struct mtoken *k,
    struct mtokens *t)
{
	while (i < end) {
		if (isspace((unsigned char)s[i])) {
			i++;
			continue;
		}
		if (!span_attr(s, &i, end, k, t))
			return false;
		if (i < end && !isspace((unsigned char)s[i]))
			return markup_fail(t, i, "'<span': put a space between "
			    "attributes");
	}
	if (k->nattrs == 0)
		return markup_fail(t, k->off, "'<span>' without attributes "
		    "does nothing: give it color=, size=, font=, ...");
	return true;
}

static struct mtoken *
push_tag(struct mtokens *t, enum mtok type, const char *name, size_t n,
    size_t off)
{
	struct mtoken *k;

	xgrow((void **)&t->v, &t->cap, t->n + 1, sizeof(*t->v));
	k = &t->v[t->n++];
	memset(k, 0, sizeof(*k));
	k->type = type;
	k->text = g_strndup(name, n);
	k->off = off;
	return k;
}

/* Tag name at s + *i ('<' or "</" before it) up to end, checked. */
static bool
tag_known(const char *s, size_t at, size_t n, struct mtokens *t)
{
	/* HTML's and the words' names of what a tag here does. */
	static const char *const aliases[][2] = { { "bold", "b" },
	    { "strong", "b" }, { "italic", "i" }, { "em", "i" },
	    { "underline", "u" }, { "strike", "s" }, { "del", "s" },
	    { "font", "span" } };
	char *name = g_strndup(s, n);
	const char *hint;
	size_t i;

	if (in_list(name, tags, NELEM(tags))) {
		g_free(name);
		return true;
	}
	hint = closest_word(name, tags, NELEM(tags));
	for (i = 0; hint == NULL && i < NELEM(aliases); i++)
		if (strcmp(name, aliases[i][0]) == 0)
			hint = aliases[i][1];
	markup_fail(t, at, "unknown tag '<%s>'%s%s%s (a text may use %s; "
	    "write \\< for a '<' that is text)", name, hint ? "; did you "
	    "mean '<" : "", hint ? hint : "", hint ? ">'?" : "",
	    list_of(tags, NELEM(tags), true));
	g_free(name);
	return false;
}

bool
markup_tag_parse(const char *s, size_t *i, struct mtokens *t, bool *bad)
{
	size_t at = *i, p = at + 1, n, end;
	bool close = s[p] == '/';
	struct mtoken *k;

	*bad = false;
	p += close;
	if (!isalpha((unsigned char)s[p]))
		return false;
	end = at + strcspn(s + at + 1, "<>") + 1;
	if (s[end] != '>')
		return false;	/* no '>' before the next '<': text */
	n = strspn(s + p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789_-");
	*bad = true;
	if (!tag_known(s + p, at, n, t))
		return false;
	k = push_tag(t, close ? MT_TAG_OFF : MT_TAG_ON, s + p, n, at);
	p += n;
	if (close || strcmp(k->text, "span") != 0) {
		p += strspn(s + p, " \t\n");
		if (p != end)
			return markup_fail(t, p, "'<%s%s>' takes no attributes",
			    close ? "/" : "", k->text);
	} else if (!span_attrs_parse(s, p, end, k, t))
		return false;
	*i = end + 1;
	*bad = false;
	return true;
}

const char *
markup_attr(const struct mtoken *k, const char *key)
{
	size_t i;

	for (i = 0; i < k->nattrs; i++)
		if (strcmp(k->attrs[i].key, key) == 0)
			return k->attrs[i].val;
	return NULL;
}

/* What is wrong with option key=v of an icon or image, or NULL. */
static const char *
opt_value(const char *key, const char *v)
{
	double x;

	if (strcmp(key, "color") == 0)
		return span_value(key, v);
	return (number_with(v, "mm", &x) && x > 0 && x <= 100) ||
	    (number_with(v, "pt", &x) && x > 0 && x <= 300) ||
	    (number_with(v, "", &x) && x > 0 && x <= 20) ? NULL :
	    "a height like \"3mm\" (up to 100), \"9pt\" (up to 300) or a "
	    "factor of the capitals' height like \"1.5\" (up to 20)";
}

bool
markup_opts_parse(const char *s, size_t from, size_t to, struct mtoken *k,
    struct mtokens *t)
{
	size_t at, n, eq;
	const char *hint, *why;
	char *key, *val;

	while (from < to) {
		at = from + 1;	/* after '|' */
		n = strcspn(s + at, "|}");
		eq = strcspn(s + at, "=|}");
		key = g_strndup(s + at, eq);
		val = eq < n ? g_strndup(s + at + eq + 1, n - eq - 1) : NULL;
		if (!in_list(key, opt_keys, NELEM(opt_keys))) {
			hint = closest_word(key, opt_keys, NELEM(opt_keys));
			markup_fail(t, at, "unknown option '%s'%s%s%s (an icon "
			    "or image may take color= and height=)", key,
			    HINT_ARGS(hint));
		} else if (val == NULL || *val == '\0')
			markup_fail(t, at, "%s needs a value: %s=...", key,
			    key);
		else if (markup_attr(k, key) != NULL)
			markup_fail(t, at, "%s is given twice", key);
		else if ((why = opt_value(key, val)) != NULL)
			markup_fail(t, at, "%s=%s is not %s", key, val, why);
		else
			add_attr(k, key, eq, val, strlen(val), at);
		g_free(key);
		g_free(val);
		if (t->err != NULL)
			return false;
		from = at + n;
	}
	return true;
}

/* Letter spacing "1.5pt" or "1.5" as Pango's 1024ths of a point. */
static long
spacing_units(const char *v)
{
	return lround(g_ascii_strtod(v, NULL) * PANGO_SCALE);
}

char *
markup_pango_tag(const struct mtoken *k, const char *const *pal,
    const struct rgba *pc, size_t n)
{
	GString *b = g_string_new("<span");
	const struct mattr *a;
	size_t i, j;
	char *esc;

	for (i = 0; i < k->nattrs; i++) {
		a = &k->attrs[i];
		if (strcmp(a->key, "color") == 0) {
			for (j = 0; j < n && strcmp(pal[j], a->val) != 0; j++)
				;
			if (j < n)
				g_string_append_printf(b, " foreground=\"#%02x"
				    "%02x%02x\"", (int)lround(pc[j].r * 255),
				    (int)lround(pc[j].g * 255),
				    (int)lround(pc[j].b * 255));
			else
				g_string_append_printf(b, " foreground=\"%s\"",
				    a->val);
		} else if (strcmp(a->key, "letter_spacing") == 0)
			g_string_append_printf(b, " letter_spacing=\"%ld\"",
			    spacing_units(a->val));
		else {
			esc = g_markup_escape_text(a->val, -1);
			g_string_append_printf(b, " %s=\"%s\"",
			    strcmp(a->key, "font") == 0 ? "font_family" :
			    a->key, esc);
			g_free(esc);
		}
	}
	g_string_append_c(b, '>');
	return g_string_free(b, FALSE);
}
