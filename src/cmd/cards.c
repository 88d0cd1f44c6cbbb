/* SPDX-License-Identifier: MIT */
/*
 * The cards command: one deck in one language as print-ready card
 * sheets, fronts and backs placed for duplex printing.  Part of the CLI:
 * it reads the options into a job; the document stage (doc/cardsheets.c)
 * makes the PDF.
 */
#include <getopt.h>
#include <stdio.h>

#include "cmd.h"

static const char usage_cards[] =
"usage: deckpress cards DECK [--lang LANG] [-o FILE] [--variant NAME]\n"
"                  [--component NAME] [--duplex long|short|none|fold]\n"
"                  [--no-backs] [--draft] [--hints] [--paper a4|letter]\n"
"                  [--back-offset X,Y] [--printer FILE]\n"
"                  [--guides marks|full|corners]\n"
"                  [--spacing MM | --bleed-only-outside]\n"
"                  [--allow-outside]\n"
"\n"
"Render the deck in folder DECK (its deck.yaml, text/LANG.yaml, the\n"
"layouts and sheets it names) as print-ready sheets: cards, and any\n"
"other components (boards, tokens), each kind on sheets of its own;\n"
"the kinds with a back first, each from an odd page, then the\n"
"single-sided ones.\n"
"\n"
"  -l, --lang LANG      language to print (default: the deck's first)\n"
"  -o, --output FILE    PDF to write (default: out/GAME-LANG-cards.pdf)\n"
"  -d, --duplex MODE    where backs go:\n"
"                         long   each front sheet followed by its back\n"
"                                sheet, for duplex flipped on the long\n"
"                                edge (default)\n"
"                         short  the same, flipped on the short edge:\n"
"                                rows mirrored, backs turned 180 degrees\n"
"                         none   all fronts, then all backs in the same\n"
"                                order: print the fronts, put the stack\n"
"                                back in the tray turned over its long\n"
"                                edge, print the backs\n"
"                         fold   no duplex printer: each front and its\n"
"                                back on one page, mirrored about a fold\n"
"                                line; cut, fold, glue or sleeve\n"
"      --no-backs       fronts only\n"
"      --component NAME only that kind of component (default: all);\n"
"                       default output out/GAME-LANG-NAME.pdf\n"
"      --variant NAME   only the cards of that variant of DECK/rules.yaml\n"
"                       (e.g. a learning deck); default output\n"
"                       out/GAME-LANG-NAME-cards.pdf\n"
"      --draft          print a translation that is not finished: each\n"
"                       missing string in the source language, it and\n"
"                       stale or too long strings flagged on the card,\n"
"                       listed on stderr, DRAFT in the margins; every\n"
"                       text box outlined as --hints does; an image\n"
"                       file that does not exist drawn as a crossed\n"
"                       placeholder, with a warning\n"
"      --hints          every text box outlined, its field named: where\n"
"                       each text goes, before there is text\n"
PRINT_USAGE
DECK_USAGE
"  -h, --help           this help\n"
"\n"
"Exit status: 0 done, 1 invalid input (nothing written), 2 usage,\n"
"3 I/O or font failure.\n";

int
cmd_cards(int argc, char **argv)
{
	static const struct option opts[] = {
		CARDS_OPTIONS,
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
		case 'h':
			fputs(usage_cards, stdout);
			return 0;
		case '?':
			return cmd_bad_option(argv, opts, usage_cards);
		default:
			if ((rc = cmd_cards_option(&j, c, optarg)) < 0)
				rc = cmd_job_option(&j, c, optarg, usage_cards);
			if (rc != 0)
				return rc;
		}
	if (argc - optind != 1)
		return cmd_usage_error(usage_cards, "%s",
		    argc - optind ? "give exactly one deck folder" :
		    "no deck folder given");
	j.deckdir = cmd_deck_dir(argv[optind]);
	cmd_output_ext(&d, j.output, ".pdf", "a PDF");
	if ((rc = job_printer(&j, &d)) != 0)
		return cmd_finish(&d, rc);
	rc = doc_cards(&j, &said, &d);
	cmd_say(j.output, said);
	return cmd_finish(&d, rc);
}

