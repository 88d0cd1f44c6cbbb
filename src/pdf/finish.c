/* SPDX-License-Identifier: MIT */
/*
 * Finishing what Cairo wrote, with libqpdf: the catalog's /Lang (which
 * Cairo 1.16 cannot set), and a clean rewrite of a document in which
 * one image is drawn more than once on a page (Cairo 1.16 then lists
 * it twice under the page's resources, a duplicate key that checkers
 * such as qpdf --check report).  The rewrite is deterministic: the
 * same input gives the same bytes.
 */
#include <stdio.h>
#include <string.h>

#include <qpdf/qpdf-c.h>

#include "pdf.h"

bool
pdf_finish(const char *in, const char *out, const char *lang)
{
	qpdf_data q = qpdf_init();
	bool ok = false;

	/* Messages go to the caller as a failed write, not to stderr. */
	qpdf_silence_errors(q);
	qpdf_set_suppress_warnings(q, QPDF_TRUE);
	if (qpdf_read(q, in, NULL) & QPDF_ERRORS)
		goto out;
	if (lang != NULL)
		qpdf_oh_replace_key(q, qpdf_get_root(q), "/Lang",
		    qpdf_oh_new_unicode_string(q, lang));
	if (qpdf_init_write(q, out) & QPDF_ERRORS)
		goto out;
	qpdf_set_deterministic_ID(q, QPDF_TRUE);
	qpdf_set_object_stream_mode(q, qpdf_o_preserve);
	qpdf_set_stream_data_mode(q, qpdf_s_preserve);
	ok = !(qpdf_write(q) & QPDF_ERRORS);
out:
	qpdf_cleanup(&q);
	return ok;
}
