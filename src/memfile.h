/* SPDX-License-Identifier: MIT */
/*
 * Bytes already read and checked, as a file a library that wants a
 * path can open: a sealed memfd, named /dev/fd/N.  Nothing another
 * process does to the file they came from changes what the library
 * reads, and nothing is written to a disk.
 */
#ifndef DECKPRESS_MEMFILE_H
#define DECKPRESS_MEMFILE_H

#include <stdbool.h>
#include <stddef.h>

/* A sealed file of the n bytes at buf: its descriptor, or -1 (errno). */
int	 memfile_new(const char *name, const void *buf, size_t n);
/* "/dev/fd/N" of descriptor fd, into path (at least 32 bytes). */
void	 memfile_path(int fd, char *path, size_t size);

/*
 * The same in steps, for bytes copied a piece at a time: an empty file
 * that may be sealed (-1, errno), each piece written whole, then sealed
 * against writing, growing and shrinking (false, errno).
 */
int	 memfile_open(const char *name);
bool	 memfile_write(int fd, const void *buf, size_t n);
bool	 memfile_seal(int fd);

#endif
