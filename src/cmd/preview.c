/* SPDX-License-Identifier: MIT */
/*
 * The preview command: one card face, or front and back, as a PNG, or
 * a contact sheet of the whole deck -- laid out and drawn by the same
 * code as the PDF (layout_card, render_card), on an image surface
 * instead of a page, so a preview never disagrees with the print.
 * Part of the CLI.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <pango/pangocairo.h>

#include "cmd.h"
#include "../pdf/pdf.h"

static const char usage_preview[] =
"usage: deckpress preview DECK [--lang LANG] [--card ID]\n"
"                  [--face front|back|both] [--copy N] [--dpi N]\n"
"                  [--draft] [-o FILE.png] [--allow-outside]\n"
"\n"
"Draw the deck in folder DECK as a PNG image, with the same code that\n"
"draws its PDF.  With --card, one card: its face with its bleed, clipped\n"
"to its outline (a round token is transparent outside its circle);\n"
"front and back side by side with --face both.  Without it, a contact\n"
"sheet: every card once, in print order, each kind from a new row,\n"
"each card's id below it.\n"
"\n"
"  -l, --lang LANG      language to draw (default: the deck's first)\n"
"      --card ID        only this card (default: a contact sheet)\n"
"      --face FACE      front (default), back, or both side by side\n"
"                       (both: the front alone where a kind prints on\n"
"                       one side)\n"
"      --copy N         with --card, copy N of the card (default 1):\n"
"                       a template that numbers copies ({n}) shows N\n"
"      --dpi N          resolution, 30 to 1200 (default 150)\n"
"      --draft          draw a translation that is not finished, as\n"
"                       cards --draft prints it\n"
"  -o, --output FILE    PNG to write (default: out/GAME-LANG-preview.png,\n"
"                       or with --card out/GAME-LANG-ID.png, -N for copy\n"
"                       N > 1, -back for --face back)\n"
DECK_USAGE
"  -h, --help           this help\n"
"\n"
"Exit status: 0 done, 1 invalid input (nothing written), 2 usage,\n"
"3 I/O or font failure.\n";

/* A contact sheet's measures, in mm: what reads well on a screen. */
#define GAP_MM		4	/* between cards, and the margin */
#define LABEL_MM	6	/* the band under a card for its id */
#define ROW_MM		400	/* a row holds as many as fit in this:
				   five cards, or two 190 mm sheets;
				   2362 px at 150 dpi, a wide screen */
#define LABEL_FONT	"Roboto 7"

/* Which faces to draw (bits). */
enum { SIDE_FRONT = 1, SIDE_BACK = 2 };

struct preview {
	struct job	 j;
	const char	*card;		/* --card, or NULL: a contact sheet */
	unsigned int	 sides;		/* SIDE_* */
	unsigned int	 copy;		/* 1-based; 0: not given */
	double		 dpi;
};

/* One card of a contact sheet: its faces side by side, its id below. */
struct cell {
	const char	*id;
	struct laid	 laid[2];	/* its faces, laid out */
	const struct laid *faces[2];	/* those drawn, in laid[] */
	size_t		 n;
	int		 x, y, w, h;	/* px, the faces' box */
	bool		 row;		/* starts a new row: a new kind */
};

/* Whole pixels of mm at dpi. */
static int
px(double mm, double dpi)
{
	return (int)lround(mm / 25.4 * dpi);
}

int
dpi_arg(const char *arg, double *dpi, const char *usage)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (*arg == '\0' || *end != '\0' || v < 30 || v > 1200)
		return usage_error(usage, "--dpi must be a whole number from "
		    "30 to 1200, not '%s'", arg);
	*dpi = (double)v;
	return 0;
}

/*
 * The pixels a preview or an export may draw at once: 100 megapixels,
 * 400 MB as Cairo holds them.  Serious Privacy's largest board at 600
 * dpi is 50 megapixels; a contact sheet of its 140 components at 150
 * dpi 63.
 */
