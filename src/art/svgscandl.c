/* SPDX-License-Identifier: MIT */
/*
 * libxml2 and gdk-pixbuf loaded the first time an SVG is scanned, not
 * at start-up: libxml2 brings ICU, libstdc++, libgcc_s and liblzma,
 * which nothing else deckpress links needs until librsvg or libqpdf is
 * loaded, and every run paid their relocations (issue 36).  XML_SONAME
 * and PIXBUF_SONAME are the libraries' sonames as the build found them
 * (Makefile).  Part of the art stage.
 */
#include "../dynlib.h"
#include "svgscandl.h"

#if !defined(XML_SONAME) || !defined(PIXBUF_SONAME)
#error "XML_SONAME, PIXBUF_SONAME: the Makefile passes the sonames"
#endif

#define SVGSCANDL_DEFINE(f)	__typeof__(art_##f) art_##f;
XMLDL_FUNCS(SVGSCANDL_DEFINE)
PIXBUFDL_FUNCS(SVGSCANDL_DEFINE)

#define SVGSCANDL_SYM(f)	{ #f, &art_##f },
static const struct dynsym xml_syms[] = { XMLDL_FUNCS(SVGSCANDL_SYM) };
static const struct dynsym pixbuf_syms[] = { PIXBUFDL_FUNCS(SVGSCANDL_SYM) };

static struct dynlib xml = { XML_SONAME, xml_syms,
    sizeof(xml_syms) / sizeof(xml_syms[0]), 0, "", false };
static struct dynlib pixbuf = { PIXBUF_SONAME, pixbuf_syms,
    sizeof(pixbuf_syms) / sizeof(pixbuf_syms[0]), 0, "", false };

const char *
art_svgscan_load(void)
{
	const char *why = dynlib_load(&xml);

	return why != NULL ? why : dynlib_load(&pixbuf);
}
