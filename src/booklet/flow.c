/* SPDX-License-Identifier: MIT */
/*
 * Pagination: blocks become Pango layouts and are placed line by line
 * on pages.  A heading goes to the next page unless the start of what
 * follows fits after it (two lines of a paragraph, a table's header and
 * two rows, a following heading with what it keeps in turn); a
 * paragraph splits only where at least two of its lines stay on each
 * page; a table row is never split, a header row goes on with two body
 * rows, a table that goes on repeats its header row, and its last row
 * does not go on alone.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "../art/art.h"
#include "linetab.h"
#include "reflinks.h"

#define INDENT	MM(6)		/* per list or quote level */

void
booklet_style_a4(struct bstyle *s)
{
	s->page_w = MM(210);
	s->page_h = MM(297);
	s->margin_l = s->margin_r = MM(22);
	s->margin_t = MM(20);
	s->margin_b = MM(22);
	s->body = 10.5;
	s->leading = 1.3;
	s->footer_y = MM(297 - 11);
	s->lang = NULL;
	s->fallback = NULL;
}

/* US Letter, with the margins of A4 (its text a little shorter). */
void
booklet_style_letter(struct bstyle *s)
{
	booklet_style_a4(s);
	s->page_w = MM(215.9);
	s->page_h = MM(279.4);
	s->footer_y = MM(279.4 - 11);
}

/* Half Letter (5.5 x 8.5 in), the folded booklet of Letter paper. */
void
booklet_style_half_letter(struct bstyle *s)
{
	booklet_style_a5(s);
	s->page_w = MM(139.7);
	s->page_h = MM(215.9);
	s->footer_y = MM(215.9 - 8);
	s->sheet_w = MM(279.4);	/* Letter landscape */
	s->sheet_h = MM(215.9);
}

void
booklet_style_a5(struct bstyle *s)
{
	s->page_w = MM(148);
	s->page_h = MM(210);
	s->margin_l = s->margin_r = MM(15);
	s->margin_t = MM(14);
	s->margin_b = MM(17);
	s->body = 9.5;
	s->leading = 1.28;
	s->footer_y = MM(210 - 8);
	s->lang = NULL;
	s->fallback = NULL;
	s->sheet_w = MM(297);	/* A4 landscape */
	s->sheet_h = MM(210);
}

struct flow {
	const struct fonts	*f;
	const struct bstyle	*s;
	struct bflow		*out;
	size_t			 capmarks;
	size_t			 cappages;	/* out->pages' room */
	double			 y;		/* cursor, pt from the top */
	bool			 fresh;		/* nothing on this page yet */
	GHashTable		*memo;		/* block -> its PangoLayout: a
						   heading or text is measured
						   again and again (keeping a
						   heading with what follows),
						   shaped once */
};

static double
bottom(const struct flow *fl)
{
	return fl->s->page_h - fl->s->margin_b;
}

static void
new_page(struct flow *fl)
{
	struct bflow *o = fl->out;

	/* Doubling: a page at a time would copy the list each time. */
	xgrow((void **)&o->pages, &fl->cappages, o->n + 1,
	    sizeof(*o->pages));
	memset(&o->pages[o->n++], 0, sizeof(*o->pages));
	fl->y = fl->s->margin_t;
	fl->fresh = true;
}

/* The font of a block: headings condensed bold, body text Roboto. */
static PangoLayout *
make_layout(const struct flow *fl, const char *markup, double width,
    double size, const char *family, bool bold)
{
	PangoLayout *l = pango_layout_new(fl->f->ctx);
	PangoFontDescription *fd = pango_font_description_new();
	char *hy, *lines, *fams = fl->s->fallback == NULL ? g_strdup(family) :
	    g_strdup_printf("%s,%s", family, fl->s->fallback);

	/* The language's fallback: families show what Roboto lacks. */
	pango_font_description_set_family(fd, fams);
	g_free(fams);
	pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD :
	    PANGO_WEIGHT_NORMAL);
	pango_font_description_set_size(fd, (gint)lround(size * PANGO_SCALE));
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_width(l, (int)floor(width * PANGO_SCALE));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	pango_layout_set_line_spacing(l, (float)fl->s->leading);
	/* Soft hyphens at dictionary points: lines break inside long
	 * words there, never at any letter (WORD_CHAR is the last resort).
	 * Not in a heading (bold): a heading is not hyphenated, and so
	 * its words stay whole in the tagged PDF's structure, which a
	 * reader's tool may cut at the first soft hyphen. */
	hy = bold ? g_strdup(markup ? markup : "") :
	    layout_hyph_markup(fl->f->hyph, fl->s->lang, markup ? markup : "");
	lines = layout_lines_markup(hy);
	pango_layout_set_markup(l, lines, -1);
	g_free(lines);
	g_free(hy);
	booklet_refs_take(l);
	/* Images in the lines take their size from the font here. */
	layout_inline_attach(l);
	booklet_lines_pieces(l);
	return l;
}

