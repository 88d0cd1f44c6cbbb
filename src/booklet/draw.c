/* SPDX-License-Identifier: MIT */
/*
 * Draw a flowed booklet page: text lines, bullets, the bar of a block
 * quote, table rows, images, rules, and the running footer.  Each
 * block's text is drawn in its structure element of a tagged PDF
 * (Document > H1-H6, P, L > LI > Lbl + LBody, Table > TR > TH / TD,
 * BlockQuote, Figure, TOC > TOCI); bars, rules, table tints, a table's
 * header repeated on the next page, the cover's faces and the footer
 * are drawn outside every one of them: page furniture.
 */
#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "../pdf/pdf.h"
#include "linetab.h"
#include "reflinks.h"

#define INK		0.114, 0.153, 0.200	/* #1D2733, body text */
#define ACCENT		0.059, 0.431, 0.471	/* #0F6E78 */
#define TINT		0.925, 0.953, 0.953	/* table header */
#define HAIR		0.78, 0.80, 0.82

/* Draw lines [first, last) of l with the top of the first at (x, y). */
static void
draw_lines(cairo_t *cr, PangoLayout *l, int first, int last, double x,
    double y)
{
	const struct linetab *t = booklet_lines(l);
	double top;
	int i;

	if (first < 0 || first >= t->n)
		return;
	top = pango_units_to_double(t->v[first].y0);
	for (i = first; i < last && i < t->n; i++) {
		cairo_move_to(cr, x + pango_units_to_double(t->v[i].x),
		    y + pango_units_to_double(t->v[i].baseline) - top);
		layout_show_line(cr, t->v[i].line);
	}
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
	layout_show(cr, l);
	g_object_unref(l);
}

/*
 * Lines [first, last) of l as draw_lines() draws them, each [[card:]]
 * reference in its link if fl has links (links.c).
 */
static void
draw_text_lines(cairo_t *cr, const struct bflow *fl, PangoLayout *l,
    int first, int last, double x, double y)
{
	if (!booklet_draw_linked(cr, fl, l, first, last, x, y))
		draw_lines(cr, l, first, last, x, y);
}

/* A table row; tagged is false for a header repeated on a new page. */
static void
draw_row(cairo_t *cr, const struct bflow *fl, const struct bplaced *it,
    bool tagged)
{
	double x = it->x, w = it->w / (double)it->nlayouts;
	size_t c;
	bool tr = tagged && pdf_tag_begin(cr, "TR");

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
		if (tr && pdf_tag_begin(cr, it->header ? "TH" : "TD") &&
		    it->header)
			/* A header row's cells head their columns. */
			pdf_tag_attr(cr, "Table", "Scope", "Column");
		draw_text_lines(cr, fl, it->layouts[c], 0,
		    pango_layout_get_line_count(it->layouts[c]), x + 4.0,
		    it->y + 4.0);
		if (tr)
			pdf_tag_end(cr);
		x += w;
	}
	if (tr)
		pdf_tag_end(cr);
}

static void
draw_image(cairo_t *cr, const struct bplaced *it)
{
	bool fig = pdf_tag_begin(cr, "Figure");

	if (fig && it->b->alt != NULL && *it->b->alt != '\0')
		pdf_tag_alt(cr, it->b->alt);
	/* The same drawing as a card's image: embedded once per file. */
	render_picture(cr, it->b->img, it->x, it->y, it->w, it->h);
	if (fig)
		pdf_tag_end(cr);
}

/*
 * An index entry: name, and page number at the right; with leader,
 * only the dotted leader between them (drawn apart: it is furniture).
 */
static void
draw_index(cairo_t *cr, const struct bflow *fl, const struct bplaced *it,
    bool leader)
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
	if (!leader) {
		/* The name in the entry's link, the number after it. */
		bool link = booklet_index_link(cr, fl, it), span = false;

		draw_lines(cr, name, 0, n, it->x, it->y);
		if (link) {
			pdf_link_end(cr);
			if ((span = pdf_tag_begin(cr, "Span")))
				pdf_tag_unwrap(cr);
		}
		cairo_move_to(cr, it->x + it->w - MM(15), it->y + it->h -
		    pango_units_to_double(lp.height));
		layout_show(cr, num);
		if (span)
			pdf_tag_end(cr);
		return;
	}
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
	/* What the cards look like, not what they say: furniture. */
	pdf_tag_pause(cr, true);
	for (i = 0; i < b->nfaces; i++) {
		const struct laid *l = b->faces[i];

		cairo_save(cr);
		cairo_translate(cr, x, it->y + it->h - l->h * b->scale);
		cairo_scale(cr, b->scale, b->scale);
		if (l->shape == SHAPE_CIRCLE)
			cairo_arc(cr, l->w / 2, l->h / 2, l->w / 2, 0,
			    2 * M_PI);
		else if (l->shape == SHAPE_HEX)
			render_hex_path(cr, l->w, l->h, l->w / 2, l->h / 2, 0,
			    NULL);
		else
			render_rounded_rect(cr, 0, 0, l->w, l->h,
			    l->corner > 0 ? l->corner : MM(3));
		cairo_clip(cr);
		render_card(cr, f->ctx, l);
		cairo_restore(cr);
		x += l->w * b->scale + gap;
	}
	pdf_tag_pause(cr, false);
}

