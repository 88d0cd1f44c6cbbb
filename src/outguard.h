/* SPDX-License-Identifier: MIT */
/*
 * outfile.c's guard (outguard.c): the outputs it must refuse.  Private
 * to outfile.c; the stages call outfile_input(), outfile_no_links() and
 * outfile_folder() of outfile.h.
 */
#ifndef DECKPRESS_OUTGUARD_H
#define DECKPRESS_OUTGUARD_H

#include <stdbool.h>

#include "diag.h"

struct stat;

/* outfile_no_links() was called: every symbolic link output refused. */
extern bool	 outguard_no_links;

/* Is st one of the files this run read, as it was read? */
bool	 outguard_read(const struct stat *st);

/*
 * Refuse path, reported as name's error, if it is a symbolic link the
 * kernel's protected_symlinks would not follow, or leads through a
 * chain of such links to one.  The chain is only read to check each
 * link; where it ends is for the kernel to say.
 */
bool	 outguard_links(const char *name, const char *path,
	    struct diags *d);

/* "NAME: error: cannot write: WHY", an I/O error. */
void	 outfile_refuse(const char *name, struct diags *d, const char *why);

#endif
