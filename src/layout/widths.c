/* SPDX-License-Identifier: MIT */
/*
 * The width model of fitting (fit.c): whether a text fits its box at a
 * size, told from the widths of its words, each shaped once per font at
 * a reference size and scaled, and from Pango 1.50's own line breaking
 * (greedy, PANGO_WRAP_WORD) replayed on those widths -- without laying
 * the text out.  Where a line's break is too close to call (within
 * WMARGIN of the box) or the height is, the model
 * says so, and fit.c asks Pango.
 *
 * It describes only texts of one font throughout: plain Latin text
 * (tags change the font or size inside the text; inline images and
 * icons take a size of their own; other scripts shape in context,
 * bidi reorders, a fallback font changes a line's height), words
 * separated by single spaces (Pango takes back only the last space at
 * a line's end).  Anything else is fitted by measuring, as before.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "fitting.h"

#define REF	64.0	/* pt: the size words are shaped at */
/* pt: a width or height this close to the box's is too close to call */
#define WMARGIN	0.05
/*
 * Pango units at the size drawn, per character of a line: how far a
 * width summed from advances shaped at REF and scaled may be from
 * Pango's, each advance rounded to a unit at either size (half a unit
 * each).  A line of 100 dots or a long run of one letter rounds the
 * same way every time, so the margin grows with the line.
 */
#define GLYPH_ERR	1.0
#define SLACK	0.01	/* pt: as fit.c's */

/*
 * Where a line may break in a text, as pango_get_log_attrs() says it
 * (PangoLogAttr): at a position, and what a break there does.
 */
enum {
	A_BRK = 1,		/* a line may break before it */
	A_HYPH = 2,		/* ... and a hyphen is drawn */
	A_REM = 4,		/* ... in place of the character before */
	A_WHITE = 8		/* the character before is white */
};

/*
 * A word shaped at REF: the advance of each of its characters, and the
 * break attributes of the positions after its first character (at[k],
 * k in 1..n: n is the space after it).
 */
struct wword {
	int		 n;
	bool		 ok;		/* one run, in the font's own face */
	int		 lead;		/* the space before it, Pango units at REF */
	unsigned char	*at;		/* n + 1, in the same block */
	int		 adv[];		/* its characters', Pango units at REF */
};

/* A font's widths: its words, its space and hyphen, its lines' heights. */
struct wfont {
	PangoLayout	*l;		/* words are shaped in it */
	PangoFont	*face;		/* the face "x" is shaped in */
	GHashTable	*words;		/* " word " -> struct wword */
	GHashTable	*joins;		/* "T H" -> may a line break between
					   two words (join_brk()) */
	GString		*key;		/* scratch */
	int		 hyphen;	/* Pango units at REF */
	double		 h1, hn;	/* pt at REF: one line; each next */
	bool		 ok;
	signed char	 clean;		/* check: would a text drawn in face
					   alone have no missing glyph, no
					   face its family lacks (-1: not
					   asked yet) */
};

static void
wfont_free(void *p)
{
	struct wfont *f = p;

	if (f->l != NULL)
		g_object_unref(f->l);
	if (f->face != NULL)
		g_object_unref(f->face);
	if (f->words != NULL)
		g_hash_table_destroy(f->words);
	if (f->joins != NULL)
		g_hash_table_destroy(f->joins);
	if (f->key != NULL)
		g_string_free(f->key, TRUE);
	g_free(f);
}

/* The width of Pango's hyphen in l's first run's font (its line breaker's
 * find_hyphen_width()): U+2010, else '-'. */
static int
hyphen_width(PangoFont *font)
{
	hb_font_t *hb = pango_font_get_hb_font(font);
	hb_codepoint_t g;

	if (hb_font_get_nominal_glyph(hb, 0x2010, &g) ||
	    hb_font_get_nominal_glyph(hb, '-', &g))
		return hb_font_get_glyph_h_advance(hb, g);
	return 0;
}

