/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a card text's inline markup (**bold**, *italic*,
 * Pango's tags, {icon:name}, {img:path}, {variable}) through
 * markup_parse(), markup_subst() and layout_markup(), the Pango markup
 * a card face is drawn from, which must be markup Pango accepts.  The
 * first byte picks upper case (bit 0).
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "fuzz.h"
#include "../../src/layout/layout.h"
#include "../../src/markup/markup.h"
#include "../../src/art/art.h"

/* Every variable has a value that is itself markup, to be escaped. */
static const char *
get(const void *ctx, const char *name)
{
	(void)ctx;
	return strcmp(name, "title") == 0 ? "**<&>**" : NULL;
}

static const char *
vget(void *ctx, const char *name)
{
	return get(ctx, name);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_icons();
	return 0;
}

/*
 * Would the loader let the text's markup through?  markup_check() as
 * texts.c calls it, with the bundled icons, no palette and no images
 * (the scratch folder has none).
 */
static bool
markup_checked(const struct mtokens *t)
{
	struct srcpos pos = { "text/en.yaml", 1, 1 };
	struct images *images = art_new();
	char *dir = fuzz_path("");
	struct mcheck c = { .dir = dir, .icons = fuzz_icons(),
	    .images = images, .pos = &pos };
	struct diags d = { 0 };
	bool ok = markup_check(&c, t, &d) && d.nerr == 0;

	diag_free(&d);
	art_free(images);
	free(dir);
	return ok;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct iconmap *icons = fuzz_icons();
	struct vars v = { vget, NULL };
	struct mtokens t = { 0 };
	struct mctx m = { 0 };
	char *s, *sub, *pm;
	bool checked;

	m.upper = size > 0 && (data[0] & 1);
	m.icons = icons;
	m.v = &v;
	m.lang = "en";

	if (size > 0) {
		data++;
		size--;
	}
	/* A text from YAML ends at its first NUL, as a C string does. */
	s = xmalloc(size + 1);
	memcpy(s, data, size);
	s[size] = '\0';
	markup_parse(s, &t);
	checked = markup_checked(&t);
	markup_free(&t);
	sub = markup_subst(s, get, NULL);
	free(sub);
	pm = layout_markup(s, &m);
	/* What layout_markup() makes of a text the loader takes, Pango
	 * must take: it would print nothing (and only log) for markup it
	 * refuses.  A text is UTF-8 and its colours, icons and images are
	 * checked (markup_check()) before it is laid out; other texts need
	 * only not crash. */
	if (pm != NULL && checked && g_utf8_validate(s, -1, NULL) &&
	    !pango_parse_markup(pm, -1, 0, NULL, NULL, NULL, NULL))
		abort();
	g_free(pm);
	g_free(m.bad_font);
	free(s);
	return 0;
}
