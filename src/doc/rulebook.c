/* SPDX-License-Identifier: MIT */
/*
 * The rule booklet as one PDF: DECK/rules/LANG.md parsed, flowed and
 * checked by the booklet stage, then drawn as pages of the paper or as
 * an A5 booklet imposed for folding, with its headings as bookmarks.
 * Part of the document stage (doc.h); the booklet command calls
 * doc_booklet, the pack rulebook_load for its instructions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "pack.h"
#include "../booklet/booklet.h"
#include "../pdf/pdf.h"

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

/* The booklet as pages of the paper, one flow page a PDF page. */
/*
 * The booklet's PDF begun, pages of w x h pt: its authors and language
 * set, its images' finishing asked for; flawed: its Markdown holds what
 * PDF/UA forbids (booklet_ua_flaws()), so it claims no PDF/UA.  False
 * if it cannot be (said).
 */
static bool
open_pdf(struct pdfout *pdf, const struct setup *s, double w, double h,
    const char *title, size_t li, const char *out, bool flawed,
    struct diags *d)
{
	char *au;

	if (!pdf_open(pdf, out, w, h, title, d))
		return false;
	pdf_tagged(pdf);
	if (flawed)
		pdf_tag_flaw(pdf->cr);
	au = job_game_authors(s->deck);
	pdf_meta(pdf, au, s->deck->langs[li]);
	g_free(au);
	if (art_count(s->images) > 0)
		pdf_images(pdf);
	return true;
}

static int
booklet_a4(struct setup *s, const struct bflow *fl, const struct bstyle *st,
    const char *title, size_t li, const char *out, bool flawed, char **said,
    struct diags *d)
{
	struct pdfout pdf;
	int *page_of;
	size_t i;
	bool ok;

	if (!open_pdf(&pdf, s, st->page_w, st->page_h, title, li, out, flawed,
	    d))
		return EXIT_IO;
	page_of = xcalloc(fl->n + 1, sizeof(int));
	pdf_expect(&pdf, fl->n);
	for (i = 0; i < fl->n; i++) {
		page_of[i] = (int)i + 1;
		booklet_draw(pdf.cr, s->fonts, fl, i, st, title, (int)i + 1);
		pdf_page(&pdf);
	}
	add_outline(&pdf, fl, page_of, NULL);
	ok = pdf_close(&pdf, true, d);
	if (ok)
		*said = g_strdup_printf("%s: %zu pages\n", outfile_name(out),
		    fl->n);
	free(page_of);
	return ok ? 0 : EXIT_IO;
}

/* The booklet as pages two up, in the order that folds into a book. */
static int
booklet_a5(struct setup *s, const struct bflow *fl, const struct bstyle *st,
    const char *title, size_t li, const char *out, bool flawed, char **said,
    struct diags *d)
{
	size_t n = (fl->n + 3) / 4 * 4, k;
	int *page_of;
	struct pdfout pdf;
	bool ok;

	/* Two A5 pages (148 x 210 mm) fill an A4 landscape sheet; two
	 * half-Letter pages a Letter one. */
	if (!open_pdf(&pdf, s, st->sheet_w, st->sheet_h, title, li, out,
	    flawed, d))
		return EXIT_IO;
	page_of = xcalloc(n + 1, sizeof(int));
	pdf_expect(&pdf, n / 2);
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
		*said = g_strdup_printf("%s: %zu %s pages on %zu "
		    "%s sides\n", outfile_name(out), n,
		    st->page_w < MM(145) ? "half-Letter" : "A5", n / 2,
		    st->page_w < MM(145) ? "Letter" : "A4");
	free(page_of);
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
doc_rulebook_parse(struct setup *s, size_t li, struct bdoc *doc,
    struct diags *d)
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
	return ok;
}

bool
doc_rulebook_flow(struct setup *s, size_t li, const struct bstyle *st,
    const struct bdoc *doc, struct bflow *fl, struct diags *d)
{
	size_t nerr = d->nerr;

	booklet_flow_free(fl);
	booklet_flow(s->fonts, doc, st, fl);
	booklet_check(s->fonts, fl, st, d);
	return d->nerr == nerr && pages_ok(fl, path_pos(d, s->deck, li), d);
}

/*
 * DECK/rules/LANG.md for language li, parsed into doc and flowed in
 * style st into fl.  False if it cannot be read or has errors.
 */
static bool
rulebook_load(struct setup *s, size_t li, const struct bstyle *st,
    struct bdoc *doc, struct bflow *fl, struct diags *d)
{
	return doc_rulebook_parse(s, li, doc, d) &&
	    doc_rulebook_flow(s, li, st, doc, fl, d);
}

int
doc_booklet(const struct rulebook_job *j, char **said, struct diags *d)
{
	struct load_opts lo = { .lang = j->lang, .one = true,
	    .allow_outside = j->allow_outside, .typeset = true };
	struct setup s = { 0 };
	struct bstyle st;
	struct bdoc doc = { 0 };
	struct bflow fl = { 0 };
	char *out = NULL;
	int rc, li = 0;

	if ((rc = job_setup_load(&s, j->deckdir, &lo, d)) != 0)
		goto out;
	if ((rc = job_lang_arg(s.deck, j->lang, &li, d)) != 0)
		goto out;
	if (j->a5)
		(j->letter ? booklet_style_half_letter : booklet_style_a5)(&st);
	else
		(j->letter ? booklet_style_letter : booklet_style_a4)(&st);
	st.lang = s.deck->langs[li];
	st.fallback = s.deck->fallback != NULL ? s.deck->fallback[li] : NULL;
	if (!rulebook_load(&s, (size_t)li, &st, &doc, &fl, d)) {
		rc = EXIT_INPUT;
		goto out;
	}
	out = j->output ? xstrdup(j->output) :
	    g_strdup_printf("out/%s-%s-rules%s.pdf", s.deck->game,
	    s.deck->langs[li], j->a5 ? "-a5" : "");
	if ((rc = job_ensure_parent(out, d)) == 0)
		rc = (j->a5 ? booklet_a5 : booklet_a4)(&s, &fl, &st,
		    job_game_title(s.deck), (size_t)li, out,
		    booklet_ua_flaws(&doc, NULL), said, d);
out:
	free(out);
	booklet_flow_free(&fl);
	booklet_doc_free(&doc);
	job_setup_free(&s);
	return rc;
}
