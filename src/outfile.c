/* SPDX-License-Identifier: MIT */
/*
 * The one writer of every output file, below every stage that writes:
 * the only code that knows temporary names, the signals that must not
 * leave them behind, and what else than a regular file -o may name
 * (standard output, a device, a FIFO, a folder).  Which symbolic links
 * it may write through, and which files it must never write over, is
 * outguard.c's to say.
 */
/* O_PATH: a file's name opened without opening the file itself. */
#define _GNU_SOURCE

#include <sys/stat.h>
#include <sys/types.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "outguard.h"
#include "util.h"

/*
 * The names a signal removes: each points to its outfile's own tmp, or
 * a held one's (outfile_hold()), set and cleared with the signals
 * blocked, so that the handler only ever sees a complete name or NULL.
 * The list grows as files are held (an export holds one a face); the
 * one it replaces is kept, for a handler another thread may be running.
 */
struct templist {
	struct templist		*prev;		/* replaced, kept */
	size_t			 cap;
	const char *volatile	 name[];
};
static struct templist *volatile temps;
static size_t free_from;	/* no free place in temps before it */

/* Files outfile_close() kept, held for outfile_hold_end(). */
struct held {
	char	*path;		/* as given, for messages */
	char	*target;
	char	*tmp;
	int	 slot;
};
static struct held *held;
static size_t nheld, capheld;
static bool holding;

static const int fatal[] = { SIGINT, SIGTERM, SIGHUP };

/* A folder found free of other targets' stale temporaries, or "". */
static char quiet_dir[PATH_MAX];

/* Remove every temporary still open: before dying, or at exit(). */
static void
remove_temps(void)
{
	struct templist *t = temps;
	const char *p;
	size_t i;

	for (i = 0; t != NULL && i < t->cap; i++)
		if ((p = t->name[i]) != NULL)
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

FILE *
outfile_report_to(const char *path)
{
	return path != NULL && strcmp(path, "-") == 0 ? stderr : stdout;
}

static void
report(const struct outfile *o, const char *path, struct diags *d,
    const char *why)
{
	outfile_refuse(o->path ? o->path : path, d, why);
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

/* Take the first free place in temps, growing it.  Signals blocked. */
static int
enlist(const char *tmp)
{
	struct templist *t = temps, *g;
	size_t i, cap;

	for (i = free_from; t != NULL && i < t->cap; i++)
		if (t->name[i] == NULL) {
			t->name[i] = tmp;
			free_from = i + 1;
			return (int)i;
		}
	cap = t != NULL ? t->cap * 2 : 128;
	if (cap > INT_MAX)
		return -1;
	g = xcalloc(1, sizeof(*g) + cap * sizeof(g->name[0]));
	g->prev = t;
	g->cap = cap;
	for (i = 0; t != NULL && i < t->cap; i++)
		g->name[i] = t->name[i];
	g->name[i] = tmp;
	temps = g;
	free_from = i + 1;
	return (int)i;
}

/* Give back place slot of temps.  Signals blocked. */
static void
delist(int slot)
{
	temps->name[slot] = NULL;
	if ((size_t)slot < free_from)
		free_from = (size_t)slot;
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
		delist(o->slot);
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
		if (outguard_no_links) {
			report(o, path, d, "it is a symbolic link: a file "
			    "made in a folder (export -o DIR) is never written "
			    "through one");
			return false;
		}
		/* A link's file is written, the link never replaced. */
		if (!outguard_links(path, path, d) ||
		    !through_link(o, path, st, d))
			return false;
	}
	why = st->st_mode == 0 ? NULL : refused(st);
	if (why == NULL && S_ISREG(st->st_mode) && !o->rewrite &&
	    outguard_read(st))
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
	if (!o->rewrite && outguard_read(&old)) {
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

/*
 * o complete, written and closed, held for outfile_hold_end(): its
 * temporary, still removed by a signal or exit(), now the held list's.
 */
static void
hold(struct outfile *o)
{
	struct held *h;

	xgrow((void **)&held, &capheld, nheld + 1, sizeof(*held));
	h = &held[nheld++];
	h->path = o->path;
	h->target = o->target;
	h->tmp = o->tmp;
	h->slot = o->slot;
	o->path = o->target = o->tmp = NULL;
	o->slot = -1;
}

void
outfile_hold(void)
{
	holding = true;
}

bool
outfile_hold_end(bool keep, struct diags *d)
{
	sigset_t was;
	size_t i;
	bool moved;

	holding = false;
	for (i = 0; i < nheld; i++) {
		block(&was);
		moved = keep && rename(held[i].tmp, held[i].target) == 0;
		if (keep && !moved) {
			outfile_refuse(held[i].path, d, strerror(errno));
			keep = false;
		}
		if (!moved)
			unlink(held[i].tmp);
		delist(held[i].slot);
		unblock(&was);
		free(held[i].path);
		free(held[i].target);
		free(held[i].tmp);
	}
	free(held);
	held = NULL;
	nheld = capheld = 0;
	return keep;
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
	if (o->tmp != NULL && keep && holding)
		hold(o);
	else if (o->tmp != NULL) {
		block(&was);
		if (keep && rename(o->tmp, o->target) != 0) {
			report(o, NULL, d, strerror(errno));
			keep = false;
		}
		if (!keep)
			unlink(o->tmp);
		delist(o->slot);
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
