/* SPDX-License-Identifier: MIT */
/*
 * A deck for print-on-demand services, which take one image per card
 * face with its bleed, or one PDF with a card face per page and its
 * trim and bleed boxes set.  The faces are laid out as for the card
 * sheets and drawn by the same code.  Part of the export stage; its
 * entry point, export_deck(), also hands the boxes table to boxes.c.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "exporting.h"
#include "../outfile.h"
#include "../pdf/pdf.h"

/* One image to write: a face, shared by the copies that print it. */
struct efile {
	const struct laid *l;
	char		*name;		/* owned: ID[-N]-FACE.png */
	struct face_cut	 cut;		/* how it is drawn */
	int		 w, h;		/* px */
};

/* What the images of a deck are planned from. */
struct eplan {
	const struct deck *deck;
	const struct export_req *q;
	const struct pod_fit *fits;	/* per kind, with --for; or NULL */
	struct efile	*v;
	size_t		 n, cap;
};

/* How face l of kind k is drawn as p->q asks. */
static void
plan_cut(const struct eplan *p, size_t k, const struct laid *l,
    struct face_cut *c)
{
	const struct export_req *q = p->q;

	if (p->fits != NULL) {
		export_pod_cut(&p->fits[k], l, c);
		return;
	}
	memset(c, 0, sizeof(*c));
	c->sx = c->sy = q->dpi / 72;
	c->trim = q->trim;
	c->corner = q->rounded ? MM(3) : 0;
}

/* A new image of face l named name (owned from now). */
static struct efile *
plan_add(struct eplan *p, size_t kind, const struct laid *l, char *name)
{
	struct efile *e;

	xgrow((void **)&p->v, &p->cap, p->n + 1, sizeof(*p->v));
	e = &p->v[p->n++];
	e->l = l;
	e->name = name;
	plan_cut(p, kind, l, &e->cut);
	export_raster_face_px(l, &e->cut, &e->w, &e->h);
	return e;
}

/*
 * Do two layouts print the same, whatever card they are of: as
 * export_laid_same(), and every box where the other's is, in its colours and
 * with its image (a back may show a card's own colour).
 */
static bool
laid_equal(const struct laid *a, const struct laid *b)
{
	size_t i;

	if (!export_laid_same(a, b))
		return false;
	for (i = 0; i < a->n; i++) {
		const struct lbox *x = &a->v[i], *y = &b->v[i];

		if (x->x != y->x || x->y != y->y || x->w != y->w ||
		    x->h != y->h || x->img != y->img ||
		    (x->img != NULL && memcmp(x->src, y->src,
		    sizeof(x->src)) != 0) ||
		    memcmp(&x->fill, &y->fill, sizeof(x->fill)) != 0 ||
		    memcmp(&x->stroke, &y->stroke, sizeof(x->stroke)) != 0 ||
		    memcmp(&x->color, &y->color, sizeof(x->color)) != 0 ||
		    memcmp(x->stops, y->stops, sizeof(x->stops)) != 0)
			return false;
	}
	return true;
}

/*
 * With --for, the back every card of a kind shares is one image, as a
 * service takes a deck's back once: back.png, or KIND-back.png in a
 * deck of several kinds.  Is back l such a back, k > 0 in sh?
 */
static bool
shared_back(const struct eplan *p, const struct sheets *sh,
    struct laid *const faces[2], size_t k)
{
	return p->fits != NULL && sh->backs && k > 0 &&
	    laid_equal(&faces[FACE_BACK][k], &faces[FACE_BACK][0]);
}

/*
 * The images of one kind: each copy's faces, unless they print as the
 * card's first copy does, whose files they share.
 */
static void
plan_kind(struct eplan *p, const struct sheets *sh,
    struct laid *const faces[2])
{
	static const char *const face[2] = { "front", "back" };
	unsigned int copy = 0;
	size_t k, first = 0, f, back0 = p->n + 1;
	bool shared = false;

