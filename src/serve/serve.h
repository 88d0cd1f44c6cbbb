/* SPDX-License-Identifier: MIT */
/*
 * The serve stage: watch --serve's local page.  A small HTTP server
 * (GNU libmicrohttpd, on the loopback addresses only) shows every face
 * of the deck watch builds, as PNGs drawn by the export stage's
 * renderer, with each card's diagnostics and the composition check as
 * deckpress check words them, and tells the page over Server-Sent
 * Events which faces changed at each build.  Above export/, validate/
 * and job/; the watch command calls it around each build.
 */
#ifndef DECKPRESS_SERVE_H
#define DECKPRESS_SERVE_H

#include <stdbool.h>
#include <stddef.h>

#include "../diag.h"
#include "../job/job.h"

struct serve;

/* The port a server asks for unless told: another if it is busy. */
#define SERVE_PORT	8470

/*
 * Listen on 127.0.0.1 (and ::1 where the system has it) at port (0: a
 * free one; SERVE_PORT unless given, another if it is busy), in a
 * thread of the server's own.  *url gets "http://127.0.0.1:PORT/"
 * (g_free()).  NULL, with an error in d, if it cannot (EXIT_IO).
 */
struct serve	*serve_new(int port, bool given, char **url, struct diags *d);
/* Stop the server, its connections closed, and free everything. */
void		 serve_free(struct serve *sv);

/*
 * The descriptor the caller's loop polls: readable when the page asks
 * for a face not drawn yet; serve_work() then draws it.
 */
int		 serve_wake_fd(const struct serve *sv);
/* Draw the faces the page asked for (the thread of the builds). */
void		 serve_work(struct serve *sv);

/*
 * A build starts: all, if more than the deck's YAML changed (an image,
 * a font, a layout outside the deck), every face is taken as changed;
 * else the faces whose inputs changed (serve_face_sig(): a card's
 * data and texts, its layout as read, deck.yaml) get new versions.
 */
void		 serve_build_start(struct serve *sv, bool all);
/*
 * A build loaded and bound game s, language li printed: the faces
 * whose card changed get new versions, those the page shows are drawn
 * again, and the page is told, before the PDF is laid out.
 */
void		 serve_loaded(struct serve *sv, struct setup *s, size_t li);
/*
 * The build ended with rc and diagnostics d: the page's state (each
 * card's diagnostics, the composition check of s) and its error, if
 * any; the page is told "ok" or the error.  aside: what reading the
 * languages other than the one printed said (load_opts.aside), shown
 * on the page and emptied; its files are interned in d.
 */
void		 serve_built(struct serve *sv, struct setup *s, int rc,
		    struct diags *d, struct diags *aside);

#endif
