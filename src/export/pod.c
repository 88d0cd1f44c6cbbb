/* SPDX-License-Identifier: MIT */
/*
 * Print-on-demand presets (export --for NAME): the products a service
 * makes, each with the trim it cuts and the image in pixels it asks for
 * at its resolution, so that a face is drawn to exactly that image;
 * which product each kind of a game is, and the kinds a service does not
 * make, skipped.  Part of the export stage.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "exporting.h"

#define IN(x)	((x) * 25.4)	/* inches, in mm */

/*
 * The Game Crafter: 300 dpi images with 1/8 in (37.5 px) of bleed on
 * every side of the trim (help.thegamecrafter.com/article/391-bleed,
 * /article/33-dpi-dots-per-inch, /article/39-templates).  The image
 * sizes are those of each product's page and template,
 * https://www.thegamecrafter.com/make/products/ID for the ID in each
 * row, its name (cards: /article/47-card-decks; chits and tiles:
 * /article/201-custom-punchouts-and-card-stock; boards:
 * /article/90-game-boards; dice stickers: /article/88-dice-stickers).
 * The trims are the products' published sizes; where a product gives
 * only its image (the chits, tiles, boards and stickers), its trim is
 * that image less the 1/8 in of bleed each side.  The Euro Poker Deck
 * and US Game Deck take the poker and bridge images about a smaller
 * metric trim.  First found, first chosen: a card deck before a tile of
 * the same size.
 */
static const struct pod_size tgc_sizes[] = {
	{ "PokerDeck", POD_CARD, IN(2.5), IN(3.5), 825, 1125 },
	{ "EuroPokerDeck", POD_CARD, 63, 88, 825, 1125 },
	{ "BridgeDeck", POD_CARD, IN(2.25), IN(3.5), 750, 1125 },
	{ "USGameDeck", POD_CARD, 56, 87, 750, 1125 },
	{ "MiniDeck", POD_CARD, IN(1.75), IN(2.5), 600, 825 },
	{ "MicroDeck", POD_CARD, IN(1.25), IN(1.75), 450, 600 },
	{ "TarotDeck", POD_CARD, IN(2.75), IN(4.75), 900, 1500 },
	{ "JumboDeck", POD_CARD, IN(3.5), IN(5.5), 1125, 1725 },
	{ "BusinessDeck", POD_CARD, IN(2), IN(3.5), 675, 1125 },
	{ "DominoDeck", POD_CARD, IN(1.75), IN(3.5), 600, 1125 },
	{ "SquareDeck", POD_CARD, IN(3.5), IN(3.5), 1125, 1125 },
	{ "SmallSquareDeck", POD_CARD, IN(2.5), IN(2.5), 825, 825 },
	{ "EuroSquareDeck", POD_CARD, 70, 70, 900, 900 },
	{ "SmallSquareChit", POD_CARD, IN(0.5), IN(0.5), 225, 225 },
	{ "MediumSquareChit", POD_CARD, IN(0.75), IN(0.75), 300, 300 },
	{ "LargeSquareChit", POD_CARD, IN(1), IN(1), 375, 375 },
	{ "MiniSquareTile", POD_CARD, IN(1.25), IN(1.25), 450, 450 },
	{ "SmallSquareTile", POD_CARD, IN(2), IN(2), 675, 675 },
	{ "LargeSquareTile", POD_CARD, IN(3.5), IN(3.5), 1125, 1125 },
	{ "SmallCircleChit", POD_ROUND, IN(0.5), IN(0.5), 225, 225 },
	{ "MediumCircleChit", POD_ROUND, IN(0.75), IN(0.75), 300, 300 },
	{ "LargeCircleChit", POD_ROUND, IN(1), IN(1), 375, 375 },
	{ "MiniCircleTile", POD_ROUND, IN(1.25), IN(1.25), 450, 450 },
	{ "CircleDeck", POD_ROUND, IN(3.5), IN(3.5), 1125, 1125 },
	/* A regular hex 3.75 in point to point, 3.25 in across its flats,
	 * its points left and right as its image stands. */
	{ "LargeHexTile", POD_HEX, IN(3.75), IN(3.25), 1200, 1050 },
	{ "DiceSticker", POD_DIE, IN(113 / 300.0), IN(113 / 300.0), 188, 188 },
	{ "SmallSquareBoard", POD_BOARD, IN(4), IN(4), 1275, 1275 },
	{ "QuarterBoard", POD_BOARD, IN(5), IN(5), 1575, 1575 },
	{ "HalfBoard", POD_BOARD, IN(5), IN(10), 1575, 3075 },
	{ "SkinnyBoard", POD_BOARD, IN(4), IN(10), 1275, 3075 },
	{ "StripBoard", POD_BOARD, IN(2), IN(10), 675, 3075 },
	{ "SliverBoard", POD_BOARD, IN(2), IN(8), 675, 2475 },
	{ "DominoBoard", POD_BOARD, IN(4), IN(8), 1275, 2475 },
	{ "SquareBoard", POD_BOARD, IN(8), IN(8), 2475, 2475 },
	{ "LargeSquareBoard", POD_BOARD, IN(10), IN(10), 3075, 3075 },
	{ "AccordionBoard", POD_BOARD, IN(8), IN(16), 2475, 4875 },
	{ "BiFoldBoard", POD_BOARD, IN(9), IN(18), 2775, 5475 },
	{ "MediumSixFoldBoard", POD_BOARD, IN(16), IN(16), 4875, 4875 },
	{ "QuadFoldBoard", POD_BOARD, IN(18), IN(18), 5475, 5475 },
	{ "LargeQuadFoldBoard", POD_BOARD, IN(20), IN(20), 6075, 6075 },
	{ "SixFoldBoard", POD_BOARD, IN(18), IN(27), 5475, 8175 },
};

