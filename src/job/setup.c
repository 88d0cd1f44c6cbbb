/* SPDX-License-Identifier: MIT */
/*
 * The game a job renders, loaded: where the bundled data lives, the
 * deck with its fonts, each kind's template and sheet, its images, all
 * bound.  Every command that renders a deck starts here.  Part of the
 * job module (job.h).
 */
#include <dirent.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "job.h"

/* The program's data: fonts/ and layouts/, beside the binary if there. */
char *
job_data_dir(void)
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
 * A layout or sheet named in deck.yaml: a name is looked up in the
 * bundled layouts/ (sub is "" or "sheets/"; "serious-privacy/cards" is
 * in a folder of its own there); a name starting with ./ or ../ or
 * ending in .yaml is a path relative to the deck folder.
 */
static char *
resolve_named(const struct setup *s, const char *name, const char *sub,
    const struct srcpos *pos, struct diags *d)
{
	const char *what = *sub ? "sheet" : "layout";
	size_t n = strlen(name);
	struct strbuf b = { 0 }, w = { 0 };
	bool ok;

	sb_printf(&w, "%s file", what);
	if (strncmp(name, "./", 2) == 0 || strncmp(name, "../", 3) == 0 ||
	    (n > 5 && strcmp(name + n - 5, ".yaml") == 0)) {
		/* "./layout.yaml" reads better in messages as "layout.yaml" */
		sb_printf(&b, "%s/%s", s->deck->dir, strncmp(name, "./", 2) ==
		    0 ? name + 2 : name);
		if ((ok = confine_check(s->deck->confine, b.s, w.s, pos,
		    NULL, d)) &&
		    file_exists(b.s))
			goto found;
		if (ok)
			diag_add(d, DIAG_ERROR, pos, "unknown-layout", "%s "
			    "file %s not found", what, b.s);
	} else {
		/* A bundled name must not climb out of layouts/ either. */
		sb_printf(&b, "%s/layouts/%s%s.yaml", s->datadir, sub, name);
		if ((ok = confine_check(s->deck->confine, b.s, w.s, pos,
		    NULL, d)) &&
		    file_exists(b.s))
			goto found;
		if (ok)
			unknown_bundled(s->datadir, name, sub, pos, d);
	}
	sb_free(&w);
	sb_free(&b);
	return NULL;
found:
	sb_free(&w);
	return b.s;
}


static int bind_deck(struct setup *s, const struct load_opts *o,
    struct diags *d);

/* Is p[k] the same as an earlier p[j] (kinds share a file)? */
static bool
seen_before(void *const *p, size_t k)
{
	size_t j;

	for (j = 0; j < k; j++)
		if (p[j] == p[k])
			return true;
	return false;
}

/* Free the deck s holds, with its templates and sheets. */
static void
free_deck(struct setup *s)
{
	size_t k;

	for (k = 0; s->deck != NULL && k < s->deck->nkinds; k++) {
		if (s->tmpls != NULL && !seen_before((void *const *)s->tmpls,
		    k))
			tmpl_free(s->tmpls[k]);
		if (s->sheets != NULL && !seen_before((void *const *)s->sheets,
		    k))
			tmpl_sheet_free(s->sheets[k]);
	}
	free(s->tmpls);
	free(s->sheets);
	load_deck_free(s->deck);
	s->tmpls = NULL;
	s->sheets = NULL;
	s->deck = NULL;
}

/* The deck in deckdir and its layouts, as the first build and watch's
 * next ones load them. */
static int
load_game(struct setup *s, const char *deckdir, const struct load_opts *o,
    struct diags *d)
{
	struct load_opts lo = *o;
	char *p, *l;

	s->allow_outside = o->allow_outside;
	lo.packdir = p = path_join(s->datadir, "layouts/pack");
	lo.layouts = l = path_join(s->datadir, "layouts");
	s->deck = load_deck(deckdir, &lo, d);
	free(p);
	free(l);
	if (s->deck == NULL)
		return EXIT_INPUT;
	return job_setup_layouts(s, d);
}

bool
job_setup_keeps(const struct setup *s)
{
	return s->fonts != NULL && s->fonts->gamefonts == NULL &&
	    s->icons != NULL && s->images != NULL;
}

