/* SPDX-License-Identifier: MIT */
/*
 * watch --serve around each build: before it, every face may change;
 * once the game is loaded, the faces of the cards that changed get new
 * versions, those the page shows are drawn again and the page is told,
 * before the PDF is laid out; after it, the page's state and the
 * build's outcome.  Between builds, the faces the page asks for are
 * drawn here, in the thread of the builds, the one that owns the game.
 * Part of the serve stage.
 */
#include <sys/eventfd.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-glib/json-glib.h>

#include "serving.h"
#include "../validate/validate.h"

/* Faces the page shows drawn again before the PDF at most: the rest
 * when the page asks for them. */
#define EAGER_FACES	32

struct serve *
serve_new(int port, bool given, char **url, struct diags *d)
{
	struct serve *sv = xcalloc(1, sizeof(*sv));

	pthread_mutex_init(&sv->lock, NULL);
	pthread_cond_init(&sv->cond, NULL);
	sv->faces = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
	    serve_face_free);
	if ((sv->wakefd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) < 0) {
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot serve: %s",
		    strerror(errno));
		serve_free(sv);
		return NULL;
	}
	if (serve_http_start(sv, port, given, d) != 0) {
		serve_free(sv);
		return NULL;
	}
	*url = g_strdup_printf("http://127.0.0.1:%d/", sv->port);
	return sv;
}

void
serve_free(struct serve *sv)
{
	size_t i;

	if (sv == NULL)
		return;
	serve_http_stop(sv);
	for (i = 0; i < sv->nwant; i++)
		g_free(sv->want[i].key);
	free(sv->want);
	for (i = 0; i < G_N_ELEMENTS(sv->events); i++)
		g_free(sv->events[i]);
	g_hash_table_destroy(sv->faces);
	g_free(sv->state);
	g_free(sv->body);
	if (sv->wakefd >= 0)
		close(sv->wakefd);
	pthread_cond_destroy(&sv->cond);
	pthread_mutex_destroy(&sv->lock);
	free(sv);
}

int
serve_wake_fd(const struct serve *sv)
{
	return sv->wakefd;
}

void
serve_work(struct serve *sv)
{
	struct serve_want *w;
	uint64_t n;
	size_t i, nw;

	if (read(sv->wakefd, &n, sizeof(n)) < 0 && errno != EAGAIN)
		return;
	pthread_mutex_lock(&sv->lock);
	w = sv->want;
	nw = sv->nwant;
	sv->want = NULL;
	sv->nwant = sv->capwant = 0;
	pthread_mutex_unlock(&sv->lock);
	for (i = 0; i < nw; i++) {
		serve_face_draw(sv, w[i].key, w[i].guides);
		g_free(w[i].key);
	}
	free(w);
}

void
serve_build_start(struct serve *sv, bool all)
{
	pthread_mutex_lock(&sv->lock);
	sv->all = all;
	sv->building = true;
	/* The game is being loaded again: nothing is drawn from it until
	 * serve_loaded() says it is whole. */
	sv->usable = false;
	pthread_mutex_unlock(&sv->lock);
}

/*
 * Card c's faces in language li: new versions if its inputs changed
 * (or every face did), noted in ev; the faces the page has shown
 * added to redraw.  Lock held.
 */
static void
bump(struct serve *sv, const struct card *c, size_t li, GString *ev,
    GPtrArray *redraw)
{
	const char *lang = sv->s->deck->langs[li];
	uint64_t sig = serve_face_sig(sv->s->deck, sv->s->tmpls[c->kind], c,
	    li);
	struct serve_face *f[2];
	bool news = false;
	char *key;
	int k;

	for (k = 0; k < 2; k++) {
		key = serve_face_key(lang, c->id, k);
		f[k] = serve_face_get(sv, key);
		f[k]->seen = sv->loads;
		if (f[k]->sig == 0)
			news = true;	/* a card new to the page */
		else if (sv->all || f[k]->sig != sig) {
			f[k]->version = ++sv->versions;
			news = true;
			if (f[k]->shown && redraw->len < EAGER_FACES) {
				g_ptr_array_add(redraw, key);
				key = NULL;
			}
		}
		f[k]->sig = sig;
		g_free(key);
	}
	if (news && ev->len > 0)
		g_string_append_printf(ev, " %s/%s/%u/%u", lang, c->id,
		    f[0]->version, f[1]->version);
}

/* Is face v not of the game loaded last (its card renamed, removed, its
 * language dropped)? */
static gboolean
gone(void *key, void *v, void *arg)
{
	const struct serve_face *f = v;
	const struct serve *sv = arg;

	(void)key;
	return f->seen != sv->loads;
}

