/* SPDX-License-Identifier: MIT */
/*
 * The fonts a deck may use, in the order a family is looked up: the
 * game's own fonts/, deckpress's fonts/, then the fonts installed on
 * the machine.  A private fontconfig configuration holds the three; a
 * family found in an earlier source hides the same family in a later
 * one (its files are rejected), so a game's font file is the one
 * printed even where the machine has another version installed.
 *
 * Pango's own configuration holds deckpress's fonts and, of the game's
 * and the installed ones, only the families the game names
 * (layout_fonts_want): Pango sorts every font of its configuration for
 * every font and size it is asked for, so a machine's hundreds of
 * installed fonts would cost every text, and none of them may stand in
 * for a font the game did not choose anyway.  The game's files are
 * known by their family names until then (gamefont.c): a big font
 * nothing names costs no more than reading its names.  The installed
 * fonts are not even listed until a family is none of the game's or
 * deckpress's (layout_fonts_seek): fontconfig's system configuration,
 * its XML and its caches, was a fifth of a small deck's run.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

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
 * The distinct family names the configuration holds and the game's
 * files have, sorted; then, in the same NULL-terminated list,
 * "Family\tstyle" for each face, so that the template loader can refuse
 * a style the bundle lacks (Pango would quietly print another).
 * nfamilies counts the names only.  The game's faces join the list as
 * its files are read (list_game_faces): room is kept for them.
 */
