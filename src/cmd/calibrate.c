/* SPDX-License-Identifier: MIT */
/*
 * The calibrate command: two pages to print double-sided once, that
 * tell whether the printer scales its pages and how far it shifts the
 * back ones, for --back-offset or a printer profile.  Part of the CLI.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "../impose/impose.h"
#include "../pdf/pdf.h"

static const char usage_calibrate[] =
"usage: deckpress calibrate [--paper a4|letter] [--duplex long|short]\n"
"                  [--back-offset X,Y] [--printer FILE] [-o FILE]\n"
"\n"
"Write a printer calibration sheet: print its two pages double-sided,\n"
"at actual size.  On both sides a 100 mm and a 4 inch ruler show at\n"
"once whether the printer scales pages; on the back, two scales read in\n"
"steps of 0.5 mm how far it shifts its back pages: give the readings to\n"
"cards, pack and all as --back-offset X,Y, or save them in a printer\n"
"profile (--printer FILE):\n"
"\n"
"    paper: a4\n"
"    back_offset_mm: [1.5, -0.8]\n"
"    duplex: long\n"
"    unprintable_mm: 5\n"
"\n"
"  -o, --output FILE    PDF to write (default: out/calibrate.pdf)\n"
"      --paper PAPER    a4 (default) or letter\n"
"  -d, --duplex EDGE    long (default) or short: the edge the printer\n"
"                       turns the paper on\n"
"      --back-offset X,Y  print the back with this offset, to check it:\n"
"                       both scales then read 0\n"
"      --printer FILE   take paper, duplex and back offset from it\n"
"  -h, --help           this help\n";

static int
run_calibrate(const struct job *j, const char *out, struct diags *d)
{
	struct calib c = { 0 };
	struct sheet paper;
	struct fonts *fonts;
	struct pdfout pdf;
	char *dir = job_data_dir(), *fd = path_join(dir, "fonts");
	int rc = 0;

	fonts = layout_fonts_new(fd, NULL, d);
	free(fd);
	free(dir);
	if (fonts == NULL)
		return EXIT_IO;
	tmpl_sheet_paper(&paper, j->paper ? j->paper : "a4");
	c.paper_w = paper.paper_w;
	c.paper_h = paper.paper_h;
	c.paper = paper.paper;
	c.duplex = j->duplex;
	c.back_x = j->back_x;
	c.back_y = j->back_y;
	if (job_ensure_parent(out, d) != 0 || !pdf_open(&pdf, out, c.paper_w,
	    c.paper_h, "deckpress printer calibration", d))
		rc = EXIT_IO;
	else {
		impose_calibration(pdf.cr, fonts->ctx, &c, FACE_FRONT);
		pdf_page(&pdf);
		impose_calibration(pdf.cr, fonts->ctx, &c, FACE_BACK);
		pdf_page(&pdf);
		if (pdf_close(&pdf, true, d))
			fprintf(outfile_report_to(out), "%s: 2 pages, %s, %s "
			    "edge\n", outfile_name(out), c.paper,
			    c.duplex == DUPLEX_SHORT ? "short" : "long");
		else
			rc = EXIT_IO;
	}
	layout_fonts_free(fonts);
	return rc;
}

int
cmd_calibrate(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "duplex", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ "paper", required_argument, NULL, 'P' },
		{ "back-offset", required_argument, NULL, 'O' },
		{ "printer", required_argument, NULL, 'R' },
		{ NULL, 0, NULL, 0 },
	};
	struct job j = JOB_INIT;
	struct diags d = { 0 };
	const char *out = "out/calibrate.pdf";
	int c, rc;

	while ((c = getopt_long(argc, argv, "o:d:h", opts, NULL)) != -1)
		switch (c) {
		case 'o':
			out = optarg;
			break;
		case 'h':
			fputs(usage_calibrate, stdout);
			return 0;
		case '?':
			return cmd_bad_option(argv, opts, usage_calibrate);
		default:
			if ((rc = cmd_job_option(&j, c, optarg,
			    usage_calibrate)) != 0)
				return rc;
		}
	if (argc > optind)
		return cmd_usage_error(usage_calibrate, "calibrate takes no "
		    "deck folder, only options");
	if ((rc = job_printer(&j, &d)) != 0)
		return cmd_finish(&d, rc);
	if (j.duplex != DUPLEX_LONG && j.duplex != DUPLEX_SHORT)
		return cmd_usage_error(usage_calibrate, "--duplex must be long "
		    "or short: the calibration sheet is printed double-sided");
	return cmd_finish(&d, run_calibrate(&j, out, &d));
}
