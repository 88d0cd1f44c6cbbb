/* SPDX-License-Identifier: MIT */
/*
 * libyaml events into a small tree of scalars, sequences and mappings,
 * each node with its 1-based source position.  libyaml reports neither
 * duplicate keys nor alias cycles, so both are checked here, and the
 * encoding is checked first so that a bad byte gets a line and column.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include <glib.h>

#include "load.h"

/*
 * Limits, documented in deckpress(5).  A 20 000-card deck needs some
 * 200 000 nodes in its largest file and strings of a few hundred
 * bytes; anything far beyond is an attack or an accident.
 */
#define MAX_DEPTH	64		/* deeper input is an attack, not a deck */
#define MAX_FILE	(16 << 20)	/* 16 MiB */
#define MAX_NODES	1000000		/* values (nodes) in one file */
#define MAX_SCALAR	(64 << 10)	/* bytes of one string: 64 KiB */

struct builder {
	struct arena		*a;
	struct diags		*d;
	const char		*file;
	const unsigned char	*buf;		/* the whole file */
	size_t			 len;
	yaml_parser_t		 p;
	size_t			 nodes;		/* built so far */
	bool			 failed;
};

static struct srcpos
mkpos(const struct builder *b, const yaml_mark_t *m)
{
	struct srcpos pos = { b->file, (unsigned int)m->line + 1,
	    (unsigned int)m->column + 1 };

	return pos;
}

/*
 * The position of byte off: lines end at '\n', columns count UTF-8
 * characters as libyaml's do.
 */
static struct srcpos
offpos(const struct builder *b, size_t off)
{
	struct srcpos pos = { b->file, 1, 1 };
	size_t i;

	for (i = 0; i < off && i < b->len; i++)
		if (b->buf[i] == '\n') {
			pos.line++;
			pos.col = 1;
		} else if ((b->buf[i] & 0xC0) != 0x80)
			pos.col++;
	return pos;
}

/* The byte at a libyaml mark (0-based line and column), or -1. */
static int
byte_at(const struct builder *b, const yaml_mark_t *m)
{
	size_t i = 0, line = 0, col = 0;

	while (i < b->len && line < m->line)
		if (b->buf[i++] == '\n')
			line++;
	for (; i < b->len && b->buf[i] != '\n'; i++) {
		if ((b->buf[i] & 0xC0) == 0x80)
			continue;
		if (col++ == m->column)
			return b->buf[i];
	}
	return -1;
}

/*
 * libyaml's wording names the parser's state, not the writer's slip.
 * explain() turns the slips people make most into plain words at the
 * place to fix: the opening quote of a string never closed, the line
 * whose indentation is off, the colour that became a comment.
 */
struct slip {
	struct srcpos	 pos;
	char		 msg[320];
};

/* Line line0 (0-based) of the file: its first byte and length. */
static const unsigned char *
line_at(const struct builder *b, size_t line0, size_t *len)
{
	size_t i = 0, line = 0, j;

	while (i < b->len && line < line0)
		if (b->buf[i++] == '\n')
			line++;
	for (j = i; j < b->len && b->buf[j] != '\n'; j++)
		continue;
	*len = j - i;
	return b->buf + i;
}

/* The 0-based column of a line's first character that is no blank. */
static size_t
indent_of(const unsigned char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len && (s[i] == ' ' || s[i] == '\t'); i++)
		continue;
	return i < len && s[i] != '#' && s[i] != '\r' ? i : (size_t)-1;
}

/* The last line before line0 that holds more than blanks or a comment. */
static bool
prev_line(const struct builder *b, size_t line0, size_t *prev, size_t *ind)
{
	const unsigned char *s;
	size_t len;

	while (line0-- > 0) {
		s = line_at(b, line0, &len);
		if ((*ind = indent_of(s, len)) != (size_t)-1) {
			*prev = line0;
			return true;
		}
	}
	return false;
}

static struct srcpos
pos0(const struct builder *b, size_t line0, size_t col0)
{
	struct srcpos pos = { b->file, (unsigned int)line0 + 1,
	    (unsigned int)col0 + 1 };

	return pos;
}

static bool
is_hex(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	    (c >= 'A' && c <= 'F');
}

/*
 * Whether s (len bytes) starts with "#rgb", "#rrggbb" or "#rrggbbaa"
 * followed by a blank, a flow indicator or the end of the line: the
 * colour YAML took for a comment.  Its length, or 0.
 */
static size_t
hex_colour(const unsigned char *s, size_t len)
{
	size_t n = 1;

	if (len == 0 || s[0] != '#')
		return 0;
	while (n < len && is_hex(s[n]))
		n++;
	if (n != 4 && n != 7 && n != 9)
		return 0;
	if (n < len && strchr(" \t\r,]}", s[n]) == NULL)
		return 0;
	return n;
}

static void
colour_msg(struct slip *s, const unsigned char *hex, size_t n)
{
	snprintf(s->msg, sizeof(s->msg), "a colour must be quoted: "
	    "\"%.*s\" \xe2\x80\x94 unquoted, # starts a comment", (int)n,
	    (const char *)hex);
}

/*
 * A colour written without quotes in a flow collection ("{fill:
 * #E0A030}") comments out the rest of the line, '}' included: the
 * parser stumbles later.  Look for one from line first0 to last0.
 */
