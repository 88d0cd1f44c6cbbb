/* SPDX-License-Identifier: MIT */
/*
 * Template + card -> boxes: choose the elements whose conditions hold,
 * resolve colours bound to attributes, uppercase and fit text, turn
 * icon names into glyphs.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../art/art.h"
#include "../tmpl/tmpl.h"
#include "../markup/markup.h"
#include "../load/load.h"
#include "../net/net.h"
#include "fitting.h"

static struct rgba
resolve(const struct tmpl *t, const struct paint *p, const struct card *c)
{
	struct rgba v = p->rgba;

	/* load_bind has checked that bound attributes hold colours. */
	if (p->attr != NULL)
		tmpl_color(t, card_attr(c, p->attr), &v);
	return v;
}

static char *
utf8_char(unsigned int cp)
{
	char buf[8];
	int n = g_unichar_to_utf8((gunichar)cp, buf);

	buf[n] = '\0';
	return g_strdup(buf);
}

/* Plain text as Pango markup: hyphenated, uppercased, escaped. */
static void
put_text(GString *b, const char *s, bool upper, struct hyph *h,
    const char *lang)
{
	char *hy = h ? layout_hyph_text(h, lang, s) : g_strdup(s);
	char *up = upper ? g_utf8_strup(hy, -1) : g_strdup(hy);
	char *esc = g_markup_escape_text(up, -1);

	g_string_append(b, esc);
	g_free(esc);
	g_free(up);
	g_free(hy);
}

static void
put_var(GString *b, const char *name, const struct mctx *m)
{
	const char *val = m->v ? m->v->get(m->v->ctx, name) : NULL;
	char *raw;

	if (val != NULL) {
		put_text(b, val, m->upper, m->h, m->lang);
		return;
	}
	/* An unknown name was reported by load_bind: show it as written. */
	raw = g_strdup_printf("{%s}", name);
	put_text(b, raw, false, NULL, NULL);
	g_free(raw);
}

/* The colour option of an inline object, palette names resolved. */
static bool
opt_color(const struct mtoken *k, const struct mctx *m, struct rgba *c)
{
	const char *v = markup_attr(k, "color");
	size_t i;

	if (v == NULL)
		return false;
	for (i = 0; i < m->npal; i++)
		if (strcmp(m->pal[i], v) == 0) {
			*c = m->palc[i];
			return true;
		}
	return markup_color(v, NULL, 0, c);
}

/* An image of the game in the line (at path): its object's character. */
static void
put_image(GString *b, const char *path, const struct mtoken *k,
    const struct mctx *m)
{
	const struct image *img;
	struct diags quiet = { 0 };
	struct rgba c;
	unsigned int cp;

	if (m->images == NULL)
		return;
	/* Read, and reported if it cannot be, when the deck was bound. */
	img = art_load(m->images, path, NULL, NULL, &quiet);
	diag_free(&quiet);
	if (img == NULL)
		return;
	cp = layout_inline_add(img, markup_attr(k, "height"),
	    opt_color(k, m, &c) ? &c : NULL);
	if (cp != 0)
		g_string_append_unichar(b, cp);
}

/* {icon:NAME}: the game's icons/NAME.svg or .png, else the icon font. */
static void
put_icon(GString *b, const struct mtoken *k, const struct mctx *m)
{
	char *own = m->dir ? markup_icon_path(m->dir, k->text) : NULL;
	struct rgba c;
	bool col = opt_color(k, m, &c);
	unsigned int cp;

	if (own != NULL) {
		put_image(b, own, k, m);
		g_free(own);
		return;
	}
	/* An unknown name was reported when the deck was bound; "&#x0;"
	 * would make Pango refuse the whole text. */
	if ((cp = tmpl_icon_find(m->icons, k->text)) == 0)
		return;
	g_string_append_printf(b, "<span font_family=\"%s\" "
	    "font_weight=\"normal\" font_style=\"normal\"", ICON_FAMILY);
	if (col)
		g_string_append_printf(b, " foreground=\"#%02x%02x%02x\"",
		    (int)lround(c.r * 255), (int)lround(c.g * 255),
		    (int)lround(c.b * 255));
	g_string_append_printf(b, ">&#x%X;</span>", cp);
}

/* {img:PATH}: PATH in the game's folder. */
static void
put_img(GString *b, const struct mtoken *k, const struct mctx *m)
{
	char *full;

	if (m->dir == NULL)
		return;
	full = path_join(m->dir, k->text);
	put_image(b, full, k, m);
	free(full);
}

