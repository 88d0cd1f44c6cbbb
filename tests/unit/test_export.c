/* SPDX-License-Identifier: MIT */
/* covers: export, preview, limits, tts, pod */
/*
 * Export stage: the largest image a preview or an export draws, and the
 * --dpi its refusal suggests -- the highest at which the image fits,
 * one more being refused; Tabletop Simulator's scales, types and a
 * custom die's object; the print-on-demand product nearest a size.
 */
#include "unit.h"
#include <math.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "../../src/export/tts.h"

/* Is the one message in d an error containing want? */
static void
assert_refused(const struct diags *d, const char *want)
{
	assert_int_equal(d->n, 1);
	assert_int_equal(d->v[0].level, DIAG_ERROR);
	if (strstr(d->v[0].msg, want) == NULL) {
		print_error("'%s' lacks '%s'\n", d->v[0].msg, want);
		fail();
	}
}

/*
 * The dpi a refusal of w x h px at dpi suggests, checked: at it the
 * image fits, at one more it does not.
 */
static void
assert_suggests(double w, double h, double dpi, int want)
{
	struct diags d = { 0 };
	char lower[64];

	snprintf(lower, sizeof(lower), "give a lower --dpi, %d or less", want);
	assert_int_equal(export_image_fits(w, h, dpi, "x", &d), EXIT_USAGE);
	assert_refused(&d, lower);
	diag_free(&d);
	/* A pixel more each way, as the suggestion allows for rounding. */
	assert_int_equal(export_image_fits(w * want / dpi + 1,
	    h * want / dpi + 1, want, "x", &d), 0);
	assert_int_equal(d.n, 0);
	assert_int_equal(export_image_fits(w * (want + 1) / dpi + 1,
	    h * (want + 1) / dpi + 1, want + 1, "x", &d), EXIT_USAGE);
	diag_free(&d);
}

static void
test_fits(void **state)
{
	struct diags d = { 0 };

	(void)state;
	/* A card at 1200 dpi; 32767 px a side, 100 megapixels at most. */
	assert_int_equal(export_image_fits(3260, 4440, 1200, "card 'a'", &d),
	    0);
	assert_int_equal(export_image_fits(32767, 3000, 300, "a strip", &d), 0);
	assert_int_equal(export_image_fits(10000, 10000, 300, "a square", &d),
	    0);
	assert_int_equal(d.n, 0);
}

static void
test_too_many_pixels(void **state)
{
	struct diags d = { 0 };

	(void)state;
	/* Serious Privacy's largest board at 1200 dpi: 172.7 megapixels. */
	assert_int_equal(export_image_fits(13843, 12472, 1200, "card 'board'",
	    &d), EXIT_USAGE);
	assert_refused(&d, "at 1200 dpi card 'board' would be 13843 x 12472 "
	    "px (172.6 megapixels), more than the 100 megapixels");
	diag_free(&d);
	assert_suggests(13843, 12472, 1200, 913);
	assert_int_equal(export_image_fits(10001, 10000, 300, "x", &d),
	    EXIT_USAGE);
	diag_free(&d);
}

static void
test_too_long_a_side(void **state)
{
	struct diags d = { 0 };

	(void)state;
	/* A contact sheet of Serious Privacy at 1200 dpi. */
	assert_int_equal(export_image_fits(19087, 210126, 1200, "the contact "
	    "sheet", &d), EXIT_USAGE);
	assert_refused(&d, "more than the 32767 px a side an image can have");
	diag_free(&d);
	assert_suggests(19087, 210126, 1200, 187);
	assert_int_equal(export_image_fits(32768, 10, 300, "x", &d),
	    EXIT_USAGE);
	diag_free(&d);
}

static void
test_too_large_at_30(void **state)
{
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(export_image_fits(1e6, 1e6, 30, "x", &d), EXIT_USAGE);
	assert_refused(&d, "it is too large even at --dpi 30");
	diag_free(&d);
}

/* A card's scale: its height over TTS's 80 mm; a tile's, each side. */
static void
test_tts_scale(void **state)
{
	struct tscale t;

	(void)state;
	assert_float_equal(export_tts_card_scale(MM(88)), 1.1, 1e-12);
	assert_float_equal(export_tts_card_scale(MM(80)), 1, 1e-12);
	/* Landscape: its height, the short side. */
	assert_float_equal(export_tts_card_scale(MM(138)), 1.725, 1e-12);
	t = export_tts_tile_scale(MM(287), MM(258));
	assert_float_equal(t.x * TTS_TILE_MM, 287, 1e-9);
	assert_float_equal(t.z * TTS_TILE_MM, 258, 1e-9);
	assert_float_equal(TTS_TILE_MM, 30.1257, 1e-4);
}

/* The type numbers of each shape, and of each die TTS has. */
static void
test_tts_types(void **state)
{
	(void)state;
	assert_int_equal(export_tts_tile_type(SHAPE_RECT, 0), 0);
	assert_int_equal(export_tts_tile_type(SHAPE_CIRCLE, 0), 2);
	assert_int_equal(export_tts_tile_type(SHAPE_RECT, MM(3)), 3);
	assert_int_equal(export_tts_card_type(SHAPE_RECT, 0), 1);
	assert_int_equal(export_tts_card_type(SHAPE_RECT, MM(3)), 0);
	assert_int_equal(export_tts_card_type(SHAPE_CIRCLE, 0), 4);
	assert_int_equal(export_tts_die_type(4), 0);
	assert_int_equal(export_tts_die_type(6), 1);
	assert_int_equal(export_tts_die_type(20), 5);
	assert_int_equal(export_tts_die_type(5), -1);
	assert_int_equal(export_tts_die_type(0), -1);
}

