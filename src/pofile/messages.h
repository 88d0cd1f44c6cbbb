/* SPDX-License-Identifier: MIT */
/*
 * Inside the po stage: a language's strings as PO messages (pomsgs.c),
 * for powrite.c to write through libgettextpo.
 */
#ifndef DECKPRESS_MESSAGES_H
#define DECKPRESS_MESSAGES_H

#include "pofile.h"

/* One PO message; its strings are owned by the list (g_free). */
struct pomsg {
	char		*ctxt;		/* card/ID/FIELD, values/ATTR/VALUE,
					   components/KIND/FIELD, pack/FIELD */
	char		*msgid;		/* the source text, as written */
	char		*msgstr;	/* the translation; "" if none */
	char		*prev;		/* stale: the source it was made from,
					   or NULL if no earlier run wrote it */
	char		*note;		/* the extracted comment (#.) */
	char		*ref;		/* the source's file, from the deck's
					   folder: "text/en.yaml" */
	unsigned int	 line;		/* ... and line */
	bool		 fuzzy;		/* stale: its source changed */
	long		 room;		/* characters that fit the box at its
					   minimum size; -1: no box of its
					   own */
	bool		 brace;		/* has {name}, {icon:} or {img:}: a
					   python-brace-format string */
	bool		 percent;	/* has a '%': no-c-format */
};

struct pomsgs {
	struct pomsg	*v;
	size_t		 n, cap;
	size_t		 fuzzy, empty;	/* of them: stale, untranslated */
};

/*
 * The messages of language li of the game s holds, bound (li 0: the
 * template, every msgstr empty), in the order of text/LANG.yaml: the
 * cards, the components' strings, the attributes' values, the pack.
 * Free with pofile_msgs_free().
 */
void	 pofile_messages(const struct setup *s, size_t li, struct pomsgs *out);
void	 pofile_msgs_free(struct pomsgs *m);

/*
 * The Plural-Forms header of language lang (a BCP 47 tag or gettext's
 * ll_CC): gettext's formula for it, nplurals=2; plural=(n != 1); for a
 * language not in the table.
 */
const char *pofile_plural_forms(const char *lang);

#endif
