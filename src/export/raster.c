/* SPDX-License-Identifier: MIT */
/*
 * Faces on image surfaces: the largest image deckpress draws at once,
 * faces side by side, a new image and its PNG, and one card's faces as
 * one image -- laid out and drawn by the same code as the PDF, so a
 * preview never disagrees with the print.  Part of the export stage.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <glib.h>

#include "exporting.h"
#include "../art/art.h"
#include "../pdf/pdf.h"
#include "../render/render.h"

/*
 * The pixels a preview or an export may draw at once: 100 megapixels,
 * 400 MB as Cairo holds them.  Serious Privacy's largest board at 600
 * dpi is 50 megapixels; a contact sheet of its 140 components at 150
 * dpi 63.
 */
#define RENDER_MAX_MP	100

int
export_raster_px(double mm, double dpi)
{
	return (int)lround(mm / 25.4 * dpi);
}

/* Does an image of w x h px fit both limits? */
static bool
fits(double w, double h)
{
	return w <= RENDER_MAX_PX && h <= RENDER_MAX_PX &&
	    w * h <= RENDER_MAX_MP * 1e6;
}

/*
 * The highest whole dpi at which an image of w x h px at dpi fits (a
 * pixel more each way for rounding); below 30, none does.
 */
static int
fitting_dpi(double w, double h, double dpi)
{
	double k = fmin(sqrt(RENDER_MAX_MP * 1e6 / (w * h)),
	    RENDER_MAX_PX / fmax(w, h));
	int fit = (int)floor(dpi * k);

	while (fit >= 30 && !fits(w * fit / dpi + 1, h * fit / dpi + 1))
		fit--;
	return fit;
}

int
export_image_fits(double w, double h, double dpi, const char *what,
    struct diags *d)
{
	char size[64], lower[64];
	int fit;

	if (fits(w, h))
		return 0;
	if (w > RENDER_MAX_PX || h > RENDER_MAX_PX)
		snprintf(size, sizeof(size), "the %d px a side",
		    RENDER_MAX_PX);
	else
		snprintf(size, sizeof(size), "the %d megapixels",
		    RENDER_MAX_MP);
	if ((fit = fitting_dpi(w, h, dpi)) >= 30)
		snprintf(lower, sizeof(lower), "give a lower --dpi, %d or "
		    "less", fit);
	else
		snprintf(lower, sizeof(lower), "it is too large even at "
		    "--dpi 30");
	diag_add(d, DIAG_ERROR, NULL, "usage", "at %.0f dpi %s would be %.0f x "
	    "%.0f px (%.1f megapixels), more than %s an image can have: %s",
	    dpi, what, w, h, w * h / 1e6, size, lower);
	return EXIT_USAGE;
}

/* Radius of the trim's rounded corners of l drawn as c has it; 0: none. */
static double
corner_of(const struct laid *l, const struct face_cut *c)
{
	if (l->shape != SHAPE_RECT)
		return 0;
	return l->corner > 0 ? l->corner : c->corner;
}

/*
 * The outline of l inset by in pt from the outer edge of its bleed
 * (in == bleed: its trim), its corners r at the trim, r + the bleed
 * left at its outer edge: the cut the service makes, grown.
 */
static void
outline(cairo_t *cr, const struct laid *l, double r, double in)
{
	double b = l->bleed, x = in, y = in, w = l->w + 2 * (b - in),
	    h = l->h + 2 * (b - in), rr = r + b - in;

	if (l->shape == SHAPE_CIRCLE)
		cairo_arc(cr, l->w / 2 + b, l->h / 2 + b, w / 2, 0, 2 * M_PI);
	else if (l->shape == SHAPE_HEX)
		render_hex_path(cr, l->w, l->h, l->w / 2 + b, l->h / 2 + b,
		    b - in, NULL);
	else
		render_rounded_rect(cr, x, y, w, h, rr);
}

/*
 * The path stroked lw wide in colour r, g, b (dashed or not) over a
 * white line three times as wide: a guide seen on any art, a red card's
 * trim line too.
 */
static void
guide_stroke(cairo_t *cr, double lw, double r, double g, double b,
    bool dashed)
{
	cairo_set_dash(cr, NULL, 0, 0);
	cairo_set_line_width(cr, 3 * lw);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_stroke_preserve(cr);
	cairo_set_line_width(cr, lw);
	cairo_set_source_rgb(cr, r, g, b);
	if (dashed)
		cairo_set_dash(cr, (double[]){ 4 * lw, 3 * lw }, 2, 0);
	cairo_stroke(cr);
}

