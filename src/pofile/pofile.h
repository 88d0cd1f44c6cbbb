/* SPDX-License-Identifier: MIT */
/*
 * The pofile stage.  PO files out: a deck's strings in one language as
 * gettext's PO messages, for translators who work in a PO editor or a
 * translation platform (Poedit, Weblate, OmegaT) rather than in
 * text/LANG.yaml.
 * pomsgs.c lists the messages (where each string lives, its source
 * text and file:line, the translation, whether it is stale and what
 * its source was, and what a translator needs to know: the markup to
 * keep and the room the box has); powrite.c writes them through
 * gettext's own libgettextpo.  Beside doc/, export/ and import/: it
 * reads a set-up game (job/) and the translator's file (textfile/).
 *
 * PO files in: a translator's PO file read with gettext's own library
 * (poread.c) and its translations put into a loaded deck's texts of one
 * language (poapply.c), checked as "check" checks them, for "strings
 * --from" to write and "check --from" to check.  Takes a deck bound to
 * its layouts, gives texts and diagnostics at the PO file's lines.
 */
#ifndef DECKPRESS_POFILE_H
#define DECKPRESS_POFILE_H

#include "../job/job.h"

/*
 * `strings --po` / `--pot`: the PO file of language li (0: the
 * template) of s, to output (NULL: out/GAME-LANG.po, out/GAME.pot), its
 * folder made; *said the line saying what it holds, for the command to
 * print (caller g_free()s; NULL if none written).  0 or an exit code
 * (reported).
 */
int	 pofile_export(const struct setup *s, int li, const char *output,
	    char **said, struct diags *d);

/*
 * A PO file read: what a real game needs, many times over (Serious
 * Privacy's is 100 KB of 333 messages; a 10 000-card deck's some 3 MB
 * of 30 000), and read in well under a second (the largest 0.3 s): 16
 * MiB of 400 000 empty messages took 1.8 s and 330 MB.
 */
#define PO_MAX_BYTES	(8 << 20)
#define PO_MAX_MESSAGES	50000
#define PO_MAX_STR	(64 << 10)	/* bytes of one msgstr: what a text
					   file's value may hold */

/* One message of a PO file, as read. */
struct poentry {
	const char	*ctxt;		/* msgctxt; NULL: none */
	const char	*id;		/* msgid */
	const char	*prev;		/* #| msgid: the previous source, or
					   NULL */
	const char	*str;		/* msgstr; "" untranslated */
	bool		 fuzzy;		/* #, fuzzy */
	bool		 plural;	/* has msgid_plural */
	struct srcpos	 pos;		/* of its msgctxt (or msgid) line */
	struct srcpos	 str_pos;	/* of its msgstr line */
};

/* A PO file's messages, header and obsolete ones left out. */
struct pofile {
	struct arena	 arena;		/* owns the strings */
	const char	*path;		/* as diagnostics name it */
	const char	*lang;		/* its header's Language:, or NULL */
	struct srcpos	 lang_pos;	/* that line */
	struct poentry	*v;
	size_t		 n;
};

/*
 * Read the PO file at path into pf (free with pofile_free(), either
 * way).  Its syntax errors are errors at their lines; false if there
 * were any, or it cannot be read.
 */
bool	 pofile_read(struct pofile *pf, const char *path, struct diags *d);
void	 pofile_free(struct pofile *pf);

/* What applying a PO file did. */
struct poin_report {
	size_t	translated;	/* strings given a new text or hash */
	size_t	fuzzy;		/* of them, left stale */
	size_t	skipped;	/* messages taken nowhere: their context
				   gone or missing, plural ones */
	size_t	cleared;	/* translations an empty msgstr removed */
};

/*
 * Put the translations of pf into language li of s's deck (texts in
 * its arena; positions at the PO's lines, so that check reports them
 * there): "check --from".  Warnings for contexts that are gone.
 */
void	 pofile_apply(struct setup *s, size_t li, const struct pofile *pf,
	    struct poin_report *r, struct diags *d);

/*
 * Read the PO file at path, apply it to language li of s's deck, and
 * check each new translation: its markup and {names} against the
 * source's, and its card laid out.  Every error is at its PO line.
 * True if the deck may be written ("strings --from"); the texts'
 * positions are those of the text file again.
 */
bool	 pofile_import(struct setup *s, size_t li, const char *path,
	    struct poin_report *r, struct diags *d);

#endif
