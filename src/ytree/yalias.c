/* SPDX-License-Identifier: MIT */
/*
 * YAML anchors, aliases and merge keys for the tree ytree.c builds: an
 * alias shares the node its anchor marks (positions stay where the
 * value was written), bounded by the values it stands for so that a
 * billion laughs costs a few aliases, and "<<" merges mappings as YAML
 * 1.1 says (explicit keys win, earlier merged mappings over later).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include <glib.h>

#include "ybuild.h"

/* An anchor's node (NULL while it is being built) and its weight. */
struct yanchor {
	struct ynode	*node;
	size_t		 size;		/* values it stands for, aliases
					   inside it expanded */
};

/* The values built so far, each alias counted as what it repeats. */
static size_t
weight(const struct builder *b)
{
	return b->nodes + b->expanded;
}

const char *
ytree_event_anchor(const yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		return (const char *)ev->data.scalar.anchor;
	case YAML_SEQUENCE_START_EVENT:
		return (const char *)ev->data.sequence_start.anchor;
	case YAML_MAPPING_START_EVENT:
		return (const char *)ev->data.mapping_start.anchor;
	case YAML_ALIAS_EVENT:
		return (const char *)ev->data.alias.anchor;
	default:
		return NULL;
	}
}

size_t
ytree_anchor_open(struct builder *b, const char *name)
{
	struct yanchor *an = g_new0(struct yanchor, 1);

	if (b->anchors == NULL)
		b->anchors = g_hash_table_new_full(g_str_hash, g_str_equal,
		    g_free, g_free);
	/* A later anchor of the same name hides the earlier (YAML). */
	g_hash_table_replace(b->anchors, g_strdup(name), an);
	return weight(b);
}

void
ytree_anchor_close(struct builder *b, const char *name, struct ynode *n,
    size_t before)
{
	struct yanchor *an = g_new0(struct yanchor, 1);

	an->node = n;
	an->size = weight(b) - before;
	g_hash_table_replace(b->anchors, g_strdup(name), an);
}

void
ytree_anchors_free(struct builder *b)
{
	if (b->anchors != NULL)
		g_hash_table_destroy(b->anchors);
	b->anchors = NULL;
}

/* The anchor name is likely a typo of, or NULL. */
static const char *
anchor_hint(const struct builder *b, const char *name)
{
	const char *hint = NULL;
	guint n = 0;
	gpointer *keys;

	if (b->anchors == NULL)
		return NULL;
	keys = g_hash_table_get_keys_as_array(b->anchors, &n);
	hint = closest_word(name, (const char *const *)keys, n);
	g_free(keys);
	return hint;
}

struct ynode *
ytree_alias(struct builder *b, const yaml_event_t *ev,
    const struct srcpos *pos)
{
	const char *name = (const char *)ev->data.alias.anchor;
	struct yanchor *an = b->anchors == NULL ? NULL :
	    g_hash_table_lookup(b->anchors, name);
	const char *hint;

	if (an == NULL && (hint = anchor_hint(b, name)) != NULL)
		diag_add(b->d, DIAG_ERROR, pos, "yaml", "'*%s' repeats no "
		    "value: no '&%s' marks one before it; did you mean "
		    "'*%s'?", name, name, hint);
	else if (an == NULL)
		diag_add(b->d, DIAG_ERROR, pos, "yaml", "'*%s' repeats no "
		    "value: no '&%s' marks one before it; put text that "
		    "starts with '*' in quotes", name, name);
	else if (an->node == NULL)
		diag_add(b->d, DIAG_ERROR, pos, "yaml", "'*%s' is inside the "
		    "value '&%s' marks: a value cannot hold itself", name,
		    name);
	/* Counted in full each time: the tree shares the node, but every
	 * reader walks it once for each alias. */
	else if (an->size > MAX_ALIASED - b->expanded)
		diag_add(b->d, DIAG_ERROR, pos, "limit", "with this alias "
		    "the file's aliases repeat more than %d values: write "
		    "the values out, or check the file is the one meant",
		    MAX_ALIASED);
	else {
		b->expanded += an->size;
		return an->node;
	}
	b->failed = true;
	return NULL;
}

static bool
is_merge(const struct ynode *k)
{
	return k->type == YNODE_SCALAR && k->plain && strcmp(k->str, "<<") == 0;
}

/*
 * The mappings a "<<" value v merges: v itself (in *one) or its items;
 * how many, or 0 after an error at what is not a mapping.
 */
static size_t
merged_maps(struct builder *b, const struct ynode *v,
    const struct ynode **one, const struct ynode *const **m)
{
	const struct ynode *at = v;
	size_t i;

	if (v->type == YNODE_MAP) {
		*one = v;
		*m = one;
		return 1;
	}
	for (i = 0; v->type == YNODE_SEQ && i < v->n; i++)
		if ((at = v->items[i])->type != YNODE_MAP)
			break;
	if (v->type == YNODE_SEQ && i == v->n && v->n > 0) {
		*m = (const struct ynode *const *)v->items;
		return v->n;
	}
	diag_add(b->d, DIAG_ERROR, &at->pos, "yaml", "'<<' merges a mapping "
	    "or a list of mappings into this one, not %s", ytree_kind(at));
	b->failed = true;
	return 0;
}

/* Add p to out unless have holds its key already. */
static void
take_pair(GHashTable *have, struct ypair *out, size_t *n,
    const struct ypair *p)
{
	if (g_hash_table_contains(have, p->key->str))
		return;
	g_hash_table_add(have, (gpointer)p->key->str);
	out[(*n)++] = *p;
}

bool
ytree_has_merge(const struct ynode *map)
{
	size_t i;

	for (i = 0; i < map->n; i++)
		if (is_merge(map->pairs[i].key))
			return true;
	return false;
}

void
ytree_merge(struct builder *b, struct ynode *map)
{
	GHashTable *have = g_hash_table_new(g_str_hash, g_str_equal);
	const struct ynode *one, *const *m;
	struct ypair *out;
	size_t i, j, k, nm, total = 0, n = 0;
	bool ok = true;

	for (i = 0; i < map->n; i++) {
		if (!is_merge(map->pairs[i].key)) {
			total++;
			/* Explicit keys win wherever they stand. */
			g_hash_table_add(have, (gpointer)map->pairs[i].key->str);
		} else if ((nm = merged_maps(b, map->pairs[i].val, &one,
		    &m)) == 0)
			ok = false;
		else
			for (j = 0; j < nm; j++)
				total += m[j]->n;
	}
	if (!ok) {
		g_hash_table_destroy(have);
		return;
	}
	out = arena_alloc(b->a, total * sizeof(*out) + 1);
	for (i = 0; i < map->n; i++) {
		if (!is_merge(map->pairs[i].key)) {
			out[n++] = map->pairs[i];
			continue;
		}
		/* Merged keys stand where "<<" stood, the first map's first. */
		nm = merged_maps(b, map->pairs[i].val, &one, &m);
		for (j = 0; j < nm; j++)
			for (k = 0; k < m[j]->n; k++)
				take_pair(have, out, &n, &m[j]->pairs[k]);
	}
	g_hash_table_destroy(have);
	map->pairs = out;
	map->n = n;
}