static double
height_of(PangoContext *ctx, const struct elem *e, const char *text)
{
	PangoLayout *l = layout_at_size(ctx, e, text, REF);
	PangoRectangle log;

	pango_layout_get_extents(l, NULL, &log);
	g_object_unref(l);
	layout_fitstats.model_layouts++;
	return pango_units_to_double(log.height);
}

static PangoFont *
first_font(PangoLayout *l)
{
	PangoLayoutLine *line = pango_layout_get_line_readonly(l, 0);

	if (line == NULL || line->runs == NULL || line->runs->next != NULL)
		return NULL;
	return ((PangoLayoutRun *)line->runs->data)->item->analysis.font;
}

/* The widths of e's font, made once per context and kept on it. */
/*
 * The key of e's widths on the context: its families, weight, slant
 * and leading (its bits), built by hand: asked for every text, and
 * printf's %a was a tenth of a check.
 */
static char *
wfont_key(const struct elem *e)
{
	static const char hex[] = "0123456789abcdef";
	const char *fam = e->families ? e->families : e->family;
	size_t n = strlen(fam), i;
	char *k = g_malloc(n + 64), *p = k;
	unsigned long long bits;
	unsigned int w = (unsigned int)e->weight;

	memcpy(p, "deckpress-widths ", 17);
	p += 17;
	memcpy(p, fam, n);
	p += n;
	*p++ = ' ';
	*p++ = e->bold ? 'b' : '-';
	*p++ = e->italic ? 'i' : '-';
	for (i = 0; i < 8; i++, w >>= 4)
		*p++ = hex[w & 15];
	memcpy(&bits, &e->leading, sizeof(bits));
	for (i = 0; i < 16; i++, bits >>= 4)
		*p++ = hex[bits & 15];
	*p = '\0';
	return k;
}

static struct wfont *
wfont_get(PangoContext *ctx, const struct elem *e)
{
	char *key = wfont_key(e);
	struct wfont *f = g_object_get_data(G_OBJECT(ctx), key);

	if (f != NULL) {
		g_free(key);
		return f;
	}
	f = g_new0(struct wfont, 1);
	f->clean = -1;
	g_object_set_data_full(G_OBJECT(ctx), key, f, wfont_free);
	g_free(key);
	f->words = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    free);
	f->joins = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    NULL);
	f->key = g_string_new(NULL);
	f->l = layout_at_size(ctx, e, "x", REF);
	layout_fitstats.model_layouts++;
	pango_layout_set_width(f->l, -1);
	pango_layout_set_justify(f->l, FALSE);
	pango_layout_set_alignment(f->l, PANGO_ALIGN_LEFT);
	pango_layout_set_line_spacing(f->l, 0);
	/* Held: f->l shapes other words in it, and Pango's font cache
	 * may let go of a face no layout holds. */
	if ((f->face = first_font(f->l)) == NULL)
		return f;
	g_object_ref(f->face);
	f->hyphen = hyphen_width(f->face);
	f->h1 = height_of(ctx, e, "x");
	f->hn = height_of(ctx, e, "x\nx") - f->h1;
	f->ok = true;
	return f;
}

/* No hex box among glyphs: the face has every character (check). */
static bool
known_glyphs(const PangoGlyphString *gs)
{
	int i;

	for (i = 0; i < gs->num_glyphs; i++)
		if (gs->glyphs[i].glyph & PANGO_GLYPH_UNKNOWN_FLAG)
			return false;
	return true;
}

/* The attributes of a's positions from..to into at, as A_* bits. */
static void
attr_bits(const PangoLogAttr *a, int from, int to, unsigned char *at)
{
	int i;

	for (i = from; i <= to; i++)
		at[i - from] = (unsigned char)((a[i].is_line_break &&
		    !a[i].is_mandatory_break ? A_BRK : 0) |
		    (a[i].break_inserts_hyphen ? A_HYPH : 0) |
		    (a[i].break_removes_preceding ? A_REM : 0) |
		    (i > 0 && a[i - 1].is_white ? A_WHITE : 0));
}

