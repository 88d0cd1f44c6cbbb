/* SPDX-License-Identifier: MIT */
/*
 * Translations checked against the source language (the deck's first):
 * missing and extra strings, markup and icons that differ, text left
 * identical to the source, copy-paste mistranslations, and stale
 * strings whose source text changed since they were translated.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../markup/markup.h"
#include "checking.h"

/*
 * One token of markup as it must read in every language: a tag with
 * its attributes as written, an icon or image with its options.
 */
static void
sign_token(struct strbuf *b, const struct mtoken *k)
{
	static const char *const names[] = { "", "**", "**", "*", "*" };
	size_t j;

	switch (k->type) {
	case MT_ICON:
	case MT_IMG:
		sb_printf(b, "{%s:%s", k->type == MT_ICON ? "icon" : "img",
		    k->text);
		for (j = 0; j < k->nattrs; j++)
			sb_printf(b, "|%s=%s", k->attrs[j].key,
			    k->attrs[j].val);
		sb_puts(b, "}");
		break;
	case MT_VAR:
		sb_printf(b, "{%s}", k->text);
		break;
	case MT_TAG_ON:
		sb_printf(b, "<%s", k->text);
		for (j = 0; j < k->nattrs; j++)
			sb_printf(b, " %s=\"%s\"", k->attrs[j].key,
			    k->attrs[j].val);
		sb_puts(b, ">");
		break;
	case MT_TAG_OFF:
		sb_printf(b, "</%s>", k->text);
		break;
	default:
		sb_puts(b, names[k->type]);
	}
}

/*
 * The markup of s as a comparable string: "** ** * * {icon:eye} {n}
 * <b> </b>"; *err a copy of the problem if it has one (free()).
 */
static char *
markup_signature(const char *s, char **err)
{
	struct mtokens t;
	struct strbuf b = { 0 };
	size_t i;

	sb_puts(&b, "");
	*err = NULL;
	if (!markup_parse(s, &t))
		*err = xstrdup(t.err);
	for (i = 0; i < t.n; i++) {
		if (t.v[i].type == MT_TEXT)
			continue;
		if (b.len > 0)
			sb_puts(&b, " ");
		sign_token(&b, &t.v[i]);
	}
	markup_free(&t);
	return b.s;
}

/*
 * Has s a letter of any script in its text (not in its markup, icons or
 * {names})?  A number, a sign or a dash ("42", "+2", "—") reads the same
 * in every language: equal to the source, it is not left untranslated.
 */
static bool
has_letters(const char *s)
{
	struct mtokens t;
	const char *p;
	bool any = false;
	size_t i;

	if (!markup_parse(s, &t))
		any = true;	/* unparsed: judged as a text */
	for (i = 0; !any && i < t.n; i++)
		for (p = t.v[i].text; t.v[i].type == MT_TEXT && !any &&
		    *p != '\0'; p = g_utf8_next_char(p))
			any = g_unichar_isalpha(g_utf8_get_char(p));
	markup_free(&t);
	return any;
}

static const char *
describe(const char *sig)
{
	return *sig ? sig : "none";
}

void
validate_markup(const struct card *c, const char *lang, const char *srclang,
    const struct text *src, const struct text *t, struct diags *d)
{
	char *e1, *e2;
	char *s1 = markup_signature(src->value, &e1);
	char *s2 = markup_signature(t->value, &e2);

	if (e2 != NULL) {
		diag_add(d, DIAG_ERROR, &t->pos, "markup", "%s (%s): %s: "
		    "%s", c->label, lang, t->field, e2);
		diag_about(d, c->id, lang);
	} else if (e1 == NULL && strcmp(s1, s2) != 0) {
		diag_add(d, DIAG_ERROR, &t->pos, "markup", "%s (%s): %s: "
		    "markup, icons and names in braces differ from the %s "
		    "text (%s: %s; %s: %s)", c->label, lang, t->field, srclang,
		    srclang,
		    describe(s1), lang, describe(s2));
		diag_about(d, c->id, lang);
	}
	free(s1);
	free(s2);
	free(e1);
	free(e2);
}

/*
 * deckpress's default for a pack string translates deckpress's own
 * source text; a game that wrote its own source text needs its own
 * translation too.
 */
static void
check_default(const struct card *c, const char *lang, const char *srclang,
    const struct text *src, const struct text *t, struct trstats *st,
    struct diags *d)
{
	char h[9];

	text_hash(src->value, h);
	if (t->src_hash == NULL || strcmp(t->src_hash, h) == 0)
		return;
	st->stale++;
	diag_add(d, DIAG_WARN, &src->pos, "stale", "%s (%s): %s is "
	    "deckpress's default text in '%s', but the %s text is this "
	    "game's own: translate it under 'pack:' in text/%s.yaml "
	    "('deckpress strings' writes it there)", c->label, lang, t->field,
	    lang, srclang, lang);
	diag_about(d, c->id, lang);
}