static double
lines_height(PangoLayout *l, int first, int last)
{
	return booklet_lines_height(l, first, last);
}

static struct bplaced *
place(struct flow *fl, const struct bblock *b, PangoLayout **ls, size_t nl,
    double x, double w, double h)
{
	struct bpage *p = &fl->out->pages[fl->out->n - 1];
	struct bplaced *it;
	size_t i;

	xgrow((void **)&p->v, &p->cap, p->n + 1, sizeof(*p->v));
	it = &p->v[p->n++];
	memset(it, 0, sizeof(*it));
	it->b = b;
	it->layouts = xcalloc(nl + 1, sizeof(PangoLayout *));
	for (i = 0; i < nl; i++)
		it->layouts[i] = g_object_ref(ls[i]);
	it->nlayouts = nl;
	it->x = x;
	it->y = fl->y;
	it->w = w;
	it->h = h;
	fl->y += h;
	fl->fresh = false;
	return it;
}

/* Space above a block; none at the top of a page. */
static void
space(struct flow *fl, double pt)
{
	if (!fl->fresh)
		fl->y += pt;
}

/*
 * How many of lines [i, n) of l fit below the cursor, 0 to n - i: a
 * binary search, as the lines' bottoms only go down.
 */
static int
lines_fitting(const struct flow *fl, PangoLayout *l, int i, int n)
{
	int lo = 0, hi = n - i, mid;

	while (lo < hi) {
		mid = hi - (hi - lo) / 2;
		if (fl->y + lines_height(l, i, i + mid) > bottom(fl) + 0.01)
			hi = mid - 1;
		else
			lo = mid;
	}
	return lo;
}

/*
 * Place the lines of l, splitting across pages with at least two lines
 * on each side of a break.
 */
static void
place_lines(struct flow *fl, const struct bblock *b, PangoLayout *l,
    double x, double w)
{
	int n = booklet_lines(l)->n, i = 0, k;
	struct bplaced *it;

	while (i < n) {
		k = lines_fitting(fl, l, i, n);
		if (k < n - i) {
			if (n - i - k < 2)
				k = n - i - 2;	/* no widow at the top */
			if ((k < 2 || n - i < 4) && !fl->fresh) {
				new_page(fl);	/* no orphan at the bottom */
				continue;
			}
			if (k < 1)
				k = 1;	/* taller than a page: no choice */
		}
		it = place(fl, b, &l, 1, x, w, lines_height(l, i, i + k));
		it->first = i;
		it->last = i + k;
		i += k;
		if (i < n)
			new_page(fl);
	}
}

static double
heading_size(const struct bstyle *s, int level)
{
	return level == 1 ? s->body * 2.2 : level == 2 ? s->body * 1.5 :
	    s->body * 1.15;
}

static double
content_w(const struct bstyle *s)
{
	return s->page_w - s->margin_l - s->margin_r;
}

/* Block b's layout l, kept for the next time it is asked for. */
static PangoLayout *
memo_put(const struct flow *fl, const struct bblock *b, PangoLayout *l)
{
	g_hash_table_insert(fl->memo, (gpointer)b, g_object_ref(l));
	return l;
}

/* Block b's layout if it was made before (a reference of its own). */
static PangoLayout *
memo_get(const struct flow *fl, const struct bblock *b)
{
	PangoLayout *l = g_hash_table_lookup(fl->memo, b);

	return l != NULL ? g_object_ref(l) : NULL;
}

