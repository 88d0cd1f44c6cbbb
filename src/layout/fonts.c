/* SPDX-License-Identifier: MIT */
/*
 * Fonts from fonts/ and nothing else: a private fontconfig
 * configuration holds only that folder, so output never depends on
 * what a machine happens to have installed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

#include "layout.h"

static int
strpcmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* "regular", "bold", "italic" or "bold italic": the style of a face. */
static const char *
face_style(FcPattern *font)
{
	static const char *const styles[] = { "regular", "bold", "italic",
	    "bold italic" };
	int weight = FC_WEIGHT_REGULAR, slant = FC_SLANT_ROMAN;

	FcPatternGetInteger(font, FC_WEIGHT, 0, &weight);
	FcPatternGetInteger(font, FC_SLANT, 0, &slant);
	/* What Pango asks for: bold is weight 700, fontconfig's 200. */
	return styles[(weight >= FC_WEIGHT_DEMIBOLD) +
	    2 * (slant != FC_SLANT_ROMAN)];
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
		const char *style;
		char *face;

		if (FcPatternGetString(set->fonts[i], FC_FAMILY, 0, &fam) !=
		    FcResultMatch)
			continue;
		add_name(&f->families, &f->nfamilies, &cap,
		    xstrdup((const char *)fam));
		style = face_style(set->fonts[i]);
		face = xmalloc(strlen((const char *)fam) + strlen(style) + 2);
		sprintf(face, "%s\t%s", (const char *)fam, style);
		add_name(&faces, &nfaces, &fcap, face);
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
	inline_setup(f->ctx);	/* images in lines of text (inline.c) */
}

/*
 * A configuration holding only dir.  Its cache goes to the user's cache
 * folder: fontconfig complains when it has nowhere to write one.
 */
static FcConfig *
private_config(const char *dir)
{
	FcConfig *fc = FcConfigCreate();
	struct strbuf xml = { 0 };
	/* fontconfig wants an absolute <dir>. */
	char *abs = realpath(dir, NULL);
	FcChar8 *esc = FcStrCopy((const FcChar8 *)(abs ? abs : dir));
	FcBool ok;

	free(abs);
	sb_puts(&xml, "<?xml version=\"1.0\"?><fontconfig><dir>");
	/* Escape the folder name for XML. */
	for (const char *p = (const char *)esc; *p; p++)
		switch (*p) {
		case '<': sb_puts(&xml, "&lt;"); break;
		case '>': sb_puts(&xml, "&gt;"); break;
		case '&': sb_puts(&xml, "&amp;"); break;
		default: sb_add(&xml, p, 1);
		}
	/* The user's cache, or the temporary folder if that is not writable
	 * (no HOME in a build chroot, say): fontconfig takes the first it
	 * can write to, and complains only when there is none. */
	sb_printf(&xml, "</dir><cachedir prefix=\"xdg\">deckpress</cachedir>"
	    "<cachedir>%s/deckpress-fontconfig</cachedir></fontconfig>",
	    g_get_tmp_dir());
	FcStrFree(esc);
	ok = fc != NULL && FcConfigParseAndLoadFromMemory(fc,
	    (const FcChar8 *)xml.s, FcTrue) && FcConfigBuildFonts(fc);
	sb_free(&xml);
	if (!ok && fc != NULL) {
		FcConfigDestroy(fc);
		fc = NULL;
	}
	return fc;
}

struct fonts *
fonts_new(const char *dir, struct diags *d)
{
	struct fonts *f = xcalloc(1, sizeof(*f));
	FcConfig *fc = private_config(dir);
	struct srcpos pos = { diag_read(d, dir), 0, 0 };

	if (fc == NULL) {
		diag_add(d, DIAG_ERROR, &pos, "font", "cannot read fonts");
		free(f);
		return NULL;
	}
	/*
	 * Without SetCurrent, Pango's fontconfig calls still consult the
	 * default configuration and find system fonts.
	 */
	FcConfigSetCurrent(fc);
	list_families(f, fc);
	f->map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
	pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(f->map), fc);
	FcConfigDestroy(fc);	/* the font map and fontconfig hold it */
	setup_context(f);
	f->fitcache = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    fitted_free);
	f->hyph = hyph_new();
	if (f->nfamilies == 0) {
		diag_add(d, DIAG_ERROR, &pos, "font", "no fonts found");
		fonts_free(f);
		return NULL;
	}
	return f;
}

void
fonts_free(struct fonts *f)
{
	size_t i;

	if (f == NULL)
		return;
	if (f->fitcache != NULL)
		g_hash_table_destroy(f->fitcache);
	hyph_free(f->hyph);
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
