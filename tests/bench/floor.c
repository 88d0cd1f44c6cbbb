/* SPDX-License-Identifier: MIT */
/*
 * The floor of make bench (issue 13): the Cairo and Pango calls that
 * the same card faces need and nothing else.  It reads the table that
 * "deckpress export --boxes" writes -- every face with its boxes, each
 * text with the size deckpress fitted it to -- and draws it into a PDF
 * with plain Cairo and Pango: no YAML, no fitting, no imposition, each
 * text shaped once.  What deckpress takes beyond this is its own cost.
 *
 * usage: floor [-f FONTDIR] BOXES.tsv OUT.pdf
 *
 * Faces go on A4 pages in a fixed grid (3 x 3 for a poker card, as many
 * as fit, touching with their bleeds), a page of fronts followed by the
 * page of their backs, at the same places.  A face larger than A4 gets
 * a page of its own size.  PNG and SVG images are drawn, each file read
 * once; other images are left out (no bundled deck has one), as are
 * images inline in a text ({img:PATH} in the table), the shapes other
 * than rectangles (the table gives their box, not their points), and
 * opacity and dashes other than a space's.  Gradients are drawn, and a
 * turned or mirrored box turned as the table says, about its pivot and
 * its centre.
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <librsvg/rsvg.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

#include "floor.h"

#define PAPER_W		595.2756	/* A4, pt */
#define PAPER_H		841.8898
struct face {
	double		 w, h, bleed, corner;	/* pt */
	bool		 circle;
	struct box	*v;
	size_t		 n, cap;
};

/* A copy of a card: its front and, if printed, its back. */
struct copy {
	struct face	 f[2];
	bool		 back;
};

/* An image file, read once however many faces show it. */
struct pic {
	char		*path;
	cairo_surface_t	*s;		/* NULL: not drawn */
	double		 w, h;		/* px */
};

struct floor {
	const char	*file;		/* the table, for messages */
	unsigned long	 line;
	PangoContext	*ctx;
	cairo_surface_t	*pdf;
	cairo_t		*cr;
	struct copy	*grp;		/* the copies of one sheet */
	size_t		 ngrp, per;	/* how many; how many fit */
	size_t		 grpcap;	/* allocated, their faces' boxes
					   kept for the next sheet */
	double		 pw, ph;	/* pt, the sheet */
	struct pic	*pics;
	size_t		 npics;
	unsigned long	 pages;
};

static void *
xrealloc(void *p, size_t n)
{
	if ((p = realloc(p, n)) == NULL) {
		perror("floor");
		exit(3);
	}
	return p;
}

static void
fail(const struct floor *fl, const char *msg)
{
	fprintf(stderr, "%s:%lu:1: error: %s\n", fl->file, fl->line, msg);
	exit(1);
}

/*
 * A private fontconfig configuration of dir alone, as deckpress makes
 * one, and a Pango context like its own: 72 dpi, unhinted, glyph
 * positions unrounded.  Caller unrefs.
 */
static PangoContext *
context_new(const char *dir)
{
	FcConfig *fc = FcConfigCreate();
	char *abs = realpath(dir, NULL), *xml;
	PangoFontMap *map;
	PangoContext *ctx;
	cairo_font_options_t *fo = cairo_font_options_create();

	if (abs == NULL) {
		perror(dir);
		exit(3);
	}
	/* The cache deckpress uses: both find it warm, or both cold. */
	xml = g_strdup_printf("<?xml version=\"1.0\"?><fontconfig><dir>%s"
	    "</dir><cachedir prefix=\"xdg\">deckpress</cachedir><cachedir>"
	    "%s/deckpress-fontconfig</cachedir></fontconfig>", abs,
	    g_get_tmp_dir());
	if (!FcConfigParseAndLoadFromMemory(fc, (const FcChar8 *)xml,
	    FcTrue) || !FcConfigBuildFonts(fc)) {
		fprintf(stderr, "floor: cannot read the fonts of %s\n", dir);
		exit(3);
	}
	g_free(xml);
	free(abs);
	/* Else Pango's fontconfig calls still find the system's fonts. */
	FcConfigSetCurrent(fc);
	map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
	pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), fc);
	FcConfigDestroy(fc);
	ctx = pango_font_map_create_context(map);
	g_object_unref(map);
	pango_cairo_context_set_resolution(ctx, 72);
	pango_context_set_round_glyph_positions(ctx, FALSE);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	pango_cairo_context_set_font_options(ctx, fo);
	cairo_font_options_destroy(fo);
	return ctx;
}

