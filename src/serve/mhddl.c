/* SPDX-License-Identifier: MIT */
/*
 * libmicrohttpd loaded the first time watch --serve starts its server
 * (mhddl.h), through dynlib.c as librsvg and libqpdf are.  Part of the
 * serve stage.
 */
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>

#include "../dynlib.h"
#include "mhddl.h"

#ifndef MHD_SONAME
#error "MHD_SONAME: the Makefile passes libmicrohttpd's soname"
#endif

#define MHDDL_DEFINE(f)	__typeof__(serve_##f) serve_##f;
MHDDL_FUNCS(MHDDL_DEFINE)

#define MHDDL_SYM(f)	{ #f, &serve_##f },
static const struct dynsym syms[] = { MHDDL_FUNCS(MHDDL_SYM) };

static struct dynlib mhd = { MHD_SONAME, syms,
    sizeof(syms) / sizeof(syms[0]), 0, "", false };

const char *
serve_mhd_load(void)
{
	return dynlib_load(&mhd);
}
