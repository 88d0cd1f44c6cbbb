/* SPDX-License-Identifier: MIT */
/*
 * Draw one card face: its elements in template order, each by the
 * function for its type; in a draft, a frame and a flag on each text
 * box that is not final; with hints, a frame and a flag naming its
 * field on each text box.  On a tagged PDF the face is a Sect, its
 * title (read first) an H and each other text a P; on a recording (a
 * face painted again, reuse.c) Cairo 1.16 cannot tag, and the copy is
 * page furniture.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "../net/net.h"
#include "../pdf/pdf.h"
#include "../tmpl/tmpl.h"
#include "elements.h"

/* A draft's colour: a magenta no card design is likely to use. */
#define MARK_R	0.82
#define MARK_G	0.0
#define MARK_B	0.44

/* What the flag says: "EN" (shown in the source), "STALE", "TOO LONG". */
static void
mark_label(const struct lbox *b, char *buf, size_t n)
{
	size_t i;

	buf[0] = '\0';
	if (b->marks & MARK_FALLBACK) {
		for (i = 0; b->srclang[i] && i + 1 < n; i++)
			buf[i] = (char)(b->srclang[i] >= 'a' &&
			    b->srclang[i] <= 'z' ? b->srclang[i] - 32 :
			    b->srclang[i]);
		buf[i] = '\0';
	}
	if (b->marks & MARK_STALE)
		snprintf(buf + strlen(buf), n - strlen(buf), "%sSTALE",
		    *buf ? " \xc2\xb7 " : "");
	if (b->marks & MARK_OVERFLOW)
		snprintf(buf + strlen(buf), n - strlen(buf), "%sTOO LONG",
		    *buf ? " \xc2\xb7 " : "");
}

/* What a hint names: the box's field, its string, or "fixed text". */
static const char *
hint_label(const struct lbox *b)
{
	const struct elem *e = b->e;

	return e->field ? e->field : e->string ? e->string : "fixed text";
}

/*
 * A flag: label in white on the mark's colour, from x, its middle on
 * the line y.
 */
