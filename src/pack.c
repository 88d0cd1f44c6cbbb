/* SPDX-License-Identifier: MIT */
/*
 * The booklet and pack commands: a game's rule booklet typeset as A4
 * pages or as an A5 booklet imposed for folding, and the complete
 * print-and-play pack.  Part of the CLI, with main.c.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <pango/pangocairo.h>

#include "booklet/booklet.h"
#include "cli.h"
#include "impose/impose.h"
#include "pdf/pdf.h"

static const char usage_booklet[] =
"usage: deckpress booklet DECK [--lang LANG] [--format a4|a5-booklet]\n"
"                  [-o FILE]\n"
"\n"
"Typeset the rule booklet DECK/rules/LANG.md as a PDF.\n"
"\n"
"  -l, --lang LANG      language (default: the deck's first)\n"
"  -f, --format FORMAT  a4: A4 pages (default); a5-booklet: A5 pages two\n"
"                       up on A4 landscape in saddle-stitch order: print\n"
"                       double-sided, flip on the short edge, fold the\n"
"                       stack in the middle and staple\n"
"  -o, --output FILE    PDF to write (default: out/GAME-LANG-rules.pdf,\n"
"                       or -rules-a5.pdf)\n"
"  -h, --help           this help\n";

/* Document title: the deck's, else its game name. */
static const char *
deck_title(const struct deck *deck)
{
	return deck->title ? deck->title : deck->game;
}

static char *
authors(const struct deck *deck)
{
	const struct credits *c = &deck->credits;
	GString *b = g_string_new(NULL);
	size_t i;

	for (i = 0; i < c->nauthors; i++)
		g_string_append_printf(b, "%s%s", i ? ", " : "",
		    c->authors[i]);
	return g_string_free(b, b->len == 0);
}

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
	char *au = authors(s->deck);
	size_t i;
	bool ok;

	if (!pdf_open(&pdf, out, st->page_w, st->page_h, title, d)) {
		free(page_of);
		g_free(au);
		return EXIT_IO;
	}
	pdf_meta(&pdf, au, s->deck->langs[li]);
	for (i = 0; i < fl->n; i++) {
		page_of[i] = (int)i + 1;
		booklet_draw(pdf.cr, s->fonts, fl, i, st, title, (int)i + 1);
		pdf_page(&pdf);
	}
	add_outline(&pdf, fl, page_of, NULL);
	ok = pdf_close(&pdf, true, d);
	if (ok)
		printf("%s: %zu pages\n", out, fl->n);
	free(page_of);
	g_free(au);
	return ok ? 0 : EXIT_IO;
}

/*
 * Saddle stitch: n pages (a multiple of 4) on n/2 sides; side k holds
 * pages n-k | k+1 when k is even (a sheet's front), k+1 | n-k when odd.
 */
static void
side_pages(size_t n, size_t k, size_t *left, size_t *right)
{
	if (k % 2 == 0) {
		*left = n - k;
		*right = k + 1;
	} else {
		*left = k + 1;
		*right = n - k;
	}
}

static int
booklet_a5(struct setup *s, const struct bflow *fl, const struct bstyle *st,
    const char *title, size_t li, const char *out, struct diags *d)
{
	size_t n = (fl->n + 3) / 4 * 4, k, half, pg;
	int *page_of = xcalloc(n + 1, sizeof(int));
	struct pdfout pdf;
	char *au = authors(s->deck);
	bool ok;

	/* Two A5 pages (148 x 210 mm) fill an A4 landscape sheet. */
	if (!pdf_open(&pdf, out, MM(297), MM(210), title, d)) {
		free(page_of);
		g_free(au);
		return EXIT_IO;
	}
	pdf_meta(&pdf, au, s->deck->langs[li]);
	for (k = 0; k < n / 2; k++) {
		size_t p[2];

		side_pages(n, k, &p[0], &p[1]);
		for (half = 0; half < 2; half++) {
			pg = p[half] - 1;	/* 0-based */
			page_of[pg] = (int)k + 1;
			if (pg >= fl->n)
				continue;	/* blank padding page */
			cairo_save(pdf.cr);
			cairo_translate(pdf.cr, MM(0.5) + half * st->page_w,
			    0);
			cairo_rectangle(pdf.cr, 0, 0, st->page_w, st->page_h);
			cairo_clip(pdf.cr);
			booklet_draw(pdf.cr, s->fonts, fl, pg, st, title,
			    (int)pg + 1);
			cairo_restore(pdf.cr);
		}
		pdf_page(&pdf);
	}
	add_outline(&pdf, fl, page_of, NULL);
	ok = pdf_close(&pdf, true, d);
	if (ok)
		printf("%s: %zu A5 pages on %zu A4 sides\n", out, n, n / 2);
	free(page_of);
	g_free(au);
	return ok ? 0 : EXIT_IO;
}

