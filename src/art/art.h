/* SPDX-License-Identifier: MIT */
/*
 * Art: the images a game names (card art, a back, a booklet's figures,
 * icons), read where the game's folder allows, decoded once and bounded
 * before anything is spent on them -- PNG and JPEG by their headers and
 * a row at a time, SVG looked over before librsvg parses it -- their
 * colour profiles applied, large ones read again when drawn.
 */
#ifndef DECKPRESS_ART_H
#define DECKPRESS_ART_H

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>
#include <glib.h>

#include "../diag.h"

struct confine;

/* An image a game names, decoded once (load/image.c). */
enum image_kind { IMG_PNG, IMG_JPEG, IMG_SVG };

struct image {
	char		*path;		/* as read */
	enum image_kind	 kind;
	double		 w_px, h_px;	/* its pixels; SVG: CSS px, 96/in */
	cairo_surface_t	*surface;	/* PNG, JPEG (with its bytes as the
					   JPEG MIME data, for the PDF) */
	void		*svg;		/* SVG: an RsvgHandle */
	unsigned char	*data;		/* the file's bytes; NULL if lazy */
	size_t		 len;		/* the file's size */
	bool		 failed;	/* reported; not to be drawn */
	bool		 missing;	/* failed: the file does not exist
					   (a placeholder where allowed) */
	bool		 refused;	/* missing, said as an error */
	bool		 warned;	/* missing, said as a placeholder */
	/*
	 * A large raster image is lazy: checked whole when it is loaded
	 * (or, deferred, when first drawn), then its pixels freed; its
	 * surface is a recording of a raster source that reads and
	 * decodes the file again when drawn, so memory holds one such
	 * image at a time, not the deck's art.
	 */
	bool		 lazy;
	bool		 converted;	/* a JPEG whose pixels are not its
					   file's: CMYK or YCCK, or of an
					   ICC profile other than sRGB */
	bool		 alpha;		/* lazy: has transparency */
	int		 px_w, px_h;	/* lazy: the pixels drawn (its own,
					   or fewer for --image-dpi) */
	struct images	*cache;		/* lazy: the cache it is in */
	bool		 changed;	/* lazy: not what it was when
					   loaded (reported) */
	int		 acquired;	/* lazy: Cairo's acquires of its
					   pixels not yet released */
	int		 fd;		/* lazy, fd_kept: its file, open
					   since it was first read, read
					   again from it when drawn */
	bool		 fd_kept;
	/*
	 * lazy, deferred (art_defer()): not decoded yet, to be checked
	 * as it is first drawn; where it was first named, to say there
	 * that it is damaged if it is.
	 */
	bool		 pending;
	char		*named_file;	/* owned, or NULL */
	unsigned int	 named_line, named_col;
	char		*named_ctx;	/* owned: "card 'x'", or NULL */
	/* SVG: drawing one element by its id (svgpart.c) */
	char		**ids;		/* its elements' ids, sorted */
	size_t		 nids;
	double		 svg_ops;	/* filter cost of one drawing, pixel
					   operations (svgcost.h) */
	double		 spent;		/* what its elements drawn cost */
	const struct image *whole;	/* a part's image, else NULL */
	GHashTable	*parts;		/* its parts: SVG, id -> struct image
					   (NULL: none); raster, by their
					   pixels (rpart.c) */
};

/* A cache of images by path: each file read once, embedded once. */
struct images	*art_new(void);
/*
 * Read only images where conf allows (borrowed: it must outlive c);
 * one outside is an error where it is named, and never read.  A large
 * image read again when it is drawn that is no longer what it was is
 * an error in d (borrowed too).
 */
void		 art_confine(struct images *c,
		    const struct confine *conf, struct diags *d);
/*
 * The font families an SVG's text may name (as tmpl_load takes them,
 * kept by the caller): an SVG naming another is warned of; for each it
 * names that there is, want(ctx, family) is called before it is drawn.
 */
void		 art_fonts(struct images *c, const char *const *const *families,
		    void (*want)(void *ctx, const char *family), void *ctx);
void		 art_free(struct images *c);
/*
 * With on, a large PNG or JPEG loaded from now on is only measured (its
 * header read) and decoded first when it is drawn, where it is checked: once a
 * run, not once to check it and again to draw it.  For a run that draws
 * its images into its output (cards, pack, preview, export: its files
 * held until the last is drawn), which calls art_check_pending() before
 * it keeps it.
 */