static void
check_string(const struct card *c, const char *lang, const char *srclang,
    const struct text *src, const struct text *t, struct trstats *st,
    struct diags *d)
{
	char h[9];

	st->strings++;
	validate_markup(c, lang, srclang, src, t, d);
	if (t->deflt) {
		check_default(c, lang, srclang, src, t, st, d);
		return;
	}
	if (strcmp(src->value, t->value) == 0 && !t->same &&
	    has_letters(t->value)) {
		st->identical++;
		diag_add(d, DIAG_WARN, &t->pos, "identical", "%s (%s): %s is "
		    "the same as the %s text; if that is meant (a name), add "
		    "'same: [%s]' to %s", c->label, lang, t->field, srclang,
		    t->field, strncmp(c->label, "card ", 5) == 0 ?
		    "the card" : "its entry");
		diag_about(d, c->id, lang);
	}
	text_hash(src->value, h);
	if (t->src_hash == NULL) {
		st->unrecorded++;
		diag_add(d, DIAG_WARN, &t->key_pos, "stale", "%s (%s): %s "
		    "records no source; run 'deckpress strings' to record "
		    "which %s text it translates", c->label, lang, t->field,
		    srclang);
		diag_about(d, c->id, lang);
	} else if (strcmp(t->src_hash, h) != 0) {
		st->stale++;
		diag_add(d, DIAG_WARN, &t->hash_pos, "stale", "%s (%s): %s is "
		    "stale: the %s text changed since it was translated (now "
		    "\"%s\"); 'deckpress strings' shows the change", c->label,
		    lang, t->field, srclang, src->value);
		diag_about(d, c->id, lang);
	}
}

/*
 * typography: smart: a quotation mark typed in t that is not its
 * language's (German's „ “, French's « »), where a straight one would
 * have printed as the language has it.
 */
static void
check_quotes(const struct card *c, const char *lang, const struct text *t,
    struct diags *d)
{
	const struct quotes *q = load_quotes(lang);
	const char *bad = load_quote_misfit(t->value, lang);

	if (bad == NULL || t->deflt)
		return;
	diag_add(d, DIAG_WARN, &t->pos, "quotes", "%s (%s): %s has %s, not "
	    "%s's quotes %s %s; type straight quotes \" and typography: "
	    "smart prints them as %s's", c->label, lang, t->field, bad, lang,
	    q->open, q->close, lang);
	diag_about(d, c->id, lang);
}

/* Missing, extra, and the string checks, for card c in language li. */
static void
check_card(const struct deck *deck, const struct card *c, size_t li,
    struct trstats *st, struct diags *d)
{
	const struct cardtext *sct = &c->texts[0], *ct = &c->texts[li];
	const char *lang = deck->langs[li], *srclang = deck->langs[0];
	const struct text *t;
	size_t i;

	if (sct->n == 0)
		return;		/* no source to compare with: reported */
	for (i = 0; i < sct->n; i++) {
		const struct text *src = &sct->v[i];

		if (src->value == NULL)
			continue;
		/* deckpress's own string for a duplex mode, untouched:
		 * only a pack printed in that mode wants it, and says so
		 * if the language lacks it; neither counted nor missing. */
		if (src->deflt && pack_mode_string(src->field) &&
		    (card_text(c, li, src->field, &t) == NULL || t->deflt))
			continue;
		if (card_text(c, li, src->field, &t) != NULL) {
			check_string(c, lang, srclang, src, t, st, d);
			if (deck->smart)
				check_quotes(c, lang, t, d);
		} else {
			/* A whole card or an empty string: reported by load. */
			st->missing++;
			if (t != NULL || ct->pos.file == NULL)
				continue;
			diag_add(d, DIAG_ERROR, &ct->key_pos, "missing",
			    "%s (%s): no %s; the %s text is \"%s\"", c->label,
			    lang, src->field, srclang, src->value);
			diag_about(d, c->id, lang);
		}
	}
	for (i = 0; i < ct->n; i++) {
		/* A default the source has no text for is not used. */
		if (ct->v[i].deflt || card_text(c, 0, ct->v[i].field, &t) !=
		    NULL || t != NULL)
			continue;
		st->extra++;
		diag_add(d, DIAG_ERROR, &ct->v[i].key_pos, "extra", "%s (%s): "
		    "%s has no %s text to translate", c->label, lang,
		    ct->v[i].field, srclang);
		diag_about(d, c->id, lang);
	}
}

