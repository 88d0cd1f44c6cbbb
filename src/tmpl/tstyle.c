/* SPDX-License-Identifier: MIT */
/*
 * A layout's defaults and styles, the last step of composing it
 * (compose.c) before its elements are read (tmpl.c): each element gets
 * the keys of its styles and then of the defaults that it does not give
 * itself, as YAML nodes where they were written, and loses the keys
 * that only composing reads (name, style, remove).
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "tctx.h"

/* Keys an element may have that its loader never sees. */
static const char *const compose_keys[] = { "name", "style", "remove",
    NULL };

struct styler {
	struct arena		*a;
	const struct elem_keys	*k;
	struct diags		*d;
	const struct ynode	*styles;	/* name -> mapping, or NULL */
	const struct ynode	*defaults;	/* checked, or NULL */
	GHashTable		*flat;		/* name -> struct flat: its
						   keys, its styles' merged */
	const char		*path[TMPL_MAX_COMPOSE + 1];	/* styles
						   being resolved */
	size_t			 depth;
	const char *const	*all;		/* every element key */
	size_t			 nall;
	const char		**names;	/* the styles' */
	size_t			 nnames;
	bool			 ok;
};

static bool
in_list(const char *const *list, const char *s)
{
	for (; *list != NULL; list++)
		if (strcmp(*list, s) == 0)
			return true;
	return false;
}

/* The keys of element type (NULL-terminated), or NULL for no type. */
static const char *const *
keys_of(const struct elem_keys *k, const char *type)
{
	size_t i;

	for (i = 0; type != NULL && k->types[i] != NULL; i++)
		if (strcmp(k->types[i], type) == 0)
			return k->keys[i];
	return NULL;
}

/* Every key some type takes, once each, for "did you mean". */
static void
all_keys(struct styler *s)
{
	const char *const *p;
	const char **v;
	size_t i, n = 0, cap = 0;

	for (i = 0; s->k->types[i] != NULL; i++)
		for (p = s->k->keys[i]; *p != NULL; p++)
			cap++;
	v = arena_alloc(s->a, (cap + 1) * sizeof(*v));
	for (i = 0; s->k->types[i] != NULL; i++)
		for (p = s->k->keys[i]; *p != NULL; p++)
			if (!in_list(v, *p))
				v[n++] = *p;
	s->all = v;
	s->nall = n;
}

/*
 * Can key k be given by a style or the defaults (where) for type (NULL:
 * for some type)?  If not, an error at k.
 */
static bool
check_key(struct styler *s, const struct ynode *k, const char *type,
    const char *where)
{
	const char *const *keys = type ? keys_of(s->k, type) : s->all;
	const char *hint;
	size_t n = 0;
	bool composing = strcmp(k->str, "type") == 0 ||
	    in_list(compose_keys, k->str);

	if (!composing && in_list(keys, k->str))
		return true;
	while (keys[n] != NULL)
		n++;
	hint = composing ? NULL : closest_word(k->str, keys, n);
	if (composing)
		diag_add(s->d, DIAG_ERROR, &k->pos, "unknown-key", "%s cannot "
		    "give an element's '%s'", where, k->str);
	else if (type != NULL)
		diag_add(s->d, DIAG_ERROR, &k->pos, "unknown-key", "%s: a %s "
		    "element has no key '%s'%s%s%s", where, type, k->str,
		    HINT_ARGS(hint));
	else
		diag_add(s->d, DIAG_ERROR, &k->pos, "unknown-key", "%s: no "
		    "element has a key '%s'%s%s%s", where, k->str,
		    HINT_ARGS(hint));
	s->ok = false;
	return false;
}

/*
 * defaults: {KEY: VALUE, ..., TYPE: {KEY: VALUE, ...}}: a mapping under
 * a type's name holds that type's own defaults.
 */
static void
check_defaults(struct styler *s, const struct ynode *n)
{
	size_t i, j;

	if (!ytree_expect(n, YNODE_MAP, "defaults", NULL, s->d)) {
		s->ok = false;
		return;
	}
	for (i = 0; i < n->n; i++) {
		const struct ynode *k = n->pairs[i].key, *v = n->pairs[i].val;

		if (v->type != YNODE_MAP || keys_of(s->k, k->str) == NULL) {
			check_key(s, k, NULL, "defaults");
			continue;
		}
		for (j = 0; j < v->n; j++)
			check_key(s, v->pairs[j].key, k->str, "defaults");
	}
	s->defaults = n;
}

