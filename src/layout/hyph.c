/* SPDX-License-Identifier: MIT */
/*
 * Hyphenation with real dictionaries: libhyphen and Debian's hyphen-*
 * patterns mark where a word may break; a soft hyphen (U+00AD) goes
 * there, and Pango breaks a line at it showing a hyphen.  Pango has no
 * hyphenation of its own, and breaking long words at any letter is
 * what typesetters call wrong.
 *
 * libhyphen builds its automaton from every line of a dictionary before
 * the first word, in a hash table of fixed size: seconds for German's
 * 78 000 lines.  So the lines are read and indexed here, and each text
 * gets a small automaton of only the lines its words can reach, which
 * gives the same breaks (take_word() says why); words are remembered,
 * and a text of words already seen builds nothing.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <hyphen.h>

#include "fitting.h"

#define SHY		"\xc2\xad"	/* U+00AD SOFT HYPHEN */
#define MIN_WORD	6		/* shorter words never break */
#define MAX_WORD	100
#define MAX_BYTES	(MAX_WORD * 4)	/* a word in UTF-8 */

/* A line of a .dic file that libhyphen reads: a slice of the file. */
struct pline {
	uint32_t	 off;		/* bytes into pdict.text */
	uint32_t	 len;		/* bytes, with any newline */
};

/* The letters of a pattern line, digits left out. */
struct pkey {
	uint32_t	 off;		/* pdict.keys + off */
	uint32_t	 len;		/* bytes */
	int32_t		 line;
	uint32_t	 seen;		/* the last batch to take it */
};

/* A prefix of a pattern's letters that no line has: a state still. */
struct pprefix {
	int32_t		 key;		/* the first key it starts */
	int32_t		 len;		/* bytes */
};

/* The patterns of one level (NEXTLEVEL starts a second one). */
struct plevel {
	struct pkey	*v;		/* by letters, a prefix first */
	size_t		 n, cap;
	GArray		*always;	/* int32: settings, in every batch */
	GArray		*took;		/* int32: lines of this batch */
	GArray		*bare;		/* pprefix: states of this batch */
};

/* A dictionary file, read and indexed. */
struct pdict {
	char		*text;		/* the file */
	gsize		 size;		/* bytes */
	size_t		 head;		/* bytes of the charset line, as
					   libhyphen reads it */
	char		 cset[MAX_NAME];
	bool		 utf8;
	bool		 twolevel;	/* a NEXTLEVEL line */
	GString		*keys;		/* all patterns' letters */
	struct pline	*line;
	size_t		 nline, capline;
	struct plevel	 lv[2];
	uint32_t	 batch;		/* counts the automata built */
};

/* A word of the text at hand that the dictionary has not seen. */
struct todo {
	const char	*word;		/* borrowed: hyph_dict.done's key */
	char		*enc;		/* from encode() */
	glong		 n;		/* characters */
};

struct hyph_dict {
	char		*lang;
	struct pdict	*pd;		/* NULL: no dictionary, or whole */
	HyphenDict	*whole;		/* layout_hyph_new_whole(): all lines */
	const char	*cset;		/* borrowed from pd or whole */
	bool		 utf8;
	GHashTable	*done;		/* word -> with its soft hyphens */
	GPtrArray	*todo;		/* struct todo */
};

struct hyph {
	struct hyph_dict	*v;
	size_t			 n, cap;
	const char		*dir;
	bool			 whole;	/* load dictionaries whole */
};

/* Letters in byte order, a prefix before the longer; then by line. */
static gint
by_letters(gconstpointer a, gconstpointer b, gpointer keys)
{
	const struct pkey *x = a, *y = b;
	int c = memcmp((const char *)keys + x->off, (const char *)keys + y->off,
	    x->len < y->len ? x->len : y->len);

	if (c != 0)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return (x->line > y->line) - (x->line < y->line);
}

/*
 * A key with its first 8 bytes as one number, big-endian, 0 past its
 * end: where two differ, by_letters() orders them as the numbers do (a
 * key has no NUL byte, so the shorter of two that agree sorts first).
 */