static PangoLayout *
heading_layout(const struct flow *fl, const struct bblock *b)
{
	PangoLayout *l = memo_get(fl, b);

	return l != NULL ? l : memo_put(fl, b, make_layout(fl, b->markup,
	    content_w(fl->s), heading_size(fl->s, b->level), b->level <= 2 ?
	    "Roboto Condensed" : "Roboto", true));
}

/* A paragraph's, list item's or quote's layout, its x and width. */
static PangoLayout *
text_layout(const struct flow *fl, const struct bblock *b, double *x,
    double *w)
{
	double indent = b->kind == B_PARA ? 0 : b->level * INDENT;
	PangoLayout *l;

	*x = fl->s->margin_l + indent;
	*w = content_w(fl->s) - indent;
	if (b->kind == B_QUOTE)
		*w -= INDENT / 2;
	if ((l = memo_get(fl, b)) != NULL)
		return l;
	return memo_put(fl, b, make_layout(fl, b->markup, *w, fl->s->body,
	    "Roboto", false));
}

#define CELL_PAD	4.0	/* pt, around a table cell's text */

/* Column widths: a glossary's terms get a third, the rest share. */
static void
col_widths(const struct flow *fl, const struct bblock *b, double *w)
{
	double total = content_w(fl->s);
	size_t c;

	if (b->ncols == 2) {
		w[0] = total * 0.32;
		w[1] = total - w[0];
		return;
	}
	for (c = 0; c < b->ncols; c++)
		w[c] = total / (double)b->ncols;
}

/*
 * The cells of row r of table b, laid out in ls (b->ncols of them,
 * the caller unrefs each) in columns of widths w; returns the row's
 * height in pt.
 */
static double
row_layouts(const struct flow *fl, const struct bblock *b, size_t r,
    const double *w, PangoLayout **ls)
{
	double h = 0, ch;
	size_t c;
	char *m;

	for (c = 0; c < b->ncols; c++) {
		m = b->rows[r].header ? g_strdup_printf("<b>%s</b>",
		    b->rows[r].cells[c]) : g_strdup(b->rows[r].cells[c]);
		ls[c] = make_layout(fl, m, w[c] - 2 * CELL_PAD,
		    fl->s->body * 0.95, "Roboto", false);
		g_free(m);
		ch = lines_height(ls[c], 0, pango_layout_get_line_count(ls[c]));
		h = ch > h ? ch : h;
	}
	return h + 2 * CELL_PAD;
}

static double
row_height(const struct flow *fl, const struct bblock *b, size_t r,
    const double *w)
{
	PangoLayout **ls = xcalloc(b->ncols + 1, sizeof(*ls));
	double h = row_layouts(fl, b, r, w, ls);
	size_t c;

	for (c = 0; c < b->ncols; c++)
		g_object_unref(ls[c]);
	free(ls);
	return h;
}

/*
 * Height (pt) of a table's first row and the two rows after it: a
 * header row is kept with two body rows (fewer if the table has fewer).
 */
static double
table_lead(const struct flow *fl, const struct bblock *b, const double *w)
{
	double h = 0;
	size_t r;

	for (r = 0; r < b->nrows && r < 3; r++)
		h += row_height(fl, b, r, w);
	return h;
}

/* The space above block b (pt), as the flow puts it on a page. */
static double
space_above(const struct flow *fl, const struct bblock *b)
{
	double size;

	switch (b->kind) {
	case B_HEADING:
		size = heading_size(fl->s, b->level);
		return b->level == 1 ? size * 0.6 : size * 0.9;
	case B_ITEM:
		return fl->s->body * 0.3;
	case B_TABLE:
	case B_IMAGE:
		return fl->s->body * 0.8;
	case B_RULE:
		return fl->s->body;
	case B_INDEX:
		size = fl->s->body * (b->level > 0 ? 1.1 : 1.25);
		return size * (b->level > 0 ? 0.35 : 0.7);
	case B_FACES:
		return 0;
	default:
		return fl->s->body * 0.65;
	}
}

static double	lead_height(struct flow *fl, const struct bblock *b,
		    const struct bblock *end);

