/* SPDX-License-Identifier: MIT */
/* covers: diagnostics, output, cli */
/*
 * Unit tests of the helpers every stage uses: edit distance and "did
 * you mean" hints, the arena, string buffers, colour parsing, the
 * diagnostics list (adding, interning, sorting, printing) and files
 * written atomically.
 */
#include "unit.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../src/diag.h"
#include "../../src/tmpl/tmpl.h"
#include "../../src/load/load.h"
#include "../../src/outfile.h"
#include "../../src/util.h"

/* --- edit_distance ---------------------------------------------------- */

static void
test_edit_distance_basic(void **state)
{
	(void)state;
	assert_int_equal(edit_distance("", ""), 0);
	assert_int_equal(edit_distance("abc", "abc"), 0);
	assert_int_equal(edit_distance("", "abc"), 3);
	assert_int_equal(edit_distance("abc", ""), 3);
	assert_int_equal(edit_distance("kitten", "sitting"), 3);
	assert_int_equal(edit_distance("sitting", "kitten"), 3);
	assert_int_equal(edit_distance("cout", "count"), 1);
	assert_int_equal(edit_distance("flaw", "lawn"), 2);
	assert_int_equal(edit_distance("abc", "abd"), 1);
	/* A swap of two neighbours is one typo, so one edit. */
	assert_int_equal(edit_distance("ab", "ba"), 1);
	assert_int_equal(edit_distance("team", "tema"), 1);
	assert_int_equal(edit_distance("bdoy", "body"), 1);
	/* Not a swap of neighbours: still two edits. */
	assert_int_equal(edit_distance("abc", "cba"), 2);
}

static void
test_edit_distance_long_strings(void **state)
{
	char a[258], b[257];

	(void)state;
	/* Longer than 256 bytes (past any card title): distance "infinite". */
	memset(a, 'x', 257);
	a[257] = '\0';
	assert_int_equal(edit_distance(a, "x"), (size_t)-1);
	assert_int_equal(edit_distance("x", a), (size_t)-1);
	/* Exactly 256 is still measured. */
	memset(b, 'x', 256);
	b[256] = '\0';
	assert_int_equal(edit_distance(b, "x"), 255);
	assert_int_equal(edit_distance(b, b), 0);
}

/* --- closest_word ----------------------------------------------------- */

static const char *const card_keys[] = { "id", "count", "kind", "team" };

static void
test_closest_word_typo(void **state)
{
	(void)state;
	assert_ptr_equal(closest_word("cout", card_keys, 4), card_keys[1]);
	assert_ptr_equal(closest_word("coutn", card_keys, 4), card_keys[1]);
	assert_ptr_equal(closest_word("kindd", card_keys, 4), card_keys[2]);
	assert_ptr_equal(closest_word("teams", card_keys, 4), card_keys[3]);
	/* Distance 1 in a three-letter word is still a hint. */
	assert_ptr_equal(closest_word("kid", card_keys, 4), card_keys[0]);
	/* Exact match is its own closest word. */
	assert_ptr_equal(closest_word("count", card_keys, 4), card_keys[1]);
}

static void
test_closest_word_unrelated(void **state)
{
	static const char *const fonts[] = { "Roboto", "Roboto Condensed",
	    "Material Design Icons" };

	(void)state;
	assert_null(closest_word("colour", card_keys, 4));
	assert_null(closest_word("zzzzzzzz", card_keys, 4));
	assert_null(closest_word("Comic Sans", fonts, 3));
	assert_string_equal(closest_word("Robotto", fonts, 3), "Roboto");
	/* Three edits is never a hint, however long the word. */
	assert_null(closest_word("countxyz", card_keys, 4));
	assert_null(closest_word("anything", card_keys, 0));
}

static void
test_closest_word_short_words(void **state)
{
	static const char *const two[] = { "id" };
	static const char *const cnt[] = { "count" };

	(void)state;
	/* One edit in a two-letter word is half of it: noise, no hint. */
	assert_null(closest_word("ix", two, 1));
	assert_null(closest_word("c", card_keys, 4));
	assert_null(closest_word("", card_keys, 4));
	/* Two edits in three letters is too much. */
	assert_null(closest_word("cnt", cnt, 1));
	/* A swap of two letters is one typo: hinted. */
	assert_string_equal(closest_word("tema", card_keys, 4), "team");
}

/* --- arena ------------------------------------------------------------- */

