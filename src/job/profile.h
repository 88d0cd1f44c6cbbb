/* SPDX-License-Identifier: MIT */
/*
 * Inside the job stage: a printer's profile (--printer FILE) read by
 * printer.c, for job.c to take a command's print options from.
 */
#ifndef DECKPRESS_PROFILE_H
#define DECKPRESS_PROFILE_H

#include "job.h"

/*
 * A printer profile (--printer FILE): paper, back_offset_mm: [x, y],
 * duplex, unprintable_mm.  NULL on any error.  Free with
 * job_printer_free().
 */
struct printer	*job_printer_load(const char *path, struct diags *d);
void		 job_printer_free(struct printer *p);

#endif
