/* SPDX-License-Identifier: MIT */
/*
 * The one writer of every output file, below every stage that writes:
 * the only code that knows temporary names, the signals that must not
 * leave them behind, and what else than a regular file -o may name
 * (standard output, a device, a FIFO, a folder), which symbolic links
 * it may write through, and which files it must never write over.
 */
/* O_PATH: a file's name opened without opening the file itself. */
#define _GNU_SOURCE

#include <sys/stat.h>
#include <sys/types.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "util.h"

/* Temporaries open at once; import stages one per language. */
#define MAXTEMP		128

/*
 * The names a signal removes: each points to its outfile's own tmp,
 * set and cleared with the signals blocked, so that the handler only
 * ever sees a complete name or NULL.
 */
static const char *volatile temps[MAXTEMP];
static const int fatal[] = { SIGINT, SIGTERM, SIGHUP };

/* A folder found free of other targets' stale temporaries, or "". */
static char quiet_dir[PATH_MAX];

/* Symbolic links a kernel follows in a row before ELOOP (Linux: 40). */
#define MAXHOPS		40

/*
 * The files this run read, by device and inode: an open-addressing
 * hash set, half full at most (watch reads the same files again and
 * again; a game may hold thousands of images).  With the change time
 * it had when read: an editor saves by renaming a new file over the
 * old, whose inode number the file system then gives to the next new
 * file, such as watch's next output.
 */
struct fileid {
	dev_t		 dev;
	ino_t		 ino;
	struct timespec	 ctime;
	bool		 used;
};
static struct fileid *inputs;
static size_t ninputs, capinputs;

/* outfile_no_links was called: every symbolic link output is refused. */
static bool no_links;

/* Remove every temporary still open: before dying, or at exit(). */
static void
remove_temps(void)
{
	const char *p;
	size_t i;

	for (i = 0; i < MAXTEMP; i++)
		if ((p = temps[i]) != NULL)
			unlink(p);
}

/*
 * Async-signal-safe: unlink() and raise() only.  SA_RESETHAND has put
 * back the default action, so the re-raised signal ends the program
 * once the handler returns, and the shell sees it died of it.
 */
static void
on_signal(int sig)
{
	remove_temps();
	raise(sig);
}

static void
block(sigset_t *was)
{
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++)
		sigaddset(&set, fatal[i]);
	sigprocmask(SIG_BLOCK, &set, was);
}

/* Back to the mask before block(): a caller's own blocking stays. */
static void
unblock(const sigset_t *was)
{
	sigprocmask(SIG_SETMASK, was, NULL);
}

/*
 * Once per run.  A signal ignored (nohup, a background job) stays
 * ignored, and one a command handles itself (watch reads them from a
 * signalfd, blocked) is left to it.
 */
static void
catch_signals(void)
{
	static bool done;
	struct sigaction sa, was;
	size_t i;

	if (done)
		return;
	done = true;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++)
		sigaddset(&sa.sa_mask, fatal[i]);
	for (i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++)
		if (sigaction(fatal[i], NULL, &was) == 0 &&
		    was.sa_handler == SIG_DFL)
			sigaction(fatal[i], &sa, NULL);
	/* Past ulimit -f, write() fails with EFBIG instead of a death. */
	if (sigaction(SIGXFSZ, NULL, &was) == 0 && was.sa_handler == SIG_DFL)
		signal(SIGXFSZ, SIG_IGN);
	atexit(remove_temps);
}

const char *
outfile_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "standard output" : path;
}

FILE *
outfile_report_to(const char *path)
{
	return path != NULL && strcmp(path, "-") == 0 ? stderr : stdout;
}

/* "NAME: error: cannot write: WHY", an I/O error. */
static void
say(const char *name, struct diags *d, const char *why)
{
	struct srcpos pos = { diag_file(d, outfile_name(name)), 0, 0 };

	diag_add(d, DIAG_ERROR, &pos, "io", "cannot write: %s", why);
}

static void
report(const struct outfile *o, const char *path, struct diags *d,
    const char *why)
{
	say(o->path ? o->path : path, d, why);
}