/* DECK/rules/LANG.md, parsed and flowed in style st. */
static bool
load_booklet(struct setup *s, size_t li, const struct bstyle *st,
    struct bdoc *doc, struct bflow *fl, struct diags *d)
{
	char *rel = g_strdup_printf("rules/%s.md", s->deck->langs[li]);
	char *path = path_join(s->deck->dir, rel);
	size_t nerr = d->nerr;
	bool ok;

	g_free(rel);
	ok = booklet_parse(path, s->deck, li, doc, d) && d->nerr == nerr;
	free(path);
	if (ok)
		booklet_flow(s->fonts, doc, st, fl);
	return ok;
}

static int
run_booklet(const char *deckdir, const char *lang, bool a5,
    const char *output, struct diags *d)
{
	struct setup s = { 0 };
	struct bstyle st;
	struct bdoc doc = { 0 };
	struct bflow fl = { 0 };
	char *out = NULL;
	int rc, li = 0;

	if ((rc = setup_load(&s, deckdir, false, d)) != 0)
		goto out;
	if ((rc = lang_arg(s.deck, lang, &li, d)) != 0)
		goto out;
	if (a5)
		bstyle_a5(&st);
	else
		bstyle_a4(&st);
	st.lang = s.deck->langs[li];
	if (!load_booklet(&s, (size_t)li, &st, &doc, &fl, d)) {
		rc = EXIT_INPUT;
		goto out;
	}
	out = output ? xstrdup(output) : g_strdup_printf("out/%s-%s-rules%s.pdf",
	    s.deck->game, s.deck->langs[li], a5 ? "-a5" : "");
	if ((rc = ensure_parent(out, d)) == 0)
		rc = (a5 ? booklet_a5 : booklet_a4)(&s, &fl, &st,
		    deck_title(s.deck), (size_t)li, out, d);
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
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *lang = NULL, *output = NULL;
	struct diags d = { 0 };
	bool a5 = false;
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
	return finish(&d, run_booklet(argv[optind], lang, a5, output, &d));
}

static const char usage_pack[] =
"usage: deckpress pack DECK [--lang LANG] [-o FILE]\n"
"\n"
"The complete print-and-play pack of the deck in one PDF: a cover with\n"
"how to print, an index, the instructions (DECK/rules/LANG.md), the card\n"
"sheets as 'deckpress cards' makes them, and the credits.\n"
"\n"
"  -l, --lang LANG      language (default: the deck's first)\n"
"  -o, --output FILE    PDF to write (default: out/GAME-LANG-pack.pdf)\n"
"  -h, --help           this help\n";

/* The pack's parts, in order, with the flows that make them. */
struct pack {
	struct setup	*s;
	size_t		 li;
	struct bstyle	 st;
	struct bdoc	 cover, rules, divider, credits;
	struct bflow	 fcover, frules, fdivider, fcredits;
	struct sheets	 sheets;
	const char	*title;
	size_t		 first[4];	/* first page (0-based): rules, cards,
					   credits, and the index */
};

