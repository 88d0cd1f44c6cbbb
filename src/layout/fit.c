/* SPDX-License-Identifier: MIT */
/*
 * Shrink-to-fit: find the largest font size between an element's
 * minimum and maximum at which its text fits the box, and measure by
 * how much it overflows when even the minimum does not fit.
 *
 * Shaping is what costs (HarfBuzz is most of a render's time), so the
 * search shapes as few sizes as it can: the maximum first (most texts
 * fit there), then a size estimated from how far that was too tall,
 * then its neighbour; and the layout at the size chosen is kept, to be
 * drawn as it is, not shaped again.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "fitting.h"

#define STEP	0.25	/* pt; sizes are quantised so output is stable */
#define SLACK	0.01	/* pt; absorbs Pango's unit rounding */
/*
 * pt; a predicted height must be this far over the box to count as a
 * proof that a size does not fit: metrics scale with the size but are
 * rounded to Pango units, line by line.
 */
#define MARGIN	0.1

/* One size tried: its layout, logical extent, and whether it fits. */
struct probe {
	PangoLayout	*l;
	double		 size, w, h;	/* pt */
	bool		 fits;
	int		 lines;
	double		 len, waste;	/* pt: line_stats() */
};

/* The lines' total length and the room wrapping left at their ends. */
static void
line_stats(const struct elem *e, struct probe *p)
{
	GSList *l = pango_layout_get_lines_readonly(p->l);
	PangoRectangle log;
	double left = 0;
	int i = 0;

	p->len = 0;
	p->lines = pango_layout_get_line_count(p->l);
	for (; l != NULL; l = l->next, i++) {
		pango_layout_line_get_extents(l->data, NULL, &log);
		p->len += pango_units_to_double(log.width);
		/* The last line ends where the text does, not by a wrap. */
		if (i + 1 < p->lines && e->w > pango_units_to_double(log.width))
			left += e->w - pango_units_to_double(log.width);
	}
	p->waste = p->lines > 1 ? left / (p->lines - 1) : 0;
}

static void
measure(PangoContext *ctx, const struct elem *e, const char *text,
    double size, struct probe *p, struct fitted *out)
{
	PangoRectangle log;

	p->l = layout_at_size(ctx, e, text, size);
	p->size = size;
	pango_layout_get_extents(p->l, NULL, &log);
	p->w = pango_units_to_double(log.width);
	p->h = pango_units_to_double(log.height);
	p->fits = p->w <= e->w + SLACK && p->h <= e->h + SLACK;
	line_stats(e, p);
	out->probes++;
}

static double
step_size(const struct elem *e, long i)
{
	return e->size_min + (double)i * STEP;
}

/*
 * The height text shaped at p would take at size s, by a model of its
 * lines: every width grows by s / p->size; the text's length, its
 * lines laid end to end, fills lines as wide as the box less what
 * wrapping leaves at their ends, as much (scaled) as it left at p.
 * An estimate, which only chooses what to measure next.
 */
static double
predict_h(const struct elem *e, const struct probe *p, double s)
{
	double k = s / p->size, room = e->w - p->waste * k, lines;

	if (room <= 0)
		return HUGE_VAL;
	lines = ceil(p->len * k / room - 1e-9);
	if (lines < 1)
		lines = 1;
	return lines * p->h / p->lines * k;
}

/*
 * The step text measured at p is predicted to fit at, in (lo, hi).
 * Too large at p: the largest step whose predicted height fits the
 * box, and whose widest line does where a word was too wide.  Fitting
 * at p: the largest step at which its lines stay as they are (the
 * widest still within the box, greedy wrapping then keeps each line's
 * words) and still fit the box's height; or, if that is p's own step,
 * the next.
 */
static long
estimate(const struct elem *e, const struct probe *p, long lo, long hi)
{
	double s;
	long i;

	if (p->fits) {
		s = fmin(p->size * (e->w + SLACK) / fmax(p->w, 1e-3),
		    p->size * (e->h + SLACK) / fmax(p->h, 1e-3));
		i = lround(floor((s - e->size_min) / STEP + 1e-9));
		return i <= lo ? lo + 1 : i >= hi ? hi - 1 : i;
	}
	for (i = hi - 1; i > lo + 1; i--) {
		s = step_size(e, i);
		if (predict_h(e, p, s) <= e->h + SLACK &&
		    p->w * s / p->size <= e->w + SLACK)
			break;
	}
	return i;
}

/*
 * Can text that fits at p be shown not to fit one step up, without
 * shaping it?  Pango wraps greedily, so a larger size never takes
 * fewer lines, and the same lines at size s' are s'/s as tall.
 */
static bool
too_tall_at(const struct elem *e, const struct probe *p, double size)
{
	return p->h * size / p->size > e->h + SLACK + MARGIN;
}

static void
keep(struct probe *best, struct probe *p)
{
	if (best->l != NULL)
		g_object_unref(best->l);
	*best = *p;
	p->l = NULL;
}

static void
drop(struct probe *p)
{
	if (p->l != NULL)
		g_object_unref(p->l);
	p->l = NULL;
}

