/* SPDX-License-Identifier: MIT */
/*
 * A spreadsheet saved as CSV or TSV, read with libcsv into a header and
 * rows of cells, each cell with the line and column where it starts, so
 * that "deckpress import" can point at it.  Part of the import stage: the
 * table means nothing yet; the import gives its columns their
 * meaning.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>
#include <glib.h>

#include "../confine/confine.h"
#include "csvread.h"

#define MAX_CSV		(16 << 20)	/* 16 MiB, as a YAML file */
#define MAX_CELL	(64 << 10)	/* 64 KiB, as a YAML value (ytree.c) */

/* One run of the parser over a file, byte by byte. */
struct reader {
	struct csvtab		*t;
	struct diags		*d;
	const unsigned char	*buf;
	size_t			 len;
	struct srcpos		 at;		/* of the byte being read */
	struct srcpos		 start;		/* of the cell being read */
	bool			 pending;	/* no byte of the cell yet */
	bool			 inrow;		/* a row has begun */
	bool			 quoted;	/* the cell began with a quote */
	struct csvcell		*cells;		/* the row being read */
	size_t			 ncells, capcells;
	size_t			 caprows;
};

/* The position after byte c (the next one is next, or -1 at the end). */
static void
advance(struct srcpos *at, unsigned char c, int next)
{
	/* A lone CR ends a line too: old Mac spreadsheets write them. */
	if (c == '\n' || (c == '\r' && next != '\n')) {
		at->line++;
		at->col = 1;
	} else if ((c & 0xC0) != 0x80)
		at->col++;
}

/*
 * UTF-8 text, with no control characters but tab and line breaks:
 * checked before parsing, so that a bad byte gets a line and column.
 */
static bool
check_text(struct reader *r)
{
	struct srcpos at = r->at;
	gunichar c;
	size_t i, n;

	for (i = 0; i < r->len; i += n) {
		c = g_utf8_get_char_validated((const char *)r->buf + i,
		    (gssize)(r->len - i));
		if (c == (gunichar)-1 || c == (gunichar)-2) {
			diag_add(r->d, DIAG_ERROR, &at, "encoding", "byte "
			    "0x%02X is not valid UTF-8; save the file as UTF-8 "
			    "(a spreadsheet's \"CSV UTF-8\")", r->buf[i]);
			return false;
		}
		if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') ||
		    c == 0x7F) {
			diag_add(r->d, DIAG_ERROR, &at, "encoding", "control "
			    "character U+%04X is not allowed in a CSV file",
			    (unsigned int)c);
			return false;
		}
		/* GLib 2.84's g_utf8_next_char() takes a gchar *. */
		n = (size_t)(g_utf8_next_char((const char *)(r->buf + i)) -
		    (const char *)(r->buf + i));
		advance(&at, r->buf[i], i + 1 < r->len ? r->buf[i + 1] : -1);
	}
	return true;
}

/*
 * The separator: tab for a .tsv or .tab file, else the one of tab, ','
 * and ';' the header line holds most of (outside quotes), ',' first
 * when they tie: Excel writes ';' where ',' is the decimal comma.
 */
static char
sniff(const char *path, const unsigned char *buf, size_t len)
{
	const char *dot = strrchr(path, '.');
	size_t i, tabs = 0, commas = 0, semis = 0;
	bool q = false;

	if (dot != NULL && (g_ascii_strcasecmp(dot, ".tsv") == 0 ||
	    g_ascii_strcasecmp(dot, ".tab") == 0))
		return '\t';
	for (i = 0; i < len && (q || (buf[i] != '\n' && buf[i] != '\r'));
	    i++)
		if (buf[i] == '"')
			q = !q;
		else if (!q && buf[i] == '\t')
			tabs++;
		else if (!q && buf[i] == ',')
			commas++;
		else if (!q && buf[i] == ';')
			semis++;
	if (commas >= tabs && commas >= semis)
		return ',';
	return tabs >= semis ? '\t' : ';';
}

