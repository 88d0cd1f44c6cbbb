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

static void
add_num(JsonBuilder *b, const char *key, double val)
{
	json_builder_set_member_name(b, key);
	json_builder_add_double_value(b, val);
}

static void
add_bool(JsonBuilder *b, const char *key, bool val)
{
	json_builder_set_member_name(b, key);
	json_builder_add_boolean_value(b, val);
}

/*
 * A Transform at x, y, z (TTS's units, inches), face down or up, its
 * width and height scaled by sc (TTS's scaleX and scaleZ).
 */
static void
add_transform(JsonBuilder *b, double x, double y, double z, bool down,
    struct tscale sc)
{
	json_builder_set_member_name(b, "Transform");
	json_builder_begin_object(b);
	add_num(b, "posX", x);
	add_num(b, "posY", y);
	add_num(b, "posZ", z);
	add_num(b, "rotX", 0);
	add_num(b, "rotY", down ? 180 : 0);
	add_num(b, "rotZ", down ? 180 : 0);
	add_num(b, "scaleX", sc.x);
	add_num(b, "scaleY", 1);
	add_num(b, "scaleZ", sc.z);
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
		json_builder_add_int_value(b, export_tts_card_type(
		    k->f[0][0].shape, k->f[0][0].corner));
		json_builder_end_object(b);
		g_free(face);
		g_free(back);
	}
	json_builder_end_object(b);
}

/*
 * Kind k's name in the export's language: its string "name"; a deck of
 * one kind's, the pack's word for cards ("cards": "Cartas"); else its
 * key in deck.yaml.
 */
static const char *
kind_name(const struct tplan *p, const struct deck *deck, size_t kind)
{
	const struct kind *kd = &deck->kinds[kind];
	const char *name = card_text(&kd->strs, p->li, "name", NULL);

	if (name == NULL && !deck->multi)
		name = card_text(&deck->pack, p->li, "cards", NULL);
	return name != NULL ? name : kd->name;
}

/*
 * Card c's Nickname, its title in the export's language (if it has
 * none, its kind's name when it is the kind's one entry, a board, else
 * its id), its Description, its other texts, and its id in Memo
 * (typed-tabletop-simulator: "hidden notes only accessible via
 * script"), by which a script finds it.
 */
static void
add_names(JsonBuilder *b, const struct tplan *p, const struct deck *deck,
    const struct card *c)
{
	const char *title = card_title(deck, c, p->li, NULL);
	char *text = export_tts_description(deck, c, p->li);

	if (title == NULL)
		title = deck->kinds[c->kind].nentries == 1 ?
		    kind_name(p, deck, c->kind) : c->id;
	add_str(b, "Nickname", title);
	add_str(b, "Description", text);
	add_str(b, "Memo", c->id);
	g_free(text);
}

/*
 * What a card or a deck of kind k may do: be held in a hand (TTS's
 * Hands; tts-deckconverter and other writers set it, and a card
 * without it cannot be), hide its face when face down, and lie
 * sideways when it is landscape (SidewaysCard, the Custom Deck's
 * "sideways").
 */
static void
add_hands(JsonBuilder *b, const struct tkind *k)
{
	add_bool(b, "Hands", true);
	add_bool(b, "HideWhenFaceDown", true);
	add_bool(b, "SidewaysCard", k->f[0][0].w > k->f[0][0].h);
}

/* Kind k's cards' scale: as large as printed. */
static struct tscale
card_scale(const struct tkind *k)
{
	double s = export_tts_card_scale(k->f[0][0].h);
	struct tscale sc = { s, s };

	return sc;
}

/* Copy c of deck kind k as a Card object at x, z. */
static void
add_card(JsonBuilder *b, const struct tplan *p, const struct deck *deck,
    const struct tkind *k, size_t c, double x, double z)
{
	const struct tsheet *t = &k->sv[k->of[c] / TTS_FACES];

	json_builder_begin_object(b);
	add_str(b, "Name", "Card");
	add_transform(b, x, 1, z, true, card_scale(k));
	add_names(b, p, deck, &deck->cards[k->sh->seq[c]]);
	add_hands(b, k);
	json_builder_set_member_name(b, "CardID");
	json_builder_add_int_value(b, t->num * 100 + k->of[c] % TTS_FACES);
	add_custom_deck(b, p, k, t);
	json_builder_end_object(b);
}

/*
 * Deck kind k, a card per copy, face down at x, z, named as the kind
 * in the export's language.
 */
static void
add_deck(JsonBuilder *b, const struct tplan *p, const struct deck *deck,
    const struct tkind *k, double x, double z)
{
	size_t c;

	if (k->sh->n == 1) {
		add_card(b, p, deck, k, 0, x, z);
		return;
	}
	json_builder_begin_object(b);
	add_str(b, "Name", "Deck");
	add_transform(b, x, 1, z, true, card_scale(k));
	add_str(b, "Nickname", kind_name(p, deck, k->sh->kind));
	add_str(b, "Description", "");
	add_hands(b, k);
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
		add_card(b, p, deck, k, c, x, z);
	json_builder_end_array(b);
	json_builder_end_object(b);
}

/*
 * CustomImage's CustomTile of kind k: its shape's type, about 2.5 mm
 * thick (0.1 in, a punchboard's), stacking unless a board, its image
 * stretched to its sides (which its Transform scales apart).
 */
static void
add_custom_tile(JsonBuilder *b, const struct tkind *k)
{
	json_builder_set_member_name(b, "CustomTile");
	json_builder_begin_object(b);
	json_builder_set_member_name(b, "Type");
	json_builder_add_int_value(b, export_tts_tile_type(k->f[0][0].shape,
	    k->f[0][0].corner));
	add_num(b, "Thickness", 0.1);
	add_bool(b, "Stackable", !k->board);
	add_bool(b, "Stretch", true);
	json_builder_end_object(b);
}

