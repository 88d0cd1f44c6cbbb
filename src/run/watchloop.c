/* SPDX-License-Identifier: MIT */
/*
 * The watch loop of the run stage: build, then build again whenever a
 * file a build uses changes, as Linux inotify tells: the deck's folder
 * tree, one more folder taken whole, every file a build read, and the
 * deck's folder removed and made again.  A save is built at once, and
 * the build told which files changed.  What a build makes is the
 * command's callback; this loop only watches, waits and calls it.
 */
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <glib.h>

#include "../diag.h"
#include "../util.h"
#include "run.h"

/*
 * A change that is not yet a save (a file deleted or renamed away, a
 * temporary file written), or one soon after a build (a file rewritten
 * again and again), is over once the files have been quiet this long.
 */
#define QUIET_MS	150
/*
 * A file a build read, written and closed or renamed in, is a save
 * done: the events of the same save come within this many ms.
 */
#define BURST_MS	5
/* A file rewritten without end is still built this often. */
#define MAX_WAIT_MS	1000

/*
 * What changes a file: written and closed, renamed in or out (editors
 * that save by rename), deleted, touched.  A created file counts when
 * it is closed; a created folder is watched at once.  A folder moved
 * away is let go, and found again by its path at the next build.
 */
#define EVENTS	(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | \
		 IN_ATTRIB | IN_CREATE | IN_MOVE_SELF)

/* A watched folder. */
struct wdir {
	int		 wd;
	char		*path;		/* owned: as last watched */
	dev_t		 dev;
	ino_t		 ino;
	bool		 all;		/* every file in it counts */
	bool		 tree;		/* in the deck: new folders watched */
	char		**names;	/* owned: else the files that count */
	size_t		 n, cap;
};

/* A file the builds write: its events are their own. */
struct wout {
	dev_t		 dev;
	ino_t		 ino;		/* of its folder */
	char		*base;		/* owned */
};

struct watch {
	const char	*dir;		/* borrowed: the deck folder */
	const char	*also;		/* borrowed: a folder every build
					   uses whole (layouts/pack) */
	const struct watch_build *b;	/* what a build is */
	int		 ifd, sfd;	/* inotify, signals */
	struct wdir	*v;
	size_t		 n, cap;
	struct wout	*outs;
	size_t		 nouts, capouts;
	size_t		 builds;
	bool		 saved;		/* a save done, by the events
					   read last */
	long long	 built;		/* ms: the last build's end */
	struct watch_changes ch;	/* since the last build */
	char		*abs;		/* owned: the deck folder's absolute
					   path, links kept */
	char		*parent;	/* owned: the folder holding it */
	char		*base;		/* owned: its name there */
	int		 pwd;		/* watch on parent, or -1 */
};

bool
run_watch_deck_yaml(const char *deckdir, const struct watch_changes *ch)
{
	size_t i, n = strlen(deckdir);
	const char *p;

	if (ch->all)
		return false;
	/* "deck/" names its files "deck/text/en.yaml", as "deck" does. */
	while (n > 1 && deckdir[n - 1] == '/')
		n--;
	for (i = 0; i < ch->n; i++) {
		p = ch->paths[i];
		if (strncmp(p, deckdir, n) != 0 || p[n] != '/' ||
		    strncmp(p + n + 1, "fonts/", 6) == 0 ||
		    !(g_str_has_suffix(p, ".yaml") ||
		    g_str_has_suffix(p, ".yml")))
			return false;
	}
	return true;
}