static void
draw_flag(cairo_t *cr, PangoContext *ctx, double x, double y,
    const char *label)
{
	PangoLayout *l = pango_layout_new(ctx);
	PangoFontDescription *fd = pango_font_description_from_string(
	    "Roboto Bold 5.5");
	PangoRectangle log;
	double w, h;

	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_text(l, label, -1);
	pango_layout_get_extents(l, NULL, &log);
	w = pango_units_to_double(log.width) + 3;
	h = pango_units_to_double(log.height) + 1;
	cairo_set_source_rgb(cr, MARK_R, MARK_G, MARK_B);
	cairo_rectangle(cr, x, y - h / 2, w, h);
	cairo_fill(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_move_to(cr, x + 1.5, y - h / 2 + 0.5);
	layout_show(cr, l);
	g_object_unref(l);
}

/*
 * A dashed frame round the box; a flag at its top-left corner if its
 * text is not final, so a translator sees on the printed card which
 * texts are not; and with hints one at its bottom-left corner naming
 * what it shows, so a designer sees where each text goes before there
 * is text.  Drawn outside every tagged element: page furniture, which
 * a reader skips, never the card's content.
 */
static void
draw_mark(cairo_t *cr, PangoContext *ctx, const struct lbox *b)
{
	char label[64];

	cairo_save(cr);
	cairo_set_source_rgb(cr, MARK_R, MARK_G, MARK_B);
	cairo_set_line_width(cr, 0.8);
	cairo_set_dash(cr, (const double[]){ 2.4, 1.2 }, 2, 0);
	cairo_rectangle(cr, b->x, b->y, b->w, b->h);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	if (b->marks & ~MARK_HINT) {
		mark_label(b, label, sizeof(label));
		draw_flag(cr, ctx, b->x, b->y, label);
	}
	if (b->marks & MARK_HINT)
		draw_flag(cr, ctx, b->x, b->y + b->h, hint_label(b));
	cairo_restore(cr);
}

/*
 * Element b turns clockwise by its rotate_deg about its pivot and is
 * mirrored about its centre, both the centre of the box as laid out:
 * a box with bleed turns in place over the edges it grew over (about
 * its template box's centre, a band along the top flipped upside down
 * left the bleed above it blank and printed 3 mm too deep).
 */
void
render_turn(const struct lbox *b, cairo_matrix_t *m)
{
	const struct elem *e = b->e;
	double cx = b->x + b->w / 2, cy = b->y + b->h / 2;
	double px = e->pivot_set ? e->pivot_x : cx;
	double py = e->pivot_set ? e->pivot_y : cy;

	cairo_matrix_init_identity(m);
	if (e->rotate != 0) {
		cairo_matrix_translate(m, px, py);
		cairo_matrix_rotate(m, e->rotate * M_PI / 180);
		cairo_matrix_translate(m, -px, -py);
	}
	if (e->flip != FLIP_NONE) {
		cairo_matrix_translate(m, cx, cy);
		cairo_matrix_scale(m, e->flip == FLIP_HORIZONTAL ? -1 : 1,
		    e->flip == FLIP_VERTICAL ? -1 : 1);
		cairo_matrix_translate(m, -cx, -cy);
	}
}

/*
 * A box of a net's panel: clipped to the panel, grown by the bleed over
 * its cut edges (a fold keeps each face to its side), and drawn in the
 * panel's frame, turned as the panel lies in the net.
 */
static void
panel_frame(cairo_t *cr, const struct laid *l, const struct lbox *b)
{
	const struct net_panel *p;
	cairo_matrix_t m;
	size_t k;

	if (b->panel == 0 || l->net == NULL)
		return;
	p = &l->net->panels[b->panel - 1];
	for (k = 0; k < p->npts; k++)
		cairo_line_to(cr, p->clip[2 * k], p->clip[2 * k + 1]);
	cairo_close_path(cr);
	cairo_clip(cr);
	cairo_matrix_init(&m, p->m[0], p->m[1], p->m[2], p->m[3], p->m[4],
	    p->m[5]);
	cairo_transform(cr, &m);
}

/* Draw b in its own frame, turned and mirrored, for every type alike. */
static void
turn(cairo_t *cr, const struct lbox *b)
{
	cairo_matrix_t m;

	if (b->e->rotate == 0 && b->e->flip == FLIP_NONE)
		return;
	render_turn(b, &m);
	cairo_transform(cr, &m);
}

/* Cairo's operator for blend mode m (PDF's /BM of the same name). */
static cairo_operator_t
blend_op(enum blend m)
{
	static const cairo_operator_t ops[] = { CAIRO_OPERATOR_OVER,
	    CAIRO_OPERATOR_MULTIPLY, CAIRO_OPERATOR_SCREEN,
	    CAIRO_OPERATOR_OVERLAY, CAIRO_OPERATOR_DARKEN,
	    CAIRO_OPERATOR_LIGHTEN, CAIRO_OPERATOR_COLOR_DODGE,
	    CAIRO_OPERATOR_COLOR_BURN, CAIRO_OPERATOR_HARD_LIGHT,
	    CAIRO_OPERATOR_SOFT_LIGHT, CAIRO_OPERATOR_DIFFERENCE,
	    CAIRO_OPERATOR_EXCLUSION, CAIRO_OPERATOR_HSL_HUE,
	    CAIRO_OPERATOR_HSL_SATURATION, CAIRO_OPERATOR_HSL_COLOR,
	    CAIRO_OPERATOR_HSL_LUMINOSITY };

	return ops[m];
}

static void
draw_elem(cairo_t *cr, PangoContext *ctx, const struct lbox *b,
    const struct laid *l)
{
	switch (b->e->type) {
	case ELEM_RECT:
		render_rect(cr, b);
		break;
	case ELEM_TEXT:
		render_text(cr, ctx, b);
		break;
	case ELEM_ICON:
		render_icon(cr, ctx, b);
		break;
	case ELEM_SPACE:
		render_space(cr, b);
		break;
	case ELEM_IMAGE:
		if (b->placeholder != NULL)
			render_placeholder(cr, ctx, b);
		else
			render_image(cr, b);
		break;
	case ELEM_LINE:
		render_line(cr, b, l);
		break;
	case ELEM_CIRCLE:
		render_circle(cr, b);
		break;
	case ELEM_POLYGON:
		render_polygon(cr, b, l);
		break;
	case ELEM_STAR:
		render_star(cr, b);
		break;
	case ELEM_PATH:
		render_path(cr, b, l);
		break;
	}
}

/* The box of the card's title field (load/cardtitle.c). */
static bool
is_title(const struct laid *l, const struct lbox *b)
{
	return b->e->field != NULL && l->title_field != NULL &&
	    strcmp(b->e->field, l->title_field) == 0;
}

/* A box whose text a reader hears. */
static bool
is_text(const struct lbox *b)
{
	return b->e->type == ELEM_TEXT && b->text != NULL && *b->text != '\0';
}

/*
 * Open box b's element, if it is a text, or a picture with alternate
 * text (a Figure: a picture without is drawn outside every element, an
 * artifact); true if one was opened.
 */
static bool
tag_box(cairo_t *cr, const struct laid *l, const struct lbox *b)
{
	if (b->alt != NULL && *b->alt != '\0') {
		if (!pdf_tag_begin(cr, "Figure"))
			return false;
		pdf_tag_alt(cr, b->alt);
		return true;
	}
	if (!is_text(b) || !pdf_tag_begin(cr, is_title(l, b) ?
	    pdf_tag_title(cr) : "P"))
		return false;
	if (is_title(l, b))
		pdf_tag_first(cr);
	/* Untranslated: read in the language it is written in. */
	if ((b->marks & MARK_FALLBACK) && b->srclang != NULL)
		pdf_tag_lang(cr, b->srclang);
	return true;
}

/* Open the face's Sect, if it has a text; true if one was opened. */
static bool
tag_face(cairo_t *cr, const struct laid *l)
{
	size_t i;

	/* A face with no text nor picture to read (most backs) is
	 * decoration. */
	for (i = 0; i < l->n; i++)
		if (is_text(&l->v[i]) || l->v[i].alt != NULL)
			return pdf_tag_begin(cr, "Sect");
	return false;
}

void
render_card(cairo_t *cr, PangoContext *ctx, const struct laid *l)
{
	size_t i;
	bool sect = tag_face(cr, l);

	for (i = 0; i < l->n; i++) {
		const struct lbox *b = &l->v[i];
		/* A see-through element is drawn whole, then blended, so
		 * its stroke does not show through its own fill; a blend
		 * mode lays the whole over what is under it. */
		bool group = b->e->opacity < 1 || b->e->blend != BLEND_NORMAL,
		    tag;

		cairo_save(cr);
		/* The path is no part of the state cairo_save() keeps: the
		 * point a text was drawn from would otherwise begin the
		 * next polygon or star with a line from it. */
		cairo_new_path(cr);
		panel_frame(cr, l, b);
		/* An image may cover the component and its bleed, which
		 * stay put when the image turns. */
		if (b->e->type == ELEM_IMAGE && b->e->clip == CLIP_BLEED) {
			cairo_rectangle(cr, -l->bleed, -l->bleed,
			    l->w + 2 * l->bleed, l->h + 2 * l->bleed);
			cairo_clip(cr);
		}
		turn(cr, b);
		tag = tag_box(cr, l, b);
		if (group)
			cairo_push_group(cr);
		draw_elem(cr, ctx, b, l);
		if (group) {
			cairo_pop_group_to_source(cr);
			cairo_set_operator(cr, blend_op(b->e->blend));
			cairo_paint_with_alpha(cr, b->e->opacity);
		}
		if (tag)
			pdf_tag_end(cr);
		cairo_restore(cr);
	}
	/* Flags last, so no element hides them; on the box as drawn. */
	for (i = 0; i < l->n; i++)
		if (l->v[i].marks != 0) {
			cairo_save(cr);
			panel_frame(cr, l, &l->v[i]);
			turn(cr, &l->v[i]);
			draw_mark(cr, ctx, &l->v[i]);
			cairo_restore(cr);
		}
	if (sect)
		pdf_tag_end(cr);
}

void
render_face(cairo_t *cr, PangoContext *ctx, const struct laid *l)
{
	double b = l->bleed;

	cairo_save(cr);
	/* The outline as impose clips a component with all its bleed. */
	if (l->shape == SHAPE_CIRCLE)
		cairo_arc(cr, l->w / 2 + b, l->h / 2 + b, l->w / 2 + b, 0,
		    2 * M_PI);
	else if (l->shape == SHAPE_HEX)
		render_hex_path(cr, l->w, l->h, l->w / 2 + b, l->h / 2 + b, b,
		    NULL);
	else
		cairo_rectangle(cr, 0, 0, l->w + 2 * b, l->h + 2 * b);
	cairo_clip(cr);
	/* The paper shows wherever the design paints nothing. */
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_translate(cr, b, b);
	render_card(cr, ctx, l);
	cairo_restore(cr);
}

void
render_face_px(const struct laid *l, double dpi, int *w, int *h)
{
	double k = dpi / 72, pw = (l->w + 2 * l->bleed) * k,
	    ph = (l->h + 2 * l->bleed) * k;

	/* Beyond Cairo's limit: the caller refuses it by the size. */
	*w = pw < RENDER_MAX_PX + 1 ? (int)lround(pw) : RENDER_MAX_PX + 1;
	*h = ph < RENDER_MAX_PX + 1 ? (int)lround(ph) : RENDER_MAX_PX + 1;
}

void
render_note(cairo_t *cr, PangoContext *ctx, double cx, double cy,
    const char *text)
{
	PangoLayout *l = pango_layout_new(ctx);
	PangoFontDescription *fd = pango_font_description_from_string(
	    "Roboto Bold 7.5");
	PangoRectangle log;
	double w, h;

	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_text(l, text, -1);
	pango_layout_get_extents(l, NULL, &log);
	w = pango_units_to_double(log.width);
	h = pango_units_to_double(log.height);
	cairo_save(cr);
	/* On white: the note may cross a guide line to the paper edge. */
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_rectangle(cr, cx - w / 2 - 2, cy - h / 2, w + 4, h);
	cairo_fill(cr);
	cairo_set_source_rgb(cr, MARK_R, MARK_G, MARK_B);
	cairo_move_to(cr, cx - w / 2, cy - h / 2);
	layout_show(cr, l);
	cairo_restore(cr);
	g_object_unref(l);
}
