/* SPDX-License-Identifier: MIT */
/*
 * The export command: a deck for print-on-demand services, which take
 * one image per card face with its bleed, or one PDF with a card face
 * per page and its trim and bleed boxes set; or, for a translator or
 * another program, a table of every face's boxes (where each is, the
 * size each text was fitted to).  Its options, its job and its report;
 * the export stage (export/) lays the faces out, draws and writes them.
 * Part of the CLI.
 */
#include <sys/stat.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <glib.h>

#include "cmd.h"
#include "../export/export.h"
#include "../outfile.h"

static const char usage_export[] =
"usage: deckpress export DECK --lang LANG -o DIR [--component NAME]\n"
"                         [--dpi N] [--trim] [--rounded]\n"
"       deckpress export DECK --lang LANG -o DIR --for NAME [--fit]\n"
"                         [--component NAME]\n"
"       deckpress export DECK --lang LANG -o FILE --hand | --showcase\n"
"                         [--cards ID,...] [--component NAME] [--shadow]\n"
"                         [--dpi N]\n"
"       deckpress export DECK --lang LANG -o DIR --per-card-pdf\n"
"       deckpress export DECK --lang LANG -o DIR --boxes\n"
"       deckpress export DECK --lang LANG -o DIR --tts [--dpi N]\n"
"       deckpress export DECK --csv -o FILE\n"
"       (each with [--allow-outside])\n"
"\n"
"Write the deck in folder DECK for a print-on-demand service: each card\n"
"face as a PNG image with its bleed (a round token transparent outside\n"
"its circle), into folder DIR (made if missing; its parent must exist):\n"
"\n"
"    DIR/ID-front.png, DIR/ID-back.png\n"
"\n"
"one file for every copy of card ID that prints the same (its count in\n"
"deck.yaml says how many to order); where a template numbers copies\n"
"({n}), copy N > 1 gets files of its own, DIR/ID-N-front.png and\n"
"DIR/ID-N-back.png.  A kind printed on one side has no back files.\n"
"\n";

/* The options, after usage_export: one string would be too long. */
static const char help_export[] =
"  -l, --lang LANG      language to export\n"
"  -o, --output DIR     folder to write into (FILE: the file)\n"
"      --dpi N          resolution of the images, 30 to 1200 (default\n"
"                       300), recorded in each PNG\n"
"      --component NAME only that kind of component (default: all)\n"
"      --for NAME       a print-on-demand service's images: each kind as\n"
"                       the product it makes of that size, the image\n"
"                       its size at 300 dpi with its bleed:\n"
"                       thegamecrafter (a poker card 825 x 1125 px) or\n"
"                       makeplayingcards (822 x 1122 px); a kind it does\n"
"                       not make is skipped with a warning\n"
"      --fit            with --for, a kind within 10 % of a product's\n"
"                       size scaled to cover it, the scale said\n"
"      --trim           the faces cut to the trim, without bleed\n"
"      --rounded        the trim's corners rounded, transparent outside\n"
"      --per-card-pdf   instead, one PDF DIR/GAME-LANG-cards.pdf: every\n"
"                       copy of every card in print order, front then\n"
"                       back, a page each, the page its trim and bleed,\n"
"                       with TrimBox and BleedBox set (vector: no --dpi)\n"
"      --boxes          instead, a table DIR/GAME-LANG-boxes.tsv: every\n"
"                       copy's faces in print order, front then back, a\n"
"                       line per face and a line per box on it (where it\n"
"                       is in pt, its colours, font, the size its text\n"
"                       was fitted to, the text); the columns are named\n"
"                       in its first line and in deckpress(1)\n"
"      --tts            instead, for Tabletop Simulator: each deck of\n"
"                       cards as sheets of at most 10 x 7 faces cut at\n"
"                       the trim (the last slot its back, shown for a\n"
"                       hidden card) and its back(s), boards and round\n"
"                       tokens as an image a face, at --dpi or lower so\n"
"                       that no image is over 4096 px a side; and\n"
"                       DIR/GAME-LANG.json, a saved object that loads\n"
"                       them from these files, a card per copy\n"
"      --csv            instead, the cards and every language's texts\n"
"                       as the spreadsheet 'import' reads, into FILE\n"
"      --hand           instead, one PNG FILE for a shop page: the cards\n"
"                       fanned out as a hand holds them, on a\n"
"                       transparent ground (default 150 dpi)\n"
"      --showcase       instead, one PNG FILE: the cards in a row, in\n"
"                       perspective, each with its reflection below\n"
"      --cards ID,...   the cards of --hand or --showcase (default: the\n"
"                       first five)\n"
"      --shadow         a drop shadow under each card of --hand or\n"
"                       --showcase\n"
DECK_USAGE
"  -h, --help           this help\n"
"\n"
"Exit status: 0 done, 1 invalid input (nothing written), 2 usage,\n"
"3 I/O or font failure.\n";

