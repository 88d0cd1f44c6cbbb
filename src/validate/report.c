/* SPDX-License-Identifier: MIT */
/*
 * What "deckpress check" finds and how it reports it: the composition,
 * the translations and the booklets validated, every text laid out to
 * see that it fits (and the images' resolution), then the table or the
 * JSON of it all.  Part of the validate stage; the only part of it that
 * lays cards out, so it sits above layout/.  The command is
 * cmd/check.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "pdfsize.h"
#include "checking.h"
#include "../art/art.h"
#include "../layout/layout.h"

/*
 * Copies differ only if a text numbers them ({n} counting copies): in
 * a fixed text of the template or in one of the card's own.
 */
static bool
copies_differ(const struct tmpl *t, const struct card *c, size_t li)
{
	size_t f, i;

	for (f = 0; f < 2; f++)
		for (i = 0; i < t->nelems[f]; i++)
			if (t->elems[f][i].literal != NULL &&
			    !t->elems[f][i].by_card &&
			    strstr(t->elems[f][i].literal, "{n}") != NULL)
				return true;
	for (i = 0; i < c->texts[li].n; i++)
		if (c->texts[li].v[i].value != NULL &&
		    strstr(c->texts[li].v[i].value, "{n}") != NULL)
			return true;
	return false;
}

#define MIN_DPI	200	/* below it, print-and-play art looks blurry */

/*
 * The resolution image img prints at in laid box b: the box as layout
 * grew it (a bleed box only over the trim edges it touches), the size
 * it is drawn at.  A turn moves the box, it does not scale it.
 */
static double
image_dpi(const struct lbox *b)
{
	double sx, sy;

	/* Points per pixel of the part shown: stretched, the larger, which
	 * is the coarser. */
	layout_image_scale(b, &sx, &sy);
	return 72 / (sx > sy ? sx : sy);
}

/*
 * Raster images of face l of card c that print under MIN_DPI: a
 * warning naming the card and the dpi, once per file (seen: the paths
 * said already; a back shown on every card says it once).
 */
static void
check_images(const struct card *c, const struct laid *l, GHashTable *seen,
    GHashTable *art, struct diags *d)
{
	size_t k;

	for (k = 0; k < l->n; k++) {
		const struct image *img = l->v[k].img;
		double dpi;

		if (img == NULL || img->kind == IMG_SVG ||
		    g_hash_table_contains(seen, art_file(img)->path))
			continue;
		dpi = image_dpi(&l->v[k]);
		validate_size_note_art(art, img, dpi);
		if (dpi >= MIN_DPI)
			continue;
		g_hash_table_add(seen, g_strdup(art_file(img)->path));
		diag_add(d, DIAG_WARN, &l->v[k].e->file_pos, "image", "%s: "
		    "image %s prints at %.0f dpi, under the %d dpi a sharp "
		    "print needs", c->label, img->path, dpi, MIN_DPI);
	}
}

/*
 * Image elements of face l of card c with neither alt: nor decorative:
 * true: drawn as decoration, which a reader is not told of; a warning
 * naming the first card that shows each (seen: their places said).
 */
static void
check_alt(const struct card *c, const struct laid *l, GHashTable *seen,
    struct diags *d)
{
	const struct elem *e;
	char *at;
	size_t k;

	for (k = 0; k < l->n; k++) {
		e = l->v[k].e;
		if (e->type != ELEM_IMAGE || e->alt != NULL || e->decorative)
			continue;
		at = g_strdup_printf("alt %s:%u:%u", e->pos.file, e->pos.line,
		    e->pos.col);
		if (g_hash_table_contains(seen, at)) {
			g_free(at);
			continue;
		}
		g_hash_table_add(seen, at);
		diag_add(d, DIAG_WARN, &e->pos, "alt", "%s: image has neither "
		    "'alt:' nor 'decorative: true': a screen reader is told "
		    "nothing of it (drawn as decoration)", c->label);
	}
}

/*
 * Card c in language li laid out (each copy if they differ); with seen,
 * its images' resolution too (see check_images).
 */
static void
lay_card(const struct deck *deck, const struct fonts *fonts,
    const struct tmpl *t, const struct card *c, size_t li, GHashTable *seen,
    GHashTable *art, struct diags *d)
{
	unsigned int k, n = copies_differ(t, c, li) ? c->count : 1;
	size_t f;
	struct laid l;

	for (k = 0; k < n; k++)
		for (f = 0; f < 2; f++) {
			layout_card(fonts, deck, t, c, k, li, (enum face)f, &l,
			    d);
			if (seen != NULL && k == 0) {
				check_images(c, &l, seen, art, d);
				check_alt(c, &l, seen, d);
			}
			layout_laid_free(&l);
		}
}

size_t
validate_fit_card(const struct deck *deck, const struct fonts *fonts,
    const struct tmpl *t, const struct card *c, size_t li, struct diags *d)
{
	size_t before = d->nerr;

	lay_card(deck, fonts, t, c, li, NULL, NULL, d);
	return d->nerr - before;
}

