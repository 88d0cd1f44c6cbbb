/* SPDX-License-Identifier: MIT */
/*
 * What a component's trim is: its outline (a rectangle, a circle, a
 * regular hex) and, for a tuck box, what it is sized from.  Apart from
 * design.h so that the template's header stays short; hexagon.h has
 * the hex's geometry, net/ a folded component's pieces.
 */
#ifndef DECKPRESS_OUTLINE_H
#define DECKPRESS_OUTLINE_H

#include "diag.h"

struct net;

/* A tuck box's cards (their size, or their kind: load sizes it), how
 * many, a card's thickness and the room left around the deck. */
struct boxspec {
	const char	*kind;		/* the cards' kind, or NULL */
	struct srcpos	 kind_pos;
	double		 card_w, card_h;	/* pt; 0: the kind's */
	double		 cards;		/* how many; 0: the kind's copies */
	double		 paper;		/* pt, one card's thickness */
	double		 clearance;	/* pt, added to each inner side */
};

/*
 * The outline of a component's trim.  A hex is regular: pointy (a
 * corner at the top) when narrower than tall, else flat (hexagon.h).
 */
enum shape { SHAPE_RECT, SHAPE_CIRCLE, SHAPE_HEX };

#endif
