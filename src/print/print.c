/* SPDX-License-Identifier: MIT */
/*
 * A print: the components of a deck in one language laid out and
 * imposed, kind by kind, on sheets -- what "deckpress cards" writes and
 * the pack's components part.  Each kind on sheets of its own; the kinds
 * with backs first, each from an odd page on, so that part prints
 * double-sided, then the single-sided ones.  The print stage: it
 * lays out and draws each face as a page needs it.
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
	if (!pages_ok(s, sh, pages, d))
		return false;
	impose_plan(&sh->grid, sh->mode, sh->backs, sh->n, t->w, &sh->plan);
	return true;
}

/* Does kind k print, as o says: all kinds, or the one named, and
 * not one skipped? */
static bool
wanted(const struct deck *deck, const struct printopts *o, size_t k)
{
	return (o->kind == NULL || strcmp(deck->kinds[k].name, o->kind) == 0) &&
	    (o->skip == NULL || !o->skip[k]);
}

/* Number the pages: duplex kinds from odd pages, then the others. */
static void
paginate(struct print *pr)
{
	size_t i, page = 0;

	for (i = 0; i < pr->n; i++) {
		struct sheets *sh = &pr->v[i];

		if (sh->backs && sh->mode != DUPLEX_NONE &&
		    sh->mode != DUPLEX_FOLD)
			page += page % 2;
		sh->first = page;
		page += sh->plan.n;
		if (sh->backs && sh->mode != DUPLEX_FOLD)
			pr->nduplex = page;
	}
	pr->npages = page;
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

/* The faces page pg of sh shows, laid out; false if one does not fit. */
static bool
lay_page(const struct setup *s, const struct print *pr,
    const struct sheets *sh, const struct page *pg, struct laid *faces,
    struct diags *d)
{
	struct diags quiet = { 0 }, *to = pr->laid ? &quiet : d;
	size_t nerr = to->nerr, i;
	bool ok;

	for (i = 0; i < pg->n; i++)
		print_face(s, pr, sh, pg->v[i].card, pg->v[i].face, &faces[i],
		    to);
	ok = to->nerr == nerr;
	diag_free(&quiet);
	return ok;
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
	const struct sheets *sh = NULL;
	struct page pg;
	struct laid *faces;
	size_t i, *cards;
	bool ok;

	for (i = 0; i < pr->n; i++)
		if (page >= pr->v[i].first &&
		    page < pr->v[i].first + pr->v[i].plan.n)
			sh = &pr->v[i];
	if (sh == NULL)
		return true;	/* a blank page before a duplex part */
	impose_plan_page(&sh->plan, page - sh->first, &pg);
	faces = xcalloc(pg.n + 1, sizeof(*faces));
	ok = lay_page(s, pr, sh, &pg, faces, d);
	if (cr != NULL) {
		cairo_save(cr);
		/* The printer's shift of its back pages, measured by
		 * calibrate, undone: the whole page, marks too, moves
		 * against it. */
		if (pg.face == FACE_BACK)
			cairo_translate(cr, pr->back_x, pr->back_y);
		render_reuse_page(pr->reuse, page);
		cards = xcalloc(pg.n + 1, sizeof(*cards));
		for (i = 0; i < pg.n; i++)
			cards[i] = copy_of(sh, pg.v[i].card) > 0 ? SIZE_MAX :
			    sh->seq[pg.v[i].card];
		impose_page(cr, s->fonts->ctx, &pg, faces,
		    s->sheets[sh->kind], pr->reuse, cards);
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
	render_reuse_free(pr->reuse);
	free(pr->v);
	free(pr->note);
	memset(pr, 0, sizeof(*pr));
}

void
print_front_pages(const struct print *pr, size_t ncards, size_t *page)
{
	const struct sheets *sh;
	struct page pg;
	size_t i, k, j, card;

	memset(page, 0, ncards * sizeof(*page));
	for (i = 0; i < pr->n; i++) {
		sh = &pr->v[i];
		for (k = 0; k < sh->plan.n; k++) {
			impose_plan_page(&sh->plan, k, &pg);
			for (j = 0; pg.face == FACE_FRONT && j < pg.n; j++) {
				if (pg.v[j].card >= sh->n)
					continue;
				card = sh->seq[pg.v[j].card];
				if (card < ncards && page[card] == 0)
					page[card] = sh->first + k + 1;
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
