/* Full-length read/write helpers with EINTR and short-count handling. */
#include "fileio.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

/* A write that makes no progress would loop forever; report it as EIO. */
static int no_progress(void)
{
	errno = EIO;
	return -1;
}

/* The loops behind the four calls: at says whether to use the offset
 * (pwrite/pread) or the current position (write/read). */
static int write_loop(int fd, const char *p, size_t len, off_t off, bool at)
{
	while (len > 0) {
		ssize_t n = at ? pwrite(fd, p, len, off) : write(fd, p, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0)
			return no_progress();
		p += n;
		off += n;
		len -= (size_t)n;
	}
	return 0;
}

static int read_loop(int fd, char *p, size_t len, off_t off, bool at, size_t *got)
{
	*got = 0;
	while (len > 0) {
		ssize_t n = at ? pread(fd, p, len, off) : read(fd, p, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0)
			break;
		p += n;
		off += n;
		*got += (size_t)n;
		len -= (size_t)n;
	}
	return 0;
}

int io_write_all(int fd, const void *buf, size_t len)
{
	return write_loop(fd, buf, len, 0, false);
}

int io_pwrite_all(int fd, const void *buf, size_t len, off_t off)
{
	return write_loop(fd, buf, len, off, true);
}

int io_read_full(int fd, void *buf, size_t len, size_t *got)
{
	return read_loop(fd, buf, len, 0, false, got);
}

int io_pread_full(int fd, void *buf, size_t len, off_t off, size_t *got)
{
	return read_loop(fd, buf, len, off, true, got);
}

int io_fsync(int fd)
{
	int rc;

	do
		rc = fsync(fd);
	while (rc != 0 && errno == EINTR);
	return rc;
}

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

int io_unlinkat_settled(int dirfd, const char *name, int flags)
{
	long waited = 0, step = 1;

	for (;;) {
		if (unlinkat(dirfd, name, flags) == 0)
			return 0;
		if (errno != EBUSY || waited >= IO_UNLINK_SETTLE_MS)
			return -1;
		sleep_ms(step);
		waited += step;
		if (step < 250)
			step *= 2;
	}
}
