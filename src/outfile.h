/* SPDX-License-Identifier: MIT */
/*
 * The one writer of every file deckpress makes (PDF, PNG, text files):
 * atomic for a regular file, written through for standard output, a
 * character device or a FIFO, refused for anything else.  At the level
 * of util.h and diag.h: any stage may include it.
 */
#ifndef DECKPRESS_OUTFILE_H
#define DECKPRESS_OUTFILE_H

#include <sys/stat.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"

/*
 * A file being written.  A regular file (or a new one) is written to
 * TARGET.tmp-PID-XXXXXX beside it, on the same file system, and
 * renamed over it only once complete: no reader ever sees half a
 * file, and a failed or interrupted run leaves the old one as it was.
 * Standard output ("-"), a character device or a FIFO cannot be
 * renamed over: the bytes go to an anonymous temporary file first and
 * are copied there once complete, so a failed run writes nothing.
 */
struct outfile {
	FILE	*fp;		/* where the bytes go: open to
				   write, and to read back */
	char	*path;		/* owned: the name given ("-":
				   standard output) */
	char	*target;	/* owned: the file written: path, or
				   the file the kernel reached
				   through a symbolic link */
	char	*tmp;		/* owned: the temporary file beside
				   target; NULL: written through */
	int	 fd;		/* written through to this
				   descriptor, or -1 */
	int	 err;		/* errno of the first write that
				   failed, or 0 */
	int	 slot;		/* in the list a signal cleans; -1 */
	bool	 rewrite;	/* outfile_rewrite: may be an input */
};

/*
 * Start writing path ("-": standard output).  A folder, a block device,
 * a socket, a symbolic link to nothing and a file this run read
 * (outfile_input) are refused; so is a symbolic link that the kernel's
 * protected_symlinks would not follow (one another user made in a
 * sticky world-writable folder such as /tmp), whatever the system's
 * setting.  Any other symbolic link is followed by the kernel, never
 * resolved here, and the file it reaches is replaced, the link kept.
 * An existing regular file replaced keeps its permission bits (not
 * setuid or setgid) and, where fchown allows, its owner and group; a
 * new file gets 0666 less the umask.  Removes the
 * temporaries of the same target that a killed run left behind (their
 * process is gone).  Returns false, reported in d as an I/O error and
 * nothing created, if it cannot.  From the first call on, SIGINT,
 * SIGTERM and SIGHUP (unless ignored) and exit() remove every
 * temporary file still open before the program ends, and SIGXFSZ is
 * ignored, so that a file size limit is a write error like a full disk.
 */
bool	 outfile_open(struct outfile *o, const char *path, struct diags *d);

/*
 * As outfile_open, for a file that the command rewrites on purpose
 * although it read it: strings and import update a game's text files
 * and deck.yaml.
 */
bool	 outfile_rewrite(struct outfile *o, const char *path,
	    struct diags *d);

/*
 * A file this run read (st from fstat on it): no output of this run is
 * ever written over it, nor over another name (a hard link) of it.  It
 * is known by its device, inode and change time: once replaced (an
 * editor renames a new file over it), its inode number may be reused.
 */
void	 outfile_input(const struct stat *st);

/*
 * From now on, refuse every output that is a symbolic link, whoever
 * owns it: export names the files it writes inside a folder, and a
 * link found there was not made by asking for it.
 */
void	 outfile_no_links(void);

/*
 * Would outfile_open(path) be refused now?  Then false, reported as it
 * would be; nothing is created.  A command writing many files checks
 * each first, so that a refusal writes none of them.
 */
bool	 outfile_probe(const char *path, struct diags *d);

/*
 * May files be made in folder dir?  False, reported as an I/O error on
 * the link, if dir or a folder on its way (a, a/b of a/b/c) is a
 * symbolic link the kernel's protected_symlinks would not follow, or
 * leads through one; a folder that does not exist yet is fine.
 */
bool	 outfile_folder(const char *dir, struct diags *d);

/* Append n bytes; false (o->err set) if they cannot be written. */
bool	 outfile_write(struct outfile *o, const void *buf, size_t n);

/*
 * Flush what is buffered; true if every write so far succeeded, else
 * false with "cannot write: REASON" reported in d.
 */
bool	 outfile_check(struct outfile *o, struct diags *d);

/*
 * Finish o.  If keep (and every write succeeded), give the temporary
 * file the old file's mode and owner, check again that the target is
 * not one of the run's inputs (read since outfile_open), and rename it
 * over the target, or copy the bytes to standard output, the
 * device or the FIFO; otherwise remove the temporary file.  Returns
 * true if the target now holds the complete file; false if not kept,
 * errno as it was, or if keeping failed, reported in d.
 */
bool	 outfile_close(struct outfile *o, bool keep, struct diags *d);

/*
 * From now on, a regular file that outfile_close() keeps is complete
 * and closed but not renamed over its target: it is held, until
 * outfile_hold_end() renames every held file into place (keep) or
 * removes them all.  For a run that writes many files and must leave
 * none of them if it fails after the first (export's faces: an image
 * is checked as it is first drawn).  Standard output, a device or a
 * FIFO is written through at its close, as before.
 */
void	 outfile_hold(void);
/*
 * Hold no more; the held files renamed into place if keep, else
 * removed.  True if keep and every one was renamed; a rename that
 * fails is reported in d, and it and those after it are removed.
 */
bool	 outfile_hold_end(bool keep, struct diags *d);

/* How messages name path: "standard output" for "-", else path. */
const char *outfile_name(const char *path);

/*
 * Where a command says what it wrote to path: stderr when path is
 * standard output, which holds the file itself; else stdout.
 */
FILE	*outfile_report_to(const char *path);

#endif