void		 art_defer(struct images *c, bool on);
/*
 * Each deferred image not decoded yet (none drawn it) decoded now, in
 * the order they were named: a damaged one is an error where it was
 * first named, in the diagnostics art_confine() gave.
 */
void		 art_check_pending(struct images *c);
/*
 * Nothing more will be drawn for now (the last page is written): the
 * large image held decoded for its next use is let go, so that it does
 * not add to the finishing rewrite's memory.  Asked again, it is read
 * again.
 */
void		 art_idle(struct images *c);
/*
 * Whether every image c has read was drawn as it is: none failed (its
 * error said once, by the build that read it) nor was a placeholder
 * (its warning): watch keeps only such a cache for its next build.
 */
bool		 art_all_good(const struct images *c);
/* How many deferred images were found damaged as they were drawn. */
size_t		 art_damaged(const struct images *c);
/* How many files c has read (or tried to). */
size_t		 art_count(const struct images *c);
/*
 * A pattern that paints img in its w_px x h_px (for set_source; caller
 * destroys it): its surface's, or for a lazy image, its raster source,
 * which the PDF writes as the image itself, without the form its
 * recording surface would wrap it in.
 */
cairo_pattern_t	*art_pattern(const struct image *img);
/*
 * Raster image img of c (PNG or JPEG; an SVG is left alone) resampled
 * once to w x h pixels, if that is fewer than its own, with Cairo's
 * good filter; it keeps its size in w_px, h_px (the new surface has
 * the device scale that makes it so), so layout and drawing do not
 * change.  A JPEG resampled is embedded as a new JPEG (quality 90).
 */
void		 art_resample(struct images *c, const struct image *img,
		    double w, double h);

/*
 * The image at path, read and decoded the first time it is asked for;
 * NULL if it cannot be (missing, unreadable, not an image, damaged,
 * more than 60 megapixels), reported at pos (ctx names the card) the
 * first time only.
 */
const struct image *art_load(struct images *c, const char *path,
		    const struct srcpos *pos, const char *ctx,
		    struct diags *d);
/*
 * art_load(), but where placeholder is true a file that does not exist
 * is a warning at pos (once for the file) instead of an error, and the
 * image returned has missing set and nothing to draw: the caller draws
 * a placeholder.  Where it is false, as art_load().
 */
const struct image *art_load_draft(struct images *c, const char *path,
		    const struct srcpos *pos, const char *ctx,
		    bool placeholder, struct diags *d);
/* How many of the files c was asked for do not exist. */
size_t		 art_missing(const struct images *c);

/*
 * The SVG given as text (an image element's svg:), read and bounded as
 * a file's would be, once however many elements give the same text;
 * NULL if it cannot be, reported at pos (ctx names the card) the first
 * time only.  Its path reads "(inline svg)".
 */
const struct image *art_load_svg_text(struct images *c, const char *text,
		    const struct srcpos *pos, const char *ctx,
		    struct diags *d);
/*
 * Only element id of SVG img, as an image of its own: drawn by
 * itself in the document's coordinates, its size and origin the
 * element's own bounds (its ink: strokes and all), recorded once
 * however many cards show it.  NULL if img is no SVG, has no element
 * id (the error names the nearest ids it has), the element draws
 * nothing, or drawing it would take img's elements' filters over the
 * limit of one SVG's; reported at pos, ctx naming the card.
 */
const struct image *art_svg_part(const struct image *img, const char *id,
		    const struct srcpos *pos, const char *ctx,
		    struct diags *d);

/*
 * The part src (x, y, w, h in its px) of raster image img as an image
 * of its own, made once for each part however many cards show it, and
 * into out the part in that image's px (its fraction of a pixel, if
 * src is not in whole pixels).  img itself, out = src, for an SVG (its
 * vectors are clipped), the whole image, or a part too large to hold
 * (LAZY_BYTES).  src lies on img.
 */
const struct image *art_raster_part(const struct image *img,
		    const double src[4], double out[4]);

/* The image of file img is, or is a part of (art_raster_part(),
 * art_svg_part()). */
const struct image *art_file(const struct image *img);

#endif