/* A pack string in the pack's language (checked by the validator). */
static const char *
pstr(const struct pack *p, const char *field)
{
	const char *s = card_text(&p->s->deck->pack, p->li, field, NULL);

	return s ? s : "";
}

/* Cover: the title, the tagline, and how to print, cut and sleeve. */
static char *
cover_md(const struct pack *p)
{
	static const char *const parts[][2] = { { "print-title", "printing" },
	    { "cut-title", "cutting" }, { "sleeve-title", "sleeving" },
	    { "reading-title", "reading" } };
	GString *b = g_string_new("# ");
	size_t i;

	booklet_md_escape(b, p->title);
	g_string_append_printf(b, "\n\n*%s*\n\n## %s\n\n%s\n\n",
	    pstr(p, "tagline"), pstr(p, "preparation"), pstr(p, "paper"));
	for (i = 0; i < 4; i++)
		g_string_append_printf(b, "### %s\n\n%s\n\n",
		    pstr(p, parts[i][0]), pstr(p, parts[i][1]));
	return g_string_free(b, FALSE);
}

static char *
credits_md(const struct pack *p)
{
	const struct credits *c = &p->s->deck->credits;
	GString *b = g_string_new(NULL);
	size_t i;

	g_string_append_printf(b, "## %s\n\n", pstr(p, "credits"));
	if (c->nauthors > 0) {
		g_string_append_printf(b, "### %s\n\n", pstr(p, "authors"));
		for (i = 0; i < c->nauthors; i++)
			g_string_append_printf(b, "%s  \n", c->authors[i]);
		g_string_append(b, "\n");
	}
	if (c->ndesign > 0) {
		g_string_append_printf(b, "### %s\n\n", pstr(p, "design"));
		for (i = 0; i < c->ndesign; i++)
			g_string_append_printf(b, "%s  \n", c->design[i]);
		g_string_append(b, "\n");
	}
	if (c->website != NULL)
		g_string_append_printf(b, "%s\n\n", c->website);
	if (c->licence != NULL)
		g_string_append_printf(b, "%s\n\n", c->licence);
	if (c->funding != NULL)
		g_string_append_printf(b, "> %s\n\n", c->funding);
	return g_string_free(b, FALSE);
}

/* Parse Markdown text and flow it in the pack's style. */
static void
flow_md(struct pack *p, const char *name, char *md, struct bdoc *doc,
    struct bflow *fl, struct diags *d)
{
	booklet_parse_text(name, md, p->s->deck, p->li, doc, d);
	g_free(md);
	booklet_flow(p->s->fonts, doc, &p->st, fl);
}

/*
 * The instructions: the booklet without its title heading (the cover
 * has it), starting with the heading the index names, "Instructions"
 * in the pack's language, unless the booklet's first section is that.
 */
static bool
flow_rules(struct pack *p, struct diags *d)
{
	const char *label = pstr(p, "instructions");
	struct bdoc *doc = &p->rules;
	struct bblock *b;

	if (!load_booklet(p->s, p->li, &p->st, doc, &p->frules, d))
		return false;
	bflow_free(&p->frules);
	b = doc->v;
	if (doc->n > 0 && b[0].kind == B_HEADING && b[0].level == 1) {
		g_free(b[0].markup);
		g_free(b[0].plain);
		memmove(b, b + 1, (doc->n - 1) * sizeof(*b));
		doc->n--;
	}
	if (doc->n == 0 || b[0].kind != B_HEADING ||
	    strcmp(b[0].plain, label) != 0) {
		doc->v = xrealloc(doc->v, (doc->n + 1) * sizeof(*b));
		b = doc->v;
		memmove(b + 1, b, doc->n * sizeof(*b));
		memset(&b[0], 0, sizeof(*b));
		b[0].kind = B_HEADING;
		b[0].level = 2;
		b[0].markup = g_markup_escape_text(label, -1);
		b[0].plain = g_strdup(label);
		doc->n++;
	}
	booklet_flow(p->s->fonts, doc, &p->st, &p->frules);
	return true;
}

