/* SPDX-License-Identifier: MIT */
/*
 * A spreadsheet's table read against a deck for "deckpress import":
 * the text fields there are, what each column of the header is, each
 * row a card whose cells are checked as deck.yaml's entries are, and
 * whether deck.yaml reads back so.  Part of the import stage;
 * cardlist.c writes the deck.yaml, imported.c the rest of the change.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "importing.h"

#define NONE	((size_t)-1)

/* Add name to the n fields of v (room for it is there) unless present. */
static void
add_field(const char **v, size_t *n, const char *name)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (strcmp(v[i], name) == 0)
			return;
	v[(*n)++] = name;
}

/* Does the entry n of a text file hold a string, not only ~? */
static bool
has_strings(const struct ynode *n)
{
	size_t i;

	if (n->type != YNODE_MAP)
		return !ytree_isnull(n);
	for (i = 0; i < n->n; i++)
		if (strcmp(n->pairs[i].key->str, "source") != 0 &&
		    strcmp(n->pairs[i].key->str, "same") != 0 &&
		    !ytree_isnull(n->pairs[i].val))
			return true;
	return false;
}

/* The cards: entries of text/<lang>.yaml, and the source's fields. */
static void
scan_file(struct import *im, const struct deck *deck, size_t li,
    const char **fields, size_t *nf, size_t maxf, struct diags *d)
{
	char *name = arena_printf(&im->arena, "text/%s.yaml", deck->langs[li]);
	char *path = path_join(deck->dir, name);
	const char *file = diag_file(d, path);
	struct diags scratch = { 0 };
	const struct ynode *root, *cards;
	size_t i, j;

	root = file_exists(path) ? ytree_load(&im->arena, deck->confine, file,
	    &scratch) :
	    NULL;
	free(path);
	diag_free(&scratch);
	if ((cards = ytree_get(root, "cards")) == NULL ||
	    cards->type != YNODE_MAP)
		return;
	im->tfile[li] = arena_alloc(&im->arena, (cards->n + 1) *
	    sizeof(**im->tfile));
	for (i = 0; i < cards->n; i++) {
		const struct ypair *p = &cards->pairs[i];
		struct tentry *e = &im->tfile[li][im->ntfile[li]++];

		e->id = p->key->str;
		e->lang = li;
		e->pos = p->key->pos;
		e->pos.file = file;	/* the scratch names went with it */
		e->strings = has_strings(p->val);
		for (j = 0; li == 0 && p->val->type == YNODE_MAP &&
		    j < p->val->n && *nf < maxf; j++)
			if (strcmp(p->val->pairs[j].key->str, "source") != 0 &&
			    strcmp(p->val->pairs[j].key->str, "same") != 0)
				add_field(fields, nf, p->val->pairs[j].key->str);
	}
}

void
import_scan(struct import *im, const struct deck *deck,
    const char *const *fields, struct diags *d)
{
	size_t li, n = 0, max = 256;

	im->tfile = arena_alloc(&im->arena, deck->nlangs *
	    sizeof(*im->tfile));
	im->ntfile = arena_alloc(&im->arena, deck->nlangs *
	    sizeof(*im->ntfile));
	im->fields = arena_alloc(&im->arena, (max + 1) * sizeof(char *));
	for (; fields != NULL && *fields != NULL && n < max; fields++)
		add_field(im->fields, &n, *fields);
	for (li = 0; li < deck->nlangs; li++)
		scan_file(im, deck, li, im->fields, &n, max, d);
	im->nfields = n;
}

static bool
is_field(const struct import *im, const char *name)
{
	size_t i;

	for (i = 0; i < im->nfields; i++)
		if (strcmp(im->fields[i], name) == 0)
			return true;
	return false;
}

static size_t
attr_index(const struct import *im, const char *name)
{
	size_t k;

	for (k = 0; k < im->nattrs; k++)
		if (strcmp(im->attrs[k], name) == 0)
			return k;
	return NONE;
}

/*
 * The candidate a column's name is likely a slip for: the same but for
 * case (a spreadsheet's "Title"), else one a typo away.
 */
static const char *
hint_for(const char *name, const char *const *cand, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (g_ascii_strcasecmp(name, cand[i]) == 0)
			return cand[i];
	return closest_word(name, cand, n);
}

/* "en, es": the deck's languages, for messages. */
static const char *
lang_list(struct import *im, const struct deck *deck)
{
	const char *s = deck->langs[0];
	size_t i;

	for (i = 1; i < deck->nlangs; i++)
		s = arena_printf(&im->arena, "%s, %s", s, deck->langs[i]);
	return s;
}

