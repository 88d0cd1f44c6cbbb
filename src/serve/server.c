/* SPDX-License-Identifier: MIT */
/*
 * watch --serve's HTTP server: GNU libmicrohttpd, a thread per
 * connection, listening on sockets of our own bound to 127.0.0.1 and
 * ::1 only.  Every request is checked before it is routed: GET or HEAD
 * (else 405), a Host of this server's own (else 421: no DNS
 * rebinding), no other site's page asking (Sec-Fetch-Site, else 403),
 * then a path of a fixed list -- the page, its two files,
 * /state.json, /events, /face/LANG/ID/SIDE.png looked up in the faces
 * table -- else 404: no request's path reaches the file system.  Part
 * of the serve stage.
 */
#include <sys/socket.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "serving.h"
#include "mhddl.h"

/* Connections at once, of one address (all are the loopback's), and
 * /events streams among them; a connection idle this long is closed. */
#define MAX_CONNS	64
#define MAX_PER_IP	60
#define MAX_STREAMS	16
#define IDLE_SECS	30
/* A comment on an idle stream this often keeps it open. */
#define KEEP_SECS	15
/* A face not drawn within this is answered 503. */
#define DRAW_SECS	60

/* The headers of every answer: no cache, no sniffing, no framing, no
 * request to any other origin, and nothing embedded by another site
 * (an <img> of a face on a web page would send a Host of ours). */
static void
common_headers(struct MHD_Response *r, const char *type)
{
	MHD_add_response_header(r, "Content-Type", type);
	MHD_add_response_header(r, "Cache-Control", "no-store");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Cross-Origin-Resource-Policy",
	    "same-origin");
	MHD_add_response_header(r, "X-Frame-Options", "DENY");
	MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	MHD_add_response_header(r, "Content-Security-Policy",
	    "default-src 'self'; img-src 'self'; frame-ancestors 'none'");
}

/* Answer with status and len bytes of data (copied). */
static enum MHD_Result
reply(struct MHD_Connection *conn, unsigned int status, const char *type,
    const void *data, size_t len)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(len,
	    (void *)(uintptr_t)data, MHD_RESPMEM_MUST_COPY);
	enum MHD_Result ok;

	if (r == NULL)
		return MHD_NO;
	common_headers(r, type);
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		MHD_add_response_header(r, "Allow", "GET, HEAD");
	ok = MHD_queue_response(conn, status, r);
	MHD_destroy_response(r);
	return ok;
}

static enum MHD_Result
text(struct MHD_Connection *conn, unsigned int status, const char *msg)
{
	return reply(conn, status, "text/plain; charset=utf-8", msg,
	    strlen(msg));
}

/* Is the Host header this server's: 127.0.0.1, localhost or [::1]? */
static bool
host_ok(const struct serve *sv, struct MHD_Connection *conn)
{
	const char *h = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
	    "Host");
	const char *names[] = { "127.0.0.1", "localhost", "[::1]" };
	char want[64];
	size_t i;

	for (i = 0; h != NULL && i < 3; i++) {
		snprintf(want, sizeof(want), "%s:%d", names[i], sv->port);
		if (g_ascii_strcasecmp(h, want) == 0)
			return true;
	}
	return false;
}

/*
 * Is the request another site's: a browser says so in Sec-Fetch-Site
 * (cross-site, or same-site: another port of 127.0.0.1 is a site of
 * its own to us).  Absent (an older browser, a script): not refused,
 * the Host check stands.
 */
static bool
foreign_site(struct MHD_Connection *conn)
{
	const char *s = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
	    "Sec-Fetch-Site");

	return s != NULL && (g_ascii_strcasecmp(s, "cross-site") == 0 ||
	    g_ascii_strcasecmp(s, "same-site") == 0);
}

/* Wake the build thread: a face is wanted. */
static void
wake(struct serve *sv)
{
	uint64_t one = 1;

	if (write(sv->wakefd, &one, sizeof(one)) < 0)
		return;	/* the counter is full: it is awake already */
}

/*
 * Face key's PNG (guides: the zoomed one), drawn by the build thread
 * if it is not yet; lock held, and held again on return.  NULL with
 * *status set if there is none.
 */
