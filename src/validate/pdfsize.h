/* SPDX-License-Identifier: MIT */
/* The cards' PDF size from its art, for check (validate/pdfsize.c). */
#ifndef DECKPRESS_PDFSIZE_H
#define DECKPRESS_PDFSIZE_H

#include <glib.h>

#include "validate.h"

/*
 * The PDF's size from its raster art (validate/pdfsize.c): art maps each
 * image (borrowed) to the lowest dpi it prints at, as validate_size_note_art()
 * records it (a new table: g_hash_table_new_full(NULL, NULL, NULL,
 * g_free)); validate_size_check() warns when the cards' PDF will pass 50 MB,
 * with what --image-dpi 300 would make it.
 */
void	 validate_size_note_art(GHashTable *art, const struct image *img,
	    double dpi);
void	 validate_size_check(const struct deck *deck, GHashTable *art,
	    struct diags *d);

#endif
