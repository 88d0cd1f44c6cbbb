/* SPDX-License-Identifier: MIT */
/*
 * A library loaded when first needed rather than at start-up (dlopen):
 * its functions resolved from a table, all of them or none.  Used by
 * the art stage for librsvg (art/rsvgdl.c) and the pdf stage for
 * libqpdf (pdf/qpdfdl.c), which most runs never call: linked, they
 * cost every run their relocations and their own dependencies.
 */
#ifndef DECKPRESS_DYNLIB_H
#define DECKPRESS_DYNLIB_H

#include <stdbool.h>
#include <stddef.h>

/* One function of a library: its name, and the pointer it sets. */
struct dynsym {
	const char	*name;
	void		*slot;	/* a function pointer's address */
};

/*
 * One library, by the soname the build found: untried, loaded, or
 * failed with why.
 */
struct dynlib {
	const char	*soname;
	const struct dynsym *syms;
	size_t		 n;
	int		 state;		/* 0 untried, 1 loaded, -1 failed */
	char		 why[256];	/* what went wrong, when it did */
	bool		 own_first;	/* its symbols bound to its own
					   libraries first (RTLD_DEEPBIND):
					   for one whose libraries deckpress
					   shares no data with (not GLib's,
					   as librsvg's do) */
};

/*
 * Load l and set every slot of its table, the first time it is asked
 * (the library then stays for the run: what it made is still used).
 * Returns NULL, or what went wrong ("cannot load libqpdf.so.29: ..."),
 * held by l, the same on every later call.
 */
const char	*dynlib_load(struct dynlib *l);

#endif
