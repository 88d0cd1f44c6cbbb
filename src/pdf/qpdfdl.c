/* SPDX-License-Identifier: MIT */
/*
 * libqpdf loaded the first time a PDF is finished, not at start-up: it
 * is C++, and brings GnuTLS and the libraries GnuTLS needs, some 4 100
 * symbol relocations that every run paid, check and PNG exports too.
 * QPDF_SONAME is the library's soname as the build found it
 * (Makefile).  Part of the pdf stage.
 */
#include "../dynlib.h"
#include "qpdfdl.h"

#ifndef QPDF_SONAME
#error "QPDF_SONAME: the Makefile passes libqpdf's soname"
#endif

#define QPDFDL_DEFINE(f)	__typeof__(pdf_##f) pdf_##f;
QPDFDL_FUNCS(QPDFDL_DEFINE)

#define QPDFDL_SYM(f)		{ #f, &pdf_##f },
static const struct dynsym syms[] = { QPDFDL_FUNCS(QPDFDL_SYM) };

/* Its own libraries first: libstdc++ and GnuTLS share no data with
 * deckpress's (dynlib.h). */
static struct dynlib qpdf = { QPDF_SONAME, syms,
    sizeof(syms) / sizeof(syms[0]), 0, "", true };

const char *
pdf_qpdf_load(void)
{
	return dynlib_load(&qpdf);
}
