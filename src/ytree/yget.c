/* SPDX-License-Identifier: MIT */
/*
 * Reading the tree ytree.c builds: what a node is, a mapping's keys,
 * and typed values with an error at the node when one is not what a
 * file's key wants.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "ytree.h"
#include "ybuild.h"

const char *
ytree_kind(const struct ynode *n)
{
	if (n == NULL)
		return "nothing";
	switch (n->type) {
	case YNODE_SEQ:
		return "a list";
	case YNODE_MAP:
		return "a mapping";
	default:
		return ytree_isnull(n) ? "empty" : "text";
	}
}

struct srcpos
ytree_end(const struct ynode *n)
{
	struct srcpos pos = { n->pos.file, n->end_line, n->end_col };

	return pos;
}

bool
ytree_isnull(const struct ynode *n)
{
	if (n == NULL)
		return true;
	if (n->type != YNODE_SCALAR || !n->plain)
		return false;
	return n->len == 0 || strcmp(n->str, "~") == 0 ||
	    strcmp(n->str, "null") == 0 || strcmp(n->str, "Null") == 0 ||
	    strcmp(n->str, "NULL") == 0;
}

struct ynode *
ytree_get(const struct ynode *map, const char *key)
{
	size_t i;

	if (map == NULL || map->type != YNODE_MAP)
		return NULL;
	for (i = 0; i < map->n; i++)
		if (map->pairs[i].key->type == YNODE_SCALAR &&
		    strcmp(map->pairs[i].key->str, key) == 0)
			return map->pairs[i].val;
	return NULL;
}

size_t
ytree_check_keys(const struct ynode *map, const char *const *known,
    const char *ctx, struct diags *d)
{
	size_t i, nk = 0, bad = 0;
	const char *hint;

	while (known[nk] != NULL)
		nk++;
	for (i = 0; i < map->n; i++) {
		const struct ynode *k = map->pairs[i].key;
		size_t j;

		/* "x-" keys hold what anchors mark, for aliases to repeat. */
		if (k->type != YNODE_SCALAR || strncmp(k->str, "x-", 2) == 0)
			continue;
		for (j = 0; j < nk; j++)
			if (strcmp(k->str, known[j]) == 0)
				break;
		if (j < nk)
			continue;
		bad++;
		hint = closest_word(k->str, known, nk);
		if (hint != NULL)
			diag_add(d, DIAG_ERROR, &k->pos, "unknown-key",
			    "%s%sunknown key '%s'; did you mean '%s'?",
			    CTX_FMT(ctx), k->str, hint);
		else
			diag_add(d, DIAG_ERROR, &k->pos, "unknown-key",
			    "%s%sunknown key '%s'", CTX_FMT(ctx), k->str);
	}
	return bad;
}

bool
ytree_expect(const struct ynode *n, enum ynode_type t, const char *what,
    const char *ctx, struct diags *d)
{
	static const char *const names[] = { "text", "a list", "a mapping" };

	if (n->type == t && !(t == YNODE_SCALAR && ytree_isnull(n)))
		return true;
	if (n->lost) {
		const struct ylost *l = (const struct ylost *)n;

		diag_add(d, DIAG_ERROR, &l->pos, "type", "%s%sa colour "
		    "must be quoted: \"%s\" \xe2\x80\x94 unquoted, # starts a "
		    "comment", CTX_FMT(ctx), l->colour);
		return false;
	}
	diag_add(d, DIAG_ERROR, &n->pos, "type", "%s%s%s must be %s, not %s",
	    CTX_FMT(ctx), what, names[t], ytree_kind(n));
	return false;
}

bool
ytree_string(const struct ynode *n, const char **out, const char *what,
    const char *ctx, struct diags *d)
{
	if (!ytree_expect(n, YNODE_SCALAR, what, ctx, d))
		return false;
	if (strlen(n->str) != n->len) {
		diag_add(d, DIAG_ERROR, &n->pos, "type",
		    "%s%s%s contains a NUL character", CTX_FMT(ctx), what);
		return false;
	}
	*out = n->str;
	return true;
}

bool
ytree_number(const struct ynode *n, double *out, const char *what,
    const char *ctx, struct diags *d)
{
	char *end;
	double v;

	if (!ytree_expect(n, YNODE_SCALAR, what, ctx, d))
		return false;
	if (!n->plain) {
		diag_add(d, DIAG_ERROR, &n->pos, "type", "%s%s%s must be a "
		    "number, not the quoted text \"%s\"", CTX_FMT(ctx), what,
		    n->str);
		return false;
	}
	errno = 0;
	v = strtod(n->str, &end);
	if (n->len == 0 || *end != '\0' || errno != 0 || !isfinite(v)) {
		diag_add(d, DIAG_ERROR, &n->pos, "type",
		    "%s%s%s must be a number, not '%s'", CTX_FMT(ctx), what,
		    n->str);
		return false;
	}
	*out = v;
	return true;
}

bool
ytree_bool(const struct ynode *n, bool *out, const char *what, const char *ctx,
    struct diags *d)
{
	if (!ytree_expect(n, YNODE_SCALAR, what, ctx, d))
		return false;
	if (n->plain && strcmp(n->str, "true") == 0)
		*out = true;
	else if (n->plain && strcmp(n->str, "false") == 0)
		*out = false;
	else {
		diag_add(d, DIAG_ERROR, &n->pos, "type",
		    "%s%s%s must be true or false, not '%s'", CTX_FMT(ctx),
		    what, n->str);
		return false;
	}
	return true;
}