/*
 * Squib's cut and safe boxes: the trim line in red, the safe area in
 * blue, thin lines over the face, on the face's outer coordinates.
 */
static void
draw_guides(cairo_t *cr, const struct laid *l, const struct face_cut *c,
    double r)
{
	/* A third of a point, at least a pixel: thin, yet seen. */
	double lw = fmax(1 / c->sx, 0.35);

	cairo_save(cr);
	cairo_new_path(cr);
	outline(cr, l, r, l->bleed);
	guide_stroke(cr, lw, 0.9, 0.1, 0.1, false);
	if (c->safe > 0 && 2 * c->safe < fmin(l->w, l->h)) {
		outline(cr, l, fmax(r - c->safe, 0), l->bleed + c->safe);
		guide_stroke(cr, lw, 0.1, 0.3, 0.9, true);
	}
	cairo_restore(cr);
}

void
export_raster_face_px(const struct laid *l, const struct face_cut *c, int *w,
    int *h)
{
	double b = c->trim ? 0 : l->bleed;
	double pw = (l->w + 2 * b) * c->sx, ph = (l->h + 2 * b) * c->sy;

	if (c->w > 0) {
		*w = c->w;
		*h = c->h;
		return;
	}
	/* Beyond Cairo's limit: the caller refuses it by the size. */
	*w = pw < RENDER_MAX_PX + 1 ? (int)lround(pw) : RENDER_MAX_PX + 1;
	*h = ph < RENDER_MAX_PX + 1 ? (int)lround(ph) : RENDER_MAX_PX + 1;
}

cairo_surface_t *
export_raster_face(PangoContext *ctx, const struct laid *l,
    const struct face_cut *c)
{
	cairo_surface_t *img;
	cairo_t *cr;
	double r = corner_of(l, c);
	int w, h;

	export_raster_face_px(l, c, &w, &h);
	img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
	cr = cairo_create(img);
	cairo_translate(cr, c->ox, c->oy);
	cairo_scale(cr, c->sx, c->sy);
	if (c->trim)
		cairo_translate(cr, -l->bleed, -l->bleed);
	/* Rounded: transparent beyond the corners, of the trim when cut
	 * to it, else of the bleed's outer edge, grown by the bleed.  The
	 * face drawn whole, then filled through the outline: clipped, its
	 * white ground would show through each edge pixel of the design
	 * drawn over it, clipped again. */
	/* A round token or a hex cut to its trim: its circle or hex, not
	 * the bleed's cut square. */
	if (r > 0 || (c->trim && l->shape != SHAPE_RECT)) {
		cairo_push_group(cr);
		render_face(cr, ctx, l);
		cairo_pop_group_to_source(cr);
		outline(cr, l, r, c->trim ? l->bleed : 0);
		cairo_fill(cr);
	} else
		render_face(cr, ctx, l);
	if (c->guides)
		draw_guides(cr, l, c, r);
	cairo_destroy(cr);
	cairo_surface_flush(img);
	return img;
}

bool
export_raster_faces_draw(cairo_t *cr, PangoContext *ctx,
    const struct laid *const *f, size_t n, int x, int y,
    const struct face_cut *c)
{
	cairo_surface_t *img;
	bool ok = true;
	size_t i;

	for (i = 0; i < n; i++) {
		img = export_raster_face(ctx, f[i], c);
		ok &= cairo_surface_status(img) == CAIRO_STATUS_SUCCESS;
		cairo_set_source_surface(cr, img, x, y);
		cairo_paint(cr);
		x += cairo_image_surface_get_width(img) +
		    export_raster_px(RASTER_GAP_MM, c->sx * 72);
		cairo_surface_destroy(img);
	}
	return ok;
}

void
export_raster_faces_px(const struct laid *const *f, size_t n, double dpi,
    int *w, int *h)
{
	size_t i;
	int fw, fh;

	*w = *h = 0;
	for (i = 0; i < n; i++) {
		render_face_px(f[i], dpi, &fw, &fh);
		*w += fw + (i ? export_raster_px(RASTER_GAP_MM, dpi) : 0);
		*h = fh > *h ? fh : *h;
	}
}

