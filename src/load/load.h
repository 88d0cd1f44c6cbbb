/* SPDX-License-Identifier: MIT */
/*
 * The load stage: a game folder's deck.yaml and text files into the
 * model of model.h (deck.c, texts.c), bound to the templates of its
 * kinds (bind.c): every problem collected as a diagnostic at its file,
 * line and column.  It reads through the stages below it: the game's
 * folder (confine/), the YAML tree (ytree/), art (art/), templates
 * (tmpl/) and markup (markup/).
 */
#ifndef DECKPRESS_LOAD_H
#define DECKPRESS_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "../model.h"
#include "../confine/confine.h"
#include "../art/art.h"
#include "../tmpl/tmpl.h"

/*
 * Limits of a deck, each far above any real game (the bundled ones have
 * 52 to 120 cards; a 20 000-card deck still renders) and low enough
 * that a hostile file is refused at once, not after minutes and
 * gigabytes: 100 000 card entries (a list 5 x the largest real
 * collection game), 10 000 copies of one card, 200 000 copies in all
 * (22 000 sheets of nine), 50 000 pages in one PDF (a print shop's
 * largest job is far smaller; poppler and qpdf still open it).
 */
#define MAX_CARDS	100000	/* entries of the card list */
#define MAX_COUNT	10000	/* copies of one card */
#define MAX_COPIES	200000	/* copies of all cards together */
#define MAX_PAGES	50000	/* pages of one output */

/* Is s a BCP 47 language tag (en, pt-BR, sr-Latn)?  langtag.c */
bool		 load_lang_tag_valid(const char *s);
/* The error for s, a language code that is not one, naming the form. */
void		 load_lang_tag_error(struct diags *, const struct srcpos *,
		    const char *code, const char *s);

/*
 * typography: smart (typo.c).  A language's quotation marks (UTF-8):
 * outer and inner, and whether narrow no-break spaces (U+202F) stand
 * inside the outer ones, as in French.
 */
struct quotes {
	const char	*lang;		/* primary subtag: "de" */
	const char	*open, *close, *inner_open, *inner_close;
	bool		 spaced;
};
/* The quotes of language tag lang (by its primary subtag), or NULL. */
const struct quotes *load_quotes(const char *lang);
/*
 * Text s with straight quotes as language lang's (left straight in a
 * language the table lacks), '--' an en dash, '---' an em dash and an
 * apostrophe curled, markup untouched: a copy in a, or s unchanged.
 * prev: the character before s (a booklet's earlier text node), or 0.
 */
const char	*load_smarten(struct arena *a, const char *s, const char *lang,
		    char prev);
/* The first quotation mark of s that is not language lang's, or NULL
 * (also for a language the table lacks). */
const char	*load_quote_misfit(const char *s, const char *lang);

/* What load_deck() reads, and how it treats what is missing. */
struct load_opts {
	const char	*lang;		/* the language to print: only its
					   texts and the source's are read;
					   NULL: every language's */
	bool		 lenient;	/* keep a deck whose texts have errors */
	const char	*extra;		/* a language to load as well though
					   deck.yaml does not list it yet: the
					   translator's new one (strings) */
	bool		 draft;		/* fill missing strings of lang from
					   the source and flag stale ones,
					   warnings instead of errors */
	bool		 others;	/* every language read besides lang,
					   each other one as a draft (watch
					   --serve shows them all) */
	struct diags	*aside;		/* with others: what reading the
					   other languages says, moved out
					   of d (diag_move()): it fails
					   nothing.  NULL: kept in d */
	bool		 hints;		/* every text box outlined and
					   named (deck->hints) */
	bool		 art_drawn;	/* the images are drawn into the
					   output, the rest checked before
					   it is kept (cards, pack,
					   preview, export): large PNGs and
					   JPEGs decoded first there
					   (art_defer()) */
	bool		 placeholders;	/* a missing image drawn as a
					   placeholder, with a warning
					   (--draft, watch) */
	const char	*packdir;	/* deckpress's default pack strings,
					   PACKDIR/LANG.yaml; NULL: none */
	bool		 pack;		/* a pack is made: the defaults even
					   for a game with no booklet or
					   pack strings yet */
	const char	*layouts;	/* deckpress's layouts/, which a
					   game may name files in besides
					   its own folder; NULL: none */
	bool		 one;		/* lang NULL means the source only,
					   not every language */
	bool		 head;		/* deck.yaml alone, no text files;
					   its card list may be empty or
					   missing (import's view of a deck
					   the CSV fills) */
	const char	*deckyaml;	/* deck.yaml's text as import will
					   write it, read instead of the
					   file; NULL: the file */
	size_t		 decklen;
	bool		 allow_outside;	/* --allow-outside: the files
					   the game names may lie
					   anywhere */
	bool		 typeset;	/* texts as printed: deck.yaml's
					   typography applied (not for a
					   command that writes them back,
					   compares or exports them) */
	bool		 skip_unknown;	/* text for a card the deck lacks is
					   left out, not an error (import
					   has checked it holds no strings,
					   or was told to --prune them) */
};