static void
test_arena_many_allocations(void **state)
{
	enum { N = 20000 };
	struct arena a = { 0 };
	unsigned char **p = xcalloc(N, sizeof(*p));
	size_t i, j, sz;

	(void)state;
	for (i = 0; i < N; i++) {
		sz = 1 + (i * 7919) % 301;
		p[i] = arena_alloc(&a, sz);
		assert_non_null(p[i]);
		assert_int_equal((uintptr_t)p[i] % _Alignof(max_align_t), 0);
		for (j = 0; j < sz; j++)
			assert_int_equal(p[i][j], 0);
		memset(p[i], (int)(i & 0xff), sz);
	}
	/* Nothing overlapped: every block still holds its own pattern. */
	for (i = 0; i < N; i++) {
		sz = 1 + (i * 7919) % 301;
		for (j = 0; j < sz; j++)
			if (p[i][j] != (unsigned char)(i & 0xff))
				fail_msg("allocation %zu byte %zu clobbered",
				    i, j);
	}
	free(p);
	arena_free(&a);
	assert_null(a.head);
}

static void
test_arena_large_and_zero(void **state)
{
	struct arena a = { 0 };
	unsigned char *small, *big, *after, *zero;
	size_t i, n = 200000;

	(void)state;
	small = arena_alloc(&a, 10);
	memset(small, 0x5a, 10);
	/* Larger than a block: gets its own, zeroed and aligned. */
	big = arena_alloc(&a, n);
	assert_int_equal((uintptr_t)big % _Alignof(max_align_t), 0);
	for (i = 0; i < n; i++)
		if (big[i] != 0)
			fail_msg("big[%zu] not zeroed", i);
	memset(big, 0xa5, n);
	after = arena_alloc(&a, 32);
	assert_int_equal((uintptr_t)after % _Alignof(max_align_t), 0);
	memset(after, 0x11, 32);
	zero = arena_alloc(&a, 0);
	assert_non_null(zero);
	for (i = 0; i < 10; i++)
		assert_int_equal(small[i], 0x5a);
	assert_int_equal(big[0], 0xa5);
	assert_int_equal(big[n - 1], 0xa5);
	arena_free(&a);
	arena_free(&a);		/* twice is harmless: head is reset */
	arena_free(NULL);
}

static void
test_arena_strings(void **state)
{
	struct arena a = { 0 };
	char src[] = "deckpress";
	char *s, *t, *u, *big;
	size_t i;

	(void)state;
	s = arena_strdup(&a, src);
	src[0] = 'X';		/* the copy is independent */
	assert_string_equal(s, "deckpress");
	t = arena_strndup(&a, "Éxito de la petición", 6);
	assert_int_equal(strlen(t), 6);
	assert_string_equal(t, "\xc3\x89xito");
	u = arena_printf(&a, "card '%s' x%u, %.2f mm", "steal", 4u, 63.5);
	assert_string_equal(u, "card 'steal' x4, 63.50 mm");
	assert_string_equal(arena_printf(&a, "%s", ""), "");
	/* Longer than a block: 70000 digits of zero padding. */
	big = arena_printf(&a, "%070000d", 7);
	assert_int_equal(strlen(big), 70000);
	for (i = 0; i < 69999; i++)
		if (big[i] != '0')
			fail_msg("big[%zu] = '%c'", i, big[i]);
	assert_int_equal(big[69999], '7');
	assert_string_equal(s, "deckpress");
	arena_free(&a);
}

/* --- strbuf and small helpers ----------------------------------------- */

static void
test_strbuf(void **state)
{
	struct strbuf b = { 0 };
	size_t i;

	(void)state;
	sb_puts(&b, "");
	assert_non_null(b.s);
	assert_string_equal(b.s, "");
	assert_int_equal(b.len, 0);
	sb_puts(&b, "en");
	sb_add(&b, ", es, fr", 4);
	assert_string_equal(b.s, "en, es");
	assert_int_equal(b.len, 6);
	sb_printf(&b, " (%d languages, %s)", 2, "ok");
	assert_string_equal(b.s, "en, es (2 languages, ok)");
	assert_int_equal(b.len, strlen(b.s));
	assert_true(b.cap > b.len);
	/* Embedded NULs are kept; len counts them. */
	sb_add(&b, "a\0b", 3);
	assert_int_equal(b.len, 27);
	assert_memory_equal(b.s + 24, "a\0b", 4);
	sb_free(&b);
	assert_null(b.s);
	assert_int_equal(b.len, 0);
	assert_int_equal(b.cap, 0);
	for (i = 0; i < 5000; i++)
		sb_printf(&b, "%03zu,", i % 1000);
	assert_int_equal(b.len, 20000);
	assert_memory_equal(b.s + 4 * 999, "999,000,", 8);
	assert_int_equal(b.s[b.len], '\0');
	sb_free(&b);
	sb_free(NULL);
}

