/* SPDX-License-Identifier: MIT */
/*
 * The strings command: write or update a translator's text file with
 * every string the language needs.  Part of the CLI.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include <glib.h>

#include "cmd.h"
#include "../import/import.h"
#include "../pofile/pofile.h"
#include "../textfile/textfile.h"
#include "../validate/validate.h"

static const char usage_strings[] =
"usage: deckpress strings DECK --lang LANG [--from FILE.po | --accept]\n"
"       deckpress strings DECK (--lang LANG --po | --pot) [-o FILE]\n"
"\n"
"Write or update DECK/text/LANG.yaml, the translator's file: every string\n"
"the language needs, with the source text above it as a comment.  New\n"
"strings are added empty and marked NEW; strings whose source text\n"
"changed are marked STALE; nothing already written is lost or\n"
"reordered, and a second run changes nothing.\n"
"\n"
"  -l, --lang LANG   the language (required; not the source language)\n"
"  -f, --from FILE   take the translations of the PO file FILE (from a\n"
"                    PO editor): checked as check does, nothing written\n"
"                    if one is wrong\n"
"  -a, --accept      record the source text of now as the one every\n"
"                    translated string translates (after a review): none\n"
"                    is stale or without a source any more\n"
"      --po          write a PO file of LANG for a PO editor instead\n"
"                    (default out/GAME-LANG.po); the game is untouched\n"
"      --pot         write the template of the source language\n"
"                    (default out/GAME.pot)\n"
"  -o, --output FILE the PO file to write (- for standard output)\n"
"  -h, --help        this help\n";

/*
 * The deck, into s; with a PO file to take, bound to its layouts too,
 * to lay its cards out with the translations.
 */
static int
load(struct setup *s, const char *deckdir, const char *lang, bool layouts,
    struct diags *d)
{
	struct load_opts lo = { .lang = lang, .lenient = true, .extra = lang };
	char *home;

	if (layouts)
		return job_setup_load(s, deckdir, &lo, d);
	home = job_data_dir();
	lo.packdir = path_join(home, "layouts/pack");
	s->deck = load_deck(deckdir, &lo, d);
	free((char *)lo.packdir);
	free(home);
	return s->deck == NULL ? EXIT_INPUT : 0;
}

/* What strings is asked for. */
struct sjob {
	const char	*lang;
	const char	*from;		/* --from FILE.po, or NULL */
	bool		 accept;	/* --accept */
};

/*
 * What strings would report of language li's text file, which is left
 * as it is: *path is its name (free() it).
 */
static int
unchanged(const struct deck *deck, size_t li, char **path,
    struct strings_report *r)
{
	char *name = g_strdup_printf("text/%s.yaml", deck->langs[li]);
	struct strbuf b;

	*path = path_join(deck->dir, name);
	g_free(name);
	textfile_render(deck, li, *path, true, &b, r);
	sb_free(&b);
	r->changed = false;
	return 0;
}

