/* SPDX-License-Identifier: MIT */
/*
 * Images for a shop page or a rulebook, as Squib's hand and showcase
 * draw them: chosen cards' fronts fanned out as a hand holds them, or
 * standing in a row in perspective above their fading reflections, an
 * optional soft drop shadow under each, on a transparent ground.  Each
 * face is laid out and drawn by the one renderer (raster.c), then
 * placed.  Part of the export stage.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "exporting.h"

/* A hand's measures. */
#define FAN_DEG		8	/* between two cards */
#define FAN_MAX_DEG	60	/* the whole fan at most */
#define FAN_RADIUS	1.6	/* the pivot below the cards' centres,
				   in card heights */
/* A showcase's measures, Squib's look. */
#define FAR		0.8	/* the far edge's height, of the near's */
#define FORESHORTEN	0.85	/* a card's width seen turned */
#define REFLECT		0.3	/* the reflection shown, of the height */
#define REFLECT_ALPHA	0.35	/* its opacity where it meets the card */
#define REFLECT_GAP_MM	1	/* between a card and its reflection */
/* The drop shadow: offset down and right, blurred, half opaque. */
#define SHADOW_MM	1.5
#define SHADOW_ALPHA	0.45

/* The fronts a shop image shows, each drawn on an image of its own. */
struct shop {
	struct laid	*laid;
	cairo_surface_t **img;		/* each front cut to its trim */
	size_t		 n;
	double		 k;		/* px per pt */
	int		 maxw, maxh;	/* px, the largest front */
};

/*
 * Card id, laid out into sh (its front); a usage error if none such, or
 * if it is not of the kind component names (NULL: any).
 */
static int
add_card(const struct setup *s, size_t li, const char *id,
    const char *component, struct shop *sh, struct diags *d)
{
	const struct card *c = export_card_named(s->deck, id, d);
	const char *kind;

	if (c == NULL)
		return EXIT_USAGE;
	kind = s->deck->kinds[c->kind].name;
	if (component != NULL && strcmp(kind, component) != 0) {
		diag_add(d, DIAG_ERROR, NULL, "usage", "card '%s' is a '%s', "
		    "not a '%s' (--component)", id, kind, component);
		return EXIT_USAGE;
	}
	sh->laid = xrealloc(sh->laid, (sh->n + 1) * sizeof(*sh->laid));
	memset(&sh->laid[sh->n], 0, sizeof(*sh->laid));
	layout_card(s->fonts, s->deck, s->tmpls[c->kind], c, 0, li,
	    FACE_FRONT, &sh->laid[sh->n++], d);
	return 0;
}

/*
 * The cards v names (of v->component's kind, if it names one), or the
 * first SHOP_CARDS of v->component's kind, or of the first card's: a
 * hand holds cards, not tokens among them.
 */
static int
pick_cards(const struct setup *s, size_t li, const struct export_shop *v,
    struct shop *sh, struct diags *d)
{
	const struct deck *deck = s->deck;
	char **ids;
	size_t i;
	int rc = 0;

	if (v->cards != NULL) {
		ids = g_strsplit(v->cards, ",", -1);
		for (i = 0; ids[i] != NULL && rc == 0; i++)
			rc = add_card(s, li, g_strstrip(ids[i]),
			    v->component, sh, d);
		g_strfreev(ids);
		return rc;
	}
	for (i = 0; i < deck->ncards && sh->n < SHOP_CARDS && rc == 0; i++)
		if (v->component == NULL ? deck->cards[i].kind ==
		    deck->cards[0].kind : strcmp(v->component,
		    deck->kinds[deck->cards[i].kind].name) == 0)
			rc = add_card(s, li, deck->cards[i].id, NULL, sh, d);
	return rc;
}

