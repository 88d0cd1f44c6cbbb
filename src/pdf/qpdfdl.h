/* SPDX-License-Identifier: MIT */
/*
 * libqpdf, loaded the first time a PDF is finished (qpdfdl.c), for the
 * pdf stage's finishing step: included after <qpdf/qpdf-c.h> (by
 * finishing.h), it makes the names of the C API it calls pointers
 * pdf_NAME of the same types, which pdf_qpdf_load() sets.  Runs that
 * finish no PDF (check, strings, PNG exports) never load it, nor the
 * TLS libraries only it needs.
 */
#ifndef DECKPRESS_QPDFDL_H
#define DECKPRESS_QPDFDL_H

#include <qpdf/qpdf-c.h>

/* Every function of libqpdf deckpress calls; X(name) for each. */
#define QPDFDL_FUNCS(X) \
	X(qpdf_cleanup) \
	X(qpdf_get_buffer) \
	X(qpdf_get_buffer_length) \
	X(qpdf_get_error) \
	X(qpdf_get_error_full_text) \
	X(qpdf_get_num_pages) \
	X(qpdf_get_page_n) \
	X(qpdf_get_root) \
	X(qpdf_get_trailer) \
	X(qpdf_has_error) \
	X(qpdf_init) \
	X(qpdf_init_write) \
	X(qpdf_init_write_memory) \
	X(qpdf_more_warnings) \
	X(qpdf_next_warning) \
	X(qpdf_oh_append_item) \
	X(qpdf_oh_begin_dict_key_iter) \
	X(qpdf_oh_dict_more_keys) \
	X(qpdf_oh_dict_next_key) \
	X(qpdf_oh_erase_item) \
	X(qpdf_oh_get_array_item) \
	X(qpdf_oh_get_array_n_items) \
	X(qpdf_oh_get_dict) \
	X(qpdf_oh_get_key) \
	X(qpdf_oh_get_object_id) \
	X(qpdf_oh_get_stream_data) \
	X(qpdf_oh_get_utf8_value) \
	X(qpdf_oh_get_value_as_number) \
	X(qpdf_oh_has_key) \
	X(qpdf_oh_insert_item) \
	X(qpdf_oh_is_array) \
	X(qpdf_oh_is_dictionary) \
	X(qpdf_oh_is_indirect) \
	X(qpdf_oh_is_integer) \
	X(qpdf_oh_is_name_and_equals) \
	X(qpdf_oh_is_null) \
	X(qpdf_oh_is_stream) \
	X(qpdf_oh_is_string) \
	X(qpdf_oh_new_array) \
	X(qpdf_oh_new_bool) \
	X(qpdf_oh_new_dictionary) \
	X(qpdf_oh_new_name) \
	X(qpdf_oh_new_null) \
	X(qpdf_oh_new_real_from_double) \
	X(qpdf_oh_new_stream) \
	X(qpdf_oh_new_unicode_string) \
	X(qpdf_oh_release) \
	X(qpdf_oh_release_all) \
	X(qpdf_oh_replace_key) \
	X(qpdf_oh_replace_stream_data) \
	X(qpdf_oh_set_array_item) \
	X(qpdf_read) \
	X(qpdf_read_memory) \
	X(qpdf_set_deterministic_ID) \
	X(qpdf_set_object_stream_mode) \
	X(qpdf_set_stream_data_mode) \
	X(qpdf_set_suppress_warnings) \
	X(qpdf_silence_errors) \
	X(qpdf_write)

#ifndef DYNLIB_LISTS_ONLY
#define QPDFDL_DECLARE(f)	extern __typeof__(&f) pdf_##f;
QPDFDL_FUNCS(QPDFDL_DECLARE)

/*
 * Load libqpdf (the soname the build found) unless it is: NULL, or
 * what went wrong ("cannot load libqpdf.so.29: ..."; static).  Every
 * call through the names below comes after it succeeded.
 */
const char	*pdf_qpdf_load(void);

