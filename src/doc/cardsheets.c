/* SPDX-License-Identifier: MIT */
/*
 * The card sheets as one PDF: a job's deck loaded, the variant and kind
 * it asks for found, its sheets planned and imposed (print/print.c) and
 * written.  Part of the document stage (doc.h); the cards, all and watch
 * commands call it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "doc.h"
#include "../print/print.h"
#include "../pdf/pdf.h"
#include "../validate/validate.h"

/* Lay out, impose and write; the deck is loaded and bound. */
static int
render_pdf(struct setup *s, const struct job *j, size_t lang,
    const struct variant *v, const char *out, char **said, struct diags *d)
{
	struct printopts po = { j->duplex, j->backs, v, j->kind, j->back_x,
	    j->back_y, NULL };
	struct print pr;
	struct pdfout pdf;
	size_t n;
	char *title, *what;
	bool ok, fit = true, tagged;

	if (!print_build(s, lang, &po, &pr, d)) {
		print_free(&pr);
		return EXIT_INPUT;
	}
	what = g_strdup_printf("%s%s%s", j->kind ? j->kind : "cards",
	    v ? ", variant " : "", v ? v->name : "");
	title = job_pdf_title(s->deck, lang, what, pr.note != NULL);
	g_free(what);
	ok = job_ensure_parent(out, d) == 0 &&
	    pdf_open(&pdf, out, pr.paper_w, pr.paper_h, title, d);
	free(title);
	if (ok) {
		/* Untagged, the sheets are a print job: no language either,
		 * which would cost a rewrite for a reader's sake alone. */
		tagged = print_tagged(&pr);
		if (tagged)
			pdf_tagged(&pdf);
		pdf_meta(&pdf, NULL, tagged ? s->deck->langs[lang] : NULL);
		pdf_subject(&pdf, pr.note);
		if (art_count(s->images) > 0)
			pdf_images(&pdf);
		pdf_before_keep(&pdf, job_art_checked, s->images);
		pdf_expect(&pdf, pr.npages);
		fit = print_pages(&pdf, s, &pr, 0, d);
		ok = pdf_close(&pdf, fit, d);
	}
	n = print_count(&pr);
	if (ok && said != NULL)
		*said = g_strdup_printf("%s: %zu %s%s, %zu page%s%s\n",
		    outfile_name(out), n,
		    s->deck->multi ? "component" : "card", n == 1 ? "" : "s",
		    pr.npages, pr.npages == 1 ? "" : "s",
		    pr.note ? " (draft)" : "");
	print_free(&pr);
	/* A damaged image, found as it was drawn, is the input's fault. */
	if (!fit || (!ok && art_damaged(s->images) > 0))
		return EXIT_INPUT;
	return ok ? 0 : EXIT_IO;
}

/* A variant of the deck's rules.yaml, by name: a usage error if none. */
static int
find_variant(const struct setup *s, const char *name, struct rules **rules,
    const struct variant **v, struct diags *d)
{
	char *path = path_join(s->deck->dir, "rules.yaml");
	struct strbuf b = { 0 };
	size_t i;

	*rules = validate_rules_load(path, s->deck, d);
	free(path);
	if (*rules == NULL)
		return EXIT_INPUT;
	/* Variant 0 is the whole deck, named "deck". */
	for (i = 1; i < (*rules)->n; i++) {
		if (strcmp((*rules)->v[i].name, name) == 0) {
			*v = &(*rules)->v[i];
			return 0;
		}
		sb_printf(&b, "%s%s", i > 1 ? ", " : "", (*rules)->v[i].name);
	}
	diag_add(d, DIAG_ERROR, NULL, "usage", "rules.yaml has no variant "
	    "'%s'%s%s%s", name, b.s ? " (it has " : "", b.s ? b.s : "",
	    b.s ? ")" : "");
	sb_free(&b);
	return EXIT_USAGE;
}

/*
 * A language that cannot print because strings are missing: say how to
 * see which, and how to print it anyway.
 */
static void
hint_incomplete(const struct job *j, const char *lang, struct diags *d)
{
	size_t i;

	/* The source language cannot be unfinished: it is the source. */
	if (lang == NULL)
		return;
	for (i = 0; i < d->n; i++)
		if (d->v[i].code != NULL &&
		    strcmp(d->v[i].code, "missing-text") == 0 &&
		    d->v[i].lang != NULL && strcmp(d->v[i].lang, lang) == 0)
			break;
	if (i == d->n)
		return;
	diag_add(d, DIAG_NOTE, NULL, NULL, "'%s' is not finished: 'deckpress "
	    "check %s --lang %s' lists what is missing; --draft prints it "
	    "anyway, each missing string in the source language", lang,
	    j->deckdir, lang);
}

int
doc_cards(const struct job *j, char **said, struct diags *d)
{
	struct setup own = { 0 }, *s = j->kept != NULL ? j->kept : &own;
	struct load_opts lo;
	struct rules *rules = NULL;
	const struct variant *v = NULL;
	char *out = NULL;
	int rc, li = 0;

	job_load_opts(j, &lo);
	lo.art_drawn = true;	/* the PDF draws every card's image */
	/* watch keeps what it can of the last build's game. */
	if ((rc = j->kept != NULL ? job_setup_again(s, j->deckdir, &lo, d) :
	    job_setup_load(s, j->deckdir, &lo, d)) != 0) {
		if (rc == EXIT_INPUT)
			hint_incomplete(j, j->lang, d);
		goto out;
	}
	job_sheets(j, s);
	if ((rc = job_lang_arg(s->deck, j->lang, &li, d)) != 0 ||
	    (rc = job_kind_arg(s->deck, j->kind, d)) != 0)
		goto out;
	if (j->variant != NULL && (rc = find_variant(s, j->variant, &rules,
	    &v, d)) != 0)
		goto out;
	out = job_output(j, s->deck, (size_t)li, v ? v->name : NULL,
	    j->kind ? j->kind : "cards");
	if (j->outpath != NULL)
		*j->outpath = g_strdup(out);
	if (j->loaded != NULL)
		j->loaded(j->loaded_arg, s, (size_t)li);
	rc = render_pdf(s, j, (size_t)li, v, out, said, d);
out:
	/* Stopped before drawing: the images are checked all the same. */
	if (rc != 0)
		art_check_pending(s->images);
	g_free(out);
	validate_rules_free(rules);
	if (j->kept == NULL)
		job_setup_free(s);
	return rc;
}
