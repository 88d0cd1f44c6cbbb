/* SPDX-License-Identifier: MIT */
/*
 * The strings command: write or update a translator's text file with
 * every string the language needs.  Part of the CLI.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd.h"
#include "../import/import.h"
#include "../po/po.h"
#include "../validate/validate.h"

static const char usage_strings[] =
"usage: deckpress strings DECK --lang LANG\n"
"       deckpress strings DECK (--lang LANG --po | --pot) [-o FILE]\n"
"\n"
"Write or update DECK/text/LANG.yaml, the translator's file: every string\n"
"the language needs, with the source text above it as a comment.  New\n"
"strings are added empty and marked NEW; strings whose source text\n"
"changed are marked STALE; nothing already written is lost or\n"
"reordered, and a second run changes nothing.\n"
"\n"
"  -l, --lang LANG   the language (required; not the source language)\n"
"      --po          write a PO file of LANG for a PO editor instead\n"
"                    (default out/GAME-LANG.po); the game is untouched\n"
"      --pot         write the template of the source language\n"
"                    (default out/GAME.pot)\n"
"  -o, --output FILE the PO file to write (- for standard output)\n"
"  -h, --help        this help\n";

/*
 * A card the translation has strings for but the source none: the
 * source's entry is gone (a slip, most likely).  Rewriting would mark
 * the translator's work obsolete, so it is an error, as a card whose
 * layout shows texts without them would be.
 */
static void
source_lost(const struct deck *deck, size_t li, struct diags *d)
{
	size_t i;

	if (deck->broken[0])
		return;		/* the source's file has errors, reported */
	for (i = 0; i < deck->ncards; i++) {
		const struct card *c = &deck->cards[i];

		if (c->texts[0].pos.file != NULL || c->texts[li].n == 0)
			continue;
		diag_add(d, DIAG_ERROR, &c->pos, "missing-text", "%s: no text "
		    "in language '%s'", c->label, deck->langs[0]);
		diag_about(d, c->id, deck->langs[0]);
	}
}

static int
run_strings(const char *deckdir, const char *lang, struct diags *d)
{
	struct load_opts lo = { .lang = lang, .lenient = true, .extra = lang };
	struct deck *deck;
	struct strings_report r;
	char *dir, *path, *home;
	int li, rc = 0;

	if (!valid_ident(lang)) {
		diag_add(d, DIAG_ERROR, NULL, "usage", "'%s' is not a language "
		    "code (like fr or pt-BR)", lang);
		return EXIT_USAGE;
	}
	/* Only this language and the source are read: another language's
	 * gaps are no business of this one's translator. */
	/* A stopped import's files first: else its next run would put
	 * them over this one's. */
	if ((rc = journal_finish(deckdir, d)) != 0)
		return rc;
	home = data_dir();
	lo.packdir = path_join(home, "layouts/pack");
	deck = load_deck(deckdir, &lo, d);
	free((char *)lo.packdir);
	free(home);
	if (deck == NULL)
		return EXIT_INPUT;
	/* What this language still lacks is what strings is for. */
	diag_drop(d, "missing-text", lang);
	if ((li = deck_lang_index(deck, lang)) == 0) {
		diag_add(d, DIAG_ERROR, NULL, "usage", "'%s' is the source "
		    "language: its texts are written by hand", lang);
		deck_free(deck);
		return EXIT_USAGE;
	}
	source_lost(deck, (size_t)li, d);
	/* Anything else unread could be lost by rewriting the file. */
	if (d->nerr > 0) {
		diag_add(d, DIAG_ERROR, NULL, "strings", "nothing written: fix "
		    "the errors above first, so that no translation is lost");
		deck_free(deck);
		return EXIT_INPUT;
	}
	dir = path_join(deck->dir, "text");
	path = path_join(dir, arena_printf(&deck->arena, "%s.yaml", lang));
	/* Written only in the game: text/ may be a link to another's. */
	if (!confine_check(deck->confine, path, "text file", NULL, NULL, d))
		rc = EXIT_INPUT;
	else if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot make %s: %s", dir,
		    strerror(errno));
		rc = EXIT_IO;
	} else if (!strings_update(deck, (size_t)li, path, &r, d))
		rc = EXIT_IO;
	else {
		printf("%s: %zu strings, %zu new, %zu stale, %zu to translate"
		    "%s\n", path, r.strings, r.added, r.stale, r.todo,
		    r.changed ? "" : " (unchanged)");
		if ((size_t)li >= deck->ndeclared)
			printf("add '%s' to the languages in %s to print it\n",
			    lang, deck->file);
	}
	free(dir);
	free(path);
	deck_free(deck);
	return rc;
}

