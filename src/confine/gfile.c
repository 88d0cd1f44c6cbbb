/* SPDX-License-Identifier: MIT */
/*
 * The one way deckpress reads a file of a game: deck.yaml, the texts,
 * the rule booklets, layouts and sheets, images, icons.  A game folder
 * may come from a stranger, so a file is read only if
 *   - every link followed, it lies where the confinement allows (the
 *     game's folder or deckpress's layouts/), checked again on the file
 *     actually opened, so that a link swapped in between is caught;
 *   - it is a regular file: a FIFO would block for ever, /dev/zero
 *     never end, and opening a device may do something; such a file is
 *     refused from stat() before it is opened;
 *   - it is no larger than its reader's limit, counted while reading,
 *     not trusted from stat(): a file may grow while it is read.
 * The files a user names on the command line (a CSV to import, a
 * printer profile) come with no confinement, the rest holds.  Part of
 * the confine stage.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "reading.h"
#include "../outfile.h"

/* Why a file of mode m is not read. */
static const char *
not_regular(mode_t m)
{
	if (S_ISDIR(m))
		return "is a folder, not a file";
	if (S_ISFIFO(m))
		return "is a FIFO, not a regular file";
	if (S_ISCHR(m) || S_ISBLK(m))
		return "is a device, not a regular file";
	return "is a socket or another special file, not a regular file";
}

/*
 * Is the file open as fd where c allows?  The kernel says which file
 * it opened (/proc/self/fd); without /proc the check made on the path
 * before opening stands.
 */
static bool
opened_inside(const struct confine *c, int fd)
{
	char link[64], real[PATH_MAX];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	if ((n = readlink(link, real, sizeof(real) - 1)) < 0)
		return true;
	real[n] = '\0';
	return confine_allows(c, real);
}

int
confine_open(const struct confine *c, const char *path, struct stat *st,
    const char **why)
{
	int fd;

	if (stat(path, st) != 0) {
		*why = strerror(errno);
		return -1;
	}
	if ((*why = confine_why(c, path)) != NULL)
		return -1;
	if (!S_ISREG(st->st_mode)) {
		*why = not_regular(st->st_mode);
		return -1;
	}
	/* O_NONBLOCK: a FIFO put in its place since does not block. */
	if ((fd = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK |
	    O_CLOEXEC)) < 0) {
		*why = strerror(errno);
		return -1;
	}
	if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode) ||
	    !opened_inside(c, fd)) {
		*why = !S_ISREG(st->st_mode) ? not_regular(st->st_mode) :
		    "is outside the game's folder (a symbolic link swapped "
		    "in as it was opened leads out of it)";
		close(fd);
		return -1;
	}
	/* No output of this run may be written over it. */
	outfile_input(st);
	return fd;
}

/* The file at path as a stopped import committed it, or NULL. */
static const struct jfile *
committed(const struct confine *c, const char *path)
{
	return c != NULL ? confine_journal_file(c->journal, path) : NULL;
}

bool
confine_exists(const struct confine *c, const char *path)
{
	return committed(c, path) != NULL || file_exists(path);
}

bool
confine_slurp_fd(int fd, const struct stat *st, size_t max,
    unsigned char **buf, size_t *len, const char **why)
{
	static char big[80];
	size_t cap;
	ssize_t got = 0;

	*buf = NULL;
	*len = 0;
	snprintf(big, sizeof(big), "is larger than the %zu MiB deckpress "
	    "reads", max >> 20);
	/* The size is a hint, one byte more for the read that meets the
	 * end; a sparse 3 GB file is refused here without a read. */
	if ((uintmax_t)st->st_size > max) {
		*why = big;
		return false;
	}
	cap = (size_t)st->st_size + 1;
	*buf = xmalloc(cap + 1);
	for (;;) {
		if (*len == cap) {
			if (cap > max)
				break;
			cap = cap + 65536 > max + 1 ? max + 1 : cap + 65536;
			*buf = xrealloc(*buf, cap + 1);
		}
		if ((got = read(fd, *buf + *len, cap - *len)) < 0 &&
		    errno == EINTR)
			continue;
		if (got <= 0)
			break;
		*len += (size_t)got;
	}
	if (got < 0 || *len > max) {
		*why = got < 0 ? strerror(errno) : big;
		free(*buf);
		*buf = NULL;
		*len = 0;
		return false;
	}
	(*buf)[*len] = '\0';	/* text readers take it as a string */
	return true;
}

bool
confine_slurp_open(const struct confine *c, const char *path, size_t max,
    unsigned char **buf, size_t *len, int *fd, const char **why)
{
	static char big[80];
	const struct jfile *f = committed(c, path);
	struct stat st;

	*buf = NULL;
	*len = 0;
	*fd = -1;
	if (f != NULL && f->len > max) {
		snprintf(big, sizeof(big), "is larger than the %zu MiB "
		    "deckpress reads", max >> 20);
		*why = big;
		return false;
	}
	if (f != NULL) {
		*buf = xmalloc(f->len + 1);
		memcpy(*buf, f->bytes, f->len);
		(*buf)[f->len] = '\0';
		*len = f->len;
		return true;
	}
	if ((*fd = confine_open(c, path, &st, why)) < 0)
		return false;
	if (!confine_slurp_fd(*fd, &st, max, buf, len, why)) {
		close(*fd);
		*fd = -1;
		return false;
	}
	return true;
}

bool
confine_slurp(const struct confine *c, const char *path, size_t max,
    unsigned char **buf, size_t *len, const char **why)
{
	int fd;
	bool ok = confine_slurp_open(c, path, max, buf, len, &fd, why);

	if (fd >= 0)
		close(fd);
	return ok;
}

unsigned char *
confine_read(const struct confine *c, const char *path, size_t max,
    const char *what, const struct srcpos *pos, size_t *len,
    struct diags *d)
{
	unsigned char *buf;
	const char *why;

	if (confine_slurp(c, path, max, &buf, len, &why))
		return buf;
	/* Ours start "is ...", the system's are strerror()'s. */
	if (strncmp(why, "is larger", 9) == 0)
		diag_add(d, DIAG_ERROR, pos, "limit", "file larger than %zu "
		    "MiB", max >> 20);
	else if (strncmp(why, "is ", 3) == 0)
		diag_add(d, DIAG_ERROR, pos, strncmp(why, "is outside", 10) ==
		    0 ? "outside" : "io", "%s %s %s", what, path, why);
	else
		diag_add(d, DIAG_ERROR, pos, "io", "cannot open: %s", why);
	return NULL;
}

bool
confine_journal_read(const struct confine *c, const char *dir,
    struct journal *j, struct diags *d)
{
	struct srcpos pos = { NULL, 0, 0 };
	const char *why = NULL;
	struct stat st;
	size_t len;

	memset(j, 0, sizeof(*j));
	j->path = path_join(dir, JOURNAL_NAME);
	if (lstat(j->path, &st) != 0 && errno == ENOENT)
		return true;
	pos.file = diag_file(d, j->path);
	j->dir = xstrdup(dir);
	if (S_ISLNK(st.st_mode))
		why = "it is a symbolic link";
	else if (confine_slurp(c, j->path, JOURNAL_MAX, (unsigned char **)
	    &j->buf, &len, &why))
		why = confine_journal_parse(j, len);
	if (why == NULL)
		return true;
	diag_add(d, DIAG_ERROR, &pos, "journal", "not a journal deckpress "
	    "import wrote: %s; remove it, then import again", why);
	free(j->buf);
	free(j->v);
	j->buf = NULL;
	j->v = NULL;
	j->n = 0;
	return false;
}