/* A column name@lang: a text field in a language other than by default. */
static void
lang_column(struct import *im, struct icol *c, const char *name,
    const char *lang, const struct deck *deck, struct diags *d)
{
	const char *why, *hint;
	int li;

	if (strcmp(name, "id") == 0 || strcmp(name, "count") == 0 ||
	    strcmp(name, KIND_ATTR) == 0 || attr_index(im, name) != NONE) {
		diag_add(d, DIAG_ERROR, &c->pos, "column", "column '%s': '%s' "
		    "takes no language; only text fields do, as 'title@es'",
		    c->name, name);
		return;
	}
	if ((why = ident_problem(lang)) != NULL) {
		diag_add(d, DIAG_ERROR, &c->pos, "column", "column '%s': the "
		    "language code after '@' %s", c->name, why);
		return;
	}
	if ((li = deck_lang_index(deck, lang)) < 0) {
		hint = hint_for(lang, deck->langs, deck->nlangs);
		diag_add(d, DIAG_ERROR, &c->pos, "column", "column '%s': the "
		    "deck has no language '%s' (it has %s)%s%s%s%s", c->name,
		    lang, lang_list(im, deck), HINT_ARGS(hint), hint ? "" :
		    "; add it to 'languages' in deck.yaml first");
		return;
	}
	if (!is_field(im, name)) {
		hint = hint_for(name, im->fields, im->nfields);
		diag_add(d, DIAG_ERROR, &c->pos, "column", "column '%s': '%s' "
		    "is no text field of the deck's layout or of text/%s.yaml"
		    "%s%s%s", c->name, name, deck->langs[0], HINT_ARGS(hint));
		return;
	}
	c->type = ICOL_TEXT;
	c->field = name;
	c->lang = (size_t)li;
}

/*
 * A new deck's attribute from column i: the values its rows give, or a
 * number.
 */
static void
new_attr(struct import *im, size_t i, const char *name)
{
	const struct csvtab *t = im->tab;
	struct newattr *a;
	size_t r, k;

	im->newattrs = g_renew(struct newattr, im->newattrs, im->nnew + 1);
	a = &im->newattrs[im->nnew++];
	a->name = name;
	a->values = arena_alloc(&im->arena, (t->nrows + 1) * sizeof(char *));
	a->nvalues = 0;
	a->number = true;
	for (r = 0; r < t->nrows; r++) {
		const char *v = i < t->rows[r].n ? t->rows[r].v[i].s : "";
		double num;

		for (k = 0; k < a->nvalues && strcmp(a->values[k], v); k++)
			;
		if (*v != '\0' && k == a->nvalues)
			a->values[a->nvalues++] = v;
		if (*v != '\0' && !attr_number(v, &num))
			a->number = false;
	}
	/* A column of numbers (hearts: 3, 2, 5) is a number attribute. */
	a->number &= a->nvalues > 0;
}

/* A column whose name is no attribute and no text field. */
static void
unknown_column(struct import *im, struct icol *c, size_t i, bool fresh,
    struct diags *d)
{
	const char **cand, *hint;
	size_t n = 0, k;

	if (fresh && valid_ident(c->name)) {
		new_attr(im, i, c->name);
		return;
	}
	cand = arena_alloc(&im->arena, (im->nattrs + im->nfields + 3) *
	    sizeof(char *));
	cand[n++] = "id";
	cand[n++] = "count";
	for (k = 0; k < im->nattrs; k++)
		cand[n++] = im->attrs[k];
	for (k = 0; k < im->nfields; k++)
		cand[n++] = im->fields[k];
	hint = hint_for(c->name, cand, n);
	diag_add(d, DIAG_ERROR, &c->pos, "column", "column '%s' is no "
	    "attribute deck.yaml declares and no text field its layout "
	    "shows%s%s%s%s", c->name, HINT_ARGS(hint), hint ? "" : "; "
	    "declare it under 'attributes' in deck.yaml (its values, or "
	    "text), or show it in the layout");
}

