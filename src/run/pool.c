/* SPDX-License-Identifier: MIT */
/*
 * The process pool of the run stage: units of work (those of
 * 'deckpress all -j N') in child processes, the only code that forks.
 * The children render; this process only starts them, reads their
 * output through pipes and passes it on in the order of a serial run,
 * and never touches Pango, fontconfig or Cairo.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../diag.h"
#include "../progress.h"
#include "../util.h"
#include "pool.h"

/* Bytes a unit printed on one stream, held until its turn. */
struct chunk {
	int	 fd;		/* STDOUT_FILENO or STDERR_FILENO */
	char	*buf;		/* owned */
	size_t	 n, cap;
};

/* One unit of the run. */
struct unit {
	pid_t		 pid;		/* its process; 0: not running */
	int		 in[3];		/* read ends of the pipes of its
					   stdout, stderr and progress
					   records; -1: closed */
	struct chunk	*held;		/* what it printed, in order of
					   arrival, until its turn */
	size_t		 nheld, capheld;
	int		 rc;		/* exit code, once done */
	bool		 done;
};

struct pool {
	const struct parallel	*p;
	struct unit		*u;		/* p->n of them */
	size_t			 next;		/* the first not started */
	size_t			 head;		/* the first not done: its
						   output goes out at once */
	unsigned int		 running;
	int			 nforwarded;	/* signals passed on so far */
	struct progress		 prog;		/* the units' pages, summed */
};

static const int fatal[] = { SIGINT, SIGTERM, SIGHUP };
#define NFATAL	(sizeof(fatal) / sizeof(fatal[0]))

static struct sigaction was[NFATAL];	/* before: children get it back */
static bool handled[NFATAL];		/* was[] replaced by on_signal */
static struct sigaction waschld;
static volatile sig_atomic_t caught;	/* the last fatal signal, or 0 */
static volatile sig_atomic_t ncaught;	/* how many came */
static int wake[2] = { -1, -1 };	/* a signal writes here: wakes
					   poll() whenever it lands */

static void
on_signal(int sig)
{
	int e = errno;
	ssize_t w;

	caught = sig;
	ncaught++;
	/* Full (many signals): poll() has a byte to wake on already. */
	w = write(wake[1], "", 1);
	(void)w;
	errno = e;
}

static void
block_fatal(sigset_t *old)
{
	sigset_t set;
	size_t k;

	sigemptyset(&set);
	for (k = 0; k < NFATAL; k++)
		sigaddset(&set, fatal[k]);
	sigprocmask(SIG_BLOCK, &set, old);
}

/*
 * Catch the fatal signals, to pass them on, unless ignored (nohup):
 * then the children ignore them as well.  SIGCHLD ignored (inherited
 * so) would reap the children before their status could be read.
 * False if the pipe that wakes poll() cannot be made.
 */
static bool
catch_signals(void)
{
	struct sigaction sa;
	size_t k;

	if (pipe(wake) != 0)
		return false;
	fcntl(wake[0], F_SETFL, O_NONBLOCK);
	fcntl(wake[1], F_SETFL, O_NONBLOCK);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (k = 0; k < NFATAL; k++)
		sigaddset(&sa.sa_mask, fatal[k]);
	for (k = 0; k < NFATAL; k++)
		handled[k] = sigaction(fatal[k], NULL, &was[k]) == 0 &&
		    was[k].sa_handler != SIG_IGN &&
		    sigaction(fatal[k], &sa, NULL) == 0;
	sa.sa_handler = SIG_DFL;
	sa.sa_flags = 0;
	sigaction(SIGCHLD, &sa, &waschld);
	return true;
}

/* Signals back as they were before catch_signals(). */
static void
release_signals(void)
{
	size_t k;

	for (k = 0; k < NFATAL; k++)
		if (handled[k])
			sigaction(fatal[k], &was[k], NULL);
	sigaction(SIGCHLD, &waschld, NULL);
	close(wake[0]);
	close(wake[1]);
	wake[0] = wake[1] = -1;
}

