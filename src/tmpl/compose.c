/* SPDX-License-Identifier: MIT */
/*
 * A layout composed of others, at the top of reading a template, on
 * its YAML tree: "extends" merges in the layout it names (a file of the
 * game or a bundled layout), "- include: FILE" items insert a file's
 * list of elements, and tstyle.c then applies defaults and styles.  The
 * result is one tree the element loader (tmpl.c) reads as if written
 * so, every node still where it was written.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "tctx.h"
#include "../confine/confine.h"

struct composer {
	struct arena		*a;
	const struct confine	*conf;
	struct diags		*d;
	/* The files being read, the layout first: extends and includes. */
	const char		*shown[TMPL_MAX_COMPOSE + 1];	/* as named */
	char			*real[TMPL_MAX_COMPOSE + 1];	/* owned */
	size_t			 depth;
	GHashTable		*lists;		/* real path -> an included
						   file's tree, read once */
	size_t			 included;	/* elements includes inserted */
	bool			 ok;
};

static const struct ynode *
fail(struct composer *c)
{
	c->ok = false;
	return NULL;
}

/*
 * name from the folder of file from: "a/b/../c" as "a/c", so that the
 * files of a chain are named as plainly as their layout is.
 */
static const char *
joined(struct composer *c, const char *from, const char *name)
{
	gchar *dir = g_path_get_dirname(from);
	gchar *p = g_path_is_absolute(name) ? g_strdup(name) :
	    g_build_filename(dir, name, NULL);
	gchar **seg = g_strsplit(p, "/", -1);
	const char **keep = g_new0(const char *, g_strv_length(seg) + 1);
	struct strbuf b = { 0 };
	size_t i, n = 0;
	const char *out;

	for (i = 0; seg[i] != NULL; i++) {
		if (strcmp(seg[i], ".") == 0 || (i > 0 && *seg[i] == '\0'))
			continue;
		/* "x/.." goes; "../.." and "/.." stay as they are. */
		if (strcmp(seg[i], "..") == 0 && n > 0 &&
		    strcmp(keep[n - 1], "..") != 0 && *keep[n - 1] != '\0') {
			n--;
			continue;
		}
		keep[n++] = seg[i];
	}
	for (i = 0; i < n; i++)
		sb_printf(&b, "%s%s", i > 0 ? "/" : "", keep[i]);
	out = arena_strdup(c->a, b.len > 0 ? b.s : n > 0 ? "/" : ".");
	sb_free(&b);
	g_free(keep);
	g_strfreev(seg);
	g_free(p);
	g_free(dir);
	return out;
}

/*
 * The path of the file that key's value val names from file from: a
 * path from from's folder; or, for extends, a bundled layout by name,
 * as deck.yaml's layout names one ("general/token"; a name that starts
 * with ./ or ../, or ends in .yaml, is a path).  *raw is it as written,
 * "a/b/../c" where the path is "a/c": where it is refused, the ".."
 * says why.  NULL after an error.
 */
static bool
names_file(const char *key, const char *name)
{
	size_t n = strlen(name);

	return strcmp(key, "extends") != 0 || strncmp(name, "./", 2) == 0 ||
	    strncmp(name, "../", 3) == 0 ||
	    (n > 5 && strcmp(name + n - 5, ".yaml") == 0);
}

static const char *
file_path(struct composer *c, const char *from, const struct ynode *val,
    const char *key, const char **raw)
{
	const char *name = val->str;
	gchar *dir;

	if (names_file(key, name)) {
		dir = g_path_get_dirname(from);
		*raw = g_path_is_absolute(name) ? name :
		    arena_printf(c->a, "%s/%s", dir, name);
		g_free(dir);
		return joined(c, from, name);
	}
	if (c->conf == NULL || c->conf->layouts_named == NULL) {
		diag_add(c->d, DIAG_ERROR, &val->pos, "unknown-layout",
		    "extends: no bundled layouts are known here; name a file, "
		    "like ./%s.yaml", name);
		c->ok = false;
		return NULL;
	}
	*raw = arena_printf(c->a, "%s/%s.yaml", c->conf->layouts_named, name);
	return *raw;
}

/* "a -> b -> a": the chain from the file at i to path again. */
static char *
chain(const struct composer *c, size_t i, const char *path)
{
	struct strbuf b = { 0 };

	for (; i < c->depth; i++)
		sb_printf(&b, "%s -> ", c->shown[i]);
	sb_puts(&b, path);
	return b.s;
}

