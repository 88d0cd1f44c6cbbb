/* SPDX-License-Identifier: MIT */
/*
 * Cairo 1.16 names a form or an image in the /XObject resources of a
 * page (or form) once for every time it is drawn there: "/x21 21 0 R
 * /x21 21 0 R".  Viewers take the last, the same object; but a
 * dictionary's keys must be unique, and checkers (qpdf --check, a print
 * shop's preflight) say so.  Rewriting the whole PDF with qpdf costs a
 * second and its size in memory for a large deck, so the repeats are
 * blanked here as Cairo's bytes go to the file: each becomes as many
 * spaces, so every offset Cairo counts in its cross-reference table
 * stays right.  Only a dictionary that reads as nothing but such
 * entries is touched; anything else passes as it is.
 */
#include <stdlib.h>
#include <string.h>

#include "finishing.h"

#define OPEN	"/XObject <<"
#define MAXDICT	(64 * 1024)	/* held at most; a longer one passes */

/* Skip blanks from i; the index of the next non-blank. */
static size_t
blanks(const char *s, size_t i, size_t n)
{
	while (i < n && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r'))
		i++;
	return i;
}

/* A token from i: its end (the next blank or end). */
static size_t
token(const char *s, size_t i, size_t n)
{
	while (i < n && s[i] != ' ' && s[i] != '\n' && s[i] != '\r')
		i++;
	return i;
}

/* Are s[a..b) and s[c..d) the same bytes? */
static bool
same(const char *s, size_t a, size_t b, size_t c, size_t d)
{
	return b - a == d - c && memcmp(s + a, s + c, b - a) == 0;
}

/*
 * The held dictionary's body s[0..n), up to and with its closing ">>":
 * entries "/NAME N G R".  Blank every entry equal to an earlier one.
 * If anything else is there, leave it all alone.
 */
static void
blank_repeats(char *s, size_t n)
{
	size_t start[256], end[256], ne = 0, i = 0, e, k, t;

	for (;;) {
		i = blanks(s, i, n);
		if (n - i == 2 && s[i] == '>' && s[i + 1] == '>')
			break;
		if (i >= n || s[i] != '/' || ne == 256)
			return;
		start[ne] = i;
		/* the name, then "N G R" */
		for (t = 0; t < 4; t++) {
			i = blanks(s, i, n);
			e = token(s, i, n);
			if (e == i || (t == 3 && !(e - i == 1 && s[i] == 'R')))
				return;
			i = e;
		}
		end[ne++] = i;
	}
	for (e = 1; e < ne; e++)
		for (k = 0; k < e; k++)
			if (same(s, start[e], end[e], start[k], end[k])) {
				memset(s + start[e], ' ', end[e] - start[e]);
				break;
			}
}

static bool
put_held(struct xdict *x, struct outfile *o)
{
	bool ok = outfile_write(o, (const unsigned char *)x->buf, x->n);

	x->n = 0;
	x->in = false;
	return ok;
}

bool
pdf_xdict_write(struct xdict *x, struct outfile *o, const unsigned char *d,
    size_t len)
{
	size_t i, run = 0;
	static const char open[] = OPEN;

	for (i = 0; i < len; i++) {
		if (x->in) {
			xgrow((void **)&x->buf, &x->cap, x->n + 1, 1);
			x->buf[x->n++] = (char)d[i];
			if (x->n >= 2 && x->buf[x->n - 2] == '>' &&
			    x->buf[x->n - 1] == '>') {
				blank_repeats(x->buf, x->n);
				if (!put_held(x, o))
					return false;
			} else if (x->n >= MAXDICT && !put_held(x, o))
				return false;
			run = i + 1;
			continue;
		}
		if (d[i] == (unsigned char)open[x->match])
			x->match++;
		else
			x->match = d[i] == (unsigned char)open[0] ? 1 : 0;
		if (x->match < sizeof(open) - 1)
			continue;
		/* "/XObject <<" passed: hold what follows, to its ">>". */
		x->match = 0;
		if (!outfile_write(o, d + run, i + 1 - run))
			return false;
		run = i + 1;
		x->in = true;
	}
	return run == len || outfile_write(o, d + run, len - run);
}

bool
pdf_xdict_end(struct xdict *x, struct outfile *o)
{
	bool ok = x->n == 0 || put_held(x, o);

	free(x->buf);
	memset(x, 0, sizeof(*x));
	return ok;
}