/* What column i holds, by its name. */
static void
classify(struct import *im, struct icol *c, size_t i, const struct deck *deck,
    bool fresh, struct diags *d)
{
	const char *at = strrchr(c->name, '@');

	if (at != NULL) {
		lang_column(im, c, arena_strndup(&im->arena, c->name,
		    (size_t)(at - c->name)), at + 1, deck, d);
		return;
	}
	if (strcmp(c->name, "id") == 0)
		c->type = ICOL_ID;
	else if (strcmp(c->name, "count") == 0)
		c->type = ICOL_COUNT;
	else if ((c->attr = attr_index(im, c->name)) != NONE)
		c->type = ICOL_ATTR;
	else if (strcmp(c->name, KIND_ATTR) == 0)
		diag_add(d, DIAG_ERROR, &c->pos, "column", "column '%s': the "
		    "deck has one layout and no components; 'components' in "
		    "deck.yaml gives each kind of component its layout",
		    c->name);
	else if (is_field(im, c->name)) {
		c->type = ICOL_TEXT;
		c->field = c->name;
		c->lang = 0;
	} else
		unknown_column(im, c, i, fresh, d);
}

/* Column i has no name: fine while no row gives it a value. */
static void
unnamed(struct import *im, const struct icol *c, size_t i, struct diags *d)
{
	const struct csvtab *t = im->tab;
	size_t r;

	for (r = 0; r < t->nrows; r++)
		if (i < t->rows[r].n && t->rows[r].v[i].s[0] != '\0') {
			diag_add(d, DIAG_ERROR, &c->pos, "column", "column %zu "
			    "has no name in the header row, but rows give it "
			    "values", i + 1);
			return;
		}
}

/* The column that column i says the same as, or NONE. */
static size_t
same_as(const struct import *im, size_t i)
{
	const struct icol *c = &im->cols[i], *o;
	size_t j;

	for (j = 0; j < i; j++) {
		o = &im->cols[j];
		if (o->type != c->type)
			continue;
		if (c->type == ICOL_ID || c->type == ICOL_COUNT ||
		    (c->type == ICOL_ATTR && o->attr == c->attr) ||
		    (c->type == ICOL_TEXT && o->lang == c->lang &&
		    strcmp(o->field, c->field) == 0))
			return j;
	}
	return NONE;
}

/* Column i is what it is, unless an earlier one is already. */
static void
claim(struct import *im, size_t i, struct diags *d)
{
	struct icol *c = &im->cols[i];
	size_t j;

	if (c->type == ICOL_NONE)
		return;
	if ((j = same_as(im, i)) != NONE) {
		if (strcmp(im->cols[j].name, c->name) == 0)
			diag_add(d, DIAG_ERROR, &c->pos, "column", "duplicate "
			    "column '%s'", c->name);
		else
			diag_add(d, DIAG_ERROR, &c->pos, "column", "column '%s' "
			    "is the same as column '%s'", c->name,
			    im->cols[j].name);
		diag_add(d, DIAG_NOTE, &im->cols[j].pos, NULL, "'%s' first "
		    "given here", im->cols[j].name);
		c->type = ICOL_NONE;
	} else if (c->type == ICOL_ID)
		im->idcol = i;
	else if (c->type == ICOL_COUNT)
		im->countcol = i;
	else if (c->type == ICOL_ATTR)
		im->attrcol[c->attr] = i;
}

static void
columns(struct import *im, const struct deck *deck, bool fresh,
    struct diags *d)
{
	const struct csvrow *h = &im->tab->head;
	size_t i, k;

	im->nattrs = deck->nattrdefs;
	im->attrs = arena_alloc(&im->arena, (im->nattrs + 1) *
	    sizeof(char *));
	im->attrcol = arena_alloc(&im->arena, (im->nattrs + 1) *
	    sizeof(size_t));
	im->attrnum = arena_alloc(&im->arena, (im->nattrs + 1) *
	    sizeof(bool));
	for (k = 0; k < im->nattrs; k++) {
		im->attrs[k] = deck->attrdefs[k].name;
		im->attrcol[k] = NONE;
		im->attrnum[k] = deck->attrdefs[k].number;
	}
	im->idcol = im->countcol = NONE;
	im->ncols = h->n;
	im->cols = arena_alloc(&im->arena, h->n * sizeof(*im->cols));
	for (i = 0; i < h->n; i++) {
		struct icol *c = &im->cols[i];

		c->name = h->v[i].s;
		c->pos = h->v[i].pos;
		if (*c->name == '\0')
			unnamed(im, c, i, d);
		else if (*c->name == '#')
			;	/* the designer's notes: not the deck's */
		else
			classify(im, c, i, deck, fresh, d);
		claim(im, i, d);
	}
	if (im->idcol == NONE)
		diag_add(d, DIAG_ERROR, &h->pos, "column", "the header row has "
		    "no 'id' column: every card needs an id");
}