/* Height (pt) of heading b and the space below it. */
static double
heading_h(struct flow *fl, const struct bblock *b)
{
	PangoLayout *l = heading_layout(fl, b);
	double h = lines_height(l, 0, pango_layout_get_line_count(l));

	g_object_unref(l);
	return h + heading_size(fl->s, b->level) * 0.35;
}

/*
 * Height (pt) a heading b needs below the cursor: itself and the run of
 * headings right after it, and the least of the block after them (end:
 * past the document's last block).  A run taller than a page cannot
 * stay together: then b keeps with the next block alone (a heading's
 * own height), or b would stand on a page by itself; and the walk ends
 * there, so a long run costs a page's worth of layouts a heading.
 */
static double
heading_need(struct flow *fl, const struct bblock *b, const struct bblock *end)
{
	double room = bottom(fl) - fl->s->margin_t, h = heading_h(fl, b);
	double first = h;
	const struct bblock *c;

	for (c = b + 1; c < end && h <= room; c++) {
		h += space_above(fl, c);
		if (c == b + 1)
			first = h;
		if (c->kind != B_HEADING) {
			h += lead_height(fl, c, end);
			break;
		}
		h += heading_h(fl, c);
	}
	if (h <= room || b + 1 >= end)
		return h;
	return first + (b[1].kind == B_HEADING ? heading_h(fl, b + 1) :
	    lead_height(fl, b + 1, end));
}

static bool
is_text(const struct bblock *b)
{
	return b->kind == B_PARA || b->kind == B_ITEM || b->kind == B_QUOTE;
}

/*
 * Height (pt) of the least of a paragraph, list item or quote b that
 * place_lines sets on a page: two lines, or all of them if it has three
 * or fewer (it would not split); a block of one line counts the least
 * of the text block after it too, so a heading has two lines under it
 * (a list of one-line items).
 */
static double
text_lead(struct flow *fl, const struct bblock *b, const struct bblock *end)
{
	PangoLayout *l;
	double h = 0, x, w;
	int n;

	l = text_layout(fl, b, &x, &w);
	n = pango_layout_get_line_count(l);
	if (n > 0)
		h = lines_height(l, 0, n <= 3 ? n : 2);
	g_object_unref(l);
	if (n == 1 && b + 1 < end && is_text(b + 1))
		h += space_above(fl, b + 1) + text_lead(fl, b + 1, b + 2);
	return h;
}

/*
 * Height (pt) of the least of block b that may stand below a heading:
 * two lines of text (text_lead), a table's header and two rows, an
 * image whole; a heading itself (heading_need walks a run of them).
 */
static double
lead_height(struct flow *fl, const struct bblock *b, const struct bblock *end)
{
	double h, w, *cw;

	switch (b->kind) {
	case B_HEADING:
		return heading_h(fl, b);
	case B_TABLE:
		cw = xcalloc(b->ncols + 1, sizeof(double));
		col_widths(fl, b, cw);
		h = table_lead(fl, b, cw);
		free(cw);
		return h;
	case B_IMAGE:
		if (b->img == NULL)
			return 0;
		w = b->img->w_px * 72.0 / (b->img->kind == IMG_SVG ? 96 : 150);
		h = b->img->h_px * 72.0 / (b->img->kind == IMG_SVG ? 96 : 150);
		return w > content_w(fl->s) ? h * content_w(fl->s) / w : h;
	case B_RULE:
		return 1 + fl->s->body * 0.4;
	case B_FACES:
		return 0;
	case B_INDEX:
		return fl->s->body * 1.25 * fl->s->leading;
	default:
		return text_lead(fl, b, end);
	}
}

/*
 * A heading, moved to the next page with the space above it when what
 * it is kept with (heading_need) would not fit below it here.
 */
