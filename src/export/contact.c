/* SPDX-License-Identifier: MIT */
/*
 * Contact sheets: every card of a deck once, in print order, on one
 * image, its id below it -- the faces laid out as the card sheets have
 * them (print_face) and drawn as one card's image has them (raster.c).
 * Part of the export stage.
 */
#include <math.h>
#include <stdlib.h>

#include <glib.h>
#include <pango/pangocairo.h>

#include "exporting.h"

/* A contact sheet's measures, in mm: what reads well on a screen. */
#define LABEL_MM	6	/* the band under a card for its id */
#define ROW_MM		400	/* a row holds as many as fit in this:
				   five cards, or two 190 mm sheets;
				   2362 px at 150 dpi, a wide screen */
#define LABEL_FONT	"Roboto 7"

/* One card of a contact sheet: its faces side by side, its id below. */
struct cell {
	const char	*id;
	struct laid	 laid[2];	/* its faces, laid out */
	const struct laid *faces[2];	/* those drawn, in laid[] */
	size_t		 n;
	int		 x, y, w, h;	/* px, the faces' box */
	double		 safe;		/* pt, its template's safe area */
	bool		 row;		/* starts a new row: a new kind */
};

/* Add face f of component k of sh to cell c, laid out. */
static void
cell_face(const struct setup *s, const struct print *pr,
    const struct sheets *sh, size_t k, enum face f, struct cell *c,
    struct diags *d)
{
	print_face(s, pr, sh, k, f, &c->laid[c->n], d);
	c->faces[c->n] = &c->laid[c->n];
	c->n++;
}

/*
 * The cells of a contact sheet: every card once, in print order, its
 * faces laid out (what does not fit reported).  Free with cells_free().
 */
static struct cell *
sheet_cells(const struct setup *s, const struct print *pr,
    unsigned int sides, size_t *n, struct diags *d)
{
	struct cell *v = xcalloc(s->deck->ncards + 1, sizeof(*v));
	size_t i, k;

	*n = 0;
	for (i = 0; i < pr->n; i++) {
		const struct sheets *sh = &pr->v[i];
		bool first = true;

		for (k = 0; k < sh->n; k++) {
			struct cell *c = &v[*n];

			/* A copy after the first is no new card. */
			if (k > 0 && sh->seq[k] == sh->seq[k - 1])
				continue;
			c->id = s->deck->cards[sh->seq[k]].id;
			c->safe = s->tmpls[sh->kind]->safe;
			if (sides & SIDE_FRONT)
				cell_face(s, pr, sh, k, FACE_FRONT, c, d);
			if ((sides & SIDE_BACK) && sh->backs)
				cell_face(s, pr, sh, k, FACE_BACK, c, d);
			if (c->n == 0)
				continue;
			c->row = first;
			first = false;
			(*n)++;
		}
	}
	return v;
}

static void
cells_free(struct cell *v, size_t n)
{
	size_t i, f;

	for (i = 0; v != NULL && i < n; i++)
		for (f = 0; f < v[i].n; f++)
			layout_laid_free(&v[i].laid[f]);
	free(v);
}

/*
 * Place the cells in rows: as many as fit ROW_MM (at least one), each
 * kind from a new row.  Sets the sheet's size in px (as doubles, so
 * that a huge sheet is refused, not wrapped round).
 */
static void
sheet_place(struct cell *v, size_t n, double dpi, double *w, double *h)
{
	int gap = export_raster_px(RASTER_GAP_MM, dpi),
	    label = export_raster_px(LABEL_MM, dpi);
	int maxw = export_raster_px(ROW_MM, dpi);
	double x = gap, y = gap, rowh = 0;
	size_t i;

	*w = 0;
	for (i = 0; i < n; i++) {
		export_raster_faces_px(v[i].faces, v[i].n, dpi, &v[i].w,
		    &v[i].h);
		if (i > 0 && (v[i].row || x + v[i].w > gap + maxw)) {
			y += rowh + label + gap;
			x = gap;
			rowh = 0;
		}
		v[i].x = x < RENDER_MAX_PX ? (int)x : RENDER_MAX_PX;
		v[i].y = y < RENDER_MAX_PX ? (int)y : RENDER_MAX_PX;
		x += v[i].w + gap;
		rowh = v[i].h > rowh ? v[i].h : rowh;
		*w = x > *w ? x : *w;
	}
	*h = y + rowh + label + gap;
}