/* Each front drawn at sh->k, cut to its trim; false if Cairo cannot. */
static bool
draw_fronts(const struct setup *s, struct shop *sh)
{
	struct face_cut cut = { sh->k, sh->k, 0, 0, true, 0, false, 0, 0,
	    0 };
	bool ok = true;
	size_t i;

	sh->img = xcalloc(sh->n + 1, sizeof(*sh->img));
	for (i = 0; i < sh->n; i++) {
		sh->img[i] = export_raster_face(s->fonts->ctx, &sh->laid[i],
		    &cut);
		ok &= cairo_surface_status(sh->img[i]) == CAIRO_STATUS_SUCCESS;
		sh->maxw = MAX(sh->maxw, cairo_image_surface_get_width(
		    sh->img[i]));
		sh->maxh = MAX(sh->maxh, cairo_image_surface_get_height(
		    sh->img[i]));
	}
	return ok;
}

static void
shop_free(struct shop *sh)
{
	size_t i;

	for (i = 0; i < sh->n; i++) {
		layout_laid_free(&sh->laid[i]);
		if (sh->img != NULL)
			cairo_surface_destroy(sh->img[i]);
	}
	free(sh->laid);
	free(sh->img);
}

/*
 * The soft shadow of layer (its alpha) painted on cr, off px down and
 * right: the alpha shrunk by a factor of off and grown back smoothly,
 * which blurs it by about off.
 */
static void
draw_shadow(cairo_t *cr, cairo_surface_t *layer, double off)
{
	int f = MAX(2, (int)lround(off));
	int w = cairo_image_surface_get_width(layer) / f + 2;
	int h = cairo_image_surface_get_height(layer) / f + 2;
	cairo_surface_t *small = cairo_image_surface_create(CAIRO_FORMAT_A8,
	    w, h);
	cairo_t *sc = cairo_create(small);
	cairo_pattern_t *p;

	cairo_scale(sc, 1.0 / f, 1.0 / f);
	cairo_set_source_surface(sc, layer, 0, 0);
	cairo_paint(sc);
	cairo_destroy(sc);
	cairo_surface_flush(small);
	cairo_save(cr);
	cairo_translate(cr, off, off);
	cairo_scale(cr, f, f);
	p = cairo_pattern_create_for_surface(small);
	cairo_pattern_set_filter(p, CAIRO_FILTER_BILINEAR);
	cairo_set_source_rgba(cr, 0, 0, 0, SHADOW_ALPHA);
	cairo_mask(cr, p);
	cairo_pattern_destroy(p);
	cairo_restore(cr);
	cairo_surface_destroy(small);
}

/*
 * A card drawn by draw (onto a layer the image's size) and painted
 * on cr, its shadow first if v asks for one.
 */
static void
paint_layer(cairo_t *cr, const struct export_shop *v, const struct shop *sh,
    cairo_surface_t *layer)
{
	if (v->shadow)
		draw_shadow(cr, layer, MM(SHADOW_MM) * sh->k);
	cairo_set_source_surface(cr, layer, 0, 0);
	cairo_paint(cr);
}

/* A new transparent layer the size of cr's image, and its context. */
static cairo_t *
layer_new(cairo_t *cr, cairo_surface_t **layer)
{
	cairo_surface_t *t = cairo_get_target(cr);

	*layer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
	    cairo_image_surface_get_width(t), cairo_image_surface_get_height(t));
	return cairo_create(*layer);
}

/* The angle of card i of n in a fan, in radians, 0 upright. */
static double
fan_angle(size_t i, size_t n)
{
	double spread = n > 1 ? fmin(FAN_DEG * (n - 1.0), FAN_MAX_DEG) : 0;

	return n > 1 ? (-spread / 2 + spread * i / (n - 1.0)) * M_PI / 180 : 0;
}

/*
 * Where the fan's pivot is, in px, and the image's size: every corner
 * of every card turned about it, a margin round them.
 */
