/* SPDX-License-Identifier: MIT */
/*
 * The batch of the run stage: what 'deckpress all' renders.  The
 * bundled decks, one unit for each of their languages, run one after
 * the other or in the process pool; a language that fails only for
 * its missing strings is skipped.  What a unit renders is the
 * command's callback: no document code is called from here.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../diag.h"
#include "../load/load.h"
#include "../util.h"
#include "pool.h"

static int
namecmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **
run_batch_decks(const char *datadir, size_t *n)
{
	char *root = path_join(datadir, "cards"), **v = NULL;
	size_t cap = 0;
	struct dirent *e;
	DIR *dir = opendir(root);

	*n = 0;
	while (dir != NULL && (e = readdir(dir)) != NULL) {
		char *deck, *yaml;

		if (e->d_name[0] == '.')
			continue;
		deck = path_join(root, e->d_name);
		yaml = path_join(deck, "deck.yaml");
		if (file_exists(yaml)) {
			xgrow((void **)&v, &cap, *n + 1, sizeof(*v));
			v[(*n)++] = deck;
		} else
			free(deck);
		free(yaml);
	}
	if (dir != NULL)
		closedir(dir);
	free(root);
	if (*n > 1)
		qsort(v, *n, sizeof(*v), namecmp);
	return v;
}

bool
run_batch_unfinished(const struct diags *d, const char *lang)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (d->v[i].level == DIAG_ERROR && (d->v[i].code == NULL ||
		    strcmp(d->v[i].code, "missing-text") != 0 ||
		    d->v[i].lang == NULL || strcmp(d->v[i].lang, lang) != 0))
			return false;
	return d->nerr > 0;
}

void
run_batch_skip(const char *deckdir, const char *lang, struct diags *d)
{
	size_t i, n = d->nerr;

	for (i = 0; i < d->n; i++)
		if (d->v[i].level == DIAG_ERROR) {
			d->v[i].level = DIAG_WARN;
			d->nerr--;
			d->nwarn++;
		}
	diag_add(d, DIAG_WARN, NULL, "skipped", "%s: '%s' skipped: %zu "
	    "string%s missing (listed below); 'deckpress all --draft' "
	    "prints it anyway", deckdir, lang, n, n == 1 ? " is" : "s are");
}

static struct batch_unit *
add_unit(struct batch *b, const char *dir, const char *lang)
{
	struct batch_unit *u;

	xgrow((void **)&b->v, &b->cap, b->n + 1, sizeof(*b->v));
	u = &b->v[b->n++];
	memset(u, 0, sizeof(*u));
	u->deckdir = dir;
	u->lang = lang != NULL ? xstrdup(lang) : NULL;
	u->name = lang != NULL ? g_strdup_printf("%s, language %s", dir,
	    lang) : g_strdup(dir);
	return u;
}

/*
 * The deck is read leniently, only to list its languages (libyaml
 * alone: no font is touched before the units are forked); each is
 * then loaded on its own, needing nothing of the others.
 */
void
run_batch_add_deck(struct batch *b, const char *dir)
{
	struct load_opts lo = { .lenient = true };
	struct diags d = { 0 };
	struct deck *deck = load_deck(dir, &lo, &d);
	size_t li;

	if (deck == NULL) {
		add_unit(b, dir, NULL)->errors = d;
		return;
	}
	diag_free(&d);
	for (li = 0; li < deck->ndeclared; li++)
		add_unit(b, dir, deck->langs[li]);
	load_deck_free(deck);
}

void
run_batch_free(struct batch *b)
{
	size_t i;

	if (b == NULL)
		return;
	for (i = 0; i < b->n; i++) {
		free(b->v[i].lang);
		diag_free(&b->v[i].errors);
		g_free(b->v[i].name);
	}
	free(b->v);
}

/* What the pool's units reach the command's callback through. */
struct bcall {
	struct batch	 *b;
	int		(*run)(void *arg, struct batch_unit *u);
	void		 *arg;
};

/* Unit i of the batch: its exit code. */
static int
run_unit(void *arg, size_t i)
{
	struct bcall *c = arg;

	return c->run(c->arg, &c->b->v[i]);
}

static const char *
unit_name(void *arg, size_t i)
{
	const struct bcall *c = arg;

	return c->b->v[i].name;
}

/*
 * Serially in this process with one job, or one unit: the run as it
 * always was.
 */
int
run_batch(struct batch *b, unsigned int jobs,
    int (*run)(void *arg, struct batch_unit *u), void *arg)
{
	struct bcall c = { b, run, arg };
	struct parallel p = { .n = b->n, .max = jobs, .run = run_unit,
	    .name = unit_name, .arg = &c, .what = "all" };
	size_t i;
	int rc = 0, r;

	if (jobs > 1 && b->n > 1)
		return run_parallel(&p);
	for (i = 0; i < b->n; i++) {
		r = run_unit(&c, i);
		rc = r > rc ? r : rc;
	}
	return rc;
}
