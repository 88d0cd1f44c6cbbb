/* SPDX-License-Identifier: MIT */
/*
 * The watch command: a deck's card sheets (or its pack) rendered by
 * doc_cards (doc_pack) as the cards and pack commands do, again each
 * time the run stage's watch loop (run/run.h) sees a change.  Part of
 * the CLI: its options, one build, and the line each build prints.
 */
#include <sys/stat.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <glib.h>

#include "cmd.h"
#include "../run/run.h"
#include "../serve/serve.h"

static const char usage_watch[] =
"usage: deckpress watch DECK [--pack] [--lang LANG] [-o FILE]\n"
"                  [--variant NAME] [--component NAME]\n"
"                  [--duplex long|short|none|fold] [--no-backs] [--draft]\n"
"                  [--hints] [--serve [--port N]]\n"
"                  [--paper a4|letter] [--back-offset X,Y]\n"
"                  [--printer FILE] [--guides marks|full|corners]\n"
"                  [--spacing MM | --bleed-only-outside]\n"
"                  [--allow-outside] [--verbose]\n"
"\n"
"Render the deck in folder DECK as 'deckpress cards' does (with --pack,\n"
"its pack as 'deckpress pack' does), then again whenever a file it uses\n"
"changes: anything in DECK (deck.yaml, text/, rules/, rules.yaml,\n"
"images), the layouts and sheets its components name, the printer\n"
"profile, layouts/pack and fonts/.  Each build prints one line,\n"
"\"12:03:41 rebuilt out/quiz-en-cards.pdf in 0.21 s\", or its errors on\n"
"stderr as 'deckpress cards' prints them and \"12:03:41 failed: 2\n"
"errors\"; a failed build leaves the PDF as it was.  An image file not\n"
"drawn yet is a placeholder, with a warning.  DECK removed and made\n"
"again, or replaced, is watched anew.  Ctrl-C stops.\n"
"\n"
"      --pack           the print-and-play pack, not the card sheets\n"
"  -l, --lang LANG      language to print (default: the deck's first)\n"
"  -o, --output FILE    PDF to write (default: out/GAME-LANG-cards.pdf,\n"
"                       or out/GAME-LANG-pack.pdf)\n"
"  -d, --duplex MODE    long, short, none or fold, as for 'deckpress\n"
"                       cards' and 'deckpress pack'\n"
"      --no-backs       fronts only (not with --pack)\n"
"      --component NAME only that kind of component (not with --pack)\n"
"      --variant NAME   only the cards of that variant (not with --pack)\n"
"      --draft          print an unfinished translation\n"
"      --hints          every text box outlined, its field named\n"
"  -v, --verbose        after each build of the card sheets, how many\n"
"                       texts it laid out anew, the rest kept\n"
"      --serve          also show every face on a local page, updated\n"
"                       at each save: prints \"serving http://127.0.0.1:\n"
"                       PORT/\" to open (loopback only; not with --pack)\n"
"      --port N         the page's port (default 8470, or a free one if\n"
"                       it is taken; 0: a free one)\n"
PRINT_USAGE
DECK_USAGE
"  -h, --help           this help\n"
"\n"
"Exit status: 0 stopped by SIGINT or SIGTERM, 2 usage (also when the\n"
"first build finds one, like a language the deck does not have), 3 no\n"
"way to watch (DECK gone with the folder that held it) or to serve\n"
"(--port N taken).\n";

/* What each build renders: the job as the command line says. */
struct wjob {
	struct job	 job;
	bool		 pack;		/* the pack, not the card sheets */
	bool		 verbose;	/* say what each build laid
					   out */
	struct setup	 kept;		/* the game the last build
					   loaded */
	size_t		 fitted, texts;	/* by the last build: texts
					   laid out anew, of all it
					   laid out */
	bool		 serve;		/* --serve */
	int		 port;		/* --port, or SERVE_PORT */
	bool		 port_given;
	struct serve	*sv;		/* the page's server, or NULL */
	struct diags	 aside;		/* the last build's, about the
					   languages read for the page
					   alone: they fail no build */
};

/* The game loaded, before the PDF: the page's faces first. */
static void
loaded(void *arg, struct setup *s, size_t li)
{
	serve_loaded(arg, s, li);
}

/* Between builds: the faces the page asked for. */
static void
work(void *arg)
{
	const struct wjob *w = arg;

	serve_work(w->sv);
}

/*
 * One build: the printer profile read again, then doc_cards() or
 * doc_pack() as the cards and pack commands call them, but with no line
 * said.  Diagnostics and files read into d, the PDF's path into *out;
 * returns its exit code.
 */
static int
build(void *arg, const struct watch_changes *ch, struct diags *d, char **out)
{
	struct wjob *w = arg;
	struct job j = w->job;
	int rc;

	j.outpath = out;
	if ((rc = job_printer(&j, d)) != 0)
		return rc;
	if (w->pack)
		return doc_pack(&j, NULL, d);
	/* The page's server told first: nothing is drawn from the game
	 * kept once it may be freed. */
	if (w->sv != NULL) {
		serve_build_start(w->sv, !run_watch_deck_yaml(j.deckdir, ch));
		j.others = true;
		j.aside = &w->aside;
		j.loaded = loaded;
		j.loaded_arg = w->sv;
	}
	/* --image-dpi resampled the kept images for the last build's
	 * sizes: with it, every build starts afresh. */
	if (!run_watch_deck_yaml(j.deckdir, ch) || j.image_dpi > 0) {
		job_setup_free(&w->kept);
		memset(&w->kept, 0, sizeof(w->kept));
	}
	j.kept = &w->kept;
	rc = doc_cards(&j, NULL, d);
	w->fitted = w->texts = 0;
	if (w->kept.fonts != NULL) {
		w->fitted = layout_fonts_fitted(w->kept.fonts, &w->texts);
	}
	return rc;
}

