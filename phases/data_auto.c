/* The data file's calibration; see data_auto.h. */
#include "data_auto.h"
#include "../lib/clock.h"
#include "../lib/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int write_for_a_while(int fd, const unsigned char *buf, uint32_t chunk, uint64_t *bytes)
{
	uint64_t t0 = clock_now_ns();

	*bytes = 0;
	while (clock_now_ns() - t0 < DATA_CAL_NS) {
		ssize_t n = write(fd, buf, chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = ENOSPC;
			return -1;
		}
		*bytes += (uint64_t)n;
	}
	return fsync(fd);
}

int data_auto_calibrate(int scratch_fd, uint32_t chunk, uint64_t *bytes, uint64_t *ns)
{
	unsigned char *buf = calloc(1, chunk);
	uint64_t t0 = clock_now_ns();
	int fd, rc, err;

	if (buf == NULL)
		return -1;
	memset(buf, 'd', chunk);
	fd = openat(scratch_fd, DATA_CAL_FILE, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		free(buf);
		return -1;
	}
	rc = write_for_a_while(fd, buf, chunk, bytes);
	if (close(fd) != 0)
		rc = -1;
	*ns = clock_now_ns() - t0 + 1;
	err = errno;
	free(buf);
	if (io_unlinkat_settled(scratch_fd, DATA_CAL_FILE, 0) != 0 && rc == 0)
		return -1;
	errno = err;
	return rc;
}

uint64_t data_auto_size(uint64_t bytes, uint64_t ns, uint32_t chunk, uint64_t least, uint64_t most)
{
	double want = ns ? (double)bytes * (double)DATA_AUTO_NS / (double)ns : (double)most;
	uint64_t size = want >= (double)most ? most : (uint64_t)want;

	size = size / (1u << 20) * (1u << 20);
	if (chunk)
		size -= size % chunk;
	if (least < DATA_AUTO_MIN)
		least = DATA_AUTO_MIN;
	if (size < least)
		size = least;
	return size > most ? most : size;
}