/*
 * Is the file at path (its real path real) one being read, or one
 * too deep?  Then an error at val, key naming what leads there.
 */
static bool
loops(struct composer *c, const char *path, const char *real,
    const struct ynode *val, const char *key)
{
	char *ch;
	size_t i;

	for (i = 0; i < c->depth && strcmp(c->real[i], real) != 0; i++)
		continue;
	if (i == c->depth && c->depth < TMPL_MAX_COMPOSE)
		return false;
	if (i < c->depth) {
		ch = chain(c, i, path);
		diag_add(c->d, DIAG_ERROR, &val->pos, "cycle", "%s makes a "
		    "cycle: %s", key, ch);
	} else {
		ch = NULL;
		diag_add(c->d, DIAG_ERROR, &val->pos, "limit", "%s: layouts "
		    "and included files nested more than %d deep",
		    key, TMPL_MAX_COMPOSE);
	}
	free(ch);
	c->ok = false;
	return true;
}

/* The file read last is done with. */
static void
pop(struct composer *c)
{
	free(c->real[--c->depth]);
}

/*
 * The tree of the file key's value val names, from file from, pushed
 * on the files being read (pop() it), its name in *shown; NULL after
 * an error at val: outside the game, not there, a cycle, too deep.
 * An included file is read once however often it is included.
 */
static const struct ynode *
open_file(struct composer *c, const char *from, const struct ynode *val,
    const char *key, const char **shown)
{
	const char *path, *raw, *what = strcmp(key, "extends") == 0 ?
	    "layout file" : "included file";
	const struct ynode *root;
	char *real;

	if (!ytree_expect(val, YNODE_SCALAR, key, NULL, c->d))
		return fail(c);
	if ((path = file_path(c, from, val, key, &raw)) == NULL)
		return NULL;
	if (!confine_check(c->conf, raw, what, &val->pos, key, c->d))
		return fail(c);
	if (!file_exists(path)) {
		if (names_file(key, val->str))
			diag_add(c->d, DIAG_ERROR, &val->pos, "missing", "%s: "
			    "%s %s not found", key, what, path);
		else
			diag_add(c->d, DIAG_ERROR, &val->pos, "unknown-layout",
			    "extends: unknown layout '%s' (the bundled ones "
			    "are in layouts/; a file of the game is named "
			    "./%s.yaml)", val->str, val->str);
		return fail(c);
	}
	if ((real = realpath(path, NULL)) == NULL)
		real = xstrdup(path);
	if (loops(c, path, real, val, key)) {
		free(real);
		return NULL;
	}
	if ((root = g_hash_table_lookup(c->lists, real)) == NULL &&
	    (root = ytree_load(c->a, c->conf, path, c->d)) != NULL &&
	    strcmp(key, "include") == 0)
		g_hash_table_insert(c->lists, arena_strdup(c->a, real),
		    (gpointer)root);
	if (root == NULL) {
		free(real);
		return fail(c);
	}
	*shown = diag_file(c->d, path);
	c->shown[c->depth] = *shown;
	c->real[c->depth++] = real;
	return root;
}

/* A growing list of elements, in the composer's arena. */
struct elems {
	struct ynode	**v;
	size_t		  n, cap;
};

static void
push_elem(struct composer *c, struct elems *l, struct ynode *e)
{
	if (l->n == l->cap) {
		struct ynode **v = arena_alloc(c->a, (2 * l->cap + 16) *
		    sizeof(*v));

		if (l->n > 0)
			memcpy(v, l->v, l->n * sizeof(*v));
		l->v = v;
		l->cap = 2 * l->cap + 16;
	}
	l->v[l->n++] = e;
}

static bool
is_include(const struct ynode *e)
{
	return e->type == YNODE_MAP && ytree_get(e, "include") != NULL;
}

static const struct ynode *expand_face(struct composer *c, const char *file,
    const struct ynode *list);

/*
 * "- include: FILE": the elements of FILE (a list of them, its own
 * includes inserted) added to l.  Each counts towards
 * TMPL_MAX_INCLUDED once for each include it comes through, so that
 * includes of includes cannot multiply without bound.
 */
