/* SPDX-License-Identifier: MIT */
/*
 * deckpress command line: parses options, runs the pipeline
 * load -> bind -> layout -> impose/render -> pdf, prints diagnostics
 * and maps outcomes to exit codes.  The only file that prints or exits.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "impose/impose.h"
#include "layout/layout.h"
#include "load/load.h"
#include "pdf/pdf.h"
#include "util.h"

#define VERSION		"0.1.0"
#ifndef DATADIR
#define DATADIR		"/usr/local/share/deckpress"
#endif

enum { EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_IO = 3 };

static const char usage_main[] =
"usage: deckpress [--help] [--version] command [arguments]\n"
"\n"
"commands:\n"
"  cards DECK   card sheets of one deck in one language, as an A4 PDF\n"
"  all          card sheets of every bundled game in every language,\n"
"               into out/\n"
"\n"
"Run 'deckpress COMMAND --help' for a command's options.\n";

static const char usage_cards[] =
"usage: deckpress cards DECK [--lang LANG] [-o FILE]\n"
"                  [--duplex long|short|none] [--no-backs]\n"
"\n"
"Render the deck in folder DECK (its deck.yaml, text/LANG.yaml, the\n"
"layout and sheet it names) as print-ready A4 card sheets.\n"
"\n"
"  -l, --lang LANG      language to print (default: the deck's first)\n"
"  -o, --output FILE    PDF to write (default: out/GAME-LANG-cards.pdf)\n"
"  -d, --duplex MODE    where backs go:\n"
"                         long   each front sheet followed by its back\n"
"                                sheet, for duplex flipped on the long\n"
"                                edge (default)\n"
"                         short  the same, flipped on the short edge:\n"
"                                rows mirrored, backs turned 180 degrees\n"
"                         none   all fronts, then all backs in the same\n"
"                                order: print the fronts, put the stack\n"
"                                back in the tray turned over its long\n"
"                                edge, print the backs\n"
"      --no-backs       fronts only\n"
"  -h, --help           this help\n"
"\n"
"Exit status: 0 done, 1 invalid input (nothing written), 2 usage,\n"
"3 I/O or font failure.\n";

static const char usage_all[] =
"usage: deckpress all [-d DIR]\n"
"\n"
"Render every deck under the bundled cards/ folder in every one of its\n"
"languages: DIR/GAME-LANG-cards.pdf, duplex long edge.\n"
"\n"
"  -d, --dir DIR    output folder (default: out)\n"
"  -h, --help       this help\n";

struct job {
	const char	*deckdir;
	const char	*lang;		/* NULL: the deck's first */
	const char	*output;	/* NULL: out/GAME-LANG-cards.pdf */
	const char	*outdir;
	enum duplex	 duplex;
	bool		 backs;
};

/* The program's data: fonts/ and layouts/, beside the binary if there. */
static char *
data_dir(void)
{
	char exe[PATH_MAX], *dir, *fonts;
	const char *env = getenv("DECKPRESS_HOME");
	ssize_t n;

	/* Absolute, since fontconfig will not take a relative <dir>. */
	if (env != NULL && *env != '\0')
		return (dir = realpath(env, NULL)) != NULL ? dir : xstrdup(env);
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		dir = xstrdup(dirname(exe));
		fonts = path_join(dir, "fonts/MaterialDesignIcons.map");
		if (file_exists(fonts)) {
			free(fonts);
			return dir;
		}
		free(fonts);
		free(dir);
	}
	return xstrdup(DATADIR);
}

static int
finish(struct diags *d, int rc)
{
	diag_sort(d);
	diag_print(stderr, d);
	if (d->nerr || d->nwarn)
		fprintf(stderr, "%zu error%s, %zu warning%s\n", d->nerr,
		    d->nerr == 1 ? "" : "s", d->nwarn, d->nwarn == 1 ? "" : "s");
	diag_free(d);
	return rc;
}