/* --- reading the table (the lines of boxes: floortsv.c) ------------- */

static void
face_clear(struct face *f)
{
	size_t i;

	for (i = 0; i < f->n; i++) {
		free(f->v[i].family);
		free(f->v[i].text);
	}
	f->n = 0;
}

/* --- drawing ------------------------------------------------------------ */

static void
set_rgba(cairo_t *cr, const struct rgba *c)
{
	cairo_set_source_rgba(cr, c->r, c->g, c->b, c->a);
}

/* deckpress's rounded rectangle: the same four arcs. */
static void
rounded(cairo_t *cr, double x, double y, double w, double h, double r)
{
	if (r <= 0) {
		cairo_rectangle(cr, x, y, w, h);
		return;
	}
	if (r > w / 2)
		r = w / 2;
	if (r > h / 2)
		r = h / 2;
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
	cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
	cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
	cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
	cairo_close_path(cr);
}

/* The fill's source: its colour, or its gradient as deckpress spreads
 * it across the box. */
static void
set_fill(cairo_t *cr, const struct box *b)
{
	const struct grad *g = &b->grad;
	double cx = b->x + b->w / 2, cy = b->y + b->h / 2, a, dx, dy, half;
	cairo_pattern_t *p;
	cairo_matrix_t m;
	int i;

	if (g->kind == 0) {
		set_rgba(cr, &b->fill);
		return;
	}
	if (g->kind == 1) {
		/* The box's corners at 0 and 1. */
		a = g->angle * M_PI / 180;
		dx = cos(a);
		dy = sin(a);
		half = (fabs(dx) * b->w + fabs(dy) * b->h) / 2;
		p = cairo_pattern_create_linear(cx - dx * half, cy - dy * half,
		    cx + dx * half, cy + dy * half);
	} else {
		p = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1);
		cairo_matrix_init_scale(&m, 2 / fmax(b->w, 1e-9),
		    2 / fmax(b->h, 1e-9));
		cairo_matrix_translate(&m, -cx, -cy);
		cairo_pattern_set_matrix(p, &m);
	}
	for (i = 0; i < g->n; i++)
		cairo_pattern_add_color_stop_rgba(p, g->at[i], g->stop[i].r,
		    g->stop[i].g, g->stop[i].b, g->stop[i].a);
	cairo_set_source(cr, p);
	cairo_pattern_destroy(p);
}

/* A rectangle or a space: fill, then the outline inside the box. */
static void
draw_rect(cairo_t *cr, const struct box *b)
{
	double i = b->stroke_w / 2;

	if (b->fill.set) {
		rounded(cr, b->x, b->y, b->w, b->h, b->radius);
		set_fill(cr, b);
		cairo_fill(cr);
	}
	if (!b->stroke.set || b->stroke_w <= 0)
		return;
	rounded(cr, b->x + i, b->y + i, b->w - 2 * i, b->h - 2 * i,
	    b->radius > i ? b->radius - i : 0);
	if (b->dash)
		cairo_set_dash(cr, (const double[]){ 3 * b->stroke_w,
		    2 * b->stroke_w }, 2, 0);
	cairo_set_line_width(cr, b->stroke_w);
	set_rgba(cr, &b->stroke);
	cairo_stroke(cr);
}