#define RENDER_MAX_MP	100

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
image_fits(double w, double h, double dpi, const char *what,
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

/* A cell's faces drawn side by side at (x, y) px of cr. */
static bool
draw_faces(cairo_t *cr, PangoContext *ctx, const struct laid *const *f,
    size_t n, int x, int y, double dpi)
{
	cairo_surface_t *img;
	bool ok = true;
	size_t i;

	for (i = 0; i < n; i++) {
		img = render_face_image(ctx, f[i], dpi);
		ok &= cairo_surface_status(img) == CAIRO_STATUS_SUCCESS;
		cairo_set_source_surface(cr, img, x, y);
		cairo_paint(cr);
		x += cairo_image_surface_get_width(img) + px(GAP_MM, dpi);
		cairo_surface_destroy(img);
	}
	return ok;
}

/* The size of faces f side by side, a gap apart, in px. */
static void
faces_px(const struct laid *const *f, size_t n, double dpi, int *w, int *h)
{
	size_t i;
	int fw, fh;

	*w = *h = 0;
	for (i = 0; i < n; i++) {
		render_face_px(f[i], dpi, &fw, &fh);
		*w += fw + (i ? px(GAP_MM, dpi) : 0);
		*h = fh > *h ? fh : *h;
	}
}

/*
 * The size of faces f side by side, as faces_px() has it but not
 * rounded nor stopped at Cairo's limit: what image_fits() judges.
 */
static void
faces_size(const struct laid *const *f, size_t n, double dpi, double *w,
    double *h)
{
	size_t i;

	*w = *h = 0;
	for (i = 0; i < n; i++) {
		*w += (f[i]->w + 2 * f[i]->bleed) * dpi / 72 +
		    (i ? px(GAP_MM, dpi) : 0);
		*h = fmax(*h, (f[i]->h + 2 * f[i]->bleed) * dpi / 72);
	}
}

/* A new transparent image of w x h px; NULL if Cairo cannot. */
static cairo_surface_t *
new_image(int w, int h, struct diags *d)
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

/* Write img to out and say so; an exit code. */
static int
write_image(cairo_surface_t *img, const char *out, const struct preview *p,
    const char *what, struct diags *d)
{
	if (ensure_parent(out, d) != 0 || !png_write(img, out, d))
		return EXIT_IO;
	fprintf(outfile_report_to(out), "%s: %s, %d x %d px at %.0f dpi\n",
	    outfile_name(out), what,
	    cairo_image_surface_get_width(img),
	    cairo_image_surface_get_height(img), p->dpi);
	return 0;
}

/* The faces of one card, drawn and written. */
static int
card_image(const struct setup *s, const struct preview *p,
    const struct laid *const *f, size_t n, const char *out,
    struct diags *d)
{
	cairo_surface_t *img;
	cairo_t *cr;
	char *what;
	double fw, fh;
	int w, h, rc;

	faces_px(f, n, p->dpi, &w, &h);
	faces_size(f, n, p->dpi, &fw, &fh);
	what = g_strdup_printf("card '%s'", p->card);
	if ((rc = image_fits(fw, fh, p->dpi, what, d)) != 0) {
		g_free(what);
		return rc;
	}
	if ((img = new_image(w, h, d)) == NULL) {
		g_free(what);
		return EXIT_IO;
	}
	cr = cairo_create(img);
	rc = draw_faces(cr, s->fonts->ctx, f, n, 0, 0, p->dpi) ? 0 : EXIT_IO;
	cairo_destroy(cr);
	if (rc == 0)
		rc = write_image(img, out, p, what, d);
	else
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot draw %s", what);
	cairo_surface_destroy(img);
	g_free(what);
	return rc;
}

/* The card --card names, and its copy: a usage error if none such. */
static int
find_card(const struct deck *deck, const struct preview *p,
    const struct card **c, struct diags *d)
{
	const char *hint;

	if ((*c = deck_card(deck, p->card)) == NULL) {
		hint = deck_suggest_id(deck, p->card);
		diag_add(d, DIAG_ERROR, NULL, "usage", "the deck has no card "
		    "'%s'%s%s%s", p->card, HINT_ARGS(hint));
		return EXIT_USAGE;
	}
	if (p->copy > (*c)->count) {
		diag_add(d, DIAG_ERROR, NULL, "usage", "card '%s' prints %u "
		    "cop%s, so there is no copy %u", p->card, (*c)->count,
		    (*c)->count == 1 ? "y" : "ies", p->copy);
		return EXIT_USAGE;
	}
	return 0;
}

/* out/GAME-LANG-ID[-N][-back].png, or --output. */
static char *
card_output(const struct preview *p, const struct deck *deck, size_t li)
{
	char num[16] = "";

	if (p->j.output != NULL)
		return g_strdup(p->j.output);
	if (p->copy > 1)
		snprintf(num, sizeof(num), "-%u", p->copy);
	return g_strdup_printf("out/%s-%s-%s%s%s.png", deck->game,
	    deck->langs[li], p->card, num, p->sides == SIDE_BACK ?
	    "-back" : "");
}

/* --card: lay out the faces asked for, draw them, write the PNG. */
static int
run_card(const struct setup *s, const struct preview *p, size_t li,
    struct diags *d)
{
	const struct card *c;
	const struct tmpl *t;
	struct laid laid[2] = { { 0 }, { 0 } };
	const struct laid *f[2];
	size_t n = 0, nerr = d->nerr;
	unsigned int copy = p->copy ? p->copy - 1 : 0;
	char *out;
	int rc;

	if ((rc = find_card(s->deck, p, &c, d)) != 0)
		return rc;
	t = s->tmpls[c->kind];
	if (p->sides == SIDE_BACK && t->nelems[FACE_BACK] == 0) {
		diag_add(d, DIAG_ERROR, NULL, "usage", "card '%s' has no back: "
		    "its %s prints on one side", p->card,
		    s->deck->multi ? s->deck->kinds[c->kind].name : "layout");
		return EXIT_USAGE;
	}
	if (p->sides & SIDE_FRONT) {
		layout_card(s->fonts, s->deck, t, c, copy, li, FACE_FRONT,
		    &laid[0], d);
		f[n++] = &laid[0];
	}
	/* Both: the back beside the front, where there is one. */
	if ((p->sides & SIDE_BACK) && t->nelems[FACE_BACK] > 0) {
		layout_card(s->fonts, s->deck, t, c, copy, li, FACE_BACK,
		    &laid[1], d);
		f[n++] = &laid[1];
	}
	out = card_output(p, s->deck, li);
	/* Text too long for its box: an error, unless in a draft. */
	rc = d->nerr > nerr ? EXIT_INPUT : card_image(s, p, f, n, out, d);
	g_free(out);
	laid_free(&laid[0]);
	laid_free(&laid[1]);
	return rc;
}

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
			laid_free(&v[i].laid[f]);
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
	int gap = px(GAP_MM, dpi), label = px(LABEL_MM, dpi);
	int maxw = px(ROW_MM, dpi);
	double x = gap, y = gap, rowh = 0;
	size_t i;

	*w = 0;
	for (i = 0; i < n; i++) {
		faces_px(v[i].faces, v[i].n, dpi, &v[i].w, &v[i].h);
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
	pango_cairo_show_layout(cr, l);
	cairo_restore(cr);
	g_object_unref(l);
}

/* Draw the placed cells on a new image and write it. */
static int
sheet_image(const struct setup *s, const struct preview *p,
    const struct cell *v, size_t n, int w, int h, const char *out,
    struct diags *d)
{
	cairo_surface_t *img;
	cairo_t *cr;
	char *what;
	bool ok = true;
	size_t i;
	int rc;

	if ((img = new_image(w, h, d)) == NULL)
		return EXIT_IO;
	cr = cairo_create(img);
	/* A light grey ground: white cards and round tokens stand out. */
	cairo_set_source_rgb(cr, 0.89, 0.89, 0.89);
	cairo_paint(cr);
	for (i = 0; i < n; i++) {
		ok &= draw_faces(cr, s->fonts->ctx, v[i].faces, v[i].n,
		    v[i].x, v[i].y, p->dpi);
		draw_label(cr, s->fonts->ctx, &v[i], p->dpi);
	}
	ok &= cairo_status(cr) == CAIRO_STATUS_SUCCESS;
	cairo_destroy(cr);
	what = g_strdup_printf("%zu %s%s", n, s->deck->multi ? "component" :
	    "card", n == 1 ? "" : "s");
	if (ok)
		rc = write_image(img, out, p, what, d);
	else {
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot draw the contact "
		    "sheet");
		rc = EXIT_IO;
	}
	g_free(what);
	cairo_surface_destroy(img);
	return rc;
}

