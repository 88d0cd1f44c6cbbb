/* SPDX-License-Identifier: MIT */
/*
 * The new command: a new game's folder that renders at once, for a
 * designer's first step.  Part of the CLI: the folder is the scaffold
 * stage's work (scaffold/scaffold.h).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "cmd.h"
#include "../scaffold/scaffold.h"

static const char usage_new[] =
"usage: deckpress new DIR [--lang LANG,...] [--size SIZE]\n"
"\n"
"Make DIR, a new game that prints at once: deck.yaml with two kinds of\n"
"component (cards and round tokens), their layouts in DIR/layouts/\n"
"(copied from deckpress's general-purpose ones: title, art, body and\n"
"footer, and a back), text/LANG.yaml and rules/LANG.md in each\n"
"language, cards.csv with the sample cards as 'deckpress import'\n"
"reads them, art/ with a placeholder picture, fonts/, icons/ and a\n"
"README.md with the next steps.  DIR must be new or an empty folder;\n"
"nothing is written otherwise.\n"
"\n"
"  -l, --lang LANG,...  the languages, the source first: de, en, es, fr\n"
"                       or it (default: en); each gets the sample texts\n"
"                       in its own words\n"
"  -s, --size SIZE      the cards' size: standard (63 x 88 mm, the\n"
"                       default), poker, bridge, euro, tarot or\n"
"                       mini-euro\n"
"  -h, --help           this help\n"
"\n"
"Exit status: 0 made; 1 DIR is not new or empty; 2 usage; 3 I/O.\n";

/*
 * --lang's list into langs (at most n, each once and known): the
 * pieces of copy, which the caller frees.  0 or EXIT_USAGE (printed).
 */
static int
lang_list(char *copy, const char **langs, size_t n, size_t *count)
{
	char *p, *save = NULL;
	size_t i;

	*count = 0;
	for (p = strtok_r(copy, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save)) {
		if (!scaffold_known(scaffold_langs, p))
			return cmd_usage_error(usage_new, "--lang: no sample "
			    "game in '%s'; new knows de, en, es, fr and it "
			    "(add another later with 'deckpress strings')", p);
		for (i = 0; i < *count; i++)
			if (strcmp(langs[i], p) == 0)
				return cmd_usage_error(usage_new,
				    "--lang: '%s' is given twice", p);
		if (*count == n)
			return cmd_usage_error(usage_new, "--lang: more than "
			    "%zu languages", n);
		langs[(*count)++] = p;
	}
	if (*count == 0)
		return cmd_usage_error(usage_new, "--lang: no language given");
	return 0;
}

int
cmd_new(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "size", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *langs[8] = { "en" };
	struct scaffold s = { .size = "standard", .langs = langs,
	    .nlangs = 1 };
	struct diags d = { 0 };
	char *list = NULL;
	int c, rc = 0;

	while (rc == 0 &&
	    (c = getopt_long(argc, argv, "hl:s:", opts, NULL)) != -1)
		switch (c) {
		case 'h':
			fputs(usage_new, stdout);
			goto out;
		case 'l':
			free(list);
			list = xstrdup(optarg);
			rc = lang_list(list, langs, 8, &s.nlangs);
			break;
		case 's':
			if (!scaffold_known(scaffold_sizes, optarg))
				rc = cmd_usage_error(usage_new, "--size: '%s' "
				    "is no card size new knows (standard, "
				    "poker, bridge, euro, tarot, mini-euro)",
				    optarg);
			s.size = optarg;
			break;
		default:
			rc = cmd_bad_option(argv, opts, usage_new);
		}
	if (rc == 0 && argc - optind == 0)
		rc = cmd_usage_error(usage_new, "%s", "no folder given");
	else if (rc == 0 && argc - optind > 1)
		rc = cmd_usage_error(usage_new, "one folder only, not %d",
		    argc - optind);
	if (rc != 0)
		goto out;
	s.dir = argv[optind];
	s.datadir = job_data_dir();
	if ((rc = scaffold_new(&s, &d)) == 0)
		printf("%s: a new game (%s cards), ready to print: see "
		    "%s%sREADME.md\n", s.dir, s.size, s.dir,
		    g_str_has_suffix(s.dir, "/") ? "" : "/");
	free((char *)s.datadir);
	rc = cmd_finish(&d, rc);
out:
	free(list);
	return rc;
}
