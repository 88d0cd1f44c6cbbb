/* SPDX-License-Identifier: MIT */
/*
 * Inside the booklet stage: the links of a placed block (links.c) --
 * an index entry to its page, a [[card:]] reference to its card's --
 * for flow.c, which takes the references' marks out of a layout, and
 * draw.c, which draws their links.
 */
#ifndef DECKPRESS_REFLINKS_H
#define DECKPRESS_REFLINKS_H

#include "booklet.h"

/*
 * The links of placed block it, drawn at the origin of cr if fl has
 * links: an index entry to the page it names, each [[card:]] reference
 * to the page of its card's front, a link annotation over each line of
 * it (links.c).
 */
void	booklet_links(cairo_t *cr, const struct bflow *fl,
	    const struct bplaced *it);
/*
 * Take the spans that mark [[card:]] references (mdinline.h) out of
 * l's attributes, which then draw as the text without them, and keep
 * their byte ranges and cards with l for booklet_links().
 */
void	booklet_refs_take(PangoLayout *l);

#endif
