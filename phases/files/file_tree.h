/* The directory tree of the file phases (FILES_DIR and its -n
 * subdirectories): made, synced and removed outside the timed region. */
#ifndef BONNIE_FILE_TREE_H
#define BONNIE_FILE_TREE_H

#include <stdbool.h>
#include <stdint.h>

#include "files.h"
#include "../interface/phase.h"

/* Records errno for op on name (relative to the files directory) at a
 * file offset (-1: none), marks the phase failed, returns -1. */
int file_tree_fail_at(struct file_plan *fp, struct phase_result *res, const char *op, const char *name,
                      int64_t offset);
int file_tree_fail(struct file_plan *fp, struct phase_result *res, const char *op, const char *name);

/* Opens subdirectory d of the tree (the top directory when there are
 * none) as a new open file description. Returns the fd, or -1 with errno. */
int file_tree_open_subdir(struct file_plan *fp, uint32_t d);

/* Untimed: makes the files directory and its subdirectories and syncs
 * them; spare_for_next also makes the next tree's directory now. */
int file_tree_make(struct phase_ctx *ctx, struct phase_result *res, bool spare_for_next);

/* Flushes the tested file system only (syncfs, else fsync of the tree). */
int file_tree_sync(struct phase_ctx *ctx);

/* Untimed, after a delete phase: removes the tree, then syncs. */
int file_tree_remove(struct phase_ctx *ctx, struct phase_result *res);

#endif
