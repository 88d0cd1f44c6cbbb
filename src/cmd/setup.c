/* SPDX-License-Identifier: MIT */
/*
 * Command-line plumbing shared by the commands: where the bundled data
 * lives, loading a deck with its fonts, template and sheet, and
 * printing diagnostics with their count.  Part of the CLI.
 */
#include <dirent.h>
#include <libgen.h>
#include <limits.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "../impose/impose.h"
#include "../validate/validate.h"

/* The program's data: fonts/ and layouts/, beside the binary if there. */
char *
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

int
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
	    name, HINT_ARGS(hint), sub);
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


void
setup_free(struct setup *s)
{
	tmpl_free(s->tmpl);
	sheet_free(s->sheet);
	fonts_free(s->fonts);
	iconmap_free(s->icons);
	deck_free(s->deck);
	free(s->datadir);
}

int
setup_load(struct setup *s, const char *deckdir, const struct load_opts *o,
    struct diags *d)
{
	struct load_opts lo = *o;
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
	p = path_join(s->datadir, "layouts/pack");
	lo.packdir = p;
	s->deck = load_deck(deckdir, &lo, d);
	free(p);
	if (s->deck == NULL)
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
	if (!load_bind(s->deck, s->tmpl, s->icons, !o->lenient, d))
		return EXIT_INPUT;
	return 0;
}

void
job_load_opts(const struct job *j, struct load_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->lang = j->lang;
	o->one = true;		/* no --lang: the source, and only it */
	o->draft = j->draft;
}

int
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

int
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

/* Card indices in print order, one per copy. */
static size_t *
print_order(const struct deck *deck, const struct variant *only, size_t *n)
{
	size_t *seq = xcalloc(deck_total(deck) + 1, sizeof(*seq)), i;
	unsigned int k;

	*n = 0;
	for (i = 0; i < deck->ncards; i++)
		if (variant_has(only, &deck->cards[i]))
			for (k = 0; k < deck->cards[i].count; k++)
				seq[(*n)++] = i;
	return seq;
}

/*
 * Each copy is laid out on its own: a template may number copies
 * ({n}).  The plan places copies, so faces[] follows the print order.
 */
static void
lay_faces(struct setup *s, size_t lang, enum duplex duplex, bool backs,
    struct sheets *sh, struct diags *d)
{
	const struct deck *deck = s->deck;
	size_t *items = xcalloc(sh->n + 1, sizeof(*items)), k, f;
	unsigned int copy = 0;

	for (f = 0; f < 2; f++)
		sh->faces[f] = xcalloc(sh->n + 1, sizeof(struct laid));
	for (k = 0; k < sh->n; k++) {
		const struct card *c = &deck->cards[sh->seq[k]];

		copy = k > 0 && sh->seq[k - 1] == sh->seq[k] ? copy + 1 : 0;
		items[k] = k;
		for (f = 0; f < 2; f++) {
			if (f == FACE_BACK && !backs)
				continue;
			layout_card(s->fonts, deck, s->tmpl, c, copy, lang,
			    (enum face)f, &sh->faces[f][k], d);
			sh->marks |= sh->faces[f][k].marks;
		}
	}
	impose_plan(&sh->grid, duplex, backs, items, sh->n, &sh->plan);
	free(items);
}

bool
sheets_build(struct setup *s, size_t lang, enum duplex duplex, bool backs,
    const struct variant *only, struct sheets *sh, struct diags *d)
{
	size_t nerr = d->nerr;

	memset(sh, 0, sizeof(*sh));
	/* A template without a back design gets no blank back pages. */
	backs = backs && s->tmpl->nelems[FACE_BACK] > 0;
	if (!impose_grid(s->sheet, s->tmpl->w, s->tmpl->h, s->tmpl->bleed,
	    &sh->grid, d))
		return false;
	sh->seq = print_order(s->deck, only, &sh->n);
	lay_faces(s, lang, duplex, backs, sh, d);
	draft_note(s->deck, lang, sh->marks, &sh->note);
	/* Text too long for its box is an error, unless in a draft. */
	return d->nerr == nerr;
}

void
sheets_draw(cairo_t *cr, const struct setup *s, const struct sheets *sh,
    size_t page)
{
	const struct page *pg = &sh->plan.pages[page];

	impose_page(cr, s->fonts->ctx, pg, sh->faces[pg->face], s->sheet);
	if (sh->note != NULL)
		impose_note(cr, s->fonts->ctx, &pg->grid, s->sheet, sh->note);
}

void
sheets_free(struct sheets *sh)
{
	size_t i, f;

	plan_free(&sh->plan);
	free(sh->seq);
	for (f = 0; f < 2; f++) {
		for (i = 0; sh->faces[f] != NULL && i < sh->n; i++)
			laid_free(&sh->faces[f][i]);
		free(sh->faces[f]);
	}
	free(sh->note);
	memset(sh, 0, sizeof(*sh));
}

bool
draft_note(const struct deck *deck, size_t lang, unsigned int marks,
    char **note)
{
	struct strbuf b = { 0 };

	*note = NULL;
	if (!deck->draft || (deck->nfilled == 0 && deck->nstale == 0 &&
	    (marks & MARK_OVERFLOW) == 0))
		return false;
	sb_printf(&b, "DRAFT %s", deck->langs[lang]);
	if (deck->nfilled > 0)
		sb_printf(&b, " \xc2\xb7 %zu string%s in %s", deck->nfilled,
		    deck->nfilled == 1 ? "" : "s", deck->langs[0]);
	if (deck->nstale > 0)
		sb_printf(&b, " \xc2\xb7 %zu stale", deck->nstale);
	if (marks & MARK_OVERFLOW)
		sb_puts(&b, " \xc2\xb7 text too long");
	*note = b.s;
	return true;
}

char *
pdf_title(const struct deck *deck, size_t lang, const char *what, bool draft)
{
	struct strbuf b = { 0 };
	const char *title = card_text(&deck->pack, lang, "title", NULL);

	sb_printf(&b, "%s%s (%s): %s", draft ? "DRAFT: " : "", title ? title :
	    game_title(deck), deck->langs[lang], what);
	return b.s;
}

int
lang_arg(const struct deck *deck, const char *lang, int *li, struct diags *d)
{
	struct strbuf b = { 0 };
	size_t k;

	*li = 0;
	if (lang == NULL || (*li = deck_lang_index(deck, lang)) >= 0)
		return 0;
	for (k = 0; k < deck->nlangs; k++)
		sb_printf(&b, "%s%s", k ? ", " : "", deck->langs[k]);
	diag_add(d, DIAG_ERROR, NULL, "usage", "the deck has no language '%s' "
	    "(it has %s)", lang, b.s);
	sb_free(&b);
	return EXIT_USAGE;
}