static bool
has_credits(const struct credits *c)
{
	return c->nauthors > 0 || c->ndesign > 0 || c->website != NULL ||
	    c->licence != NULL || c->funding != NULL;
}

static bool
pack_build(struct pack *p, struct diags *d)
{
	char *md;

	bstyle_a4(&p->st);
	p->st.lang = p->s->deck->langs[p->li];
	flow_md(p, "cover", cover_md(p), &p->cover, &p->fcover, d);
	if (!flow_rules(p, d))
		return false;
	md = g_strdup_printf("## %s\n\n%s\n", pstr(p, "cards"),
	    pstr(p, "cards-note"));
	flow_md(p, "cards", md, &p->divider, &p->fdivider, d);
	/* A game that names nobody gets no empty credits page. */
	if (has_credits(&p->s->deck->credits))
		flow_md(p, "credits", credits_md(p), &p->credits, &p->fcredits,
		    d);
	if (!sheets_build(p->s, p->li, DUPLEX_LONG, true, NULL, &p->sheets, d))
		return false;
	p->first[3] = p->fcover.n;		/* the index */
	p->first[0] = p->first[3] + 1;		/* instructions */
	p->first[1] = p->first[0] + p->frules.n;	/* cards: divider */
	p->first[2] = p->first[1] + p->fdivider.n + p->sheets.plan.n;
	return true;
}

/* The first heading of a flow: what its part's first page starts with. */
static const char *
first_heading(const struct bflow *fl)
{
	return fl->nmarks > 0 ? fl->marks[0].b->plain : "";
}

static void
index_line(cairo_t *cr, const struct pack *p, double y, const char *name,
    size_t page)
{
	PangoLayout *l = pango_layout_new(p->s->fonts->ctx);
	PangoFontDescription *fd = pango_font_description_from_string(
	    "Roboto 13");
	char num[16];
	PangoRectangle log;
	double x0 = p->st.margin_l, x1 = p->st.page_w - p->st.margin_r, nw;

	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	cairo_set_source_rgb(cr, 0.114, 0.153, 0.200);
	pango_layout_set_text(l, name, -1);
	pango_layout_get_extents(l, NULL, &log);
	cairo_move_to(cr, x0, y);
	pango_cairo_show_layout(cr, l);
	snprintf(num, sizeof(num), "%zu", page + 1);
	pango_layout_set_text(l, num, -1);
	pango_layout_get_extents(l, NULL, &log);
	nw = pango_units_to_double(log.width);
	cairo_move_to(cr, x1 - nw, y);
	pango_cairo_show_layout(cr, l);
	/* Dotted leader between the name and its page number. */
	pango_layout_set_text(l, name, -1);
	pango_layout_get_extents(l, NULL, &log);
	cairo_set_line_width(cr, 0.8);
	cairo_set_dash(cr, (const double[]){ 0.8, 3.2 }, 2, 0);
	cairo_move_to(cr, x0 + pango_units_to_double(log.width) + 6, y + 13);
	cairo_line_to(cr, x1 - nw - 6, y + 13);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	g_object_unref(l);
}

static void
draw_index(cairo_t *cr, const struct pack *p)
{
	struct bdoc doc;
	struct bflow fl;
	char *md = g_strdup_printf("## %s\n", pstr(p, "index"));
	struct diags none = { 0 };
	double y;

	booklet_parse_text("index", md, p->s->deck, p->li, &doc, &none);
	g_free(md);
	booklet_flow(p->s->fonts, &doc, &p->st, &fl);
	booklet_draw(cr, p->s->fonts, &fl, 0, &p->st, p->title,
	    (int)p->first[3] + 1);
	y = p->st.margin_t + MM(20);
	index_line(cr, p, y, first_heading(&p->frules), p->first[0]);
	index_line(cr, p, y + MM(10), first_heading(&p->fdivider), p->first[1]);
	if (p->fcredits.n > 0)
		index_line(cr, p, y + MM(20), first_heading(&p->fcredits),
		    p->first[2]);
	bflow_free(&fl);
	bdoc_free(&doc);
	diag_free(&none);
}

