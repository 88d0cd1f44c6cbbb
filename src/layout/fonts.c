/* SPDX-License-Identifier: MIT */
/*
 * The fonts a deck may use, in the order a family is looked up: the
 * game's own fonts/, deckpress's fonts/, then the fonts installed on
 * the machine.  A private fontconfig configuration holds the three; a
 * family found in an earlier source hides the same family in a later
 * one (its files are rejected), so a game's font file is the one
 * printed even where the machine has another version installed.
 *
 * Pango's own configuration holds the game's and deckpress's fonts and,
 * of the installed ones, only the families the game names (layout_fonts_want):
 * Pango sorts every font of its configuration for every font and size
 * it is asked for, so a machine's hundreds of installed fonts would
 * cost every text, and none of them may stand in for a font the game
 * did not choose anyway.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

#include "../confine/confine.h"
#include "../tmpl/tmpl.h"
#include "fitting.h"

static int
strpcmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * A face as tmpl_load wants it: "Family\tW" or "Family\tW italic", W
 * its CSS weight, or "MIN-MAX" for a variable font's weight axis.
 */
static char *
face_entry(FcPattern *font, const char *fam)
{
	FcValue v;
	double lo = 400, hi = 400, b, e;
	int slant = FC_SLANT_ROMAN;
	char w[32];

	FcPatternGetInteger(font, FC_SLANT, 0, &slant);
	if (FcPatternGet(font, FC_WEIGHT, 0, &v) == FcResultMatch) {
		if (v.type == FcTypeInteger)
			lo = hi = FcWeightToOpenTypeDouble(v.u.i);
		else if (v.type == FcTypeDouble)
			lo = hi = FcWeightToOpenTypeDouble(v.u.d);
		else if (v.type == FcTypeRange &&
		    FcRangeGetDouble(v.u.r, &b, &e)) {
			lo = FcWeightToOpenTypeDouble(b);
			hi = FcWeightToOpenTypeDouble(e);
		}
	}
	if (lround(lo) == lround(hi))
		snprintf(w, sizeof(w), "%ld", lround(lo));
	else
		snprintf(w, sizeof(w), "%ld-%ld", lround(lo), lround(hi));
	return g_strdup_printf("%s\t%s%s", fam, w, slant != FC_SLANT_ROMAN ?
	    " italic" : "");
}

/* Add s to the NULL-terminated list v of n unless it is there; owns s. */
static void
add_name(const char ***v, size_t *n, size_t *cap, char *s)
{
	size_t j;

	for (j = 0; j < *n; j++)
		if (strcmp((*v)[j], s) == 0) {
			free(s);
			return;
		}
	xgrow((void **)v, cap, *n + 2, sizeof(char *));
	(*v)[(*n)++] = s;
	(*v)[*n] = NULL;
}

/*
 * The distinct family names the configuration holds, sorted; then, in
 * the same NULL-terminated list, "Family\tstyle" for each face, so that
 * the template loader can refuse a style the bundle lacks (Pango would
 * quietly print another).  nfamilies counts the names only.
 */
static void
list_families(struct fonts *f, FcConfig *fc)
{
	FcPattern *pat = FcPatternCreate();
	FcObjectSet *os = FcObjectSetBuild(FC_FAMILY, FC_WEIGHT, FC_SLANT,
	    NULL);
	FcFontSet *set = FcFontList(fc, pat, os);
	const char **faces = NULL;
	size_t cap = 0, fcap = 0, nfaces = 0;
	int i;

	for (i = 0; set != NULL && i < set->nfont; i++) {
		FcChar8 *fam;
		char *face;

		if (FcPatternGetString(set->fonts[i], FC_FAMILY, 0, &fam) !=
		    FcResultMatch)
			continue;
		add_name(&f->families, &f->nfamilies, &cap,
		    xstrdup((const char *)fam));
		face = face_entry(set->fonts[i], (const char *)fam);
		add_name(&faces, &nfaces, &fcap, xstrdup(face));
		g_free(face);
	}
	xgrow((void **)&f->families, &cap, f->nfamilies + nfaces + 1,
	    sizeof(char *));
	qsort(f->families, f->nfamilies, sizeof(char *), strpcmp);
	if (nfaces > 0) {
		qsort(faces, nfaces, sizeof(char *), strpcmp);
		memcpy(f->families + f->nfamilies, faces,
		    nfaces * sizeof(char *));
	}
	f->families[f->nfamilies + nfaces] = NULL;
	free(faces);
	if (set != NULL)
		FcFontSetDestroy(set);
	FcObjectSetDestroy(os);
	FcPatternDestroy(pat);
}

