/* Free space and inodes on the file system holding a directory (statvfs). */
#ifndef BONNIE_SPACE_H
#define BONNIE_SPACE_H

#include <stdint.h>

struct space {
	uint64_t bytes_free;   /* available to this user */
	uint64_t inodes_free;  /* 0 when the file system does not say */
	uint64_t block;        /* fundamental block size */
	int unlimited;         /* the file system reports no size (ramfs): nothing to check */
};

/* 0, or -1 with errno set. */
int space_of(const char *dir, struct space *sp);

#endif