int
job_setup_again(struct setup *s, const char *deckdir,
    const struct load_opts *o, struct diags *d)
{
	int rc;

	if (!job_setup_keeps(s)) {
		job_setup_free(s);
		memset(s, 0, sizeof(*s));
		rc = job_setup_load(s, deckdir, o, d);
		if (s->fonts != NULL)
			layout_fonts_keep(s->fonts);
		return rc;
	}
	free_deck(s);
	layout_fonts_renew(s->fonts);
	/* An image that failed or was a placeholder is read again, so that
	 * this build says so too, as a fresh one would. */
	if (!art_all_good(s->images)) {
		art_free(s->images);
		s->images = art_new();
	}
	if ((rc = load_game(s, deckdir, o, d)) != 0)
		return rc;
	return bind_deck(s, o, d);
}

void
job_art_checked(void *images)
{
	art_check_pending(images);
}

void
job_setup_free(struct setup *s)
{
	free_deck(s);
	art_free(s->images);
	layout_fonts_free(s->fonts);
	tmpl_iconmap_free(s->icons);
	free(s->datadir);
}

/* A family a layout names, for tmpl_load_want() and art_fonts(). */
static void
want_family(void *ctx, const char *family)
{
	layout_fonts_want(ctx, family);
}

/*
 * Each kind's template and sheet, a file read once however many kinds
 * name it.  False if any fails (reported).
 */
static bool
load_kinds(struct setup *s, struct diags *d)
{
	const struct deck *deck = s->deck;
	char **lp = xcalloc(deck->nkinds + 1, sizeof(*lp));
	char **sp = xcalloc(deck->nkinds + 1, sizeof(*sp));
	size_t k, j;
	bool ok = true;

	s->tmpls = xcalloc(deck->nkinds + 1, sizeof(*s->tmpls));
	s->sheets = xcalloc(deck->nkinds + 1, sizeof(*s->sheets));
	for (k = 0; k < deck->nkinds; k++) {
		const struct kind *kd = &deck->kinds[k];

		lp[k] = resolve_named(s, kd->layout, "", &kd->layout_pos, d);
		sp[k] = resolve_named(s, kd->sheet, "sheets/", &kd->sheet_pos,
		    d);
		for (j = 0; j < k && (lp[k] == NULL || lp[j] == NULL ||
		    strcmp(lp[j], lp[k]) != 0); j++)
			;
		if (j < k)
			s->tmpls[k] = s->tmpls[j];
		else if (lp[k] != NULL)
			s->tmpls[k] = tmpl_load_want(deck->confine, lp[k],
			    layout_fonts_list(s->fonts), want_family,
			    s->fonts, s->icons, d);
		for (j = 0; j < k && (sp[k] == NULL || sp[j] == NULL ||
		    strcmp(sp[j], sp[k]) != 0); j++)
			;
		if (j < k)
			s->sheets[k] = s->sheets[j];
		else if (sp[k] != NULL)
			s->sheets[k] = tmpl_sheet_load(deck->confine, sp[k], d);
		ok &= s->tmpls[k] != NULL && s->sheets[k] != NULL;
	}
	for (k = 0; k < deck->nkinds; k++) {
		free(lp[k]);
		free(sp[k]);
	}
	free(lp);
	free(sp);
	return ok;
}

/*
 * The fonts (the game's fonts/, deckpress's, the installed ones) and
 * the icon map; 0, EXIT_INPUT when the game's fonts/ holds a bad file,
 * or EXIT_IO (reported).
 */
static int
setup_fonts(struct setup *s, struct diags *d)
{
	struct stat st;
	char *p;
	bool own;

	if (s->datadir == NULL)
		s->datadir = job_data_dir();
	p = path_join(s->datadir, "fonts");
	s->fonts = layout_fonts_new(p, s->deck, d);
	free(p);
	/* A game with fonts of its own: they are what failed (reported). */
	if (s->fonts == NULL && s->deck != NULL) {
		p = path_join(s->deck->dir, "fonts");
		own = stat(p, &st) == 0;
		free(p);
		if (own)
			return EXIT_INPUT;
	}
	p = path_join(s->datadir, "fonts/MaterialDesignIcons.map");
	s->icons = tmpl_iconmap_load(p, d);
	free(p);
	if (s->fonts == NULL || s->icons == NULL)
		return EXIT_IO;
	s->fonts->icons = s->icons;
	return 0;
}

