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
#include <glib.h>

#include "../model.h"
#include "../outfile.h"
#include "../progress.h"

/* Cairo's bytes on their way to the file (xdict.c). */
struct xdict;
/* What the drawing noted for the structure tree (tagtree.c). */
struct pdftags;

struct pdfout {
	cairo_surface_t	*surf;
	cairo_t		*cr;
	struct outfile	 out;		/* the file written */
	char		*lang;		/* owned: language tag, or NULL */
	size_t		 npages;	/* pages finished */
	size_t		 total;		/* pages announced (pdf_expect()),
					   or 0 */
	double		*bleeds;	/* owned: pt, per page, of its trim
					   and bleed boxes; < 0: none */
	size_t		 nboxes, capboxes;
	bool		 rewrite;	/* images drawn: pdf_finish() it */
	struct progress	 prog;		/* pages done, on a terminal */
	struct xdict	*xd;		/* owned: Cairo's bytes on their way */
	struct pdftags	*tags;		/* owned: a tagged PDF's, or NULL */
	size_t		 nerr;		/* errors reported before it was
					   opened: one since, while it was
					   drawn (a large image that changed,
					   read again), keeps it from being
					   kept */
	void		(*before_keep)(void *arg);	/* pdf_before_keep() */
	void		*before_arg;
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

/*
 * Make the document a tagged PDF: its structure tree's root element,
 * Document, is opened now and closed by pdf_close(), which has
 * pdf_finish() do what Cairo 1.16 cannot (tagtree.c) and show the
 * title as the window's.  Content drawn outside every element (folios,
 * marks) is in no element: page furniture, marked as artifacts when
 * finished (artifact.c).
 */
void	pdf_tagged(struct pdfout *p);
/*
 * Card sheets of more cards than this are drawn untagged (their cards
 * as page furniture): the structure Cairo holds, and libqpdf reads back
 * to finish it, grow with the deck, and a deck printed in thousands is
 * a print job, not a document to read (deckpress(5), LIMITS).
 */
#define PDF_TAG_CARDS	1000

/*
 * Open structure element name (a standard type: Cairo 1.16 refuses any
 * other, "Artifact" too) on cr; pdf_tag_end() closes the innermost.  Only a PDF
 * made pdf_tagged() and not paused is tagged: on a recording surface,
 * a group or another surface both do nothing and begin returns false.
 * Cairo marks content only in an element with no element inside it.
 */
bool	pdf_tag_begin(cairo_t *cr, const char *name);
void	pdf_tag_end(cairo_t *cr);
/*
 * Name the page cr draws, page (1-based), as the destination of links
 * to it: every page a link may go to must be named so.
 */
void	pdf_dest(cairo_t *cr, size_t page);
/*
 * A link to the page named page by pdf_dest() over the n rectangles
 * rects (x, y, w, h each, pt on the page: the pieces of a reference
 * that wraps), one annotation named name (its /Contents: what the
 * link says, for a screen reader), whose Link element holds what is
 * drawn until pdf_link_end().  Returns false, opening none, if there
 * is no rectangle or no page.
 */
bool	pdf_link_begin(cairo_t *cr, const double *rects, size_t n,
	    size_t page, const char *name);
void	pdf_link_end(cairo_t *cr);
/*
 * The element last opened (a Span around the text of a paragraph
 * between its links: Cairo marks content only in an element with no
 * element inside it) gives its content to its parent in its place
 * when the PDF is finished.
 */
void	pdf_tag_unwrap(cairo_t *cr);
/*
 * The element last opened gets the attribute /A << /O /owner /key
 * /value >> (names: "Table", "Scope", "Column").
 */
void	pdf_tag_attr(cairo_t *cr, const char *owner, const char *key,
	    const char *value);
/*
 * The document holds what PDF/UA forbids (a figure with no alternate
 * text): it is finished without claiming PDF/UA (no XMP metadata).
 */
void	pdf_tag_flaw(cairo_t *cr);
/*
 * A card title's element in the tagged PDF p: "H" (card sheets) unless
 * set (a pack's, under its rules' numbered headings); name is kept,
 * not copied.
 */
void	pdf_tag_titles(struct pdfout *p, const char *name);
const char *pdf_tag_title(cairo_t *cr);
/*
 * What is drawn from now on is read at place (a page number) among the
 * document's: the elements opened in the document element are put in
 * that order when finished (a folded booklet draws its pages in the
 * order they print).
 */
void	pdf_tag_order(cairo_t *cr, size_t place);
/* How many elements are open, the document's included (0: untagged). */
size_t	pdf_tag_depth(cairo_t *cr);
/* Draw untagged (pause) until resumed, e.g. pages drawn out of order. */
void	pdf_tag_pause(cairo_t *cr, bool pause);
/* The element last opened gets /Alt alt (a figure's text). */
void	pdf_tag_alt(cairo_t *cr, const char *alt);
/*
 * The element last opened is in language lang (a BCP 47 tag), not the
 * document's: a text printed untranslated, in the source language.
 */
void	pdf_tag_lang(cairo_t *cr, const char *lang);
/*
 * The element last opened goes on the element before it (the rest of
 * a paragraph on the next page): the finished tree has them as one.
 */
void	pdf_tag_join(cairo_t *cr);
/* The element last opened is read first among its parent's kids. */
void	pdf_tag_first(cairo_t *cr);
/*
 * The elements opened so far: the number the next one will have, for
 * pdf_tag_card().
 */
size_t	pdf_tag_count(cairo_t *cr);
/*
 * Element elem (if it was opened: elem < pdf_tag_count()) is a face
 * of card card (a number unique in the document); the first face of a
 * card drawn keeps its element, the other's elements join it when the
 * PDF is finished, the back's after the front's.
 */
void	pdf_tag_card(cairo_t *cr, size_t elem, size_t card, bool back);

/* The document draws images: pdf_close() has pdf_finish() clean it. */
void	pdf_images(struct pdfout *p);

/*
 * fn(arg) called by pdf_close() once every page is written, before it
 * decides to keep the PDF: an error it says keeps it from being kept
 * (the images that no page drew, checked after all).
 */
void	pdf_before_keep(struct pdfout *p, void (*fn)(void *arg), void *arg);

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
 * are drawn, when that takes long and stderr is a terminal; a tagged
 * one's structure tree is closed as the last of them is finished.
 */
void	pdf_expect(struct pdfout *p, size_t total);

/*
 * Finish the current page and start the next one of the same size.
 * The last page that pdf_expect() announced first closes the structure
 * tree (pdf_tags_end()): Cairo 1.18 counts a tag as drawing, and a
 * tag ended after the last page would be a blank page of its own.
 */
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
 * Returns false with an I/O error if it cannot, and false without
 * writing if d holds an error already: one said while img was drawn (a
 * large image that changed) leaves no image behind, as a PDF's does.
 */
bool	pdf_png_write(cairo_surface_t *img, const char *path, double dpi,
	    struct diags *d);
/*
 * The same PNG as pdf_png_write() writes, into memory: its bytes
 * (caller frees) and their number in *len, or NULL if img has none or
 * libpng gave up.  For watch --serve's faces.
 */
unsigned char *pdf_png_mem(cairo_surface_t *img, double dpi, size_t *len);

#endif
