/* SPDX-License-Identifier: MIT */
/*
 * What an output must never be, for outfile.c to refuse: written
 * through a symbolic link the kernel's protected_symlinks would not
 * follow (one another user planted in /tmp), or written over a file
 * this run read (-o GAME/deck.yaml).  Links are only read here, never
 * resolved to be written through: that is the kernel's to do.
 */
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include "outfile.h"
#include "outguard.h"
#include "util.h"

/* Symbolic links a kernel follows in a row before ELOOP (Linux: 40). */
#define MAXHOPS		40

bool outguard_no_links;

/*
 * The files this run read, by device and inode (watch reads the same
 * files again and again; a game may hold thousands of images), each
 * with the change time it had when read: an editor saves by renaming a
 * new file over the old, whose inode number the file system then gives
 * to the next new file, such as watch's next output.
 */
struct fileid {
	dev_t		 dev;
	ino_t		 ino;
};
static GHashTable *inputs;	/* struct fileid -> struct timespec */

static guint
id_hash(gconstpointer p)
{
	const struct fileid *f = p;

	return (guint)(((uint64_t)f->ino ^ (uint64_t)f->dev << 17) *
	    UINT64_C(0x9e3779b97f4a7c15) >> 32);
}

static gboolean
id_equal(gconstpointer a, gconstpointer b)
{
	const struct fileid *x = a, *y = b;

	return x->dev == y->dev && x->ino == y->ino;
}

bool
outguard_read(const struct stat *st)
{
	struct fileid id = { st->st_dev, st->st_ino };
	const struct timespec *t;

	if (inputs == NULL ||
	    (t = g_hash_table_lookup(inputs, &id)) == NULL)
		return false;
	return t->tv_sec == st->st_ctim.tv_sec &&
	    t->tv_nsec == st->st_ctim.tv_nsec;
}

void
outfile_input(const struct stat *st)
{
	struct fileid *id = xmalloc(sizeof(*id));
	struct timespec *t = xmalloc(sizeof(*t));

	if (inputs == NULL)
		inputs = g_hash_table_new_full(id_hash, id_equal, free, free);
	id->dev = st->st_dev;
	id->ino = st->st_ino;
	/* Read again: as it is now. */
	*t = st->st_ctim;
	g_hash_table_insert(inputs, id, t);
}

void
outfile_no_links(void)
{
	outguard_no_links = true;
}

/*
 * outfile.h's: here, with the refusal that names the output, so that the
 * guard needs nothing of the writer (outfile.c calls the guard).
 */
const char *
outfile_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "standard output" : path;
}

void
outfile_refuse(const char *name, struct diags *d, const char *why)
{
	struct srcpos pos = { diag_file(d, outfile_name(name)), 0, 0 };

	diag_add(d, DIAG_ERROR, &pos, "io", "cannot write: %s", why);
}

/*
 * Would the kernel's protected_symlinks refuse to follow the link at
 * path (lst: its lstat; first: path is the output's own name)?  It
 * does when the link is in a sticky world-writable folder (/tmp) and
 * owned by neither the follower nor the folder's owner: another user
 * planted it there.  Then *why says so (caller frees); a folder that
 * cannot be looked at is refused too.
 */
static bool
planted(const char *path, bool first, const struct stat *lst, char **why)
{
	char *copy = xstrdup(path), *dir = dirname(copy);
	struct strbuf b = { 0 };
	struct stat ds;

	if (stat(dir, &ds) != 0)
		sb_printf(&b, "cannot look at the folder of symbolic link "
		    "%s: %s", path, strerror(errno));
	else if ((ds.st_mode & (S_ISVTX | S_IWOTH)) == (S_ISVTX | S_IWOTH) &&
	    lst->st_uid != geteuid() && lst->st_uid != ds.st_uid) {
		if (first)
			sb_puts(&b, "it is");
		else
			sb_printf(&b, "it leads through %s,", path);
		sb_printf(&b, " a symbolic link of another user (uid %ld) in "
		    "%s, a sticky world-writable folder: the kernel's "
		    "protected_symlinks does not follow such a link",
		    (long)lst->st_uid, dir);
	}
	free(copy);
	*why = b.s;
	return b.s != NULL;
}

/*
 * The name the symbolic link at path holds, made relative to the
 * current folder as the kernel reads it (relative to the link's
 * folder); NULL if it cannot be read.  Caller frees.
 */
static char *
next_hop(const char *path)
{
	char *t = xmalloc(PATH_MAX), *copy, *p;
	ssize_t n = readlink(path, t, PATH_MAX);

	if (n <= 0 || n >= PATH_MAX) {
		free(t);
		return NULL;
	}
	t[n] = '\0';
	if (t[0] == '/')
		return t;
	copy = xstrdup(path);
	p = path_join(dirname(copy), t);
	free(copy);
	free(t);
	return p;
}

bool
outguard_links(const char *name, const char *path, struct diags *d)
{
	char *p = xstrdup(path), *next, *why = NULL;
	struct stat lst;
	int hop;

	for (hop = 0; hop < MAXHOPS && lstat(p, &lst) == 0 &&
	    S_ISLNK(lst.st_mode); hop++) {
		if (planted(p, hop == 0, &lst, &why))
			break;
		if ((next = next_hop(p)) == NULL)
			break;
		free(p);
		p = next;
	}
	free(p);
	if (why != NULL)
		outfile_refuse(name, d, why);
	free(why);
	return why == NULL;
}

bool
outfile_folder(const char *dir, struct diags *d)
{
	char *p = xstrdup(dir), *s = p;
	size_t n = strlen(p);
	struct stat st;
	bool ok = true;

	/* "DIR/" would have lstat follow the link DIR. */
	while (n > 1 && p[n - 1] == '/')
		p[--n] = '\0';
	/* Each folder on the way, as the kernel walks them: a/, a/b... */
	do {
		if ((s = strchr(s + 1, '/')) != NULL)
			*s = '\0';
		if (lstat(p, &st) == 0 && S_ISLNK(st.st_mode))
			ok = outguard_links(p, p, d);
		if (s != NULL)
			*s = '/';
	} while (ok && s != NULL);
	free(p);
	return ok;
}