/* A row with another number of cells than the header (id: its card). */
static void
bad_width(const struct import *im, const struct csvrow *r, const char *id,
    struct diags *d)
{
	const struct csvtab *t = im->tab;
	const char *sep = t->sep == '\t' ? "a tab" : t->sep == ';' ?
	    "a ';'" : "a ','";
	bool more = r->n > t->head.n;

	diag_add(d, DIAG_ERROR, more ? &r->v[t->head.n].pos : &r->pos, "row",
	    "%s%s%sthe row has %zu cell%s, the header %zu%s%s%s", id ?
	    "card '" : "", id ? id : "", id ? "': " : "", r->n, r->n == 1 ?
	    "" : "s", t->head.n, more ? "; a cell that holds " : "", more ?
	    sep : "", more ? " must be in quotes" : "");
}

static bool
read_count(struct ientry *e, const struct csvcell *cell, struct diags *d)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(cell->s, &end, 10);
	if (*end != '\0' || errno != 0 || v < 0 ||
	    !g_ascii_isdigit(cell->s[0])) {
		diag_add(d, DIAG_ERROR, &cell->pos, "count", "card '%s': count "
		    "must be a whole number of copies (0 sets the card aside), "
		    "not '%s'", e->id, cell->s);
		return false;
	}
	if (v > MAX_COUNT) {
		diag_add(d, DIAG_ERROR, &cell->pos, "count", "card '%s': count "
		    "%ld is more than %d copies", e->id, v, MAX_COUNT);
		return false;
	}
	e->count = (unsigned int)v;
	return true;
}

/* The value of attribute k in the row's cell, checked; NULL if empty. */
static bool
read_value(const struct ientry *e, const struct attrdef *def,
    const struct csvcell *cell, struct diags *d)
{
	const char *hint;
	char why[160];
	double num;
	size_t i;

	if (cell->s[0] != '\0' && def->number && attr_number_problem(def,
	    cell->s, &num, why, sizeof(why)) != NULL) {
		diag_add(d, DIAG_ERROR, &cell->pos, "attribute", "card '%s': "
		    "%s is %s", e->id, def->name, why);
		diag_add(d, DIAG_NOTE, &def->pos, NULL, "'%s' is declared "
		    "here", def->name);
		return false;
	}
	if (cell->s[0] == '\0' || def->values == NULL)
		return true;
	for (i = 0; i < def->nvalues; i++)
		if (strcmp(def->values[i], cell->s) == 0)
			return true;
	hint = closest_word(cell->s, def->values, def->nvalues);
	diag_add(d, DIAG_ERROR, &cell->pos, "attribute", "card '%s': '%s' is "
	    "not a %s%s%s%s", e->id, cell->s, def->name, HINT_ARGS(hint));
	if (strcmp(def->name, KIND_ATTR) == 0)
		diag_add(d, DIAG_NOTE, &def->pos, NULL, "the deck's components "
		    "are declared here");
	else
		diag_add(d, DIAG_NOTE, &def->pos, NULL, "the values of '%s' "
		    "are declared here", def->name);
	return false;
}

/* Every card of a deck of components names its kind. */
static void
need_kind(const struct import *im, const struct ientry *e, size_t k,
    struct diags *d)
{
	size_t col = im->attrcol[k];

	if (e->vals[k] != NULL)
		return;
	if (col == NONE)
		diag_add(d, DIAG_ERROR, &e->row->v[im->idcol].pos, "missing",
		    "card '%s' is new to the deck and has no '%s': add a "
		    "'%s' column", e->id, KIND_ATTR, KIND_ATTR);
	else
		diag_add(d, DIAG_ERROR, &e->row->v[col].pos, "missing",
		    "card '%s' has no '%s'", e->id, KIND_ATTR);
}

/* The count and attributes of entry e: the row's, else its old ones. */
static void
read_cells(struct import *im, struct ientry *e, const struct deck *deck,
    struct diags *d)
{
	const struct csvrow *r = e->row;
	size_t k, col;

	e->count = e->old != NULL ? e->old->count : 1;
	if (im->countcol != NONE) {
		e->count = 1;
		if (r->v[im->countcol].s[0] != '\0')
			read_count(e, &r->v[im->countcol], d);
	}
	e->vals = arena_alloc(&im->arena, (im->nattrs + 1) * sizeof(char *));
	for (k = 0; k < im->nattrs; k++) {
		if ((col = im->attrcol[k]) == NONE)
			e->vals[k] = e->old ? card_attr(e->old, im->attrs[k]) :
			    NULL;
		else if (!read_value(e, &deck->attrdefs[k], &r->v[col], d))
			continue;	/* reported: no kind is no news */
		else if (r->v[col].s[0] != '\0')
			e->vals[k] = r->v[col].s;
		if (deck->multi && strcmp(im->attrs[k], KIND_ATTR) == 0)
			need_kind(im, e, k, d);
	}
}