/* A tag: Pango's own, the span's values as Pango reads them. */
static void
put_tag(GString *b, const struct mtoken *k, struct mctx *m)
{
	const char *font = markup_attr(k, "font");
	char *tag;

	if (k->type == MT_TAG_OFF) {
		g_string_append_printf(b, "</%s>", k->text);
		return;
	}
	if (strcmp(k->text, "span") != 0) {
		g_string_append_printf(b, "<%s>", k->text);
		return;
	}
	if (font != NULL && m->fonts != NULL) {
		layout_fonts_seek(m->fonts, font);
		if (tmpl_font_lookup(m->fonts->families, font, NULL))
			layout_fonts_want(m->fonts, font); /* if installed */
		else if (m->bad_font == NULL) {
			m->bad_font = g_strdup(font);
			m->bad_off = k->off;
		}
	}
	tag = markup_pango_tag(k, m->pal, m->palc, m->npal);
	g_string_append(b, tag);
	g_free(tag);
}

static void
put_token(GString *b, const struct mtoken *k, struct mctx *m)
{
	static const char *const fixed[] = { [MT_BOLD_ON] = "<b>",
	    [MT_BOLD_OFF] = "</b>", [MT_ITALIC_ON] = "<i>",
	    [MT_ITALIC_OFF] = "</i>" };

	switch (k->type) {
	case MT_TEXT:
		put_text(b, k->text, m->upper, m->h, m->lang);
		break;
	case MT_VAR:
		put_var(b, k->text, m);
		break;
	case MT_ICON:
		put_icon(b, k, m);
		break;
	case MT_IMG:
		put_img(b, k, m);
		break;
	case MT_TAG_ON:
	case MT_TAG_OFF:
		put_tag(b, k, m);
		break;
	default:
		g_string_append(b, fixed[k->type]);
	}
}

/* The bytes of text Pango shows for markup: tags out, entities decoded. */
static size_t
plain_len(const char *p)
{
	size_t n = 0;
	char buf[8];

	while (*p != '\0')
		if (*p == '<') {
			p += strcspn(p, ">");
			p += *p != '\0';
		} else if (*p == '&') {
			if (p[1] == '#')
				n += (size_t)g_unichar_to_utf8((gunichar)
				    strtoul(p + 2 + (p[2] == 'x'), NULL,
				    p[2] == 'x' ? 16 : 10), buf);
			else
				n++;	/* &amp; &lt; &gt; &quot; &apos; */
			p += strcspn(p, ";");
			p += *p != '\0';
		} else {
			n++;
			p++;
		}
	return n;
}

char *
layout_markup(const char *s, struct mctx *m)
{
	struct mtokens t;
	GString *b = g_string_new(NULL);
	size_t i;

	if (!markup_parse(s, &t)) {
		markup_free(&t);
		g_string_free(b, TRUE);
		return NULL;
	}
	for (i = 0; i < t.n; i++) {
		size_t before = b->len;
		enum mtok ty = t.v[i].type;

		if (m->tags != NULL && (ty == MT_TAG_ON || ty == MT_BOLD_ON ||
		    ty == MT_ITALIC_ON)) {
			struct mtagpos p = { m->plain, t.v[i].off };

			g_array_append_val(m->tags, p);
		}
		put_token(b, &t.v[i], m);
		if (m->tags != NULL)
			m->plain += plain_len(b->str + before);
	}
	markup_free(&t);
	return g_string_free(b, FALSE);
}

static unsigned int
text_marks(const struct text *t)
{
	return (t->fallback ? MARK_FALLBACK : 0) | (t->stale ? MARK_STALE : 0);
}

/* A card's template variables in one language, for layout_markup(). */
struct cardvars {
	const struct deck	*deck;
	const struct card	*c;
	const struct elem	*e;
	unsigned int		 copy;
	size_t			 lang;
	char			 num[2][16];	/* {n}, {total} */
	unsigned int		 marks;		/* of the values used */
	bool			 by_copy;	/* a copy's own number used */
};

/*
 * {id}; {n} and {total}: the card's place in the whole deck, or in its
 * kind (numbering: kind), counting copies (each copy its own number) or,
 * as the element may say, cards;
 * {attr}: the card's attribute, as the language's strings of that
 * attribute's values say it, if they say it.
 */
