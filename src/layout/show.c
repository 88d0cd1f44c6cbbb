/* SPDX-License-Identifier: MIT */
/*
 * Laid-out text drawn with Cairo, line by line, as pango_cairo_show_layout
 * draws it, except for the glyphs whose text holds a soft hyphen: they
 * are drawn apart with that text less the soft hyphen, so that text
 * extracted from the PDF reads each word whole.  Every stage that draws
 * text calls this; an outlined text takes its glyphs' path from here
 * too, line by line where they are drawn.
 */
#define _GNU_SOURCE		/* memmem() */
#include <string.h>

#include <pango/pangocairo.h>

#include "layout.h"

#define SHY	"\xC2\xAD"	/* U+00AD in UTF-8 */

/*
 * A cluster of glyphs whose text holds a soft hyphen, taken out of its
 * line to be drawn after it: the hyphen Pango draws where a U+00AD broke
 * the line (a cluster of the U+00AD alone, drawn with the text "-"), or
 * a ligature formed across a U+00AD ("shuf\u00ADfle" has an "ffl", drawn
 * with the text "ffl").
 */
#define PIECEGLYPHS	4
#define PIECETEXT	32		/* bytes */
struct piece {
	const PangoLayoutRun *run;
	PangoGlyphInfo	*gi[PIECEGLYPHS];	/* the glyphs in their run */
	PangoGlyph	 id[PIECEGLYPHS];	/* their ids, put back */
	cairo_glyph_t	 g[PIECEGLYPHS];	/* pt, from the line's
						   baseline start */
	int		 n;
	char		 text[PIECETEXT];
	int		 len;
	int		 at;			/* its byte in the text */
};

/*
 * A ligature across a soft hyphen, left in its line in the order it is
 * drawn, its text reordered for the line's drawing: "f\u00ADfl" becomes
 * "ffl\u00AD", and the empty glyph Pango gives the U+00AD, last in the
 * cluster, a cluster of its own ("\u00AD", no glyph: no text in the
 * PDF).  Put back after drawing.
 */
struct reorder {
	char		*at;			/* the cluster's text */
	char		 was[PIECETEXT];
	int		 len;
	int		*cluster;		/* the empty glyph's */
	int		 cwas;
};

/* A line holds a handful at most: a hyphen at its end, a ligature. */
#define MAXPIECES	8

/*
 * The cluster of run that holds byte o of its item: its first byte (the
 * greatest cluster start not after o) and the first byte after it.
 */
static void
cluster_of(const PangoLayoutRun *run, int o, int *start, int *end)
{
	const PangoGlyphString *gs = run->glyphs;
	int i;

	*start = 0;
	*end = run->item->length;
	for (i = 0; i < gs->num_glyphs; i++) {
		int c = gs->log_clusters[i];

		if (c <= o && c > *start)
			*start = c;
		else if (c > o && c < *end)
			*end = c;
	}
}

/*
 * The text a piece stands for: the cluster's less its soft hyphens, or
 * for a cluster of a soft hyphen alone (the break hyphen) the soft
 * hyphen, U+00AD: ISO 32000-1 14.8.2.2.3 asks for it at a line end, so
 * that a reader joins the word's halves and tells them from a word with
 * a hyphen of its own, which keeps its "-".
 */
static void
piece_text(struct piece *p, const char *s, int len)
{
	int i;

	p->len = 0;
	for (i = 0; i < len; i++) {
		if (strncmp(s + i, SHY, 2) == 0) {
			i++;
			continue;
		}
		if (p->len < PIECETEXT)
			p->text[p->len++] = s[i];
	}
	if (p->len == 0) {
		memcpy(p->text, SHY, 2);
		p->len = 2;
	}
}

/*
 * Take the drawn glyphs of the cluster [c, e) of run (run starting at x,
 * Pango units from the line's start) into p and blank them in the run.
 * Returns false when there is none, or too many.
 */
static bool
take_cluster(PangoLayoutRun *run, const char *text, int x, int c, int e,
    struct piece *p)
{
	PangoGlyphString *gs = run->glyphs;
	int i, gx = x;

