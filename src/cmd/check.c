/* SPDX-License-Identifier: MIT */
/*
 * The check command: composition against rules.yaml, translations
 * against the source language, booklets, text that does not fit.  Part
 * of the CLI.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <glib.h>

#include "cmd.h"
#include "../validate/validate.h"

static const char usage_check[] =
"usage: deckpress check DECK [--lang LANG|all] [--json] [--werror]\n"
"                  [--allow-outside]\n"
"\n"
"Check the deck in folder DECK: its composition against DECK/rules.yaml\n"
"(totals, quotas, variants), every translation against the source\n"
"language (missing, extra, stale, identical or copied strings, markup\n"
"and icons), rule booklets (DECK/rules/LANG.md), and text that does not\n"
"fit its box at the layout's minimum size.\n"
"\n"
"  -l, --lang LANG|all  language(s) to check (default: all)\n"
"  -j, --json           findings as JSON on stdout\n"
"  -W, --werror         warnings fail the check too\n"
DECK_USAGE
"  -h, --help           this help\n"
"\n"
"Exit status: 0 clean, 1 errors (or warnings with --werror), 2 usage.\n";

struct checkjob {
	const char	*deckdir;
	const char	*lang;		/* NULL: all */
	bool		 json;
	bool		 werror;
	bool		 allow_outside;	/* --allow-outside */
	bool		 fit;		/* the layouts could be bound */
};

struct checked {
	struct outcomes	 outcomes;
	bool		 rules_ok;	/* rules.yaml absent or loaded */
	struct trstats	*tr;		/* per language */
	bool		*checked;	/* per language: asked for */
	bool		*booklet;	/* per language: rules/LANG.md exists */
	bool		 fit_checked;	/* the layout could be bound */
	size_t		 overflow;	/* texts that do not fit */
	bool		 printed;
};

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
image_dpi(const struct lbox *b, const struct image *img)
{
	double fw = b->w / img->w_px, fh = b->h / img->h_px, s;

	/* Points per pixel: contained, the smaller scale; covering or
	 * stretched, the larger, which is the coarser. */
	if (b->e->fit == FIT_CONTAIN)
		s = fw < fh ? fw : fh;
	else
		s = fw > fh ? fw : fh;
	return 72 / s;
}

/*
 * Raster images of face l of card c that print under MIN_DPI: a
 * warning naming the card and the dpi, once per file (seen: the paths
 * said already; a back shown on every card says it once).
 */
static void
check_images(const struct card *c, const struct laid *l, GHashTable *seen,
    struct diags *d)
{
	size_t k;

	for (k = 0; k < l->n; k++) {
		const struct image *img = l->v[k].img;
		double dpi;

		if (img == NULL || img->kind == IMG_SVG ||
		    g_hash_table_contains(seen, img->path))
			continue;
		dpi = image_dpi(&l->v[k], img);
		if (dpi >= MIN_DPI)
			continue;
		g_hash_table_add(seen, g_strdup(img->path));
		diag_add(d, DIAG_WARN, &l->v[k].e->file_pos, "image", "%s: "
		    "image %s prints at %.0f dpi, under the %d dpi a sharp "
		    "print needs", c->label, img->path, dpi, MIN_DPI);
	}
}

/*
 * Every text of every card in language li, laid out: overflow = error;
 * with images (images do not change with the language: asked for one
 * language only), the images' resolution too, in the same pass, so
 * each face is laid out once.
 */
static size_t
check_fit(const struct setup *s, size_t li, bool images, struct diags *d)
{
	GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal,
	    g_free, NULL);
	size_t i, f, before = d->nerr;
	unsigned int k, n;
	struct laid l;

	for (i = 0; i < s->deck->ncards; i++) {
		const struct card *c = &s->deck->cards[i];

		const struct tmpl *t = s->tmpls[c->kind];

		n = copies_differ(t, c, li) ? c->count : 1;
		for (k = 0; k < n; k++)
			for (f = 0; f < 2; f++) {
				layout_card(s->fonts, s->deck, t, c, k, li,
				    (enum face)f, &l, d);
				if (images && k == 0)
					check_images(c, &l, seen, d);
				laid_free(&l);
			}
	}
	g_hash_table_destroy(seen);
	return d->nerr - before;
}


