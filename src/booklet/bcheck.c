/* SPDX-License-Identifier: MIT */
/*
 * A booklet's images without alt text and its skipped heading levels
 * (booklet_ua_flaws()), and the fonts of its text, checked once it is
 * laid out: a
 * character neither Roboto (Roboto Condensed for the large headings)
 * nor the language's fallback: families shows, or a face the family
 * lacks (*italic* in a bold condensed heading), would be printed in
 * some installed font, a substitute nobody chose.  An error at the
 * Markdown block, as a card's text has one at its text (layout/cover.c
 * decides for both).
 */
#include <stdlib.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "../load/load.h"
#include "booklet.h"

static const char *
kind_name(enum bkind k)
{
	switch (k) {
	case B_HEADING:	return "a heading";
	case B_ITEM:	return "a list item";
	case B_QUOTE:	return "a quote";
	case B_TABLE:	return "a table";
	case B_INDEX:	return "an index entry";
	default:	return "a paragraph";
	}
}

/* The families l was set in, "Roboto,Fallback". */
static const char *
families_of(PangoLayout *l)
{
	const PangoFontDescription *fd = pango_layout_get_font_description(l);
	const char *fam = fd != NULL ? pango_font_description_get_family(fd) :
	    NULL;

	return fam != NULL ? fam : "Roboto";
}

/* What the layouts of it lack, one finding (characters first). */
static bool
check_placed(const struct fonts *f, const struct bplaced *it,
    const struct bstyle *s, struct diags *d)
{
	const char *kind = kind_name(it->b->kind);
	char *msg = NULL;
	size_t i;
	int at;
	bool ok;

	for (i = 0; i < it->nlayouts && msg == NULL; i++)
		if ((msg = layout_fonts_missing_in(f,
		    it->layouts[i], families_of(it->layouts[i]))) != NULL)
			diag_add(d, DIAG_ERROR, &it->b->pos, "glyph", "%s has "
			    "characters no chosen font can show: %s (add a "
			    "font with them to the game's fonts/ or name one "
			    "in fallback: of text/%s.yaml)", kind, msg,
			    s->lang != NULL ? s->lang : "LANG");
	for (i = 0; i < it->nlayouts && msg == NULL; i++)
		if ((msg = layout_fonts_badface(f, it->layouts[i],
		    families_of(it->layouts[i]), &at)) != NULL)
			diag_add(d, DIAG_ERROR, &it->b->pos, "font", "%s %s",
			    kind, msg);
	ok = msg == NULL;
	g_free(msg);
	return ok;
}

void
booklet_check(const struct fonts *f, const struct bflow *fl,
    const struct bstyle *s, struct diags *d)
{
	GHashTable *done = g_hash_table_new(NULL, NULL);
	GHashTable *seen = g_hash_table_new(NULL, NULL);
	size_t i, j;

	/* A block split over pages, a table's rows: one finding each.
	 * The pieces of a paragraph on many pages share its layout,
	 * checked once: each piece checking it all cost the square of
	 * the paragraph's length. */
	for (i = 0; i < fl->n; i++)
		for (j = 0; j < fl->pages[i].n; j++) {
			const struct bplaced *it = &fl->pages[i].v[j];

			if (it->nlayouts == 0 ||
			    g_hash_table_contains(done, it->b) ||
			    g_hash_table_contains(seen, it->layouts[0]))
				continue;
			g_hash_table_add(seen, it->layouts[0]);
			if (!check_placed(f, it, s, d))
				g_hash_table_add(done, (void *)it->b);
		}
	g_hash_table_destroy(seen);
	g_hash_table_destroy(done);
}

bool
booklet_ua_flaws(const struct bdoc *doc, struct diags *d)
{
	int prev = 0;
	size_t i;
	bool flawed = false;

	for (i = 0; i < doc->n; i++) {
		const struct bblock *b = &doc->v[i];

		if (b->kind == B_IMAGE && (b->alt == NULL || *b->alt == '\0')) {
			flawed = true;
			if (d != NULL)
				diag_add(d, DIAG_WARN, &b->pos, "alt", "an image "
				    "with no alt text: a screen reader is told "
				    "nothing of it (say what it shows between "
				    "the brackets: ![what it shows](FILE))");
		}
		if (b->kind != B_HEADING)
			continue;
		/* Down one level at a time; up any number. */
		if (prev > 0 && b->level > prev + 1) {
			flawed = true;
			if (d != NULL)
				diag_add(d, DIAG_WARN, &b->pos, "heading",
				    "a level-%d heading after a level-%d one: "
				    "a reader's outline skips level %d", b->level,
				    prev, prev + 1);
		}
		prev = b->level;
	}
	return flawed;
}