/*
 * MakePlayingCards: 300 dpi images with 36 px of bleed on every side
 * ("an additional 72 pixels removed from each dimension (36 pixels each
 * side based on a 300DPI image)", https://www.makeplayingcards.com/
 * faq-photo.aspx): a poker card, 2.5 x 3.5 in, is 822 x 1122 px.  Its
 * "Custom Game Cards (63 x 88mm)" take the same image about their
 * smaller trim.  Only its cards are here: its other products' images
 * could not be confirmed, so a round token, a hex, a die or a board is
 * skipped.
 */
static const struct pod_size mpc_sizes[] = {
	{ "poker size card", POD_CARD, IN(2.5), IN(3.5), 822, 1122 },
	{ "game card", POD_CARD, 63, 88, 822, 1122 },
	{ "bridge size card", POD_CARD, IN(2.25), IN(3.5), 747, 1122 },
	{ "mini card", POD_CARD, IN(1.75), IN(2.5), 597, 822 },
	{ "tarot card", POD_CARD, IN(2.75), IN(4.75), 897, 1497 },
	{ "square card", POD_CARD, IN(2.5), IN(2.5), 822, 822 },
	{ "large square card", POD_CARD, IN(3.5), IN(3.5), 1122, 1122 },
};

static const struct pod_service services[] = {
	{ "thegamecrafter", "The Game Crafter", 300, tgc_sizes,
	    sizeof(tgc_sizes) / sizeof(tgc_sizes[0]) },
	{ "makeplayingcards", "MakePlayingCards", 300, mpc_sizes,
	    sizeof(mpc_sizes) / sizeof(mpc_sizes[0]) },
};

#define NSERVICES	(sizeof(services) / sizeof(services[0]))

/*
 * How far a template's trim may be from the size a service cuts and
 * still be that size: a rounding of its inches to a tenth of a mm
 * (57.15 written 57.2).  Further, it is drawn to the product only with
 * --fit, which says by how much: a 63 x 88 mm card drawn to a poker
 * card's pixels would stretch 0.9 mm, 11 px, and a border would show it.
 */
#define FIT_MM		0.2
/* Further than this each way, a size is no product's but another. */
#define NEAR		0.10

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

/* How far trim w x h mm is from z's, turned or not. */
static double
off_by(const struct pod_size *z, bool turned, double w, double h)
{
	double zw = turned ? z->trim_h : z->trim_w;
	double zh = turned ? z->trim_w : z->trim_h;

	return fmax(fabs(w / zw - 1), fabs(h / zh - 1));
}

const struct pod_size *
export_pod_nearest(const struct pod_service *p, enum pod_class cls,
    double w, double h, bool *turned, double *off)
{
	const struct pod_size *best = NULL;
	size_t i;
	int t;

	*turned = false;
	*off = INFINITY;
	for (i = 0; i < p->nsizes; i++)
		for (t = 0; t < 2 && p->sizes[i].cls == cls; t++)
			if (off_by(&p->sizes[i], t, w, h) < *off) {
				best = &p->sizes[i];
				*turned = t;
				*off = off_by(best, t, w, h);
			}
	return best;
}

/* What a kind of template t is, as a service's products are. */
static enum pod_class
class_of(const struct tmpl *t)
{
	if (t->tile)
		return POD_BOARD;
	if (t->net != NULL)
		return POD_NET;
	if (t->faces > 0)
		return POD_DIE;
	if (t->shape == SHAPE_HEX)
		return POD_HEX;
	return t->shape == SHAPE_CIRCLE ? POD_ROUND : POD_CARD;
}

static const char *
class_name(enum pod_class c)
{
	static const char *const names[] = { "cards or tiles",
	    "round tokens", "hex tiles", "die stickers", "boards",
	    "nets to fold" };

	return names[c];
}