static void
print_composition(FILE *f, const struct checked *k, const char *rulesfile)
{
	const struct variant *cur = NULL;
	const char *ind = "";
	size_t i;

	if (!k->rules_ok) {
		fprintf(f, "composition: %s has errors (below)\n", rulesfile);
		return;
	}
	if (k->outcomes.n == 0) {
		fprintf(f, "composition: no rules (no %s)\n", rulesfile);
		return;
	}
	fprintf(f, "composition (%s)\n  %-52s %12s %8s\n", rulesfile, "rule",
	    "expected", "actual");
	for (i = 0; i < k->outcomes.n; i++) {
		const struct outcome *o = &k->outcomes.v[i];

		if (o->variant != cur) {
			cur = o->variant;
			if (strcmp(cur->name, "deck") != 0) {
				fprintf(f, "  variant %s\n", cur->name);
				ind = "  ";
			}
		}
		fprintf(f, "  %s%-*s %12s %8ld  %s\n", ind,
		    52 - (int)strlen(ind), o->what, o->expected, o->actual,
		    o->ok ? "ok" : "FAIL");
	}
}

/*
 * Each face the texts are drawn in and the file it came from: the
 * game's, deckpress's, or installed, so a designer sees a system font
 * standing in for the game's own.
 */
static void
print_fonts(FILE *f, const struct setup *s, const struct checked *k)
{
	char **v;
	size_t i;

	if (!k->fit_checked)
		return;
	v = fonts_used(s->fonts);
	fprintf(f, "fonts:%s\n", v[0] == NULL ? " none drawn" : "");
	for (i = 0; v[i] != NULL; i++)
		fprintf(f, "  %s\n", v[i]);
	g_strfreev(v);
}

