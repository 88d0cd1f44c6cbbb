/* SPDX-License-Identifier: MIT */
/*
 * A deck's messages written as a PO file by gettext's own library,
 * libgettextpo: its quoting, line folding and comment syntax are what
 * every PO editor reads.  The library writes to a file name; it is
 * given the temporary file of deckpress's output writer, so the file
 * appears whole or not at all, like every other output.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gettext-po.h>
#include <glib.h>

#include "gpodl.h"
#include "messages.h"
#include "../outfile.h"

/* Where a fatal error of the library returns to: it must not return. */
static jmp_buf po_fail;
static char *po_errmsg;

static void
xerror(int severity, po_message_t m, const char *file, size_t line,
    size_t col, int multiline, const char *text)
{
	(void)m, (void)file, (void)line, (void)col, (void)multiline;
	if (po_errmsg == NULL)
		po_errmsg = g_strdup(text);
	if (severity == PO_SEVERITY_FATAL_ERROR)
		longjmp(po_fail, 1);
}

static void
xerror2(int severity, po_message_t m1, const char *f1, size_t l1, size_t c1,
    int ml1, const char *t1, po_message_t m2, const char *f2, size_t l2,
    size_t c2, int ml2, const char *t2)
{
	(void)m2, (void)f2, (void)l2, (void)c2, (void)ml2, (void)t2;
	xerror(severity, m1, f1, l1, c1, ml1, t1);
}

static const struct po_xerror_handler handler = { xerror, xerror2 };

/*
 * The header's date: the one pdf_open() gives every PDF (pdf/pdfout.c),
 * fixed, so that the same game gives the same bytes wherever and
 * whenever it is exported, in a clone as in its first folder (a file's
 * time is neither).  msgfmt -c asks for a date, not gettext's
 * "YEAR-MO-DA" placeholder; the translator's editor sets its own when
 * the file is saved.
 */
#define PO_DATE		"2024-01-01 00:00+0000"

/*
 * The header entry: every field msgfmt -c asks for, none left at
 * gettext's placeholder.  The translator and the team are not known:
 * empty, which msgfmt takes (a field left out, it warns about).  A
 * template's is fuzzy, as xgettext makes it, and in the source
 * language, the language of its msgids.
 */
static po_message_t
header(const struct deck *deck, size_t li, bool pot)
{
	po_message_t h = po_message_create();
	const char *lang = deck->langs[pot ? 0 : li];
	char *s = g_strdup_printf(
	    "Project-Id-Version: %s\n"
	    "POT-Creation-Date: %s\n"
	    "PO-Revision-Date: %s\n"
	    "Last-Translator: \n"
	    "Language-Team: \n"
	    "Language: %s\n"
	    "MIME-Version: 1.0\n"
	    "Content-Type: text/plain; charset=UTF-8\n"
	    "Content-Transfer-Encoding: 8bit\n"
	    "Plural-Forms: %s\n"
	    "X-Generator: deckpress\n"
	    "X-Source-Language: %s\n",
	    deck->game, PO_DATE, PO_DATE, lang, pofile_plural_forms(lang),
	    deck->langs[0]);

	po_message_set_msgid(h, "");
	po_message_set_msgstr(h, s);
	po_message_set_fuzzy(h, pot);
	g_free(s);
	return h;
}

static po_message_t
message(const struct pomsg *p)
{
	po_message_t m = po_message_create();

	po_message_set_msgctxt(m, p->ctxt);
	po_message_set_msgid(m, p->msgid);
	po_message_set_msgstr(m, p->msgstr);
	po_message_set_extracted_comments(m, p->note);
	po_message_add_filepos(m, p->ref, p->line);
	/* {name} is Python's brace syntax: flagged, Poedit, Weblate and
	 * msgfmt -c check that a translation keeps each.  A '%' is no
	 * printf directive: said, so that no tool guesses one. */
	if (p->brace)
		po_message_set_format(m, "python-brace-format", 1);
	if (p->percent)
		po_message_set_format(m, "c-format", 0);
	if (p->fuzzy) {
		po_message_set_fuzzy(m, 1);
		if (p->prev != NULL) {
			po_message_set_prev_msgctxt(m, p->ctxt);
			po_message_set_prev_msgid(m, p->prev);
		}
	}
	return m;
}

/*
 * po_file_free() of gettext 0.21 frees every string of a message but
 * its contexts: unset them first, which frees them.
 */
static void
unset_contexts(po_file_t f)
{
	po_message_iterator_t it = po_message_iterator(f, NULL);
	po_message_t m;

	while ((m = po_next_message(it)) != NULL) {
		po_message_set_msgctxt(m, NULL);
		po_message_set_prev_msgctxt(m, NULL);
	}
	po_message_iterator_free(it);
}