/*
 * Word w (len bytes, n characters, no space) shaped once in f, as it
 * stands between spaces, or at a paragraph's end (last): its
 * characters' advances, the last one's kerned to the space after it,
 * and the advance of the space before it, kerned to its first.  A
 * font may kern a letter to a space ("A T"): a word's width alone is
 * not its width in a line.
 *
 * Its break attributes too, found in the same string: Pango 1.50's
 * line breaking (break.c) decides a position from the characters
 * before it back to the last space (which resets its state: LB9's
 * marks, LB25's numbers) and from the next one, so a word's own
 * positions are the same in any text; the one before its first
 * character depends on the word before too (join_brk()).  The
 * language is the context's, which deckpress never changes.
 */
static const struct wword *
word_get(struct wfont *f, PangoLanguage *lang, const char *w, size_t len,
    int n, bool last)
{
	struct wword *ww;
	int m = n + 2 - last, *adv;
	PangoLogAttr *a;
	PangoLayoutLine *line;
	PangoLayoutRun *run;
	char *key;

	g_string_truncate(f->key, 0);
	g_string_append_c(f->key, ' ');
	g_string_append_len(f->key, w, (gssize)len);
	if (!last)
		g_string_append_c(f->key, ' ');
	if ((ww = g_hash_table_lookup(f->words, f->key->str)) != NULL)
		return ww;
	key = g_strndup(f->key->str, f->key->len);
	ww = calloc(1, sizeof(*ww) + (size_t)n * sizeof(int) + (size_t)n + 1);
	adv = g_new0(int, m);
	if (ww == NULL)
		abort();
	ww->n = n;
	ww->at = (unsigned char *)(ww->adv + n);
	pango_layout_set_text(f->l, key, -1);
	layout_fitstats.words_shaped++;
	line = pango_layout_get_line_readonly(f->l, 0);
	if (pango_layout_get_line_count(f->l) == 1 && line->runs != NULL &&
	    line->runs->next == NULL) {
		run = line->runs->data;
		ww->ok = run->item->analysis.font == f->face &&
		    run->item->num_chars == m && known_glyphs(run->glyphs);
		if (ww->ok) {
			pango_glyph_item_get_logical_widths(run, key, adv);
			ww->lead = adv[0];
			memcpy(ww->adv, adv + 1, (size_t)n * sizeof(int));
			a = g_new(PangoLogAttr, m + 1);
			pango_get_log_attrs(key, (int)strlen(key), -1, lang, a,
			    m + 1);
			/* Positions 1..n of the word: 2..n + 1 of key. */
			attr_bits(a, 2, n + 1, ww->at + 1);
			g_free(a);
		}
	}
	g_free(adv);
	g_hash_table_insert(f->words, key, ww);
	return ww;
}

/*
 * May a line break before word h (hlen bytes), after a space after
 * word p (plen bytes)?  Pango decides it from p's last character that
 * is not a combining mark (LB9), the space, and h's first two
 * characters (next, or the space after h): the same in any text.
 * Asked once for each such pair, in the string of them alone.
 */
static bool
join_brk(struct wfont *f, PangoLanguage *lang, const char *p, size_t plen,
    const char *h, size_t hlen, bool hlast)
{
	const char *t = p + plen, *e;
	gpointer hit;
	PangoLogAttr a[16];
	long n, at;
	unsigned char bit;

	while (t > p) {
		t = g_utf8_prev_char(t);
		if (g_unichar_break_type(g_utf8_get_char(t)) !=
		    G_UNICODE_BREAK_COMBINING_MARK)
			break;
	}
	e = g_utf8_next_char(h);
	if (e < h + hlen)
		e = g_utf8_next_char(e);
	g_string_truncate(f->key, 0);
	g_string_append_len(f->key, t, p + plen - t);
	g_string_append_c(f->key, ' ');
	at = g_utf8_strlen(f->key->str, -1);
	g_string_append_len(f->key, h, e - h);
	if (e == h + hlen && !hlast)
		g_string_append_c(f->key, ' ');
	if ((hit = g_hash_table_lookup(f->joins, f->key->str)) != NULL)
		return GPOINTER_TO_INT(hit) == 2;
	n = g_utf8_strlen(f->key->str, -1);
	if (n + 1 > (long)G_N_ELEMENTS(a)) {
		/* Marks without end: rare, asked every time. */
		PangoLogAttr *v = g_new(PangoLogAttr, n + 1);

		pango_get_log_attrs(f->key->str, (int)f->key->len, -1, lang, v,
		    (int)n + 1);
		attr_bits(v, (int)at, (int)at, &bit);
		g_free(v);
		return bit & A_BRK;
	}
	pango_get_log_attrs(f->key->str, (int)f->key->len, -1, lang, a,
	    (int)n + 1);
	attr_bits(a, (int)at, (int)at, &bit);
	g_hash_table_insert(f->joins, g_strndup(f->key->str, f->key->len),
	    GINT_TO_POINTER((bit & A_BRK) ? 2 : 1));
	return bit & A_BRK;
}