/*
 * Standard input, output and error open, on /dev/null if closed, so
 * that no pipe takes their numbers: a child's dup2() onto 1 and 2
 * could then close its own pipe.  A closed stdout loses the output as
 * a serial run's printf() would.
 */
static void
std_open(void)
{
	int fd;

	/* open() takes the lowest free number: fd itself. */
	for (fd = 0; fd <= STDERR_FILENO; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF)
			open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
}

/* All of buf to fd; a failure is dropped, as printf()'s would be. */
static void
put(int fd, const char *buf, size_t n)
{
	struct pollfd pfd = { fd, POLLOUT, 0 };
	ssize_t w;

	while (n > 0) {
		if ((w = write(fd, buf, n)) >= 0) {
			buf += w;
			n -= (size_t)w;
		} else if (errno == EAGAIN)
			poll(&pfd, 1, -1);	/* a non-blocking terminal */
		else if (errno != EINTR)
			return;
	}
}

/* Unit i printed buf on fd: out now if it is the head, else held. */
static void
say(struct pool *pl, size_t i, int fd, const char *buf, size_t n)
{
	struct unit *u = &pl->u[i];
	struct chunk *c;

	/* Signalled: a serial run would have printed no more. */
	if (pl->nforwarded > 0)
		return;
	if (i == pl->head) {
		progress_hide(&pl->prog);
		put(fd, buf, n);
		return;
	}
	if (u->nheld == 0 || u->held[u->nheld - 1].fd != fd) {
		xgrow((void **)&u->held, &u->capheld, u->nheld + 1,
		    sizeof(*u->held));
		c = &u->held[u->nheld++];
		memset(c, 0, sizeof(*c));
		c->fd = fd;
	}
	c = &u->held[u->nheld - 1];
	xgrow((void **)&c->buf, &c->cap, c->n + n, 1);
	memcpy(c->buf + c->n, buf, n);
	c->n += n;
}

/* Unit i's turn: what it printed so far goes out, and is let go. */
static void
pass_held(struct pool *pl, size_t i)
{
	struct unit *u = &pl->u[i];
	size_t k;

	if (u->nheld > 0)
		progress_hide(&pl->prog);
	for (k = 0; k < u->nheld; k++) {
		if (pl->nforwarded == 0)
			put(u->held[k].fd, u->held[k].buf, u->held[k].n);
		free(u->held[k].buf);
	}
	free(u->held);
	u->held = NULL;
	u->nheld = u->capheld = 0;
}

/* Unit i is over, with exit code rc; msg, if any, said in its turn. */
static void
end(struct pool *pl, size_t i, int rc, const char *msg)
{
	struct unit *u = &pl->u[i];

	if (msg != NULL)
		say(pl, i, STDERR_FILENO, msg, strlen(msg));
	u->rc = rc;
	u->done = true;
}

/*
 * In the child, unit i: stdout and stderr into the pipes out and err,
 * the signals as the command found them, and nothing of the parent's
 * other pipes kept open.  Then run it and leave with _exit(): exit()
 * would run, once more in every child, whatever a library registered
 * with atexit() in the parent.  Its own stdio is flushed first.
 */
static void
child(const struct pool *pl, size_t i, const int out[2], const int err[2],
    const int prog[2], const sigset_t *mask)
{
	size_t k;
	int rc, s;

	for (k = 0; k < NFATAL; k++)
		if (handled[k])
			sigaction(fatal[k], &was[k], NULL);
	/* Pending since the fork: now they act as they would have. */
	sigprocmask(SIG_SETMASK, mask, NULL);
	close(wake[0]);
	close(wake[1]);
	for (k = pl->head; k < pl->next; k++)
		for (s = 0; s < 3; s++)
			if (pl->u[k].in[s] >= 0)
				close(pl->u[k].in[s]);
	close(out[0]);
	close(err[0]);
	close(prog[0]);
	/* Its pages go to the parent's one progress line. */
	progress_forward(prog[1]);
	dup2(out[1], STDOUT_FILENO);
	dup2(err[1], STDERR_FILENO);
	close(out[1]);
	close(err[1]);
	/*
	 * As on a terminal: each line arrives when printed, in its place
	 * among the messages on (unbuffered) stderr.  stdout is untouched
	 * in this process so far, which setvbuf() requires.
	 */
	setvbuf(stdout, NULL, _IOLBF, BUFSIZ);
	rc = pl->p->run(pl->p->arg, i);
	fflush(stdout);
	fflush(stderr);
	_exit(rc);
}