static void
print_table(FILE *f, const struct setup *s, const struct checked *k,
    const char *rulesfile)
{
	size_t li;

	print_composition(f, k, rulesfile);
	fprintf(f, "translations (source: %s)\n", s->deck->langs[0]);
	for (li = 0; li < s->deck->nlangs; li++) {
		const struct trstats *t = &k->tr[li];
		const char *bk = k->booklet[li] ? "; booklet checked" : "";

		if (!k->checked[li])
			fprintf(f, "  %-6s not checked\n", s->deck->langs[li]);
		else if (li == 0)
			fprintf(f, "  %-6s the source%s\n", s->deck->langs[li],
			    bk);
		else
			fprintf(f, "  %-6s %zu strings: %zu missing, %zu extra, "
			    "%zu stale, %zu without source, %zu identical to "
			    "the source%s\n", s->deck->langs[li], t->strings,
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
	print_fonts(f, s, k);
}

static void
print_json(FILE *f, const struct setup *s, const struct checked *k,
    const struct diags *d)
{
	size_t i, li;

	fputs("{\"deck\": ", f);
	json_string(f, s->deck->dir);
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
	for (li = 0; li < s->deck->nlangs; li++) {
		const struct trstats *t = &k->tr[li];

		fprintf(f, "%s\n  {\"language\": ", li ? "," : "");
		json_string(f, s->deck->langs[li]);
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
	fputs(",\n\"fonts\": [", f);
	if (k->fit_checked) {
		char **v = fonts_used(s->fonts);

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

static void
run_checks(struct setup *s, const struct checkjob *j, struct checked *k,
    struct diags *d)
{
	const struct deck *deck = s->deck;
	char *rp = path_join(deck->dir, "rules.yaml");
	struct rules *rules = load_rules(rp, deck, d);
	const char *rulesfile = diag_file(d, rp);
	size_t li;

	free(rp);
	k->rules_ok = rules != NULL;
	if (rules != NULL)
		validate_rules(deck, rules, &k->outcomes, d);
	k->fit_checked = j->fit;
	if (j->fit)
		fonts_track(s->fonts);
	for (li = 0; li < deck->nlangs; li++) {
		if (!lang_wanted(deck, j->lang, li))
			continue;
		k->checked[li] = true;
		validate_translations(deck, li, &k->tr[li], d);
		k->booklet[li] = validate_booklet(deck, li, d);
		if (j->fit)
			k->overflow += check_fit(s, li, li == 0, d);
	}
	/* Outcomes point into the rules: report before freeing them. */
	diag_sort(d);
	if (j->json)
		print_json(stdout, s, k, d);
	else
		print_table(stdout, s, k, rulesfile);
	k->printed = true;
	rules_free(rules);
}

static int
run_check(struct checkjob *j, struct diags *d)
{
	struct load_opts lo = { .lenient = true,
	    .allow_outside = j->allow_outside };
	struct setup s = { 0 };
	struct checked k = { 0 };
	int li, rc;

	/* One language checked: read only it and the source, so another
	 * language's gaps do not stand in its way. */
	if (j->lang != NULL && strcmp(j->lang, "all") != 0) {
		lo.lang = j->lang;
		lo.one = true;
	}
	rc = setup_load(&s, j->deckdir, &lo, d);

	if (s.deck == NULL || s.fonts == NULL || rc == EXIT_IO)
		goto out;
	/* Fit needs the templates bound to the deck; else it is skipped. */
	j->fit = rc == 0;
	if ((rc = lang_arg(s.deck, j->lang, &li, d)) != 0)
		goto out;
	k.tr = xcalloc(s.deck->nlangs, sizeof(*k.tr));
	k.checked = xcalloc(s.deck->nlangs, sizeof(*k.checked));
	k.booklet = xcalloc(s.deck->nlangs, sizeof(*k.booklet));
	run_checks(&s, j, &k, d);
	rc = d->nerr || (j->werror && d->nwarn) ? EXIT_INPUT : 0;
out:
	if (j->json && !k.printed) {
		/* Still JSON when the deck did not load or usage was wrong. */
		diag_sort(d);
		fputs("{\"findings\": ", stdout);
		diag_json(stdout, d);
		fprintf(stdout, ",\n\"errors\": %zu, \"warnings\": %zu}\n",
		    d->nerr, d->nwarn);
	}
	outcomes_free(&k.outcomes);
	free(k.tr);
	free(k.checked);
	free(k.booklet);
	setup_free(&s);
	return rc;
}

int
cmd_check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "json", no_argument, NULL, 'j' },
		{ "werror", no_argument, NULL, 'W' },
		{ "help", no_argument, NULL, 'h' },
		DECK_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct checkjob j = { 0 };
	struct diags d = { 0 };
	int c, rc;

	while ((c = getopt_long(argc, argv, "l:jWh", opts, NULL)) != -1)
		switch (c) {
		case 'l':
			j.lang = strcmp(optarg, "all") == 0 ? NULL : optarg;
			break;
		case 'j':
			j.json = true;
			break;
		case 'W':
			j.werror = true;
			break;
		case 'A':
			j.allow_outside = true;
			break;
		case 'h':
			fputs(usage_check, stdout);
			return 0;
		default:
			fputs(usage_check, stderr);
			return EXIT_USAGE;
		}
	if (argc - optind != 1)
		return usage_error(usage_check, "%s", argc - optind ?
		    "give exactly one deck folder" : "no deck folder given");
	j.deckdir = argv[optind];
	rc = run_check(&j, &d);
	if (j.json) {
		diag_free(&d);
		return rc;
	}
	return finish(&d, rc);
}