static unsigned char *
face_png(struct serve *sv, const char *key, int guides, size_t *len,
    unsigned int *status)
{
	struct serve_face *f;
	struct timespec until;

	*status = MHD_HTTP_NOT_FOUND;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += DRAW_SECS;
	/* Looked up again after each wait: a build may have dropped it. */
	while ((f = g_hash_table_lookup(sv->faces, key)) != NULL &&
	    f->made[guides] != f->version) {
		/* During a build (a PDF of 1 200 cards takes a second) a
		 * face not drawn is refused at once rather than hold one of
		 * the browser's six connections: the one that changed, drawn
		 * before, must get through.  The page asks again after. */
		if (!sv->usable || sv->stopping || sv->building) {
			*status = MHD_HTTP_SERVICE_UNAVAILABLE;
			return NULL;
		}
		/* Queued once: the other requests for it wait for the
		 * same draw. */
		if (!f->wanted[guides]) {
			xgrow((void **)&sv->want, &sv->capwant, sv->nwant + 1,
			    sizeof(*sv->want));
			sv->want[sv->nwant].key = g_strdup(key);
			sv->want[sv->nwant++].guides = guides;
			f->wanted[guides] = true;
			wake(sv);
		}
		if (pthread_cond_timedwait(&sv->cond, &sv->lock, &until) ==
		    ETIMEDOUT) {
			*status = MHD_HTTP_SERVICE_UNAVAILABLE;
			return NULL;
		}
	}
	if (f == NULL)
		return NULL;
	f->shown = true;
	if (f->png[guides] == NULL)
		return NULL;	/* a back the card has not, a card gone */
	*len = f->len[guides];
	return g_memdup2(f->png[guides], f->len[guides]);
}

/* /face/LANG/ID/SIDE.png[?guides=1] */
static enum MHD_Result
answer_face(struct serve *sv, struct MHD_Connection *conn, const char *path)
{
	const char *g = MHD_lookup_connection_value(conn,
	    MHD_GET_ARGUMENT_KIND, "guides");
	size_t n = strlen(path), len = 0;
	unsigned int status;
	unsigned char *png;
	enum MHD_Result ok;
	char *key;

	if (n <= 4 || strcmp(path + n - 4, ".png") != 0)
		return text(conn, MHD_HTTP_NOT_FOUND, "no such face\n");
	key = g_strndup(path, n - 4);
	pthread_mutex_lock(&sv->lock);
	png = face_png(sv, key, g != NULL && strcmp(g, "1") == 0, &len,
	    &status);
	pthread_mutex_unlock(&sv->lock);
	g_free(key);
	if (png == NULL)
		return text(conn, status, status == MHD_HTTP_NOT_FOUND ?
		    "no such face\n" : "the deck cannot be drawn now\n");
	ok = reply(conn, MHD_HTTP_OK, "image/png", png, len);
	g_free(png);
	return ok;
}

/* An /events stream: what it has to send, and the next event. */
struct stream {
	struct serve	*sv;
	unsigned long	 next;		/* the event to send next */
	char		*out;		/* owned: being sent */
	size_t		 len, at;
};

/* The next event as SSE lines, each line of it a "data:" line; lock
 * held. */
static char *
sse(const char *ev)
{
	GString *s = g_string_new(NULL);
	const char *p, *q;

	for (p = ev; p != NULL; p = q ? q + 1 : NULL) {
		q = strchr(p, '\n');
		if (q == NULL && *p == '\0')
			break;
		g_string_append(s, "data: ");
		g_string_append_len(s, p, q ? q - p : (gssize)strlen(p));
		g_string_append_c(s, '\n');
	}
	g_string_append_c(s, '\n');
	return g_string_free(s, FALSE);
}

/* What a stream sends next: an event, or a comment if none came. */
static ssize_t
stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct stream *st = cls;
	struct serve *sv = st->sv;
	struct timespec until;
	size_t n;

	(void)pos;
	pthread_mutex_lock(&sv->lock);
	if (st->at == st->len) {
		g_free(st->out);
		st->out = NULL;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += KEEP_SECS;
		while (st->next == sv->nevents && !sv->stopping &&
		    pthread_cond_timedwait(&sv->cond, &sv->lock, &until) !=
		    ETIMEDOUT)
			;
		if (sv->stopping) {
			pthread_mutex_unlock(&sv->lock);
			return MHD_CONTENT_READER_END_OF_STREAM;
		}
		/* Too far behind: the oldest kept. */
		if (sv->nevents - st->next > G_N_ELEMENTS(sv->events))
			st->next = sv->nevents - G_N_ELEMENTS(sv->events);
		st->out = st->next < sv->nevents ?
		    sse(sv->events[st->next++ % G_N_ELEMENTS(sv->events)]) :
		    g_strdup(": still here\n\n");
		st->len = strlen(st->out);
		st->at = 0;
	}
	pthread_mutex_unlock(&sv->lock);
	n = st->len - st->at < max ? st->len - st->at : max;
	memcpy(buf, st->out + st->at, n);
	st->at += n;
	return (ssize_t)n;
}

