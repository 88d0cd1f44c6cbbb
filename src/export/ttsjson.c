/* SPDX-License-Identifier: MIT */
/*
 * The saved object that loads a game's Tabletop Simulator export: a
 * Deck object per kind of card with a Card per copy (TTS counts the
 * copies it deals from DeckIDs), its CustomDeck entries naming the face
 * sheets and backs tts.c wrote, and a Custom_Tile per copy of a board
 * or a token.  Written with json-glib.  Part of the export stage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "tts.h"
#include "../outfile.h"

/* "file:///DIR/name" */
static char *
url(const struct tplan *p, const char *name)
{
	return name ? g_strconcat(p->uri, "/", name, NULL) : g_strdup("");
}

/* A Transform at x, z (TTS's units), face down or up. */
static void
add_transform(JsonBuilder *b, double x, double y, double z, bool down)
{
	json_builder_set_member_name(b, "Transform");
	json_builder_begin_object(b);
	json_builder_set_member_name(b, "posX");
	json_builder_add_double_value(b, x);
	json_builder_set_member_name(b, "posY");
	json_builder_add_double_value(b, y);
	json_builder_set_member_name(b, "posZ");
	json_builder_add_double_value(b, z);
	json_builder_set_member_name(b, "rotX");
	json_builder_add_double_value(b, 0);
	json_builder_set_member_name(b, "rotY");
	json_builder_add_double_value(b, down ? 180 : 0);
	json_builder_set_member_name(b, "rotZ");
	json_builder_add_double_value(b, down ? 180 : 0);
	json_builder_set_member_name(b, "scaleX");
	json_builder_add_double_value(b, 1);
	json_builder_set_member_name(b, "scaleY");
	json_builder_add_double_value(b, 1);
	json_builder_set_member_name(b, "scaleZ");
	json_builder_add_double_value(b, 1);
	json_builder_end_object(b);
}

static void
add_str(JsonBuilder *b, const char *key, const char *val)
{
	json_builder_set_member_name(b, key);
	json_builder_add_string_value(b, val);
}

/* CustomDeck entries: every sheet of k, or only sheet only. */
static void
add_custom_deck(JsonBuilder *b, const struct tplan *p, const struct tkind *k,
    const struct tsheet *only)
{
	size_t i;

	json_builder_set_member_name(b, "CustomDeck");
	json_builder_begin_object(b);
	for (i = 0; i < k->nsv; i++) {
		const struct tsheet *t = &k->sv[i];
		char key[16], *face, *back;

		if (only != NULL && t != only)
			continue;
		snprintf(key, sizeof(key), "%u", t->num);
		face = url(p, t->face);
		back = url(p, t->back ? t->back : k->back);
		json_builder_set_member_name(b, key);
		json_builder_begin_object(b);
		add_str(b, "FaceURL", face);
		add_str(b, "BackURL", back);
		json_builder_set_member_name(b, "NumWidth");
		json_builder_add_int_value(b, t->cols);
		json_builder_set_member_name(b, "NumHeight");
		json_builder_add_int_value(b, t->rows);
		/* The sheet's last slot holds the back: TTS shows it. */
		json_builder_set_member_name(b, "BackIsHidden");
		json_builder_add_boolean_value(b, false);
		json_builder_set_member_name(b, "UniqueBack");
		json_builder_add_boolean_value(b, k->unique_back);
		json_builder_set_member_name(b, "Type");
		json_builder_add_int_value(b, 0);
		json_builder_end_object(b);
		g_free(face);
		g_free(back);
	}
	json_builder_end_object(b);
}

/* Copy c of deck kind k as a Card object at x. */
static void
add_card(JsonBuilder *b, const struct tplan *p, const struct deck *deck,
    const struct tkind *k, size_t c, double x)
{
	const struct tsheet *t = &k->sv[k->of[c] / TTS_FACES];

	json_builder_begin_object(b);
	add_str(b, "Name", "Card");
	add_transform(b, x, 1, 0, true);
	add_str(b, "Nickname", deck->cards[k->sh->seq[c]].id);
	json_builder_set_member_name(b, "CardID");
	json_builder_add_int_value(b, t->num * 100 + k->of[c] % TTS_FACES);
	add_custom_deck(b, p, k, t);
	json_builder_end_object(b);
}

