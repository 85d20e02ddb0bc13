/* Sizing the file tests when -n is not given: a short, untimed calibration
 * of deleting sets how many files the first create phase aims at, so that
 * every file phase runs long enough to trust. */
#include "files.h"
#include "../lib/clock.h"
#include "../lib/fileio.h"
#include "../lib/platform.h"
#include "../lib/space.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

uint32_t files_auto_target_k(uint64_t delete_ns, uint32_t cap_k)
{
	uint64_t per_k = delete_ns * 1024, k;

	if (delete_ns == 0 || delete_ns > UINT64_MAX / 1024)
		return delete_ns == 0 ? cap_k : 1;
	k = (FILES_AUTO_NS + per_k - 1) / per_k;
	if (k > cap_k)
		return cap_k;
	return k ? (uint32_t)k : 1;
}

uint32_t files_auto_cap_k(uint64_t inodes_free)
{
	uint64_t k = FILES_AUTO_MAX_K;

	if (inodes_free && k > inodes_free / 4 / 1024)
		k = inodes_free / 4 / 1024;
	return k ? (uint32_t)k : 1;
}

bool files_auto_create_done(struct file_plan *fp, uint64_t created, uint64_t elapsed_ns)
{
	bool enough = created >= fp->target && elapsed_ns >= FILES_AUTO_MIN_CREATE_NS;

	if (fp->count_fixed || created % 1024 != 0)
		return false;
	if (!enough && elapsed_ns < fp->create_ns && created < fp->count)
		return false;
	fp->count = created;
	fp->count_fixed = true;
	return true;
}

/* Creates calibration files until FILES_AUTO_CAL exist or
 * FILES_AUTO_CAL_NS have passed, going on up to FILES_AUTO_CAL_MAX_NS
 * while fewer than FILES_AUTO_CAL_MIN exist (a slow share). Returns how
 * many, their time in *ns; -1 with errno (the files made removed) if one
 * could not be made. */
static long cal_create(int dirfd, uint64_t *ns)
{
	uint64_t t0 = clock_now_ns(), now = t0;
	unsigned n = 0;
	char name[32];

	while (n < FILES_AUTO_CAL &&
	       (now - t0 < FILES_AUTO_CAL_NS || (n < FILES_AUTO_CAL_MIN && now - t0 < FILES_AUTO_CAL_MAX_NS))) {
		snprintf(name, sizeof name, "cal%05u", n);
		int fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0 || close(fd) != 0) {
			int err = errno;
			for (unsigned i = 0; i <= n; i++) {
				snprintf(name, sizeof name, "cal%05u", i);
				io_unlinkat_settled(dirfd, name, 0);
			}
			errno = err;
			return -1;
		}
		n++;
		now = clock_now_ns();
	}
	*ns = now - t0 + 1;
	return (long)n;
}

/* Removes calibration files 0..n-1; returns the ns it took, 0 with errno
 * on error. */
static uint64_t cal_delete(int dirfd, unsigned n)
{
	uint64_t t0 = clock_now_ns();
	char name[32];

	for (unsigned i = 0; i < n; i++) {
		snprintf(name, sizeof name, "cal%05u", i);
		if (io_unlinkat_settled(dirfd, name, 0) != 0)
			return 0;
	}
	return clock_now_ns() - t0 + 1;
}

uint32_t files_auto_pool_k(uint32_t files_k, uint32_t max_k)
{
	uint64_t least = (uint64_t)FILES_POOL_FACTOR * files_k;

	if (max_k >= least)
		return max_k;
	return least > UINT32_MAX ? UINT32_MAX : (uint32_t)least;
}

uint32_t files_auto_decide_k(uint64_t delete_ns, uint64_t create_ns, uint32_t cap_k)
{
	uint32_t k = files_auto_target_k(delete_ns, cap_k);
	uint64_t per_k = create_ns * 1024, by_create;

	if (create_ns == 0 || create_ns > UINT64_MAX / 1024)
		return create_ns == 0 ? k : 1;
	by_create = FILES_AUTO_MAX_CREATE_NS / per_k;
	if (by_create < 1)
		by_create = 1;
	return by_create < k ? (uint32_t)by_create : k;
}

/* In a directory of its own (spread away from the tree's, like the trees:
 * see make_tree), so the calibration's freed inodes do not slow the
 * sequential create that follows. Like the phases, creation and deletion
 * each start with the file system synced (untimed here), so the deletes
 * do not pay for the creates. */
int files_auto_calibrate(int scratch_fd, const char *dirpath, struct files_cal *out)
{
	struct space sp = {0, 0, 0, 0};
	uint64_t c_ns = 0, d_ns = 0;
	long n;
	int cal, err = 0;

	memset(out, 0, sizeof *out);
	if (mkdirat(scratch_fd, FILES_CAL_DIR, 0700) != 0)
		return -1;
	cal = openat(scratch_fd, FILES_CAL_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (cal < 0) {
		err = errno;
		io_unlinkat_settled(scratch_fd, FILES_CAL_DIR, AT_REMOVEDIR);
		errno = err;
		return -1;
	}
	plat_syncfs(cal);
	n = cal_create(cal, &c_ns);
	err = n < 0 ? errno : 0;
	plat_syncfs(cal);
	if (n > 0 && (d_ns = cal_delete(cal, (unsigned)n)) == 0)
		err = errno;
	close(cal);
	if (io_unlinkat_settled(scratch_fd, FILES_CAL_DIR, AT_REMOVEDIR) != 0 && err == 0)
		err = errno;
	if (err != 0) {
		errno = err;
		return -1;
	}
	plat_syncfs(scratch_fd);
	if (space_of(dirpath, &sp) != 0)
		sp.inodes_free = 0;
	out->created = (unsigned)n;
	out->create_ns = c_ns;
	out->delete_ns = d_ns;
	out->cap_k = files_auto_cap_k(sp.inodes_free);
	out->pool_max_k = sp.inodes_free && sp.inodes_free / 8 / 1024 < FILES_POOL_MAX_K
	                          ? (uint32_t)(sp.inodes_free / 8 / 1024)
	                          : FILES_POOL_MAX_K;
	/* too few to time: the least count, and the caller says why */
	out->slow = n < (long)FILES_AUTO_CAL_MIN;
	out->target_k = out->slow ? 1 : files_auto_target_k(d_ns / (uint64_t)n, out->cap_k);
	out->decided_k = out->slow ? 1 : files_auto_decide_k(d_ns / (uint64_t)n, c_ns / (uint64_t)n, out->cap_k);
	return 0;
}

/* Room in the order array for the most files the create may make. */
static uint32_t grow_order(struct file_plan *fp, uint32_t k)
{
	uint32_t *order = realloc(fp->order, (size_t)k * 1024 * sizeof *order);

	if (order == NULL)
		return 0;
	fp->order = order;
	fp->count = (uint64_t)k * 1024;
	return k;
}

/* One instance sizing itself (the first tree of a plan the invocation
 * did not size: see autosize.h); the create's stop rule does the rest. */
int files_auto_size(struct file_plan *fp, int scratch_fd, const char *dirpath)
{
	struct files_cal cal;

	if (!fp->auto_count || fp->sized)
		return 0;
	if (files_auto_calibrate(scratch_fd, dirpath, &cal) != 0)
		return -1;
	if (grow_order(fp, cal.cap_k) == 0) {
		errno = ENOMEM;
		return -1;
	}
	fp->target = (uint64_t)cal.target_k * 1024;
	fp->create_ns = FILES_AUTO_MAX_CREATE_NS;
	fp->sized = true;
	return 0;
}