struct skey {
	uint64_t	 pre;
	struct pkey	 k;
};

static int
by_skey(const struct skey *a, const struct skey *b, const char *keys)
{
	if (a->pre != b->pre)
		return a->pre < b->pre ? -1 : 1;
	return by_letters(&a->k, &b->k, (gpointer)keys);
}

/* Merge sort of v[0..n) by by_skey(), tmp room for n / 2. */
static void
sort_skeys(struct skey *v, struct skey *tmp, size_t n, const char *keys)
{
	size_t h = n / 2, i = 0, j = h, o = 0;

	if (n < 2)
		return;
	sort_skeys(v, tmp, h, keys);
	sort_skeys(v + h, tmp, n - h, keys);
	/* Runs already in order (most of a .dic file's) cost one test. */
	if (by_skey(&v[h - 1], &v[h], keys) <= 0)
		return;
	memcpy(tmp, v, h * sizeof(*v));
	while (i < h && j < n)
		v[o++] = by_skey(&v[j], &tmp[i], keys) < 0 ? v[j++] : tmp[i++];
	while (i < h)
		v[o++] = tmp[i++];
}

/*
 * Level lv's keys in by_letters() order: sorted here, with each key's
 * first bytes compared as a number, rather than by g_qsort_with_data()
 * calling by_letters() for each pair -- a sixth of a German booklet's
 * instructions (issue 36).  A total order: the same result.
 */
static void
sort_keys(struct plevel *lv, const char *keys)
{
	struct skey *v = xcalloc(lv->n + 1, sizeof(*v));
	struct skey *tmp = xcalloc(lv->n / 2 + 1, sizeof(*tmp));
	size_t i, b;

	for (i = 0; i < lv->n; i++) {
		v[i].k = lv->v[i];
		for (b = 0; b < 8; b++)
			v[i].pre = v[i].pre << 8 | (b < lv->v[i].len ?
			    (unsigned char)keys[lv->v[i].off + b] : 0);
	}
	sort_skeys(v, tmp, lv->n, keys);
	for (i = 0; i < lv->n; i++)
		lv->v[i] = v[i].k;
	free(tmp);
	free(v);
}

/* Byte i of key k, -1 past its end (a prefix sorts first). */
static int
key_byte(const struct pdict *pd, const struct pkey *k, size_t i)
{
	return i < k->len ? (unsigned char)pd->keys->str[k->off + i] : -1;
}

/* The first key in [lo, hi) whose byte i is more than c (or >= c). */
static size_t
bound(const struct pdict *pd, const struct plevel *lv, size_t lo,
    size_t hi, size_t i, int c, bool equal)
{
	size_t mid;
	int b;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		b = key_byte(pd, &lv->v[mid], i);
		if (b < c || (!equal && b == c))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * [*lo, *hi) holds the keys that start with a string of i bytes: narrow
 * it to those that go on with byte c.  False if none do, and then that
 * string and c is no state of libhyphen's automaton (its states are the
 * prefixes of the patterns' letters), nor any longer one.
 */
static bool
narrow(const struct pdict *pd, const struct plevel *lv, size_t *lo,
    size_t *hi, size_t i, char c)
{
	size_t l = bound(pd, lv, *lo, *hi, i, (unsigned char)c, true);
	size_t h = bound(pd, lv, l, *hi, i, (unsigned char)c, false);

	if (l == h)
		return false;
	*lo = l;
	*hi = h;
	return true;
}

/* Does hnj_hyphen_load_line() take buf as a setting, not a pattern? */
static bool
directive(const char *buf)
{
	static const char *const names[] = { "LEFTHYPHENMIN",
	    "RIGHTHYPHENMIN", "COMPOUNDLEFTHYPHENMIN",
	    "COMPOUNDRIGHTHYPHENMIN", "NOHYPHEN" };
	size_t i;

	/* Most lines are patterns, none of which starts as these do. */
	if (strchr("LRCN", buf[0]) == NULL || buf[0] == '\0')
		return false;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strncmp(buf, names[i], strlen(names[i])) == 0)
			return true;
	return false;
}

