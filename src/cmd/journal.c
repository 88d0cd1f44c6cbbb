/* SPDX-License-Identifier: MIT */
/*
 * import's files written all or nothing, through a journal in the game
 * folder.  Part of the CLI, below import.c.
 *
 * Why a journal and not an order of renames: no order keeps a deck
 * that renders while an import adds a card.  deck.yaml naming a card
 * that text/en.yaml has no strings for is an error ("no text in
 * language 'en'"), and so is text/en.yaml holding strings for a card
 * deck.yaml does not list yet ("text for unknown card"); a pruned card
 * is the same the other way round.  So every new file is written into
 * one journal first, renamed into place in one step, the commit point;
 * the renames of the files themselves follow, and whatever stops them
 * (SIGKILL, a power cut), the next import redoes them from the journal.
 * The journal holds the bytes, not the temporary files' names: a later
 * run's outfile_open() removes a dead run's temporaries, and would take
 * a journal's with them.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include "cmd.h"
#include "journal.h"
#include "../outfile.h"

#define MAGIC		"deckpress import journal 1\n"
#define END		"end\n"
/* deck.yaml and a text file per language: far above any real game. */
#define MAXFILES	1000

/* A file staged: its temporary written and flushed to disk. */
struct staged {
	const struct jfile	*f;
	char			*path;	/* owned: dir/name */
	struct outfile		 o;	/* o.fp NULL: not staged */
};

/* deck.yaml, or text/LANG.yaml for a language code LANG. */
static bool
name_ok(const char *name)
{
	size_t n = strlen(name);
	char *lang;
	bool ok;

	if (strcmp(name, "deck.yaml") == 0)
		return true;
	if (n <= 10 || strncmp(name, "text/", 5) != 0 ||
	    strcmp(name + n - 5, ".yaml") != 0)
		return false;
	lang = g_strndup(name + 5, n - 10);
	ok = valid_ident(lang);
	g_free(lang);
	return ok;
}

/* Report why dir/name cannot be written; returns false. */
static bool
refuse(const char *path, const char *why, struct diags *d)
{
	struct srcpos pos = { diag_file(d, path), 0, 0 };

	diag_add(d, DIAG_ERROR, &pos, "io", "cannot write: %s", why);
	return false;
}

/*
 * dir/name is written in place, never through a link: text/ a folder
 * (or none yet), the file a regular one (or none yet).
 */
static bool
in_place(const char *dir, const char *name, struct diags *d)
{
	char *p = path_join(dir, "text");
	struct stat st;
	bool ok = true;

	if (strncmp(name, "text/", 5) == 0 && lstat(p, &st) == 0 &&
	    !S_ISDIR(st.st_mode))
		ok = refuse(p, S_ISLNK(st.st_mode) ? "it is a symbolic link; "
		    "import writes into the game's own text folder" :
		    "it is not a folder", d);
	free(p);
	p = path_join(dir, name);
	if (ok && lstat(p, &st) == 0 && !S_ISREG(st.st_mode))
		ok = refuse(p, S_ISLNK(st.st_mode) ? "it is a symbolic link; "
		    "import writes no file through a link" : "it is not a "
		    "regular file", d);
	free(p);
	return ok;
}

/*
 * Flush a folder's entries (a rename) to disk: best effort, as not
 * every file system can.
 */
static void
sync_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

/* Write s's bytes to a temporary file and flush it to disk. */
static bool
stage(const char *dir, struct staged *s, struct diags *d)
{
	char *sub = g_path_get_dirname(s->path);
	bool ok;

	/* A new deck's text folder. */
	if (strcmp(sub, dir) != 0)
		g_mkdir_with_parents(sub, 0777);
	g_free(sub);
	if (!outfile_open(&s->o, s->path, d))
		return false;
	ok = (s->f->len == 0 || outfile_write(&s->o, s->f->bytes,
	    s->f->len)) && outfile_check(&s->o, d);
	if (ok && fsync(fileno(s->o.fp)) != 0)
		ok = refuse(s->path, strerror(errno), d);
	if (!ok)
		outfile_close(&s->o, false, d);
	return ok;
}

/* Stage every file of v; false (none left staged) if one fails. */
static bool
stage_all(const char *dir, struct staged *v, size_t n, struct diags *d)
{
	size_t i;
	bool ok = true;

	for (i = 0; ok && i < n; i++)
		ok = in_place(dir, v[i].f->name, d) && stage(dir, &v[i], d);
	for (i = 0; !ok && i < n; i++)
		if (v[i].o.fp != NULL)
			outfile_close(&v[i].o, false, d);
	return ok;
}

static struct staged *
staged_new(const char *dir, const struct jfile *v, size_t n)
{
	struct staged *s = xcalloc(n, sizeof(*s));
	size_t i;

	for (i = 0; i < n; i++) {
		s[i].f = &v[i];
		s[i].path = path_join(dir, v[i].name);
	}
	return s;
}

static void
staged_free(struct staged *s, size_t n)
{
	size_t i;

	for (i = 0; s != NULL && i < n; i++)
		free(s[i].path);
	free(s);
}

