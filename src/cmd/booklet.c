/* SPDX-License-Identifier: MIT */
/*
 * The booklet command: a game's rule booklet typeset as A4 pages or as
 * an A5 booklet imposed for folding.  Part of the CLI.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "cmd.h"
#include "../booklet/booklet.h"
#include "../pdf/pdf.h"

static const char usage_booklet[] =
"usage: deckpress booklet DECK [--lang LANG] [--format a4|a5-booklet]\n"
"                  [--paper a4|letter] [-o FILE] [--allow-outside]\n"
"\n"
"Typeset the rule booklet DECK/rules/LANG.md as a PDF.\n"
"\n"
"  -l, --lang LANG      language (default: the deck's first)\n"
"  -f, --format FORMAT  a4: pages of the paper (default); a5-booklet: A5\n"
"                       pages two up on A4 landscape (half-Letter pages\n"
"                       on Letter) in saddle-stitch order: print\n"
"                       double-sided, flip on the short edge, fold the\n"
"                       stack in the middle and staple\n"
"      --paper PAPER    a4 (default) or letter\n"
"  -o, --output FILE    PDF to write (default: out/GAME-LANG-rules.pdf,\n"
"                       or -rules-a5.pdf)\n"
DECK_USAGE
"  -h, --help           this help\n";

/*
 * Bookmarks for the headings of fl: level 1 at the top, deeper levels
 * under the last shallower one.  page_of maps a flow page to a PDF
 * page (1-based) and dx, dy shift positions (imposed A5 pages).
 */
static void
add_outline(struct pdfout *pdf, const struct bflow *fl,
    const int *page_of, const double *dy)
{
	int parent[8] = { 0 };
	size_t i;

	for (i = 0; i < fl->nmarks; i++) {
		const struct bmark *m = &fl->marks[i];
		int lv = m->b->level < 1 ? 1 : m->b->level > 6 ? 6 :
		    m->b->level, id;

		id = pdf_outline(pdf, parent[lv - 1], m->b->plain,
		    page_of[m->page], m->y + (dy ? dy[m->page] : 0));
		parent[lv] = id;
		if (lv + 1 < 8)
			parent[lv + 1] = id;
	}
}

static int
booklet_a4(struct setup *s, const struct bflow *fl, const struct bstyle *st,
    const char *title, size_t li, const char *out, struct diags *d)
{
	struct pdfout pdf;
	int *page_of = xcalloc(fl->n + 1, sizeof(int));
	char *au = game_authors(s->deck);
	size_t i;
	bool ok;

	if (!pdf_open(&pdf, out, st->page_w, st->page_h, title, d)) {
		free(page_of);
		g_free(au);
		return EXIT_IO;
	}
	pdf_meta(&pdf, au, s->deck->langs[li]);
	if (images_count(s->images) > 0)
		pdf_images(&pdf);
	for (i = 0; i < fl->n; i++) {
		page_of[i] = (int)i + 1;
		booklet_draw(pdf.cr, s->fonts, fl, i, st, title, (int)i + 1);
		pdf_page(&pdf);
	}
	add_outline(&pdf, fl, page_of, NULL);
	ok = pdf_close(&pdf, true, d);
	if (ok)
		fprintf(outfile_report_to(out), "%s: %zu pages\n",
		    outfile_name(out), fl->n);
	free(page_of);
	g_free(au);
	return ok ? 0 : EXIT_IO;
}

static int
booklet_a5(struct setup *s, const struct bflow *fl, const struct bstyle *st,
    const char *title, size_t li, const char *out, struct diags *d)
{
	size_t n = (fl->n + 3) / 4 * 4, k;
	int *page_of = xcalloc(n + 1, sizeof(int));
	struct pdfout pdf;
	char *au = game_authors(s->deck);
	bool ok;

	/* Two A5 pages (148 x 210 mm) fill an A4 landscape sheet; two
	 * half-Letter pages a Letter one. */
	if (!pdf_open(&pdf, out, st->sheet_w, st->sheet_h, title, d)) {
		free(page_of);
		g_free(au);
		return EXIT_IO;
	}
	pdf_meta(&pdf, au, s->deck->langs[li]);
	if (images_count(s->images) > 0)
		pdf_images(&pdf);
	for (k = 0; k < n / 2; k++) {
		size_t p[2];

		booklet_saddle(n, k, &p[0], &p[1]);
		page_of[p[0] - 1] = page_of[p[1] - 1] = (int)k + 1;
		booklet_draw_side(pdf.cr, s->fonts, fl, k, st, title);
		pdf_page(&pdf);
	}
	add_outline(&pdf, fl, page_of, NULL);
	ok = pdf_close(&pdf, true, d);
	if (ok)
		fprintf(outfile_report_to(out), "%s: %zu %s pages on %zu "
		    "%s sides\n", outfile_name(out), n,
		    st->page_w < MM(145) ? "half-Letter" : "A5", n / 2,
		    st->page_w < MM(145) ? "Letter" : "A4");
	free(page_of);
	g_free(au);
	return ok ? 0 : EXIT_IO;
}