static const char *
card_var(void *ctx, const char *name)
{
	struct cardvars *v = ctx;
	const struct card *vals;
	const struct text *t;
	const char *val;
	unsigned int n;

	if (strcmp(name, "id") == 0)
		return v->c->id;
	if (strcmp(name, "n") == 0 || strcmp(name, "total") == 0) {
		bool total = name[0] == 't';

		n = total ? card_total(v->deck, v->c, v->e->by_card) :
		    card_n(v->deck, v->c, v->copy, v->e->by_card);
		v->by_copy |= !total && !v->e->by_card;
		snprintf(v->num[total], sizeof(v->num[total]), "%u", n);
		return v->num[total];
	}
	if ((val = card_attr(v->c, name)) == NULL)
		return NULL;
	vals = deck_vals(v->deck, name);
	if (vals != NULL && card_text(vals, v->lang, val, &t) != NULL) {
		v->marks |= text_marks(t);
		return t->value;
	}
	return val;
}

/* What a text element shows, for messages. */
static const char *
elem_what(const struct elem *e)
{
	return e->field ? e->field : e->string ? e->string : "fixed text";
}

static void
overflow_warning(const struct deck *deck, const struct card *c, size_t lang,
    const struct elem *e, const struct fitted *fit, enum diag_level level,
    struct diags *d)
{
	const struct text *where = NULL;
	char what[96];

	if (e->field != NULL)
		card_text(c, lang, e->field, &where);
	if (fit->over_h > 0 && fit->over_w > 0)
		snprintf(what, sizeof(what), "%.1f mm too tall and a word "
		    "%.1f mm too wide", TO_MM(fit->over_h), TO_MM(fit->over_w));
	else if (fit->over_h > 0)
		snprintf(what, sizeof(what), "%.1f mm too tall",
		    TO_MM(fit->over_h));
	else
		snprintf(what, sizeof(what), "a word %.1f mm too wide",
		    TO_MM(fit->over_w));
	diag_add(d, level, where ? &where->pos : &e->pos, "overflow",
	    "card '%s' (%s): %s does not fit its box at %g pt: %s", c->id,
	    deck->langs[lang], elem_what(e),
	    e->size_min, what);
	diag_about(d, c->id, deck->langs[lang]);
}

/*
 * A character no chosen font has would print as a box, or in a font
 * the designer never chose: an error naming each.
 */
static void
check_glyphs(const struct fonts *fonts, const struct deck *deck,
    const struct card *c, size_t lang, const struct lbox *b,
    struct diags *d)
{
	const struct text *where = NULL;
	char *miss = layout_fonts_missing(fonts, b->layout, b->e);

	if (miss == NULL)
		return;
	if (b->e->field != NULL)
		card_text(c, lang, b->e->field, &where);
	diag_add(d, DIAG_ERROR, where ? &where->pos : &b->e->pos, "glyph",
	    "card '%s' (%s): %s has characters no chosen font can show: "
	    "%s (add a font with them to the game's fonts/ or name one in "
	    "fallback:)", c->id, deck->langs[lang], elem_what(b->e), miss);
	diag_about(d, c->id, deck->langs[lang]);
	g_free(miss);
}

/*
 * Fitted texts remembered, with their layouts: a back's title, an
 * effect many cards share, every copy of a card, is shaped once.  The
 * cache is emptied when it holds this many, so memory stays flat
 * however large the deck.
 */
#define FIT_CACHE	256
/*
 * Fits watch keeps from one build to the next (layout_fonts_keep()):
 * every text of a 1 200-card deck (2 400), a few kB of layout each;
 * a larger deck empties the cache when it holds this many, as a build
 * does at FIT_CACHE, so memory stays bounded.
 */
#define FIT_KEEP	4096

void
layout_forget(const struct fonts *fonts)
{
	g_hash_table_remove_all(fonts->fitcache);
}

void
layout_fonts_keep(struct fonts *fonts)
{
	fonts->fitkeep = true;
}

/* A fit the last build did not use: its text is gone. */
static gboolean
stale(gpointer key, gpointer value, gpointer fonts)
{
	(void)key;
	return ((const struct fitted *)value)->gen !=
	    ((const struct fonts *)fonts)->fitgen;
}