/*
 * The size of faces f side by side, as export_raster_faces_px() has it but not
 * rounded nor stopped at Cairo's limit: what export_image_fits() judges.
 */
static void
faces_size(const struct laid *const *f, size_t n, double dpi, double *w,
    double *h)
{
	size_t i;

	*w = *h = 0;
	for (i = 0; i < n; i++) {
		*w += (f[i]->w + 2 * f[i]->bleed) * dpi / 72 +
		    (i ? export_raster_px(RASTER_GAP_MM, dpi) : 0);
		*h = fmax(*h, (f[i]->h + 2 * f[i]->bleed) * dpi / 72);
	}
}

cairo_surface_t *
export_raster_new(int w, int h, struct diags *d)
{
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
	    w, h);

	if (cairo_surface_status(img) == CAIRO_STATUS_SUCCESS)
		return img;
	diag_add(d, DIAG_ERROR, NULL, "io", "cannot make a %d x %d px image: "
	    "%s", w, h, cairo_status_to_string(cairo_surface_status(img)));
	cairo_surface_destroy(img);
	return NULL;
}

int
export_raster_finish(cairo_t *cr, bool drawn, cairo_surface_t *img,
    const char *out, double dpi, struct export_image *r, struct diags *d)
{
	int rc = drawn && cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 0 :
	    EXIT_IO;

	cairo_destroy(cr);
	if (rc == 0)
		rc = export_raster_write(img, out, dpi, r, d);
	else
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot draw %s", r->what);
	cairo_surface_destroy(img);
	return rc;
}

int
export_raster_write(cairo_surface_t *img, const char *out, double dpi,
    struct export_image *r, struct diags *d)
{
	if (job_ensure_parent(out, d) != 0 || !pdf_png_write(img, out, dpi, d))
		return EXIT_IO;
	r->w = cairo_image_surface_get_width(img);
	r->h = cairo_image_surface_get_height(img);
	return 0;
}

/* The faces of one card, drawn and written; r->what names the card. */
static int
card_image(const struct setup *s, const struct export_view *v,
    size_t c_kind, const struct laid *const *f, size_t n, const char *out,
    struct export_image *r, struct diags *d)
{
	const struct face_cut cut = { v->dpi / 72, v->dpi / 72, 0, 0, false,
	    0, v->guides, s->tmpls[c_kind]->safe, 0, 0 };
	cairo_surface_t *img;
	cairo_t *cr;
	double fw, fh;
	int w, h, rc;
	bool drawn;

	export_raster_faces_px(f, n, v->dpi, &w, &h);
	faces_size(f, n, v->dpi, &fw, &fh);
	if ((rc = export_image_fits(fw, fh, v->dpi, r->what, d)) != 0)
		return rc;
	if ((img = export_raster_new(w, h, d)) == NULL)
		return EXIT_IO;
	cr = cairo_create(img);
	drawn = export_raster_faces_draw(cr, s->fonts->ctx, f, n, 0, 0, &cut);
	/* Deferred images this card does not show: checked before it is
	 * written, as loading would have. */
	job_art_checked(s->images);
	return export_raster_finish(cr, drawn, img, out, v->dpi, r, d);
}

/* A face to draw, by the first large image it shows. */
struct byart {
	const char	*art;		/* its path, or "" */
	size_t		 i;		/* the face's place */
};

static int
by_art(const void *a, const void *b)
{
	const struct byart *x = a, *y = b;
	int c = strcmp(x->art, y->art);

	return c != 0 ? c : (x->i > y->i) - (x->i < y->i);
}

/* The path of the first large (lazy) image face l shows, or NULL. */
static const char *
first_art(const struct laid *l)
{
	size_t b;

	for (b = 0; b < l->n; b++)
		if (l->v[b].img != NULL && l->v[b].img->lazy)
			return l->v[b].img->path;
	return NULL;
}

void
export_art_drawn(const struct laid *l, const char **held)
{
	const char *a = first_art(l);

	if (a != NULL)
		*held = a;
}