struct export {
	struct job	 j;
	struct export_req q;		/* -o, --dpi; the format from: */
	bool		 pdf;		/* --per-card-pdf */
	bool		 boxes;		/* --boxes */
	bool		 csv;		/* --csv */
	bool		 tts;		/* --tts */
	bool		 has_dpi;	/* --dpi given */
	const char	*pod;		/* --for NAME */
	struct export_shop shop;	/* --hand, --showcase */
};

/* "DIR: 104 files at 300 dpi, 815 x 1110 px" (each size, if several). */
static void
png_summary(const struct export_req *q, const struct export_done *e)
{
	size_t i;

	printf("%s: %zu file%s at %.0f dpi", q->dir, e->n, e->n == 1 ?
	    "" : "s", q->dpi);
	if (e->nsizes == 1)
		printf(", %d x %d px\n", e->sizes[0].w, e->sizes[0].h);
	else
		for (i = 0; i < e->nsizes; i++)
			printf("%s%zu of %d x %d px%s", i ? ", " : ": ",
			    e->sizes[i].n, e->sizes[i].w, e->sizes[i].h,
			    i + 1 < e->nsizes ? "" : "\n");
}

/* What export_deck() wrote, as q asked: a line on standard output. */
static void
report(const struct export_req *q, const struct deck *deck,
    const struct export_done *e)
{
	const char *what = deck->multi ? "component" : "card";
	const char *s = e->cards == 1 ? "" : "s";

	if (q->fmt == EXPORT_TTS)
		fputs(e->note, stdout);
	else if (q->fmt == EXPORT_PNG) {
		/* --fit: each kind scaled, and by how much. */
		if (e->note != NULL)
			fputs(e->note, stdout);
		png_summary(q, e);
	} else if (q->fmt == EXPORT_PDF)
		printf("%s: %zu page%s, the faces of %zu %s%s one a page, "
		    "with trim and bleed boxes\n", e->path, e->n, e->n == 1 ?
		    "" : "s", e->cards, what, s);
	else if (q->fmt == EXPORT_CSV)
		printf("%s: %zu %s%s, %zu text columns\n", e->path, e->n,
		    what, e->n == 1 ? "" : "s", e->cards);
	else
		printf("%s: %zu faces of %zu %s%s, %zu boxes\n", e->path,
		    e->n, e->cards, what, s, e->boxes);
}

/* --hand or --showcase: the line saying what the image is, once kept. */
static void
shop_said(const struct export *x, const struct export_image *img)
{
	printf("%s: %s, %d x %d px at %.0f dpi\n", x->q.dir, img->what,
	    img->w, img->h, x->shop.dpi);
}

/*
 * Large art is decoded once, as it is first drawn, not also at load:
 * so every file is held (outfile_hold()) until the last is drawn and
 * the art no face showed is checked, then all are kept, or none when
 * an image is damaged, and a folder made for them is removed again.
 */
