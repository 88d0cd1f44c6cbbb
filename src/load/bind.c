/* SPDX-License-Identifier: MIT */
/*
 * Bind a deck to the templates of its kinds: the cross-checks that need
 * both, so a missing text or a colour attribute that is no colour is an
 * input error with a position, never a surprise at render time; and a
 * board's spaces take the size of the components that go on them.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../art/art.h"
#include "../tmpl/tmpl.h"
#include "../markup/markup.h"
#include "loading.h"

/* The faces to check: one when the back is the front's own list. */
static size_t
nfaces(const struct tmpl *t)
{
	return t->back_is_front ? 1 : 2;
}

/* Is language li's text checked: the source, or any read if all, but
 * those read for watch --serve's page alone (they fail no build). */
static bool
lang_on(const struct deck *deck, size_t li, bool all)
{
	return li == 0 || (all && deck->loaded != NULL && deck->loaded[li] &&
	    !(deck->others != NULL && deck->others[li]));
}

/* A 'when' value that is not one of the attribute's declared values. */
static void
bad_cond_value(const struct attrdef *def, const struct cond *k,
    const char *v, struct diags *d)
{
	const char *hint = closest_word(v, def->values, def->nvalues);

	if (hint != NULL)
		diag_add(d, DIAG_ERROR, &k->pos, "when", "'when' tests %s for "
		    "'%s', which is not one of its values; did you mean "
		    "'%s'?", def->name, v, hint);
	else
		diag_add(d, DIAG_ERROR, &k->pos, "when", "'when' tests %s for "
		    "'%s', which is not one of its values", def->name, v);
	diag_add(d, DIAG_NOTE, &def->pos, NULL, "the values of '%s' are "
	    "declared here", def->name);
}

/*
 * A 'when' on a number attribute tests numbers in its range: 'many', or
 * a value no card may have, is a mistake.
 */
static bool
number_conds(const struct attrdef *def, const struct cond *k,
    struct diags *d)
{
	char why[160];
	double v;
	size_t j;
	bool ok = true;

	for (j = 0; j < k->nvalues; j++) {
		if (attr_number_problem(def, k->values[j], &v, why,
		    sizeof(why)) == NULL)
			continue;
		diag_add(d, DIAG_ERROR, &k->pos, "when", "'when' tests %s for "
		    "%s", def->name, why);
		diag_add(d, DIAG_NOTE, &def->pos, NULL, "'%s' is declared "
		    "here", def->name);
		ok = false;
	}
	return ok;
}

/* when: {id: [...]}: each id a card of the deck's. */
static bool
check_ids(const struct deck *deck, const struct cond *k, struct diags *d)
{
	const char *hint;
	size_t i;
	bool ok = true;

	for (i = 0; i < k->nvalues; i++) {
		if (deck_card(deck, k->values[i]) != NULL)
			continue;
		hint = deck_suggest_id(deck, k->values[i]);
		diag_add(d, DIAG_ERROR, &k->pos, "when", "'when' names card "
		    "'%s', which %s does not have%s%s%s", k->values[i],
		    deck->file, HINT_ARGS(hint));
		ok = false;
	}
	return ok;
}

/* A die's own names, {face} and {face_n}, on a die's layout. */
static bool
die_var(const struct tmpl *t, const char *name)
{
	return t != NULL && t->faces > 0 && (strcmp(name, "face") == 0 ||
	    strcmp(name, "face_n") == 0);
}

static bool
check_conds(const struct deck *deck, const struct tmpl *t,
    const struct elem *e, struct diags *d)
{
	size_t i, j, k;
	bool ok = true;

	for (i = 0; i < e->nwhen; i++) {
		const struct attrdef *def = NULL;

		/* An expression's names are the card's: checked for each;
		 * a die's face's names are each face's. */
		if (e->when[i].expr != NULL || (!e->when[i].ids &&
		    die_var(t, e->when[i].attr)))
			continue;
		if (e->when[i].ids) {
			ok &= check_ids(deck, &e->when[i], d);
			continue;
		}
		for (j = 0; j < deck->nattrdefs; j++)
			if (strcmp(deck->attrdefs[j].name, e->when[i].attr) == 0)
				def = &deck->attrdefs[j];
		if (def == NULL) {
			diag_add(d, DIAG_ERROR, &e->when[i].pos, "when",
			    "'when' names attribute '%s', which %s does not "
			    "declare", e->when[i].attr, deck->file);
			ok = false;
			continue;
		}
		if (def->number && !number_conds(def, &e->when[i], d))
			ok = false;
		for (k = 0; def->values && k < e->when[i].nvalues; k++) {
			for (j = 0; j < def->nvalues; j++)
				if (strcmp(def->values[j],
				    e->when[i].values[k]) == 0)
					break;
			if (j == def->nvalues) {
				bad_cond_value(def, &e->when[i],
				    e->when[i].values[k], d);
				ok = false;
			}
		}
	}
	return ok;
}