static void
flow_heading(struct flow *fl, const struct bblock *b, const struct bblock *end)
{
	double size = heading_size(fl->s, b->level);
	PangoLayout *l = heading_layout(fl, b);
	double h = lines_height(l, 0, pango_layout_get_line_count(l));
	struct bmark *m;

	space(fl, space_above(fl, b));
	if (!fl->fresh && fl->y + heading_need(fl, b, end) > bottom(fl) + 0.01)
		new_page(fl);
	xgrow((void **)&fl->out->marks, &fl->capmarks, fl->out->nmarks + 1,
	    sizeof(*fl->out->marks));
	m = &fl->out->marks[fl->out->nmarks++];
	m->b = b;
	m->page = fl->out->n - 1;
	m->y = fl->y;
	place(fl, b, &l, 1, fl->s->margin_l, content_w(fl->s), h)->last =
	    pango_layout_get_line_count(l);
	fl->y += size * 0.35;
	g_object_unref(l);
}

static void
flow_text(struct flow *fl, const struct bblock *b)
{
	double x, w;
	PangoLayout *l = text_layout(fl, b, &x, &w);

	space(fl, space_above(fl, b));
	place_lines(fl, b, l, x, w);
	g_object_unref(l);
}

/*
 * Whether row r of table b, h pt tall, starts the next page: when it
 * does not fit; when it is the header row and two body rows would not
 * fit under it; and when the table's last row would go on alone (under
 * the repeated header) while two rows of this page (from *top, the
 * first body row on it) could go with it.
 */
static bool
row_breaks(struct flow *fl, const struct bblock *b, size_t r, double h,
    const double *w, size_t top)
{
	if (fl->fresh)
		return false;
	if (r == 0 && b->rows[0].header)
		return fl->y + table_lead(fl, b, w) > bottom(fl);
	if (fl->y + h > bottom(fl))
		return true;
	return r + 2 == b->nrows && r >= top + 2 &&
	    fl->y + h + row_height(fl, b, r + 1, w) > bottom(fl);
}

/*
 * Row r of table b in columns of widths w, on a new page after the
 * header row repeated if row_breaks says so; *top is the first body
 * row on the page, set here when a page starts.
 */
static void
place_row(struct flow *fl, const struct bblock *b, size_t r, const double *w,
    size_t *top)
{
	PangoLayout **ls = xcalloc(b->ncols + 1, sizeof(*ls));
	double h = row_layouts(fl, b, r, w, ls);
	size_t c, head = 0;

	if (row_breaks(fl, b, r, h, w, *top)) {
		new_page(fl);
		*top = r;
		/* The table goes on: repeat its header row first. */
		if (r > 0 && b->rows[0].header)
			place_row(fl, b, 0, w, &head);
	}
	place(fl, b, ls, b->ncols, fl->s->margin_l, content_w(fl->s), h)
	    ->header = b->rows[r].header;
	for (c = 0; c < b->ncols; c++)
		g_object_unref(ls[c]);
	free(ls);
}

static void
flow_table(struct flow *fl, const struct bblock *b)
{
	double *w = xcalloc(b->ncols + 1, sizeof(double));
	size_t r, top;

	space(fl, space_above(fl, b));
	col_widths(fl, b, w);
	top = b->nrows > 0 && b->rows[0].header ? 1 : 0;
	for (r = 0; r < b->nrows; r++)
		place_row(fl, b, r, w, &top);
	free(w);
}

static void
flow_image(struct flow *fl, const struct bblock *b)
{
	double w, h, scale;

	if (b->img == NULL)
		return;		/* it could not be read: reported */
	/* 150 dpi at most (an SVG: its own size), never wider than the
	 * text. */
	w = b->img->w_px * 72.0 / (b->img->kind == IMG_SVG ? 96 : 150);
	h = b->img->h_px * 72.0 / (b->img->kind == IMG_SVG ? 96 : 150);
	scale = w > content_w(fl->s) ? content_w(fl->s) / w : 1;
	w *= scale;
	h *= scale;
	space(fl, fl->s->body * 0.8);
	if (fl->y + h > bottom(fl) && !fl->fresh)
		new_page(fl);
	place(fl, b, NULL, 0, fl->s->margin_l + (content_w(fl->s) - w) / 2, w,
	    h);
}

/*
 * An index entry: its name, wrapped short of the page number's column,
 * and the number, one line each, in a larger size than the text.
 */
