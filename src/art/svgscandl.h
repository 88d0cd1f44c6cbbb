/* SPDX-License-Identifier: MIT */
/*
 * libxml2 and gdk-pixbuf, loaded the first time an SVG is scanned
 * (svgscandl.c), for svgscan.c alone: included after their headers, it
 * makes the names it calls pointers art_NAME of the same types, which
 * art_svgscan_load() sets.  Linked, libxml2 brought ICU, libstdc++ and
 * liblzma into every run, most of which read no SVG.
 */
#ifndef DECKPRESS_SVGSCANDL_H
#define DECKPRESS_SVGSCANDL_H

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <libxml/parser.h>
#include <libxml/xmlreader.h>

/* Every function of libxml2 deckpress calls; X(name) for each. */
#define XMLDL_FUNCS(X) \
	X(xmlFreeTextReader) \
	X(xmlGetExternalEntityLoader) \
	X(xmlReaderForMemory) \
	X(xmlSetExternalEntityLoader) \
	X(xmlTextReaderConstLocalName) \
	X(xmlTextReaderConstValue) \
	X(xmlTextReaderIsEmptyElement) \
	X(xmlTextReaderMoveToElement) \
	X(xmlTextReaderMoveToNextAttribute) \
	X(xmlTextReaderNodeType) \
	X(xmlTextReaderRead) \
	X(xmlTextReaderSetErrorHandler)

/* And of gdk-pixbuf. */
#define PIXBUFDL_FUNCS(X) \
	X(gdk_pixbuf_format_get_name) \
	X(gdk_pixbuf_loader_close) \
	X(gdk_pixbuf_loader_get_format) \
	X(gdk_pixbuf_loader_new) \
	X(gdk_pixbuf_loader_new_with_mime_type) \
	X(gdk_pixbuf_loader_set_size) \
	X(gdk_pixbuf_loader_write)

#ifndef DYNLIB_LISTS_ONLY
#define SVGSCANDL_DECLARE(f)	extern __typeof__(&f) art_##f;
XMLDL_FUNCS(SVGSCANDL_DECLARE)
PIXBUFDL_FUNCS(SVGSCANDL_DECLARE)

/*
 * Load both (the sonames the build found) unless they are: NULL, or
 * what went wrong ("cannot load libxml2.so.2: ..."; static).  Every
 * call through the names below comes after it succeeded.
 */
const char	*art_svgscan_load(void);

#define xmlFreeTextReader	art_xmlFreeTextReader
#define xmlGetExternalEntityLoader art_xmlGetExternalEntityLoader
#define xmlReaderForMemory	art_xmlReaderForMemory
#define xmlSetExternalEntityLoader art_xmlSetExternalEntityLoader
#define xmlTextReaderConstLocalName art_xmlTextReaderConstLocalName
#define xmlTextReaderConstValue	art_xmlTextReaderConstValue
#define xmlTextReaderIsEmptyElement art_xmlTextReaderIsEmptyElement
#define xmlTextReaderMoveToElement art_xmlTextReaderMoveToElement
#define xmlTextReaderMoveToNextAttribute \
	art_xmlTextReaderMoveToNextAttribute
#define xmlTextReaderNodeType	art_xmlTextReaderNodeType
#define xmlTextReaderRead	art_xmlTextReaderRead
#define xmlTextReaderSetErrorHandler art_xmlTextReaderSetErrorHandler
#define gdk_pixbuf_format_get_name art_gdk_pixbuf_format_get_name
#define gdk_pixbuf_loader_close	art_gdk_pixbuf_loader_close
#define gdk_pixbuf_loader_get_format art_gdk_pixbuf_loader_get_format
#define gdk_pixbuf_loader_new	art_gdk_pixbuf_loader_new
#define gdk_pixbuf_loader_new_with_mime_type \
	art_gdk_pixbuf_loader_new_with_mime_type
#define gdk_pixbuf_loader_set_size art_gdk_pixbuf_loader_set_size
#define gdk_pixbuf_loader_write	art_gdk_pixbuf_loader_write
#endif /* DYNLIB_LISTS_ONLY */

#endif
