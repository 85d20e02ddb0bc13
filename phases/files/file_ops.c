/* What the six file phases share: one file's create (its data, or a link
 * to file 0), the -b directory fsync, a failure naming the file, and the
 * timed final sync of create and delete. */
#include "file_ops.h"
#include "file_tree.h"
#include "files.h"
#include "../loop/io_common.h"
#include "../loop/phase_timeline.h"
#include "../../lib/fileio.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

bool file_phases_enabled(const struct config *cfg)
{
	return cfg->files_k > 0;
}

static bool links_mode(const struct file_plan *fp)
{
	return fp->max < 0;
}

int file_fail_detail(struct file_plan *fp, struct phase_result *res, const char *op,
                            const char *name, const char *why)
{
	char path[4096 + FILES_NAME_MAX];

	snprintf(path, sizeof path, "%s/%s", fp->toppath, name);
	op_error_set_detail(&res->error, op, path, -1, why);
	res->status = PHASE_FAILED;
	return -1;
}

/* fsync of the directory holding file index (-b). */
int file_sync_dir_of(struct file_plan *fp, struct phase_result *res, uint64_t index)
{
	int fd = file_tree_open_subdir(fp, files_dir_of(fp, index)), rc;

	if (fd < 0)
		return file_tree_fail(fp, res, "open directory", "");
	rc = io_fsync(fd);
	close(fd);
	return rc == 0 ? 0 : file_tree_fail(fp, res, "fsync directory", "");
}

/* Writes the data of file index through fd in chunk-sized writes. */
static int write_contents(struct file_plan *fp, struct phase_result *res, int fd, uint64_t index,
                          const char *name)
{
	uint64_t size = files_size_of(fp, index), key = index << 40;

	for (uint64_t off = 0; off < size; off += fp->chunk) {
		size_t len = size - off < fp->chunk ? (size_t)(size - off) : fp->chunk;
		const unsigned char *data = pattern_block(&fp->pat, key + off, FILES_DATA_GEN, len);

		if (io_write_all(fd, data, len) != 0)
			return file_tree_fail_at(fp, res, "write", name, (int64_t)off);
		res->bytes += len;
	}
	return 0;
}

static int create_link(struct file_plan *fp, struct phase_result *res, uint64_t index, const char *name,
                       bool random_first)
{
	char first[FILES_NAME_MAX], target[FILES_NAME_MAX + 4];

	files_name(fp, 0, random_first, first);
	if (fp->max == FILES_HARD_LINKS) {
		if (linkat(fp->topfd, first, fp->topfd, name, 0) != 0)
			return file_tree_fail(fp, res, "link", name);
	} else {
		/* the target is relative to the link's own directory */
		snprintf(target, sizeof target, "%s%s", fp->dirs > 1 ? "../" : "", first);
		if (symlinkat(target, fp->topfd, name) != 0)
			return file_tree_fail(fp, res, "symlink", name);
	}
	return fp->sync_each ? file_sync_dir_of(fp, res, index) : 0;
}

/* One create operation: a new file with its data (or a link to file 0). */
int file_create_one(struct file_plan *fp, struct phase_result *res, uint64_t index, bool random_first)
{
	char name[FILES_NAME_MAX];
	int fd, rc;

	files_name(fp, index, random_first, name);
	if (links_mode(fp) && index > 0)
		return create_link(fp, res, index, name, random_first);
	fd = openat(fp->topfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return file_tree_fail(fp, res, "create", name);
	rc = write_contents(fp, res, fd, index, name);
	if (rc == 0 && fp->sync_each && io_fsync(fd) != 0)
		rc = file_tree_fail(fp, res, "fsync", name);
	if (close(fd) != 0 && rc == 0)
		rc = file_tree_fail(fp, res, "close", name);
	if (rc == 0 && fp->sync_each)
		rc = file_sync_dir_of(fp, res, index);
	return rc;
}

/* The timed final sync of create and delete, its time kept apart. */
int file_phase_sync(struct phase_ctx *ctx, struct phase_result *res)
{
	uint64_t t0 = clock_now_ns(), t1;
	int rc;

	phase_timeline_stop(ctx, t0);
	rc = file_tree_sync(ctx);
	t1 = clock_now_ns();
	res->sync_ns += t1 - t0;
	phase_timeline_sync(ctx, t0, t1);
	return rc == 0 ? 0 : file_tree_fail(ctx->files, res, "sync", "");
}