/* A text at its size: shaped once, placed by its logical extent. */
static void
draw_text(cairo_t *cr, PangoContext *ctx, const struct box *b)
{
	static const PangoAlignment al[] = { PANGO_ALIGN_LEFT,
	    PANGO_ALIGN_CENTER, PANGO_ALIGN_RIGHT, PANGO_ALIGN_LEFT };
	PangoLayout *l = pango_layout_new(ctx);
	PangoFontDescription *fd = pango_font_description_new();
	PangoRectangle log;
	double h;

	pango_font_description_set_family(fd, b->family);
	pango_font_description_set_weight(fd, b->bold ? PANGO_WEIGHT_BOLD :
	    PANGO_WEIGHT_NORMAL);
	pango_font_description_set_style(fd, b->italic ? PANGO_STYLE_ITALIC :
	    PANGO_STYLE_NORMAL);
	pango_font_description_set_size(fd, (gint)lround(b->size *
	    PANGO_SCALE));
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_width(l, (int)floor(b->wrap_w * PANGO_SCALE));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	pango_layout_set_alignment(l, al[b->halign]);
	pango_layout_set_justify(l, b->halign == 3);
	if (b->leading != 1)
		pango_layout_set_line_spacing(l, (float)b->leading);
	pango_layout_set_markup(l, b->text, -1);
	pango_layout_get_extents(l, NULL, &log);
	h = pango_units_to_double(log.height);
	cairo_move_to(cr, b->x, b->y + (b->h - h) * b->valign / 2 -
	    pango_units_to_double(log.y));
	set_rgba(cr, &b->color);
	pango_cairo_show_layout(cr, l);
	g_object_unref(l);
}

/* An icon: its glyph centred on its ink, mirrored if asked. */
static void
draw_icon(cairo_t *cr, PangoContext *ctx, const struct box *b)
{
	PangoLayout *l = pango_layout_new(ctx);
	PangoFontDescription *fd = pango_font_description_new();
	PangoRectangle ink;

	pango_font_description_set_family(fd, b->family);
	pango_font_description_set_size(fd, (gint)lround(b->size *
	    PANGO_SCALE));
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_text(l, b->text, -1);
	pango_layout_get_extents(l, &ink, NULL);
	if (b->mirror) {
		cairo_translate(cr, b->x + b->w / 2, 0);
		cairo_scale(cr, -1, 1);
		cairo_translate(cr, -(b->x + b->w / 2), 0);
	}
	cairo_move_to(cr,
	    b->x + (b->w - pango_units_to_double(ink.width)) / 2 -
	    pango_units_to_double(ink.x),
	    b->y + (b->h - pango_units_to_double(ink.height)) / 2 -
	    pango_units_to_double(ink.y));
	set_rgba(cr, &b->color);
	pango_cairo_show_layout(cr, l);
	g_object_unref(l);
}

/* An SVG as the vectors librsvg records; NULL if it cannot. */
static cairo_surface_t *
svg_load(const char *path, double *w, double *h)
{
	RsvgHandle *svg = rsvg_handle_new_from_file(path, NULL);
	cairo_surface_t *s;
	cairo_t *cr;
	RsvgRectangle vp = { 0, 0, 0, 0 };

	if (svg == NULL || !rsvg_handle_get_intrinsic_size_in_pixels(svg, w,
	    h)) {
		if (svg != NULL)
			g_object_unref(svg);
		return NULL;
	}
	vp.width = *w;
	vp.height = *h;
	s = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA,
	    &(cairo_rectangle_t){ 0, 0, *w, *h });
	cr = cairo_create(s);
	rsvg_handle_render_document(svg, cr, &vp, NULL);
	cairo_destroy(cr);
	g_object_unref(svg);
	return s;
}