static void
test_xgrow(void **state)
{
	int *v = NULL;
	size_t cap = 0, i;

	(void)state;
	xgrow((void **)&v, &cap, 1, sizeof(*v));
	assert_int_equal(cap, 8);
	xgrow((void **)&v, &cap, 8, sizeof(*v));
	assert_int_equal(cap, 8);
	xgrow((void **)&v, &cap, 9, sizeof(*v));
	assert_int_equal(cap, 16);
	xgrow((void **)&v, &cap, 100, sizeof(*v));
	assert_int_equal(cap, 128);
	for (i = 0; i < 100; i++)
		v[i] = (int)i;
	assert_int_equal(v[99], 99);
	free(v);
}

static void
test_path_join(void **state)
{
	char *p;

	(void)state;
	p = path_join("cards/data-chain", "deck.yaml");
	assert_string_equal(p, "cards/data-chain/deck.yaml");
	free(p);
	p = path_join("cards/data-chain/", "deck.yaml");
	assert_string_equal(p, "cards/data-chain/deck.yaml");
	free(p);
	p = path_join("", "deck.yaml");
	assert_string_equal(p, "deck.yaml");
	free(p);
	assert_true(file_exists("cards/data-chain/deck.yaml"));
	assert_false(file_exists("cards/data-chain"));	/* a folder */
	assert_false(file_exists("cards/no-such-game/deck.yaml"));
}

/* --- tmpl_parse_color -------------------------------------------------- */

static void
test_parse_color_forms(void **state)
{
	struct rgba c;

	(void)state;
	assert_true(tmpl_parse_color("#fff", &c));
	assert_near(c.r, 1, 1e-12);
	assert_near(c.g, 1, 1e-12);
	assert_near(c.b, 1, 1e-12);
	assert_near(c.a, 1, 1e-12);
	assert_true(tmpl_parse_color("#F80", &c));
	assert_near(c.r, 1, 1e-12);
	assert_near(c.g, 0x88 / 255.0, 1e-12);
	assert_near(c.b, 0, 1e-12);
	assert_near(c.a, 1, 1e-12);
	assert_true(tmpl_parse_color("#1d2733", &c));
	assert_near(c.r, 0x1d / 255.0, 1e-12);
	assert_near(c.g, 0x27 / 255.0, 1e-12);
	assert_near(c.b, 0x33 / 255.0, 1e-12);
	assert_near(c.a, 1, 1e-12);
	assert_true(tmpl_parse_color("#F2B33D", &c));
	assert_near(c.r, 0xf2 / 255.0, 1e-12);
	assert_near(c.g, 0xb3 / 255.0, 1e-12);
	assert_near(c.b, 0x3d / 255.0, 1e-12);
	assert_true(tmpl_parse_color("#0F6E7880", &c));
	assert_near(c.r, 0x0f / 255.0, 1e-12);
	assert_near(c.g, 0x6e / 255.0, 1e-12);
	assert_near(c.b, 0x78 / 255.0, 1e-12);
	assert_near(c.a, 0x80 / 255.0, 1e-12);
	assert_true(tmpl_parse_color("#00000000", &c));
	assert_near(c.a, 0, 1e-12);
}

static void
test_parse_color_rejects(void **state)
{
	/* "#ffff" (#rgba) and "red" (CSS) are colours: test_color. */
	static const char *const bad[] = { "", "#", "fff", "1d2733", "#f",
	    "#ff", "#fffff", "#1234567", "#123456789", "#ggg",
	    "#12345g", "#1d27 3", " #fff", "#fff ", "reed", "{color}",
	    "##fff", "#-12", "#0x1234", "rgb(1, 2)", "hsl(0 0 0" };
	struct rgba c;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (tmpl_parse_color(bad[i], &c))
			fail_msg("tmpl_parse_color accepted \"%s\"", bad[i]);
}

/* --- diagnostics ------------------------------------------------------ */

