/* SPDX-License-Identifier: MIT */
/*
 * A PO file read with gettext's libgettextpo, as every PO editor writes
 * it: its messages' contexts, sources, translations and fuzzy flags,
 * and the lines they are at, for "strings --from" and "check --from".
 * Its syntax errors become deckpress's diagnostics.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gettext-po.h>
#include <glib.h>

#include "gpodl.h"
#include "pofile.h"
#include "../memfile.h"

/*
 * The handler libgettextpo calls has no argument of ours: the diags and
 * the way out of a fatal error are kept here for the one read at a time.
 */
static struct {
	struct diags	*d;
	const char	*path;
	jmp_buf		 out;
} rd;

/* One problem libgettextpo found, as a diagnostic at its line. */
static void
add_problem(int severity, const char *file, size_t line, size_t col,
    const char *text)
{
	struct srcpos pos = { rd.path, 0, 0 };
	char *msg = g_strchomp(g_strdup(text)), *nl;

	/* One line per diagnostic. */
	while ((nl = strchr(msg, '\n')) != NULL)
		*nl = ' ';

	if (file != NULL && line != (size_t)-1) {
		pos.line = (unsigned int)line;
		pos.col = col == (size_t)-1 ? 1 : (unsigned int)col + 1;
	}
	diag_add(rd.d, severity == PO_SEVERITY_WARNING ? DIAG_WARN :
	    DIAG_ERROR, pos.line ? &pos : &(struct srcpos){ rd.path, 0, 0 },
	    "po", "%s", msg);
	g_free(msg);
}

static void
xerror(int severity, po_message_t m, const char *file, size_t line,
    size_t col, int multiline, const char *text)
{
	(void)m;
	(void)multiline;
	add_problem(severity, file, line, col, text);
	/* It must not return from a fatal error (the library's last
	 * word after the errors of a read: what it read is lost). */
	if (severity == PO_SEVERITY_FATAL_ERROR)
		longjmp(rd.out, 1);
}

static void
xerror2(int severity, po_message_t m1, const char *file1, size_t line1,
    size_t col1, int ml1, const char *text1, po_message_t m2,
    const char *file2, size_t line2, size_t col2, int ml2, const char *text2)
{
	(void)m1;
	(void)m2;
	(void)ml1;
	(void)ml2;
	add_problem(severity == PO_SEVERITY_WARNING ? severity :
	    PO_SEVERITY_ERROR, file1, line1, col1, text1);
	add_problem(PO_SEVERITY_WARNING, file2, line2, col2, text2);
	if (severity == PO_SEVERITY_FATAL_ERROR)
		longjmp(rd.out, 1);
}

/* Does line s (blanks skipped) begin with keyword kw and then a blank? */
static bool
keyword(const char *s, const char *kw)
{
	size_t n = strlen(kw);

	s += strspn(s, " \t");
	return strncmp(s, kw, n) == 0 && (s[n] == ' ' || s[n] == '\t' ||
	    s[n] == '"');
}

/*
 * The lines each message starts at and its msgstr is at, in the file's
 * order, which is the order libgettextpo gives them in: it tells no
 * message's own line.  Obsolete messages (#~) are comments here.
 * Past PO_MAX_MESSAGES, *over is the line of the one too many.
 */
static size_t
message_lines(const char *text, unsigned int **start, unsigned int **str,
    unsigned int *over)
{
	size_t n = 0, cap = 0;
	unsigned int line = 1;
	bool ctxt = false;
	const char *s;

	*start = *str = NULL;
	for (s = text; *s; line++) {
		if (keyword(s, "msgctxt") || (keyword(s, "msgid") && !ctxt)) {
			/* The header is a message too. */
			if (n > PO_MAX_MESSAGES) {
				*over = line;
				break;
			}
			if (n == cap) {
				cap = cap ? 2 * cap : 64;
				*start = xrealloc(*start, cap * sizeof(**start));
				*str = xrealloc(*str, cap * sizeof(**str));
			}
			(*start)[n] = (*str)[n] = line;
			n++;
			ctxt = keyword(s, "msgctxt");
		} else if (keyword(s, "msgid"))
			ctxt = false;
		else if (n > 0 && (keyword(s, "msgstr") ||
		    strncmp(s + strspn(s, " \t"), "msgstr[", 7) == 0) &&
		    (*str)[n - 1] == (*start)[n - 1])
			(*str)[n - 1] = line;
		s += strcspn(s, "\n");
		if (*s == '\n')
			s++;
	}
	return n;
}

