/* SPDX-License-Identifier: MIT */
/*
 * The print-and-play pack's parts flowed by the booklet stage: the
 * cover with faces from the sheets, the index, the instructions, the
 * divider before the sheets, a blank page and the credits, paginated so
 * the first sheet lands on an odd page.  Part of the document stage
 * (doc.h, pack.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "pack.h"

/* Parse Markdown text into doc (freed first), in the pack's language. */
static void
parse_md(struct pack *p, const char *name, char *md, struct bdoc *doc,
    struct diags *d)
{
	booklet_doc_free(doc);
	booklet_parse_text(name, md, p->s->deck, p->li, p->s->images,
	    p->s->fonts, doc, d);
	g_free(md);
}

/* Flow doc in the pack's style into fl (freed first). */
static void
flow(struct pack *p, const struct bdoc *doc, struct bflow *fl,
    struct diags *d)
{
	booklet_flow_free(fl);
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
		layout_laid_free(l);
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
	booklet_doc_add_faces(&p->cover, show, n, 0.8);
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
	const char *label = doc_pack_str(p, "instructions");
	struct bdoc *doc = &p->rules;
	struct bblock *b;

	/* Parsed, amended, then flowed once. */
	if (!doc_rulebook_parse(p->s, p->li, doc, d))
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
	return doc_rulebook_flow(p->s, p->li, &p->st, doc, &p->frules, d);
}

/*
 * Which pages to print how, as paragraphs (em around each: "*" for
 * italics): each part of the kinds with backs, as its duplex mode
 * prints it (double-sided, fronts then backs, or folded: in a fold
 * pack, round tokens and boards print as none), and the single-sided
 * part; {first} and {last} set for each.  The kinds with backs come
 * first, the folded before the others (print/print.c).
 */
static void
print_notes(struct pack *p, GString *b, const char *em)
{
	const struct print *pr = &p->sheets;
	size_t i, start = 0, end = 0;

	for (i = 0; i < pr->nparts && pr->parts[i].backs; i++) {
		const struct sheetpart *sh = &pr->parts[i];

		if (i == 0 || pr->parts[i - 1].mode != sh->mode ||
		    sh->mode == DUPLEX_NONE)
			start = sh->first;
		end = sh->first + sh->plan.n;
		/* Fronts then backs (none) is a part per plan: each
		 * part's backs follow its own fronts. */
		if (i + 1 < pr->nparts && pr->parts[i + 1].backs &&
		    pr->parts[i + 1].mode == sh->mode &&
		    sh->mode != DUPLEX_NONE)
			continue;	/* the part goes on */
		snprintf(p->num[0], sizeof(p->num[0]), "%zu", p->sheet0 +
		    start + 1);
		snprintf(p->num[1], sizeof(p->num[1]), "%zu", p->sheet0 + end);
		g_string_append_printf(b, "%s%s%s\n\n", em, doc_pack_str(p,
		    doc_pack_mode_key("cards-note", sh->mode)), em);
	}
	if (p->single) {
		snprintf(p->num[0], sizeof(p->num[0]), "%zu", p->sheet0 +
		    end + 1);
		snprintf(p->num[1], sizeof(p->num[1]), "%zu", p->sheet0 +
		    pr->npages);
		g_string_append_printf(b, "%s%s%s\n\n", em,
		    doc_pack_str(p, "single-note"), em);
	}
}

/* The part's heading: "Cards", or "Components" for several kinds. */
static const char *
parts_title(const struct pack *p)
{
	return doc_pack_str(p, p->multi ? "components" : "cards");
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
const char *
doc_pack_first_heading(const struct bflow *fl)
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

	g_string_append_printf(b, "## %s\n", doc_pack_str(p, "index"));
	parse_md(p, "index", g_string_free(b, FALSE), &p->index, d);
	if (p->frules.n > 0)
		booklet_doc_add_index(&p->index,
		    doc_pack_first_heading(&p->frules), p->p_rules + 1, 0);
	booklet_doc_add_index(&p->index, parts_title(p), p->p_parts + 1, 0);
	for (i = 0; p->multi && i < p->sheets.n; i++)
		booklet_doc_add_index(&p->index,
		    doc_pack_kind_name(p, p->sheets.v[i].kind),
		    p->sheet0 + p->sheets.v[i].first + 1, 1);
	if (p->fcredits.n > 0)
		booklet_doc_add_index(&p->index,
		    doc_pack_first_heading(&p->fcredits), p->p_credits + 1, 0);
	b = g_string_new(NULL);
	print_notes(p, b, "*");
	booklet_parse_text("index", b->str, p->s->deck, p->li, p->s->images,
	    p->s->fonts, &notes, d);
	g_string_free(b, TRUE);
	booklet_doc_append(&p->index, &notes);
	flow(p, &p->index, &p->findex, d);
}

