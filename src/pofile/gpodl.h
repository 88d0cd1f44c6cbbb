/* SPDX-License-Identifier: MIT */
/*
 * libgettextpo, loaded the first time a PO file is read or written,
 * not at start-up: it and the libunistring it brings were a fifth of
 * every run's start-up (a quarter of its symbol lookups), and only
 * strings --po/--pot and check --from use them.  Included after
 * <gettext-po.h>, it makes the names poread.c and powrite.c call
 * pointers pofile_NAME of the same types, which pofile_gpo_load()
 * sets.  GPO_SONAME is the soname the build found.
 */
#ifndef DECKPRESS_GPODL_H
#define DECKPRESS_GPODL_H

#include <gettext-po.h>

/* Every function of libgettextpo deckpress calls, by the names the
 * library exports (po_file_read is po_file_read_v3); X(name) for each. */
#define GPODL_FUNCS(X) \
	X(po_file_create) \
	X(po_file_read_v3) \
	X(po_file_write_v2) \
	X(po_file_free) \
	X(po_file_domain_header) \
	X(po_header_field) \
	X(po_message_iterator) \
	X(po_message_iterator_free) \
	X(po_next_message) \
	X(po_message_insert) \
	X(po_message_create) \
	X(po_message_msgctxt) \
	X(po_message_set_msgctxt) \
	X(po_message_msgid) \
	X(po_message_set_msgid) \
	X(po_message_msgid_plural) \
	X(po_message_msgstr) \
	X(po_message_set_msgstr) \
	X(po_message_set_prev_msgctxt) \
	X(po_message_prev_msgid) \
	X(po_message_set_prev_msgid) \
	X(po_message_is_obsolete) \
	X(po_message_is_fuzzy) \
	X(po_message_set_fuzzy) \
	X(po_message_set_format) \
	X(po_message_set_extracted_comments) \
	X(po_message_add_filepos)

#ifndef DYNLIB_LISTS_ONLY
#define GPODL_DECLARE(f)	extern __typeof__(&f) pofile_##f;
GPODL_FUNCS(GPODL_DECLARE)

/*
 * Load libgettextpo unless it is: NULL, or what went wrong ("cannot
 * load libgettextpo.so.0: ..."; static).
 */
const char	*pofile_gpo_load(void);

#define po_file_create			pofile_po_file_create
#define po_file_read_v3			pofile_po_file_read_v3
#define po_file_write_v2		pofile_po_file_write_v2
#define po_file_free			pofile_po_file_free
#define po_file_domain_header		pofile_po_file_domain_header
#define po_header_field			pofile_po_header_field
#define po_message_iterator		pofile_po_message_iterator
#define po_message_iterator_free	pofile_po_message_iterator_free
#define po_next_message			pofile_po_next_message
#define po_message_insert		pofile_po_message_insert
#define po_message_create		pofile_po_message_create
#define po_message_msgctxt		pofile_po_message_msgctxt
#define po_message_set_msgctxt		pofile_po_message_set_msgctxt
#define po_message_msgid		pofile_po_message_msgid
#define po_message_set_msgid		pofile_po_message_set_msgid
#define po_message_msgid_plural		pofile_po_message_msgid_plural
#define po_message_msgstr		pofile_po_message_msgstr
#define po_message_set_msgstr		pofile_po_message_set_msgstr
#define po_message_set_prev_msgctxt	pofile_po_message_set_prev_msgctxt
#define po_message_prev_msgid		pofile_po_message_prev_msgid
#define po_message_set_prev_msgid	pofile_po_message_set_prev_msgid
#define po_message_is_obsolete		pofile_po_message_is_obsolete
#define po_message_is_fuzzy		pofile_po_message_is_fuzzy
#define po_message_set_fuzzy		pofile_po_message_set_fuzzy
#define po_message_set_format		pofile_po_message_set_format
#define po_message_set_extracted_comments \
	pofile_po_message_set_extracted_comments
#define po_message_add_filepos		pofile_po_message_add_filepos
#endif /* DYNLIB_LISTS_ONLY */

#endif
