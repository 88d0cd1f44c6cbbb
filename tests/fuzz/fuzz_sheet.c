/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a sheet template (layouts/sheets/NAME.yaml) through
 * tmpl_sheet_load(NULL, ).
 */
#include <stdlib.h>

#include "fuzz.h"
#include "../../src/model.h"
#include "../../src/tmpl/tmpl.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d = { 0 };
	char *path = fuzz_write("sheet.yaml", data, size);

	tmpl_sheet_free(tmpl_sheet_load(NULL, path, &d));
	diag_free(&d);
	free(path);
	return 0;
}