/* Milliseconds on a clock that only goes forward. */
static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Editors' own files come and go as they save: swap and lock files
 * (.en.yaml.swp, .#en.yaml, gedit's .goutputstream-*), backups
 * (en.yaml~), autosaves (#en.yaml#) and vim's probe 4913; fontconfig
 * leaves .uuid in fonts/.  None is an input of a deck.
 */
static bool
junk(const char *name)
{
	size_t n = strlen(name);

	return n == 0 || name[0] == '.' || name[0] == '#' ||
	    name[n - 1] == '~' || strcmp(name, "4913") == 0;
}

static struct wdir *
find_wd(struct watch *w, int wd)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		if (w->v[i].wd == wd)
			return &w->v[i];
	return NULL;
}

/* A folder that cannot be watched; one that is gone is no news. */
static void
watch_failed(const char *path, struct diags *d)
{
	struct srcpos pos;
	int err = errno;

	if (d == NULL || err == ENOENT || err == ENOTDIR)
		return;
	pos.file = diag_file(d, path);
	pos.line = pos.col = 0;
	diag_add(d, DIAG_WARN, &pos, "watch", "cannot watch this folder, "
	    "its changes go unseen: %s", strerror(err));
}

/*
 * Watch folder path (once, however it is named); NULL if it cannot be
 * (reported to d unless d is NULL or it is gone).  The pointer lasts
 * until the next folder is added.
 */
static struct wdir *
watch_dir(struct watch *w, const char *path, struct diags *d)
{
	struct wdir *e;
	struct stat st;
	int wd;

	if ((wd = inotify_add_watch(w->ifd, path, EVENTS | IN_ONLYDIR)) < 0 ||
	    stat(path, &st) != 0) {
		watch_failed(path, d);
		return NULL;
	}
	if ((e = find_wd(w, wd)) != NULL) {
		/* The same folder, renamed since: keep its new name. */
		if (strcmp(e->path, path) != 0) {
			free(e->path);
			e->path = xstrdup(path);
		}
		return e;
	}
	xgrow((void **)&w->v, &w->cap, w->n + 1, sizeof(*w->v));
	e = &w->v[w->n++];
	memset(e, 0, sizeof(*e));
	e->wd = wd;
	e->path = xstrdup(path);
	e->dev = st.st_dev;
	e->ino = st.st_ino;
	return e;
}

/* Does a file the builds write (or its temporary file) name it? */
static bool
ours(const struct watch *w, const struct wdir *e, const char *name)
{
	const struct wout *o;
	size_t i, n;

	for (i = 0; i < w->nouts; i++) {
		o = &w->outs[i];
		n = strlen(o->base);
		/* pdf_open writes to FILE.tmp-PID-XXXXXX, then renames
		 * it. */
		if (o->dev == e->dev && o->ino == e->ino &&
		    strncmp(name, o->base, n) == 0 && (name[n] == '\0' ||
		    strncmp(name + n, ".tmp-", 5) == 0))
			return true;
	}
	return false;
}

/* Did a build read file name of folder e? */
static bool
known(const struct wdir *e, const char *name)
{
	size_t i;

	for (i = 0; i < e->n; i++)
		if (strcmp(e->names[i], name) == 0)
			return true;
	return false;
}

/* Is a change to file name in folder e a change to the deck? */
static bool
counts(const struct watch *w, const struct wdir *e, const char *name)
{
	if (ours(w, e, name))
		return false;
	if (e->all)
		return !junk(name);
	return known(e, name);
}

/*
 * Watch folder path and every folder under it but hidden ones (.git),
 * not following links; every file in them counts.  True if they hold
 * a file that counts, one that may have come before the watch did.
 */
static bool
watch_tree(struct watch *w, const char *path, struct diags *d)
{
	struct wdir *e = watch_dir(w, path, d);
	struct dirent *de;
	struct stat st;
	bool any = false;
	char *sub;
	DIR *dp;
	int wd;

	if (e == NULL)
		return false;
	e->all = e->tree = true;
	wd = e->wd;	/* e moves as subfolders are added */
	if ((dp = opendir(path)) == NULL)
		return false;
	while ((de = readdir(dp)) != NULL) {
		if (junk(de->d_name))
			continue;
		sub = path_join(path, de->d_name);
		if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode))
			any |= watch_tree(w, sub, d);
		else if ((e = find_wd(w, wd)) != NULL)
			any |= counts(w, e, de->d_name);
		free(sub);
	}
	closedir(dp);
	return any;
}

