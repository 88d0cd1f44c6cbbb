/* SPDX-License-Identifier: MIT */
/*
 * The pack command: the complete print-and-play pack of one game in one
 * language.  Part of the CLI.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <pango/pangocairo.h>

#include "cmd.h"
#include "../booklet/booklet.h"
#include "../impose/impose.h"
#include "../pdf/pdf.h"

static const char usage_pack[] =
"usage: deckpress pack DECK [--lang LANG] [-o FILE] [--draft]\n"
"\n"
"The complete print-and-play pack of the deck in one PDF: a cover with\n"
"how to print, an index, the instructions (DECK/rules/LANG.md), the card\n"
"sheets as 'deckpress cards' makes them (the first front on an odd page,\n"
"so the pack prints double-sided), and the credits.  Its own strings\n"
"come from 'pack:' in DECK/text/LANG.yaml, else deckpress's defaults.\n"
"\n"
"  -l, --lang LANG      language (default: the deck's first)\n"
"  -o, --output FILE    PDF to write (default: out/GAME-LANG-pack.pdf)\n"
"      --draft          print an unfinished translation (see 'deckpress\n"
"                       cards --help')\n"
"  -h, --help           this help\n";

/* The pack's parts, in order, with the flows that make them. */
struct pack {
	struct setup	*s;
	size_t		 li;
	struct bstyle	 st;
	struct bdoc	 cover, rules, divider, blank, credits;
	struct bflow	 fcover, frules, fdivider, fblank, fcredits;
	struct print	 sheets;
	const char	*title;
	const char	*paper;		/* "A4", for {paper} */
	char		 paperbuf[32];
	size_t		 first[4];	/* first page (0-based): rules, cards,
					   credits, and the index */
	size_t		 sheet0;	/* 0-based page of the first sheet */
	char		 num[2][16];	/* {first}, {last}: 1-based */
	GPtrArray	*strs;		/* owns the strings pstr() made */
};

/* The strings the pack prints; credits' only if it has credits. */
static const char *const needed[] = { "preparation", "paper", "print-title",
    "printing", "cut-title", "cutting", "sleeve-title", "sleeving",
    "reading-title", "reading", "index", "instructions", "cards",
    "cards-note", "blank", NULL };
static const char *const needed_credits[] = { "credits", "authors",
    "design", NULL };

static const char *
pack_var(const void *ctx, const char *name)
{
	const struct pack *p = ctx;

	if (strcmp(name, "title") == 0)
		return p->title;
	if (strcmp(name, "paper") == 0)
		return p->paper;
	if (strcmp(name, "first") == 0)
		return p->num[0];
	if (strcmp(name, "last") == 0)
		return p->num[1];
	return NULL;	/* the loader refused other names */
}

/*
 * A pack string in the pack's language, its variables filled in: the
 * game's own, else deckpress's default (checked by pack_strings_ok()
 * and the validator).
 */
static const char *
pstr(const struct pack *p, const char *field)
{
	const char *s = card_text(&p->s->deck->pack, p->li, field, NULL);
	char *v;

	if (s == NULL)
		return "";	/* optional (tagline), or reported */
	v = markup_subst(s, pack_var, p);
	g_ptr_array_add(p->strs, v);
	return v;
}

/* The languages deckpress has default pack strings for: "de, en". */
static char *
default_langs(const struct setup *s)
{
	char *dir = path_join(s->datadir, "layouts/pack");
	GDir *gd = g_dir_open(dir, 0, NULL);
	GPtrArray *v = g_ptr_array_new_with_free_func(g_free);
	GString *b = g_string_new(NULL);
	const char *name;
	size_t i;

	while (gd != NULL && (name = g_dir_read_name(gd)) != NULL)
		if (g_str_has_suffix(name, ".yaml"))
			g_ptr_array_add(v, g_strndup(name, strlen(name) - 5));
	if (gd != NULL)
		g_dir_close(gd);
	g_ptr_array_sort(v, (GCompareFunc)(void (*)(void))g_strcmp0);
	for (i = 0; i < v->len; i++)
		g_string_append_printf(b, "%s%s", i ? ", " : "",
		    (const char *)g_ptr_array_index(v, i));
	g_ptr_array_free(v, TRUE);
	free(dir);
	return g_string_free(b, FALSE);
}

