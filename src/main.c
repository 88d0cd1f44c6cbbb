/* SPDX-License-Identifier: MIT */
/*
 * deckpress command line: parses options, runs the pipeline
 * load -> bind -> layout -> impose/render -> pdf, prints diagnostics
 * and maps outcomes to exit codes.  The only file that prints or exits.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>

#include "cli.h"
#include "impose/impose.h"
#include "pdf/pdf.h"
#include "validate/validate.h"

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

static const char usage_cards[] =
"usage: deckpress cards DECK [--lang LANG] [-o FILE] [--variant NAME]\n"
"                  [--duplex long|short|none] [--no-backs]\n"
"\n"
"Render the deck in folder DECK (its deck.yaml, text/LANG.yaml, the\n"
"layout and sheet it names) as print-ready A4 card sheets.\n"
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
"      --no-backs       fronts only\n"
"      --variant NAME   only the cards of that variant of DECK/rules.yaml\n"
"                       (e.g. a learning deck); default output\n"
"                       out/GAME-LANG-NAME-cards.pdf\n"
"  -h, --help           this help\n"
"\n"
"Exit status: 0 done, 1 invalid input (nothing written), 2 usage,\n"
"3 I/O or font failure.\n";

static const char usage_all[] =
"usage: deckpress all [-d DIR]\n"
"\n"
"Render every deck under the bundled cards/ folder in every one of its\n"
"languages: the card sheets DIR/GAME-LANG-cards.pdf (duplex, long edge)\n"
"and, where the language has its rule booklet, the print-and-play pack\n"
"DIR/GAME-LANG-pack.pdf.\n"
"\n"
"  -d, --dir DIR    output folder (default: out)\n"
"  -h, --help       this help\n";

struct job {
	const char	*deckdir;
	const char	*lang;		/* NULL: the deck's first */
	const char	*output;	/* NULL: out/GAME-LANG-cards.pdf */
	const char	*outdir;
	enum duplex	 duplex;
	bool		 backs;
	const char	*variant;	/* NULL: the whole deck */
};

/* Lay out, impose and write; the deck is loaded and bound. */
static int
render_pdf(struct setup *s, const struct job *j, size_t lang,
    const struct variant *v, const char *out, struct diags *d)
{
	struct sheets sh;
	struct pdfout pdf;
	size_t i;
	char *title;
	bool ok;

	if (!sheets_build(s, lang, j->duplex, j->backs, v, &sh, d))
		return EXIT_INPUT;
	title = arena_printf(&s->deck->arena, "%s (%s): cards%s%s",
	    s->deck->title ? s->deck->title : s->deck->game,
	    s->deck->langs[lang], v ? ", variant " : "", v ? v->name : "");
	ok = ensure_parent(out, d) == 0 &&
	    pdf_open(&pdf, out, sh.grid.paper_w, sh.grid.paper_h, title, d);
	if (ok) {
		for (i = 0; i < sh.plan.n; i++) {
			sheets_draw(pdf.cr, s, &sh, i);
			pdf_page(&pdf);
		}
		ok = pdf_close(&pdf, true, d);
	}
	if (ok)
		printf("%s: %zu card%s, %zu page%s\n", out, sh.n,
		    sh.n == 1 ? "" : "s", sh.plan.n, sh.plan.n == 1 ? "" : "s");
	sheets_free(s, &sh);
	return ok ? 0 : EXIT_IO;
}

/* A variant of the deck's rules.yaml, by name: a usage error if none. */
static int
find_variant(const struct setup *s, const char *name, struct rules **rules,
    const struct variant **v, struct diags *d)
{
	char *path = path_join(s->deck->dir, "rules.yaml");
	struct strbuf b = { 0 };
	size_t i;

	*rules = load_rules(path, s->deck, d);
	free(path);
	if (*rules == NULL)
		return EXIT_INPUT;
	/* Variant 0 is the whole deck, named "deck". */
	for (i = 1; i < (*rules)->n; i++) {
		if (strcmp((*rules)->v[i].name, name) == 0) {
			*v = &(*rules)->v[i];
			return 0;
		}
		sb_printf(&b, "%s%s", i > 1 ? ", " : "", (*rules)->v[i].name);
	}
	diag_add(d, DIAG_ERROR, NULL, "usage", "rules.yaml has no variant "
	    "'%s'%s%s%s", name, b.s ? " (it has " : "", b.s ? b.s : "",
	    b.s ? ")" : "");
	sb_free(&b);
	return EXIT_USAGE;
}

static int
run_cards(const struct job *j, struct diags *d)
{
	struct setup s = { 0 };
	struct rules *rules = NULL;
	const struct variant *v = NULL;
	char *out = NULL;
	int rc, li = 0;

	if ((rc = setup_load(&s, j->deckdir, false, d)) != 0)
		goto out;
	if ((rc = lang_arg(s.deck, j->lang, &li, d)) != 0)
		goto out;
	if (j->variant != NULL && (rc = find_variant(&s, j->variant, &rules,
	    &v, d)) != 0)
		goto out;
	if (j->output != NULL)
		out = xstrdup(j->output);
	else {
		struct strbuf b = { 0 };

		sb_printf(&b, "%s/%s-%s%s%s-cards.pdf", j->outdir ? j->outdir :
		    "out", s.deck->game, s.deck->langs[li], v ? "-" : "",
		    v ? v->name : "");
		out = b.s;
	}
	rc = render_pdf(&s, j, (size_t)li, v, out, d);
out:
	free(out);
	rules_free(rules);
	setup_free(&s);
	return rc;
}

