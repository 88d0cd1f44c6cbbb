/* SPDX-License-Identifier: MIT */
/* covers: all, jobs, watch */
/*
 * Unit tests of the run stage: the batch of 'all' (the bundled decks
 * listed, a unit for each language, a language skipped for its missing
 * strings) and the process pool (every unit run once, the worst exit
 * code, a unit killed counted as an I/O failure), and which changes
 * let watch keep what the last build loaded.
 */
#include "unit.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>

#include "../../src/diag.h"
#include "../../src/run/pool.h"
#include "../../src/run/run.h"
#include "../../src/util.h"

#define SCRATCH	"out/test/run"

/* A missing string of language lang, as validation reports one. */
static void
missing(struct diags *d, const char *lang)
{
	diag_add(d, DIAG_ERROR, NULL, "missing-text", "no '%s' string", lang);
	diag_about(d, NULL, lang);
}

static void
test_unfinished(void **state)
{
	struct diags d = { 0 };

	(void)state;
	/* No error at all: nothing to skip, the language rendered. */
	assert_false(run_batch_unfinished(&d, "fr"));
	missing(&d, "fr");
	missing(&d, "fr");
	diag_add(&d, DIAG_WARN, NULL, "overflow", "too long");
	assert_true(run_batch_unfinished(&d, "fr"));
	/* Another language's gap is a real error for this one. */
	assert_false(run_batch_unfinished(&d, "de"));
	diag_add(&d, DIAG_ERROR, NULL, "unknown-key", "what is this");
	assert_false(run_batch_unfinished(&d, "fr"));
	diag_free(&d);
}

static void
test_skip(void **state)
{
	struct diags d = { 0 };

	(void)state;
	missing(&d, "fr");
	missing(&d, "fr");
	diag_add(&d, DIAG_WARN, NULL, "overflow", "too long");
	run_batch_skip("cards/quiz", "fr", &d);
	assert_int_equal(d.nerr, 0);
	assert_int_equal(d.nwarn, 4);
	assert_int_equal(d.n, 4);
	assert_int_equal(d.v[0].level, DIAG_WARN);
	assert_string_equal(d.v[3].code, "skipped");
	assert_string_equal(d.v[3].msg, "cards/quiz: 'fr' skipped: 2 "
	    "strings are missing (listed below); 'deckpress all --draft' "
	    "prints it anyway");
	diag_free(&d);
}

/* Write file path with text s, its folder made first. */
static void
put(const char *path, const char *s)
{
	char *dir = g_path_get_dirname(path);

	assert_int_equal(g_mkdir_with_parents(dir, 0777), 0);
	assert_true(g_file_set_contents(path, s, -1, NULL));
	g_free(dir);
}

static void
test_decks(void **state)
{
	char **v;
	size_t n, i;

	(void)state;
	put(SCRATCH "/home/cards/zeta/deck.yaml", "x");
	put(SCRATCH "/home/cards/alpha/deck.yaml", "x");
	put(SCRATCH "/home/cards/.hidden/deck.yaml", "x");
	put(SCRATCH "/home/cards/empty/README", "not a deck");
	v = run_batch_decks(SCRATCH "/home", &n);
	assert_int_equal(n, 2);
	assert_string_equal(v[0], SCRATCH "/home/cards/alpha");
	assert_string_equal(v[1], SCRATCH "/home/cards/zeta");
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
	v = run_batch_decks(SCRATCH "/nowhere", &n);
	assert_int_equal(n, 0);
	free(v);
}

static void
test_add_deck(void **state)
{
	struct batch b = { 0 };
	char *name;

	(void)state;
	/* The tests' copy of Data Chain (en, es: a unit each), and a deck
	 * that is not a mapping: it does not load. */
	put(SCRATCH "/home/cards/alpha/deck.yaml", "x");
	run_batch_add_deck(&b, "tests/decks/data-chain");
	run_batch_add_deck(&b, SCRATCH "/home/cards/alpha");
	assert_int_equal(b.n, 3);
	/* The deck's languages in order, each a unit. */
	assert_string_equal(b.v[0].deckdir, "tests/decks/data-chain");
	assert_string_equal(b.v[0].lang, "en");
	assert_string_equal(b.v[1].lang, "es");
	name = g_strconcat("tests/decks/data-chain, language ", b.v[0].lang,
	    NULL);
	assert_string_equal(b.v[0].name, name);
	g_free(name);
	/* A deck that does not load: one unit holding its errors. */
	assert_null(b.v[b.n - 1].lang);
	assert_true(b.v[b.n - 1].errors.nerr > 0);
	assert_string_equal(b.v[b.n - 1].name, SCRATCH "/home/cards/alpha");
	run_batch_free(&b);
	run_batch_free(NULL);
}

