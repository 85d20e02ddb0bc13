/* Free space and inodes on the file system holding a directory (statvfs). */
#ifndef BONNIE_FREE_SPACE_H
#define BONNIE_FREE_SPACE_H

#include <stdint.h>

struct space {
	uint64_t bytes_free;   /* available to this user */
	uint64_t inodes_free;  /* 0 when the file system does not say */
	uint64_t block;        /* fundamental block size */
	int unlimited;         /* the file system reports no size (ramfs): nothing to check */
};

/* 0, or -1 with errno set. */
int space_of(const char *dir, struct space *sp);

/* 1 when the file system holding dir is mounted read-only (statvfs's
 * ST_RDONLY), else 0 (also when it cannot be asked: the run then finds
 * out with its own error). */
int space_read_only(const char *dir);

#endif
