/* SPDX-License-Identifier: MIT */
/*
 * typography: smart -- straight quotes made the language's own, "--"
 * an en dash and "---" an em dash, an apostrophe curled; markup (tags,
 * {name}s and {icon:}s) left as written.  The texts are turned as they
 * are loaded for printing (texts.c) and the booklet's Markdown as it is
 * read; the validator compares typed quotes with the same table.
 */
#include <string.h>

#include "load.h"

#define NNBSP	"\xe2\x80\xaf"	/* U+202F, narrow no-break space */

/* Each language's quotes: outer open, close; inner open, close. */
static const struct quotes quote_table[] = {
	{ "en", "\xe2\x80\x9c", "\xe2\x80\x9d", "\xe2\x80\x98",
	    "\xe2\x80\x99", false },				/* “ ” ‘ ’ */
	{ "de", "\xe2\x80\x9e", "\xe2\x80\x9c", "\xe2\x80\x9a",
	    "\xe2\x80\x98", false },				/* „ “ ‚ ‘ */
	{ "fr", "\xc2\xab", "\xc2\xbb", "\xe2\x80\x9c", "\xe2\x80\x9d",
	    true },						/* « » “ ” */
	{ "es", "\xc2\xab", "\xc2\xbb", "\xe2\x80\x9c", "\xe2\x80\x9d",
	    false },						/* « » “ ” */
	{ "it", "\xc2\xab", "\xc2\xbb", "\xe2\x80\x9c", "\xe2\x80\x9d",
	    false },						/* « » “ ” */
};

const struct quotes *
load_quotes(const char *lang)
{
	size_t i, n = strcspn(lang, "-_");

	for (i = 0; i < sizeof(quote_table) / sizeof(quote_table[0]); i++)
		if (strlen(quote_table[i].lang) == n &&
		    strncmp(quote_table[i].lang, lang, n) == 0)
			return &quote_table[i];
	return NULL;
}

static bool
is_word(unsigned char c)
{
	/* A letter or digit, or any byte of a character past ASCII. */
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c >= 0x80;
}

/*
 * Does a quote open rather than close?  It does at the start, after a
 * space, an opening bracket, a slash or a dash, or after a no-break
 * space or a dash typed as such; k is the end of the text before it in
 * s, markup aside (0: none, then prev is the character before s).
 */
static bool
opens(const char *s, size_t k, char prev)
{
	char c = k > 0 ? s[k - 1] : prev;

	if (c == '\0' || strchr(" \t\n([{/-", c) != NULL)
		return true;
	return (k >= 2 && strncmp(s + k - 2, "\xc2\xa0", 2) == 0) ||
	    (k >= 3 && (strncmp(s + k - 3, "\xe2\x80\x93", 3) == 0 ||
	    strncmp(s + k - 3, "\xe2\x80\x94", 3) == 0));
}

/* The end of the markup that starts at s[i], or i if none does: a tag
 * "<b>", "</span>", or a "{name}" or "{icon:x|color=#c00}". */
static size_t
markup_end(const char *s, size_t i)
{
	const char *e;

	if (s[i] == '<' && (s[i + 1] == '/' || s[i + 1] == '!' ||
	    (s[i + 1] >= 'a' && s[i + 1] <= 'z')) &&
	    (e = strchr(s + i, '>')) != NULL)
		return (size_t)(e - s) + 1;
	if (s[i] == '{' && (e = strchr(s + i, '}')) != NULL)
		return (size_t)(e - s) + 1;
	return i;
}

/*
 * A double quote at s[i] into b, as q has it: it closes the one *open
 * says is open, else opens where a quote may.
 */
static void
double_quote(struct strbuf *b, const char *s, size_t *i, size_t k, char prev,
    const struct quotes *q, bool *open)
{
	*open = !*open && opens(s, k, prev);
	if (*open) {
		sb_puts(b, q->open);
		if (q->spaced) {
			sb_puts(b, NNBSP);
			while (s[*i + 1] == ' ')
				(*i)++;
		}
		return;
	}
	if (q->spaced) {
		while (b->len > 0 && b->s[b->len - 1] == ' ')
			b->s[--b->len] = '\0';
		sb_puts(b, NNBSP);
	}
	sb_puts(b, q->close);
}

/*
 * A single quote at s[i] into b: an apostrophe (’) inside or at the end
 * of a word, unless it closes an inner quote that *inner says is open.
 */
static void
single_quote(struct strbuf *b, const char *s, size_t i, size_t k, char prev,
    const struct quotes *q, bool *inner)
{
	bool after_word = is_word((unsigned char)(k > 0 ? s[k - 1] : prev));

	if (!after_word && opens(s, k, prev) && q != NULL) {
		sb_puts(b, q->inner_open);
		*inner = true;
	} else if (*inner && !is_word((unsigned char)s[i + 1]) && q != NULL) {
		sb_puts(b, q->inner_close);
		*inner = false;
	} else
		sb_puts(b, "\xe2\x80\x99");
}

const char *
load_smarten(struct arena *a, const char *s, const char *lang, char prev)
{
	const struct quotes *q = load_quotes(lang);
	struct strbuf b = { 0 };
	const char *out;
	size_t i, e, k = 0;	/* k: the end of the text so far */
	bool inner = false, outer = false;

	if (strpbrk(s, "\"'-") == NULL)
		return s;
	for (i = 0; s[i] != '\0'; i++) {
		if ((e = markup_end(s, i)) > i) {
			/* Markup is no text: a quote after "<b>" opens. */
			sb_add(&b, s + i, e - i);
			i = e - 1;
			continue;
		}
		if (strncmp(s + i, "---", 3) == 0) {
			sb_puts(&b, "\xe2\x80\x94");
			i += 2;
		} else if (strncmp(s + i, "--", 2) == 0) {
			sb_puts(&b, "\xe2\x80\x93");
			i += 1;
		} else if (s[i] == '"' && q != NULL)
			double_quote(&b, s, &i, k, prev, q, &outer);
		else if (s[i] == '\'')
			single_quote(&b, s, i, k, prev, q, &inner);
		else
			sb_add(&b, s + i, 1);
		k = i + 1;
	}
	out = arena_strdup(a, b.s != NULL ? b.s : "");
	sb_free(&b);
	return out;
}

const char *
load_quote_misfit(const char *s, const char *lang)
{
	/* The quotes the table knows, outer and inner, but the
	 * apostrophe-like ’ and ‘, which English and German use. */
	static const char *const marks[] = { "\xe2\x80\x9c", "\xe2\x80\x9d",
	    "\xe2\x80\x9e", "\xc2\xab", "\xc2\xbb", NULL };
	const struct quotes *q = load_quotes(lang);
	size_t i;

	if (q == NULL)
		return NULL;
	for (i = 0; marks[i] != NULL; i++)
		if (strstr(s, marks[i]) != NULL &&
		    strcmp(marks[i], q->open) != 0 &&
		    strcmp(marks[i], q->close) != 0 &&
		    strcmp(marks[i], q->inner_open) != 0 &&
		    strcmp(marks[i], q->inner_close) != 0)
			return marks[i];
	return NULL;
}