static void
fan_box(const struct shop *sh, double r, double margin, double *px,
    double *py, int *w, int *h)
{
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	size_t i;
	int c;

	for (i = 0; i < sh->n; i++) {
		double a = fan_angle(i, sh->n);
		double cw = cairo_image_surface_get_width(sh->img[i]);
		double ch = cairo_image_surface_get_height(sh->img[i]);

		for (c = 0; c < 4; c++) {
			double x = (c & 1 ? 0.5 : -0.5) * cw;
			double y = -r + (c & 2 ? 0.5 : -0.5) * ch;
			double tx = x * cos(a) - y * sin(a);
			double ty = x * sin(a) + y * cos(a);

			x0 = fmin(x0, tx);
			x1 = fmax(x1, tx);
			y0 = fmin(y0, ty);
			y1 = fmax(y1, ty);
		}
	}
	*px = margin - x0;
	*py = margin - y0;
	*w = (int)ceil(x1 - x0 + 2 * margin);
	*h = (int)ceil(y1 - y0 + 2 * margin);
}

/* The hand: each card turned about a pivot below, left to right. */
static void
draw_hand(cairo_t *cr, const struct export_shop *v, const struct shop *sh,
    double r, double px, double py)
{
	cairo_surface_t *layer;
	cairo_t *lc;
	size_t i;

	for (i = 0; i < sh->n; i++) {
		double cw = cairo_image_surface_get_width(sh->img[i]);
		double ch = cairo_image_surface_get_height(sh->img[i]);

		lc = layer_new(cr, &layer);
		cairo_translate(lc, px, py);
		cairo_rotate(lc, fan_angle(i, sh->n));
		cairo_set_source_surface(lc, sh->img[i], -cw / 2,
		    -r - ch / 2);
		cairo_paint(lc);
		cairo_destroy(lc);
		paint_layer(cr, v, sh, layer);
		cairo_surface_destroy(layer);
	}
}

/*
 * Card img seen turned about its left edge at (x, cy) px, its left
 * edge full height and its right FAR as high, drawn a column of pixels
 * at a time, each column scaled; with mirror, instead, its reflection
 * below its slanted bottom edge, fading from REFLECT_ALPHA to nothing.
 */
static void
draw_turned(cairo_t *cr, cairo_surface_t *img, double x, double cy,
    double gap, bool mirror)
{
	double w = cairo_image_surface_get_width(img);
	double h = cairo_image_surface_get_height(img);
	int cols = (int)lround(w * FORESHORTEN), j;

	for (j = 0; j < cols; j++) {
		double f = 1 - (1 - FAR) * (j + 0.5) / cols;
		double top = mirror ? cy + f * h / 2 + gap : cy - f * h / 2;
		double hh = mirror ? REFLECT * f * h : f * h;
		cairo_pattern_t *fade;

		cairo_save(cr);
		cairo_rectangle(cr, x + j, floor(top), 1, ceil(hh) + 1);
		cairo_clip(cr);
		cairo_translate(cr, x + j, top);
		cairo_scale(cr, cols / w, mirror ? -f : f);
		/* The source column under this one, the bottom row first
		 * when mirrored. */
		cairo_set_source_surface(cr, img, -j * w / cols, mirror ?
		    -h : 0);
		cairo_pattern_set_filter(cairo_get_source(cr),
		    CAIRO_FILTER_GOOD);
		if (mirror) {
			cairo_identity_matrix(cr);
			fade = cairo_pattern_create_linear(0, top, 0, top + hh);
			cairo_pattern_add_color_stop_rgba(fade, 0, 0, 0, 0,
			    REFLECT_ALPHA);
			cairo_pattern_add_color_stop_rgba(fade, 1, 0, 0, 0, 0);
			cairo_mask(cr, fade);
			cairo_pattern_destroy(fade);
		} else
			cairo_paint(cr);
		cairo_restore(cr);
	}
}