/* Is the file's text the UTF-8 that deckpress's texts are in? */
static bool
utf8_file(po_file_t f, const struct pofile *pf, struct diags *d)
{
	const char *h = po_file_domain_header(f, NULL);
	char *ct = h ? po_header_field(h, "Content-Type") : NULL;
	const char *cs = ct ? strstr(ct, "charset=") : NULL;
	bool ok = cs == NULL || g_ascii_strncasecmp(cs + 8, "UTF-8", 5) == 0;

	if (!ok)
		diag_add(d, DIAG_ERROR, &(struct srcpos){ pf->path, 0, 0 },
		    "po", "the file is in %s; deckpress reads PO files in "
		    "UTF-8 (msgconv --to-code=UTF-8 converts it)", cs + 8);
	free(ct);
	free((char *)h);	/* the library's copy */
	return ok;
}

/* The line of the header's Language: field in text, or 0. */
static unsigned int
lang_line(const char *text)
{
	unsigned int line = 1;
	const char *s;

	for (s = text; *s; line++) {
		if (strncmp(s + strspn(s, " \t"), "\"Language:", 10) == 0)
			return line;
		s += strcspn(s, "\n");
		if (*s == '\n')
			s++;
	}
	return 0;
}

/* The header's Language: field, if it has one, into pf->lang. */
static void
take_lang(struct pofile *pf, po_file_t f, const char *text)
{
	const char *h = po_file_domain_header(f, NULL);
	char *lang = h ? po_header_field(h, "Language") : NULL;

	if (lang != NULL && *g_strstrip(lang) != '\0') {
		pf->lang = arena_strdup(&pf->arena, lang);
		pf->lang_pos = (struct srcpos){ pf->path, lang_line(text), 1 };
	}
	free(lang);
	free((char *)h);	/* the library's copy */
}

/* The file's messages, each at its line, into pf->v. */
static void
take_messages(struct pofile *pf, po_file_t f, const unsigned int *start,
    const unsigned int *strl, size_t nlines)
{
	po_message_iterator_t it = po_message_iterator(f, NULL);
	po_message_t m;
	size_t k = 0;

	pf->v = arena_alloc(&pf->arena, (nlines + 1) * sizeof(*pf->v));
	while ((m = po_next_message(it)) != NULL) {
		struct poentry *p;
		const char *ctxt = po_message_msgctxt(m);

		if (po_message_is_obsolete(m))
			continue;
		if (k >= nlines)
			break;		/* not as the lines said: reported */
		k++;
		if (ctxt == NULL && *po_message_msgid(m) == '\0')
			continue;	/* the header */
		p = &pf->v[pf->n++];
		p->ctxt = ctxt ? arena_strdup(&pf->arena, ctxt) : NULL;
		p->id = arena_strdup(&pf->arena, po_message_msgid(m));
		p->prev = po_message_prev_msgid(m) ? arena_strdup(&pf->arena,
		    po_message_prev_msgid(m)) : NULL;
		p->str = arena_strdup(&pf->arena, po_message_msgstr(m) ?
		    po_message_msgstr(m) : "");
		p->fuzzy = po_message_is_fuzzy(m);
		p->plural = po_message_msgid_plural(m) != NULL;
		p->pos = (struct srcpos){ pf->path, start[k - 1], 1 };
		p->str_pos = (struct srcpos){ pf->path, strl[k - 1], 1 };
	}
	po_message_iterator_free(it);
}

/*
 * The file's bytes, if it can be read and is not too large: read from
 * one descriptor, so that what was measured is what is read.  *len is
 * their number; the text is NUL-terminated.
 */
static char *
slurp(const struct pofile *pf, const char *path, size_t *len,
    struct diags *d)
{
	struct srcpos at = { pf->path, 0, 0 };
	struct stat st;
	char *text = NULL;
	ssize_t r;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