void
layout_fonts_renew(struct fonts *fonts)
{
	size_t used;

	/* A build that failed before it laid anything out used none:
	 * its fits are those of the build before, still good. */
	layout_fonts_fitted(fonts, &used);
	if (used > 0)
		g_hash_table_foreach_remove(fonts->fitcache, stale, fonts);
	/* Keyed by the address of an element of the templates freed. */
	g_hash_table_remove_all(fonts->variants);
	fonts->fitgen++;
}

size_t
layout_fonts_fitted(const struct fonts *fonts, size_t *used)
{
	const struct fitted *f;
	GHashTableIter it;
	gpointer v;
	size_t n = 0;

	*used = 0;
	g_hash_table_iter_init(&it, fonts->fitcache);
	while (g_hash_table_iter_next(&it, NULL, &v)) {
		f = v;
		n += f->born == fonts->fitgen;
		*used += f->gen == fonts->fitgen;
	}
	return n;
}

/*
 * What decides element e's fit of text -- its fonts, its box, its range
 * of sizes -- as bytes: the numbers as they are in memory, each string
 * with its NUL.  Not printed: formatting five doubles for every text
 * cost more than the lookup it keys (issue 36).
 */
static GBytes *
fit_key(const struct elem *e, const char *text)
{
	const char *fam = e->families ? e->families : e->family;
	const double num[] = { e->w, e->h, e->size_min, e->size_max,
	    e->leading };
	const int flags[] = { e->bold, e->italic, e->weight, (int)e->halign };
	GByteArray *k = g_byte_array_sized_new(sizeof(num) + sizeof(flags) +
	    strlen(fam) + strlen(text) + 2);

	g_byte_array_append(k, (const guint8 *)num, sizeof(num));
	g_byte_array_append(k, (const guint8 *)flags, sizeof(flags));
	g_byte_array_append(k, (const guint8 *)fam, strlen(fam) + 1);
	g_byte_array_append(k, (const guint8 *)text, strlen(text) + 1);
	return g_byte_array_free_to_bytes(k);
}

/*
 * layout_fit(), remembered by what decides the fit: the font, the box,
 * the range of sizes, the text.  fit->layout is a reference of the
 * caller's.
 */
static void
fit_cached(const struct fonts *fonts, const struct elem *e, const char *text,
    struct fitted *fit)
{
	GBytes *key = fit_key(e, text);
	struct fitted *hit = g_hash_table_lookup(fonts->fitcache, key);

	if (hit != NULL) {
		/* Kept from an earlier build: checked once in this one
		 * too, as a fresh build would. */
		*fit = *hit;
		fit->first = hit->gen != fonts->fitgen;
		hit->gen = fonts->fitgen;
		if (fit->layout != NULL)
			g_object_ref(fit->layout);
		g_bytes_unref(key);
		return;
	}
	if (!fonts->checking || !layout_fit_proven(fonts, e, text, fit))
		layout_fit(fonts->ctx, e, text, fit);
	fit->first = true;
	fit->born = fit->gen = fonts->fitgen;
	if (g_hash_table_size(fonts->fitcache) >=
	    (fonts->fitkeep ? FIT_KEEP : FIT_CACHE))
		g_hash_table_remove_all(fonts->fitcache);
	hit = g_memdup2(fit, sizeof(*fit));
	if (hit->layout != NULL)
		g_object_ref(hit->layout);
	g_hash_table_insert(fonts->fitcache, key, hit);
}

/* One face being laid out: what its text boxes need. */
struct facejob {
	const struct fonts	*fonts;
	const struct deck	*deck;
	const struct card	*c;
	unsigned int		 copy;
	size_t			 lang;
	struct laid		*out;
	struct diags		*d;
	const struct tmpl	*t;	/* the face's template (palette) */
	unsigned int		 panel;	/* lbox.panel of its boxes */
	double			 fw, fh;	/* pt, the frame they are in */
};

/* What layout_markup() needs for element e's text on j's card. */
static void
card_mctx(const struct facejob *j, const struct elem *e,
    const struct vars *v, struct mctx *m)
{
	memset(m, 0, sizeof(*m));
	m->upper = e->upper;
	m->icons = j->fonts->icons;
	m->v = v;
	m->dir = j->deck->dir;
	m->images = j->fonts->images;
	m->pal = j->t->pal_names;
	m->palc = j->t->pal;
	m->npal = j->t->npal;
	m->fonts = j->fonts;
}

