/* read/write wrappers that finish the whole transfer: they retry short
 * counts and EINTR, so callers see either the full length or an error. */
#ifndef BONNIE_FILEIO_H
#define BONNIE_FILEIO_H

#include <stddef.h>
#include <sys/types.h>

/* Writes len bytes at the current position. 0, or -1 with errno. */
int io_write_all(int fd, const void *buf, size_t len);

/* Reads up to len bytes; *got < len only at end of file. 0, or -1 with errno. */
int io_read_full(int fd, void *buf, size_t len, size_t *got);

int io_pwrite_all(int fd, const void *buf, size_t len, off_t off);
int io_pread_full(int fd, void *buf, size_t len, off_t off, size_t *got);

/* fsync retried on EINTR. */
int io_fsync(int fd);

/* unlinkat(2) retried while it fails with EBUSY, for up to about
 * IO_UNLINK_SETTLE_MS. On a FUSE share (smbnetfs) close(2) returns before
 * the server has closed the file, and an SMB server refuses to remove a
 * file that is still open there; the refusal ends within milliseconds.
 * 0, or -1 with errno (EBUSY once the wait is over). */
#define IO_UNLINK_SETTLE_MS 5000
int io_unlinkat_settled(int dirfd, const char *name, int flags);

#endif
