/* SPDX-License-Identifier: MIT */
/*
 * The pack command: the complete print-and-play pack of one game in one
 * language.  Part of the CLI: it reads the options into a job; the
 * document stage (doc/packpdf.c) makes the PDF.
 */
#include <getopt.h>
#include <stdio.h>

#include "cmd.h"

static const char usage_pack[] =
"usage: deckpress pack DECK [--lang LANG] [-o FILE] [--draft]\n"
"                 [--duplex long|short|none|fold]\n"
"                 [--paper a4|letter] [--back-offset X,Y] [--printer FILE]\n"
"                 [--guides marks|full|corners]\n"
"                 [--spacing MM | --bleed-only-outside] [--allow-outside]\n"
"\n"
"The complete print-and-play pack of the deck in one PDF: a cover with\n"
"how to print, an index, the instructions (DECK/rules/LANG.md), the card\n"
"sheets as 'deckpress cards' makes them, and the credits.  The cover\n"
"and the index say how to print (and fold) the sheets in the duplex\n"
"mode of the pack.  Its own strings come from 'pack:' in\n"
"DECK/text/LANG.yaml, else deckpress's defaults.\n"
"\n"
"  -l, --lang LANG      language (default: the deck's first)\n"
"  -o, --output FILE    PDF to write (default: out/GAME-LANG-pack.pdf)\n"
"  -d, --duplex MODE    how the sheets print (default: the printer\n"
"                       profile's, else long), as for 'deckpress cards':\n"
"                         long, short  double-sided, turned on that\n"
"                                edge; the first front on an odd page\n"
"                         none   single-sided, all fronts then all\n"
"                                backs, the stack turned by hand\n"
"                         fold   gutterfold: each back on the front's\n"
"                                page, mirrored about a dashed line to\n"
"                                fold along; single-sided\n"
"      --draft          print an unfinished translation (see 'deckpress\n"
"                       cards --help')\n"
PRINT_USAGE
DECK_USAGE
"  -h, --help           this help\n";

int
cmd_pack(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "output", required_argument, NULL, 'o' },
		{ "draft", no_argument, NULL, 'D' },
		{ "duplex", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		DECK_OPTIONS,
		PRINT_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct job j = JOB_INIT;
	struct diags d = { 0 };
	char *said = NULL;
	int c, rc;

	while ((c = getopt_long(argc, argv, "l:o:d:h", opts, NULL)) != -1)
		switch (c) {
		case 'l':
			j.lang = optarg;
			break;
		case 'o':
			j.output = optarg;
			break;
		case 'D':
			j.draft = true;
			break;
		case 'h':
			fputs(usage_pack, stdout);
			return 0;
		case '?':
			return cmd_bad_option(argv, opts, usage_pack);
		default:
			if ((rc = cmd_job_option(&j, c, optarg,
			    usage_pack)) != 0)
				return rc;
		}
	if (argc - optind != 1)
		return cmd_usage_error(usage_pack, "%s", argc - optind ?
		    "give exactly one deck folder" : "no deck folder given");
	j.deckdir = cmd_deck_dir(argv[optind]);
	cmd_output_ext(&d, j.output, ".pdf", "a PDF");
	if ((rc = job_printer(&j, &d)) != 0)
		return cmd_finish(&d, rc);
	rc = doc_pack(&j, &said, &d);
	cmd_say(j.output, said);
	return cmd_finish(&d, rc);
}
