/* The file phases' directory tree: making the files directory and its
 * subdirectories before a create phase, syncing them, and removing them
 * after a delete phase, all outside the timed region. */
#include "file_tree.h"
#include "../../lib/clock.h"
#include "../../lib/fileio.h"
#include "../../lib/platform.h"
#include "../../lib/rng.h"
#include "../../scratch/scratch.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef O_DIRECTORY
#define O_DIRECTORY 0
#endif

/* Records errno for op on name (relative to the files directory) at a
 * file offset (-1: none). */
int file_tree_fail_at(struct file_plan *fp, struct phase_result *res, const char *op, const char *name,
                      int64_t offset)
{
	char path[4096 + FILES_NAME_MAX];
	int err = errno;

	snprintf(path, sizeof path, "%s%s%s", fp->toppath, name[0] ? "/" : "", name);
	op_error_set(&res->error, err, op, path, offset);
	res->status = PHASE_FAILED;
	return -1;
}

int file_tree_fail(struct file_plan *fp, struct phase_result *res, const char *op, const char *name)
{
	return file_tree_fail_at(fp, res, op, name, -1);
}

static void subdir_name(uint32_t d, char *buf, size_t len)
{
	snprintf(buf, len, "%05u", (unsigned)d);
}

/* Opens subdirectory d of the tree (the top directory itself when there
 * are none) as a new open file description, never a dup() of topfd: on a
 * network share (smbnetfs) a dup shares the handle's listing, taken when
 * topfd was opened on the still empty directory. */
int file_tree_open_subdir(struct file_plan *fp, uint32_t d)
{
	char name[16] = ".";

	if (fp->dirs > 1)
		subdir_name(d, name, sizeof name);
	return openat(fp->topfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/* renameat that fails with EEXIST, as mkdirat would, when something (a
 * planted symlink, a directory) already has the new name, instead of
 * replacing an empty directory or failing with ENOTDIR. */
static int rename_no_replace(int dirfd, const char *from, const char *to)
{
	struct stat st;

	if (fstatat(dirfd, to, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		errno = EEXIST;
		return -1;
	}
	return renameat(dirfd, from, dirfd, to);
}

/* mkdir of name under dirfd by way of a new name that differs run to run:
 * ext4 picks a spread directory's block group starting from a hash of its
 * name, and a fixed name would land every run in the group the previous
 * run has just emptied. */
static int spread_mkdir(int dirfd, const char *name)
{
	uint64_t base = clock_now_ns() ^ ((uint64_t)getpid() << 32);
	char tmp[40];

	for (int tries = 0;; tries++) {
		snprintf(tmp, sizeof tmp, "%s.%016llx", FILES_DIR, (unsigned long long)rng_mix64(base + (uint64_t)tries));
		if (mkdirat(dirfd, tmp, 0700) == 0)
			break;
		/* never rename a name this call did not create */
		if (errno != EEXIST || tries == 15)
			return -1;
	}
	if (rename_no_replace(dirfd, tmp, name) == 0)
		return 0;
	(void)io_unlinkat_settled(dirfd, tmp, AT_REMOVEDIR);
	return -1;
}

/* The directory of a new file tree. Its inode, and so the block group its
 * files go to, was chosen while the previous tree still existed (the
 * spare made then), in a scratch directory whose subdirectories the file
 * system spreads over block groups: so a tree does not start among the
 * inodes its predecessor has just freed. ext4 without a journal checks
 * every recently freed inode before reusing one; here that made the
 * random create 3-5x slower than the sequential one, and run to run its
 * rate moved 10x. */
static int tree_dir(struct phase_ctx *ctx, bool spare_for_next)
{
	(void)plat_spread_subdirs(ctx->dirfd); /* best effort: ENOTTY off ext2/3/4 */
	if (rename_no_replace(ctx->dirfd, FILES_SPARE, FILES_DIR) != 0) {
		if (errno != ENOENT || spread_mkdir(ctx->dirfd, FILES_DIR) != 0)
			return -1;
	}
	if (spare_for_next && spread_mkdir(ctx->dirfd, FILES_SPARE) != 0)
		return -1;
	return 0;
}

/* Untimed: the files directory and its subdirectories, synced so that the
 * create phase's own sync does not write them out. */
int file_tree_make(struct phase_ctx *ctx, struct phase_result *res, bool spare_for_next)
{
	struct file_plan *fp = ctx->files;
	char name[16];

	if (tree_dir(ctx, spare_for_next) != 0)
		return file_tree_fail(fp, res, "mkdir", "");
	fp->topfd = openat(ctx->dirfd, FILES_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fp->topfd < 0)
		return file_tree_fail(fp, res, "open", "");
	for (uint32_t d = 0; fp->dirs > 1 && d < fp->dirs; d++) {
		subdir_name(d, name, sizeof name);
		if (mkdirat(fp->topfd, name, 0700) != 0)
			return file_tree_fail(fp, res, "mkdir", name);
	}
	/* without -n, the first tree made sizes the tests (once) */
	if (files_auto_size(fp, ctx->dirfd, ctx->dirpath) != 0)
		return file_tree_fail(fp, res, "calibrate file creation in", "");
	return file_tree_sync(ctx) == 0 ? 0 : file_tree_fail(fp, res, "sync", "");
}

/* Without syncfs: fsync every directory of the tree and the scratch
 * directory, which holds what the phase created or removed. */
static int fsync_tree(struct phase_ctx *ctx)
{
	struct file_plan *fp = ctx->files;

	for (uint32_t d = 0; fp->topfd >= 0 && d < fp->dirs; d++) {
		int fd = file_tree_open_subdir(fp, d), rc;
		if (fd < 0)
			return -1;
		rc = io_fsync(fd);
		close(fd);
		if (rc != 0)
			return -1;
	}
	return io_fsync(ctx->dirfd);
}

/* Flushes the tested file system only, never the whole machine. */
int file_tree_sync(struct phase_ctx *ctx)
{
	int rc = plat_syncfs(ctx->dirfd);

	if (rc != 0 && errno == ENOSYS)
		rc = fsync_tree(ctx);
	return rc;
}

/* Untimed, after a delete phase: removes the subdirectories and the files
 * directory, then syncs, so the next create phase does not write them out. */
int file_tree_remove(struct phase_ctx *ctx, struct phase_result *res)
{
	struct file_plan *fp = ctx->files;
	bool emptied = fp->leftovers;
	char name[16];

	/* a delete cut by time: what is left (files and directories), untimed */
	fp->leftovers = false;
	if (emptied && scratch_empty_dir(fp->topfd, fp->toppath, &res->error) != 0) {
		res->status = PHASE_FAILED;
		return -1;
	}
	for (uint32_t d = 0; !emptied && fp->dirs > 1 && d < fp->dirs; d++) {
		subdir_name(d, name, sizeof name);
		if (io_unlinkat_settled(fp->topfd, name, AT_REMOVEDIR) != 0)
			return file_tree_fail(fp, res, "rmdir", name);
	}
	close(fp->topfd);
	fp->topfd = -1;
	if (io_unlinkat_settled(ctx->dirfd, FILES_DIR, AT_REMOVEDIR) != 0)
		return file_tree_fail(fp, res, "rmdir", "");
	return file_tree_sync(ctx) == 0 ? 0 : file_tree_fail(fp, res, "sync", "");
}