	for (k = 0; k < sh->n; k++) {
		const char *id = p->deck->cards[sh->seq[k]].id;

		copy = k > 0 && sh->seq[k - 1] == sh->seq[k] ? copy + 1 : 0;
		if (copy == 0)
			first = k;
		for (f = 0; f < (sh->backs ? 2u : 1u); f++) {
			const struct laid *l = &faces[f][k];

			if (copy > 0 && export_laid_same(l, &faces[f][first]))
				continue;
			if (f == FACE_BACK && shared_back(p, sh, faces, k)) {
				shared = true;
				continue;
			}
			plan_add(p, sh->kind, l, copy == 0 ?
			    g_strdup_printf("%s-%s.png", id, face[f]) :
			    g_strdup_printf("%s-%u-%s.png", id, copy + 1,
			    face[f]));
		}
	}
	if (shared) {
		g_free(p->v[back0].name);
		p->v[back0].name = p->deck->multi ? g_strdup_printf(
		    "%s-back.png", p->deck->kinds[sh->kind].name) :
		    g_strdup("back.png");
	}
}

/* The pixel sizes of images v and how many have each, into done. */
static void
add_sizes(struct export_done *done, const struct efile *v, size_t n)
{
	struct export_size *sz = xcalloc(n + 1, sizeof(*sz));
	size_t nsz = 0, i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < nsz; j++)
			if (sz[j].w == v[i].w && sz[j].h == v[i].h)
				break;
		if (j == nsz) {
			sz[nsz].w = v[i].w;
			sz[nsz++].h = v[i].h;
		}
		sz[j].n++;
	}
	done->sizes = sz;
	done->nsizes = nsz;
	done->n = n;
}

/* Draw and write one image into dir; false if it cannot. */
static bool
write_face(const struct setup *s, const struct export_req *q,
    const struct efile *e, struct diags *d)
{
	cairo_surface_t *img = export_raster_face(s->fonts->ctx, e->l, &e->cut);
	char *path = path_join(q->dir, e->name);
	bool ok = cairo_surface_status(img) == CAIRO_STATUS_SUCCESS;

	if (!ok)
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot draw %s: %s", path,
		    cairo_status_to_string(cairo_surface_status(img)));
	ok = ok && pdf_png_write(img, path, q->dpi, d);
	cairo_surface_destroy(img);
	free(path);
	return ok;
}

/*
 * Refuse, before any image is written, a name in dir that cannot be
 * written (a symbolic link there: outfile_no_links); each reported.
 */
static bool
names_free(const char *dir, const struct efile *v, size_t n,
    struct diags *d)
{
	size_t i;
	bool ok = true;

	for (i = 0; i < n; i++) {
		char *path = path_join(dir, v[i].name);

		ok &= outfile_probe(path, d);
		free(path);
	}
	return ok;
}

/* Every face as a PNG in q->dir, each kind as fits has it (or NULL). */
static int
export_png(const struct setup *s, const struct export_req *q,
    const struct print *pr, struct kfaces *kf, const struct pod_fit *fits,
    struct export_done *done, struct diags *d)
{
	struct eplan p = { s->deck, q, fits, NULL, 0, 0 };
	const struct laid **faces;
	size_t i, *order;
	char *probe;
	int rc = 0;

	for (i = 0; i < pr->n; i++)
		plan_kind(&p, &pr->v[i], kf[i].f);
	/* Refuse an image too large before any file is written, by the
	 * face's own size: export_raster_face_px() stops at Cairo's limit. */
	for (i = 0; i < p.n && rc == 0; i++) {
		const struct efile *e = &p.v[i];
		double b = e->cut.trim ? 0 : e->l->bleed;

		rc = export_image_fits((e->l->w + 2 * b) * e->cut.sx,
		    (e->l->h + 2 * b) * e->cut.sy, q->dpi, e->name, d);
	}
	probe = path_join(q->dir, "x");
	if (rc == 0 && (job_ensure_parent(probe, d) != 0 ||
	    !names_free(q->dir, p.v, p.n, d)))
		rc = EXIT_IO;
	faces = xcalloc(p.n + 1, sizeof(*faces));
	for (i = 0; i < p.n; i++)
		faces[i] = p.v[i].l;
	order = export_art_order(faces, p.n, NULL);
	free(faces);
	for (i = 0; i < p.n && rc == 0; i++)
		if (!write_face(s, q, &p.v[order[i]], d))
			rc = EXIT_IO;
	free(order);
	if (rc == 0)
		add_sizes(done, p.v, p.n);
	for (i = 0; i < p.n; i++)
		g_free(p.v[i].name);
	free(p.v);
	free(probe);
	return rc;
}

