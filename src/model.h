/* SPDX-License-Identifier: MIT */
/*
 * The data model every stage shares: a deck (components of one or more
 * kinds -- cards, boards, tokens, sheets -- with attributes and texts
 * per language) and what every stage asks of it (model.c); how each
 * kind looks and prints is design.h's.  After load every length is a
 * double in PostScript points (1/72 inch), measured from the card's
 * trim corner or the paper's top-left corner; y grows downwards as in
 * Cairo.
 */
#ifndef DECKPRESS_MODEL_H
#define DECKPRESS_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "design.h"
#include "diag.h"
#include "util.h"

#define PT_PER_MM	(72.0 / 25.4)
#define MM(x)		((x) * PT_PER_MM)
#define TO_MM(x)	((x) / PT_PER_MM)

/* An attribute a deck declares: kind: [a, b], hearts: {min: 0, max: 5}. */
struct attrdef {
	const char	 *name;
	const char	**values;	/* allowed values; NULL: any */
	size_t		  nvalues;
	bool		  number;	/* a number: values is NULL */
	double		  min, max;	/* its range; +-HUGE_VAL: open */
	struct srcpos	  pos;
};

struct attr {
	const char	*name;		/* points into the attrdef */
	const char	*value;		/* as written, "3" or "2.5" */
	bool		 numeric;	/* of a number attribute: num set */
	double		 num;		/* its value as a number */
	struct srcpos	 pos;		/* of the value */
};

/* One string of a card in one language, e.g. title: "Steal". */
struct text {
	const char	*field;
	const char	*value;		/* UTF-8, validated; NULL: not yet */
	struct srcpos	 pos;		/* of the value */
	struct srcpos	 end;		/* just past the value's last character */
	struct srcpos	 key_pos;	/* of the field's name */
	const char	*src_hash;	/* hash of the source text it translates */
	const char	*src_text;	/* that text, when known (a default's) */
	struct srcpos	 hash_pos;
	bool		 same;		/* meant to equal the source (a name) */
	bool		 deflt;		/* deckpress's default, not the game's */
	bool		 fallback;	/* draft: missing, the source's text */
	bool		 stale;		/* draft: its source text changed */
	bool		 edited;	/* import: a new value, not the file's */
};

struct cardtext {
	struct text	*v;
	size_t		 n;
	struct srcpos	 pos;		/* of the card's entry; file NULL: absent */
	struct srcpos	 key_pos;	/* of the card's id in the text file */
	unsigned int	 src_line;	/* line of its "source:", 0: none */
};

/*
 * A card of the deck.  The pack's strings and the strings of each
 * attribute's values are kept as cards too ("pseudo-cards"), so that
 * loading, checking and "deckpress strings" treat them alike.
 */
struct card {
	const char	*id;
	const char	*label;		/* in messages: "card 'steal'" */
	struct srcpos	 pos;		/* of the entry in deck.yaml */
	size_t		 kind;		/* index into the deck's kinds */
	unsigned int	 count;		/* copies to print, >= 1 */
	unsigned int	 number;	/* 1-based: its first copy in the deck */
	size_t		 index;		/* 0-based: its place in the card list */
	unsigned int	 kind_number;	/* number, counted in its kind */
	size_t		 kind_index;	/* index, counted in its kind */
	struct attr	*attrs;
	size_t		 nattrs;
	struct cardtext	*texts;		/* one per deck language */
};

/* Who made a game, for the credits page of its pack. */
struct credits {
	const char	**authors;
	size_t		  nauthors;
	const char	**design;	/* graphic design and illustrations */
	size_t		  ndesign;
	const char	 *licence;
	const char	 *funding;	/* a funder's required notice */
	const char	 *website;
};

/* A kind's sheets: shared if small (AUTO) or said (YES); own (NO). */
enum share { SHARE_AUTO, SHARE_YES, SHARE_NO };

/* A kind of component (a deck of cards, a board, tokens, dice), its own
 * template; a deck.yaml with one "layout" has one kind. */

struct kind {
	const char	*name;		/* "harm"; "card" for one layout */
	struct srcpos	 pos;		/* of its name in deck.yaml */
	const char	*layout;	/* template name or path */
	struct srcpos	 layout_pos;
	const char	*sheet;		/* sheet name or path */
	struct srcpos	 sheet_pos;
	enum share	 share;		/* sheet_pos: of "shared" if YES */
	struct card	 strs;		/* its strings (a pseudo-card): its
					   printed name, texts its template
					   shares between entries */
	size_t		 nentries;	/* deck entries of this kind */
	unsigned int	 ncopies;	/* their copies */
	bool		 by_kind;	/* numbering: kind ({n}, {total}) */
	const char	*title_field;	/* the text field naming a card
					   (card_title()), or NULL */
	struct srcpos	 title_pos;	/* of title_field:; file NULL: not
					   given */
};

/* The attribute that names an entry's kind, when a deck has several. */
#define KIND_ATTR	"component"

struct confine;

