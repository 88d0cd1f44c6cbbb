/* SPDX-License-Identifier: MIT */
/*
 * watch --serve's faces: each face of each card in each language, with
 * a version that a build bumps when the card's inputs change, and its
 * PNG drawn by the export stage when the page asks for it, kept until
 * the next change.  Part of the serve stage.
 */
#include <stdlib.h>
#include <string.h>

#include "serving.h"
#include "../export/export.h"

char *
serve_face_key(const char *lang, const char *id, int back)
{
	return g_strdup_printf("%s/%s/%s", lang, id, back ? "back" : "front");
}

struct serve_face *
serve_face_get(struct serve *sv, const char *key)
{
	struct serve_face *f = g_hash_table_lookup(sv->faces, key);

	if (f == NULL) {
		f = xcalloc(1, sizeof(*f));
		f->version = ++sv->versions;
		g_hash_table_insert(sv->faces, g_strdup(key), f);
	}
	return f;
}

void
serve_face_free(void *p)
{
	struct serve_face *f = p;

	if (f == NULL)
		return;
	free(f->png[0]);
	free(f->png[1]);
	free(f->diags);
	free(f);
}

/* FNV-1a over s and its NUL, into h. */
static uint64_t
mix(uint64_t h, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "\x01");

	do
		h = (h ^ *p) * 0x100000001b3ULL;
	while (*p++ != '\0');
	return h;
}

/* A card's (or pseudo-card's) texts in language li. */
static uint64_t
mix_texts(uint64_t h, const struct card *c, size_t li)
{
	const struct cardtext *ct = &c->texts[li];
	size_t i;

	for (i = 0; ct->v != NULL && i < ct->n; i++) {
		h = mix(h, ct->v[i].field);
		h = mix(h, ct->v[i].value);
		h = mix(h, ct->v[i].fallback ? "f" : ct->v[i].stale ? "s" :
		    "");
	}
	return h;
}

uint64_t
serve_face_sig(const struct deck *deck, const struct tmpl *t,
    const struct card *c, size_t li)
{
	const struct kind *k = &deck->kinds[c->kind];
	uint64_t h = 0xcbf29ce484222325ULL;
	char num[128];
	size_t i;

	h = mix(h, c->id);
	h = mix(h, k->name);
	h = mix(h, k->layout);
	/* What the layout draws, and deck.yaml's own keys (numbering,
	 * typography, credits...): an edit of either changes the faces. */
	snprintf(num, sizeof(num), "%u %u %u %u %016llx %016llx", c->count,
	    c->number, c->kind_number, deck_total(deck),
	    (unsigned long long)(t ? t->sig : 0),
	    (unsigned long long)deck->sig);
	h = mix(h, num);
	h = mix(h, deck->fallback ? deck->fallback[li] : NULL);
	for (i = 0; i < c->nattrs; i++) {
		h = mix(h, c->attrs[i].name);
		h = mix(h, c->attrs[i].value);
	}
	h = mix_texts(h, c, li);
	/* What every card of its kind may print: the kind's strings, the
	 * names of attribute values. */
	h = mix_texts(h, &k->strs, li);
	for (i = 0; i < deck->nattrdefs; i++)
		h = mix_texts(h, &deck->vals[i], li);
	return h;
}

/* Split key "LANG/ID/SIDE" into its language, card and side. */
static bool
parse_key(const struct deck *deck, const char *key, size_t *li,
    const struct card **c, enum face *f)
{
	const char *a = strchr(key, '/'), *b = strrchr(key, '/');
	char *lang, *id;
	int l;

	if (a == NULL || a == b)
		return false;
	lang = g_strndup(key, (size_t)(a - key));
	id = g_strndup(a + 1, (size_t)(b - a - 1));
	l = deck_lang_index(deck, lang);
	*c = deck_card(deck, id);
	*f = strcmp(b + 1, "back") == 0 ? FACE_BACK : FACE_FRONT;
	g_free(lang);
	g_free(id);
	if (l < 0 || *c == NULL)
		return false;
	*li = (size_t)l;
	return true;
}

/* What drawing a face said, one line each as check words it. */
static char *
said(struct diags *d)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	if (d->n == 0 || (f = open_memstream(&buf, &len)) == NULL)
		return NULL;
	diag_print(f, d);
	fclose(f);
	return buf;
}

void
serve_face_draw(struct serve *sv, const char *key, int guides)
{
	struct diags d = { 0 };
	struct serve_face *f;
	const struct card *c = NULL;
	unsigned char *png = NULL;
	unsigned int version = 0;
	enum face side = FACE_FRONT;
	size_t li = 0, len = 0;
	char *text = NULL;
	bool todo, drawable = false;

	pthread_mutex_lock(&sv->lock);
	f = g_hash_table_lookup(sv->faces, key);
	todo = f != NULL && sv->usable && f->made[guides] != f->version;
	if (todo) {
		version = f->version;
		drawable = parse_key(sv->s->deck, key, &li, &c, &side);
	}
	pthread_mutex_unlock(&sv->lock);
	/* Only this thread changes the setup: drawn without the lock. */
	if (drawable) {
		png = export_face_png(sv->s, li, c, side, guides ?
		    SERVE_ZOOM_DPI : SERVE_DPI, guides, &len, &d);
		text = said(&d);
	}
	diag_free(&d);
	pthread_mutex_lock(&sv->lock);
	f = g_hash_table_lookup(sv->faces, key);
	if (todo && f != NULL && f->version == version) {
		free(f->png[guides]);
		f->png[guides] = png;
		f->len[guides] = len;
		/* A back the card has not, a card or a language this game
		 * has not: made too, nothing to show (404), rather than
		 * asked for again and again. */
		f->made[guides] = version;
		if (!guides && drawable) {
			free(f->diags);
			f->diags = text;
			text = NULL;
		}
		png = NULL;
	}
	if (f != NULL)
		f->wanted[guides] = false;
	pthread_cond_broadcast(&sv->cond);
	pthread_mutex_unlock(&sv->lock);
	free(png);
	free(text);
}