/*
 * The letters of pattern line buf into out, as hnj_hyphen_load_line()
 * reads them: up to a blank, or the '/' of a non-standard pattern
 * ("ff1f/f=f,2,2"), digits left out.  Returns their bytes.
 */
static size_t
letters(const char *buf, char *out)
{
	size_t i, j = 0;

	for (i = 0; (unsigned char)buf[i] > ' ' && buf[i] != '/'; i++)
		if (buf[i] < '0' || buf[i] > '9')
			out[j++] = buf[i];
	return j;
}

/*
 * Keep line buf, len bytes read at byte off of the file, in level k.
 * libhyphen reads it up to a NUL, but fgets() read all len bytes.
 */
static void
add_line(struct pdict *pd, int k, const char *buf, size_t off, size_t len)
{
	struct plevel *lv = &pd->lv[k];
	char key[MAX_CHARS];
	int32_t l = (int32_t)pd->nline;
	size_t n;

	xgrow((void **)&pd->line, &pd->capline, pd->nline + 1,
	    sizeof(*pd->line));
	pd->line[pd->nline++] = (struct pline){ (uint32_t)off,
	    (uint32_t)len };
	/*
	 * Settings hold for every word.  A pattern of no letters (an
	 * empty line) goes to the start state, whose pattern libhyphen
	 * never applies, and leaks the one it replaces: it is left out.
	 */
	if (directive(buf)) {
		g_array_append_val(lv->always, l);
		return;
	}
	if ((n = letters(buf, key)) == 0)
		return;
	xgrow((void **)&lv->v, &lv->cap, lv->n + 1, sizeof(*lv->v));
	lv->v[lv->n++] = (struct pkey){ (uint32_t)pd->keys->len,
	    (uint32_t)n, l, 0 };
	g_string_append_len(pd->keys, key, (gssize)n);
}

/* The bytes fgets(buf, size, f) takes from the file at pos. */
static size_t
get_line(const struct pdict *pd, size_t pos, size_t size)
{
	size_t k = 0;

	while (k + 1 < size && pos + k < pd->size)
		if (pd->text[pos + k++] == '\n')
			break;
	return k;
}

/*
 * The lines as libhyphen 2.8.8's hnj_hyphen_load_file() reads them, in
 * buffers of the same sizes: the charset line, then the patterns up to
 * NEXTLEVEL and after it up to another, comments ('%') left out.  A
 * line longer than MAX_CHARS is read as several.  (Later sources skip
 * it: run-e2e.sh's odd dictionaries would tell.)  Written out again,
 * each line of MAX_CHARS - 1 bytes without its newline is still read
 * alone, as fgets() stops there.
 */
static void
read_lines(struct pdict *pd)
{
	char buf[MAX_CHARS];
	size_t pos, k;
	int level = 0;

	pos = pd->head = get_line(pd, 0, MAX_NAME);
	memcpy(pd->cset, pd->text, pd->head);
	pd->cset[strcspn(pd->cset, "\r\n")] = '\0';
	pd->utf8 = strcmp(pd->cset, "UTF-8") == 0;
	while ((k = get_line(pd, pos, MAX_CHARS)) > 0) {
		memcpy(buf, pd->text + pos, k);
		buf[k] = '\0';
		pos += k;
		if (strncmp(buf, "NEXTLEVEL", 9) == 0) {
			if (level == 1)
				break;
			pd->twolevel = true;
			level = 1;
		} else if (buf[0] != '%')
			add_line(pd, level, buf, pos - k, k);
	}
}

static void
pdict_free(struct pdict *pd)
{
	int k;

	if (pd == NULL)
		return;
	for (k = 0; k < 2; k++) {
		free(pd->lv[k].v);
		g_array_free(pd->lv[k].always, TRUE);
		g_array_free(pd->lv[k].took, TRUE);
		g_array_free(pd->lv[k].bare, TRUE);
	}
	free(pd->line);
	g_string_free(pd->keys, TRUE);
	g_free(pd->text);
	free(pd);
}

