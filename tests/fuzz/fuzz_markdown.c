/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a rule booklet in Markdown, for a bundled game, through
 * booklet_parse() and booklet_flow() onto A5 pages: the path of
 * 'deckpress booklet' up to drawing.  Input: a game digit ('0'-'2'),
 * then the Markdown.
 */
#include <stdlib.h>

#include "fuzz.h"
#include "../../src/booklet/booklet.h"
#include "../../src/art/art.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	size_t g;

	(void)argc;
	(void)argv;
	for (g = 0; g < FUZZ_NGAMES; g++)
		fuzz_deck(g);
	fuzz_fonts();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d = { 0 };
	struct bdoc doc = { 0 };
	struct bflow fl = { 0 };
	struct bstyle style;
	size_t g = fuzz_game(&data, &size);
	const struct deck *deck = fuzz_deck(g);
	struct fonts *fonts = fuzz_fonts();
	struct images *images = art_new();
	char *path = fuzz_write("rules/en.md", data, size);

	booklet_style_a5(&style);
	fonts->images = images;
	if (booklet_parse(path, deck, 0, images, fonts, &doc, &d)) {
		booklet_flow(fonts, &doc, &style, &fl);
		booklet_check(fonts, &fl, &style, &d);
	}
	fonts->images = NULL;
	booklet_flow_free(&fl);
	booklet_doc_free(&doc);
	art_free(images);
	diag_free(&d);
	free(path);
	return 0;
}
