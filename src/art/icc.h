/* SPDX-License-Identifier: MIT */
/*
 * Art's embedded colour profile, its pixels converted to sRGB with
 * Little CMS (icc.c).  Private to the art stage: the PNG and JPEG
 * readers (art.c, pngread.c, jpeg.c).
 */
#ifndef DECKPRESS_ICC_H
#define DECKPRESS_ICC_H

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>
#include <lcms2.h>

/* The most of a profile read: a printer's CMYK one is 0.5 to 2 MB. */
#define ICC_MAX_BYTES	(4 << 20)

/* The pixels a transform takes. */
enum icc_from {
	ICC_RGB,		/* Cairo's RGB24 words */
	ICC_RGB_PM,		/* Cairo's ARGB32 words, premultiplied */
	ICC_CMYK,		/* C, M, Y, K bytes, 255 all ink */
	ICC_CMYK_INVERTED	/* as Adobe writes them, 255 no ink */
};

/*
 * A transform from profile icc (len bytes) to sRGB, giving Cairo's
 * words (ICC_RGB_PM: premultiplied, else RGB24); NULL if the profile is
 * damaged, not of the pixels' space, or sRGB already: the pixels are
 * then taken as they are.  Free with art_icc_free().
 */
cmsHTRANSFORM art_icc_transform(const unsigned char *icc, size_t len,
	    enum icc_from from);
/* Surface s's pixels through t, in place. */
void	 art_icc_surface(cmsHTRANSFORM t, cairo_surface_t *s);
/* n pixels of in through t into out (Cairo's words). */
void	 art_icc_row(cmsHTRANSFORM t, const unsigned char *in,
	    unsigned char *out, size_t n);
void	 art_icc_free(cmsHTRANSFORM t);
/*
 * Image surface s (RGB24 or ARGB32) converted from profile icc to sRGB,
 * in place: true if it was, false if the profile asks for nothing.
 */
bool	 art_icc_convert(cairo_surface_t *s, const unsigned char *icc,
	    size_t len);

#endif
