/* mkdtemp-based scratch directory and its symlink-safe recursive removal. */
#include "scratch.h"
#include "fileio.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
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
	if (s->dirfd < 0 || fstat(s->dirfd, &st) != 0) {
		op_error_set(e, errno, "open", s->path, -1);
		if (s->dirfd >= 0)
			close(s->dirfd);
		s->dirfd = -1;
		rmdir(s->path);
		s->path[0] = '\0';
		return -1;
	}
	s->dev = st.st_dev;
	s->ino = st.st_ino;
	return 0;
}

/* Removal. Each listing is made through a descriptor opened for it alone,
 * never through a dup() of one already open: on a network share (smbnetfs)
 * a dup shares the open handle's listing, which dates from when the handle
 * was opened, when the directory was still empty. A listing may also miss
 * entries (a directory cache refreshed late), so a directory is listed
 * again until a listing removes nothing, and again after an rmdir that
 * finds it not empty. Errors are collected per listing: only what stops
 * the removal in the end is reported. Removal holds one descriptor per
 * level below the scratch directory and none for it beyond its listing's,
 * no more than making the deepest entry took, and tries rmdir even on a
 * directory it could not open: what bonnie could make under a descriptor
 * limit, it can remove under it. */

#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

/* A directory to empty and remove: name under parent, or (top set) the
 * scratch directory itself. */
struct dir_ref {
	int parent;
	const char *name;
	const char *path; /* for messages */
	struct scratch *top;
};

static int remove_dir(const struct dir_ref *r, struct op_error *e);

static bool dir_at(int dirfd, const char *name)
{
	struct stat st;

	return fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
}

/* Removes name from dirfd: a symlink as a link (never followed), a
 * directory with what it holds. 1 if removed, 0 if already gone, -1 (e set). */
static int remove_entry(int dirfd, const char *name, const char *path, struct op_error *e)
{
	char sub[4096];
	struct dir_ref r = {dirfd, name, sub, NULL};
	int err;

	if (io_unlinkat_settled(dirfd, name, 0) == 0)
		return 1;
	if ((err = errno) == ENOENT)
		return 0;
	snprintf(sub, sizeof sub, "%s/%s", path, name);
	/* Linux says EISDIR for a directory, POSIX allows EPERM */
	if (err != EISDIR && (err != EPERM || !dir_at(dirfd, name))) {
		op_error_set(e, err, "unlink", sub, -1);
		return -1;
	}
	return remove_dir(&r, e);
}

/* A new descriptor of the scratch directory, which replaces its own
 * (s->dirfd): opened from it, or, when there is no descriptor to spare for
 * that, by its path and checked to be the directory scratch_create made. */
static int open_top(struct scratch *s, struct op_error *e)
{
	struct stat st;
	int fd = -1;

	if (s->dirfd >= 0) {
		fd = openat(s->dirfd, ".", DIR_FLAGS);
		if (fd < 0 && errno != EMFILE && errno != ENFILE) {
			op_error_set(e, errno, "open", s->path, -1);
			return -1;
		}
		close(s->dirfd);
		s->dirfd = -1;
		if (fd >= 0)
			return fd;
	}
	fd = open(s->path, DIR_FLAGS);
	if (fd < 0) {
		op_error_set(e, errno, "open", s->path, -1);
		return -1;
	}
	if (fstat(fd, &st) != 0 || st.st_dev != s->dev || st.st_ino != s->ino) {
		close(fd);
		op_error_set_detail(e, "open", s->path, -1, "no longer the scratch directory bonnie made");
		return -1;
	}
	return fd;
}

/* One listing of the directory, opened here (O_NOFOLLOW: not through a
 * link), removing every entry it shows. Returns how many it removed; e is
 * set by what it could not list or remove. */
static long remove_listed(const struct dir_ref *r, struct op_error *e)
{
	int fd = r->top ? open_top(r->top, e) : openat(r->parent, r->name, DIR_FLAGS);
	struct dirent *ent;
	long removed = 0;
	DIR *d;

	if (fd < 0) {
		op_error_set(e, errno, "open", r->path, -1);
		return 0;
	}
	d = fdopendir(fd);
	if (d == NULL) {
		op_error_set(e, errno, "opendir", r->path, -1);
		close(fd);
		return 0;
	}
	while ((ent = readdir(d)) != NULL) {
		if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0)
			continue;
		if (remove_entry(dirfd(d), ent->d_name, r->path, e) > 0)
			removed++;
	}
	/* the scratch directory keeps a descriptor between listings, if it can */
	if (r->top)
		r->top->dirfd = openat(dirfd(d), ".", DIR_FLAGS);
	closedir(d);
	return removed;
}

/* Lists and empties the directory until a listing removes nothing. Returns
 * how many entries it removed; e holds the errors of that last listing. */
static long empty_listed(const struct dir_ref *r, struct op_error *e)
{
	long total = 0, n;

	do {
		*e = (struct op_error){.offset = -1};
		n = remove_listed(r, e);
		total += n;
	} while (n > 0);
	return total;
}

/* Empties the directory and removes it. While rmdir finds it not empty,
 * it is listed and emptied again, until such a listing removes nothing.
 * 1 if removed, 0 if already gone, -1 with e naming what is left. */
static int remove_dir(const struct dir_ref *r, struct op_error *e)
{
	int rmfd = r->top ? AT_FDCWD : r->parent, err;
	const char *rmname = r->top ? r->top->path : r->name;
	struct op_error left;
	bool again = false;

	for (;;) {
		long removed = empty_listed(r, &left);

		if (io_unlinkat_settled(rmfd, rmname, AT_REMOVEDIR) == 0)
			return 1;
		if ((err = errno) == ENOENT)
			return 0;
		if ((err != ENOTEMPTY && err != EEXIST) || (again && removed == 0))
			break;
		again = true;
	}
	/* what could not be removed explains best why the directory is left */
	if (left.err != 0) {
		if (e->err == 0)
			*e = left;
	} else if (err == ENOTEMPTY || err == EEXIST) {
		op_error_set_detail(e, "rmdir", r->path, -1, "Directory not empty, but its listing shows nothing to remove");
	} else {
		op_error_set(e, err, "rmdir", r->path, -1);
	}
	return -1;
}

int scratch_empty_dir(int dirfd, const char *path, struct op_error *e)
{
	struct dir_ref r = {dirfd, ".", path, NULL};
	struct op_error left;

	empty_listed(&r, &left);
	if (left.err == 0)
		return 0;
	if (e->err == 0)
		*e = left;
	return -1;
}

int scratch_remove(struct scratch *s, struct op_error *e)
{
	struct dir_ref r = {AT_FDCWD, s->path, s->path, s};
	int rc;

	if (s->dirfd < 0)
		return 0;
	rc = remove_dir(&r, e);
	if (s->dirfd >= 0)
		close(s->dirfd);
	s->dirfd = -1;
	return rc < 0 ? -1 : 0;
}