static void
list_families(struct fonts *f, FcConfig *fc)
{
	FcPattern *pat = FcPatternCreate();
	FcObjectSet *os = FcObjectSetBuild(FC_FAMILY, FC_WEIGHT, FC_SLANT,
	    NULL);
	FcFontSet *set = FcFontList(fc, pat, os);
	const struct gamefonts *g = f->game;
	const char **faces = NULL;
	size_t cap = 0, fcap = 0, nfaces = 0, room = 0, i;
	guint k;

	for (i = 0; set != NULL && i < (size_t)set->nfont; i++) {
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
	for (i = 0; g != NULL && i < g->n; i++) {
		for (k = 0; k < g->v[i].scan.first->len; k++)
			add_name(&f->families, &f->nfamilies, &cap, xstrdup(
			    g_ptr_array_index(g->v[i].scan.first, k)));
		room += g->v[i].scan.nlist;
	}
	xgrow((void **)&f->families, &cap, f->nfamilies + nfaces + room + 1,
	    sizeof(char *));
	qsort(f->families, f->nfamilies, sizeof(char *), strpcmp);
	if (nfaces > 0) {
		qsort(faces, nfaces, sizeof(char *), strpcmp);
		memcpy(f->families + f->nfamilies, faces,
		    nfaces * sizeof(char *));
	}
	f->families[f->nfamilies + nfaces] = NULL;
	if (f->game != NULL) {
		f->game->nlisted = f->nfamilies + nfaces;
		f->game->cap = cap;
	}
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

/*
 * The installed fonts: the folders of fontconfig's own configuration,
 * and (as <rejectfont>) every installed file of a family an earlier
 * source has.  The configuration is read from its caches, as any
 * program does.  This full configuration lists the families a layout
 * may name (read_installed); Pango gets them one by one
 * (layout_fonts_want).
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
 * its families go to seen, those the game hides to hidden.  Its fonts
 * are known from a configuration of that folder alone, read from its
 * cache.
 */
static void
add_bundled(struct strbuf *xml, const char *dir, GHashTable *game,
    GHashTable *seen, GHashTable *hidden)
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
			add_families(hidden, set->fonts[k]);
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

/* Every family name of the game's font files, into to. */
static void
game_families(const struct gamefonts *g, GHashTable *to)
{
	size_t i;
	guint k;

	for (i = 0; g != NULL && i < g->n; i++)
		for (k = 0; k < g->v[i].scan.all->len; k++)
			g_hash_table_add(to, g_strdup(g_ptr_array_index(
			    g->v[i].scan.all, k)));
}

/*
 * Pango's configuration, as XML (unclosed, into f->narrow): deckpress's
 * fonts/ folder, none of its families the game has (scanned into
 * f->game, read when wanted); the families of deckpress's the game
 * hides go to hidden.  The families of both go to f->seen: the
 * installed files of those are rejected when the installed fonts are
 * read (read_installed()).  Its cache goes to the user's cache folder.
 * False if the game's fonts cannot be scanned (said).
 */
static bool
narrow_config(struct fonts *f, const char *dir, const struct deck *game,
    GHashTable *hidden, struct diags *d)
{
	struct strbuf xml = { 0 };
	GHashTable *own = g_hash_table_new_full(g_str_hash, g_str_equal,
	    g_free, NULL);
	GHashTableIter it;
	gpointer key;
	bool ok = true;

	/* fontconfig wants an absolute <dir>. */
	f->ownfonts = realpath(dir, NULL);
	if (f->ownfonts == NULL)
		f->ownfonts = xstrdup(dir);
	if (game != NULL) {
		f->game = xcalloc(1, sizeof(*f->game));
		ok = layout_gamefonts_scan(f->game, game->dir, game->confine,
		    &f->gamefonts, d);
	}
	game_families(f->game, own);
	f->seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    NULL);
	sb_puts(&xml, "<?xml version=\"1.0\"?><fontconfig>");
	cache_dirs(&xml);
	add_bundled(&xml, f->ownfonts, own, f->seen, hidden);
	g_hash_table_iter_init(&it, own);
	while (g_hash_table_iter_next(&it, &key, NULL))
		g_hash_table_add(f->seen, g_strdup(key));
	g_hash_table_destroy(own);
	f->narrow = xstrdup(xml.s);
	sb_free(&xml);
	return ok;
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

/* Pango's configuration: narrow (XML, unclosed). */
static FcConfig *
pango_config(const char *narrow)
{
	FcConfig *fc = FcConfigCreate();
	struct strbuf xml = { 0 };
	bool ok;

	sb_puts(&xml, narrow);
	sb_puts(&xml, "</fontconfig>");
	ok = fc != NULL && FcConfigParseAndLoadFromMemory(fc,
	    (const FcChar8 *)xml.s, FcTrue) && FcConfigBuildFonts(fc);
	sb_free(&xml);
	if (!ok && fc != NULL) {
		FcConfigDestroy(fc);
		fc = NULL;
	}
	return fc;
}

/*
 * The faces of the game's file at path, now in Pango's configuration,
 * into the list of faces (room was made for them), kept sorted.
 */
static void
list_game_faces(const struct fonts *f, const char *path)
{
	struct gamefonts *g = f->game;
	FcPattern *pat = FcPatternBuild(NULL, FC_FILE, FcTypeString, path,
	    (char *)NULL);
	FcObjectSet *os = FcObjectSetBuild(FC_FAMILY, FC_WEIGHT, FC_SLANT,
	    NULL);
	FcFontSet *set = FcFontList(f->fc, pat, os);
	const char **faces = f->families + f->nfamilies;
	size_t n = g->nlisted - f->nfamilies, j;
	FcChar8 *fam;
	char *face;
	int i;

	for (i = 0; set != NULL && i < set->nfont; i++) {
		if (FcPatternGetString(set->fonts[i], FC_FAMILY, 0, &fam) !=
		    FcResultMatch)
			continue;
		face = face_entry(set->fonts[i], (const char *)fam);
		for (j = 0; j < n && strcmp(faces[j], face) != 0; j++)
			;
		if (j == n && g->nlisted + 1 < g->cap) {
			faces[n++] = xstrdup(face);
			g->nlisted++;
		}
		g_free(face);
	}
	qsort(faces, n, sizeof(char *), strpcmp);
	faces[n] = NULL;
	if (set != NULL)
		FcFontSetDestroy(set);
	FcObjectSetDestroy(os);
	FcPatternDestroy(pat);
}

/*
 * Give Pango the game's files with a family called name (as fontconfig
 * compares names), each read whole now; true if any was added.
 */
static bool
want_game(const struct fonts *f, const char *name)
{
	struct gamefonts *g = f->game;
	struct gfont *gf;
	size_t i, j;
	guint k;
	bool added = false, has;

	for (i = 0; g != NULL && i < g->n; i++) {
		gf = &g->v[i];
		for (k = 0, has = false; k < gf->scan.all->len && !has; k++)
			has = layout_family_eq(name, g_ptr_array_index(
			    gf->scan.all, k));
		if (!has || gf->path != NULL || !layout_gamefont_read(g, gf))
			continue;
		/* The same bytes in two files: given once. */
		for (j = 0; j < i && (g->v[j].path == NULL ||
		    strcmp(g->v[j].path, gf->path) != 0); j++)
			;
		if (j < i)
			continue;
		if (!FcConfigAppFontAddFile(f->fc, (const FcChar8 *)gf->path)) {
			diag_add(g->d, DIAG_ERROR, &g->pos, "font", "%s is not "
			    "a font file fontconfig can read", gf->name);
			continue;
		}
		list_game_faces(f, gf->path);
		added = true;
	}
	return added;
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
		GPtrArray *files;

		if (g_hash_table_contains(f->wanted, key)) {
			g_free(key);
			continue;
		}
		g_hash_table_add(f->wanted, key);
		layout_fonts_seek(f, names[i]);
		files = g_hash_table_lookup(f->installed, key);
		added |= want_game(f, names[i]);
		if (files == NULL)
			continue;
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

/*
 * deckpress draws in its own families where no layout names them (the
 * booklet, the sheets' labels, the icons): a game's family hiding one
 * of them is read at once.  False if one cannot be read (said).
 */
static bool
want_hidden(struct fonts *f, GHashTable *hidden, struct diags *d)
{
	GHashTableIter it;
	gpointer key;
	size_t nerr = d->nerr;

	g_hash_table_iter_init(&it, hidden);
	while (g_hash_table_iter_next(&it, &key, NULL))
		layout_fonts_want(f, key);
	return d->nerr == nerr;
}

/*
 * The installed fonts, read once, when a family is none of the game's
 * or deckpress's (layout_fonts_seek()): fontconfig's system
 * configuration is read only then, since most games need none of it
 * and reading it was a fifth of a small deck's run (issue 36).  The
 * list of families is made again with them (the old one is kept: a
 * loop may be going through it), and the game's faces already read
 * join it again.  If they cannot be read, the list stays as it was.
 */
static void
read_installed(struct fonts *f)
{
	FcConfig *full = FcConfigCreate();
	struct strbuf xml = { 0 };
	size_t i, j;
	bool ok;

	f->sysread = true;
	sb_puts(&xml, f->narrow);
	add_installed(&xml, f->seen);
	sb_puts(&xml, "</fontconfig>");
	ok = full != NULL && FcConfigParseAndLoadFromMemory(full,
	    (const FcChar8 *)xml.s, FcTrue) && FcConfigBuildFonts(full);
	sb_free(&xml);
	if (ok) {
		g_ptr_array_add(f->retired, f->families);
		f->families = NULL;
		f->nfamilies = 0;
		list_families(f, full);
		list_installed(f, full);
		/* The same bytes in two files were given Pango once. */
		for (i = 0; f->game != NULL && i < f->game->n; i++) {
			const char *path = f->game->v[i].path;

			for (j = 0; path != NULL && j < i && (f->game->v[j].path ==
			    NULL || strcmp(f->game->v[j].path, path) != 0); j++)
				;
			if (path != NULL && j == i)
				list_game_faces(f, path);
		}
	}
	if (full != NULL)
		FcConfigDestroy(full);
}

void
layout_fonts_seek(const struct fonts *f, const char *name)
{
	size_t i;

	if (f->sysread || name == NULL)
		return;
	/* An installed font of a family deckpress or the game has is
	 * rejected anyway. */
	for (i = 0; i < f->nfamilies; i++)
		if (layout_family_eq(name, f->families[i]))
			return;
	/* What f lists grows; what it is does not change. */
	read_installed((struct fonts *)f);
}

const char *const *const *
layout_fonts_list(const struct fonts *f)
{
	return (const char *const *const *)&f->families;
}

struct fonts *
layout_fonts_new(const char *dir, const struct deck *game, struct diags *d)
{
	struct fonts *f = xcalloc(1, sizeof(*f));
	size_t nerr = d->nerr;
	GHashTable *hidden = g_hash_table_new_full(g_str_hash, g_str_equal,
	    g_free, NULL);
	bool ok = narrow_config(f, dir, game, hidden, d);
	FcConfig *fc = ok ? pango_config(f->narrow) : NULL;
	struct srcpos pos = { diag_read(d, dir), 0, 0 };

	f->installed = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    (GDestroyNotify)g_ptr_array_unref);
	f->wanted = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    NULL);
	f->retired = g_ptr_array_new();
	if (fc == NULL) {
		if (d->nerr == nerr)
			diag_add(d, DIAG_ERROR, &pos, "font",
			    "cannot read fonts");
		goto fail;
	}
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
	/* Every family a layout may name: deckpress's and the game's
	 * until one names another (layout_fonts_seek()). */
	list_families(f, fc);
	if (f->nfamilies == 0)
		read_installed(f);
	setup_context(f);
	f->fitcache = g_hash_table_new_full(g_bytes_hash, g_bytes_equal,
	    (GDestroyNotify)g_bytes_unref, layout_fitted_free);
	f->variants = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    g_free);
	f->hyph = layout_hyph_new();
	if (f->nfamilies == 0)
		diag_add(d, DIAG_ERROR, &pos, "font", "no fonts found");
	else if (want_hidden(f, hidden, d)) {
		g_hash_table_destroy(hidden);
		return f;
	}
fail:
	g_hash_table_destroy(hidden);
	layout_fonts_free(f);
	return NULL;
}

/* A NULL-terminated list of family names and faces, freed. */
static void
free_list(const char **v)
{
	size_t i;

	for (i = 0; v != NULL && v[i] != NULL; i++)
		free((char *)v[i]);
	free(v);
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
	layout_gamefonts_free(f->game);
	free(f->game);
	layout_hyph_free(f->hyph);
	if (f->ctx != NULL)
		g_object_unref(f->ctx);
	if (f->map != NULL)
		g_object_unref(f->map);
	/* The names, then the faces. */
	free_list(f->families);
	for (i = 0; f->retired != NULL && i < f->retired->len; i++)
		free_list(g_ptr_array_index(f->retired, i));
	if (f->retired != NULL)
		g_ptr_array_free(f->retired, TRUE);
	if (f->seen != NULL)
		g_hash_table_destroy(f->seen);
	free(f->narrow);
	free(f);
}