void
serve_loaded(struct serve *sv, struct setup *s, size_t li)
{
	GPtrArray *redraw = g_ptr_array_new_with_free_func(g_free);
	GString *ev = g_string_new("faces changed:"), *none = g_string_new(NULL);
	const struct deck *deck = s->deck;
	size_t i, l, n;
	bool first;

	pthread_mutex_lock(&sv->lock);
	first = sv->s == NULL;
	sv->s = s;
	sv->li = li;
	sv->usable = true;
	sv->loads++;
	n = ev->len;
	for (i = 0; i < deck->ncards; i++)
		for (l = 0; l < deck->nlangs; l++)
			if (deck->loaded[l])
				bump(sv, &deck->cards[i], l, first ? none :
				    ev, redraw);
	/* The faces no card of this game has: 404 from now on, and a
	 * deck whose cards are renamed again and again does not grow. */
	g_hash_table_foreach_remove(sv->faces, gone, sv);
	pthread_mutex_unlock(&sv->lock);
	/* The faces on the page first, so that they are there when it
	 * asks; then the page told, before the PDF. */
	for (i = 0; i < redraw->len; i++)
		serve_face_draw(sv, redraw->pdata[i], 0);
	pthread_mutex_lock(&sv->lock);
	if (ev->len > n)
		serve_http_event(sv, ev->str);
	pthread_mutex_unlock(&sv->lock);
	g_string_free(ev, TRUE);
	g_string_free(none, TRUE);
	g_ptr_array_free(redraw, TRUE);
}

/* The errors of d, one "file:line:col: error: ..." line each. */
static char *
errors_of(struct diags *d)
{
	struct diags only = *d;
	struct diag *v = xcalloc(d->n + 1, sizeof(*v));
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f;

	only.v = v;
	only.n = 0;
	for (i = 0; i < d->n; i++)
		if (d->v[i].level == DIAG_ERROR)
			v[only.n++] = d->v[i];
	if ((f = open_memstream(&buf, &len)) != NULL) {
		diag_print(f, &only);
		fclose(f);
	}
	free(v);
	return buf;
}

/* Check's composition and translations of s, its table into *table
 * (free()), its findings into vd. */
static void
check(struct setup *s, char **table, struct diags *vd)
{
	struct check_report k = { 0 };
	size_t len = 0;
	char *fit;
	FILE *f;

	*table = NULL;
	validate_check(s->deck, s->fonts, s->tmpls, NULL, false, &k, vd);
	if ((f = open_memstream(table, &len)) != NULL) {
		validate_print_table(f, s->deck, s->fonts, &k);
		fclose(f);
	}
	validate_report_free(&k);
	/* The fit is the build's to say (each text too long, at its
	 * card), not this check's, which lays nothing out. */
	if (*table != NULL && (fit = strstr(*table, "fit: not checked")) !=
	    NULL && (fit == *table || fit[-1] == '\n'))
		*fit = '\0';
}

/* The state: {"error": ..., then the last good state's members}
 * (g_free()). */
static char *
state_of(const char *body, const char *error)
{
	JsonNode *n = json_node_new(JSON_NODE_VALUE);
	char *e, *state;

	if (error != NULL)
		json_node_set_string(n, error);
	else
		json_node_init_null(n);
	e = json_to_string(n, FALSE);
	json_node_unref(n);
	state = g_strdup_printf("{\"error\":%s%s%s", e,
	    body && body[1] != '}' ? "," : "}",
	    body && body[1] != '}' ? body + 1 : "");
	g_free(e);
	return state;
}

void
serve_built(struct serve *sv, struct setup *s, int rc, struct diags *d,
    struct diags *aside)
{
	struct diags vd = { 0 };
	char *table = NULL, *err = NULL, *ev, *body = NULL, *state;
	const char *why;
	size_t len;
	bool usable;

	pthread_mutex_lock(&sv->lock);
	usable = sv->usable;
	pthread_mutex_unlock(&sv->lock);
	/* The check reads the game, as drawing does: this thread's.  The
	 * state is made without the lock (a deck of 1 200 cards takes a
	 * while), as only this thread changes what it reads: the faces'
	 * table, versions and diagnostics, sv->body. */
	if (usable) {
		check(s, &table, &vd);
		diag_move(aside, 0, &vd);
		body = serve_state_json(sv, s, table, d, &vd, &len);
	}
	if (rc != 0)
		err = errors_of(d);
	why = rc == 0 ? NULL : err && *err ? err : "the build failed";
	state = state_of(usable ? body : sv->body, why);
	ev = why ? g_strdup_printf("error: %s", why) : g_strdup("ok");
	pthread_mutex_lock(&sv->lock);
	sv->building = false;
	if (usable) {
		g_free(sv->body);
		sv->body = body;
	}
	g_free(sv->state);
	sv->state = state;
	sv->statelen = strlen(state);
	serve_http_event(sv, ev);
	pthread_mutex_unlock(&sv->lock);
	diag_free(aside);
	g_free(ev);
	free(err);
	free(table);
	diag_free(&vd);
}
