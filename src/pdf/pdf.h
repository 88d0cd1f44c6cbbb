/* SPDX-License-Identifier: MIT */
/*
 * The one PDF writer: a Cairo PDF surface on a temporary file beside
 * the target, fixed metadata so the same input gives the same bytes,
 * and a rename at the end so no half-written PDF is ever left behind.
 */
#ifndef DECKPRESS_PDF_H
#define DECKPRESS_PDF_H

#include <stdio.h>

#include <cairo.h>

#include "../model.h"

struct pdfout {
	cairo_surface_t	*surf;
	cairo_t		*cr;
	FILE		*fp;
	char		*tmp;		/* owned: temporary file name */
	char		*path;		/* owned: final file name */
	char		*lang;		/* owned: language tag, or NULL */
	bool		 rewrite;	/* images drawn: pdf_finish() it */
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

/*
 * Rewrite the PDF in to out with libqpdf, deterministically, with
 * /Lang lang in the catalog (NULL: none); what Cairo 1.16 writes twice
 * (an image's resource, when it is drawn twice on a page) once.
 * Returns false if in cannot be read or out written.
 */
bool	pdf_finish(const char *in, const char *out, const char *lang);

/* The document's subject (NULL: none): what makes a draft a draft. */
void	pdf_subject(struct pdfout *p, const char *subject);

/*
 * A bookmark to page (1-based) at y pt from its top, under parent (0:
 * top level); returns its id for children.
 */
int	pdf_outline(struct pdfout *p, int parent, const char *title, int page,
	    double y);

/* Finish the current page and start the next one of the same size. */
void	pdf_page(struct pdfout *p);

/*
 * Finish the document.  If keep, check Cairo's status and rename the
 * temporary file over path; otherwise (or on failure) remove it.
 * Returns true if path now holds the complete PDF.
 */
bool	pdf_close(struct pdfout *p, bool keep, struct diags *d);

#endif