/* One character position of a text's paragraphs. */
struct wpos {
	double	 x;		/* Pango units at REF: the width before it */
	int	 extra;		/* ... added if a line ends here */
	bool	 brk;		/* a line may end here */
	bool	 para;		/* a paragraph ends here */
};

struct wtext {
	struct wfont	*f;
	struct wpos	*v;		/* n + 1 positions a paragraph, the
					   last one's para set */
	size_t		 n;
	double		 h1, hn;
	bool		 tied;		/* a space Pango does not break at
					   ("mot ;") */
};

/* Can the model describe character c? */
static bool
plain_char(gunichar c)
{
	GUnicodeScript s = g_unichar_get_script(c);

	if (c == 0xAD)
		return true;	/* a soft hyphen: hyph.c's break points */
	if (c < 0x20 || (c >= 0x7F && c < 0xA0) || c >= 0xE000 ||
	    g_unichar_type(c) == G_UNICODE_FORMAT ||
	    g_unichar_type(c) == G_UNICODE_LINE_SEPARATOR ||
	    g_unichar_type(c) == G_UNICODE_PARAGRAPH_SEPARATOR)
		return false;
	return s == G_UNICODE_SCRIPT_LATIN || s == G_UNICODE_SCRIPT_COMMON ||
	    s == G_UNICODE_SCRIPT_INHERITED;
}

/*
 * Pango's own break attributes of paragraph p against those of its
 * words (DECKPRESS_FIT=verify): a line to stderr where they differ.
 */
static void
verify_attrs(PangoLanguage *lang, const char *p, size_t len, long n,
    const unsigned char *at)
{
	PangoLogAttr *a = g_new(PangoLogAttr, n + 1);
	unsigned char *want = g_new(unsigned char, n + 1);
	long i;

	pango_get_log_attrs(p, (int)len, -1, lang, a, (int)n + 1);
	attr_bits(a, 0, (int)n, want);
	for (i = 1; i < n; i++)
		if (want[i] != at[i]) {
			fprintf(stderr, "fit: differs: break attributes %#x, "
			    "Pango's %#x, at %ld of: %.*s\n", at[i], want[i],
			    i, (int)len, p);
			break;
		}
	g_free(want);
	g_free(a);
}

/*
 * The characters of paragraph p (len bytes, n characters) into t: each
 * word's advances, the spaces', and where Pango may break the line.
 */
