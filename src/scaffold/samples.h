/* SPDX-License-Identifier: MIT */
/*
 * The sample game's texts per language, for the scaffold stage alone.
 */
#ifndef DECKPRESS_SAMPLES_H
#define DECKPRESS_SAMPLES_H

/* The sample cards, in deck order: two cards, then a token. */
enum { SAMPLE_T1, SAMPLE_B1, SAMPLE_T2, SAMPLE_B2, SAMPLE_GOLD,
    SAMPLE_NTEXTS };

struct sample {
	const char	*lang;
	const char	*cards;		/* the card component's name */
	const char	*tokens;	/* the token component's name */
	const char	*footer;	/* every sample card's footer */
	const char	*text[SAMPLE_NTEXTS];
	const char	*rules;		/* rules/LANG.md, Markdown */
};

/* The sample of language lang, or NULL if there is none. */
const struct sample	*scaffold_sample_for(const char *lang);

#endif
