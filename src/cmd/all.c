/* SPDX-License-Identifier: MIT */
/*
 * The all command: every bundled deck in every language, card sheets
 * and packs, into one folder: the facilitator's one command.
 */
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include "cmd.h"
#include "../impose/impose.h"
#include "../pdf/pdf.h"
#include "../run/run.h"
#include "../validate/validate.h"

static const char usage_all[] =
"usage: deckpress all [DECK ...] [-d DIR] [-j N] [--draft]\n"
"                [--paper a4|letter] [--back-offset X,Y] [--printer FILE]\n"
"                [--guides marks|full|corners]\n"
"                [--spacing MM | --bleed-only-outside] [--allow-outside]\n"
"\n"
"Render each DECK (default: every deck under the bundled cards/ folder)\n"
"in every one of its languages: the card sheets DIR/GAME-LANG-cards.pdf\n"
"(duplex, long edge) and, where the language has its rule booklet, the\n"
"print-and-play pack DIR/GAME-LANG-pack.pdf.  A language whose\n"
"translation is not finished is skipped, with a warning for each\n"
"string it lacks.\n"
"\n"
"  -d, --dir DIR    output folder (default: out)\n"
"  -j, --jobs N     render N languages at once, each in a process of\n"
"                   its own (default: the number of cores); the output\n"
"                   and exit status are those of -j 1, one after the\n"
"                   other\n"
"      --draft      print unfinished languages too, as drafts (see\n"
"                   'deckpress cards --help')\n"
PRINT_USAGE
DECK_USAGE
"  -h, --help       this help\n"
"\n"
"Exit status: 0 every language rendered or skipped as unfinished;\n"
"1 a deck has errors; 2 usage; 3 I/O or font failure, or a language's\n"
"process killed.\n";

static int
namecmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The bundled decks: every cards/NAME/ that holds a deck.yaml, sorted. */
static char **
list_decks(const char *datadir, size_t *n)
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

/*
 * Did j fail only because its language is not finished (every error a
 * missing string of that language)?
 */
static bool
unfinished(const struct diags *d, const char *lang)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (d->v[i].level == DIAG_ERROR && (d->v[i].code == NULL ||
		    strcmp(d->v[i].code, "missing-text") != 0 ||
		    d->v[i].lang == NULL || strcmp(d->v[i].lang, lang) != 0))
			return false;
	return d->nerr > 0;
}

/* Report an unfinished language as skipped: its gaps as warnings. */
static void
skipped(const char *deckdir, const char *lang, struct diags *d)
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
	finish(d, 0);
}

/* The cards of language lang, then its pack where it has its booklet. */
static int
all_lang(const char *lang, const struct job *base)
{
	struct job j = *base;
	struct diags d = { 0 };
	char *md;
	int rc;

	j.lang = lang;
	rc = run_cards(&j, &d);
	if (rc == EXIT_INPUT && unfinished(&d, j.lang)) {
		skipped(j.deckdir, j.lang, &d);
		return 0;
	}
	if ((rc = finish(&d, rc)) != 0)
		return rc;
	md = g_strdup_printf("%s/rules/%s.md", j.deckdir, j.lang);
	if (file_exists(md))
		rc = finish(&d, run_pack(&j, &d));
	g_free(md);
	return rc;
}

/*
 * One piece of the work, independent of every other: a language of a
 * deck (its pack needs its cards' run), or a deck that did not load,
 * whose errors are reported in its place.
 */
struct unit {
	const char	*deckdir;	/* borrowed from the list of decks */
	char		*lang;		/* owned; NULL: the deck did not load */
	struct diags	 errors;	/* why not, when lang is NULL */
	char		*name;		/* owned: "DECK, language LANG" */
};

struct todo {
	struct unit	*v;
	size_t		 n, cap;
	const struct job *base;		/* what every unit renders */
};

static struct unit *
add_unit(struct todo *td, const char *dir, const char *lang)
{
	struct unit *u;

	xgrow((void **)&td->v, &td->cap, td->n + 1, sizeof(*td->v));
	u = &td->v[td->n++];
	memset(u, 0, sizeof(*u));
	u->deckdir = dir;
	u->lang = lang != NULL ? xstrdup(lang) : NULL;
	u->name = lang != NULL ? g_strdup_printf("%s, language %s", dir,
	    lang) : g_strdup(dir);
	return u;
}

/*
 * The units of the deck in dir: each of its languages.  It is read
 * leniently, only to list them (libyaml alone: no font is touched
 * before the units are forked); each is then loaded on its own,
 * needing nothing of the others.
 */
