/* SPDX-License-Identifier: MIT */
/*
 * One import: the table read against the deck in the game folder (or a
 * new deck begun with --layout), deck.yaml and the text files made in
 * memory and checked by loading them back, then written all or none
 * through the journal.  Part of the import stage, the whole of it in
 * order; the command is cmd/import.c.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "importing.h"
#include "../job/job.h"

/* One run: what was read, and what is to be written. */
struct run {
	const struct import_args *a;
	struct csvtab		*tab;
	struct setup		 s;	/* the deck as it was, its layouts */
	struct import		 im;
	char			*old;	/* deck.yaml's text before */
	size_t			 oldlen;
	bool			 fresh;	/* no deck.yaml: a new deck */
	struct deck		*deck;	/* the deck as it will be */
	struct icounts		 n;
};

/* The languages a new deck's columns name: src, then each name@lang. */
static const char **
column_langs(const struct csvtab *t, const char *src, size_t *n)
{
	const char **v = xcalloc(t->head.n + 2, sizeof(*v));
	const char *at;
	size_t i, k;

	v[0] = src;
	*n = 1;
	for (i = 0; i < t->head.n; i++) {
		if ((at = strrchr(t->head.v[i].s, '@')) == NULL ||
		    !load_lang_tag_valid(at + 1))
			continue;
		for (k = 0; k < *n && strcmp(v[k], at + 1) != 0; k++)
			;
		if (k == *n)
			v[(*n)++] = at + 1;
	}
	return v;
}

/* Load the deck from the text r->old as a head: its cards the table's. */
static int
load_head(struct run *r, struct diags *d)
{
	struct load_opts lo = { .head = true, .deckyaml = r->old,
	    .decklen = r->oldlen };

	load_deck_free(r->s.deck);
	r->s.deck = load_deck(r->a->into, &lo, d);
	return r->s.deck != NULL ? 0 : EXIT_INPUT;
}

/* A new deck's deck.yaml, with the attributes im found so far. */
static int
new_head(struct run *r, struct diags *d)
{
	char *game = g_path_get_basename(r->a->into), *csv =
	    g_path_get_basename(r->a->csv);
	const char **langs;
	struct strbuf b;
	size_t n;
	int rc = EXIT_INPUT;

	if (!valid_ident(game)) {
		diag_add(d, DIAG_ERROR, NULL, "game", "the folder %s names the "
		    "new game, but '%s' %s", r->a->into, game,
		    ident_problem(game));
		goto out;
	}
	langs = column_langs(r->tab, r->a->lang ? r->a->lang : "en", &n);
	import_newdeck(&r->im, game, langs, n, r->a->layout, csv, &b);
	free(langs);
	free(r->old);
	r->old = b.s;
	r->oldlen = b.len;
	rc = load_head(r, d);
out:
	g_free(game);
	g_free(csv);
	return rc;
}

/* Does deck have the layouts spec gives: "NAME", or "kind=NAME,..."? */
static bool
same_layouts(const struct deck *deck, const char *spec)
{
	struct strbuf b = { 0 };
	size_t k;
	bool same;

	if (!deck->multi)
		return strcmp(deck->kinds[0].layout, spec) == 0;
	for (k = 0; k < deck->nkinds; k++)
		sb_printf(&b, "%s%s=%s", k ? "," : "", deck->kinds[k].name,
		    deck->kinds[k].layout);
	same = b.s != NULL && strcmp(b.s, spec) == 0;
	sb_free(&b);
	return same;
}

/*
 * --layout and --lang begin a new deck; for one that exists they may
 * only say what its deck.yaml says, so that the command that began a
 * deck can be run again.
 */
static int
same_head(const struct run *r, struct diags *d)
{
	const struct deck *deck = r->s.deck;
	const struct kind *k = &deck->kinds[0];
	struct srcpos pos = { deck->file, 0, 0 };

	if (r->a->layout != NULL && !same_layouts(deck, r->a->layout)) {
		diag_add(d, DIAG_ERROR, &k->pos, "usage", "--layout %s begins a "
		    "new deck, but this deck exists, with %s%s%s; leave "
		    "--layout out", r->a->layout, deck->multi ? "components" :
		    "layout '", deck->multi ? "" : k->layout, deck->multi ? "" :
		    "'");
		return EXIT_USAGE;
	}
	if (r->a->lang != NULL && strcmp(deck->langs[0], r->a->lang) != 0) {
		diag_add(d, DIAG_ERROR, &pos, "usage", "--lang %s names a new "
		    "deck's source language, but this deck exists, with source "
		    "language '%s'; leave --lang out", r->a->lang,
		    deck->langs[0]);
		return EXIT_USAGE;
	}
	return 0;
}

