/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a card text's inline markup (**bold**, *italic*,
 * {icon:name}, {variable}) through markup_parse(), markup_subst() and
 * layout_markup(), the Pango markup a card face is drawn from.  The
 * first byte picks upper case (bit 0).
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "fuzz.h"
#include "../../src/layout/layout.h"

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

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct iconmap *icons = fuzz_icons();
	struct vars v = { vget, NULL };
	struct mtokens t = { 0 };
	bool upper = size > 0 && (data[0] & 1);
	char *s, *sub;

	if (size > 0) {
		data++;
		size--;
	}
	/* A text from YAML ends at its first NUL, as a C string does. */
	s = xmalloc(size + 1);
	memcpy(s, data, size);
	s[size] = '\0';
	markup_parse(s, &t);
	markup_free(&t);
	sub = markup_subst(s, get, NULL);
	free(sub);
	g_free(layout_markup(s, upper, icons, &v, NULL, "en"));
	free(s);
	return 0;
}
