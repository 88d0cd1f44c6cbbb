/* SPDX-License-Identifier: MIT */
/*
 * PDF output through Cairo, written atomically.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cairo-pdf.h>

#include "pdf.h"

/* Cairo 1.16 ignores SOURCE_DATE_EPOCH; a fixed date keeps bytes stable. */
#define FIXED_DATE	"2024-01-01T00:00:00Z"

static cairo_status_t
write_cb(void *closure, const unsigned char *data, unsigned int len)
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
	mode_t mask;
	int fd;

	memset(p, 0, sizeof(*p));
	p->path = xstrdup(path);
	p->tmp = xmalloc(strlen(path) + 16);
	sprintf(p->tmp, "%s.tmp-XXXXXX", path);
	if ((fd = mkstemp(p->tmp)) < 0 || (p->fp = fdopen(fd, "wb")) == NULL) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write: %s",
		    strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(p->tmp);
		}
		free(p->tmp);
		free(p->path);
		memset(p, 0, sizeof(*p));
		return false;
	}
	/* mkstemp makes the file private; give it the usual mode. */
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	p->surf = cairo_pdf_surface_create_for_stream(write_cb, p->fp, w, h);
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

void
pdf_images(struct pdfout *p)
{
	p->rewrite = true;
}

/*
 * Rename the finished temporary file over the target; through
 * pdf_finish() first when it needs a language or a clean rewrite.
 */
static bool
publish(struct pdfout *p)
{
	char *tmp2;
	bool ok;

	if (p->lang == NULL && !p->rewrite)
		return rename(p->tmp, p->path) == 0;
	tmp2 = xmalloc(strlen(p->tmp) + 3);
	sprintf(tmp2, "%s.q", p->tmp);
	ok = pdf_finish(p->tmp, tmp2, p->lang) && rename(tmp2, p->path) == 0;
	unlink(tmp2);
	unlink(p->tmp);
	free(tmp2);
	return ok;
}

void
pdf_page(struct pdfout *p)
{
	cairo_show_page(p->cr);
}

bool
pdf_close(struct pdfout *p, bool keep, struct diags *d)
{
	struct srcpos pos = { diag_file(d, p->path), 0, 0 };
	cairo_status_t st;
	bool ok;

	cairo_destroy(p->cr);
	cairo_surface_finish(p->surf);
	st = cairo_surface_status(p->surf);
	cairo_surface_destroy(p->surf);
	ok = fclose(p->fp) == 0 && st == CAIRO_STATUS_SUCCESS;
	if (keep && !ok)
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write PDF: %s",
		    st != CAIRO_STATUS_SUCCESS ? cairo_status_to_string(st) :
		    strerror(errno));
	keep = keep && ok;
	if (keep && !publish(p)) {
		diag_add(d, DIAG_ERROR, &pos, "io", "cannot write: %s",
		    strerror(errno));
		keep = false;
	}
	if (!keep)
		unlink(p->tmp);
	free(p->tmp);
	free(p->path);
	free(p->lang);
	memset(p, 0, sizeof(*p));
	return keep;
}