/* The PO file of language li (0: the template) of s, to path. */
static int
write_po(const struct setup *s, int li, const char *output, struct diags *d)
{
	const struct deck *deck = s->deck;
	char *path = output ? xstrdup(output) : li ? g_strdup_printf(
	    "out/%s-%s.po", deck->game, deck->langs[li]) : g_strdup_printf(
	    "out/%s.pot", deck->game);
	struct pomsgs m;
	int rc;

	po_messages(s, (size_t)li, &m);
	if ((rc = ensure_parent(path, d)) == 0 && !po_write(deck, (size_t)li,
	    li == 0, &m, path, d))
		rc = EXIT_IO;
	else if (rc == 0)
		fprintf(outfile_report_to(path), "%s: %zu messages, %zu "
		    "fuzzy, %zu untranslated\n", outfile_name(path), m.n,
		    m.fuzzy, li == 0 ? m.n : m.empty);
	pomsgs_free(&m);
	free(path);
	return rc;
}

/* --po, --pot: the language's strings as a PO file, the game untouched. */
static int
run_po(const char *deckdir, const char *lang, const char *output,
    struct diags *d)
{
	/* A language deck.yaml does not list yet: a translation begun. */
	struct load_opts lo = { .lang = lang, .lenient = true, .one = true,
	    .extra = lang };
	struct setup s = { 0 };
	int li = 0, rc;

	if (lang != NULL && !valid_ident(lang))
		return usage_error(usage_strings, "'%s' is not a language "
		    "code (like fr or pt-BR)", lang);
	if ((rc = setup_load(&s, deckdir, &lo, d)) == 0)
		rc = lang_arg(s.deck, lang, &li, d);
	if (rc == 0 && lang != NULL && li == 0) {
		diag_add(d, DIAG_ERROR, NULL, "usage", "'%s' is the source "
		    "language: its template is --pot", lang);
		rc = EXIT_USAGE;
	} else if (rc == 0 && d->nerr > 0) {
		diag_add(d, DIAG_ERROR, NULL, "strings", "nothing written: fix "
		    "the errors above first");
		rc = EXIT_INPUT;
	}
	if (rc == 0)
		rc = write_po(&s, li, output, d);
	setup_free(&s);
	return rc;
}

int
cmd_strings(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "po", no_argument, NULL, 'P' },
		{ "pot", no_argument, NULL, 'T' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *lang = NULL, *output = NULL;
	struct diags d = { 0 };
	int c, po = 0;

	while ((c = getopt_long(argc, argv, "l:o:h", opts, NULL)) != -1)
		switch (c) {
		case 'l':
			lang = optarg;
			break;
		case 'P':
		case 'T':
			po |= c == 'P' ? 1 : 2;
			break;
		case 'o':
			output = optarg;
			break;
		case 'h':
			fputs(usage_strings, stdout);
			return 0;
		default:
			return bad_option(argv, opts, usage_strings);
		}
	if (argc - optind != 1)
		return usage_error(usage_strings, "%s", argc - optind ?
		    "give exactly one deck folder" : "no deck folder given");
	if (po == 3 || (po == 2 && lang != NULL) || (output && po == 0))
		return usage_error(usage_strings, "%s", po ? "--pot is the "
		    "source's template: no --po, no --lang" : "-o is for --po "
		    "and --pot");
	if (lang == NULL && po != 2)
		return usage_error(usage_strings, "%s", "--lang is required");
	if (po != 0)
		return finish(&d, run_po(deck_dir(argv[optind]), lang, output,
		    &d));
	return finish(&d, run_strings(deck_dir(argv[optind]), lang, &d));
}
