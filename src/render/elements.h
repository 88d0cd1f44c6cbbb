/* SPDX-License-Identifier: MIT */
/*
 * Inside the render stage: one function per element type, for card.c's
 * switch -- rectangles, spaces and images (element.c, image.c), text and
 * icons (element.c), shapes (shape.c).
 */
#ifndef DECKPRESS_ELEMENTS_H
#define DECKPRESS_ELEMENTS_H

#include "render.h"

void	render_rect(cairo_t *cr, const struct lbox *b);
void	render_space(cairo_t *cr, const struct lbox *b);
/* An image element (its box, fit and clip: a clip to the bleed is
 * render_card()'s, set before the element turns). */
void	render_image(cairo_t *cr, const struct lbox *b);
/* The placeholder of an image whose file does not exist (b->placeholder,
 * in a draft or where the layout allows it): a crossed box, named. */
void	render_placeholder(cairo_t *cr, PangoContext *ctx,
	    const struct lbox *b);

void	render_text(cairo_t *cr, PangoContext *ctx, const struct lbox *b);
/* Shapes (shape.c); those made of points move the points on a trim
 * edge out over face l's bleed when they have bleed. */
void	render_line(cairo_t *cr, const struct lbox *b, const struct laid *l);
void	render_circle(cairo_t *cr, const struct lbox *b);
void	render_polygon(cairo_t *cr, const struct lbox *b,
	    const struct laid *l);
void	render_star(cairo_t *cr, const struct lbox *b);
void	render_path(cairo_t *cr, const struct lbox *b, const struct laid *l);

/* Set b's fill as the source: its colour, or its gradient over b. */
void	render_set_fill(cairo_t *cr, const struct lbox *b);
/* Set b's stroke as the next: its colour, width, join, cap and dash. */
void	render_set_stroke(cairo_t *cr, const struct lbox *b);
/* Set e's dash_mm pattern, if any, for the next stroke. */
void	render_set_dash(cairo_t *cr, const struct elem *e);
void	render_icon(cairo_t *cr, PangoContext *ctx, const struct lbox *b);

#endif