static void
include(struct composer *c, const char *file, const struct ynode *item,
    struct elems *l)
{
	const struct ynode *inc, *sub;
	const char *shown;
	size_t i;

	for (i = 0; i < item->n; i++)
		if (strcmp(item->pairs[i].key->str, "include") != 0) {
			diag_add(c->d, DIAG_ERROR, &item->pairs[i].key->pos,
			    "unknown-key", "an include takes no other key: "
			    "'%s' belongs to the elements of the file",
			    item->pairs[i].key->str);
			c->ok = false;
		}
	if ((inc = open_file(c, file, ytree_get(item, "include"), "include",
	    &shown)) == NULL)
		return;
	if (inc->type != YNODE_SEQ) {
		diag_add(c->d, DIAG_ERROR, &inc->pos, "type", "an included "
		    "file is a list of elements, not %s", ytree_kind(inc));
		c->ok = false;
	} else if ((sub = expand_face(c, shown, inc)) != NULL) {
		if (sub->n > TMPL_MAX_INCLUDED - c->included) {
			diag_add(c->d, DIAG_ERROR, &item->pos, "limit",
			    "includes insert more than %d elements (each "
			    "counted for every include it comes through)",
			    TMPL_MAX_INCLUDED);
			c->ok = false;
		} else {
			c->included += sub->n;
			for (i = 0; i < sub->n; i++)
				push_elem(c, l, sub->items[i]);
		}
	}
	pop(c);
}

/*
 * A face's list with its includes inserted (list itself if it has
 * none), or NULL once the limit is passed.
 */
static const struct ynode *
expand_face(struct composer *c, const char *file, const struct ynode *list)
{
	struct elems l = { 0 };
	struct ynode *seq;
	size_t i;

	for (i = 0; list->type == YNODE_SEQ && i < list->n; i++)
		if (is_include(list->items[i]))
			break;
	if (list->type != YNODE_SEQ || i == list->n)
		return list;
	for (i = 0; i < list->n && c->included <= TMPL_MAX_INCLUDED; i++)
		if (is_include(list->items[i]))
			include(c, file, list->items[i], &l);
		else
			push_elem(c, &l, list->items[i]);
	if (!c->ok)
		return NULL;
	seq = arena_alloc(c->a, sizeof(*seq));
	*seq = *list;
	seq->items = l.v;
	seq->n = l.n;
	return seq;
}

/* The name element e gives, or NULL. */
static const char *
elem_name(const struct ynode *e)
{
	const struct ynode *n = e->type == YNODE_MAP ? ytree_get(e, "name") :
	    NULL;

	return n != NULL && n->type == YNODE_SCALAR ? n->str : NULL;
}

/* No two elements of one face of one file share a name. */
static void
check_names(struct composer *c, const struct ynode *list)
{
	GHashTable *seen;
	const struct ynode *o;
	const char *s;
	size_t i;

	if (list == NULL || list->type != YNODE_SEQ)
		return;
	seen = g_hash_table_new(g_str_hash, g_str_equal);
	for (i = 0; i < list->n; i++) {
		if ((s = elem_name(list->items[i])) == NULL)
			continue;
		if ((o = g_hash_table_lookup(seen, s)) == NULL) {
			g_hash_table_insert(seen, (gpointer)s, list->items[i]);
			continue;
		}
		diag_add(c->d, DIAG_ERROR, &ytree_get(list->items[i],
		    "name")->pos, "duplicate-name", "two elements of this "
		    "face are named '%s'", s);
		diag_add(c->d, DIAG_NOTE, &ytree_get(o, "name")->pos, NULL,
		    "'%s' first given here", s);
		c->ok = false;
	}
	g_hash_table_destroy(seen);
}

static struct ynode *
new_node(struct composer *c, enum ynode_type t, const struct srcpos *pos)
{
	struct ynode *n = arena_alloc(c->a, sizeof(*n));

	n->type = t;
	n->pos = *pos;
	return n;
}

/*
 * Mapping base with child's keys over it: a key both give takes
 * child's value, or, levels > 0 and both mappings, both merged so.
 */
