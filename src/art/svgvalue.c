/* SPDX-License-Identifier: MIT */
/*
 * The little languages inside an SVG's attributes, read as far as the
 * cost of its filters needs (svgcost.c): CSS declarations, stylesheets
 * and the last compound of their selectors, transform lists (only how
 * much they scale) and path data (only how many vertices).  Each reader
 * errs towards more: more elements matched, more scale, more vertices.
 * Part of the art stage.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "svgvalue.h"

/* Past a quoted string or bracketed group at p (*p its opener). */
static const char *
skip_group(const char *p, const char *end)
{
	char open = *p, close;
	int depth = 0;

	if (open == '"' || open == '\'') {
		for (p++; p < end && *p != open; p++)
			if (*p == '\\' && p + 1 < end)
				p++;
		return p < end ? p + 1 : end;
	}
	close = open == '(' ? ')' : open == '[' ? ']' : '}';
	for (; p < end; p++) {
		if (*p == '"' || *p == '\'') {
			p = skip_group(p, end) - 1;
			continue;
		}
		if (*p == open)
			depth++;
		else if (*p == close && --depth == 0)
			return p + 1;
	}
	return end;
}

/* The first of the characters stop at depth 0 in [p, end), or end. */
static const char *
find_top(const char *p, const char *end, const char *stop)
{
	while (p < end && strchr(stop, *p) == NULL) {
		if (strchr("\"'([{", *p) != NULL)
			p = skip_group(p, end);
		else
			p++;
	}
	return p;
}

/* [*b, *e) with white space off both ends. */
static void
trim(const char **b, const char **e)
{
	while (*b < *e && g_ascii_isspace(**b))
		(*b)++;
	while (*e > *b && g_ascii_isspace((*e)[-1]))
		(*e)--;
}

