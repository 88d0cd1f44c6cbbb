/* SPDX-License-Identifier: MIT */
/*
 * libyaml's errors in plain words, at the place to fix: an indentation
 * that does not match, a quote never closed (at its opening quote, not
 * where libyaml gave up), a colour YAML took for a comment, a ': ' in
 * text, ...  What is not recognised keeps libyaml's own wording.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include <glib.h>

#include "ybuild.h"

struct srcpos
ytree_mkpos(const struct builder *b, const yaml_mark_t *m)
{
	struct srcpos pos = { b->file, (unsigned int)m->line + 1,
	    (unsigned int)m->column + 1 };

	return pos;
}

/*
 * The position of byte off: lines end at '\n', columns count UTF-8
 * characters as libyaml's do.
 */
struct srcpos
ytree_offpos(const struct builder *b, size_t off)
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
const unsigned char *
ytree_line_at(const struct builder *b, size_t line0, size_t *len)
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
		s = ytree_line_at(b, line0, &len);
		if ((*ind = indent_of(s, len)) != (size_t)-1) {
			*prev = line0;
			return true;
		}
	}
	return false;
}

struct srcpos
ytree_pos0(const struct builder *b, size_t line0, size_t col0)
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
size_t
ytree_hex_colour(const unsigned char *s, size_t len)
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
		l = ytree_line_at(b, line, &len);
		for (i = 0; i < len; i++) {
			if (l[i] != '#' || (i > 0 &&
			    strchr(" \t[{,", l[i - 1]) == NULL))
				continue;
			/* Where a value goes: after ":", "[", "{", ",", "-". */
			for (k = i; k > 0 && (l[k - 1] == ' ' ||
			    l[k - 1] == '\t'); k--)
				continue;
			if (k == 0 || strchr(":[{,-", l[k - 1]) == NULL ||
			    (n = ytree_hex_colour(l + i, len - i)) == 0)
				break;	/* a comment: no YAML after it */
			s->pos = ytree_pos0(b, line, i);
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
	s->pos = ytree_mkpos(b, &p->context_mark);
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
	s->pos = ytree_mkpos(b, &start);
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

	l = ytree_line_at(b, pm->line, &len);
	if (p->context == NULL || indent_of(l, len) != pm->column)
		return false;
	s->pos = ytree_mkpos(b, pm);
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

	l = ytree_line_at(b, pm->line, &len);
	/* A line of blanks has no indent ((size_t)-1): nothing to scan. */
	if ((ind = indent_of(l, len)) == (size_t)-1)
		return false;
	for (i = ind; i + 1 < pm->column && i + 1 < len; i++)
		if (l[i] == ':' && (l[i + 1] == ' ' || l[i + 1] == '\t')) {
			s->pos = ytree_mkpos(b, pm);
			snprintf(s->msg, sizeof(s->msg), "a second ': ' on "
			    "this line: put text that holds ': ' in quotes");
			return true;
		}
	if (!prev_line(b, pm->line, &prev, &pind) || pind > ind)
		return false;
	if (pind == ind) {
		/* "game test" then "languages: [en]": one key of two lines. */
		l = ytree_line_at(b, prev, &len);
		if (memchr(l, ':', len) != NULL)
			return false;
		s->pos = ytree_pos0(b, prev, pind);
		return nocolon_msg(s);
	}
	s->pos = ytree_pos0(b, pm->line, ind);
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
	s->pos = ytree_mkpos(b, &b->p.context_mark);
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
		s->pos = ytree_mkpos(b, &p->context_mark);
		snprintf(s->msg, sizeof(s->msg), "this '%c' is not closed on "
		    "its line: a '%c' is missing (YAML reads on to line %zu)",
		    open, close, p->problem_mark.line + 1);
	} else {
		s->pos = ytree_mkpos(b, &p->problem_mark);
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

	s->pos = ytree_mkpos(b, &p->problem_mark);
	if (c == '\t')
		snprintf(s->msg, sizeof(s->msg), "a tab: indent with spaces, "
		    "YAML does not allow tabs");
	else if (c == '@' || c == '`')
		snprintf(s->msg, sizeof(s->msg), "YAML keeps '%c' for later "
		    "use: put text that starts with '%c' in quotes", c, c);
	else if (p->context != NULL && (cc == '*' || cc == '&')) {
		s->pos = ytree_mkpos(b, &p->context_mark);
		snprintf(s->msg, sizeof(s->msg), "'%c' at the start of text "
		    "marks a YAML %s: put text that starts with '%c' in "
		    "quotes", cc, cc == '*' ? "alias" : "anchor", cc);
	} else if (p->context != NULL && cc == '!') {
		s->pos = ytree_mkpos(b, &p->context_mark);
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
	s->pos = ytree_mkpos(b, &b->p.problem_mark);
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
		s->pos = ytree_offpos(b, at);
		snprintf(s->msg, sizeof(s->msg), "this '%c' is never closed: "
		    "a '%c' is missing, or the file is cut short", b->buf[at],
		    b->buf[at] == '[' ? ']' : '}');
	} else {
		s->pos = ytree_mkpos(b, &b->p.problem_mark);
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
	s->pos = ytree_mkpos(b, &b->p.problem_mark);
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
		s->pos = ytree_mkpos(b, &p->problem_mark);
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
bool
ytree_failed(struct builder *b)
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
		pos = ytree_offpos(b, p->problem_offset);
		return diag_add(b->d, DIAG_ERROR, &pos, "yaml",
		    "invalid YAML: %s", p->problem);
	}
	if (explain(b, &s))
		return diag_add(b->d, DIAG_ERROR, &s.pos, "yaml", "%s", s.msg);
	pos = ytree_mkpos(b, &p->problem_mark);
	diag_add(b->d, DIAG_ERROR, &pos, "yaml", "invalid YAML: %s%s",
	    p->problem, strstr(p->problem, "mapping values") != NULL ?
	    "; put text that holds ': ' in quotes, or check the "
	    "indentation" : "");
	if (p->context == NULL)
		return false;
	cpos = ytree_mkpos(b, &p->context_mark);
	if (cpos.line != pos.line || cpos.col != pos.col)
		diag_add(b->d, DIAG_NOTE, &cpos, NULL, "%s", p->context);
	return false;
}