/*
 * The slot of file (dev, ino) in v, a table of cap slots (a power of
 * two): where it is, or the free one where it would go.
 */
static size_t
slot_of(const struct fileid *v, size_t cap, dev_t dev, ino_t ino)
{
	uint64_t h = ((uint64_t)ino ^ ((uint64_t)dev << 32 | dev >> 32)) *
	    UINT64_C(0x9e3779b97f4a7c15);
	size_t i = (size_t)(h >> 32) & (cap - 1);

	while (v[i].used && (v[i].dev != dev || v[i].ino != ino))
		i = (i + 1) & (cap - 1);
	return i;
}

static bool
is_input(const struct stat *st)
{
	const struct fileid *f;

	if (ninputs == 0)
		return false;
	f = &inputs[slot_of(inputs, capinputs, st->st_dev, st->st_ino)];
	return f->used && f->ctime.tv_sec == st->st_ctim.tv_sec &&
	    f->ctime.tv_nsec == st->st_ctim.tv_nsec;
}

void
outfile_input(const struct stat *st)
{
	struct fileid *old = inputs;
	size_t i, oldcap = capinputs;

	if (2 * (ninputs + 1) > capinputs) {
		capinputs = capinputs ? 2 * capinputs : 64;
		inputs = xcalloc(capinputs, sizeof(*inputs));
		for (i = 0; i < oldcap; i++)
			if (old[i].used)
				inputs[slot_of(inputs, capinputs, old[i].dev,
				    old[i].ino)] = old[i];
		free(old);
	}
	i = slot_of(inputs, capinputs, st->st_dev, st->st_ino);
	if (!inputs[i].used) {
		inputs[i].dev = st->st_dev;
		inputs[i].ino = st->st_ino;
		inputs[i].used = true;
		ninputs++;
	}
	/* Read again: as it is now. */
	inputs[i].ctime = st->st_ctim;
}

void
outfile_no_links(void)
{
	no_links = true;
}

/*
 * A temporary of a run gone: s is what follows "TARGET.tmp-", "PID-"
 * and six characters, and no process PID is alive (another user's
 * process is alive: kill() says EPERM).
 */
