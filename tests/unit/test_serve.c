/* SPDX-License-Identifier: MIT */
/* covers: serve */
/*
 * Serve stage: a face's key, and the signature that says a card
 * changed between two builds -- its text, its data, its kind's strings,
 * its layout, deck.yaml change it; another card's text does not -- and
 * the hash of a layout's tree under it.
 */
#include "unit.h"
#include <string.h>

#include "../../src/serve/serving.h"
#include "../../src/ytree/ytree.h"

/* A deck of two cards, one language, one text each. */
struct tiny {
	struct deck	 deck;
	struct kind	 kind;
	struct card	 cards[2];
	struct cardtext	 ct[2], kt;
	struct text	 t[2];
	const char	*langs[1];
	struct tmpl	 tmpl;
};

static void
tiny_init(struct tiny *y)
{
	size_t i;

	memset(y, 0, sizeof(*y));
	y->langs[0] = "en";
	y->deck.langs = y->langs;
	y->deck.nlangs = 1;
	y->deck.kinds = &y->kind;
	y->deck.nkinds = 1;
	y->deck.cards = y->cards;
	y->deck.ncards = 2;
	y->kind.name = "card";
	y->kind.layout = "data-chain";
	y->kind.strs.texts = &y->kt;
	for (i = 0; i < 2; i++) {
		y->cards[i].id = i ? "b" : "a";
		y->cards[i].count = 1;
		y->cards[i].texts = &y->ct[i];
		y->ct[i].v = &y->t[i];
		y->ct[i].n = 1;
		y->t[i].field = "title";
		y->t[i].value = i ? "Bee" : "Ant";
	}
}

static void
test_key(void **state)
{
	char *k = serve_face_key("fr", "c12", 1);

	(void)state;
	assert_string_equal(k, "fr/c12/back");
	g_free(k);
	k = serve_face_key("en", "a", 0);
	assert_string_equal(k, "en/a/front");
	g_free(k);
}

static void
test_sig(void **state)
{
	struct tiny y;
	uint64_t a, b;

	(void)state;
	tiny_init(&y);
	a = serve_face_sig(&y.deck, &y.tmpl, &y.cards[0], 0);
	b = serve_face_sig(&y.deck, &y.tmpl, &y.cards[1], 0);
	assert_true(a != b);
	/* The other card's text: a unchanged. */
	y.t[1].value = "Bumblebee";
	assert_true(serve_face_sig(&y.deck, &y.tmpl, &y.cards[0], 0) == a);
	/* Its own text, or a stale mark, or its copies: changed. */
	y.t[0].value = "Ants";
	assert_true(serve_face_sig(&y.deck, &y.tmpl, &y.cards[0], 0) != a);
	y.t[0].value = "Ant";
	assert_true(serve_face_sig(&y.deck, &y.tmpl, &y.cards[0], 0) == a);
	y.t[0].stale = true;
	assert_true(serve_face_sig(&y.deck, &y.tmpl, &y.cards[0], 0) != a);
	y.t[0].stale = false;
	y.cards[0].count = 2;
	assert_true(serve_face_sig(&y.deck, &y.tmpl, &y.cards[0], 0) != a);
	y.cards[0].count = 1;
	y.kind.layout = "other";
	assert_true(serve_face_sig(&y.deck, &y.tmpl, &y.cards[0], 0) != a);
	y.kind.layout = "data-chain";
	assert_true(serve_face_sig(&y.deck, &y.tmpl, &y.cards[0], 0) == a);
	/* Its layout as read (a fill edited), deck.yaml's own keys: both
	 * cards changed. */
	y.tmpl.sig = 42;
	assert_true(serve_face_sig(&y.deck, &y.tmpl, &y.cards[0], 0) != a);
	assert_true(serve_face_sig(&y.deck, &y.tmpl, &y.cards[1], 0) != b);
	y.tmpl.sig = 0;
	y.deck.sig = 7;
	assert_true(serve_face_sig(&y.deck, &y.tmpl, &y.cards[0], 0) != a);
	assert_true(serve_face_sig(&y.deck, &y.tmpl, &y.cards[1], 0) != b);
}

/* ytree_hash() of a YAML text. */
static uint64_t
hash_of(const char *yaml)
{
	struct arena a = { 0 };
	struct diags d = { 0 };
	const struct ynode *n = ytree_parse(&a, "layout.yaml",
	    (const unsigned char *)yaml, strlen(yaml), &d);
	uint64_t h;

	assert_non_null(n);
	h = ytree_hash(YTREE_HASH0, n);
	arena_free(&a);
	diag_free(&d);
	return h;
}

/* A layout's hash: what it reads, not where it stands. */
static void
test_tree_hash(void **state)
{
	uint64_t a = hash_of("front:\n  - {type: rect, fill: \"#F4EFE1\"}\n");

	(void)state;
	assert_true(hash_of("# a comment\nfront:\n\n  - {type: rect,  "
	    "fill: \"#F4EFE1\"}\n") == a);
	assert_true(hash_of("front:\n  - {type: rect, fill: \"#3060C0\"}\n")
	    != a);
	assert_true(hash_of("front:\n  - {type: rect}\n") != a);
	assert_true(hash_of("x: [a, b]\n") != hash_of("x: [ab]\n"));
	assert_true(hash_of("x: 1\n") != hash_of("x: \"1\"\n"));
	assert_true(hash_of("x: {a: b}\n") != hash_of("x: [a, b]\n"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key),
		cmocka_unit_test(test_sig),
		cmocka_unit_test(test_tree_hash),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
