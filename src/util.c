/* SPDX-License-Identifier: MIT */
/*
 * Allocation, arenas and string buffers.  Out of memory is not a
 * recoverable condition for a command-line tool: print and exit 3.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

static void
oom(void)
{
	fputs("deckpress: error: out of memory\n", stderr);
	exit(3);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		oom();
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (p == NULL)
		oom();
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		oom();
	return p;
}

char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

void
xgrow(void **v, size_t *cap, size_t need, size_t sz)
{
	size_t ncap;

	if (need <= *cap)
		return;
	ncap = *cap ? *cap : 8;
	while (ncap < need)
		ncap *= 2;
	*v = xrealloc(*v, ncap * sz);
	*cap = ncap;
}

struct arena_block {
	struct arena_block	*next;
	size_t			 used, size;
	max_align_t		 data[];
};

#define ARENA_BLOCK	(64 * 1024)

void *
arena_alloc(struct arena *a, size_t n)
{
	struct arena_block *b = a->head;
	size_t al = sizeof(max_align_t);
	void *p;

	n = (n + al - 1) / al * al;
	if (b == NULL || b->size - b->used < n) {
		size_t sz = n > ARENA_BLOCK ? n : ARENA_BLOCK;

		b = xmalloc(sizeof(*b) + sz);
		b->used = 0;
		b->size = sz;
		b->next = a->head;
		a->head = b;
	}
	p = (char *)b->data + b->used;
	b->used += n;
	return memset(p, 0, n);
}

char *
arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *
arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *p;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	p = arena_alloc(a, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void
arena_free(struct arena *a)
{
	struct arena_block *b, *next;

	if (a == NULL)
		return;
	for (b = a->head; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
	a->head = NULL;
}

void
sb_add(struct strbuf *b, const char *s, size_t n)
{
	xgrow((void **)&b->s, &b->cap, b->len + n + 1, 1);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void
sb_puts(struct strbuf *b, const char *s)
{
	sb_add(b, s, strlen(s));
}

void
sb_printf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	xgrow((void **)&b->s, &b->cap, b->len + (size_t)n + 1, 1);
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void
sb_free(struct strbuf *b)
{
	if (b == NULL)
		return;
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

static size_t
min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;

	return m < c ? m : c;
}

/*
 * Optimal string alignment distance: insertions, deletions,
 * substitutions and swaps of two neighbours ("bdoy") each cost 1.
 */
size_t
edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, w = lb + 1, d;
	size_t *m;

	/* Hints are for short identifiers; long strings are never typos. */
	if (la > 256 || lb > 256)
		return (size_t)-1;
	m = xmalloc((la + 1) * w * sizeof(*m));
	for (i = 0; i <= la; i++)
		m[i * w] = i;
	for (j = 0; j <= lb; j++)
		m[j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			d = min3(m[(i - 1) * w + j] + 1, m[i * w + j - 1] + 1,
			    m[(i - 1) * w + j - 1] + (a[i - 1] != b[j - 1]));
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && m[(i - 2) * w + j - 2] + 1 < d)
				d = m[(i - 2) * w + j - 2] + 1;
			m[i * w + j] = d;
		}
	d = m[la * w + lb];
	free(m);
	return d;
}

const char *
closest_word(const char *word, const char *const *cand, size_t n)
{
	const char *best = NULL;
	size_t bestd = (size_t)-1, i, d, cl, len = strlen(word);

	for (i = 0; i < n; i++) {
		/*
		 * A candidate 3 letters longer or shorter is 3 edits away,
		 * too far to be a hint: skipping its matrix keeps a file
		 * of many unknown names against a big deck fast.
		 */
		cl = strlen(cand[i]);
		if (cl > len + 2 || len > cl + 2)
			continue;
		d = edit_distance(word, cand[i]);
		if (d < bestd) {
			bestd = d;
			best = cand[i];
		}
	}
	if (best == NULL || bestd > 2 || bestd * 2 >= len)
		return NULL;
	return best;
}