/* Do the n pairs of p give key?  (An element has twenty keys at most.) */
static bool
gives(const struct ypair *p, size_t n, const char *key)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(p[i].key->str, key) == 0)
			return true;
	return false;
}

/*
 * Add to out (*n pairs) each of the np pairs of p whose key out does
 * not give and keys lists (keys NULL: any key).
 */
static void
add_missing(struct ypair *out, size_t *n, const struct ypair *p, size_t np,
    const char *const *keys)
{
	size_t i;

	for (i = 0; i < np; i++) {
		const char *key = p[i].key->str;

		if (!gives(out, *n, key) && (keys == NULL ||
		    in_list(keys, key)))
			out[(*n)++] = p[i];
	}
}

/* A style's keys, its styles' merged in, and how deep they nest. */
struct flat {
	const struct ynode	*m;		/* NULL: it failed */
	size_t			 depth;		/* 1: it takes no style */
};

static const struct flat *flat_style(struct styler *s,
    const struct ynode *name);

/* The style names n gives (a name or a list of them), or 0. */
static size_t
style_names(struct styler *s, const struct ynode *n,
    const struct ynode *const **v, const struct ynode **one)
{
	size_t i;

	if (n->type == YNODE_SCALAR && !ytree_isnull(n)) {
		*one = n;
		*v = one;
		return 1;
	}
	for (i = 0; n->type == YNODE_SEQ && i < n->n; i++)
		if (n->items[i]->type != YNODE_SCALAR ||
		    ytree_isnull(n->items[i]))
			break;
	if (n->type == YNODE_SEQ && i == n->n && n->n > 0) {
		*v = (const struct ynode *const *)n->items;
		return n->n;
	}
	diag_add(s->d, DIAG_ERROR, &n->pos, "type", "style must be a style's "
	    "name or a list of names, not %s", ytree_kind(n));
	s->ok = false;
	return 0;
}

/*
 * The keys of the styles names gives (NULL: none), a later style's
 * winning over an earlier's; how many in *n, and in *depth the depth
 * of the deepest of them.
 */
static struct ypair *
styles_of(struct styler *s, const struct ynode *names, size_t *n,
    size_t *depth)
{
	const struct ynode *one, *const *v;
	const struct flat **fl;
	struct ypair *out;
	size_t i, k, cap = 0;

	*n = *depth = 0;
	if (names == NULL || (k = style_names(s, names, &v, &one)) == 0)
		return NULL;
	fl = arena_alloc(s->a, k * sizeof(*fl));
	for (i = 0; i < k; i++)
		if ((fl[i] = flat_style(s, v[i])) != NULL) {
			cap += fl[i]->m->n;
			if (fl[i]->depth > *depth)
				*depth = fl[i]->depth;
		}
	out = arena_alloc(s->a, cap * sizeof(*out) + 1);
	for (i = k; i-- > 0; )
		if (fl[i] != NULL)
			add_missing(out, n, fl[i]->m->pairs, fl[i]->m->n, NULL);
	return out;
}

/* A new mapping at pos of the n pairs of p. */
static struct ynode *
new_map(struct arena *a, const struct srcpos *pos, struct ypair *p,
    size_t n)
{
	struct ynode *m = arena_alloc(a, sizeof(*m));

	m->type = YNODE_MAP;
	m->pos = *pos;
	m->pairs = p;
	m->n = n;
	return m;
}

/*
 * Style def's keys (named name), its styles' merged in, in f; false
 * after an error.
 */
