/* The sequential stat and delete walk the directories in readdir order. */
#include "files/file_ops.h"
#include "files/file_tree.h"
#include "files/files.h"
#include "loop/io_common.h"
#include "loop/start_line.h"

#include <dirent.h>
#include <stdio.h>
#include <unistd.h>

/* Calls fn on every entry of subdirectory d in readdir order, repeating
 * passes until one finds nothing new to do (deleting while reading may
 * hide entries). Each pass lists a directory opened for it: a rewound
 * listing may keep what a share showed before. Returns the number of
 * entries handled, or -1. */
static int64_t walk_pass(struct phase_ctx *ctx, struct phase_result *res, uint32_t d, entry_fn fn,
                         struct op_timer *t)
{
	struct file_plan *fp = ctx->files;
	int fd = file_tree_open_subdir(fp, d);
	int64_t pass = 0;
	struct dirent *ent;
	DIR *dir;

	if (fd < 0 || (dir = fdopendir(fd)) == NULL) {
		if (fd >= 0)
			close(fd);
		return file_tree_fail(fp, res, "opendir", "");
	}
	while ((ent = readdir(dir)) != NULL && !phase_stop_requested(ctx, res)) {
		if (ent->d_name[0] == '.')
			continue; /* our names never start with a dot */
		if (fn(fp, res, dirfd(dir), ent->d_name, t) != 0) {
			closedir(dir);
			return -1;
		}
		phase_start_line(ctx, t); /* a delete's: the stat's is not stonewalled */
		pass++;
	}
	closedir(dir);
	return pass;
}

static int64_t walk_subdir(struct phase_ctx *ctx, struct phase_result *res, uint32_t d, entry_fn fn,
                           bool repeat, struct op_timer *t)
{
	int64_t done = 0, pass;

	do {
		pass = walk_pass(ctx, res, d, fn, t);
		if (pass < 0)
			return -1;
		done += pass;
	} while (repeat && pass > 0 && res->status == PHASE_NOT_RUN);
	return done;
}

static int check_count(struct phase_ctx *ctx, struct phase_result *res, uint64_t seen)
{
	struct file_plan *fp = ctx->files;
	char why[96];

	if (res->status != PHASE_NOT_RUN || seen == fp->count || phase_deadline_passed(ctx))
		return res->status == PHASE_FAILED ? -1 : 0;
	snprintf(why, sizeof why, "found %llu files, expected %llu", (unsigned long long)seen,
	         (unsigned long long)fp->count);
	return file_fail_detail(fp, res, "readdir", "", why);
}

int file_walk_all(struct phase_ctx *ctx, struct phase_result *res, entry_fn fn, bool repeat)
{
	struct file_plan *fp = ctx->files;
	struct op_timer t;
	uint64_t seen = 0;

	op_timer_begin(&t, ctx->timeline);
	for (uint32_t d = 0; d < fp->dirs && res->status == PHASE_NOT_RUN && !phase_deadline_passed(ctx); d++) {
		int64_t n;
		/* a directory no file went into was not touched by create either */
		if (!files_dir_used(fp, d))
			continue;
		n = walk_subdir(ctx, res, d, fn, repeat, &t);
		if (n < 0)
			return -1;
		seen += (uint64_t)n;
	}
	return check_count(ctx, res, seen);
}