/* Draw the pages of flow fl from pack page *page on, with footers. */
static void
draw_flow(struct pdfout *pdf, const struct pack *p, const struct bflow *fl,
    size_t *page)
{
	size_t i;

	for (i = 0; i < fl->n; i++) {
		booklet_draw(pdf->cr, p->s->fonts, fl, i, &p->st, p->title,
		    (int)(*page)++ + 1);
		pdf_page(pdf);
	}
}

/*
 * A few cards on the cover, where the how-to-print text leaves room: a
 * front of the first card, one of the last (another kind, usually) and
 * a back, so the pack shows at once what it makes.
 */
static void
cover_cards(cairo_t *cr, const struct pack *p)
{
	const struct bpage *pg = &p->fcover.pages[0];
	const struct sheets *sh = &p->sheets;
	const struct laid *show[3];
	double bottom = 0, scale = 0.8, w, h, gap = MM(6), x, y;
	size_t i, n = 0;

	for (i = 0; i < pg->n; i++)
		if (pg->v[i].y + pg->v[i].h > bottom)
			bottom = pg->v[i].y + pg->v[i].h;
	w = sh->grid.card_w * scale;
	h = sh->grid.card_h * scale;
	if (p->st.page_h - p->st.margin_b - bottom < h + MM(12) ||
	    p->s->deck->ncards == 0)
		return;
	show[n++] = &sh->faces[FACE_FRONT][0];
	if (p->s->deck->ncards > 1)
		show[n++] = &sh->faces[FACE_FRONT][p->s->deck->ncards - 1];
	if (sh->faces[FACE_BACK][0].n > 0)
		show[n++] = &sh->faces[FACE_BACK][0];
	x = (p->st.page_w - n * w - (n - 1) * gap) / 2;
	y = p->st.page_h - p->st.margin_b - h - MM(4);
	for (i = 0; i < n; i++) {
		cairo_save(cr);
		cairo_translate(cr, x + i * (w + gap), y);
		cairo_scale(cr, scale, scale);
		/* The trim, rounded like a cut card's corners. */
		render_rounded_rect(cr, 0, 0, sh->grid.card_w,
		    sh->grid.card_h, MM(3));
		cairo_clip(cr);
		render_card(cr, p->s->fonts->ctx, show[i]);
		cairo_restore(cr);
	}
}

static void
draw_cover(struct pdfout *pdf, const struct pack *p, size_t *page)
{
	size_t i;

	for (i = 0; i < p->fcover.n; i++) {
		booklet_draw(pdf->cr, p->s->fonts, &p->fcover, i, &p->st,
		    p->title, (int)(*page)++ + 1);
		if (i == 0)
			cover_cards(pdf->cr, p);
		pdf_page(pdf);
	}
}

/* Bookmarks: each part, with the instructions' sections under it. */
static void
pack_outline(struct pdfout *pdf, const struct pack *p)
{
	int parent[8] = { 0 }, top;
	size_t i;

	pdf_outline(pdf, 0, p->title, 1, 0);
	pdf_outline(pdf, 0, pstr(p, "index"), (int)p->first[3] + 1, 0);
	top = pdf_outline(pdf, 0, first_heading(&p->frules),
	    (int)p->first[0] + 1, 0);
	for (i = 1; i < p->frules.nmarks; i++) {
		const struct bmark *m = &p->frules.marks[i];
		int lv = m->b->level < 2 ? 2 : m->b->level > 6 ? 6 : m->b->level;

		parent[2] = top;
		parent[lv + 1] = pdf_outline(pdf, lv == 2 ? top : parent[lv],
		    m->b->plain, (int)(p->first[0] + m->page) + 1, m->y);
	}
	pdf_outline(pdf, 0, first_heading(&p->fdivider), (int)p->first[1] + 1,
	    0);
	if (p->fcredits.n > 0)
		pdf_outline(pdf, 0, first_heading(&p->fcredits),
		    (int)p->first[2] + 1, 0);
}