/*
 * Fork unit i with its three pipes.  The fatal signals stay blocked
 * across fork(), so that one landing meanwhile finds the child with
 * its own handlers and the parent knowing the child's pid.  False
 * (errno set) if it cannot be started.
 */
static bool
start(struct pool *pl, size_t i)
{
	struct unit *u = &pl->u[i];
	int fd[3][2], e, k, made;
	sigset_t old;
	pid_t pid;

	for (made = 0; made < 3; made++)
		if (pipe(fd[made]) != 0)
			break;
	if (made < 3) {
		e = errno;
		for (k = 0; k < made; k++) {
			close(fd[k][0]);
			close(fd[k][1]);
		}
		errno = e;
		return false;
	}
	block_fatal(&old);
	if ((pid = fork()) == 0)
		child(pl, i, fd[0], fd[1], fd[2], &old);
	e = errno;
	if (pid > 0) {
		u->pid = pid;
		for (k = 0; k < 3; k++)
			u->in[k] = fd[k][0];
		pl->running++;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	for (k = 0; k < 3; k++)
		close(fd[k][1]);
	if (pid < 0) {
		for (k = 0; k < 3; k++)
			close(fd[k][0]);
		errno = e;
		return false;
	}
	return true;
}

/*
 * Start units while fewer than max run.  One that cannot be started
 * (too many processes, open files) waits for a running one to end; if
 * none runs, it fails as an I/O error.
 */
static void
start_units(struct pool *pl)
{
	char msg[512];

	while (pl->running < pl->p->max && pl->next < pl->p->n) {
		if (!start(pl, pl->next)) {
			if (pl->running > 0)
				return;
			snprintf(msg, sizeof(msg), "deckpress: error: %s: "
			    "cannot start a process: %s\n",
			    pl->p->name(pl->p->arg, pl->next), strerror(errno));
			end(pl, pl->next, EXIT_IO, msg);
		}
		pl->next++;
	}
}

/*
 * Reap unit i, both pipes closed.  One killed by a signal has failed
 * for no fault of the deck's, and the run is not complete: EXIT_IO,
 * the worst code, as for a write that failed.  Its atomic writer has
 * left the old files in place.
 */
static void
reap(struct pool *pl, size_t i)
{
	struct unit *u = &pl->u[i];
	char msg[512];
	pid_t r;
	int st;

	while ((r = waitpid(u->pid, &st, 0)) < 0 && errno == EINTR)
		continue;
	u->pid = 0;
	pl->running--;
	if (r < 0) {
		snprintf(msg, sizeof(msg), "deckpress: error: %s: cannot "
		    "wait for its process: %s\n",
		    pl->p->name(pl->p->arg, i), strerror(errno));
		end(pl, i, EXIT_IO, msg);
	} else if (WIFEXITED(st))
		end(pl, i, WEXITSTATUS(st), NULL);
	else {
		snprintf(msg, sizeof(msg), "deckpress: error: %s: killed by "
		    "signal %d (%s)\n", pl->p->name(pl->p->arg, i),
		    WTERMSIG(st), strsignal(WTERMSIG(st)));
		end(pl, i, EXIT_IO, msg);
	}
}

/*
 * Read what unit i printed on stream s (0 stdout, 1 stderr), or its
 * progress records (2).
 */
static void
take(struct pool *pl, size_t i, int s)
{
	struct unit *u = &pl->u[i];
	char buf[16384];
	ssize_t r;

	if ((r = read(u->in[s], buf, sizeof(buf))) < 0 && errno == EINTR)
		return;
	if (r <= 0) {
		/* The end, or a pipe gone wrong: nothing more from it. */
		close(u->in[s]);
		u->in[s] = -1;
		return;
	}
	if (s == 2)
		progress_take(&pl->prog, buf, (size_t)r);
	else
		say(pl, i, s == 0 ? STDOUT_FILENO : STDERR_FILENO, buf,
		    (size_t)r);
}

/*
 * Wait until a unit prints or ends, or a signal lands; take what
 * came, reap the units whose pipes are both closed.  Within a unit,
 * stdout is read before stderr when both hold bytes: which came first
 * is not known, and each stream keeps its own order anyway.
 */
static void
wait_io(struct pool *pl)
{
	struct pollfd fds[3 * PARALLEL_MAX + 1];
	size_t who[3 * PARALLEL_MAX + 1], i;
	nfds_t n = 0, k;
	char drain[64];
	int s;

	fds[n++] = (struct pollfd){ wake[0], POLLIN, 0 };
	for (i = pl->head; i < pl->next; i++)
		for (s = 0; s < 3; s++)
			if (pl->u[i].in[s] >= 0) {
				who[n] = 3 * i + (size_t)s;
				fds[n++] = (struct pollfd){ pl->u[i].in[s],
				    POLLIN, 0 };
			}
	if (poll(fds, n, -1) < 0)
		return;		/* EINTR: the caller looks at caught */
	if (fds[0].revents != 0)
		while (read(wake[0], drain, sizeof(drain)) > 0)
			continue;
	for (k = 1; k < n; k++)
		if (fds[k].revents != 0)
			take(pl, who[k] / 3, (int)(who[k] % 3));
	for (i = pl->head; i < pl->next; i++)
		if (pl->u[i].pid != 0 && pl->u[i].in[0] < 0 &&
		    pl->u[i].in[1] < 0 && pl->u[i].in[2] < 0)
			reap(pl, i);
}

/* The head done: the next unit's turn, its held output out. */
static void
advance(struct pool *pl)
{
	while (pl->head < pl->p->n && pl->u[pl->head].done)
		if (++pl->head < pl->p->n)
			pass_held(pl, pl->head);
}

/* Pass the signal caught on to every running unit. */
static void
forward(struct pool *pl)
{
	size_t i;

	pl->nforwarded = ncaught;
	for (i = pl->head; i < pl->next; i++)
		if (pl->u[i].pid != 0)
			kill(pl->u[i].pid, caught);
}

/*
 * Die of sig, as a serial run would have: the shell sees it (128 +
 * sig), and a script or make stops.
 */
static void
die_of(int sig)
{
	sigset_t set;

	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
}

/* The units serially in this process: no pipe to wake poll() with. */
static int
run_serially(const struct parallel *p)
{
	size_t i;
	int rc = 0, r;

	for (i = 0; i < p->n; i++) {
		r = p->run(p->arg, i);
		rc = r > rc ? r : rc;
	}
	return rc;
}

int
run_parallel(const struct parallel *p)
{
	struct pool pl = { .p = p };
	size_t i;
	int rc = 0, sig;

	std_open();
	if (!catch_signals())
		return run_serially(p);
	pl.u = xcalloc(p->n, sizeof(*pl.u));
	for (i = 0; i < p->n; i++)
		pl.u[i].in[0] = pl.u[i].in[1] = pl.u[i].in[2] = -1;
	/* One line for every unit's pages, as they announce them. */
	progress_begin(&pl.prog, p->what, 0);
	for (;;) {
		if (ncaught == 0)
			start_units(&pl);
		advance(&pl);
		if (pl.head == p->n || (ncaught > 0 && pl.running == 0))
			break;
		wait_io(&pl);
		if (ncaught != pl.nforwarded)
			forward(&pl);
	}
	sig = caught;
	progress_end(&pl.prog);
	/* Whatever is still held: dropped if signalled, as in say(). */
	pl.nforwarded = ncaught;
	for (i = 0; i < p->n; i++) {
		rc = pl.u[i].rc > rc ? pl.u[i].rc : rc;
		pass_held(&pl, i);
	}
	free(pl.u);
	release_signals();
	if (sig != 0)
		die_of(sig);
	return rc;
}

unsigned int
run_parallel_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > PARALLEL_MAX ? PARALLEL_MAX : (unsigned int)n;
}