/*
 * Distinct face u of board or token kind k as one Custom_Tile at x, z:
 * its copies as one stack of that many (Number, TTS's count of a stack
 * of identical stackable objects), not a tower of separate tiles.
 */
static void
add_tile(JsonBuilder *b, const struct tplan *p, const struct deck *deck,
    const struct tkind *k, size_t u, double x, double z)
{
	const struct laid *l = &k->f[0][k->uniq[u]];
	char *top = url(p, k->single[2 * u]),
	    *bottom = url(p, k->single[2 * u + 1]);
	size_t c, n = 0;

	for (c = 0; c < k->sh->n; c++)
		n += k->of[c] == u;
	json_builder_begin_object(b);
	add_str(b, "Name", "Custom_Tile");
	add_transform(b, x, 1, z, false, export_tts_tile_scale(l->w, l->h));
	add_names(b, p, deck, &deck->cards[k->sh->seq[k->uniq[u]]]);
	add_bool(b, "Hands", false);
	if (n > 1) {
		json_builder_set_member_name(b, "Number");
		json_builder_add_int_value(b, (gint64)n);
	}
	json_builder_set_member_name(b, "CustomImage");
	json_builder_begin_object(b);
	add_str(b, "ImageURL", top);
	add_str(b, "ImageSecondaryURL", bottom);
	add_num(b, "ImageScalar", 1);
	add_num(b, "WidthScale", 0);
	add_custom_tile(b, k);
	json_builder_end_object(b);
	json_builder_end_object(b);
	g_free(top);
	g_free(bottom);
}

/* In inches, TTS's unit: a length in pt. */
static double
inches(double pt)
{
	return pt / 72;
}

/*
 * Kind k's objects in a column from x (its left edge, inches) down the
 * table, an inch apart; the column's width back.
 */
static double
add_kind(JsonBuilder *b, const struct tplan *p, const struct deck *deck,
    const struct tkind *k, double x)
{
	const struct laid *l = &k->f[0][0];
	double w = inches(l->w), h = inches(l->h), z = 0;
	size_t u;

	if (k->deck) {
		add_deck(b, p, deck, k, x + w / 2, -h / 2);
		return w;
	}
	for (u = 0; u < k->nu; u++) {
		add_tile(b, p, deck, k, u, x + w / 2, z - h / 2);
		z -= h + 1;
	}
	return w;
}

/*
 * Die as a Custom_Dice object: its image in CustomImage, its type by
 * its faces in CustomImage's CustomDice (the save format as
 * typed-tabletop-simulator's tts.Die.Data has it; the type numbers are
 * the API's Custom Dice).  False, nothing added, if TTS has no such
 * die.
 */
static bool
add_die(JsonBuilder *b, const struct tdie *die)
{
	struct tscale sc = { die->scale, die->scale };
	int type = export_tts_die_type(die->faces);

	if (type < 0)
		return false;
	json_builder_begin_object(b);
	add_str(b, "Name", "Custom_Dice");
	add_transform(b, die->x, 1, die->z, false, sc);
	add_str(b, "Nickname", die->name);
	add_str(b, "Description", die->desc != NULL ? die->desc : "");
	add_str(b, "Memo", die->id);
	add_bool(b, "Hands", false);
	json_builder_set_member_name(b, "CustomImage");
	json_builder_begin_object(b);
	add_str(b, "ImageURL", die->image);
	add_str(b, "ImageSecondaryURL", "");
	add_num(b, "ImageScalar", 1);
	add_num(b, "WidthScale", 0);
	json_builder_set_member_name(b, "CustomDice");
	json_builder_begin_object(b);
	json_builder_set_member_name(b, "Type");
	json_builder_add_int_value(b, type);
	json_builder_end_object(b);
	json_builder_end_object(b);
	json_builder_end_object(b);
	return true;
}

/* The JSON text of the node b built, pretty-printed; caller g_free()s. */
static char *
built_text(JsonBuilder *b, gsize *len)
{
	JsonGenerator *gen = json_generator_new();
	JsonNode *root = json_builder_get_root(b);
	char *text;

	json_generator_set_root(gen, root);
	json_generator_set_pretty(gen, TRUE);
	text = json_generator_to_data(gen, len);
	json_node_unref(root);
	g_object_unref(gen);
	return text;
}

char *
export_tts_die_json(const struct tdie *die)
{
	JsonBuilder *b = json_builder_new();
	char *text = NULL;
	gsize len;

	if (add_die(b, die))
		text = built_text(b, &len);
	g_object_unref(b);
	return text;
}

/* The saved object, every kind side by side, into dir. */
bool
export_tts_json(const struct tplan *p, const struct deck *deck, const char *dir,
    struct diags *d)
{
	JsonBuilder *b = json_builder_new();
	struct outfile o;
	char *path = path_join(dir, p->json), *text;
	gsize len;
	size_t i;
	double x;
	bool ok;

	json_builder_begin_object(b);
	add_str(b, "SaveName", deck->title ? deck->title : deck->game);
	json_builder_set_member_name(b, "ObjectStates");
	json_builder_begin_array(b);
	/* The kinds side by side, an inch apart, none on another. */
	for (i = 0, x = 0; i < p->nk; i++)
		x += add_kind(b, p, deck, &p->kv[i], x) + 1;
	json_builder_end_array(b);
	json_builder_end_object(b);
	text = built_text(b, &len);
	ok = outfile_open(&o, path, d) && outfile_close(&o,
	    outfile_write(&o, text, len) && outfile_write(&o, "\n", 1), d);
	g_free(text);
	g_object_unref(b);
	free(path);
	return ok;
}
