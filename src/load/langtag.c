/* SPDX-License-Identifier: MIT */
/*
 * Language codes are BCP 47 tags (RFC 5646): a language, then an
 * optional script, region, variants, extensions and private use, each
 * a subtag of letters or digits joined by '-' ("nb", "pt-BR",
 * "sr-Latn", "zh-Hant-TW", "de-CH-1996").  The tag names a text file,
 * a rulebook and an output, and picks the hyphenation dictionary, so a
 * code that is not one ("pt_br", "pt-") is refused where it is
 * written.  Part of the load stage.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "load.h"

/* Where a tag's parse is: each subtag may only come after those before. */
enum tagpart { TP_LANG, TP_EXTLANG, TP_SCRIPT, TP_REGION, TP_VARIANT,
    TP_EXT, TP_EXTBODY, TP_PRIVATE };

static bool
all_of(const char *s, size_t n, int (*is)(int))
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!is((unsigned char)s[i]))
			return false;
	return true;
}

/* One subtag s of n characters after part *p: is it allowed, and as what? */
static bool
subtag(const char *s, size_t n, enum tagpart *p, unsigned int *nextlang)
{
	bool alpha = all_of(s, n, isalpha), digit = all_of(s, n, isdigit);

	if (n == 0 || n > 8 || !all_of(s, n, isalnum))
		return false;
	if (*p == TP_PRIVATE)
		return true;
	if (*p == TP_EXT || (*p == TP_EXTBODY && n >= 2)) {
		*p = TP_EXTBODY;
		return n >= 2;
	}
	if (n == 1) {		/* a singleton: an extension or private use */
		*p = tolower((unsigned char)*s) == 'x' ? TP_PRIVATE : TP_EXT;
		return true;
	}
	if (*p == TP_EXTBODY)
		return false;
	if (*p == TP_LANG && alpha && n == 3 && *nextlang < 3) {
		(*nextlang)++;	/* extlang: zh-yue */
		return true;
	}
	if (*p <= TP_EXTLANG && alpha && n == 4) {
		*p = TP_SCRIPT;
		return true;
	}
	if (*p <= TP_SCRIPT && ((alpha && n == 2) || (digit && n == 3))) {
		*p = TP_REGION;
		return true;
	}
	/* A variant: five to eight, or a digit and three. */
	if (n >= 5 || (n == 4 && isdigit((unsigned char)*s))) {
		*p = TP_VARIANT;
		return true;
	}
	return false;
}

bool
load_lang_tag_valid(const char *s)
{
	enum tagpart p = TP_LANG, was;
	unsigned int nextlang = 0;
	bool open = false;	/* the last subtag a singleton */
	size_t n;

	if (ident_problem(s) != NULL)
		return false;	/* empty, too long, or not a file name */
	n = strcspn(s, "-");
	/* The language: two or three letters (the RFC keeps four to
	 * eight for languages none has been registered as: "english" is
	 * a slip); or private use alone ("x-klingon"). */
	if (n == 1 && tolower((unsigned char)*s) == 'x')
		p = TP_PRIVATE, open = true;
	else if (!all_of(s, n, isalpha) || n < 2 || n > 3)
		return false;
	for (s += n; *s == '-'; s += n) {
		s++;
		n = strcspn(s, "-");
		was = p;
		if (!subtag(s, n, &p, &nextlang))
			return false;
		open = n == 1 && was != TP_PRIVATE;
	}
	/* A singleton needs what it introduces after it. */
	return *s == '\0' && !open;
}

/* s with '_' as '-' and each subtag in its usual case, if that is a tag. */
static bool
suggest(const char *s, char *out, size_t max)
{
	size_t i, start = 0;

	if (strlen(s) >= max)
		return false;
	for (i = 0; s[i] != '\0'; i++) {
		size_t len = strcspn(s + start, "-_");

		out[i] = s[i] == '_' ? '-' : (char)tolower((unsigned char)s[i]);
		if (s[i] == '-' || s[i] == '_') {
			start = i + 1;
			continue;
		}
		/* Script Title case, region upper, after the language. */
		if (start > 0 && len == 4 && i == start)
			out[i] = (char)toupper((unsigned char)s[i]);
		else if (start > 0 && len == 2)
			out[i] = (char)toupper((unsigned char)s[i]);
	}
	out[i] = '\0';
	return strcmp(out, s) != 0 && load_lang_tag_valid(out);
}

void
load_lang_tag_error(struct diags *d, const struct srcpos *pos, const char *code,
    const char *s)
{
	char hint[80];
	bool h = suggest(s, hint, sizeof(hint));

	diag_add(d, DIAG_ERROR, pos, code, "'%s' is not a language tag: "
	    "write a BCP 47 tag, a language of 2-3 letters then, each "
	    "after '-', an optional script of 4 letters and region of 2 "
	    "letters or 3 digits (like en, nb, pt-BR, sr-Latn)%s%s%s", s,
	    h ? "; did you mean '" : "", h ? hint : "", h ? "'?" : "");
}