static bool
same_str(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

/* Does entry e say anything its old entry does not? */
static bool
changed(const struct import *im, const struct ientry *e)
{
	size_t k;

	if (e->old == NULL || e->old->count != e->count)
		return true;
	for (k = 0; k < im->nattrs; k++)
		if (!same_str(e->vals[k], card_attr(e->old, im->attrs[k])))
			return true;
	return false;
}

/* Row r as a card; seen maps the ids so far to their entries. */
static void
read_row(struct import *im, const struct csvrow *r, const struct deck *deck,
    GHashTable *seen, struct diags *d)
{
	const struct csvcell *idc = &r->v[im->idcol];
	const struct ientry *first;
	struct ientry *e;
	const char *why;

	if (idc->s[0] == '\0') {
		diag_add(d, DIAG_ERROR, &idc->pos, "id", "a row with no card "
		    "id");
		return;
	}
	if ((why = ident_problem(idc->s)) != NULL) {
		diag_add(d, DIAG_ERROR, &idc->pos, "id", "card id '%s' %s",
		    idc->s, why);
		return;
	}
	if ((first = g_hash_table_lookup(seen, idc->s)) != NULL) {
		diag_add(d, DIAG_ERROR, &idc->pos, "duplicate-id", "card '%s': "
		    "duplicate card id", idc->s);
		diag_add(d, DIAG_NOTE, &first->row->v[im->idcol].pos, NULL,
		    "card '%s' first given here", idc->s);
		return;
	}
	e = &im->entries[im->nentries++];
	e->id = idc->s;
	e->row = r;
	e->old = deck_card(deck, e->id);
	g_hash_table_insert(seen, (gpointer)e->id, e);
	read_cells(im, e, deck, d);
	e->changed = changed(im, e);
}

static void
rows(struct import *im, const struct deck *deck, struct diags *d)
{
	const struct csvtab *t = im->tab;
	GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
	size_t i;

	im->entries = arena_alloc(&im->arena, (t->nrows + 1) *
	    sizeof(*im->entries));
	for (i = 0; i < t->nrows; i++) {
		const struct csvrow *r = &t->rows[i];

		if (r->n != t->head.n)
			bad_width(im, r, im->idcol < r->n &&
			    r->v[im->idcol].s[0] != '\0' ?
			    r->v[im->idcol].s : NULL, d);
		else
			read_row(im, r, deck, seen, d);
	}
	g_hash_table_destroy(seen);
	if (t->nrows == 0)
		diag_add(d, DIAG_ERROR, &t->head.pos, "row", "no cards: the "
		    "table has a header row and no rows under it");
}

bool
import_read(struct import *im, const struct csvtab *tab,
    const struct deck *deck, bool fresh, struct diags *d)
{
	size_t nerr = d->nerr;

	im->tab = tab;
	columns(im, deck, fresh, d);
	if (im->idcol != NONE)
		rows(im, deck, d);
	return d->nerr == nerr;
}

bool
import_verify(const struct import *im, const struct deck *deck,
    struct diags *d)
{
	const struct ientry *e;
	const struct card *c;
	size_t i, k;

	for (i = 0; i < im->nentries && i < deck->ncards; i++) {
		e = &im->entries[i];
		c = &deck->cards[i];
		if (strcmp(c->id, e->id) != 0 || c->count != e->count)
			break;
		for (k = 0; k < im->nattrs; k++)
			if (!same_str(e->vals[k], card_attr(c, im->attrs[k])))
				break;
		if (k < im->nattrs)
			break;
	}
	if (i == im->nentries && i == deck->ncards)
		return true;
	diag_add(d, DIAG_ERROR, &deck->cards[i < deck->ncards ? i : 0].pos,
	    "internal", "deck.yaml as written would not read back as %s "
	    "gives card %zu; nothing written", im->tab->file, i + 1);
	return false;
}

void
import_free(struct import *im)
{
	g_free(im->newattrs);
	if (im->state != NULL)
		g_hash_table_destroy(im->state);
	free(im->state_raw);
	arena_free(&im->arena);
}
