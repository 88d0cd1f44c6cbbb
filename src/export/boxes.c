/* SPDX-License-Identifier: MIT */
/*
 * The boxes table: every face of a deck and every box on it as a line
 * of TSV -- where each is in pt, its colours and font, the size its
 * text was fitted to, the text -- for a translator or another program.
 * The faces are laid out as for the card sheets.  Part of the export
 * stage.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "exporting.h"
#include "../outfile.h"

/*
 * --boxes: the columns of DIR/GAME-LANG-boxes.tsv, as its first line
 * names them and deckpress(1) describes them.  A column that means
 * nothing for a line's type is empty.
 */
static const char boxes_header[] =
    "card\tcopy\tside\ttype\tx\ty\tw\th\tbleed\tfill\tstroke\tstroke_w\t"
    "radius\tcolor\tfamily\tbold\titalic\tsize\thalign\tvalign\tleading\t"
    "wrap_w\tstyle\trotate_deg\tpivot_x\tpivot_y\tflip\tturned_x\t"
    "turned_y\tturned_w\tturned_h\ttext\n";

/*
 * A length in pt to 1/10 000 pt, trailing zeros dropped ("8.5039",
 * "14"): finer than any printer, and still readable.
 */
static void
tsv_num(struct strbuf *b, double v)
{
	char buf[64];
	size_t n;

	snprintf(buf, sizeof(buf), "%.4f", v);
	n = strlen(buf);
	while (buf[n - 1] == '0')
		n--;
	if (buf[n - 1] == '.')
		n--;
	buf[n] = '\0';
	/* -0.00001 prints as "-0" */
	sb_puts(b, strcmp(buf, "-0") == 0 ? "0" : buf);
}

/* A column separator, then v as a length. */
static void
tsv_len(struct strbuf *b, double v)
{
	sb_puts(b, "\t");
	tsv_num(b, v);
}

/* A colour as #rrggbbaa. */
static void
tsv_hex(struct strbuf *b, const struct rgba *c)
{
	sb_printf(b, "#%02lx%02lx%02lx%02lx", lround(c->r * 255),
	    lround(c->g * 255), lround(c->b * 255), lround(c->a * 255));
}

/* A column separator, then a colour, or nothing if the element sets
 * none. */
static void
tsv_rgba(struct strbuf *b, bool set, const struct rgba *c)
{
	sb_puts(b, "\t");
	if (set)
		tsv_hex(b, c);
}

/*
 * Text as one field: a tab, a newline, a carriage return and the
 * backslash itself escaped with a backslash (\t \n \r \\), so a line
 * is a box and a tab a column.
 */
static void
tsv_text(struct strbuf *b, const char *s)
{
	for (; s != NULL && *s != '\0'; s++)
		switch (*s) {
		case '\t': sb_puts(b, "\\t"); break;
		case '\n': sb_puts(b, "\\n"); break;
		case '\r': sb_puts(b, "\\r"); break;
		case '\\': sb_puts(b, "\\\\"); break;
		default: sb_add(b, s, 1);
		}
}

/*
 * A gradient fill: "linear:ANGLE" (degrees) or "radial", then each stop
 * as #rrggbbaa@OFFSET, separated by spaces.
 */
static void
tsv_grad(struct strbuf *b, const struct lbox *x)
{
	const struct gradient *g = &x->e->grad;
	size_t i;

	sb_puts(b, "\t");
	if (g->kind == GRAD_LINEAR) {
		sb_puts(b, "linear:");
		tsv_num(b, g->angle);
	} else
		sb_puts(b, "radial");
	for (i = 0; i < g->n; i++) {
		sb_puts(b, " ");
		tsv_hex(b, &x->stops[i]);
		sb_puts(b, "@");
		tsv_num(b, g->at[i]);
	}
}

/*
 * The columns a rectangle or a space has: fill to radius.  A space's
 * outline is drawn whether or not it names a colour, a rectangle's
 * only in the colour it names.
 */
static void
tsv_shape(struct strbuf *b, const struct lbox *x)
{
	const struct elem *e = x->e;
	bool line = e->type == ELEM_SPACE || e->stroke.set;

	sb_puts(b, "\t");	/* bleed */
	if (e->fill.set && e->grad.kind != GRAD_NONE)
		tsv_grad(b, x);
	else
		tsv_rgba(b, e->fill.set, &x->fill);
	tsv_rgba(b, line, &x->stroke);
	if (line)
		tsv_len(b, e->stroke_w);
	else
		sb_puts(b, "\t");
	tsv_len(b, e->radius);
	/* color to wrap_w */
	sb_puts(b, "\t\t\t\t\t\t\t\t\t");
	sb_printf(b, "\t%s", e->type == ELEM_SPACE && e->dash ? "dash" :
	    "");
}