char *
path_join(const char *dir, const char *name)
{
	size_t ld = strlen(dir);
	struct strbuf b = { 0 };

	sb_puts(&b, dir);
	if (ld > 0 && dir[ld - 1] != '/')
		sb_puts(&b, "/");
	sb_puts(&b, name);
	return b.s;
}

int
file_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && !S_ISDIR(st.st_mode);
}

/*
 * Ids, language codes and the game name become file names and keys:
 * keep them tame.
 */
const char *
ident_problem(const char *s)
{
	if (*s == '\0')
		return "is empty";
	if (strlen(s) > 64)
		return "is longer than 64 characters";
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_')
			return "may only hold letters, digits, '-' and '_'";
	return NULL;
}

bool
valid_ident(const char *s)
{
	return ident_problem(s) == NULL;
}

/* "12", "-3", "+1.5": a number, which a spreadsheet reads as one. */
static bool
plain_number(const char *s)
{
	bool digit = false, dot = false;

	if (*s == '-' || *s == '+')
		s++;
	for (; *s != '\0'; s++)
		if (isdigit((unsigned char)*s))
			digit = true;
		else if (*s == '.' && !dot)
			dot = true;
		else
			return false;
	return digit;
}

/*
 * What spreadsheets take for a formula (the "CSV injection" of OWASP's
 * advice): a cell beginning with = + - @, a tab or a carriage return,
 * but a plain number.  Leading apostrophes are skipped first, so that
 * a text that itself begins with "'=" is guarded too and the guard's
 * apostrophe can always be told from the text's own: a cell is
 * formula-like exactly when it is with one more apostrophe before it.
 */
bool
cell_formula_like(const char *s)
{
	while (*s == '\'')
		s++;
	return *s != '\0' && strchr("=+-@\t\r", *s) != NULL &&
	    !plain_number(s);
}

/*
 * The length of the character at s if it is one a terminal shows as
 * itself: printable ASCII, or a whole UTF-8 sequence that is not a C1
 * control (U+0080 to U+009F, which some terminals obey as ESC [).
 * 0 for a C0 control, DEL, a C1 control or a byte that is not UTF-8.
 */
static size_t
plain_char(const unsigned char *s)
{
	size_t n, i;

	if (*s >= 0x20 && *s < 0x7F)
		return 1;
	if (*s < 0xC2 || *s > 0xF4)
		return 0;
	n = *s >= 0xF0 ? 4 : *s >= 0xE0 ? 3 : 2;
	for (i = 1; i < n; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	if (n == 2 && *s == 0xC2 && s[1] < 0xA0)
		return 0;	/* C1 */
	/* Overlong, surrogate or past U+10FFFF: not UTF-8. */
	if ((*s == 0xE0 && s[1] < 0xA0) || (*s == 0xED && s[1] >= 0xA0) ||
	    (*s == 0xF0 && s[1] < 0x90) || (*s == 0xF4 && s[1] >= 0x90))
		return 0;
	return n;
}

bool
shown_needed(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	for (; *p != '\0'; p += n)
		if ((n = plain_char(p)) == 0)
			return true;
	return false;
}

void
sb_shown(struct strbuf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	while (*p != '\0') {
		for (n = 0; p[n] != '\0'; ) {
			size_t k = plain_char(p + n);

			if (k == 0)
				break;
			n += k;
		}
		sb_add(b, (const char *)p, n);
		p += n;
		if (*p == '\0')
			break;
		if (*p == 0xC2 && p[1] >= 0x80 && p[1] < 0xA0) {
			sb_printf(b, "U+%04X", (unsigned int)p[1]);
			p += 2;
		} else
			sb_printf(b, "\\x%02x", (unsigned int)*p++);
	}
}

char *
shown_dup(const char *s)
{
	struct strbuf b = { 0 };

	sb_shown(&b, s);
	return b.s != NULL ? b.s : xstrdup("");
}