/*
 * Page numbers of the parts.  Printed double-sided (long or short
 * edge), the first sheet lands on an odd page, each back on the even
 * page behind it, so a facilitator can print the double-sided part in
 * one go: a blank page ("intentionally left blank") pads where needed.
 * Fronts then backs (none) and gutterfold print single-sided: no page
 * stands behind another, nothing to pad.  The index and the divider
 * name pages and their length can move them: flow them until they
 * stay put.
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
		if (p->duplex == DUPLEX_LONG || p->duplex == DUPLEX_SHORT)
			p->sheet0 += p->sheet0 % 2;	/* 0-based even: odd
							   page */
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
	for (i = 0; i < p->sheets.nparts; i++) {
		p->single |= !p->sheets.parts[i].backs;
		p->unfolded |= p->sheets.parts[i].backs &&
		    p->sheets.parts[i].mode != p->duplex;
	}
	for (i = 0; i < p->sheets.n; i++)
		p->tiled |= p->sheets.v[i].grid.arrange == ARR_TILES;
}

/*
 * The pack prints the booklet as its instructions: a game without
 * rules/LANG.md yet still gets its pack, cover, sheets and credits,
 * with a warning that the instructions are missing.
 */
static void
find_booklet(struct pack *p, struct diags *d)
{
	const struct deck *deck = p->s->deck;
	const char *lang = deck->langs[p->li];
	char *rel = g_strdup_printf("rules/%s.md", lang);
	char *path = path_join(deck->dir, rel);
	struct srcpos pos = { diag_file(d, path), 0, 0 };

	p->norules = !file_exists(path);
	if (p->norules) {
		diag_add(d, DIAG_WARN, &pos, "missing-booklet", "the pack "
		    "in '%s' has no instructions yet: it is made without "
		    "them until its rule booklet, %s, is written", lang, rel);
		diag_about(d, "pack", lang);
	}
	g_free(rel);
	free(path);
}

bool
doc_pack_build(struct pack *p, const struct job *j, struct diags *d)
{
	struct printopts po = { j->duplex, true, NULL, NULL, j->back_x,
	    j->back_y, NULL };

	p->duplex = j->duplex;
	find_booklet(p, d);
	if (!print_build(p->s, p->li, &po, &p->sheets, d))
		return false;
	/* The pack's own pages on the paper of its sheets. */
	if (p->sheets.paper != NULL && strcmp(p->sheets.paper, "Letter") == 0)
		booklet_style_letter(&p->st);
	else
		booklet_style_a4(&p->st);
	p->st.lang = p->s->deck->langs[p->li];
	p->st.fallback = p->s->deck->fallback != NULL ?
	    p->s->deck->fallback[p->li] : NULL;
	survey(p);
	if (!doc_pack_strings_ok(p, d))
		return false;
	p->paper = paper_name(p, p->paperbuf, sizeof(p->paperbuf));
	parse_md(p, "cover", doc_pack_cover_md(p), &p->cover, d);
	cover_faces(p);
	flow(p, &p->cover, &p->fcover, d);
	if (!p->norules && !flow_rules(p, d))
		return false;
	parse_md(p, "blank", g_strdup_printf("*%s*\n", doc_pack_str(p,
	    "blank")), &p->blank, d);
	flow(p, &p->blank, &p->fblank, d);
	/* A game that names nobody gets no empty credits page. */
	if (doc_pack_has_credits(p)) {
		parse_md(p, "credits", doc_pack_credits_md(p), &p->credits, d);
		flow(p, &p->credits, &p->fcredits, d);
	}
	paginate(p, d);
	return true;
}