/* libcsv's end of a cell: copied with its line breaks made "\n". */
static void
end_cell(void *s, size_t len, void *data)
{
	struct reader *r = data;
	const char *p = s;
	char *v = arena_alloc(&r->t->arena, len + 1);
	size_t i, n = 0;

	/* It becomes a YAML value, which deckpress reads up to 64 KiB. */
	if (len > MAX_CELL)
		diag_add(r->d, DIAG_ERROR, &r->start, "limit", "a cell of %zu "
		    "bytes: at most %d KiB fit in one value", len,
		    MAX_CELL >> 10);
	for (i = 0; i < len; i++)
		if (p[i] != '\r')
			v[n++] = p[i];
		else if (i + 1 == len || p[i + 1] != '\n')
			v[n++] = '\n';
	v[n] = '\0';
	/*
	 * The apostrophe export --csv (or a careful spreadsheet user)
	 * puts before a formula-like text, so that no spreadsheet runs
	 * it: the text is what follows.
	 */
	if (v[0] == '\'' && cell_formula_like(v + 1))
		v++;
	xgrow((void **)&r->cells, &r->capcells, r->ncells + 1,
	    sizeof(*r->cells));
	r->cells[r->ncells].s = v;
	r->cells[r->ncells++].pos = r->start;
	r->pending = true;
}

static bool
blank_row(const struct csvcell *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i].s[0] != '\0')
			return false;
	return true;
}

/* libcsv's end of a row: kept unless every cell is empty. */
static void
end_row(int c, void *data)
{
	struct reader *r = data;
	struct csvtab *t = r->t;
	struct csvrow *row;

	(void)c;
	r->inrow = false;
	r->pending = true;
	/* A spreadsheet's empty rows come out as ",,,": no card. */
	if (r->ncells == 0 || (t->nrows > 0 && blank_row(r->cells,
	    r->ncells))) {
		r->ncells = 0;
		return;
	}
	xgrow((void **)&t->rows, &r->caprows, t->nrows + 1, sizeof(*t->rows));
	row = &t->rows[t->nrows++];
	row->n = r->ncells;
	row->pos = r->cells[0].pos;
	row->v = arena_alloc(&t->arena, r->ncells * sizeof(*row->v));
	memcpy(row->v, r->cells, r->ncells * sizeof(*row->v));
	r->ncells = 0;
}

/*
 * Before byte c is read: where a cell starts.  Blanks before a cell,
 * and blank lines between rows, are libcsv's to skip; a cell that is
 * empty starts where it ends.
 */
static void
note_start(struct reader *r, unsigned char c)
{
	if (!r->pending)
		return;
	if (!r->inrow && (c == '\r' || c == '\n'))
		return;
	if ((c == ' ' || c == '\t') && c != (unsigned char)r->t->sep)
		return;
	r->start = r->at;
	r->pending = false;
	r->inrow = true;
	r->quoted = c == '"';
}

/* libcsv stopped at the byte at r->at (strict mode) or ran out of memory. */
static void
parse_failed(struct reader *r, struct csv_parser *p)
{
	if (csv_error(p) != CSV_EPARSE)
		diag_add(r->d, DIAG_ERROR, &r->at, "csv", "cannot read: %s",
		    csv_strerror(csv_error(p)));
	else if (r->quoted)
		diag_add(r->d, DIAG_ERROR, &r->at, "csv", "text after the "
		    "closing quote of a quoted cell; a quote inside one is "
		    "written twice (\"\")");
	else
		diag_add(r->d, DIAG_ERROR, &r->at, "csv", "a quote inside a "
		    "cell that does not start with one; put the whole cell in "
		    "quotes and write the quote twice (\"\")");
}

/* Every byte through libcsv, one at a time to know where cells start. */
static bool
parse(struct reader *r)
{
	struct csv_parser p;
	size_t i;
	bool ok = true;

	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI) != 0) {
		diag_add(r->d, DIAG_ERROR, &r->at, "csv", "cannot start the "
		    "CSV parser");
		return false;
	}
	csv_set_delim(&p, (unsigned char)r->t->sep);
	for (i = 0; ok && i < r->len; i++) {
		note_start(r, r->buf[i]);
		if (csv_parse(&p, r->buf + i, 1, end_cell, end_row, r) != 1) {
			parse_failed(r, &p);
			ok = false;
		} else
			advance(&r->at, r->buf[i], i + 1 < r->len ?
			    r->buf[i + 1] : -1);
	}
	if (ok && r->pending && r->inrow)
		r->start = r->at;	/* "a,b," ends with an empty cell */
	if (ok && csv_fini(&p, end_cell, end_row, r) != 0) {
		diag_add(r->d, DIAG_ERROR, &r->start, "csv", "this quoted "
		    "cell is never closed: a quote inside one is written "
		    "twice (\"\")");
		ok = false;
	}
	csv_free(&p);
	free(r->cells);
	return ok;
}

