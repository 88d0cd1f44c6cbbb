/* SPDX-License-Identifier: MIT */
/*
 * librsvg loaded the first time an SVG is read, not at start-up: it is
 * Rust and brings its own dependencies, some 2 200 symbol relocations
 * that every run paid, most of which draw no SVG.  RSVG_SONAME is the
 * library's soname as the build found it (Makefile).  Part of the art
 * stage.
 */
#include "../dynlib.h"
#include "rsvgdl.h"

#ifndef RSVG_SONAME
#error "RSVG_SONAME: the Makefile passes librsvg's soname"
#endif

#define RSVGDL_DEFINE(f)	__typeof__(art_##f) art_##f;
RSVGDL_FUNCS(RSVGDL_DEFINE)

#define RSVGDL_SYM(f)		{ #f, &art_##f },
static const struct dynsym syms[] = { RSVGDL_FUNCS(RSVGDL_SYM) };

static struct dynlib rsvg = { RSVG_SONAME, syms,
    sizeof(syms) / sizeof(syms[0]), 0, "", false };

const char *
art_rsvg_load(void)
{
	return dynlib_load(&rsvg);
}
