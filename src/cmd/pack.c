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
"                 [--paper a4|letter] [--back-offset X,Y] [--printer FILE]\n"
"                 [--guides marks|full|corners]\n"
"                 [--spacing MM | --bleed-only-outside] [--allow-outside]\n"
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
PRINT_USAGE
DECK_USAGE
"  -h, --help           this help\n"
"\n"
"Its sheets print double-sided turned on the long edge, as its cover\n"
"says: a printer profile's other duplex is left aside here.\n";

/* The pack's parts, in order, with the flows that make them. */
struct pack {
	struct setup	*s;
	size_t		 li;
	struct bstyle	 st;
	struct bdoc	 cover, index, rules, divider, blank, credits;
	struct bflow	 fcover, findex, frules, fdivider, fblank, fcredits;
	struct print	 sheets;
	struct laid	 shown[3];	/* the faces on the cover */
	size_t		 nshown;
	const char	*title;
	const char	*paper;		/* "A4", for {paper} */
	char		 paperbuf[32];
	size_t		 p_index, p_rules, p_parts, p_credits;	/* first page
					   of each part, 0-based */
	size_t		 sheet0;	/* 0-based page of the first sheet */
	char		 num[2][16];	/* {first}, {last}: 1-based */
	bool		 multi;		/* components of several kinds */
	bool		 single;	/* some print single-sided */
	bool		 tiled;		/* some are boards over several sheets */
	bool		 quiet;		/* no "FILE: N pages" line */
	GPtrArray	*strs;		/* owns the strings pstr() made */
};

/* The strings every pack prints; credits' only if it has credits. */
static const char *const needed[] = { "preparation", "paper", "print-title",
    "printing", "cut-title", "cutting", "sleeve-title", "sleeving",
    "reading-title", "reading", "index", "instructions", "cards",
    "cards-note", "blank", NULL };
static const char *const needed_credits[] = { "credits", "authors",
    "design", NULL };
/* A game of several kinds names the part "Components"; single-sided
 * parts and boards of several sheets need saying how to print. */
static const char *const needed_multi[] = { "components", NULL };
static const char *const needed_single[] = { "single-note", NULL };
static const char *const needed_tiled[] = { "assemble-title", "assembling",
    NULL };

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

