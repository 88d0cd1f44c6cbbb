/* SPDX-License-Identifier: MIT */
/*
 * The font keys of a layout's text element -- font, bold, italic,
 * weight, fallback -- checked against the fonts the deck can use (the
 * game's fonts/, deckpress's, the installed ones; layout/fonts.c lists
 * them).  A family or a face that is not there is an error at the key
 * that names it: Pango would quietly print another font in its place.
 * Also a text file's own fallback: for its language.  Part of the
 * template stage.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ytree/ytree.h"
#include "tctx.h"

#define FONT_WHERE	"the game's fonts/, deckpress's fonts/ or the " \
			"fonts installed"

bool
tmpl_font_lookup(const char *const *families, const char *name,
    const char **hint)
{
	size_t i, nf = 0;

	for (i = 0; families[i] != NULL &&
	    strchr(families[i], '\t') == NULL; i++, nf++)
		if (strcmp(families[i], name) == 0)
			return true;
	if (hint != NULL)
		*hint = closest_word(name, families, nf);
	return false;
}

bool
tmpl_font_known(const char *const *families, const char *name,
    const struct srcpos *pos, struct diags *d)
{
	const char *hint;

	if (tmpl_font_lookup(families, name, &hint))
		return true;
	if (hint != NULL)
		diag_add(d, DIAG_ERROR, pos, "font", "unknown font '%s'; did "
		    "you mean '%s'?", name, hint);
	else
		diag_add(d, DIAG_ERROR, pos, "font", "unknown font '%s': not "
		    "in " FONT_WHERE, name);
	return false;
}

/*
 * Is name a family of c's list?  One it lacks may be installed: want()
 * has the installed fonts read (layout/fonts.c reads them only when a
 * family is none of the game's or deckpress's), and it is looked up
 * again in the list, which then has them.
 */
static bool
known(struct tctx *c, const char *name, const struct srcpos *pos)
{
	if (!tmpl_font_lookup(*c->fams, name, NULL) && c->want != NULL)
		c->want(c->want_ctx, name);
	return tmpl_font_known(*c->fams, name, pos, c->d);
}

bool
tmpl_font_fallback(struct tctx *c, const struct ynode *n, const char **out)
{
	struct arena *a = c->a;
	struct diags *d = c->d;
	const char *s, *list = NULL;
	size_t i;
	bool ok = true;

	*out = NULL;
	if (n == NULL)
		return true;
	if (n->type == YNODE_SCALAR) {
		if (!ytree_string(n, &s, "fallback", NULL, d))
			return false;
		ok = known(c, s, &n->pos);
		*out = s;
		return ok;
	}
	if (n->type != YNODE_SEQ || n->n == 0) {
		diag_add(d, DIAG_ERROR, &n->pos, "font", "fallback must be a "
		    "list of font families: [Noto Naskh Arabic, ...]");
		return false;
	}
	for (i = 0; i < n->n; i++) {
		if (!ytree_string(n->items[i], &s, "fallback", NULL, d)) {
			ok = false;
			continue;
		}
		/* Pango takes a comma-separated list: no comma in a name. */
		if (strchr(s, ',') != NULL) {
			diag_add(d, DIAG_ERROR, &n->items[i]->pos, "font",
			    "a fallback is one family, not '%s'", s);
			ok = false;
			continue;
		}
		ok &= known(c, s, &n->items[i]->pos);
		list = list == NULL ? s : arena_printf(a, "%s,%s", list, s);
	}
	*out = list;
	return ok;
}

char *
tmpl_face_name(struct arena *a, int lo, int hi, bool italic)
{
	if (lo != hi)
		return arena_printf(a, "weights %d-%d%s", lo, hi,
		    italic ? " italic" : "");
	if (lo == 400)
		return arena_strdup(a, italic ? "italic" : "regular");
	if (lo == 700)
		return arena_strdup(a, italic ? "bold italic" : "bold");
	return arena_printf(a, "weight %d%s", lo, italic ? " italic" : "");
}

/* One "Family\tW[-W][ italic]" entry of fonts.c's list, parsed. */
static bool
parse_face(const char *face, const char *family, int *lo, int *hi,
    bool *italic)
{
	size_t len = strlen(family);
	char *end;

	if (strncmp(face, family, len) != 0 || face[len] != '\t')
		return false;
	*lo = *hi = (int)strtol(face + len + 1, &end, 10);
	if (*end == '-')
		*hi = (int)strtol(end + 1, &end, 10);
	*italic = strcmp(end, " italic") == 0;
	return true;
}

bool
tmpl_font_face(struct arena *a, const char *const *faces, const char *family,
    int weight, bool italic, const char **has)
{
	int lo, hi, lo2, hi2;
	bool it, it2, covered;
	size_t i, j;

	*has = NULL;
	for (i = 0; faces[i] != NULL; i++) {
		if (!parse_face(faces[i], family, &lo, &hi, &it))
			continue;
		if (it == italic && lo <= weight && weight <= hi)
			return true;
		covered = false;
		for (j = 0; faces[j] != NULL && !covered; j++)
			covered = j != i && parse_face(faces[j], family,
			    &lo2, &hi2, &it2) && it2 == it && lo2 < hi2 &&
			    lo2 <= lo && hi <= hi2 && lo == hi;
		if (covered)
			continue;
		*has = *has == NULL ? tmpl_face_name(a, lo, hi,
		    it) : arena_printf(a, "%s, %s", *has, tmpl_face_name(a, lo,
		    hi, it));
	}
	return false;
}

