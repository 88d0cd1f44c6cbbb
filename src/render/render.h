/* SPDX-License-Identifier: MIT */
/*
 * The render stage: draw one laid-out card face with Cairo and Pango,
 * its trim's top-left corner at the current origin.
 */
#ifndef DECKPRESS_RENDER_H
#define DECKPRESS_RENDER_H

#include <cairo.h>

#include "../layout/layout.h"

/*
 * Draw face l at the origin of cr, in points.  The caller sets the
 * transformation (placement, rotation) and the clip (trim plus bleed).
 * ctx must be the context the layout was fitted with.
 */
void	render_card(cairo_t *cr, PangoContext *ctx, const struct laid *l);

/*
 * Faces met so far in one document, to draw a face seen before from
 * one recording, which the PDF holds once (reuse.c).
 */
struct reuse	*render_reuse_new(void);
void		 render_reuse_free(struct reuse *r);
/* The page now drawn (a face met on an earlier page is recorded). */
void		 render_reuse_page(struct reuse *r, size_t page);
/*
 * render_card(), drawing a face met on an earlier page of r from its
 * recording.
 */
void	render_card_reused(cairo_t *cr, PangoContext *ctx,
	    const struct laid *l, struct reuse *r);

/*
 * Face l with its bleed, the bleed's top-left corner at the origin of
 * cr, in points, as it prints on its own: on white paper, clipped to
 * its outline plus bleed (a rectangle, or a round component's circle);
 * nothing is drawn outside that.
 */
void	render_face(cairo_t *cr, PangoContext *ctx, const struct laid *l);

/* The largest side of an image Cairo can make, in pixels. */
#define RENDER_MAX_PX	32767

/*
 * The size of face l with its bleed at dpi, in whole pixels: the
 * nearest to its size in points times dpi / 72.
 */
void	render_face_px(const struct laid *l, double dpi, int *w, int *h);

/*
 * Add the hex w x h pt (hexagon.h) centred on (cx, cy) to the path,
 * each edge k moved out by grow[k] pt, or all by d if grow is NULL.
 */
void	render_hex_path(cairo_t *cr, double w, double h, double cx, double cy,
	    double d, const double grow[6]);

/* Add a rectangle with corners of radius r (pt) to the path. */
void	render_rounded_rect(cairo_t *cr, double x, double y, double w,
	    double h, double r);
/*
 * A draft's note: text (UTF-8) in small bold type on a white ground,
 * centred on (cx, cy) pt: "DRAFT fr ..." in a page margin.
 */
void	render_note(cairo_t *cr, PangoContext *ctx, double cx, double cy,
	    const char *text);
/*
 * The turn of laid box b (rotate_deg about its pivot, flip), as the
 * faces are drawn with it: points of b's frame to the face's.
 */
void	render_turn(const struct lbox *b, cairo_matrix_t *m);
/* Image img stretched into x, y, w, h pt (NULL: nothing). */
struct image;
void	render_picture(cairo_t *cr, const struct image *img, double x,
	    double y, double w, double h);
/* Add the ellipse inscribed in x, y, w, h (pt) to the path. */
void	render_ellipse(cairo_t *cr, double x, double y, double w, double h);

#endif