/* A <span font=> naming a family the fonts do not have. */
static void
bad_font(const struct facejob *j, const struct elem *e,
    const struct text *where, const struct mctx *m)
{
	struct srcpos pos = where ? markup_pos(where, m->bad_off) :
	    e->literal_pos;
	const char *hint;

	tmpl_font_lookup(j->fonts->families, m->bad_font, &hint);

	diag_add(j->d, DIAG_ERROR, &pos, "font", "card '%s' (%s): %s: "
	    "'<span font=\"%s\">': no font family '%s'%s%s%s",
	    j->c->id, j->deck->langs[j->lang], elem_what(e), m->bad_font,
	    m->bad_font, HINT_ARGS(hint));
	diag_about(j->d, j->c->id, j->deck->langs[j->lang]);
}

/* A fit check proved (layout_fit_proven()) found by laying text out. */
static void
unproven(const struct facejob *j, const struct elem *e, const char *text,
    struct fitted *fit)
{
	bool first = fit->first;

	layout_fit(j->fonts->ctx, e, text, fit);
	fit->first = first;
}

/*
 * Words break at dictionary hyphenation points only when the text
 * would not fit otherwise: a card reads best with few hyphens, but a
 * long compound must never overflow or split at any letter.  A
 * justified text takes them whenever it fits as large with them: its
 * lines come out fuller, and its spaces less stretched.
 */
static void
try_hyphens(const struct facejob *j, struct lbox *b, const char *s,
    const struct vars *v, struct fitted *fit)
{
	const struct elem *e = b->e;
	const char *lang = j->deck->langs[j->lang];
	struct fitted fh;
	struct mctx m;
	char *ht;
	bool just = e->halign == HALIGN_JUSTIFY;

	if ((fit->fits && !just) || !layout_hyph_has(j->fonts->hyph, lang))
		return;
	card_mctx(j, e, v, &m);
	m.h = j->fonts->hyph;
	m.lang = lang;
	ht = layout_markup(s, &m);
	g_free(m.bad_font);
	if (ht == NULL)
		return;
	fit_cached(j->fonts, e, ht, &fh);
	if (fit->layout == NULL && fh.layout == NULL) {
		/* Both proven to fit (check): in one face, which shows
		 * them both alike. */
		g_free(ht);
		return;
	}
	/* One proven: the other's size is to be compared with its. */
	if (fit->layout == NULL)
		unproven(j, e, b->text, fit);
	if (fh.layout == NULL)
		unproven(j, e, ht, &fh);
	if (fit->fits ? fh.fits && fh.size >= fit->size : fh.fits ||
	    fh.over_w + fh.over_h < fit->over_w + fit->over_h) {
		g_free(b->text);
		b->text = ht;
		g_object_unref(fit->layout);
		*fit = fh;
	} else {
		g_object_unref(fh.layout);
		g_free(ht);
	}
}

/*
 * The byte offset in source s of the tag that opens at byte plain of
 * the text Pango shows (b's), or 0: s's markup again, hyphenated as b
 * is, noting where its tags are.
 */
static size_t
tag_source(const struct facejob *j, const struct lbox *b, const char *s,
    const struct vars *v, size_t plain)
{
	struct mctx m;
	char *t = NULL;
	size_t i, off = 0;
	int pass;

	for (pass = 0; pass < 2 && (t == NULL || strcmp(t, b->text) != 0);
	    pass++) {
		g_free(t);
		off = 0;
		card_mctx(j, b->e, v, &m);
		if (pass == 1) {
			m.h = j->fonts->hyph;
			m.lang = j->deck->langs[j->lang];
		}
		m.tags = g_array_new(FALSE, FALSE, sizeof(struct mtagpos));
		t = layout_markup(s, &m);
		g_free(m.bad_font);
		for (i = 0; i < m.tags->len; i++)
			if (g_array_index(m.tags, struct mtagpos, i).plain ==
			    plain) {
				off = g_array_index(m.tags, struct mtagpos,
				    i).src;
				break;
			}
		g_array_free(m.tags, TRUE);
	}
	g_free(t);
	return off;
}

/*
 * A face the text asks for (**bold**, <i>, <span weight= font=>) that
 * its family lacks: Pango would print the nearest instead.  At the tag
 * that asks, when positions in the text file allow.
 */