/* The name a kind of component has in the pack's language. */
static const char *
kind_name(const struct pack *p, size_t k)
{
	const char *s = card_text(&p->s->deck->kinds[k].strs, p->li, "name",
	    NULL);

	return s != NULL ? s : p->s->deck->kinds[k].name;
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

/* Add to miss each of names[] the pack has no text for. */
static void
missing(const struct pack *p, const char *const *names, GString *miss)
{
	size_t i;

	for (i = 0; names[i] != NULL; i++)
		if (card_text(&p->s->deck->pack, p->li, names[i], NULL) ==
		    NULL)
			g_string_append_printf(miss, "%s%s", miss->len ?
			    ", " : "", names[i]);
}

/* A kind the pack names in its index must have a name to name it by. */
static bool
kind_names_ok(const struct pack *p, struct diags *d)
{
	const struct deck *deck = p->s->deck;
	const char *lang = deck->langs[p->li];
	size_t i;
	bool ok = true;

	for (i = 0; p->multi && i < p->sheets.n; i++) {
		const struct kind *k = &deck->kinds[p->sheets.v[i].kind];

		if (card_text(&k->strs, p->li, "name", NULL) != NULL)
			continue;
		diag_add(d, DIAG_ERROR, &k->pos, "missing-text", "component "
		    "'%s' has no 'name' in '%s', which the pack's index "
		    "prints: write it under components: %s: in text/%s.yaml",
		    k->name, lang, k->name, lang);
		diag_about(d, NULL, lang);
		ok = false;
	}
	return ok;
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
	size_t n;

	missing(p, needed, miss);
	if (has_credits(&deck->credits))
		missing(p, needed_credits, miss);
	if (p->multi)
		missing(p, needed_multi, miss);
	if (p->single)
		missing(p, needed_single, miss);
	if (p->tiled)
		missing(p, needed_tiled, miss);
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
	n = miss->len;
	g_string_free(miss, TRUE);
	return n == 0 && kind_names_ok(p, d);
}

/* Cover: the title, the tagline, and how to print, cut and sleeve. */
static char *
cover_md(const struct pack *p)
{
	static const char *const parts[][2] = { { "print-title", "printing" },
	    { "cut-title", "cutting" }, { "assemble-title", "assembling" },
	    { "sleeve-title", "sleeving" }, { "reading-title", "reading" } };
	GString *b = g_string_new("# ");
	size_t i;

	booklet_md_escape(b, p->title);
	g_string_append(b, "\n\n");
	/* The tagline is the game's own: none, no line. */
	if (*pstr(p, "tagline") != '\0')
		g_string_append_printf(b, "*%s*\n\n", pstr(p, "tagline"));
	g_string_append_printf(b, "## %s\n\n%s\n\n", pstr(p, "preparation"),
	    pstr(p, "paper"));
	for (i = 0; i < 5; i++)
		if (i != 2 || p->tiled)
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

/* Parse Markdown text into doc (freed first), in the pack's language. */
static void
parse_md(struct pack *p, const char *name, char *md, struct bdoc *doc,
    struct diags *d)
{
	bdoc_free(doc);
	booklet_parse_text(name, md, p->s->deck, p->li, p->s->images,
	    p->s->fonts, doc, d);
	g_free(md);
}

/* Flow doc in the pack's style into fl (freed first). */
static void
flow(struct pack *p, const struct bdoc *doc, struct bflow *fl,
    struct diags *d)
{
	bflow_free(fl);
	booklet_flow(p->s->fonts, doc, &p->st, fl);
	booklet_check(p->s->fonts, fl, &p->st, d);
}

/*
 * The faces the cover shows, so the pack says at once what it makes:
 * of one kind, a front, another front and a back; of several, a front
 * of each of the first kinds, as long as they are card-sized.
 */
static void
cover_face(struct pack *p, const struct sheets *sh, size_t k, enum face f,
    const struct laid **show, size_t *n)
{
	struct laid *l = &p->shown[*n];
	struct diags quiet = { 0 };

	/* The sheets report what does not fit: the cover keeps quiet. */
	print_face(p->s, &p->sheets, sh, k, f, l, &quiet);
	diag_free(&quiet);
	if (l->n == 0 && f == FACE_BACK) {
		laid_free(l);
		return;
	}
	show[(*n)++] = l;
}

static void
cover_faces(struct pack *p)
{
	const struct laid *show[3];
	size_t i, n = 0;

	for (i = 0; i < p->sheets.n && n < 3; i++) {
		const struct sheets *sh = &p->sheets.v[i];

		if (sh->n == 0 || p->s->tmpls[sh->kind]->h > MM(125))
			continue;
		cover_face(p, sh, 0, FACE_FRONT, show, &n);
		if (p->multi)
			continue;
		if (sh->n > 1)
			cover_face(p, sh, sh->n - 1, FACE_FRONT, show, &n);
		if (sh->backs)
			cover_face(p, sh, 0, FACE_BACK, show, &n);
	}
	p->nshown = n;
	bdoc_add_faces(&p->cover, show, n, 0.8);
	/* Fits are remembered, and a text's missing glyphs are reported
	 * the first time it is fitted: let the sheets fit these again. */
	layout_forget(p->s->fonts);
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
	b = doc->v;
	if (doc->n > 0 && b[0].kind == B_HEADING && b[0].level == 1) {
		g_free(b[0].markup);
		g_free(b[0].plain);
		memmove(b, b + 1, (doc->n - 1) * sizeof(*b));
		doc->n--;
	}
	if (doc->n == 0 || b[0].kind != B_HEADING ||
	    strcmp(b[0].plain, label) != 0) {
		xgrow((void **)&doc->v, &doc->cap, doc->n + 1, sizeof(*b));
		b = doc->v;
		memmove(b + 1, b, doc->n * sizeof(*b));
		memset(&b[0], 0, sizeof(*b));
		b[0].kind = B_HEADING;
		b[0].level = 2;
		b[0].markup = g_markup_escape_text(label, -1);
		b[0].plain = g_strdup(label);
		doc->n++;
	}
	flow(p, doc, &p->frules, d);
	return true;
}

/*
 * Which pages to print how, as paragraphs (em around each: "*" for
 * italics): the double-sided part (the kinds with backs) and the
 * single-sided one; {first} and {last} set for each.
 */
static void
print_notes(struct pack *p, GString *b, const char *em)
{
	const struct print *pr = &p->sheets;

	if (pr->nduplex > 0) {
		snprintf(p->num[0], sizeof(p->num[0]), "%zu", p->sheet0 + 1);
		snprintf(p->num[1], sizeof(p->num[1]), "%zu", p->sheet0 +
		    pr->nduplex);
		g_string_append_printf(b, "%s%s%s\n\n", em,
		    pstr(p, "cards-note"), em);
	}
	if (p->single) {
		snprintf(p->num[0], sizeof(p->num[0]), "%zu", p->sheet0 +
		    pr->nduplex + 1);
		snprintf(p->num[1], sizeof(p->num[1]), "%zu", p->sheet0 +
		    pr->npages);
		g_string_append_printf(b, "%s%s%s\n\n", em,
		    pstr(p, "single-note"), em);
	}
}

/* The part's heading: "Cards", or "Components" for several kinds. */
static const char *
parts_title(const struct pack *p)
{
	return pstr(p, p->multi ? "components" : "cards");
}

/* The divider before the sheets: its heading and how to print them. */
static void
flow_divider(struct pack *p, struct diags *d)
{
	GString *b = g_string_new(NULL);

	g_string_append_printf(b, "## %s\n\n", parts_title(p));
	print_notes(p, b, "");
	parse_md(p, "cards", g_string_free(b, FALSE), &p->divider, d);
	flow(p, &p->divider, &p->fdivider, d);
}

/* The first heading of a flow: what its part's first page starts with. */
static const char *
first_heading(const struct bflow *fl)
{
	return fl->nmarks > 0 ? fl->marks[0].b->plain : "";
}

/*
 * The index: every part with its page, each kind of component under
 * the components', then which pages print double- and single-sided.
 */
static void
flow_index(struct pack *p, struct diags *d)
{
	GString *b = g_string_new(NULL);
	struct bdoc notes = { 0 };
	size_t i;

	g_string_append_printf(b, "## %s\n", pstr(p, "index"));
	parse_md(p, "index", g_string_free(b, FALSE), &p->index, d);
	bdoc_add_index(&p->index, first_heading(&p->frules), p->p_rules + 1,
	    0);
	bdoc_add_index(&p->index, parts_title(p), p->p_parts + 1, 0);
	for (i = 0; p->multi && i < p->sheets.n; i++)
		bdoc_add_index(&p->index, kind_name(p, p->sheets.v[i].kind),
		    p->sheet0 + p->sheets.v[i].first + 1, 1);
	if (p->fcredits.n > 0)
		bdoc_add_index(&p->index, first_heading(&p->fcredits),
		    p->p_credits + 1, 0);
	b = g_string_new(NULL);
	print_notes(p, b, "*");
	booklet_parse_text("index", b->str, p->s->deck, p->li, p->s->images,
	    p->s->fonts, &notes, d);
	g_string_free(b, TRUE);
	bdoc_append(&p->index, &notes);
	flow(p, &p->index, &p->findex, d);
}

/*
 * Page numbers of the parts.  The first sheet lands on an odd page,
 * each back on the even page behind it, so a facilitator can print the
 * double-sided part in one go: a blank page ("intentionally left
 * blank") pads where needed.  The index and the divider name pages
 * and their length can move them: flow them until they stay put.
 */
static void
paginate(struct pack *p, struct diags *d)
{
	size_t k, nidx = 0, ndiv = 0;

	for (k = 0; k < 4; k++) {
		p->p_index = p->fcover.n;
		p->p_rules = p->p_index + (nidx ? nidx : 1);
		p->p_parts = p->p_rules + p->frules.n;
		p->sheet0 = p->p_parts + (ndiv ? ndiv : 1);
		p->sheet0 += p->sheet0 % 2;	/* 0-based even: odd page */
		p->p_credits = p->sheet0 + p->sheets.npages;
		flow_divider(p, d);
		flow_index(p, d);
		if (p->fdivider.n == ndiv && p->findex.n == nidx)
			break;
		ndiv = p->fdivider.n;
		nidx = p->findex.n;
	}
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

/* What the parts need saying: several kinds, single-sided, boards. */
static void
survey(struct pack *p)
{
	size_t i;

	p->multi = p->s->deck->multi;
	for (i = 0; i < p->sheets.n; i++) {
		p->single |= !p->sheets.v[i].backs;
		p->tiled |= p->sheets.v[i].grid.arrange == ARR_TILES;
	}
}

static bool
pack_build(struct pack *p, const struct job *j, struct diags *d)
{
	struct printopts po = { DUPLEX_LONG, true, NULL, NULL, j->back_x,
	    j->back_y };

	if (!print_build(p->s, p->li, &po, &p->sheets, d))
		return false;
	/* The pack's own pages on the paper of its sheets. */
	if (p->sheets.paper != NULL && strcmp(p->sheets.paper, "Letter") == 0)
		bstyle_letter(&p->st);
	else
		bstyle_a4(&p->st);
	p->st.lang = p->s->deck->langs[p->li];
	p->st.fallback = p->s->deck->fallback != NULL ?
	    p->s->deck->fallback[p->li] : NULL;
	survey(p);
	if (!pack_strings_ok(p, d))
		return false;
	p->paper = paper_name(p, p->paperbuf, sizeof(p->paperbuf));
	parse_md(p, "cover", cover_md(p), &p->cover, d);
	cover_faces(p);
	flow(p, &p->cover, &p->fcover, d);
	if (!flow_rules(p, d))
		return false;
	parse_md(p, "blank", g_strdup_printf("*%s*\n", pstr(p, "blank")),
	    &p->blank, d);
	flow(p, &p->blank, &p->fblank, d);
	/* A game that names nobody gets no empty credits page. */
	if (has_credits(&p->s->deck->credits)) {
		parse_md(p, "credits", credits_md(p), &p->credits, d);
		flow(p, &p->credits, &p->fcredits, d);
	}
	paginate(p, d);
	return true;
}

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
	int parent[8] = { 0 }, top;
	size_t i;

	pdf_outline(pdf, 0, p->title, 1, 0);
	pdf_outline(pdf, 0, pstr(p, "index"), (int)p->p_index + 1, 0);
	top = pdf_outline(pdf, 0, first_heading(&p->frules),
	    (int)p->p_rules + 1, 0);
	for (i = 1; i < p->frules.nmarks; i++) {
		const struct bmark *m = &p->frules.marks[i];
		int lv = m->b->level < 2 ? 2 : m->b->level > 6 ? 6 : m->b->level;

		parent[2] = top;
		parent[lv + 1] = pdf_outline(pdf, lv == 2 ? top : parent[lv],
		    m->b->plain, (int)(p->p_rules + m->page) + 1, m->y);
	}
	top = pdf_outline(pdf, 0, first_heading(&p->fdivider),
	    (int)p->p_parts + 1, 0);
	for (i = 0; p->multi && i < p->sheets.n; i++)
		pdf_outline(pdf, top, kind_name(p, p->sheets.v[i].kind),
		    (int)(p->sheet0 + p->sheets.v[i].first) + 1, 0);
	if (p->fcredits.n > 0)
		pdf_outline(pdf, 0, first_heading(&p->fcredits),
		    (int)p->p_credits + 1, 0);
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
	pdf_meta(&pdf, au, p->s->deck->langs[p->li]);
	pdf_subject(&pdf, p->sheets.note);
	if (images_count(p->s->images) > 0)
		pdf_images(&pdf);
	pdf_expect(&pdf, p->p_credits + p->fcredits.n);
	draw_flow(&pdf, p, &p->fcover, &page);
	draw_flow(&pdf, p, &p->findex, &page);
	draw_flow(&pdf, p, &p->frules, &page);
	draw_flow(&pdf, p, &p->fdivider, &page);
	if (page < p->sheet0)
		draw_flow(&pdf, p, &p->fblank, &page);
	/* The sheets exactly as "deckpress cards" makes them. */
	fit = print_pages(&pdf, p->s, &p->sheets, d);
	page += p->sheets.npages;
	draw_flow(&pdf, p, &p->fcredits, &page);
	pack_outline(&pdf, p);
	ok = pdf_close(&pdf, fit, d);
	if (ok && !p->quiet)
		fprintf(outfile_report_to(out), "%s: %zu pages (instructions "
		    "from page %zu, cards from %zu)%s\n", outfile_name(out),
		    page, p->p_rules + 1, p->sheet0 + 1,
		    p->sheets.note ? " (draft)" : "");
	g_free(au);
	if (!fit)
		return EXIT_INPUT;
	return ok ? 0 : EXIT_IO;
}

static void
pack_free(struct pack *p)
{
	size_t i;

	bflow_free(&p->fcover);
	bflow_free(&p->findex);
	bflow_free(&p->frules);
	bflow_free(&p->fdivider);
	bflow_free(&p->fblank);
	bflow_free(&p->fcredits);
	bdoc_free(&p->cover);
	bdoc_free(&p->index);
	bdoc_free(&p->rules);
	bdoc_free(&p->divider);
	bdoc_free(&p->blank);
	bdoc_free(&p->credits);
	print_free(&p->sheets);
	for (i = 0; i < p->nshown; i++)
		laid_free(&p->shown[i]);
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
	job_sheets(j, &s);
	if ((rc = lang_arg(s.deck, j->lang, &li, d)) != 0)
		goto out;
	p.li = (size_t)li;
	p.title = card_text(&s.deck->pack, p.li, "title", NULL);
	if (!pack_build(&p, j, d) || d->nerr > 0) {
		rc = EXIT_INPUT;
		goto out;
	}
	out = job_output(j, s.deck, p.li, NULL, "pack");
	if (j->outpath != NULL)
		*j->outpath = g_strdup(out);
	p.quiet = j->quiet;
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
		DECK_OPTIONS,
		PRINT_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct job j = JOB_INIT;
	struct diags d = { 0 };
	int c, rc;

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
		case '?':
			fputs(usage_pack, stderr);
			return EXIT_USAGE;
		default:
			if ((rc = job_option(&j, c, optarg, usage_pack)) != 0)
				return rc;
		}
	if (argc - optind != 1)
		return usage_error(usage_pack, "%s", argc - optind ?
		    "give exactly one deck folder" : "no deck folder given");
	j.deckdir = argv[optind];
	if ((rc = job_printer(&j, &d)) != 0)
		return finish(&d, rc);
	/* The pack says to turn on the long edge: its backs follow that. */
	j.duplex = DUPLEX_LONG;
	return finish(&d, run_pack(&j, &d));
}