static int
run_export(const struct export *x, struct diags *d)
{
	struct setup s = { 0 };
	struct load_opts lo;
	struct export_done e = { 0 };
	struct export_image img = { 0 };
	struct stat st;
	bool shop = x->shop.look != SHOP_NONE;
	bool new_dir = !shop && !x->csv && stat(x->q.dir, &st) != 0;
	int rc, li = 0;

	job_load_opts(&x->j, &lo);
	lo.one = !x->csv;	/* --csv: every language */
	lo.typeset = !x->csv;	/* --csv: the texts as typed */
	lo.art_drawn = !x->csv;	/* --csv draws nothing */
	outfile_hold();
	if ((rc = job_setup_load(&s, x->j.deckdir, &lo, d)) != 0 || (!x->csv &&
	    (rc = job_lang_arg(s.deck, x->j.lang, &li, d)) != 0))
		goto out;
	if (shop)
		rc = export_shop_image(&s, (size_t)li, &x->shop, x->q.dir,
		    &img, d);
	else
		rc = export_deck(&s, (size_t)li, &x->q, &e, d);
out:
	rc = export_art_checked(&s, rc);
	if (!outfile_hold_end(rc == 0, d) && rc == 0)
		rc = EXIT_IO;
	if (rc != 0 && new_dir)
		rmdir(x->q.dir);	/* only if empty: made here */
	else if (rc == 0 && shop)
		shop_said(x, &img);
	else if (rc == 0)
		report(&x->q, s.deck, &e);
	g_free(img.what);
	export_done_free(&e);
	job_setup_free(&s);
	return rc;
}

/* What --hand and --showcase, and their options, contradict. */
static int
check_shop(const struct export *x)
{
	bool shop = x->shop.look != SHOP_NONE;

	if (!shop && (x->shop.cards != NULL || x->shop.shadow))
		return cmd_usage_error(usage_export, "%s", "--cards and "
		    "--shadow are for --hand and --showcase");
	if (shop && (x->pdf || x->boxes || x->tts || x->csv || x->pod ||
	    x->q.trim || x->q.rounded || x->q.fit))
		return cmd_usage_error(usage_export, "%s", "--hand and "
		    "--showcase write one image of their own: no other format, "
		    "--for, --fit, --trim or --rounded");
	return 0;
}

/* What --for, --fit and --component contradict. */
static int
check_pod(const struct export *x)
{
	if (x->pod != NULL && (x->q.trim || x->q.rounded))
		return cmd_usage_error(usage_export, "--for %s writes the "
		    "service's own image sizes, with their bleed and square "
		    "corners: no --trim or --rounded", x->pod);
	if (x->q.fit && x->pod == NULL)
		return cmd_usage_error(usage_export, "%s", "--fit scales a kind "
		    "to a service's product: give --for NAME");
	if (x->csv && x->q.component != NULL)
		return cmd_usage_error(usage_export, "%s", "--csv writes the "
		    "whole deck, as 'import' reads it back: no --component");
	return 0;
}

/* What the options miss or contradict: a usage error, else 0. */
static int
check_args(const struct export *x, int nargs)
{
	int rc;

	if (nargs != 1)
		return cmd_usage_error(usage_export, "%s",
		    nargs ? "give exactly one deck folder" : "no deck folder "
		    "given");
	if (x->csv && (x->pdf || x->boxes || x->tts || x->has_dpi ||
	    x->j.lang))
		return cmd_usage_error(usage_export, "%s", "--csv writes every "
		    "language, and only the table: no --lang or other format");
	if (x->j.lang == NULL && !x->csv)
		return cmd_usage_error(usage_export, "%s", "no --lang given: "
		    "export one language at a time");
	if (x->q.dir == NULL)
		return cmd_usage_error(usage_export, "%s", "no -o DIR given: "
		    "the folder to write the files into");
	if (x->pdf + x->boxes + x->tts > 1)
		return cmd_usage_error(usage_export, "%s", "--per-card-pdf, "
		    "--boxes and --tts: one at a time");
	if ((rc = check_shop(x)) != 0 || (rc = check_pod(x)) != 0)
		return rc;
	if (x->pod != NULL && x->has_dpi)
		return cmd_usage_error(usage_export, "--for %s sets the "
		    "images' size and resolution: no --dpi", x->pod);
	if ((x->pdf || x->boxes || x->csv) && (x->pod || x->q.trim ||
	    x->q.rounded))
		return cmd_usage_error(usage_export, "%s", "--for, --trim and "
		    "--rounded are for the images");
	if (x->pod != NULL && export_pod_find(x->pod) == NULL)
		return cmd_usage_error(usage_export, "--for takes %s, not '%s'",
		    export_pod_names(), x->pod);
	if (x->tts && (x->pod || x->q.trim || x->q.rounded))
		return cmd_usage_error(usage_export, "%s", "--tts draws "
		    "Tabletop Simulator's sheets, cut at the trim: no --for, "
		    "--trim or --rounded");
	if ((x->pdf || x->boxes) && x->has_dpi)
		return cmd_usage_error(usage_export, "--dpi is for the images: "
		    "%s", x->pdf ? "--per-card-pdf writes vector pages" :
		    "--boxes writes lengths in pt");
	return 0;
}

