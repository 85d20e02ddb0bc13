/* The two stat phases: stat each file and read its data (checked with
 * --verify), in readdir order or in a shuffled order of the names. */
#include "files/file_ops.h"
#include "files/file_tree.h"
#include "files/files.h"
#include "loop/io_common.h"
#include "../lib/fileio.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#define SHUFFLE_STAT 0x7374617473ULL

/* Without -n, a stat phase passes over the files again until it has run
 * FILES_STAT_AUTO_NS; every stat counts, so the rate stays files / time. */
static bool stat_again(const struct phase_ctx *ctx, const struct phase_result *res, uint64_t t0)
{
	const struct file_plan *fp = ctx->files;

	return fp->auto_count && fp->count > 0 && res->status == PHASE_NOT_RUN && !phase_deadline_passed(ctx) &&
	       clock_now_ns() - t0 < FILES_STAT_AUTO_NS;
}

static int verify_chunk(struct file_plan *fp, struct phase_result *res, const char *name,
                        uint64_t key, size_t len)
{
	struct pattern_mismatch m;
	char why[160];

	if (pattern_check(&fp->pat, fp->buf, len, key, FILES_DATA_GEN, &m) == 0)
		return 0;
	res->flags |= RESULT_MISMATCH;
	snprintf(why, sizeof why, "data differs at byte %llu: expected 0x%02x, found 0x%02x",
	         (unsigned long long)(m.offset & ((1ull << 40) - 1)), m.expected, m.found);
	return file_fail_detail(fp, res, "verify", name, why);
}

static int read_contents(struct file_plan *fp, struct phase_result *res, int fd, const char *name,
                         uint64_t index, uint64_t size)
{
	for (uint64_t off = 0; off < size; off += fp->chunk) {
		size_t want = size - off < fp->chunk ? (size_t)(size - off) : fp->chunk, got;

		if (io_read_full(fd, fp->buf, want, &got) != 0)
			return file_tree_fail_at(fp, res, "read", name, (int64_t)off);
		if (got != want)
			return file_fail_detail(fp, res, "read", name, "file ends before its size");
		res->bytes += got;
		res->read_bytes += got;
		if (fp->verify && verify_chunk(fp, res, name, (index << 40) + off, got) != 0)
			return -1;
	}
	return 0;
}

/* One stat operation: stat and, for files with data, open and read all of
 * it. Only with -n max -2 does stat follow symlinks: those bonnie made. */
static int stat_one(struct file_plan *fp, struct phase_result *res, int dirfd, const char *name,
                    const char *shown, uint64_t index)
{
	uint64_t want = files_size_of(fp, index);
	struct stat st;
	char why[96];
	int fd, rc;

	if (fstatat(dirfd, name, &st, fp->max == FILES_SYMLINKS ? 0 : AT_SYMLINK_NOFOLLOW) != 0)
		return file_tree_fail(fp, res, "stat", shown);
	if ((uint64_t)st.st_size != want) {
		snprintf(why, sizeof why, "size %lld, expected %llu", (long long)st.st_size,
		         (unsigned long long)want);
		return file_fail_detail(fp, res, "stat", shown, why);
	}
	if (st.st_size == 0)
		return 0;
	fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return file_tree_fail(fp, res, "open", shown);
	rc = read_contents(fp, res, fd, shown, index, want);
	close(fd);
	return rc;
}

static int stat_entry(struct file_plan *fp, struct phase_result *res, int dirfd, const char *name,
                      struct op_timer *t)
{
	int64_t index = files_index_of(name, fp->random_names);

	if (index < 0 || (uint64_t)index >= fp->count)
		return file_fail_detail(fp, res, "stat", name, "a file bonnie did not create");
	if (stat_one(fp, res, dirfd, name, name, (uint64_t)index) != 0)
		return -1;
	res->units++;
	op_timer_lap(t, &res->latency);
	return 0;
}

static int seq_stat_run(struct phase_ctx *ctx, struct phase_result *res)
{
	uint64_t t0 = clock_now_ns();

	do {
		if (file_walk_all(ctx, res, stat_entry, false) != 0)
			return -1;
	} while (stat_again(ctx, res, t0));
	return 0;
}


static int shuffle_for_stat(struct phase_ctx *ctx, struct phase_result *res)
{
	(void)res;
	files_shuffle(ctx->files, SHUFFLE_STAT);
	return 0;
}

static int ran_stat_run(struct phase_ctx *ctx, struct phase_result *res)
{
	struct file_plan *fp = ctx->files;
	char name[FILES_NAME_MAX];
	struct op_timer t;
	uint64_t t0 = clock_now_ns();

	do {
		op_timer_begin(&t, ctx->timeline);
		for (uint64_t i = 0; i < fp->count && !phase_stop_requested(ctx, res); i++) {
			uint32_t index = fp->order[i];

			files_name(fp, index, true, name);
			if (stat_one(fp, res, fp->topfd, name, name, index) != 0)
				return -1;
			res->units++;
			op_timer_lap(&t, &res->latency);
		}
	} while (stat_again(ctx, res, t0));
	return 0;
}

const struct phase phase_seq_stat = {
	.id = PHASE_SEQ_STAT, .flags = PHASE_REPEATS, .enabled = file_phases_enabled, .run = seq_stat_run,
};
const struct phase phase_ran_stat = {
	.id = PHASE_RAN_STAT, .flags = PHASE_REPEATS, .enabled = file_phases_enabled, .prepare = shuffle_for_stat,
	.run = ran_stat_run,
};
