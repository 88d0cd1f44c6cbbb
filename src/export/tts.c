/* SPDX-License-Identifier: MIT */
/*
 * A game for Tabletop Simulator: each deck of cards as face sheets in
 * the grid TTS cuts into cards (at most 10 x 7, the last slot the face
 * it shows for a hidden card, here the back), its backs as one image
 * or as sheets of the same grid, boards and tokens as single images,
 * and a saved object (JSON) that loads them all with the deck's count
 * of each card.  The faces are laid out as for the card sheets and
 * drawn by the one renderer, cut at the trim.  Part of the export
 * stage; export_deck() hands EXPORT_TTS here.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "tts.h"
#include "../outfile.h"
#include "../pdf/pdf.h"

/*
 * Which of kind k's copies print alike (their faces, laid out by
 * export_lay_kinds(), borrowed into k->f): each copy's distinct face, and
 * whether the backs differ.
 */
static void
find_distinct(struct tkind *k)
{
	const struct sheets *sh = k->sh;
	size_t i, j, match;

	k->uniq = xcalloc(sh->n + 1, sizeof(size_t));
	k->of = xcalloc(sh->n + 1, sizeof(size_t));
	for (i = 0; i < sh->n; i++) {
		/* A copy prints as an earlier one of its card, or anew. */
		match = SIZE_MAX;
		for (j = k->nu; j-- > 0 && sh->seq[k->uniq[j]] == sh->seq[i];)
			if (export_laid_same(&k->f[0][k->uniq[j]],
			    &k->f[0][i]) && (!sh->backs ||
			    export_laid_same(&k->f[1][k->uniq[j]],
			    &k->f[1][i]))) {
				match = j;
				break;
			}
		if (match == SIZE_MAX)
			k->uniq[match = k->nu++] = i;
		k->of[i] = match;
	}
	for (i = 1; sh->backs && i < k->nu; i++)
		if (!export_laid_same(&k->f[1][k->uniq[0]],
		    &k->f[1][k->uniq[i]]))
			k->unique_back = true;
}

static void
kind_free(struct tkind *k)
{
	size_t i;

	for (i = 0; i < k->nsv; i++) {
		g_free(k->sv[i].face);
		g_free(k->sv[i].back);
	}
	for (i = 0; k->single != NULL && i < 2 * k->nu; i++)
		g_free(k->single[i]);
	free(k->single);
	free(k->sv);
	free(k->uniq);
	free(k->of);
	g_free(k->back);
}

/* The highest whole dpi, at most want, at which cols x rows faces of
 * w x h pt fit TTS_MAX_PX a side; the cell's px into *cw, *ch. */
static int
fit_dpi(double w, double h, int cols, int rows, int want, int *cw, int *ch)
{
	int dpi = (int)floor(fmin(want, fmin(TTS_MAX_PX * 72.0 / (cols * w),
	    TTS_MAX_PX * 72.0 / (rows * h))));

	for (;; dpi--) {
		*cw = (int)lround(w * dpi / 72);
		*ch = (int)lround(h * dpi / 72);
		if (dpi <= 1 || (cols * *cw <= TTS_MAX_PX &&
		    rows * *ch <= TTS_MAX_PX))
			return dpi;
	}
}

/*
 * The grid of at most TTS_COLS x TTS_ROWS for slots cards of w x h pt
 * that gives the highest dpi, then the smallest longer side (the most
 * compact sheet), then the fewest slots.
 */
static void
best_grid(size_t slots, double w, double h, int want, int *cols, int *rows)
{
	int c, r, best = -1, cw, ch, dpi;
	double side, best_side = 0;

	for (c = 1; c <= TTS_COLS; c++) {
		r = (int)((slots + (size_t)c - 1) / (size_t)c);
		if (r > TTS_ROWS)
			continue;
		dpi = fit_dpi(w, h, c, r, want, &cw, &ch);
		side = fmax(c * w, r * h);
		if (dpi > best || (dpi == best && (side < best_side ||
		    (side == best_side && c * r < *cols * *rows)))) {
			best = dpi;
			best_side = side;
			*cols = c;
			*rows = r;
		}
	}
}