static void
check_face(const struct facejob *j, const struct lbox *b, const char *s,
    const struct text *where, const struct vars *v)
{
	const struct elem *e = b->e;
	int at;
	char *msg = layout_fonts_badface(j->fonts, b->layout, e->families ?
	    e->families : e->family, &at);
	struct srcpos pos = e->literal != NULL && where == NULL ?
	    e->literal_pos : e->pos;

	if (msg == NULL)
		return;
	if (where != NULL)
		pos = markup_pos(where, at < 0 ? 0 : tag_source(j, b, s, v,
		    (size_t)at));
	diag_add(j->d, DIAG_ERROR, &pos, "font", "card '%s' (%s): %s %s",
	    j->c->id, j->deck->langs[j->lang], elem_what(e), msg);
	diag_about(j->d, j->c->id, j->deck->langs[j->lang]);
	g_free(msg);
}

/*
 * Element e with the language's fallback families: the fonts' copy,
 * shared by every card, or for an element read for this card alone a
 * copy in the face's arena.
 */
static const struct elem *
lang_elem(const struct facejob *j, const struct elem *e)
{
	const char *fb = j->deck->fallback != NULL ?
	    j->deck->fallback[j->lang] : NULL;
	struct elem *v;

	if (!e->percard)
		return layout_fonts_elem(j->fonts, j->deck, e, j->lang);
	if (fb == NULL || e->type != ELEM_TEXT)
		return e;
	v = arena_alloc(j->out->arena, sizeof(*v));
	*v = *e;
	v->families = arena_printf(j->out->arena, "%s,%s", e->families ?
	    e->families : e->family, fb);
	return v;
}

static void
lay_text(const struct facejob *j, struct lbox *b)
{
	const struct elem *e = b->e = lang_elem(j, b->e);
	const struct deck *deck = j->deck;
	struct cardvars cv = { deck, j->c, e, j->copy, j->lang, { "", "" },
	    0, false };
	struct vars v = { card_var, &cv };
	const struct text *where = NULL;
	const char *s = e->literal;
	struct fitted fit;
	struct mctx m;
	bool report;

	if (e->string != NULL && (s = card_text(&deck->kinds[j->c->kind].strs,
	    j->lang, e->string, &where)) != NULL)
		cv.marks |= text_marks(where);
	else if (s == NULL && e->field != NULL && (s = card_text(j->c,
	    j->lang, e->field, &where)) != NULL)
		cv.marks |= text_marks(where);
	/* Only the validator lays out cards with texts missing (reported). */
	if (s == NULL)
		s = "";
	layout_fitstats.boxes++;
	card_mctx(j, e, &v, &m);
	b->text = layout_markup(s, &m);
	if (b->text == NULL)
		b->text = g_strdup("");	/* broken markup: reported */
	fit_cached(j->fonts, e, b->text, &fit);
	/* Once a text, however many cards show it (a layout's own). */
	if (m.bad_font != NULL && fit.first)
		bad_font(j, e, where, &m);
	g_free(m.bad_font);
	try_hyphens(j, b, s, &v, &fit);
	b->size = fit.size;
	b->layout = fit.layout;
	/* A later copy differs from the first only where {n} counts
	 * copies: report only that, not the same finding again. */
	report = j->copy == 0 || cv.by_copy;
	/* The same text in the same box (a back, a repeated effect) fits
	 * the same: check its glyphs once too. */
	if (fit.first && report && b->layout == NULL)
		layout_fonts_note(j->fonts, fit.face);	/* proven to show */
	else if (fit.first && report) {
		check_glyphs(j->fonts, deck, j->c, j->lang, b, j->d);
		check_face(j, b, s, where, &v);
	}
	if (!fit.fits) {
		j->out->overflow = true;
		if (deck->draft)
			cv.marks |= MARK_OVERFLOW;
		if (report)
			overflow_warning(deck, j->c, j->lang, e, &fit,
			    deck->draft ? DIAG_WARN : DIAG_ERROR, j->d);
	}
	if (deck->hints)
		cv.marks |= MARK_HINT;
	b->marks = cv.marks;
	b->srclang = deck->langs[0];
	j->out->marks |= cv.marks;
}

/*
 * The image an element shows on a card, into b: read (and its problems
 * reported) when the deck was bound, so this only looks it up; a file
 * that does not exist, where a placeholder may stand for it, is its
 * path in b->placeholder.
 */