static bool
check_paint(const struct tmpl *t, const struct card *c, const struct paint *p,
    const char *what, const struct elem *e, struct diags *d)
{
	struct rgba tmp;
	const char *v, *why;
	char buf[200];
	size_t i;

	if (p->attr == NULL)
		return true;
	if ((v = card_attr(c, p->attr)) != NULL && tmpl_color(t, v, &tmp))
		return true;
	for (i = 0; i < c->nattrs; i++)
		if (strcmp(c->attrs[i].name, p->attr) == 0)
			break;
	if (v == NULL)
		diag_add(d, DIAG_ERROR, &c->pos, "bind", "card '%s': has no "
		    "'%s', which the layout's %s needs", c->id, p->attr, what);
	else if (*(why = tmpl_color_problem(t, v, buf, sizeof(buf))) != '\0')
		diag_add(d, DIAG_ERROR, &c->attrs[i].pos, "bind", "card '%s': "
		    "%s '%s' is not a colour: %s", c->id, p->attr, v, why);
	else
		diag_add(d, DIAG_ERROR, &c->attrs[i].pos, "bind", "card '%s': "
		    "%s '%s' is not a colour like \"#1d2733\" nor a name of "
		    "the layout's palette", c->id, p->attr, v);
	diag_add(d, DIAG_NOTE, &e->pos, NULL, "used by this element");
	return false;
}

static bool
check_icon(const struct card *c, const struct elem *e,
    const struct iconmap *icons, struct diags *d)
{
	const char *v, *hint;
	size_t i;

	if (e->type != ELEM_ICON || e->icon_attr == NULL)
		return true;
	if ((v = card_attr(c, e->icon_attr)) == NULL) {
		diag_add(d, DIAG_ERROR, &c->pos, "bind", "card '%s': has no "
		    "'%s', which the layout's icon needs", c->id, e->icon_attr);
		diag_add(d, DIAG_NOTE, &e->pos, NULL, "used by this element");
		return false;
	}
	if (tmpl_icon_find(icons, v) != 0)
		return true;
	for (i = 0; i < c->nattrs; i++)
		if (strcmp(c->attrs[i].name, e->icon_attr) == 0)
			break;
	hint = tmpl_icon_suggest(icons, v);
	diag_add(d, DIAG_ERROR, &c->attrs[i].pos, "icon", "card '%s': unknown "
	    "icon '%s'%s%s%s", c->id, v, HINT_ARGS(hint));
	diag_add(d, DIAG_NOTE, &e->pos, NULL, "used by this element");
	return false;
}

/* Every text field a visible element shows must exist, in every language. */
static bool
check_texts(const struct deck *deck, const struct card *c,
    const struct elem *e, const struct orphans *o, bool all,
    struct diags *d)
{
	size_t li;
	bool ok = true;

	if (e->type != ELEM_TEXT || e->field == NULL ||
	    load_orphans_field(o, e->field))
		return true;
	for (li = 0; li < deck->nlangs; li++) {
		if (!lang_on(deck, li, all))
			continue;
		if (c->texts[li].pos.file == NULL && c->texts[li].n == 0)
			continue;	/* the whole card is missing: reported */
		const struct text *w = NULL;

		/* A field given but left empty was reported by load_deck. */
		if (card_text(c, li, e->field, &w) != NULL || w != NULL)
			continue;
		diag_add(d, DIAG_ERROR, &c->texts[li].pos, "missing-text",
		    "card '%s': no '%s' text in language '%s'", c->id, e->field,
		    deck->langs[li]);
		ok = false;
	}
	return ok;
}