/* The text at the minimum size does not fit: by how much it overflows. */
static void
overflow(const struct elem *e, struct probe *p, struct fitted *out)
{
	out->size = p->size;
	out->w = p->w;
	out->h = p->h;
	out->fits = false;
	out->over_w = p->w > e->w ? p->w - e->w : 0;
	out->over_h = p->h > e->h ? p->h - e->h : 0;
	out->layout = p->l;
}

/*
 * The next step to measure, between lo (fits; -1: none known) and hi
 * (does not), predicted from the last size measured; halving the
 * interval once predictions have missed a few times.
 */
static long
next_step(const struct elem *e, const struct probe *last, long lo, long hi,
    int *guesses)
{
	if ((*guesses)++ < 4)
		return estimate(e, last, lo, hi);
	return lo + (hi - lo) / 2;
}

/* Two things of a font, per pt of size, to guess a first size with. */
struct metrics {
	double	adv;	/* the mean advance of a character of prose */
	double	lh;	/* a line's height, its spacing included */
};

/*
 * The metrics of e's font, measured once per context on a sentence of
 * ordinary words, and kept on the context.
 */
static const struct metrics *
font_metrics(PangoContext *ctx, const struct elem *e)
{
	static const char sample[] = "The quick brown fox jumps over the "
	    "lazy dog, and then a few more ordinary words of a card follow.";
	char *key = g_strdup_printf("deckpress-fit %s %d %d %d %a",
	    e->families ? e->families : e->family, e->bold, e->weight,
	    e->italic, e->leading);
	struct metrics *m = g_object_get_data(G_OBJECT(ctx), key);
	PangoLayout *l;
	PangoRectangle log;

	if (m == NULL) {
		m = g_new(struct metrics, 1);
		l = layout_at_size(ctx, e, sample, 10);
		pango_layout_set_width(l, -1);
		pango_layout_get_extents(l, NULL, &log);
		m->adv = pango_units_to_double(log.width) / 10 /
		    (double)(sizeof(sample) - 1);
		m->lh = pango_units_to_double(log.height) / 10;
		g_object_unref(l);
		g_object_set_data_full(G_OBJECT(ctx), key, m, g_free);
	}
	g_free(key);
	return m;
}

/* The characters markup shows: tags left out, an entity one. */
static size_t
shown_chars(const char *m)
{
	size_t n = 0;

	while (*m != '\0') {
		if (*m == '<') {
			m += strcspn(m, ">");
			m += *m != '\0';
			continue;
		}
		if (*m == '&')
			m += strcspn(m, ";");
		else
			n += ((unsigned char)*m & 0xC0) != 0x80;
		m += *m != '\0';
	}
	return n;
}

/* How full greedy wrapping leaves a line of prose, on average. */
#define FILL	0.92

/*
 * The step to measure first: the largest whose height, as the font's
 * metrics and the text's length predict it, fits the box; the maximum
 * for most texts.  From the text and the font alone, not from texts
 * fitted before, so it is the same whatever was laid out first.
 */
static long
first_step(PangoContext *ctx, const struct elem *e, const char *text,
    long top)
{
	const struct metrics *m = font_metrics(ctx, e);
	double len = (double)shown_chars(text) * m->adv, s, lines;
	long i;

	for (i = top; i > 0; i--) {
		s = step_size(e, i);
		lines = fmax(1, ceil(len * s / (e->w * FILL)));
		if (lines * m->lh * s <= e->h)
			break;
	}
	return i;
}

/*
 * The step the width model points at in (lo, hi): the largest it does
 * not prove too large (v: its verdicts so far, -1 unknown); lo if it
 * proves them all too large.
 */
static long
model_step(const struct wtext *wt, const struct elem *e, signed char *v,
    long lo, long hi)
{
	long i;

	for (i = hi - 1; i > lo; i--) {
		if (v[i] < 0)
			v[i] = (signed char)layout_widths_fits(wt, e,
			    step_size(e, i));
		if (v[i] != WFIT_NO)
			break;
	}
	return i;
}

/*
 * The search, guided by the width model wt when there is one: it
 * chooses each step to measure, so that most texts are laid out once,
 * at the size chosen, and proves the step above it too large without
 * a layout, unless that is too close to call.  Where the model and
 * Pango disagree, the search goes on as it would without it.
 */