static bool
resolve_style(struct styler *s, const struct ynode *name,
    const struct ynode *def, struct flat *f)
{
	struct ypair *out, *up;
	size_t i, n = 0, nup;

	if (!ytree_expect(def, YNODE_MAP, "a style", NULL, s->d)) {
		s->ok = false;
		return false;
	}
	s->path[s->depth++] = name->str;
	up = styles_of(s, ytree_get(def, "style"), &nup, &f->depth);
	s->depth--;
	/* Counted, not only recursed: the same whatever the order. */
	if (++f->depth > TMPL_MAX_COMPOSE) {
		diag_add(s->d, DIAG_ERROR, &name->pos, "limit", "style '%s' "
		    "takes styles that take styles, more than %d deep",
		    name->str, TMPL_MAX_COMPOSE);
		s->ok = false;
		return false;
	}
	out = arena_alloc(s->a, (def->n + nup) * sizeof(*out) + 1);
	for (i = 0; i < def->n; i++)
		if (strcmp(def->pairs[i].key->str, "style") != 0 &&
		    check_key(s, def->pairs[i].key, NULL, "a style"))
			out[n++] = def->pairs[i];
	/* Its own keys win over those of the styles it takes. */
	add_missing(out, &n, up, nup, NULL);
	f->m = new_map(s->a, &def->pos, out, n);
	return true;
}

/* "a -> b -> a": the styles being resolved from name's first, then it. */
static char *
style_chain(const struct styler *s, const char *name)
{
	struct strbuf b = { 0 };
	size_t i;

	for (i = 0; i < s->depth && strcmp(s->path[i], name) != 0; i++)
		continue;
	for (; i < s->depth; i++)
		sb_printf(&b, "%s -> ", s->path[i]);
	sb_puts(&b, name);
	return b.s;
}

static const struct flat *
unknown_style(struct styler *s, const struct ynode *name)
{
	const char *hint = closest_word(name->str, s->names, s->nnames);

	diag_add(s->d, DIAG_ERROR, &name->pos, "unknown-style", "unknown "
	    "style '%s'%s%s%s", name->str, HINT_ARGS(hint));
	s->ok = false;
	return NULL;
}

/*
 * The keys of the style name names, the styles it takes merged in,
 * once (then kept in s->flat, a failure too, said once), or NULL after
 * an error: unknown, a cycle, too deep.
 */
static const struct flat *
flat_style(struct styler *s, const struct ynode *name)
{
	const struct ynode *def = ytree_get(s->styles, name->str);
	struct flat *f;
	size_t i;
	char *chain;

	if (def == NULL)
		return unknown_style(s, name);
	if ((f = g_hash_table_lookup(s->flat, name->str)) != NULL)
		return f->m != NULL ? f : NULL;
	for (i = 0; i < s->depth && strcmp(s->path[i], name->str) != 0; i++)
		continue;
	/* A chain too deep is refused below, before this can be reached. */
	if (i < s->depth) {
		chain = style_chain(s, name->str);
		diag_add(s->d, DIAG_ERROR, &name->pos, "style", "style '%s' "
		    "takes itself: %s", name->str, chain);
		free(chain);
		s->ok = false;
		return NULL;
	}
	f = arena_alloc(s->a, sizeof(*f));
	if (s->depth == TMPL_MAX_COMPOSE) {
		diag_add(s->d, DIAG_ERROR, &name->pos, "limit", "style '%s' "
		    "takes styles that take styles, more than %d deep",
		    name->str, TMPL_MAX_COMPOSE);
		s->ok = false;
	} else if (!resolve_style(s, name, def, f))
		f->m = NULL;
	g_hash_table_insert(s->flat, (gpointer)name->str, f);
	return f->m != NULL ? f : NULL;
}

/* styles: {NAME: {KEY: VALUE, ..., style: NAMES}}: each checked once. */
static void
check_styles(struct styler *s, const struct ynode *n)
{
	size_t i;

	if (!ytree_expect(n, YNODE_MAP, "styles", NULL, s->d)) {
		s->ok = false;
		return;
	}
	s->styles = n;
	s->names = arena_alloc(s->a, (n->n + 1) * sizeof(*s->names));
	for (i = 0; i < n->n; i++)
		s->names[s->nnames++] = n->pairs[i].key->str;
	for (i = 0; i < n->n; i++)
		flat_style(s, n->pairs[i].key);
}

/*
 * name, which names the element for a layout that extends this one,
 * and remove, left over once that is composed: no element was there to
 * remove.
 */