static bool
slip_colour(const struct builder *b, size_t first0, size_t last0,
    struct slip *s)
{
	const unsigned char *l;
	size_t len, i, k, n, line;

	for (line = first0; line <= last0; line++) {
		l = line_at(b, line, &len);
		for (i = 0; i < len; i++) {
			if (l[i] != '#' || (i > 0 &&
			    strchr(" \t[{,", l[i - 1]) == NULL))
				continue;
			/* Where a value goes: after ":", "[", "{", ",", "-". */
			for (k = i; k > 0 && (l[k - 1] == ' ' ||
			    l[k - 1] == '\t'); k--)
				continue;
			if (k == 0 || strchr(":[{,-", l[k - 1]) == NULL ||
			    (n = hex_colour(l + i, len - i)) == 0)
				break;	/* a comment: no YAML after it */
			s->pos = pos0(b, line, i);
			colour_msg(s, l + i, n);
			return true;
		}
	}
	return false;
}

/* libyaml's context says the scanner hit the end inside quotes. */
static bool
slip_unclosed(const struct builder *b, struct slip *s)
{
	const yaml_parser_t *p = &b->p;

	if (p->context == NULL ||
	    strcmp(p->context, "while scanning a quoted scalar") != 0)
		return false;
	s->pos = mkpos(b, &p->context_mark);
	snprintf(s->msg, sizeof(s->msg), "this quoted string is never "
	    "closed: add the closing %c", byte_at(b, &p->context_mark) ==
	    '\'' ? '\'' : '"');
	return true;
}

/*
 * A quote left open on its line closes at the next quote further down,
 * and the parser fails only there, on the line where that string
 * "ends".  Scan the tokens again for a quoted string that spans lines
 * and ends on the line of the error.
 */
static bool
slip_runaway(const struct builder *b, struct slip *s)
{
	yaml_parser_t q;
	yaml_token_t tok;
	yaml_mark_t start, end;
	size_t line = b->p.problem_mark.line;
	bool found = false, done = false;

	if (!yaml_parser_initialize(&q))
		return false;
	yaml_parser_set_input_string(&q, b->buf, b->len);
	while (!done && yaml_parser_scan(&q, &tok)) {
		done = tok.type == YAML_STREAM_END_TOKEN ||
		    tok.start_mark.line > line;
		if (tok.type == YAML_SCALAR_TOKEN &&
		    tok.data.scalar.style != YAML_PLAIN_SCALAR_STYLE &&
		    tok.end_mark.line == line &&
		    tok.start_mark.line < line &&
		    (tok.data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
		    tok.data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE)) {
			start = tok.start_mark;
			end = tok.end_mark;
			found = true;
		}
		yaml_token_delete(&tok);
	}
	yaml_parser_delete(&q);
	if (!found)
		return false;
	s->pos = mkpos(b, &start);
	snprintf(s->msg, sizeof(s->msg), "this quoted string is never "
	    "closed on its line: YAML reads on to the quote at line %zu, "
	    "column %zu", end.line + 1, end.column);
	return true;
}

/*
 * A block mapping or list met a line that is not its next key or item:
 * almost always a line indented differently from its neighbours.  The
 * context mark is where the mapping (list) starts, so its column is
 * the one its keys (items) share.
 */
static bool
slip_indent(const struct builder *b, struct slip *s)
{
	const yaml_parser_t *p = &b->p;
	const yaml_mark_t *pm = &p->problem_mark, *cm = &p->context_mark;
	bool seq = strstr(p->problem, "'-'") != NULL;
	const char *what = seq ? "items" : "keys";
	const unsigned char *l;
	size_t len, prev, pind;
	int n;

	l = line_at(b, pm->line, &len);
	if (p->context == NULL || indent_of(l, len) != pm->column)
		return false;
	s->pos = mkpos(b, pm);
	if (pm->column == cm->column) {
		if (seq)
			snprintf(s->msg, sizeof(s->msg), "this line is no list "
			    "item: the items of the list at line %zu each "
			    "start with '- '", cm->line + 1);
		else if (l[pm->column] == '-')
			snprintf(s->msg, sizeof(s->msg), "a list item ('- ') "
			    "among the keys of the mapping at line %zu: a "
			    "mapping holds 'key: value' lines", cm->line + 1);
		else
			return false;
		return true;
	}
	n = snprintf(s->msg, sizeof(s->msg), "the indentation of this line "
	    "does not match the lines above it: it starts in column %zu, "
	    "the %s above in column %zu (line %zu)", pm->column + 1, what,
	    cm->column + 1, cm->line + 1);
	if (prev_line(b, pm->line, &prev, &pind) && prev > cm->line &&
	    pind != cm->column && pind != pm->column && n > 0 &&
	    (size_t)n < sizeof(s->msg))
		snprintf(s->msg + n, sizeof(s->msg) - (size_t)n, " and "
		    "column %zu (line %zu)", pind + 1, prev + 1);
	return true;
}

static bool	nocolon_msg(struct slip *s);

/*
 * ": " where a value is going on: either a second key on one line
 * ("body: Note: take"), or a line indented deeper than the one above,
 * which makes it more text of that line's value.
 */
