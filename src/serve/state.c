/* SPDX-License-Identifier: MIT */
/*
 * watch --serve's /state.json: what the page shows besides the faces --
 * the deck's languages and kinds, each card's title, alt text (its
 * title and texts), texts marked stale or missing, diagnostics in
 * deckpress check's words and face versions, the composition check,
 * the last build's error.  Written with json-glib.  Part of the serve
 * stage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "serving.h"

/* "file:line:col: level: message" of diagnostic i of d, as printed. */
static char *
line_of(const struct diags *d, size_t i)
{
	struct diags one = *d;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	one.v = &d->v[i];
	one.n = 1;
	if ((f = open_memstream(&buf, &len)) == NULL)
		return NULL;
	diag_print(f, &one);
	fclose(f);
	return buf;
}

/*
 * The diagnostics of d about no card (a translation's file that does
 * not parse, say), one line each: the page shows them over the check.
 */
static void
add_said(JsonBuilder *b, const struct diags *d)
{
	GString *s = g_string_new(NULL);
	char *line;
	size_t i;

	for (i = 0; d != NULL && i < d->n; i++) {
		if (d->v[i].card != NULL || d->v[i].level == DIAG_NOTE)
			continue;
		if ((line = line_of(d, i)) != NULL)
			g_string_append(s, line);
		free(line);
	}
	json_builder_set_member_name(b, "said");
	json_builder_add_string_value(b, s->str);
	g_string_free(s, TRUE);
}

/* Each card's diagnostics of d, by "ID\tLANG" (LANG "" for all). */
static void
group(GHashTable *by, const struct diags *d)
{
	GString *s;
	char *key, *line;
	size_t i;

	for (i = 0; d != NULL && i < d->n; i++) {
		if (d->v[i].card == NULL || d->v[i].level == DIAG_NOTE)
			continue;
		key = g_strdup_printf("%s\t%s", d->v[i].card,
		    d->v[i].lang ? d->v[i].lang : "");
		if ((s = g_hash_table_lookup(by, key)) == NULL) {
			s = g_string_new(NULL);
			g_hash_table_insert(by, key, s);
		} else
			g_free(key);
		if ((line = line_of(d, i)) != NULL)
			g_string_append(s, line);
		free(line);
	}
}

static void
free_gstring(void *p)
{
	g_string_free(p, TRUE);
}

/* How text t of a translation stands: "missing", "stale" or "". */
static const char *
status_of(const struct text *t)
{
	if (t->fallback)
		return "missing";
	if (t->stale)
		return "stale";
	return "";
}

/* Card c's texts in language li, as [field, value, status] triples,
 * and its alt text: its title, then each text. */
static void
add_texts(JsonBuilder *b, const struct deck *deck, const struct card *c,
    size_t li)
{
	const struct cardtext *ct = &c->texts[li];
	const char *title = card_title(deck, c, li, NULL);
	GString *alt = g_string_new(title ? title : c->id);
	size_t i;

	json_builder_set_member_name(b, "title");
	json_builder_add_string_value(b, title ? title : c->id);
	json_builder_set_member_name(b, "texts");
	json_builder_begin_array(b);
	for (i = 0; ct->v != NULL && i < ct->n; i++) {
		const struct text *t = &ct->v[i];

		json_builder_begin_array(b);
		json_builder_add_string_value(b, t->field);
		json_builder_add_string_value(b, t->value ? t->value : "");
		json_builder_add_string_value(b, status_of(t));
		json_builder_end_array(b);
		if (t->value != NULL && (title == NULL ||
		    strcmp(t->value, title) != 0))
			g_string_append_printf(alt, ". %s", t->value);
	}
	json_builder_end_array(b);
	json_builder_set_member_name(b, "alt");
	json_builder_add_string_value(b, alt->str);
	g_string_free(alt, TRUE);
}