static void
lay_image(const struct facejob *j, struct lbox *b)
{
	const struct image *img;

	if (j->fonts->images == NULL)
		return;
	img = load_elem_image(j->deck, j->t, b->e, j->c, j->fonts->images,
	    &b->e->file_pos, j->d, b->src);
	if (img != NULL && img->missing)
		b->placeholder = img->path;
	else
		b->img = img;
}

void
layout_image_scale(const struct lbox *b, double *sx, double *sy)
{
	double fw = b->w / b->src[2], fh = b->h / b->src[3];

	switch (b->e->fit) {
	case FIT_COVER:
		*sx = *sy = fw > fh ? fw : fh;
		break;
	case FIT_STRETCH:
		*sx = fw;
		*sy = fh;
		break;
	default:
		*sx = *sy = fw < fh ? fw : fh;
	}
}

/*
 * What a component is, in words, for the labels of a board's tiles (as
 * Pango markup): its kind's "label" string (a template such as
 * "{sector}"), else the kind's "name", else its id.
 */
static char *
card_label(const struct fonts *fonts, const struct deck *deck,
    const struct card *c, size_t lang)
{
	static const struct elem none = { .type = ELEM_TEXT };
	const struct card *ks = &deck->kinds[c->kind].strs;
	struct cardvars cv = { deck, c, &none, 0, lang, { "", "" }, 0, false };
	struct vars v = { card_var, &cv };
	const char *s = card_text(ks, lang, "label", NULL);
	struct mctx mc = { .icons = fonts->icons, .v = &v };
	char *m;

	if (s == NULL)
		s = card_text(ks, lang, "name", NULL);
	if (s != NULL && (m = layout_markup(s, &mc)) != NULL) {
		g_free(mc.bad_font);
		return m;
	}
	return g_markup_escape_text(c->id, -1);
}

/*
 * bleed: true grows a box over the trim edges it touches (or crosses),
 * by the bleed, and nowhere else: a band along the top prints into the
 * bleed above and beside it but keeps its depth.  A round component's
 * edges are those of its square: a box over the whole face grows all
 * round.
 */
static void
grow_bleed(const struct facejob *j, struct lbox *b)
{
	double eps = 1e-6, x1 = b->x + b->w, y1 = b->y + b->h,
	    bleed = j->out->bleed;

	if (b->x <= eps)
		b->x -= bleed;
	if (b->y <= eps)
		b->y -= bleed;
	if (x1 >= j->fw - eps)
		x1 += bleed;
	if (y1 >= j->fh - eps)
		y1 += bleed;
	b->w = x1 - b->x;
	b->h = y1 - b->y;
}

/* card_var() for markup_plain_subst(), which hands its context const. */
static const char *
alt_var(const void *ctx, const char *name)
{
	return card_var((void *)(uintptr_t)ctx, name);
}

/* A picture's alternate text for j's card: its {…} references filled. */
static char *
lay_alt(const struct facejob *j, const struct elem *e)
{
	struct cardvars cv = { j->deck, j->c, e, j->copy, j->lang, { "", "" },
	    0, false };

	return markup_plain_subst(e->alt, alt_var, &cv);
}

/* Element e placed on j's face: its box, colours, text, icon, image. */
static void
lay_elem(const struct facejob *j, const struct elem *e)
{
	const struct tmpl *t = j->t;
	const struct card *c = j->c;
	struct laid *out = j->out;
	struct lbox *b;
	size_t k;

	xgrow((void **)&out->v, &out->cap, out->n + 1, sizeof(*out->v));
	b = &out->v[out->n++];
	memset(b, 0, sizeof(*b));
	b->e = e;
	b->panel = j->panel;
	b->x = e->x;
	b->y = e->y;
	b->w = e->w;
	b->h = e->h;
	if (e->bleed)
		grow_bleed(j, b);
	b->fill = resolve(t, &e->fill, c);
	for (k = 0; k < e->grad.n; k++)
		b->stops[k] = resolve(t, &e->grad.stops[k], c);
	b->stroke = resolve(t, &e->stroke, c);
	b->color = resolve(t, &e->color, c);
	if (e->type == ELEM_TEXT)
		lay_text(j, b);
	else if (e->type == ELEM_ICON)
		b->text = utf8_char(e->codepoint ? e->codepoint :
		    tmpl_icon_find(j->fonts->icons,
		    card_attr(c, e->icon_attr)));
	else if (e->type == ELEM_IMAGE)
		lay_image(j, b);
	if (e->alt != NULL)
		b->alt = lay_alt(j, e);
}