static void
stream_free(void *cls)
{
	struct stream *st = cls;

	pthread_mutex_lock(&st->sv->lock);
	st->sv->streams--;
	pthread_mutex_unlock(&st->sv->lock);
	g_free(st->out);
	free(st);
}

/* /events: Server-Sent Events from now on. */
static enum MHD_Result
answer_events(struct serve *sv, struct MHD_Connection *conn)
{
	struct MHD_Response *r;
	struct stream *st;
	enum MHD_Result ok;

	pthread_mutex_lock(&sv->lock);
	if (sv->streams >= MAX_STREAMS) {
		pthread_mutex_unlock(&sv->lock);
		return text(conn, MHD_HTTP_SERVICE_UNAVAILABLE,
		    "too many pages open\n");
	}
	sv->streams++;
	st = xcalloc(1, sizeof(*st));
	st->sv = sv;
	st->next = sv->nevents;
	pthread_mutex_unlock(&sv->lock);
	/* A page that lost its stream comes back within half a second. */
	st->out = g_strdup("retry: 500\n\n");
	st->len = strlen(st->out);
	r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096,
	    stream_read, st, stream_free);
	if (r == NULL) {
		stream_free(st);
		return MHD_NO;
	}
	common_headers(r, "text/event-stream");
	ok = MHD_queue_response(conn, MHD_HTTP_OK, r);
	MHD_destroy_response(r);
	return ok;
}

static enum MHD_Result
answer_state(struct serve *sv, struct MHD_Connection *conn)
{
	enum MHD_Result ok;
	char *copy;
	size_t len;

	pthread_mutex_lock(&sv->lock);
	len = sv->statelen;
	copy = g_memdup2(sv->state ? sv->state : "{}", sv->state ? len : 2);
	if (sv->state == NULL)
		len = 2;
	pthread_mutex_unlock(&sv->lock);
	ok = reply(conn, MHD_HTTP_OK, "application/json", copy, len);
	g_free(copy);
	return ok;
}

/* One request: checked, then routed. */
static enum MHD_Result
answer(void *cls, struct MHD_Connection *conn, const char *url,
    const char *method, const char *version, const char *upload,
    size_t *upload_size, void **req)
{
	struct serve *sv = cls;

	(void)version;
	(void)upload;
	(void)upload_size;
	(void)req;
	if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
		return text(conn, MHD_HTTP_METHOD_NOT_ALLOWED,
		    "only GET and HEAD\n");
	if (!host_ok(sv, conn))
		return text(conn, MHD_HTTP_MISDIRECTED_REQUEST,
		    "not this server's host\n");
	if (foreign_site(conn))
		return text(conn, MHD_HTTP_FORBIDDEN,
		    "not for another site's pages\n");
	if (strcmp(url, "/") == 0)
		return reply(conn, MHD_HTTP_OK, "text/html; charset=utf-8",
		    serve_page_html, serve_page_html_len);
	if (strcmp(url, "/page.css") == 0)
		return reply(conn, MHD_HTTP_OK, "text/css; charset=utf-8",
		    serve_page_css, serve_page_css_len);
	if (strcmp(url, "/page.js") == 0)
		return reply(conn, MHD_HTTP_OK,
		    "text/javascript; charset=utf-8", serve_page_js,
		    serve_page_js_len);
	if (strcmp(url, "/state.json") == 0)
		return answer_state(sv, conn);
	if (strcmp(url, "/events") == 0)
		return answer_events(sv, conn);
	if (strncmp(url, "/face/", 6) == 0)
		return answer_face(sv, conn, url + 6);
	return text(conn, MHD_HTTP_NOT_FOUND, "not found\n");
}

