/* SPDX-License-Identifier: MIT */
/*
 * What the command files of cmd/ share: the options of the commands that
 * render a deck, the end of a command, and each command's entry point.
 * Each command parses its options, makes its job (job/job.h) and calls
 * the stages.
 */
#ifndef DECKPRESS_CMD_H
#define DECKPRESS_CMD_H

#include "../diag.h"
#include "../doc/doc.h"
#include "../impose/impose.h"
#include "../job/job.h"
#include "../layout/layout.h"
#include "../load/load.h"
#include "../util.h"

#define VERSION		"0.1.0"

/*
 * common.c: print d sorted, then "N errors, M warnings"; free d;
 * return rc.
 */
int	 cmd_finish(struct diags *d, int rc);

/*
 * common.c: the line a stage handed back saying what it wrote (NULL:
 * none), printed on stdout, or on stderr when out, the output, is
 * standard output ("-") and holds the file itself; then g_free()d.
 */
void	 cmd_say(const char *out, char *said);

/*
 * "deckpress: MESSAGE" on stderr, then where the help is ("see
 * 'deckpress CMD --help'", CMD read from the usage text); returns 2.
 */
int	 cmd_usage_error(const char *usage, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

struct option;
/*
 * For a command's "case '?'": the option of argv that getopt_long (with
 * opterr 0) refused, said in one line, with the closest of the long
 * options opts when it is unknown ("did you mean '--lang'?").  Returns
 * cmd_usage_error()'s 2.
 */
int	 cmd_bad_option(char **argv, const struct option *opts,
	    const char *usage);

/*
 * The long options every printing command takes, for getopt_long, and
 * their short codes; cmd_job_option() reads them.
 */
#define PRINT_OPTIONS \
	{ "paper", required_argument, NULL, 'P' }, \
	{ "back-offset", required_argument, NULL, 'O' }, \
	{ "printer", required_argument, NULL, 'R' }, \
	{ "guides", required_argument, NULL, 'G' }, \
	{ "spacing", required_argument, NULL, 'S' }, \
	{ "bleed-only-outside", no_argument, NULL, 'U' }, \
	{ "image-dpi", required_argument, NULL, 'I' }

/*
 * The option of every command that loads a deck, for getopt_long: a
 * game may name files outside its folder and layouts/.  cmd_job_option()
 * reads it into a job; the commands without one read code 'A'.
 */
#define DECK_OPTIONS \
	{ "allow-outside", no_argument, NULL, 'A' }

/*
 * The options of the card sheets, shared by cards and watch (which
 * renders them again and again), with DECK_OPTIONS and PRINT_OPTIONS.
 */
#define CARDS_OPTIONS \
	{ "lang", required_argument, NULL, 'l' }, \
	{ "output", required_argument, NULL, 'o' }, \
	{ "duplex", required_argument, NULL, 'd' }, \
	{ "no-backs", no_argument, NULL, 'B' }, \
	{ "variant", required_argument, NULL, 'V' }, \
	{ "draft", no_argument, NULL, 'D' }, \
	{ "hints", no_argument, NULL, 'H' }, \
	{ "component", required_argument, NULL, 'C' }, \
	{ "help", no_argument, NULL, 'h' }

/* The help text of DECK_OPTIONS, for a command's usage. */
#define DECK_USAGE \
"      --allow-outside  read the files the game names (layouts, images,\n" \
"                       figures) even outside its folder and\n" \
"                       deckpress's layouts/: only for a deck you trust\n"

/* The help text of PRINT_OPTIONS, for a command's usage. */
#define PRINT_USAGE \
"      --paper a4|letter    paper size (default: the sheet's, A4); the\n" \
"                           grid of each kind is computed for it\n" \
"      --back-offset X,Y    move every back page by X, Y mm (right and\n" \
"                           down as seen on the back page), as\n" \
"                           'deckpress calibrate' reads it\n" \
"      --printer FILE       a printer profile: paper, back_offset_mm,\n" \
"                           duplex, unprintable_mm (options win)\n" \
"      --guides marks|full|corners\n" \
"                           crop marks and thin guides (default); every\n" \
"                           trim line drawn out to the paper edge; or\n" \
"                           crop marks and rounded corners to cut to\n" \
"      --spacing MM         cards apart, each with its whole bleed, MM\n" \
"                           between the bleeds\n" \
"      --bleed-only-outside cards touching, bleed only round the block\n" \
"                           (the default)\n" \
"      --image-dpi N        raster art resampled to at most N dpi at the\n" \
"                           largest size it prints, embedded once: a\n" \
"                           smaller PDF (default: art as it is)\n"

/*
 * Option c (a PRINT_OPTIONS or DECK_OPTIONS code, or 'd' for --duplex)
 * with argument arg into j.  Returns 0, EXIT_USAGE after printing usage
 * (a bad value), or -1 if c is no such option.
 */
int	 cmd_job_option(struct job *j, int c, const char *arg,
	    const char *usage);
/*
 * Option c of CARDS_OPTIONS but --duplex and --help (cards and watch)
 * with argument arg into j: 0, or -1 if c is none of them.
 */
int	 cmd_cards_option(struct job *j, int c, const char *arg);

/* The commands: argv[0] is the command's name. */
int	 cmd_new(int argc, char **argv);
int	 cmd_cards(int argc, char **argv);
int	 cmd_all(int argc, char **argv);
int	 cmd_check(int argc, char **argv);
int	 cmd_strings(int argc, char **argv);
int	 cmd_booklet(int argc, char **argv);
int	 cmd_pack(int argc, char **argv);
int	 cmd_calibrate(int argc, char **argv);
int	 cmd_import(int argc, char **argv);
int	 cmd_preview(int argc, char **argv);
int	 cmd_export(int argc, char **argv);
int	 cmd_watch(int argc, char **argv);

/*
 * common.c: the deck folder the command-line argument arg names: arg,
 * or the folder of the deck.yaml file it names ("game/deck.yaml" is
 * "game"), cut in place.
 */
char	*cmd_deck_dir(char *arg);

/*
 * common.c: a warning into d when the name output (-o; NULL: the
 * default, "-": stdout) ends in an extension other than ext (".pdf"):
 * what is written is kind ("a PDF").
 */
void	 cmd_output_ext(struct diags *d, const char *output, const char *ext,
	    const char *kind);

/*
 * common.c, for preview and export: --dpi N into dpi (30 to 1200), else
 * a usage error (usage printed).  0 or EXIT_USAGE.
 */
int	 cmd_dpi_arg(const char *arg, double *dpi, const char *usage);

#endif