/*
 * Watch what a build read: a folder whole (fonts/), a file by its
 * folder, since editors replace a file by renaming another over it.
 */
static void
watch_read(struct watch *w, const char *path, struct diags *d)
{
	char *copy, *base;
	struct wdir *e;
	struct stat st;
	size_t i;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		if ((e = watch_dir(w, path, d)) != NULL)
			e->all = true;
		return;
	}
	copy = xstrdup(path);
	e = watch_dir(w, dirname(copy), d);
	free(copy);
	/* In a folder taken whole too: a save of it is built at once. */
	if (e == NULL)
		return;
	copy = xstrdup(path);
	base = basename(copy);
	for (i = 0; i < e->n && strcmp(e->names[i], base) != 0; i++)
		;
	if (i == e->n) {
		xgrow((void **)&e->names, &e->cap, e->n + 1, sizeof(*e->names));
		e->names[e->n++] = xstrdup(base);
	}
	free(copy);
}

/* Remember out as a file the builds write. */
static void
add_out(struct watch *w, const char *out)
{
	char *copy = xstrdup(out), *base;
	struct stat st;
	size_t i;

	if (stat(dirname(copy), &st) != 0) {
		free(copy);
		return;
	}
	free(copy);
	copy = xstrdup(out);
	base = basename(copy);
	for (i = 0; i < w->nouts; i++)
		if (w->outs[i].dev == st.st_dev &&
		    w->outs[i].ino == st.st_ino &&
		    strcmp(w->outs[i].base, base) == 0)
			break;
	if (i == w->nouts) {
		xgrow((void **)&w->outs, &w->capouts, w->nouts + 1,
		    sizeof(*w->outs));
		w->outs[i].dev = st.st_dev;
		w->outs[i].ino = st.st_ino;
		w->outs[i].base = xstrdup(base);
		w->nouts++;
	}
	free(copy);
}

/*
 * The folders every build watches, whatever it reads: the deck's
 * tree, where new files (images) count, and w->also.  Walked
 * again before each build, so a folder replaced is found again.
 */
static void
watch_always(struct watch *w, struct diags *d)
{
	struct wdir *e;

	watch_tree(w, w->dir, d);
	if ((e = watch_dir(w, w->also, d)) != NULL)
		e->all = true;
}

/*
 * Of the files changed, those a build read or that are there now: a
 * temporary file an editor wrote, then renamed, is none.
 */
static void
keep_changes(struct watch *w)
{
	struct watch_changes *ch = &w->ch;
	struct stat st;
	struct wdir *e;
	char *dir;
	size_t i, n = 0;
	bool read;

	for (i = 0; i < ch->n; i++) {
		dir = g_path_get_dirname(ch->paths[i]);
		read = false;
		for (e = w->v; e < w->v + w->n && !read; e++)
			read = strcmp(e->path, dir) == 0 && known(e,
			    ch->paths[i] + strlen(dir) + 1);
		g_free(dir);
		if (read || stat(ch->paths[i], &st) == 0)
			ch->paths[n++] = ch->paths[i];
		else
			free(ch->paths[i]);
	}
	ch->n = n;
}

static void
forget_changes(struct watch_changes *ch)
{
	while (ch->n > 0)
		free(ch->paths[--ch->n]);
	ch->all = false;
}

/*
 * One build: the command's callback, then the folders of what it read
 * watched and its output known as its own (its events are no change),
 * then the command's report.  Returns the build's exit code.
 */
