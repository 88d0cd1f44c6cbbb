/* SPDX-License-Identifier: MIT */
/*
 * PDF output through Cairo, written atomically.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <glib.h>

#include "finishing.h"


/*
 * Cairo's PDF bytes, its repeated /XObject keys blanked, to the file.
 * A write that fails (a full disk, a file size limit) is the file's:
 * the output writer keeps its errno, writes nothing more, and
 * pdf_close() says why (outfile_check()).  Cairo is not told: Cairo
 * 1.18 leaks what the page under way had noted for its structure when
 * its stream fails, and it has nothing to say that the file does not.
 */
static cairo_status_t
pdf_write(void *closure, const unsigned char *data, unsigned int len)
{
	struct pdfout *p = closure;

	(void)pdf_xdict_write(p->xd, &p->out, data, len);
	return CAIRO_STATUS_SUCCESS;
}

bool
pdf_open(struct pdfout *p, const char *path, double w, double h,
    const char *title, struct diags *d)
{
	memset(p, 0, sizeof(*p));
	p->nerr = d->nerr;
	if (!outfile_open(&p->out, path, d))
		return false;
	p->xd = xcalloc(1, sizeof(*p->xd));
	p->surf = cairo_pdf_surface_create_for_stream(pdf_write, p, w, h);
	cairo_pdf_surface_set_metadata(p->surf, CAIRO_PDF_METADATA_TITLE,
	    title);
	cairo_pdf_surface_set_metadata(p->surf, CAIRO_PDF_METADATA_CREATOR,
	    "deckpress");
	cairo_pdf_surface_set_metadata(p->surf,
	    CAIRO_PDF_METADATA_CREATE_DATE, PDF_FIXED_DATE);
	p->cr = cairo_create(p->surf);
	return true;
}

void
pdf_meta(struct pdfout *p, const char *author, const char *lang)
{
	if (author != NULL)
		cairo_pdf_surface_set_metadata(p->surf,
		    CAIRO_PDF_METADATA_AUTHOR, author);
	free(p->lang);
	p->lang = lang ? xstrdup(lang) : NULL;
}

void
pdf_subject(struct pdfout *p, const char *subject)
{
	if (subject != NULL)
		cairo_pdf_surface_set_metadata(p->surf,
		    CAIRO_PDF_METADATA_SUBJECT, subject);
}

int
pdf_outline(struct pdfout *p, int parent, const char *title, int page,
    double y)
{
	char link[64];

	snprintf(link, sizeof(link), "page=%d pos=[0 %.2f]", page, y);
	return cairo_pdf_surface_add_outline(p->surf, parent, title, link,
	    CAIRO_PDF_OUTLINE_FLAG_OPEN);
}

void
pdf_images(struct pdfout *p)
{
	p->rewrite = true;
}

void
pdf_before_keep(struct pdfout *p, void (*fn)(void *arg), void *arg)
{
	p->before_keep = fn;
	p->before_arg = arg;
}


void
pdf_expect(struct pdfout *p, size_t total)
{
	p->total = total;
	progress_begin(&p->prog, outfile_name(p->out.path), total);
}

void
pdf_page(struct pdfout *p)
{
	/*
	 * Cairo 1.18 records a tag as it records drawing: the root
	 * element ended after the last page (pdf_close()) would make
	 * Cairo finish one more, blank page.  Cairo 1.16, which drops
	 * it there, ends it here alike.
	 */
	if (p->npages + 1 == p->total)
		pdf_tags_end(p);
	pdf_tags_page(p, true);
	cairo_show_page(p->cr);
	pdf_tags_page(p, false);
	p->npages++;
	progress_step(&p->prog);
}

void
pdf_page_box(struct pdfout *p, double w, double h, double bleed)
{
	size_t i;

	cairo_pdf_surface_set_size(p->surf, w, h);
	xgrow((void **)&p->bleeds, &p->capboxes, p->npages + 1,
	    sizeof(*p->bleeds));
	/* Pages between boxed ones have no boxes of their own. */
	for (i = p->nboxes; i < p->npages; i++)
		p->bleeds[i] = -1;
	p->bleeds[p->npages] = bleed;
	p->nboxes = p->npages + 1;
}

bool
pdf_close(struct pdfout *p, bool keep, struct diags *d)
{
	struct srcpos pos = { diag_file(d, outfile_name(p->out.path)), 0, 0 };
	cairo_status_t st;
	char *err;

	progress_end(&p->prog);
	pdf_tags_end(p);
	cairo_destroy(p->cr);
	cairo_surface_finish(p->surf);
	st = cairo_surface_status(p->surf);
	cairo_surface_destroy(p->surf);
	/* What is checked once the pages are written (the images no page
	 * drew): an error it says keeps the PDF. */
	if (p->before_keep != NULL)
		p->before_keep(p->before_arg);
	/* Its failure, if any, is the file's, which outfile_check says. */
	pdf_xdict_end(p->xd, &p->out);
	free(p->xd);
	/* A write that failed says why (a full disk); Cairo only that it
	 * did. */
	if (keep && !outfile_check(&p->out, d))
		keep = false;
	else if (keep && d->nerr > p->nerr)
		keep = false;	/* reported as it was drawn */
	else if (keep && st != CAIRO_STATUS_SUCCESS) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write PDF: %s",
		    cairo_status_to_string(st));
		keep = false;
	}
	/* Only what Cairo cannot write costs a rewrite. */
	if (keep && (p->lang != NULL || p->nboxes > 0 || p->rewrite ||
	    p->tags != NULL) && (err = pdf_finish(p->out.fp, p->out.tmp,
	    outfile_name(p->out.path), p->lang, p->bleeds, p->nboxes,
	    p->tags)) != NULL) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot finish the PDF: %s",
		    err);
		g_free(err);
		keep = false;
	}
	keep = outfile_close(&p->out, keep, d);
	free(p->lang);
	free(p->bleeds);
	pdf_tags_free(p->tags);
	memset(p, 0, sizeof(*p));
	return keep;
}
