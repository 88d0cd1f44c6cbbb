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
 * pod.c: a card size a print-on-demand service makes, at its dpi, as
 * it publishes it in pixels: the trim, and the image with its bleed.
 */
struct pod_size {
	const char	*name;		/* "poker" */
	int		 trim_w, trim_h;	/* px, portrait */
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
const struct pod_service *pod_find(const char *name);
/* The names --for takes, comma separated, for a usage message. */
const char	*pod_names(void);

/* What export_deck() is asked for. */
struct export_req {
	enum export_format fmt;
	const char	*dir;		/* folder to write into; its parent
					   must exist (EXPORT_CSV: the file) */
	double		 dpi;		/* EXPORT_PNG; EXPORT_TTS: asked
					   for, lowered to fit TTS */
	const struct pod_service *pod;	/* --for: its sizes, or NULL */
	bool		 trim;		/* --trim: faces cut to the trim */
	bool		 rounded;	/* --rounded: every trim's corners
					   rounded, transparent outside */
};

/*
 * How one face is drawn on an image of its own: its scale, cut to its
 * trim or with its bleed, corners rounded, guides drawn over it.
 */
struct face_cut {
	double		 sx, sy;	/* px per pt */
	int		 w, h;		/* px, the image; 0: from the face */
	bool		 trim;		/* no bleed: the trim only */
	double		 corner;	/* pt, radius for a square face's
					   corners (--rounded); 0: only a
					   rounded face's own */
	bool		 guides;	/* trim line and safe area drawn */
	double		 safe;		/* pt, the safe area's inset */
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
	char		*note;		/* g_free(): EXPORT_TTS, the lines
					   the command prints */
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

/*
 * csv.c: the deck's card list and its texts in every language as the
 * spreadsheet "deckpress import" reads, into the file out (UTF-8, a
 * byte order mark first, a row per entry of deck.yaml); importing it
 * back changes nothing.  done->path, n (rows) and cards (text columns)
 * set.  0 or an exit code (reported).
 */
int	 export_csv(const struct deck *deck, const char *out,
	    struct export_done *done, struct diags *d);

/*
 * tts.c: the deck of s in language li for Tabletop Simulator, into
 * q->dir (made if missing): each deck of cards as face sheets of at
 * most 10 x 7 faces cut at the trim, the last slot its back (what TTS
 * shows for a hidden card), its backs as one image or sheets of the
 * same grid; boards and round tokens as an image a face; and
 * DIR/GAME-LANG.json, a saved object loading them all from file://
 * URLs, a card per copy.  Each image at most 4096 px a side, at q->dpi
 * or the highest dpi under it that fits.  done->path (the JSON), n
 * (images) and note (the report) set.  0 or an exit code (reported).
 */
int	 export_tts(struct setup *s, size_t li, const struct export_req *q,
	    struct export_done *done, struct diags *d);
/* faces.c: do two layouts of a card's face print the same? */
bool	 laid_same(const struct laid *a, const struct laid *b);

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
 * raster.c: an image of w x h px at dpi showing what (for the message)
 * that fits Cairo's limit and RENDER_MAX_MP, else a usage error naming
 * the highest dpi that fits.  0 or EXIT_USAGE.
 */
int	 image_fits(double w, double h, double dpi, const char *what,
	    struct diags *d);

/*
 * Within the stage.  faces.c, for itself and tts.c: every copy's faces
 * of each kind of print pr (pr->v[i]), by enum face, laid out at once
 * and kept, their texts' layouts dropped until drawn, so that the same
 * faces can be compared and a file made per face.  False if a text does
 * not fit (reported; a draft goes on).  Free with kinds_free().
 */
struct kfaces {
	struct laid	*f[2];
};
bool	 lay_kinds(const struct setup *s, const struct print *pr,
	    struct kfaces **out, struct diags *d);
void	 kinds_free(struct kfaces *v, const struct print *pr);

/*
 * Within the stage.  boxes.c, for export_deck(): the table of pr's
 * faces as DIR/GAME-LANG-boxes.tsv; done->path, n (faces) and boxes
 * set.  0 or an exit code (reported).
 */
int	 export_boxes(const struct setup *s, size_t li,
	    const struct print *pr, const char *dir, struct export_done *done,
	    struct diags *d);

/*
 * raster.c, for contact.c: faces side by side, RASTER_GAP_MM apart, as
 * one card's image has them.
 */
#define RASTER_GAP_MM	4	/* between faces and cards, and the
				   margin of a contact sheet */

/* Whole pixels of mm at dpi. */
int	 raster_px(double mm, double dpi);
/* The size of faces f side by side, in px, as they are drawn. */
void	 raster_faces_px(const struct laid *const *f, size_t n, double dpi,
	    int *w, int *h);
/*
 * Faces f drawn side by side at (x, y) px of cr as c has them (its
 * scale dpi / 72); false if one cannot.
 */
bool	 raster_faces_draw(cairo_t *cr, PangoContext *ctx,
	    const struct laid *const *f, size_t n, int x, int y,
	    const struct face_cut *c);
/* The size in px of face l drawn as c has it. */
void	 raster_face_px(const struct laid *l, const struct face_cut *c,
	    int *w, int *h);
/*
 * Face l drawn as c has it, on a new image (check its status); the
 * caller destroys it.
 */
cairo_surface_t *raster_face(PangoContext *ctx, const struct laid *l,
	    const struct face_cut *c);
/* A new transparent image of w x h px; NULL (reported) if Cairo cannot. */
cairo_surface_t *raster_new(int w, int h, struct diags *d);
/*
 * img drawn at dpi written to out as PNG, its folder made; 0 with r->w
 * and r->h set, or EXIT_IO (reported).  The caller keeps img.
 */
int	 raster_write(cairo_surface_t *img, const char *out, double dpi,
	    struct export_image *r, struct diags *d);

/*
 * pod.c, for export_deck(): the size q->pod makes of each kind of s,
 * into sizes[kind] (landscape where the template is), the templates'
 * bleeds made the service's so the faces are laid out with it.  A kind
 * whose trim is no size the service makes (within 0.5 mm) is an error
 * naming those it makes.  0 or EXIT_INPUT (reported).
 */
int	 pod_fit(struct setup *s, const struct pod_service *pod,
	    struct pod_size *sizes, struct diags *d);
/* How a face l of a kind of size z is drawn for q: the size exactly. */
void	 pod_cut(const struct export_req *q, const struct pod_size *z,
	    const struct laid *l, struct face_cut *c);

#endif
