/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a layout (a component's template, layouts/NAME.yaml)
 * through tmpl_load(NULL, ), with the bundled fonts' families and icons.
 */
#include <stdlib.h>

#include "fuzz.h"
#include "../../src/tmpl/tmpl.h"

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
	struct diags d = { 0 };
	const struct iconmap *icons = fuzz_icons();
	char *path = fuzz_write("layout.yaml", data, size);

	tmpl_free(tmpl_load(NULL, path, fuzz_families, icons, &d));
	diag_free(&d);
	free(path);
	return 0;
}