static bool
slip_value(const struct builder *b, struct slip *s)
{
	const yaml_mark_t *pm = &b->p.problem_mark;
	const unsigned char *l;
	size_t len, i, ind, prev, pind;

	l = line_at(b, pm->line, &len);
	ind = indent_of(l, len);
	for (i = ind; i + 1 < pm->column && i + 1 < len; i++)
		if (l[i] == ':' && (l[i + 1] == ' ' || l[i + 1] == '\t')) {
			s->pos = mkpos(b, pm);
			snprintf(s->msg, sizeof(s->msg), "a second ': ' on "
			    "this line: put text that holds ': ' in quotes");
			return true;
		}
	if (ind == (size_t)-1 || !prev_line(b, pm->line, &prev, &pind) ||
	    pind > ind)
		return false;
	if (pind == ind) {
		/* "game test" then "languages: [en]": one key of two lines. */
		l = line_at(b, prev, &len);
		if (memchr(l, ':', len) != NULL)
			return false;
		s->pos = pos0(b, prev, pind);
		return nocolon_msg(s);
	}
	s->pos = pos0(b, pm->line, ind);
	snprintf(s->msg, sizeof(s->msg), "the indentation of this line does "
	    "not match the lines above it: indented deeper than line %zu, "
	    "it reads as more text of the value there", prev + 1);
	return true;
}

static bool
nocolon_msg(struct slip *s)
{
	snprintf(s->msg, sizeof(s->msg), "this line is no 'key: value' (it "
	    "has no ': '); text that goes on from the line above must be "
	    "indented deeper than its key");
	return true;
}

/* A line that is neither "key: value" nor the rest of a value. */
static bool
slip_nocolon(const struct builder *b, struct slip *s)
{
	s->pos = mkpos(b, &b->p.context_mark);
	return nocolon_msg(s);
}

/* A '{' or '[' not closed on its line, or a ',' missing. */
static bool
slip_flow(const struct builder *b, struct slip *s)
{
	const yaml_parser_t *p = &b->p;
	int open = byte_at(b, &p->context_mark);
	int close = open == '[' ? ']' : '}';

	if (p->context_mark.line < p->problem_mark.line) {
		s->pos = mkpos(b, &p->context_mark);
		snprintf(s->msg, sizeof(s->msg), "this '%c' is not closed on "
		    "its line: a '%c' is missing (YAML reads on to line %zu)",
		    open, close, p->problem_mark.line + 1);
	} else {
		s->pos = mkpos(b, &p->problem_mark);
		snprintf(s->msg, sizeof(s->msg), "a ',' or the '%c' that "
		    "closes the '%c' in column %zu is missing before this",
		    close, open, p->context_mark.column + 1);
	}
	return true;
}

/* Characters YAML reserves at the start of plain text. */
static bool
slip_token(const struct builder *b, struct slip *s)
{
	const yaml_parser_t *p = &b->p;
	int c = byte_at(b, &p->problem_mark);
	int cc = p->context != NULL ? byte_at(b, &p->context_mark) : -1;

	s->pos = mkpos(b, &p->problem_mark);
	if (c == '\t')
		snprintf(s->msg, sizeof(s->msg), "a tab: indent with spaces, "
		    "YAML does not allow tabs");
	else if (c == '@' || c == '`')
		snprintf(s->msg, sizeof(s->msg), "YAML keeps '%c' for later "
		    "use: put text that starts with '%c' in quotes", c, c);
	else if (p->context != NULL && (cc == '*' || cc == '&')) {
		s->pos = mkpos(b, &p->context_mark);
		snprintf(s->msg, sizeof(s->msg), "'%c' at the start of text "
		    "marks a YAML %s: put text that starts with '%c' in "
		    "quotes", cc, cc == '*' ? "alias" : "anchor", cc);
	} else if (p->context != NULL && cc == '!') {
		s->pos = mkpos(b, &p->context_mark);
		snprintf(s->msg, sizeof(s->msg), "'!' at the start of text "
		    "marks a YAML tag: put text that starts with '!' in "
		    "quotes");
	} else
		return false;
	return true;
}

static bool
slip_escape(const struct builder *b, struct slip *s)
{
	s->pos = mkpos(b, &b->p.problem_mark);
	snprintf(s->msg, sizeof(s->msg), "in double quotes '\\' starts an "
	    "escape like \\n: write '\\\\' for a backslash, or use single "
	    "quotes");
	return true;
}

/*
 * The last '[' or '{' left open in the text, skipping quoted strings
 * and comments; false if none is.
 */
static bool
open_bracket(const struct builder *b, size_t *at)
{
	size_t stack[MAX_DEPTH + 1], n = 0, i;
	const unsigned char *s = b->buf;
	unsigned char q = 0;

	for (i = 0; i < b->len; i++) {
		if (q != 0) {
			if (q == '"' && s[i] == '\\')
				i++;
			else if (s[i] == q)
				q = 0;
		} else if (s[i] == '"' || s[i] == '\'')
			q = s[i];
		else if (s[i] == '#' && (i == 0 || s[i - 1] == ' ' ||
		    s[i - 1] == '\t' || s[i - 1] == '\n'))
			while (i + 1 < b->len && s[i + 1] != '\n')
				i++;
		else if ((s[i] == '[' || s[i] == '{') && n <= MAX_DEPTH)
			stack[n++] = i;
		else if ((s[i] == ']' || s[i] == '}') && n > 0)
			n--;
	}
	if (n == 0 || n > MAX_DEPTH)
		return false;
	*at = stack[n - 1];
	return true;
}