/* The image at path, read the first time it is asked for. */
static const struct pic *
pic_get(struct floor *fl, const char *path)
{
	struct pic *p;
	size_t i, n = strlen(path);

	for (i = 0; i < fl->npics; i++)
		if (strcmp(fl->pics[i].path, path) == 0)
			return &fl->pics[i];
	fl->pics = xrealloc(fl->pics, (fl->npics + 1) * sizeof(*fl->pics));
	p = &fl->pics[fl->npics++];
	p->path = strdup(path);
	p->s = NULL;
	if (n > 4 && strcmp(path + n - 4, ".png") == 0) {
		p->s = cairo_image_surface_create_from_png(path);
		p->w = cairo_image_surface_get_width(p->s);
		p->h = cairo_image_surface_get_height(p->s);
	} else if (n > 4 && strcmp(path + n - 4, ".svg") == 0)
		p->s = svg_load(path, &p->w, &p->h);
	if (p->s == NULL || cairo_surface_status(p->s) != CAIRO_STATUS_SUCCESS)
		fprintf(stderr, "floor: %s: not drawn\n", path);
	return p;
}

/* An image: scaled as its fit says, centred, clipped as its clip says. */
static void
draw_image(struct floor *fl, const struct box *b)
{
	const struct pic *p = pic_get(fl, b->text);
	double fw, fh, sx, sy;

	if (p->s == NULL || cairo_surface_status(p->s) != CAIRO_STATUS_SUCCESS)
		return;
	fw = b->w / p->w;
	fh = b->h / p->h;
	sx = sy = b->fit == 1 ? fmax(fw, fh) : fmin(fw, fh);
	if (b->fit == 2) {
		sx = fw;
		sy = fh;
	}
	/* Clipped to the bleed before it turned (draw_face). */
	if (b->clip == 0) {
		cairo_rectangle(fl->cr, b->x, b->y, b->w, b->h);
		cairo_clip(fl->cr);
	}
	cairo_translate(fl->cr, b->x + (b->w - p->w * sx) / 2,
	    b->y + (b->h - p->h * sy) / 2);
	cairo_scale(fl->cr, sx, sy);
	cairo_set_source_surface(fl->cr, p->s, 0, 0);
	cairo_paint(fl->cr);
}

/* A box turned about its pivot, then mirrored about its centre. */
static void
turn(cairo_t *cr, const struct box *b)
{
	double cx = b->x + b->w / 2, cy = b->y + b->h / 2;

	if (b->rotate != 0) {
		cairo_translate(cr, b->px, b->py);
		cairo_rotate(cr, b->rotate * M_PI / 180);
		cairo_translate(cr, -b->px, -b->py);
	}
	if (b->flip != 0) {
		cairo_translate(cr, cx, cy);
		cairo_scale(cr, b->flip == 1 ? -1 : 1, b->flip == 2 ? -1 : 1);
		cairo_translate(cr, -cx, -cy);
	}
}

/* Face f with its bleed's top-left corner at x, y on the page. */
static void
draw_face(struct floor *fl, const struct face *f, double x, double y)
{
	cairo_t *cr = fl->cr;
	double b = f->bleed;
	size_t i;

	cairo_save(cr);
	cairo_translate(cr, x, y);
	if (f->circle)
		cairo_arc(cr, f->w / 2 + b, f->h / 2 + b, f->w / 2 + b, 0,
		    2 * M_PI);
	else
		cairo_rectangle(cr, 0, 0, f->w + 2 * b, f->h + 2 * b);
	cairo_clip(cr);
	cairo_translate(cr, b, b);
	for (i = 0; i < f->n; i++) {
		const struct box *bx = &f->v[i];

		cairo_save(cr);
		/* The bleed an image may cover stays put as it turns. */
		if (bx->type == B_IMAGE && bx->clip == 1) {
			cairo_rectangle(cr, -b, -b, f->w + 2 * b, f->h + 2 * b);
			cairo_clip(cr);
		}
		turn(cr, bx);
		if (bx->type == B_SHAPE)
			;
		else if (bx->type == B_TEXT)
			draw_text(cr, fl->ctx, bx);
		else if (bx->type == B_ICON)
			draw_icon(cr, fl->ctx, bx);
		else if (bx->type == B_IMAGE)
			draw_image(fl, bx);
		else
			draw_rect(cr, bx);
		cairo_restore(cr);
	}
	cairo_restore(cr);
}