struct deck {
	struct arena	  arena;	/* owns everything below */
	const char	 *dir;		/* the deck's folder */
	const char	 *file;		/* its deck.yaml */
	struct confine	 *confine;	/* owned: where its files may lie
					   (confine/gfile.c reads them) */
	const char	 *game;
	const char	 *title;	/* the game's name as printed */
	struct credits	  credits;
	const char	**langs;	/* first is the source language */
	size_t		  nlangs;
	size_t		  ndeclared;	/* of them, listed in deck.yaml */
	const char	 *sheet;	/* sheet name or path, for every
					   kind that names none */
	struct srcpos	  sheet_pos;
	struct kind	 *kinds;	/* at least one */
	size_t		  nkinds;
	bool		  multi;	/* "components:": entries name a kind */
	struct attrdef	 *attrdefs;
	size_t		  nattrdefs;
	struct card	 *cards;
	size_t		  ncards;
	struct card	**by_id;	/* the cards sorted by id */
	struct card	  pack;		/* the pack's strings, as a card "pack" */
	struct card	 *vals;		/* per attrdef: its values' strings */
	bool		 *loaded;	/* per language: its texts were read */
	bool		 *broken;	/* per language: its file has errors */
	bool		 *others;	/* per language: a draft read for
					   the page alone (load_opts.others) */
	uint64_t	  sig;		/* of deck.yaml but its cards: what
					   any face may show (ytree_hash) */
	/* fonts */
	const char	**fallback;	/* per language: its "fallback:" as
					   "Family,Family", or NULL */
	struct srcpos	 *fallback_pos;	/* per language: of that list */
	bool		  smart;	/* typography: smart: quotes and
					   dashes as the language's */
	bool		  draft;	/* missing strings filled from the source */
	bool		  hints;	/* every text box outlined, named */
	bool		  placeholders;	/* missing images as placeholders */
	size_t		  nfilled;	/* draft: strings shown in the source */
	size_t		  nstale;	/* draft: stale strings, flagged */
};

/* Queries of a loaded deck (model.c), which every stage asks. */
int		 deck_lang_index(const struct deck *deck, const char *lang);
/*
 * Is field a pack string only a pack folded or duplexed other than long
 * asks for ("printing-fold", "folding"...)?  A translation that leaves
 * it out is not unfinished (doc/packtext.c).
 */
bool		 pack_mode_string(const char *field);
/* deck->by_id's order: card pointers by id (model.c). */
int		 card_idcmp(const void *a, const void *b);
/* The card with this id (a binary search), or NULL. */
struct card	*deck_card(const struct deck *deck, const char *id);
/* The card id closest to word, if word looks like a typo of it. */
const char	*deck_suggest_id(const struct deck *deck, const char *word);
const char	*card_attr(const struct card *c, const char *name);
/* The attribute name of card c, or NULL if it has none. */
const struct attr *card_attr_of(const struct card *c, const char *name);
const char	*card_text(const struct card *c, size_t lang,
		    const char *field, const struct text **where);
/*
 * Card c's title in language lang: the text of its kind's title field
 * (load/cardtitle.c), NULL if it has none or it is not written yet;
 * *where, if where is non-NULL, the text or NULL.
 */
const char	*card_title(const struct deck *deck, const struct card *c,
		    size_t lang, const struct text **where);
unsigned int	 deck_total(const struct deck *deck);
/*
 * {n} on copy copy (0-based) of c: its place from 1 counting copies or,
 * by_card, entries; in the deck, or in its kind (numbering: kind).
 */
unsigned int	 card_n(const struct deck *deck, const struct card *c,
		    unsigned int copy, bool by_card);
/* What {total} says on card c: the copies or entries card_n() counts. */
unsigned int	 card_total(const struct deck *deck, const struct card *c,
		    bool by_card);
/* The strings of attribute name's values (a pseudo-card), or NULL. */
const struct card *deck_vals(const struct deck *deck, const char *name);

/*
 * Append an empty string for field to ct, allocated in the deck's arena;
 * returns it.
 */
struct text	*cardtext_add(struct deck *deck, struct cardtext *ct,
		    const char *field);

/* Short hash of a source text, as "deckpress strings" records it. */
void		 text_hash(const char *s, char out[9]);

/* The strings of kind k (its printed name, shared texts), or NULL. */
const struct card *deck_kind_strs(const struct deck *deck, const char *name);

/* Die card c's face i (from 1), in a: its face<i> as face, face_n. */
const struct card *card_die_face(struct arena *a, const struct deck *deck,
		    const struct card *c, unsigned int i);

/* Does element e show on card c (all its 'when' conditions hold)? */
bool		 elem_applies(const struct elem *e, const struct card *c);
/*
 * Is attribute k->attr of c (or "id", its id) one of k->values?  A
 * number attribute's compare as numbers: 3 matches 3.0 and 3e0.
 */
bool		 cond_holds(const struct cond *k, const struct card *c);
/*
 * s as a number attribute's value: a finite decimal number ("3", "-2.5",
 * "1e3"); false for anything else ("0x10", "inf", " 3", "").
 */
bool		 attr_number(const char *s, double *out);
/*
 * Why s cannot be a value of number attribute def, into buf, to follow
 * "hearts is ": "'many', not a number", "7, over its max 5"; NULL if it
 * can, *out then its value.
 */
const char	*attr_number_problem(const struct attrdef *def, const char *s,
		    double *out, char *buf, size_t n);

#endif