/* The names a text may use: {id}, {n}, {total} and the attributes. */
static const char **
var_names(const struct deck *deck, size_t *n)
{
	const char **v = xcalloc(deck->nattrdefs + 4, sizeof(*v));
	size_t i;

	v[0] = "id";
	v[1] = "n";
	v[2] = "total";
	for (i = 0; i < deck->nattrdefs; i++)
		v[i + 3] = deck->attrdefs[i].name;
	*n = deck->nattrdefs + 3;
	return v;
}

/* Is variable name one text can use, else report it at pos. */
static bool
known_var(const struct deck *deck, const char *name, const struct srcpos *pos,
    const char *ctx, struct diags *d)
{
	size_t n, i;
	const char **names = var_names(deck, &n), *hint;
	struct strbuf all = { 0 };

	for (i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0) {
			free(names);
			return true;
		}
	hint = closest_word(name, names, n);
	for (i = 0; i < n; i++)
		sb_printf(&all, "%s{%s}", i ? ", " : "", names[i]);
	diag_add(d, DIAG_ERROR, pos, "unknown-name", "%s%sunknown name "
	    "'{%s}'%s%s%s (a text may show %s; write \\{ for a brace)",
	    ctx ? ctx : "", ctx ? ": " : "", name, HINT_ARGS(hint), all.s);
	sb_free(&all);
	free(names);
	return false;
}

/* A variable that names an attribute card c lacks, reported at pos. */
static bool
has_var(const struct card *c, const char *name, const struct srcpos *pos,
    const struct elem *e, struct diags *d)
{
	if (strcmp(name, "id") == 0 || strcmp(name, "n") == 0 ||
	    strcmp(name, "total") == 0 || card_attr(c, name) != NULL)
		return true;
	if (strcmp(name, "face") == 0 && card_attr(c, "face_n") != NULL)
		diag_add(d, DIAG_ERROR, pos ? pos : &c->pos, "bind", "%s: its "
		    "face %s has no value, which the text \"{face}\" needs: "
		    "give the die face%s", c->label, card_attr(c, "face_n"),
		    card_attr(c, "face_n"));
	else
		diag_add(d, DIAG_ERROR, pos ? pos : &c->pos, "bind", "%s: has "
		    "no '%s', which the text \"{%s}\" needs", c->label, name,
		    name);
	if (e != NULL)
		diag_add(d, DIAG_NOTE, &e->pos, NULL, "used by this element");
	return false;
}

/*
 * Card c (each face of it, on a die) has name, if e shows on it; the
 * first face that has not is said.
 */
static bool
faces_have(const struct deck *deck, const struct tmpl *t,
    const struct card *c, const struct elem *e, const char *name,
    struct diags *d)
{
	struct arena a = { 0 };
	const struct card *f;
	unsigned int i;
	bool ok = true;

	if (t->faces == 0)
		return !elem_applies(e, c) || has_var(c, name, NULL, e, d);
	for (i = 1; ok && i <= t->faces; i++) {
		f = card_die_face(&a, deck, c, i);
		ok = !elem_applies(e, f) || has_var(f, name, NULL, e, d);
	}
	arena_free(&a);
	return ok;
}

/*
 * The variables of an element's fixed text or shared string: names a
 * text can use, and for each card it shows on (of a kind whose
 * template it is), attributes the card has.
 */
static bool
check_literal(const struct deck *deck, const struct tmpl *const *tmpls,
    const struct elem *e, struct diags *d)
{
	const struct tmpl *t = NULL;
	struct mtokens m;
	size_t i, k, f, j;
	bool ok = true;

	if (e->type != ELEM_TEXT || e->literal == NULL)
		return true;
	if (!markup_parse(e->literal, &m)) {
		diag_add(d, DIAG_ERROR, &e->literal_pos, MARKUP_CODE(&m),
		    "%s", m.err);
		markup_free(&m);
		return false;
	}
	/* The template that holds e. */
	for (k = 0; t == NULL && k < deck->nkinds; k++)
		for (f = 0; f < 2; f++)
			for (j = 0; j < tmpls[k]->nelems[f]; j++)
				if (&tmpls[k]->elems[f][j] == e)
					t = tmpls[k];
	for (i = 0; i < m.n; i++) {
		if (m.v[i].type != MT_VAR)
			continue;
		if (!die_var(t, m.v[i].text) && !known_var(deck,
		    m.v[i].text, &e->literal_pos, NULL, d)) {
			ok = false;
			continue;
		}
		for (k = 0; k < deck->ncards; k++)
			if (tmpls[deck->cards[k].kind] == t)
				ok &= faces_have(deck, t, &deck->cards[k], e,
				    m.v[i].text, d);
	}
	markup_free(&m);
	return ok;
}