/* The arena of the card's own values: a die's faces live there too. */
static struct arena *
face_arena(struct laid *out)
{
	if (out->arena == NULL)
		out->arena = xcalloc(1, sizeof(*out->arena));
	return out->arena;
}

/*
 * An element whose values come from the card's data: read for this
 * card (and copy), in the face's own arena, into the elements it makes
 * (a repeat's many, or none), each placed if its when: holds.
 */
static void
lay_percard(const struct facejob *j, const struct elem *e)
{
	struct tcard tc = { j->deck, j->c, j->copy, j->lang };
	struct elem *v;
	size_t n, k;

	if (!tmpl_elem_card(j->t, e, &tc, face_arena(j->out), NULL, &v, &n,
	    j->d))
		return;
	for (k = 0; k < n; k++)
		if (elem_applies(&v[k], j->c))
			lay_elem(j, &v[k]);
}

/* The elements of face f (a tuck box's in panel part) on j's card. */
static void
lay_face(const struct facejob *j, enum face f, unsigned int part)
{
	const struct tmpl *t = j->t;
	size_t i;

	for (i = 0; i < t->nelems[f]; i++) {
		const struct elem *e = &t->elems[f][i];

		if (e->panel != part || !elem_applies(e, j->c))
			continue;
		if (e->node != NULL)
			lay_percard(j, e);
		else
			lay_elem(j, e);
	}
}

/*
 * Each panel of a net in its frame: a die's front once a face, with
 * that face's values; a tuck box's elements in the panels they name.
 */
static void
lay_net(struct facejob *j, enum face f)
{
	const struct net *n = j->t->net;
	const struct card *c = j->c;
	size_t p;

	for (p = 0; p < n->npanels; p++) {
		const struct net_panel *np = &n->panels[p];

		if (j->t->faces == 0 && np->part == NET_PART_NONE)
			continue;
		j->panel = (unsigned int)p + 1;
		j->fw = np->w;
		j->fh = np->h;
		j->c = j->t->faces > 0 ? card_die_face(face_arena(j->out),
		    j->deck, c, np->face) : c;
		lay_face(j, f, j->t->faces > 0 ? NET_PART_NONE : np->part);
	}
	j->c = c;
}

void
layout_card_part(const struct fonts *fonts, const struct deck *deck,
    const struct tmpl *t, const struct card *c, unsigned int copy,
    unsigned int part, size_t lang, enum face f, struct laid *out,
    struct diags *d)
{
	struct facejob j = { fonts, deck, c, copy, lang, out, d, t, 0, t->w,
	    t->h };

	memset(out, 0, sizeof(*out));
	out->w = t->w;
	out->h = t->h;
	out->bleed = f == FACE_BACK ? t->back_bleed : t->bleed;
	out->shape = t->shape;
	out->corner = t->corner;
	out->net = t->net;
	out->title_field = deck->kinds[c->kind].title_field;
	out->cap = t->nelems[f] + 1;
	out->v = xcalloc(out->cap, sizeof(*out->v));
	if (t->net != NULL) {
		lay_net(&j, f);
	} else {
		/* A die's stickers: one face of it. */
		if (t->faces > 0)
			j.c = card_die_face(face_arena(out), deck, c,
			    part > 0 ? part : 1);
		lay_face(&j, f, NET_PART_NONE);
	}
	out->label = card_label(fonts, deck, c, lang);
}

void
layout_card(const struct fonts *fonts, const struct deck *deck,
    const struct tmpl *t, const struct card *c, unsigned int copy,
    size_t lang, enum face f, struct laid *out, struct diags *d)
{
	layout_card_part(fonts, deck, t, c, copy, 0, lang, f, out, d);
}

void
layout_laid_unshape(struct laid *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->v[i].layout != NULL) {
			g_object_unref(l->v[i].layout);
			l->v[i].layout = NULL;
		}
}

void
layout_laid_free(struct laid *l)
{
	size_t i;

	if (l == NULL)
		return;
	for (i = 0; i < l->n; i++) {
		g_free(l->v[i].text);
		free(l->v[i].alt);
		if (l->v[i].layout != NULL)
			g_object_unref(l->v[i].layout);
	}
	free(l->v);
	g_free(l->label);
	if (l->arena != NULL) {
		arena_free(l->arena);
		free(l->arena);
		l->arena = NULL;
	}
	l->v = NULL;
	l->label = NULL;
	l->n = 0;
}
