/* SPDX-License-Identifier: MIT */
/*
 * Inside the pdf stage: what pdfout.c shares with the finishing step
 * that libqpdf runs on Cairo's file (finish.c, its structure tree in
 * tagtree.c, spans.c, artifact.c) and with the filter Cairo's bytes pass
 * through on their way to the file (xdict.c).
 */
#ifndef DECKPRESS_FINISHING_H
#define DECKPRESS_FINISHING_H

#include <qpdf/qpdf-c.h>

#include "pdf.h"
#include "qpdfdl.h"

/* Cairo 1.16 ignores SOURCE_DATE_EPOCH; a fixed date keeps bytes stable. */
#define PDF_FIXED_DATE	"2024-01-01T00:00:00Z"

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

bool	pdf_xdict_write(struct xdict *x, struct outfile *o,
	    const unsigned char *data, size_t len);
/* Write what is still held and free it; false if it cannot. */
bool	pdf_xdict_end(struct xdict *x, struct outfile *o);

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
		    const char *lang, const double *bleeds, size_t n,
		    const struct pdftags *tags);
/* Close the root element; free what was noted (NULL is fine). */
void		 pdf_tags_end(struct pdfout *p);
/*
 * A page of a tagged PDF ends (end) or begins: what is drawn outside
 * the elements is an artifact of its own on each (tagtree.c).
 */
void		 pdf_tags_page(struct pdfout *p, bool end);
void		 pdf_tags_free(struct pdftags *g);
/*
 * With libqpdf q read: the notes of g done on the structure tree, and
 * the title shown as the window's.  NULL, or what is wrong (g_free).
 */
char		*pdf_tags_finish(qpdf_data q, const struct pdftags *g);
/* Does g hold nothing PDF/UA forbids (pdf_tag_flaw())? */
bool		 pdf_tags_claim(const struct pdftags *g);
/*
 * With libqpdf q read, its tree finished: every page with annotations
 * read in the structure's order (/Tabs /S), and if claim (the document
 * holds nothing deckpress knows PDF/UA forbids) XMP metadata with its
 * title and language claiming PDF/UA-1 (uaclaim.c).
 */
void		 pdf_ua_claim(qpdf_data q, bool claim);
/*
 * The empty spans Cairo writes for the soft hyphens inside lines taken
 * out of every page's content and the forms it draws (spans.c); NULL,
 * or what went wrong (g_free() it).
 */
char		*pdf_spans_strip(qpdf_data q);
/*
 * The n bytes of page content s into out with every run of operators
 * outside marked content put in "/Artifact BMC" ... "EMC"
 * (artifact.c); false, out undefined, if it cannot be done safely (an
 * inline image, a run that would end inside a text object, marked
 * content unbalanced).
 */
bool		 pdf_artifact_wrap(const unsigned char *s, size_t n,
		    GString *out);

#endif