/*
 * A text: its outline, if it has one (in stroke and stroke_w, as it
 * shows beside the letters; "over" in style when drawn over the fill),
 * its colour or gradient, its font, the size it was fitted to, its
 * alignment.
 */
static void
tsv_textbox(struct strbuf *b, const struct lbox *x)
{
	static const char *const ha[] = { "left", "center", "right",
	    "justify" };
	static const char *const va[] = { "top", "middle", "bottom" };
	const struct elem *e = x->e;
	bool line = e->stroke.set && e->stroke_w > 0;

	sb_puts(b, "\t\t");	/* bleed, fill */
	tsv_rgba(b, line, &x->stroke);
	if (line)
		tsv_len(b, e->stroke_w);
	else
		sb_puts(b, "\t");
	sb_puts(b, "\t");	/* radius */
	if (e->grad.kind != GRAD_NONE)
		tsv_grad(b, x);
	else
		tsv_rgba(b, true, &x->color);
	sb_printf(b, "\t%s\t%d\t%d", e->family, e->bold, e->italic);
	tsv_len(b, x->size);
	sb_printf(b, "\t%s\t%s", ha[e->halign], va[e->valign]);
	tsv_len(b, e->leading);
	/* The template's width, not the box's: layout_at_size() wraps at it. */
	tsv_len(b, e->w);
	sb_printf(b, "\t%s", line && e->stroke_over ? "over" : "");
}

/* An icon: a glyph of the icon font, as large as the box's short side. */
static void
tsv_icon(struct strbuf *b, const struct lbox *x)
{
	sb_puts(b, "\t\t\t\t\t");
	tsv_rgba(b, true, &x->color);
	sb_printf(b, "\t%s\t0\t0", ICON_FAMILY);
	tsv_len(b, x->w < x->h ? x->w : x->h);
	sb_printf(b, "\t\t\t\t\t%s", x->e->mirror ? "mirror" : "");
}

/* An image: how it fills its box and what it may cover; its file. */
static void
tsv_image(struct strbuf *b, const struct lbox *x)
{
	static const char *const fit[] = { "contain", "cover", "stretch" };
	static const char *const clip[] = { "box", "bleed", "none" };

	sb_printf(b, "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t%s,%s", fit[x->e->fit],
	    clip[x->e->clip]);
}

/*
 * The turn columns: rotate_deg and its pivot (the centre of the box
 * as laid out unless the element names one), empty if unturned; flip;
 * then the extent the box covers on the face turned, as it prints
 * (the box itself if unturned), by the renderer's own turn.
 */
static void
tsv_turn(struct strbuf *b, const struct lbox *x)
{
	static const char *const flip[] = { "", "horizontal", "vertical" };
	const struct elem *e = x->e;
	double x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
	cairo_matrix_t m;
	int i;

	if (e->rotate != 0) {
		tsv_len(b, e->rotate);
		tsv_len(b, e->pivot_set ? e->pivot_x : x->x + x->w / 2);
		tsv_len(b, e->pivot_set ? e->pivot_y : x->y + x->h / 2);
	} else
		sb_puts(b, "\t\t\t");
	sb_printf(b, "\t%s", flip[e->flip]);
	render_turn(x, &m);
	for (i = 0; i < 4; i++) {
		double px = x->x + (i & 1 ? x->w : 0);
		double py = x->y + (i & 2 ? x->h : 0);

		cairo_matrix_transform_point(&m, &px, &py);
		x0 = fmin(x0, px);
		y0 = fmin(y0, py);
		x1 = fmax(x1, px);
		y1 = fmax(y1, py);
	}
	tsv_len(b, x0);
	tsv_len(b, y0);
	tsv_len(b, x1 - x0);
	tsv_len(b, y1 - y0);
}

/*
 * A text's markup, each image in its line ({img:PATH}, {icon:NAME} of
 * the game's icons/) written {img:PATH}, PATH in the game's folder dir
 * as a text would write it, in place of the private-use character that
 * stands for it in the markup.
 */
static void
tsv_markup(struct strbuf *b, const char *s, const char *dir)
{
	size_t n = strlen(dir);
	const struct image *img;
	const char *p, *path;
	char *esc;

	/* "DIR/" as "DIR": an image's path may join it with a slash more. */
	while (n > 1 && dir[n - 1] == '/')
		n--;
	for (p = s; p != NULL && *p != '\0'; p = g_utf8_next_char(p)) {
		if ((img = layout_inline_image(g_utf8_get_char(p))) == NULL) {
			/* Only ASCII is escaped: a character whole. */
			if ((unsigned char)*p < 0x80)
				tsv_text(b, (char[]){ *p, '\0' });
			else
				sb_add(b, p, (size_t)(g_utf8_next_char(p) -
				    p));
			continue;
		}
		path = img->path;
		if (strncmp(path, dir, n) == 0 && path[n] == '/')
			for (path += n; *path == '/'; path++)
				continue;
		esc = g_markup_escape_text(path, -1);
		sb_puts(b, "{img:");
		tsv_text(b, esc);
		sb_puts(b, "}");
		g_free(esc);
	}
}