static void
test_diag_add(void **state)
{
	struct diags d = { 0 };
	struct srcpos p = { "deck.yaml", 12, 5 };

	(void)state;
	assert_int_equal(diag_add(&d, DIAG_ERROR, &p, "deck-size",
	    "deck has %d cards, max %d", 41, 40), 0);
	assert_int_equal(diag_add(&d, DIAG_WARN, NULL, "overflow", "%s",
	    "too long"), 0);
	assert_int_equal(diag_add(&d, DIAG_NOTE, &p, NULL, "here"), 0);
	assert_int_equal(d.n, 3);
	assert_int_equal(d.nerr, 1);
	assert_int_equal(d.nwarn, 1);
	assert_int_equal(d.v[0].level, DIAG_ERROR);
	assert_string_equal(d.v[0].msg, "deck has 41 cards, max 40");
	assert_string_equal(d.v[0].code, "deck-size");
	assert_string_equal(d.v[0].pos.file, "deck.yaml");
	assert_int_equal(d.v[0].pos.line, 12);
	assert_int_equal(d.v[0].pos.col, 5);
	assert_null(d.v[1].pos.file);
	assert_int_equal(d.v[1].pos.line, 0);
	/* The note belongs to the warning added just before it. */
	assert_int_equal(d.v[2].head, d.v[1].seq);
	diag_free(&d);
	assert_int_equal(d.n, 0);
	assert_null(d.v);
	diag_free(NULL);
}

static void
test_diag_file_interning(void **state)
{
	struct diags d = { 0 };
	char buf[64];
	const char *a, *b, *a2;

	(void)state;
	strcpy(buf, "cards/data-chain/deck.yaml");
	a = diag_file(&d, buf);
	assert_ptr_not_equal(a, buf);
	strcpy(buf, "cards/data-chain/text/en.yaml");
	b = diag_file(&d, buf);
	assert_ptr_not_equal(a, b);
	/* The interned copy outlives the caller's buffer. */
	memset(buf, 'x', sizeof(buf) - 1);
	buf[sizeof(buf) - 1] = '\0';
	assert_string_equal(a, "cards/data-chain/deck.yaml");
	assert_string_equal(b, "cards/data-chain/text/en.yaml");
	a2 = diag_file(&d, "cards/data-chain/deck.yaml");
	assert_ptr_equal(a, a2);
	assert_int_equal(d.nfiles, 2);
	diag_free(&d);
}

/* The files read are interned once each; a file only named is not read. */
static void
test_diag_read(void **state)
{
	struct diags d = { 0 };
	const char *a, *b;

	(void)state;
	diag_file(&d, "out/x.pdf");
	a = diag_read(&d, "cards/quiz/deck.yaml");
	b = diag_read(&d, "fonts");
	assert_ptr_equal(diag_read(&d, "cards/quiz/deck.yaml"), a);
	assert_ptr_equal(diag_file(&d, "fonts"), b);
	assert_int_equal(d.nfiles, 3);
	assert_int_equal(d.nread, 2);
	assert_ptr_equal(d.read[0], a);
	assert_ptr_equal(d.read[1], b);
	diag_free(&d);
}

static void
add_at(struct diags *d, enum diag_level l, const char *file,
    unsigned int line, unsigned int col, const char *msg)
{
	struct srcpos p = { file, line, col };

	diag_add(d, l, file == NULL && line == 0 ? NULL : &p, NULL, "%s", msg);
}

