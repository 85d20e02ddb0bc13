/* The data file's calibration; see data_auto.h. */
#include "data_auto.h"
#include "../../lib/clock.h"
#include "../../lib/fileio.h"
#include "../../lib/platform.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* chunk-byte writes (or reads) for DATA_CAL_NS, or until the file ends;
 * *bytes moved. */
static int move_for_a_while(int fd, bool writing, unsigned char *buf, uint32_t chunk, uint64_t *bytes)
{
	uint64_t t0 = clock_now_ns();

	*bytes = 0;
	while (clock_now_ns() - t0 < DATA_CAL_NS) {
		ssize_t n = writing ? write(fd, buf, chunk) : read(fd, buf, chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || (n == 0 && writing)) {
			if (n == 0)
				errno = ENOSPC;
			return -1;
		}
		if (n == 0)
			break;
		*bytes += (uint64_t)n;
	}
	return 0;
}

/* Read a chunk, seek back, write it, as the rewrite phase does, for
 * DATA_CAL_NS or until the file ends; *bytes rewritten. */
static int rewrite_for_a_while(int fd, unsigned char *buf, uint32_t chunk, uint64_t *bytes)
{
	uint64_t t0 = clock_now_ns();

	*bytes = 0;
	while (clock_now_ns() - t0 < DATA_CAL_NS) {
		size_t n;

		if (io_read_full(fd, buf, chunk, &n) != 0)
			return -1;
		if (n == 0)
			break;
		if (lseek(fd, -(off_t)n, SEEK_CUR) < 0 || io_write_all(fd, buf, n) != 0)
			return -1;
		*bytes += n;
	}
	return 0;
}

/* The written file synced and dropped from the cache, then read back from
 * its start: what the block read will do. */
static int write_then_read(int fd, unsigned char *buf, uint32_t chunk, struct data_cal *out)
{
	uint64_t t0 = clock_now_ns();

	if (move_for_a_while(fd, true, buf, chunk, &out->write_bytes) != 0 || fsync(fd) != 0)
		return -1;
	out->write_ns = clock_now_ns() - t0 + 1;
	plat_evict(fd); /* where it cannot, the read is the cache's: sized no larger than DATA_MAX_NS writes */
	if (lseek(fd, 0, SEEK_SET) != 0)
		return -1;
	t0 = clock_now_ns();
	if (move_for_a_while(fd, false, buf, chunk, &out->read_bytes) != 0)
		return -1;
	out->read_ns = clock_now_ns() - t0 + 1;
	plat_evict(fd); /* the rewrite phase, too, starts with the file evicted */
	if (lseek(fd, 0, SEEK_SET) != 0)
		return -1;
	t0 = clock_now_ns();
	if (rewrite_for_a_while(fd, buf, chunk, &out->rewrite_bytes) != 0 || fsync(fd) != 0)
		return -1;
	out->rewrite_ns = clock_now_ns() - t0 + 1;
	return 0;
}

int data_auto_calibrate(int scratch_fd, uint32_t chunk, struct data_cal *out)
{
	unsigned char *buf = calloc(1, chunk);
	int fd, rc, err;

	memset(out, 0, sizeof *out);
	if (buf == NULL)
		return -1;
	memset(buf, 'd', chunk);
	fd = openat(scratch_fd, DATA_CAL_FILE, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		free(buf);
		return -1;
	}
	rc = write_then_read(fd, buf, chunk, out);
	if (close(fd) != 0)
		rc = -1;
	err = errno;
	free(buf);
	if (io_unlinkat_settled(scratch_fd, DATA_CAL_FILE, 0) != 0 && rc == 0)
		return -1;
	errno = err;
	return rc;
}

/* bytes moved in ns, scaled to want_ns (most when nothing was timed). */
static double scaled(uint64_t bytes, uint64_t ns, uint64_t want_ns, uint64_t most)
{
	return ns ? (double)bytes * (double)want_ns / (double)ns : (double)most;
}

uint64_t data_auto_size(const struct data_cal *cal, uint32_t chunk, uint64_t least, uint64_t most)
{
	double want = scaled(cal->write_bytes, cal->write_ns, DATA_AUTO_NS, most);
	double reads = scaled(cal->read_bytes, cal->read_ns, DATA_READ_NS, most);
	double limit = scaled(cal->write_bytes, cal->write_ns, DATA_MAX_NS, most);
	double rewrites = scaled(cal->rewrite_bytes, cal->rewrite_ns, DATA_REWRITE_MAX_NS, most);
	uint64_t size;

	/* the rewrite's budget gives way to the block read's second (a figure
	 * under 0.5 s is marked), and both to DATA_MAX_NS of writing */
	if (cal->rewrite_ns && rewrites < want)
		want = rewrites;
	if (cal->read_ns && reads > want)
		want = reads;
	if (want > limit)
		want = limit;
	size = want >= (double)most ? most : (uint64_t)want;
	size = size / (1u << 20) * (1u << 20);
	if (chunk)
		size -= size % chunk;
	if (least < DATA_AUTO_MIN)
		least = DATA_AUTO_MIN;
	if (size < least)
		size = least;
	return size > most ? most : size;
}