/* The file ends inside a value: most likely it was cut short. */
static bool
slip_eof(const struct builder *b, struct slip *s)
{
	size_t i = b->p.problem_mark.index, at;

	while (i < b->len && strchr(" \t\r\n", b->buf[i]) != NULL)
		i++;
	if (i < b->len)
		return false;
	if (open_bracket(b, &at)) {
		s->pos = offpos(b, at);
		snprintf(s->msg, sizeof(s->msg), "this '%c' is never closed: "
		    "a '%c' is missing, or the file is cut short", b->buf[at],
		    b->buf[at] == '[' ? ']' : '}');
	} else {
		s->pos = mkpos(b, &b->p.problem_mark);
		snprintf(s->msg, sizeof(s->msg), "the file ends in the middle "
		    "of a value; is it cut short?");
	}
	return true;
}

/* A '}' or ']' with nothing open before it. */
static bool
slip_closer(const struct builder *b, struct slip *s)
{
	int c = byte_at(b, &b->p.problem_mark);

	if (c != '}' && c != ']')
		return false;
	s->pos = mkpos(b, &b->p.problem_mark);
	snprintf(s->msg, sizeof(s->msg), "this '%c' closes nothing: no '%c' "
	    "is open before it", c, c == '}' ? '{' : '[');
	return true;
}

/* Fill s with the plain words for libyaml's error, if there are any. */
static bool
explain(const struct builder *b, struct slip *s)
{
	const yaml_parser_t *p = &b->p;
	const char *pr = p->problem;
	/* The comment hides the rest of its line; the parser may fail a
	 * few lines further down. */
	size_t first = p->problem_mark.line > 20 ?
	    p->problem_mark.line - 20 : 0;

	if (p->context != NULL && p->context_mark.line < first)
		first = p->context_mark.line;

	if (slip_unclosed(b, s) || slip_runaway(b, s))
		return true;
	if (strstr(pr, "could not find expected ':'") != NULL &&
	    p->context != NULL)
		return slip_nocolon(b, s);
	if (slip_eof(b, s))
		return true;
	/* Only in a flow collection does a lost colour break the syntax. */
	if (((p->context != NULL && strstr(p->context, "flow") != NULL) ||
	    strstr(pr, "node content") != NULL) &&
	    slip_colour(b, first, p->problem_mark.line, s))
		return true;
	if (slip_closer(b, s))
		return true;
	if (strstr(pr, "block sequence entries") != NULL) {
		s->pos = mkpos(b, &p->problem_mark);
		snprintf(s->msg, sizeof(s->msg), "a list cannot start on the "
		    "line of its key: put it on the next line, or put text "
		    "that starts with '- ' in quotes");
		return true;
	}
	if (strstr(pr, "did not find expected key") != NULL ||
	    strstr(pr, "did not find expected '-'") != NULL)
		return slip_indent(b, s);
	if (strstr(pr, "mapping values are not allowed") != NULL)
		return slip_value(b, s);
	if (strstr(pr, "did not find expected ','") != NULL &&
	    p->context != NULL)
		return slip_flow(b, s);
	if (strstr(pr, "unknown escape character") != NULL)
		return slip_escape(b, s);
	if (strstr(pr, "cannot start any token") != NULL ||
	    strstr(pr, "tab character") != NULL ||
	    strstr(pr, "alphabetic or numeric") != NULL ||
	    (p->context != NULL && strstr(p->context, "tag") != NULL))
		return slip_token(b, s);
	return false;
}

/*
 * Report a libyaml failure: in plain words where explain() knows the
 * slip; else libyaml's own, its context, when it starts elsewhere, as
 * a note there.
 */
static bool
yaml_failed(struct builder *b)
{
	const yaml_parser_t *p = &b->p;
	struct srcpos pos = { b->file, 1, 1 }, cpos;
	struct slip s;

	b->failed = true;
	if (p->problem == NULL)
		return diag_add(b->d, DIAG_ERROR, &pos, "yaml",
		    "invalid YAML: cannot parse");
	if (p->error == YAML_READER_ERROR && b->len >= 2 &&
	    (b->buf[0] == 0xFF || b->buf[0] == 0xFE))
		/* check_encoding() left UTF-16 input to libyaml's reader. */
		return diag_add(b->d, DIAG_ERROR, &pos, "encoding", "the file "
		    "starts with a UTF-16 byte order mark, but byte %zu is no "
		    "UTF-16 (%s): save the file as UTF-8", p->problem_offset,
		    p->problem);
	if (p->error == YAML_READER_ERROR) {
		pos = offpos(b, p->problem_offset);
		return diag_add(b->d, DIAG_ERROR, &pos, "yaml",
		    "invalid YAML: %s", p->problem);
	}
	if (explain(b, &s))
		return diag_add(b->d, DIAG_ERROR, &s.pos, "yaml", "%s", s.msg);
	pos = mkpos(b, &p->problem_mark);
	diag_add(b->d, DIAG_ERROR, &pos, "yaml", "invalid YAML: %s%s",
	    p->problem, strstr(p->problem, "mapping values") != NULL ?
	    "; put text that holds ': ' in quotes, or check the "
	    "indentation" : "");
	if (p->context == NULL)
		return false;
	cpos = mkpos(b, &p->context_mark);
	if (cpos.line != pos.line || cpos.col != pos.col)
		diag_add(b->d, DIAG_NOTE, &cpos, NULL, "%s", p->context);
	return false;
}