static void
test_diag_sort(void **state)
{
	static const char *const want[] = { "no file", "a:1:9", "a:2:1",
	    "a:2:1 note at b:1", "a:2:1 note at a:1", "a:2:1 second",
	    "a:2:3", "a:10:1", "a:10:1 note at a:50", "b:1:1",
	    "b:7:2", "b:7:2 note at a:3" };
	struct diags d = { 0 };
	size_t i;

	(void)state;
	add_at(&d, DIAG_ERROR, "b", 7, 2, "b:7:2");
	add_at(&d, DIAG_NOTE, "a", 3, 1, "b:7:2 note at a:3");
	add_at(&d, DIAG_ERROR, "a", 10, 1, "a:10:1");
	add_at(&d, DIAG_NOTE, "a", 50, 1, "a:10:1 note at a:50");
	add_at(&d, DIAG_WARN, "a", 2, 1, "a:2:1");
	add_at(&d, DIAG_NOTE, "b", 1, 1, "a:2:1 note at b:1");
	add_at(&d, DIAG_NOTE, "a", 1, 1, "a:2:1 note at a:1");
	add_at(&d, DIAG_ERROR, "a", 2, 3, "a:2:3");
	add_at(&d, DIAG_ERROR, "b", 1, 1, "b:1:1");
	add_at(&d, DIAG_ERROR, "a", 1, 9, "a:1:9");
	/* Same position as an earlier one: insertion order is kept. */
	add_at(&d, DIAG_ERROR, "a", 2, 1, "a:2:1 second");
	add_at(&d, DIAG_ERROR, NULL, 0, 0, "no file");
	assert_int_equal(d.n, 12);
	diag_sort(&d);
	for (i = 0; i < d.n; i++)
		assert_string_equal(d.v[i].msg, want[i]);
	assert_int_equal(d.v[3].level, DIAG_NOTE);
	assert_int_equal(d.v[4].level, DIAG_NOTE);
	/* Sorting again changes nothing. */
	diag_sort(&d);
	for (i = 0; i < d.n; i++)
		assert_string_equal(d.v[i].msg, want[i]);
	diag_free(&d);
}

static void
test_diag_print(void **state)
{
	struct diags d = { 0 };
	struct srcpos p = { "cards/core.yaml", 12, 5 };
	struct srcpos nofile = { "layouts/x.yaml", 0, 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	diag_add(&d, DIAG_ERROR, &p, "deck-size", "deck has 41 cards, max 40");
	diag_add(&d, DIAG_NOTE, &p, NULL, "declared here");
	diag_add(&d, DIAG_WARN, &nofile, "x", "no line");
	diag_add(&d, DIAG_ERROR, NULL, "io", "cannot write");
	f = open_memstream(&buf, &len);
	assert_non_null(f);
	diag_print(f, &d);
	fclose(f);
	assert_string_equal(buf,
	    "cards/core.yaml:12:5: error: deck has 41 cards, max 40\n"
	    "cards/core.yaml:12:5: note: declared here\n"
	    "layouts/x.yaml: warning: no line\n"
	    "deckpress: error: cannot write\n");
	free(buf);
	diag_free(&d);
}

/* --- outfile: atomic files -------------------------------------------- */

/* A fresh scratch folder under out/test; caller frees. */
static char *
scratch(void)
{
	char *dir = xstrdup("out/test/outfile-XXXXXX");

	mkdir("out", 0777);
	mkdir("out/test", 0777);
	assert_non_null(mkdtemp(dir));
	return dir;
}

/* The number of entries of dir, . and .. aside. */
static int
entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

/* The first line of path, or "" if it cannot be read. */
static void
first_line(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");

	buf[0] = '\0';
	if (f != NULL) {
		if (fgets(buf, (int)n, f) == NULL)
			buf[0] = '\0';
		fclose(f);
	}
}

/* Make an empty file at dir/name. */
static void
touch(const char *dir, const char *name)
{
	char *p = path_join(dir, name);
	FILE *f = fopen(p, "w");

	assert_non_null(f);
	fclose(f);
	free(p);
}

/* Remove dir and everything in it (files only). */
static void
remove_all(const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	char *p;

	assert_non_null(dp);
	while ((e = readdir(dp)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		p = path_join(dir, e->d_name);
		unlink(p);
		free(p);
	}
	closedir(dp);
	rmdir(dir);
}

static void
test_outfile_keep(void **state)
{
	char *dir = scratch(), *path = path_join(dir, "a.txt"), line[32];
	struct diags d = { 0 };
	struct outfile o;
	struct stat st;
	mode_t mask = umask(022);

	(void)state;
	assert_true(outfile_open(&o, path, &d));
	assert_true(outfile_write(&o, "new\n", 4));
	fflush(o.fp);
	/* Until it is closed the file is elsewhere, named for its run. */
	assert_int_equal(access(path, F_OK), -1);
	assert_int_equal(entries(dir), 1);
	assert_non_null(strstr(o.tmp, ".tmp-"));
	assert_int_equal(atol(strstr(o.tmp, ".tmp-") + 5), (long)getpid());
	assert_true(outfile_close(&o, true, &d));
	first_line(path, line, sizeof(line));
	assert_string_equal(line, "new\n");
	assert_int_equal(entries(dir), 1);
	/* The mode a new file gets, not mkstemp's private one. */
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0644);
	assert_int_equal(d.n, 0);
	umask(mask);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
	diag_free(&d);
}

static void
test_outfile_discard(void **state)
{
	char *dir = scratch(), *path = path_join(dir, "a.txt"), line[32];
	struct diags d = { 0 };
	struct outfile o;

	(void)state;
	assert_true(outfile_open(&o, path, &d));
	fputs("old\n", o.fp);
	assert_true(outfile_close(&o, true, &d));
	/* A run that fails half-way leaves the old file as it was. */
	assert_true(outfile_open(&o, path, &d));
	fputs("half", o.fp);
	errno = ENOSPC;
	assert_false(outfile_close(&o, false, &d));
	assert_int_equal(errno, ENOSPC);
	first_line(path, line, sizeof(line));
	assert_string_equal(line, "old\n");
	assert_int_equal(entries(dir), 1);
	assert_int_equal(d.n, 0);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
	diag_free(&d);
}

/* Write "N\n" to dir/N.txt for N in [0, n), each closed to keep. */
static void
write_numbered(const char *dir, int n, struct diags *d)
{
	struct outfile o;
	char name[32], *path;
	int i;

	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "%d.txt", i);
		path = path_join(dir, name);
		assert_true(outfile_open(&o, path, d));
		fprintf(o.fp, "%d\n", i);
		assert_true(outfile_close(&o, true, d));
		free(path);
	}
}