/* Short crop lines at the outer corners of the block of cells. */
static void
crop_marks(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	const double xs[2] = { x0, x1 }, ys[2] = { y0, y1 };
	int i, j;

	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.25);
	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++) {
			double dx = i ? 3 : -3, dy = j ? 3 : -3;

			cairo_move_to(cr, xs[i] + dx, ys[j]);
			cairo_line_to(cr, xs[i] + 4 * dx, ys[j]);
			cairo_move_to(cr, xs[i], ys[j] + dy);
			cairo_line_to(cr, xs[i], ys[j] + 4 * dy);
		}
	cairo_stroke(cr);
}

/* One page: side s of the copies of the group, in rows. */
static void
draw_page(struct floor *fl, int s)
{
	const struct face *f0 = &fl->grp[0].f[0];
	double cw = f0->w + 2 * f0->bleed, ch = f0->h + 2 * f0->bleed;
	size_t cols = (size_t)(fl->pw / cw), rows, i;
	double x0, y0;

	cols = cols < 1 ? 1 : cols > fl->ngrp ? fl->ngrp : cols;
	rows = (fl->ngrp + cols - 1) / cols;
	x0 = (fl->pw - cols * cw) / 2;
	y0 = (fl->ph - rows * ch) / 2;
	cairo_pdf_surface_set_size(fl->pdf, fl->pw, fl->ph);
	for (i = 0; i < fl->ngrp; i++) {
		const struct face *f = &fl->grp[i].f[s];

		if (s == 1 && !fl->grp[i].back)
			continue;
		/* Centred in the front's cell: a back may bleed more. */
		draw_face(fl, f, x0 + (i % cols) * cw + (cw - f->w) / 2 -
		    f->bleed, y0 + (i / cols) * ch + (ch - f->h) / 2 -
		    f->bleed);
	}
	crop_marks(fl->cr, x0, y0, x0 + cols * cw, y0 + rows * ch);
	cairo_show_page(fl->cr);
	fl->pages++;
}

/* The group's fronts on a page, then their backs on the next. */
static void
flush(struct floor *fl)
{
	bool backs = false;
	size_t i;

	if (fl->ngrp == 0)
		return;
	for (i = 0; i < fl->ngrp; i++)
		backs |= fl->grp[i].back;
	draw_page(fl, 0);
	if (backs)
		draw_page(fl, 1);
	if (cairo_status(fl->cr) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "floor: %s\n",
		    cairo_status_to_string(cairo_status(fl->cr)));
		exit(3);
	}
	for (i = 0; i < fl->ngrp; i++) {
		face_clear(&fl->grp[i].f[0]);
		face_clear(&fl->grp[i].f[1]);
	}
	fl->ngrp = 0;
}

/* Room for fl->per copies; the boxes of those there are kept. */
static void
grow(struct floor *fl)
{
	if (fl->per <= fl->grpcap)
		return;
	fl->grp = xrealloc(fl->grp, fl->per * sizeof(*fl->grp));
	memset(fl->grp + fl->grpcap, 0, (fl->per - fl->grpcap) *
	    sizeof(*fl->grp));
	fl->grpcap = fl->per;
}

/*
 * A face line: a front starts a copy, on the current sheet if it has
 * room for one more of that size, else on the next; a back belongs to
 * the copy before it.  Returns the face to add the boxes to.
 */