static bool
add_para(struct wtext *t, struct wfont *f, PangoLanguage *lang,
    const char *p, size_t len, long n)
{
	unsigned char *at = g_new0(unsigned char, n + 1);
	const struct wword *ww = NULL;
	struct wpos *v;
	const char *s = p, *w, *pw = NULL;
	double x = 0;
	long i = 0, k, w0;
	bool ok = true, brk;

	t->v = g_renew(struct wpos, t->v, t->n + (size_t)n + 1);
	v = t->v + t->n;
	memset(v, 0, ((size_t)n + 1) * sizeof(*v));
	while (ok && i < n) {
		if (*s == ' ') {
			/* Single spaces between words only: checked.  Its
			 * advance is the next word's lead. */
			v[i].x = x;
			s++;
			i++;
			continue;
		}
		for (w = s, k = 0; s < p + len && *s != ' ';
		    s = g_utf8_next_char(s))
			k++;
		brk = false;
		if (i > 0)
			brk = join_brk(f, lang, pw, (size_t)(w - 1 - pw), w,
			    (size_t)(s - w), s == p + len);
		ww = word_get(f, lang, w, (size_t)(s - w), (int)k,
		    s == p + len);
		if (!(ok = ww->ok))
			break;
		if (i > 0) {
			x += ww->lead;
			at[i] = (unsigned char)((brk ? A_BRK : 0) | A_WHITE);
		}
		for (w0 = i, k = 0; k < ww->n; k++, i++) {
			v[i].x = x;
			x += ww->adv[k];
		}
		for (k = 1; k <= ww->n && w0 + k <= n; k++)
			at[w0 + k] = ww->at[k];
		pw = w;
	}
	v[n].x = x;
	v[n].para = true;
	if (ok && strcmp(layout_fit_mode(), "verify") == 0)
		verify_attrs(lang, p, len, n, at);
	for (i = 1; ok && i < n; i++) {
		v[i].brk = at[i] & A_BRK;
		if (at[i] & A_HYPH)
			v[i].extra = f->hyphen - (at[i] & A_REM ?
			    (int)(v[i].x - v[i - 1].x) : 0);
		else if (at[i] & A_WHITE)
			v[i].extra = -(int)(v[i].x - v[i - 1].x);
		t->tied |= (at[i] & A_WHITE) && !v[i].brk;
	}
	g_free(at);
	t->n += (size_t)n + 1;
	return ok;
}

/* Is plain text p (len bytes) one the model can describe? */
static bool
plain_text(const char *p, size_t len)
{
	const char *s, *end = p + len;
	gunichar c, prev = '\n';

	for (s = p; s < end; s = g_utf8_next_char(s), prev = c) {
		c = g_utf8_get_char(s);
		if (c == ' ' && (prev == ' ' || prev == '\n'))
			return false;
		if (c == '\n' && prev == ' ')
			return false;
		if (c != ' ' && c != '\n' && !plain_char(c))
			return false;
	}
	return prev != ' ';
}

struct wtext *
layout_widths_text(PangoContext *ctx, const struct elem *e,
    const char *markup)
{
	struct wfont *f;
	struct wtext *t;
	char *plain = NULL;
	const char *p, *nl;
	bool ok = true;

	if (strchr(markup, '<') != NULL)
		return NULL;	/* tags: fonts and sizes change inside */
	if (strchr(markup, '&') != NULL && !pango_parse_markup(markup, -1, 0,
	    NULL, &plain, NULL, NULL))
		return NULL;
	p = plain != NULL ? plain : markup;
	if (!g_utf8_validate(p, -1, NULL) || !plain_text(p, strlen(p)) ||
	    !(f = wfont_get(ctx, e))->ok) {
		g_free(plain);
		return NULL;
	}
	t = g_new0(struct wtext, 1);
	t->f = f;
	t->h1 = f->h1;
	t->hn = f->hn;
	for (;;) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		ok = add_para(t, f, pango_context_get_language(ctx), p,
		    (size_t)(nl - p), g_utf8_strlen(p, nl - p));
		if (!ok || *nl == '\0')
			break;
		p = nl + 1;
	}
	g_free(plain);
	/*
	 * Justified, a line too wide for its box (a word tied to the
	 * next by a space) has its spaces narrowed to fit (fit.c's
	 * justify_fix()): a width the model does not know.
	 */
	if (t->tied && e->halign == HALIGN_JUSTIFY)
		ok = false;
	if (!ok) {
		layout_widths_free(t);
		return NULL;
	}
	return t;
}

void
layout_widths_free(struct wtext *t)
{
	if (t == NULL)
		return;
	g_free(t->v);
	g_free(t);
}