/*
 * Inline markup must be balanced and nested, its tags known, name
 * icons and images the game or the icon font has, and variables a
 * text can use; each problem at its column in the text.
 */
static bool
check_markup(const struct deck *deck, const struct card *c, size_t li,
    const struct text *t, const struct mcheck *mc0, struct diags *d)
{
	char *ctx = g_strdup_printf("card '%s' (%s): %s", c->id,
	    deck->langs[li], t->field);
	struct mcheck mc = *mc0;
	struct mtokens m;
	struct srcpos pos;
	bool ok = markup_parse(t->value, &m);
	size_t i;

	if (!ok) {
		pos = markup_pos(t, m.err_off);
		diag_add(d, DIAG_ERROR, &pos, MARKUP_CODE(&m), "%s: %s", ctx,
		    m.err);
	}
	for (i = 0; ok && i < m.n; i++) {
		if (m.v[i].type != MT_VAR)
			continue;
		if (!known_var(deck, m.v[i].text, &t->pos, ctx, d) ||
		    !has_var(c, m.v[i].text, &t->pos, NULL, d))
			ok = false;
	}
	mc.text = t;
	mc.ctx = ctx;
	if (ok)
		ok = markup_check(&mc, &m, d);
	g_free(ctx);
	markup_free(&m);
	return ok;
}

static bool
check_all_markup(const struct deck *deck, const struct tmpl *const *tmpls,
    const struct iconmap *icons, struct images *images, bool all,
    struct diags *d)
{
	size_t i, li, j;
	bool ok = true;

	for (i = 0; i < deck->ncards; i++) {
		const struct tmpl *t = tmpls[deck->cards[i].kind];
		struct mcheck mc = { .dir = deck->dir, .icons = icons,
		    .images = images, .pal = (const char *const *)t->pal_names,
		    .npal = t->npal };

		for (li = 0; li < deck->nlangs; li++) {
			if (!lang_on(deck, li, all))
				continue;
			const struct cardtext *ct = &deck->cards[i].texts[li];

			for (j = 0; j < ct->n; j++)
				if (ct->v[j].value != NULL)
					ok &= check_markup(deck,
					    &deck->cards[i], li, &ct->v[j],
					    &mc, d);
		}
	}
	return ok;
}

/* The text fields the elements of t show, without repeats. */
static const char **
tmpl_fields(const struct tmpl *t, size_t *n)
{
	const char **v = xcalloc(t->nelems[0] + t->nelems[1] + 1, sizeof(*v));
	size_t f, i, k;

	*n = 0;
	for (f = 0; f < 2; f++)
		for (i = 0; i < t->nelems[f]; i++) {
			const char *name = t->elems[f][i].field;

			if (t->elems[f][i].type != ELEM_TEXT || name == NULL)
				continue;
			for (k = 0; k < *n && strcmp(v[k], name) != 0; k++)
				;
			if (k == *n)
				v[(*n)++] = name;
		}
	return v;
}

/*
 * Text fields no element of the card's template shows are typos, but
 * for those o has put down to a typo in the layout.
 */
static bool
check_fields(const struct deck *deck, const struct card *c,
    const struct tmpl *t, const struct orphans *o, bool all,
    struct diags *d)
{
	size_t nf, j, k, li;
	const char **fields = tmpl_fields(t, &nf), *hint;
	bool ok = true;

	for (li = 0; li < deck->nlangs; li++) {
		const struct cardtext *ct = &c->texts[li];

		for (j = 0; lang_on(deck, li, all) && j < ct->n; j++) {
			for (k = 0; k < nf; k++)
				if (strcmp(fields[k], ct->v[j].field) == 0)
					break;
			if (k < nf || load_orphans_hint(o, ct->v[j].field))
				continue;
			hint = closest_word(ct->v[j].field, fields, nf);
			diag_add(d, DIAG_ERROR, &ct->v[j].key_pos,
			    "unknown-field", "%s: unknown text field "
			    "'%s'%s%s%s", c->label, ct->v[j].field,
			    HINT_ARGS(hint));
			ok = false;
		}
	}
	free(fields);
	return ok;
}