#define qpdf_cleanup	pdf_qpdf_cleanup
#define qpdf_get_buffer	pdf_qpdf_get_buffer
#define qpdf_get_buffer_length	pdf_qpdf_get_buffer_length
#define qpdf_get_error	pdf_qpdf_get_error
#define qpdf_get_error_full_text	pdf_qpdf_get_error_full_text
#define qpdf_get_num_pages	pdf_qpdf_get_num_pages
#define qpdf_get_page_n	pdf_qpdf_get_page_n
#define qpdf_get_root	pdf_qpdf_get_root
#define qpdf_get_trailer	pdf_qpdf_get_trailer
#define qpdf_has_error	pdf_qpdf_has_error
#define qpdf_init	pdf_qpdf_init
#define qpdf_init_write	pdf_qpdf_init_write
#define qpdf_init_write_memory	pdf_qpdf_init_write_memory
#define qpdf_more_warnings	pdf_qpdf_more_warnings
#define qpdf_next_warning	pdf_qpdf_next_warning
#define qpdf_oh_append_item	pdf_qpdf_oh_append_item
#define qpdf_oh_begin_dict_key_iter	pdf_qpdf_oh_begin_dict_key_iter
#define qpdf_oh_dict_more_keys	pdf_qpdf_oh_dict_more_keys
#define qpdf_oh_dict_next_key	pdf_qpdf_oh_dict_next_key
#define qpdf_oh_erase_item	pdf_qpdf_oh_erase_item
#define qpdf_oh_get_array_item	pdf_qpdf_oh_get_array_item
#define qpdf_oh_get_array_n_items	pdf_qpdf_oh_get_array_n_items
#define qpdf_oh_get_dict	pdf_qpdf_oh_get_dict
#define qpdf_oh_get_key	pdf_qpdf_oh_get_key
#define qpdf_oh_get_object_id	pdf_qpdf_oh_get_object_id
#define qpdf_oh_get_stream_data	pdf_qpdf_oh_get_stream_data
#define qpdf_oh_get_utf8_value	pdf_qpdf_oh_get_utf8_value
#define qpdf_oh_get_value_as_number	pdf_qpdf_oh_get_value_as_number
#define qpdf_oh_has_key	pdf_qpdf_oh_has_key
#define qpdf_oh_insert_item	pdf_qpdf_oh_insert_item
#define qpdf_oh_is_array	pdf_qpdf_oh_is_array
#define qpdf_oh_is_dictionary	pdf_qpdf_oh_is_dictionary
#define qpdf_oh_is_indirect	pdf_qpdf_oh_is_indirect
#define qpdf_oh_is_integer	pdf_qpdf_oh_is_integer
#define qpdf_oh_is_name_and_equals	pdf_qpdf_oh_is_name_and_equals
#define qpdf_oh_is_null	pdf_qpdf_oh_is_null
#define qpdf_oh_is_stream	pdf_qpdf_oh_is_stream
#define qpdf_oh_is_string	pdf_qpdf_oh_is_string
#define qpdf_oh_new_array	pdf_qpdf_oh_new_array
#define qpdf_oh_new_bool	pdf_qpdf_oh_new_bool
#define qpdf_oh_new_dictionary	pdf_qpdf_oh_new_dictionary
#define qpdf_oh_new_name	pdf_qpdf_oh_new_name
#define qpdf_oh_new_null	pdf_qpdf_oh_new_null
#define qpdf_oh_new_real_from_double	pdf_qpdf_oh_new_real_from_double
#define qpdf_oh_new_stream	pdf_qpdf_oh_new_stream
#define qpdf_oh_new_unicode_string	pdf_qpdf_oh_new_unicode_string
#define qpdf_oh_release	pdf_qpdf_oh_release
#define qpdf_oh_release_all	pdf_qpdf_oh_release_all
#define qpdf_oh_replace_key	pdf_qpdf_oh_replace_key
#define qpdf_oh_replace_stream_data	pdf_qpdf_oh_replace_stream_data
#define qpdf_oh_set_array_item	pdf_qpdf_oh_set_array_item
#define qpdf_read	pdf_qpdf_read
#define qpdf_read_memory	pdf_qpdf_read_memory
#define qpdf_set_deterministic_ID	pdf_qpdf_set_deterministic_ID
#define qpdf_set_object_stream_mode	pdf_qpdf_set_object_stream_mode
#define qpdf_set_stream_data_mode	pdf_qpdf_set_stream_data_mode
#define qpdf_set_suppress_warnings	pdf_qpdf_set_suppress_warnings
#define qpdf_silence_errors	pdf_qpdf_silence_errors
#define qpdf_write	pdf_qpdf_write
#endif /* DYNLIB_LISTS_ONLY */

#endif
