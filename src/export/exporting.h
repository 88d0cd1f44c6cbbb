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
	double		 ox, oy;	/* px, where the outer corner of the
					   face's bleed is drawn: < 0 when
					   the image crops it (--fit) */
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
/* The card called id, or NULL with a usage error and a did-you-mean. */
const struct card *export_card_named(const struct deck *deck, const char *id,
	    struct diags *d);
/* A new transparent image of w x h px; NULL (reported) if Cairo cannot. */
cairo_surface_t *export_raster_new(int w, int h, struct diags *d);
/*
 * img drawn at dpi written to out as PNG, its folder made; 0 with r->w
 * and r->h set, or EXIT_IO (reported).  The caller keeps img.
 */
int	 export_raster_write(cairo_surface_t *img, const char *out, double dpi,
	    struct export_image *r, struct diags *d);
/*
 * cr, drawn on img (drawn false if its drawing failed), ended: img
 * written as export_raster_write() does, or "cannot draw" said; cr and
 * img destroyed.  0 or EXIT_IO.
 */
int	 export_raster_finish(cairo_t *cr, bool drawn, cairo_surface_t *img,
	    const char *out, double dpi, struct export_image *r,
	    struct diags *d);

/*
 * pod.c: the product a service makes that a kind is printed as, and
 * how its faces are drawn to the product's image.
 */
struct pod_fit {
	const struct pod_size *z;	/* NULL: the kind is not written */
	double		 k;		/* px per pt the faces are drawn at */
	int		 w, h;		/* px, the image, turned as the kind
					   is (landscape) */
};

/*
 * The order to draw faces v[0..n) in, an index each (free()): those
 * that show the same large image one after another, by its path, else
 * in their own order; first those that show none, and those of *held
 * (if held and *held are not NULL: the image art holds now).  Art holds
 * the large image it decoded last, so that each is decoded once for all
 * of them, not again for each face of another image drawn between.  If
 * held is not NULL, *held is then the first large image of the last
 * face drawn that shows one.  For faces drawn into files or cells of
 * their own, whose bytes do not depend on the order they are drawn in.
 */
size_t	*export_art_order(const struct laid *const *v, size_t n,
	    const char **held);
/* Face l drawn: *held is its first large image, if it shows one. */
void	 export_art_drawn(const struct laid *l, const char **held);

/*
 * pod.c, for export_deck(): the product q->pod makes of each kind of s
 * (q->component's only) into fit[kind], the templates' bleeds made to
 * cover the product's image so that the faces are laid out into it.  A
 * kind the service makes no product of, or none of its size, is skipped
 * with a warning; one near a size it makes (within 10 % each way) too,
 * unless q->fit, when it is scaled to cover that product's trim and the
 * scale said in *note (g_free()).  0, or EXIT_INPUT (reported) if no
 * kind is left to write.
 */
int	 export_pod_fit(struct setup *s, const struct export_req *q,
	    struct pod_fit *fit, char **note, struct diags *d);
/* How a face l of a kind fitted as f is drawn: the product's image. */
void	 export_pod_cut(const struct pod_fit *f, const struct laid *l,
	    struct face_cut *c);
/*
 * The product of p nearest a trim of w x h mm of class cls, turned or
 * not (*turned), and how far it is: the largest of |w / its w - 1| and
 * |h / its h - 1|.  NULL if p makes nothing of that class.
 */
const struct pod_size *export_pod_nearest(const struct pod_service *p,
	    enum pod_class cls, double w, double h, bool *turned, double *off);

#endif