/* The key node of name in map n, or NULL. */
static const struct ynode *
key_node(const struct ynode *n, const char *name)
{
	size_t i;

	for (i = 0; i < n->n; i++)
		if (strcmp(n->pairs[i].key->str, name) == 0)
			return n->pairs[i].key;
	return NULL;
}

/*
 * The weight and slant the element asks for must be a face of its
 * family (any weight of a variable font's axis is one): for a face it
 * lacks, Pango quietly prints another (Roboto Condensed, bundled in bold
 * only, came out bold for italic).  A family the list has no faces for
 * (a caller that knows only names) passes.  The error goes to the key
 * that asks for the missing face.
 */
static bool
check_face(struct arena *a, const char *const *faces, const struct elem *e,
    const struct ynode *n, struct diags *d)
{
	const struct ynode *at = key_node(n, "weight");
	const char *has;

	if (tmpl_font_face(a, faces, e->family, e->weight, e->italic, &has) ||
	    has == NULL)
		return true;
	if (at == NULL && e->italic)
		at = key_node(n, "italic");
	if (at == NULL && e->bold)
		at = key_node(n, "bold");
	if (at == NULL)
		at = key_node(n, "font");
	diag_add(d, DIAG_ERROR, at != NULL ? &at->pos : &n->pos, "font",
	    "font '%s' has no %s; it has %s", e->family,
	    tmpl_face_name(a, e->weight, e->weight, e->italic), has);
	return false;
}

/* weight: a CSS weight, 100 (thin) to 900 (black); bold's is 700. */
static bool
get_weight(struct tctx *c, struct elem *e, const struct ynode *n)
{
	struct diags *d = c->d;
	double w;

	e->weight = e->bold ? 700 : 400;
	if (n == NULL)
		return true;
	if (!tmpl_num(c, n, "weight", UNIT_NONE, &w))
		return false;
	if (isnan(w))
		return true;	/* a card's: read for each */
	if (w != floor(w) || w < 100 || w > 900) {
		if (tmpl_said_range(c, n, "weight", w, 100, 900))
			return false;
		diag_add(d, DIAG_ERROR, &n->pos, "range", "weight must be a "
		    "whole number from 100 (thin) to 900 (black); 400 is "
		    "regular, 700 bold; not %g", w);
		return false;
	}
	if (e->bold) {
		diag_add(d, DIAG_ERROR, &n->pos, "font", "weight %g and bold: "
		    "true both set the weight: give one", w);
		return false;
	}
	e->weight = (int)w;
	return true;
}

bool
tmpl_font(struct tctx *c, struct elem *e, const struct ynode *n)
{
	const struct ynode *f = ytree_get(n, "font");
	const char *lfallback = c->fallback;
	struct arena *a = c->a;
	struct diags *d = c->d;
	bool ok = tmpl_scalar(c, &f, "font");

	e->family = "Roboto";
	if (ok && f != NULL && (ok = ytree_string(f, &e->family, "font", NULL,
	    d)))
		ok = known(c, e->family, &f->pos);
	ok &= tmpl_get_bool(c, ytree_get(n, "bold"), "bold", &e->bold);
	ok &= tmpl_get_bool(c, ytree_get(n, "italic"), "italic", &e->italic);
	ok &= get_weight(c, e, ytree_get(n, "weight"));
	/* Its faces are known once the family is wanted. */
	if (ok && c->want != NULL)
		c->want(c->want_ctx, e->family);
	ok = ok && check_face(a, *c->fams, e, n, d);
	ok &= tmpl_font_fallback(c, ytree_get(n, "fallback"), &e->fallback);
	/* The element's own fallbacks first, then the layout's. */
	if (e->fallback == NULL)
		e->fallback = lfallback;
	else if (lfallback != NULL)
		e->fallback = arena_printf(a, "%s,%s", e->fallback,
		    lfallback);
	e->families = e->fallback == NULL ? e->family :
	    arena_printf(a, "%s,%s", e->family, e->fallback);
	return ok;
}

/*
 * "fallback:", the families that show what a text's font lacks in this
 * language (its script), after the layout's own: kept as Pango takes
 * them, "A,B".  That each is a font is checked once the fonts are
 * known (cmd/setup.c).
 */
bool
tmpl_lang_fallback(struct deck *deck, size_t li, const struct ynode *n,
    struct diags *d)
{
	const char *s, *list = NULL;
	size_t i;

	if (deck->fallback == NULL) {
		deck->fallback = arena_alloc(&deck->arena, deck->nlangs *
		    sizeof(*deck->fallback));
		deck->fallback_pos = arena_alloc(&deck->arena, deck->nlangs *
		    sizeof(*deck->fallback_pos));
	}
	deck->fallback_pos[li] = n->pos;
	if (n->type == YNODE_SCALAR && ytree_string(n, &s, "fallback", NULL, d))
		list = arena_strdup(&deck->arena, s);
	else if (n->type == YNODE_SEQ && n->n > 0)
		for (i = 0; i < n->n; i++) {
			if (!ytree_string(n->items[i], &s, "fallback", NULL, d))
				return false;
			if (strchr(s, ',') != NULL) {
				list = NULL;
				break;
			}
			list = list == NULL ? arena_strdup(&deck->arena, s) :
			    arena_printf(&deck->arena, "%s,%s", list, s);
		}
	if (list == NULL) {
		diag_add(d, DIAG_ERROR, &n->pos, "font", "fallback must be a "
		    "list of font families, one each: [Noto Naskh Arabic, "
		    "...]");
		return false;
	}
	deck->fallback[li] = list;
	return true;
}