/* The dictionary file at path, read and indexed; NULL if unreadable. */
static struct pdict *
pdict_load(const char *path)
{
	struct pdict *pd;
	int k;

	pd = xcalloc(1, sizeof(*pd));
	if (!g_file_get_contents(path, &pd->text, &pd->size, NULL) ||
	    pd->size >= UINT32_MAX) {
		g_free(pd->text);
		free(pd);
		return NULL;
	}
	pd->keys = g_string_sized_new(pd->size);
	pd->batch = 1;			/* states start unseen, at 0 */
	for (k = 0; k < 2; k++) {
		pd->lv[k].always = g_array_new(FALSE, FALSE, sizeof(int32_t));
		pd->lv[k].took = g_array_new(FALSE, FALSE, sizeof(int32_t));
		pd->lv[k].bare = g_array_new(FALSE, FALSE,
		    sizeof(struct pprefix));
	}
	read_lines(pd);
	for (k = 0; k < 2; k++)
		sort_keys(&pd->lv[k], pd->keys->str);
	return pd;
}

/*
 * Take the state of i bytes whose keys are [lo, hi) into this batch:
 * the line of exactly its letters (the first keys), or itself.  Of
 * lines of the same letters libhyphen keeps the last one's pattern and
 * leaks the others': only the last is taken.
 */
static void
take(struct pdict *pd, struct plevel *lv, size_t lo, size_t hi, size_t i)
{
	struct pprefix bare = { (int32_t)lo, (int32_t)i };
	struct pkey *k = &lv->v[lo];

	if (k->len != i) {
		g_array_append_val(lv->bare, bare);
		return;
	}
	while (k + 1 < lv->v + hi && k[1].len == i)
		k++;
	if (k->seen != pd->batch) {
		k->seen = pd->batch;
		g_array_append_val(lv->took, k->line);
	}
}

/*
 * Take the states of lv that libhyphen can reach on word w (len bytes,
 * lower case, dictionary encoding).
 *
 * libhyphen runs w through its automaton as ".w." (digits as '.') and,
 * for compounds (NEXTLEVEL, or its built-in first level), each part
 * between breaks as ".part.".  After each byte it stands in the
 * longest state that ends there -- a prefix of some pattern's letters
 * -- and applies that state's pattern alone, not those of shorter
 * states ending there too.  Each such state is a substring of ".x." for
 * a substring x of w.  An automaton of every such substring that is a
 * state of the whole dictionary, and of no other string, stands in the
 * same states and so gives the same breaks.  A state that is a prefix
 * only gets a line of no breaks ("0abc"): without it a shorter pattern
 * would apply where the whole dictionary applies none (Italian's
 * "authority" broke "au-tho-rity", not "autho-rity").  A non-standard
 * pattern writes its replacement into a part, but breaks() leaves such
 * a word whole anyway.
 */
static void
take_word(struct pdict *pd, struct plevel *lv, const char *w, size_t len)
{
	size_t s, e, i, lo, hi, l2, h2;
	char c;
	int dot;

	for (s = 0; s < len; s++)
		for (dot = 0; dot < 2; dot++) {
			lo = 0;
			hi = lv->n;
			i = 0;
			if (dot) {
				if (!narrow(pd, lv, &lo, &hi, i++, '.'))
					continue;
				take(pd, lv, lo, hi, i);
			}
			for (e = s; e < len; e++) {
				c = w[e] >= '0' && w[e] <= '9' ? '.' : w[e];
				if (!narrow(pd, lv, &lo, &hi, i++, c))
					break;
				take(pd, lv, lo, hi, i);
				l2 = lo;
				h2 = hi;
				if (narrow(pd, lv, &l2, &h2, i, '.'))
					take(pd, lv, l2, h2, i + 1);
			}
		}
}

