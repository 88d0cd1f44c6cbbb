/* SPDX-License-Identifier: MIT */
/*
 * Page furniture marked as such.  In a tagged PDF whatever a page draws
 * is either content, in a structure element's marked content (an
 * MCID), or an artifact -- folios, crop marks, rules, a card drawn
 * again -- which readers skip.  Cairo 1.16 can open structure elements
 * but has no artifacts: it leaves furniture unmarked.  So when the PDF
 * is finished each page's content stream is read token by token and
 * every run of operators outside all marked content is put between
 * "/Artifact BMC" and "EMC".  Cairo opens and closes a structure
 * element's marked content between text objects, never inside one, so
 * a run never has to end within a BT ... ET; a stream where it would,
 * or one with an inline image (whose bytes are not tokens), is left as
 * it is.  Cairo's own spans (an /ActualText) nest in the artifact.
 */
#include <string.h>

#include <glib.h>

#include "finishing.h"

/* PDF's white space (NUL too). */
static bool
is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
	    c == '\0';
}

/* Does c end a name, a number or an operator? */
static bool
is_delim(unsigned char c)
{
	switch (c) {
	case '(': case ')': case '<': case '>': case '[': case ']':
	case '{': case '}': case '/': case '%':
		return true;
	default:
		return is_space(c);
	}
}

/* Where the token starting at i ends (i: past white space). */
static size_t
token_end(const unsigned char *s, size_t i, size_t n)
{
	int nest = 0;

	switch (s[i]) {
	case '(':			/* a string: nested (), \-escapes */
		for (; i < n; i++) {
			if (s[i] == '\\')
				i++;
			else if (s[i] == '(')
				nest++;
			else if (s[i] == ')' && --nest == 0)
				return i + 1;
		}
		return n;
	case '<':			/* a hex string, or << */
		if (i + 1 < n && s[i + 1] == '<')
			return i + 2;
		while (i < n && s[i] != '>')
			i++;
		return i < n ? i + 1 : n;
	case '>':			/* >> */
		return i + 1 < n && s[i + 1] == '>' ? i + 2 : i + 1;
	case '[': case ']': case '{': case '}':
		return i + 1;
	default:			/* a name, a number or an operator */
		i++;
		while (i < n && !is_delim(s[i]))
			i++;
		return i;
	}
}

/* Is token [a, b) the word w? */
static bool
is(const unsigned char *s, size_t a, size_t b, const char *w)
{
	return b - a == strlen(w) && memcmp(s + a, w, b - a) == 0;
}

/* Is token [a, b) an operator (not an operand)? */
static bool
is_operator(const unsigned char *s, size_t a, size_t b)
{
	if (is(s, a, b, "true") || is(s, a, b, "false") || is(s, a, b, "null"))
		return false;
	return (s[a] >= 'a' && s[a] <= 'z') || (s[a] >= 'A' && s[a] <= 'Z') ||
	    ((s[a] == '\'' || s[a] == '"') && b == a + 1);
}

/* The input from *done to at, then what. */
static void
put(GString *out, const unsigned char *s, size_t *done, size_t at,
    const char *what)
{
	g_string_append_len(out, (const char *)s + *done,
	    (gssize)(at - *done));
	g_string_append(out, what);
	*done = at;
}

bool
pdf_artifact_wrap(const unsigned char *s, size_t n, GString *out)
{
	size_t i = 0, e, ops = 0, done = 0;
	int depth = 0;
	bool art = false, text = false, mcid;

	g_string_truncate(out, 0);
	for (;;) {
		/* White space and comments. */
		while (i < n && (is_space(s[i]) || s[i] == '%'))
			if (s[i++] == '%')
				while (i < n && s[i] != '\n' && s[i] != '\r')
					i++;
		if (i >= n)
			break;
		e = token_end(s, i, n);
		if (!is_operator(s, i, e)) {
			i = e;
			continue;
		}
		/* An operator: its operands began at ops. */
		if (is(s, i, e, "BI"))
			return false;
		if (is(s, i, e, "BDC") || is(s, i, e, "BMC")) {
			/* Its operands: searched only here, not for every
			 * operator's (a TJ's are long). */
			mcid = g_strstr_len((const char *)s + ops,
			    (gssize)(i - ops), "/MCID") != NULL;
			/* Content (an MCID) ends the artifact; a span of
			 * its own (Cairo's /ActualText) is in one. */
			if (art && mcid) {
				if (text || depth > 0)
					return false;
				put(out, s, &done, ops, "\nEMC\n");
				art = false;
			} else if (!art && !mcid && depth == 0) {
				put(out, s, &done, ops, "\n/Artifact BMC\n");
				art = true;
			}
			depth++;
		} else if (is(s, i, e, "EMC")) {
			if (--depth < 0)
				return false;
		} else if (depth == 0 && !art) {
			put(out, s, &done, ops, "\n/Artifact BMC\n");
			art = true;
		}
		if (is(s, i, e, "BT"))
			text = true;
		else if (is(s, i, e, "ET"))
			text = false;
		i = ops = e;
	}
	if (depth != 0)
		return false;
	g_string_append_len(out, (const char *)s + done, (gssize)(n - done));
	if (art)
		g_string_append(out, "\nEMC\n");
	return true;
}
