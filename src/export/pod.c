/* SPDX-License-Identifier: MIT */
/*
 * Print-on-demand presets (export --for NAME): the card sizes a service
 * makes, in the pixels it asks for at its resolution, so a face is drawn
 * to exactly that image, not to a size worked out from millimetres that
 * rounds a pixel differently.  Part of the export stage.
 *
 * The Game Crafter asks for 300 dpi images with 1/8 in (37.5 px) of
 * bleed on every side: a poker card is 750 x 1050 px trimmed, 825 x
 * 1125 px with its bleed, the size of its poker card template.
 * MakePlayingCards asks for 300 dpi images with 36 px of bleed on every
 * side: a poker card is 822 x 1122 px.  The other sizes follow each
 * service's bleed about the trim it cuts.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "exporting.h"

static const struct pod_size tgc_sizes[] = {
	{ "poker", 750, 1050, 825, 1125 },	/* 2.5 x 3.5 in */
	{ "bridge", 675, 1050, 750, 1125 },	/* 2.25 x 3.5 in */
	{ "mini", 525, 750, 600, 825 },		/* 1.75 x 2.5 in */
	{ "tarot", 825, 1425, 900, 1500 },	/* 2.75 x 4.75 in */
	{ "square", 750, 750, 825, 825 },	/* 2.5 x 2.5 in */
};

static const struct pod_size mpc_sizes[] = {
	{ "poker", 750, 1050, 822, 1122 },	/* 2.5 x 3.5 in */
	{ "bridge", 675, 1050, 747, 1122 },	/* 2.25 x 3.5 in */
	{ "mini", 525, 750, 597, 822 },		/* 1.75 x 2.5 in */
	{ "tarot", 825, 1425, 897, 1497 },	/* 2.75 x 4.75 in */
	{ "square", 750, 750, 822, 822 },	/* 2.5 x 2.5 in */
};

static const struct pod_service services[] = {
	{ "thegamecrafter", "The Game Crafter", 300, tgc_sizes,
	    sizeof(tgc_sizes) / sizeof(tgc_sizes[0]) },
	{ "makeplayingcards", "MakePlayingCards", 300, mpc_sizes,
	    sizeof(mpc_sizes) / sizeof(mpc_sizes[0]) },
};

#define NSERVICES	(sizeof(services) / sizeof(services[0]))

/*
 * How far a template's trim may be from the size a service cuts: a
 * rounding of its inches to mm.  A 63 x 88 mm card is no poker card of
 * 63.5 x 88.9: drawn to its pixels it would stretch 0.9 mm, 11 px, and
 * a border would show it.
 */
#define FIT_MM		0.5

const struct pod_service *
export_pod_find(const char *name)
{
	size_t i;

	for (i = 0; i < NSERVICES; i++)
		if (strcmp(services[i].name, name) == 0)
			return &services[i];
	return NULL;
}

const char *
export_pod_names(void)
{
	return "thegamecrafter, makeplayingcards";
}

/* A length in px at dpi, in pt. */
static double
px_pt(double px, double dpi)
{
	return px / dpi * 72;
}

/* Does trim w x h pt fit size z, within FIT_MM? */
static bool
fits(const struct pod_service *p, const struct pod_size *z, double w,
    double h)
{
	return fabs(w - px_pt(z->trim_w, p->dpi)) <= MM(FIT_MM) &&
	    fabs(h - px_pt(z->trim_h, p->dpi)) <= MM(FIT_MM);
}

/* "63.5 x 88.9 mm (poker), ...": the sizes p makes. */
static char *
size_list(const struct pod_service *p)
{
	GString *g = g_string_new(NULL);
	size_t i;

	for (i = 0; i < p->nsizes; i++)
		g_string_append_printf(g, "%s%.5g x %.5g mm (%s)", i ? ", " :
		    "", TO_MM(px_pt(p->sizes[i].trim_w, p->dpi)),
		    TO_MM(px_pt(p->sizes[i].trim_h, p->dpi)), p->sizes[i].name);
	return g_string_free(g, false);
}

/* The size of p that trim w x h pt is, turned as it is; false: none. */
static bool
match(const struct pod_service *p, double w, double h, struct pod_size *out)
{
	size_t i;

	for (i = 0; i < p->nsizes; i++) {
		*out = p->sizes[i];
		if (fits(p, out, w, h))
			return true;
		/* A landscape card: the same size turned. */
		out->trim_w = p->sizes[i].trim_h;
		out->trim_h = p->sizes[i].trim_w;
		out->w = p->sizes[i].h;
		out->h = p->sizes[i].w;
		if (fits(p, out, w, h))
			return true;
	}
	return false;
}

int
export_pod_fit(struct setup *s, const struct pod_service *p,
    struct pod_size *sizes, struct diags *d)
{
	size_t k;
	char *list;
	int rc = 0;

	for (k = 0; k < s->deck->nkinds; k++) {
		struct tmpl *t = s->tmpls[k];
		double sx;

		if (t->shape == SHAPE_CIRCLE || !match(p, t->w, t->h,
		    &sizes[k])) {
			list = size_list(p);
			diag_add(d, DIAG_ERROR, &t->size_pos, "pod", "%s makes "
			    "no %s %.5g x %.5g mm: its cards are %s",
			    p->title, t->shape == SHAPE_CIRCLE ? "round "
			    "token" : "card", TO_MM(t->w), TO_MM(t->h), list);
			g_free(list);
			rc = EXIT_INPUT;
			continue;
		}
		/* The service's bleed, in the template's own scale: the
		 * faces are laid out into all of it. */
		sx = sizes[k].trim_w / t->w;
		t->bleed = t->back_bleed = (sizes[k].w - sizes[k].trim_w) /
		    2.0 / sx;
	}
	return rc;
}

void
export_pod_cut(const struct export_req *q, const struct pod_size *z,
    const struct laid *l, struct face_cut *c)
{
	memset(c, 0, sizeof(*c));
	c->trim = q->trim;
	c->corner = q->rounded ? MM(3) : 0;
	c->w = q->trim ? z->trim_w : z->w;
	c->h = q->trim ? z->trim_h : z->h;
	/* Exactly the service's pixels, however the trim rounds. */
	c->sx = q->trim ? z->trim_w / l->w : z->w / (l->w + 2 * l->bleed);
	c->sy = q->trim ? z->trim_h / l->h : z->h / (l->h + 2 * l->bleed);
}
