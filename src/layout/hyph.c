/* SPDX-License-Identifier: MIT */
/*
 * Hyphenation with real dictionaries: libhyphen and Debian's hyphen-*
 * patterns mark where a word may break; a soft hyphen (U+00AD) goes
 * there, and Pango breaks a line at it showing a hyphen.  Pango has no
 * hyphenation of its own, and breaking long words at any letter is
 * what typesetters call wrong.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <hyphen.h>

#include "layout.h"

#define SHY		"\xc2\xad"	/* U+00AD SOFT HYPHEN */
#define MIN_WORD	6		/* shorter words never break */
#define MAX_WORD	100

struct hyph_dict {
	char		*lang;
	HyphenDict	*dict;		/* NULL: no dictionary for lang */
};

struct hyph {
	struct hyph_dict	*v;
	size_t			 n, cap;
	const char		*dir;
};

struct hyph *
hyph_new(void)
{
	struct hyph *h = xcalloc(1, sizeof(*h));
	const char *env = getenv("DECKPRESS_HYPHEN_DIR");

	h->dir = env && *env ? env : "/usr/share/hyphen";
	return h;
}

void
hyph_free(struct hyph *h)
{
	size_t i;

	if (h == NULL)
		return;
	for (i = 0; i < h->n; i++) {
		if (h->v[i].dict != NULL)
			hnj_hyphen_free(h->v[i].dict);
		free(h->v[i].lang);
	}
	free(h->v);
	free(h);
}

/* The first hyph_LANG_*.dic in dir, in name order: "pt" finds
 * hyph_pt_PT.dic or hyph_pt_BR.dic, whichever Debian installed. */
static char *
any_region(const char *dir, const char *base)
{
	char *prefix = g_strdup_printf("hyph_%s_", base), *best = NULL;
	const char *name;
	GDir *g = g_dir_open(dir, 0, NULL);

	while (g != NULL && (name = g_dir_read_name(g)) != NULL)
		if (g_str_has_prefix(name, prefix) &&
		    g_str_has_suffix(name, ".dic") &&
		    (best == NULL || strcmp(name, best) < 0)) {
			g_free(best);
			best = g_strdup(name);
		}
	if (g != NULL)
		g_dir_close(g);
	g_free(prefix);
	return best;
}

/*
 * The dictionary of a language code, as Debian's hyphen-* packages
 * name them: "de" -> hyph_de_DE.dic, then hyph_de.dic, then any
 * hyph_de_*.dic; "pt-BR" -> hyph_pt_BR.dic.  Any language Debian has
 * patterns for works without a list kept here.
 */
static HyphenDict *
load_dict(const struct hyph *h, const char *lang)
{
	char *base = g_strdup(lang), *up, *names[4] = { NULL }, *path;
	HyphenDict *d = NULL;
	size_t i, k = 0;

	g_strdelimit(base, "-", '_');
	if (strchr(base, '_') != NULL)
		names[k++] = g_strdup_printf("hyph_%s.dic", base);
	else {
		up = g_ascii_strup(base, -1);
		names[k++] = g_strdup_printf("hyph_%s_%s.dic", base, up);
		names[k++] = g_strdup_printf("hyph_%s.dic", base);
		names[k++] = any_region(h->dir, base);
		g_free(up);
	}
	for (i = 0; i < k; i++) {
		if (names[i] == NULL)
			continue;
		path = g_build_filename(h->dir, names[i], NULL);
		if (d == NULL && g_file_test(path, G_FILE_TEST_EXISTS))
			d = hnj_hyphen_load(path);
		g_free(path);
		g_free(names[i]);
	}
	g_free(base);
	return d;
}

static HyphenDict *
dict_for(struct hyph *h, const char *lang)
{
	size_t i;

	for (i = 0; i < h->n; i++)
		if (strcmp(h->v[i].lang, lang) == 0)
			return h->v[i].dict;
	xgrow((void **)&h->v, &h->cap, h->n + 1, sizeof(*h->v));
	h->v[h->n].lang = xstrdup(lang);
	h->v[h->n].dict = load_dict(h, lang);
	return h->v[h->n++].dict;
}

/*
 * Where word (UTF-8, n characters) may break: brk[i] true allows a
 * break before character i.  The patterns want the word in lower case
 * and in the dictionary's own encoding.
 */
