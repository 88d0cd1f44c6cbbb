/* SPDX-License-Identifier: MIT */
/* JPEG art (load/jpeg.c), for load/image.c. */
#ifndef DECKPRESS_JPEG_H
#define DECKPRESS_JPEG_H

#include "load.h"

/*
 * Decode img->data (img->len bytes) into img->surface, RGB24; a file
 * that is not CMYK gets its own bytes as the surface's JPEG MIME data
 * (img->data must outlive it).  False with why if it cannot be.
 */
bool	image_load_jpeg(struct image *img, const char **why);
/* Too many pixels to read safely (load/image.c): false, or true with why. */
bool	image_too_large(struct image *img, const char **why);

#endif
