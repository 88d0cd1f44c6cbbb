/* SPDX-License-Identifier: MIT */
/*
 * The all command: every bundled deck in every language, card sheets
 * and packs, into one folder: the facilitator's one command.  Part of
 * the CLI: the batch and its process pool are the run stage's
 * (run/run.h); this file renders a unit with doc_cards and doc_pack.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include <glib.h>

#include "cmd.h"
#include "../run/run.h"

static const char usage_all[] =
"usage: deckpress all [DECK ...] [-d DIR] [-j N] [--draft]\n"
"                [--duplex long|short|none|fold]\n"
"                [--paper a4|letter] [--back-offset X,Y] [--printer FILE]\n"
"                [--guides marks|full|corners]\n"
"                [--spacing MM | --bleed-only-outside] [--allow-outside]\n"
"\n"
"Render each DECK (default: the game in the current folder, if it holds\n"
"a deck.yaml, else every deck under the bundled cards/ folder)\n"
"in every one of its languages: the card sheets DIR/GAME-LANG-cards.pdf\n"
"and, where the language has its rule booklet, the print-and-play\n"
"pack DIR/GAME-LANG-pack.pdf, both in one duplex mode.  A language whose\n"
"translation is not finished is skipped, with a warning for each\n"
"string it lacks.\n"
"\n"
"  -d, --dir DIR    output folder (default: out)\n"
"  -j, --jobs N     render N languages at once, each in a process of\n"
"                   its own (default: the number of cores); the output\n"
"                   and exit status are those of -j 1, one after the\n"
"                   other\n"
"      --duplex MODE\n"
"                   long (default), short, none or fold (gutterfold),\n"
"                   as for 'deckpress cards' and 'deckpress pack'\n"
"      --draft      print unfinished languages too, as drafts (see\n"
"                   'deckpress cards --help')\n"
PRINT_USAGE
DECK_USAGE
"  -h, --help       this help\n"
"\n"
"Exit status: 0 every language rendered or skipped as unfinished;\n"
"1 a deck has errors; 2 usage; 3 I/O or font failure, or a language's\n"
"process killed.\n";

/* The cards of language lang, then its pack where it has its booklet. */
static int
all_lang(const char *lang, const struct job *base)
{
	struct job j = *base;
	struct diags d = { 0 };
	char *md, *said = NULL;
	int rc;

	j.lang = lang;
	rc = doc_cards(&j, &said, &d);
	cmd_say(j.output, said);
	if (rc == EXIT_INPUT && run_batch_unfinished(&d, j.lang)) {
		run_batch_skip(j.deckdir, j.lang, &d);
		return cmd_finish(&d, 0);
	}
	if ((rc = cmd_finish(&d, rc)) != 0)
		return rc;
	md = g_strdup_printf("%s/rules/%s.md", j.deckdir, j.lang);
	if (file_exists(md)) {
		said = NULL;
		rc = doc_pack(&j, &said, &d);
		cmd_say(j.output, said);
		rc = cmd_finish(&d, rc);
	}
	g_free(md);
	return rc;
}

/*
 * A unit of the batch, for run_batch(): its language rendered as the
 * job base says, or the errors of a deck that did not load reported.
 * Returns its exit code.
 */
static int
run_unit(void *arg, struct batch_unit *u)
{
	struct job j = *(const struct job *)arg;

	if (u->lang == NULL)
		return cmd_finish(&u->errors, EXIT_INPUT);
	j.deckdir = u->deckdir;
	return all_lang(u->lang, &j);
}

static int
run_all(char **dirs, size_t ndirs, const struct job *base,
    unsigned int jobs)
{
	struct batch b = { 0 };
	char *datadir = NULL, *cwd, **decks = dirs;
	size_t n = ndirs, i;
	int rc = 0;

	if (ndirs == 0 && file_exists("deck.yaml")) {
		/* Inside a game's folder, that game is the one meant; its
		 * full path gives its outputs the folder's name. */
		cwd = g_get_current_dir();
		decks = xmalloc(sizeof(*decks));
		decks[0] = xstrdup(cwd);
		g_free(cwd);
		n = 1;
	} else if (ndirs == 0) {
		datadir = job_data_dir();
		decks = run_batch_decks(datadir, &n);
		if (n == 0) {
			fprintf(stderr, "deckpress: error: no decks in "
			    "%s/cards\n", datadir);
			rc = EXIT_IO;
		}
	}
	for (i = 0; i < n; i++)
		run_batch_add_deck(&b, decks[i]);
	if (b.n > 0)
		rc = run_batch(&b, jobs, run_unit, (void *)base);
	run_batch_free(&b);
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
		return cmd_usage_error(usage_all, "--jobs must be a whole "
		    "number from 1 to %d, not '%s'", PARALLEL_MAX, arg);
	*jobs = (unsigned int)v;
	return 0;
}

int
cmd_all(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dir", required_argument, NULL, 'd' },
		{ "draft", no_argument, NULL, 'D' },
		{ "duplex", required_argument, NULL, 'X' },
		{ "help", no_argument, NULL, 'h' },
		{ "jobs", required_argument, NULL, 'j' },
		DECK_OPTIONS,
		PRINT_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct job j = JOB_INIT;
	struct diags d = { 0 };
	unsigned int jobs = run_parallel_cores();
	int c, rc;

	while ((c = getopt_long(argc, argv, "d:hj:", opts, NULL)) != -1)
		switch (c) {
		case 'd':
			j.outdir = optarg;
			break;
		case 'D':
			j.draft = true;
			break;
		case 'X':
			/* -d is the folder here: --duplex has no short form. */
			if ((rc = cmd_job_option(&j, 'd', optarg,
			    usage_all)) != 0)
				return rc;
			break;
		case 'h':
			fputs(usage_all, stdout);
			return 0;
		case 'j':
			if ((rc = jobs_arg(optarg, &jobs)) != 0)
				return rc;
			break;
		case '?':
			return cmd_bad_option(argv, opts, usage_all);
		default:
			if ((rc = cmd_job_option(&j, c, optarg,
			    usage_all)) != 0)
				return rc;
		}
	j.outdir = j.outdir ? j.outdir : "out";
	/* A deck given as DECK/deck.yaml is its folder, as for cards. */
	for (c = optind; c < argc; c++)
		argv[c] = cmd_deck_dir(argv[c]);
	if ((rc = job_printer(&j, &d)) != 0)
		return cmd_finish(&d, rc);
	return run_all(argv + optind, (size_t)(argc - optind), &j, jobs);
}