static void
setup_context(struct fonts *f)
{
	cairo_font_options_t *fo = cairo_font_options_create();

	f->ctx = pango_font_map_create_context(f->map);
	/* PDF points, not screen pixels: Pango defaults to 96 dpi. */
	pango_cairo_context_set_resolution(f->ctx, 72);
	/* Rounded glyph positions make lines ~3 % short on a PDF. */
	pango_context_set_round_glyph_positions(f->ctx, FALSE);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	pango_cairo_context_set_font_options(f->ctx, fo);
	cairo_font_options_destroy(fo);
	layout_inline_setup(f->ctx);	/* images in lines of text (inline.c) */
}

/* Append s to xml, escaped for XML. */
static void
xml_text(struct strbuf *xml, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '<': sb_puts(xml, "&lt;"); break;
		case '>': sb_puts(xml, "&gt;"); break;
		case '&': sb_puts(xml, "&amp;"); break;
		default: sb_add(xml, s, 1);
		}
}

/* The families of the fonts of one source, and their files. */
struct source {
	GHashTable	*families;	/* every family name its fonts give */
	char		**files;	/* the game's: the files kept */
	size_t		 nfiles;
};

/* True if any family name of font is in the earlier source's set. */
static bool
shadowed(FcPattern *font, GHashTable *earlier)
{
	FcChar8 *fam;
	int k;

	for (k = 0; FcPatternGetString(font, FC_FAMILY, k, &fam) ==
	    FcResultMatch; k++)
		if (g_hash_table_contains(earlier, fam))
			return true;
	return false;
}

static void
add_families(GHashTable *to, FcPattern *font)
{
	FcChar8 *fam;
	int k;

	for (k = 0; FcPatternGetString(font, FC_FAMILY, k, &fam) ==
	    FcResultMatch; k++)
		g_hash_table_add(to, g_strdup((const char *)fam));
}

/* A font file by its name: TrueType, OpenType or a collection. */
static bool
font_name(const char *name)
{
	static const char *const ext[] = { ".ttf", ".otf", ".ttc", ".otc",
	    NULL };
	size_t n = strlen(name), k;

	for (k = 0; ext[k] != NULL; k++)
		if (n > 4 && g_ascii_strcasecmp(name + n - 4, ext[k]) == 0)
			return true;
	return false;
}

/*
 * The game's fonts: the font files directly in its fonts/ folder, a
 * stranger's input, so only regular files where the game's files may
 * lie (confine_open(): no link out of it unless --allow-outside), a sane
 * number of them and of a sane size.  Their families go to src.
 * Problems are errors at the folder.
 */
#define GAME_FONTS_MAX	64
#define GAME_FONT_BYTES	(64L << 20)

/*
 * May font file f be read?  Opened as every game file is, then closed:
 * FreeType reads it by its real path, rf.
 */
static bool
font_file(const struct confine *conf, const char *f, struct stat *st,
    char **rf, const char **why)
{
	int fd = confine_open(conf, f, st, why);

	if (fd < 0)
		return false;
	close(fd);
	if ((*rf = realpath(f, NULL)) == NULL)
		*why = strerror(errno);
	return *rf != NULL;
}

static bool
scan_game(const char *gamedir, const struct confine *conf,
    struct source *src, char **root, struct diags *d)
{
	char *dir = path_join(gamedir, "fonts"), *real, *f, *rf = NULL;
	struct srcpos pos = { diag_read(d, dir), 0, 0 };
	const char *why;
	struct dirent *de;
	struct stat st;
	FcFontSet *set;
	DIR *dp;
	bool ok = true;
	int k;

