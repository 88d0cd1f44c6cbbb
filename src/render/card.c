/* SPDX-License-Identifier: MIT */
/*
 * Draw one card face: its elements in template order, each by the
 * function for its type.
 */
#include "render.h"

void
render_card(cairo_t *cr, PangoContext *ctx, const struct laid *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		const struct lbox *b = &l->v[i];

		cairo_save(cr);
		switch (b->e->type) {
		case ELEM_RECT:
			render_rect(cr, b);
			break;
		case ELEM_TEXT:
			render_text(cr, ctx, b);
			break;
		case ELEM_ICON:
			render_icon(cr, ctx, b);
			break;
		}
		cairo_restore(cr);
	}
}