static int
build(struct watch *w)
{
	struct diags d = { 0 };
	char *out = NULL;
	long long t0;
	size_t i;
	int rc;

	watch_always(w, &d);
	t0 = now_ms();
	keep_changes(w);
	rc = w->b->build(w->b->arg, &w->ch, &d, &out);
	forget_changes(&w->ch);
	t0 = now_ms() - t0;
	for (i = 0; i < d.nread; i++)
		watch_read(w, d.read[i], &d);
	if (out != NULL)
		add_out(w, out);
	w->b->report(w->b->arg, &d, rc, out, t0 / 1000.0, w->builds > 0);
	g_free(out);
	w->builds++;
	w->built = now_ms();
	w->saved = false;
	return rc;
}

/* Let a folder go: it is no longer watched (gone, or let go). */
static void
drop(struct watch *w, struct wdir *e)
{
	size_t i;

	for (i = 0; i < e->n; i++)
		free(e->names[i]);
	free(e->names);
	free(e->path);
	*e = w->v[--w->n];
}

/* A folder made, moved or deleted in folder e. */
static bool
on_dir(struct watch *w, const struct wdir *e, const struct inotify_event *ev)
{
	char *path;
	bool dirty;

	if (!e->tree || junk(ev->name))
		return false;
	if (ev->mask & IN_MOVED_FROM)
		return true;	/* its files left the deck */
	if ((ev->mask & (IN_CREATE | IN_MOVED_TO)) == 0)
		return false;	/* deleted: its files said so */
	path = path_join(e->path, ev->name);
	dirty = watch_tree(w, path, NULL) || (ev->mask & IN_MOVED_TO);
	free(path);
	return dirty;
}

/*
 * A deck folder moved away took its folders with it: they are let go
 * too, and the folder found again by its path is walked afresh.
 */
static void
let_go_under(struct watch *w, const char *path)
{
	size_t i, n = strlen(path);

	for (i = 0; i < w->n; i++)
		if (w->v[i].tree && strncmp(w->v[i].path, path, n) == 0 &&
		    w->v[i].path[n] == '/')
			inotify_rm_watch(w->ifd, w->v[i].wd);
}

/*
 * An event in the folder holding the deck: true if the deck folder
 * came, went or was replaced, or if that folder itself went (lost()
 * looks for it again before the build).
 */
static bool
on_parent(struct watch *w, const struct inotify_event *ev)
{
	if (ev->mask & (IN_IGNORED | IN_MOVE_SELF)) {
		inotify_rm_watch(w->ifd, ev->wd);
		w->pwd = -1;
		return true;
	}
	return ev->len > 0 && strcmp(ev->name, w->base) == 0 &&
	    (ev->mask & (IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE));
}

/* Note file name of folder e as changed, once. */
static void
add_change(struct watch_changes *ch, const struct wdir *e, const char *name)
{
	char *path = path_join(e->path, name);
	size_t i;

	for (i = 0; i < ch->n; i++)
		if (strcmp(ch->paths[i], path) == 0) {
			free(path);
			return;
		}
	xgrow((void **)&ch->paths, &ch->cap, ch->n + 1, sizeof(*ch->paths));
	ch->paths[ch->n++] = path;
}

/*
 * A file of folder e changed: true if it counts, noted as changed; a
 * file a build read, written and closed or renamed in, is a save done.
 */
static bool
on_file(struct watch *w, const struct wdir *e, const struct inotify_event *ev)
{
	if (!counts(w, e, ev->name))
		return false;
	add_change(&w->ch, e, ev->name);
	if ((ev->mask & (IN_CLOSE_WRITE | IN_MOVED_TO)) && known(e, ev->name))
		w->saved = true;
	return true;
}