/* Card c in language li: versions, texts, diagnostics. */
static void
add_lang(JsonBuilder *b, struct serve *sv, const struct setup *s,
    const struct card *c, size_t li, GHashTable *by)
{
	const char *lang = s->deck->langs[li];
	struct serve_face *f;
	GString *diags = g_string_new(NULL), *g;
	char *key;
	int k;

	json_builder_set_member_name(b, lang);
	json_builder_begin_object(b);
	for (k = 0; k < 2; k++) {
		key = serve_face_key(lang, c->id, k);
		f = g_hash_table_lookup(sv->faces, key);
		g_free(key);
		json_builder_set_member_name(b, k ? "vb" : "v");
		json_builder_add_int_value(b, f ? f->version : 0);
		if (f != NULL && f->diags != NULL && k == 0)
			g_string_append(diags, f->diags);
	}
	add_texts(b, s->deck, c, li);
	key = g_strdup_printf("%s\t%s", c->id, lang);
	if ((g = g_hash_table_lookup(by, key)) != NULL &&
	    strstr(diags->str, g->str) == NULL)
		g_string_append(diags, g->str);
	g_free(key);
	key = g_strdup_printf("%s\t", c->id);
	if ((g = g_hash_table_lookup(by, key)) != NULL)
		g_string_append(diags, g->str);
	g_free(key);
	json_builder_set_member_name(b, "diags");
	json_builder_add_string_value(b, diags->str);
	g_string_free(diags, TRUE);
	json_builder_end_object(b);
}

static void
add_cards(JsonBuilder *b, struct serve *sv, const struct setup *s,
    GHashTable *by)
{
	const struct deck *deck = s->deck;
	size_t i, li;

	json_builder_set_member_name(b, "cards");
	json_builder_begin_array(b);
	for (i = 0; i < deck->ncards; i++) {
		const struct card *c = &deck->cards[i];

		json_builder_begin_object(b);
		json_builder_set_member_name(b, "id");
		json_builder_add_string_value(b, c->id);
		json_builder_set_member_name(b, "kind");
		json_builder_add_string_value(b, deck->kinds[c->kind].name);
		json_builder_set_member_name(b, "back");
		json_builder_add_boolean_value(b,
		    s->tmpls[c->kind]->nelems[FACE_BACK] > 0);
		json_builder_set_member_name(b, "l");
		json_builder_begin_object(b);
		for (li = 0; li < deck->nlangs; li++)
			if (deck->loaded[li])
				add_lang(b, sv, s, c, li, by);
		json_builder_end_object(b);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

/* The deck's languages (those loaded) and kinds. */
static void
add_deck(JsonBuilder *b, const struct setup *s, size_t li)
{
	const struct deck *deck = s->deck;
	size_t i;

	json_builder_set_member_name(b, "game");
	json_builder_add_string_value(b, job_game_title(deck));
	json_builder_set_member_name(b, "print");
	json_builder_add_string_value(b, deck->langs[li]);
	json_builder_set_member_name(b, "source");
	json_builder_add_string_value(b, deck->langs[0]);
	json_builder_set_member_name(b, "langs");
	json_builder_begin_array(b);
	for (i = 0; i < deck->nlangs; i++)
		if (deck->loaded[i])
			json_builder_add_string_value(b, deck->langs[i]);
	json_builder_end_array(b);
	json_builder_set_member_name(b, "kinds");
	json_builder_begin_array(b);
	for (i = 0; i < deck->nkinds; i++)
		json_builder_add_string_value(b, deck->kinds[i].name);
	json_builder_end_array(b);
}

char *
serve_state_json(struct serve *sv, const struct setup *s, const char *check,
    const struct diags *d, const struct diags *vd,
    size_t *len)
{
	JsonBuilder *b = json_builder_new();
	JsonGenerator *gen = json_generator_new();
	GHashTable *by = g_hash_table_new_full(g_str_hash, g_str_equal,
	    g_free, free_gstring);
	JsonNode *root;
	gsize n;
	char *out;

	group(by, d);
	group(by, vd);
	json_builder_begin_object(b);
	json_builder_set_member_name(b, "check");
	json_builder_add_string_value(b, check ? check : "");
	add_said(b, vd);
	if (s != NULL && s->deck != NULL) {
		add_deck(b, s, sv->li);
		add_cards(b, sv, s, by);
	}
	json_builder_end_object(b);
	root = json_builder_get_root(b);
	json_generator_set_root(gen, root);
	out = json_generator_to_data(gen, &n);
	*len = n;
	json_node_unref(root);
	g_object_unref(gen);
	g_object_unref(b);
	g_hash_table_destroy(by);
	return out;
}