static bool
next_event(struct builder *b, yaml_event_t *ev)
{
	if (yaml_parser_parse(&b->p, ev))
		return true;
	return yaml_failed(b);
}

/*
 * Length of the well-formed UTF-8 sequence at s (left bytes remain),
 * its code point in *cp; 0 if the bytes are no UTF-8.
 */
static size_t
utf8_char(const unsigned char *s, size_t left, unsigned int *cp)
{
	static const unsigned int min[] = { 0, 0, 0x80, 0x800, 0x10000 };
	unsigned int c = s[0];
	size_t n, i;

	if (c < 0x80)
		n = 1;
	else if (c >= 0xC2 && c <= 0xDF)
		n = 2;
	else if (c >= 0xE0 && c <= 0xEF)
		n = 3;
	else if (c >= 0xF0 && c <= 0xF4)
		n = 4;
	else
		return 0;
	if (n > left)
		return 0;
	if (n > 1)
		c &= 0x7F >> n;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3F);
	}
	/* Overlong forms, surrogates and code points past U+10FFFF. */
	if (c < min[n] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return n;
}

static bool
printable(unsigned int c)
{
	return c == 0x09 || c == 0x0A || c == 0x0D ||
	    (c >= 0x20 && c <= 0x7E) || c == 0x85 ||
	    (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) ||
	    (c >= 0x10000 && c <= 0x10FFFF);
}

/*
 * Check the encoding before libyaml does: its reader errors carry a
 * byte offset instead of a line and column, and name the byte after a
 * broken sequence rather than the one that starts it.  UTF-16 input
 * (with a byte order mark) is left to libyaml.
 */
static bool
check_encoding(struct builder *b)
{
	const unsigned char *s = b->buf;
	struct srcpos pos;
	size_t i, n;
	unsigned int c = 0;

	if (b->len >= 2 && ((s[0] == 0xFF && s[1] == 0xFE) ||
	    (s[0] == 0xFE && s[1] == 0xFF)))
		return true;
	for (i = 0; i < b->len; i += n) {
		if ((n = utf8_char(s + i, b->len - i, &c)) != 0 &&
		    printable(c))
			continue;
		pos = offpos(b, i);
		if (n == 1 && c == 0 && i < 2 && b->len >= 4 && s[i + 2] == 0)
			diag_add(b->d, DIAG_ERROR, &pos, "encoding", "a NUL "
			    "byte every other byte: the file looks like "
			    "UTF-16; save it as UTF-8");
		else if (n == 0)
			diag_add(b->d, DIAG_ERROR, &pos, "encoding", "byte "
			    "0x%02X is not valid UTF-8; save the file as UTF-8",
			    s[i]);
		else
			diag_add(b->d, DIAG_ERROR, &pos, "encoding",
			    "control character U+%04X is not allowed in YAML",
			    c);
		b->failed = true;
		return false;
	}
	return true;
}

static struct ynode *build(struct builder *b, yaml_event_t *ev, int depth);

static struct ynode *
newnode(struct builder *b, enum ynode_type t, const yaml_mark_t *m)
{
	struct ynode *n = arena_alloc(b->a, sizeof(*n));

	n->type = t;
	n->pos = mkpos(b, m);
	return n;
}

/*
 * "fill: #E0A030" is a key with no value and a comment: remember the
 * colour so that whoever needs a value can say why it is missing.
 */
static void
lost_colour(struct builder *b, struct ynode *n, const yaml_mark_t *m)
{
	const unsigned char *l;
	size_t len, i, k, at;

	l = line_at(b, m->line, &len);
	/* The mark's column counts characters; find its byte. */
	for (i = 0, k = 0; i < len && k < m->column; i++)
		if ((l[i] & 0xC0) != 0x80)
			k++;
	for (at = i; i < len && (l[i] == ' ' || l[i] == '\t'); i++)
		continue;
	if ((k = hex_colour(l + i, len - i)) == 0)
		return;
	n->lost = arena_strndup(b->a, (const char *)l + i, k);
	n->lostpos = pos0(b, m->line, m->column + (i - at));
}

static struct ynode *
build_scalar(struct builder *b, yaml_event_t *ev)
{
	struct ynode *n = newnode(b, YNODE_SCALAR, &ev->start_mark);

	n->end = mkpos(b, &ev->end_mark);
	n->len = ev->data.scalar.length;
	n->str = arena_strndup(b->a, (const char *)ev->data.scalar.value,
	    n->len);
	n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
	if (n->plain && n->len == 0)
		lost_colour(b, n, &ev->end_mark);
	return n;
}