static int
run_strings(const char *deckdir, const struct sjob *o, struct diags *d)
{
	const char *lang = o->lang, *from = o->from;
	struct setup s = { 0 };
	struct deck *deck;
	struct strings_report r;
	struct poin_report pr;
	size_t accepted = 0;
	char *path = NULL, *said;
	int li, rc = 0;

	if (!load_lang_tag_valid(lang)) {
		load_lang_tag_error(d, NULL, "usage", lang);
		return EXIT_USAGE;
	}
	/* Only this language and the source are read: another language's
	 * gaps are no business of this one's translator. */
	/* A stopped import's files first: else its next run would put
	 * them over this one's. */
	rc = import_journal_finish(deckdir, &said, d);
	if (said != NULL)
		fputs(said, stdout);
	free(said);
	if (rc != 0)
		return rc;
	if ((rc = load(&s, deckdir, lang, from != NULL, d)) != 0) {
		job_setup_free(&s);
		return rc;
	}
	deck = s.deck;
	/* What this language still lacks is what strings is for. */
	diag_drop(d, "missing-text", lang);
	if ((li = deck_lang_index(deck, lang)) == 0) {
		diag_add(d, DIAG_ERROR, NULL, "usage", "'%s' is the source "
		    "language: its texts are written by hand", lang);
		job_setup_free(&s);
		return EXIT_USAGE;
	}
	textfile_source_lost(deck, (size_t)li, d);
	if (o->accept)
		accepted = textfile_accept(deck, (size_t)li);
	/* Anything else unread could be lost by rewriting the file; a
	 * PO file with a wrong translation writes none. */
	if (d->nerr > 0 || (from != NULL && !pofile_import(&s, (size_t)li, from,
	    &pr, d))) {
		diag_add(d, DIAG_ERROR, NULL, "strings", "nothing written: fix "
		    "the errors above first, so that no translation is lost");
		job_setup_free(&s);
		return EXIT_INPUT;
	}
	/* A PO file that changes no string writes nothing: taking the
	 * unchanged export back is no change to the game, even where
	 * strings would add what the file lacks (deckpress's own pack
	 * strings of a newer release). */
	if (from != NULL && pr.translated == 0 && pr.cleared == 0)
		rc = unchanged(deck, (size_t)li, &path, &r);
	else
		rc = textfile_write_lang(deck, (size_t)li, &path, &r, d);
	if (rc == 0) {
		printf("%s: %zu strings, %zu new, %zu stale, %zu to translate"
		    "%s\n", path, r.strings, r.added, r.stale, r.todo,
		    r.changed ? "" : " (unchanged)");
		if (from != NULL)
			printf("%s: %zu translation%s taken (%zu fuzzy, "
			    "left stale), %zu cleared, %zu skipped\n", from,
			    pr.translated, pr.translated == 1 ? "" : "s",
			    pr.fuzzy, pr.cleared, pr.skipped);
		if (o->accept)
			printf("%s: %zu translation%s accepted: now recorded "
			    "as translating the %s text of now\n", path,
			    accepted, accepted == 1 ? "" : "s", deck->langs[0]);
		if ((size_t)li >= deck->ndeclared)
			printf("add '%s' to the languages in %s to print it\n",
			    lang, deck->file);
	}
	free(path);
	job_setup_free(&s);
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
	char *said = NULL;
	int li = 0, rc;

	if (lang != NULL && !load_lang_tag_valid(lang))
		return cmd_usage_error(usage_strings, "'%s' is not a language "
		    "code (a BCP 47 tag, like fr or pt-BR)", lang);
	if ((rc = job_setup_load(&s, deckdir, &lo, d)) == 0)
		rc = job_lang_arg(s.deck, lang, &li, d);
	/* What the language still lacks is what the PO file is for. */
	if (lang != NULL)
		diag_drop(d, "missing-text", lang);
	if (rc == 0 && lang != NULL && li == 0) {
		diag_add(d, DIAG_ERROR, NULL, "usage", "'%s' is the source "
		    "language: its template is --pot", lang);
		rc = EXIT_USAGE;
	} else if (rc == 0 && d->nerr > 0) {
		diag_add(d, DIAG_ERROR, NULL, "strings", "nothing written: fix "
		    "the errors above first");
		rc = EXIT_INPUT;
	}
	if (rc == 0) {
		rc = pofile_export(&s, li, output, &said, d);
		cmd_say(output, said);
	}
	job_setup_free(&s);
	return rc;
}

int
cmd_strings(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "from", required_argument, NULL, 'f' },
		{ "accept", no_argument, NULL, 'a' },
		{ "po", no_argument, NULL, 'P' },
		{ "pot", no_argument, NULL, 'T' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct sjob o = { 0 };
	const char *output = NULL;
	struct diags d = { 0 };
	int c, po = 0;

	while ((c = getopt_long(argc, argv, "l:f:o:ah", opts, NULL)) != -1)
		switch (c) {
		case 'l':
			o.lang = optarg;
			break;
		case 'f':
			o.from = optarg;
			break;
		case 'a':
			o.accept = true;
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
			return cmd_bad_option(argv, opts, usage_strings);
		}
	if (argc - optind != 1)
		return cmd_usage_error(usage_strings, "%s", argc - optind ?
		    "give exactly one deck folder" : "no deck folder given");
	if (po == 3 || (po == 2 && o.lang != NULL) || (output && po == 0))
		return cmd_usage_error(usage_strings, "%s", po ? "--pot is the "
		    "source's template: no --po, no --lang" : "-o is for --po "
		    "and --pot");
	if (po != 0 && (o.from != NULL || o.accept))
		return cmd_usage_error(usage_strings, "%s", "--po and --pot "
		    "write a PO file: no --from or --accept");
	if (o.lang == NULL && po != 2)
		return cmd_usage_error(usage_strings, "%s", "--lang is "
		    "required");
	if (o.from != NULL && o.accept)
		return cmd_usage_error(usage_strings, "%s", "--from and "
		    "--accept: one at a time (a PO file records the source of "
		    "each translation it takes)");
	if (po != 0)
		return cmd_finish(&d, run_po(cmd_deck_dir(argv[optind]), o.lang,
		    output, &d));
	return cmd_finish(&d, run_strings(cmd_deck_dir(argv[optind]), &o, &d));
}
