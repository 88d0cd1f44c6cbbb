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
 * Draw lines [first, last) of l with the top of the first at (x, y),
 * each [[card:]] reference in it in the Link of its link to the page
 * of its card's front (one annotation over its pieces, named by its
 * text), the rest in Spans given back to the element open (links.c).
 * Returns false, drawing nothing, if l has no reference or fl no links.
 */
bool	booklet_draw_linked(cairo_t *cr, const struct bflow *fl,
	    PangoLayout *l, int first, int last, double x, double y);
/*
 * Open the link of index entry it to the page it names (its row, named
 * by the entry), if fl has links: close it with pdf_link_end().
 * Returns whether it opened one.
 */
bool	booklet_index_link(cairo_t *cr, const struct bflow *fl,
	    const struct bplaced *it);
/*
 * Take the spans that mark [[card:]] references (mdinline.h) out of
 * l's attributes, which then draw as the text without them, and keep
 * their byte ranges and cards with l for booklet_draw_linked().
 */
void	booklet_refs_take(PangoLayout *l);

#endif
