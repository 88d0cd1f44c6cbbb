/* SPDX-License-Identifier: MIT */
/*
 * What every command does the same way: its messages printed at the
 * end, a usage error, and the --dpi of the commands that draw images.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <glib.h>

#include "cmd.h"
#include "../outfile.h"

void
cmd_say(const char *out, char *said)
{
	if (said != NULL)
		fputs(said, outfile_report_to(out));
	g_free(said);
}

int
cmd_finish(struct diags *d, int rc)
{
	diag_sort(d);
	diag_print(stderr, d);
	if (d->nerr || d->nwarn)
		fprintf(stderr, "%zu error%s, %zu warning%s\n", d->nerr,
		    d->nerr == 1 ? "" : "s", d->nwarn, d->nwarn == 1 ? "" : "s");
	diag_free(d);
	return rc;
}

/*
 * "see 'deckpress CMD --help'" for the command whose usage text this is
 * ("usage: deckpress CMD ..."), or the top level's for the main usage.
 */
static void
see_help(const char *usage)
{
	static const char head[] = "usage: deckpress ";
	size_t n = 0;

	if (strncmp(usage, head, sizeof(head) - 1) == 0) {
		usage += sizeof(head) - 1;
		n = strcspn(usage, " \n");
		if (usage[0] == '[')
			n = 0;
	}
	fprintf(stderr, "see 'deckpress %.*s%s--help'\n", (int)n, usage,
	    n ? " " : "");
}

int
cmd_usage_error(const char *usage, const char *fmt, ...)
{
	va_list ap;

	/*
	 * The one line that is wrong, and where the rest is: the whole
	 * help would bury it.
	 */
	char *msg, *safe;

	va_start(ap, fmt);
	msg = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	/* It may quote an argument: its control characters written out. */
	safe = shown_dup(msg);
	fprintf(stderr, "deckpress: %s\n", safe);
	free(safe);
	g_free(msg);
	see_help(usage);
	return EXIT_USAGE;
}

/* The long option of opts named name (n bytes long), or NULL. */
static const struct option *
long_option(const struct option *opts, const char *name, size_t n)
{
	for (; opts->name != NULL; opts++)
		if (strlen(opts->name) == n && strncmp(opts->name, name, n) == 0)
			return opts;
	return NULL;
}

/*
 * The long option closest to the unknown one word: a typo, or a longer
 * word that begins with an option's name ("--language" for --lang).
 */
static const char *
option_hint(const struct option *opts, const char *word)
{
	const char *names[64], *hint;
	size_t n = 0, i;

	for (; opts->name != NULL && n < 64; opts++)
		names[n++] = opts->name;
	if ((hint = closest_word(word, names, n)) != NULL)
		return hint;
	for (i = 0; i < n; i++)
		if (strlen(names[i]) >= 3 &&
		    strncmp(word, names[i], strlen(names[i])) == 0)
			return names[i];
	return NULL;
}

/* A long option --arg getopt_long refused, said in one line. */
static int
bad_long(const struct option *opts, const char *arg, const char *usage)
{
	const char *name = arg + 2, *hint;
	size_t n = strcspn(name, "=");
	const struct option *o = long_option(opts, name, n), *p;
	char word[64], list[256] = "";
	int nmatch = 0;

	if (o != NULL && name[n] == '=')
		return cmd_usage_error(usage, "option '--%.*s' takes no value",
		    (int)n, name);
	if (o != NULL)
		return cmd_usage_error(usage, "option '--%.*s' needs a value",
		    (int)n, name);
	/* getopt_long takes a unique beginning: this one is not. */
	for (p = opts; p->name != NULL; p++)
		if (strncmp(p->name, name, n) == 0 && nmatch++ < 4)
			snprintf(list + strlen(list), sizeof(list) -
			    strlen(list), "%s--%s", nmatch > 1 ? ", " : "",
			    p->name);
	if (nmatch > 1)
		return cmd_usage_error(usage, "option '--%.*s' is ambiguous: "
		    "%s%s", (int)n, name, list, nmatch > 4 ? ", ..." : "");
	snprintf(word, sizeof(word), "%.*s", (int)n, name);
	if ((hint = option_hint(opts, word)) != NULL)
		return cmd_usage_error(usage, "unknown option '--%.*s'; did "
		    "you mean '--%s'?", (int)n, name, hint);
	return cmd_usage_error(usage, "unknown option '--%.*s'", (int)n, name);
}

int
cmd_bad_option(char **argv, const struct option *opts, const char *usage)
{
	const char *arg = optind > 0 ? argv[optind - 1] : NULL;
	const struct option *o;

	/*
	 * getopt_long gives '?' for an unknown option (optopt 0 when it
	 * was long), a missing value, and a value given to an option that
	 * takes none (optopt its code).  opterr is 0 (main.c): the message
	 * is ours.
	 */
	if (arg != NULL && strncmp(arg, "--", 2) == 0 && arg[2] != '\0' &&
	    (optopt == 0 || ((o = long_option(opts, arg + 2,
	    strcspn(arg + 2, "="))) != NULL && o->val == optopt)))
		return bad_long(opts, arg, usage);
	for (o = opts; o->name != NULL; o++)
		if (o->val == optopt && o->has_arg == required_argument)
			return cmd_usage_error(usage, "option '-%c' needs a "
			    "value", optopt);
	if (optopt > ' ' && optopt < 127)
		return cmd_usage_error(usage, "unknown option '-%c'", optopt);
	return cmd_usage_error(usage, "unknown option");
}

char *
cmd_deck_dir(char *arg)
{
	static char here[] = ".";
	char *slash = strrchr(arg, '/');
	const char *base = slash != NULL ? slash + 1 : arg;
	struct stat st;

	/* A folder called deck.yaml stays one: only the file is its deck's. */
	if (strcmp(base, "deck.yaml") != 0 || stat(arg, &st) != 0 ||
	    !S_ISREG(st.st_mode))
		return arg;
	if (slash == NULL)
		return here;
	if (slash == arg)
		slash++;	/* /deck.yaml: the root */
	*slash = '\0';
	return arg;
}

void
cmd_output_ext(struct diags *d, const char *output, const char *ext,
    const char *kind)
{
	const char *base, *dot;

	if (output == NULL || strcmp(output, "-") == 0)
		return;
	base = strrchr(output, '/');
	base = base != NULL ? base + 1 : output;
	/* A name with no extension says nothing false: only a wrong one. */
	if ((dot = strrchr(base, '.')) == NULL || dot == base ||
	    strcasecmp(dot, ext) == 0)
		return;
	diag_add(d, DIAG_WARN, NULL, "output", "-o %s: what is written is %s, "
	    "not a %s file; name it %.*s%s", output, kind, dot,
	    (int)(dot - output), output, ext);
}

int
cmd_dpi_arg(const char *arg, double *dpi, const char *usage)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (*arg == '\0' || *end != '\0' || v < 30 || v > 1200)
		return cmd_usage_error(usage, "--dpi must be a whole number "
		    "from 30 to 1200, not '%s'", arg);
	*dpi = (double)v;
	return 0;
}
