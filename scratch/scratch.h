/* The scratch directory: the only place bonnie writes. Created as mkdtemp
 * does under the user's -d directory, removed with everything in it at the end.
 * Removal never follows a symlink: links are unlinked, not traversed. */
#ifndef BONNIE_SCRATCH_H
#define BONNIE_SCRATCH_H

#include "../lib/operr.h"

#include <sys/types.h>

struct scratch {
	char path[4096]; /* where it was made, for messages: never opened again */
	int dirfd;       /* -1 when not created */
	int parentfd;    /* the directory it was made in, held to remove it by name */
	char name[256];  /* its name there (bonnie.XXXXXX, or what it was renamed to) */
	dev_t dev;       /* what dirfd is: removal checks the name is still it */
	ino_t ino;
};

/* Why the scratch directory was left: renamed into a directory bonnie
 * cannot list, or no descriptor left to look for it. */
#define SCRATCH_LOST "moved during the run to where bonnie cannot find it; left there"

/* Creates parent/bonnie.XXXXXX (mode 0700) and opens it, holding parent
 * open: removal finds it by name there (never by path), checked by device
 * and inode, and where it was renamed, in the directory that holds it now.
 * 0, or -1 with e set. */
int scratch_create(struct scratch *s, const char *parent, struct op_error *e);

/* The same in the open directory parentfd (kept open by the caller);
 * parent is its path, for messages. */
int scratch_create_at(struct scratch *s, int parentfd, const char *parent, struct op_error *e);

/* Removes the directory and all it contains; safe to call twice.
 * Returns 0, or -1 (e set) if something could not be removed. */
int scratch_remove(struct scratch *s, struct op_error *e);

/* Removes everything inside the directory opened as dirfd, keeping it. */
int scratch_empty_dir(int dirfd, const char *path, struct op_error *e);

#endif
