/* SPDX-License-Identifier: MIT */
/*
 * PO files out: a deck's strings in one language as gettext's PO
 * messages, for translators who work in a PO editor or a translation
 * platform (Poedit, Weblate, OmegaT) rather than in text/LANG.yaml.
 * pomsgs.c lists the messages (where each string lives, its source
 * text and file:line, the translation, whether it is stale and what
 * its source was, and what a translator needs to know: the markup to
 * keep and the room the box has); powrite.c writes them through
 * gettext's own libgettextpo.  Beside doc/, export/ and import/: it
 * reads a set-up game (job/) and the translator's file (validate/).
 */
#ifndef DECKPRESS_PO_H
#define DECKPRESS_PO_H

#include "../job/job.h"

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
 * Free with pomsgs_free().
 */
void	 po_messages(const struct setup *s, size_t li, struct pomsgs *out);
void	 pomsgs_free(struct pomsgs *m);

/*
 * Write m as a PO file (pot: the template) to path ("-": standard
 * output) through libgettextpo and outfile: all of it or nothing.
 * False, reported in d, if it cannot be written.
 */
bool	 po_write(const struct deck *deck, size_t li, bool pot,
	    const struct pomsgs *m, const char *path, struct diags *d);
/*
 * `strings --po` / `--pot`: the PO file of language li (0: the
 * template) of s, to output (NULL: out/GAME-LANG.po, out/GAME.pot), its
 * folder made; *said the line saying what it holds, for the command to
 * print (caller g_free()s; NULL if none written).  0 or an exit code
 * (reported).
 */
int	 po_export(const struct setup *s, int li, const char *output,
	    char **said, struct diags *d);

#endif
