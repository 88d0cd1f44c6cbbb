/* SPDX-License-Identifier: MIT */
/*
 * Rich text in a booklet's inlines (mdinline.c), for md.c: the state
 * of one block's inlines, and one function per kind of inline node.
 */
#ifndef DECKPRESS_MDINLINE_H
#define DECKPRESS_MDINLINE_H

#include <cmark-gfm.h>
#include <glib.h>

/* What is open in a block: a tag's name, "*", "**" or "~~". */
struct mdopened {
	const char	*name;		/* static */
	struct srcpos	 pos;
};

struct mdin {
	const struct deck	*deck;		/* its folder: icons/, {img:} */
	const struct fonts	*fonts;		/* icons, families; NULL */
	struct images		*images;	/* NULL: no image read */
	const char		*dir;		/* the Markdown's folder */
	const char		*src;		/* the Markdown itself */
	const size_t		*lines;		/* where each of its lines
						   starts, a byte offset */
	size_t			 nlines, srclen;
	struct diags		*d;
	struct srcpos		 pos;		/* the block's */
	struct mdopened		*v;		/* open, innermost last */
	size_t			 n, cap;
	bool			 bad;		/* a problem was reported */
	size_t			 ntags;		/* tags, icons and images
						   opened: MARKUP_MAX_TAGS */
	const char		*smart;		/* typography: smart: the
						   language; NULL: plain */
};

/*
 * A card reference as expand_refs() hands it to cmark, around the
 * card's title: MDREF_OPEN "INDEX\">" ... MDREF_CLOSE, INDEX the card's
 * in the deck.  The walk makes it a span MDREF_SPAN "INDEX\">" whose
 * font features name the card; the flow takes that attribute out of
 * the layout before it is drawn, keeping its range and card for the
 * links (links.c): nothing drawn changes.
 */
#define MDREF_OPEN	"<dp-ref n=\""
#define MDREF_CLOSE	"</dp-ref>"
#define MDREF_FEATURE	"deckpress-card "
#define MDREF_SPAN	"<span font_features=\"" MDREF_FEATURE

/*
 * Open or close name at pos; a close must match the last open.  An
 * open past MARKUP_MAX_TAGS in the block, or MARKUP_MAX_DEPTH inside
 * others, is an error (deckpress(5), LIMITS).
 */
void	booklet_mdin_open(struct mdin *s, const char *name,
	    const struct srcpos *pos);
void	booklet_mdin_close(struct mdin *s, const char *name,
	    const struct srcpos *pos);
/* The block ends: whatever is still open is an error. */
void	booklet_mdin_end(struct mdin *s);
/* Append node n's Pango markup to m: a text, an HTML tag, an image. */
void	booklet_mdin_text(struct mdin *s, GString *m, cmark_node *n);
void	booklet_mdin_html(struct mdin *s, GString *m, cmark_node *n);
void	booklet_mdin_image(struct mdin *s, GString *m, cmark_node *n);
/*
 * lit without the marks of card references: code shows the title as
 * text (caller g_free()s).
 */
char	*booklet_mdin_unmark(const char *lit);

#endif