/*
 * Every text of every card in language li, laid out: overflow = error;
 * with images (images do not change with the language: asked for one
 * language only), the images' resolution too, in the same pass, so
 * each face is laid out once.
 */
static size_t
check_fit(const struct deck *deck, const struct fonts *fonts,
    struct tmpl *const *tmpls, size_t li, bool images, struct diags *d)
{
	GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal,
	    g_free, NULL);
	GHashTable *art = g_hash_table_new_full(NULL, NULL, NULL, g_free);
	size_t i, before = d->nerr;

	for (i = 0; i < deck->ncards; i++)
		lay_card(deck, fonts, tmpls[deck->cards[i].kind],
		    &deck->cards[i], li, images ? seen : NULL, art, d);
	g_hash_table_destroy(seen);
	if (images)
		validate_size_check(deck, art, d);
	g_hash_table_destroy(art);
	return d->nerr - before;
}


/* A line of prefix and s, s's control characters written out. */
static void
print_shown(FILE *f, const char *prefix, const char *s)
{
	char *safe = shown_dup(s);

	fprintf(f, "%s%s\n", prefix, safe);
	free(safe);
}

/* The cards set aside (count: 0): listed, not printed, not counted. */
static void
print_aside(FILE *f, const struct deck *deck)
{
	const char *sep = "set aside (count: 0, not printed):";
	size_t i;

	for (i = 0; i < deck->ncards; i++)
		if (deck->cards[i].count == 0) {
			fprintf(f, "%s %s", sep, deck->cards[i].id);
			sep = ",";
		}
	if (*sep == ',')
		fputc('\n', f);
}

static void
print_composition(FILE *f, const struct check_report *k)
{
	const struct variant *cur = NULL;
	const char *ind = "";
	size_t i;

	if (!k->rules_ok) {
		fprintf(f, "composition: %s has errors (below)\n",
		    k->rulesfile);
		return;
	}
	if (k->outcomes.n == 0) {
		fprintf(f, "composition: no rules (no %s)\n", k->rulesfile);
		return;
	}
	fprintf(f, "composition (%s)\n  %-52s %12s %8s\n", k->rulesfile,
	    "rule", "expected", "actual");
	for (i = 0; i < k->outcomes.n; i++) {
		const struct outcome *o = &k->outcomes.v[i];

		if (o->variant != cur) {
			cur = o->variant;
			if (strcmp(cur->name, "deck") != 0) {
				print_shown(f, "  variant ", cur->name);
				ind = "  ";
			}
		}
		char *what = shown_dup(o->what);

		fprintf(f, "  %s%-*s %12s %8ld  %s\n", ind,
		    52 - (int)strlen(ind), what, o->expected, o->actual,
		    o->ok ? "ok" : "FAIL");
		free(what);
	}
}

/*
 * Each face the texts are drawn in and the file it came from: the
 * game's, deckpress's, or installed, so a designer sees a system font
 * standing in for the game's own.
 */
static void
print_fonts(FILE *f, const struct fonts *fonts,
    const struct check_report *k)
{
	char **v;
	size_t i;

	if (!k->fit_checked)
		return;
	v = layout_fonts_used(fonts);
	fprintf(f, "fonts:%s\n", v[0] == NULL ? " none drawn" : "");
	for (i = 0; v[i] != NULL; i++)
		print_shown(f, "  ", v[i]);
	g_strfreev(v);
}

void
validate_print_table(FILE *f, const struct deck *deck,
    const struct fonts *fonts, const struct check_report *k)
{
	size_t li, n;

	print_composition(f, k);
	print_aside(f, deck);
	fprintf(f, "translations (source: %s)\n", deck->langs[0]);
	for (li = 0; li < deck->nlangs; li++) {
		const struct trstats *t = &k->tr[li];
		const char *bk = k->booklet[li] ? "; booklet checked" : "";

		if (!k->checked[li])
			fprintf(f, "  %-6s not checked\n", deck->langs[li]);
		else if (li == 0)
			fprintf(f, "  %-6s the source%s\n", deck->langs[li],
			    bk);
		else
			fprintf(f, "  %-6s %zu strings: %zu missing, %zu extra, "
			    "%zu stale, %zu without source, %zu identical to "
			    "the source%s\n", deck->langs[li], t->strings,
			    t->missing, t->extra, t->stale, t->unrecorded,
			    t->identical, bk);
	}
	if (!k->fit_checked)
		fprintf(f, "fit: not checked (the layout or the texts have "
		    "errors)\n");
	else
		fprintf(f, "fit: %zu text%s too long for %s box at the "
		    "minimum size\n", k->overflow, k->overflow == 1 ? "" : "s",
		    k->overflow == 1 ? "its" : "their");
	/* What a draft would print as placeholders, counted. */
	if ((n = art_missing(fonts->images)) > 0)
		fprintf(f, "images: %zu file%s missing\n", n, n == 1 ? "" :
		    "s");
	print_fonts(f, fonts, k);
}

