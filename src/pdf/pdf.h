/* SPDX-License-Identifier: MIT */
/*
 * The output stage.  The one PDF writer: a Cairo PDF surface on a
 * temporary file beside the target, fixed metadata so the same input
 * gives the same bytes, and a rename at the end so no half-written PDF
 * is ever left behind.  PNG images are written the same way.
 */
#ifndef DECKPRESS_PDF_H
#define DECKPRESS_PDF_H

#include <stdio.h>

#include <cairo.h>

#include "../model.h"
#include "../outfile.h"
#include "../progress.h"

/*
 * What passes from Cairo to the file, its repeated /XObject entries
 * blanked (xdict.c).
 */
struct xdict {
	size_t		 match;		/* bytes of "/XObject <<" just seen */
	bool		 in;		/* holding such a dictionary */
	char		*buf;		/* owned: held so far */
	size_t		 n, cap;
};

bool	xdict_write(struct xdict *x, struct outfile *o,
	    const unsigned char *data, size_t len);
/* Write what is still held and free it; false if it cannot. */
bool	xdict_end(struct xdict *x, struct outfile *o);

struct pdfout {
	cairo_surface_t	*surf;
	cairo_t		*cr;
	struct outfile	 out;		/* the file written */
	char		*lang;		/* owned: language tag, or NULL */
	size_t		 npages;	/* pages finished */
	double		*bleeds;	/* owned: pt, per page, of its trim
					   and bleed boxes; < 0: none */
	size_t		 nboxes, capboxes;
	bool		 rewrite;	/* images drawn: pdf_finish() it */
	struct progress	 prog;		/* pages done, on a terminal */
	struct xdict	 xd;		/* Cairo's bytes on their way */
	size_t		 nerr;		/* errors reported before it was
					   opened: one since, while it was
					   drawn (a large image that changed,
					   read again), keeps it from being
					   kept */
};

/*
 * Start a PDF at path with pages of w x h pt.  Returns false with an
 * I/O error if the temporary file cannot be made.
 */
bool	pdf_open(struct pdfout *p, const char *path, double w, double h,
	    const char *title, struct diags *d);

/*
 * Author and language of the document (either may be NULL).  Cairo
 * 1.16 cannot write a language: pdf_close() has pdf_finish() add /Lang
 * to the catalog.
 */
void	pdf_meta(struct pdfout *p, const char *author, const char *lang);

/* The document draws images: pdf_close() has pdf_finish() clean it. */
void	pdf_images(struct pdfout *p);

/* The document's subject (NULL: none): what makes a draft a draft. */
void	pdf_subject(struct pdfout *p, const char *subject);

/*
 * A bookmark to page (1-based) at y pt from its top, under parent (0:
 * top level); returns its id for children.
 */
int	pdf_outline(struct pdfout *p, int parent, const char *title, int page,
	    double y);

/*
 * The document will have total pages: show a progress line while they
 * are drawn, when that takes long and stderr is a terminal.
 */
void	pdf_expect(struct pdfout *p, size_t total);

/* Finish the current page and start the next one of the same size. */
void	pdf_page(struct pdfout *p);

/*
 * Make the current page w x h pt, the trim inset by bleed pt on every
 * side; call it before drawing on the page.  pdf_close() writes the
 * page's /TrimBox (the trim) and /BleedBox (the page), which Cairo
 * 1.16 cannot, as a print shop's preflight expects them.
 */
void	pdf_page_box(struct pdfout *p, double w, double h, double bleed);

/*
 * Finish the document.  If keep, check Cairo's status and rename the
 * temporary file over path; otherwise (or on failure) remove it.
 * Returns true if path now holds the complete PDF.
 */
bool	pdf_close(struct pdfout *p, bool keep, struct diags *d);

/*
 * Write image img (an ARGB32 or RGB24 image surface) drawn at dpi as a
 * PNG file at path, atomically, its resolution in a pHYs chunk.
 * Returns false with an I/O error if it cannot.
 */
bool	png_write(cairo_surface_t *img, const char *path, double dpi,
	    struct diags *d);

/* Within the stage (pdfout.c, finish.c, png.c). */
/* A cairo write function appending to the struct outfile closure. */
cairo_status_t	pdf_stream(void *closure, const unsigned char *data,
		    unsigned int len);
/*
 * Rewrite the PDF in f (open to read and write; path: its file, which
 * is then read where it lies, or NULL; name in messages) in place with
 * libqpdf, deterministically: with /Lang lang in the
 * catalog (NULL: none); page i with /TrimBox = its /MediaBox inset by
 * bleeds[i] pt and /BleedBox = its /MediaBox, for the first n pages
 * with bleeds[i] >= 0; what Cairo 1.16 writes twice (an image's
 * resource, drawn twice on a page) once.  Returns NULL, or what went
 * wrong (g_free() it).
 */
char		*pdf_finish(FILE *f, const char *path, const char *name,
		    const char *lang, const double *bleeds, size_t n);

#endif
