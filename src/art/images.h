/* SPDX-License-Identifier: MIT */
/*
 * The cache of a game's images, shared by the two files that keep it:
 * loading (art.c) and the large raster art read again when drawn
 * (lazy.c).  Private to the art stage: outside art/, art.h's
 * images_* functions are the way in.
 */
#ifndef DECKPRESS_IMAGES_H
#define DECKPRESS_IMAGES_H

#include <cairo.h>
#include <glib.h>

#include "art.h"

struct images {
	GHashTable	*by_path;	/* path -> struct image (or a failure) */
	const struct confine *confine;	/* where images may lie; NULL:
					   anywhere */
	const char *const *const *families;	/* where the list of
					   the fonts an SVG's text may use
					   is (as tmpl_load_want takes it,
					   read through); NULL: not
					   checked */
	void		(*want)(void *ctx, const char *family);
	void		*want_ctx;	/* makes a family drawable */
	struct diags	*d;		/* a lazy image that changed since
					   it was loaded is reported here */
	struct image	*held;		/* the lazy image decoded last */
	cairo_surface_t	*held_px;	/* its pixels, kept while the PDF
					   asks for it again and again */
	GHashTable	*texts;		/* inline SVG text -> struct image */
	GHashTable	*copies;	/* the copies Cairo made of lazy
					   images' patterns, not yet
					   destroyed (lazy_copy()) */
	GHashTable	*pdf_copies;	/* of them, those a PDF surface
					   made for the image it writes */
	unsigned char	*zero;		/* never-written pages of zeros,
					   the pixels of stand-ins */
	size_t		 zero_len;	/* their size, 0: not mapped */
	size_t		 zero_max;	/* the largest lazy image's pixels */
	size_t		 nkept;		/* lazy images' files held open
					   (fd_kept), at most KEPT_FILES */
	bool		 defer;		/* art_defer(): large PNGs and JPEGs
					   decoded first when drawn */
	size_t		 damaged;	/* of them, found damaged then */
};

/*
 * lazy.c: img, decoded whole and checked (its surface, or for a large
 * PNG only proved whole), made lazy: its pixels and bytes freed, its
 * surface a recording of a raster source that reads the file again
 * when drawn.
 */
void	 art_make_lazy(struct images *c, struct image *img);

/*
 * lazy.c: deferred image img (pending) noted where it was first named,
 * pos and ctx (copied), to be checked when drawn.
 */
void	 art_lazy_pend(struct image *img, const struct srcpos *pos,
	    const char *ctx);

/* lazy.c: the pixels of the lazy image held let go, before more are
 * decoded. */
void	 art_lazy_drop(struct images *c);
/* lazy.c: the pages of zeros stand-ins point at unmapped (art_free()). */
void	 art_lazy_unmap(struct images *c);
/* art.c: an image and all it holds (its parts too); NULL is ignored. */
void	 art_image_free(struct image *img);
/*
 * art.c: SVG handle svg, of doc_w x doc_h CSS px, recorded: all of it
 * (id NULL) or its element "#id" only, with the recording's origin at
 * (x, y) of the document and w x h in size; NULL if librsvg fails.
 */
cairo_surface_t *art_record_svg(void *svg, double doc_w, double doc_h,
	    const char *id, double x, double y, double w, double h);

#endif