/*
 * The line that starts at v[0] of a paragraph, as Pango 1.50's
 * process_item() breaks it at scale k into rem units: the whole rest
 * if it fits; else the last break before the first position that
 * overflows, or, if none fits, the first break (the line overflows);
 * the box per units wider at each position along the line (GLYPH_ERR).
 * v[end] is the paragraph's end.  Returns the index it ends at; *w
 * gets its width.
 */
static size_t
one_line(const struct wpos *v, size_t end, double k, double rem,
    double per, double *w)
{
	size_t i, best = 0;
	double x0 = v[0].x, val;

	if ((*w = (v[end].x - x0) * k) <= rem + per * (double)end)
		return end;
	for (i = 1; i < end; i++) {
		/* Pango stops at the first position past the box, its
		 * width taken without a hyphen (min(width + extra, width);
		 * extra is whole, no fmin() call needed). */
		int cut = v[i].extra < 0 ? v[i].extra : 0;

		if ((v[i].x - x0 + cut) * k > rem + per * (double)i &&
		    best > 0)
			break;
		val = (v[i].x - x0 + v[i].extra) * k;
		/* The first break is taken even if it overflows. */
		if (v[i].brk && (best == 0 || val <= rem + per * (double)i ||
		    val < *w)) {
			best = i;
			*w = val;
		}
	}
	return best > 0 ? best : end;
}

/*
 * Does t fit e's box at scale k, its lines broken as if the box were m
 * pt wider (m < 0: narrower) and its height m pt more?
 */
static bool
fits_at(const struct wtext *t, const struct elem *e, double k, double m)
{
	double rem = floor(e->w * PANGO_SCALE) + m * PANGO_SCALE, w;
	double per = m < 0 ? -GLYPH_ERR : GLYPH_ERR;
	long lines = 0;
	size_t i = 0, n, end = 0;

	/* The answer is no at the first line too wide, or as soon as the
	 * lines so far are too tall (a line adds height): most sizes the
	 * search asks about are too large, and the rest of the text need
	 * not be broken to say so. */
	while (i < t->n) {
		/* The paragraph's end, found once for all its lines. */
		if (end < i)
			end = i;
		while (!t->v[end].para)
			end++;
		n = one_line(t->v + i, end - i, k, rem, per, &w);
		if (w > (e->w + SLACK + m) * PANGO_SCALE + per * (double)n)
			return false;
		i += n;
		lines++;
		if (t->hn >= 0 && (t->h1 + (double)(lines - 1) * t->hn) * k >
		    e->h + SLACK + m)
			return false;
		if (t->v[i].para)
			i++;
	}
	return (t->h1 + (double)(lines - 1) * t->hn) * k <= e->h + SLACK + m;
}

/*
 * Greedy breaking takes no fewer lines in a narrower box: if t fits a
 * box a margin smaller, Pango's lines fit the box, and if it does not
 * fit one a margin larger, they do not -- with the Pango whose line
 * breaker the model replays (layout_widths_exact()).
 */
enum wfit
layout_widths_fits(const struct wtext *t, const struct elem *e, double size)
{
	double k = size / REF;

	if (fits_at(t, e, k, -WMARGIN))
		return WFIT_YES;
	return fits_at(t, e, k, WMARGIN) ? WFIT_UNSURE : WFIT_NO;
}

bool
layout_widths_proven(const struct fonts *fs, const struct elem *e,
    const char *text, PangoFont **face)
{
	struct wtext *t;
	bool yes;

	/* Another Pango's lines are not proven by 1.50's: not even
	 * measured, since nothing is made of them. */
	if (!layout_widths_exact() ||
	    (t = layout_widths_text(fs->ctx, e, text)) == NULL)
		return false;
	/* Asked once a font: the same for every text of it. */
	if (t->f->clean < 0)
		t->f->clean = layout_fonts_face_ok(fs, t->f->face, e);
	yes = t->f->clean && layout_widths_fits(t, e, e->size_min) ==
	    WFIT_YES;
	*face = t->f->face;
	layout_widths_free(t);
	return yes;
}