	if (fd < 0 || fstat(fd, &st) != 0) {
		diag_add(d, DIAG_ERROR, &at, "io", "cannot read: %s",
		    strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		diag_add(d, DIAG_ERROR, &at, "io", "cannot read: not a file");
		goto out;
	}
	if (st.st_size > PO_MAX_BYTES) {
		diag_add(d, DIAG_ERROR, &at, "po", "%lld bytes, more than "
		    "the %d a PO file may have", (long long)st.st_size,
		    PO_MAX_BYTES);
		goto out;
	}
	/* One byte more than allowed: a file that grew is still caught. */
	text = xmalloc(PO_MAX_BYTES + 2);
	*len = 0;
	while ((r = read(fd, text + *len, PO_MAX_BYTES + 1 - *len)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			diag_add(d, DIAG_ERROR, &at, "io", "cannot read: %s",
			    strerror(errno));
			goto fail;
		}
		*len += (size_t)r;
		if (*len > PO_MAX_BYTES) {
			diag_add(d, DIAG_ERROR, &at, "po", "more than the %d "
			    "bytes a PO file may have", PO_MAX_BYTES);
			goto fail;
		}
	}
	text[*len] = '\0';
	goto out;
fail:
	free(text);
	text = NULL;
out:
	if (fd >= 0)
		close(fd);
	return text;
}

/* The file read by libgettextpo, or NULL after a fatal error. */
static po_file_t
read_guarded(const char *path)
{
	static const struct po_xerror_handler handler = { xerror, xerror2 };

	if (setjmp(rd.out) != 0)
		return NULL;
	return po_file_read(path, &handler);
}

/*
 * The bytes read, parsed by libgettextpo through a sealed copy of
 * them (it opens files by name only): the file is read once.
 */
static po_file_t
read_bytes(const char *text, size_t len, struct diags *d)
{
	char name[32];
	po_file_t f;
	int fd = memfile_new("po", text, len);

	if (fd < 0) {
		diag_add(d, DIAG_ERROR, &(struct srcpos){ rd.path, 0, 0 },
		    "io", "cannot read: %s", strerror(errno));
		return NULL;
	}
	memfile_path(fd, name, sizeof(name));
	f = read_guarded(name);
	close(fd);
	return f;
}

bool
pofile_read(struct pofile *pf, const char *path, struct diags *d)
{
	unsigned int *start = NULL, *strl = NULL, over = 0;
	size_t nlines, len, before = d->nerr;
	po_file_t f = NULL;
	const char *lib;
	char *text;

	memset(pf, 0, sizeof(*pf));
	pf->path = diag_file(d, path);
	/* Loaded only now: most runs read no PO file. */
	if ((lib = pofile_gpo_load()) != NULL) {
		diag_add(d, DIAG_ERROR, &(struct srcpos){ pf->path, 0, 0 },
		    "io", "cannot read: %s", lib);
		return false;
	}
	if ((text = slurp(pf, path, &len, d)) == NULL)
		return false;
	/* A byte-order mark, as Windows editors (Notepad) write UTF-8:
	 * gettext reads it as a syntax error; it is no text. */
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		memmove(text, text + 3, len - 2);
		len -= 3;
	}
	nlines = message_lines(text, &start, &strl, &over);
	rd.d = d;
	rd.path = pf->path;
	if (over != 0)
		diag_add(d, DIAG_ERROR, &(struct srcpos){ pf->path, over, 1 },
		    "po", "more than the %d messages a PO file may have",
		    PO_MAX_MESSAGES);
	else
		f = read_bytes(text, len, d);
	if (f != NULL && d->nerr == before && utf8_file(f, pf, d)) {
		take_lang(pf, f, text);
		take_messages(pf, f, start, strl, nlines);
	}
	free(text);
	if (f != NULL)
		po_file_free(f);
	free(start);
	free(strl);
	return f != NULL && d->nerr == before;
}

void
pofile_free(struct pofile *pf)
{
	if (pf == NULL)
		return;
	arena_free(&pf->arena);
	memset(pf, 0, sizeof(*pf));
}