struct same_row {
	const struct card	*card;
	const struct text	*t, *src;
};

/* Warn at whichever of the two comes later in the file. */
static void
copy_warning(const struct deck *deck, size_t li, const struct same_row *a,
    const struct same_row *b, struct diags *d)
{
	if (a->t->pos.line > b->t->pos.line) {
		const struct same_row *x = a;

		a = b;
		b = x;
	}
	diag_add(d, DIAG_WARN, &b->t->pos, "copy", "card '%s' (%s): its %s "
	    "is the same as the %s of card '%s', but their %s texts differ",
	    b->card->id, deck->langs[li], b->t->field, a->t->field,
	    a->card->id, deck->langs[0]);
	diag_about(d, b->card->id, deck->langs[li]);
	diag_add(d, DIAG_NOTE, &a->t->pos, NULL, "the %s of card '%s'",
	    a->t->field, a->card->id);
}

static int
rowcmp(const void *pa, const void *pb)
{
	const struct same_row *a = pa, *b = pb;
	int c = strcmp(a->t->field, b->t->field);

	if (c == 0)
		c = strcmp(a->t->value, b->t->value);
	if (c == 0)
		c = strcmp(a->src->value, b->src->value);
	return c;
}

/*
 * Two cards with the same translation but different source texts: one
 * of them was probably pasted from the other.  Sorting makes this
 * O(n log n), for decks of thousands of cards.
 */
static void
check_copies(const struct deck *deck, size_t li, struct diags *d)
{
	struct same_row *rows = NULL;
	size_t n = 0, cap = 0, i, j, k;
	const struct text *t, *src;

	for (i = 0; i < deck->ncards; i++) {
		const struct cardtext *ct = &deck->cards[i].texts[li];

		for (j = 0; j < ct->n; j++) {
			t = &ct->v[j];
			if (t->value == NULL || card_text(&deck->cards[i], 0,
			    t->field, &src) == NULL)
				continue;
			xgrow((void **)&rows, &cap, n + 1, sizeof(*rows));
			rows[n].card = &deck->cards[i];
			rows[n].t = t;
			rows[n++].src = src;
		}
	}
	if (n > 1)
		qsort(rows, n, sizeof(*rows), rowcmp);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && strcmp(rows[j].t->field,
		    rows[i].t->field) == 0 && strcmp(rows[j].t->value,
		    rows[i].t->value) == 0; j++)
			;
		for (k = i + 1; k < j; k++) {
			if (strcmp(rows[k].src->value, rows[i].src->value) == 0)
				continue;
			copy_warning(deck, li, &rows[i], &rows[k], d);
		}
	}
	free(rows);
}

/*
 * The pack's strings, or an attribute's values: like a card's; when
 * the language's file has no entry for them, what it lacks is one
 * error (the loader reports nothing there: each may have defaults).
 */
static void
check_pseudo(const struct deck *deck, const struct card *c, size_t li,
    const char *key, struct trstats *st, struct diags *d)
{
	const struct cardtext *src = &c->texts[0];
	size_t i, n = 0, before = st->missing;

	check_card(deck, c, li, st, d);
	if (c->texts[li].pos.file != NULL || st->missing == before)
		return;
	for (i = 0; i < src->n; i++)
		if (src->v[i].value != NULL &&
		    card_text(c, li, src->v[i].field, NULL) == NULL)
			n++;
	diag_add(d, DIAG_ERROR, &c->pos, "missing", "%s (%s): %zu string%s "
	    "ha%s no text: write %s under '%s:' in text/%s.yaml ('deckpress "
	    "strings --lang %s' does)", c->label, deck->langs[li], n, n == 1 ?
	    "" : "s", n == 1 ? "s" : "ve", n == 1 ? "it" : "them", key,
	    deck->langs[li], deck->langs[li]);
	diag_about(d, NULL, deck->langs[li]);
}

void
validate_translations(const struct deck *deck, size_t li,
    struct trstats *st, struct diags *d)
{
	size_t i;

	memset(st, 0, sizeof(*st));
	if (li > 0) {
		for (i = 0; i < deck->ncards; i++)
			check_card(deck, &deck->cards[i], li, st, d);
		for (i = 0; deck->vals != NULL && i < deck->nattrdefs; i++)
			check_pseudo(deck, &deck->vals[i], li, "values", st,
			    d);
		for (i = 0; i < deck->nkinds; i++)
			if (deck->kinds[i].strs.texts != NULL)
				check_pseudo(deck, &deck->kinds[i].strs, li,
				    "components", st, d);
		if (deck->pack.texts != NULL && load_has_pack(deck, li))
			check_pseudo(deck, &deck->pack, li, "pack", st, d);
	}
	check_copies(deck, li, d);
}