static bool
stale(const char *s)
{
	char *end;
	long pid;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	pid = strtol(s, &end, 10);
	if (errno != 0 || pid <= 0 || pid > INT_MAX || *end != '-' ||
	    strlen(end + 1) != 6 || pid == (long)getpid())
		return false;
	return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* In folder dir, remove name if it is a regular file. */
static void
remove_file(const char *dir, const char *name)
{
	char *p = path_join(dir, name);
	struct stat st;

	if (lstat(p, &st) == 0 && S_ISREG(st.st_mode))
		unlink(p);
	free(p);
}

/*
 * Remove target's temporaries that a killed run left (SIGKILL, a power
 * cut).  A folder once found free of other targets' stale temporaries
 * is not read again in this run: export writes thousands of files
 * into one.
 */
static void
remove_stale(const char *target)
{
	const char *slash = strrchr(target, '/'), *t;
	char *dir = slash ? xstrdup(target) : xstrdup(".");
	const char *base = slash ? slash + 1 : target;
	size_t n = strlen(base);
	struct dirent *e;
	DIR *dp;
	int others = 0;

	if (slash != NULL)
		dir[slash - target + (slash == target)] = '\0';
	if (strcmp(dir, quiet_dir) == 0 || (dp = opendir(dir)) == NULL) {
		free(dir);
		return;
	}
	while ((e = readdir(dp)) != NULL) {
		if (strncmp(e->d_name, base, n) == 0 &&
		    strncmp(e->d_name + n, ".tmp-", 5) == 0 &&
		    stale(e->d_name + n + 5)) {
			remove_file(dir, e->d_name);
			continue;
		}
		for (t = e->d_name; (t = strstr(t, ".tmp-")) != NULL; t++)
			if (stale(t + 5))
				others++;
	}
	closedir(dp);
	if (others == 0 && strlen(dir) < sizeof(quiet_dir))
		memcpy(quiet_dir, dir, strlen(dir) + 1);
	free(dir);
}

/* Take the first free place in temps; -1 if none.  Signals blocked. */
static int
enlist(const char *tmp)
{
	int i;

	for (i = 0; i < MAXTEMP; i++)
		if (temps[i] == NULL) {
			temps[i] = tmp;
			return i;
		}
	return -1;
}

/* TARGET.tmp-PID-XXXXXX beside the target; errno if it cannot. */
static bool
open_temp(struct outfile *o)
{
	size_t n = strlen(o->target) + 32;
	sigset_t was;
	mode_t mask;
	int fd, e;

	remove_stale(o->target);
	o->tmp = xmalloc(n);
	snprintf(o->tmp, n, "%s.tmp-%ld-XXXXXX", o->target, (long)getpid());
	block(&was);
	if ((fd = mkstemp(o->tmp)) >= 0 && (o->slot = enlist(o->tmp)) < 0) {
		unlink(o->tmp);
		close(fd);
		fd = -1;
		errno = EMFILE;
	}
	unblock(&was);
	if (fd < 0)
		return false;
	if ((o->fp = fdopen(fd, "w+b")) == NULL) {
		e = errno;
		block(&was);
		unlink(o->tmp);
		temps[o->slot] = NULL;
		unblock(&was);
		close(fd);
		errno = e;
		return false;
	}
	/* mkstemp makes the file private; give it the usual mode. */
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	return true;
}

/*
 * An anonymous temporary file in $TMPDIR (or /tmp): unlinked at once,
 * so nothing is left whatever ends the run.
 */
static bool
open_spool(struct outfile *o)
{
	const char *dir = getenv("TMPDIR");
	char *name;
	sigset_t was;
	int fd, e;

	name = path_join(dir != NULL && *dir != '\0' ? dir : "/tmp",
	    "deckpress-XXXXXX");
	block(&was);
	if ((fd = mkstemp(name)) >= 0)
		unlink(name);
	unblock(&was);
	e = errno;
	free(name);
	if (fd >= 0 && (o->fp = fdopen(fd, "w+b")) == NULL) {
		e = errno;
		close(fd);
	}
	errno = e;
	return o->fp != NULL;
}

/* Why st cannot be written, or NULL if it can. */
static const char *
refused(const struct stat *st)
{
	if (S_ISREG(st->st_mode) || S_ISCHR(st->st_mode) ||
	    S_ISFIFO(st->st_mode))
		return NULL;
	if (S_ISDIR(st->st_mode))
		return "it is a folder, not a file";
	return S_ISBLK(st->st_mode) ? "it is a block device; deckpress "
	    "writes a regular file, a character device, a FIFO or standard "
	    "output (-)" : "it is a socket or another special file; "
	    "deckpress writes a regular file, a character device, a FIFO or "
	    "standard output (-)";
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

/*
 * Refuse path, reported as name's error, if it is a symbolic link the
 * kernel's protected_symlinks would not follow, or leads through a
 * chain of such links to one.  The chain is only read to check each
 * link; where it ends is for the kernel to say (through_link).
 */
static bool
links_safe(const char *name, const char *path, struct diags *d)
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
		say(name, d, why);
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
			ok = links_safe(p, p, d);
		if (s != NULL)
			*s = '/';
	} while (ok && s != NULL);
	free(p);
	return ok;
}

/*
 * path is a symbolic link: the kernel follows it (O_PATH opens the name
 * only: a FIFO does not wait, a device is not touched), and /proc says
 * which file it reached, o->target, *st its status.  That name must
 * still hold that very file.  False, reported, if it cannot be found.
 */
static bool
through_link(struct outfile *o, const char *path, struct stat *st,
    struct diags *d)
{
	char proc[64], *buf = xmalloc(PATH_MAX);
	struct stat now;
	ssize_t n = -1;
	int fd;

