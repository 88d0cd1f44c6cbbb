/* SPDX-License-Identifier: MIT */
/*
 * A job's own work, for every command that renders a deck: the load
 * options and printer settings it implies, where its output goes, and
 * the titles its PDFs carry.  Part of the job module (job.h).
 */
#include <sys/stat.h>

#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>


#include "profile.h"
#include "../outfile.h"

void
job_load_opts(const struct job *j, struct load_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->lang = j->lang;
	o->one = true;		/* no --lang: the source, and only it */
	o->draft = j->draft;
	o->hints = j->hints;
	o->placeholders = j->draft || j->placeholders;
	o->allow_outside = j->allow_outside;
	o->typeset = true;	/* printed: typography applied */
	o->others = j->others;
	o->aside = j->aside;
}

int
job_printer(struct job *j, struct diags *d)
{
	struct printer *p;

	if (j->printer == NULL)
		return 0;
	if ((p = job_printer_load(j->printer, d)) == NULL)
		return EXIT_INPUT;
	/* The profile's paper name lives in its arena: keep a static one. */
	if (j->paper == NULL && p->paper != NULL)
		j->paper = strcmp(p->paper, "letter") == 0 ? "letter" : "a4";
	if (!j->has_offset && p->has_offset) {
		j->back_x = p->back_x;
		j->back_y = p->back_y;
	}
	if (!j->has_duplex && p->has_duplex)
		j->duplex = p->duplex;
	if (j->unprintable < 0 && p->has_unprintable)
		j->unprintable = p->unprintable;
	if (j->image_dpi == 0)
		j->image_dpi = p->image_dpi;
	job_printer_free(p);
	return 0;
}

/* Has an earlier kind the same sheet (kinds may share one)? */
static bool
done_before(struct sheet *const *v, size_t k)
{
	size_t i;

	for (i = 0; i < k; i++)
		if (v[i] == v[k])
			return true;
	return false;
}

/*
 * The pixels raster image box b needs at dpi: the size it is drawn at
 * (the box's, or the image's scaled to contain or cover it), in inches,
 * times dpi; kept in need[0..1] if larger.
 */
static void
box_need(const struct lbox *b, double dpi, double *need)
{
	double sx, sy;

	/* The whole image, at the scale its part shown is drawn at. */
	layout_image_scale(b, &sx, &sy);
	if (b->img->w_px * sx / 72 * dpi > need[0])
		need[0] = b->img->w_px * sx / 72 * dpi;
	if (b->img->h_px * sy / 72 * dpi > need[1])
		need[1] = b->img->h_px * sy / 72 * dpi;
}

/*
 * --image-dpi: every face of every card laid out once (images do not
 * change with the language) to find the largest size each raster image
 * prints at; each is then resampled once to j->image_dpi at that size,
 * before anything is drawn, and its full-size pixels freed.
 */
static void
job_images(const struct job *j, struct setup *s)
{
	GHashTable *need = g_hash_table_new_full(NULL, NULL, NULL, g_free);
	struct diags d = { 0 };
	GHashTableIter it;
	gpointer k, v;
	struct laid l;
	size_t i, f, b;

	for (i = 0; i < s->deck->ncards; i++) {
		const struct card *c = &s->deck->cards[i];

		for (f = 0; f < 2; f++) {
			layout_card(s->fonts, s->deck, s->tmpls[c->kind], c, 0,
			    0, (enum face)f, &l, &d);
			for (b = 0; b < l.n; b++) {
				const struct lbox *x = &l.v[b];
				double *n;

				if (x->img == NULL || x->img->kind == IMG_SVG)
					continue;
				if ((n = g_hash_table_lookup(need, x->img)) ==
				    NULL) {
					n = g_new0(double, 2);
					g_hash_table_insert(need,
					    (gpointer)x->img, n);
				}
				box_need(x, j->image_dpi, n);
			}
			layout_laid_free(&l);
		}
	}
	/* Reported when the deck is laid out again to be drawn. */
	diag_free(&d);
	g_hash_table_iter_init(&it, need);
	while (g_hash_table_iter_next(&it, &k, &v))
		art_resample(s->images, k, ((double *)v)[0],
		    ((double *)v)[1]);
	g_hash_table_destroy(need);
}

void
job_sheets(const struct job *j, struct setup *s)
{
	size_t k;

	for (k = 0; s->deck != NULL && k < s->deck->nkinds; k++) {
		struct sheet *sh = s->sheets[k];

		if (sh == NULL || done_before(s->sheets, k))
			continue;
		if (j->paper != NULL)
			tmpl_sheet_paper(sh, j->paper);
		if (j->unprintable >= 0)
			sh->unprintable = j->unprintable;
		if (j->guides >= 0)
			sh->guides = (enum guides)j->guides;
		if (j->spacing >= 0) {
			sh->spaced = true;
			sh->spacing = j->spacing;
		}
		if (j->outside) {
			sh->spaced = false;
			sh->gutter = 0;
		}
	}
	if (j->image_dpi > 0 && s->deck != NULL && s->images != NULL)
		job_images(j, s);
}
/* out/GAME-LANG[-VARIANT]-WHAT.pdf, or the job's own output. */
char *
job_output(const struct job *j, const struct deck *deck, size_t li,
    const char *variant, const char *what)
{
	if (j->output != NULL)
		return xstrdup(j->output);
	return g_strdup_printf("%s/%s-%s%s%s-%s.pdf", j->outdir ? j->outdir :
	    "out", deck->game, deck->langs[li], variant ? "-" : "",
	    variant ? variant : "", what);
}

int
job_ensure_parent(const char *path, struct diags *d)
{
	char *copy = xstrdup(path), *dir = dirname(copy);
	struct srcpos pos = { diag_file(d, path), 0, 0 };
	int rc = 0;

	if (!outfile_folder(dir, d))
		rc = EXIT_IO;
	else if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot create folder "
		    "%s: %s", dir, strerror(errno));
		rc = EXIT_IO;
	}
	free(copy);
	return rc;
}

bool
job_draft_note(const struct deck *deck, size_t lang, unsigned int marks,
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

const char *
job_game_title(const struct deck *deck)
{
	return deck->title ? deck->title : deck->game;
}

char *
job_game_authors(const struct deck *deck)
{
	const struct credits *c = &deck->credits;
	GString *b = g_string_new(NULL);
	size_t i;

	for (i = 0; i < c->nauthors; i++)
		g_string_append_printf(b, "%s%s", i ? ", " : "",
		    c->authors[i]);
	return g_string_free(b, b->len == 0);
}

char *
job_pdf_title(const struct deck *deck, size_t lang, const char *what,
    bool draft)
{
	struct strbuf b = { 0 };
	const char *title = card_text(&deck->pack, lang, "title", NULL);

	sb_printf(&b, "%s%s (%s): %s", draft ? "DRAFT: " : "", title ? title :
	    job_game_title(deck), deck->langs[lang], what);
	return b.s;
}
