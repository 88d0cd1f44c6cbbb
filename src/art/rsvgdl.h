/* SPDX-License-Identifier: MIT */
/*
 * librsvg, loaded the first time an SVG is read (rsvgdl.c), for art.c
 * and svgpart.c: included after <librsvg/rsvg.h>, it makes the names
 * they call pointers art_NAME of the same types, which art_rsvg_load()
 * sets.
 * Most runs (check, strings, a deck without SVG art) never load it, nor
 * the libraries only it needs.
 */
#ifndef DECKPRESS_RSVGDL_H
#define DECKPRESS_RSVGDL_H

#include <librsvg/rsvg.h>

/* Every function of librsvg deckpress calls; X(name) for each. */
#define RSVGDL_FUNCS(X) \
	X(rsvg_handle_new_from_data) \
	X(rsvg_handle_render_document) \
	X(rsvg_handle_render_layer) \
	X(rsvg_handle_get_intrinsic_size_in_pixels) \
	X(rsvg_handle_get_geometry_for_layer) \
	X(rsvg_handle_get_geometry_for_element)

#ifndef DYNLIB_LISTS_ONLY
#define RSVGDL_DECLARE(f)	extern __typeof__(&f) art_##f;
RSVGDL_FUNCS(RSVGDL_DECLARE)

/*
 * Load librsvg (the soname the build found) unless it is: NULL, or
 * what went wrong ("cannot load librsvg-2.so.2: ..."; static).  Every
 * call through the names below comes after it succeeded.
 */
const char	*art_rsvg_load(void);

#define rsvg_handle_new_from_data	art_rsvg_handle_new_from_data
#define rsvg_handle_render_document	art_rsvg_handle_render_document
#define rsvg_handle_render_layer	art_rsvg_handle_render_layer
#define rsvg_handle_get_intrinsic_size_in_pixels \
	art_rsvg_handle_get_intrinsic_size_in_pixels
#define rsvg_handle_get_geometry_for_layer \
	art_rsvg_handle_get_geometry_for_layer
#define rsvg_handle_get_geometry_for_element \
	art_rsvg_handle_get_geometry_for_element
#endif /* DYNLIB_LISTS_ONLY */

#endif
