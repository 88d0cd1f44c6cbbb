/* SPDX-License-Identifier: MIT */
/*
 * deckpress command line: hands the arguments to the command named
 * first, whose file in cmd/ parses its options, runs the pipeline
 * load -> bind -> layout -> impose/render -> pdf and maps outcomes to
 * exit codes.
 */
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"

static const char usage_main[] =
"usage: deckpress [--help] [--version] command [arguments]\n"
"\n"
"commands:\n"
"  cards DECK   card sheets of one deck in one language, as an A4 PDF\n"
"  all          card sheets of every bundled game in every language,\n"
"               into out/\n"
"  check DECK   the deck against its rules, translations against the\n"
"               source language, and text that does not fit\n"
"  strings DECK --lang LANG\n"
"               write or update the translator's file text/LANG.yaml\n"
"  booklet DECK the rule booklet, as A4 pages or a folded A5 booklet\n"
"  pack DECK    the print-and-play pack: cover and how to print, index,\n"
"               instructions, card sheets, credits\n"
"\n"
"Run 'deckpress COMMAND --help' for a command's options.\n";

int
main(int argc, char **argv)
{
	if (argc < 2)
		return usage_error(usage_main, "%s", "no command given");
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		fputs(usage_main, stdout);
		return 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("deckpress %s\n", VERSION);
		return 0;
	}
	if (strcmp(argv[1], "cards") == 0)
		return cmd_cards(argc - 1, argv + 1);
	if (strcmp(argv[1], "all") == 0)
		return cmd_all(argc - 1, argv + 1);
	if (strcmp(argv[1], "check") == 0)
		return cmd_check(argc - 1, argv + 1);
	if (strcmp(argv[1], "strings") == 0)
		return cmd_strings(argc - 1, argv + 1);
	if (strcmp(argv[1], "booklet") == 0)
		return cmd_booklet(argc - 1, argv + 1);
	if (strcmp(argv[1], "pack") == 0)
		return cmd_pack(argc - 1, argv + 1);
	return usage_error(usage_main, "unknown command '%s'", argv[1]);
}