/* No --card: every card once on one image. */
static int
run_sheet(struct setup *s, const struct preview *p, size_t li,
    struct diags *d)
{
	const struct printopts po = { DUPLEX_LONG, true, NULL, NULL, 0, 0 };
	struct print pr;
	struct cell *v = NULL;
	double w, h;
	size_t n = 0, nerr;
	char *out = NULL;
	int rc;

	/* Backs laid out whatever --face says: the print's order of the
	 * kinds depends on which have backs. */
	if (!print_build(s, li, &po, &pr, d)) {
		rc = EXIT_INPUT;
		goto out;
	}
	nerr = d->nerr;
	v = sheet_cells(s, &pr, p->sides, &n, d);
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
	sheet_place(v, n, p->dpi, &w, &h);
	if ((rc = image_fits(w, h, p->dpi, "the contact sheet", d)) != 0)
		goto out;
	out = p->j.output ? g_strdup(p->j.output) : g_strdup_printf(
	    "out/%s-%s-preview.png", s->deck->game, s->deck->langs[li]);
	rc = sheet_image(s, p, v, n, (int)w, (int)h, out, d);
out:
	g_free(out);
	cells_free(v, n);
	print_free(&pr);
	return rc;
}

static int
run_preview(struct preview *p, struct diags *d)
{
	struct setup s = { 0 };
	struct load_opts lo;
	int rc, li = 0;

	job_load_opts(&p->j, &lo);
	if ((rc = setup_load(&s, p->j.deckdir, &lo, d)) != 0 ||
	    (rc = lang_arg(s.deck, p->j.lang, &li, d)) != 0)
		goto out;
	if (p->card != NULL)
		rc = run_card(&s, p, (size_t)li, d);
	else
		rc = run_sheet(&s, p, (size_t)li, d);
out:
	setup_free(&s);
	return rc;
}