/* The messages as a PO file, written to name (a /dev/fd/ path). */
static bool
write_po(const struct deck *deck, size_t li, bool pot,
    const struct pomsgs *m, const char *name)
{
	po_file_t f = po_file_create();
	po_message_iterator_t it = po_message_iterator(f, NULL);
	volatile bool ok = false;
	size_t i;

	po_message_insert(it, header(deck, li, pot));
	for (i = 0; i < m->n; i++)
		po_message_insert(it, message(&m->v[i]));
	po_message_iterator_free(it);
	if (setjmp(po_fail) == 0)
		ok = po_file_write(f, name, &handler) != NULL;
	unset_contexts(f);
	po_file_free(f);
	return ok && po_errmsg == NULL;
}

/*
 * Is the file written whole?  libgettextpo reports no failed write (a
 * full disk, a file size limit leave a short file that it calls
 * written), so the library reads it back: every message there, the
 * last one last.
 */
static po_file_t
read_po(const char *name)
{
	volatile po_file_t f = NULL;

	if (setjmp(po_fail) == 0)
		f = po_file_read(name, &handler);
	return f;
}

static bool
read_back(const struct pomsgs *m, const char *name)
{
	po_file_t f = read_po(name);
	po_message_iterator_t it;
	po_message_t msg, last = NULL;
	size_t n = 0;
	char *why = po_errmsg;
	bool ok = f != NULL && why == NULL;

	if (f != NULL) {
		it = po_message_iterator(f, NULL);
		while ((msg = po_next_message(it)) != NULL) {
			last = msg;
			n++;
		}
		ok = ok && n == m->n + 1 && (m->n == 0 ||
		    (po_message_msgctxt(last) != NULL &&
		    strcmp(po_message_msgctxt(last), m->v[m->n - 1].ctxt) == 0));
		po_message_iterator_free(it);
		po_file_free(f);
	}
	if (!ok)
		po_errmsg = why != NULL ? g_strdup_printf("it came out "
		    "incomplete (read back: %s)", why) :
		    g_strdup("it came out incomplete");
	if (!ok)
		g_free(why);
	return ok;
}

/*
 * The library said its write failed, naming the file by its /dev/fd/
 * name: said as a short file read back is (gettext 0.23, Debian 13,
 * reports a failed write; 0.21, Debian 12, does not, and the read back
 * finds it), the library's reason kept with the output's own name.
 */
static void
written_short(const char *tmpname, const char *name)
{
	GString *why;

	if (po_errmsg == NULL) {
		po_errmsg = g_strdup("it came out incomplete");
		return;
	}
	why = g_string_new(po_errmsg);
	g_string_replace(why, tmpname, name, 0);
	g_free(po_errmsg);
	po_errmsg = g_strdup_printf("it came out incomplete (%s)", why->str);
	g_string_free(why, TRUE);
}

/*
 * Write m as a PO file (pot: the template) to path ("-": standard
 * output) through libgettextpo and outfile: all of it or nothing.
 * False, reported in d, if it cannot be written.
 */
static bool
save_po(const struct deck *deck, size_t li, bool pot,
    const struct pomsgs *m, const char *path, struct diags *d)
{
	struct outfile o;
	const char *lib;
	char *name;
	bool ok;

	/* Loaded only now: most runs write no PO file. */
	if ((lib = pofile_gpo_load()) != NULL) {
		diag_add(d, DIAG_ERROR, &(struct srcpos){ diag_file(d,
		    outfile_name(path)), 0, 0 }, "io", "cannot write: %s", lib);
		return false;
	}
	if (!outfile_open(&o, path, d))
		return false;
	/* The library opens a file by its name: the writer's temporary,
	 * by the name Linux gives each open file. */
	fflush(o.fp);
	name = g_strdup_printf("/dev/fd/%d", fileno(o.fp));
	g_free(po_errmsg);
	po_errmsg = NULL;
	ok = write_po(deck, li, pot, m, name);
	if (!ok)
		written_short(name, outfile_name(path));
	else
		ok = read_back(m, name);
	g_free(name);
	if (!ok) {
		diag_add(d, DIAG_ERROR, NULL, "io", "%s: cannot write: %s",
		    outfile_name(path), po_errmsg ? po_errmsg : "libgettextpo "
		    "failed");
		g_free(po_errmsg);
		po_errmsg = NULL;
		outfile_close(&o, false, d);
		return false;
	}
	return outfile_check(&o, d) && outfile_close(&o, true, d);
}

int
pofile_export(const struct setup *s, int li, const char *output, char **said,
    struct diags *d)
{
	const struct deck *deck = s->deck;
	char *path = output ? xstrdup(output) : li ? g_strdup_printf(
	    "out/%s-%s.po", deck->game, deck->langs[li]) : g_strdup_printf(
	    "out/%s.pot", deck->game);
	struct pomsgs m;
	int rc;

	pofile_messages(s, (size_t)li, &m);
	if ((rc = job_ensure_parent(path, d)) == 0 && !save_po(deck, (size_t)li,
	    li == 0, &m, path, d))
		rc = EXIT_IO;
	else if (rc == 0)
		*said = g_strdup_printf("%s: %zu messages, %zu "
		    "fuzzy, %zu untranslated\n", outfile_name(path), m.n,
		    m.fuzzy, li == 0 ? m.n : m.empty);
	pofile_msgs_free(&m);
	free(path);
	return rc;
}