static void
flow_index(struct flow *fl, const struct bblock *b)
{
	double size = fl->s->body * (b->level > 0 ? 1.1 : 1.25);
	double indent = b->level * INDENT, w = content_w(fl->s) - indent;
	PangoLayout *ls[2];
	double h;

	ls[0] = make_layout(fl, b->markup, w - MM(15), size, "Roboto", false);
	ls[1] = make_layout(fl, b->page, MM(15), size, "Roboto", false);
	pango_layout_set_alignment(ls[1], PANGO_ALIGN_RIGHT);
	h = lines_height(ls[0], 0, pango_layout_get_line_count(ls[0]));
	space(fl, size * (b->level > 0 ? 0.35 : 0.7));
	if (fl->y + h > bottom(fl) && !fl->fresh)
		new_page(fl);
	place(fl, b, ls, 2, fl->s->margin_l + indent, w, h)->last =
	    pango_layout_get_line_count(ls[0]);
	g_object_unref(ls[0]);
	g_object_unref(ls[1]);
}

/*
 * A row of faces at the foot of the page, if the page has room for it
 * below what is on it; else none (they show what the pack makes, they
 * are not part of the text).
 */
static void
flow_faces(struct flow *fl, const struct bblock *b)
{
	double h = 0, y;
	size_t i;

	for (i = 0; i < b->nfaces; i++)
		if (b->faces[i]->h * b->scale > h)
			h = b->faces[i]->h * b->scale;
	y = bottom(fl) - h - MM(4);
	if (b->nfaces == 0 || y < fl->y + MM(8))
		return;
	fl->y = y;
	place(fl, b, NULL, 0, fl->s->margin_l, content_w(fl->s), h);
}

/*
 * The words of every text make_layout() hyphenates, noted before the
 * first is laid out, so that one automaton breaks them all: a
 * paragraph at a time built 425 for the bundled games' packs, half of
 * the flow's time (issue 36).
 */
static void
note_words(const struct flow *fl, const struct bdoc *doc)
{
	size_t i, r, c;

	for (i = 0; i < doc->n; i++) {
		const struct bblock *b = &doc->v[i];

		if (b->kind == B_TABLE)
			for (r = 0; r < b->nrows; r++)
				for (c = 0; c < b->ncols; c++)
					layout_hyph_note_markup(fl->f->hyph,
					    fl->s->lang, b->rows[r].cells[c]);
		else if (b->kind != B_HEADING && b->markup != NULL)
			layout_hyph_note_markup(fl->f->hyph, fl->s->lang,
			    b->markup);
	}
}

void
booklet_flow(const struct fonts *f, const struct bdoc *doc,
    const struct bstyle *s, struct bflow *out)
{
	struct flow fl = { .f = f, .s = s, .out = out, .fresh = true };
	size_t i;

	note_words(&fl, doc);
	fl.memo = g_hash_table_new_full(NULL, NULL, NULL, g_object_unref);
	memset(out, 0, sizeof(*out));
	new_page(&fl);
	for (i = 0; i < doc->n; i++) {
		const struct bblock *b = &doc->v[i];

		switch (b->kind) {
		case B_HEADING:
			flow_heading(&fl, b, doc->v + doc->n);
			break;
		case B_TABLE:
			flow_table(&fl, b);
			break;
		case B_IMAGE:
			flow_image(&fl, b);
			break;
		case B_RULE:
			space(&fl, s->body);
			place(&fl, b, NULL, 0, s->margin_l, content_w(s), 1);
			fl.y += s->body * 0.4;
			break;
		case B_INDEX:
			flow_index(&fl, b);
			break;
		case B_FACES:
			flow_faces(&fl, b);
			break;
		default:
			flow_text(&fl, b);
		}
	}
	g_hash_table_destroy(fl.memo);
}

void
booklet_flow_free(struct bflow *fl)
{
	size_t i, j, k;

	if (fl == NULL)
		return;
	for (i = 0; i < fl->n; i++) {
		for (j = 0; j < fl->pages[i].n; j++) {
			struct bplaced *it = &fl->pages[i].v[j];

			for (k = 0; k < it->nlayouts; k++)
				g_object_unref(it->layouts[k]);
			free(it->layouts);
		}
		free(fl->pages[i].v);
	}
	free(fl->pages);
	free(fl->marks);
	memset(fl, 0, sizeof(*fl));
}
