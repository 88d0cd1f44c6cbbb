/* SPDX-License-Identifier: MIT */
/*
 * Inside the serve stage: the faces cache (facecache.c), shared by the
 * server's threads (server.c) and the thread of the builds (serve.c)
 * under one lock, the page's state (state.c) and the page's files,
 * made into C data by the Makefile from page.html, page.css, page.js.
 */
#ifndef DECKPRESS_SERVING_H
#define DECKPRESS_SERVING_H

#include <pthread.h>
#include <stdint.h>

#include <glib.h>

#include "serve.h"

/* The page's files, as the Makefile makes them (out/obj/.../assets.c). */
extern const unsigned char serve_page_html[], serve_page_css[],
    serve_page_js[];
extern const unsigned long serve_page_html_len, serve_page_css_len,
    serve_page_js_len;

/* Screen resolution of a face on the page, and zoomed (guides). */
#define SERVE_DPI	96
#define SERVE_ZOOM_DPI	192

/* One face of one card in one language: "LANG/ID/front". */
struct serve_face {
	unsigned int	 version;	/* bumped when its card changes */
	uint64_t	 sig;		/* of the card's inputs, last build */
	unsigned char	*png[2];	/* owned: plain, with guides */
	size_t		 len[2];
	unsigned int	 made[2];	/* the version png[k] shows (NULL:
					   nothing to draw, 404); 0 none */
	bool		 wanted[2];	/* png[k] queued to be drawn: asked
					   for once, however many wait */
	bool		 shown;		/* the page has had it: redrawn at
					   once when its card changes */
	char		*diags;		/* owned: what drawing it said */
	unsigned long	 seen;		/* the last build that had its card */
};

/* A face asked for and not made: the build thread draws it. */
struct serve_want {
	char		*key;		/* owned */
	int		 guides;
};

struct serve {
	pthread_mutex_t	 lock;		/* all below; the build thread,
					   which alone changes faces (the
					   table, a face's version, sig,
					   png, diags), may read them
					   without it */
	pthread_cond_t	 cond;		/* a face made, an event, stop */
	GHashTable	*faces;		/* key -> struct serve_face */
	unsigned int	 versions;	/* the last version given */
	unsigned long	 loads;		/* serve_loaded() calls */
	struct serve_want *want;
	size_t		 nwant, capwant;
	int		 wakefd;	/* eventfd: the build thread's */
	bool		 usable;	/* the setup may be drawn from */
	bool		 building;	/* a build is under way: a face not
					   drawn waits for none (503), the
					   page asks again after it */
	bool		 stopping;
	bool		 all;		/* this build: every face changed */
	char		*state;		/* owned: /state.json */
	size_t		 statelen;
	char		*body;		/* owned: the last good state, but
					   its error */
	char		*events[64];	/* owned: the last events, a ring */
	unsigned long	 nevents;	/* events ever sent */
	unsigned int	 streams;	/* /events connections open */
	struct setup	*s;		/* borrowed: the build thread's */
	size_t		 li;		/* the language printed */
	int		 port;
	void		*daemons[2];	/* struct MHD_Daemon: v4, v6 */
};

/* facecache.c: the key of a face; g_free(). */
char	*serve_face_key(const char *lang, const char *id, int back);
/* The face of key, made if new (lock held). */
struct serve_face *serve_face_get(struct serve *sv, const char *key);
/*
 * Card c's inputs in language li of deck: its data, texts, kind, the
 * deck's shared strings, deck.yaml but its cards, the language's font
 * fallback, and its layout t as composed (t->sig); two builds that give
 * the same draw the same faces.  Fonts and images are not in it: a
 * change to one changes every face (serve_build_start()).
 */
uint64_t serve_face_sig(const struct deck *deck, const struct tmpl *t,
	    const struct card *c, size_t li);
/*
 * Draw face key (guides: the zoomed one) from sv->s, outside the lock;
 * its PNG stored at its version, the waiting threads told.  A face the
 * game has not (its card or language gone) is made with no PNG.
 */
void	 serve_face_draw(struct serve *sv, const char *key, int guides);
void	 serve_face_free(void *p);

/* server.c: the HTTP daemons on port (0: any); 0 or EXIT_IO. */
int	 serve_http_start(struct serve *sv, int port, bool given,
	    struct diags *d);
void	 serve_http_stop(struct serve *sv);
/* Send text to every /events stream (lock held). */
void	 serve_http_event(struct serve *sv, const char *text);

/*
 * state.c: the page's state but its error as a JSON object, owned by
 * the caller (g_free()), its length in *len: game s (NULL: none
 * loaded), check's composition table, the build's diagnostics d and
 * check's vd, each card's beside it.  The build thread's, lock not
 * held: the faces' table and their versions and diagnostics change in
 * that thread alone (under the lock, for the server's threads).
 */
char	*serve_state_json(struct serve *sv, const struct setup *s,
	    const char *check, const struct diags *d, const struct diags *vd,
	    size_t *len);

#endif