/* Member key of object o (a JSON object node). */
static JsonNode *
member(JsonNode *o, const char *key)
{
	assert_non_null(o);
	assert_true(JSON_NODE_HOLDS_OBJECT(o));
	assert_true(json_object_has_member(json_node_get_object(o), key));
	return json_object_get_member(json_node_get_object(o), key);
}

/*
 * A d6 as a Custom_Dice: its image and type 1 in CustomImage, its name,
 * id and scale; a die of 5 faces none.
 */
static void
test_tts_die_json(void **state)
{
	struct tdie die = { "Fate", NULL, "fate-die", "file:///x/d6.png", 6,
	    0.5, 2, -3 };
	JsonParser *p = json_parser_new();
	JsonNode *o, *img;
	char *text = export_tts_die_json(&die);

	(void)state;
	assert_non_null(text);
	assert_true(json_parser_load_from_data(p, text, -1, NULL));
	o = json_parser_get_root(p);
	assert_string_equal(json_node_get_string(member(o, "Name")),
	    "Custom_Dice");
	assert_string_equal(json_node_get_string(member(o, "Nickname")),
	    "Fate");
	assert_string_equal(json_node_get_string(member(o, "Memo")),
	    "fate-die");
	assert_float_equal(json_node_get_double(member(member(o,
	    "Transform"), "scaleX")), 0.5, 0);
	assert_float_equal(json_node_get_double(member(member(o,
	    "Transform"), "posZ")), -3, 0);
	img = member(o, "CustomImage");
	assert_string_equal(json_node_get_string(member(img, "ImageURL")),
	    "file:///x/d6.png");
	assert_int_equal(json_node_get_int(member(member(img, "CustomDice"),
	    "Type")), 1);
	g_free(text);
	g_object_unref(p);
	die.faces = 5;
	assert_null(export_tts_die_json(&die));
}

/* The product of service name nearest w x h mm of cls, and how far. */
static void
assert_nearest(const char *name, enum pod_class cls, double w, double h,
    const char *want, bool turned, double off)
{
	const struct pod_service *p = export_pod_find(name);
	const struct pod_size *z;
	double got;
	bool t;

	assert_non_null(p);
	z = export_pod_nearest(p, cls, w, h, &t, &got);
	if (want == NULL) {
		assert_null(z);
		return;
	}
	assert_non_null(z);
	assert_string_equal(z->name, want);
	assert_int_equal(t, turned);
	assert_true(fabs(got - off) < 1e-4);
}

static void
test_pod_nearest(void **state)
{
	(void)state;
	/* Exact: poker, and The Game Crafter's 63 x 88 mm Euro Poker. */
	assert_nearest("thegamecrafter", POD_CARD, 63.5, 88.9, "PokerDeck",
	    false, 0);
	assert_nearest("thegamecrafter", POD_CARD, 63, 88, "EuroPokerDeck",
	    false, 0);
	assert_nearest("makeplayingcards", POD_CARD, 63, 88, "game card",
	    false, 0);
	/* Landscape: the same product turned. */
	assert_nearest("thegamecrafter", POD_CARD, 88.9, 63.5, "PokerDeck",
	    true, 0);
	/* Near: 62 x 87 mm is 63 x 88 less 1 mm, 1/63 off. */
	assert_nearest("makeplayingcards", POD_CARD, 62, 87, "game card",
	    false, 1 / 63.0);
	/* Round: a 20 mm token is 3/4 in (19.05 mm) 4.99 % off. */
	assert_nearest("thegamecrafter", POD_ROUND, 20, 20,
	    "MediumCircleChit", false, 20 / 19.05 - 1);
	/* MakePlayingCards makes no round token nor board. */
	assert_nearest("makeplayingcards", POD_ROUND, 25, 25, NULL, false, 0);
	assert_nearest("makeplayingcards", POD_BOARD, 254, 254, NULL, false,
	    0);
	assert_nearest("thegamecrafter", POD_BOARD, 254, 254,
	    "LargeSquareBoard", false, 0);
	assert_null(export_pod_find("printer"));
}

/* Each product's image holds its trim at the service's dpi, bleed >= 0. */
static void
test_pod_bleeds(void **state)
{
	const char *names[] = { "thegamecrafter", "makeplayingcards" };
	size_t i, k;

	(void)state;
	for (i = 0; i < 2; i++) {
		const struct pod_service *p = export_pod_find(names[i]);

		for (k = 0; k < p->nsizes; k++) {
			const struct pod_size *z = &p->sizes[k];
			double bw = z->w - z->trim_w / 25.4 * p->dpi;
			double bh = z->h - z->trim_h / 25.4 * p->dpi;

			if (bw < 0 || bh < 0 || bw > 100 || bh > 100) {
				print_error("%s: %g x %g px of bleed\n",
				    z->name, bw, bh);
				fail();
			}
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fits),
		cmocka_unit_test(test_too_many_pixels),
		cmocka_unit_test(test_too_long_a_side),
		cmocka_unit_test(test_too_large_at_30),
		cmocka_unit_test(test_tts_scale),
		cmocka_unit_test(test_tts_types),
		cmocka_unit_test(test_tts_die_json),
		cmocka_unit_test(test_pod_nearest),
		cmocka_unit_test(test_pod_bleeds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
