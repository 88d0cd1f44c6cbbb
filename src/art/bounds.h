/* SPDX-License-Identifier: MIT */
/*
 * The bounds of every image deckpress reads, checked before anything is
 * spent on decoding it (bounds.c): its file's bytes, its pixels, a
 * progressive JPEG's scans.  Private to the art stage.
 */
#ifndef DECKPRESS_BOUNDS_H
#define DECKPRESS_BOUNDS_H

#include "art.h"

#define MAX_BYTES	(64 * 1024 * 1024)	/* of any image file */
/* Decoded larger than this, a raster image is lazy (load.h). */
#define LAZY_BYTES	(4 * 1024 * 1024)
/*
 * A lazy image's file is kept open from its first read, so that drawing
 * it reads the file that was checked, not whatever the path names by
 * then, and the file is opened once a run.  Past this many, or a
 * quarter of the process's limit of open files if that is fewer (the
 * fonts and the output need theirs), one is opened again when drawn.
 */
#define KEPT_FILES	256

#define MAX_PIXELS	(60.0 * 1000 * 1000)	/* 60 megapixels */
/*
 * Cairo's image surfaces are at most 32767 pixels a side: a taller one
 * is an error surface without pixels, which the JPEG decoder wrote
 * through (fuzz_image: a 300 x 65112 JPEG).
 */
#define MAX_SIDE	32767

/*
 * A progressive JPEG is read scan by scan, each over every block of the
 * image: 100 000 empty scans take minutes, 100 of a 60-megapixel image
 * half a second.  Real files have up to a dozen (libjpeg's own
 * progression writes ten).
 */
#define MAX_SCANS	100

/* Too many pixels to read safely: false, or true with why. */
bool	art_too_large(struct image *img, const char **why);

#endif
