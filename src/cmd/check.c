/* SPDX-License-Identifier: MIT */
/*
 * The check command: composition against rules.yaml, translations
 * against the source language, booklets, text that does not fit.  The
 * validate stage (validate/report.c) runs the checks and prints the
 * table or the JSON; this file reads the options and loads the deck.
 * Part of the CLI.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "cmd.h"
#include "../doc/doc.h"
#include "../pofile/pofile.h"
#include "../validate/validate.h"

static const char usage_check[] =
"usage: deckpress check DECK [--lang LANG|all] [--json] [--werror]\n"
"                  [--from FILE.po] [--allow-outside]\n"
"\n"
"Check the deck in folder DECK: its composition against DECK/rules.yaml\n"
"(totals, quotas, variants), every translation against the source\n"
"language (missing, extra, stale, identical or copied strings, markup\n"
"and icons), rule booklets (DECK/rules/LANG.md), and text that does not\n"
"fit its box at the layout's minimum size.\n"
"\n"
"  -l, --lang LANG|all  language(s) to check (default: all)\n"
"  -j, --json           findings as JSON on stdout\n"
"  -W, --werror         warnings fail the check too\n"
"  -f, --from FILE.po   check LANG as if the PO file's translations were\n"
"                       taken (strings --from); nothing is written\n"
DECK_USAGE
"  -h, --help           this help\n"
"\n"
"Exit status: 0 clean, 1 errors (or warnings with --werror), 2 usage.\n";

struct checkjob {
	const char	*deckdir;
	const char	*lang;		/* NULL: all */
	bool		 json;
	bool		 werror;
	bool		 allow_outside;	/* --allow-outside */
	bool		 fit;		/* the layouts could be bound */
	const char	*from;		/* --from: a PO file, or NULL */
};

/*
 * What a render would refuse, check says first: each language checked
 * goes through the sheets and the pack as "cards" and "pack" make them.
 */
/*
 * Has check refused language li's booklet already?  Its pack would be
 * refused too: flowing it as well (a hostile booklet of 20 000 bad
 * references) would only cost.
 */
static bool
booklet_refused(const struct deck *deck, size_t li, const struct diags *d)
{
	char *name = g_strdup_printf("rules/%s.md", deck->langs[li]);
	size_t i, n = strlen(name), m;
	bool yes = false;

	for (i = 0; i < d->n && !yes; i++)
		yes = d->v[i].level == DIAG_ERROR && d->v[i].pos.file != NULL &&
		    (m = strlen(d->v[i].pos.file)) >= n &&
		    strcmp(d->v[i].pos.file + m - n, name) == 0;
	g_free(name);
	return yes;
}

static void
preflight(struct setup *s, const char *lang, struct diags *d)
{
	size_t li;

	for (li = 0; li < s->deck->nlangs; li++)
		if (s->deck->loaded[li] && (lang == NULL ||
		    strcmp(lang, s->deck->langs[li]) == 0) &&
		    !booklet_refused(s->deck, li, d))
			doc_pack_preflight(s, li, d);
}

/*
 * The PO file's translations put into language li, at the PO file's
 * lines, for the checks to see as if they were written.
 */
static void
take_po(struct setup *s, const char *lang, int li, const char *path,
    struct diags *d)
{
	struct poin_report r;
	struct pofile pf = { 0 };

	if (li == 0)
		diag_add(d, DIAG_ERROR, NULL, "usage", "--from: '%s' is the "
		    "source language, which no PO file translates", lang);
	else if (pofile_read(&pf, path, d))
		pofile_apply(s, (size_t)li, &pf, &r, d);
	pofile_free(&pf);
}

static int
run_check(struct checkjob *j, struct diags *d)
{
	struct load_opts lo = { .lenient = true,
	    .allow_outside = j->allow_outside };
	struct setup s = { 0 };
	struct check_report k = { 0 };
	bool printed = false;
	int li, rc;

	/* One language checked: read only it and the source, so another
	 * language's gaps do not stand in its way. */
	if (j->lang != NULL && strcmp(j->lang, "all") != 0) {
		lo.lang = j->lang;
		lo.one = true;
	}
	rc = job_setup_load(&s, j->deckdir, &lo, d);

	if (s.deck == NULL || s.fonts == NULL || rc == EXIT_IO)
		goto out;
	/* Fit needs the templates bound to the deck; else it is skipped. */
	j->fit = rc == 0;
	if ((rc = job_lang_arg(s.deck, j->lang, &li, d)) != 0)
		goto out;
	if (j->from != NULL)
		take_po(&s, j->lang, li, j->from, d);
	validate_check(s.deck, s.fonts, s.tmpls, j->lang, j->fit, &k, d);
	if (j->fit)
		preflight(&s, j->lang, d);
	diag_sort(d);
	if (j->json)
		validate_print_json(stdout, s.deck, s.fonts, &k, d);
	else
		validate_print_table(stdout, s.deck, s.fonts, &k);
	printed = true;
	rc = d->nerr || (j->werror && d->nwarn) ? EXIT_INPUT : 0;
out:
	if (j->json && !printed) {
		/* Still JSON when the deck did not load or usage was wrong. */
		diag_sort(d);
		validate_print_findings(stdout, d);
	}
	validate_report_free(&k);
	job_setup_free(&s);
	return rc;
}

int
cmd_check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "json", no_argument, NULL, 'j' },
		{ "werror", no_argument, NULL, 'W' },
		{ "from", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		DECK_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct checkjob j = { 0 };
	struct diags d = { 0 };
	int c, rc;

	while ((c = getopt_long(argc, argv, "l:jWf:h", opts, NULL)) != -1)
		switch (c) {
		case 'l':
			j.lang = strcmp(optarg, "all") == 0 ? NULL : optarg;
			break;
		case 'j':
			j.json = true;
			break;
		case 'W':
			j.werror = true;
			break;
		case 'f':
			j.from = optarg;
			break;
		case 'A':
			j.allow_outside = true;
			break;
		case 'h':
			fputs(usage_check, stdout);
			return 0;
		default:
			return cmd_bad_option(argv, opts, usage_check);
		}
	if (argc - optind != 1)
		return cmd_usage_error(usage_check, "%s", argc - optind ?
		    "give exactly one deck folder" : "no deck folder given");
	if (j.from != NULL && j.lang == NULL)
		return cmd_usage_error(usage_check, "%s", "--from needs --lang "
		    "LANG, the PO file's language");
	j.deckdir = cmd_deck_dir(argv[optind]);
	rc = run_check(&j, &d);
	if (j.json) {
		diag_free(&d);
		return rc;
	}
	return cmd_finish(&d, rc);
}
