/* SPDX-License-Identifier: MIT */
/*
 * The export stage: a game's faces as files of their own.  It takes a
 * loaded game (job.h's struct setup) and a language, lays each face out
 * as the card sheets do (impose.h's print plan, layout_card) and draws
 * it with the one renderer (render/), and gives: each face as a PNG and
 * every face as a PDF page (faces.c), the table of every face's boxes
 * as TSV (boxes.c), one card's faces or a contact sheet of the deck as
 * one PNG (raster.c, contact.c).  Each file is written whole or not at
 * all; what was written comes back for the command to report.  Above
 * impose/ and job/; preview and export call it, and later outputs will.
 */
#ifndef DECKPRESS_EXPORT_H
#define DECKPRESS_EXPORT_H

#include <cairo.h>
#include <pango/pango.h>

#include "../diag.h"
#include "../print/print.h"
#include "../job/job.h"
#include "../layout/layout.h"

/* What export_deck() writes into its folder. */
enum export_format {
	EXPORT_PNG,		/* DIR/ID[-N]-FACE.png, a face each */
	EXPORT_PDF,		/* DIR/GAME-LANG-cards.pdf, a face a page */
	EXPORT_BOXES,		/* DIR/GAME-LANG-boxes.tsv */
	EXPORT_CSV,		/* the file dir, every language (csv.c) */
	EXPORT_TTS		/* Tabletop Simulator's sheets, images and
				   DIR/GAME-LANG.json (tts.c) */
};

/*
 * What a print-on-demand product is, as deckpress's kinds are told
 * apart: a rectangle (a card, a square tile or chit), a round token, a
 * hex tile, a die's sticker, a board.
 */
/* What a product is; POD_NET (a die or box to fold) no service makes. */
enum pod_class { POD_CARD, POD_ROUND, POD_HEX, POD_DIE, POD_BOARD, POD_NET };

/*
 * pod.c: a product a print-on-demand service makes, as it publishes it:
 * the trim it cuts, and the image it asks for at its dpi, its bleed
 * about the trim.
 */
struct pod_size {
	const char	*name;		/* "Poker Deck" */
	enum pod_class	 cls;
	double		 trim_w, trim_h;	/* mm, portrait */
	int		 w, h;		/* px, with the bleed */
};

/* A service's preset (export --for NAME). */
struct pod_service {
	const char	*name;		/* as --for takes it */
	const char	*title;		/* "The Game Crafter" */
	double		 dpi;
	const struct pod_size *sizes;
	size_t		 nsizes;
};

/* The service --for name names, or NULL. */
const struct pod_service *export_pod_find(const char *name);
/* The names --for takes, comma separated, for a usage message. */
const char	*export_pod_names(void);

/* What export_deck() is asked for. */
struct export_req {
	enum export_format fmt;
	const char	*dir;		/* folder to write into; its parent
					   must exist (EXPORT_CSV: the file) */
	double		 dpi;		/* EXPORT_PNG; EXPORT_TTS: asked
					   for, lowered to fit TTS */
	const struct pod_service *pod;	/* --for: its sizes, or NULL */
	bool		 fit;		/* --fit: a kind near a size the
					   service makes scaled to it */
	const char	*component;	/* --component: one kind, or NULL */
	bool		 trim;		/* --trim: faces cut to the trim */
	bool		 rounded;	/* --rounded: every trim's corners
					   rounded, transparent outside */
};

/* Pixel sizes of the images written, and how many have each. */
struct export_size {
	int		 w, h;		/* px */
	size_t		 n;
};

/* What export_deck() wrote, for the command's report. */
struct export_done {
	char		*path;		/* g_free(): the PDF or the table;
					   NULL for images (in dir) */
	size_t		 n;		/* images, pages or faces written */
	size_t		 cards;		/* copies of components printed */
	size_t		 boxes;		/* EXPORT_BOXES: boxes on the faces */
	struct export_size *sizes;	/* EXPORT_PNG: free(); each size */
	size_t		 nsizes;
	char		*note;		/* g_free(): EXPORT_TTS, and --for's
					   scales: the lines the command
					   prints */
};

