/* SPDX-License-Identifier: MIT */
/*
 * Libraries loaded when first needed (dynlib.h): dlopen, then dlsym of
 * every function of the table, checked all present before any is used.
 */
#define _GNU_SOURCE	/* RTLD_DEEPBIND, glibc's */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "dynlib.h"

static const char *
fail(struct dynlib *l, const char *what, const char *err)
{
	snprintf(l->why, sizeof(l->why), "cannot load %s: %s", l->soname,
	    what != NULL ? what : err);
	l->state = -1;
	return l->why;
}

/*
 * Bound lazily, as at start-up: binding all of libqpdf's and
 * libstdc++'s calls now costs more than the load saves (ours are
 * checked by dynlib_load()).  own_first: each of its symbols looked up
 * in its own libraries first, not after the fifty deckpress starts
 * with, where nearly all of libqpdf's and libstdc++'s are not: a
 * one-card PDF took 15.4 to 16.5 ms, 12.7 to 13.6 ms so (issue 36).
 * Not under AddressSanitizer, which must see every allocation and
 * refuses RTLD_DEEPBIND.
 */
static int
open_flags(const struct dynlib *l)
{
	int f = RTLD_LAZY | RTLD_LOCAL;

#ifndef __SANITIZE_ADDRESS__
	if (l->own_first)
		f |= RTLD_DEEPBIND;
#endif
	return f;
}

const char *
dynlib_load(struct dynlib *l)
{
	void *h, *fn;
	size_t i;

	if (l->state > 0)
		return NULL;
	if (l->state < 0)
		return l->why;
	if ((h = dlopen(l->soname, open_flags(l))) == NULL)
		return fail(l, NULL, dlerror());
	for (i = 0; i < l->n; i++) {
		if ((fn = dlsym(h, l->syms[i].name)) == NULL) {
			char what[128];

			snprintf(what, sizeof(what), "it has no %s",
			    l->syms[i].name);
			/* None is left pointing into what is closed. */
			while (i-- > 0)
				memset(l->syms[i].slot, 0, sizeof(fn));
			dlclose(h);
			return fail(l, what, NULL);
		}
		/* POSIX: a function's address fits in a void *; copied,
		 * as C has no conversion between the two. */
		memcpy(l->syms[i].slot, &fn, sizeof(fn));
	}
	l->state = 1;
	return NULL;
}
