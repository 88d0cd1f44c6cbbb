/* SPDX-License-Identifier: MIT */
/*
 * A layout of a component that folds or sticks: a die (shape: die,
 * faces, die_mm, net) printed as stickers or as a net, and a tuck box
 * (shape: tuck-box, box) whose net is sized from the cards it holds;
 * the net itself is net/'s.  And what a template's components need
 * once printed: cut, or cut, fold and glue.  Part of the template stage.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tctx.h"
#include "../net/net.h"

/* A die's keys, a tuck box's, and which shape takes them. */
static const char *const die_keys[] = { "faces", "die_mm", "net", NULL };

/* Keys of the other genre given: each an error naming its shape. */
static bool
foreign_keys(struct tctx *c, const struct ynode *root, bool die, bool tuck)
{
	const struct ynode *n;
	size_t i;
	bool ok = true;

	for (i = 0; die_keys[i] != NULL; i++)
		if (!die && (n = ytree_get(root, die_keys[i])) != NULL) {
			diag_add(c->d, DIAG_ERROR, &n->pos, "shape", "%s is "
			    "for shape: die", die_keys[i]);
			ok = false;
		}
	if (!tuck && (n = ytree_get(root, "box")) != NULL) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "shape", "box is for "
		    "shape: tuck-box");
		ok = false;
	}
	return ok;
}

/* A die's size is die_mm: a size or card key is an error. */
static bool
no_size(struct tctx *c, const struct ynode *root, const char *what)
{
	const struct ynode *n = ytree_get(root, "size");

	if (n == NULL)
		n = ytree_get(root, "card");
	if (n == NULL)
		return true;
	diag_add(c->d, DIAG_ERROR, &n->pos, "shape", "%s is sized by %s, "
	    "not by size or card", c->t->tuck ? "a tuck box" : "a die", what);
	return false;
}

/* faces: 4, 6 or 8 (default 6); die_mm; net: true or false. */
static bool
load_die(struct tctx *c, const struct ynode *root)
{
	const struct ynode *fn = ytree_get(root, "faces"),
	    *sn = ytree_get(root, "die_mm"), *nn = ytree_get(root, "net");
	double faces = 6, edge = 0;
	bool net = false;

	if (!no_size(c, root, "die_mm") ||
	    !tmpl_num(c, fn, "faces", UNIT_NONE, &faces) ||
	    !tmpl_get_bool(c, nn, "net", &net))
		return false;
	if (!net_die_ok((unsigned int)faces) || faces != floor(faces)) {
		diag_add(c->d, DIAG_ERROR, &fn->pos, "shape", "a die has %s "
		    "faces (the dice deckpress folds), not %g",
		    net_die_faces(), faces);
		return false;
	}
	if (sn == NULL) {
		diag_add(c->d, DIAG_ERROR, &root->pos, "shape", "a die needs "
		    "its edge: die_mm");
		return false;
	}
	if (!tmpl_get_mm(c, sn, "die_mm", &edge))
		return false;
	if (edge < MM(5)) {
		diag_add(c->d, DIAG_ERROR, &sn->pos, "range", "die_mm must "
		    "be 5 mm or more, not %g", TO_MM(edge));
		return false;
	}
	if (!net && faces != 6) {
		diag_add(c->d, DIAG_ERROR, nn != NULL ? &nn->pos : &fn->pos,
		    "shape", "stickers are square, for a die of 6 faces: a "
		    "die of %g faces prints as a net (net: true)", faces);
		return false;
	}
	c->t->faces = (unsigned int)faces;
	c->t->face_w = edge;
	/* A triangle's frame is its box: the edge, and its height. */
	c->t->face_h = faces == 6 ? edge : edge * sqrt(3) / 2;
	if (net)
		c->t->net = net_die(&c->t->arena, c->t->faces, edge,
		    c->t->bleed);
	c->t->w = net ? c->t->net->w : edge;
	c->t->h = net ? c->t->net->h : edge;
	return true;
}

/* The cards' size: card (a preset's name), card_mm or kind. */
static bool
box_cards(struct tctx *c, const struct ynode *n, struct boxspec *b)
{
	const struct ynode *card = ytree_get(n, "card_mm"),
	    *kind = ytree_get(n, "kind");
	double v[2];
	size_t i;

	if ((card != NULL) + (kind != NULL) != 1) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "shape", "a tuck box "
		    "needs the size of its cards: box: {kind: NAME} (a kind "
		    "of this game) or {card_mm: [width, height]}");
		return false;
	}
	if (kind != NULL)
		return ytree_string(kind, &b->kind, "kind", NULL, c->d) &&
		    (b->kind_pos = kind->pos, true);
	if (card->type != YNODE_SEQ || card->n != 2) {
		diag_add(c->d, DIAG_ERROR, &card->pos, "shape", "card_mm is "
		    "[width, height] of the cards in mm");
		return false;
	}
	for (i = 0; i < 2; i++)
		if (!tmpl_get_mm(c, card->items[i], "card_mm", &v[i]))
			return false;
	if (v[0] < MM(10) || v[1] < MM(10)) {
		diag_add(c->d, DIAG_ERROR, &card->pos, "range", "card_mm "
		    "must be 10 mm or more each way");
		return false;
	}
	b->card_w = v[0];
	b->card_h = v[1];
	return true;
}