/*
 * A string a template shares between the entries of a kind
 * (string: NAME) must be in the kind's strings, in every language
 * checked: under components: KIND: in the text files.
 */
/*
 * A component's string is markup as a card's text is: tags balanced,
 * nested and known, each problem at its column.  (Its icons and images
 * are not looked for here: one that is missing is left out of the
 * line.)
 */
static bool
check_str_markup(const struct deck *deck, const struct kind *k, size_t li,
    const struct text *w, struct diags *d)
{
	struct mtokens m;
	struct srcpos pos;
	bool ok = markup_parse(w->value, &m);

	if (!ok) {
		pos = markup_pos(w, m.err_off);
		diag_add(d, DIAG_ERROR, &pos, MARKUP_CODE(&m), "component "
		    "'%s' (%s): %s: %s", k->name, deck->langs[li], w->field,
		    m.err);
	}
	markup_free(&m);
	return ok;
}

static bool
check_string(const struct deck *deck, const struct kind *k,
    const struct elem *e, bool all, struct diags *d)
{
	const struct text *w;
	size_t li;
	bool ok = true;

	if (e->type != ELEM_TEXT || e->string == NULL)
		return true;
	for (li = 0; li < deck->nlangs; li++) {
		if (!lang_on(deck, li, all) || (li > 0 &&
		    k->strs.texts[li].pos.file == NULL &&
		    k->strs.texts[0].pos.file == NULL))
			continue;
		if (card_text(&k->strs, li, e->string, &w) != NULL) {
			ok &= check_str_markup(deck, k, li, w, d);
			continue;
		}
		if (w != NULL)
			continue;
		diag_add(d, DIAG_ERROR, &e->literal_pos, "missing-text",
		    "component '%s' has no string '%s' in '%s': write it "
		    "under components: %s: in text/%s.yaml", k->name,
		    e->string, deck->langs[li], k->name, deck->langs[li]);
		diag_about(d, NULL, deck->langs[li]);
		ok = false;
	}
	return ok;
}

/* The names in an image's file must be ones a card has: id, attributes. */
static bool
check_file_vars(const struct deck *deck, const struct elem *e,
    struct diags *d)
{
	const char *p;
	char name[MAX_VAR + 1];
	size_t n;
	bool ok = true;

	if (e->type != ELEM_IMAGE || e->file == NULL)
		return true;
	for (p = e->file; *p != '\0'; p++) {
		if (*p == '\\' && p[1] != '\0') {
			p++;
			continue;
		}
		if ((n = markup_var(p)) == 0)
			continue;
		memcpy(name, p + 1, n - 2);
		name[n - 2] = '\0';
		if (strcmp(name, "n") == 0 || strcmp(name, "total") == 0) {
			/* One file per card, not per copy. */
			diag_add(d, DIAG_ERROR, &e->file_pos, "image", "an "
			    "image's file may name {id} and the card's "
			    "attributes, not {%s}", name);
			ok = false;
		} else if (!known_var(deck, name, &e->file_pos, NULL, d))
			ok = false;
		p += n - 1;
	}
	return ok;
}

/* Does kind k of the deck use template t (kinds may share one)? */
static bool
uses(const struct tmpl *const *tmpls, size_t k, const struct tmpl *t)
{
	return tmpls[k] == t;
}

/* Checks of a template alone, once however many kinds share it. */
static bool
check_tmpl(const struct deck *deck, const struct tmpl *const *tmpls,
    size_t k, struct diags *d)
{
	const struct tmpl *t = tmpls[k];
	size_t f, i, j;
	bool ok = true;

	for (j = 0; j < k; j++)
		if (uses(tmpls, j, t))
			return true;	/* done for kind j */
	for (f = 0; f < nfaces(t); f++)
		for (i = 0; i < t->nelems[f]; i++)
			ok &= check_conds(deck, t, &t->elems[f][i], d);
	if (!ok)
		return false;
	for (f = 0; f < nfaces(t); f++)
		for (i = 0; i < t->nelems[f]; i++)
			ok &= check_literal(deck, tmpls, &t->elems[f][i], d) &
			    check_file_vars(deck, &t->elems[f][i], d);
	return ok;
}