/* A bundled layout or sheet name that does not exist, with a hint. */
static void
unknown_bundled(const char *datadir, const char *name, const char *sub,
    const struct srcpos *pos, struct diags *d)
{
	char *dir = xmalloc(strlen(datadir) + 32), **names = NULL;
	const char *hint;
	size_t n = 0, cap = 0, len, i;
	struct dirent *e;
	DIR *dp;

	sprintf(dir, "%s/layouts/%s", datadir, sub);
	if ((dp = opendir(dir)) != NULL) {
		while ((e = readdir(dp)) != NULL) {
			len = strlen(e->d_name);
			if (len <= 5 || strcmp(e->d_name + len - 5, ".yaml"))
				continue;
			xgrow((void **)&names, &cap, n + 1, sizeof(*names));
			names[n] = xstrdup(e->d_name);
			names[n++][len - 5] = '\0';
		}
		closedir(dp);
	}
	hint = closest_word(name, (const char *const *)names, n);
	diag_add(d, DIAG_ERROR, pos, "unknown-layout", "unknown %s '%s'%s%s%s "
	    "(the bundled ones are in layouts/%s)", *sub ? "sheet" : "layout",
	    name, hint ? "; did you mean '" : "", hint ? hint : "",
	    hint ? "'?" : "", sub);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(dir);
}

/*
 * A layout or sheet named in deck.yaml: a bare name is looked up in
 * the bundled layouts/ (sub is "" or "sheets/"); a name with a '/' or
 * ending in .yaml is a path relative to the deck folder.
 */
static char *
resolve_named(const char *datadir, const struct deck *deck, const char *name,
    const char *sub, const struct srcpos *pos, struct diags *d)
{
	const char *what = *sub ? "sheet" : "layout";
	size_t n = strlen(name);
	struct strbuf b = { 0 };

	if (strchr(name, '/') != NULL || (n > 5 &&
	    strcmp(name + n - 5, ".yaml") == 0)) {
		/* "./layout.yaml" reads better in messages as "layout.yaml" */
		sb_printf(&b, "%s/%s", deck->dir, strncmp(name, "./", 2) == 0 ?
		    name + 2 : name);
		if (file_exists(b.s))
			return b.s;
		diag_add(d, DIAG_ERROR, pos, "unknown-layout", "%s file %s "
		    "not found", what, b.s);
	} else {
		sb_printf(&b, "%s/layouts/%s%s.yaml", datadir, sub, name);
		if (file_exists(b.s))
			return b.s;
		unknown_bundled(datadir, name, sub, pos, d);
	}
	sb_free(&b);
	return NULL;
}

struct setup {
	char		*datadir;
	struct deck	*deck;
	struct fonts	*fonts;
	struct iconmap	*icons;
	struct tmpl	*tmpl;
	struct sheet	*sheet;
};

static void
setup_free(struct setup *s)
{
	tmpl_free(s->tmpl);
	sheet_free(s->sheet);
	fonts_free(s->fonts);
	iconmap_free(s->icons);
	deck_free(s->deck);
	free(s->datadir);
}

/* Load fonts, deck, template and sheet; returns an exit code. */
static int
setup_load(struct setup *s, const char *deckdir, struct diags *d)
{
	char *p;

	s->datadir = data_dir();
	p = path_join(s->datadir, "fonts");
	s->fonts = fonts_new(p, d);
	free(p);
	p = path_join(s->datadir, "fonts/MaterialDesignIcons.map");
	s->icons = load_iconmap(p, d);
	free(p);
	if (s->fonts == NULL || s->icons == NULL)
		return EXIT_IO;
	s->fonts->icons = s->icons;
	if ((s->deck = load_deck(deckdir, d)) == NULL)
		return EXIT_INPUT;
	if ((p = resolve_named(s->datadir, s->deck, s->deck->layout, "",
	    &s->deck->layout_pos, d)) != NULL) {
		s->tmpl = load_tmpl(p, s->fonts->families, s->icons, d);
		free(p);
	}
	if ((p = resolve_named(s->datadir, s->deck, s->deck->sheet, "sheets/",
	    &s->deck->sheet_pos, d)) != NULL) {
		s->sheet = load_sheet(p, d);
		free(p);
	}
	if (s->tmpl == NULL || s->sheet == NULL)
		return EXIT_INPUT;
	if (!load_bind(s->deck, s->tmpl, s->icons, d))
		return EXIT_INPUT;
	return 0;
}

/* Card indices in print order, one per copy. */
static size_t *
print_order(const struct deck *deck, size_t *n)
{
	size_t *seq = xcalloc(deck_total(deck) + 1, sizeof(*seq)), i;
	unsigned int k;

	*n = 0;
	for (i = 0; i < deck->ncards; i++)
		for (k = 0; k < deck->cards[i].count; k++)
			seq[(*n)++] = i;
	return seq;
}

