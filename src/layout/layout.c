/* SPDX-License-Identifier: MIT */
/*
 * Template + card -> boxes: choose the elements whose conditions hold,
 * resolve colours bound to attributes, uppercase and fit text, turn
 * icon names into glyphs.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../load/load.h"
#include "layout.h"

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

char *
layout_markup(const char *s, bool upper, const struct iconmap *icons,
    struct hyph *h, const char *lang)
{
	struct mtokens t;
	GString *b = g_string_new(NULL);
	char *esc, *up;
	size_t i;

	if (!markup_parse(s, &t)) {
		markup_free(&t);
		g_string_free(b, TRUE);
		return NULL;
	}
	for (i = 0; i < t.n; i++)
		switch (t.v[i].type) {
		case MT_TEXT:
			esc = h ? hyph_text(h, lang, t.v[i].text) :
			    g_strdup(t.v[i].text);
			up = upper ? g_utf8_strup(esc, -1) : g_strdup(esc);
			g_free(esc);
			esc = g_markup_escape_text(up, -1);
			g_string_append(b, esc);
			g_free(esc);
			g_free(up);
			break;
		case MT_BOLD_ON:
			g_string_append(b, "<b>");
			break;
		case MT_BOLD_OFF:
			g_string_append(b, "</b>");
			break;
		case MT_ITALIC_ON:
			g_string_append(b, "<i>");
			break;
		case MT_ITALIC_OFF:
			g_string_append(b, "</i>");
			break;
		case MT_ICON:
			g_string_append_printf(b, "<span font_family=\"%s\" "
			    "font_weight=\"normal\" font_style=\"normal\">"
			    "&#x%X;</span>", ICON_FAMILY,
			    iconmap_find(icons, t.v[i].text));
			break;
		}
	markup_free(&t);
	return g_string_free(b, FALSE);
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
	    deck->langs[lang], e->field ? e->field : "fixed text",
	    e->size_min, what);
	diag_about(d, c->id, deck->langs[lang]);
}

/* A character no bundled font has would print as a box: say so. */
static void
check_glyphs(const struct fonts *fonts, const struct deck *deck,
    const struct card *c, size_t lang, const struct lbox *b,
    struct diags *d)
{
	PangoLayout *l = fit_layout(fonts->ctx, b->e, b->text, b->size);
	const struct text *where = NULL;
	int n = pango_layout_get_unknown_glyphs_count(l);

	g_object_unref(l);
	if (n == 0)
		return;
	if (b->e->field != NULL)
		card_text(c, lang, b->e->field, &where);
	diag_add(d, DIAG_WARN, where ? &where->pos : &b->e->pos, "glyph",
	    "card '%s' (%s): %s has %d character%s that no font in fonts/ "
	    "can show", c->id, deck->langs[lang],
	    b->e->field ? b->e->field : "fixed text", n, n == 1 ? "" : "s");
}

/* fit_text(), remembered per element and text. */
static void
fit_cached(const struct fonts *fonts, const struct elem *e, const char *text,
    struct fitted *fit)
{
	char *key = g_strdup_printf("%p\x1f%s", (const void *)e, text);
	struct fitted *hit = g_hash_table_lookup(fonts->fitcache, key);

	if (hit != NULL) {
		*fit = *hit;
		fit->first = false;
		g_free(key);
		return;
	}
	fit_text(fonts->ctx, e, text, fit);
	fit->first = true;
	g_hash_table_insert(fonts->fitcache, key, g_memdup2(fit,
	    sizeof(*fit)));
}

static void
lay_text(const struct fonts *fonts, const struct deck *deck,
    const struct card *c, size_t lang, struct lbox *b, struct laid *out,
    enum diag_level level, struct diags *d)
{
	const struct elem *e = b->e;
	const char *s = e->literal ? e->literal :
	    card_text(c, lang, e->field, NULL);
	struct fitted fit;

	/* Only the validator lays out cards with texts missing (reported). */
	if (s == NULL)
		s = "";
	b->text = layout_markup(s, e->upper, fonts->icons, NULL, NULL);
	if (b->text == NULL)
		b->text = g_strdup("");	/* broken markup: reported */
	fit_cached(fonts, e, b->text, &fit);
	/*
	 * Words break at dictionary hyphenation points only when the text
	 * would not fit otherwise: a card reads best with few hyphens, but
	 * a long compound must never overflow or split at any letter.
	 */
	if (!fit.fits && hyph_has(fonts->hyph, deck->langs[lang])) {
		struct fitted fh;
		char *ht = layout_markup(s, e->upper, fonts->icons,
		    fonts->hyph, deck->langs[lang]);

		if (ht != NULL) {
			fit_cached(fonts, e, ht, &fh);
			if (fh.fits || fh.over_w + fh.over_h <
			    fit.over_w + fit.over_h) {
				g_free(b->text);
				b->text = ht;
				fit = fh;
			} else
				g_free(ht);
		}
	}
	b->size = fit.size;
	/* The same text in the same box (a back, a repeated effect) fits
	 * the same: check its glyphs once too. */
	if (fit.first)
		check_glyphs(fonts, deck, c, lang, b, d);
	if (!fit.fits) {
		out->overflow = true;
		overflow_warning(deck, c, lang, e, &fit, level, d);
	}
}

void
layout_card(const struct fonts *fonts, const struct deck *deck,
    const struct tmpl *t, const struct card *c, size_t lang, enum face f,
    enum diag_level overflow, struct laid *out, struct diags *d)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	out->v = xcalloc(t->nelems[f] + 1, sizeof(*out->v));
	for (i = 0; i < t->nelems[f]; i++) {
		const struct elem *e = &t->elems[f][i];
		struct lbox *b = &out->v[out->n];

		if (!elem_applies(e, c))
			continue;
		out->n++;
		b->e = e;
		b->x = e->x;
		b->y = e->y;
		b->w = e->w;
		b->h = e->h;
		if (e->type == ELEM_RECT && e->bleed) {
			b->x -= t->bleed;
			b->y -= t->bleed;
			b->w += 2 * t->bleed;
			b->h += 2 * t->bleed;
		}
		b->fill = resolve(t, &e->fill, c);
		b->stroke = resolve(t, &e->stroke, c);
		b->color = resolve(t, &e->color, c);
		if (e->type == ELEM_TEXT)
			lay_text(fonts, deck, c, lang, b, out, overflow, d);
		else if (e->type == ELEM_ICON)
			b->text = utf8_char(e->codepoint ? e->codepoint :
			    iconmap_find(fonts->icons,
			    card_attr(c, e->icon_attr)));
	}
}

void
laid_free(struct laid *l)
{
	size_t i;

	if (l == NULL)
		return;
	for (i = 0; i < l->n; i++)
		g_free(l->v[i].text);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}