static void
check_compose_keys(struct styler *s, const struct ynode *e)
{
	const struct ynode *name = ytree_get(e, "name");
	const struct ynode *rm = ytree_get(e, "remove");
	const char *str;
	bool drop = false;

	if (name != NULL && !ytree_string(name, &str, "name", NULL, s->d))
		s->ok = false;
	if (rm == NULL)
		return;
	if (!ytree_bool(rm, &drop, "remove", NULL, s->d))
		s->ok = false;
	else if (drop && name != NULL) {
		diag_add(s->d, DIAG_ERROR, &rm->pos, "remove", "remove: true, "
		    "but no layout this one extends has an element named "
		    "'%s' to drop", name->str);
		s->ok = false;
	} else if (drop) {
		diag_add(s->d, DIAG_ERROR, &rm->pos, "remove", "remove: true "
		    "drops the element of the layout this one extends that "
		    "has this element's name: give its name");
		s->ok = false;
	}
}

/* A defaults pair that holds a type's own defaults. */
static bool
type_block(const struct styler *s, const struct ypair *p)
{
	return p->val->type == YNODE_MAP && keys_of(s->k, p->key->str) != NULL;
}

/*
 * Element e with the keys of its styles, then its type's defaults, then
 * the defaults, that it does not give itself and its type takes.
 */
static const struct ynode *
style_elem(struct styler *s, const struct ynode *e)
{
	static const char *const none[] = { NULL };
	const struct ynode *type = ytree_get(e, "type"), *per = NULL;
	const struct ynode *df = s->defaults;
	const char *const *keys = none;
	struct ypair *out, *st;
	size_t i, n = 0, nst, cap, depth;

	if (e->type != YNODE_MAP)
		return e;
	check_compose_keys(s, e);
	st = styles_of(s, ytree_get(e, "style"), &nst, &depth);
	if (type != NULL && type->type == YNODE_SCALAR &&
	    (keys = keys_of(s->k, type->str)) == NULL)
		keys = none;
	if (df != NULL && type != NULL && type->type == YNODE_SCALAR &&
	    (per = ytree_get(df, type->str)) != NULL && per->type != YNODE_MAP)
		per = NULL;
	cap = e->n + nst + (per ? per->n : 0) + (df ? df->n : 0);
	out = arena_alloc(s->a, cap * sizeof(*out) + 1);
	for (i = 0; i < e->n; i++)
		if (!in_list(compose_keys, e->pairs[i].key->str))
			out[n++] = e->pairs[i];
	add_missing(out, &n, st, nst, keys);
	if (per != NULL)
		add_missing(out, &n, per->pairs, per->n, keys);
	for (i = 0; df != NULL && i < df->n; i++)
		if (!type_block(s, &df->pairs[i]))
			add_missing(out, &n, &df->pairs[i], 1, keys);
	return new_map(s->a, &e->pos, out, n);
}

/* A face's list (or "back: front") with every element styled. */
static const struct ynode *
style_face(struct styler *s, const struct ynode *f)
{
	struct ynode *seq;
	size_t i;

	if (f->type != YNODE_SEQ)
		return f;
	seq = arena_alloc(s->a, sizeof(*seq));
	*seq = *f;
	seq->items = arena_alloc(s->a, f->n * sizeof(*seq->items) + 1);
	for (i = 0; i < f->n; i++)
		seq->items[i] = (struct ynode *)style_elem(s, f->items[i]);
	return seq;
}

const struct ynode *
tmpl_style(struct arena *a, const struct ynode *root,
    const struct elem_keys *k, struct diags *d)
{
	struct styler s = { .a = a, .k = k, .d = d, .ok = true };
	const struct ynode *n;
	struct ypair *out;
	size_t i, np = 0;

	all_keys(&s);
	s.flat = g_hash_table_new(g_str_hash, g_str_equal);
	if ((n = ytree_get(root, "styles")) != NULL)
		check_styles(&s, n);
	if ((n = ytree_get(root, "defaults")) != NULL)
		check_defaults(&s, n);
	out = arena_alloc(a, root->n * sizeof(*out) + 1);
	for (i = 0; i < root->n; i++) {
		const char *key = root->pairs[i].key->str;

		if (strcmp(key, "styles") == 0 || strcmp(key, "defaults") == 0)
			continue;
		out[np] = root->pairs[i];
		if (strcmp(key, "front") == 0 || strcmp(key, "back") == 0)
			out[np].val = (struct ynode *)style_face(&s,
			    root->pairs[i].val);
		np++;
	}
	g_hash_table_destroy(s.flat);
	return s.ok ? new_map(a, &root->pos, out, np) : NULL;
}