/* Deck kind k, a card per copy, face down at x. */
static void
add_deck(JsonBuilder *b, const struct tplan *p, const struct deck *deck,
    const struct tkind *k, double x)
{
	size_t c;

	if (k->sh->n == 1) {
		add_card(b, p, deck, k, 0, x);
		return;
	}
	json_builder_begin_object(b);
	add_str(b, "Name", "Deck");
	add_transform(b, x, 1, 0, true);
	add_str(b, "Nickname", deck->kinds[k->sh->kind].name);
	json_builder_set_member_name(b, "DeckIDs");
	json_builder_begin_array(b);
	for (c = 0; c < k->sh->n; c++)
		json_builder_add_int_value(b, k->sv[k->of[c] / TTS_FACES].num *
		    100 + k->of[c] % TTS_FACES);
	json_builder_end_array(b);
	add_custom_deck(b, p, k, NULL);
	json_builder_set_member_name(b, "ContainedObjects");
	json_builder_begin_array(b);
	for (c = 0; c < k->sh->n; c++)
		add_card(b, p, deck, k, c, x);
	json_builder_end_array(b);
	json_builder_end_object(b);
}

/*
 * Board or token kind k: a Custom_Tile per copy, those of a face
 * stacked at x: a round one a circle, its image square; a board keeps
 * its image's proportions.
 */
static void
add_tiles(JsonBuilder *b, const struct tplan *p, const struct deck *deck,
    const struct tkind *k, double x)
{
	bool round = k->f[0][0].shape == SHAPE_CIRCLE;
	size_t c;

	for (c = 0; c < k->sh->n; c++) {
		size_t u = k->of[c];
		char *top = url(p, k->single[2 * u]),
		    *bottom = url(p, k->single[2 * u + 1]);

		json_builder_begin_object(b);
		add_str(b, "Name", "Custom_Tile");
		add_transform(b, x, 1 + 0.2 * (double)(c - k->uniq[u]),
		    4 + 3 * (double)u, false);
		add_str(b, "Nickname", deck->cards[k->sh->seq[c]].id);
		json_builder_set_member_name(b, "CustomImage");
		json_builder_begin_object(b);
		add_str(b, "ImageURL", top);
		add_str(b, "ImageSecondaryURL", bottom);
		json_builder_set_member_name(b, "ImageScalar");
		json_builder_add_double_value(b, 1);
		json_builder_set_member_name(b, "WidthScale");
		json_builder_add_double_value(b, 0);
		json_builder_set_member_name(b, "CustomTile");
		json_builder_begin_object(b);
		json_builder_set_member_name(b, "Type");
		json_builder_add_int_value(b, round ? 2 : 0);
		json_builder_set_member_name(b, "Thickness");
		json_builder_add_double_value(b, round ? 0.2 : 0.1);
		json_builder_set_member_name(b, "Stackable");
		json_builder_add_boolean_value(b, round);
		json_builder_set_member_name(b, "Stretch");
		json_builder_add_boolean_value(b, round);
		json_builder_end_object(b);
		json_builder_end_object(b);
		json_builder_end_object(b);
		g_free(top);
		g_free(bottom);
	}
}

/* The saved object, every kind side by side, into dir. */
bool
export_tts_json(const struct tplan *p, const struct deck *deck, const char *dir,
    struct diags *d)
{
	JsonBuilder *b = json_builder_new();
	JsonGenerator *gen = json_generator_new();
	JsonNode *root;
	struct outfile o;
	char *path = path_join(dir, p->json), *text;
	gsize len;
	size_t i;
	bool ok;

	json_builder_begin_object(b);
	add_str(b, "SaveName", deck->title ? deck->title : deck->game);
	json_builder_set_member_name(b, "ObjectStates");
	json_builder_begin_array(b);
	for (i = 0; i < p->nk; i++)
		if (p->kv[i].deck)
			add_deck(b, p, deck, &p->kv[i], 3.0 * (double)i);
		else
			add_tiles(b, p, deck, &p->kv[i], 3.0 * (double)i);
	json_builder_end_array(b);
	json_builder_end_object(b);
	root = json_builder_get_root(b);
	json_generator_set_root(gen, root);
	json_generator_set_pretty(gen, TRUE);
	text = json_generator_to_data(gen, &len);
	ok = outfile_open(&o, path, d) && outfile_close(&o,
	    outfile_write(&o, text, len) && outfile_write(&o, "\n", 1), d);
	g_free(text);
	json_node_unref(root);
	g_object_unref(gen);
	g_object_unref(b);
	free(path);
	return ok;
}
