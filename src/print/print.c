/* SPDX-License-Identifier: MIT */
/*
 * A print: the components of a deck in one language laid out and
 * imposed, kind by kind, on sheets -- what "deckpress cards" writes and
 * the pack's components part.  Each kind on sheets of its own, but the
 * small ones, which share theirs; the parts with backs first, each from
 * an odd page on, so that part prints double-sided, then the
 * single-sided ones.  The print stage: it lays out and draws each face
 * as a page needs it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "print.h"
#include "../pdf/pdf.h"
#include "../validate/validate.h"

/*
 * The parts template t prints each component in: a die's faces as
 * stickers, each a component on the sheet; else 1.
 */
static unsigned int
parts_of(const struct tmpl *t)
{
	return t->faces > 0 && t->net == NULL ? t->faces : 1;
}

/* Card indices of kind k in print order, one per copy (and part). */
static size_t *
print_order(const struct deck *deck, size_t k, const struct variant *only,
    unsigned int parts, size_t *n)
{
	size_t *seq = xcalloc((size_t)deck_total(deck) * parts + 1,
	    sizeof(*seq)), i;
	unsigned int c;

	*n = 0;
	for (i = 0; i < deck->ncards; i++)
		if (deck->cards[i].kind == k &&
		    validate_variant_has(only, &deck->cards[i]))
			for (c = 0; c < deck->cards[i].count * parts; c++)
				seq[(*n)++] = i;
	return seq;
}

/*
 * Which copy of its card component k is, parts counted (seq is
 * ascending): a die's stickers are its copy's parts.
 */