/* One event; true if the deck changed. */
static bool
event(struct watch *w, const struct inotify_event *ev)
{
	struct wdir *e;
	bool parent = false;

	if (ev->mask & IN_Q_OVERFLOW)
		return true;	/* events were lost: build to be sure */
	/* The deck's parent may be a watched folder too (it holds a
	 * file a build read). */
	if (ev->wd == w->pwd)
		parent = on_parent(w, ev);
	if ((e = find_wd(w, ev->wd)) == NULL)
		return parent;
	if (ev->mask & IN_IGNORED) {
		drop(w, e);
		return parent;
	}
	if (parent)
		return true;
	if (ev->mask & IN_MOVE_SELF) {
		/* Its path now names another folder, or none. */
		inotify_rm_watch(w->ifd, ev->wd);
		if (e->tree)
			let_go_under(w, e->path);
		return true;
	}
	if (ev->len == 0 || (ev->mask & IN_ISDIR))
		return ev->len > 0 && on_dir(w, e, ev);
	if (ev->mask & IN_CREATE)
		return false;	/* it counts once written and closed */
	return on_file(w, e, ev);
}

/* One event; true if the deck changed, noted in w->ch. */
static bool
on_event(struct watch *w, const struct inotify_event *ev)
{
	bool dirty = event(w, ev);

	/* More than files changed: a folder, the deck's, lost events. */
	if (dirty && (ev->len == 0 || (ev->mask & (IN_ISDIR |
	    IN_Q_OVERFLOW)) || ev->wd == w->pwd))
		w->ch.all = true;
	return dirty;
}

/* Read the events there are; true if the deck changed. */
static bool
read_events(struct watch *w)
{
	union {
		struct inotify_event	ev;
		char			buf[8192];
	} u;
	const struct inotify_event *ev;
	bool dirty = false, saved = w->saved;
	ssize_t n, at;

	/* The last events decide: a temporary file, then a save. */
	w->saved = false;
	while ((n = read(w->ifd, u.buf, sizeof(u.buf))) > 0)
		for (at = 0; at < n; at += (ssize_t)(sizeof(*ev) + ev->len)) {
			ev = (const struct inotify_event *)(void *)(u.buf + at);
			dirty |= on_event(w, ev);
		}
	if (!dirty)
		w->saved = saved;
	return dirty;
}

/*
 * Wait until the change is over: a save done (w->saved) at once, but
 * for the rest of its burst, BURST_MS; anything else, or a change
 * within QUIET_MS of the last build, once the deck has been quiet for
 * QUIET_MS; MAX_WAIT_MS at most.  False if a signal came: stop.
 */
static bool
settle(struct watch *w, struct pollfd *pf)
{
	long long start = now_ms(), last = start, left, t;

	for (;;) {
		t = now_ms();
		left = last + (w->saved && start - w->built >= QUIET_MS ?
		    BURST_MS : QUIET_MS) - t;
		if (start + MAX_WAIT_MS - t < left)
			left = start + MAX_WAIT_MS - t;
		if (left <= 0)
			return true;
		if (poll(pf, 3, (int)left) < 0 && errno != EINTR)
			return true;
		if (pf[0].revents != 0)
			return false;
		if (pf[2].revents != 0)
			w->b->work(w->b->arg);
		if (pf[1].revents != 0 && read_events(w))
			last = now_ms();
	}
}

/* Watch the folder holding the deck, for the deck's name there. */
static void
watch_parent(struct watch *w)
{
	/* The mask watch_dir() gives: the same folder may be both. */
	w->pwd = inotify_add_watch(w->ifd, w->parent, EVENTS | IN_ONLYDIR);
}

/*
 * Can a deck folder that went be seen to come back?  The folder that
 * held it is watched again if it was made again.  0 while it can;
 * else "watch stopped" said in d and EXIT_IO, never a silent wait.
 */
static int
lost(struct watch *w, struct diags *d)
{
	struct srcpos pos = { NULL, 0, 0 };
	struct stat st, here;
	bool gone = stat(w->dir, &here) != 0;

	if (w->pwd < 0)
		watch_parent(w);
	if (w->pwd < 0 && gone) {
		pos.file = diag_file(d, w->dir);
		diag_add(d, DIAG_ERROR, &pos, "watch", "watch stopped: this "
		    "folder is gone, and so is %s, which held it: nothing is "
		    "left to see it come back by", w->parent);
		return EXIT_IO;
	}
	/* A relative name from a folder since removed ('.'). */
	if (stat(w->abs, &st) == 0 && (gone || here.st_nlink == 0)) {
		pos.file = diag_file(d, w->dir);
		diag_add(d, DIAG_ERROR, &pos, "watch", "watch stopped: the "
		    "folder was made again, but this name still leads to the "
		    "one removed; start watch again with %s", w->abs);
		return EXIT_IO;
	}
	return 0;
}