static const struct ynode *
merge_map(struct composer *c, const struct ynode *base,
    const struct ynode *child, int levels)
{
	struct ynode *m;
	const struct ynode *v;
	size_t i;

	if (base->type != YNODE_MAP || child->type != YNODE_MAP)
		return child;
	m = new_node(c, YNODE_MAP, &child->pos);
	m->pairs = arena_alloc(c->a, (base->n + child->n) * sizeof(*m->pairs)
	    + 1);
	for (i = 0; i < base->n; i++) {
		m->pairs[m->n] = base->pairs[i];
		if ((v = ytree_get(child, base->pairs[i].key->str)) != NULL)
			m->pairs[m->n].val = (struct ynode *)(levels > 0 ?
			    merge_map(c, base->pairs[i].val, v, levels - 1) :
			    v);
		m->n++;
	}
	for (i = 0; i < child->n; i++)
		if (ytree_get(base, child->pairs[i].key->str) == NULL)
			m->pairs[m->n++] = child->pairs[i];
	return m;
}

/* Does element e say remove: true?  (A wrong value is an error.) */
static bool
removes(struct composer *c, const struct ynode *e)
{
	const struct ynode *rm = ytree_get(e, "remove");
	bool drop = false;

	if (rm != NULL && !ytree_bool(rm, &drop, "remove", NULL, c->d))
		c->ok = false;
	return drop;
}

/*
 * A face of the layout extended, base, with the child's over it: an
 * element named as one of base's replaces the keys it gives of that
 * one, or drops it (remove: true); the others are appended.
 */
static const struct ynode *
merge_face(struct composer *c, const struct ynode *base,
    const struct ynode *child)
{
	GHashTable *at = g_hash_table_new(g_str_hash, g_str_equal);
	struct ynode *seq;
	const char *name;
	bool *gone;
	size_t i, j, n;
	gpointer k;

	if (base->type != YNODE_SEQ || child->type != YNODE_SEQ)
		return child;
	seq = new_node(c, YNODE_SEQ, &child->pos);
	seq->items = arena_alloc(c->a, (base->n + child->n) *
	    sizeof(*seq->items) + 1);
	gone = arena_alloc(c->a, base->n + child->n + 1);
	for (n = 0; n < base->n; n++) {
		seq->items[n] = base->items[n];
		if ((name = elem_name(base->items[n])) != NULL)
			g_hash_table_insert(at, (gpointer)name,
			    GSIZE_TO_POINTER(n + 1));
	}
	for (i = 0; i < child->n; i++) {
		const struct ynode *e = child->items[i];

		if ((name = elem_name(e)) == NULL ||
		    (k = g_hash_table_lookup(at, name)) == NULL)
			seq->items[n++] = (struct ynode *)e;
		else if (removes(c, e))
			gone[GPOINTER_TO_SIZE(k) - 1] = true;
		else
			seq->items[GPOINTER_TO_SIZE(k) - 1] = (struct ynode *)
			    merge_map(c, seq->items[GPOINTER_TO_SIZE(k) - 1], e,
			    0);
	}
	g_hash_table_destroy(at);
	for (i = j = 0; i < n; i++)
		if (!gone[i])
			seq->items[j++] = seq->items[i];
	seq->n = j;
	return seq;
}

/* Does root give key (card and size are one key: the size)? */
static const struct ynode *
given(const struct ynode *root, const char *key)
{
	const struct ynode *v = ytree_get(root, key);

	if (v == NULL && (strcmp(key, "card") == 0 || strcmp(key, "size") == 0))
		v = ytree_get(root, strcmp(key, "card") == 0 ? "size" : "card");
	return v;
}

/* A key of a layout merged with its base's, not replaced. */
static bool
merged_key(const char *k)
{
	static const char *const keys[] = { "palette", "defaults", "styles",
	    "front", "back", NULL };
	size_t i;

	for (i = 0; keys[i] != NULL; i++)
		if (strcmp(keys[i], k) == 0)
			return true;
	return false;
}

/* Base's value v of key k merged with child's cv. */
static const struct ynode *
merge_key(struct composer *c, const char *k, const struct ynode *v,
    const struct ynode *cv)
{
	if (strcmp(k, "front") == 0 || strcmp(k, "back") == 0)
		return merge_face(c, v, cv);
	/* A style and a type's defaults merge key by key too. */
	return merge_map(c, v, cv, strcmp(k, "palette") != 0);
}

/*
 * Layout child over the layout it extends, base: the keys child gives
 * win; palette, defaults and styles merge key by key, front and back
 * element by element.
 */