/* Collect children until the closing event; items of seq or map keys. */
static bool
build_children(struct builder *b, struct ynode *n, yaml_event_type_t end,
    int depth)
{
	struct ynode **v = NULL, *kid;
	size_t cnt = 0, cap = 0;
	yaml_event_t ev;
	bool ok = true;

	for (;;) {
		if (!next_event(b, &ev)) {
			ok = false;
			break;
		}
		if (ev.type == end) {
			yaml_event_delete(&ev);
			break;
		}
		kid = build(b, &ev, depth + 1);
		yaml_event_delete(&ev);
		if (kid == NULL) {
			ok = false;
			break;
		}
		xgrow((void **)&v, &cap, cnt + 1, sizeof(*v));
		v[cnt++] = kid;
	}
	if (ok) {
		n->items = arena_alloc(b->a, cnt * sizeof(*v) + 1);
		if (cnt)
			memcpy(n->items, v, cnt * sizeof(*v));
		n->n = cnt;
	}
	free(v);
	return ok;
}

static void
check_keys(struct builder *b, struct ynode *map)
{
	/* A text file maps thousands of card ids: hash, not compare all. */
	GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
	size_t i;

	for (i = 0; i < map->n; i++) {
		const struct ynode *k = map->pairs[i].key, *o;

		/* The loaders read keys as strings: drop the tree. */
		if (k->type != YNODE_SCALAR) {
			diag_add(b->d, DIAG_ERROR, &k->pos, "yaml",
			    "a key must be plain text, not %s", ynode_kind(k));
			b->failed = true;
			continue;
		}
		if ((o = g_hash_table_lookup(seen, k->str)) != NULL) {
			diag_add(b->d, DIAG_ERROR, &k->pos, "duplicate-key",
			    "duplicate key '%s'", k->str);
			diag_add(b->d, DIAG_NOTE, &o->pos, NULL,
			    "'%s' first given here", k->str);
		} else
			g_hash_table_insert(seen, (gpointer)k->str, (gpointer)k);
	}
	g_hash_table_destroy(seen);
}

static struct ynode *
build_map(struct builder *b, yaml_event_t *ev, int depth)
{
	struct ynode *n = newnode(b, YNODE_MAP, &ev->start_mark);
	struct ynode **flat;
	size_t i, cnt;

	if (!build_children(b, n, YAML_MAPPING_END_EVENT, depth))
		return NULL;
	/* libyaml guarantees key/value alternation inside a mapping. */
	flat = n->items;
	cnt = n->n / 2;
	n->items = NULL;
	n->pairs = arena_alloc(b->a, cnt * sizeof(*n->pairs) + 1);
	for (i = 0; i < cnt; i++) {
		n->pairs[i].key = flat[2 * i];
		n->pairs[i].val = flat[2 * i + 1];
	}
	n->n = cnt;
	check_keys(b, n);
	return n;
}

static struct ynode *
too_many(struct builder *b, const struct srcpos *pos)
{
	diag_add(b->d, DIAG_ERROR, pos, "limit", "more than %d values in "
	    "one file: split the deck, or check the file is the one meant",
	    MAX_NODES);
	b->failed = true;
	return NULL;
}

/*
 * Refuse what deckpress does not read: a tag ("!x" would silently drop
 * text that starts with '!'), and text past MAX_SCALAR.
 */
static bool
plain_node(struct builder *b, const yaml_event_t *ev,
    const struct srcpos *pos)
{
	const yaml_char_t *tag = NULL;
	const unsigned char *l;
	size_t len, i, k;

	if (ev->type == YAML_SCALAR_EVENT) {
		tag = ev->data.scalar.tag;
		if (ev->data.scalar.length > MAX_SCALAR) {
			diag_add(b->d, DIAG_ERROR, pos, "limit", "text of %zu "
			    "bytes: at most %d KiB fit in one value",
			    ev->data.scalar.length, MAX_SCALAR >> 10);
			b->failed = true;
			return false;
		}
	} else if (ev->type == YAML_SEQUENCE_START_EVENT)
		tag = ev->data.sequence_start.tag;
	else if (ev->type == YAML_MAPPING_START_EVENT)
		tag = ev->data.mapping_start.tag;
	if (tag == NULL)
		return true;
	/* As written ("!!int"), not as resolved ("tag:yaml.org,..."). */
	l = line_at(b, ev->start_mark.line, &len);
	for (i = ev->start_mark.column; i < len && l[i] != '!'; i++)
		continue;
	for (k = i; k < len && strchr(" \t,]}", l[k]) == NULL; k++)
		continue;
	diag_add(b->d, DIAG_ERROR, pos, "yaml", "'%.*s' is a YAML tag, which "
	    "deckpress does not read: put text that starts with '!' in "
	    "quotes", k > i ? (int)(k - i) : (int)strlen((const char *)tag),
	    k > i ? (const char *)l + i : (const char *)tag);
	b->failed = true;
	return false;
}

/*
 * A large file may hold more nodes than MAX_NODES: count its events
 * before building anything, so that refusing it costs a parse, not a
 * tree.  A file of len bytes holds fewer than 2 * len + 16 nodes (each
 * takes at least a byte or two of syntax), so small files skip this.
 * Syntax errors are left to the real pass.
 */
