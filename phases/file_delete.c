/* The two delete phases, in readdir order or in a shuffled order of the
 * names; each ends by syncing only the tested file system, inside the timed
 * region, and the untimed tidying after it removes the tree. */
#include "files/file_ops.h"
#include "files/file_tree.h"
#include "files/files.h"
#include "loop/io_common.h"
#include "loop/start_line.h"
#include "../lib/fileio.h"

#define SHUFFLE_DEL 0x64656c6574ULL

static int unlink_entry(struct file_plan *fp, struct phase_result *res, int dirfd, const char *name,
                        struct op_timer *t)
{
	if (io_unlinkat_settled(dirfd, name, 0) != 0)
		return file_tree_fail(fp, res, "unlink", name);
	if (fp->sync_each && io_fsync(dirfd) != 0)
		return file_tree_fail(fp, res, "fsync directory", name);
	res->units++;
	op_timer_lap(t, &res->latency);
	return 0;
}

/* The end of a delete's loop: all of the files gone (the stonewall goes
 * up), or a pass cut by the level's end or the stonewall, whose files the
 * untimed tidying removes (file_tree_remove). */
static void delete_ended(struct phase_ctx *ctx, struct phase_result *res)
{
	struct file_plan *fp = ctx->files;

	if (res->units < fp->count)
		fp->leftovers = true;
	else
		phase_stonewall_raise(ctx);
	if (res->units == 0 && fp->count > 0)
		res->flags |= RESULT_STARVED; /* cut before its first delete */
}

static int seq_del_run(struct phase_ctx *ctx, struct phase_result *res)
{
	if (file_walk_all(ctx, res, unlink_entry, true) != 0 || res->status != PHASE_NOT_RUN)
		return res->status == PHASE_INTERRUPTED ? 0 : -1;
	delete_ended(ctx, res);
	return file_phase_sync(ctx, res);
}

static int shuffle_for_delete(struct phase_ctx *ctx, struct phase_result *res)
{
	if (file_top_up(ctx, res) != 0)
		return -1;
	files_shuffle(ctx->files, SHUFFLE_DEL);
	return 0;
}

static int ran_del_run(struct phase_ctx *ctx, struct phase_result *res)
{
	struct file_plan *fp = ctx->files;
	char name[FILES_NAME_MAX];
	struct op_timer t;

	op_timer_begin(&t, ctx->timeline);
	for (uint64_t i = 0; i < fp->count; i++) {
		uint32_t index = fp->order[i];

		if (phase_stop_requested(ctx, res)) {
			if (res->status == PHASE_INTERRUPTED)
				return 0;
			break;
		}
		files_name(fp, index, true, name);
		if (io_unlinkat_settled(fp->topfd, name, 0) != 0)
			return file_tree_fail(fp, res, "unlink", name);
		if (fp->sync_each && file_sync_dir_of(fp, res, index) != 0)
			return -1;
		res->units++;
		op_timer_lap(&t, &res->latency);
		phase_start_line(ctx, &t);
	}
	delete_ended(ctx, res);
	return file_phase_sync(ctx, res);
}

const struct phase phase_seq_del = {
	.id = PHASE_SEQ_DEL, .flags = PHASE_STONEWALL, .enabled = file_phases_enabled, .prepare = file_top_up,
	.run = seq_del_run, .finish = file_tree_remove,
};
const struct phase phase_ran_del = {
	.id = PHASE_RAN_DEL, .flags = PHASE_STONEWALL, .enabled = file_phases_enabled, .prepare = shuffle_for_delete, .run = ran_del_run,
	.finish = file_tree_remove,
};