static const struct ynode *
merge_layouts(struct composer *c, const struct ynode *base,
    const struct ynode *child)
{
	struct ynode *m = new_node(c, YNODE_MAP, &child->pos);
	const struct ynode *cv;
	size_t i;

	m->pairs = arena_alloc(c->a, (base->n + child->n) * sizeof(*m->pairs)
	    + 1);
	for (i = 0; i < base->n; i++) {
		const struct ypair *p = &base->pairs[i];

		if (given(child, p->key->str) == NULL)
			m->pairs[m->n++] = *p;
		else if ((cv = ytree_get(child, p->key->str)) != NULL &&
		    merged_key(p->key->str)) {
			m->pairs[m->n].key = p->key;
			m->pairs[m->n++].val = (struct ynode *)merge_key(c,
			    p->key->str, p->val, cv);
		}
	}
	/* The child's other keys, as it gives them. */
	for (i = 0; i < child->n; i++)
		if (!merged_key(child->pairs[i].key->str) ||
		    ytree_get(base, child->pairs[i].key->str) == NULL)
			m->pairs[m->n++] = child->pairs[i];
	return m;
}

/*
 * Layout root (of file) as its extends and includes make it: a mapping
 * without extends, or NULL after an error.
 */
static const struct ynode *
resolve(struct composer *c, const char *file, const struct ynode *root)
{
	const struct ynode *ext = ytree_get(root, "extends"), *base;
	struct ynode *m;
	const char *shown;
	size_t i;

	if (!ytree_expect(root, YNODE_MAP, "a layout", NULL, c->d))
		return fail(c);
	m = new_node(c, YNODE_MAP, &root->pos);
	m->pairs = arena_alloc(c->a, root->n * sizeof(*m->pairs) + 1);
	for (i = 0; i < root->n; i++) {
		const char *k = root->pairs[i].key->str;

		if (strcmp(k, "extends") == 0)
			continue;
		m->pairs[m->n] = root->pairs[i];
		if (strcmp(k, "front") == 0 || strcmp(k, "back") == 0) {
			m->pairs[m->n].val = (struct ynode *)expand_face(c,
			    file, root->pairs[i].val);
			if (m->pairs[m->n].val == NULL)
				return NULL;
			check_names(c, m->pairs[m->n].val);
		}
		m->n++;
	}
	if (ext == NULL)
		return m;
	if ((root = open_file(c, file, ext, "extends", &shown)) == NULL)
		return NULL;
	base = resolve(c, shown, root);
	pop(c);
	return base != NULL ? merge_layouts(c, base, m) : NULL;
}

/* Does layout root use extends, include, defaults or styles? */
static bool
composes(const struct ynode *root)
{
	static const char *const faces[] = { "front", "back" };
	const struct ynode *f;
	size_t i, j;

	if (ytree_get(root, "extends") != NULL ||
	    ytree_get(root, "defaults") != NULL ||
	    ytree_get(root, "styles") != NULL)
		return true;
	for (i = 0; i < 2; i++) {
		f = ytree_get(root, faces[i]);
		for (j = 0; f != NULL && f->type == YNODE_SEQ && j < f->n; j++)
			if (ytree_get(f->items[j], "include") != NULL ||
			    ytree_get(f->items[j], "style") != NULL ||
			    ytree_get(f->items[j], "name") != NULL ||
			    ytree_get(f->items[j], "remove") != NULL)
				return true;
	}
	return false;
}

const struct ynode *
tmpl_compose(struct arena *a, const struct confine *conf, const char *path,
    const struct ynode *root, const struct elem_keys *k, struct diags *d)
{
	struct composer c = { .a = a, .conf = conf, .d = d, .ok = true };
	const struct ynode *r;
	char *real;

	if (root->type != YNODE_MAP || !composes(root))
		return root;
	c.lists = g_hash_table_new(g_str_hash, g_str_equal);
	if ((real = realpath(path, NULL)) == NULL)
		real = xstrdup(path);
	c.shown[0] = diag_file(d, path);
	c.real[c.depth++] = real;
	r = resolve(&c, path, root);
	while (c.depth > 0)
		pop(&c);
	g_hash_table_destroy(c.lists);
	/* Said all the same: the styles' errors too, once it is whole. */
	if (r != NULL)
		r = tmpl_style(a, r, k, d);
	return c.ok ? r : NULL;
}
