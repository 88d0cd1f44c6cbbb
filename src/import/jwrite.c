/* SPDX-License-Identifier: MIT */
/*
 * import's files written all or nothing, through a journal in the game
 * folder.  Part of the import stage; confine/journal.c reads a journal.
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

#include "importing.h"
#include "../outfile.h"

/* A file staged: its temporary written and flushed to disk. */
struct staged {
	const struct jfile	*f;
	char			*path;	/* owned: dir/name */
	struct outfile		 o;	/* o.fp NULL: not staged */
};

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
	/* Files this run read (the deck's), rewritten as asked. */
	if (!outfile_rewrite(&s->o, s->path, d))
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

int
import_journal_write(const char *dir, const struct jfile *v, size_t n,
    struct diags *d)
{
	struct staged *s = staged_new(dir, v, n);
	struct strbuf b = { 0 };
	struct outfile jo;
	char *jpath = path_join(dir, JOURNAL_NAME);
	size_t i;
	int rc = EXIT_IO;

	confine_journal_build(v, n, &b);
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

int
import_journal_finish(const char *dir, char **said, struct diags *d)
{
	struct journal j;
	struct staged *s = NULL;
	struct strbuf b = { 0 };
	size_t i;
	int rc = EXIT_INPUT;

	*said = NULL;
	if (!confine_journal_read(NULL, dir, &j, d))
		goto out;
	rc = 0;
	if (j.n == 0)
		goto out;
	s = staged_new(dir, j.v, j.n);
	rc = EXIT_IO;
	if (!stage_all(dir, s, j.n, d) ||
	    (rc = apply(dir, s, j.n, NULL, d)) != 0)
		goto out;
	sb_printf(&b, "%s: finished an import that had stopped half way (",
	    j.path);
	for (i = 0; i < j.n; i++)
		sb_printf(&b, "%s%s", i ? ", " : "", j.v[i].name);
	sb_puts(&b, ")\n");
	*said = b.s;
out:
	staged_free(s, j.n);
	confine_journal_free(&j);
	return rc;
}
