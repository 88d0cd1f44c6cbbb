/* SPDX-License-Identifier: MIT */
/*
 * The lines of a booklet block's layout and where each is, measured
 * with one iterator and kept on the layout (linetab.h): flowing,
 * drawing and linking a paragraph of any length then take each of its
 * lines once.  Part of the booklet stage.
 */
#include <stdlib.h>

#include "../util.h"
#include "linetab.h"

#define LINES_KEY	"deckpress-lines"

static void
tab_free(void *p)
{
	struct linetab *t = p;

	free(t->v);
	free(t);
}

static struct linetab *
measure(PangoLayout *l)
{
	struct linetab *t = xcalloc(1, sizeof(*t));
	PangoLayoutIter *it = pango_layout_get_iter(l);
	size_t cap = 0;

	do {
		PangoLayoutLine *ln = pango_layout_iter_get_line_readonly(it);
		PangoRectangle log;
		struct tline *tl;

		xgrow((void **)&t->v, &cap, (size_t)t->n + 1, sizeof(*t->v));
		tl = &t->v[t->n++];
		tl->line = ln;
		tl->start = ln->start_index;
		tl->len = ln->length;
		pango_layout_iter_get_line_yrange(it, &tl->y0, &tl->y1);
		pango_layout_iter_get_line_extents(it, NULL, &log);
		tl->x = log.x;
		tl->baseline = pango_layout_iter_get_baseline(it);
	} while (pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
	return t;
}

const struct linetab *
booklet_lines(PangoLayout *l)
{
	struct linetab *t = g_object_get_data(G_OBJECT(l), LINES_KEY);
	guint serial = pango_layout_get_serial(l);

	/* Pango lays the text out again when its context changes (a
	 * drawing's font options), and its lines are new ones then. */
	if (t == NULL || t->serial != serial) {
		t = measure(l);
		t->serial = serial;
		g_object_set_data_full(G_OBJECT(l), LINES_KEY, t, tab_free);
	}
	return t;
}

/* Line i of t, as an iterator stepped i times from the first finds it. */
static const struct tline *
line_at(const struct linetab *t, int i)
{
	return &t->v[i < 0 ? 0 : i >= t->n ? t->n - 1 : i];
}

double
booklet_lines_height(PangoLayout *l, int first, int last)
{
	const struct linetab *t = booklet_lines(l);

	return pango_units_to_double(line_at(t, last - 1)->y1 -
	    line_at(t, first)->y0);
}

int
booklet_line_after(const struct linetab *t, int from, int off)
{
	int lo = from, hi = t->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->v[mid].start + t->v[mid].len > off)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}