/* Each language's fallback families, from its text file, are fonts. */
static bool
check_fallbacks(const struct setup *s, struct diags *d)
{
	const struct deck *deck = s->deck;
	const char *p, *q;
	char name[256];
	size_t li;
	bool ok = true;

	for (li = 0; deck->fallback != NULL && li < deck->nlangs; li++)
		for (p = deck->fallback[li]; p != NULL; p = q ? q + 1 : NULL) {
			q = strchr(p, ',');
			snprintf(name, sizeof(name), "%.*s", q ? (int)(q - p) :
			    (int)strlen(p), p);
			layout_fonts_seek(s->fonts, name);
			ok &= tmpl_font_known(s->fonts->families, name,
			    &deck->fallback_pos[li], d);
		}
	return ok;
}

/*
 * Give Pango the game's and the installed families the layouts and the
 * languages' fallback: name; a <span font=> or an SVG asks for its own
 * later.  False if a game's font file named cannot be read (said).
 */
static bool
want_fonts(const struct setup *s, const struct diags *d)
{
	const struct elem *e;
	size_t k, f, i, nerr = d->nerr;

	for (k = 0; k < s->deck->nkinds; k++)
		for (f = 0; s->tmpls[k] != NULL && f < 2; f++)
			for (i = 0; i < s->tmpls[k]->nelems[f]; i++) {
				e = &s->tmpls[k]->elems[f][i];
				if (e->type == ELEM_TEXT)
					layout_fonts_want(s->fonts, e->families
					    ? e->families : e->family);
			}
	for (k = 0; s->deck->fallback != NULL && k < s->deck->nlangs; k++)
		layout_fonts_want(s->fonts, s->deck->fallback[k]);
	return d->nerr == nerr;
}

int
job_setup_layouts(struct setup *s, struct diags *d)
{
	char *p;
	int rc;

	if (s->fonts == NULL && (rc = setup_fonts(s, d)) != 0)
		return rc;
	if (!check_fallbacks(s, d))
		return EXIT_INPUT;
	/* A deck loaded without them may name files in layouts/ too. */
	p = path_join(s->datadir, "layouts");
	confine_layouts(s->deck->confine, p);
	free(p);
	if (!load_kinds(s, d) || !want_fonts(s, d))
		return EXIT_INPUT;
	return 0;
}

int
job_setup_load(struct setup *s, const char *deckdir, const struct load_opts *o,
    struct diags *d)
{
	int rc;

	/* The fonts come with the layouts: the game's fonts/ first. */
	if (s->datadir == NULL)
		s->datadir = job_data_dir();
	if ((rc = load_game(s, deckdir, o, d)) != 0)
		return rc;
	s->images = art_new();
	return bind_deck(s, o, d);
}

/*
 * The deck s holds, with its layouts, bound to them and to the images;
 * 0 or EXIT_INPUT (reported).
 */
static int
bind_deck(struct setup *s, const struct load_opts *o, struct diags *d)
{
	art_confine(s->images, s->deck->confine, d);
	art_fonts(s->images, layout_fonts_list(s->fonts), want_family,
	    s->fonts);
	art_defer(s->images, o->art_drawn);
	s->fonts->images = s->images;
	if (!load_boxes(s->deck, s->tmpls, d) ||
	    !load_spaces(s->deck, s->tmpls, d) ||
	    !load_bind(s->deck, (const struct tmpl *const *)s->tmpls,
	    s->icons, s->images, !o->lenient, d) ||
	    !load_titles(s->deck, (const struct tmpl *const *)s->tmpls, d))
		return EXIT_INPUT;
	return 0;
}

int
job_lang_arg(const struct deck *deck, const char *lang, int *li,
    struct diags *d)
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

int
job_kind_arg(const struct deck *deck, const char *kind, struct diags *d)
{
	struct strbuf b = { 0 };
	size_t k;

	if (kind == NULL)
		return 0;
	for (k = 0; k < deck->nkinds; k++) {
		if (strcmp(deck->kinds[k].name, kind) == 0) {
			sb_free(&b);
			return 0;
		}
		sb_printf(&b, "%s%s", k ? ", " : "", deck->kinds[k].name);
	}
	diag_add(d, DIAG_ERROR, NULL, "usage", "the deck has no component "
	    "'%s' (it has %s)", kind, b.s);
	sb_free(&b);
	return EXIT_USAGE;
}
