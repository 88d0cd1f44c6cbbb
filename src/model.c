/* SPDX-License-Identifier: MIT */
/*
 * What every stage asks of a loaded deck: a card by its id (or the id
 * a typo was meant to be), a language's index, a card's attribute, text
 * or title, the copies of all the cards, whether an element shows on a
 * card.  Below the load stage, which builds the deck and uses these
 * while it does; no I/O.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "model.h"

int
card_idcmp(const void *a, const void *b)
{
	return strcmp((*(struct card *const *)a)->id,
	    (*(struct card *const *)b)->id);
}

int
deck_lang_index(const struct deck *deck, const char *lang)
{
	size_t i;

	for (i = 0; i < deck->nlangs; i++)
		if (strcmp(deck->langs[i], lang) == 0)
			return (int)i;
	return -1;
}

struct card *
deck_card(const struct deck *deck, const char *id)
{
	struct card key = { .id = id }, *kp = &key, **hit;

	if (deck->ncards == 0)
		return NULL;	/* a head without cards has no index */
	hit = bsearch(&kp, deck->by_id, deck->ncards, sizeof(*hit),
	    card_idcmp);
	return hit ? *hit : NULL;
}

const char *
deck_suggest_id(const struct deck *deck, const char *word)
{
	const char **ids = xcalloc(deck->ncards + 1, sizeof(char *)), *hint;
	size_t i;

	for (i = 0; i < deck->ncards; i++)
		ids[i] = deck->cards[i].id;
	hint = closest_word(word, ids, deck->ncards);
	free(ids);
	return hint;
}

const struct attr *
card_attr_of(const struct card *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->nattrs; i++)
		if (strcmp(c->attrs[i].name, name) == 0)
			return &c->attrs[i];
	return NULL;
}

/* In a language: c's texts with "face" (text field name's) first. */
static void
face_texts(struct arena *a, const struct cardtext *from, const char *name,
    struct cardtext *to)
{
	size_t i, k = 0;

	*to = *from;
	to->v = arena_alloc(a, (from->n + 1) * sizeof(*to->v));
	for (i = 0; i < from->n; i++)
		if (strcmp(from->v[i].field, name) == 0) {
			to->v[k] = from->v[i];
			to->v[k++].field = "face";
		}
	for (i = 0; i < from->n; i++)
		to->v[k++] = from->v[i];
	to->n = k;
}

const struct card *
card_die_face(struct arena *a, const struct deck *deck, const struct card *c,
    unsigned int i)
{
	struct card *f = arena_alloc(a, sizeof(*f));
	char *name = arena_printf(a, "face%u", i);
	const struct attr *v = card_attr_of(c, name);
	size_t k, n = 0, l;

	*f = *c;
	f->attrs = arena_alloc(a, (c->nattrs + 2) * sizeof(*f->attrs));
	if (v != NULL) {
		f->attrs[n] = *v;
		f->attrs[n++].name = "face";
	}
	f->attrs[n].name = "face_n";
	f->attrs[n].value = arena_printf(a, "%u", i);
	f->attrs[n].numeric = true;
	f->attrs[n].num = i;
	f->attrs[n++].pos = c->pos;
	for (k = 0; k < c->nattrs; k++)
		f->attrs[n++] = c->attrs[k];
	f->nattrs = n;
	if (c->texts == NULL)
		return f;
	f->texts = arena_alloc(a, deck->nlangs * sizeof(*f->texts) + 1);
	for (l = 0; l < deck->nlangs; l++)
		face_texts(a, &c->texts[l], name, &f->texts[l]);
	return f;
}

const char *
card_attr(const struct card *c, const char *name)
{
	const struct attr *a = card_attr_of(c, name);

	return a != NULL ? a->value : NULL;
}

const char *
card_text(const struct card *c, size_t lang, const char *field,
    const struct text **where)
{
	const struct cardtext *ct = &c->texts[lang];
	size_t i;

	if (where != NULL)
		*where = NULL;
	for (i = 0; i < ct->n; i++)
		if (strcmp(ct->v[i].field, field) == 0) {
			if (where != NULL)
				*where = &ct->v[i];
			return ct->v[i].value;	/* NULL if not written yet */
		}
	return NULL;
}

unsigned int
deck_total(const struct deck *deck)
{
	unsigned int n = 0;
	size_t i;

	for (i = 0; i < deck->ncards; i++)
		n += deck->cards[i].count;
	return n;
}