/*
 * The deck of s in language li as q asks, into q->dir (made if missing):
 * every copy of every card in print order, front then back.  Every face
 * is laid out, and any text too long found, before a file is written.
 * Returns 0 with *done filled (free with export_done_free()), or an exit
 * code (reported in d).
 */
int	 export_deck(struct setup *s, size_t li, const struct export_req *q,
	    struct export_done *done, struct diags *d);
void	 export_done_free(struct export_done *done);

/* Which faces of a card a view draws (bits). */
enum { SIDE_FRONT = 1, SIDE_BACK = 2 };

/* What a preview shows. */
struct export_view {
	const char	*card;		/* a card's id, or NULL: a contact
					   sheet of every card */
	unsigned int	 sides;		/* SIDE_* */
	unsigned int	 copy;		/* 1-based; 0: not given */
	double		 dpi;
	bool		 guides;	/* --guides: trim and safe area */
};

/*
 * An image a preview wrote, for the command's report.  what is set (or
 * NULL) whatever the outcome: the caller g_free()s it.
 */
struct export_image {
	char		*what;		/* "card 'ID'", "31 cards" */
	int		 w, h;		/* px */
};

/*
 * v->card's faces (v->sides: both side by side) of its copy v->copy in
 * language li, with their bleed, as one PNG at v->dpi written to out.
 * A card the deck lacks, a copy it does not print, a back it has not
 * and an image too large are usage errors.  Returns 0 with *img filled,
 * or an exit code (reported in d).
 */
int	 export_card(const struct setup *s, size_t li,
	    const struct export_view *v, const char *out,
	    struct export_image *img, struct diags *d);

/*
 * A contact sheet: every card of s once, in print order, each kind from
 * a new row, the faces v->sides asks for side by side and each card's
 * id below, as one PNG at v->dpi written to out.  Returns 0 with *img
 * filled, or an exit code (reported in d).
 */
int	 export_sheet(struct setup *s, size_t li, const struct export_view *v,
	    const char *out, struct export_image *img, struct diags *d);

/*
 * Of a run that loaded s with its large art deferred (load_opts'
 * art_drawn) and ended with rc: the deferred images not drawn yet
 * checked (a failed run's too, as loading would have); rc, or
 * EXIT_INPUT when an image is damaged (reported in s's diagnostics).
 */
int	 export_art_checked(struct setup *s, int rc);

/* What export_shop_image() draws (export --hand, --showcase). */
enum shop_look { SHOP_NONE, SHOP_HAND, SHOP_SHOWCASE };

struct export_shop {
	enum shop_look	 look;
	const char	*cards;		/* "ID,ID,..."; NULL: the first
					   SHOP_CARDS cards */
	const char	*component;	/* only this kind's, or NULL */
	double		 dpi;
	bool		 shadow;	/* a drop shadow under each card */
};

/* How many cards a hand or a showcase shows unless told. */
#define SHOP_CARDS	5

/*
 * showcase.c: images for a shop page or a rulebook, as Squib draws
 * them: v->cards' fronts in language li fanned out as a hand holds them
 * (SHOP_HAND), or standing in a row in perspective, each above its
 * fading reflection (SHOP_SHOWCASE), on a transparent ground, as one
 * PNG at v->dpi written to out.  A card the deck lacks is a usage
 * error.  Returns 0 with *img filled (g_free() its what, set whatever
 * the outcome), or an exit code (reported in d).
 */
int	 export_shop_image(const struct setup *s, size_t li,
	    const struct export_shop *v, const char *out,
	    struct export_image *img, struct diags *d);

/*
 * Face f of card c (its first copy) in language li, with its bleed, as
 * the bytes of a PNG at dpi (caller frees; *len their number), drawn
 * as export_card() draws it, guides (trim, safe area) over it if
 * asked: watch --serve's faces.  NULL for a back the card has not, or
 * an image that could not be made; a text too long is said in d.
 */
unsigned char *export_face_png(const struct setup *s, size_t li,
	    const struct card *c, enum face f, double dpi, bool guides,
	    size_t *len, struct diags *d);

#endif
