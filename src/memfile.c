/* SPDX-License-Identifier: MIT */
/*
 * Checked bytes handed to a library that opens files by name
 * (libgettextpo, fontconfig and Cairo): a memfd sealed against any
 * change once written.  Reading a file once and then letting a library
 * read it again by its path would let the file change in between; this
 * copy cannot.
 */
#define _GNU_SOURCE		/* memfd_create(), F_ADD_SEALS */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "memfile.h"

int
memfile_open(const char *name)
{
	return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

bool
memfile_write(int fd, const void *buf, size_t n)
{
	const char *p = buf;
	ssize_t w;

	while (n > 0) {
		w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			errno = w == 0 ? EIO : errno;
			return false;
		}
		p += w;
		n -= (size_t)w;
	}
	return true;
}

bool
memfile_seal(int fd)
{
	return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW |
	    F_SEAL_WRITE | F_SEAL_SEAL) == 0;
}

int
memfile_new(const char *name, const void *buf, size_t n)
{
	int fd = memfile_open(name), e;

	if (fd < 0)
		return -1;
	if (memfile_write(fd, buf, n) && memfile_seal(fd))
		return fd;
	e = errno;
	close(fd);
	errno = e;
	return -1;
}

void
memfile_path(int fd, char *path, size_t size)
{
	snprintf(path, size, "/dev/fd/%d", fd);
}