/* deck.yaml as it is, or a new one when --layout says to begin one. */
static int
read_head(struct run *r, struct diags *d)
{
	char *path = path_join(r->a->into, "deck.yaml");
	struct srcpos pos = { diag_file(d, path), 0, 0 };
	struct confine c;
	size_t len;
	int rc = 0;

	r->fresh = !file_exists(path);
	if (r->fresh && r->a->layout == NULL) {
		diag_add(d, DIAG_ERROR, &pos, "missing", "no deck here: import "
		    "fills the card list of a deck.yaml; give --layout NAME "
		    "to begin a new deck");
		rc = EXIT_INPUT;
	} else if (r->fresh)
		rc = new_head(r, d);
	else {
		/* Read as the loader reads it: the game's own, bounded. */
		confine_init(&c, r->a->into, NULL, r->a->allow_outside);
		r->old = (char *)confine_read(&c, path, MAX_YAML_BYTES,
		    "deck file", &pos, &len, d);
		confine_free(&c);
		if (r->old == NULL)
			rc = EXIT_INPUT;
		else {
			r->oldlen = len;
			if ((rc = load_head(r, d)) == 0)
				rc = same_head(r, d);
		}
	}
	free(path);
	return rc;
}

/* The text fields the deck's templates show, NULL-terminated. */
static const char **
layout_fields(const struct setup *s)
{
	const struct deck *deck = s->deck;
	const char **v = NULL;
	size_t n = 0, cap = 0, k, i;
	int f;

	for (k = 0; k < deck->nkinds; k++)
		for (f = 0; f < 2; f++)
			for (i = 0; i < s->tmpls[k]->nelems[f]; i++) {
				if (s->tmpls[k]->elems[f][i].field == NULL)
					continue;
				xgrow((void **)&v, &cap, n + 2, sizeof(*v));
				v[n++] = s->tmpls[k]->elems[f][i].field;
			}
	xgrow((void **)&v, &cap, n + 1, sizeof(*v));
	v[n] = NULL;
	return v;
}

/*
 * Read the table against the deck.  A new deck first learns from it
 * the attributes it declares (a column that is neither an attribute nor
 * a text field); then every deck is read the same way.
 */
static int
read_table(struct run *r, struct diags *d)
{
	struct diags scratch = { 0 };
	const char **fields;
	int rc;

	if ((rc = job_setup_layouts(&r->s, d)) != 0)
		return rc;
	fields = layout_fields(&r->s);
	import_scan(&r->im, r->s.deck, fields, d);
	free(fields);
	if (r->fresh) {
		import_read(&r->im, r->tab, r->s.deck, true, &scratch);
		diag_free(&scratch);
		if (r->im.nnew > 0 && (rc = new_head(r, d)) != 0)
			return rc;
		/* Read again below, against the deck that declares them. */
		r->im.entries = NULL;
		r->im.nentries = 0;
	}
	r->n.strings = xcalloc(r->s.deck->nlangs, sizeof(*r->n.strings));
	r->n.touched = xcalloc(r->s.deck->nlangs, sizeof(*r->n.touched));
	r->n.cleared = xcalloc(r->s.deck->nlangs, sizeof(*r->n.cleared));
	if (!import_read(&r->im, r->tab, r->s.deck, false, d) ||
	    !import_orphans(&r->im, r->s.deck, r->a->prune, &r->n, d))
		return EXIT_INPUT;
	return 0;
}

/*
 * The deck as the new deck.yaml lists it, with its text files, and the
 * table's strings in it.  Text files with errors stop the import: what
 * could not be read could not be written back.
 */
static int
load_new(struct run *r, const struct strbuf *yaml, struct diags *d)
{
	struct load_opts lo = { .lenient = true, .skip_unknown = true,
	    .deckyaml = yaml->s, .decklen = yaml->len,
	    .allow_outside = r->a->allow_outside };
	size_t li;

	lo.packdir = path_join(r->s.datadir, "layouts/pack");
	r->deck = load_deck(r->a->into, &lo, d);
	free((char *)lo.packdir);
	if (r->deck == NULL)
		return EXIT_INPUT;
	/* A card the table adds has no strings yet: no news. */
	for (li = 0; li < r->deck->nlangs; li++)
		diag_drop(d, "missing-text", r->deck->langs[li]);
	if (d->nerr > 0) {
		diag_add(d, DIAG_ERROR, NULL, "import", "nothing written: fix "
		    "the deck's errors below first, so that nothing is lost");
		return EXIT_INPUT;
	}
	if (!import_verify(&r->im, r->deck, d) ||
	    !import_state_load(&r->im, r->deck, d) ||
	    !import_handedits(&r->im, r->deck, r->a->overwrite, d) ||
	    !import_texts(&r->im, r->deck, &r->n, d))
		return EXIT_INPUT;
	return 0;
}

