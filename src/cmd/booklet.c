/* SPDX-License-Identifier: MIT */
/*
 * The booklet command: a game's rule booklet typeset as A4 pages or as
 * an A5 booklet imposed for folding.  Part of the CLI: it reads the
 * options; the document stage (doc/rulebook.c) makes the PDF.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"

static const char usage_booklet[] =
"usage: deckpress booklet DECK [--lang LANG] [--format a4|a5-booklet]\n"
"                  [--paper a4|letter] [-o FILE] [--allow-outside]\n"
"\n"
"Typeset the rule booklet DECK/rules/LANG.md as a PDF.\n"
"\n"
"  -l, --lang LANG      language (default: the deck's first)\n"
"  -f, --format FORMAT  a4: pages of the paper (default); a5-booklet: A5\n"
"                       pages two up on A4 landscape (half-Letter pages\n"
"                       on Letter) in saddle-stitch order: print\n"
"                       double-sided, flip on the short edge, fold the\n"
"                       stack in the middle and staple\n"
"      --paper PAPER    a4 (default) or letter\n"
"  -o, --output FILE    PDF to write (default: out/GAME-LANG-rules.pdf,\n"
"                       or -rules-a5.pdf)\n"
DECK_USAGE
"  -h, --help           this help\n";

int
cmd_booklet(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "paper", required_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		DECK_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct rulebook_job j = { 0 };
	struct diags d = { 0 };
	char *said = NULL;
	int c, rc;

	while ((c = getopt_long(argc, argv, "l:f:o:h", opts, NULL)) != -1)
		switch (c) {
		case 'l':
			j.lang = optarg;
			break;
		case 'f':
			if (strcmp(optarg, "a5-booklet") == 0)
				j.a5 = true;
			else if (strcmp(optarg, "a4") != 0)
				return cmd_usage_error(usage_booklet,
				    "--format must be a4 or a5-booklet, not '%s'",
				    optarg);
			break;
		case 'o':
			j.output = optarg;
			break;
		case 'P':
			if (strcmp(optarg, "letter") == 0)
				j.letter = true;
			else if (strcmp(optarg, "a4") != 0)
				return cmd_usage_error(usage_booklet, "--paper "
				    "must be a4 or letter, not '%s'", optarg);
			break;
		case 'A':
			j.allow_outside = true;
			break;
		case 'h':
			fputs(usage_booklet, stdout);
			return 0;
		default:
			return cmd_bad_option(argv, opts, usage_booklet);
		}
	if (argc - optind != 1)
		return cmd_usage_error(usage_booklet, "%s", argc - optind ?
		    "give exactly one deck folder" : "no deck folder given");
	j.deckdir = cmd_deck_dir(argv[optind]);
	cmd_output_ext(&d, j.output, ".pdf", "a PDF");
	rc = doc_booklet(&j, &said, &d);
	cmd_say(j.output, said);
	return cmd_finish(&d, rc);
}

