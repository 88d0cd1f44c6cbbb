/* SPDX-License-Identifier: MIT */
/*
 * What Tabletop Simulator makes of a component: the scale at which
 * its card or tile is as large on the table as it is in print, the
 * tile or die type of its shape, and its description as plain text.
 * Pure functions for ttsjson.c; part of the export stage.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "tts.h"
#include "../markup/markup.h"

double
export_tts_card_scale(double h)
{
	/* TTS keeps the cell's proportions: one scale sizes both sides. */
	return TO_MM(h) / TTS_CARD_MM;
}

struct tscale
export_tts_tile_scale(double w, double h)
{
	struct tscale s = { TO_MM(w) / TTS_TILE_MM, TO_MM(h) / TTS_TILE_MM };

	return s;
}

/*
 * CustomTile's Type (typed-tabletop-simulator's tts.Tile.Type; the
 * Knowledge Base's Custom Tile: "Rounded is a square with rounded
 * corners").
 */
int
export_tts_tile_type(enum shape shape, double corner)
{
	switch (shape) {
	case SHAPE_CIRCLE:
		return TTS_TILE_CIRCLE;
	case SHAPE_HEX:
		return TTS_TILE_HEX;
	case SHAPE_RECT:
	default:
		return corner > 0 ? TTS_TILE_ROUNDED : TTS_TILE_BOX;
	}
}

/*
 * A custom card's shape (api.tabletopsimulator.com, Custom Card's type:
 * 0 rectangle rounded, 1 rectangle, 2 hex rounded, 3 hex, 4 circle).
 */
int
export_tts_card_type(enum shape shape, double corner)
{
	switch (shape) {
	case SHAPE_CIRCLE:
		return 4;
	case SHAPE_HEX:
		return 3;
	case SHAPE_RECT:
	default:
		return corner > 0 ? 0 : 1;
	}
}

/*
 * Custom_Dice's Type by its faces (api.tabletopsimulator.com, Custom
 * Dice: 0 4-sided, 1 6-sided, 2 8-sided, 3 10, 4 12, 5 20); -1: none.
 */
int
export_tts_die_type(unsigned int faces)
{
	static const unsigned int sides[] = { 4, 6, 8, 10, 12, 20 };
	size_t i;

	for (i = 0; i < sizeof(sides) / sizeof(sides[0]); i++)
		if (sides[i] == faces)
			return (int)i;
	return -1;
}

/*
 * Text s, markup and all, as the plain text a tooltip shows: its
 * words, an icon by its name in brackets, images left out.  Text that
 * does not parse (checked when loaded, so never here) stays as it is.
 */
static void
plain_append(GString *g, const char *s)
{
	struct mtokens t = { 0 };
	size_t i;

	if (!markup_parse(s, &t)) {
		g_string_append(g, s);
		markup_free(&t);
		return;
	}
	for (i = 0; i < t.n; i++)
		if (t.v[i].type == MT_TEXT)
			g_string_append(g, t.v[i].text);
		else if (t.v[i].type == MT_ICON)
			g_string_append_printf(g, "[%s]", t.v[i].text);
	markup_free(&t);
}

char *
export_tts_description(const struct deck *deck, const struct card *c,
    size_t li)
{
	const struct cardtext *ct = &c->texts[li];
	const struct text *title = NULL;
	GString *g = g_string_new(NULL);
	size_t i;

	(void)card_title(deck, c, li, &title);
	for (i = 0; i < ct->n; i++) {
		const struct text *t = &ct->v[i];

		/* Every text but the one that names the card. */
		if (t->value == NULL || *t->value == '\0' || t == title)
			continue;
		if (g->len > 0)
			g_string_append(g, "\n\n");
		plain_append(g, t->value);
	}
	return g_string_free(g, FALSE);
}