/*
 * A build's diagnostics as cards and pack print them (d freed), then
 * its line: "12:03:41 rebuilt FILE in 0.21 s" or "... failed: N errors".
 */
static void
report(void *arg, struct diags *d, int rc, const char *out, double secs,
    bool again)
{
	struct wjob *w = arg;
	size_t nerr;
	char when[16];
	struct tm tm;
	time_t now;

	if (w->sv != NULL)
		serve_built(w->sv, (struct setup *)&w->kept, rc, d,
		    &w->aside);
	nerr = d->nerr;
	cmd_finish(d, rc);
	now = time(NULL);
	strftime(when, sizeof(when), "%H:%M:%S", localtime_r(&now, &tm));
	if (rc == 0)
		printf("%s %s %s in %.2f s\n", when, again ? "rebuilt" :
		    "built", out, secs);
	else
		printf("%s failed: %zu error%s\n", when, nerr,
		    nerr == 1 ? "" : "s");
	if (w->verbose && !w->pack && rc == 0)
		printf("  laid out anew: %zu of %zu texts\n", w->fitted,
		    w->texts);
	fflush(stdout);
}

/* Build, then watch and build again; returns the exit code. */
static int
run_watch(struct wjob *w)
{
	struct watch_build b = { build, report, w, -1, work };
	struct diags d = { 0 };
	char *dir, *packdir, *url = NULL;
	int rc;

	if (w->serve) {
		if ((w->sv = serve_new(w->port, w->port_given, &url, &d)) ==
		    NULL)
			return cmd_finish(&d, EXIT_IO);
		printf("serving %s\n", url);
		fflush(stdout);
		g_free(url);
		b.workfd = serve_wake_fd(w->sv);
	}
	dir = job_data_dir();
	packdir = path_join(dir, "layouts/pack");
	rc = run_watch_loop(w->job.deckdir, packdir, &b, &d);
	serve_free(w->sv);
	diag_free(&w->aside);
	job_setup_free(&w->kept);
	free(dir);
	free(packdir);
	return cmd_finish(&d, rc);
}

/* A cards option that the pack has not, or NULL. */
static const char *
not_pack(const struct job *j)
{
	if (j->variant != NULL)
		return "--variant";
	if (j->kind != NULL)
		return "--component";
	if (!j->backs)
		return "--no-backs";
	return NULL;
}

/* --port N: 0 (a free one) to 65535. */
static int
port_arg(const char *arg, int *port)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (*arg == '\0' || *end != '\0' || v < 0 || v > 65535)
		return cmd_usage_error(usage_watch, "--port must be a port "
		    "number from 0 to 65535, not '%s'", arg);
	*port = (int)v;
	return 0;
}

/* DECK after the options, a folder; 0 or a usage error. */
static int
deck_arg(struct wjob *w, int argc, char **argv)
{
	struct stat st;
	const char *opt;

	if (argc - optind != 1)
		return cmd_usage_error(usage_watch, "%s",
		    argc - optind ? "give exactly one deck folder" :
		    "no deck folder given");
	w->job.deckdir = cmd_deck_dir(argv[optind]);
	if (w->job.output != NULL && strcmp(w->job.output, "-") == 0)
		return cmd_usage_error(usage_watch, "%s", "-o -: every build "
		    "would go to standard output after the last; give a file");
	if (stat(w->job.deckdir, &st) != 0 || !S_ISDIR(st.st_mode))
		return cmd_usage_error(usage_watch, "%s is not a folder: "
		    "nothing to watch", w->job.deckdir);
	if (w->pack && w->serve)
		return cmd_usage_error(usage_watch, "%s", "--serve shows the "
		    "card sheets' faces, not the pack");
	if (w->port_given && !w->serve)
		return cmd_usage_error(usage_watch, "%s", "--port is the port "
		    "of --serve's page: give --serve too");
	if (w->pack && (opt = not_pack(&w->job)) != NULL)
		return cmd_usage_error(usage_watch, "%s is an option of the "
		    "card sheets, not of the pack", opt);
	return 0;
}

int
cmd_watch(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "pack", no_argument, NULL, 'K' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "serve", no_argument, NULL, 'S' },
		{ "port", required_argument, NULL, 'P' },
		CARDS_OPTIONS,
		DECK_OPTIONS,
		PRINT_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct wjob w = { .job = JOB_INIT, .port = SERVE_PORT };
	int c, rc;

	/* A designer at work: art not yet drawn is a placeholder, warned
	 * of, not a build refused. */
	w.job.placeholders = true;

	while ((c = getopt_long(argc, argv, "l:o:d:hv", opts, NULL)) != -1)
		switch (c) {
		case 'K':
			w.pack = true;
			break;
		case 'v':
			w.verbose = true;
			break;
		case 'S':
			w.serve = true;
			break;
		case 'P':
			if ((rc = port_arg(optarg, &w.port)) != 0)
				return rc;
			w.port_given = true;
			break;
		case 'h':
			fputs(usage_watch, stdout);
			return 0;
		case '?':
			return cmd_bad_option(argv, opts, usage_watch);
		default:
			if ((rc = cmd_cards_option(&w.job, c, optarg)) < 0)
				rc = cmd_job_option(&w.job, c, optarg,
				    usage_watch);
			if (rc != 0)
				return rc;
		}
	return (rc = deck_arg(&w, argc, argv)) != 0 ? rc : run_watch(&w);
}
