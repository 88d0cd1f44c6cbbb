/* SPDX-License-Identifier: MIT */
/*
 * The fields and variables of a deck's layouts against its text files,
 * for load_bind() (bind.c): a field a layout shows that no card has,
 * said once at the layout, and {attr} printed in a translation with
 * deck.yaml's spelling of its values.  Part of the load stage.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "loading.h"

/* The faces to check: one when the back is the front's own list. */
static size_t
nfaces(const struct tmpl *t)
{
	return t->back_is_front ? 1 : 2;
}

/* Is name one of v's n strings? */
static bool
in_list(const char *const *v, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i] != NULL && strcmp(v[i], name) == 0)
			return true;
	return false;
}

bool
load_orphans_field(const struct orphans *o, const char *field)
{
	return in_list(o->field, o->n, field);
}

bool
load_orphans_hint(const struct orphans *o, const char *field)
{
	return in_list(o->hint, o->n, field);
}

void
load_orphans_free(struct orphans *o)
{
	if (o == NULL)
		return;
	free(o->field);
	free(o->hint);
}

/*
 * The text fields of the cards whose template is t, without repeats;
 * how many cards those are into ncards.
 */
static const char **
card_fields(const struct deck *deck, const struct tmpl *const *tmpls,
    const struct tmpl *t, size_t *n, size_t *ncards)
{
	size_t cap = 16, i, li, j;
	const char **v = xcalloc(cap, sizeof(*v));

	*n = *ncards = 0;
	for (i = 0; i < deck->ncards; i++) {
		const struct card *c = &deck->cards[i];

		if (tmpls[c->kind] != t)
			continue;
		(*ncards)++;
		for (li = 0; li < deck->nlangs; li++)
			for (j = 0; j < c->texts[li].n; j++) {
				const char *f = c->texts[li].v[j].field;

				if (in_list(v, *n, f))
					continue;
				if (*n == cap)
					v = xrealloc(v, (cap *= 2) *
					    sizeof(*v));
				v[(*n)++] = f;
			}
	}
	return v;
}

/*
 * Kind k's orphans (struct orphans) into o, reported at the layout's
 * element when k is the first kind of its template.  False if any.
 */
/* On how many cards (up to 2) of template t does element e show? */
static size_t
shown_on(const struct deck *deck, const struct tmpl *const *tmpls,
    const struct tmpl *t, const struct elem *e)
{
	size_t i, n = 0;

	for (i = 0; i < deck->ncards && n < 2; i++)
		if (tmpls[deck->cards[i].kind] == t &&
		    elem_applies(e, &deck->cards[i]))
			n++;
	return n;
}

bool
load_bind_orphans(const struct deck *deck, const struct tmpl *const *tmpls,
    size_t k, struct orphans *o, struct diags *d)
{
	const struct tmpl *t = tmpls[k];
	const char **have, *hint;
	size_t nhave, ncards, f, i, j;
	bool first;

	for (j = 0; j < k && tmpls[j] != t; j++)
		;
	first = j == k;
	have = card_fields(deck, tmpls, t, &nhave, &ncards);
	o->field = xcalloc(t->nelems[0] + t->nelems[1] + 1, sizeof(char *));
	o->hint = xcalloc(t->nelems[0] + t->nelems[1] + 1, sizeof(char *));
	/*
	 * Cards that all lack a field the layout shows them say the
	 * layout is wrong; one card alone says nothing of the kind, and
	 * its own messages name it.  An element shown on no card (its
	 * "when" holds for none yet) asks nothing.
	 */
	for (f = 0; f < nfaces(t) && ncards >= 2; f++)
		for (i = 0; i < t->nelems[f]; i++) {
			const struct elem *e = &t->elems[f][i];

			if (e->type != ELEM_TEXT || e->field == NULL ||
			    in_list(have, nhave, e->field) ||
			    in_list(o->field, o->n, e->field) ||
			    shown_on(deck, tmpls, t, e) < 2)
				continue;
			hint = closest_word(e->field, have, nhave);
			o->field[o->n] = e->field;
			o->hint[o->n++] = hint;
			if (first)
				diag_add(d, DIAG_ERROR, &e->pos,
				    "unknown-field", "field '%s': no card has "
				    "this text in any text file%s%s%s", e->field,
				    HINT_ARGS(hint));
		}
	free(have);
	return o->n == 0;
}

/* Does s show the variable {name}? */
static bool
shows_var(const char *s, const char *name)
{
	size_t n = strlen(name);

	for (; s != NULL && (s = strchr(s, '{')) != NULL; s++)
		if (strncmp(s + 1, name, n) == 0 && s[n + 1] == '}')
			return true;
	return false;
}

/* Does a layout's fixed text, or a source text of a card, show {name}? */
static bool
var_shown(const struct deck *deck, const struct tmpl *const *tmpls,
    const char *name)
{
	size_t k, f, i, j;

	for (k = 0; k < deck->nkinds; k++)
		for (f = 0; f < nfaces(tmpls[k]); f++)
			for (i = 0; i < tmpls[k]->nelems[f]; i++)
				if (shows_var(tmpls[k]->elems[f][i].literal,
				    name))
					return true;
	for (i = 0; i < deck->ncards; i++)
		for (j = 0; j < deck->cards[i].texts[0].n; j++)
			if (shows_var(deck->cards[i].texts[0].v[j].value, name))
				return true;
	return false;
}

/* Is one of an attribute's values a word (a letter in it), not a number? */
static bool
has_words(const struct attrdef *def)
{
	size_t i;
	const char *p;

	for (i = 0; i < def->nvalues; i++)
		for (p = def->values[i]; *p != '\0'; p++)
			if (g_ascii_isalpha(*p) || (unsigned char)*p >= 0x80)
				return true;
	return false;
}

/*
 * {attr} shows an attribute's value as its text file translates it
 * (values: ATTR:), or as deck.yaml spells it when no file does: then a
 * translation prints the source's words.  A warning per language and
 * attribute, where the attribute is declared.
 */
void
load_bind_raw_values(const struct deck *deck, const struct tmpl *const *tmpls,
    struct diags *d)
{
	size_t k, li;

	for (k = 0; deck->vals != NULL && k < deck->nattrdefs; k++) {
		const struct attrdef *def = &deck->attrdefs[k];

		/* Source values with texts: translate.c asks for theirs. */
		if (def->values == NULL || !has_words(def) ||
		    deck->vals[k].texts[0].n > 0 ||
		    !var_shown(deck, tmpls, def->name))
			continue;
		for (li = 1; deck->loaded != NULL && li < deck->nlangs; li++)
			if (deck->loaded[li] && deck->vals[k].texts[li].n == 0)
				diag_add(d, DIAG_WARN, &def->pos, "raw-values",
				    "{%s} prints the values of '%s' as deck.yaml "
				    "spells them ('%s'...) on the %s "
				    "cards: no text file has 'values: %s:' "
				    "to translate them", def->name, def->name,
				    def->values[0], deck->langs[li],
				    def->name);
	}
}