	p->run = run;
	p->n = 0;
	for (i = 0; i < gs->num_glyphs; i++) {
		PangoGlyphInfo *gi = &gs->glyphs[i];

		if (gs->log_clusters[i] == c && gi->glyph != PANGO_GLYPH_EMPTY &&
		    !(gi->glyph & PANGO_GLYPH_UNKNOWN_FLAG)) {
			if (p->n == PIECEGLYPHS)
				return false;
			p->gi[p->n] = gi;
			p->id[p->n] = gi->glyph;
			p->g[p->n].index = gi->glyph;
			p->g[p->n].x = pango_units_to_double(gx +
			    gi->geometry.x_offset);
			p->g[p->n].y = pango_units_to_double(
			    gi->geometry.y_offset - run->y_offset);
			p->n++;
		}
		gx += gi->geometry.width;
	}
	if (p->n == 0 || e - c > PIECETEXT)
		return false;
	p->at = run->item->offset + c;
	piece_text(p, text + run->item->offset + c, e - c);
	for (i = 0; i < p->n; i++)
		p->gi[i]->glyph = PANGO_GLYPH_EMPTY;
	return true;
}

/*
 * Reorder the cluster [c, e) of run (left to right) into r if it ends
 * with an empty glyph and has text besides its soft hyphens.  Returns
 * whether it did.
 */
static bool
reorder_cluster(PangoLayoutRun *run, const char *text, int c, int e,
    struct reorder *r)
{
	PangoGlyphString *gs = run->glyphs;
	char *at = (char *)text + run->item->offset + c, buf[PIECETEXT];
	int i, last = -1, n = 0, k = 0;

	if ((run->item->analysis.level & 1) != 0 || e - c > PIECETEXT)
		return false;
	for (i = 0; i < gs->num_glyphs; i++)
		if (gs->log_clusters[i] == c)
			last = i;
	if (last <= 0 || gs->log_clusters[last - 1] != c ||
	    gs->glyphs[last].glyph != PANGO_GLYPH_EMPTY)
		return false;
	for (i = 0; i < e - c; i++)
		if (strncmp(at + i, SHY, 2) == 0)
			i++, k++;
		else
			buf[n++] = at[i];
	if (n == 0)
		return false;
	for (i = 0; i < k; i++)
		memcpy(buf + n + 2 * i, SHY, 2);
	r->at = at;
	r->len = e - c;
	memcpy(r->was, at, (size_t)r->len);
	memcpy(at, buf, (size_t)r->len);
	r->cluster = &gs->log_clusters[last];
	r->cwas = *r->cluster;
	*r->cluster = c + n;
	return true;
}

/*
 * The pieces of line, at most max, each blanked in its run (the runs
 * placed as pango_renderer_draw_layout_line places them).  Returns how
 * many.
 */
static size_t
take_pieces(PangoLayoutLine *line, struct piece *pc, size_t max,
    struct reorder *ro, size_t *nro)
{
	const char *text = pango_layout_get_text(line->layout);
	size_t n = 0;
	int x = 0;
	GSList *l;

	for (l = line->runs; l != NULL; l = l->next) {
		PangoLayoutRun *run = l->data;
		const char *s = text + run->item->offset, *h = s;
		int rx = x + run->start_x_offset;

		while (n < max && (h = memmem(h, (size_t)(s +
		    run->item->length - h), SHY, 2)) != NULL) {
			int c, e;

			cluster_of(run, (int)(h - s), &c, &e);
			/* In the line's order where it can, else apart. */
			if (e - c > 2 && *nro < max &&
			    reorder_cluster(run, text, c, e, &ro[*nro]))
				(*nro)++;
			else if (take_cluster(run, text, rx, c, e, &pc[n]))
				n++;
			h += 2;
		}
		x = rx + pango_glyph_string_get_width(run->glyphs) +
		    run->end_x_offset;
	}
	return n;
}

/*
 * The colour Pango's Cairo renderer gives run: its foreground and alpha
 * attributes over the current source.
 */