/* The line of a face, then a line per box on it, into b. */
static void
tsv_face(struct strbuf *b, const char *id, unsigned int copy, enum face f,
    const struct laid *l, const char *dir)
{
	static const char *const type[] = { "rect", "text", "icon", "space",
	    "image", "line", "circle", "polygon", "star", "path" };
	char who[64];
	size_t i;

	snprintf(who, sizeof(who), "\t%u\t%s\t", copy + 1,
	    f == FACE_FRONT ? "front" : "back");
	tsv_text(b, id);
	sb_printf(b, "%sface\t0\t0", who);
	tsv_len(b, l->w);
	tsv_len(b, l->h);
	tsv_len(b, l->bleed);
	sb_puts(b, "\t\t\t");	/* fill, stroke, stroke_w */
	tsv_len(b, l->corner);
	/* ... style; no turn, no text */
	sb_printf(b, "\t\t\t\t\t\t\t\t\t\t%s\t\t\t\t\t\t\t\t\t\n",
	    l->shape == SHAPE_CIRCLE ? "circle" : "rect");
	for (i = 0; i < l->n; i++) {
		const struct lbox *x = &l->v[i];

		tsv_text(b, id);
		sb_printf(b, "%s%s", who, type[x->e->type]);
		tsv_len(b, x->x);
		tsv_len(b, x->y);
		tsv_len(b, x->w);
		tsv_len(b, x->h);
		switch (x->e->type) {
		case ELEM_TEXT:
			tsv_textbox(b, x);
			break;
		case ELEM_ICON:
			tsv_icon(b, x);
			break;
		case ELEM_IMAGE:
			tsv_image(b, x);
			break;
		default:
			tsv_shape(b, x);
		}
		tsv_turn(b, x);
		sb_puts(b, "\t");
		if (x->e->type == ELEM_TEXT)
			tsv_markup(b, x->text, dir);
		else if (x->e->type == ELEM_ICON)
			tsv_text(b, x->text);
		else if (x->e->type == ELEM_IMAGE && x->img != NULL)
			tsv_text(b, x->img->path);
		sb_puts(b, "\n");
	}
}

/*
 * Every copy's faces, in print order, front then back, as a line each
 * and a line per box.  The table is built whole before any folder or
 * file is made, so that a text too long leaves nothing behind; the
 * faces are laid out one at a time.
 */
static bool
boxes_table(const struct setup *s, const struct print *pr,
    struct strbuf *b, size_t *faces, size_t *boxes, struct diags *d)
{
	size_t i, k, f, nerr = d->nerr;
	unsigned int copy = 0;
	struct laid l;

	sb_puts(b, boxes_header);
	for (i = 0; i < pr->n; i++) {
		const struct sheets *sh = &pr->v[i];

		for (k = 0; k < sh->n; k++) {
			const char *id = s->deck->cards[sh->seq[k]].id;

			copy = k > 0 && sh->seq[k - 1] == sh->seq[k] ?
			    copy + 1 : 0;
			for (f = 0; f < (sh->backs ? 2u : 1u); f++) {
				print_face(s, pr, sh, k, (enum face)f, &l, d);
				tsv_face(b, id, copy, (enum face)f, &l,
				    s->deck->dir);
				(*faces)++;
				*boxes += l.n;
				layout_laid_free(&l);
			}
		}
	}
	return d->nerr == nerr;
}

int
export_boxes(const struct setup *s, size_t li, const struct print *pr,
    const char *dir, struct export_done *done, struct diags *d)
{
	char *name = g_strdup_printf("%s-%s-boxes.tsv", s->deck->game,
	    s->deck->langs[li]);
	char *out = path_join(dir, name);
	struct strbuf b = { 0 };
	struct outfile o;
	int rc = 0;

	if (!boxes_table(s, pr, &b, &done->n, &done->boxes, d))
		rc = EXIT_INPUT;
	else if (job_ensure_parent(out, d) != 0 || !outfile_open(&o, out, d))
		rc = EXIT_IO;
	else if (!outfile_close(&o, outfile_write(&o, b.s, b.len), d))
		rc = EXIT_IO;	/* a write that failed: reported, not kept */
	if (rc == 0)
		done->path = g_strdup(out);
	sb_free(&b);
	g_free(name);
	free(out);
	return rc;
}
