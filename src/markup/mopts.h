/* SPDX-License-Identifier: MIT */
/*
 * Inside the markup stage: the "|key=value" options of an icon or an
 * image (mtags.c), for markup.c.
 */
#ifndef DECKPRESS_MOPTS_H
#define DECKPRESS_MOPTS_H

#include "markup.h"

/* Parse "|key=value" options of an icon or image (mtags.c). */
bool		 markup_opts_parse(const char *s, size_t from, size_t to,
		    struct mtoken *k, struct mtokens *t);

#endif
