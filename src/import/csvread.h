/* SPDX-License-Identifier: MIT */
/*
 * A spreadsheet saved as CSV or TSV, read into its cells with their
 * positions (csvread.c), for the import's steps.
 */
#ifndef DECKPRESS_CSVREAD_H
#define DECKPRESS_CSVREAD_H

#include <stddef.h>

#include "../diag.h"
#include "../util.h"

/* One cell of a spreadsheet's table, as text. */
struct csvcell {
	const char	*s;		/* UTF-8, line breaks "\n"; "" empty */
	struct srcpos	 pos;		/* its first character, or quote */
};

struct csvrow {
	struct csvcell	*v;
	size_t		 n;
	struct srcpos	 pos;		/* of its first cell */
};

/* A CSV or TSV file: its header row, then the rows under it. */
struct csvtab {
	struct arena	 arena;		/* owns the cells */
	const char	*file;
	char		 sep;		/* ',', ';' or '\t' */
	struct csvrow	 head;		/* the header */
	struct csvrow	*rows;		/* the rows under it; rows of empty
					   cells left out */
	size_t		 nrows;
};

/*
 * Read a spreadsheet saved as CSV or TSV (libcsv, strict quoting): UTF-8
 * with or without a byte order mark, cells in double quotes when they
 * hold the separator, quotes ("" inside) or line breaks.  The separator
 * is a tab for a .tsv or .tab file, else the most frequent of tab, ','
 * and ';' on the header line.  Rows may differ in length: the caller
 * knows what they mean.  NULL if the file cannot be read or parsed
 * (reported).  Free with import_csv_free().
 */
struct csvtab	*import_csv_load(const char *path, struct diags *d);
/* The same from memory; name is the file name for messages and sniffing. */
struct csvtab	*import_csv_load_buf(const char *name, const unsigned char *buf,
		    size_t len, struct diags *d);
void		 import_csv_free(struct csvtab *t);

#endif
