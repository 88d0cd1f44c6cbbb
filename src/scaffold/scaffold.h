/* SPDX-License-Identifier: MIT */
/*
 * The scaffold stage: a new game's folder, made whole from deckpress's
 * general-purpose layouts (layouts/general/) and sample texts, for the
 * new command.  Nothing of the pipeline after it runs here; the game
 * it makes is checked and printed by the other commands.
 */
#ifndef DECKPRESS_SCAFFOLD_H
#define DECKPRESS_SCAFFOLD_H

#include <stdbool.h>
#include <stddef.h>

#include "../diag.h"

/* What deckpress new is asked to make. */
struct scaffold {
	const char		 *dir;		/* the game's folder, new or
						   empty */
	const char		 *size;		/* a card size preset:
						   standard, poker, ... */
	const char *const	 *langs;	/* the first is the source */
	size_t			  nlangs;
	const char		 *datadir;	/* holds layouts/general/
						   and layouts/pack/ */
};

/* The card sizes and languages new knows, NULL-terminated. */
extern const char *const scaffold_sizes[];
extern const char *const scaffold_langs[];

/* Is s one of the NULL-terminated list v? */
bool	 scaffold_known(const char *const *v, const char *s);

/*
 * Make the game s describes: deck.yaml (cards and tokens), layouts/,
 * text/LANG.yaml and rules/LANG.md per language, cards.csv, art/,
 * fonts/, icons/ and README.md.  All or nothing: the files are made in
 * a hidden folder beside a new s->dir (inside an empty one), put in
 * place at the end.  The game is named after the folder's real name
 * (so "." works).  Returns 0,
 * EXIT_INPUT (s->dir exists and is not an empty folder) or EXIT_IO,
 * reported in d.
 */
int	 scaffold_new(const struct scaffold *s, struct diags *d);

#endif