/* Where a booklet's Markdown starts, for an error about all of it. */
static struct srcpos
path_pos(struct diags *d, const struct deck *deck, size_t li)
{
	char *rel = g_strdup_printf("rules/%s.md", deck->langs[li]);
	char *path = path_join(deck->dir, rel);
	struct srcpos pos = { diag_file(d, path), 1, 1 };

	g_free(rel);
	free(path);
	return pos;
}

/*
 * A booklet of no more than MAX_PAGES pages; else an error at the
 * Markdown block that begins the first page too many.
 */
static bool
pages_ok(const struct bflow *fl, struct srcpos pos, struct diags *d)
{
	const struct bpage *pg;

	if (fl->n <= MAX_PAGES)
		return true;
	pg = &fl->pages[MAX_PAGES];
	if (pg->n > 0 && pg->v[0].b->pos.file != NULL)
		pos = pg->v[0].b->pos;
	diag_add(d, DIAG_ERROR, &pos, "limit", "the booklet would have %zu "
	    "pages, more than the %d of one output", fl->n, MAX_PAGES);
	return false;
}

bool
rulebook_load(struct setup *s, size_t li, const struct bstyle *st,
    struct bdoc *doc, struct bflow *fl, struct diags *d)
{
	char *rel = g_strdup_printf("rules/%s.md", s->deck->langs[li]);
	char *path = path_join(s->deck->dir, rel);
	size_t nerr = d->nerr;
	bool ok;

	g_free(rel);
	ok = booklet_parse(path, s->deck, li, s->images, s->fonts, doc,
	    d) &&
	    d->nerr == nerr;
	free(path);
	if (ok) {
		booklet_flow(s->fonts, doc, st, fl);
		booklet_check(s->fonts, fl, st, d);
		ok = d->nerr == nerr && pages_ok(fl, path_pos(d, s->deck, li),
		    d);
	}
	return ok;
}

static int
run_booklet(const char *deckdir, const char *lang, bool a5, bool letter,
    const char *output, bool allow, struct diags *d)
{
	struct load_opts lo = { .lang = lang, .one = true,
	    .allow_outside = allow };
	struct setup s = { 0 };
	struct bstyle st;
	struct bdoc doc = { 0 };
	struct bflow fl = { 0 };
	char *out = NULL;
	int rc, li = 0;

	if ((rc = setup_load(&s, deckdir, &lo, d)) != 0)
		goto out;
	if ((rc = lang_arg(s.deck, lang, &li, d)) != 0)
		goto out;
	if (a5)
		(letter ? bstyle_half_letter : bstyle_a5)(&st);
	else
		(letter ? bstyle_letter : bstyle_a4)(&st);
	st.lang = s.deck->langs[li];
	st.fallback = s.deck->fallback != NULL ? s.deck->fallback[li] : NULL;
	if (!rulebook_load(&s, (size_t)li, &st, &doc, &fl, d)) {
		rc = EXIT_INPUT;
		goto out;
	}
	out = output ? xstrdup(output) : g_strdup_printf("out/%s-%s-rules%s.pdf",
	    s.deck->game, s.deck->langs[li], a5 ? "-a5" : "");
	if ((rc = ensure_parent(out, d)) == 0)
		rc = (a5 ? booklet_a5 : booklet_a4)(&s, &fl, &st,
		    game_title(s.deck), (size_t)li, out, d);
out:
	free(out);
	bflow_free(&fl);
	bdoc_free(&doc);
	setup_free(&s);
	return rc;
}

int
cmd_booklet(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "paper", required_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		DECK_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	const char *lang = NULL, *output = NULL;
	struct diags d = { 0 };
	bool a5 = false, letter = false, allow = false;
	int c;

	while ((c = getopt_long(argc, argv, "l:f:o:h", opts, NULL)) != -1)
		switch (c) {
		case 'l':
			lang = optarg;
			break;
		case 'f':
			if (strcmp(optarg, "a5-booklet") == 0)
				a5 = true;
			else if (strcmp(optarg, "a4") != 0)
				return usage_error(usage_booklet, "--format "
				    "must be a4 or a5-booklet, not '%s'",
				    optarg);
			break;
		case 'o':
			output = optarg;
			break;
		case 'P':
			if (strcmp(optarg, "letter") == 0)
				letter = true;
			else if (strcmp(optarg, "a4") != 0)
				return usage_error(usage_booklet, "--paper must "
				    "be a4 or letter, not '%s'", optarg);
			break;
		case 'A':
			allow = true;
			break;
		case 'h':
			fputs(usage_booklet, stdout);
			return 0;
		default:
			fputs(usage_booklet, stderr);
			return EXIT_USAGE;
		}
	if (argc - optind != 1)
		return usage_error(usage_booklet, "%s", argc - optind ?
		    "give exactly one deck folder" : "no deck folder given");
	return finish(&d, run_booklet(argv[optind], lang, a5, letter, output,
	    allow, &d));
}