static int
ensure_parent(const char *path, struct diags *d)
{
	char *copy = xstrdup(path), *dir = dirname(copy);
	struct srcpos pos = { diag_file(d, path), 0, 0 };
	int rc = 0;

	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot create folder "
		    "%s: %s", dir, strerror(errno));
		rc = EXIT_IO;
	}
	free(copy);
	return rc;
}

/* Lay out, impose and write; the deck is loaded and bound. */
static int
render_pdf(struct setup *s, const struct job *j, size_t lang,
    const char *out, struct diags *d)
{
	const struct deck *deck = s->deck;
	/* A template without a back design gets no blank back pages. */
	bool backs = j->backs && s->tmpl->nelems[FACE_BACK] > 0;
	struct laid *faces[2];
	struct grid grid;
	struct plan plan;
	struct pdfout pdf;
	size_t *seq, n, i, f;
	char *title;
	bool ok;

	if (!impose_grid(s->sheet, s->tmpl->w, s->tmpl->h, s->tmpl->bleed,
	    &grid, d))
		return EXIT_INPUT;
	for (f = 0; f < 2; f++) {
		faces[f] = xcalloc(deck->ncards + 1, sizeof(struct laid));
		for (i = 0; i < deck->ncards; i++)
			if (f == FACE_FRONT || backs)
				layout_card(s->fonts, deck, s->tmpl,
				    &deck->cards[i], lang, (enum face)f,
				    &faces[f][i], d);
	}
	seq = print_order(deck, &n);
	impose_plan(&grid, j->duplex, backs, seq, n, &plan);
	title = arena_printf(&s->deck->arena, "%s (%s): cards", deck->game,
	    deck->langs[lang]);
	ok = ensure_parent(out, d) == 0 &&
	    pdf_open(&pdf, out, grid.paper_w, grid.paper_h, title, d);
	if (ok) {
		for (i = 0; i < plan.n; i++) {
			impose_page(pdf.cr, s->fonts->ctx, &plan.pages[i],
			    faces[plan.pages[i].face], s->sheet);
			pdf_page(&pdf);
		}
		ok = pdf_close(&pdf, true, d);
	}
	if (ok)
		printf("%s: %zu card%s, %zu page%s\n", out, n, n == 1 ? "" : "s",
		    plan.n, plan.n == 1 ? "" : "s");
	plan_free(&plan);
	free(seq);
	for (f = 0; f < 2; f++) {
		for (i = 0; i < deck->ncards; i++)
			laid_free(&faces[f][i]);
		free(faces[f]);
	}
	return ok ? 0 : EXIT_IO;
}

static int
run_cards(const struct job *j, struct diags *d)
{
	struct setup s = { 0 };
	char *out = NULL;
	int rc, li = 0;
	size_t k;

	if ((rc = setup_load(&s, j->deckdir, d)) != 0)
		goto out;
	if (j->lang != NULL && (li = deck_lang_index(s.deck, j->lang)) < 0) {
		struct strbuf b = { 0 };

		for (k = 0; k < s.deck->nlangs; k++)
			sb_printf(&b, "%s%s", k ? ", " : "", s.deck->langs[k]);
		diag_add(d, DIAG_ERROR, NULL, "usage", "the deck has no "
		    "language '%s' (it has %s)", j->lang, b.s);
		sb_free(&b);
		rc = EXIT_USAGE;
		goto out;
	}
	if (j->output != NULL)
		out = xstrdup(j->output);
	else {
		struct strbuf b = { 0 };

		sb_printf(&b, "%s/%s-%s-cards.pdf", j->outdir ? j->outdir :
		    "out", s.deck->game, s.deck->langs[li]);
		out = b.s;
	}
	rc = render_pdf(&s, j, (size_t)li, out, d);
out:
	free(out);
	setup_free(&s);
	return rc;
}

static bool
parse_duplex(const char *s, enum duplex *m)
{
	if (strcmp(s, "long") == 0)
		*m = DUPLEX_LONG;
	else if (strcmp(s, "short") == 0)
		*m = DUPLEX_SHORT;
	else if (strcmp(s, "none") == 0)
		*m = DUPLEX_NONE;
	else
		return false;
	return true;
}

