/* SPDX-License-Identifier: MIT */
/*
 * Finishing what Cairo wrote, with libqpdf.  Cairo 1.16 cannot set the
 * catalog's /Lang nor a page's /TrimBox and /BleedBox, and when one
 * image is drawn twice on a page it lists it twice under the page's
 * resources, a duplicate key that checkers such as qpdf --check
 * report.  So a finished PDF that needs any of these is read back,
 * amended and written again in place -- before the output stage
 * renames it, so the output stays atomic.  The rewrite is
 * deterministic: the same input gives the same bytes.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <qpdf/qpdf-c.h>

#include "finishing.h"

/* The whole of f, from its start; NULL if it cannot be read. */
static char *
read_all(FILE *f, size_t *len)
{
	char *buf;
	long n;

	if (fflush(f) != 0 || fseek(f, 0, SEEK_END) != 0 ||
	    (n = ftell(f)) <= 0 || fseek(f, 0, SEEK_SET) != 0)
		return NULL;
	buf = xmalloc((size_t)n);
	if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		return NULL;
	}
	*len = (size_t)n;
	return buf;
}

/* Replace all of f by the n bytes of buf. */
static bool
write_all(FILE *f, const unsigned char *buf, size_t n)
{
	if (fflush(f) != 0 || ftruncate(fileno(f), 0) != 0 ||
	    fseek(f, 0, SEEK_SET) != 0)
		return false;
	return fwrite(buf, 1, n, f) == n && fflush(f) == 0;
}

/* An array [a b c d] of reals, as a box is written. */
static qpdf_oh
box(qpdf_data q, double a, double b, double c, double d)
{
	qpdf_oh arr = qpdf_oh_new_array(q);
	const double v[4] = { a, b, c, d };
	size_t i;

	/* 4 decimals: 0.0001 pt, far below any printer's resolution. */
	for (i = 0; i < 4; i++)
		qpdf_oh_append_item(q, arr, qpdf_oh_new_real_from_double(q,
		    v[i], 4));
	return arr;
}

/* Page i's boxes from its media box; NULL or what is wrong. */
static char *
page_boxes(qpdf_data q, size_t i, double bleed)
{
	qpdf_oh page = qpdf_get_page_n(q, i);
	qpdf_oh mb = qpdf_oh_get_key(q, page, "/MediaBox");
	double v[4], t;
	int k;

	if (!qpdf_oh_is_array(q, mb) || qpdf_oh_get_array_n_items(q, mb) != 4)
		return g_strdup_printf("page %zu has no media box of its own",
		    i + 1);
	for (k = 0; k < 4; k++)
		if (!qpdf_oh_get_value_as_number(q, qpdf_oh_get_array_item(q,
		    mb, k), &v[k]))
			return g_strdup_printf("page %zu: a media box of "
			    "other than numbers", i + 1);
	/* A box may name its corners in any order. */
	for (k = 0; k < 2; k++)
		if (v[k] > v[k + 2]) {
			t = v[k];
			v[k] = v[k + 2];
			v[k + 2] = t;
		}
	if (v[2] - v[0] <= 2 * bleed || v[3] - v[1] <= 2 * bleed)
		return g_strdup_printf("page %zu is no larger than its bleed",
		    i + 1);
	qpdf_oh_replace_key(q, page, "/TrimBox", box(q, v[0] + bleed,
	    v[1] + bleed, v[2] - bleed, v[3] - bleed));
	qpdf_oh_replace_key(q, page, "/BleedBox", box(q, v[0], v[1], v[2],
	    v[3]));
	return NULL;
}

/*
 * After a call that failed: qpdf's error, or its first warning when the
 * failure came as warnings only.  Warnings of a call that succeeded are
 * not problems: reading Cairo's output always warns of the duplicated
 * image key this rewrite exists to remove (qpdf keeps the last, which
 * names the same image).
 */
static char *
qpdf_problem(qpdf_data q)
{
	qpdf_error e = NULL;

	if (qpdf_has_error(q))
		e = qpdf_get_error(q);
	else if (qpdf_more_warnings(q))
		e = qpdf_next_warning(q);
	return e ? g_strdup(qpdf_get_error_full_text(q, e)) : NULL;
}