	real = realpath(dir, NULL);
	if (real == NULL || (dp = opendir(real)) == NULL) {
		free(real);
		free(dir);
		return true;	/* no fonts of its own */
	}
	if ((why = confine_why(conf, dir)) != NULL) {
		diag_add(d, DIAG_ERROR, &pos, "outside", "fonts/ %s", why);
		closedir(dp);
		free(real);
		free(dir);
		return false;
	}
	*root = real;
	set = FcFontSetCreate();
	while (ok && (de = readdir(dp)) != NULL) {
		if (de->d_name[0] == '.' || !font_name(de->d_name))
			continue;
		f = path_join(dir, de->d_name);
		if (!font_file(conf, f, &st, &rf, &why)) {
			diag_add(d, DIAG_ERROR, &pos, strncmp(why, "is outside",
			    10) == 0 ? "outside" : "font", "fonts/%s %s",
			    de->d_name, why);
			ok = false;
		} else if (st.st_size > GAME_FONT_BYTES ||
		    src->nfiles >= GAME_FONTS_MAX) {
			diag_add(d, DIAG_ERROR, &pos, "font", "fonts/%s: a "
			    "game may have %d font files of %ld MiB at most",
			    de->d_name, GAME_FONTS_MAX, GAME_FONT_BYTES >> 20);
			ok = false;
		} else if (FcFreeTypeQueryAll((const FcChar8 *)rf, -1, NULL,
		    NULL, set) == 0) {
			diag_add(d, DIAG_ERROR, &pos, "font", "fonts/%s is "
			    "not a font file fontconfig can read",
			    de->d_name);
			ok = false;
		} else {
			src->files = g_renew(char *, src->files,
			    src->nfiles + 1);
			src->files[src->nfiles++] = g_strdup(rf);
		}
		free(rf);
		rf = NULL;
		free(f);
	}
	closedir(dp);
	for (k = 0; k < set->nfont; k++)
		add_families(src->families, set->fonts[k]);
	FcFontSetDestroy(set);
	free(dir);
	return ok;
}

