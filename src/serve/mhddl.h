/* SPDX-License-Identifier: MIT */
/*
 * GNU libmicrohttpd, loaded when watch --serve first starts its server,
 * not at start-up: it brings GnuTLS and its own dependencies, which no
 * other run needs.  Included after <microhttpd.h>, it makes the names
 * server.c calls pointers serve_NAME of the same types, which
 * serve_mhd_load() sets.  MHD_SONAME is the soname the build found.
 */
#ifndef DECKPRESS_MHDDL_H
#define DECKPRESS_MHDDL_H

#include <microhttpd.h>

/* Every function of libmicrohttpd deckpress calls; X(name) for each:
 * all are in 0.9.75 (Debian 12) and 1.0 (Debian 13). */
#define MHDDL_FUNCS(X) \
	X(MHD_start_daemon) \
	X(MHD_stop_daemon) \
	X(MHD_lookup_connection_value) \
	X(MHD_create_response_from_buffer) \
	X(MHD_create_response_from_callback) \
	X(MHD_add_response_header) \
	X(MHD_queue_response) \
	X(MHD_destroy_response)

#ifndef DYNLIB_LISTS_ONLY
#define MHDDL_DECLARE(f)	extern __typeof__(&f) serve_##f;
MHDDL_FUNCS(MHDDL_DECLARE)

/*
 * Load libmicrohttpd unless it is: NULL, or what went wrong ("cannot
 * load libmicrohttpd.so.12: ..."; static).
 */
const char	*serve_mhd_load(void);

#define MHD_start_daemon		serve_MHD_start_daemon
#define MHD_stop_daemon			serve_MHD_stop_daemon
#define MHD_lookup_connection_value	serve_MHD_lookup_connection_value
#define MHD_create_response_from_buffer	serve_MHD_create_response_from_buffer
#define MHD_create_response_from_callback \
	serve_MHD_create_response_from_callback
#define MHD_add_response_header		serve_MHD_add_response_header
#define MHD_queue_response		serve_MHD_queue_response
#define MHD_destroy_response		serve_MHD_destroy_response
#endif /* DYNLIB_LISTS_ONLY */

#endif
