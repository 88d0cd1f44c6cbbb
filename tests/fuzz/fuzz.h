/* SPDX-License-Identifier: MIT */
/*
 * What the libFuzzer targets of tests/fuzz/ share: a scratch folder of
 * their own in /dev/shm for loaders that read only from a path, and the
 * fonts and decks that are slow to set up, made once per process.
 */
#ifndef DECKPRESS_FUZZ_H
#define DECKPRESS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "../../src/diag.h"
#include "../../src/util.h"
#include "../../src/tmpl/tmpl.h"
#include "../../src/load/load.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * libFuzzer's hook, called once before the first input: the targets
 * that need fonts, icons or decks set them up here, so that their cost
 * is not counted against the first input (slow-unit) and what they
 * allocate is not mistaken for that input's.
 */
int	LLVMFuzzerInitialize(int *argc, char ***argv);

/*
 * The file name under this process's scratch folder (made the first
 * time, removed at exit); caller frees.
 */
char	*fuzz_path(const char *name);

/*
 * Write data to name under the scratch folder (parent folders made);
 * returns its path, which the caller frees.  Exits 3 on an I/O error:
 * a fuzzer that cannot write its input has nothing to test.
 */
char	*fuzz_write(const char *name, const uint8_t *data, size_t size);

/* The bundled games, loaded once; index by fuzz_game(). */
#define FUZZ_NGAMES	3
extern const char *const fuzz_games[FUZZ_NGAMES];
const struct deck *fuzz_deck(size_t game);

/*
 * The game a seed is for: its first byte, '0', '1' or '2' as
 * tests/fuzz/seed.sh writes it (any other byte: by its value); *data
 * and *size then skip it.  Returns 0 for an empty input.
 */
size_t	 fuzz_game(const uint8_t **data, size_t *size);

/* fonts/ and its icon map, loaded once. */
const struct iconmap *fuzz_icons(void);
struct fonts	*fuzz_fonts(void);

/* The font families of fonts/, as tmpl_load() wants them. */
extern const char *const fuzz_families[];

#endif