/* The sheets, dpi and file names of deck kind k. */
static void
plan_deck(const struct deck *deck, size_t li, struct tkind *k, int want,
    unsigned int *num)
{
	const struct laid *l = &k->f[0][0];
	const char *kname = deck->kinds[k->sh->kind].name;
	const char *g = deck->game, *lang = deck->langs[li];
	size_t i;
	int cw, ch;

	k->nsv = (k->nu + TTS_FACES - 1) / TTS_FACES;
	k->sv = xcalloc(k->nsv, sizeof(*k->sv));
	k->dpi = want;
	for (i = 0; i < k->nsv; i++) {
		struct tsheet *t = &k->sv[i];

		t->first = i * TTS_FACES;
		t->n = MIN(TTS_FACES, k->nu - t->first);
		best_grid(t->n + 1, l->w, l->h, want, &t->cols, &t->rows);
		k->dpi = MIN(k->dpi, fit_dpi(l->w, l->h, t->cols, t->rows,
		    want, &cw, &ch));
		t->num = (*num)++;
		t->face = g_strdup_printf("%s-%s-%s-%zu.png", g, lang, kname,
		    i + 1);
		if (k->unique_back)
			t->back = g_strdup_printf("%s-%s-%s-back-%zu.png", g,
			    lang, kname, i + 1);
	}
	/* One dpi for every sheet of the kind: its cards match. */
	fit_dpi(l->w, l->h, 1, 1, k->dpi, &k->cw, &k->ch);
	if (!k->unique_back)
		k->back = g_strdup_printf("%s-%s-%s-back.png", g, lang, kname);
}

/* The images and dpi of a board or token kind k. */
static void
plan_single(const struct deck *deck, size_t li, struct tkind *k, int want)
{
	const struct laid *l = &k->f[0][0];
	const char *kname = deck->kinds[k->sh->kind].name;
	static const char *const face[2] = { "front", "back" };
	size_t i, f;

	k->dpi = fit_dpi(l->w, l->h, 1, 1, want, &k->cw, &k->ch);
	k->single = xcalloc(2 * k->nu + 1, sizeof(char *));
	for (i = 0; i < k->nu; i++) {
		size_t c = k->uniq[i];
		const char *id = deck->cards[k->sh->seq[c]].id;
		size_t copy = 0;

		while (copy < c && k->sh->seq[c - copy - 1] == k->sh->seq[c])
			copy++;
		for (f = 0; f < (k->sh->backs ? 2u : 1u); f++)
			k->single[2 * i + f] = copy == 0 ?
			    g_strdup_printf("%s-%s-%s-%s-%s.png", deck->game,
			    deck->langs[li], kname, id, face[f]) :
			    g_strdup_printf("%s-%s-%s-%s-%zu-%s.png",
			    deck->game, deck->langs[li], kname, id, copy + 1,
			    face[f]);
	}
}

/*
 * Face l cut at its trim on a new cw x ch px image, scale px a pt, as
 * "export --trim" draws it (the same pixels: a round or hex one
 * transparent outside its trim, a tile having no bleed); NULL: a white
 * card back.  Caller destroys it; its status checked when written.
 */
static cairo_surface_t *
cell_image(PangoContext *ctx, const struct laid *l, double scale, int cw,
    int ch)
{
	struct face_cut c = { scale, scale, cw, ch, true, 0, false, 0, 0, 0 };
	cairo_surface_t *img;
	cairo_t *cr;

	if (l != NULL)
		return export_raster_face(ctx, l, &c);
	img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, cw, ch);
	cr = cairo_create(img);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_destroy(cr);
	cairo_surface_flush(img);
	return img;
}

/*
 * Image img, drawn at dpi (which its PNG records), into dir as name;
 * false (reported) if it cannot.
 */
static bool
write_image(cairo_surface_t *img, int dpi, const char *dir, const char *name,
    struct diags *d)
{
	char *path = path_join(dir, name);
	bool ok = cairo_surface_status(img) == CAIRO_STATUS_SUCCESS;

	if (!ok)
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot draw %s: %s", path,
		    cairo_status_to_string(cairo_surface_status(img)));
	ok = ok && pdf_png_write(img, path, dpi, d);
	free(path);
	return ok;
}

/*
 * Sheet t of kind k: side f of its faces in their slots, row by row,
 * and hidden (the back TTS shows for a hidden card) in the last slot.
 */
