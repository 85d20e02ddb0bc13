/* mkdtemp-based scratch directory and its symlink-safe recursive removal. */
#include "scratch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef O_DIRECTORY
#define O_DIRECTORY 0
#endif

int scratch_create(struct scratch *s, const char *parent, struct op_error *e)
{
	struct stat st;
	size_t plen = strlen(parent);
	const char *sep = (plen > 0 && parent[plen - 1] == '/') ? "" : "/";

	s->dirfd = -1;
	s->path[0] = '\0';
	if (stat(parent, &st) != 0) {
		op_error_set(e, errno, "stat", parent, -1);
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		op_error_set(e, ENOTDIR, "use", parent, -1);
		return -1;
	}
	if ((size_t)snprintf(s->path, sizeof s->path, "%s%sbonnie.XXXXXX", parent, sep) >= sizeof s->path) {
		op_error_set(e, ENAMETOOLONG, "mkdtemp", parent, -1);
		s->path[0] = '\0';
		return -1;
	}
	if (mkdtemp(s->path) == NULL) {
		op_error_set(e, errno, "mkdtemp", s->path, -1);
		s->path[0] = '\0';
		return -1;
	}
	s->dirfd = open(s->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (s->dirfd < 0) {
		op_error_set(e, errno, "open", s->path, -1);
		rmdir(s->path);
		s->path[0] = '\0';
		return -1;
	}
	return 0;
}

static int remove_entry(int dirfd, const char *name, const char *path, struct op_error *e);

/* One pass over the directory; returns how many entries it saw, or -1. */
static long empty_pass(DIR *d, const char *path, struct op_error *e)
{
	struct dirent *ent;
	long seen = 0;
	int rc = 0;

	while ((ent = readdir(d)) != NULL) {
		if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0)
			continue;
		seen++;
		if (remove_entry(dirfd(d), ent->d_name, path, e) != 0)
			rc = -1;
	}
	return rc != 0 ? -1 : seen;
}

int scratch_empty_dir(int dirfd, const char *path, struct op_error *e)
{
	int fd = dup(dirfd);
	DIR *d;
	long seen;

	if (fd < 0) {
		op_error_set(e, errno, "dup", path, -1);
		return -1;
	}
	d = fdopendir(fd);
	if (d == NULL) {
		op_error_set(e, errno, "opendir", path, -1);
		close(fd);
		return -1;
	}
	/* Entries removed while reading may shift the rest: repeat until a pass finds nothing. */
	do {
		rewinddir(d);
		seen = empty_pass(d, path, e);
	} while (seen > 0);
	closedir(d);
	return seen < 0 ? -1 : 0;
}

static int remove_entry(int dirfd, const char *name, const char *path, struct op_error *e)
{
	char sub[4096];
	int fd, rc;

	if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT)
		return 0;
	if (errno != EISDIR && errno != EPERM) {
		snprintf(sub, sizeof sub, "%s/%s", path, name);
		op_error_set(e, errno, "unlink", sub, -1);
		return -1;
	}
	/* A directory: O_NOFOLLOW makes sure it is one we can enter without following a link. */
	snprintf(sub, sizeof sub, "%s/%s", path, name);
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		op_error_set(e, errno, "open", sub, -1);
		return -1;
	}
	rc = scratch_empty_dir(fd, sub, e);
	close(fd);
	if (unlinkat(dirfd, name, AT_REMOVEDIR) != 0 && errno != ENOENT) {
		op_error_set(e, errno, "rmdir", sub, -1);
		rc = -1;
	}
	return rc;
}

int scratch_remove(struct scratch *s, struct op_error *e)
{
	int rc = 0;

	if (s->dirfd < 0)
		return 0;
	if (scratch_empty_dir(s->dirfd, s->path, e) != 0)
		rc = -1;
	close(s->dirfd);
	s->dirfd = -1;
	if (rmdir(s->path) != 0 && errno != ENOENT) {
		op_error_set(e, errno, "rmdir", s->path, -1);
		rc = -1;
	}
	return rc;
}
