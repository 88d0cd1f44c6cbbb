/* SPDX-License-Identifier: MIT */
/*
 * Draw a flowed booklet page: text lines, bullets, the bar of a block
 * quote, table rows, images, rules, and the running footer.
 */
#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "booklet.h"

#define INK		0.114, 0.153, 0.200	/* #1D2733, body text */
#define ACCENT		0.059, 0.431, 0.471	/* #0F6E78 */
#define TINT		0.925, 0.953, 0.953	/* table header */
#define HAIR		0.78, 0.80, 0.82

/* Draw lines [first, last) of l with the top of the first at (x, y). */
static void
draw_lines(cairo_t *cr, PangoLayout *l, int first, int last, double x,
    double y)
{
	PangoLayoutIter *it = pango_layout_get_iter(l);
	double top = 0;
	int i = 0;

	do {
		PangoRectangle log;
		int y0, y1;

		pango_layout_iter_get_line_yrange(it, &y0, &y1);
		if (i == first)
			top = pango_units_to_double(y0);
		if (i >= first && i < last) {
			pango_layout_iter_get_line_extents(it, NULL, &log);
			cairo_move_to(cr, x + pango_units_to_double(log.x),
			    y + pango_units_to_double(
			    pango_layout_iter_get_baseline(it)) - top);
			layout_show_line(cr,
			    pango_layout_iter_get_line_readonly(it));
		}
		i++;
	} while (i < last && pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
}

/* A bullet or number hanging left of the item's first line. */
static void
draw_bullet(cairo_t *cr, const struct fonts *f, const struct bplaced *it,
    const struct bstyle *s)
{
	PangoLayout *l = pango_layout_new(f->ctx);
	PangoFontDescription *fd = pango_font_description_from_string(
	    "Roboto");
	PangoLayoutIter *li;
	PangoRectangle log;
	double base;

	pango_font_description_set_size(fd, (gint)lround(s->body *
	    PANGO_SCALE));
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_text(l, it->b->bullet, -1);
	pango_layout_get_extents(l, NULL, &log);
	li = pango_layout_get_iter(it->layouts[0]);
	base = pango_units_to_double(pango_layout_iter_get_baseline(li));
	pango_layout_iter_free(li);
	li = pango_layout_get_iter(l);
	cairo_move_to(cr, it->x - MM(1.5) - pango_units_to_double(log.width),
	    it->y + base - pango_units_to_double(
	    pango_layout_iter_get_baseline(li)));
	pango_layout_iter_free(li);
	pango_cairo_update_layout(cr, l);
	layout_show(cr, l);
	g_object_unref(l);
}

static void
draw_row(cairo_t *cr, const struct bplaced *it)
{
	double x = it->x, w = it->w / (double)it->nlayouts;
	size_t c;

	if (it->header) {
		cairo_set_source_rgb(cr, TINT);
		cairo_rectangle(cr, it->x, it->y, it->w, it->h);
		cairo_fill(cr);
	}
	cairo_set_source_rgb(cr, HAIR);
	cairo_set_line_width(cr, 0.5);
	cairo_move_to(cr, it->x, it->y + it->h);
	cairo_line_to(cr, it->x + it->w, it->y + it->h);
	cairo_stroke(cr);
	cairo_set_source_rgb(cr, INK);
	for (c = 0; c < it->nlayouts; c++) {
		int wpx = pango_layout_get_width(it->layouts[c]);

		w = pango_units_to_double(wpx) + 8.0;
		draw_lines(cr, it->layouts[c], 0,
		    pango_layout_get_line_count(it->layouts[c]), x + 4.0,
		    it->y + 4.0);
		x += w;
	}
}

static void
draw_image(cairo_t *cr, const struct bplaced *it)
{
	/* The same drawing as a card's image: embedded once per file. */
	render_picture(cr, it->b->img, it->x, it->y, it->w, it->h);
}

/* An index entry: name, dotted leader, page number at the right. */
static void
draw_index(cairo_t *cr, const struct bplaced *it)
{
	PangoLayout *name = it->layouts[0], *num = it->layouts[1];
	PangoRectangle ln, lp;
	int n = pango_layout_get_line_count(name);
	double base = pango_units_to_double(pango_layout_get_baseline(num));
	double x0, x1;

	pango_layout_line_get_extents(pango_layout_get_line_readonly(name,
	    n - 1), NULL, &ln);
	pango_layout_get_extents(num, NULL, &lp);
	cairo_set_source_rgb(cr, INK);
	draw_lines(cr, name, 0, n, it->x, it->y);
	cairo_move_to(cr, it->x + it->w - MM(15), it->y + it->h -
	    pango_units_to_double(lp.height));
	layout_show(cr, num);
	/* The leader runs from the last line's end to the number. */
	x0 = it->x + pango_units_to_double(ln.x + ln.width) + 6;
	x1 = it->x + it->w - pango_units_to_double(lp.width) - 6;
	if (x1 <= x0)
		return;
	cairo_set_line_width(cr, 0.8);
	cairo_set_dash(cr, (const double[]){ 0.8, 3.2 }, 2, 0);
	cairo_move_to(cr, x0, it->y + it->h - pango_units_to_double(
	    lp.height) + base);
	cairo_line_to(cr, x1, it->y + it->h - pango_units_to_double(
	    lp.height) + base);
	cairo_stroke(cr);
}

/*
 * A row of faces, centred: each clipped to its trim (a rectangle
 * rounded like a cut card's corners, or a circle), at the block's
 * scale.
 */
static void
draw_faces(cairo_t *cr, const struct fonts *f, const struct bplaced *it)
{
	const struct bblock *b = it->b;
	double gap = MM(6), w = 0, x;
	size_t i;

	for (i = 0; i < b->nfaces; i++)
		w += b->faces[i]->w * b->scale + (i ? gap : 0);
	x = it->x + (it->w - w) / 2;
	for (i = 0; i < b->nfaces; i++) {
		const struct laid *l = b->faces[i];

		cairo_save(cr);
		cairo_translate(cr, x, it->y + it->h - l->h * b->scale);
		cairo_scale(cr, b->scale, b->scale);
		if (l->shape == SHAPE_CIRCLE)
			cairo_arc(cr, l->w / 2, l->h / 2, l->w / 2, 0,
			    2 * M_PI);
		else
			render_rounded_rect(cr, 0, 0, l->w, l->h,
			    l->corner > 0 ? l->corner : MM(3));
		cairo_clip(cr);
		render_card(cr, f->ctx, l);
		cairo_restore(cr);
		x += l->w * b->scale + gap;
	}
}

static void
draw_item(cairo_t *cr, const struct fonts *f, const struct bplaced *it,
    const struct bstyle *s)
{
	const struct bblock *b = it->b;

	switch (b->kind) {
	case B_INDEX:
		draw_index(cr, it);
		return;
	case B_FACES:
		draw_faces(cr, f, it);
		return;
	case B_TABLE:
		draw_row(cr, it);
		return;
	case B_IMAGE:
		draw_image(cr, it);
		return;
	case B_RULE:
		cairo_set_source_rgb(cr, HAIR);
		cairo_rectangle(cr, it->x, it->y, it->w, 0.6);
		cairo_fill(cr);
		return;
	case B_QUOTE:
		cairo_set_source_rgb(cr, ACCENT);
		cairo_rectangle(cr, it->x - MM(3), it->y, 1.6, it->h);
		cairo_fill(cr);
		break;
	case B_ITEM:
		if (b->bullet != NULL && it->first == 0) {
			cairo_set_source_rgb(cr, ACCENT);
			draw_bullet(cr, f, it, s);
		}
		break;
	default:
		break;
	}
	if (b->kind == B_HEADING && b->level <= 2)
		cairo_set_source_rgb(cr, ACCENT);
	else
		cairo_set_source_rgb(cr, INK);
	draw_lines(cr, it->layouts[0], it->first, it->last, it->x, it->y);
}

static void
draw_footer(cairo_t *cr, const struct fonts *f, const struct bstyle *s,
    const char *footer, int number)
{
	PangoLayout *l = pango_layout_new(f->ctx);
	PangoFontDescription *fd = pango_font_description_new();
	char *text = footer ? g_strdup_printf("%s  \xc2\xb7  %d", footer,
	    number) : g_strdup_printf("%d", number);
	char *fams = s->fallback != NULL ? g_strdup_printf("Roboto,%s",
	    s->fallback) : g_strdup("Roboto");
	PangoRectangle log;

	/* The game's title, in the script of the text around it. */
	pango_font_description_set_family(fd, fams);
	g_free(fams);
	pango_font_description_set_size(fd, (gint)lround(s->body * 0.8 *
	    PANGO_SCALE));
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_text(l, text, -1);
	pango_layout_get_extents(l, NULL, &log);
	cairo_set_source_rgb(cr, 0.45, 0.49, 0.53);
	cairo_move_to(cr, (s->page_w - pango_units_to_double(log.width)) / 2,
	    s->footer_y - pango_units_to_double(pango_layout_get_baseline(l)));
	layout_show(cr, l);
	g_free(text);
	g_object_unref(l);
}

void
booklet_draw(cairo_t *cr, const struct fonts *f, const struct bflow *fl,
    size_t i, const struct bstyle *s, const char *footer, int number)
{
	const struct bpage *p = &fl->pages[i];
	size_t k;

	for (k = 0; k < p->n; k++) {
		cairo_save(cr);
		draw_item(cr, f, &p->v[k], s);
		cairo_restore(cr);
		booklet_links(cr, fl, &p->v[k]);
	}
	if (number > 0)
		draw_footer(cr, f, s, footer, number);
}
