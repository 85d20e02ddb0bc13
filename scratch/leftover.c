/* Finding scratch directories that earlier runs left; see leftover.h. */
#include "leftover.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef O_DIRECTORY
#define O_DIRECTORY 0
#endif

#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

void leftover_hold(int fd)
{
	const struct timespec ms = {0, 1000000};

	/* shared: the descriptors that replace the first during removal take
	 * it too before the first is closed, so it is never let go early. A
	 * scan holds the exclusive lock for a moment; anyone who holds it
	 * longer (this user's own doing) only costs the mark, after 1 s,
	 * never the run. */
	for (int i = 0; fd >= 0 && i < 1000; i++) {
		if (flock(fd, LOCK_SH | LOCK_NB) == 0 || (errno != EWOULDBLOCK && errno != EINTR))
			return;
		nanosleep(&ms, NULL);
	}
}

/* bonnie.XXXXXX, as scratch.c names them. */
static bool scratch_name(const char *n)
{
	if (strncmp(n, "bonnie.", 7) != 0 || strlen(n) != 13)
		return false;
	for (int i = 7; i < 13; i++) {
		char c = n[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
			return false;
	}
	return true;
}

/* Adds what directory fd holds to l, at most *budget entries, never
 * following a link (fstatat without following, O_NOFOLLOW to descend).
 * fd is closed. */
static void estimate(int fd, int depth, long *budget, struct leftover *l)
{
	DIR *d = fdopendir(fd);
	struct dirent *ent;
	struct stat st;

	if (d == NULL) {
		close(fd);
		l->partial = true;
		return;
	}
	while ((ent = readdir(d)) != NULL) {
		if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0)
			continue;
		if (--*budget < 0 || fstatat(dirfd(d), ent->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
			l->partial = true;
			if (*budget < 0)
				break;
			continue;
		}
		l->bytes += (uint64_t)st.st_blocks * 512u;
		if (S_ISDIR(st.st_mode)) {
			int sub = depth < LEFTOVER_MAX_DEPTH ? openat(dirfd(d), ent->d_name, DIR_FLAGS) : -1;
			if (sub < 0)
				l->partial = true;
			else
				estimate(sub, depth + 1, budget, l);
		}
	}
	closedir(d);
}

/* Whether a run on this host holds fd's lock (false also where the file
 * system has no locks: then nothing tells, and bonnie says what it saw). */
static bool held_by_a_run(int fd)
{
	if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
		flock(fd, LOCK_UN);
		return false;
	}
	return errno == EWOULDBLOCK;
}

/* Whether name in parent is a leftover; l filled if so, its size counted
 * out of *budget entries (shared by all the leftovers of a scan). */
static bool is_leftover(int parent, const char *name, dev_t own_dev, ino_t own_ino, long *budget,
                        struct leftover *l)
{
	struct stat st, at;
	int fd;

	if (!scratch_name(name) || fstatat(parent, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode) ||
	    st.st_uid != geteuid() || (st.st_dev == own_dev && st.st_ino == own_ino))
		return false;
	/* made this instant, its lock may not be taken yet (mkdir, open, flock) */
	if (st.st_ctime > time(NULL) - LEFTOVER_MIN_AGE)
		return false;
	fd = openat(parent, name, DIR_FLAGS);
	if (fd < 0)
		return false;
	if (fstat(fd, &at) != 0 || at.st_dev != st.st_dev || at.st_ino != st.st_ino || held_by_a_run(fd)) {
		close(fd);
		return false;
	}
	memset(l, 0, sizeof *l);
	memcpy(l->name, name, 14);
	l->mtime = st.st_mtime;
	l->bytes = (uint64_t)st.st_blocks * 512u;
	estimate(fd, 1, budget, l);
	return true;
}

int leftover_scan(int parentfd, dev_t own_dev, ino_t own_ino, void (*fn)(void *, const struct leftover *), void *arg)
{
	int fd = openat(parentfd, ".", DIR_FLAGS); /* a listing of its own */
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	struct dirent *ent;
	struct leftover l;
	long listed = 0, budget = LEFTOVER_MAX_ENTRIES;
	int found = 0;

	if (d == NULL) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	while (listed++ < LEFTOVER_MAX_LISTED && (ent = readdir(d)) != NULL)
		if (is_leftover(dirfd(d), ent->d_name, own_dev, own_ino, &budget, &l)) {
			fn(arg, &l);
			found++;
		}
	closedir(d);
	return found;
}