static void
set_run_color(cairo_t *cr, const PangoLayoutRun *run)
{
	const PangoAttrColor *fg = NULL;
	const PangoAttrInt *alpha = NULL;
	double r = 0, g = 0, b = 0, a = 1;
	GSList *l;

	for (l = run->item->analysis.extra_attrs; l != NULL; l = l->next) {
		const PangoAttribute *at = l->data;

		if (at->klass->type == PANGO_ATTR_FOREGROUND)
			fg = (const PangoAttrColor *)at;
		else if (at->klass->type == PANGO_ATTR_FOREGROUND_ALPHA)
			alpha = (const PangoAttrInt *)at;
	}
	if (fg == NULL && alpha == NULL)
		return;
	if (fg != NULL) {
		r = fg->color.red / 65535.;
		g = fg->color.green / 65535.;
		b = fg->color.blue / 65535.;
	} else if (cairo_pattern_get_rgba(cairo_get_source(cr), &r, &g, &b,
	    &a) != CAIRO_STATUS_SUCCESS) {
		r = g = b = 0;
		a = 1;
	}
	if (alpha != NULL)
		a = alpha->value / 65535.;
	cairo_set_source_rgba(cr, r, g, b, a);
}

/* Piece p drawn with the line's baseline start at 0, 0. */
static void
show_piece(cairo_t *cr, const struct piece *p)
{
	cairo_text_cluster_t c = { p->len, p->n };

	cairo_save(cr);
	cairo_set_scaled_font(cr, pango_cairo_font_get_scaled_font(
	    PANGO_CAIRO_FONT(p->run->item->analysis.font)));
	set_run_color(cr, p->run);
	cairo_show_text_glyphs(cr, p->text, p->len, p->g, p->n, &c, 1, 0);
	cairo_restore(cr);
}

/*
 * The part of run in bytes [start, end) of the layout's text, a new
 * glyph item (pango_glyph_item_free()), or NULL if it has none; *x is
 * advanced by the width (Pango units) of what comes before that part
 * in the run, as pango_renderer_draw_layout_line() places it.
 */
static PangoGlyphItem *
run_part(PangoLayoutRun *run, const char *text, int start, int end, int *x)
{
	int off = run->item->offset, len = run->item->length;
	PangoGlyphItem *g, *head;

	if (end <= off || start >= off + len) {
		if (end > off)		/* the whole run is before it */
			*x += run->start_x_offset + pango_glyph_string_get_width(
			    run->glyphs) + run->end_x_offset;
		return NULL;
	}
	g = pango_glyph_item_copy(run);
	if (start > off && (head = pango_glyph_item_split(g, text,
	    start - off)) != NULL) {
		*x += head->start_x_offset + pango_glyph_string_get_width(
		    head->glyphs) + head->end_x_offset;
		pango_glyph_item_free(head);
	}
	if (end < off + len && (head = pango_glyph_item_split(g, text,
	    end - g->item->offset)) != NULL) {
		pango_glyph_item_free(g);
		g = head;
	}
	return g;
}

/*
 * The runs of line in bytes [start, end) of its text drawn where Pango
 * draws them, as it draws them (colours, lines, shapes): the line's run
 * list is for the while the parts alone.  A line of right-to-left text
 * is drawn whole by the part that begins it: its parts are not in
 * order on the line.
 */
static void
show_runs_part(cairo_t *cr, PangoLayoutLine *line, int start, int end)
{
	const char *text = pango_layout_get_text(line->layout);
	GSList *was = line->runs, *parts = NULL, *l;
	int x = 0;

	for (l = was; l != NULL; l = l->next)
		if ((((PangoLayoutRun *)l->data)->item->analysis.level & 1) !=
		    0) {
			if (start <= line->start_index)
				pango_cairo_show_layout_line(cr, line);
			return;
		}
	for (l = was; l != NULL; l = l->next) {
		PangoGlyphItem *g = run_part(l->data, text, start, end, &x);

		if (g != NULL)
			parts = g_slist_prepend(parts, g);
	}
	if (parts == NULL)
		return;
	line->runs = g_slist_reverse(parts);
	cairo_save(cr);
	cairo_translate(cr, pango_units_to_double(x), 0);
	pango_cairo_show_layout_line(cr, line);
	cairo_restore(cr);
	line->runs = was;
	g_slist_free_full(parts, (GDestroyNotify)pango_glyph_item_free);
}

/*
 * line drawn with its baseline's start at x, y (pt, user space), as
 * exactly as Pango places it: Cairo keeps the current point in fixed
 * point (1/256 of a device unit), so a point moved to for each line
 * would shift lines by up to that much from where
 * pango_cairo_show_layout puts them.  Here the line is drawn with no
 * current point (Pango then draws at 0, 0) in a space moved to x, y.
 * Only its bytes [start, end) of the layout's text are drawn (all if
 * start < 0).
 */
