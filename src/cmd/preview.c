/* SPDX-License-Identifier: MIT */
/*
 * The preview command: one card face, or front and back, as a PNG, or
 * a contact sheet of the whole deck -- laid out and drawn by the same
 * code as the PDF (layout_card, render_card), on an image surface
 * instead of a page, so a preview never disagrees with the print.
 * Its options, its job and its report; the export stage (export/)
 * lays the faces out, draws and writes them.  Part of the CLI.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "cmd.h"
#include "../export/export.h"
#include "../outfile.h"

static const char usage_preview[] =
"usage: deckpress preview DECK [--lang LANG] [--card ID]\n"
"                  [--face front|back|both] [--copy N] [--dpi N]\n"
"                  [--draft] [--hints] [--guides] [-o FILE.png]\n"
"                  [--allow-outside]\n"
"\n"
"Draw the deck in folder DECK as a PNG image, with the same code that\n"
"draws its PDF.  With --card, one card: its face with its bleed, clipped\n"
"to its outline (a round token is transparent outside its circle, a\n"
"rounded card outside its corners); front and back side by side with\n"
"--face both.  Without it, a contact sheet: every card once, in print\n"
"order, each kind from a new row, each card's id below it.\n"
"\n"
"  -l, --lang LANG      language to draw (default: the deck's first)\n"
"      --card ID        only this card (default: a contact sheet)\n"
"      --face FACE      front (default), back, or both side by side\n"
"                       (both: the front alone where a kind prints on\n"
"                       one side)\n"
"      --copy N         with --card, copy N of the card (default 1):\n"
"                       a template that numbers copies ({n}) shows N\n"
"      --dpi N          resolution, 30 to 1200 (default 150)\n"
"      --guides         each face's trim (red) and safe area (blue\n"
"                       dashes, its safe_mm) drawn over it\n"
"      --draft          draw a translation that is not finished, as\n"
"                       cards --draft prints it\n"
"      --hints          every text box outlined and its field named\n"
"                       (\"fixed text\" for a text of the layout's own):\n"
"                       where each text goes, before there is text\n"
"  -o, --output FILE    PNG to write (default: out/GAME-LANG-preview.png,\n"
"                       or with --card out/GAME-LANG-ID.png, -N for copy\n"
"                       N > 1, -back for --face back)\n"
DECK_USAGE
"  -h, --help           this help\n"
"\n"
"Exit status: 0 done, 1 invalid input (nothing written), 2 usage,\n"
"3 I/O or font failure.\n";

struct preview {
	struct job	 j;
	struct export_view v;		/* --card, --face, --copy, --dpi */
};

/* out/GAME-LANG-ID[-N][-back].png, or --output. */
static char *
card_output(const struct preview *p, const struct deck *deck, size_t li)
{
	char num[16] = "";

	if (p->j.output != NULL)
		return g_strdup(p->j.output);
	if (p->v.copy > 1)
		snprintf(num, sizeof(num), "-%u", p->v.copy);
	return g_strdup_printf("out/%s-%s-%s%s%s.png", deck->game,
	    deck->langs[li], p->v.card, num, p->v.sides == SIDE_BACK ?
	    "-back" : "");
}

/* out/GAME-LANG-preview.png, or --output. */
static char *
sheet_output(const struct preview *p, const struct deck *deck, size_t li)
{
	if (p->j.output != NULL)
		return g_strdup(p->j.output);
	return g_strdup_printf("out/%s-%s-preview.png", deck->game,
	    deck->langs[li]);
}