static bool
write_sheet(const struct setup *s, const struct tkind *k,
    const struct tsheet *t, int f, cairo_surface_t *hidden,
    const char *dir, const char **held, struct diags *d)
{
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
	    t->cols * k->cw, t->rows * k->ch), *cell;
	cairo_t *cr = cairo_create(img);
	size_t i, j, last = (size_t)(t->cols * t->rows) - 1, *order;
	const struct laid **faces = xcalloc(t->n + 1, sizeof(*faces));
	bool ok;

	/* The cells do not overlap: drawn in any order, the same sheet. */
	for (i = 0; i < t->n; i++)
		faces[i] = &k->f[f][k->uniq[t->first + i]];
	order = export_art_order(faces, t->n, held);
	for (j = 0; j <= last; j++) {
		i = j < t->n ? order[j] : j;
		if (i < t->n)
			cell = cell_image(s->fonts->ctx, faces[i],
			    k->dpi / 72.0, k->cw, k->ch);
		else if (i == last)
			cell = cairo_surface_reference(hidden);
		else
			continue;
		cairo_set_source_surface(cr, cell, (double)(i % (size_t)t->cols) *
		    k->cw, (double)(i / (size_t)t->cols) * k->ch);
		cairo_paint(cr);
		cairo_surface_destroy(cell);
	}
	free(order);
	free(faces);
	cairo_destroy(cr);
	ok = write_image(img, k->dpi, dir, f ? t->back : t->face,
	    d);
	cairo_surface_destroy(img);
	return ok;
}

/*
 * Every image of deck kind k: face sheets, and one back or sheets;
 * *held the large image art holds (export_art_order()).
 */
static bool
write_deck(const struct setup *s, const struct tkind *k, const char *dir,
    size_t *nimg, const char **held, struct diags *d)
{
	const struct laid *bf = k->sh->backs ? &k->f[1][k->uniq[0]] : NULL;
	cairo_surface_t *back = cell_image(s->fonts->ctx, bf, k->dpi / 72.0,
	    k->cw, k->ch);
	bool ok = true;
	size_t i;

	if (bf != NULL)
		export_art_drawn(bf, held);
	if (k->back != NULL && (ok = write_image(back, k->dpi, dir, k->back,
	    d)))
		(*nimg)++;
	for (i = 0; ok && i < k->nsv; i++) {
		ok = write_sheet(s, k, &k->sv[i], 0, back, dir, held, d) &&
		    (k->sv[i].back == NULL || write_sheet(s, k, &k->sv[i], 1,
		    back, dir, held, d));
		*nimg += ok ? 1 + (k->sv[i].back != NULL) : 0;
	}
	cairo_surface_destroy(back);
	return ok;
}

/* Every image of board or token kind k, a face each; *held as above. */
static bool
write_single(const struct setup *s, const struct tkind *k, const char *dir,
    size_t *nimg, const char **held, struct diags *d)
{
	cairo_surface_t *img;
	size_t i, f;
	bool ok = true;

	for (i = 0; ok && i < k->nu; i++)
		for (f = 0; ok && f < 2 && k->single[2 * i + f]; f++) {
			const struct laid *l = &k->f[f][k->uniq[i]];

			img = cell_image(s->fonts->ctx, l, k->dpi / 72.0,
			    k->cw, k->ch);
			export_art_drawn(l, held);
			ok = write_image(img, k->dpi, dir,
			    k->single[2 * i + f], d);
			cairo_surface_destroy(img);
			*nimg += ok;
		}
	return ok;
}

/*
 * The saved object's thumbnail, as TTS shows saved objects: p->thumb,
 * TTS_THUMB_PX square (as tts-deckconverter writes it), the first
 * kind's first face fitted in it on transparency.
 */
