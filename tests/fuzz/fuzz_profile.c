/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a printer profile (--printer FILE) through
 * job_printer_load().
 */
#include <stdlib.h>

#include "fuzz.h"
#include "../../src/job/profile.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d = { 0 };
	char *path = fuzz_write("printer.yaml", data, size);

	job_printer_free(job_printer_load(path, &d));
	diag_free(&d);
	free(path);
	return 0;
}