static bool
count_nodes(struct builder *b)
{
	yaml_parser_t q;
	yaml_event_t ev;
	size_t n = 0;
	bool done = false, ok = true;

	if (b->len <= (MAX_NODES - 16) / 2 || !yaml_parser_initialize(&q))
		return true;
	yaml_parser_set_input_string(&q, b->buf, b->len);
	while (!done && yaml_parser_parse(&q, &ev)) {
		done = ev.type == YAML_STREAM_END_EVENT;
		if ((ev.type == YAML_SCALAR_EVENT ||
		    ev.type == YAML_SEQUENCE_START_EVENT ||
		    ev.type == YAML_MAPPING_START_EVENT ||
		    ev.type == YAML_ALIAS_EVENT) && ++n > MAX_NODES) {
			struct srcpos pos = mkpos(b, &ev.start_mark);

			too_many(b, &pos);
			done = true;
			ok = false;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&q);
	return ok;
}

static struct ynode *
build(struct builder *b, yaml_event_t *ev, int depth)
{
	struct ynode *n;
	struct srcpos pos = mkpos(b, &ev->start_mark);

	if (depth > MAX_DEPTH) {
		diag_add(b->d, DIAG_ERROR, &pos, "yaml",
		    "nesting deeper than %d levels", MAX_DEPTH);
		b->failed = true;
		return NULL;
	}
	if (++b->nodes > MAX_NODES)
		return too_many(b, &pos);
	if (!plain_node(b, ev, &pos))
		return NULL;
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		if (ev->data.scalar.anchor != NULL)
			goto anchor;
		return build_scalar(b, ev);
	case YAML_SEQUENCE_START_EVENT:
		if (ev->data.sequence_start.anchor != NULL)
			goto anchor;
		n = newnode(b, YNODE_SEQ, &ev->start_mark);
		return build_children(b, n, YAML_SEQUENCE_END_EVENT, depth) ?
		    n : NULL;
	case YAML_MAPPING_START_EVENT:
		if (ev->data.mapping_start.anchor != NULL)
			goto anchor;
		return build_map(b, ev, depth);
	case YAML_ALIAS_EVENT:
		goto anchor;
	default:
		diag_add(b->d, DIAG_ERROR, &pos, "yaml",
		    "unexpected YAML event");
		b->failed = true;
		return NULL;
	}
anchor:
	/* Aliases allow exponential expansion and cycles: not worth it. */
	diag_add(b->d, DIAG_ERROR, &pos, "yaml",
	    "YAML anchors and aliases are not supported; write the value out");
	b->failed = true;
	return NULL;
}

static struct ynode *
parse_document(struct builder *b)
{
	yaml_event_t ev;
	struct ynode *root = NULL;
	yaml_event_type_t t;

	/* STREAM-START, then DOCUMENT-START or STREAM-END for empty. */
	do {
		if (!next_event(b, &ev))
			return NULL;
		t = ev.type;
		if (t == YAML_STREAM_END_EVENT) {
			yaml_event_delete(&ev);
			return NULL;
		}
		yaml_event_delete(&ev);
	} while (t != YAML_DOCUMENT_START_EVENT);
	if (!next_event(b, &ev))
		return NULL;
	root = build(b, &ev, 0);
	yaml_event_delete(&ev);
	if (root == NULL)
		return NULL;
	if (!next_event(b, &ev))
		return NULL;
	yaml_event_delete(&ev);		/* DOCUMENT-END */
	if (!next_event(b, &ev))
		return NULL;
	if (ev.type != YAML_STREAM_END_EVENT) {
		struct srcpos pos = mkpos(b, &ev.start_mark);

		diag_add(b->d, DIAG_ERROR, &pos, "yaml",
		    "only one YAML document per file");
		root = NULL;
	}
	yaml_event_delete(&ev);
	return root;
}

struct ynode *
ytree_parse(struct arena *a, const char *name, const unsigned char *buf,
    size_t len, struct diags *d)
{
	struct builder b = { .a = a, .d = d, .file = diag_file(d, name),
	    .buf = buf, .len = len };
	struct ynode *root;
	struct srcpos pos = { b.file, 1, 1 };
	size_t nerr = d->nerr;

	if (!check_encoding(&b) || !count_nodes(&b))
		return NULL;
	if (!yaml_parser_initialize(&b.p)) {
		diag_add(d, DIAG_ERROR, &pos, "yaml", "cannot start parser");
		return NULL;
	}
	yaml_parser_set_input_string(&b.p, buf, len);
	root = parse_document(&b);
	yaml_parser_delete(&b.p);
	if (root == NULL && d->nerr == nerr)
		diag_add(d, DIAG_ERROR, &pos, "empty", "file is empty");
	/* Duplicate keys leave a usable tree: the loaders report more. */
	return b.failed ? NULL : root;
}

struct ynode *
ytree_load(struct arena *a, const char *path, struct diags *d)
{
	FILE *f;
	unsigned char *buf = NULL;
	size_t len = 0, cap = 0, got;
	struct ynode *root;
	struct srcpos pos = { diag_read(d, path), 0, 0 };

	if ((f = fopen(path, "rb")) == NULL) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot open: %s",
		    strerror(errno));
		return NULL;
	}
	do {
		xgrow((void **)&buf, &cap, len + 65536, 1);
		got = fread(buf + len, 1, cap - len, f);
		len += got;
	} while (got > 0 && len <= MAX_FILE);
	if (ferror(f) || len > MAX_FILE) {
		diag_add(d, DIAG_ERROR, &pos, "io", len > MAX_FILE ?
		    "file larger than 16 MiB" : "read error");
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	root = ytree_parse(a, path, buf, len, d);
	free(buf);
	return root;
}