static void
text_file(struct run *r, size_t li, struct import_file *o)
{
	o->name = g_strdup_printf("text/%s.yaml", r->deck->langs[li]);
	o->path = path_join(r->a->into, o->name);
	o->lang = li;
	o->changed = textfile_render(r->deck, li, o->path, false, &o->b,
	    &o->r);
}

/*
 * The files that change, all written or none, through the journal
 * (journal.c says why no order of renames would do).
 */
static int
write_all(const struct run *r, const struct import_file *v, size_t n,
    struct diags *d)
{
	struct jfile *f = xcalloc(n + 1, sizeof(*f));
	struct strbuf state = { 0 };
	size_t i, k = 0;
	int rc;

	for (i = 0; i < n; i++)
		if (v[i].changed)
			f[k++] = (struct jfile){ v[i].name, v[i].b.s,
			    v[i].b.len };
	/* The record of the texts, in the same journal as they. */
	if (import_state_bytes(&r->im, r->deck, &state))
		f[k++] = (struct jfile){ "import.state", state.s ? state.s :
		    "", state.len };
	rc = k > 0 ? import_journal_write(r->a->into, f, k, d) : 0;
	sb_free(&state);
	free(f);
	return rc;
}

/* Does the table have text columns in language li? */
static bool
has_column(const struct import *im, size_t li)
{
	size_t j;

	for (j = 0; j < im->ncols; j++)
		if (im->cols[j].type == ICOL_TEXT && im->cols[j].lang == li)
			return true;
	return false;
}

/*
 * deck.yaml (yaml, which res takes) and each language's file: made,
 * then written; res keeps them for the report.
 */
static int
write_files(struct run *r, struct strbuf *yaml, struct import_result *res,
    struct diags *d)
{
	struct import_file *v = xcalloc(r->deck->nlangs + 1, sizeof(*v));
	size_t i, n = 1;

	res->files = v;
	v[0].name = g_strdup("deck.yaml");
	v[0].path = path_join(r->a->into, v[0].name);
	v[0].b = *yaml;
	*yaml = (struct strbuf){ 0 };
	v[0].changed = r->fresh || v[0].b.len != r->oldlen ||
	    memcmp(v[0].b.s, r->old, r->oldlen) != 0;
	for (i = 0; i < r->deck->nlangs; i++, n++)
		if (r->n.touched[i])
			text_file(r, i, &v[n]);
		else {
			v[n].path = g_strdup_printf("%s/text/%s.yaml",
			    r->a->into, r->deck->langs[i]);
			v[n].lang = i;
		}
	res->nfiles = n;
	res->columns = xcalloc(r->deck->nlangs, sizeof(*res->columns));
	for (i = 0; i < r->deck->nlangs; i++)
		res->columns[i] = has_column(&r->im, i);
	return write_all(r, v, n, d);
}

int
import_run(const struct import_args *a, struct import_result *res,
    struct diags *d)
{
	struct run r = { .a = a, .s.allow_outside = a->allow_outside };
	struct strbuf yaml = { 0 };
	int rc;

	/* A stopped import first, so that this one reads a whole deck. */
	if ((rc = import_journal_finish(a->into, &res->finished, d)) != 0)
		return rc;
	if ((r.tab = import_csv_load(a->csv, d)) == NULL)
		return EXIT_INPUT;
	if ((rc = read_head(&r, d)) == 0 && (rc = read_table(&r, d)) == 0) {
		if (!import_deckyaml(&r.im, r.s.deck, r.old, r.oldlen, &yaml,
		    &r.n, d))
			rc = EXIT_INPUT;
		else if ((rc = load_new(&r, &yaml, d)) == 0)
			rc = write_files(&r, &yaml, res, d);
	}
	res->cards = r.im.nentries;
	res->n = r.n;
	sb_free(&yaml);
	load_deck_free(r.deck);
	import_free(&r.im);
	job_setup_free(&r.s);
	import_csv_free(r.tab);
	free(r.old);
	return rc;
}

void
import_result_free(struct import_result *res)
{
	size_t i;

	for (i = 0; i < res->nfiles; i++) {
		g_free(res->files[i].name);
		free(res->files[i].path);
		sb_free(&res->files[i].b);
	}
	free(res->files);
	free(res->columns);
	free(res->finished);
	free(res->n.strings);
	free(res->n.cleared);
	free(res->n.touched);
}