void
validate_print_json(FILE *f, const struct deck *deck,
    const struct fonts *fonts, const struct check_report *k,
    const struct diags *d)
{
	size_t i, li;

	fputs("{\"deck\": ", f);
	json_string(f, deck->dir);
	fputs(",\n\"composition\": [", f);
	for (i = 0; i < k->outcomes.n; i++) {
		const struct outcome *o = &k->outcomes.v[i];

		fprintf(f, "%s\n  {\"variant\": ", i ? "," : "");
		json_string(f, o->variant->name);
		fputs(", \"rule\": ", f);
		json_string(f, o->what);
		fputs(", \"expected\": ", f);
		json_string(f, o->expected);
		fprintf(f, ", \"actual\": %ld, \"ok\": %s, \"file\": ",
		    o->actual, o->ok ? "true" : "false");
		json_string(f, o->rule->pos.file);
		fprintf(f, ", \"line\": %u, \"column\": %u}",
		    o->rule->pos.line, o->rule->pos.col);
	}
	fputs("],\n\"translations\": [", f);
	for (li = 0; li < deck->nlangs; li++) {
		const struct trstats *t = &k->tr[li];

		fprintf(f, "%s\n  {\"language\": ", li ? "," : "");
		json_string(f, deck->langs[li]);
		fprintf(f, ", \"source\": %s, \"checked\": %s, \"booklet\": "
		    "%s, \"strings\": %zu, \"missing\": %zu, \"extra\": %zu, "
		    "\"stale\": %zu, \"without_source\": %zu, \"identical\": "
		    "%zu}", li ? "false" : "true", k->checked[li] ? "true" :
		    "false", k->booklet[li] ? "true" : "false", t->strings,
		    t->missing, t->extra, t->stale, t->unrecorded, t->identical);
	}
	fputs("],\n\"fit\": ", f);
	if (k->fit_checked)
		fprintf(f, "{\"checked\": true, \"overflowing\": %zu}",
		    k->overflow);
	else
		fputs("{\"checked\": false, \"overflowing\": null}", f);
	fprintf(f, ",\n\"images\": {\"missing\": %zu}",
	    art_missing(fonts->images));
	fputs(",\n\"fonts\": [", f);
	if (k->fit_checked) {
		char **v = layout_fonts_used(fonts);

		for (i = 0; v[i] != NULL; i++) {
			fputs(i ? ", " : "", f);
			json_string(f, v[i]);
		}
		g_strfreev(v);
	}
	fputs("],\n\"findings\": ", f);
	diag_json(f, d);
	fprintf(f, ",\n\"errors\": %zu, \"warnings\": %zu}\n", d->nerr,
	    d->nwarn);
}

/* Which languages to check: all, or the one named (else -1). */
static bool
lang_wanted(const struct deck *deck, const char *lang, size_t li)
{
	return lang == NULL || strcmp(deck->langs[li], lang) == 0;
}

void
validate_check(const struct deck *deck, struct fonts *fonts,
    struct tmpl *const *tmpls, const char *lang, bool fit,
    struct check_report *k, struct diags *d)
{
	char *rp = path_join(deck->dir, "rules.yaml");
	size_t li;

	k->tr = xcalloc(deck->nlangs, sizeof(*k->tr));
	k->checked = xcalloc(deck->nlangs, sizeof(*k->checked));
	k->booklet = xcalloc(deck->nlangs, sizeof(*k->booklet));
	k->rules = validate_rules_load(rp, deck, d);
	k->rulesfile = diag_file(d, rp);
	free(rp);
	k->rules_ok = k->rules != NULL;
	if (k->rules != NULL)
		validate_rules(deck, k->rules, &k->outcomes, d);
	k->fit_checked = fit;
	if (fit) {
		layout_fonts_track(fonts);
		layout_fonts_check_only(fonts);
	}
	for (li = 0; li < deck->nlangs; li++) {
		if (!lang_wanted(deck, lang, li))
			continue;
		k->checked[li] = true;
		validate_translations(deck, li, &k->tr[li], d);
		k->booklet[li] = validate_booklet(deck, li, d);
		if (fit)
			k->overflow += check_fit(deck, fonts, tmpls, li, li == 0,
			    d);
	}
}

void
validate_print_findings(FILE *f, const struct diags *d)
{
	fputs("{\"findings\": ", f);
	diag_json(f, d);
	fprintf(f, ",\n\"errors\": %zu, \"warnings\": %zu}\n", d->nerr,
	    d->nwarn);
}

void
validate_report_free(struct check_report *k)
{
	/* Outcomes point into the rules: they go first. */
	validate_outcomes_free(&k->outcomes);
	validate_rules_free(k->rules);
	free(k->tr);
	free(k->checked);
	free(k->booklet);
}
