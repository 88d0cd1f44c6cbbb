/* SPDX-License-Identifier: MIT */
/*
 * PDF output through Cairo, written atomically.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <glib.h>

#include "pdf.h"

/* Cairo 1.16 ignores SOURCE_DATE_EPOCH; a fixed date keeps bytes stable. */
#define FIXED_DATE	"2024-01-01T00:00:00Z"

cairo_status_t
pdf_stream(void *closure, const unsigned char *data, unsigned int len)
{
	FILE *fp = closure;

	return fwrite(data, 1, len, fp) == len ? CAIRO_STATUS_SUCCESS :
	    CAIRO_STATUS_WRITE_ERROR;
}

bool
pdf_open(struct pdfout *p, const char *path, double w, double h,
    const char *title, struct diags *d)
{
	struct srcpos pos = { diag_file(d, path), 0, 0 };

	memset(p, 0, sizeof(*p));
	if (!outfile_open(&p->out, path)) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write: %s",
		    strerror(errno));
		return false;
	}
	p->surf = cairo_pdf_surface_create_for_stream(pdf_stream, p->out.fp,
	    w, h);
	cairo_pdf_surface_set_metadata(p->surf, CAIRO_PDF_METADATA_TITLE,
	    title);
	cairo_pdf_surface_set_metadata(p->surf, CAIRO_PDF_METADATA_CREATOR,
	    "deckpress");
	cairo_pdf_surface_set_metadata(p->surf,
	    CAIRO_PDF_METADATA_CREATE_DATE, FIXED_DATE);
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

/* The integer after key in s (e.g. "/Size 78"), or -1. */
static long
dict_int(const char *s, const char *key)
{
	const char *k = strstr(s, key);

	return k ? strtol(k + strlen(key), NULL, 10) : -1;
}

/*
 * Add /Lang to the catalog of the finished PDF in f by appending an
 * incremental update: the catalog again, with /Lang, its xref entry
 * and a trailer pointing back at the previous one.
 */
static bool
add_lang(FILE *f, const char *lang)
{
	char *buf = NULL, *tr, *obj, *end, head[32];
	long len, size, root, info, prev, at, xref;
	bool ok = false;

	if (fflush(f) != 0 || fseek(f, 0, SEEK_END) != 0 ||
	    (len = ftell(f)) <= 0)
		goto out;
	buf = xmalloc((size_t)len + 1);
	rewind(f);
	if (fread(buf, 1, (size_t)len, f) != (size_t)len)
		goto out;
	buf[len] = '\0';
	/*
	 * Streams hold binary data, so no string search from the start:
	 * the last "startxref" gives the xref table, which is text, and
	 * its entry for the catalog gives the catalog's offset.
	 */
	for (tr = buf + len; tr > buf && strncmp(tr, "startxref", 9) != 0;
	    tr--)
		;
	if ((prev = dict_int(tr, "startxref")) < 0 || prev >= len ||
	    strncmp(buf + prev, "xref", 4) != 0 ||
	    (tr = strstr(buf + prev, "trailer")) == NULL ||
	    (size = dict_int(tr, "/Size")) < 0 ||
	    (root = dict_int(tr, "/Root")) < 0 ||
	    (info = dict_int(tr, "/Info")) < 0)
		goto out;
	/* "xref\n0 N\n", then 20-byte entries. */
	obj = strchr(strchr(buf + prev, '\n') + 1, '\n') + 1;
	at = strtol(obj + 20 * root, NULL, 10);
	snprintf(head, sizeof(head), "%ld 0 obj", root);
	if (at <= 0 || at >= len || strncmp(buf + at, head, strlen(head)) != 0 ||
	    (end = strstr(buf + at, "endobj")) == NULL)
		goto out;
	obj = buf + at - 1;	/* as if at the newline before */
	/* The catalog's dictionary ends at the last ">>" before endobj. */
	while (end > obj && strncmp(end, ">>", 2) != 0)
		end--;
	if (end == obj)
		goto out;
	fseek(f, 0, SEEK_END);
	at = len + 1;
	fprintf(f, "\n%.*s   /Lang (%s)\n>>\nendobj\n", (int)(end - obj - 1),
	    obj + 1, lang);
	xref = ftell(f);
	fprintf(f, "xref\n%ld 1\n%010ld 00000 n \n", root, at);
	fprintf(f, "trailer\n<< /Size %ld\n   /Root %ld 0 R\n   /Info %ld 0 R\n"
	    "   /Prev %ld\n>>\nstartxref\n%ld\n%%%%EOF\n", size, root, info,
	    prev, xref);
	ok = fflush(f) == 0 && !ferror(f);
out:
	free(buf);
	return ok;
}

void
pdf_page(struct pdfout *p)
{
	cairo_show_page(p->cr);
	p->npages++;
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
	struct srcpos pos = { diag_file(d, p->out.path), 0, 0 };
	cairo_status_t st;
	char *err;

	cairo_destroy(p->cr);
	cairo_surface_finish(p->surf);
	st = cairo_surface_status(p->surf);
	cairo_surface_destroy(p->surf);
	if (keep && (st != CAIRO_STATUS_SUCCESS || ferror(p->out.fp))) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write PDF: %s",
		    st != CAIRO_STATUS_SUCCESS ? cairo_status_to_string(st) :
		    strerror(errno));
		keep = false;
	}
	if (keep && p->lang != NULL && !add_lang(p->out.fp, p->lang)) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write the PDF's "
		    "language");
		keep = false;
	}
	if (keep && p->nboxes > 0 && (err = pdf_set_boxes(p->out.fp,
	    p->out.path, p->bleeds, p->nboxes)) != NULL) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot set the PDF's "
		    "trim and bleed boxes: %s", err);
		g_free(err);
		keep = false;
	}
	if (!outfile_close(&p->out, keep) && keep) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write: %s",
		    strerror(errno));
		keep = false;
	}
	free(p->lang);
	free(p->bleeds);
	memset(p, 0, sizeof(*p));
	return keep;
}