static void
fit_steps(PangoContext *ctx, const struct elem *e, const char *text,
    const struct wtext *wt, struct fitted *out)
{
	long top = lround((e->size_max - e->size_min) / STEP);
	long lo = -1, hi = top + 1, i;
	struct probe best = { 0 }, p, bad = { 0 }, *last = NULL;
	signed char *v = NULL;
	int guesses = 0;

	memset(out, 0, sizeof(*out));
	out->fits = true;
	if (wt != NULL) {
		v = g_malloc((size_t)top + 1);
		memset(v, -1, (size_t)top + 1);
		layout_fitstats.modelled++;
	}
	/*
	 * Invariant: step lo fits (-1: none known yet), its layout best;
	 * step hi does not (top + 1: past the maximum), its layout bad;
	 * the last of them measured guides the next step.  Each probe
	 * narrows [lo, hi] as a binary search's would, so the size found
	 * is the one a binary search finds, in fewer shapings.
	 */
	while (hi - lo > 1) {
		if (v != NULL) {
			i = model_step(wt, e, v, lo, hi);
			if (i == lo && lo >= 0 && layout_widths_exact())
				break;	/* lo + 1 proven too large */
			if (i == lo && lo >= 0)
				i = lo + 1;	/* guessed: measured */
			if (i == lo)
				i = 0;	/* overflows: measured at the minimum */
		} else
			i = last == NULL ? first_step(ctx, e, text, top) :
			    next_step(e, last, lo, hi, &guesses);
		measure(ctx, e, text, step_size(e, i), &p, out);
		if (v != NULL && v[i] != WFIT_UNSURE &&
		    (v[i] == WFIT_YES) != p.fits) {
			layout_fitstats.missed++;
			g_free(v);
			v = NULL;
		}
		if (p.fits) {
			lo = i;
			keep(&best, &p);
			last = &best;
			if (hi - lo > 1 &&
			    too_tall_at(e, &best, step_size(e, lo + 1)))
				hi = lo + 1;
		} else {
			hi = i;
			drop(&bad);
			bad = p;
			last = &bad;
		}
	}
	g_free(v);
	layout_fitstats.texts++;
	layout_fitstats.layouts += out->probes;
	if (lo < 0) {
		/* hi is the minimum, and bad its layout: it overflows. */
		overflow(e, &bad, out);
		return;
	}
	drop(&bad);
	out->size = best.size;
	out->w = best.w;
	out->h = best.h;
	out->layout = best.l;
}

void
layout_fit_search(PangoContext *ctx, const struct elem *e, const char *text,
    struct fitted *out)
{
	struct fitstats keep_stats = layout_fitstats;

	fit_steps(ctx, e, text, NULL, out);
	layout_fitstats = keep_stats;
}

/* The model's fit against the search's: a line to stderr if they differ. */
static void
verify(PangoContext *ctx, const struct elem *e, const char *text,
    const struct fitted *got)
{
	struct fitted want;

	layout_fit_search(ctx, e, text, &want);
	if (want.size != got->size || want.fits != got->fits ||
	    want.over_w != got->over_w || want.over_h != got->over_h)
		fprintf(stderr, "fit: differs: model %g pt (%d), search %g pt "
		    "(%d), box %g x %g pt, sizes %g-%g: %s\n", got->size,
		    got->fits, want.size, want.fits, e->w, e->h, e->size_min,
		    e->size_max, text);
	g_object_unref(want.layout);
}

void
layout_fit(PangoContext *ctx, const struct elem *e, const char *text,
    struct fitted *out)
{
	const char *mode = layout_fit_mode();
	struct wtext *wt = NULL;

	if (strcmp(mode, "search") != 0)
		wt = layout_widths_text(ctx, e, text);
	fit_steps(ctx, e, text, wt, out);
	layout_widths_free(wt);
	if (strcmp(mode, "verify") == 0)
		verify(ctx, e, text, out);
}

/*
 * What check would have found laying text out, against what the model
 * proved: a line to stderr if they differ.
 */
static void
verify_proven(const struct fonts *f, const struct elem *e, const char *text)
{
	const char *chosen = e->families != NULL ? e->families : e->family;
	struct fitted want;
	char *miss, *bad;
	int at;

	layout_fit_search(f->ctx, e, text, &want);
	miss = layout_fonts_missing(f, want.layout, e);
	bad = layout_fonts_badface(f, want.layout, chosen, &at);
	if (!want.fits || miss != NULL || bad != NULL)
		fprintf(stderr, "fit: differs: check model proves it fits at "
		    "%g pt, search %s%s%s%s%s, box %g x %g pt: %s\n",
		    e->size_min, want.fits ? "fits" : "overflows",
		    miss != NULL ? ", missing " : "", miss != NULL ? miss : "",
		    bad != NULL ? ", " : "", bad != NULL ? bad : "", e->w, e->h,
		    text);
	g_free(miss);
	g_free(bad);
	g_object_unref(want.layout);
}

bool
layout_fit_proven(const struct fonts *f, const struct elem *e,
    const char *text, struct fitted *out)
{
	const char *mode = layout_fit_mode();
	PangoFont *face;

	if (strcmp(mode, "search") == 0 ||
	    !layout_widths_proven(f, e, text, &face))
		return false;
	memset(out, 0, sizeof(*out));
	out->fits = true;
	out->size = e->size_min;
	out->face = face;
	layout_fitstats.proven++;
	if (strcmp(mode, "verify") == 0)
		verify_proven(f, e, text);
	return true;
}

void
layout_fitted_free(void *p)
{
	struct fitted *f = p;

	if (f != NULL && f->layout != NULL)
		g_object_unref(f->layout);
	g_free(f);
}
