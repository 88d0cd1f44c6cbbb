/* SPDX-License-Identifier: MIT */
/*
 * Tabletop Simulator's export, shared by its two files: the sheets
 * and images (tts.c) and the saved object that loads them (ttsjson.c).
 * Private to the export stage: outside export/, export_deck() with
 * EXPORT_TTS is the way in.
 */
#ifndef DECKPRESS_TTS_H
#define DECKPRESS_TTS_H

#include "exporting.h"

/*
 * TTS's guide to custom assets keeps an image's sides under 4096 px;
 * a custom deck's sheet holds at most 10 x 7 cards, the last shown for
 * a card hidden in a hand, so 69 faces.
 */
#define TTS_MAX_PX	4096
#define TTS_COLS	10
#define TTS_ROWS	7
#define TTS_FACES	(TTS_COLS * TTS_ROWS - 1)

/* One face sheet of a deck and, with unique backs, its back sheet. */
struct tsheet {
	size_t		 first, n;	/* the kind's distinct faces */
	int		 cols, rows;
	unsigned int	 num;		/* its CustomDeck key */
	char		*face;		/* owned: file names */
	char		*back;		/* owned; NULL: the kind's back */
};

/* A kind of component as TTS gets it. */
struct tkind {
	const struct sheets *sh;
	bool		 deck;		/* cards; else single images */
	struct laid	*f[2];		/* per copy in print order, by enum
					   face; borrowed from
					   export_lay_kinds() */
	size_t		*uniq, nu;	/* copy of each distinct face */
	size_t		*of;		/* per copy: its distinct face */
	bool		 unique_back;	/* the backs differ */
	int		 dpi, cw, ch;	/* cell (face at trim) in px */
	struct tsheet	*sv;
	size_t		 nsv;
	char		*back;		/* owned: the one back image */
	char	       **single;	/* owned: non-deck, 2 per face */
};

/* Everything written, for the JSON and the report. */
struct tplan {
	struct tkind	*kv;
	size_t		 nk;
	char		*json;		/* owned: its file name */
	char		*uri;		/* owned: file:// of the folder */
	size_t		 nimg;
};

/*
 * ttsjson.c: the saved object of plan p as DIR/p->json, every kind side
 * by side.  False if it cannot be written (reported).
 */
bool	 export_tts_json(const struct tplan *p, const struct deck *deck,
	    const char *dir, struct diags *d);

#endif