static int
pack_write(struct pack *p, const char *out, struct diags *d)
{
	struct pdfout pdf;
	char *au = authors(p->s->deck);
	size_t page = 0, i;
	bool ok;

	if (!pdf_open(&pdf, out, p->st.page_w, p->st.page_h, p->title, d)) {
		g_free(au);
		return EXIT_IO;
	}
	pdf_meta(&pdf, au, p->s->deck->langs[p->li]);
	draw_cover(&pdf, p, &page);
	draw_index(pdf.cr, p);
	pdf_page(&pdf);
	page++;
	draw_flow(&pdf, p, &p->frules, &page);
	draw_flow(&pdf, p, &p->fdivider, &page);
	/* The card sheets exactly as "deckpress cards" makes them. */
	for (i = 0; i < p->sheets.plan.n; i++, page++) {
		sheets_draw(pdf.cr, p->s, &p->sheets, i);
		pdf_page(&pdf);
	}
	draw_flow(&pdf, p, &p->fcredits, &page);
	pack_outline(&pdf, p);
	ok = pdf_close(&pdf, true, d);
	if (ok)
		printf("%s: %zu pages (instructions from page %zu, cards from "
		    "%zu)\n", out, page, p->first[0] + 1, p->first[1] + 1);
	g_free(au);
	return ok ? 0 : EXIT_IO;
}

static void
pack_free(struct pack *p)
{
	bflow_free(&p->fcover);
	bflow_free(&p->frules);
	bflow_free(&p->fdivider);
	bflow_free(&p->fcredits);
	bdoc_free(&p->cover);
	bdoc_free(&p->rules);
	bdoc_free(&p->divider);
	bdoc_free(&p->credits);
	if (p->s->deck != NULL)
		sheets_free(p->s, &p->sheets);
}

int
run_pack(const char *deckdir, const char *lang, const char *output,
    struct diags *d)
{
	struct setup s = { 0 };
	struct pack p;
	char *out = NULL;
	int rc, li = 0;

	memset(&p, 0, sizeof(p));
	p.s = &s;
	if ((rc = setup_load(&s, deckdir, false, d)) != 0)
		goto out;
	if ((rc = lang_arg(s.deck, lang, &li, d)) != 0)
		goto out;
	if (s.deck->pack.texts[li].pos.file == NULL) {
		diag_add(d, DIAG_ERROR, &s.deck->pack.pos, "missing", "the "
		    "pack needs its strings ('pack:' in text/%s.yaml)",
		    s.deck->langs[li]);
		rc = EXIT_INPUT;
		goto out;
	}
	p.li = (size_t)li;
	p.title = deck_title(s.deck);
	if (!pack_build(&p, d) || d->nerr > 0) {
		rc = EXIT_INPUT;
		goto out;
	}
	out = output ? xstrdup(output) : g_strdup_printf("out/%s-%s-pack.pdf",
	    s.deck->game, s.deck->langs[li]);
	if ((rc = ensure_parent(out, d)) == 0)
		rc = pack_write(&p, out, d);
out:
	free(out);
	pack_free(&p);
	setup_free(&s);
	return rc;
}

int
cmd_pack(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *lang = NULL, *output = NULL;
	struct diags d = { 0 };
	int c;

	while ((c = getopt_long(argc, argv, "l:o:h", opts, NULL)) != -1)
		switch (c) {
		case 'l':
			lang = optarg;
			break;
		case 'o':
			output = optarg;
			break;
		case 'h':
			fputs(usage_pack, stdout);
			return 0;
		default:
			fputs(usage_pack, stderr);
			return EXIT_USAGE;
		}
	if (argc - optind != 1)
		return usage_error(usage_pack, "%s", argc - optind ?
		    "give exactly one deck folder" : "no deck folder given");
	return finish(&d, run_pack(argv[optind], lang, output, &d));
}
