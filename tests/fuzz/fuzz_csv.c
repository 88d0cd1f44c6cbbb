/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a spreadsheet through import_csv_load_buf().  The first byte
 * picks the file name, which decides the separator: odd, cards.tsv
 * (tabs); even, cards.csv (sniffed from the header line).
 */
#include "fuzz.h"
#include "../../src/import/csvread.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d = { 0 };
	const char *name = "cards.csv";

	if (size > 0) {
		if (data[0] & 1)
			name = "cards.tsv";
		data++;
		size--;
	}
	import_csv_free(import_csv_load_buf(name, data, size, &d));
	diag_free(&d);
	return 0;
}