static bool
write_thumb(const struct setup *s, const struct tplan *p, const char *dir,
    const char **held, struct diags *d)
{
	const struct tkind *k = &p->kv[0];
	const struct laid *l = &k->f[0][k->uniq[0]];
	double fit = TTS_THUMB_PX / fmax(l->w, l->h);
	int w = (int)lround(l->w * fit), h = (int)lround(l->h * fit);
	cairo_surface_t *face = cell_image(s->fonts->ctx, l, fit, w, h),
	    *img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
	    TTS_THUMB_PX, TTS_THUMB_PX);
	cairo_t *cr = cairo_create(img);
	bool ok;

	cairo_set_source_surface(cr, face, (TTS_THUMB_PX - w) / 2,
	    (TTS_THUMB_PX - h) / 2);
	cairo_paint(cr);
	cairo_destroy(cr);
	cairo_surface_destroy(face);
	ok = write_image(img, 72, dir, p->thumb, d);
	cairo_surface_destroy(img);
	export_art_drawn(l, held);
	return ok;
}

/* Every name the plan writes, probed before any is written. */
static bool
names_free(const struct tplan *p, const char *dir, struct diags *d)
{
	GPtrArray *v = g_ptr_array_new();
	bool ok = true;
	size_t i, j;

	g_ptr_array_add(v, p->json);
	g_ptr_array_add(v, p->thumb);
	for (i = 0; i < p->nk; i++) {
		const struct tkind *k = &p->kv[i];

		if (k->back)
			g_ptr_array_add(v, k->back);
		for (j = 0; j < k->nsv; j++) {
			g_ptr_array_add(v, k->sv[j].face);
			if (k->sv[j].back)
				g_ptr_array_add(v, k->sv[j].back);
		}
		for (j = 0; k->single && j < 2 * k->nu; j++)
			if (k->single[j])
				g_ptr_array_add(v, k->single[j]);
	}
	for (i = 0; i < v->len; i++) {
		char *path = path_join(dir, g_ptr_array_index(v, i));

		ok &= outfile_probe(path, d);
		free(path);
	}
	g_ptr_array_free(v, TRUE);
	return ok;
}

/* The report: a line per kind, then the JSON's. */
static char *
summary(const struct tplan *p, const struct deck *deck, const char *dir)
{
	GString *g = g_string_new(NULL);
	size_t i, j;

	for (i = 0; i < p->nk; i++) {
		const struct tkind *k = &p->kv[i];
		const char *name = deck->kinds[k->sh->kind].name;

		if (!k->deck) {
			g_string_append_printf(g, "%s: '%s', %zu image%s of "
			    "%d x %d px at %d dpi\n", dir, name,
			    k->nu * (k->sh->backs ? 2 : 1), k->nu *
			    (k->sh->backs ? 2 : 1) == 1 ? "" : "s", k->cw,
			    k->ch, k->dpi);
			continue;
		}
		g_string_append_printf(g, "%s: '%s', %zu faces at %d dpi, "
		    "%d x %d px a card:", dir, name, k->nu, k->dpi, k->cw,
		    k->ch);
		for (j = 0; j < k->nsv; j++)
			g_string_append_printf(g, "%s %s %d x %d (%d x %d px)",
			    j ? "," : "", k->sv[j].face, k->sv[j].cols,
			    k->sv[j].rows, k->sv[j].cols * k->cw,
			    k->sv[j].rows * k->ch);
		g_string_append_printf(g, "; %s\n", k->unique_back ?
		    "back sheets of the same grid" : k->back);
	}
	g_string_append_printf(g, "%s: %s, the saved object, %zu images; "
	    "%s, its thumbnail\n", dir, p->json, p->nimg, p->thumb);
	return g_string_free(g, FALSE);
}

/* Plan, probe and write everything of plan p into q->dir. */
static int
write_all(const struct setup *s, size_t li, const struct export_req *q,
    struct tplan *p, struct diags *d)
{
	char *probe = path_join(q->dir, "x"), *abs;
	const char *held = NULL;	/* the large image art holds */
	unsigned int num = 1;
	size_t i;
	bool ok;

