/* SPDX-License-Identifier: MIT */
/*
 * Faces drawn once, shown many times.  A deck's backs are most often
 * one design, and a card printed in copies shows the same front each
 * time: drawn again and again, each would add its drawing to the PDF.
 * Instead, a face met again on a later page is recorded (a Cairo
 * recording surface) and painted from that recording from then on,
 * which Cairo's PDF surface writes once, as a form XObject, and names
 * on each page.  Faces repeated within one page stay inline: the
 * page's compressed stream holds the repeats for almost nothing, less
 * than a form of their own would cost.
 */
#include <string.h>

#include <pango/pangocairo.h>

#include "elements.h"

/*
 * Faces remembered at most: past this many, those met only once are
 * forgotten, so memory stays flat however many different faces a deck
 * has.  Those recorded stay: each is in the PDF once, and forgetting
 * one would put it there again.
 */
#define REUSE_MAX	256

struct reuse {
	GHashTable	*seen;		/* face key (GBytes) -> struct
					   recorded */
	size_t		 page;		/* the page being drawn */
};

struct recorded {
	size_t		 page;		/* where it was first met */
	cairo_surface_t	*rec;		/* NULL: drawn inline so far */
};

static void
recorded_free(void *p)
{
	struct recorded *r = p;

	if (r->rec != NULL)
		cairo_surface_destroy(r->rec);
	g_free(r);
}

struct reuse *
render_reuse_new(void)
{
	struct reuse *r = g_new0(struct reuse, 1);

	r->seen = g_hash_table_new_full(g_bytes_hash, g_bytes_equal,
	    (GDestroyNotify)g_bytes_unref, recorded_free);
	return r;
}

void
render_reuse_free(struct reuse *r)
{
	if (r == NULL)
		return;
	g_hash_table_destroy(r->seen);
	g_free(r);
}

/* The n bytes at p onto key k, as they are in memory. */
static void
put(GString *k, const void *p, size_t n)
{
	g_string_append_len(k, p, (gssize)n);
}

#define PUT(k, v)	put((k), &(v), sizeof(v))

/* String s with its NUL, so that no two strings run together. */
static void
put_str(GString *k, const char *s)
{
	put(k, s ? s : "", strlen(s ? s : "") + 1);
}

static void
put_rgba(GString *k, const struct rgba *c)
{
	PUT(k, c->r);
	PUT(k, c->g);
	PUT(k, c->b);
	PUT(k, c->a);
}

/*
 * Everything that decides how face l looks, as bytes: two faces with
 * the same key draw the same.  The elements are the template's (their
 * fonts, alignment, radius...), so their addresses stand for them.
 * The numbers go in as they are in memory, not formatted: the key is
 * made for every face drawn, and printing its dozens of numbers was
 * most of its cost (issue 36).
 */
static GBytes *
face_key(const struct laid *l)
{
	GString *k = g_string_sized_new(64 + 256 * l->n);
	int shape = (int)l->shape;
	size_t i, j;

	PUT(k, l->w);
	PUT(k, l->h);
	PUT(k, l->bleed);
	PUT(k, shape);
	PUT(k, l->corner);
	PUT(k, l->net);
	for (i = 0; i < l->n; i++) {
		const struct lbox *b = &l->v[i];

		PUT(k, b->e);
		PUT(k, b->panel);
		PUT(k, b->x);
		PUT(k, b->y);
		PUT(k, b->w);
		PUT(k, b->h);
		PUT(k, b->size);
		PUT(k, b->marks);
		PUT(k, b->img);
		put_str(k, b->marks ? b->srclang : "");
		/* A card's own crop or sprite cell of a shared image. */
		if (b->img != NULL)
			put(k, b->src, sizeof(b->src));
		put_rgba(k, &b->fill);
		put_rgba(k, &b->stroke);
		put_rgba(k, &b->color);
		/* A gradient's stops may be the card's colours. */
		for (j = 0; j < b->e->grad.n; j++)
			put_rgba(k, &b->stops[j]);
		put_str(k, b->text);
		put_str(k, b->placeholder);
	}
	return g_string_free_to_bytes(k);
}

/* Face l drawn into a recording of its trim and bleed. */
static cairo_surface_t *
record(PangoContext *ctx, const struct laid *l)
{
	cairo_rectangle_t ext = { -l->bleed, -l->bleed, l->w + 2 * l->bleed,
	    l->h + 2 * l->bleed };
	cairo_surface_t *rec = cairo_recording_surface_create(
	    CAIRO_CONTENT_COLOR_ALPHA, &ext);
	cairo_t *cr = cairo_create(rec);

	render_card(cr, ctx, l);
	cairo_destroy(cr);
	return rec;
}

static gboolean
met_once(void *key, void *value, void *data)
{
	const struct recorded *r = value;

	(void)key;
	(void)data;
	return r->rec == NULL;
}

void
render_reuse_page(struct reuse *r, size_t page)
{
	if (r != NULL)
		r->page = page;
}

void
render_card_reused(cairo_t *cr, PangoContext *ctx, const struct laid *l,
    struct reuse *r)
{
	GBytes *key;
	struct recorded *hit;

	/* Elements read for this card alone (values from its data) live
	 * only as long as the face: their addresses stand for nothing. */
	if (r == NULL || l->arena != NULL) {
		render_card(cr, ctx, l);
		return;
	}
	key = face_key(l);
	hit = g_hash_table_lookup(r->seen, key);
	if (hit == NULL) {
		if (g_hash_table_size(r->seen) >= REUSE_MAX)
			g_hash_table_foreach_remove(r->seen, met_once, NULL);
		hit = g_new0(struct recorded, 1);
		hit->page = r->page;
		g_hash_table_insert(r->seen, key, hit);
	} else
		g_bytes_unref(key);
	if (hit->rec == NULL && hit->page == r->page) {
		render_card(cr, ctx, l);
		return;
	}
	if (hit->rec == NULL)
		hit->rec = record(ctx, l);
	cairo_save(cr);
	cairo_set_source_surface(cr, hit->rec, 0, 0);
	cairo_paint(cr);
	cairo_restore(cr);
}