/*
 * Held files (export's faces): complete but not in place until the
 * hold ends, then all renamed, or all removed; more of them at once
 * than the 128 temporaries the list of names a signal removes began
 * with, which grows.
 */
static void
test_outfile_hold(void **state)
{
	char *dir = scratch(), *path = path_join(dir, "299.txt"), line[32];
	char *old = path_join(dir, "0.txt");
	struct diags d = { 0 };

	(void)state;
	touch(dir, "0.txt");
	outfile_hold();
	write_numbered(dir, 300, &d);
	/* The 300 temporaries and the old 0.txt, none renamed yet. */
	assert_int_equal(access(path, F_OK), -1);
	assert_int_equal(entries(dir), 301);
	first_line(old, line, sizeof(line));
	assert_string_equal(line, "");
	assert_true(outfile_hold_end(true, &d));
	assert_int_equal(entries(dir), 300);
	first_line(path, line, sizeof(line));
	assert_string_equal(line, "299\n");
	first_line(old, line, sizeof(line));
	assert_string_equal(line, "0\n");
	/* Not kept: every file as it was, no temporary left. */
	outfile_hold();
	write_numbered(dir, 300, &d);
	touch(dir, "x");
	assert_int_equal(entries(dir), 601);
	assert_false(outfile_hold_end(false, &d));
	assert_int_equal(entries(dir), 301);
	first_line(path, line, sizeof(line));
	assert_string_equal(line, "299\n");
	/* No longer holding: a file closed is in place at once. */
	write_numbered(dir, 1, &d);
	assert_int_equal(entries(dir), 301);
	assert_int_equal(d.n, 0);
	remove_all(dir);
	free(path);
	free(old);
	free(dir);
	diag_free(&d);
}

static void
test_outfile_no_folder(void **state)
{
	char *dir = scratch(), *path = path_join(dir, "no/a.txt");
	struct diags d = { 0 };
	struct outfile o;

	(void)state;
	assert_false(outfile_open(&o, path, &d));
	assert_null(o.fp);
	assert_int_equal(entries(dir), 0);
	assert_int_equal(d.nerr, 1);
	assert_string_equal(d.v[0].msg, "cannot write: No such file or "
	    "directory");
	rmdir(dir);
	free(path);
	free(dir);
	diag_free(&d);
}

/* A folder is refused at once, not found out by the rename. */
static void
test_outfile_folder(void **state)
{
	char *dir = scratch();
	struct diags d = { 0 };
	struct outfile o;

	(void)state;
	assert_false(outfile_open(&o, dir, &d));
	assert_int_equal(d.nerr, 1);
	assert_string_equal(d.v[0].msg, "cannot write: it is a folder, not "
	    "a file");
	assert_int_equal(entries(dir), 0);
	rmdir(dir);
	free(dir);
	diag_free(&d);
}

/*
 * A killed run's temporary of the same target goes; one of a live
 * process, or of another target, stays.  No pid is above INT_MAX - 1
 * (pid_max is at most 2^22).
 */
