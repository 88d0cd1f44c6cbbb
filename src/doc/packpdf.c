/* SPDX-License-Identifier: MIT */
/*
 * The print-and-play pack written: a job's deck loaded, its parts built
 * (packflow.c) and drawn in order with the card sheets between them,
 * page footers, a draft's note and the outline.  Part of the document
 * stage (doc.h, pack.h); the pack, all and watch commands call doc_pack.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "pack.h"
#include "../pdf/pdf.h"

/* A draft says so in the top margin of every page. */
static void
page_note(cairo_t *cr, const struct pack *p)
{
	if (p->sheets.note != NULL)
		render_note(cr, p->s->fonts->ctx, p->st.page_w / 2,
		    p->st.margin_t / 2, p->sheets.note);
}

/* Bookmarks: each part, the instructions' sections and kinds under it. */
static void
pack_outline(struct pdfout *pdf, const struct pack *p)
{
	int parent[8] = { 0 }, top = 0;
	size_t i;

	pdf_outline(pdf, 0, p->title, 1, 0);
	pdf_outline(pdf, 0, doc_pack_str(p, "index"), (int)p->p_index + 1, 0);
	if (p->frules.n > 0)
		top = pdf_outline(pdf, 0, doc_pack_first_heading(&p->frules),
		    (int)p->p_rules + 1, 0);
	for (i = 1; i < p->frules.nmarks; i++) {
		const struct bmark *m = &p->frules.marks[i];
		int lv = m->b->level < 2 ? 2 : m->b->level > 6 ? 6 :
		    m->b->level;

		parent[2] = top;
		parent[lv + 1] = pdf_outline(pdf, lv == 2 ? top : parent[lv],
		    m->b->plain, (int)(p->p_rules + m->page) + 1, m->y);
	}
	top = pdf_outline(pdf, 0, doc_pack_first_heading(&p->fdivider),
	    (int)p->p_parts + 1, 0);
	for (i = 0; p->multi && i < p->sheets.n; i++)
		pdf_outline(pdf, top, doc_pack_kind_name(p,
		    p->sheets.v[i].kind),
		    (int)(p->sheet0 + p->sheets.v[i].first) + 1, 0);
	if (p->fcredits.n > 0)
		pdf_outline(pdf, 0, doc_pack_first_heading(&p->fcredits),
		    (int)p->p_credits + 1, 0);
}

/*
 * The links of every part: index entries to their pages, [[card:]]
 * references to the page of their card's first front.
 */
static void
pack_links(struct pack *p)
{
	struct bflow *fl[] = { &p->fcover, &p->findex, &p->frules,
	    &p->fdivider, &p->fblank, &p->fcredits };
	size_t n = p->s->deck->ncards, i;

	p->card_page = xcalloc(n + 1, sizeof(*p->card_page));
	print_front_pages(&p->sheets, n, p->card_page);
	for (i = 0; i < n; i++)
		if (p->card_page[i] > 0)
			p->card_page[i] += p->sheet0;
	p->links.card_page = p->card_page;
	p->links.ncards = n;
	for (i = 0; i < sizeof(fl) / sizeof(fl[0]); i++)
		fl[i]->links = &p->links;
}

/* Draw the pages of flow fl from pack page *page on, with footers. */
static void
draw_flow(struct pdfout *pdf, const struct pack *p, const struct bflow *fl,
    size_t *page)
{
	size_t i;

	for (i = 0; i < fl->n; i++) {
		pdf_dest(pdf->cr, *page + 1);
		booklet_draw(pdf->cr, p->s->fonts, fl, i, &p->st, p->title,
		    (int)(*page)++ + 1);
		page_note(pdf->cr, p);
		pdf_page(pdf);
	}
}

static int
pack_write(struct pack *p, const char *out, struct diags *d)
{
	struct pdfout pdf;
	char *au = job_game_authors(p->s->deck), *title;
	size_t page = 0;
	bool ok, fit;

	title = g_strdup_printf("%s%s", p->sheets.note ? "DRAFT: " : "",
	    p->title);
	ok = pdf_open(&pdf, out, p->st.page_w, p->st.page_h, title, d);
	g_free(title);
	if (!ok) {
		g_free(au);
		return EXIT_IO;
	}
	pdf_tagged(&pdf);
	/* One heading scheme in a document: the rules need levels, so the
	 * card titles are numbered too, one under the divider's "## Cards"
	 * (H2), as a rule's subsections are under its sections. */
	pdf_tag_titles(&pdf, "H3");
	if (booklet_ua_flaws(&p->rules, NULL))
		pdf_tag_flaw(pdf.cr);
	pdf_meta(&pdf, au, p->s->deck->langs[p->li]);
	pdf_subject(&pdf, p->sheets.note);
	if (art_count(p->s->images) > 0)
		pdf_images(&pdf);
	pdf_before_keep(&pdf, job_art_checked, p->s->images);
	pdf_expect(&pdf, p->p_credits + p->fcredits.n);
	pack_links(p);
	draw_flow(&pdf, p, &p->fcover, &page);
	draw_flow(&pdf, p, &p->findex, &page);
	draw_flow(&pdf, p, &p->frules, &page);
	draw_flow(&pdf, p, &p->fdivider, &page);
	if (page < p->sheet0)
		draw_flow(&pdf, p, &p->fblank, &page);
	/* The sheets exactly as "deckpress cards" makes them. */
	fit = print_pages(&pdf, p->s, &p->sheets, page + 1, d);
	page += p->sheets.npages;
	draw_flow(&pdf, p, &p->fcredits, &page);
	pack_outline(&pdf, p);
	ok = pdf_close(&pdf, fit, d);
	if (ok && p->said != NULL && p->frules.n > 0)
		*p->said = g_strdup_printf("%s: %zu pages (instructions "
		    "from page %zu, cards from %zu)%s\n", outfile_name(out),
		    page, p->p_rules + 1, p->sheet0 + 1,
		    p->sheets.note ? " (draft)" : "");
	else if (ok && p->said != NULL)
		*p->said = g_strdup_printf("%s: %zu pages (no instructions "
		    "yet, cards from %zu)%s\n", outfile_name(out), page,
		    p->sheet0 + 1, p->sheets.note ? " (draft)" : "");
	g_free(au);
	/* A damaged image, found as it was drawn, is the input's fault. */
	if (!fit || (!ok && art_damaged(p->s->images) > 0))
		return EXIT_INPUT;
	return ok ? 0 : EXIT_IO;
}

