/* SPDX-License-Identifier: MIT */
/*
 * deckpress command line: hands the arguments to the command named
 * first, whose file in cmd/ parses its options, runs the pipeline
 * load -> bind -> layout -> impose/render -> pdf and maps outcomes to
 * exit codes.
 */
#include <getopt.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"

static const char usage_main[] =
"usage: deckpress [--help] [--version] command [arguments]\n"
"\n"
"commands:\n"
"  new DIR      a new game that prints at once, to make your own\n"
"  cards DECK   the sheets of one game in one language, as a PDF: cards\n"
"               with their backs, boards, tokens\n"
"  all          the sheets and packs of the game in this folder, else\n"
"               of every bundled game, in every language, into out/\n"
"  check DECK   the deck against its rules, translations against the\n"
"               source language, and text that does not fit\n"
"  strings DECK --lang LANG\n"
"               write or update the translator's file text/LANG.yaml\n"
"  import FILE --into DECK\n"
"               a spreadsheet (CSV or TSV) into the deck's card list and\n"
"               text files\n"
"  booklet DECK the rule booklet, as pages or a folded booklet\n"
"  pack DECK    the print-and-play pack: cover and how to print, index,\n"
"               instructions, sheets, credits\n"
"  calibrate    a sheet that measures how a printer scales and shifts\n"
"               its back pages\n"
"  preview DECK a card, or a contact sheet of the deck, as a PNG\n"
"  export DECK --lang LANG -o DIR\n"
"               a PNG per card face with its bleed, or a PDF of a face\n"
"               a page, for a print-on-demand service\n"
"  watch DECK   render the cards (or --pack) again whenever a file the\n"
"               deck uses changes\n"
"\n"
"Run 'deckpress COMMAND --help' for a command's options.\n";

/* The commands, by name. */
static const struct {
	const char	*name;
	int		(*run)(int, char **);
} commands[] = {
	{ "new", cmd_new },
	{ "cards", cmd_cards },
	{ "all", cmd_all },
	{ "check", cmd_check },
	{ "strings", cmd_strings },
	{ "booklet", cmd_booklet },
	{ "pack", cmd_pack },
	{ "calibrate", cmd_calibrate },
	{ "preview", cmd_preview },
	{ "export", cmd_export },
	{ "import", cmd_import },
	{ "watch", cmd_watch },
};

#define NCOMMANDS	(sizeof(commands) / sizeof(commands[0]))

/* An unknown command, with the closest of the commands' names. */
static int
unknown_command(const char *name)
{
	const char *names[NCOMMANDS], *hint;
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		names[i] = commands[i].name;
	if ((hint = closest_word(name, names, NCOMMANDS)) != NULL)
		return cmd_usage_error(usage_main, "unknown command '%s'; did "
		    "you mean '%s'?", name, hint);
	return cmd_usage_error(usage_main, "unknown command '%s'", name);
}

/*
 * glibc gives freed memory back to the system as soon as 128 KB are
 * free at the top of the heap, and a run frees and takes again the
 * same few hundred KB for every stream it deflates or inflates (zlib's
 * window and tables: Cairo's pages, the finishing): each time page
 * faults, and the kernel zeroing the pages again -- a third of the
 * 120-card bench deck's 3 600 faults (issue 36).  Kept up to 16 MB;
 * a block of 4 MB or more (a decoded image) is still mapped apart and
 * given back when freed, so the peak stays that of the largest image.
 */
static void
tune_malloc(void)
{
#if defined(__GLIBC__) && defined(M_TRIM_THRESHOLD)
	mallopt(M_TRIM_THRESHOLD, 16 << 20);
	mallopt(M_MMAP_THRESHOLD, 4 << 20);
#endif
}

int
main(int argc, char **argv)
{
	size_t i;

	tune_malloc();
	if (argc < 2)
		return cmd_usage_error(usage_main, "%s", "no command given");
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		fputs(usage_main, stdout);
		return 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("deckpress %s\n", VERSION);
		return 0;
	}
	/* The commands say what is wrong with an option (cmd_bad_option()). */
	opterr = 0;
	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].run(argc - 1, argv + 1);
	return unknown_command(argv[1]);
}