static gint
by_line(gconstpointer a, gconstpointer b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;

	return (x > y) - (x < y);
}

static gint
by_prefix(gconstpointer a, gconstpointer b)
{
	const struct pprefix *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->len > y->len) - (x->len < y->len);
}

/*
 * The lines of lv taken in this batch, into b: the bare prefixes first,
 * once each, then the file's lines in the file's order (a setting given
 * twice takes the later, and the file's last line may lack its
 * newline).
 */
static void
put_level(const struct pdict *pd, struct plevel *lv, GString *b)
{
	const struct pprefix *p, *last = NULL;
	const struct pline *l;
	guint i;

	g_array_sort(lv->bare, by_prefix);
	for (i = 0; i < lv->bare->len; last = p, i++) {
		p = &g_array_index(lv->bare, struct pprefix, i);
		if (last != NULL && by_prefix(p, last) == 0)
			continue;
		g_string_append_c(b, '0');
		g_string_append_len(b, pd->keys->str + lv->v[p->key].off,
		    p->len);
		g_string_append_c(b, '\n');
	}
	g_array_append_vals(lv->took, lv->always->data, lv->always->len);
	g_array_sort(lv->took, by_line);
	for (i = 0; i < lv->took->len; i++) {
		l = &pd->line[g_array_index(lv->took, int32_t, i)];
		g_string_append_len(b, pd->text + l->off, (gssize)l->len);
	}
	g_array_set_size(lv->took, 0);
	g_array_set_size(lv->bare, 0);
}

/*
 * libhyphen's automaton for the lines taken in this batch, and the
 * charset line, settings and NEXTLEVEL; NULL if libhyphen fails.
 * Caller frees with hnj_hyphen_free().
 */
static HyphenDict *
build(struct pdict *pd)
{
	GString *b = g_string_sized_new(8192);
	HyphenDict *dict = NULL;
	FILE *f;

	/*
	 * Without its newline, the charset line is MAX_NAME - 1 bytes,
	 * where fgets() stops anyway, or the whole file.
	 */
	g_string_append_len(b, pd->text, (gssize)pd->head);
	put_level(pd, &pd->lv[0], b);
	if (pd->twolevel) {
		g_string_append(b, "NEXTLEVEL\n");
		put_level(pd, &pd->lv[1], b);
	}
	if ((f = fmemopen(b->str, b->len, "r")) != NULL) {
		dict = hnj_hyphen_load_file(f);
		fclose(f);
	}
	g_string_free(b, TRUE);
	pd->batch++;
	return dict;
}

struct hyph *
layout_hyph_new(void)
{
	struct hyph *h = xcalloc(1, sizeof(*h));
	const char *env = getenv("DECKPRESS_HYPHEN_DIR");

	h->dir = env && *env ? env : "/usr/share/hyphen";
	return h;
}

struct hyph *
layout_hyph_new_whole(void)
{
	struct hyph *h = layout_hyph_new();

	h->whole = true;
	return h;
}

static void
todo_free(gpointer p)
{
	struct todo *t = p;

	g_free(t->enc);
	g_free(t);
}