static void
pack_free(struct pack *p)
{
	size_t i;

	booklet_flow_free(&p->fcover);
	booklet_flow_free(&p->findex);
	booklet_flow_free(&p->frules);
	booklet_flow_free(&p->fdivider);
	booklet_flow_free(&p->fblank);
	booklet_flow_free(&p->fcredits);
	booklet_doc_free(&p->cover);
	booklet_doc_free(&p->index);
	booklet_doc_free(&p->rules);
	booklet_doc_free(&p->divider);
	booklet_doc_free(&p->blank);
	booklet_doc_free(&p->credits);
	print_free(&p->sheets);
	free(p->card_page);
	for (i = 0; i < p->nshown; i++)
		layout_laid_free(&p->shown[i]);
	if (p->strs != NULL)
		g_ptr_array_free(p->strs, TRUE);
}

int
doc_pack(const struct job *j, char **said, struct diags *d)
{
	struct setup s = { 0 };
	struct load_opts lo;
	struct pack p;
	char *out = NULL;
	int rc, li = 0;

	memset(&p, 0, sizeof(p));
	p.s = &s;
	p.strs = g_ptr_array_new_with_free_func(free);
	job_load_opts(j, &lo);
	lo.pack = true;
	lo.art_drawn = true;	/* the PDF draws every card's image */
	if ((rc = job_setup_load(&s, j->deckdir, &lo, d)) != 0)
		goto out;
	job_sheets(j, &s);
	if ((rc = job_lang_arg(s.deck, j->lang, &li, d)) != 0)
		goto out;
	p.li = (size_t)li;
	p.title = card_text(&s.deck->pack, p.li, "title", NULL);
	if (!doc_pack_build(&p, j, d) || d->nerr > 0) {
		rc = EXIT_INPUT;
		goto out;
	}
	out = job_output(j, s.deck, p.li, NULL, "pack");
	if (j->outpath != NULL)
		*j->outpath = g_strdup(out);
	p.said = said;
	if ((rc = job_ensure_parent(out, d)) == 0)
		rc = pack_write(&p, out, d);
out:
	/* Stopped before drawing: the images are checked all the same. */
	if (rc != 0)
		art_check_pending(s.images);
	g_free(out);
	pack_free(&p);
	job_setup_free(&s);
	return rc;
}

/*
 * Has d a finding of g's level at g's place?  The validator and the
 * renderer word some the same fault apart ("did you mean" or not): the
 * place says it is one.
 */
static bool
reported(const struct diags *d, const struct diag *g)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (d->v[i].level == g->level &&
		    d->v[i].pos.line == g->pos.line &&
		    d->v[i].pos.col == g->pos.col &&
		    g_strcmp0(d->v[i].pos.file, g->pos.file) == 0 &&
		    (g->pos.line > 0 || strcmp(d->v[i].msg, g->msg) == 0))
			return true;
	return false;
}

int
doc_pack_preflight(struct setup *s, size_t li, struct diags *d)
{
	struct diags found = { 0 };
	struct job j = { 0 };
	struct pack p;
	struct srcpos pos;
	size_t i;
	bool keep = false;

	memset(&p, 0, sizeof(p));
	p.s = s;
	p.li = li;
	p.strs = g_ptr_array_new_with_free_func(free);
	p.title = card_text(&s->deck->pack, li, "title", NULL);
	if (load_has_pack(s->deck, li)) {
		doc_pack_build(&p, &j, &found);
		/* What keeps its PDF from PDF/UA: check's to say. */
		booklet_ua_flaws(&p.rules, &found);
	}
	else
		print_build(s, li, &(struct printopts){ DUPLEX_LONG, true,
		    NULL, NULL, 0, 0, NULL }, &p.sheets, &found);
	/* What check found already is said once; a note goes with its
	 * finding. */
	for (i = 0; i < found.n; i++) {
		const struct diag *g = &found.v[i];

		if (g->level != DIAG_NOTE)
			keep = !reported(d, g);
		if (!keep)
			continue;
		/* found's file names die with it: d keeps its own. */
		pos = g->pos;
		if (pos.file != NULL)
			pos.file = diag_file(d, pos.file);
		diag_add(d, g->level, &pos, g->code, "%s", g->msg);
		diag_about(d, g->card, g->lang);
	}
	diag_free(&found);
	pack_free(&p);
	return d->nerr == 0 ? 0 : EXIT_INPUT;
}