static void
breaks(HyphenDict *dict, const char *word, glong n, bool *brk)
{
	char *low = g_utf8_strdown(word, -1), *enc;
	char hy[MAX_WORD * 4 + 5];
	char **rep = NULL;
	int *pos = NULL, *cut = NULL;
	gsize len;
	glong i;

	enc = dict->utf8 ? g_strdup(low) : g_convert(low, -1, dict->cset,
	    "UTF-8", NULL, &len, NULL);
	/* The positions count characters; skip words that change length. */
	if (enc == NULL || (dict->utf8 ? (glong)g_utf8_strlen(enc, -1) != n :
	    (glong)strlen(enc) != n))
		goto out;
	if (hnj_hyphen_hyphenate3(dict, enc, (int)strlen(enc), hy, NULL, &rep,
	    &pos, &cut, 2, 3, 2, 2) != 0 || rep != NULL)
		goto out;	/* non-standard breaks (ff=f): leave the word */
	/*
	 * hy[i] odd: a break after character i.  libhyphen counts
	 * characters, not bytes, for a UTF-8 dictionary too (it folds the
	 * continuation bytes away), and bytes are characters in the 8-bit
	 * ones: reading it by byte put breaks one letter late after every
	 * accent ("especif-icas").
	 */
	for (i = 0; i + 1 < n; i++)
		if (hy[i] & 1)
			brk[i + 1] = true;
out:
	if (rep != NULL) {
		for (i = 0; i < (glong)strlen(enc ? enc : ""); i++)
			free(rep[i]);
		free(rep);
	}
	free(pos);
	free(cut);
	g_free(enc);
	g_free(low);
}

/* Append word (n characters) to b with soft hyphens at its breaks. */
static void
put_word(GString *b, HyphenDict *dict, const char *word, gsize bytes)
{
	char *w = g_strndup(word, bytes);
	glong n = g_utf8_strlen(w, -1), i;
	bool brk[MAX_WORD + 1] = { false };
	const char *p = w;

	if (dict != NULL && n >= MIN_WORD && n <= MAX_WORD)
		breaks(dict, w, n, brk);
	for (i = 0; i < n; i++) {
		const char *next = g_utf8_next_char(p);

		if (brk[i])
			g_string_append(b, SHY);
		g_string_append_len(b, p, next - p);
		p = next;
	}
	g_free(w);
}

/* Hyphenate the words of text s[0..len) into b. */
static void
put_text(GString *b, HyphenDict *dict, const char *s, gsize len)
{
	const char *p = s, *end = s + len, *w;

	while (p < end) {
		if (!g_unichar_isalpha(g_utf8_get_char(p))) {
			const char *next = g_utf8_next_char(p);

			g_string_append_len(b, p, next - p);
			p = next;
			continue;
		}
		for (w = p; p < end && g_unichar_isalpha(g_utf8_get_char(p));)
			p = g_utf8_next_char(p);
		put_word(b, dict, w, (gsize)(p - w));
	}
}

char *
hyph_text(struct hyph *h, const char *lang, const char *s)
{
	HyphenDict *dict = h && lang ? dict_for(h, lang) : NULL;
	GString *b = g_string_new(NULL);

	if (dict == NULL)
		g_string_append(b, s);
	else
		put_text(b, dict, s, strlen(s));
	return g_string_free(b, FALSE);
}

char *
hyph_markup(struct hyph *h, const char *lang, const char *m)
{
	HyphenDict *dict = h && lang ? dict_for(h, lang) : NULL;
	GString *b = g_string_new(NULL);
	const char *p = m, *q;

	if (dict == NULL) {
		g_string_append(b, m);
		return g_string_free(b, FALSE);
	}
	/* Only the text between tags; entities (&amp;) stay whole. */
	while (*p) {
		if (*p == '<' && (q = strchr(p, '>')) != NULL) {
			g_string_append_len(b, p, q + 1 - p);
			p = q + 1;
		} else if (*p == '&' && (q = strchr(p, ';')) != NULL) {
			g_string_append_len(b, p, q + 1 - p);
			p = q + 1;
		} else {
			for (q = p; *q && *q != '<' && *q != '&'; q++)
				;
			put_text(b, dict, p, (gsize)(q - p));
			p = q;
		}
	}
	return g_string_free(b, FALSE);
}

bool
hyph_has(struct hyph *h, const char *lang)
{
	return h != NULL && lang != NULL && dict_for(h, lang) != NULL;
}
