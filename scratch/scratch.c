/* The scratch directory, made as mkdtemp does but in a directory held
 * open, and its removal through held descriptors, never following a
 * symlink and never by its path. */
#include "scratch.h"
#include "../lib/fileio.h"
#include "leftover.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef O_DIRECTORY
#define O_DIRECTORY 0
#endif

#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

/* Makes a new bonnie.XXXXXX under parentfd, as mkdtemp does under a path
 * (mkdirat never follows a link: a name that exists is EEXIST, and the
 * next name is tried). 0, or -1 with errno. */
static int make_unique(int parentfd, char *name)
{
	static const char set[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	struct timespec ts;
	uint64_t x;

	clock_gettime(CLOCK_REALTIME, &ts);
	x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^ ((uint64_t)getpid() << 40);
	for (int tries = 0; tries < 1000; tries++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		strcpy(name, "bonnie.");
		for (int i = 0; i < 6; i++)
			name[7 + i] = set[(x >> (16 + 7 * i)) % (sizeof set - 1)];
		name[13] = '\0';
		if (mkdirat(parentfd, name, 0700) == 0)
			return 0;
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

/* The rest of creating, once s->parentfd holds the parent directory. */
static int create_in_parent(struct scratch *s, const char *parent, struct op_error *e)
{
	size_t plen = strlen(parent);
	const char *sep = (plen > 0 && parent[plen - 1] == '/') ? "" : "/";
	struct stat st;

	if ((size_t)snprintf(s->path, sizeof s->path, "%s%sbonnie.XXXXXX", parent, sep) >= sizeof s->path) {
		op_error_set(e, ENAMETOOLONG, "mkdtemp", parent, -1);
		return -1;
	}
	if (make_unique(s->parentfd, s->name) != 0) {
		op_error_set(e, errno, "mkdtemp", s->path, -1);
		return -1;
	}
	snprintf(s->path + strlen(s->path) - strlen(s->name), strlen(s->name) + 1, "%s", s->name);
	s->dirfd = openat(s->parentfd, s->name, DIR_FLAGS);
	if (s->dirfd < 0 || fstat(s->dirfd, &st) != 0) {
		op_error_set(e, errno, "open", s->path, -1);
		unlinkat(s->parentfd, s->name, AT_REMOVEDIR);
		return -1;
	}
	s->dev = st.st_dev;
	s->ino = st.st_ino;
	leftover_hold(s->dirfd); /* a later run's scan knows it is in use */
	return 0;
}

static void forget(struct scratch *s)
{
	if (s->dirfd >= 0)
		close(s->dirfd);
	if (s->parentfd >= 0)
		close(s->parentfd);
	s->dirfd = s->parentfd = -1;
}

/* Starts s with the parent held (fd, or -1 with errno). */
static int start(struct scratch *s, int fd, const char *parent, struct op_error *e)
{
	s->dirfd = -1;
	s->parentfd = fd;
	s->path[0] = s->name[0] = '\0';
	if (fd < 0) {
		op_error_set(e, errno, errno == ENOTDIR ? "use" : "open", parent, -1);
		return -1;
	}
	if (create_in_parent(s, parent, e) != 0) {
		forget(s);
		s->path[0] = '\0';
		return -1;
	}
	return 0;
}

int scratch_create(struct scratch *s, const char *parent, struct op_error *e)
{
	return start(s, open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC), parent, e);
}

int scratch_create_at(struct scratch *s, int parentfd, const char *parent, struct op_error *e)
{
	return start(s, fcntl(parentfd, F_DUPFD_CLOEXEC, 0), parent, e);
}

/* Removal. Each listing is made through a descriptor opened for it alone,
 * never through a dup() of one already open: on a network share (smbnetfs)
 * a dup shares the open handle's listing, which dates from when the handle
 * was opened, when the directory was still empty. A listing may also miss
 * entries (a directory cache refreshed late), so a directory is listed
 * again until a listing removes nothing, and again after an rmdir that
 * finds it not empty. Errors are collected per listing: only what stops
 * the removal in the end is reported. Removal holds one descriptor per
 * level below the scratch directory and, for it and its parent, none
 * beyond the two held since it was made (its own becomes its listing's),
 * no more than making the deepest entry took, and tries rmdir even on a
 * directory it could not open: what bonnie could make under a descriptor
 * limit, it can remove under it. */

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

static bool is_top(const struct scratch *s, const struct stat *st)
{
	return S_ISDIR(st->st_mode) && st->st_dev == s->dev && st->st_ino == s->ino;
}

/* A new descriptor of the scratch directory, which replaces its own
 * (s->dirfd): opened from it, or, when there is no descriptor to spare for
 * that, by its name in the held parent and checked to be the directory
 * scratch_create made. */
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
		leftover_hold(fd); /* before the one that holds it now is closed */
		close(s->dirfd);
		s->dirfd = -1;
		if (fd >= 0)
			return fd;
	}
	fd = openat(s->parentfd, s->name, DIR_FLAGS);
	if (fd < 0) {
		op_error_set(e, errno, "open", s->path, -1);
		return -1;
	}
	if (fstat(fd, &st) != 0 || !is_top(s, &st)) {
		close(fd);
		op_error_set_detail(e, "open", s->path, -1, "no longer the scratch directory bonnie made");
		return -1;
	}
	leftover_hold(fd);
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
		leftover_hold(r->top->dirfd = openat(dirfd(d), ".", DIR_FLAGS));
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

/* The name dirfd (the new parent) holds the scratch directory under: it
 * was renamed. 0 with s->name set, or -1. */
static int find_renamed(struct scratch *s, int dirfd)
{
	int fd = openat(dirfd, ".", DIR_FLAGS); /* a listing of its own, as above */
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	struct dirent *ent;
	struct stat st;
	int rc = -1;

	if (d == NULL) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while (rc != 0 && (ent = readdir(d)) != NULL) {
		if (strlen(ent->d_name) < sizeof s->name && fstatat(dirfd, ent->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    is_top(s, &st)) {
			snprintf(s->name, sizeof s->name, "%s", ent->d_name);
			rc = 0;
		}
	}
	closedir(d);
	return rc;
}

/* Finds the scratch directory again before it is removed, never by its
 * path (-d may have been renamed, and a link put in its place): by its
 * name in the parent held since it was made, checked by device and inode;
 * if renamed, in the directory that holds it now (its own ".."). Sets
 * s->parentfd and s->name. 0 found, 1 already removed, -1 not found. */
static int locate_top(struct scratch *s)
{
	struct stat st;
	int up;

	if (fstatat(s->parentfd, s->name, &st, AT_SYMLINK_NOFOLLOW) == 0 && is_top(s, &st))
		return 0;
	if (s->dirfd < 0 || fstat(s->dirfd, &st) != 0)
		return -1;
	if (st.st_nlink == 0)
		return 1;
	up = openat(s->dirfd, "..", DIR_FLAGS);
	if (up < 0)
		return -1;
	if (find_renamed(s, up) != 0) {
		close(up);
		return -1;
	}
	close(s->parentfd);
	s->parentfd = up;
	return 0;
}

/* Where the directory is removed from. The scratch directory is found
 * again (locate_top); 1 when it is already gone, -1 (e set) when it cannot
 * be found. */
static int rmdir_target(const struct dir_ref *r, int *fd, const char **name, struct op_error *e)
{
	int rc;

	if (r->top == NULL) {
		*fd = r->parent;
		*name = r->name;
		return 0;
	}
	rc = locate_top(r->top);
	*fd = r->top->parentfd;
	*name = r->top->name;
	if (rc < 0) { /* this, not what its listing met, says why it is left */
		*e = (struct op_error){.offset = -1};
		op_error_set_detail(e, "rmdir", r->path, -1, SCRATCH_LOST);
	}
	return rc;
}

/* Empties the directory and removes it. While rmdir finds it not empty,
 * it is listed and emptied again, until such a listing removes nothing.
 * 1 if removed, 0 if already gone, -1 with e naming what is left. */
static int remove_dir(const struct dir_ref *r, struct op_error *e)
{
	const char *rmname;
	struct op_error left;
	bool again = false;
	int err, rmfd, tries = 0;

	for (;;) {
		long removed = empty_listed(r, &left);
		int found = rmdir_target(r, &rmfd, &rmname, &left);

		if (found != 0) {
			if (found > 0)
				return 0;
			err = 0;
			break;
		}
		if (io_unlinkat_settled(rmfd, rmname, AT_REMOVEDIR) == 0)
			return 1;
		/* the scratch directory, just found, moved again: find it again */
		if ((err = errno) == ENOENT && (r->top == NULL || ++tries > 3))
			return 0;
		if ((err != ENOTEMPTY && err != EEXIST && err != ENOENT) || (again && removed == 0))
			break;
		again = err != ENOENT;
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
	struct dir_ref r = {s->parentfd, s->name, s->path, s};
	int rc;

	if (s->dirfd < 0)
		return 0;
	rc = remove_dir(&r, e);
	forget(s);
	return rc < 0 ? -1 : 0;
}