/* The element of a block's text: H1-H6, TOCI, or P. */
static const char *
leaf_name(const struct bblock *b, char *buf, size_t size)
{
	if (b->kind == B_HEADING) {
		snprintf(buf, size, "H%d", b->level < 1 ? 1 : b->level > 6 ?
		    6 : b->level);
		return buf;
	}
	return b->kind == B_INDEX ? "TOCI" : "P";
}

/*
 * Lines of a block's text in its element; cont: the rest of a block
 * begun on the page before, which the finished tree joins to it.
 */
static void
draw_text(cairo_t *cr, const struct bflow *fl, const struct bplaced *it,
    bool cont)
{
	char buf[4];
	bool tag = pdf_tag_begin(cr, leaf_name(it->b, buf, sizeof(buf)));

	if (tag && cont)
		pdf_tag_join(cr);
	if (it->b->kind == B_INDEX)
		draw_index(cr, fl, it, false);
	else
		draw_text_lines(cr, fl, it->layouts[0], it->first, it->last,
		    it->x, it->y);
	if (tag)
		pdf_tag_end(cr);
	if (it->b->kind == B_INDEX)
		draw_index(cr, fl, it, true);
}

static void
draw_item(cairo_t *cr, const struct fonts *f, const struct bflow *fl,
    const struct bplaced *it, bool cont)
{
	const struct bblock *b = it->b;

	switch (b->kind) {
	case B_INDEX:
		draw_text(cr, fl, it, cont);
		return;
	case B_FACES:
		draw_faces(cr, f, it);
		return;
	case B_TABLE:
		/* A header row on a page the table goes on to repeats
		 * the one already read. */
		draw_row(cr, fl, it, !(cont && it->header));
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
		/* The bullet is drawn as the LBody opens (open_tags). */
		break;
	default:
		break;
	}
	if (b->kind == B_HEADING && b->level <= 2)
		cairo_set_source_rgb(cr, ACCENT);
	else
		cairo_set_source_rgb(cr, INK);
	draw_text(cr, fl, it, cont);
}

/*
 * Open element name of a block's tag_open: "L=Decimal" is a list with
 * that numbering (its ListNumbering attribute).
 */
static void
begin_named(cairo_t *cr, const char *name)
{
	const char *eq = strchr(name, '=');
	char *el = g_strndup(name, eq != NULL ? (gsize)(eq - name) :
	    strlen(name));

	if (pdf_tag_begin(cr, el) && eq != NULL)
		pdf_tag_attr(cr, "List", "ListNumbering", eq + 1);
	g_free(el);
}

/*
 * Open the elements that hold it's block (its tag_open, names split
 * at spaces), drawing a list item's bullet as an Lbl before its LBody;
 * then a table's.  The bullet is drawn even when the PDF is not
 * tagged.
 */
static void
open_tags(cairo_t *cr, const struct fonts *f, const struct bplaced *it,
    const struct bstyle *s)
{
	const struct bblock *b = it->b;
	char **names = g_strsplit(b->tag_open ? b->tag_open : "", " ", -1);
	size_t i;

	for (i = 0; names[i] != NULL; i++) {
		if (*names[i] == '\0')
			continue;
		if (strcmp(names[i], "LBody") == 0 && b->kind == B_ITEM &&
		    b->bullet != NULL)
			break;
		begin_named(cr, names[i]);
	}
	if (b->kind == B_ITEM && b->bullet != NULL) {
		bool lbl = pdf_tag_begin(cr, "Lbl");

		cairo_save(cr);
		cairo_set_source_rgb(cr, ACCENT);
		draw_bullet(cr, f, it, s);
		cairo_restore(cr);
		if (lbl)
			pdf_tag_end(cr);
		for (; names[i] != NULL; i++)
			begin_named(cr, names[i]);
	}
	g_strfreev(names);
	if (b->kind == B_TABLE)
		pdf_tag_begin(cr, "Table");
}

/* Close what open_tags() opened for it's block, when it ends. */
static void
close_tags(cairo_t *cr, const struct bblock *b)
{
	int i;

	if (b->kind == B_TABLE)
		pdf_tag_end(cr);
	for (i = 0; i < b->tag_close; i++)
		pdf_tag_end(cr);
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
	const struct bblock *prev = NULL, *next = NULL;
	size_t k;

	/* A block's elements stay open over a page break (Cairo marks
	 * no content in an element that holds others); its text's
	 * element is closed on each page, and joined when finished. */
	if (i > 0 && fl->pages[i - 1].n > 0)
		prev = fl->pages[i - 1].v[fl->pages[i - 1].n - 1].b;
	if (i + 1 < fl->n && fl->pages[i + 1].n > 0)
		next = fl->pages[i + 1].v[0].b;
	for (k = 0; k < p->n; k++) {
		const struct bplaced *it = &p->v[k];
		bool cont = k > 0 ? p->v[k - 1].b == it->b : prev == it->b;
		bool ends = k + 1 < p->n ? p->v[k + 1].b != it->b :
		    next != it->b;

		if (!cont)
			open_tags(cr, f, it, s);
		cairo_save(cr);
		draw_item(cr, f, fl, it, cont);
		cairo_restore(cr);
		if (ends)
			close_tags(cr, it->b);
	}
	if (number > 0)
		draw_footer(cr, f, s, footer, number);
}