static int
strcmpv(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The installed fonts: the folders of fontconfig's own configuration,
 * and (as <rejectfont>) every installed file of a family an earlier
 * source has.  The configuration is read from its caches, as any
 * program does.  This full configuration lists the families a layout
 * may name; Pango gets them one by one (layout_fonts_want).
 */
static void
add_installed(struct strbuf *xml, GHashTable *earlier)
{
	FcConfig *sys = FcInitLoadConfigAndFonts();
	FcPattern *pat = FcPatternCreate();
	FcObjectSet *os = FcObjectSetBuild(FC_FAMILY, FC_FILE, NULL);
	FcFontSet *set;
	FcStrList *l;
	FcChar8 *s;
	int k;

	if (sys == NULL)
		goto out;
	l = FcConfigGetFontDirs(sys);
	while (l != NULL && (s = FcStrListNext(l)) != NULL) {
		sb_puts(xml, "<dir>");
		xml_text(xml, (const char *)s);
		sb_puts(xml, "</dir>");
	}
	FcStrListDone(l);
	l = FcConfigGetCacheDirs(sys);
	while (l != NULL && (s = FcStrListNext(l)) != NULL) {
		sb_puts(xml, "<cachedir>");
		xml_text(xml, (const char *)s);
		sb_puts(xml, "</cachedir>");
	}
	FcStrListDone(l);
	set = FcFontList(sys, pat, os);
	sb_puts(xml, "<selectfont><rejectfont>");
	for (k = 0; set != NULL && k < set->nfont; k++)
		if (shadowed(set->fonts[k], earlier) &&
		    FcPatternGetString(set->fonts[k], FC_FILE, 0, &s) ==
		    FcResultMatch) {
			sb_puts(xml, "<glob>");
			xml_text(xml, (const char *)s);
			sb_puts(xml, "</glob>");
		}
	sb_puts(xml, "<glob>/nonexistent/deckpress</glob>"
	    "</rejectfont></selectfont>");
	if (set != NULL)
		FcFontSetDestroy(set);
	FcConfigDestroy(sys);
out:
	FcObjectSetDestroy(os);
	FcPatternDestroy(pat);
}

/* Where fontconfig keeps deckpress's caches, as XML. */
static void
cache_dirs(struct strbuf *xml)
{
	/* The user's cache, or the temporary folder if that is not writable
	 * (no HOME in a build chroot, say): fontconfig takes the first it
	 * can write to, and complains only when there is none. */
	sb_printf(xml, "<cachedir prefix=\"xdg\">deckpress</cachedir>"
	    "<cachedir>%s/deckpress-fontconfig</cachedir>", g_get_tmp_dir());
}

/*
 * deckpress's own fonts/, its files of a family the game has rejected;
 * its families go to seen.  Its fonts are known from a configuration of
 * that folder alone, read from its cache.
 */
static void
add_bundled(struct strbuf *xml, const char *dir, GHashTable *game,
    GHashTable *seen)
{
	FcConfig *one = FcConfigCreate();
	FcPattern *pat = FcPatternCreate();
	FcObjectSet *os = FcObjectSetBuild(FC_FAMILY, FC_FILE, NULL);
	struct strbuf x = { 0 };
	FcFontSet *set = NULL;
	FcChar8 *file;
	int k;

	sb_puts(&x, "<?xml version=\"1.0\"?><fontconfig>");
	cache_dirs(&x);
	sb_puts(&x, "<dir>");
	xml_text(&x, dir);
	sb_puts(&x, "</dir></fontconfig>");
	if (one != NULL && FcConfigParseAndLoadFromMemory(one,
	    (const FcChar8 *)x.s, FcTrue) && FcConfigBuildFonts(one))
		set = FcFontList(one, pat, os);
	sb_free(&x);
	sb_puts(xml, "<dir>");
	xml_text(xml, dir);
	sb_puts(xml, "</dir><selectfont><rejectfont>");
	for (k = 0; set != NULL && k < set->nfont; k++) {
		if (shadowed(set->fonts[k], game) && FcPatternGetString(
		    set->fonts[k], FC_FILE, 0, &file) == FcResultMatch) {
			sb_puts(xml, "<glob>");
			xml_text(xml, (const char *)file);
			sb_puts(xml, "</glob>");
		} else
			add_families(seen, set->fonts[k]);
	}
	sb_puts(xml, "<glob>/nonexistent/deckpress</glob>"
	    "</rejectfont></selectfont>");
	if (set != NULL)
		FcFontSetDestroy(set);
	if (one != NULL)
		FcConfigDestroy(one);
	FcObjectSetDestroy(os);
	FcPatternDestroy(pat);
}

/*
 * The private configuration: the game's files (as application fonts),
 * deckpress's fonts/ folder, the installed folders, each family hiding
 * the same family further down.  Its cache goes to the user's cache
 * folder.
 */
static FcConfig *
private_config(struct fonts *f, const char *dir, const struct deck *game,
    char **narrow, char ***files, size_t *nfiles, struct diags *d)
{
	FcConfig *fc = FcConfigCreate();
	struct strbuf xml = { 0 };
	struct source own = { g_hash_table_new_full(g_str_hash,
	    g_str_equal, g_free, NULL), NULL, 0 };
	GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal,
	    g_free, NULL);
	GHashTableIter it;
	gpointer key;
	FcBool ok;
	size_t k;

	/* fontconfig wants an absolute <dir>. */
	f->ownfonts = realpath(dir, NULL);
	if (f->ownfonts == NULL)
		f->ownfonts = xstrdup(dir);
	ok = game == NULL || scan_game(game->dir, game->confine, &own,
	    &f->gamefonts, d);
	sb_puts(&xml, "<?xml version=\"1.0\"?><fontconfig>");
	cache_dirs(&xml);
	add_bundled(&xml, f->ownfonts, own.families, seen);
	g_hash_table_iter_init(&it, own.families);
	while (g_hash_table_iter_next(&it, &key, NULL))
		g_hash_table_add(seen, g_strdup(key));
	/* Pango's: the game's and deckpress's, no installed folder. */
	*narrow = xstrdup(xml.s);
	add_installed(&xml, seen);
	sb_puts(&xml, "</fontconfig>");
	ok = ok && fc != NULL && FcConfigParseAndLoadFromMemory(fc,
	    (const FcChar8 *)xml.s, FcTrue) && FcConfigBuildFonts(fc);
	/* In a stable order, so that the same deck gives the same PDF. */
	if (own.nfiles > 0)
		qsort(own.files, own.nfiles, sizeof(char *), strcmpv);
	for (k = 0; ok && k < own.nfiles; k++)
		ok = FcConfigAppFontAddFile(fc, (const FcChar8 *)
		    own.files[k]);
	/* The game's files, for Pango's configuration. */
	*files = own.files;
	*nfiles = own.nfiles;
	own.files = NULL;
	own.nfiles = 0;
	g_free(own.files);
	g_hash_table_destroy(own.families);
	g_hash_table_destroy(seen);
	sb_free(&xml);
	if (!ok && fc != NULL) {
		FcConfigDestroy(fc);
		fc = NULL;
	}
	return fc;
}