static void
test_outfile_stale(void **state)
{
	char *dir = scratch(), *path = path_join(dir, "a.txt"), live[64];
	char *dead = path_join(dir, "a.txt.tmp-2147483000-abcdef");
	struct diags d = { 0 };
	struct outfile o;

	(void)state;
	touch(dir, "a.txt.tmp-2147483000-abcdef");
	snprintf(live, sizeof(live), "a.txt.tmp-%ld-abcdef", (long)getppid());
	touch(dir, live);
	touch(dir, "b.txt.tmp-2147483000-abcdef");
	touch(dir, "a.txt.tmp-abcdef");	/* not named by this writer */
	assert_true(outfile_open(&o, path, &d));
	assert_true(outfile_close(&o, true, &d));
	assert_int_equal(entries(dir), 4);
	assert_int_equal(access(path, F_OK), 0);
	assert_int_equal(access(dead, F_OK), -1);
	remove_all(dir);
	free(dead);
	free(path);
	free(dir);
	diag_free(&d);
}

/* A FIFO is written through, never replaced. */
static void
test_outfile_fifo(void **state)
{
	char *dir = scratch(), *path = path_join(dir, "fifo"), buf[16];
	struct diags d = { 0 };
	struct outfile o;
	struct stat st;
	int rd;

	(void)state;
	assert_int_equal(mkfifo(path, 0600), 0);
	/* A reader first, so that opening to write does not wait. */
	assert_true((rd = open(path, O_RDONLY | O_NONBLOCK)) >= 0);
	assert_true(outfile_open(&o, path, &d));
	assert_true(outfile_write(&o, "pdf\n", 4));
	/* Nothing reaches the reader before the file is complete. */
	assert_int_equal(read(rd, buf, sizeof(buf)), -1);
	assert_true(outfile_close(&o, true, &d));
	assert_int_equal(read(rd, buf, sizeof(buf)), 4);
	assert_memory_equal(buf, "pdf\n", 4);
	close(rd);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_int_equal(entries(dir), 1);
	assert_int_equal(d.n, 0);
	remove_all(dir);
	free(path);
	free(dir);
	diag_free(&d);
}

/* A symbolic link's file is written; the link stays a link. */
static void
test_outfile_symlink(void **state)
{
	char *dir = scratch(), *path = path_join(dir, "link"),
	    *file = path_join(dir, "a.txt"), line[32];
	struct diags d = { 0 };
	struct outfile o;
	struct stat st;

	(void)state;
	touch(dir, "a.txt");
	assert_int_equal(symlink("a.txt", path), 0);
	assert_true(outfile_open(&o, path, &d));
	assert_true(outfile_write(&o, "new\n", 4));
	assert_true(outfile_close(&o, true, &d));
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	first_line(file, line, sizeof(line));
	assert_string_equal(line, "new\n");
	assert_int_equal(entries(dir), 2);
	remove_all(dir);
	free(file);
	free(path);
	free(dir);
	diag_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edit_distance_basic),
		cmocka_unit_test(test_edit_distance_long_strings),
		cmocka_unit_test(test_closest_word_typo),
		cmocka_unit_test(test_closest_word_unrelated),
		cmocka_unit_test(test_closest_word_short_words),
		cmocka_unit_test(test_arena_many_allocations),
		cmocka_unit_test(test_arena_large_and_zero),
		cmocka_unit_test(test_arena_strings),
		cmocka_unit_test(test_strbuf),
		cmocka_unit_test(test_xgrow),
		cmocka_unit_test(test_path_join),
		cmocka_unit_test(test_parse_color_forms),
		cmocka_unit_test(test_parse_color_rejects),
		cmocka_unit_test(test_diag_add),
		cmocka_unit_test(test_diag_file_interning),
		cmocka_unit_test(test_diag_read),
		cmocka_unit_test(test_diag_sort),
		cmocka_unit_test(test_diag_print),
		cmocka_unit_test(test_outfile_keep),
		cmocka_unit_test(test_outfile_discard),
		cmocka_unit_test(test_outfile_hold),
		cmocka_unit_test(test_outfile_no_folder),
		cmocka_unit_test(test_outfile_folder),
		cmocka_unit_test(test_outfile_stale),
		cmocka_unit_test(test_outfile_fifo),
		cmocka_unit_test(test_outfile_symlink),
	};

	return cmocka_run_group_tests_name("util", tests, NULL, NULL);
}
