/* SPDX-License-Identifier: MIT */
/*
 * The import command: a spreadsheet saved as CSV or TSV into a deck,
 * its rows the card list of deck.yaml and its text columns the strings
 * of text/<lang>.yaml.  The import stage (import/import.h) makes every
 * file in memory and checks it first, then writes them all or none;
 * this file reads the options and reports.  Part of the CLI.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <glib.h>

#include "cmd.h"
#include "../import/import.h"
#include "../outfile.h"

static const char usage_import[] =
"usage: deckpress import FILE --into DECK [--prune] [--overwrite]\n"
"       deckpress import FILE --into DECK --layout NAME [--lang LANG]\n"
"       deckpress import FILE --into DECK --layout KIND=NAME,... [--lang LANG]\n"
"       (either with [--allow-outside])\n"
"\n"
"Write the cards of a spreadsheet saved as CSV or TSV (FILE) into DECK:\n"
"the card list of DECK/deck.yaml and the strings of DECK/text/LANG.yaml.\n"
"Its header row names the columns: id (required), count, component, the\n"
"deck's attributes, and text fields: 'title' in the source language,\n"
"'title@es' in Spanish (an empty cell clears the text); a column named\n"
"'#...' holds notes, left out.\n"
"Everything else in the files stays as written, and a second import\n"
"changes nothing.  Nothing is written if there is any error, and the\n"
"files are written all or none: an import stopped half way leaves\n"
"DECK/import.journal, and the next one finishes it.\n"
"\n"
"  -i, --into DECK     the deck folder (required)\n"
"      --prune         delete the strings of cards the spreadsheet no\n"
"                      longer has, instead of refusing\n"
"      --overwrite     set the texts edited in DECK's text files since\n"
"                      the last import, instead of refusing (import\n"
"                      keeps its record in DECK/import.state)\n"
"      --layout NAME   begin a new deck in DECK, which has no deck.yaml\n"
"                      yet, with this layout; KIND=NAME,KIND=NAME: a\n"
"                      deck of components, each kind with its layout,\n"
"                      the table's 'component' column naming each\n"
"                      card's kind\n"
"  -l, --lang LANG     the new deck's source language (default: en)\n"
DECK_USAGE
"  -h, --help          this help\n";

/*
 * What the import did: deck.yaml's card list, then each text file the
 * table has columns for or the import rewrote.
 */
static void
report(const struct import_result *r)
{
	const struct import_file *v = r->files;
	size_t i;

	printf("%s: %zu card%s, %zu added, %zu changed, %zu removed%s\n",
	    v[0].path, r->cards, r->cards == 1 ? "" : "s", r->n.added,
	    r->n.changed, r->n.removed, v[0].changed ? "" : " (unchanged)");
	for (i = 1; i < r->nfiles; i++) {
		size_t li = v[i].lang, k = r->n.strings[li];

		if (!r->n.touched[li] && !r->columns[li])
			continue;
		printf("%s: %zu string%s set", v[i].path, k, k == 1 ? "" : "s");
		if (r->n.cleared[li] > 0)
			printf(", %zu cleared", r->n.cleared[li]);
		if (li > 0 && r->n.touched[li])
			printf(", %zu stale", v[i].r.stale);
		printf("%s\n", v[i].changed ? "" : " (unchanged)");
	}
}

static int
run_import(const struct import_args *a, struct diags *d)
{
	struct import_result res = { 0 };
	int rc;

	rc = import_run(a, &res, d);
	if (res.finished != NULL)
		fputs(res.finished, stdout);
	if (rc == 0)
		report(&res);
	import_result_free(&res);
	return rc;
}

/*
 * --layout kind=NAME,kind=NAME: each kind a name, once, with a layout;
 * a usage error if not, else 0.
 */
static int
components_arg(const char *spec)
{
	char **v = g_strsplit(spec, ",", -1), *eq;
	size_t i, j;
	int rc = 0;

	for (i = 0; v[i] != NULL && rc == 0; i++) {
		if ((eq = strchr(v[i], '=')) == NULL || eq[1] == '\0') {
			rc = cmd_usage_error(usage_import, "--layout: '%s' is "
			    "not KIND=LAYOUT", v[i]);
			break;
		}
		*eq = '\0';	/* v[i] is the kind from here */
		if (!valid_ident(v[i]))
			rc = cmd_usage_error(usage_import, "--layout: '%s' is "
			    "not a name for a kind of component (like token)",
			    v[i]);
		for (j = 0; j < i && rc == 0; j++)
			if (strcmp(v[i], v[j]) == 0)
				rc = cmd_usage_error(usage_import, "--layout: "
				    "the kind '%s' is given twice", v[i]);
	}
	g_strfreev(v);
	return rc;
}

int
cmd_import(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "into", required_argument, NULL, 'i' },
		{ "prune", no_argument, NULL, 'p' },
		{ "overwrite", no_argument, NULL, 'O' },
		{ "layout", required_argument, NULL, 'L' },
		{ "lang", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		DECK_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct import_args a = { 0 };
	struct diags d = { 0 };
	int c;

	while ((c = getopt_long(argc, argv, "i:l:h", opts, NULL)) != -1)
		switch (c) {
		case 'i':
			a.into = optarg;
			break;
		case 'p':
			a.prune = true;
			break;
		case 'O':
			a.overwrite = true;
			break;
		case 'L':
			a.layout = optarg;
			break;
		case 'l':
			a.lang = optarg;
			break;
		case 'A':
			a.allow_outside = true;
			break;
		case 'h':
			fputs(usage_import, stdout);
			return 0;
		default:
			return cmd_bad_option(argv, opts, usage_import);
		}
	if (argc - optind != 1)
		return cmd_usage_error(usage_import, "%s", argc - optind ?
		    "give exactly one CSV or TSV file" : "no CSV or TSV file "
		    "given");
	if (a.into == NULL)
		return cmd_usage_error(usage_import, "%s", "--into is "
		    "required");
	if (a.lang != NULL && !load_lang_tag_valid(a.lang))
		return cmd_usage_error(usage_import, "'%s' is not a language "
		    "code (a BCP 47 tag, like en or pt-BR)", a.lang);
	if (a.layout != NULL && strchr(a.layout, '=') != NULL &&
	    (c = components_arg(a.layout)) != 0)
		return c;
	a.csv = argv[optind];
	/* import.state is named in the deck: a link there is no one's. */
	outfile_no_links();
	return cmd_finish(&d, run_import(&a, &d));
}