/* A listening socket on the loopback of family at port; -1, errno set. */
static int
listener(int family, int port)
{
	struct sockaddr_in a4 = { 0 };
	struct sockaddr_in6 a6 = { 0 };
	int fd, one = 1, err;

	if ((fd = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return -1;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (family == AF_INET6) {
		setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
		a6.sin6_family = AF_INET6;
		a6.sin6_port = htons((uint16_t)port);
		a6.sin6_addr = in6addr_loopback;
		if (bind(fd, (struct sockaddr *)&a6, sizeof(a6)) == 0 &&
		    listen(fd, 64) == 0)
			return fd;
	} else {
		a4.sin_family = AF_INET;
		a4.sin_port = htons((uint16_t)port);
		a4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		if (bind(fd, (struct sockaddr *)&a4, sizeof(a4)) == 0 &&
		    listen(fd, 64) == 0)
			return fd;
	}
	err = errno;
	close(fd);
	errno = err;
	return -1;
}

/* The port fd listens on. */
static int
port_of(int fd)
{
	struct sockaddr_in a = { 0 };
	socklen_t n = sizeof(a);

	if (getsockname(fd, (struct sockaddr *)&a, &n) != 0)
		return 0;
	return ntohs(a.sin_port);
}

/* A daemon of libmicrohttpd on listening socket fd, or NULL. */
static void *
daemon_on(struct serve *sv, int fd, bool v6)
{
	return MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION |
	    MHD_USE_INTERNAL_POLLING_THREAD | (v6 ? MHD_USE_IPv6 : 0), 0,
	    NULL, NULL, answer, sv,
	    MHD_OPTION_LISTEN_SOCKET, fd,
	    MHD_OPTION_CONNECTION_LIMIT, (unsigned int)MAX_CONNS,
	    MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned int)MAX_PER_IP,
	    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)IDLE_SECS,
	    MHD_OPTION_END);
}

/*
 * The daemons on fd4 and fd6 (or -1), their threads (and those they
 * start) with SIGINT, SIGTERM and SIGHUP blocked: the watch loop reads
 * them, and one delivered to a server's thread would kill the run.
 */
static void
start_daemons(struct serve *sv, int fd4, int fd6)
{
	sigset_t set, old;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &set, &old);
	sv->daemons[0] = daemon_on(sv, fd4, false);
	if (sv->daemons[0] != NULL && fd6 >= 0 &&
	    (sv->daemons[1] = daemon_on(sv, fd6, true)) == NULL)
		close(fd6);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

int
serve_http_start(struct serve *sv, int port, bool given, struct diags *d)
{
	const char *why;
	int fd4, fd6, tried = port;

	if ((why = serve_mhd_load()) != NULL) {
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot serve: %s", why);
		return EXIT_IO;
	}
	fd4 = listener(AF_INET, port);
	/* The usual port taken (another watch --serve): any other. */
	if (fd4 < 0 && errno == EADDRINUSE && !given)
		fd4 = listener(AF_INET, tried = 0);
	/* The port that failed last: the usual one, or any free one. */
	if (fd4 < 0 && tried == 0 && port != 0) {
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot listen on "
		    "127.0.0.1 (%d is taken) on any other port: %s", port,
		    strerror(errno));
		return EXIT_IO;
	}
	if (fd4 < 0) {
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot listen on "
		    "127.0.0.1:%d: %s", tried, strerror(errno));
		return EXIT_IO;
	}
	sv->port = port_of(fd4);
	/* ::1 too where the system has it; the page's address is v4's. */
	fd6 = listener(AF_INET6, sv->port);
	start_daemons(sv, fd4, fd6);
	if (sv->daemons[0] == NULL) {
		close(fd4);
		if (fd6 >= 0)
			close(fd6);
		diag_add(d, DIAG_ERROR, NULL, "io", "cannot serve on "
		    "127.0.0.1:%d: libmicrohttpd would not start", sv->port);
		return EXIT_IO;
	}
	return 0;
}

void
serve_http_event(struct serve *sv, const char *ev)
{
	size_t k = sv->nevents % G_N_ELEMENTS(sv->events);

	g_free(sv->events[k]);
	sv->events[k] = g_strdup(ev);
	sv->nevents++;
	pthread_cond_broadcast(&sv->cond);
}

void
serve_http_stop(struct serve *sv)
{
	size_t i;

	pthread_mutex_lock(&sv->lock);
	sv->stopping = true;
	pthread_cond_broadcast(&sv->cond);
	pthread_mutex_unlock(&sv->lock);
	/* Each connection's thread ends, then the daemon's; the listening
	 * socket MHD was given is closed by it. */
	for (i = 0; i < 2; i++)
		if (sv->daemons[i] != NULL)
			MHD_stop_daemon(sv->daemons[i]);
}