	for (i = 0; i < p->nk; i++)
		if (p->kv[i].deck)
			plan_deck(s->deck, li, &p->kv[i], (int)q->dpi, &num);
		else
			plan_single(s->deck, li, &p->kv[i], (int)q->dpi);
	p->li = li;
	p->json = g_strdup_printf("%s-%s.json", s->deck->game,
	    s->deck->langs[li]);
	/* TTS shows a saved object by the PNG of its name beside it. */
	p->thumb = g_strdup_printf("%s-%s.png", s->deck->game,
	    s->deck->langs[li]);
	ok = job_ensure_parent(probe, d) == 0 && names_free(p, q->dir, d);
	free(probe);
	if (!ok)
		return EXIT_IO;
	/* TTS reads local files by absolute file:// URLs. */
	abs = g_canonicalize_filename(q->dir, NULL);
	p->uri = g_filename_to_uri(abs, NULL, NULL);
	g_free(abs);
	if (p->uri == NULL)
		return diag_add(d, DIAG_ERROR, NULL, "io", "%s: cannot name "
		    "it as a file:// URL", q->dir) + EXIT_IO;
	/* The thumbnail first: the first sheet, which shows its face too,
	 * then begins with the large image it left decoded, if any. */
	ok = write_thumb(s, p, q->dir, &held, d);
	for (i = 0; ok && i < p->nk; i++)
		ok = p->kv[i].deck ? write_deck(s, &p->kv[i], q->dir,
		    &p->nimg, &held, d) : write_single(s, &p->kv[i], q->dir,
		    &p->nimg, &held, d);
	ok = ok && export_tts_json(p, s->deck, q->dir, d);
	return ok ? 0 : EXIT_IO;
}

/*
 * A die or a tuck box is folded from paper; the table has its own
 * boxes, and how Tabletop Simulator maps a custom die's image to its
 * faces is in templates it installs, not in its published format, so
 * neither is written: one warning each, at the kind's layout.
 */
static bool
skip_folded(const struct setup *s, size_t k, struct diags *d)
{
	const struct tmpl *t = s->tmpls[k];

	if (t->faces == 0 && t->net == NULL)
		return false;
	diag_add(d, DIAG_WARN, &t->size_pos, "tts", "kind '%s' skipped: %s",
	    s->deck->kinds[k].name, t->faces > 0 ? "a die's faces go to "
	    "Tabletop Simulator's custom dice by a template it does not "
	    "publish; export --trim writes each face" : "a tuck box is "
	    "folded from paper, not an object on the table");
	return true;
}

int
export_tts(struct setup *s, size_t li, const struct export_req *q,
    struct export_done *done, struct diags *d)
{
	const struct printopts po = { DUPLEX_LONG, true, NULL, q->component,
	    0, 0, NULL };
	struct print pr = { 0 };
	struct tplan p = { 0 };
	struct kfaces *kf = NULL;
	size_t i;
	bool fit;
	int rc;

	if (!print_build(s, li, &po, &pr, d)) {
		print_free(&pr);
		return EXIT_INPUT;
	}
	/* Every face laid out, and any text too long found, before a
	 * file is written. */
	fit = export_lay_kinds(s, &pr, &kf, d);
	p.kv = xcalloc(pr.n + 1, sizeof(*p.kv));
	for (i = 0; i < pr.n; i++) {
		const struct tmpl *t = s->tmpls[pr.v[i].kind];
		struct tkind *k = &p.kv[p.nk];

		if (skip_folded(s, pr.v[i].kind, d))
			continue;
		k->sh = &pr.v[i];
		/* A board (cut into tiles to print), a round token or
		 * a hex is a tile of its own on the table, not a card. */
		k->deck = !t->tile && t->shape != SHAPE_CIRCLE &&
		    t->shape != SHAPE_HEX;
		k->board = t->tile;
		k->f[0] = kf[i].f[0];
		k->f[1] = kf[i].f[1];
		find_distinct(k);
		p.nk++;
	}
	if (!fit)
		rc = EXIT_INPUT;
	else if (p.nk == 0)
		rc = diag_add(d, DIAG_ERROR, NULL, "input", "the deck has no "
		    "card to export") + EXIT_INPUT;
	else
		rc = write_all(s, li, q, &p, d);
	if (rc == 0) {
		done->n = p.nimg;
		done->path = g_build_filename(q->dir, p.json, NULL);
		done->note = summary(&p, s->deck, q->dir);
	}
	for (i = 0; i < pr.n; i++)
		done->cards += pr.v[i].n;
	for (i = 0; i < p.nk; i++)
		kind_free(&p.kv[i]);
	free(p.kv);
	export_kinds_free(kf, &pr);
	g_free(p.json);
	g_free(p.thumb);
	g_free(p.uri);
	print_free(&pr);
	return rc;
}
