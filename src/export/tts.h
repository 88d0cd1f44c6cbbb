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

/*
 * Sizes on TTS's table.  Its unit is an inch: the Knowledge Base's line
 * tool "measures in inches" (kb.tabletopsimulator.com/game-tools/
 * line-tool) and its modding kit has a "Cube = 1 inch" prefab
 * (github.com/Berserk-Games/Tabletop-Simulator-Modding).  TTS does not
 * publish the size of a card or a tile at scale 1; these are measured:
 *
 * - a card at scale 1 is 80 mm tall, its width that of its sheet's
 *   cell at that height: tts-deckconverter (github.com/jeandeaual/
 *   tts-deckconverter, tts/builder.go) measures a default card as
 *   "approximately 56x80mm" and scales 63.5 x 88.9 mm cards by 88.9/80;
 * - a custom tile at scale 1 is 1.318 / 3.5 of a card's height: tiles
 *   and boards of the Clank! Legacy mod against its cards, measured
 *   against the printed game (a board of 29 in at scale 22, cards of
 *   3.5 in at scale 1), so 30.1 mm.  Its sides scale apart (Stretch:
 *   true): each axis may have a scale of its own (the Knowledge Base's
 *   save-file format: "You can also change an objects scaling
 *   separately in each axis").
 */
#define TTS_CARD_MM	80.0
#define TTS_TILE_MM	(TTS_CARD_MM * 1.318 / 3.5)
#define TTS_THUMB_PX	256	/* a saved object's PNG, as
				   tts-deckconverter writes it */

/* CustomTile's Type (typed-tabletop-simulator, tts.Tile.Type). */
enum { TTS_TILE_BOX, TTS_TILE_HEX, TTS_TILE_CIRCLE, TTS_TILE_ROUNDED };

/* An object's scaleX and scaleZ (its width and its height). */
struct tscale {
	double		 x, z;
};

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
	bool		 board;		/* a board: tiles that do not stack */
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
	char		*thumb;		/* owned: the JSON's PNG */
	size_t		 li;		/* the export's language */
	size_t		 nimg;
};

/*
 * ttsobj.c: the scale of a card h pt tall, or of a custom tile of w x h
 * pt (their trims), that makes it as large on the table as in print.
 */
double	 export_tts_card_scale(double h);
struct tscale export_tts_tile_scale(double w, double h);
/*
 * CustomTile's Type, or a custom card's (CustomDeck's Type), for a trim
 * of shape and corner radius (pt).
 */
int	 export_tts_tile_type(enum shape shape, double corner);
int	 export_tts_card_type(enum shape shape, double corner);
/* Custom_Dice's Type for a die of faces faces; -1: TTS has none. */
int	 export_tts_die_type(unsigned int faces);
/*
 * Card c's texts in language li but its title, as plain text (icons by
 * name), a blank line apart: its Description.  Caller g_free()s.
 */
char	*export_tts_description(const struct deck *deck, const struct card *c,
	    size_t li);

/*
 * A die as TTS gets it: a Custom_Dice whose one image holds its faces
 * as TTS's template for its type lays them out (the template ships
 * with TTS, Modding/Dice Templates; see the Knowledge Base's Custom
 * Dice).
 */
struct tdie {
	const char	*name;		/* Nickname */
	const char	*desc;		/* Description, or NULL */
	const char	*id;		/* Memo: the card's id */
	const char	*image;		/* URL of its faces' image */
	unsigned int	 faces;		/* 4, 6, 8, 10, 12 or 20 */
	double		 scale;		/* its Transform's, all three axes */
	double		 x, z;		/* where on the table, inches */
};

/*
 * ttsjson.c: die as the JSON text of one Custom_Dice object (what
 * export_tts_json() writes for it); NULL if TTS has no die of its
 * faces.  Caller g_free()s.
 */
char	*export_tts_die_json(const struct tdie *die);

/*
 * ttsjson.c: the saved object of plan p as DIR/p->json, every kind side
 * by side.  False if it cannot be written (reported).
 */
bool	 export_tts_json(const struct tplan *p, const struct deck *deck,
	    const char *dir, struct diags *d);

#endif
