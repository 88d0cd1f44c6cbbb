/* SPDX-License-Identifier: MIT */
/*
 * libgettextpo loaded the first time a PO file is read or written
 * (gpodl.h), through dynlib.c as libqpdf is.  Part of the pofile stage.
 */
#include "../dynlib.h"
#include "gpodl.h"

#ifndef GPO_SONAME
#error "GPO_SONAME: the Makefile passes libgettextpo's soname"
#endif

#define GPODL_DEFINE(f)	__typeof__(pofile_##f) pofile_##f;
GPODL_FUNCS(GPODL_DEFINE)

#define GPODL_SYM(f)	{ #f, &pofile_##f },
static const struct dynsym syms[] = { GPODL_FUNCS(GPODL_SYM) };

/* Its own libunistring first: it shares no data with deckpress's
 * libraries (dynlib.h). */
static struct dynlib gpo = { GPO_SONAME, syms,
    sizeof(syms) / sizeof(syms[0]), 0, "", true };

const char *
pofile_gpo_load(void)
{
	return dynlib_load(&gpo);
}
