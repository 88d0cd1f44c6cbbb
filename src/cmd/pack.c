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
"                 [--paper a4|letter] [--back-offset X,Y] [--printer FILE]\n"
"                 [--guides marks|full|corners]\n"
"                 [--spacing MM | --bleed-only-outside] [--allow-outside]\n"
"\n"
"The complete print-and-play pack of the deck in one PDF: a cover with\n"
"how to print, an index, the instructions (DECK/rules/LANG.md), the card\n"
"sheets as 'deckpress cards' makes them (the first front on an odd page,\n"
"so the pack prints double-sided), and the credits.  Its own strings\n"
"come from 'pack:' in DECK/text/LANG.yaml, else deckpress's defaults.\n"
"\n"
"  -l, --lang LANG      language (default: the deck's first)\n"
"  -o, --output FILE    PDF to write (default: out/GAME-LANG-pack.pdf)\n"
"      --draft          print an unfinished translation (see 'deckpress\n"
"                       cards --help')\n"
PRINT_USAGE
DECK_USAGE
"  -h, --help           this help\n"
"\n"
"Its sheets print double-sided turned on the long edge, as its cover\n"
"says: a printer profile's other duplex is left aside here.\n";

int
cmd_pack(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "output", required_argument, NULL, 'o' },
		{ "draft", no_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		DECK_OPTIONS,
		PRINT_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct job j = JOB_INIT;
	struct diags d = { 0 };
	int c, rc;

	while ((c = getopt_long(argc, argv, "l:o:h", opts, NULL)) != -1)
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
			return bad_option(argv, opts, usage_pack);
		default:
			if ((rc = job_option(&j, c, optarg, usage_pack)) != 0)
				return rc;
		}
	if (argc - optind != 1)
		return usage_error(usage_pack, "%s", argc - optind ?
		    "give exactly one deck folder" : "no deck folder given");
	j.deckdir = deck_dir(argv[optind]);
	output_ext(&d, j.output, ".pdf", "a PDF");
	if ((rc = job_printer(&j, &d)) != 0)
		return finish(&d, rc);
	/* The pack says to turn on the long edge: its backs follow that. */
	j.duplex = DUPLEX_LONG;
	return finish(&d, run_pack(&j, &d));
}
