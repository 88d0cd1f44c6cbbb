/* SPDX-License-Identifier: MIT */
/* JPEG art (jpeg.c), for art.c, lazy.c and svgscan.c. */
#ifndef DECKPRESS_JPEG_H
#define DECKPRESS_JPEG_H

#include "art.h"

/*
 * Decode img->data (img->len bytes) into img->surface, RGB24; a file
 * that is not CMYK gets its own bytes as the surface's JPEG MIME data
 * (img->data must outlive it).  False with why if it cannot be.
 */
bool	art_load_jpeg(struct image *img, const char **why);
/*
 * Only img->data's header read: its size (bounded as art_load_jpeg()
 * bounds it) and whether its pixels will be converted; nothing
 * decoded.  False with why if it is too large or its header damaged.
 */
bool	art_jpeg_measure(struct image *img, const char **why);
/*
 * Does the JPEG of len bytes at p have at most MAX_SCANS scans (or is
 * it damaged, or not progressive)?  Reads them without drawing
 * (jpeg.c), for a JPEG that gdk-pixbuf decodes inside an SVG.
 */
bool	art_jpeg_scans_ok(const unsigned char *p, size_t len);


#endif
