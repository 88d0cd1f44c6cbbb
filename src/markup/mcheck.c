/* SPDX-License-Identifier: MIT */
/*
 * What a text's markup names, checked when a deck is bound: colours of
 * tags and inline objects, icons (the game's icons/ folder, then the
 * icon font) and images ({img:PATH}, read now so that a missing one is
 * an error at the text).  Part of the markup stage; the load stage's
 * bind.c and the booklet call it.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "../art/art.h"
#include "../tmpl/tmpl.h"
#include "markup.h"

char *
markup_icon_path(const char *dir, const char *name)
{
	static const char *const ext[] = { ".svg", ".png" };
	char *p;
	size_t i;

	/* A name is a name, not a path out of icons/. */
	if (strchr(name, '/') != NULL || name[0] == '.')
		return NULL;
	for (i = 0; i < 2; i++) {
		p = g_strdup_printf("%s/icons/%s%s", dir, name, ext[i]);
		if (g_file_test(p, G_FILE_TEST_IS_REGULAR))
			return p;
		g_free(p);
	}
	return NULL;
}

/* The position of token k's byte off: in the text, or the element. */
static struct srcpos
where(const struct mcheck *c, size_t off)
{
	if (c->text != NULL)
		return markup_pos(c->text, off);
	return c->at != NULL ? c->at(c->at_ctx, off) : *c->pos;
}

static bool
check_color(const struct mcheck *c, const struct mtoken *k,
    struct diags *d)
{
	const char *v = markup_attr(k, "color");
	struct srcpos pos;
	size_t i;

	if (v == NULL || markup_color(v, c->pal, c->npal, &(struct rgba){ 0 }))
		return true;
	for (i = 0; i < k->nattrs && strcmp(k->attrs[i].key, "color"); i++)
		;
	pos = where(c, k->attrs[i].off);
	diag_add(d, DIAG_ERROR, &pos, "color", "%s%scolor=\"%s\" is not a "
	    "colour like \"#cc0000\", a name of the layout's palette or a "
	    "colour name", CTX_FMT(c->ctx), v);
	return false;
}

static bool
check_icon(const struct mcheck *c, const struct mtoken *k, struct diags *d)
{
	char *own = c->dir ? markup_icon_path(c->dir, k->text) : NULL;
	const char *hint;
	struct srcpos pos;
	bool ok;

	if (own != NULL) {
		pos = where(c, k->off);
		ok = c->images == NULL || art_load(c->images, own, &pos,
		    c->ctx, d) != NULL;
		g_free(own);
		return ok;
	}
	if (c->icons != NULL && tmpl_icon_find(c->icons, k->text) != 0)
		return true;
	pos = where(c, k->off);
	hint = c->icons ? tmpl_icon_suggest(c->icons, k->text) : NULL;
	diag_add(d, DIAG_ERROR, &pos, "icon", "%s%sunknown icon '%s'%s%s%s "
	    "(neither icons/%s.svg nor icons/%s.png in the game's folder, "
	    "nor in the icon font)", CTX_FMT(c->ctx), k->text,
	    HINT_ARGS(hint), k->text, k->text);
	return false;
}

static bool
check_img(const struct mcheck *c, const struct mtoken *k, struct diags *d)
{
	struct srcpos pos = where(c, k->off);
	char *path;
	bool ok;

	if (c->dir == NULL || c->images == NULL)
		return true;
	path = path_join(c->dir, k->text);
	ok = art_load(c->images, path, &pos, c->ctx, d) != NULL;
	free(path);
	return ok;
}

bool
markup_check(const struct mcheck *c, const struct mtokens *m,
    struct diags *d)
{
	size_t i;
	bool ok = true;

	for (i = 0; i < m->n; i++) {
		const struct mtoken *k = &m->v[i];

		if (k->type == MT_TAG_ON || k->type == MT_ICON ||
		    k->type == MT_IMG)
			ok &= check_color(c, k, d);
		if (k->type == MT_ICON)
			ok &= check_icon(c, k, d);
		else if (k->type == MT_IMG)
			ok &= check_img(c, k, d);
	}
	return ok;
}