static int
run_preview(struct preview *p, struct diags *d)
{
	struct setup s = { 0 };
	struct load_opts lo;
	struct export_image img = { 0 };
	char *out = NULL;
	int rc, li = 0;

	job_load_opts(&p->j, &lo);
	/* Large art decoded once, drawing it; the rest checked before the
	 * PNG is written (export_card(), export_sheet()). */
	lo.art_drawn = true;
	if ((rc = job_setup_load(&s, p->j.deckdir, &lo, d)) != 0 ||
	    (rc = job_lang_arg(s.deck, p->j.lang, &li, d)) != 0)
		goto out;
	if (p->v.card != NULL) {
		out = card_output(p, s.deck, (size_t)li);
		rc = export_card(&s, (size_t)li, &p->v, out, &img, d);
	} else {
		out = sheet_output(p, s.deck, (size_t)li);
		rc = export_sheet(&s, (size_t)li, &p->v, out, &img, d);
	}
	if (rc == 0)
		fprintf(outfile_report_to(out), "%s: %s, %d x %d px at %.0f "
		    "dpi\n", outfile_name(out), img.what, img.w, img.h,
		    p->v.dpi);
out:
	rc = export_art_checked(&s, rc);
	g_free(img.what);
	g_free(out);
	job_setup_free(&s);
	return rc;
}

/* --face FACE as SIDE_* bits; 0 if it names none. */
static unsigned int
face_arg(const char *arg)
{
	if (strcmp(arg, "front") == 0)
		return SIDE_FRONT;
	if (strcmp(arg, "back") == 0)
		return SIDE_BACK;
	if (strcmp(arg, "both") == 0)
		return SIDE_FRONT | SIDE_BACK;
	return 0;
}

/* --copy N: a whole number from 1. */
static int
copy_arg(const char *arg, unsigned int *copy)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (*arg == '\0' || *end != '\0' || v < 1 || v > 100000)
		return cmd_usage_error(usage_preview, "--copy must be a whole "
		    "number from 1, not '%s'", arg);
	*copy = (unsigned int)v;
	return 0;
}

/* One option of the command line into p; 0 or an exit code. */
static int
preview_option(struct preview *p, int c, const char *arg)
{
	switch (c) {
	case 'l':
		p->j.lang = arg;
		return 0;
	case 'o':
		p->j.output = arg;
		return 0;
	case 'D':
		p->j.draft = true;
		return 0;
	case 'H':
		p->j.hints = true;
		return 0;
	case 'C':
		p->v.card = arg;
		return 0;
	case 'F':
		if ((p->v.sides = face_arg(arg)) == 0)
			return cmd_usage_error(usage_preview, "--face must be "
			    "front, back or both, not '%s'", arg);
		return 0;
	case 'N':
		return copy_arg(arg, &p->v.copy);
	case 'r':
		return cmd_dpi_arg(arg, &p->v.dpi, usage_preview);
	case 'A':
		p->j.allow_outside = true;
		return 0;
	case 'G':
		p->v.guides = true;
		return 0;
	}
	return cmd_usage_error(usage_preview, "unknown option code %d", c);
}

int
cmd_preview(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "output", required_argument, NULL, 'o' },
		{ "card", required_argument, NULL, 'C' },
		{ "face", required_argument, NULL, 'F' },
		{ "copy", required_argument, NULL, 'N' },
		{ "dpi", required_argument, NULL, 'r' },
		{ "draft", no_argument, NULL, 'D' },
		{ "hints", no_argument, NULL, 'H' },
		{ "guides", no_argument, NULL, 'G' },
		{ "help", no_argument, NULL, 'h' },
		DECK_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct preview p = { .j = JOB_INIT, .v.sides = SIDE_FRONT,
	    .v.dpi = 150 };
	struct diags d = { 0 };
	int c, rc;

	while ((c = getopt_long(argc, argv, "l:o:h", opts, NULL)) != -1) {
		if (c == 'h') {
			fputs(usage_preview, stdout);
			return 0;
		}
		if (c == '?')
			return cmd_bad_option(argv, opts, usage_preview);
		if ((rc = preview_option(&p, c, optarg)) != 0)
			return rc;
	}
	if (argc - optind != 1)
		return cmd_usage_error(usage_preview, "%s",
		    argc - optind ? "give exactly one deck folder" :
		    "no deck folder given");
	if (p.v.copy != 0 && p.v.card == NULL)
		return cmd_usage_error(usage_preview, "%s", "--copy needs "
		    "--card: a contact sheet shows every card once");
	p.j.deckdir = cmd_deck_dir(argv[optind]);
	cmd_output_ext(&d, p.j.output, ".png", "a PNG");
	return cmd_finish(&d, run_preview(&p, &d));
}
