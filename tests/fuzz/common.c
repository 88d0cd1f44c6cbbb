/* SPDX-License-Identifier: MIT */
/*
 * The scratch folder, games and fonts the fuzz targets share (fuzz.h).
 * Everything made once is freed at exit, so that LeakSanitizer's report
 * names only what one input leaked.
 */
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "../../src/layout/layout.h"
#include "../../src/tmpl/tmpl.h"
#include "../../src/load/load.h"

const char *const fuzz_games[FUZZ_NGAMES] = { "cards/data-chain",
    "cards/dataset", "cards/serious-privacy" };

const char *const fuzz_families[] = { "Roboto", "Roboto Condensed",
    "Material Design Icons", NULL };

static char *scratch;
static struct deck *decks[FUZZ_NGAMES];
static struct iconmap *icons;
static struct fonts *fonts;
static struct diags setup_diags;	/* of the set-up, never printed */

static void
die(const char *what, const char *path)
{
	fprintf(stderr, "fuzz: %s %s: %s\n", what, path, strerror(errno));
	exit(3);
}

static int
rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void
teardown(void)
{
	size_t i;

	for (i = 0; i < FUZZ_NGAMES; i++)
		load_deck_free(decks[i]);
	layout_fonts_free(fonts);
	tmpl_iconmap_free(icons);
	diag_free(&setup_diags);
	if (scratch != NULL)
		nftw(scratch, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	free(scratch);
}

/* /dev/shm keeps the many small writes off the disk the others share. */
static const char *
scratch_dir(void)
{
	char buf[64];

	if (scratch != NULL)
		return scratch;
	snprintf(buf, sizeof(buf), "/dev/shm/deckpress-fuzz-%ld",
	    (long)getpid());
	if (mkdir(buf, 0700) != 0 && errno != EEXIST)
		die("cannot make", buf);
	scratch = xstrdup(buf);
	atexit(teardown);
	return scratch;
}

char *
fuzz_path(const char *name)
{
	return path_join(scratch_dir(), name);
}

/* Make the folders of path below the scratch folder. */
static void
make_parents(char *path)
{
	char *p = path + strlen(scratch_dir()) + 1;

	while ((p = strchr(p, '/')) != NULL) {
		*p = '\0';
		if (mkdir(path, 0700) != 0 && errno != EEXIST)
			die("cannot make", path);
		*p++ = '/';
	}
}

char *
fuzz_write(const char *name, const uint8_t *data, size_t size)
{
	char *path = fuzz_path(name);
	FILE *f;

	make_parents(path);
	if ((f = fopen(path, "wb")) == NULL)
		die("cannot write", path);
	if ((size > 0 && fwrite(data, 1, size, f) != size) || fclose(f) != 0)
		die("cannot write", path);
	return path;
}

size_t
fuzz_game(const uint8_t **data, size_t *size)
{
	size_t g;

	if (*size == 0)
		return 0;
	g = (*data)[0] >= '0' ? (size_t)((*data)[0] - '0') : (*data)[0];
	(*data)++;
	(*size)--;
	return g % FUZZ_NGAMES;
}

const struct deck *
fuzz_deck(size_t game)
{
	scratch_dir();		/* registers the teardown */
	if (decks[game] == NULL &&
	    (decks[game] = load_deck(fuzz_games[game], NULL,
	    &setup_diags)) == NULL) {
		diag_print(stderr, &setup_diags);
		exit(3);
	}
	return decks[game];
}

const struct iconmap *
fuzz_icons(void)
{
	scratch_dir();
	if (icons == NULL && (icons = tmpl_iconmap_load(
	    "fonts/MaterialDesignIcons.map", &setup_diags)) == NULL) {
		diag_print(stderr, &setup_diags);
		exit(3);
	}
	return icons;
}

struct fonts *
fuzz_fonts(void)
{
	const struct iconmap *m = fuzz_icons();

	if (fonts == NULL) {
		if ((fonts = layout_fonts_new("fonts", NULL,
		    &setup_diags)) == NULL) {
			diag_print(stderr, &setup_diags);
			exit(3);
		}
		fonts->icons = m;
	}
	return fonts;
}