/*
 * A card with no entry in the source's text file, though its layout
 * shows a text field on it: one error for the card, not one a field.
 */
static bool
check_entry(const struct deck *deck, const struct card *c,
    const struct tmpl *t, struct diags *d)
{
	size_t f, i;

	/* A source file with errors: the cards it lacks are no news. */
	if (c->texts[0].pos.file != NULL || c->texts[0].n > 0 ||
	    (deck->broken != NULL && deck->broken[0]))
		return true;
	for (f = 0; f < 2; f++)
		for (i = 0; i < t->nelems[f]; i++)
			if (t->elems[f][i].type == ELEM_TEXT &&
			    t->elems[f][i].field != NULL &&
			    elem_applies(&t->elems[f][i], c)) {
				diag_add(d, DIAG_ERROR, &c->pos, "missing-text",
				    "%s: no text in language '%s'", c->label,
				    deck->langs[0]);
				diag_about(d, c->id, deck->langs[0]);
				return false;
			}
	return true;
}

/* Does a value put into a file name climb ("..") or start at "/"? */
static bool
climbs(const char *v)
{
	return *v == '/' || strstr(v, "..") != NULL;
}

/*
 * Where the file of image element e is named for card c: at the card's
 * attribute when the file is just "{attr}", or when an attribute it
 * fills in climbs out ("../x", "/x"); else at the element's file.
 */
static const struct srcpos *
image_pos(const struct card *c, const struct elem *e)
{
	const char *p;
	size_t n, i, k;

	if (e->file == NULL)
		return &e->file_pos;	/* its svg text */
	n = strlen(e->file);
	for (p = e->file; (p = strchr(p, '{')) != NULL; p++) {
		if ((k = markup_var(p)) == 0)
			continue;
		for (i = 0; i < c->nattrs; i++)
			if (strlen(c->attrs[i].name) == k - 2 &&
			    strncmp(c->attrs[i].name, p + 1, k - 2) == 0 &&
			    (k == n || climbs(c->attrs[i].value)))
				return &c->attrs[i].pos;
	}
	return &e->file_pos;
}

/*
 * The image element e shows on card c must load: reported where a
 * user would fix it (image_pos).
 */
static bool
check_image(const struct deck *deck, const struct tmpl *t,
    const struct card *c, const struct elem *e, struct images *images,
    struct diags *d)
{
	double src[4];

	if (e->type != ELEM_IMAGE || images == NULL)
		return true;
	return load_elem_image(deck, t, e, c, images, image_pos(c, e), d,
	    src) != NULL;
}

/* What element e needs of card c: its icon, colours and image. */
static bool
check_elem(const struct deck *deck, const struct card *c,
    const struct tmpl *t, const struct elem *e,
    const struct iconmap *icons, struct images *images, struct diags *d)
{
	size_t k;
	bool ok = true;

	ok &= check_icon(c, e, icons, d);
	ok &= check_paint(t, c, &e->fill, "fill", e, d);
	ok &= check_paint(t, c, &e->stroke, "stroke", e, d);
	ok &= check_paint(t, c, &e->color, e->type == ELEM_IMAGE ? "tint" :
	    "color", e, d);
	for (k = 0; k < e->grad.n; k++)
		ok &= check_paint(t, c, &e->grad.stops[k], "gradient", e, d);
	ok &= check_image(deck, t, c, e, images, d);
	return ok;
}

/* What the cards' elements from data have made so far, and their room. */
struct percard {
	size_t		 made;		/* in all, of DECK_PERCARD_MAX */
	struct elembuf	 buf;
};

/*
 * An element whose values come from the card's data, read for c as a
 * render will read it (for each copy if {n} is one of them): every
 * value out of its range is said now, for every card, naming it.
 */
static bool
check_percard(const struct deck *deck, const struct card *c,
    const struct tmpl *t, const struct elem *e,
    const struct iconmap *icons, struct images *images, struct percard *pc,
    struct diags *d)
{
	struct tcard tc = { deck, c, 0, 0 };
	struct arena a = { 0 };
	struct elem *v;
	size_t n, k;
	bool ok = true;