unsigned int
card_n(const struct deck *deck, const struct card *c, unsigned int copy,
    bool by_card)
{
	if (deck->kinds[c->kind].by_kind)
		return by_card ? (unsigned int)c->kind_index + 1 :
		    c->kind_number + copy;
	return by_card ? (unsigned int)c->index + 1 : c->number + copy;
}

unsigned int
card_total(const struct deck *deck, const struct card *c, bool by_card)
{
	const struct kind *k = &deck->kinds[c->kind];

	if (k->by_kind)
		return by_card ? (unsigned int)k->nentries : k->ncopies;
	return by_card ? (unsigned int)deck->ncards : deck_total(deck);
}

bool
pack_mode_string(const char *field)
{
	static const char *const modes[] = { "-short", "-none", "-fold",
	    NULL };
	size_t i;

	if (strcmp(field, "fold-title") == 0 || strcmp(field, "folding") == 0 ||
	    strcmp(field, "cutting-fold") == 0)
		return true;
	if (strncmp(field, "printing-", 9) != 0 &&
	    strncmp(field, "cards-note-", 11) != 0)
		return false;
	for (i = 0; modes[i] != NULL; i++)
		if (g_str_has_suffix(field, modes[i]))
			return true;
	return false;
}

const char *
card_title(const struct deck *deck, const struct card *c, size_t lang,
    const struct text **where)
{
	const char *f = deck->kinds[c->kind].title_field;

	/* Loaded without its templates: a field named title, if any. */
	return card_text(c, lang, f != NULL ? f : "title", where);
}

bool
attr_number(const char *s, double *out)
{
	char *end;
	double v;

	/* Not hexadecimal, "inf" or blanks, which strtod() would take. */
	if (*s == '\0' || s[strspn(s, "0123456789.eE+-")] != '\0')
		return false;
	errno = 0;
	v = strtod(s, &end);
	if (*end != '\0' || errno == ERANGE || !isfinite(v))
		return false;
	*out = v;
	return true;
}

const char *
attr_number_problem(const struct attrdef *def, const char *s, double *out,
    char *buf, size_t n)
{
	double v;

	if (!attr_number(s, &v))
		snprintf(buf, n, "'%s', not a number", s);
	else if (v > def->max)
		snprintf(buf, n, "%s, over its max %g", s, def->max);
	else if (v < def->min)
		snprintf(buf, n, "%s, under its min %g", s, def->min);
	else {
		*out = v;
		return NULL;
	}
	return buf;
}

bool
cond_holds(const struct cond *k, const struct card *c)
{
	const struct attr *a = NULL;
	const char *v = c->id;
	double want;
	size_t j;

	/* An expression is the template stage's to evaluate. */
	if (k->expr != NULL)
		return k->holds(k, c);
	if (!k->ids && strcmp(k->attr, "id") != 0) {
		if ((a = card_attr_of(c, k->attr)) == NULL)
			return false;
		v = a->value;
	}
	for (j = 0; j < k->nvalues; j++)
		if (a != NULL && a->numeric ? attr_number(k->values[j],
		    &want) && want == a->num : strcmp(k->values[j], v) == 0)
			return true;
	return false;
}

/* Does the element show on this card?  All conditions must hold. */
bool
elem_applies(const struct elem *e, const struct card *c)
{
	size_t i;

	for (i = 0; i < e->nwhen; i++)
		if (!cond_holds(&e->when[i], c))
			return false;
	return true;
}

void
text_hash(const char *s, char out[9])
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 16777619u;
	}
	snprintf(out, 9, "%08x", (unsigned int)h);
}

struct text *
cardtext_add(struct deck *deck, struct cardtext *ct, const char *field)
{
	struct text *v = arena_alloc(&deck->arena, (ct->n + 1) * sizeof(*v));

	if (ct->n > 0)
		memcpy(v, ct->v, ct->n * sizeof(*v));
	ct->v = v;
	v[ct->n].field = field;
	return &v[ct->n++];
}

const struct card *
deck_vals(const struct deck *deck, const char *name)
{
	size_t i;

	for (i = 0; deck->vals != NULL && i < deck->nattrdefs; i++)
		if (strcmp(deck->vals[i].id, name) == 0)
			return &deck->vals[i];
	return NULL;
}

const struct card *
deck_kind_strs(const struct deck *deck, const char *name)
{
	size_t i;

	for (i = 0; i < deck->nkinds; i++)
		if (deck->kinds[i].strs.texts != NULL &&
		    strcmp(deck->kinds[i].name, name) == 0)
			return &deck->kinds[i].strs;
	return NULL;
}
