/* SPDX-License-Identifier: MIT */
/*
 * Inside the export stage: what its files share -- faces drawn on
 * images of their own (raster.c), the faces of each kind laid out and
 * kept (kinds.c), a service's sizes (pod.c), and the writers
 * export_deck() hands a format to (csv.c, tts.c, boxes.c).
 */
#ifndef DECKPRESS_EXPORTING_H
#define DECKPRESS_EXPORTING_H

#include "export.h"

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

/* kinds.c: do two layouts of a card's face print the same? */
bool	 export_laid_same(const struct laid *a, const struct laid *b);

/*
 * raster.c: an image of w x h px at dpi showing what (for the message)
 * that fits Cairo's limit and RENDER_MAX_MP, else a usage error naming
 * the highest dpi that fits.  0 or EXIT_USAGE.
 */
int	 export_image_fits(double w, double h, double dpi, const char *what,
	    struct diags *d);

/*
 * kinds.c, for faces.c and tts.c: every copy's faces
 * of each kind of print pr (pr->v[i]), by enum face, laid out at once
 * and kept, their texts' layouts dropped until drawn, so that the same
 * faces can be compared and a file made per face.  False if a text does
 * not fit (reported; a draft goes on).  Free with export_kinds_free().
 */
struct kfaces {
	struct laid	*f[2];
};
bool	 export_lay_kinds(const struct setup *s, const struct print *pr,
	    struct kfaces **out, struct diags *d);
void	 export_kinds_free(struct kfaces *v, const struct print *pr);

/*
 * boxes.c, for export_deck(): the table of pr's
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
int	 export_raster_px(double mm, double dpi);
/* The size of faces f side by side, in px, as they are drawn. */
void	 export_raster_faces_px(const struct laid *const *f, size_t n,
	    double dpi, int *w, int *h);
/*
 * Faces f drawn side by side at (x, y) px of cr as c has them (its
 * scale dpi / 72); false if one cannot.
 */
bool	 export_raster_faces_draw(cairo_t *cr, PangoContext *ctx,
	    const struct laid *const *f, size_t n, int x, int y,
	    const struct face_cut *c);
/* The size in px of face l drawn as c has it. */
void	 export_raster_face_px(const struct laid *l, const struct face_cut *c,
	    int *w, int *h);
/*
 * Face l drawn as c has it, on a new image (check its status); the
 * caller destroys it.
 */
cairo_surface_t *export_raster_face(PangoContext *ctx, const struct laid *l,
	    const struct face_cut *c);
/* A new transparent image of w x h px; NULL (reported) if Cairo cannot. */
cairo_surface_t *export_raster_new(int w, int h, struct diags *d);
/*
 * img drawn at dpi written to out as PNG, its folder made; 0 with r->w
 * and r->h set, or EXIT_IO (reported).  The caller keeps img.
 */
int	 export_raster_write(cairo_surface_t *img, const char *out, double dpi,
	    struct export_image *r, struct diags *d);

/*
 * pod.c, for export_deck(): the size q->pod makes of each kind of s,
 * into sizes[kind] (landscape where the template is), the templates'
 * bleeds made the service's so the faces are laid out with it.  A kind
 * whose trim is no size the service makes (within 0.5 mm) is an error
 * naming those it makes.  0 or EXIT_INPUT (reported).
 */
int	 export_pod_fit(struct setup *s, const struct pod_service *pod,
	    struct pod_size *sizes, struct diags *d);
/* How a face l of a kind of size z is drawn for q: the size exactly. */
void	 export_pod_cut(const struct export_req *q, const struct pod_size *z,
	    const struct laid *l, struct face_cut *c);

#endif
