/* SPDX-License-Identifier: MIT */
/*
 * The lines of a booklet block's layout and where each is, measured
 * with one iterator and kept on the layout (linetab.h): flowing,
 * drawing and linking a paragraph of any length then take each of its
 * lines once; and a text longer than any paragraph cut into pieces that
 * Pango shapes apart.  Part of the booklet stage.
 */
#include <stdlib.h>
#include <string.h>

#include "../util.h"
#include "../layout/layout.h"
#include "linetab.h"

#define LINES_KEY	"deckpress-lines"

/*
 * A text longer than SPLIT_OVER bytes (no real paragraph is: the
 * bundled games' longest has 3.7 KB) is shaped in pieces of about
 * PIECE bytes, cut where a line may break, or inside a longer run
 * between two characters.
 */
#define SPLIT_OVER	4096
#define PIECE		256

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

/* Where a piece of l's text ends after byte start: a byte offset. */
static int
piece_end(const char *text, const PangoLogAttr *la, int start, int *ci)
{
	const char *p = text + start;
	int i = *ci;

	for (; *p != '\0'; p = g_utf8_next_char(p), i++) {
		int off = (int)(p - text);

		if (off - start >= PIECE && (la[i].is_line_break ||
		    (off - start >= 2 * PIECE && la[i].is_cursor_position)))
			break;
	}
	*ci = i;
	return (int)(p - text);
}

void
booklet_lines_pieces(PangoLayout *l)
{
	const char *text = pango_layout_get_text(l);
	int len = (int)strlen(text), n, ci = 0, start = 0, end, k = 0;
	GPtrArray *add;
	PangoLogAttr *la;
	PangoAttrList *all;
	PangoAttribute *a;

	if (len <= SPLIT_OVER)
		return;
	n = (int)g_utf8_strlen(text, len);
	la = g_new(PangoLogAttr, n + 1);
	pango_get_log_attrs(text, len, -1, pango_context_get_language(
	    pango_layout_get_context(l)), la, n + 1);
	add = g_ptr_array_new();
	/* Every other piece gets an attribute that changes nothing drawn
	 * (fallback is on anyway) but that Pango makes an item of its
	 * own, shaped apart. */
	for (; start < len; start = end, k++) {
		end = piece_end(text, la, start, &ci);
		if (k % 2 == 0)
			continue;
		a = pango_attr_fallback_new(TRUE);
		a->start_index = (guint)start;
		a->end_index = (guint)end;
		g_ptr_array_add(add, a);
	}
	all = layout_attrs_merged(pango_layout_get_attributes(l), add);
	pango_layout_set_attributes(l, all);
	pango_attr_list_unref(all);
	g_ptr_array_free(add, TRUE);
	g_free(la);
}
