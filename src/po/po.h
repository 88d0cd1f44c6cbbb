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
 * reads a set-up game (job/) and the translator's file (textfile/).
 */
#ifndef DECKPRESS_PO_H
#define DECKPRESS_PO_H

#include "../job/job.h"

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
