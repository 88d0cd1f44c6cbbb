/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a deck.yaml, read from memory in place of a bundled
 * game's (its text files are the game's own), through load_deck().
 * Input: a game digit ('0'-'2'), then the YAML.
 */
#include "fuzz.h"
#include "../../src/load/load.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct load_opts o = { .lenient = true };
	struct diags d = { 0 };
	size_t g = fuzz_game(&data, &size);

	o.deckyaml = (const char *)data;
	o.decklen = size;
	load_deck_free(load_deck(fuzz_games[g], &o, &d));
	diag_free(&d);
	return 0;
}