static void
show_line_at(cairo_t *cr, PangoLayoutLine *line, double x, double y,
    int start, int end)
{
	struct piece pc[MAXPIECES];
	struct reorder ro[MAXPIECES];
	size_t nro = 0, n = take_pieces(line, pc, MAXPIECES, ro, &nro), i;
	int j;

	cairo_save(cr);
	cairo_translate(cr, x, y);
	cairo_new_path(cr);
	if (start < 0)
		pango_cairo_show_layout_line(cr, line);
	else
		show_runs_part(cr, line, start, end);
	/* The layout is drawn again elsewhere: leave it as it was. */
	for (i = 0; i < n; i++)
		for (j = 0; j < pc[i].n; j++)
			pc[i].gi[j]->glyph = pc[i].id[j];
	for (i = 0; i < nro; i++) {
		memcpy(ro[i].at, ro[i].was, (size_t)ro[i].len);
		*ro[i].cluster = ro[i].cwas;
	}
	for (i = 0; i < n; i++)
		if (start < 0 || (pc[i].at >= start && pc[i].at < end))
			show_piece(cr, &pc[i]);
	cairo_restore(cr);
}

/*
 * Around drawing: the current point (0, 0 when there is none, as for
 * Pango) and the path, which drawing clears; then both put back as
 * Pango leaves them (the path, and a move to the point if there was
 * one).
 */
struct around {
	cairo_path_t	*path;
	bool		 had;
	double		 x, y;
};

static void
around_save(cairo_t *cr, struct around *a)
{
	a->had = cairo_has_current_point(cr);
	cairo_get_current_point(cr, &a->x, &a->y);
	a->path = cairo_copy_path(cr);
}

static void
around_restore(cairo_t *cr, struct around *a)
{
	cairo_new_path(cr);
	if (a->path->status == CAIRO_STATUS_SUCCESS)
		cairo_append_path(cr, a->path);
	cairo_path_destroy(a->path);
	if (a->had)
		cairo_move_to(cr, a->x, a->y);
	else
		cairo_new_sub_path(cr);
}

void
layout_show_line(cairo_t *cr, PangoLayoutLine *line)
{
	struct around a;

	around_save(cr, &a);
	show_line_at(cr, line, a.x, a.y, -1, -1);
	around_restore(cr, &a);
}

void
layout_show_line_part(cairo_t *cr, PangoLayoutLine *line, int start,
    int end)
{
	struct around a;

	around_save(cr, &a);
	show_line_at(cr, line, a.x, a.y, start, end);
	around_restore(cr, &a);
}

void
layout_show(cairo_t *cr, PangoLayout *l)
{
	PangoLayoutIter *it = pango_layout_get_iter(l);
	struct around a;

	around_save(cr, &a);
	do {
		PangoRectangle log;

		pango_layout_iter_get_line_extents(it, NULL, &log);
		show_line_at(cr, pango_layout_iter_get_line_readonly(it),
		    a.x + pango_units_to_double(log.x),
		    a.y + pango_units_to_double(
		    pango_layout_iter_get_baseline(it)), -1, -1);
	} while (pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
	around_restore(cr, &a);
}

void
layout_path(cairo_t *cr, PangoLayout *l)
{
	PangoLayoutIter *it = pango_layout_get_iter(l);
	double x = 0, y = 0;

	if (cairo_has_current_point(cr))
		cairo_get_current_point(cr, &x, &y);
	/* Each line from a space moved to its start, as show_line_at()
	 * draws it, so that the outline lies exactly on the glyphs. */
	do {
		PangoRectangle log;

		pango_layout_iter_get_line_extents(it, NULL, &log);
		cairo_save(cr);
		cairo_translate(cr, x + pango_units_to_double(log.x),
		    y + pango_units_to_double(
		    pango_layout_iter_get_baseline(it)));
		cairo_move_to(cr, 0, 0);
		pango_cairo_layout_line_path(cr,
		    pango_layout_iter_get_line_readonly(it));
		cairo_restore(cr);
	} while (pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
}