/* The showcase: the cards in a row, each above its reflection. */
static void
draw_showcase(cairo_t *cr, const struct export_shop *v,
    const struct shop *sh, double margin, double cy, double gap)
{
	cairo_surface_t *layer;
	cairo_t *lc;
	/* Whole pixels: a column of a card is a pixel, not two halves. */
	double x = lround(margin);
	size_t i;

	for (i = 0; i < sh->n; i++) {
		draw_turned(cr, sh->img[i], x, cy, gap, true);
		lc = layer_new(cr, &layer);
		draw_turned(lc, sh->img[i], x, cy, gap, false);
		cairo_destroy(lc);
		paint_layer(cr, v, sh, layer);
		cairo_surface_destroy(layer);
		x += lround(cairo_image_surface_get_width(sh->img[i]) *
		    FORESHORTEN) + lround(margin / 2);
	}
}

/* The showcase's size in px: the row, and below it the reflections. */
static void
showcase_box(const struct shop *sh, double margin, double gap, int *w,
    int *h)
{
	double x = lround(margin);
	size_t i;

	for (i = 0; i < sh->n; i++)
		x += lround(cairo_image_surface_get_width(sh->img[i]) *
		    FORESHORTEN) + lround(i + 1 < sh->n ? margin / 2 : margin);
	*w = (int)ceil(x);
	*h = (int)ceil(2 * margin + sh->maxh * (1 + REFLECT) + gap);
}

/* Draw the image v asks for and write it to out. */
static int
shop_draw(const struct export_shop *v, const struct shop *sh,
    const char *out, struct export_image *r, struct diags *d)
{
	double margin = MM(RASTER_GAP_MM + 2 * SHADOW_MM) * sh->k;
	double gap = MM(REFLECT_GAP_MM) * sh->k, radius = 0, px = 0,
	    py = 0;
	cairo_surface_t *img;
	cairo_t *cr;
	int w, h, rc;

	if (v->look == SHOP_HAND) {
		radius = FAN_RADIUS * sh->maxh;
		fan_box(sh, radius, margin, &px, &py, &w, &h);
	} else
		showcase_box(sh, margin, gap, &w, &h);
	if ((rc = export_image_fits(w, h, v->dpi, r->what, d)) != 0)
		return rc;
	if ((img = export_raster_new(w, h, d)) == NULL)
		return EXIT_IO;
	cr = cairo_create(img);
	if (v->look == SHOP_HAND)
		draw_hand(cr, v, sh, radius, px, py);
	else
		draw_showcase(cr, v, sh, margin, margin + sh->maxh / 2.0, gap);
	return export_raster_finish(cr, true, img, out, v->dpi, r, d);
}

int
export_shop_image(const struct setup *s, size_t li,
    const struct export_shop *v, const char *out, struct export_image *r,
    struct diags *d)
{
	struct shop sh = { NULL, NULL, 0, v->dpi / 72, 0, 0 };
	size_t nerr = d->nerr;
	int rc;

	r->what = NULL;
	if ((rc = job_kind_arg(s->deck, v->component, d)) != 0 ||
	    (rc = pick_cards(s, li, v, &sh, d)) != 0)
		goto out;
	r->what = g_strdup_printf("%s of %zu card%s", v->look == SHOP_HAND ?
	    "a hand" : "a showcase", sh.n, sh.n == 1 ? "" : "s");
	/* Text too long for its box: an error, unless in a draft. */
	if (d->nerr > nerr && !s->deck->draft)
		rc = EXIT_INPUT;
	else if (sh.n == 0)
		rc = diag_add(d, DIAG_ERROR, NULL, "usage", "no card to show")
		    + EXIT_USAGE;
	else if (!draw_fronts(s, &sh))
		rc = diag_add(d, DIAG_ERROR, NULL, "io", "cannot draw the "
		    "cards") + EXIT_IO;
	else {
		/* Art no front shows: checked before the image is written
		 * (to standard output, at once), as loading would have. */
		job_art_checked(s->images);
		rc = shop_draw(v, &sh, out, r, d);
	}
out:
	shop_free(&sh);
	return rc;
}