/*
 * Deck: cards/<game>/deck.yaml and its text/<lang>.yaml files, as o
 * says (NULL: every language, strictly, no default pack strings).  A
 * deck whose deck.yaml is sound is returned with o->lenient even when
 * its text files have errors (reported), so that the validator can go
 * on checking what it can.  Free with load_deck_free().
 */
struct deck	*load_deck(const char *dir, const struct load_opts *o,
		    struct diags *d);
void		 load_deck_free(struct deck *deck);
/*
 * Has language li a pack: its rule booklet (rules/LANG.md), or pack
 * strings the game writes in it?  A translation of the cards alone has
 * none: no pack to make, no pack strings to want.
 */
bool		 load_has_pack(const struct deck *deck, size_t li);

/*
 * Choose each kind's title field, now that its template tmpls[k] is
 * known: the kind's title_field: in deck.yaml, checked (false, and an
 * error, if no card of it has that text); else "title" if its cards
 * have one; else the first text field its front layout draws; else
 * none.
 */
bool		 load_titles(struct deck *deck,
		    const struct tmpl *const *tmpls, struct diags *d);

/*
 * Check a deck against its kinds' templates (tmpls[k] for kind k; kinds
 * may share one): every text field a visible element shows exists for
 * every card in the source language (and in every language if
 * all_langs; the validator checks translations against the source
 * itself), every string a template shares is in the kind's strings,
 * bound attributes exist and hold colours or icon names.
 */
bool		 load_bind(const struct deck *deck,
		    const struct tmpl *const *tmpls,
		    const struct iconmap *icons, struct images *images,
		    bool all_langs, struct diags *d);

/*
 * The file image element e of template t shows on card c: its name
 * with {id} and the card's attributes filled in, in the deck's folder
 * (or, for a layout's own image, beside the layout).  Caller frees.
 */
char		*load_image_path(const struct deck *deck, const struct tmpl *t,
		    const struct elem *e, const struct card *c);
/*
 * May image element e of deck stand as a placeholder when its file does
 * not exist: in a draft (deck->placeholders) or where its layout says
 * missing: placeholder?
 */
bool		 load_placeholder(const struct deck *deck,
		    const struct elem *e);

/*
 * Of image img shown by image element e of template t, the rectangle
 * drawn, in img's px: x, y, w, h into src -- the whole image, its crop
 * (crop_mm: at t's dpi, an SVG at 96 px to the inch), and of that a
 * sprite's cell.  False if the crop reaches past img's edges.
 */
bool		 load_image_src(const struct tmpl *t, const struct elem *e,
		    const struct image *img, double src[4]);
/*
 * The image element e (of template t) shows on card c, from images:
 * its file (load_image_path()) or svg text, svg_id's element of it,
 * and into src the rectangle of it shown (load_image_src()); a missing
 * file that may be a placeholder (load_placeholder()) as itself, its
 * missing set and src untouched.  NULL if
 * any of these fails, reported (naming the card) where it is written:
 * the file at pos, svg_id and the crop at their keys.
 */
const struct image *load_elem_image(const struct deck *deck,
		    const struct tmpl *t, const struct elem *e,
		    const struct card *c, struct images *images,
		    const struct srcpos *pos, struct diags *d, double src[4]);

/*
 * Size every space element of the kinds' templates: the trim of the
 * kind it names, plus its clearance, with that kind's corners.  An
 * unknown kind, or a space off its component, is an error.
 */
bool		 load_spaces(const struct deck *deck, struct tmpl *const *tmpls,
		    struct diags *d);
/*
 * Size each tuck box whose layout names the kind of its cards (box:
 * {kind: NAME}) from that kind's template and copies (netsize.c).  An
 * unknown kind, or one that is no card, is an error.
 */
bool		 load_boxes(const struct deck *deck, struct tmpl *const *tmpls,
		    struct diags *d);

#endif