static int usage_error(const char *usage, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
usage_error(const char *usage, const char *fmt, ...)
{
	va_list ap;

	fputs("deckpress: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\n", stderr);
	fputs(usage, stderr);
	return EXIT_USAGE;
}

static int
cmd_cards(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "output", required_argument, NULL, 'o' },
		{ "duplex", required_argument, NULL, 'd' },
		{ "no-backs", no_argument, NULL, 'B' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct job j = { .duplex = DUPLEX_LONG, .backs = true };
	struct diags d = { 0 };
	int c;

	while ((c = getopt_long(argc, argv, "l:o:d:h", opts, NULL)) != -1)
		switch (c) {
		case 'l':
			j.lang = optarg;
			break;
		case 'o':
			j.output = optarg;
			break;
		case 'd':
			if (!parse_duplex(optarg, &j.duplex))
				return usage_error(usage_cards, "--duplex "
				    "must be long, short or none, not '%s'",
				    optarg);
			break;
		case 'B':
			j.backs = false;
			break;
		case 'h':
			fputs(usage_cards, stdout);
			return 0;
		default:
			fputs(usage_cards, stderr);
			return EXIT_USAGE;
		}
	if (argc - optind != 1)
		return usage_error(usage_cards, "%s", argc - optind ? "give "
		    "exactly one deck folder" : "no deck folder given");
	j.deckdir = argv[optind];
	return finish(&d, run_cards(&j, &d));
}

static int
namecmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The bundled decks: every cards/NAME/ that holds a deck.yaml, sorted. */
static char **
list_decks(const char *datadir, size_t *n)
{
	char *root = path_join(datadir, "cards"), **v = NULL;
	size_t cap = 0;
	struct dirent *e;
	DIR *dir = opendir(root);

	*n = 0;
	while (dir != NULL && (e = readdir(dir)) != NULL) {
		char *deck, *yaml;

		if (e->d_name[0] == '.')
			continue;
		deck = path_join(root, e->d_name);
		yaml = path_join(deck, "deck.yaml");
		if (file_exists(yaml)) {
			xgrow((void **)&v, &cap, *n + 1, sizeof(*v));
			v[(*n)++] = deck;
		} else
			free(deck);
		free(yaml);
	}
	if (dir != NULL)
		closedir(dir);
	free(root);
	if (*n > 1)
		qsort(v, *n, sizeof(*v), namecmp);
	return v;
}

static int
run_all(const char *outdir)
{
	char *datadir = data_dir(), **decks;
	size_t n, i, li;
	int rc = 0, r;

	decks = list_decks(datadir, &n);
	if (n == 0) {
		fprintf(stderr, "deckpress: error: no decks in %s/cards\n",
		    datadir);
		rc = EXIT_IO;
	}
	for (i = 0; i < n; i++) {
		struct diags d = { 0 };
		struct deck *deck = load_deck(decks[i], &d);

		for (li = 0; deck != NULL && li < deck->nlangs; li++) {
			struct job j = { .deckdir = decks[i], .outdir = outdir,
			    .lang = deck->langs[li], .duplex = DUPLEX_LONG,
			    .backs = true };
			struct diags dj = { 0 };

			r = finish(&dj, run_cards(&j, &dj));
			rc = r > rc ? r : rc;
		}
		if (deck == NULL)
			rc = finish(&d, EXIT_INPUT);
		else
			diag_free(&d);
		deck_free(deck);
		free(decks[i]);
	}
	free(decks);
	free(datadir);
	return rc;
}

static int
cmd_all(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dir", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *outdir = "out";
	int c;

	while ((c = getopt_long(argc, argv, "d:h", opts, NULL)) != -1)
		switch (c) {
		case 'd':
			outdir = optarg;
			break;
		case 'h':
			fputs(usage_all, stdout);
			return 0;
		default:
			fputs(usage_all, stderr);
			return EXIT_USAGE;
		}
	if (optind != argc)
		return usage_error(usage_all, "unexpected argument '%s'",
		    argv[optind]);
	return run_all(outdir);
}

int
main(int argc, char **argv)
{
	if (argc < 2)
		return usage_error(usage_main, "%s", "no command given");
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		fputs(usage_main, stdout);
		return 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("deckpress %s\n", VERSION);
		return 0;
	}
	if (strcmp(argv[1], "cards") == 0)
		return cmd_cards(argc - 1, argv + 1);
	if (strcmp(argv[1], "all") == 0)
		return cmd_all(argc - 1, argv + 1);
	return usage_error(usage_main, "unknown command '%s'", argv[1]);
}
