/* SPDX-License-Identifier: MIT */
/*
 * The print-and-play pack's parts, shared by the three files that make
 * it: its strings and Markdown (packtext.c), its parts flowed and
 * paginated (packflow.c), its PDF written (packpdf.c); and the rule
 * booklet's steps (rulebook.c) the pack takes its instructions from.
 * Private to the document stage: outside doc/, doc.h's doc_pack is the
 * pack.
 */
#ifndef DECKPRESS_PACK_H
#define DECKPRESS_PACK_H

#include <stdbool.h>
#include <stddef.h>

#include <glib.h>

#include "doc.h"
#include "../booklet/booklet.h"
#include "../print/print.h"

/* The pack's parts, in order, with the flows that make them. */
struct pack {
	struct setup	*s;
	size_t		 li;
	struct bstyle	 st;
	struct bdoc	 cover, index, rules, divider, blank, credits;
	struct bflow	 fcover, findex, frules, fdivider, fblank, fcredits;
	struct print	 sheets;
	struct laid	 shown[3];	/* the faces on the cover */
	size_t		 nshown;
	const char	*title;
	const char	*paper;		/* "A4", for {paper} */
	char		 paperbuf[32];
	size_t		 p_index, p_rules, p_parts, p_credits;	/* first page
					   of each part, 0-based */
	size_t		 sheet0;	/* 0-based page of the first sheet */
	char		 num[2][16];	/* {first}, {last}: 1-based */
	bool		 multi;		/* components of several kinds */
	bool		 single;	/* some print single-sided */
	bool		 tiled;		/* some boards span several sheets */
	bool		 norules;	/* no rule booklet written yet: the
					   pack goes without instructions */
	char		**said;		/* gets the "FILE: N pages" line;
					   NULL: not wanted */
	enum duplex	 duplex;	/* how its sheets print */
	bool		 unfolded;	/* a fold pack with a part that
					   cannot fold (round, boards) */
	GPtrArray	*strs;		/* owns the strings doc_pack_str()
					   made */
	size_t		*card_page;	/* owned: per card, the PDF page
					   (1-based) of its first front; 0:
					   none */
	struct blinks	 links;		/* the flows' links: card_page */
};

/*
 * packtext.c: a pack string in the pack's language with its variables
 * filled in ("" if it has none); p->strs owns it.
 */
const char *doc_pack_str(const struct pack *p, const char *field);
/*
 * The field of the pack string base ("printing", "cards-note",
 * "cutting") as duplex mode says it ("printing-fold"); base itself if
 * it says the same in every mode.  Static.
 */
const char *doc_pack_mode_key(const char *base, enum duplex mode);
/* The name kind k has in the pack's language; borrowed from the deck. */
const char *doc_pack_kind_name(const struct pack *p, size_t k);
/*
 * Does the game name anyone or anything for the credits page: its
 * credits:, or the pack strings "edition" and "thanks"?
 */
bool	 doc_pack_has_credits(const struct pack *p);
/*
 * Has the pack a text for every string it prints, and every kind its
 * index names a name?  Else false, each missing one reported.
 */
bool	 doc_pack_strings_ok(const struct pack *p, struct diags *d);
/* The Markdown of the cover and of the credits; caller g_free()s. */
char	*doc_pack_cover_md(const struct pack *p);
char	*doc_pack_credits_md(const struct pack *p);

/*
 * packflow.c: plan the sheets for job j, then flow and paginate every
 * part of p (p->s, p->li and p->title set).  False if the pack cannot
 * be made (reported); p is freed by its maker either way.
 */
bool	 doc_pack_build(struct pack *p, const struct job *j, struct diags *d);
/* The first heading of a flow, "" if none: its part's name. */
const char *doc_pack_first_heading(const struct bflow *fl);

struct bstyle;
struct bdoc;
struct bflow;
/*
 * The rule booklet in two steps (rulebook.c), the pack's instructions:
 * DECK/rules/LANG.md for language li parsed into doc ...
 */
bool	 doc_rulebook_parse(struct setup *s, size_t li, struct bdoc *doc,
	    struct diags *d);
/*
 * ... and doc (which the pack amends in between) flowed into fl (freed
 * first), checked: every character shown, no more pages than one
 * output has.
 */
bool	 doc_rulebook_flow(struct setup *s, size_t li, const struct bstyle *st,
	    const struct bdoc *doc, struct bflow *fl, struct diags *d);

#endif