/*
 * Build whenever the deck changes, until a signal: then 0.  EXIT_IO,
 * with the reason in d, if it can no longer wait or watch.
 */
static int
loop(struct watch *w, struct diags *d)
{
	struct pollfd pf[3] = { { w->sfd, POLLIN, 0 }, { w->ifd, POLLIN, 0 },
	    { w->b->workfd, POLLIN, 0 } };
	int rc;

	for (;;) {
		/* A negative descriptor is not polled: no work. */
		if (poll(pf, 3, -1) < 0) {
			if (errno == EINTR)
				continue;
			diag_add(d, DIAG_ERROR, NULL, "io", "cannot wait for "
			    "changes: %s", strerror(errno));
			return EXIT_IO;
		}
		if (pf[0].revents != 0)
			return 0;
		if (pf[2].revents != 0)
			w->b->work(w->b->arg);
		if (pf[1].revents == 0 || !read_events(w))
			continue;
		if (!settle(w, pf))
			return 0;
		if ((rc = lost(w, d)) != 0)
			return rc;
		build(w);
	}
}

/*
 * Take SIGINT, SIGTERM and SIGHUP as lines to read rather than deaths,
 * so that no build is cut off with its temporary file left behind: a
 * build runs to its end, then the loop stops.  A signal ignored when
 * watch started stays ignored (a shell's background job, nohup).
 * Returns the descriptor to read them from, or -1.
 */
static int
catch_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (sigaction(sigs[i], NULL, &sa) == 0 &&
		    sa.sa_handler != SIG_IGN)
			sigaddset(&set, sigs[i]);
	if (sigprocmask(SIG_BLOCK, &set, NULL) != 0)
		return -1;
	return signalfd(-1, &set, SFD_CLOEXEC);
}

static void
watch_free(struct watch *w)
{
	size_t i;

	while (w->n > 0)
		drop(w, &w->v[0]);
	free(w->v);
	forget_changes(&w->ch);
	free(w->ch.paths);
	for (i = 0; i < w->nouts; i++)
		free(w->outs[i].base);
	free(w->outs);
	g_free(w->abs);
	g_free(w->parent);
	g_free(w->base);
	if (w->ifd >= 0)
		close(w->ifd);
	if (w->sfd >= 0)
		close(w->sfd);
}

int
run_watch_loop(const char *dir, const char *also, const struct watch_build *b,
    struct diags *d)
{
	struct watch w = { .dir = dir, .also = also, .b = b, .ifd = -1,
	    .sfd = -1, .pwd = -1 };
	int rc;

	w.sfd = catch_signals();
	w.ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (w.sfd < 0 || w.ifd < 0) {
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot watch files: %s",
		    strerror(errno));
		rc = EXIT_IO;
		goto out;
	}
	/*
	 * A deck folder removed and made again, or moved away and another
	 * put in its place, is a new folder: only its parent sees it come.
	 * Named by its absolute path, links kept, as the user named it.
	 */
	w.abs = g_canonicalize_filename(dir, NULL);
	w.parent = g_path_get_dirname(w.abs);
	w.base = g_path_get_basename(w.abs);
	watch_parent(&w);
	w.ch.all = true;	/* the first build: everything */
	/* As in cards, a usage error found by the first build ends it. */
	if ((rc = build(&w)) != EXIT_USAGE)
		rc = loop(&w, d);
out:
	watch_free(&w);
	return rc;
}
