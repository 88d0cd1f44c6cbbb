/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a text/<lang>.yaml file, the source language's of a
 * bundled game's deck.yaml, through load_deck() (which reads the text
 * files with load_texts()).  Input: a game digit ('0'-'2'), then the
 * YAML.
 */
#include <stdio.h>
#include <stdlib.h>

#include <glib.h>

#include "fuzz.h"
#include "../../src/load/load.h"

/* The source language of each game (the first of its languages). */
static const char *const source[FUZZ_NGAMES] = { "en", "it", "en" };

static const char *const dirs[FUZZ_NGAMES] = { "g0", "g1", "g2" };

/* The game's deck.yaml, copied beside the fuzzed text once. */
static char *
game_dir(size_t g)
{
	static char *made[FUZZ_NGAMES];
	char *src, *name, *yaml;
	gsize len;

	if (made[g] != NULL)
		return made[g];
	src = path_join(fuzz_games[g], "deck.yaml");
	if (!g_file_get_contents(src, &yaml, &len, NULL)) {
		fprintf(stderr, "fuzz: cannot read %s\n", src);
		exit(3);
	}
	name = path_join(dirs[g], "deck.yaml");
	free(fuzz_write(name, (const uint8_t *)yaml, len));
	free(name);
	free(src);
	g_free(yaml);
	made[g] = fuzz_path(dirs[g]);
	return made[g];
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	size_t g;

	(void)argc;
	(void)argv;
	for (g = 0; g < FUZZ_NGAMES; g++)
		game_dir(g);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct load_opts o = { .lenient = true, .one = true };
	struct diags d = { 0 };
	size_t g = fuzz_game(&data, &size);
	const char *dir = game_dir(g);
	char name[32];

	snprintf(name, sizeof(name), "%s/text/%s.yaml", dirs[g], source[g]);
	free(fuzz_write(name, data, size));
	load_deck_free(load_deck(dir, &o, &d));
	diag_free(&d);
	return 0;
}