/*
 * Past the commit point: rename every staged file over its target,
 * the text files first and deck.yaml last, then remove the journal.
 * jo, if not NULL, is the journal still to commit.  SIGINT, SIGTERM
 * and SIGHUP wait meanwhile, so that Ctrl-C ends an import whole, never
 * half way with a journal to finish (outfile's handler, run then,
 * would remove the temporaries not yet renamed).
 */
static int
apply(const char *dir, struct staged *v, size_t n, struct outfile *jo,
    struct diags *d)
{
	char *jpath = path_join(dir, JOURNAL_NAME), *tdir;
	sigset_t set, was;
	size_t i, pass;
	bool ok = true;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, &was);
	if (jo != NULL && !outfile_close(jo, true, d)) {
		for (i = 0; i < n; i++)
			outfile_close(&v[i].o, false, d);
		ok = false;
		goto out;
	}
	sync_dir(dir);
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; i++)
			if ((strcmp(v[i].f->name, "deck.yaml") == 0) == pass)
				ok &= outfile_close(&v[i].o, true, d);
	tdir = path_join(dir, "text");
	sync_dir(tdir);
	free(tdir);
	sync_dir(dir);
	if (!ok) {
		refuse(jpath, "the import is half done; run 'deckpress "
		    "import' into this deck again to finish it", d);
		goto out;
	}
	/*
	 * Only once every rename is on disk.  The removal itself need not
	 * be: a journal back after a power cut redoes the same bytes.
	 */
	unlink(jpath);
out:
	sigprocmask(SIG_SETMASK, &was, NULL);
	free(jpath);
	return ok ? 0 : EXIT_IO;
}

/* The journal's bytes: every file's name, length and bytes. */
static void
build(const struct jfile *v, size_t n, struct strbuf *b)
{
	size_t i;

	sb_puts(b, MAGIC);
	for (i = 0; i < n; i++) {
		sb_printf(b, "file %s %zu\n", v[i].name, v[i].len);
		if (v[i].len > 0)
			sb_add(b, v[i].bytes, v[i].len);
		sb_puts(b, "\n");
	}
	sb_puts(b, END);
}

int
journal_write(const char *dir, const struct jfile *v, size_t n,
    struct diags *d)
{
	struct staged *s = staged_new(dir, v, n);
	struct strbuf b = { 0 };
	struct outfile jo;
	char *jpath = path_join(dir, JOURNAL_NAME);
	size_t i;
	int rc = EXIT_IO;

	build(v, n, &b);
	if (b.len > JOURNAL_MAX) {
		refuse(jpath, "the files import writes are larger than "
		    "64 MiB together", d);
		goto out;
	}
	/* A new deck's folder. */
	g_mkdir_with_parents(dir, 0777);
	if (!stage_all(dir, s, n, d))
		goto out;
	if (!outfile_open(&jo, jpath, d) ||
	    !outfile_write(&jo, b.s, b.len) || !outfile_check(&jo, d) ||
	    (fsync(fileno(jo.fp)) != 0 && !refuse(jpath, strerror(errno),
	    d))) {
		outfile_close(&jo, false, d);
		for (i = 0; i < n; i++)
			outfile_close(&s[i].o, false, d);
		goto out;
	}
	rc = apply(dir, s, n, &jo, d);
out:
	sb_free(&b);
	free(jpath);
	staged_free(s, n);
	return rc;
}

/*
 * Read the journal at path: a regular file reached by no link, at
 * most JOURNAL_MAX bytes, counted as they are read (a size from stat()
 * says nothing of a file that grows).  Caller frees; NULL, reported.
 */
static char *
read_journal(const char *path, size_t *len, struct diags *d)
{
	struct srcpos pos = { diag_file(d, path), 0, 0 };
	size_t cap = 65536, n = 0;
	struct stat st;
	char *buf = NULL;
	ssize_t got;
	int fd;

	/* O_NONBLOCK: a FIFO planted there must not hang the open. */
	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
	    O_CLOEXEC)) < 0 || fstat(fd, &st) != 0) {
		diag_add(d, DIAG_ERROR, &pos, "journal", "cannot read: %s%s",
		    errno == ELOOP ? "it is a symbolic link" : strerror(errno),
		    "; remove it, then import again");
		goto fail;
	}
	if (!S_ISREG(st.st_mode)) {
		diag_add(d, DIAG_ERROR, &pos, "journal", "cannot read: it is "
		    "not a regular file; remove it, then import again");
		goto fail;
	}
	/* The size stat() gives refuses early; reading is what counts. */
	if (st.st_size > JOURNAL_MAX)
		goto big;
	buf = xmalloc(cap);
	while ((got = read(fd, buf + n, cap - n)) != 0) {
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			diag_add(d, DIAG_ERROR, &pos, "journal", "cannot "
			    "read: %s", strerror(errno));
			goto fail;
		}
		if ((n += (size_t)got) > JOURNAL_MAX)
			goto big;
		/* One byte past the limit is enough to know. */
		if (n == cap)
			buf = xrealloc(buf, cap = cap * 2 > JOURNAL_MAX ?
			    JOURNAL_MAX + 1 : cap * 2);
	}
	close(fd);
	*len = n;
	return buf;
