/* SPDX-License-Identifier: MIT */
/*
 * What PDF/UA-1 asks of a finished tagged PDF besides its structure
 * tree (tagtree.c): the tab order of the pages with links follows the
 * structure (/Tabs /S), and the catalog's XMP metadata, which gives the
 * title and language and claims PDF/UA-1 (pdfuaid:part 1) -- only for
 * a document that earns it.  Part of the finishing step (finish.c).
 */
#include <string.h>

#include <glib.h>
#include <qpdf/qpdf-c.h>

#include "finishing.h"

/* Every page with annotations read in the order of the structure. */
static void
tab_order(qpdf_data q)
{
	int i, n = qpdf_get_num_pages(q);

	for (i = 0; i < n; i++) {
		qpdf_oh page = qpdf_get_page_n(q, (size_t)i);
		qpdf_oh an = qpdf_oh_get_key(q, page, "/Annots");

		if (qpdf_oh_is_array(q, an) && qpdf_oh_get_array_n_items(q,
		    an) > 0)
			qpdf_oh_replace_key(q, page, "/Tabs",
			    qpdf_oh_new_name(q, "/S"));
	}
}

/* A text string of dictionary d as UTF-8 ("" if none); g_free() it. */
static char *
utf8_of(qpdf_data q, qpdf_oh d, const char *key)
{
	qpdf_oh v = qpdf_oh_get_key(q, d, key);

	return g_strdup(qpdf_oh_is_string(q, v) ? qpdf_oh_get_utf8_value(q,
	    v) : "");
}

/*
 * The XMP packet: title and author as the document information has
 * them, the language as the catalog's /Lang, the date the fixed one
 * Cairo is given (pdfout.c).  Uncompressed, as PDF/UA asks (a reader
 * of metadata need not decode the PDF).
 */
static GString *
xmp_packet(qpdf_data q)
{
	qpdf_oh info = qpdf_oh_get_key(q, qpdf_get_trailer(q), "/Info");
	char *title = utf8_of(q, info, "/Title");
	char *author = utf8_of(q, info, "/Author");
	char *lang = utf8_of(q, qpdf_get_root(q), "/Lang"), *e;
	GString *x = g_string_new(
	    "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
	    "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
	    " <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
	    "  <rdf:Description rdf:about=\"\"\n"
	    "    xmlns:dc=\"http://purl.org/dc/elements/1.1/\"\n"
	    "    xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"\n"
	    "    xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\">\n"
	    "   <dc:format>application/pdf</dc:format>\n");

	e = g_markup_escape_text(title, -1);
	g_string_append_printf(x, "   <dc:title><rdf:Alt><rdf:li "
	    "xml:lang=\"x-default\">%s</rdf:li></rdf:Alt></dc:title>\n", e);
	g_free(e);
	if (*author != '\0') {
		e = g_markup_escape_text(author, -1);
		g_string_append_printf(x, "   <dc:creator><rdf:Seq><rdf:li>%s"
		    "</rdf:li></rdf:Seq></dc:creator>\n", e);
		g_free(e);
	}
	if (*lang != '\0') {
		e = g_markup_escape_text(lang, -1);
		g_string_append_printf(x, "   <dc:language><rdf:Bag><rdf:li>%s"
		    "</rdf:li></rdf:Bag></dc:language>\n", e);
		g_free(e);
	}
	g_string_append(x,
	    "   <xmp:CreateDate>" PDF_FIXED_DATE "</xmp:CreateDate>\n"
	    "   <xmp:CreatorTool>deckpress</xmp:CreatorTool>\n"
	    "   <pdfuaid:part>1</pdfuaid:part>\n"
	    "  </rdf:Description>\n"
	    " </rdf:RDF>\n"
	    "</x:xmpmeta>\n"
	    "<?xpacket end=\"w\"?>\n");
	g_free(title);
	g_free(author);
	g_free(lang);
	return x;
}

void
pdf_ua_claim(qpdf_data q, bool claim)
{
	qpdf_oh s, d;
	GString *x;

	tab_order(q);
	if (!claim)
		return;
	x = xmp_packet(q);
	s = qpdf_oh_new_stream(q);
	qpdf_oh_replace_stream_data(q, s, (const unsigned char *)x->str,
	    x->len, qpdf_oh_new_null(q), qpdf_oh_new_null(q));
	d = qpdf_oh_get_dict(q, s);
	qpdf_oh_replace_key(q, d, "/Type", qpdf_oh_new_name(q, "/Metadata"));
	qpdf_oh_replace_key(q, d, "/Subtype", qpdf_oh_new_name(q, "/XML"));
	qpdf_oh_replace_key(q, qpdf_get_root(q), "/Metadata", s);
	g_string_free(x, TRUE);
}