size_t *
export_art_order(const struct laid *const *v, size_t n, const char **held)
{
	struct byart *k = xcalloc(n + 1, sizeof(*k));
	size_t *order = xcalloc(n + 1, sizeof(*order)), i;
	const char *a;

	for (i = 0; i < n; i++) {
		a = first_art(v[i]);
		/* The image held now: its faces first, with those of none. */
		k[i].art = a == NULL || (held != NULL && *held != NULL &&
		    strcmp(a, *held) == 0) ? "" : a;
		k[i].i = i;
	}
	qsort(k, n, sizeof(*k), by_art);
	for (i = 0; i < n; i++)
		order[i] = k[i].i;
	for (i = 0; held != NULL && i < n; i++)
		export_art_drawn(v[order[i]], held);
	free(k);
	return order;
}

const struct card *
export_card_named(const struct deck *deck, const char *id, struct diags *d)
{
	const struct card *c = deck_card(deck, id);
	const char *hint;

	if (c == NULL) {
		hint = deck_suggest_id(deck, id);
		diag_add(d, DIAG_ERROR, NULL, "usage", "the deck has no card "
		    "'%s'%s%s%s", id, HINT_ARGS(hint));
	}
	return c;
}

/* The card v->card names, and its copy: a usage error if none such. */
static int
find_card(const struct deck *deck, const struct export_view *v,
    const struct card **c, struct diags *d)
{
	if ((*c = export_card_named(deck, v->card, d)) == NULL)
		return EXIT_USAGE;
	if (v->copy > (*c)->count) {
		diag_add(d, DIAG_ERROR, NULL, "usage", "card '%s' prints %u "
		    "cop%s, so there is no copy %u", v->card, (*c)->count,
		    (*c)->count == 1 ? "y" : "ies", v->copy);
		return EXIT_USAGE;
	}
	return 0;
}

int
export_card(const struct setup *s, size_t li, const struct export_view *v,
    const char *out, struct export_image *r, struct diags *d)
{
	const struct card *c;
	const struct tmpl *t;
	struct laid laid[2] = { { 0 }, { 0 } };
	const struct laid *f[2];
	size_t n = 0, nerr = d->nerr;
	unsigned int copy = v->copy ? v->copy - 1 : 0;
	int rc;

	r->what = NULL;
	if ((rc = find_card(s->deck, v, &c, d)) != 0)
		return rc;
	t = s->tmpls[c->kind];
	if (v->sides == SIDE_BACK && t->nelems[FACE_BACK] == 0) {
		diag_add(d, DIAG_ERROR, NULL, "usage", "card '%s' has no back: "
		    "its %s prints on one side", v->card,
		    s->deck->multi ? s->deck->kinds[c->kind].name : "layout");
		return EXIT_USAGE;
	}
	if (v->sides & SIDE_FRONT) {
		layout_card(s->fonts, s->deck, t, c, copy, li, FACE_FRONT,
		    &laid[0], d);
		f[n++] = &laid[0];
	}
	/* Both: the back beside the front, where there is one. */
	if ((v->sides & SIDE_BACK) && t->nelems[FACE_BACK] > 0) {
		layout_card(s->fonts, s->deck, t, c, copy, li, FACE_BACK,
		    &laid[1], d);
		f[n++] = &laid[1];
	}
	r->what = g_strdup_printf("card '%s'", v->card);
	/* Text too long for its box: an error, unless in a draft. */
	rc = d->nerr > nerr ? EXIT_INPUT : card_image(s, v, c->kind, f,
	    n, out, r, d);
	layout_laid_free(&laid[0]);
	layout_laid_free(&laid[1]);
	return rc;
}

int
export_art_checked(struct setup *s, int rc)
{
	job_art_checked(s->images);
	return art_damaged(s->images) > 0 ? EXIT_INPUT : rc;
}

unsigned char *
export_face_png(const struct setup *s, size_t li, const struct card *c,
    enum face f, double dpi, bool guides, size_t *len, struct diags *d)
{
	const struct tmpl *t = s->tmpls[c->kind];
	const struct face_cut cut = { dpi / 72, dpi / 72, 0, 0, false, 0,
	    guides, t->safe, 0, 0 };
	struct laid l = { 0 };
	cairo_surface_t *img;
	unsigned char *png;

	*len = 0;
	if (f == FACE_BACK && t->nelems[FACE_BACK] == 0)
		return NULL;
	layout_card(s->fonts, s->deck, t, c, 0, li, f, &l, d);
	img = export_raster_face(s->fonts->ctx, &l, &cut);
	png = pdf_png_mem(img, dpi, len);
	cairo_surface_destroy(img);
	layout_laid_free(&l);
	return png;
}
