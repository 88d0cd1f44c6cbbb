/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a rules.yaml for a bundled game's deck, through
 * validate_rules_load() and, when it loads, validate_rules().  Input: a game
 * digit ('0'-'2'), then the YAML.
 */
#include <stdlib.h>

#include "fuzz.h"
#include "../../src/validate/checking.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	size_t g;

	(void)argc;
	(void)argv;
	for (g = 0; g < FUZZ_NGAMES; g++)
		fuzz_deck(g);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d = { 0 };
	struct outcomes out = { 0 };
	size_t g = fuzz_game(&data, &size);
	const struct deck *deck = fuzz_deck(g);
	char *path = fuzz_write("rules.yaml", data, size);
	struct rules *r = validate_rules_load(path, deck, &d);

	if (r != NULL)
		validate_rules(deck, r, &out, &d);
	validate_outcomes_free(&out);
	validate_rules_free(r);
	diag_free(&d);
	free(path);
	return 0;
}