/* Unit i of the pool: leaves a mark, then exits with code i % 3. */
static int
mark_unit(void *arg, size_t i)
{
	char path[64];
	FILE *f;

	(void)arg;
	snprintf(path, sizeof(path), SCRATCH "/pool/%zu", i);
	if ((f = fopen(path, "w")) == NULL)
		return 99;
	fprintf(f, "%d\n", (int)getpid());
	fclose(f);
	return (int)(i % 3);
}

static const char *
unit_name(void *arg, size_t i)
{
	(void)arg;
	(void)i;
	return "a unit";
}

static void
test_pool(void **state)
{
	struct parallel p = { .n = 7, .max = 3, .run = mark_unit,
	    .name = unit_name, .what = "test" };
	struct stat st;
	char path[64];
	size_t i;

	(void)state;
	assert_int_equal(g_mkdir_with_parents(SCRATCH "/pool", 0777), 0);
	/* A child would flush what the TAP output left in the buffer. */
	fflush(stdout);
	assert_int_equal(run_parallel(&p), 2);
	for (i = 0; i < p.n; i++) {
		snprintf(path, sizeof(path), SCRATCH "/pool/%zu", i);
		assert_int_equal(stat(path, &st), 0);
		unlink(path);
	}
	assert_true(run_parallel_cores() >= 1);
	assert_true(run_parallel_cores() <= PARALLEL_MAX);
}

/* Unit 1 dies of a signal; the others end well. */
static int
die_unit(void *arg, size_t i)
{
	(void)arg;
	if (i == 1) {
		/* Its message goes to stderr in its turn: keep TAP clean. */
		signal(SIGTERM, SIG_DFL);
		raise(SIGTERM);
	}
	return 0;
}

static void
test_pool_killed(void **state)
{
	struct parallel p = { .n = 3, .max = 2, .run = die_unit,
	    .name = unit_name, .what = "test" };

	(void)state;
	fflush(stdout);
	assert_int_equal(run_parallel(&p), EXIT_IO);
}

/* Only the deck's own YAML, outside its fonts/, lets a build keep. */
static void
test_watch_yaml(void **state)
{
	static char p0[] = "deck/text/en.yaml", p1[] = "deck/layout.yml",
	    p2[] = "deck/art/a.png", p3[] = "deck/fonts/x.yaml",
	    p4[] = "decks/a.yaml", p5[] = "layouts/std.yaml",
	    p6[] = "deck/deck.yaml";
	char *paths[] = { p0, p1, p2, p3, p4, p5, p6 };
	struct watch_changes ch = { paths, 0, 0, false };

	(void)state;
	assert_true(run_watch_deck_yaml("deck", &ch));	/* nothing */
	ch.n = 2;
	assert_true(run_watch_deck_yaml("deck", &ch));
	ch.all = true;			/* a folder came or went */
	assert_false(run_watch_deck_yaml("deck", &ch));
	ch.all = false;
	ch.paths = paths + 2;		/* an image */
	ch.n = 1;
	assert_false(run_watch_deck_yaml("deck", &ch));
	ch.paths = paths + 3;		/* a font folder's file */
	assert_false(run_watch_deck_yaml("deck", &ch));
	ch.paths = paths + 4;		/* another folder, same prefix */
	assert_false(run_watch_deck_yaml("deck", &ch));
	ch.paths = paths + 5;		/* a bundled layout */
	assert_false(run_watch_deck_yaml("deck", &ch));
	ch.paths = paths + 6;
	assert_true(run_watch_deck_yaml("deck", &ch));
	assert_true(run_watch_deck_yaml("deck/", &ch));	/* as given */
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unfinished),
		cmocka_unit_test(test_skip),
		cmocka_unit_test(test_decks),
		cmocka_unit_test(test_add_deck),
		cmocka_unit_test(test_pool),
		cmocka_unit_test(test_pool_killed),
		cmocka_unit_test(test_watch_yaml),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
