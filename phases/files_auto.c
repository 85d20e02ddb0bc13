/* Sizing the file tests when -n is not given: a short, untimed calibration
 * of create and delete, so every file phase runs long enough to trust. */
#include "files.h"
#include "../lib/clock.h"
#include "../lib/space.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

uint32_t files_auto_k(uint64_t create_ns, uint64_t delete_ns, uint64_t inodes_free)
{
	uint64_t fastest = create_ns < delete_ns ? create_ns : delete_ns, k;

	if (fastest == 0)
		fastest = 1;
	k = (FILES_AUTO_NS / fastest + 1023) / 1024;
	if (inodes_free && k > inodes_free / 4 / 1024)
		k = inodes_free / 4 / 1024;
	if (k > FILES_AUTO_MAX_K)
		k = FILES_AUTO_MAX_K;
	return k < DEFAULT_FILES_K ? DEFAULT_FILES_K : (uint32_t)k;
}

/* Creates (or, with del, removes) calibration files 0..n-1 in dirfd;
 * returns the ns it took, or 0 with errno set. */
static uint64_t cal_pass(int dirfd, unsigned n, bool del)
{
	uint64_t t0 = clock_now_ns();
	char name[32];

	for (unsigned i = 0; i < n; i++) {
		snprintf(name, sizeof name, "cal%05u", i);
		if (del) {
			if (unlinkat(dirfd, name, 0) != 0)
				return 0;
			continue;
		}
		int fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0 || close(fd) != 0)
			return 0;
	}
	return clock_now_ns() - t0 + 1;
}

static uint32_t grow_order(struct file_plan *fp, uint32_t k)
{
	uint32_t *order = realloc(fp->order, (size_t)k * 1024 * sizeof *order);

	if (order == NULL)
		return 0;
	fp->order = order;
	fp->count = (uint64_t)k * 1024;
	return k;
}

int files_auto_size(struct file_plan *fp, const char *dirpath)
{
	struct space sp = {0, 0, 0, 0};
	uint64_t c_ns, d_ns;

	if (!fp->auto_count || fp->sized)
		return 0;
	c_ns = cal_pass(fp->topfd, FILES_AUTO_CAL, false);
	d_ns = c_ns ? cal_pass(fp->topfd, FILES_AUTO_CAL, true) : 0;
	if (c_ns == 0 || d_ns == 0)
		return -1;
	if (space_of(dirpath, &sp) != 0)
		sp.inodes_free = 0;
	if (grow_order(fp, files_auto_k(c_ns / FILES_AUTO_CAL, d_ns / FILES_AUTO_CAL, sp.inodes_free)) == 0) {
		errno = ENOMEM;
		return -1;
	}
	fp->sized = true;
	return 0;
}