big:
	diag_add(d, DIAG_ERROR, &pos, "journal", "larger than the 64 MiB an "
	    "import's journal holds: not one deckpress wrote; remove it, "
	    "then import again");
fail:
	if (fd >= 0)
		close(fd);
	free(buf);
	return NULL;
}

/* One "file NAME LEN" line at *p, its bytes after; why not, or NULL. */
static const char *
parse_file(char **p, char *end, struct jfile *f)
{
	char *nl = memchr(*p, '\n', (size_t)(end - *p)), *sp, *e;
	unsigned long long len;

	if (nl == NULL)
		return "it ends inside a line";
	*nl = '\0';
	if (strncmp(*p, "file ", 5) != 0 ||
	    (sp = strrchr(*p + 5, ' ')) == NULL)
		return "a line is not 'file NAME LENGTH' nor 'end'";
	*sp = '\0';
	f->name = *p + 5;
	if (!name_ok(f->name))
		return "it names a file other than deck.yaml and "
		    "text/LANG.yaml";
	errno = 0;
	len = strtoull(sp + 1, &e, 10);
	if (sp[1] < '0' || sp[1] > '9' || *e != '\0' || errno != 0 ||
	    len >= (unsigned long long)(end - nl - 1))
		return "a file's length is not a number of the bytes that "
		    "follow";
	f->bytes = nl + 1;
	f->len = (size_t)len;
	if (f->bytes[f->len] != '\n')
		return "a file's bytes do not end where its length says";
	*p = nl + 1 + f->len + 1;
	return NULL;
}

/* The files of the journal buf (changed in place); why not, or NULL. */
static const char *
parse(char *buf, size_t len, struct jfile **out, size_t *nout)
{
	char *p = buf, *end = buf + len;
	struct jfile *v = NULL;
	const char *why = NULL;
	size_t n = 0, cap = 0, i;

	if (len < sizeof(MAGIC) - 1 || memcmp(buf, MAGIC, sizeof(MAGIC) - 1))
		return "its first line is not 'deckpress import journal 1'";
	p += sizeof(MAGIC) - 1;
	while (why == NULL && !((size_t)(end - p) == sizeof(END) - 1 &&
	    memcmp(p, END, sizeof(END) - 1) == 0)) {
		if (n == MAXFILES) {
			why = "it names more than 1000 files";
			break;
		}
		xgrow((void **)&v, &cap, n + 1, sizeof(*v));
		if ((why = parse_file(&p, end, &v[n])) != NULL)
			break;
		for (i = 0; i < n && strcmp(v[i].name, v[n].name) != 0; i++)
			;
		if (i < n)
			why = "it names a file twice";
		n++;
	}
	if (why == NULL && n == 0)
		why = "it names no file";
	if (why != NULL) {
		free(v);
		return why;
	}
	*out = v;
	*nout = n;
	return NULL;
}

int
journal_finish(const char *dir, struct diags *d)
{
	char *jpath = path_join(dir, JOURNAL_NAME), *buf = NULL;
	struct jfile *v = NULL;
	struct staged *s = NULL;
	struct srcpos pos = { NULL, 0, 0 };
	struct stat st;
	const char *why;
	size_t len, n = 0, i;
	int rc = 0;

	if (lstat(jpath, &st) != 0 && errno == ENOENT)
		goto out;
	rc = EXIT_INPUT;
	if ((buf = read_journal(jpath, &len, d)) == NULL)
		goto out;
	if ((why = parse(buf, len, &v, &n)) != NULL) {
		pos.file = diag_file(d, jpath);
		diag_add(d, DIAG_ERROR, &pos, "journal", "not a journal "
		    "deckpress import wrote: %s; nothing of it was written: "
		    "remove it, then import again", why);
		goto out;
	}
	s = staged_new(dir, v, n);
	rc = EXIT_IO;
	if (!stage_all(dir, s, n, d) || (rc = apply(dir, s, n, NULL, d)) != 0)
		goto out;
	printf("%s: finished an import that had stopped half way (", jpath);
	for (i = 0; i < n; i++)
		printf("%s%s", i ? ", " : "", v[i].name);
	printf(")\n");
out:
	staged_free(s, n);
	free(v);
	free(buf);
	free(jpath);
	return rc;
}

void
journal_warn(const char *dir, struct diags *d)
{
	char *jpath = path_join(dir, JOURNAL_NAME);
	struct srcpos pos = { NULL, 0, 0 };
	struct stat st;

	if (lstat(jpath, &st) == 0) {
		pos.file = diag_file(d, jpath);
		diag_add(d, DIAG_WARN, &pos, "journal", "an import into this "
		    "deck was stopped before it finished, and the deck may "
		    "not load until it is: run 'deckpress import' into it "
		    "again");
	}
	free(jpath);
}