/*
 * Option c of --component, --fit and the shop images into x: 0, a
 * usage error's 2 (--hand and --showcase at once), or -1 if c is none.
 */
static int
shop_option(struct export *x, int c, const char *arg)
{
	enum shop_look look = c == 'H' ? SHOP_HAND : SHOP_SHOWCASE;

	switch (c) {
	case 'C':
		x->q.component = arg;
		return 0;
	case 'F':
		x->q.fit = true;
		return 0;
	case 'H':
	case 'S':
		if (x->shop.look != SHOP_NONE && x->shop.look != look)
			return cmd_usage_error(usage_export, "%s", "--hand and "
			    "--showcase: one at a time");
		x->shop.look = look;
		return 0;
	case 'K':
		x->shop.cards = arg;
		return 0;
	case 'W':
		x->shop.shadow = true;
		return 0;
	}
	return -1;
}

int
cmd_export(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "output", required_argument, NULL, 'o' },
		{ "dpi", required_argument, NULL, 'r' },
		{ "per-card-pdf", no_argument, NULL, 'P' },
		{ "boxes", no_argument, NULL, 'b' },
		{ "csv", no_argument, NULL, 'c' },
		{ "tts", no_argument, NULL, 'T' },
		{ "for", required_argument, NULL, 'f' },
		{ "trim", no_argument, NULL, 't' },
		{ "rounded", no_argument, NULL, 'R' },
		{ "component", required_argument, NULL, 'C' },
		{ "fit", no_argument, NULL, 'F' },
		{ "hand", no_argument, NULL, 'H' },
		{ "showcase", no_argument, NULL, 'S' },
		{ "cards", required_argument, NULL, 'K' },
		{ "shadow", no_argument, NULL, 'W' },
		{ "help", no_argument, NULL, 'h' },
		DECK_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct export x = { .j = JOB_INIT, .q.dpi = 300 };
	struct diags d = { 0 };
	int c, rc;

	while ((c = getopt_long(argc, argv, "l:o:h", opts, NULL)) != -1)
		switch (c) {
		case 'l':
			x.j.lang = optarg;
			break;
		case 'o':
			x.q.dir = optarg;
			break;
		case 'r':
			if ((rc = cmd_dpi_arg(optarg, &x.q.dpi,
			    usage_export)) != 0)
				return rc;
			x.has_dpi = true;
			break;
		case 'P':
			x.pdf = true;
			break;
		case 'b':
			x.boxes = true;
			break;
		case 'c':
			x.csv = true;
			break;
		case 'T':
			x.tts = true;
			break;
		case 'f':
			x.pod = optarg;
			break;
		case 't':
			x.q.trim = true;
			break;
		case 'R':
			x.q.rounded = true;
			break;
		case 'A':
			x.j.allow_outside = true;
			break;
		default:
			if ((rc = shop_option(&x, c, optarg)) < 0)
				return cmd_bad_option(argv, opts, usage_export);
			if (rc > 0)
				return rc;
			break;
		case 'h':
			fputs(usage_export, stdout);
			fputs(help_export, stdout);
			return 0;
		}
	if ((rc = check_args(&x, argc - optind)) != 0)
		return rc;
	x.j.deckdir = cmd_deck_dir(argv[optind]);
	if (x.pod != NULL) {
		x.q.pod = export_pod_find(x.pod);
		x.q.dpi = x.q.pod->dpi;
	}
	x.shop.dpi = x.has_dpi ? x.q.dpi : 150;
	x.shop.component = x.q.component;
	x.q.fmt = x.pdf ? EXPORT_PDF : x.boxes ? EXPORT_BOXES : x.csv ?
	    EXPORT_CSV : x.tts ? EXPORT_TTS : EXPORT_PNG;
	/* Its files are named inside -o DIR: a link there was not asked
	 * for. */
	outfile_no_links();
	return cmd_finish(&d, run_export(&x, &d));
}
