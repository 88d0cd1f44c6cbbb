/* SPDX-License-Identifier: MIT */
/*
 * Inside the booklet stage: the lines of a block's layout, where each
 * is, measured once (linetab.c), for the flow (flow.c), the drawing
 * (draw.c) and the links (links.c).  Pango hands a line's place only
 * through an iterator from the first line, and making one measures
 * every line: asked for each page of a long paragraph, the pages cost
 * the square of its lines.  And a long text shaped in pieces, so that
 * breaking its lines costs no more than its length.
 */
#ifndef DECKPRESS_LINETAB_H
#define DECKPRESS_LINETAB_H

#include <pango/pango.h>

/* One line of a layout; lengths in Pango units from its top left. */
struct tline {
	PangoLayoutLine	*line;		/* the layout's own */
	int		 start, len;	/* bytes of the layout's text */
	int		 y0, y1;	/* its logical y range */
	int		 baseline;
	int		 x;		/* its logical extents' x */
};

struct linetab {
	struct tline	*v;
	int		 n;
	guint		 serial;	/* pango_layout_get_serial()'s */
};

/*
 * The lines of l, measured the first time they are asked for and kept
 * with l (freed with it), measured again if l has changed since (its
 * serial): borrowed, until l changes.
 */
const struct linetab *booklet_lines(PangoLayout *l);

/*
 * The height in pt of lines [first, last) of l, from the top of the
 * first to the bottom of the last (a line past the ends: the first or
 * the last line).
 */
double	booklet_lines_height(PangoLayout *l, int first, int last);

/*
 * The first line of t at or after line from whose bytes end after
 * byte off (t->n if none): a binary search, the lines' bytes in order.
 */
int	booklet_line_after(const struct linetab *t, int from, int off);

/*
 * Have Pango shape l's text, if it is longer than any real paragraph,
 * in pieces of some hundred bytes: Pango 1.50, breaking a line inside
 * a word (PANGO_WRAP_WORD_CHAR) where no place to break a word is near,
 * shapes the rest of its item again for each line, and a long text
 * with no such place (a 30 000-letter word, or 30 000 "a{ ", which
 * may break nowhere) took seconds.  Call once its attributes are set.
 */
void	booklet_lines_pieces(PangoLayout *l);

#endif