/*
 * What a spreadsheet's own file format is, by its first bytes, or NULL:
 * an .xlsx and an .ods are zip archives (an .ods names its type in its
 * first entry), an .xls a compound document.  Read as text they give
 * only a baffling control character.
 */
static const char *
workbook(const unsigned char *buf, size_t len)
{
	static const char ods[] = "application/vnd.oasis.opendocument."
	    "spreadsheet";
	static const char xlsx[] = "[Content_Types].xml";

	if (len >= 8 && memcmp(buf, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", 8)
	    == 0)
		return "an Excel 97-2003 workbook (.xls)";
	if (len < 4 || memcmp(buf, "PK\x03\x04", 4) != 0)
		return NULL;
	if (len >= 38 + sizeof(ods) - 1 &&
	    memcmp(buf + 38, ods, sizeof(ods) - 1) == 0)
		return "an OpenDocument spreadsheet (.ods)";
	/* Its first entry's name, after the 30 bytes of its header. */
	if (len >= 30 + sizeof(xlsx) - 1 &&
	    memcmp(buf + 30, xlsx, sizeof(xlsx) - 1) == 0)
		return "an Excel workbook (.xlsx)";
	return "a zip archive (a spreadsheet's .xlsx or .ods?)";
}

struct csvtab *
import_csv_load_buf(const char *name, const unsigned char *buf, size_t len,
    struct diags *d)
{
	struct csvtab *t = xcalloc(1, sizeof(*t));
	struct reader r = { .t = t, .d = d };
	const char *what;

	t->file = diag_file(d, name);
	r.at.file = t->file;
	r.at.line = r.at.col = 1;
	r.pending = true;
	if (len >= 2 && ((buf[0] == 0xFF && buf[1] == 0xFE) ||
	    (buf[0] == 0xFE && buf[1] == 0xFF))) {
		diag_add(d, DIAG_ERROR, &r.at, "encoding", "the file is UTF-16 "
		    "(Excel's \"Unicode Text\"); save it as \"CSV UTF-8\"");
		goto fail;
	}
	if ((what = workbook(buf, len)) != NULL) {
		diag_add(d, DIAG_ERROR, &r.at, "encoding", "the file is %s, "
		    "not text: save it as CSV (UTF-8) -- \"CSV UTF-8\" in "
		    "Excel, \"Text CSV\" with the character set UTF-8 in "
		    "LibreOffice -- and import that", what);
		goto fail;
	}
	/* A byte order mark: invisible, so columns count after it. */
	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
		buf += 3, len -= 3;
	r.buf = buf;
	r.len = len;
	t->sep = sniff(name, buf, len);
	if (!check_text(&r) || !parse(&r))
		goto fail;
	if (t->nrows == 0) {
		diag_add(d, DIAG_ERROR, &r.at, "csv", "the file is empty: it "
		    "needs a header row naming its columns");
		goto fail;
	}
	t->head = t->rows[0];
	t->nrows--;
	memmove(t->rows, t->rows + 1, t->nrows * sizeof(*t->rows));
	return t;
fail:
	import_csv_free(t);
	return NULL;
}

struct csvtab *
import_csv_load(const char *path, struct diags *d)
{
	struct srcpos pos = { diag_file(d, path), 0, 0 };
	struct csvtab *t;
	unsigned char *buf;
	size_t len;

	if ((buf = confine_read(NULL, path, MAX_CSV, "CSV file", &pos, &len,
	    d)) == NULL)
		return NULL;
	t = import_csv_load_buf(path, buf, len, d);
	free(buf);
	return t;
}

void
import_csv_free(struct csvtab *t)
{
	if (t == NULL)
		return;
	free(t->rows);
	arena_free(&t->arena);
	free(t);
}