/* --face FACE as SIDE_* bits; 0 if it names none. */
static unsigned int
face_arg(const char *arg)
{
	if (strcmp(arg, "front") == 0)
		return SIDE_FRONT;
	if (strcmp(arg, "back") == 0)
		return SIDE_BACK;
	if (strcmp(arg, "both") == 0)
		return SIDE_FRONT | SIDE_BACK;
	return 0;
}

/* --copy N: a whole number from 1. */
static int
copy_arg(const char *arg, unsigned int *copy)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (*arg == '\0' || *end != '\0' || v < 1 || v > 100000)
		return usage_error(usage_preview, "--copy must be a whole "
		    "number from 1, not '%s'", arg);
	*copy = (unsigned int)v;
	return 0;
}

/* One option of the command line into p; 0 or an exit code. */
static int
preview_option(struct preview *p, int c, const char *arg)
{
	switch (c) {
	case 'l':
		p->j.lang = arg;
		return 0;
	case 'o':
		p->j.output = arg;
		return 0;
	case 'D':
		p->j.draft = true;
		return 0;
	case 'C':
		p->card = arg;
		return 0;
	case 'F':
		if ((p->sides = face_arg(arg)) == 0)
			return usage_error(usage_preview, "--face must be "
			    "front, back or both, not '%s'", arg);
		return 0;
	case 'N':
		return copy_arg(arg, &p->copy);
	case 'r':
		return dpi_arg(arg, &p->dpi, usage_preview);
	case 'A':
		p->j.allow_outside = true;
		return 0;
	}
	fputs(usage_preview, stderr);	/* getopt has said what is wrong */
	return EXIT_USAGE;
}

int
cmd_preview(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "output", required_argument, NULL, 'o' },
		{ "card", required_argument, NULL, 'C' },
		{ "face", required_argument, NULL, 'F' },
		{ "copy", required_argument, NULL, 'N' },
		{ "dpi", required_argument, NULL, 'r' },
		{ "draft", no_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		DECK_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct preview p = { .j = JOB_INIT, .sides = SIDE_FRONT, .dpi = 150 };
	struct diags d = { 0 };
	int c, rc;

	while ((c = getopt_long(argc, argv, "l:o:h", opts, NULL)) != -1) {
		if (c == 'h') {
			fputs(usage_preview, stdout);
			return 0;
		}
		if ((rc = preview_option(&p, c, optarg)) != 0)
			return rc;
	}
	if (argc - optind != 1)
		return usage_error(usage_preview, "%s", argc - optind ? "give "
		    "exactly one deck folder" : "no deck folder given");
	if (p.copy != 0 && p.card == NULL)
		return usage_error(usage_preview, "%s", "--copy needs --card: "
		    "a contact sheet shows every card once");
	p.j.deckdir = argv[optind];
	return finish(&d, run_preview(&p, &d));
}
