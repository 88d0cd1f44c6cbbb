/* SPDX-License-Identifier: MIT */
/*
 * Inside the load stage: what its files share -- deck.c reads the text
 * files with texts.c; bind.c checks the fields of a deck's layouts
 * against its text files with fieldcheck.c.
 */
#ifndef DECKPRESS_LOADING_H
#define DECKPRESS_LOADING_H

#include "load.h"

/*
 * Read the text files of the deck's languages (texts.c; called by
 * load_deck).  deck.yaml lists its languages at langs_pos, language li
 * at lang_pos[li] for each of the deck's ndeclared.
 */
bool		 load_texts(struct deck *deck, const struct srcpos *langs_pos,
		    const struct srcpos *lang_pos, const struct load_opts *o,
		    struct diags *d);

/*
 * The fields a template shows that no card of its kinds has in any
 * text file (a typo in the layout, "field: bdy"), each reported once at
 * the layout, and the text fields named as their hints: neither is
 * blamed again on every card.
 */

struct orphans {
	const char	**field;	/* the layout's fields no card has */
	const char	**hint;		/* the closest text field, or NULL */
	size_t		  n;
};

/*
 * fieldcheck.c: kind k's orphans into o (its template tmpls[k] shows
 * them; o is freed with load_orphans_free()), reported at the layout when k
 * is the first kind of its template.  False if it has any.
 */
bool		 load_bind_orphans(const struct deck *deck,
		    const struct tmpl *const *tmpls, size_t k,
		    struct orphans *o, struct diags *d);
/* Is field one of o's fields; one of the text fields named as hints? */
bool		 load_orphans_field(const struct orphans *o, const char *field);
bool		 load_orphans_hint(const struct orphans *o, const char *field);
void		 load_orphans_free(struct orphans *o);
/* bind.c: kind name's index into *ki, else an error at pos, "WHAT
 * 'name', which the deck does not have", with a did-you-mean. */
bool		 load_kind_named(const struct deck *deck, const char *name,
		    const struct srcpos *pos, const char *code,
		    const char *what, size_t *ki, struct diags *d);
/*
 * fieldcheck.c: a warning for each translation that prints {attr} with
 * deck.yaml's spelling of the attribute's values (no text file has
 * "values: ATTR:").
 */
void		 load_bind_raw_values(const struct deck *deck,
		    const struct tmpl *const *tmpls, struct diags *d);

#endif
