/* The scratch directory: the only place bonnie writes. Created with mkdtemp
 * under the user's -d directory, removed with everything in it at the end.
 * Removal never follows a symlink: links are unlinked, not traversed. */
#ifndef BONNIE_SCRATCH_H
#define BONNIE_SCRATCH_H

#include "operr.h"

#include <sys/types.h>

struct scratch {
	char path[4096];
	int dirfd; /* -1 when not created */
	dev_t dev; /* what dirfd is: removal may have to reopen the path */
	ino_t ino;
};

/* Creates parent/bonnie.XXXXXX (mode 0700) and opens it. 0, or -1 with e set. */
int scratch_create(struct scratch *s, const char *parent, struct op_error *e);

/* Removes the directory and all it contains; safe to call twice.
 * Returns 0, or -1 (e set) if something could not be removed. */
int scratch_remove(struct scratch *s, struct op_error *e);

/* Removes everything inside the directory opened as dirfd, keeping it. */
int scratch_empty_dir(int dirfd, const char *path, struct op_error *e);

#endif