/* A cell's id centred in the band below it, shortened if too long. */
static void
draw_label(cairo_t *cr, PangoContext *ctx, const struct cell *c,
    double dpi)
{
	PangoLayout *l = pango_layout_new(ctx);
	PangoFontDescription *fd = pango_font_description_from_string(
	    LABEL_FONT);
	double k = dpi / 72;
	PangoRectangle log;

	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_text(l, c->id, -1);
	pango_layout_set_width(l, (int)(c->w / k * PANGO_SCALE));
	pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_MIDDLE);
	pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
	pango_layout_get_extents(l, NULL, &log);
	cairo_save(cr);
	/* The label in points, like the cards' own text. */
	cairo_scale(cr, k, k);
	cairo_move_to(cr, c->x / k, (c->y + c->h) / k + (MM(LABEL_MM) -
	    pango_units_to_double(log.height)) / 2);
	cairo_set_source_rgb(cr, 0.13, 0.13, 0.13);
	layout_show(cr, l);
	cairo_restore(cr);
	g_object_unref(l);
}

/* Draw the placed cells on a new image and write it. */
static int
sheet_image(const struct setup *s, const struct export_view *view,
    const struct cell *v, size_t n, int w, int h, const char *out,
    struct export_image *r, struct diags *d)
{
	double dpi = view->dpi;
	struct face_cut cut = { dpi / 72, dpi / 72, 0, 0, false, 0,
	    view->guides, 0, 0, 0 };
	cairo_surface_t *img;
	cairo_t *cr;
	bool ok = true;
	size_t i;
	int rc;

	if ((img = export_raster_new(w, h, d)) == NULL)
		return EXIT_IO;
	cr = cairo_create(img);
	/* A light grey ground: white cards and round tokens stand out. */
	cairo_set_source_rgb(cr, 0.89, 0.89, 0.89);
	cairo_paint(cr);
	for (i = 0; i < n; i++) {
		cut.safe = v[i].safe;
		ok &= export_raster_faces_draw(cr, s->fonts->ctx, v[i].faces,
		    v[i].n, v[i].x, v[i].y, &cut);
		draw_label(cr, s->fonts->ctx, &v[i], dpi);
	}
	ok &= cairo_status(cr) == CAIRO_STATUS_SUCCESS;
	cairo_destroy(cr);
	/* Deferred images no card here shows: checked before it is
	 * written, as loading would have. */
	job_art_checked(s->images);
	r->what = g_strdup_printf("%zu %s%s", n, s->deck->multi ?
	    "component" : "card", n == 1 ? "" : "s");
	if (ok)
		rc = export_raster_write(img, out, dpi, r, d);
	else {
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot draw the contact "
		    "sheet");
		rc = EXIT_IO;
	}
	cairo_surface_destroy(img);
	return rc;
}

int
export_sheet(struct setup *s, size_t li, const struct export_view *v,
    const char *out, struct export_image *r, struct diags *d)
{
	const struct printopts po = { DUPLEX_LONG, true, NULL, NULL, 0, 0,
	    NULL };
	struct print pr;
	struct cell *c = NULL;
	double w, h;
	size_t n = 0, nerr;
	int rc;

	r->what = NULL;
	/* Backs laid out whatever --face says: the print's order of the
	 * kinds depends on which have backs. */
	if (!print_build(s, li, &po, &pr, d)) {
		rc = EXIT_INPUT;
		goto out;
	}
	nerr = d->nerr;
	c = sheet_cells(s, &pr, v->sides, &n, d);
	/* Text too long for its box: an error, unless in a draft. */
	if (d->nerr > nerr) {
		rc = EXIT_INPUT;
		goto out;
	}
	if (n == 0) {
		diag_add(d, DIAG_ERROR, NULL, "usage", "no component of the "
		    "deck has a back");
		rc = EXIT_USAGE;
		goto out;
	}
	sheet_place(c, n, v->dpi, &w, &h);
	if ((rc = export_image_fits(w, h, v->dpi, "the contact sheet", d)) == 0)
		rc = sheet_image(s, v, c, n, (int)w, (int)h, out, r, d);
out:
	cells_free(c, n);
	print_free(&pr);
	return rc;
}
