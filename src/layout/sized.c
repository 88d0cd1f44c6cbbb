/* SPDX-License-Identifier: MIT */
/*
 * A text laid out at one size, as fitting (fit.c) and its width model
 * (widths.c) both need it, and the switches and counts of fitting that
 * tests and the bench read (DECKPRESS_FIT, DECKPRESS_FITSTATS): a file
 * of its own so that the two call it and not each other.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "fitting.h"

struct fitstats layout_fitstats;

/*
 * Pango 1.50 lays out each paragraph of a text (a '\n' ends one) after
 * counting the characters before it: a text's cost grows with its line
 * breaks times its length (30 000 one-letter lines: 14 s in pango-view
 * itself).  A text with more line breaks than any real one has them as
 * U+2028 LINE SEPARATOR, which Pango breaks the line at the same way,
 * inside one paragraph.
 */
#define MANY_LINES	64

char *
layout_lines_markup(const char *markup)
{
	GString *b;
	const char *p;
	size_t n = 0;

	for (p = markup; (p = strchr(p, '\n')) != NULL; p++)
		n++;
	if (n <= MANY_LINES)
		return g_strdup(markup);
	b = g_string_sized_new(strlen(markup) + 2 * n);
	for (p = markup; *p != '\0'; p++)
		if (*p == '\n')
			g_string_append(b, "\xe2\x80\xa8");
		else
			g_string_append_c(b, *p);
	return g_string_free(b, FALSE);
}

/*
 * The width of line as Pango draws it, Pango units: its runs' glyphs
 * and their letter spacing; summed here, not asked of Pango, which
 * would keep the answer and not see the glyphs change after.
 */
static int
line_width(const PangoLayoutLine *line)
{
	const GSList *r;
	int w = 0;

	for (r = line->runs; r != NULL; r = r->next) {
		const PangoLayoutRun *run = r->data;

		w += run->start_x_offset + run->end_x_offset +
		    pango_glyph_string_get_width(run->glyphs);
	}
	return w;
}

/*
 * The glyphs of line's spaces that show (a space Pango dropped at a
 * line end has no width) into v, at most max; returns how many.
 */
static int
line_spaces(PangoLayoutLine *line, const char *text, PangoGlyphInfo **v,
    int max)
{
	const GSList *r;
	int n = 0, i;

	for (r = line->runs; r != NULL; r = r->next) {
		const PangoLayoutRun *run = r->data;
		const PangoGlyphString *gs = run->glyphs;

		for (i = 0; i < gs->num_glyphs && n < max; i++)
			if (text[run->item->offset + gs->log_clusters[i]] ==
			    ' ' && gs->glyphs[i].geometry.width > 0)
				v[n++] = &gs->glyphs[i];
	}
	return n;
}

/*
 * Pango 1.50 justifies a line it broke at a soft hyphen as if the
 * hyphen it then draws took no room, and the line comes out a hyphen
 * wider than the box (measured: 2.47 pt too wide at 9 pt Roboto).  The
 * excess is taken back from the spaces justifying widened, evenly, so
 * that every justified line ends at the box's edge.  The lines are
 * taken with pango_layout_get_lines(), as Pango asks of a caller that
 * changes their glyphs: their extents are then measured afresh.
 */
static void
justify_fix(PangoLayout *l, int width)
{
	const char *text = pango_layout_get_text(l);
	PangoGlyphInfo *sp[256];
	GSList *ll;
	int over, n, i;

	for (ll = pango_layout_get_lines_readonly(l); ll != NULL;
	    ll = ll->next)
		if (line_width(ll->data) > width)
			break;
	if (ll == NULL)
		return;		/* none too wide: Pango's justification */
	for (ll = pango_layout_get_lines(l); ll != NULL; ll = ll->next) {
		if ((over = line_width(ll->data) - width) <= 0 ||
		    (n = line_spaces(ll->data, text, sp, 256)) == 0)
			continue;
		for (i = 0; i < n; i++)
			sp[i]->geometry.width -= over / n + (i < over % n);
	}
}

PangoLayout *
layout_at_size(PangoContext *ctx, const struct elem *e, const char *text,
    double size)
{
	PangoLayout *l = pango_layout_new(ctx);
	PangoFontDescription *fd = pango_font_description_new();
	/* Justified lines start where the paragraph does, as its last. */
	static const PangoAlignment al[] = { PANGO_ALIGN_LEFT,
	    PANGO_ALIGN_CENTER, PANGO_ALIGN_RIGHT, PANGO_ALIGN_LEFT };
	char *lines;

	pango_font_description_set_family(fd, e->families ? e->families :
	    e->family);
	pango_font_description_set_weight(fd, e->weight ? e->weight :
	    e->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_font_description_set_style(fd, e->italic ? PANGO_STYLE_ITALIC :
	    PANGO_STYLE_NORMAL);
	pango_font_description_set_size(fd, (gint)lround(size * PANGO_SCALE));
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_width(l, (int)floor(e->w * PANGO_SCALE));
	/* WORD never breaks inside a word: a long word shows as overflow. */
	pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	pango_layout_set_alignment(l, al[e->halign]);
	/*
	 * Pango justifies every line but a paragraph's last (set_justify
	 * is as old as Pango 1.0; 1.50's set_justify_last_line stays off),
	 * widening the spaces only: a line is never wider than the box,
	 * so what fits ragged fits justified.
	 */
	if (e->halign == HALIGN_JUSTIFY)
		pango_layout_set_justify(l, TRUE);
	if (e->leading != 1)
		pango_layout_set_line_spacing(l, (float)e->leading);
	/* Pango markup built by layout_markup(), so known to be valid. */
	lines = layout_lines_markup(text);
	pango_layout_set_markup(l, lines, -1);
	g_free(lines);
	/* Inline images take their size from the font at this size. */
	layout_inline_attach(l);
	if (e->halign == HALIGN_JUSTIFY && e->w > 0)
		justify_fix(l, (int)floor(e->w * PANGO_SCALE));
	return l;
}

/* Here, beside the counts that print it, so that sized.c calls nothing
 * of widths.c. */
bool
layout_widths_exact(void)
{
	return pango_version() / 100 == PANGO_VERSION_ENCODE(1, 50, 0) / 100;
}

static void
print_stats(void)
{
	const struct fitstats *s = &layout_fitstats;

	fprintf(stderr, "fitstats: boxes %lu texts %lu layouts %lu "
	    "modelled %lu missed %lu model-layouts %lu words %lu proven %lu "
	    "exact %d\n", s->boxes, s->texts, s->layouts, s->modelled,
	    s->missed, s->model_layouts, s->words_shaped, s->proven,
	    layout_widths_exact());
}

const char *
layout_fit_mode(void)
{
	static const char *mode;

	if (mode == NULL) {
		mode = getenv("DECKPRESS_FIT");
		if (mode == NULL)
			mode = "";
		if (getenv("DECKPRESS_FITSTATS") != NULL)
			atexit(print_stats);
	}
	return mode;
}