static struct face *
start_face(struct floor *fl, char **c)
{
	bool back = strcmp(c[2], "back") == 0;
	double w = atof(c[6]), h = atof(c[7]), bl = atof(c[8]);
	struct copy *cp;
	struct face *f;
	size_t cols, rows;

	if (back && fl->ngrp == 0)
		fail(fl, "a back before any front");
	if (!back) {
		f = fl->ngrp > 0 ? &fl->grp[0].f[0] : NULL;
		if (f != NULL && (fl->ngrp == fl->per || f->w != w ||
		    f->h != h || f->bleed != bl))
			flush(fl);
		if (fl->ngrp == 0) {
			/* The cells on A4, or a page the face's size. */
			cols = (size_t)(PAPER_W / (w + 2 * bl));
			rows = (size_t)(PAPER_H / (h + 2 * bl));
			fl->per = cols * rows > 0 ? cols * rows : 1;
			fl->pw = cols * rows > 0 ? PAPER_W : w + 2 * bl;
			fl->ph = cols * rows > 0 ? PAPER_H : h + 2 * bl;
			grow(fl);
		}
		cp = &fl->grp[fl->ngrp++];
		cp->back = false;
	} else {
		cp = &fl->grp[fl->ngrp - 1];
		cp->back = true;
	}
	f = &cp->f[back];
	f->w = w;
	f->h = h;
	f->bleed = bl;
	f->corner = atof(c[12]);
	f->circle = strcmp(c[22], "circle") == 0;
	return f;
}

/* Split line into exactly NCOLS tab-separated columns. */
static void
split(struct floor *fl, char *line, char **c)
{
	int n = 0;

	line[strcspn(line, "\n")] = '\0';
	c[n++] = line;
	for (; *line != '\0'; line++)
		if (*line == '\t') {
			if (n == NCOLS)
				fail(fl, "more than 32 columns");
			*line = '\0';
			c[n++] = line + 1;
		}
	if (n != NCOLS)
		fail(fl, "fewer than 32 columns");
}

static void
read_table(struct floor *fl, FILE *in)
{
	static const char *const types[] = { "rect", "text", "icon", "space",
	    "image", "line", "circle", "polygon", "star", "path" };
	int t;
	char *line = NULL, *c[NCOLS];
	size_t cap = 0;
	struct face *f = NULL;

	while (getline(&line, &cap, in) > 0) {
		if (++fl->line == 1)
			continue;	/* the column names */
		split(fl, line, c);
		if (strcmp(c[3], "face") == 0) {
			f = start_face(fl, c);
			continue;
		}
		if (f == NULL)
			fail(fl, "a box before any face");
		if (f->n == f->cap) {
			f->cap = f->cap ? 2 * f->cap : 16;
			f->v = xrealloc(f->v, f->cap * sizeof(*f->v));
		}
		parse_box(c, &f->v[f->n]);
		t = word(c[3], types, 10);
		f->v[f->n++].type = t > B_IMAGE ? B_SHAPE : (enum btype)t;
	}
	free(line);
	flush(fl);
}

int
main(int argc, char **argv)
{
	struct floor fl = { 0 };
	const char *fonts = "fonts";
	FILE *in;
	size_t i;
	int rc = 0;

	if (argc == 5 && strcmp(argv[1], "-f") == 0) {
		fonts = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc != 3) {
		fputs("usage: floor [-f FONTDIR] BOXES.tsv OUT.pdf\n", stderr);
		return 2;
	}
	if ((in = fopen(argv[1], "r")) == NULL) {
		perror(argv[1]);
		return 3;
	}
	fl.file = argv[1];
	fl.ctx = context_new(fonts);
	fl.pdf = cairo_pdf_surface_create(argv[2], PAPER_W, PAPER_H);
	fl.cr = cairo_create(fl.pdf);
	read_table(&fl, in);
	fclose(in);
	cairo_destroy(fl.cr);
	cairo_surface_finish(fl.pdf);
	if (cairo_surface_status(fl.pdf) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "floor: %s: %s\n", argv[2],
		    cairo_status_to_string(cairo_surface_status(fl.pdf)));
		rc = 3;
	}
	cairo_surface_destroy(fl.pdf);
	printf("%s: %lu pages\n", argv[2], fl.pages);
	for (i = 0; i < fl.npics; i++) {
		free(fl.pics[i].path);
		if (fl.pics[i].s != NULL)
			cairo_surface_destroy(fl.pics[i].s);
	}
	for (i = 0; i < fl.grpcap; i++) {
		free(fl.grp[i].f[0].v);
		free(fl.grp[i].f[1].v);
	}
	free(fl.pics);
	free(fl.grp);
	g_object_unref(fl.ctx);
	return rc;
}