/* Every copy's faces, a page each, trim and bleed boxes set. */
static int
export_pdf(const struct setup *s, const struct export_req *q, size_t li,
    const struct print *pr, struct kfaces *kf, struct export_done *done,
    struct diags *d)
{
	const struct laid *first = &kf[0].f[FACE_FRONT][0];
	char *name = g_strdup_printf("%s-%s-cards.pdf", s->deck->game,
	    s->deck->langs[li]);
	char *out = path_join(q->dir, name);
	char *title = job_pdf_title(s->deck, li, "cards, one face a page",
	    false);
	struct pdfout pdf;
	size_t i, k, f;
	bool ok;

	ok = job_ensure_parent(out, d) == 0 && pdf_open(&pdf, out, first->w +
	    2 * first->bleed, first->h + 2 * first->bleed, title, d);
	for (i = 0; ok && i < pr->n; i++) {
		const struct sheets *sh = &pr->v[i];

		for (k = 0; k < sh->n; k++)
			for (f = 0; f < (sh->backs ? 2u : 1u); f++) {
				const struct laid *l = &kf[i].f[f][k];

				pdf_page_box(&pdf, l->w + 2 * l->bleed,
				    l->h + 2 * l->bleed, l->bleed);
				render_face(pdf.cr, s->fonts->ctx, l);
				pdf_page(&pdf);
				done->n++;
			}
	}
	ok = ok && pdf_close(&pdf, true, d);
	if (ok)
		done->path = g_strdup(out);
	g_free(name);
	free(out);
	free(title);
	return ok ? 0 : EXIT_IO;
}

/*
 * With --for, the kinds the service makes, fitted to its products
 * (*fits, free()) and those it does not marked in *skip (free()): 0 or
 * an exit code (reported).
 */
static int
pod_plan(struct setup *s, const struct export_req *q, struct pod_fit **fits,
    bool **skip, struct export_done *done, struct diags *d)
{
	size_t k, n = s->deck->nkinds;
	int rc;

	*fits = xcalloc(n + 1, sizeof(**fits));
	*skip = xcalloc(n + 1, sizeof(**skip));
	rc = export_pod_fit(s, q, *fits, &done->note, d);
	for (k = 0; k < n; k++)
		(*skip)[k] = (*fits)[k].z == NULL;
	return rc;
}

int
export_deck(struct setup *s, size_t li, const struct export_req *q,
    struct export_done *done, struct diags *d)
{
	struct printopts po = { DUPLEX_LONG, true, NULL, q->component, 0, 0,
	    NULL };
	struct print pr = { 0 };
	struct kfaces *kf = NULL;
	struct pod_fit *fits = NULL;
	bool *skip = NULL;
	size_t i;
	int rc;

	memset(done, 0, sizeof(*done));
	if (q->fmt == EXPORT_CSV)
		return export_csv(s->deck, q->dir, done, d);
	if ((rc = job_kind_arg(s->deck, q->component, d)) != 0)
		return rc;
	if (q->fmt == EXPORT_TTS)
		return export_tts(s, li, q, done, d);
	/* A service's products first: their bleed is what the faces are
	 * laid out in, and what it does not make is not printed. */
	if (q->pod != NULL && (rc = pod_plan(s, q, &fits, &skip, done,
	    d)) != 0)
		goto out;
	po.skip = skip;
	/* Every face laid out, and any text too long found, before a
	 * file is written; the table lays its faces out one at a time. */
	if (!print_build(s, li, &po, &pr, d) ||
	    (q->fmt != EXPORT_BOXES && !export_lay_kinds(s, &pr, &kf, d)))
		rc = EXIT_INPUT;
	else if (pr.n == 0)
		rc = diag_add(d, DIAG_ERROR, NULL, "input", "the deck has no "
		    "card to export") + EXIT_INPUT;
	else if (q->fmt == EXPORT_PDF)
		rc = export_pdf(s, q, li, &pr, kf, done, d);
	else if (q->fmt == EXPORT_BOXES)
		rc = export_boxes(s, li, &pr, q->dir, done, d);
	else
		rc = export_png(s, q, &pr, kf, fits, done, d);
	for (i = 0; i < pr.n; i++)
		done->cards += pr.v[i].n;
	export_kinds_free(kf, &pr);
	print_free(&pr);
out:
	free(fits);
	free(skip);
	return rc;
}

void
export_done_free(struct export_done *done)
{
	if (done == NULL)
		return;
	g_free(done->path);
	g_free(done->note);
	free(done->sizes);
	memset(done, 0, sizeof(*done));
}