/*
 * box: {card_mm: [w, h] or kind: NAME, cards: N (a kind's copies by
 * default), paper_mm: 0.3, clearance_mm: 0.4}.
 */
static bool
load_box(struct tctx *c, const struct ynode *root)
{
	static const char *const keys[] = { "card_mm", "kind", "cards",
	    "paper_mm", "clearance_mm", NULL };
	const struct ynode *n = ytree_get(root, "box"), *cn;
	struct boxspec *b = arena_alloc(&c->t->arena, sizeof(*b));

	if (!no_size(c, root, "box"))
		return false;
	if (n == NULL) {
		diag_add(c->d, DIAG_ERROR, &root->pos, "shape", "a tuck box "
		    "needs the size of its cards: box: {kind: NAME} (a kind "
		    "of this game) or {card_mm: [width, height]}");
		return false;
	}
	if (!ytree_expect(n, YNODE_MAP, "box", NULL, c->d) ||
	    ytree_check_keys(n, keys, NULL, c->d) > 0 || !box_cards(c, n, b))
		return false;
	b->paper = MM(0.3);
	b->clearance = MM(0.4);
	cn = ytree_get(n, "cards");
	if (!tmpl_num(c, cn, "cards", UNIT_NONE, &b->cards) ||
	    !tmpl_get_mm(c, ytree_get(n, "paper_mm"), "paper_mm", &b->paper) ||
	    !tmpl_get_mm(c, ytree_get(n, "clearance_mm"), "clearance_mm",
	    &b->clearance))
		return false;
	if (cn != NULL && (b->cards < 1 || b->cards > 10000 ||
	    b->cards != floor(b->cards))) {
		diag_add(c->d, DIAG_ERROR, &cn->pos, "range", "cards is a "
		    "whole number from 1 to 10000, not %g", b->cards);
		return false;
	}
	if (cn == NULL && b->kind == NULL) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "shape", "a tuck box of "
		    "card_mm needs how many cards it holds: cards: N");
		return false;
	}
	c->t->tuck = true;
	c->t->box = b;
	/* Sized from a kind: the frame is a guess until load sizes it. */
	c->t->face_w = b->kind ? MM(300) : b->card_w + b->clearance;
	c->t->face_h = b->kind ? MM(300) : b->card_h + b->clearance;
	if (b->kind == NULL)
		tmpl_box_size(c->t, b->card_w, b->card_h, (unsigned int)
		    b->cards);
	return true;
}

bool
tmpl_net_load(struct tctx *c, const struct ynode *root, int shape)
{
	bool die = shape == TMPL_SHAPE_DIE, tuck = shape == TMPL_SHAPE_TUCK;

	c->t->face_w = c->t->w;
	c->t->face_h = c->t->h;
	if (!foreign_keys(c, root, die, tuck))
		return false;
	c->t->tuck = tuck;
	if (die)
		return load_die(c, root);
	if (tuck)
		return load_box(c, root);
	return true;
}

bool
tmpl_net_panel(struct tctx *c, struct elem *e, const struct ynode *n)
{
	static const char *const names[] = { "front", "back", "spine",
	    "flap", NULL };
	int k = 0;

	e->panel = c->t->tuck ? NET_PART_FRONT : NET_PART_NONE;
	if (n == NULL)
		return true;
	if (!c->t->tuck) {
		diag_add(c->d, DIAG_ERROR, &n->pos, "shape", "panel is for "
		    "the elements of shape: tuck-box");
		return false;
	}
	if (!tmpl_get_enum(c, n, "panel", names, &k))
		return false;
	e->panel = (unsigned char)(NET_PART_FRONT + k);
	return true;
}

void
tmpl_box_size(struct tmpl *t, double card_w, double card_h,
    unsigned int cards)
{
	const struct boxspec *b = t->box;
	double w = card_w + b->clearance, h = card_h + b->clearance;
	double d = cards * b->paper + b->clearance;

	t->face_w = w;
	t->face_h = h;
	t->net = net_tuck_box(&t->arena, w, h, d, t->bleed);
	t->w = t->net->w;
	t->h = t->net->h;
}

unsigned int
tmpl_finish(const struct tmpl *t)
{
	unsigned int f = FINISH_CUT;
	size_t i;

	if (t->net == NULL)
		return f;
	f |= FINISH_FOLD;
	for (i = 0; i < t->net->ntabs; i++)
		if (t->net->tabs[i].glue)
			f |= FINISH_GLUE;
	return f;
}