/* Amend q as pdf_finish() says and write it to file out (NULL: memory). */
static char *
amend_write(qpdf_data q, const char *out, const char *lang,
    const double *bleeds, size_t n, const struct pdftags *tags)
{
	char *err;
	size_t i;
	int np = qpdf_get_num_pages(q);

	if (np < 0 || (size_t)np < n)
		return g_strdup_printf("the PDF has %d pages, not %zu", np, n);
	for (i = 0; i < n; i++)
		if (bleeds[i] >= 0 && (err = page_boxes(q, i, bleeds[i])) !=
		    NULL)
			return err;
	if (lang != NULL)
		qpdf_oh_replace_key(q, qpdf_get_root(q), "/Lang",
		    qpdf_oh_new_unicode_string(q, lang));
	if (tags != NULL && ((err = pdf_tags_finish(q, tags)) != NULL ||
	    (err = pdf_spans_strip(q)) != NULL))
		return err;
	if (tags != NULL)
		pdf_ua_claim(q, pdf_tags_claim(tags));
	if ((out != NULL ? qpdf_init_write(q, out) :
	    qpdf_init_write_memory(q)) & QPDF_ERRORS)
		return qpdf_problem(q);
	/* The /ID from the content, so the same input gives the same
	 * bytes, as pdf_open's fixed date does for Cairo's part; Cairo's
	 * streams are kept as they are.  The small objects (a tagged
	 * PDF's thousands of structure elements, the pages) go into
	 * compressed object streams: the structure would otherwise add
	 * 15-70 % to a pack, and with them it ends smaller than it was
	 * untagged. */
	qpdf_set_deterministic_ID(q, QPDF_TRUE);
	qpdf_set_object_stream_mode(q, qpdf_o_generate);
	qpdf_set_stream_data_mode(q, qpdf_s_preserve);
	if (qpdf_write(q) & QPDF_ERRORS)
		return qpdf_problem(q);
	return NULL;
}

/*
 * The rewrite at out (open as fd) put in the place of f's file at path:
 * renamed over it, the old file's mode kept, and f's descriptor made
 * fd's, so that what the output stage does next with f (its mode and
 * owner, the rename over the target) is done to the rewrite.  No byte
 * is copied: the PDF is read once and written once (issue 36).
 */
static bool
take_place(FILE *f, const char *path, const char *out, int fd)
{
	struct stat st;

	return fflush(f) == 0 && fstat(fileno(f), &st) == 0 &&
	    fchmod(fd, st.st_mode & (S_IRWXU | S_IRWXG | S_IRWXO)) == 0 &&
	    rename(out, path) == 0 && dup2(fd, fileno(f)) >= 0;
}

/*
 * A PDF up to this size is read into memory to be finished: libqpdf
 * reading a file seeks it before every object it parses (16 000 lseek
 * calls for a 120-card deck: a tenth of its time, issue 36), a buffer
 * costs none.  Larger ones, of art, are read where they lie.
 */
#define FINISH_IN_MEMORY	(8L << 20)

/*
 * The PDF (path, f's file) rewritten into a temporary file beside it,
 * which then takes its place.  A large PDF is read where it lies:
 * libqpdf reads and writes the streams a block at a time, so neither
 * the PDF nor its rewrite is held in memory -- a PDF of 120 MB of art
 * would take three times that (issue 23).
 */
static char *
finish_file(FILE *f, const char *path, const char *lang,
    const double *bleeds, size_t n, const struct pdftags *tags)
{
	char *out = g_strdup_printf("%s.XXXXXX", path), *err, *buf = NULL;
	struct stat st;
	size_t len = 0;
	qpdf_data q;
	int fd;

	if (fflush(f) != 0 || (fd = mkstemp(out)) < 0) {
		err = g_strdup_printf("cannot rewrite it: %s",
		    strerror(errno));
		g_free(out);
		return err;
	}
	if (fstat(fileno(f), &st) == 0 && st.st_size <= FINISH_IN_MEMORY)
		buf = read_all(f, &len);
	q = qpdf_init();
	qpdf_silence_errors(q);
	qpdf_set_suppress_warnings(q, QPDF_TRUE);
	if ((buf != NULL ? qpdf_read_memory(q, path, buf, len, NULL) :
	    qpdf_read(q, path, NULL)) & QPDF_ERRORS)
		err = qpdf_problem(q);
	else
		err = amend_write(q, out, lang, bleeds, n, tags);
	qpdf_cleanup(&q);
	free(buf);
	if (err == NULL && !take_place(f, path, out, fd))
		err = g_strdup_printf("cannot write: %s", strerror(errno));
	if (err != NULL)
		unlink(out);
	close(fd);
	g_free(out);
	return err;
}

char *
pdf_finish(FILE *f, const char *path, const char *name, const char *lang,
    const double *bleeds, size_t n, const struct pdftags *tags)
{
	const char *lib;
	qpdf_data q;
	size_t len;
	char *buf, *err;

	/* Loaded only now: most runs finish no PDF. */
	if ((lib = pdf_qpdf_load()) != NULL)
		return g_strdup(lib);
	if (path != NULL)
		return finish_file(f, path, lang, bleeds, n, tags);
	if ((buf = read_all(f, &len)) == NULL)
		return g_strdup_printf("cannot read it back: %s",
		    errno ? strerror(errno) : "empty");
	q = qpdf_init();
	/* Problems come back as messages here, not on stderr. */
	qpdf_silence_errors(q);
	qpdf_set_suppress_warnings(q, QPDF_TRUE);
	if (qpdf_read_memory(q, name, buf, len, NULL) & QPDF_ERRORS)
		err = qpdf_problem(q);
	else
		err = amend_write(q, NULL, lang, bleeds, n, tags);
	if (err == NULL && !write_all(f, qpdf_get_buffer(q),
	    qpdf_get_buffer_length(q)))
		err = g_strdup_printf("cannot write: %s", strerror(errno));
	qpdf_cleanup(&q);
	free(buf);
	return err;
}