static void
todo_deck(struct todo *td, const char *dir)
{
	struct load_opts lo = { .lenient = true };
	struct diags d = { 0 };
	struct deck *deck = load_deck(dir, &lo, &d);
	size_t li;

	if (deck == NULL) {
		add_unit(td, dir, NULL)->errors = d;
		return;
	}
	diag_free(&d);
	for (li = 0; li < deck->ndeclared; li++)
		add_unit(td, dir, deck->langs[li]);
	deck_free(deck);
}

static void
todo_free(struct todo *td)
{
	size_t i;

	for (i = 0; i < td->n; i++) {
		free(td->v[i].lang);
		diag_free(&td->v[i].errors);
		g_free(td->v[i].name);
	}
	free(td->v);
}

/* Unit i of the todo list arg: its exit code. */
static int
run_unit(void *arg, size_t i)
{
	struct todo *td = arg;
	struct unit *u = &td->v[i];
	struct job j = *td->base;

	if (u->lang == NULL)
		return finish(&u->errors, EXIT_INPUT);
	j.deckdir = u->deckdir;
	return all_lang(u->lang, &j);
}

static const char *
unit_name(void *arg, size_t i)
{
	const struct todo *td = arg;

	return td->v[i].name;
}

/*
 * Every unit, jobs at a time, each in a process of its own; serially
 * in this process with one job, or one unit: the run as it always was.
 */
static int
run_todo(struct todo *td, unsigned int jobs)
{
	struct parallel p = { .n = td->n, .max = jobs, .run = run_unit,
	    .name = unit_name, .arg = td, .what = "all" };
	size_t i;
	int rc = 0, r;

	if (jobs > 1 && td->n > 1)
		return parallel_run(&p);
	for (i = 0; i < td->n; i++) {
		r = run_unit(td, i);
		rc = r > rc ? r : rc;
	}
	return rc;
}

static int
run_all(char **dirs, size_t ndirs, const struct job *base,
    unsigned int jobs)
{
	struct todo td = { .base = base };
	char *datadir = NULL, **decks = dirs;
	size_t n = ndirs, i;
	int rc = 0;

	if (ndirs == 0) {
		datadir = data_dir();
		decks = list_decks(datadir, &n);
		if (n == 0) {
			fprintf(stderr, "deckpress: error: no decks in "
			    "%s/cards\n", datadir);
			rc = EXIT_IO;
		}
	}
	for (i = 0; i < n; i++)
		todo_deck(&td, decks[i]);
	if (td.n > 0)
		rc = run_todo(&td, jobs);
	todo_free(&td);
	if (ndirs == 0) {
		for (i = 0; i < n; i++)
			free(decks[i]);
		free(decks);
	}
	free(datadir);
	return rc;
}

/* -j N into jobs, else a usage error (usage printed). */
static int
jobs_arg(const char *arg, unsigned int *jobs)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (*arg == '\0' || *end != '\0' || v < 1 || v > PARALLEL_MAX)
		return usage_error(usage_all, "--jobs must be a whole number "
		    "from 1 to %d, not '%s'", PARALLEL_MAX, arg);
	*jobs = (unsigned int)v;
	return 0;
}

int
cmd_all(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dir", required_argument, NULL, 'd' },
		{ "draft", no_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ "jobs", required_argument, NULL, 'j' },
		DECK_OPTIONS,
		PRINT_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct job j = JOB_INIT;
	struct diags d = { 0 };
	unsigned int jobs = parallel_cores();
	int c, rc;

	while ((c = getopt_long(argc, argv, "d:hj:", opts, NULL)) != -1)
		switch (c) {
		case 'd':
			j.outdir = optarg;
			break;
		case 'D':
			j.draft = true;
			break;
		case 'h':
			fputs(usage_all, stdout);
			return 0;
		case 'j':
			if ((rc = jobs_arg(optarg, &jobs)) != 0)
				return rc;
			break;
		case '?':
			fputs(usage_all, stderr);
			return EXIT_USAGE;
		default:
			if ((rc = job_option(&j, c, optarg, usage_all)) != 0)
				return rc;
		}
	j.outdir = j.outdir ? j.outdir : "out";
	if ((rc = job_printer(&j, &d)) != 0)
		return finish(&d, rc);
	/* Card sheets and packs alike turn on the long edge. */
	j.duplex = DUPLEX_LONG;
	return run_all(argv + optind, (size_t)(argc - optind), &j, jobs);
}