	/* Said once, at the element that passed it. */
	if (pc->made > DECK_PERCARD_MAX)
		return false;
	for (tc.copy = 0; ok && tc.copy < (e->copies ? c->count : 1);
	    tc.copy++) {
		ok = tmpl_elem_card(t, e, &tc, &a, &pc->buf, &v, &n, d);
		if ((pc->made += n) > DECK_PERCARD_MAX) {
			diag_add(d, DIAG_ERROR, &e->pos, "repeat", "%s: the "
			    "deck's elements from data make more than %d "
			    "elements in all, on its cards' faces", c->label,
			    DECK_PERCARD_MAX);
			ok = false;
			break;
		}
		for (k = 0; k < n; k++)
			if (elem_applies(&v[k], c))
				ok &= check_elem(deck, c, t, &v[k], icons,
				    images, d);
	}
	arena_free(&a);
	return ok;
}

/* What one card's elements need: texts, icons, colours, images. */
static bool
check_card(const struct deck *deck, const struct card *c,
    const struct tmpl *t, const struct orphans *o,
    const struct iconmap *icons, struct images *images, bool all,
    struct percard *pc, struct diags *d)
{
	size_t f, i;
	bool ok = check_fields(deck, c, t, o, all, d) &&
	    check_entry(deck, c, t, d);

	for (f = 0; f < nfaces(t); f++)
		for (i = 0; i < t->nelems[f]; i++) {
			const struct elem *e = &t->elems[f][i];

			if (!tmpl_when_check(e, c, d)) {
				ok = false;
				continue;
			}
			if (!elem_applies(e, c))
				continue;
			ok &= check_texts(deck, c, e, o, all, d);
			if (e->node != NULL)
				ok &= check_percard(deck, c, t, e, icons,
				    images, pc, d);
			else
				ok &= check_elem(deck, c, t, e, icons, images,
				    d);
		}
	return ok;
}

/* check_card() of c, or of each face of a die, with that face's values. */
static bool
check_faces(const struct deck *deck, const struct card *c,
    const struct tmpl *t, const struct orphans *o,
    const struct iconmap *icons, struct images *images, bool all,
    struct percard *pc, struct diags *d)
{
	struct arena a = { 0 };
	unsigned int i;
	bool ok = true;

	if (t->faces == 0)
		return check_card(deck, c, t, o, icons, images, all, pc, d);
	/* The first face that fails says it: the others would repeat it. */
	for (i = 1; ok && i <= t->faces; i++)
		ok = check_card(deck, card_die_face(&a, deck, c, i), t, o,
		    icons, images, all, pc, d);
	arena_free(&a);
	return ok;
}

/*
 * The colours, icons and images of a layout's fixed texts, once a
 * template however many kinds share it (their markup was parsed and
 * reported by check_literal()).
 */
static bool
check_literal_objects(const struct deck *deck,
    const struct tmpl *const *tmpls, const struct iconmap *icons,
    struct images *images, struct diags *d)
{
	const struct tmpl *t;
	const struct elem *e;
	struct mtokens m;
	size_t k, j, f, i;
	bool ok = true;

	for (k = 0; k < deck->nkinds; k++) {
		t = tmpls[k];
		for (j = 0; j < k && !uses(tmpls, j, t); j++)
			;
		for (f = 0; j == k && f < nfaces(t); f++)
			for (i = 0; i < t->nelems[f]; i++) {
				struct mcheck mc = { .dir = deck->dir,
				    .icons = icons, .images = images,
				    .pal = (const char *const *)t->pal_names,
				    .npal = t->npal };

				e = &t->elems[f][i];
				if (e->type != ELEM_TEXT || e->literal == NULL)
					continue;
				mc.pos = &e->literal_pos;
				if (markup_parse(e->literal, &m))
					ok &= markup_check(&mc, &m, d);
				markup_free(&m);
			}
	}
	return ok;
}

bool
load_bind(const struct deck *deck, const struct tmpl *const *tmpls,
    const struct iconmap *icons, struct images *images, bool all_langs,
    struct diags *d)
{
	struct orphans *orph;
	struct percard pc = { 0 };
	size_t f, i, k;
	bool ok = true;

