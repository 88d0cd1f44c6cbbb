/* SPDX-License-Identifier: MIT */
/*
 * Large PNG art read from an open file without a copy of the file kept,
 * and every PNG's colour profile applied (pngread.c).  Private to
 * the art stage: art.c's images.
 */
#ifndef DECKPRESS_PNGREAD_H
#define DECKPRESS_PNGREAD_H

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>

/* What art_png_read_fd() is asked for and gives. */
struct pngread {
	int		 w, h;		/* in: the size its header gave */
	bool		 want;		/* in: the pixels, else only proved
					   whole a row at a time */
	bool		 head;		/* in: only its header read (alpha
					   known), nothing decoded */
	bool		 alpha;		/* out: it has transparency */
	cairo_surface_t	*surface;	/* out, with want: its pixels */
};

/*
 * The PNG open on fd, read from its start (fd stays open: a lazy
 * image's file is read again from it), at most max bytes of it: true
 * with out filled, or false with why ("is a truncated or damaged PNG",
 * "changed while deckpress read it" if its size is not out->w x h).
 */
bool	 art_png_read_fd(int fd, size_t max, struct pngread *out,
	    const char **why);

/*
 * The colour profile (iCCP) of the PNG data (len bytes), if it has one
 * other than sRGB, applied to s, the image Cairo's reader made of it.
 */
void	 art_png_icc(const unsigned char *data, size_t len, cairo_surface_t *s);

#endif