	if ((fd = open(path, O_PATH | O_CLOEXEC)) < 0) {
		report(o, path, d, errno == ENOENT ? "a symbolic link to "
		    "nothing" : strerror(errno));
		free(buf);
		return false;
	}
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	if (fstat(fd, st) == 0)
		n = readlink(proc, buf, PATH_MAX);
	close(fd);
	if (n > 0 && n < PATH_MAX) {
		buf[n] = '\0';
		if (buf[0] == '/' && lstat(buf, &now) == 0 &&
		    now.st_dev == st->st_dev && now.st_ino == st->st_ino) {
			o->target = buf;
			return true;
		}
	}
	report(o, path, d, "cannot tell which file its symbolic link "
	    "reaches (no /proc, or the file moved)");
	free(buf);
	return false;
}

/*
 * Where path leads: o->target set to it (through a symbolic link, the
 * file the kernel reaches) and *st to its status (st_mode 0: no such
 * file yet).  False, reported, if it cannot be written.
 */
static bool
resolve(struct outfile *o, const char *path, struct stat *st,
    struct diags *d)
{
	const char *why;

	if (lstat(path, st) != 0)
		/* None yet, or unreachable: creating the temporary says. */
		memset(st, 0, sizeof(*st));
	else if (S_ISLNK(st->st_mode)) {
		if (no_links) {
			report(o, path, d, "it is a symbolic link: a file "
			    "made in a folder (export -o DIR) is never written "
			    "through one");
			return false;
		}
		/* A link's file is written, the link never replaced. */
		if (!links_safe(path, path, d) ||
		    !through_link(o, path, st, d))
			return false;
	}
	why = st->st_mode == 0 ? NULL : refused(st);
	if (why == NULL && S_ISREG(st->st_mode) && !o->rewrite &&
	    is_input(st))
		why = "it is one of this run's inputs";
	if (why != NULL) {
		report(o, path, d, why);
		return false;
	}
	if (o->target == NULL)
		o->target = xstrdup(path);
	return true;
}

/* Forget o, freeing what it owns; errno survives. */
static void
clear(struct outfile *o)
{
	int e = errno;

	free(o->path);
	free(o->target);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
	o->fd = -1;
	o->slot = -1;
	errno = e;
}

/* "-": standard output, unless it is a terminal or closed. */
static bool
open_stdout(struct outfile *o, struct diags *d)
{
	if (fcntl(STDOUT_FILENO, F_GETFD) == -1) {
		/* Closed: the spool could be given its descriptor. */
		report(o, "-", d, strerror(errno));
		return false;
	}
	if (isatty(STDOUT_FILENO)) {
		/* As gzip does: binary bytes would only garble it. */
		report(o, "-", d, "it is a terminal; redirect it to a file "
		    "or a pipe");
		return false;
	}
	o->fd = STDOUT_FILENO;
	o->target = xstrdup("-");
	return true;
}

/* A character device or a FIFO, opened to write through. */
static bool
open_node(struct outfile *o, const char *path, struct diags *d)
{
	/* A FIFO's open waits for its reader, as a shell's would. */
	if ((o->fd = open(o->target, O_WRONLY | O_NOCTTY)) < 0) {
		report(o, path, d, strerror(errno));
		return false;
	}
	return true;
}

/* outfile_open, and outfile_rewrite when rewrite. */
static bool
open_as(struct outfile *o, const char *path, bool rewrite, struct diags *d)
{
	struct stat st;
	bool ok;

	memset(o, 0, sizeof(*o));
	o->fd = -1;
	o->slot = -1;
	o->rewrite = rewrite;
	catch_signals();
	if (strcmp(path, "-") == 0)
		ok = open_stdout(o, d);
	else
		ok = resolve(o, path, &st, d) && ((!S_ISCHR(st.st_mode) &&
		    !S_ISFIFO(st.st_mode)) || open_node(o, path, d));
	if (ok && !(o->fd >= 0 ? open_spool(o) : open_temp(o))) {
		report(o, path, d, strerror(errno));
		if (o->fd > STDOUT_FILENO)
			close(o->fd);
		ok = false;
	}
	if (!ok) {
		clear(o);
		return false;
	}
	o->path = xstrdup(path);
	return true;
}

bool
outfile_open(struct outfile *o, const char *path, struct diags *d)
{
	return open_as(o, path, false, d);
}

bool
outfile_rewrite(struct outfile *o, const char *path, struct diags *d)
{
	return open_as(o, path, true, d);
}