static bool
parse_duplex(const char *s, enum duplex *m)
{
	if (strcmp(s, "long") == 0)
		*m = DUPLEX_LONG;
	else if (strcmp(s, "short") == 0)
		*m = DUPLEX_SHORT;
	else if (strcmp(s, "none") == 0)
		*m = DUPLEX_NONE;
	else
		return false;
	return true;
}

static int
cmd_cards(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "output", required_argument, NULL, 'o' },
		{ "duplex", required_argument, NULL, 'd' },
		{ "no-backs", no_argument, NULL, 'B' },
		{ "variant", required_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct job j = { .duplex = DUPLEX_LONG, .backs = true };
	struct diags d = { 0 };
	int c;

	while ((c = getopt_long(argc, argv, "l:o:d:h", opts, NULL)) != -1)
		switch (c) {
		case 'l':
			j.lang = optarg;
			break;
		case 'o':
			j.output = optarg;
			break;
		case 'd':
			if (!parse_duplex(optarg, &j.duplex))
				return usage_error(usage_cards, "--duplex "
				    "must be long, short or none, not '%s'",
				    optarg);
			break;
		case 'B':
			j.backs = false;
			break;
		case 'V':
			j.variant = optarg;
			break;
		case 'h':
			fputs(usage_cards, stdout);
			return 0;
		default:
			fputs(usage_cards, stderr);
			return EXIT_USAGE;
		}
	if (argc - optind != 1)
		return usage_error(usage_cards, "%s", argc - optind ? "give "
		    "exactly one deck folder" : "no deck folder given");
	j.deckdir = argv[optind];
	return finish(&d, run_cards(&j, &d));
}

static int
namecmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The bundled decks: every cards/NAME/ that holds a deck.yaml, sorted. */
static char **
list_decks(const char *datadir, size_t *n)
{
	char *root = path_join(datadir, "cards"), **v = NULL;
	size_t cap = 0;
	struct dirent *e;
	DIR *dir = opendir(root);

	*n = 0;
	while (dir != NULL && (e = readdir(dir)) != NULL) {
		char *deck, *yaml;

		if (e->d_name[0] == '.')
			continue;
		deck = path_join(root, e->d_name);
		yaml = path_join(deck, "deck.yaml");
		if (file_exists(yaml)) {
			xgrow((void **)&v, &cap, *n + 1, sizeof(*v));
			v[(*n)++] = deck;
		} else
			free(deck);
		free(yaml);
	}
	if (dir != NULL)
		closedir(dir);
	free(root);
	if (*n > 1)
		qsort(v, *n, sizeof(*v), namecmp);
	return v;
}

/* The pack too, for a language that has its rule booklet. */
static int
all_pack(const struct deck *deck, const char *dir, size_t li,
    const char *outdir)
{
	char *md = g_strdup_printf("%s/rules/%s.md", dir, deck->langs[li]);
	char *out = g_strdup_printf("%s/%s-%s-pack.pdf", outdir, deck->game,
	    deck->langs[li]);
	struct diags d = { 0 };
	int rc = 0;

	if (file_exists(md))
		rc = finish(&d, run_pack(dir, deck->langs[li], out, &d));
	g_free(md);
	g_free(out);
	return rc;
}

static int
run_all(const char *outdir)
{
	char *datadir = data_dir(), **decks;
	size_t n, i, li;
	int rc = 0, r;

	decks = list_decks(datadir, &n);
	if (n == 0) {
		fprintf(stderr, "deckpress: error: no decks in %s/cards\n",
		    datadir);
		rc = EXIT_IO;
	}
	for (i = 0; i < n; i++) {
		struct diags d = { 0 };
		struct deck *deck = load_deck(decks[i], &d);

		for (li = 0; deck != NULL && li < deck->nlangs; li++) {
			struct job j = { .deckdir = decks[i], .outdir = outdir,
			    .lang = deck->langs[li], .duplex = DUPLEX_LONG,
			    .backs = true };
			struct diags dj = { 0 };

			r = finish(&dj, run_cards(&j, &dj));
			rc = r > rc ? r : rc;
			r = all_pack(deck, decks[i], li, outdir);
			rc = r > rc ? r : rc;
		}
		if (deck == NULL)
			rc = finish(&d, EXIT_INPUT);
		else
			diag_free(&d);
		deck_free(deck);
		free(decks[i]);
	}
	free(decks);
	free(datadir);
	return rc;
}

static int
cmd_all(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dir", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *outdir = "out";
	int c;

	while ((c = getopt_long(argc, argv, "d:h", opts, NULL)) != -1)
		switch (c) {
		case 'd':
			outdir = optarg;
			break;
		case 'h':
			fputs(usage_all, stdout);
			return 0;
		default:
			fputs(usage_all, stderr);
			return EXIT_USAGE;
		}
	if (optind != argc)
		return usage_error(usage_all, "unexpected argument '%s'",
		    argv[optind]);
	return run_all(outdir);
}

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