	for (k = 0; k < deck->nkinds; k++)
		ok &= check_tmpl(deck, tmpls, k, d);
	if (!ok)
		return false;
	for (k = 0; k < deck->nkinds; k++)
		for (f = 0; f < nfaces(tmpls[k]); f++)
			for (i = 0; i < tmpls[k]->nelems[f]; i++)
				ok &= check_string(deck, &deck->kinds[k],
				    &tmpls[k]->elems[f][i], all_langs, d);
	ok &= check_all_markup(deck, tmpls, icons, images, all_langs, d);
	ok &= check_literal_objects(deck, tmpls, icons, images, d);
	orph = xcalloc(deck->nkinds + 1, sizeof(*orph));
	for (k = 0; k < deck->nkinds; k++)
		ok &= load_bind_orphans(deck, tmpls, k, &orph[k], d);
	load_bind_raw_values(deck, tmpls, d);
	for (i = 0; i < deck->ncards; i++)
		ok &= check_faces(deck, &deck->cards[i],
		    tmpls[deck->cards[i].kind], &orph[deck->cards[i].kind],
		    icons, images, all_langs, &pc, d);
	free(pc.buf.v);
	for (k = 0; k < deck->nkinds; k++)
		load_orphans_free(&orph[k]);
	free(orph);
	return ok;
}

/*
 * The index of the kind called name into *ki; else an error at pos,
 * "WHAT 'name', which DECK does not have", with a did-you-mean.
 */
bool
load_kind_named(const struct deck *deck, const char *name,
    const struct srcpos *pos, const char *code, const char *what, size_t *ki,
    struct diags *d)
{
	const char **names = xcalloc(deck->nkinds + 1, sizeof(*names));
	const char *hint;
	size_t k;

	for (k = 0; k < deck->nkinds; k++) {
		names[k] = deck->kinds[k].name;
		if (strcmp(names[k], name) == 0) {
			free(names);
			*ki = k;
			return true;
		}
	}
	hint = closest_word(name, names, deck->nkinds);
	diag_add(d, DIAG_ERROR, pos, code, "%s '%s', which %s does not "
	    "have%s%s%s", what, name, deck->file, HINT_ARGS(hint));
	free(names);
	return false;
}

/* Size space e of template t (kind owner) from the kind it names. */
static bool
size_space(const struct deck *deck, struct tmpl *const *tmpls,
    const struct tmpl *t, struct elem *e, struct diags *d)
{
	const struct tmpl *kt;
	size_t ki;

	if (!load_kind_named(deck, e->kind, &e->kind_pos, "space",
	    "a space for component", &ki, d) || (kt = tmpls[ki]) == NULL)
		return false;
	e->x -= e->clearance;
	e->y -= e->clearance;
	e->w = kt->w + 2 * e->clearance;
	e->h = kt->h + 2 * e->clearance;
	if (e->radius < 0)
		e->radius = kt->shape == SHAPE_CIRCLE ? e->w / 2 :
		    kt->corner > 0 ? kt->corner + e->clearance : 0;
	if (e->x >= -1e-6 && e->y >= -1e-6 && e->x + e->w <= t->w + 1e-6 &&
	    e->y + e->h <= t->h + 1e-6)
		return true;
	diag_add(d, DIAG_ERROR, &e->pos, "space", "the space for a %g x %g mm "
	    "'%s' at [%g, %g] does not lie on this %g x %g mm component",
	    TO_MM(e->w), TO_MM(e->h), e->kind, TO_MM(e->x + e->clearance),
	    TO_MM(e->y + e->clearance), TO_MM(t->w), TO_MM(t->h));
	return false;
}

bool
load_spaces(const struct deck *deck, struct tmpl *const *tmpls,
    struct diags *d)
{
	size_t k, j, f, i;
	bool ok = true;

	for (k = 0; k < deck->nkinds; k++) {
		struct tmpl *t = tmpls[k];

		for (j = 0; j < k && tmpls[j] != t; j++)
			;
		if (t == NULL || j < k)
			continue;	/* shared with kind j: sized */
		for (f = 0; f < nfaces(t); f++)
			for (i = 0; i < t->nelems[f]; i++)
				if (t->elems[f][i].type == ELEM_SPACE)
					ok &= size_space(deck, tmpls, t,
					    &t->elems[f][i], d);
	}
	return ok;
}
