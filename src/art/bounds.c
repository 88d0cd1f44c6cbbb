/* SPDX-License-Identifier: MIT */
/*
 * The pixels an image may have: above them, it is refused before it is
 * decoded.  Part of the art stage.
 */
#include <stdio.h>

#include "bounds.h"

/* Too many pixels to read safely (a decompression bomb, or a mistake). */
bool
art_too_large(struct image *img, const char **why)
{
	static char buf[160];

	if (img->w_px * img->h_px > MAX_PIXELS)
		snprintf(buf, sizeof(buf), "is %.0f x %.0f pixels, more than "
		    "the %.0f megapixels deckpress reads", img->w_px,
		    img->h_px, MAX_PIXELS / 1e6);
	else if (img->w_px > MAX_SIDE || img->h_px > MAX_SIDE)
		snprintf(buf, sizeof(buf), "is %.0f x %.0f pixels, more than "
		    "the %d a side deckpress reads", img->w_px, img->h_px,
		    MAX_SIDE);
	else
		return false;
	*why = buf;
	return true;
}
