/* Sizing the file tests when -n is not given: a short, untimed calibration
 * of deleting sets how many files the first create phase aims at, so that
 * every file phase runs long enough to trust. */
#include "files.h"
#include "../../lib/clock.h"
#include "../../lib/fileio.h"
#include "../../lib/platform.h"
#include "../../lib/free_space.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whole 1024s of files deleted in aim_ns at delete_ns a file, 1..cap_k. */
static uint32_t k_for_deletes(uint64_t delete_ns, uint64_t aim_ns, uint32_t cap_k)
{
	uint64_t per_k = delete_ns * 1024, k;

	if (delete_ns == 0 || delete_ns > UINT64_MAX / 1024)
		return delete_ns == 0 ? cap_k : 1;
	k = (aim_ns + per_k - 1) / per_k;
	if (k > cap_k)
		return cap_k;
	return k ? (uint32_t)k : 1;
}

uint32_t files_auto_target_k(uint64_t delete_ns, uint32_t cap_k)
{
	return k_for_deletes(delete_ns, FILES_AUTO_NS, cap_k);
}

uint32_t files_auto_floor_k(uint64_t delete_ns, uint32_t cap_k)
{
	return k_for_deletes(delete_ns, FILES_AUTO_FLOOR_NS, cap_k);
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
	bool capped = created >= fp->count;
	bool timed_out = (elapsed_ns >= fp->create_ns && created >= fp->floor) || elapsed_ns >= FILES_AUTO_HARD_CREATE_NS;

	if (fp->count_fixed || created % 1024 != 0)
		return false;
	if (!enough && !capped && !timed_out)
		return false;
	if (enough)
		fp->bound = FILES_BOUND_DELETE_AIM;
	else if (capped)
		fp->bound = fp->cap_by_inodes ? FILES_BOUND_INODES : FILES_BOUND_MAX;
	else if (created < fp->floor)
		fp->bound = FILES_BOUND_CREATE_HARD;
	else /* past create_ns: what it made, or the floor it went on to */
		fp->bound = created == fp->floor && fp->floor ? FILES_BOUND_DELETE_FLOOR : FILES_BOUND_CREATE_TIME;
	fp->count = created;
	fp->count_fixed = true;
	return true;
}

/* The fastest batch so far: *best is updated with the time since *mark
 * when n closes a batch of FILES_AUTO_BATCH, and *mark moves to now. */
static void batch_lap(unsigned n, uint64_t now, uint64_t *mark, uint64_t *best)
{
	if (n % FILES_AUTO_BATCH != 0)
		return;
	if (*best == 0 || now - *mark < *best)
		*best = now - *mark + 1;
	*mark = now;
}

/* Per file: the fastest batch's time, or the whole's without a full batch. */
uint64_t files_auto_per_file_ns(uint64_t total_ns, uint64_t best_batch_ns, unsigned n)
{
	if (best_batch_ns && n >= FILES_AUTO_BATCH)
		return best_batch_ns / FILES_AUTO_BATCH ? best_batch_ns / FILES_AUTO_BATCH : 1;
	return n ? total_ns / n : 0;
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

/* Removes calibration files 0..n-1; returns the ns it took (the fastest
 * batch's in *best), 0 with errno on error. */
static uint64_t cal_delete(int dirfd, unsigned n, uint64_t *best)
{
	uint64_t t0 = clock_now_ns(), mark = t0;
	char name[32];

	for (unsigned i = 0; i < n; i++) {
		snprintf(name, sizeof name, "cal%05u", i);
		if (io_unlinkat_settled(dirfd, name, 0) != 0)
			return 0;
		batch_lap(i + 1, clock_now_ns(), &mark, best);
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

/* What the target alone is bound by: the deletes' aim, or the cap. */
static enum files_bound target_bound(uint64_t delete_ns, uint32_t k, uint32_t cap_k, bool cap_is_inodes)
{
	uint64_t per_k = delete_ns * 1024;

	if (k < cap_k || (delete_ns && delete_ns <= UINT64_MAX / 1024 && (uint64_t)k * per_k >= FILES_AUTO_NS))
		return FILES_BOUND_DELETE_AIM;
	return cap_is_inodes ? FILES_BOUND_INODES : FILES_BOUND_MAX;
}

uint32_t files_auto_decide_k(uint64_t delete_ns, uint64_t create_ns, uint32_t cap_k, bool cap_is_inodes,
                             enum files_bound *bound)
{
	uint32_t k = files_auto_target_k(delete_ns, cap_k), floor = files_auto_floor_k(delete_ns, cap_k);
	uint64_t by_create;

	*bound = target_bound(delete_ns, k, cap_k, cap_is_inodes);
	if (create_ns == 0)
		return k;
	by_create = create_ns > UINT64_MAX / 1024 ? 0 : FILES_AUTO_MAX_CREATE_NS / (create_ns * 1024);
	if (by_create >= k)
		return k;
	*bound = by_create > floor ? FILES_BOUND_CREATE_TIME : FILES_BOUND_DELETE_FLOOR;
	return by_create > floor ? (uint32_t)by_create : floor;
}

/* In a directory of its own (spread away from the tree's, like the trees:
 * see make_tree), so the calibration's freed inodes do not slow the
 * sequential create that follows. Like the phases, creation and deletion
 * each start with the file system synced (untimed here), so the deletes
 * do not pay for the creates. */
int files_auto_calibrate(int scratch_fd, const char *dirpath, struct files_cal *out)
{
	struct space sp = {0, 0, 0, 0};
	uint64_t c_ns = 0, d_ns = 0, d_best = 0;
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
	if (n > 0 && (d_ns = cal_delete(cal, (unsigned)n, &d_best)) == 0)
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
	/* the whole's: a cap on creating errs low, the delete floor keeps the count up */
	out->create_file_ns = n > 0 ? c_ns / (uint64_t)n : 0;
	out->delete_file_ns = files_auto_per_file_ns(d_ns, d_best, (unsigned)n);
	out->cap_k = files_auto_cap_k(sp.inodes_free);
	out->cap_by_inodes = out->cap_k < FILES_AUTO_MAX_K;
	out->pool_max_k = sp.inodes_free && sp.inodes_free / 8 / 1024 < FILES_POOL_MAX_K
	                          ? (uint32_t)(sp.inodes_free / 8 / 1024)
	                          : FILES_POOL_MAX_K;
	/* too few to time: the least count, and the caller says why */
	out->slow = n < (long)FILES_AUTO_CAL_MIN;
	out->bound = FILES_BOUND_SLOW;
	out->target_k = out->floor_k = out->decided_k = 1;
	if (out->slow)
		return 0;
	out->target_k = files_auto_target_k(out->delete_file_ns, out->cap_k);
	out->floor_k = files_auto_floor_k(out->delete_file_ns, out->cap_k);
	out->decided_k = files_auto_decide_k(out->delete_file_ns, out->create_file_ns, out->cap_k, out->cap_by_inodes,
	                                     &out->bound);
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
	fp->floor = (uint64_t)cal.floor_k * 1024;
	fp->cap_by_inodes = cal.cap_by_inodes;
	fp->create_ns = FILES_AUTO_MAX_CREATE_NS;
	fp->sized = true;
	return 0;
}