const char *
ynode_kind(const struct ynode *n)
{
	if (n == NULL)
		return "nothing";
	switch (n->type) {
	case YNODE_SEQ:
		return "a list";
	case YNODE_MAP:
		return "a mapping";
	default:
		return yisnull(n) ? "empty" : "text";
	}
}

bool
yisnull(const struct ynode *n)
{
	if (n == NULL)
		return true;
	if (n->type != YNODE_SCALAR || !n->plain)
		return false;
	return n->len == 0 || strcmp(n->str, "~") == 0 ||
	    strcmp(n->str, "null") == 0 || strcmp(n->str, "Null") == 0 ||
	    strcmp(n->str, "NULL") == 0;
}

struct ynode *
ymap_get(const struct ynode *map, const char *key)
{
	size_t i;

	if (map == NULL || map->type != YNODE_MAP)
		return NULL;
	for (i = 0; i < map->n; i++)
		if (map->pairs[i].key->type == YNODE_SCALAR &&
		    strcmp(map->pairs[i].key->str, key) == 0)
			return map->pairs[i].val;
	return NULL;
}

size_t
ymap_check_keys(const struct ynode *map, const char *const *known,
    const char *ctx, struct diags *d)
{
	size_t i, nk = 0, bad = 0;
	const char *hint;

	while (known[nk] != NULL)
		nk++;
	for (i = 0; i < map->n; i++) {
		const struct ynode *k = map->pairs[i].key;
		size_t j;

		if (k->type != YNODE_SCALAR)
			continue;
		for (j = 0; j < nk; j++)
			if (strcmp(k->str, known[j]) == 0)
				break;
		if (j < nk)
			continue;
		bad++;
		hint = closest_word(k->str, known, nk);
		if (strcmp(k->str, "<<") == 0 && k->plain)
			diag_add(d, DIAG_ERROR, &k->pos, "unknown-key",
			    "%s%sYAML merge keys ('<<') are not supported; "
			    "write the keys out", CTX_FMT(ctx));
		else if (hint != NULL)
			diag_add(d, DIAG_ERROR, &k->pos, "unknown-key",
			    "%s%sunknown key '%s'; did you mean '%s'?",
			    CTX_FMT(ctx), k->str, hint);
		else
			diag_add(d, DIAG_ERROR, &k->pos, "unknown-key",
			    "%s%sunknown key '%s'", CTX_FMT(ctx), k->str);
	}
	return bad;
}

bool
yexpect(const struct ynode *n, enum ynode_type t, const char *what,
    const char *ctx, struct diags *d)
{
	static const char *const names[] = { "text", "a list", "a mapping" };

	if (n->type == t && !(t == YNODE_SCALAR && yisnull(n)))
		return true;
	if (n->lost != NULL) {
		diag_add(d, DIAG_ERROR, &n->lostpos, "type", "%s%sa colour "
		    "must be quoted: \"%s\" \xe2\x80\x94 unquoted, # starts a "
		    "comment", CTX_FMT(ctx), n->lost);
		return false;
	}
	diag_add(d, DIAG_ERROR, &n->pos, "type", "%s%s%s must be %s, not %s",
	    CTX_FMT(ctx), what, names[t], ynode_kind(n));
	return false;
}

bool
ystring(const struct ynode *n, const char **out, const char *what,
    const char *ctx, struct diags *d)
{
	if (!yexpect(n, YNODE_SCALAR, what, ctx, d))
		return false;
	if (strlen(n->str) != n->len) {
		diag_add(d, DIAG_ERROR, &n->pos, "type",
		    "%s%s%s contains a NUL character", CTX_FMT(ctx), what);
		return false;
	}
	*out = n->str;
	return true;
}

bool
ynumber(const struct ynode *n, double *out, const char *what,
    const char *ctx, struct diags *d)
{
	char *end;
	double v;

	if (!yexpect(n, YNODE_SCALAR, what, ctx, d))
		return false;
	if (!n->plain) {
		diag_add(d, DIAG_ERROR, &n->pos, "type", "%s%s%s must be a "
		    "number, not the quoted text \"%s\"", CTX_FMT(ctx), what,
		    n->str);
		return false;
	}
	errno = 0;
	v = strtod(n->str, &end);
	if (n->len == 0 || *end != '\0' || errno != 0 || !isfinite(v)) {
		diag_add(d, DIAG_ERROR, &n->pos, "type",
		    "%s%s%s must be a number, not '%s'", CTX_FMT(ctx), what,
		    n->str);
		return false;
	}
	*out = v;
	return true;
}

bool
ybool(const struct ynode *n, bool *out, const char *what, const char *ctx,
    struct diags *d)
{
	if (!yexpect(n, YNODE_SCALAR, what, ctx, d))
		return false;
	if (n->plain && strcmp(n->str, "true") == 0)
		*out = true;
	else if (n->plain && strcmp(n->str, "false") == 0)
		*out = false;
	else {
		diag_add(d, DIAG_ERROR, &n->pos, "type",
		    "%s%s%s must be true or false, not '%s'", CTX_FMT(ctx),
		    what, n->str);
		return false;
	}
	return true;
}