/* True if file lies in folder dir (a real path), or dir is NULL. */
static bool
from_dir(const char *dir, const char *file)
{
	size_t n = dir != NULL ? strlen(dir) : 0;

	return dir != NULL && strncmp(file, dir, n) == 0 && file[n] == '/';
}

static int
strcmpp(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The installed files of the full configuration fc (in neither the
 * game's nor deckpress's fonts/) by family, its name in lower case:
 * what layout_fonts_want() gives Pango.  Sorted, for a stable PDF.
 */
static void
list_installed(struct fonts *f, FcConfig *fc)
{
	FcPattern *pat = FcPatternCreate();
	FcObjectSet *os = FcObjectSetBuild(FC_FAMILY, FC_FILE, NULL);
	FcFontSet *set = FcFontList(fc, pat, os);
	GHashTableIter it;
	gpointer v;
	FcChar8 *file, *fam;
	int i, k;

	for (i = 0; set != NULL && i < set->nfont; i++) {
		if (FcPatternGetString(set->fonts[i], FC_FILE, 0, &file) !=
		    FcResultMatch || from_dir(f->ownfonts, (char *)file) ||
		    from_dir(f->gamefonts, (char *)file))
			continue;
		for (k = 0; FcPatternGetString(set->fonts[i], FC_FAMILY, k,
		    &fam) == FcResultMatch; k++) {
			char *key = g_ascii_strdown((const char *)fam, -1);
			GPtrArray *files = g_hash_table_lookup(f->installed,
			    key);

			if (files == NULL) {
				files = g_ptr_array_new_with_free_func(g_free);
				g_hash_table_insert(f->installed, key, files);
			} else
				g_free(key);
			g_ptr_array_add(files, g_strdup((const char *)file));
		}
	}
	g_hash_table_iter_init(&it, f->installed);
	while (g_hash_table_iter_next(&it, NULL, &v))
		g_ptr_array_sort(v, strcmpp);
	if (set != NULL)
		FcFontSetDestroy(set);
	FcObjectSetDestroy(os);
	FcPatternDestroy(pat);
}

/* Pango's configuration: narrow (XML, unclosed) and the game's files. */
static FcConfig *
pango_config(const char *narrow, char **files, size_t nfiles)
{
	FcConfig *fc = FcConfigCreate();
	struct strbuf xml = { 0 };
	bool ok;
	size_t k;

	sb_puts(&xml, narrow);
	sb_puts(&xml, "</fontconfig>");
	ok = fc != NULL && FcConfigParseAndLoadFromMemory(fc,
	    (const FcChar8 *)xml.s, FcTrue) && FcConfigBuildFonts(fc);
	for (k = 0; ok && k < nfiles; k++)
		ok = FcConfigAppFontAddFile(fc, (const FcChar8 *)files[k]);
	sb_free(&xml);
	if (!ok && fc != NULL) {
		FcConfigDestroy(fc);
		fc = NULL;
	}
	return fc;
}

void
layout_fonts_want(const struct fonts *f, const char *list)
{
	char **names;
	size_t i;
	guint k;
	bool added = false;

	if (list == NULL || f->installed == NULL)
		return;
	names = g_strsplit(list, ",", -1);
	for (i = 0; names[i] != NULL; i++) {
		char *key = g_ascii_strdown(g_strstrip(names[i]), -1);
		GPtrArray *files = g_hash_table_lookup(f->installed, key);

		if (files == NULL || g_hash_table_contains(f->wanted, key)) {
			g_free(key);
			continue;
		}
		g_hash_table_add(f->wanted, key);
		for (k = 0; k < files->len; k++)
			FcConfigAppFontAddFile(f->fc, (const FcChar8 *)
			    g_ptr_array_index(files, k));
		added = true;
	}
	g_strfreev(names);
	/* Pango forgets the font sets it sorted without them. */
	if (added)
		pango_fc_font_map_config_changed(PANGO_FC_FONT_MAP(f->map));
}

struct fonts *
layout_fonts_new(const char *dir, const struct deck *game, struct diags *d)
{
	struct fonts *f = xcalloc(1, sizeof(*f));
	size_t nerr = d->nerr, nfiles = 0, k;
	char *narrow = NULL, **files = NULL;
	FcConfig *full = private_config(f, dir, game, &narrow, &files,
	    &nfiles, d);
	FcConfig *fc = full != NULL ? pango_config(narrow, files, nfiles) :
	    NULL;
	struct srcpos pos = { diag_read(d, dir), 0, 0 };

	for (k = 0; k < nfiles; k++)
		g_free(files[k]);
	g_free(files);
	free(narrow);
	f->installed = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    (GDestroyNotify)g_ptr_array_unref);
	f->wanted = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    NULL);
	if (fc == NULL) {
		if (full != NULL)
			FcConfigDestroy(full);
		if (d->nerr == nerr)
			diag_add(d, DIAG_ERROR, &pos, "font",
			    "cannot read fonts");
		layout_fonts_free(f);
		return NULL;
	}
	/* Every family a layout may name, and the installed files. */
	list_families(f, full);
	list_installed(f, full);
	FcConfigDestroy(full);
	/*
	 * Pango's fontconfig calls, and librsvg's text through Pango's
	 * default font map, consult the current configuration: make it
	 * this one, so an SVG's text finds the same fonts.
	 */
	FcConfigSetCurrent(fc);
	f->fc = fc;
	f->map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
	pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(f->map), fc);
	FcConfigDestroy(fc);	/* the font map and fontconfig hold it */
	setup_context(f);
	f->fitcache = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    layout_fitted_free);
	f->variants = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    g_free);
	f->hyph = layout_hyph_new();
	if (f->nfamilies == 0) {
		diag_add(d, DIAG_ERROR, &pos, "font", "no fonts found");
		layout_fonts_free(f);
		return NULL;
	}
	return f;
}

void
layout_fonts_free(struct fonts *f)
{
	size_t i;

	if (f == NULL)
		return;
	if (f->fitcache != NULL)
		g_hash_table_destroy(f->fitcache);
	if (f->variants != NULL)
		g_hash_table_destroy(f->variants);
	if (f->used != NULL)
		g_hash_table_destroy(f->used);
	if (f->installed != NULL)
		g_hash_table_destroy(f->installed);
	if (f->wanted != NULL)
		g_hash_table_destroy(f->wanted);
	free(f->gamefonts);
	free(f->ownfonts);
	layout_hyph_free(f->hyph);
	if (f->ctx != NULL)
		g_object_unref(f->ctx);
	if (f->map != NULL)
		g_object_unref(f->map);
	/* The names, then the faces. */
	for (i = 0; f->families != NULL && f->families[i] != NULL; i++)
		free((char *)f->families[i]);
	free(f->families);
	free(f);
}
