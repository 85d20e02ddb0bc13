/* What the file phases (file_create.c, file_stat.c, file_delete.c) share. */
#ifndef BONNIE_FILE_OPS_H
#define BONNIE_FILE_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "files.h"
#include "../loop/io_common.h"
#include "../interface/phase.h"

bool file_phases_enabled(const struct config *cfg);

/* Fails the phase with detail why about name under the file tree; -1. */
int file_fail_detail(struct file_plan *fp, struct phase_result *res, const char *op, const char *name,
                     const char *why);

/* fsync of the directory holding file index (-b). */
int file_sync_dir_of(struct file_plan *fp, struct phase_result *res, uint64_t index);

/* One create operation: a new file with its data (or a link to file 0). */
int file_create_one(struct file_plan *fp, struct phase_result *res, uint64_t index, bool random_first);

/* The timed final sync of create and delete, its time kept apart. */
int file_phase_sync(struct phase_ctx *ctx, struct phase_result *res);

/* Before a time-based level's delete, files up to the clients' mean (file_create.c). */
int file_top_up(struct phase_ctx *ctx, struct phase_result *res);

/* Calls fn on every entry of every used subdirectory (file_walk.c); the
 * count seen must be the file count. 0, or -1 when the phase failed. */
typedef int (*entry_fn)(struct file_plan *fp, struct phase_result *res, int dirfd, const char *name,
                        struct op_timer *t);
int file_walk_all(struct phase_ctx *ctx, struct phase_result *res, entry_fn fn, bool repeat);

#endif