char *
art_css_unescape(const char *s, size_t n)
{
	struct strbuf b = { 0 };
	const char *p = s, *end = s + n;
	char u[8];
	gunichar c;
	int k;

	while (p < end) {
		if (*p != '\\') {
			sb_add(&b, p++, 1);
			continue;
		}
		if (++p == end)
			break;
		if (!g_ascii_isxdigit(*p)) {
			if (*p != '\n')
				sb_add(&b, p, 1);
			p++;
			continue;
		}
		/* Up to six hex digits, then one white space swallowed. */
		for (c = 0, k = 0; k < 6 && p < end && g_ascii_isxdigit(*p);
		    k++)
			c = c * 16 + (gunichar)g_ascii_xdigit_value(*p++);
		if (p < end && g_ascii_isspace(*p))
			p++;
		if (c == 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
			c = 0xFFFD;
		sb_add(&b, u, (size_t)g_unichar_to_utf8(c, u));
	}
	sb_add(&b, "", 0);
	return b.s;
}

/* Does the name [b, e), its escapes undone, read prop (case aside)? */
static bool
name_is(const char *b, const char *e, const char *prop)
{
	char *u;
	bool is;

	if (memchr(b, '\\', (size_t)(e - b)) == NULL)
		return (size_t)(e - b) == strlen(prop) &&
		    g_ascii_strncasecmp(b, prop, strlen(prop)) == 0;
	u = art_css_unescape(b, (size_t)(e - b));
	is = g_ascii_strcasecmp(u, prop) == 0;
	free(u);
	return is;
}

char *
art_css_value(struct arena *a, const char *decls, size_t n,
    const char *prop)
{
	const char *p = decls, *end = decls + n, *semi, *colon, *nb, *ne;
	const char *vb, *ve, *found = NULL, *found_end = NULL;

	for (; p < end; p = semi + 1) {
		semi = find_top(p, end, ";");
		colon = find_top(p, semi, ":");
		if (colon < semi) {
			nb = p;
			ne = colon;
			trim(&nb, &ne);
			vb = colon + 1;
			ve = semi;
			trim(&vb, &ve);
			if (name_is(nb, ne, prop)) {
				found = vb;
				found_end = ve;
			}
		}
		if (semi == end)
			break;
	}
	if (found == NULL)
		return NULL;
	/* "url(#f) !important": the value is what comes before the '!'. */
	ve = find_top(found, found_end, "!");
	vb = found;
	trim(&vb, &ve);
	return arena_strndup(a, vb, (size_t)(ve - vb));
}

void
art_css_uncomment(char *sheet)
{
	char *p, *e;

	for (p = strstr(sheet, "/*"); p != NULL; p = strstr(p, "/*")) {
		e = strstr(p + 2, "*/");
		e = e != NULL ? e + 2 : p + strlen(p);
		memset(p, ' ', (size_t)(e - p));
		p = e;
	}
}

/* The rules in [p, end), at-rules' blocks read as rules in turn. */
static void
rules_in(const char *p, const char *end, int depth, void (*fn)(void *,
    const char *, size_t, const char *, size_t), void *ctx)
{
	const char *stop, *close;

	while (p < end) {
		while (p < end && (g_ascii_isspace(*p) || *p == ';'))
			p++;
		/* HTML's comment markers, which CSS skips. */
		if (end - p >= 4 && strncmp(p, "<!--", 4) == 0) {
			p += 4;
			continue;
		}
		if (end - p >= 3 && strncmp(p, "-->", 3) == 0) {
			p += 3;
			continue;
		}
		if (p == end)
			break;
		stop = find_top(p, end, *p == '@' ? "{;" : "{");
		if (stop == end)
			break;
		if (*stop == ';') {
			p = stop + 1;
			continue;
		}
		close = skip_group(stop, end);
		/* An at-rule's block holds rules; depth bounds the
		 * recursion that nested at-rules would make. */
		if (*p == '@') {
			if (depth < 8)
				rules_in(stop + 1, close > stop + 1 &&
				    close[-1] == '}' ? close - 1 : close,
				    depth + 1, fn, ctx);
		} else
			fn(ctx, p, (size_t)(stop - p), stop + 1,
			    (size_t)((close > stop + 1 && close[-1] == '}' ?
			    close - 1 : close) - (stop + 1)));
		p = close;
	}
}

void
art_css_rules(const char *sheet, void (*fn)(void *ctx, const char *sel,
    size_t nsel, const char *decls, size_t ndecls), void *ctx)
{
	rules_in(sheet, sheet + strlen(sheet), 0, fn, ctx);
}

/* Is word (n bytes) one of the white-space separated words of list? */
static bool
has_word(const char *list, const char *word, size_t n)
{
	const char *p = list, *e;

	if (list == NULL)
		return false;
	for (;;) {
		while (g_ascii_isspace(*p))
			p++;
		if (*p == '\0')
			return false;
		for (e = p; *e != '\0' && !g_ascii_isspace(*e); e++)
			continue;
		if ((size_t)(e - p) == n && strncmp(p, word, n) == 0)
			return true;
		p = e;
	}
}

/* A CSS name character (a compound with an escape is not compared). */
static bool
name_char(char c)
{
	return g_ascii_isalnum(c) || c == '-' || c == '_' ||
	    (unsigned char)c >= 0x80;
}

/* The compound [p, end) against the element: its type, id, classes. */
static bool
compound_may_match(const char *p, const char *end, const char *tag,
    const char *id, const char *cls)
{
	const char *b;

	/* An escaped name could be any: taken to match. */
	if (memchr(p, '\\', (size_t)(end - p)) != NULL)
		return true;
	if (p < end && (name_char(*p) || *p == '*')) {
		for (b = p; p < end && (name_char(*p) || *p == '*' ||
		    *p == '|'); p++)
			continue;
		/* A namespace prefix (svg|rect) is dropped. */
		if (memchr(b, '|', (size_t)(p - b)) != NULL)
			b = (const char *)memchr(b, '|', (size_t)(p - b)) + 1;
		if (!(p - b == 1 && *b == '*') && ((size_t)(p - b) !=
		    strlen(tag) || g_ascii_strncasecmp(b, tag,
		    (size_t)(p - b)) != 0))
			return false;
	}
	while (p < end) {
		if (*p == '.' || *p == '#') {
			char kind = *p++;

			for (b = p; p < end && name_char(*p); p++)
				continue;
			if (kind == '.' && !has_word(cls, b, (size_t)(p - b)))
				return false;
			if (kind == '#' && (id == NULL || strlen(id) !=
			    (size_t)(p - b) || strncmp(id, b,
			    (size_t)(p - b)) != 0))
				return false;
		} else if (*p == '[' || *p == '(')
			p = skip_group(p, end);
		else
			p++;	/* pseudo-classes: not compared */
	}
	return true;
}

bool
art_css_may_match(const char *sel, size_t n, const char *tag,
    const char *id, const char *cls)
{
	const char *p = sel, *end = sel + n, *comma, *b, *e, *q;

	for (; p <= end; p = comma + 1) {
		comma = find_top(p, end, ",");
		b = p;
		e = comma;
		trim(&b, &e);
		/* The last compound: after the last combinator at depth 0. */
		for (q = b; q < e;) {
			if (strchr("\"'([", *q) != NULL)
				q = skip_group(q, e);
			else if (g_ascii_isspace(*q) || *q == '>' ||
			    *q == '+' || *q == '~')
				b = ++q;
			else
				q++;
		}
		if (b < e && compound_may_match(b, e, tag, id, cls))
			return true;
		if (comma == end)
			break;
	}
	return false;
}

/* The numbers of a transform function's arguments at p, up to 6. */
static int
args(const char **pp, double v[6], bool *units)
{
	const char *p = *pp;
	char *e;
	int n = 0;

	for (;;) {
		while (g_ascii_isspace(*p) || *p == ',')
			p++;
		if (*p == ')' || *p == '\0')
			break;
		if (n == 6)
			return -1;
		v[n++] = g_ascii_strtod(p, &e);
		if (e == p)
			return -1;
		/* CSS units: px, deg; any other (an angle in rad) is noted. */
		for (p = e; g_ascii_isalpha(*p) || *p == '%'; p++)
			continue;
		if (p > e && !(p - e == 2 && strncmp(e, "px", 2) == 0) &&
		    !(p - e == 3 && strncmp(e, "deg", 3) == 0))
			*units = true;
	}
	*pp = *p == ')' ? p + 1 : p;
	return n;
}

/* Bounds of one transform function's scale; false if unreadable. */
static bool
function_scale(const char *name, size_t len, const double *v, int n,
    bool units, double *lo, double *hi)
{
	double f, t;

#define IS(s)	(len == strlen(s) && strncmp(name, (s), len) == 0)
	if (IS("matrix") && n == 6) {
		/* Frobenius norm: at least the largest singular value;
		 * |det| / it: at most the smallest. */
		f = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
		*hi = f;
		*lo = f > 0 ? fabs(v[0] * v[3] - v[1] * v[2]) / f : 0;
	} else if ((IS("translate") || IS("translateX") || IS("translateY"))
	    && n >= 1 && n <= 2)
		*lo = *hi = 1;
	else if (IS("rotate") && (n == 1 || n == 3))
		*lo = *hi = 1;
	else if (IS("scale") && n >= 1 && n <= 2) {
		*hi = fmax(fabs(v[0]), fabs(v[n - 1]));
		*lo = fmin(fabs(v[0]), fabs(v[n - 1]));
	} else if ((IS("scaleX") || IS("scaleY")) && n == 1) {
		*hi = fmax(1, fabs(v[0]));
		*lo = fmin(1, fabs(v[0]));
	} else if ((IS("skewX") || IS("skewY")) && n == 1 && !units) {
		t = tan(v[0] * G_PI / 180);
		*hi = sqrt(2 + t * t);
		*lo = 1 / *hi;
	} else
		return false;
#undef IS
	return isfinite(*hi) && isfinite(*lo);
}

bool
art_transform_scale(const char *t, double *lo, double *hi)
{
	const char *p = t, *name;
	double v[6], l, h;
	size_t len;
	bool units;
	int n;

	*lo = *hi = 1;
	for (;;) {
		while (g_ascii_isspace(*p) || *p == ',')
			p++;
		if (*p == '\0')
			return true;
		for (name = p; g_ascii_isalpha(*p); p++)
			continue;
		len = (size_t)(p - name);
		while (g_ascii_isspace(*p))
			p++;
		if (len == 0 || *p++ != '(')
			return false;
		units = false;
		if ((n = args(&p, v, &units)) < 0 ||
		    !function_scale(name, len, v, n, units, &l, &h))
			return false;
		*lo *= l;
		*hi *= h;
	}
}

double
art_path_vertices(const char *d, bool points)
{
	const char *p;
	double n = 0;
	bool in_num = false, dot = false, expo = false;

	for (p = d; *p != '\0'; p++) {
		if (g_ascii_isdigit(*p)) {
			if (!in_num)
				n++;
			in_num = true;
		} else if (*p == '.') {
			/* "1.5.5" is two numbers. */
			if (!in_num || dot)
				n++;
			in_num = dot = true;
			continue;
		} else if ((*p == 'e' || *p == 'E') && in_num && !expo) {
			expo = true;
			continue;
		} else if ((*p == '-' || *p == '+') && in_num &&
		    (p[-1] == 'e' || p[-1] == 'E')) {
			continue;
		} else {
			in_num = false;
			dot = expo = false;
			if (g_ascii_isalpha(*p))
				n++;	/* a command: z closes with none */
		}
	}
	return points ? n / 2 + 1 : n;
}

bool
art_number_pair(const char *v, double *x, double *y)
{
	char *e;

	*x = g_ascii_strtod(v, &e);
	if (e == v)
		return false;
	for (v = e; g_ascii_isspace(*v) || *v == ','; v++)
		continue;
	*y = g_ascii_strtod(v, &e);
	if (e == v)
		*y = *x;
	return true;
}