static unsigned int
copy_of(const struct sheets *sh, size_t k)
{
	size_t lo = 0, hi = k, mid;

	/* The first index holding the same card as k. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (sh->seq[mid] < sh->seq[k])
			lo = mid + 1;
		else
			hi = mid;
	}
	return (unsigned int)(k - lo);
}

/*
 * Each copy is laid out on its own: a template may number copies
 * ({n}).
 */
void
print_face(const struct setup *s, const struct print *pr,
    const struct sheets *sh, size_t k, enum face f, struct laid *out,
    struct diags *d)
{
	const struct deck *deck = s->deck;
	const struct tmpl *t = s->tmpls[sh->kind];
	unsigned int parts = parts_of(t), at = copy_of(sh, k);

	layout_card_part(s->fonts, deck, t, &deck->cards[sh->seq[k]],
	    at / parts, parts > 1 ? at % parts + 1 : 0, pr->lang, f, out, d);
}

/*
 * A draft's note says on every sheet whether any text is too long: lay
 * out every face once, first, to know.
 */
static void
lay_all(const struct setup *s, struct print *pr, struct diags *d)
{
	struct laid l;
	size_t i, k, f;

	for (i = 0; i < pr->n; i++)
		for (k = 0; k < pr->v[i].n; k++)
			for (f = 0; f < 2; f++) {
				if (f == FACE_BACK && !pr->v[i].backs)
					continue;
				print_face(s, pr, &pr->v[i], k, (enum face)f,
				    &l, d);
				pr->marks |= l.marks;
				layout_laid_free(&l);
			}
	pr->laid = true;
}

/*
 * Are sh's pages, counted before anything is laid out, within
 * MAX_PAGES with the *pages of the kinds before it (added)?  Else an
 * error at the first card that goes over.  Each copy of a tiled
 * component takes its tiles; others share sheets of ncells; backs
 * double either, but share the page in gutterfold.
 */
static bool
pages_ok(const struct setup *s, const struct sheets *sh, size_t *pages,
    struct diags *d)
{
	const struct grid *g = &sh->grid;
	size_t faces = sh->backs && sh->mode != DUPLEX_FOLD ? 2 : 1, per, n,
	    left;
	const struct card *c;

	if (*pages > MAX_PAGES)
		return false;	/* reported for a kind before */
	/* A part printed double-sided starts on an odd page. */
	n = sh->backs ? 1 : 0;
	if (g->arrange == ARR_TILES) {
		per = (size_t)g->tcols * g->trows * faces;
		n += sh->n * per;
	} else {
		per = g->ncells > 0 ? g->ncells : 1;
		n += (sh->n + per - 1) / per * faces;
	}
	if (*pages + n <= MAX_PAGES) {
		*pages += n;
		return true;
	}
	/* The copy that would begin page MAX_PAGES + 1. */
	left = MAX_PAGES > *pages ? MAX_PAGES - *pages : 0;
	n = g->arrange == ARR_TILES ? left / per : left / faces *
	    (g->ncells > 0 ? g->ncells : 1);
	c = &s->deck->cards[sh->seq[n < sh->n ? n : sh->n - 1]];
	diag_add(d, DIAG_ERROR, &c->pos, "limit", "%s: its copies take the "
	    "print past the %d pages one output may have", c->label,
	    MAX_PAGES);
	*pages = MAX_PAGES + 1;
	return false;
}

/*
 * Why sh's kind cannot share a sheet, whatever it asks: a board split
 * over sheets, a sheet that fixes its grid or lists its slots, flat
 * hexes (their rows run down the page); NULL if it can.  Free it.
 */
static char *
cannot_share(const struct setup *s, const struct sheets *sh)
{
	const struct kind *kd = &s->deck->kinds[sh->kind];
	const struct sheet *paper = s->sheets[sh->kind];

	if (sh->grid.arrange == ARR_TILES)
		return g_strdup_printf("component '%s' is split over several "
		    "sheets: it cannot share one", kd->name);
	if (paper->cols > 0)
		return g_strdup_printf("component '%s' cannot share a sheet "
		    "whose grid is fixed (%u x %u): shared sheets compute each "
		    "kind's rows", kd->name, paper->cols, paper->rows);
	if (sh->grid.arrange == ARR_SLOTS)
		return g_strdup_printf("component '%s' cannot share a sheet "
		    "that lists its slots: shared sheets compute each kind's "
		    "rows", kd->name);
	if (sh->grid.down)
		return g_strdup_printf("component '%s' is flat hexes, whose "
		    "rows run down the page: they cannot share a sheet",
		    kd->name);
	return NULL;
}

/* "sheet: shared" on a kind that cannot share: an error at the key. */
static bool
share_ok(const struct setup *s, const struct sheets *sh, struct diags *d)
{
	const struct kind *kd = &s->deck->kinds[sh->kind];
	char *why;

	if (kd->share != SHARE_YES || (why = cannot_share(s, sh)) == NULL)
		return true;
	diag_add(d, DIAG_ERROR, &kd->sheet_pos, "sheet", "%s", why);
	g_free(why);
	return false;
}

/*
 * Does sh print on sheets shared with other kinds: as it says, or if it
 * fills less than a sheet of its own?  Never a kind that cannot share,
 * nor one gutterfold folds.
 */
static bool
shares(const struct setup *s, const struct sheets *sh)
{
	const struct kind *kd = &s->deck->kinds[sh->kind];
	char *why;

	if (kd->share == SHARE_NO || sh->grid.fold != 0 ||
	    (sh->backs && sh->mode == DUPLEX_FOLD))
		return false;
	if ((why = cannot_share(s, sh)) != NULL) {
		g_free(why);
		return false;
	}
	return kd->share == SHARE_YES || sh->n < sh->grid.ncells;
}

/* Kind k's sheets, if it has cards to print; false if it cannot. */
static bool
build_kind(struct setup *s, const struct printopts *o, size_t k,
    struct print *pr, size_t *pages, struct diags *d)
{
	const struct tmpl *t = s->tmpls[k];
	struct sheets *sh = &pr->v[pr->n];

	memset(sh, 0, sizeof(*sh));
	sh->kind = k;
	sh->seq = print_order(s->deck, k, o->only, parts_of(t), &sh->n);
	if (sh->n == 0) {
		free(sh->seq);
		return true;
	}
	pr->n++;
	/* A template without a back design gets no blank back pages. */
	sh->backs = o->backs && t->nelems[FACE_BACK] > 0;
	sh->mode = o->duplex;
	if (!impose_grid(s->sheets[k], t, &sh->grid, d))
		return false;
	/*
	 * Gutterfold folds cards that have a back.  A round token or a
	 * board has no grid half to mirror into: its fronts, then its
	 * backs, print single-sided as none prints them, so that a fold
	 * pack of a whole kit still prints.
	 */
	if (o->duplex == DUPLEX_FOLD && sh->backs) {
		if (sh->grid.arrange != ARR_GRID)
			sh->mode = DUPLEX_NONE;
		else if (!impose_fold_grid(s->sheets[k], t, &sh->grid, d))
			return false;
	}
	if (!share_ok(s, sh, d))
		return false;
	sh->shared = shares(s, sh);
	return pages_ok(s, sh, pages, d);
}

/*
 * The part sh prints in: the shared part of its sheet if it shares one
 * (made where the first kind sharing it comes), else a part of its own.
 */
static size_t
part_of(const struct setup *s, struct print *pr, const struct sheets *sh)
{
	const struct sheet *paper = s->sheets[sh->kind];
	struct sheetpart *p;
	size_t i;

	for (i = 0; sh->shared && i < pr->nparts; i++)
		if (pr->parts[i].shared && pr->parts[i].sheet == paper)
			return i;
	p = &pr->parts[pr->nparts];
	memset(p, 0, sizeof(*p));
	p->sheet = paper;
	p->shared = sh->shared;
	p->mode = sh->mode;
	return pr->nparts++;
}

/*
 * The parts, in the order of the kinds (with backs first): each kind a
 * run of its part's plan.
 */
static void
make_parts(const struct setup *s, struct print *pr)
{
	struct run *runs = xcalloc(pr->n + 1, sizeof(*runs));
	size_t i, j, nr;

	pr->parts = xcalloc(pr->n + 1, sizeof(*pr->parts));
	for (i = 0; i < pr->n; i++)
		pr->v[i].part = part_of(s, pr, &pr->v[i]);
	for (j = 0; j < pr->nparts; j++) {
		struct sheetpart *p = &pr->parts[j];

		for (i = nr = 0; i < pr->n; i++) {
			const struct sheets *sh = &pr->v[i];

			if (sh->part != j)
				continue;
			runs[nr].kind = sh->kind;
			runs[nr].grid = sh->grid;
			runs[nr].n = sh->n;
			runs[nr].w = s->tmpls[sh->kind]->w;
			runs[nr].backs = sh->backs;
			p->backs |= sh->backs;
			nr++;
		}
		impose_plan(runs, nr, p->mode, p->backs, &p->plan);
	}
	free(runs);
}

/* Does kind k print, as o says: all kinds, or the one named, and
 * not one skipped? */
static bool
wanted(const struct deck *deck, const struct printopts *o, size_t k)
{
	return (o->kind == NULL || strcmp(deck->kinds[k].name, o->kind) == 0) &&
	    (o->skip == NULL || !o->skip[k]);
}

/*
 * The kinds in the order of their first pages, which a kind sharing a
 * sheet with an earlier one may change: an insertion sort, stable, so
 * kinds that start on one sheet keep their order.
 */
static void
by_first_page(struct print *pr)
{
	struct sheets t;
	size_t i, j;

	for (i = 1; i < pr->n; i++) {
		t = pr->v[i];
		for (j = i; j > 0 && pr->v[j - 1].first > t.first; j--)
			pr->v[j] = pr->v[j - 1];
		pr->v[j] = t;
	}
}

/*
 * Number the pages: duplex parts from odd pages, then the others; each
 * kind's first page from its part's plan.
 */
static void
paginate(struct print *pr)
{
	size_t i, page = 0;

	for (i = 0; i < pr->nparts; i++) {
		struct sheetpart *p = &pr->parts[i];

		if (p->backs && p->mode != DUPLEX_NONE &&
		    p->mode != DUPLEX_FOLD)
			page += page % 2;
		p->first = page;
		page += p->plan.n;
		if (p->backs && p->mode != DUPLEX_FOLD)
			pr->nduplex = page;
	}
	pr->npages = page;
	for (i = 0; pr->nparts > 0 && i < pr->n; i++) {
		const struct sheetpart *p = &pr->parts[pr->v[i].part];
		size_t r;

		for (r = 0; p->plan.runs[r].kind != pr->v[i].kind; r++)
			;
		pr->v[i].first = p->first + impose_plan_first_page(&p->plan,
		    r);
	}
	by_first_page(pr);
}

static int
backs_first(const void *a, const void *b)
{
	const struct sheets *x = a, *y = b;

	if (x->backs != y->backs)
		return x->backs ? -1 : 1;
	/* In a fold print, the folded part before the one that is not. */
	if (x->mode != y->mode)
		return x->mode == DUPLEX_FOLD ? -1 : 1;
	return x->kind < y->kind ? -1 : x->kind > y->kind;
}

bool
print_build(struct setup *s, size_t lang, const struct printopts *o,
    struct print *pr, struct diags *d)
{
	size_t nerr = d->nerr, k, pages = 0;
	bool ok = true;

	memset(pr, 0, sizeof(*pr));
	pr->lang = lang;
	pr->v = xcalloc(s->deck->nkinds + 1, sizeof(*pr->v));
	for (k = 0; k < s->deck->nkinds; k++)
		if (wanted(s->deck, o, k))
			ok &= build_kind(s, o, k, pr, &pages, d);
	qsort(pr->v, pr->n, sizeof(*pr->v), backs_first);
	if (ok)
		make_parts(s, pr);
	paginate(pr);
	if (pr->n > 0) {
		pr->paper_w = pr->v[0].grid.paper_w;
		pr->paper_h = pr->v[0].grid.paper_h;
		pr->paper = s->sheets[pr->v[0].kind]->paper;
	}
	pr->back_x = o->back_x;
	pr->back_y = o->back_y;
	pr->reuse = render_reuse_new();
	if (ok && s->deck->draft)
		lay_all(s, pr, d);
	job_draft_note(s->deck, lang, pr->marks, &pr->note);
	return ok && d->nerr == nerr;
}

/* The sheets of kind kind in pr: a placement's. */
static const struct sheets *
kind_sheets(const struct print *pr, size_t kind)
{
	size_t i;

	for (i = 0; i < pr->n; i++)
		if (pr->v[i].kind == kind)
			return &pr->v[i];
	return NULL;
}

/* The faces page pg shows, laid out; false if one does not fit. */
static bool
lay_page(const struct setup *s, const struct print *pr,
    const struct page *pg, struct laid *faces, struct diags *d)
{
	struct diags quiet = { 0 }, *to = pr->laid ? &quiet : d;
	size_t nerr = to->nerr, i;
	bool ok;

	for (i = 0; i < pg->n; i++)
		print_face(s, pr, kind_sheets(pr, pg->v[i].kind),
		    pg->v[i].card, pg->v[i].face, &faces[i], to);
	ok = to->nerr == nerr;
	diag_free(&quiet);
	return ok;
}

/*
 * Each placement's card for the structure tree: its index in the deck,
 * or SIZE_MAX for a copy after the first.  Caller frees.
 */
static size_t *
page_cards(const struct print *pr, const struct page *pg)
{
	size_t *cards = xcalloc(pg->n + 1, sizeof(*cards)), i;

	for (i = 0; i < pg->n; i++) {
		const struct sheets *sh = kind_sheets(pr, pg->v[i].kind);

		cards[i] = copy_of(sh, pg->v[i].card) > 0 ? SIZE_MAX :
		    sh->seq[pg->v[i].card];
	}
	return cards;
}

/*
 * Lay out and draw page page (0-based, blank pages counted) of pr; with
 * cr NULL only lay it out, to report what does not fit.  False if a
 * text does not fit its box (reported, unless pr->laid; a draft draws
 * it anyway and returns true).
 */
static bool
print_draw(cairo_t *cr, const struct setup *s, const struct print *pr,
    size_t page, struct diags *d)
{
	const struct sheetpart *p = NULL;
	struct page pg;
	struct laid *faces;
	size_t i, *cards;
	bool ok;

	for (i = 0; i < pr->nparts; i++)
		if (page >= pr->parts[i].first &&
		    page < pr->parts[i].first + pr->parts[i].plan.n)
			p = &pr->parts[i];
	if (p == NULL)
		return true;	/* a blank page before a duplex part */
	impose_plan_page(&p->plan, page - p->first, &pg);
	faces = xcalloc(pg.n + 1, sizeof(*faces));
	ok = lay_page(s, pr, &pg, faces, d);
	if (cr != NULL) {
		cairo_save(cr);
		/* The printer's shift of its back pages, measured by
		 * calibrate, undone: the whole page, marks too, moves
		 * against it. */
		if (pg.face == FACE_BACK)
			cairo_translate(cr, pr->back_x, pr->back_y);
		render_reuse_page(pr->reuse, page);
		cards = page_cards(pr, &pg);
		impose_page(cr, s->fonts->ctx, &pg, faces, p->sheet,
		    pr->reuse, cards);
		free(cards);
		if (pr->note != NULL)
			impose_note(cr, s->fonts->ctx, &pg.grid, pr->note);
		cairo_restore(cr);
	}
	for (i = 0; i < pg.n; i++)
		layout_laid_free(&faces[i]);
	free(faces);
	impose_page_free(&pg);
	/* A draft prints what does not fit, marked. */
	return ok || s->deck->draft;
}

bool
print_pages(struct pdfout *pdf, const struct setup *s,
    const struct print *pr, size_t first, struct diags *d)
{
	size_t i;
	bool ok = true, job = !print_tagged(pr);

	if (job)
		pdf_tag_pause(pdf->cr, true);
	for (i = 0; i < pr->npages; i++) {
		if (ok && first > 0)
			pdf_dest(pdf->cr, first + i);
		/* After a text that does not fit, nothing will be kept:
		 * only lay out the rest, to report all of it at once. */
		ok &= print_draw(ok ? pdf->cr : NULL, s, pr, i, d);
		if (ok)
			pdf_page(pdf);
	}
	if (job)
		pdf_tag_pause(pdf->cr, false);
	/* Cairo wrote each page's images with the page. */
	art_idle(s->images);
	return ok;
}

bool
print_tagged(const struct print *pr)
{
	return print_count(pr) <= PDF_TAG_CARDS;
}

void
print_free(struct print *pr)
{
	size_t k;

	for (k = 0; k < pr->n; k++)
		free(pr->v[k].seq);
	for (k = 0; k < pr->nparts; k++)
		impose_plan_free(&pr->parts[k].plan);
	render_reuse_free(pr->reuse);
	free(pr->v);
	free(pr->parts);
	free(pr->note);
	memset(pr, 0, sizeof(*pr));
}

void
print_front_pages(const struct print *pr, size_t ncards, size_t *page)
{
	const struct sheetpart *p;
	const struct sheets *sh;
	struct page pg;
	size_t i, k, j, card;

	memset(page, 0, ncards * sizeof(*page));
	for (i = 0; i < pr->nparts; i++) {
		p = &pr->parts[i];
		for (k = 0; k < p->plan.n; k++) {
			impose_plan_page(&p->plan, k, &pg);
			for (j = 0; pg.face == FACE_FRONT && j < pg.n; j++) {
				sh = kind_sheets(pr, pg.v[j].kind);
				if (pg.v[j].card >= sh->n)
					continue;
				card = sh->seq[pg.v[j].card];
				if (card < ncards && page[card] == 0)
					page[card] = p->first + k + 1;
			}
			impose_page_free(&pg);
		}
	}
}

size_t
print_count(const struct print *pr)
{
	size_t i, n = 0;

	for (i = 0; i < pr->n; i++)
		n += pr->v[i].n;
	return n;
}
