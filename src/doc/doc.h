/* SPDX-License-Identifier: MIT */
/*
 * The document stage: whole PDFs assembled for the commands.  Takes what
 * a command asks for (a struct job of job/job.h: the deck folder,
 * language, output and print options; the booklet's struct rulebook_job)
 * and gives a written PDF and its exit code: the card sheets (imposed by
 * impose/), the rule booklet (typeset by booklet/) and the
 * print-and-play pack (cover, index, instructions, sheets, credits).
 * Above impose/, booklet/, pdf/ and job/; below cmd/.  This is the
 * stage's only header for outside it; pack.h is the pack's own.
 */
#ifndef DECKPRESS_DOC_H
#define DECKPRESS_DOC_H

#include <stdbool.h>
#include <stddef.h>

#include "../diag.h"
#include "../job/job.h"

/*
 * Render j's card sheets (cardsheets.c) or pack (packpdf.c) to the job's
 * output; *said, if said is not NULL, then gets the "FILE: N cards, M
 * pages" line for the command to print (caller g_free()s; NULL if
 * nothing was written).  Returns 0 or an exit code; nothing is written
 * on an error.
 */
int	 doc_cards(const struct job *j, char **said, struct diags *d);
int	 doc_pack(const struct job *j, char **said, struct diags *d);

/*
 * check's preflight for language li of s (loaded and bound): what
 * "cards" and "pack" would refuse, found by the code they run -- the
 * sheets planned and, where the language has a pack (a booklet or pack
 * strings of its own), the pack built, its booklet flowed -- with
 * nothing drawn or written.  Each finding d does not hold yet is added
 * to it.  Returns 0, or EXIT_INPUT if d has errors.
 */
int	 doc_pack_preflight(struct setup *s, size_t li, struct diags *d);

/* What the booklet command asks for. */
struct rulebook_job {
	const char	*deckdir;
	const char	*lang;		/* NULL: the deck's first */
	const char	*output;	/* NULL: out/GAME-LANG-rules[-a5].pdf */
	bool		 a5;		/* A5 pages two up, to fold */
	bool		 letter;	/* Letter paper (half-Letter pages) */
	bool		 allow_outside;	/* --allow-outside */
};

/*
 * Typeset j's rule booklet (rulebook.c) and write it; *said then gets
 * the "FILE: N pages" line (caller g_free()s).  Returns 0 or an exit
 * code.
 */
int	 doc_booklet(const struct rulebook_job *j, char **said,
	    struct diags *d);

#endif
