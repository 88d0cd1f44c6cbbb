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

#include <glib.h>

#include "cmd.h"
#include "../impose/impose.h"
#include "../pdf/pdf.h"
#include "../validate/validate.h"

static const char usage_all[] =
"usage: deckpress all [DECK ...] [-d DIR] [--draft] [--paper a4|letter]\n"
"                [--back-offset X,Y] [--printer FILE]\n"
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
"      --draft      print unfinished languages too, as drafts (see\n"
"                   'deckpress cards --help')\n"
PRINT_USAGE
DECK_USAGE
"  -h, --help       this help\n"
"\n"
"Exit status: 0 every language rendered or skipped as unfinished;\n"
"1 a deck has errors; 2 usage; 3 I/O or font failure.\n";

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

/* The cards of language li, then its pack where it has its booklet. */
static int
all_lang(const struct deck *deck, size_t li, const struct job *base)
{
	struct job j = *base;
	struct diags d = { 0 };
	char *md;
	int rc;

	j.lang = deck->langs[li];
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

/* Every language of the deck in dir; the worst exit code. */
static int
all_deck(const char *dir, const struct job *base)
{
	/* Read every language leniently, only to list them: each is then
	 * loaded on its own, needing nothing of the others. */
	struct load_opts lo = { .lenient = true };
	struct diags d = { 0 };
	struct deck *deck = load_deck(dir, &lo, &d);
	struct job j = *base;
	size_t li;
	int rc = 0, r;

	if (deck == NULL)
		return finish(&d, EXIT_INPUT);
	diag_free(&d);
	j.deckdir = dir;
	for (li = 0; li < deck->ndeclared; li++) {
		r = all_lang(deck, li, &j);
		rc = r > rc ? r : rc;
	}
	deck_free(deck);
	return rc;
}

static int
run_all(char **dirs, size_t ndirs, const struct job *base)
{
	char *datadir = NULL, **decks = dirs;
	size_t n = ndirs, i;
	int rc = 0, r;

	if (ndirs == 0) {
		datadir = data_dir();
		decks = list_decks(datadir, &n);
		if (n == 0) {
			fprintf(stderr, "deckpress: error: no decks in "
			    "%s/cards\n", datadir);
			rc = EXIT_IO;
		}
	}
	for (i = 0; i < n; i++) {
		r = all_deck(decks[i], base);
		rc = r > rc ? r : rc;
		if (ndirs == 0)
			free(decks[i]);
	}
	if (ndirs == 0)
		free(decks);
	free(datadir);
	return rc;
}

int
cmd_all(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dir", required_argument, NULL, 'd' },
		{ "draft", no_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		DECK_OPTIONS,
		PRINT_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct job j = JOB_INIT;
	struct diags d = { 0 };
	int c, rc;

	while ((c = getopt_long(argc, argv, "d:h", opts, NULL)) != -1)
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
	return run_all(argv + optind, (size_t)(argc - optind), &j);
}