/* "63 x 88 mm", "25 mm across": a size said as the class has it. */
static char *
size_str(enum pod_class c, double w, double h)
{
	if (c == POD_ROUND)
		return g_strdup_printf("%.5g mm across", w);
	return g_strdup_printf("%.5g x %.5g mm", w, h);
}

/* Does trim w x h mm print as z turned so, without --fit? */
static bool
exact(const struct pod_size *z, bool turned, double w, double h)
{
	return fabs(w - (turned ? z->trim_h : z->trim_w)) <= FIT_MM &&
	    fabs(h - (turned ? z->trim_w : z->trim_h)) <= FIT_MM;
}

/*
 * Fit kind k, of template t, to z turned so: the scale that covers its
 * trim, and the bleed (the template's, so that the faces are laid out
 * into it) that covers the image.
 */
static void
fit_to(struct tmpl *t, const struct pod_service *p, const struct pod_size *z,
    bool turned, struct pod_fit *f)
{
	double zw = (turned ? z->trim_h : z->trim_w) / 25.4 * p->dpi;
	double zh = (turned ? z->trim_w : z->trim_h) / 25.4 * p->dpi;

	f->z = z;
	f->w = turned ? z->h : z->w;
	f->h = turned ? z->w : z->h;
	f->k = fmax(zw / t->w, zh / t->h);
	t->bleed = t->back_bleed = fmax((f->w / f->k - t->w) / 2,
	    (f->h / f->k - t->h) / 2);
}

/* Kind k as q->pod makes it into f, or skipped with a warning. */
static void
pod_kind(struct setup *s, const struct export_req *q, size_t k,
    struct pod_fit *f, GString *note, struct diags *d)
{
	const struct pod_service *p = q->pod;
	struct tmpl *t = s->tmpls[k];
	const char *kind = s->deck->kinds[k].name;
	enum pod_class c = class_of(t);
	double w = TO_MM(t->w), h = TO_MM(t->h), off, scale;
	const struct pod_size *z;
	char *is, *its;
	bool turned;

	if ((z = export_pod_nearest(p, c, w, h, &turned, &off)) == NULL) {
		diag_add(d, DIAG_WARN, &t->size_pos, "pod", "kind '%s' "
		    "skipped: %s makes no %s", kind, p->title, class_name(c));
		return;
	}
	is = size_str(c, w, h);
	its = size_str(c, turned ? z->trim_h : z->trim_w, turned ?
	    z->trim_w : z->trim_h);
	scale = fmax((turned ? z->trim_h : z->trim_w) / w,
	    (turned ? z->trim_w : z->trim_h) / h) * 100;
	if (off > NEAR)
		diag_add(d, DIAG_WARN, &t->size_pos, "pod", "kind '%s' "
		    "skipped: %s makes no %s of %s (the nearest: its %s, %s)",
		    kind, p->title, class_name(c), is, z->name, its);
	else if (!exact(z, turned, w, h) && !q->fit)
		diag_add(d, DIAG_WARN, &t->size_pos, "pod", "kind '%s' "
		    "skipped: it is %s, %s's %s %s: --fit scales it by %.1f %% "
		    "to cover that", kind, is, p->title, z->name, its, scale);
	else {
		fit_to(t, p, z, turned, f);
		if (!exact(z, turned, w, h))
			g_string_append_printf(note, "kind '%s': %s scaled by "
			    "%.1f %% to %s's %s, %s\n", kind, is, scale,
			    p->title, z->name, its);
	}
	g_free(is);
	g_free(its);
}

int
export_pod_fit(struct setup *s, const struct export_req *q,
    struct pod_fit *fit, char **note, struct diags *d)
{
	GString *g = g_string_new(NULL);
	size_t k, n = 0;

	for (k = 0; k < s->deck->nkinds; k++) {
		memset(&fit[k], 0, sizeof(fit[k]));
		if (q->component != NULL &&
		    strcmp(q->component, s->deck->kinds[k].name) != 0)
			continue;
		pod_kind(s, q, k, &fit[k], g, d);
		n += fit[k].z != NULL;
	}
	*note = g_string_free(g, g->len == 0);
	if (n > 0)
		return 0;
	diag_add(d, DIAG_ERROR, NULL, "pod", "nothing to write for %s: "
	    "%s skipped", q->pod->title, q->component ? "the component" :
	    "every kind was");
	return EXIT_INPUT;
}

void
export_pod_cut(const struct pod_fit *f, const struct laid *l,
    struct face_cut *c)
{
	memset(c, 0, sizeof(*c));
	c->sx = c->sy = f->k;
	c->w = f->w;
	c->h = f->h;
	/* Centred: the bleed the image crops, cropped evenly. */
	c->ox = (f->w - (l->w + 2 * l->bleed) * f->k) / 2;
	c->oy = (f->h - (l->h + 2 * l->bleed) * f->k) / 2;
}
