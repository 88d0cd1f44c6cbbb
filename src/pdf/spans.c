/* SPDX-License-Identifier: MIT */
/*
 * Soft hyphens inside a line, taken out of a finished PDF's text.
 * Hyphenation puts a U+00AD at every point a word may break; where the
 * line does not break, Pango draws nothing for it, and Cairo 1.16
 * writes that cluster of no glyph as an empty marked-content span whose
 * /ActualText is the U+00AD.  Such a span shows nothing, but a reader
 * that honours /ActualText gets the soft hyphen in its text ("Wel\u00AD
 * come"), and poppler's structure text stops at it.  So the pages'
 * content streams, and the forms they draw, are rewritten without them
 * when the PDF is finished (a line-end hyphen is drawn apart by
 * layout/show.c and is no such span).
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <qpdf/qpdf-c.h>
#include <zlib.h>

#include "finishing.h"

/* What Cairo writes for one: nothing between its BDC and its EMC. */
static const char empty_shy[] =
    "/Span << /ActualText <feff00ad> >> BDC\nEMC\n";

#define MAXDEPTH	16	/* forms drawing forms: Cairo nests few */

/* buf less every empty_shy; its new length. */
static size_t
drop_spans(unsigned char *buf, size_t len)
{
	const size_t k = sizeof(empty_shy) - 1;
	size_t i = 0, o = 0;

	while (i < len) {
		if (len - i >= k && buf[i] == '/' &&
		    memcmp(buf + i, empty_shy, k) == 0) {
			i += k;
			continue;
		}
		buf[o++] = buf[i++];
	}
	return o;
}

/* Stream s's data replaced by the n bytes of d, deflated. */
static void
replace_data(qpdf_data q, qpdf_oh s, const unsigned char *d, size_t n)
{
	uLongf zlen = compressBound((uLong)n);
	Bytef *z = xmalloc(zlen);

	/* Deflated, as Cairo wrote it (libqpdf keeps streams as they are). */
	if (compress2(z, &zlen, d, (uLong)n, Z_DEFAULT_COMPRESSION) == Z_OK)
		qpdf_oh_replace_stream_data(q, s, z, zlen, qpdf_oh_new_name(q,
		    "/FlateDecode"), qpdf_oh_new_null(q));
	else
		qpdf_oh_replace_stream_data(q, s, d, n, qpdf_oh_new_null(q),
		    qpdf_oh_new_null(q));
	free(z);
}

/*
 * Content stream s without its empty spans and, if it is a page's
 * (page), with its furniture marked (artifact.c); false if it cannot
 * be read.  Only a stream that changes is written again.
 */
static bool
strip_stream(qpdf_data q, qpdf_oh s, bool page)
{
	unsigned char *buf = NULL;
	size_t len = 0, n;
	QPDF_BOOL filtered = QPDF_FALSE;
	GString *marked;

	if ((qpdf_oh_get_stream_data(q, s, qpdf_dl_generalized, &filtered,
	    &buf, &len) & QPDF_ERRORS) || !filtered) {
		free(buf);
		return false;
	}
	n = drop_spans(buf, len);
	/* A form's content is drawn by a page, inside what marks it. */
	marked = g_string_new(NULL);
	if (page && pdf_artifact_wrap(buf, n, marked))
		replace_data(q, s, (const unsigned char *)marked->str,
		    marked->len);
	else if (n != len)
		replace_data(q, s, buf, n);
	g_string_free(marked, TRUE);
	free(buf);
	return true;
}

static bool	strip_resources(qpdf_data q, qpdf_oh res, GHashTable *seen,
		    int depth);

/*
 * Stream s (a page's content if page, else a form), once however often
 * it is drawn, and the forms it draws.
 */
static bool
strip_once(qpdf_data q, qpdf_oh s, bool page, GHashTable *seen, int depth)
{
	gintptr id = qpdf_oh_get_object_id(q, s);

	if (!qpdf_oh_is_stream(q, s) || (id > 0 &&
	    g_hash_table_contains(seen, GINT_TO_POINTER(id))))
		return true;
	if (id > 0)
		g_hash_table_add(seen, GINT_TO_POINTER(id));
	return strip_stream(q, s, page) && strip_resources(q, qpdf_oh_get_key(q,
	    qpdf_oh_get_dict(q, s), "/Resources"), seen, depth + 1);
}

/* The forms of resources res. */
static bool
strip_resources(qpdf_data q, qpdf_oh res, GHashTable *seen, int depth)
{
	qpdf_oh xo = qpdf_oh_get_key(q, res, "/XObject");
	GArray *forms;
	bool ok = true;
	guint i;

	if (depth > MAXDEPTH || !qpdf_oh_is_dictionary(q, xo))
		return true;
	/* The keys first: libqpdf has one key iterator, which a form's
	 * own forms would start again. */
	forms = g_array_new(FALSE, FALSE, sizeof(qpdf_oh));
	qpdf_oh_begin_dict_key_iter(q, xo);
	while (qpdf_oh_dict_more_keys(q)) {
		qpdf_oh x = qpdf_oh_get_key(q, xo, qpdf_oh_dict_next_key(q));

		if (qpdf_oh_is_stream(q, x) && qpdf_oh_is_name_and_equals(q,
		    qpdf_oh_get_key(q, qpdf_oh_get_dict(q, x), "/Subtype"),
		    "/Form"))
			g_array_append_val(forms, x);
	}
	for (i = 0; ok && i < forms->len; i++)
		ok = strip_once(q, g_array_index(forms, qpdf_oh, i), false,
		    seen, depth);
	g_array_free(forms, TRUE);
	return ok;
}

char *
pdf_spans_strip(qpdf_data q)
{
	GHashTable *seen = g_hash_table_new(NULL, NULL);
	int i, n = qpdf_get_num_pages(q), k, nk;
	char *err = NULL;

	for (i = 0; err == NULL && i < n; i++) {
		qpdf_oh page = qpdf_get_page_n(q, (size_t)i);
		qpdf_oh c = qpdf_oh_get_key(q, page, "/Contents");
		bool ok = true;

		if (qpdf_oh_is_array(q, c)) {
			nk = qpdf_oh_get_array_n_items(q, c);
			for (k = 0; ok && k < nk; k++)
				ok = strip_once(q, qpdf_oh_get_array_item(q, c,
				    k), true, seen, 0);
		} else
			ok = strip_once(q, c, true, seen, 0);
		if (!ok || !strip_resources(q, qpdf_oh_get_key(q, page,
		    "/Resources"), seen, 0))
			err = g_strdup_printf("page %d's content cannot be "
			    "read", i + 1);
	}
	g_hash_table_destroy(seen);
	/* Let go of the handles libqpdf kept for each page and form. */
	qpdf_oh_release_all(q);
	return err;
}