void
layout_hyph_free(struct hyph *h)
{
	size_t i;

	if (h == NULL)
		return;
	for (i = 0; i < h->n; i++) {
		if (h->v[i].whole != NULL)
			hnj_hyphen_free(h->v[i].whole);
		pdict_free(h->v[i].pd);
		if (h->v[i].done != NULL)
			g_hash_table_destroy(h->v[i].done);
		if (h->v[i].todo != NULL)
			g_ptr_array_free(h->v[i].todo, TRUE);
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
 * A BCP 47 tag's language, script and region in the case Debian's file
 * names spell them ("pt", "Latn", "BR"); each "" if the tag has none.
 * Variants, extensions and private use choose no dictionary.
 */
static void
tag_parts(const char *lang, char base[9], char script[5], char region[4])
{
	gchar **v = g_strsplit(lang, "-", -1);
	size_t i = 1, n;

	g_strlcpy(base, v[0], 9);
	g_strlcpy(script, "", 5);
	g_strlcpy(region, "", 4);
	while (v[i] != NULL && strlen(v[i]) == 3 && g_ascii_isalpha(*v[i]))
		i++;		/* an extlang: zh-yue */
	if (v[i] != NULL && strlen(v[i]) == 4 && g_ascii_isalpha(*v[i]))
		g_strlcpy(script, v[i++], 5);
	if (v[i] != NULL && ((n = strlen(v[i])) == 2 || (n == 3 &&
	    g_ascii_isdigit(*v[i]))))
		g_strlcpy(region, v[i], 4);
	for (i = 0; base[i] != '\0'; i++)
		base[i] = g_ascii_tolower(base[i]);
	for (i = 0; script[i] != '\0'; i++)
		script[i] = i == 0 ? g_ascii_toupper(script[i]) :
		    g_ascii_tolower(script[i]);
	for (i = 0; region[i] != '\0'; i++)
		region[i] = g_ascii_toupper(region[i]);
	g_strfreev(v);
}

/*
 * The dictionary file of a language tag, as Debian's hyphen-* packages
 * name them: "pt-BR" -> hyph_pt_BR.dic; "sr-Latn" -> hyph_sr_Latn.dic;
 * "en-Latn-US" -> hyph_en_Latn_US.dic, then hyph_en_Latn.dic.  A
 * language alone, or one with a region that has no file of its own:
 * "de" -> hyph_de_DE.dic, then hyph_de.dic, then any hyph_de_*.dic.
 * A tag with a script never falls back to the language's patterns,
 * which may be another script's (Serbian's are Cyrillic): it is not
 * hyphenated.  Any language Debian has patterns for works without a
 * list kept here.  NULL if none; g_free().
 */
static char *
dict_path(const struct hyph *h, const char *lang)
{
	char base[9], script[5], region[4], *names[5] = { NULL }, *path;
	char *found = NULL;
	size_t i, k = 0;

	tag_parts(lang, base, script, region);
	if (*script && *region)
		names[k++] = g_strdup_printf("hyph_%s_%s_%s.dic", base, script,
		    region);
	if (*script)
		names[k++] = g_strdup_printf("hyph_%s_%s.dic", base, script);
	else {
		char *up = g_ascii_strup(base, -1);

		if (*region)
			names[k++] = g_strdup_printf("hyph_%s_%s.dic", base,
			    region);
		names[k++] = g_strdup_printf("hyph_%s_%s.dic", base, up);
		names[k++] = g_strdup_printf("hyph_%s.dic", base);
		names[k++] = any_region(h->dir, base);
		g_free(up);
	}
	for (i = 0; i < k; i++) {
		if (names[i] == NULL)
			continue;
		path = g_build_filename(h->dir, names[i], NULL);
		if (found == NULL && g_file_test(path, G_FILE_TEST_EXISTS))
			found = path;
		else
			g_free(path);
		g_free(names[i]);
	}
	return found;
}

/* Load lang's dictionary into d: indexed, or whole with h->whole. */
static void
load_dict(const struct hyph *h, struct hyph_dict *d, const char *lang)
{
	char *path = dict_path(h, lang);

	if (path != NULL && h->whole &&
	    (d->whole = hnj_hyphen_load(path)) != NULL) {
		d->cset = d->whole->cset;
		d->utf8 = d->whole->utf8;
	} else if (path != NULL && !h->whole &&
	    (d->pd = pdict_load(path)) != NULL) {
		d->cset = d->pd->cset;
		d->utf8 = d->pd->utf8;
	}
	if (d->whole != NULL || d->pd != NULL) {
		d->done = g_hash_table_new_full(g_str_hash, g_str_equal,
		    g_free, g_free);
		d->todo = g_ptr_array_new_with_free_func(todo_free);
	}
	g_free(path);
}

/* lang's dictionary, loaded when first asked for; NULL if it has none. */
static struct hyph_dict *
dict_for(struct hyph *h, const char *lang)
{
	struct hyph_dict *d;
	size_t i;

	for (i = 0; i < h->n; i++)
		if (strcmp(h->v[i].lang, lang) == 0)
			break;
	if (i == h->n) {
		xgrow((void **)&h->v, &h->cap, h->n + 1, sizeof(*h->v));
		d = memset(&h->v[h->n++], 0, sizeof(*h->v));
		d->lang = xstrdup(lang);
		load_dict(h, d, lang);
	}
	d = &h->v[i];
	return d->done != NULL ? d : NULL;
}

/*
 * word (UTF-8, n characters) as the patterns want it: lower case, in
 * the dictionary's own encoding.  NULL if it is not n characters then,
 * as the break positions count characters; g_free().
 */
static char *
encode(const struct hyph_dict *d, const char *word, glong n)
{
	char *low = g_utf8_strdown(word, -1), *enc;
	gsize len;

	enc = d->utf8 ? g_strdup(low) : g_convert(low, -1, d->cset,
	    "UTF-8", NULL, &len, NULL);
	g_free(low);
	if (enc != NULL && (d->utf8 ? (glong)g_utf8_strlen(enc, -1) != n :
	    (glong)strlen(enc) != n)) {
		g_free(enc);
		enc = NULL;
	}
	return enc;
}

/*
 * Where word enc (from encode(), n characters) may break: brk[i] true
 * allows a break before character i.
 */
static void
breaks(HyphenDict *dict, const char *enc, glong n, bool *brk)
{
	char hy[MAX_BYTES + 5];
	char **rep = NULL;
	int *pos = NULL, *cut = NULL, len = (int)strlen(enc), i;

	if (hnj_hyphen_hyphenate3(dict, enc, len, hy, NULL, &rep, &pos, &cut,
	    2, 3, 2, 2) != 0 || rep != NULL)
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
		for (i = 0; i < len; i++)
			free(rep[i]);
		free(rep);
	}
	free(pos);
	free(cut);
}

/* word (n characters) with soft hyphens at brk; g_free(). */
static char *
marked(const char *word, glong n, const bool *brk)
{
	GString *b = g_string_new(NULL);
	const char *p = word, *next;
	glong i;

	for (i = 0; i < n; i++, p = next) {
		next = g_utf8_next_char(p);
		if (brk[i])
			g_string_append(b, SHY);
		g_string_append_len(b, p, next - p);
	}
	return g_string_free(b, FALSE);
}

/*
 * Note word (bytes long) for the next run_todo() if it is one to break
 * and not yet seen, and take the states it needs.
 */
static void
want_word(struct hyph_dict *d, const char *word, gsize bytes)
{
	glong n = g_utf8_strlen(word, (gssize)bytes);
	char *key, *enc;
	struct todo *t;
	int k;

	if (n < MIN_WORD || n > MAX_WORD)
		return;
	key = g_strndup(word, bytes);
	if (g_hash_table_contains(d->done, key)) {
		g_free(key);
		return;
	}
	if ((enc = encode(d, key, n)) == NULL) {
		g_hash_table_insert(d->done, key, g_strdup(key));
		return;
	}
	g_hash_table_insert(d->done, key, NULL);	/* run_todo() fills */
	t = g_new(struct todo, 1);
	*t = (struct todo){ key, enc, n };
	g_ptr_array_add(d->todo, t);
	for (k = 0; d->pd != NULL && k < (d->pd->twolevel ? 2 : 1); k++)
		take_word(d->pd, &d->pd->lv[k], enc, strlen(enc));
}

/* Break the words noted by want_word(), with one automaton. */
static void
run_todo(struct hyph_dict *d)
{
	HyphenDict *dict;
	struct todo *t;
	guint i;

	if (d->todo->len == 0)
		return;
	dict = d->whole != NULL ? d->whole : build(d->pd);
	for (i = 0; i < d->todo->len; i++) {
		bool brk[MAX_WORD + 1] = { false };

		t = g_ptr_array_index(d->todo, i);
		if (dict != NULL)
			breaks(dict, t->enc, t->n, brk);
		/* The key stays; the copy passed in is freed. */
		g_hash_table_insert(d->done, g_strdup(t->word),
		    marked(t->word, t->n, brk));
	}
	if (dict != NULL && dict != d->whole)
		hnj_hyphen_free(dict);
	g_ptr_array_set_size(d->todo, 0);
}

/* Append word (bytes long) to b with soft hyphens at its breaks. */
static void
put_word(struct hyph_dict *d, GString *b, const char *word, gsize bytes)
{
	char key[MAX_BYTES + 1];
	const char *hy = NULL;

	if (bytes <= MAX_BYTES) {
		memcpy(key, word, bytes);
		key[bytes] = '\0';
		hy = g_hash_table_lookup(d->done, key);
	}
	if (hy != NULL)
		g_string_append(b, hy);
	else
		g_string_append_len(b, word, (gssize)bytes);
}

/*
 * Hyphenate the words of text s[0..len) into b; with b NULL, only note
 * them for run_todo().
 */
static void
put_text(struct hyph_dict *d, GString *b, const char *s, gsize len)
{
	const char *p = s, *end = s + len, *w;

	while (p < end) {
		if (!g_unichar_isalpha(g_utf8_get_char(p))) {
			const char *next = g_utf8_next_char(p);

			if (b != NULL)
				g_string_append_len(b, p, next - p);
			p = next;
			continue;
		}
		for (w = p; p < end && g_unichar_isalpha(g_utf8_get_char(p));)
			p = g_utf8_next_char(p);
		if (b != NULL)
			put_word(d, b, w, (gsize)(p - w));
		else
			want_word(d, w, (gsize)(p - w));
	}
}

/* put_text() for Pango markup: only the text between tags, entities
 * (&amp;) whole. */
static void
put_markup(struct hyph_dict *d, GString *b, const char *m)
{
	const char *p = m, *q;

	while (*p) {
		if ((*p == '<' && (q = strchr(p, '>')) != NULL) ||
		    (*p == '&' && (q = strchr(p, ';')) != NULL)) {
			if (b != NULL)
				g_string_append_len(b, p, q + 1 - p);
			p = q + 1;
		} else {
			/* A '<' or '&' not closed is text: go past it. */
			for (q = p + 1; *q && *q != '<' && *q != '&'; q++)
				;
			put_text(d, b, p, (gsize)(q - p));
			p = q;
		}
	}
}

char *
layout_hyph_text(struct hyph *h, const char *lang, const char *s)
{
	struct hyph_dict *d = h && lang ? dict_for(h, lang) : NULL;
	GString *b = g_string_new(NULL);

	if (d == NULL)
		g_string_append(b, s);
	else {
		put_text(d, NULL, s, strlen(s));
		run_todo(d);
		put_text(d, b, s, strlen(s));
	}
	return g_string_free(b, FALSE);
}

char *
layout_hyph_markup(struct hyph *h, const char *lang, const char *m)
{
	struct hyph_dict *d = h && lang ? dict_for(h, lang) : NULL;
	GString *b = g_string_new(NULL);

	if (d == NULL)
		g_string_append(b, m);
	else {
		put_markup(d, NULL, m);
		run_todo(d);
		put_markup(d, b, m);
	}
	return g_string_free(b, FALSE);
}

/*
 * The words of markup m noted, to be broken with those of the next text
 * hyphenated: one automaton for a whole document's words, where one a
 * text would be built for each (the breaks are the same).
 */
void
layout_hyph_note_markup(struct hyph *h, const char *lang, const char *m)
{
	struct hyph_dict *d = h && lang ? dict_for(h, lang) : NULL;

	if (d != NULL)
		put_markup(d, NULL, m);
}

bool
layout_hyph_has(struct hyph *h, const char *lang)
{
	return h != NULL && lang != NULL && dict_for(h, lang) != NULL;
}