static bool
has_credits(const struct credits *c)
{
	return c->nauthors > 0 || c->ndesign > 0 || c->website != NULL ||
	    c->licence != NULL || c->funding != NULL;
}

/* Every string the pack prints must have a text: never a blank. */
static bool
pack_strings_ok(const struct pack *p, struct diags *d)
{
	const struct deck *deck = p->s->deck;
	const struct cardtext *ct = &deck->pack.texts[p->li];
	const char *lang = deck->langs[p->li];
	GString *miss = g_string_new(NULL);
	char *langs;
	size_t i;

	for (i = 0; needed[i] != NULL; i++)
		if (card_text(&deck->pack, p->li, needed[i], NULL) == NULL)
			g_string_append_printf(miss, "%s%s", miss->len ?
			    ", " : "", needed[i]);
	for (i = 0; has_credits(&deck->credits) && needed_credits[i]; i++)
		if (card_text(&deck->pack, p->li, needed_credits[i],
		    NULL) == NULL)
			g_string_append_printf(miss, "%s%s", miss->len ?
			    ", " : "", needed_credits[i]);
	if (miss->len > 0) {
		langs = default_langs(p->s);
		diag_add(d, DIAG_ERROR, ct->pos.file ? &ct->key_pos :
		    &deck->pack.pos, "missing-text", "the pack has no text "
		    "in '%s' for %s; write %s under 'pack:' in text/%s.yaml "
		    "(deckpress has default pack strings in %s)", lang,
		    miss->str, strchr(miss->str, ',') ? "them" : "it", lang,
		    langs);
		diag_about(d, "pack", lang);
		g_free(langs);
	}
	i = miss->len;
	g_string_free(miss, TRUE);
	return i == 0;
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
	g_string_append(b, "\n\n");
	/* The tagline is the game's own: none, no line. */
	if (*pstr(p, "tagline") != '\0')
		g_string_append_printf(b, "*%s*\n\n", pstr(p, "tagline"));
	g_string_append_printf(b, "## %s\n\n%s\n\n", pstr(p, "preparation"),
	    pstr(p, "paper"));
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

	if (!rulebook_load(p->s, p->li, &p->st, doc, &p->frules, d))
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

/* The "Cards" page, its note naming the pages to print double-sided. */
static void
flow_divider(struct pack *p, struct diags *d)
{
	char *md;

	bdoc_free(&p->divider);
	bflow_free(&p->fdivider);
	snprintf(p->num[0], sizeof(p->num[0]), "%zu", p->sheet0 + 1);
	snprintf(p->num[1], sizeof(p->num[1]), "%zu", p->sheet0 +
	    p->sheets.npages);
	md = g_strdup_printf("## %s\n\n%s\n", pstr(p, "cards"),
	    pstr(p, "cards-note"));
	flow_md(p, "cards", md, &p->divider, &p->fdivider, d);
}

/*
 * Page numbers of the parts.  The first sheet of fronts lands on an odd
 * page, each back on the even page behind it, so a facilitator can
 * print the whole pack double-sided: a blank page ("intentionally left
 * blank") pads where needed.  The "Cards" page names those pages, and
 * its own length can move them: flow it until it stays put.
 */
static void
paginate(struct pack *p, struct diags *d)
{
	size_t ndiv = 1, k;

	p->first[3] = p->fcover.n;		/* the index */
	p->first[0] = p->first[3] + 1;		/* instructions */
	p->first[1] = p->first[0] + p->frules.n;	/* cards: divider */
	for (k = 0; k < 3; k++) {
		p->sheet0 = p->first[1] + ndiv;
		p->sheet0 += p->sheet0 % 2;	/* 0-based even: odd page */
		flow_divider(p, d);
		if (p->fdivider.n == ndiv)
			break;
		ndiv = p->fdivider.n;
	}
	p->first[2] = p->sheet0 + p->sheets.npages;
}

/* The paper's name for {paper}: "A4", "Letter", or its size in mm. */
static const char *
paper_name(const struct pack *p, char *buf, size_t n)
{
	double w = TO_MM(p->sheets.paper_w), h = TO_MM(p->sheets.paper_h);

	if (fabs(w - 210) < 0.5 && fabs(h - 297) < 0.5)
		return "A4";
	if (fabs(w - 215.9) < 0.5 && fabs(h - 279.4) < 0.5)
		return "Letter";
	snprintf(buf, n, "%.0f \xc3\x97 %.0f mm", w, h);
	return buf;
}

static bool
pack_build(struct pack *p, struct diags *d)
{
	char *md;

	bstyle_a4(&p->st);
	p->st.lang = p->s->deck->langs[p->li];
	if (!pack_strings_ok(p, d))
		return false;
	static const struct printopts po = { DUPLEX_LONG, true, NULL, NULL };

	if (!print_build(p->s, p->li, &po, &p->sheets, d))
		return false;
	p->paper = paper_name(p, p->paperbuf, sizeof(p->paperbuf));
	flow_md(p, "cover", cover_md(p), &p->cover, &p->fcover, d);
	if (!flow_rules(p, d))
		return false;
	md = g_strdup_printf("*%s*\n", pstr(p, "blank"));
	flow_md(p, "blank", md, &p->blank, &p->fblank, d);
	/* A game that names nobody gets no empty credits page. */
	if (has_credits(&p->s->deck->credits))
		flow_md(p, "credits", credits_md(p), &p->credits, &p->fcredits,
		    d);
	paginate(p, d);
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

/* Under the parts, the pages to print double-sided. */
static void
index_note(cairo_t *cr, const struct pack *p, double y)
{
	PangoLayout *l = pango_layout_new(p->s->fonts->ctx);
	PangoFontDescription *fd = pango_font_description_from_string(
	    "Roboto Italic 11");
	char *m = layout_markup(pstr(p, "cards-note"), false, NULL, NULL, NULL,
	    NULL);

	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_width(l, pango_units_from_double(p->st.page_w -
	    p->st.margin_l - p->st.margin_r));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	pango_layout_set_markup(l, m ? m : "", -1);
	cairo_set_source_rgb(cr, 0.114, 0.153, 0.200);
	cairo_move_to(cr, p->st.margin_l, y);
	pango_cairo_show_layout(cr, l);
	g_free(m);
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
	index_note(cr, p, y + MM(p->fcredits.n > 0 ? 34 : 24));
	bflow_free(&fl);
	bdoc_free(&doc);
	diag_free(&none);
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
	const struct sheets *sh = &p->sheets.v[0];
	const struct laid *show[3];
	double bottom = 0, scale = 0.8, w, h, gap = MM(6), x, y;
	size_t i, n = 0;

	if (p->sheets.n == 0 || sh->n == 0)
		return;
	for (i = 0; i < pg->n; i++)
		if (pg->v[i].y + pg->v[i].h > bottom)
			bottom = pg->v[i].y + pg->v[i].h;
	w = sh->faces[FACE_FRONT][0].w * scale;
	h = sh->faces[FACE_FRONT][0].h * scale;
	if (p->st.page_h - p->st.margin_b - bottom < h + MM(12))
		return;
	show[n++] = &sh->faces[FACE_FRONT][0];
	if (sh->n > 1)
		show[n++] = &sh->faces[FACE_FRONT][sh->n - 1];
	if (sh->backs && sh->faces[FACE_BACK][0].n > 0)
		show[n++] = &sh->faces[FACE_BACK][0];
	x = (p->st.page_w - n * w - (n - 1) * gap) / 2;
	y = p->st.page_h - p->st.margin_b - h - MM(4);
	for (i = 0; i < n; i++) {
		cairo_save(cr);
		cairo_translate(cr, x + i * (w + gap), y);
		cairo_scale(cr, scale, scale);
		/* The trim, rounded like a cut card's corners. */
		render_rounded_rect(cr, 0, 0, show[i]->w, show[i]->h, MM(3));
		cairo_clip(cr);
		render_card(cr, p->s->fonts->ctx, show[i]);
		cairo_restore(cr);
	}
}

/* A draft says so in the top margin of every page. */
static void
page_note(cairo_t *cr, const struct pack *p)
{
	if (p->sheets.note != NULL)
		render_note(cr, p->s->fonts->ctx, p->st.page_w / 2,
		    p->st.margin_t / 2, p->sheets.note);
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
		page_note(pdf->cr, p);
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

/* Draw the pages of flow fl from pack page *page on, with footers. */
static void
draw_flow(struct pdfout *pdf, const struct pack *p, const struct bflow *fl,
    size_t *page)
{
	size_t i;

	for (i = 0; i < fl->n; i++) {
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
	char *au = game_authors(p->s->deck), *title;
	size_t page = 0, i;
	bool ok;

	title = g_strdup_printf("%s%s", p->sheets.note ? "DRAFT: " : "",
	    p->title);
	ok = pdf_open(&pdf, out, p->st.page_w, p->st.page_h, title, d);
	g_free(title);
	if (!ok) {
		g_free(au);
		return EXIT_IO;
	}
	pdf_meta(&pdf, au, p->s->deck->langs[p->li]);
	pdf_subject(&pdf, p->sheets.note);
	draw_cover(&pdf, p, &page);
	draw_index(pdf.cr, p);
	page_note(pdf.cr, p);
	pdf_page(&pdf);
	page++;
	draw_flow(&pdf, p, &p->frules, &page);
	draw_flow(&pdf, p, &p->fdivider, &page);
	if (page < p->sheet0)
		draw_flow(&pdf, p, &p->fblank, &page);
	/* The card sheets exactly as "deckpress cards" makes them. */
	for (i = 0; i < p->sheets.npages; i++, page++) {
		print_draw(pdf.cr, p->s, &p->sheets, i);
		pdf_page(&pdf);
	}
	draw_flow(&pdf, p, &p->fcredits, &page);
	pack_outline(&pdf, p);
	ok = pdf_close(&pdf, true, d);
	if (ok)
		printf("%s: %zu pages (instructions from page %zu, cards from "
		    "%zu)%s\n", out, page, p->first[0] + 1, p->sheet0 + 1,
		    p->sheets.note ? " (draft)" : "");
	g_free(au);
	return ok ? 0 : EXIT_IO;
}

static void
pack_free(struct pack *p)
{
	bflow_free(&p->fcover);
	bflow_free(&p->frules);
	bflow_free(&p->fdivider);
	bflow_free(&p->fblank);
	bflow_free(&p->fcredits);
	bdoc_free(&p->cover);
	bdoc_free(&p->rules);
	bdoc_free(&p->divider);
	bdoc_free(&p->blank);
	bdoc_free(&p->credits);
	print_free(&p->sheets);
	if (p->strs != NULL)
		g_ptr_array_free(p->strs, TRUE);
}

int
run_pack(const struct job *j, struct diags *d)
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
	if ((rc = setup_load(&s, j->deckdir, &lo, d)) != 0)
		goto out;
	if ((rc = lang_arg(s.deck, j->lang, &li, d)) != 0)
		goto out;
	p.li = (size_t)li;
	p.title = card_text(&s.deck->pack, p.li, "title", NULL);
	if (!pack_build(&p, d) || d->nerr > 0) {
		rc = EXIT_INPUT;
		goto out;
	}
	out = job_output(j, s.deck, p.li, NULL, "pack");
	if ((rc = ensure_parent(out, d)) == 0)
		rc = pack_write(&p, out, d);
out:
	g_free(out);
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
		{ "draft", no_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct job j = { .duplex = DUPLEX_LONG, .backs = true };
	struct diags d = { 0 };
	int c;

	while ((c = getopt_long(argc, argv, "l:o:h", opts, NULL)) != -1)
		switch (c) {
		case 'l':
			j.lang = optarg;
			break;
		case 'o':
			j.output = optarg;
			break;
		case 'D':
			j.draft = true;
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
	j.deckdir = argv[optind];
	return finish(&d, run_pack(&j, &d));
}