bool
outfile_probe(const char *path, struct diags *d)
{
	struct outfile o;
	struct stat st;
	bool ok;

	memset(&o, 0, sizeof(o));
	ok = strcmp(path, "-") == 0 || resolve(&o, path, &st, d);
	clear(&o);
	return ok;
}

bool
outfile_write(struct outfile *o, const void *buf, size_t n)
{
	if (o->err != 0)
		return false;
	if (fwrite(buf, 1, n, o->fp) != n) {
		o->err = errno ? errno : EIO;
		return false;
	}
	return true;
}

bool
outfile_check(struct outfile *o, struct diags *d)
{
	if (o->err == 0 && (fflush(o->fp) != 0 || ferror(o->fp)))
		o->err = errno ? errno : EIO;
	if (o->err != 0)
		report(o, NULL, d, strerror(o->err));
	return o->err == 0;
}

/* Copy all of from to to; 0 or errno. */
static int
copy_out(int from, int to)
{
	char buf[65536];
	off_t off = 0;
	ssize_t n, w, p;

	while ((n = pread(from, buf, sizeof(buf), off)) > 0) {
		for (p = 0; p < n; p += w)
			if ((w = write(to, buf + p, (size_t)(n - p))) < 0) {
				if (errno != EINTR)
					return errno;
				w = 0;
			}
		off += n;
	}
	return n < 0 ? errno : 0;
}

/* Written through: the complete bytes to o->fd; false, reported. */
static bool
write_through(struct outfile *o, struct diags *d)
{
	int e;

	if (o->fd == STDOUT_FILENO)
		fflush(stdout);
	if ((e = copy_out(fileno(o->fp), o->fd)) != 0) {
		report(o, NULL, d, strerror(e));
		return false;
	}
	return true;
}

/*
 * Just before the rename: the file about to be replaced must not be
 * one the run read since outfile_open (a layout, an image), and its
 * mode and owner go to the temporary, if it is a regular file.  The
 * owner first: a chown may clear mode bits.  An owner or group the
 * user may not give (fchown fails) stays the user's own.  False,
 * reported, if the target is an input.
 */
static bool
settle(struct outfile *o, struct diags *d)
{
	int fd = fileno(o->fp);
	struct stat old, tmp;

	if (lstat(o->target, &old) != 0 || !S_ISREG(old.st_mode))
		return true;
	if (!o->rewrite && is_input(&old)) {
		report(o, NULL, d, "it is one of this run's inputs");
		return false;
	}
	if (fstat(fd, &tmp) == 0 && (tmp.st_uid != old.st_uid ||
	    tmp.st_gid != old.st_gid) &&
	    fchown(fd, old.st_uid, old.st_gid) != 0)
		(void)fchown(fd, (uid_t)-1, old.st_gid);
	if (fchmod(fd, old.st_mode & (S_IRWXU | S_IRWXG | S_IRWXO)) != 0) {
		report(o, NULL, d, strerror(errno));
		return false;
	}
	return true;
}

bool
outfile_close(struct outfile *o, bool keep, struct diags *d)
{
	int e = errno;		/* a caller's reason not to keep */
	sigset_t was;

	if (o->fp == NULL)
		return false;
	if (keep && !outfile_check(o, d))
		keep = false;
	if (keep && o->fd >= 0 && !write_through(o, d))
		keep = false;
	if (keep && o->tmp != NULL && !settle(o, d))
		keep = false;
	if (fclose(o->fp) != 0 && keep) {
		report(o, NULL, d, strerror(errno));
		keep = false;
	}
	if (o->tmp != NULL) {
		block(&was);
		if (keep && rename(o->tmp, o->target) != 0) {
			report(o, NULL, d, strerror(errno));
			keep = false;
		}
		if (!keep)
			unlink(o->tmp);
		temps[o->slot] = NULL;
		unblock(&was);
	}
	if (o->fd > STDOUT_FILENO && close(o->fd) != 0 && keep) {
		report(o, NULL, d, strerror(errno));
		keep = false;
	}
	clear(o);
	if (!keep)
		errno = e;
	return keep;
}
