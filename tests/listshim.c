/* LD_PRELOAD shim for tests/dirlist.sh: directory listings that behave as
 * on a network share (smbnetfs over SMB), on a local file system. Build:
 *   cc -std=c11 -Wall -Wextra -Wpedantic -shared -fPIC -o build/listshim.so tests/listshim.c -ldl
 *
 * Controlled by the environment (read once, at the first intercepted call):
 *   LIST_DIR       only directories inside this one are affected (required)
 *   LIST_SNAPSHOT  1: an open directory descriptor lists only what the
 *                  directory held when it was opened (open, openat); a dup()
 *                  of it shares that snapshot, as it shares the open file
 *                  description (the share's directory handle). rewinddir
 *                  keeps the snapshot; only a new open sees new entries.
 *   LIST_STALE     1: the first listing of a directory (fdopendir, opendir or
 *                  rewinddir, then readdir) after this process removed or
 *                  renamed away an entry of it misses one entry, the first
 *                  one it would have returned: a directory cache refreshed
 *                  late
 *   LIST_REPORT    at exit, append "checked <n>" (entries listed through a
 *                  descriptor with a snapshot), "withheld <n>" (those of them
 *                  its snapshot kept out) and "hidden <n>" (entries
 *                  LIST_STALE kept out) to this file
 * Preload it after tests/faultshim.so (LD_PRELOAD="faultshim.so listshim.so")
 * so that the opens this shim makes for its snapshots are not counted there.
 * Not covered: dup2, dup3 and fcntl(F_DUPFD), which bonnie does not use.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int (*real_open)(const char *, int, ...);
static int (*real_openat)(int, const char *, int, ...);
static int (*real_close)(int);
static int (*real_dup)(int);
static int (*real_unlinkat)(int, const char *, int);
static int (*real_unlink)(const char *);
static int (*real_rmdir)(const char *);
static int (*real_renameat)(int, const char *, int, const char *);
static int (*real_rename)(const char *, const char *);
static DIR *(*real_fdopendir)(int);
static DIR *(*real_opendir)(const char *);
static int (*real_closedir)(DIR *);
static void (*real_rewinddir)(DIR *);
static struct dirent *(*real_readdir)(DIR *);
static struct dirent64 *(*real_readdir64)(DIR *);

static char scope[PATH_MAX];
static bool snapshot_on, stale_on;
static char report_path[PATH_MAX];
static unsigned long long checked, withheld, hidden;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* --- State ------------------------------------------------------------------ */

/* The names a directory held when a descriptor was opened, shared by dups. */
struct snap {
	int refs;
	size_t n;
	char **names; /* sorted */
};

#define MAX_FD 4096
static struct snap *snaps[MAX_FD];

/* Directories (dev, ino) with an entry removed since their last listing. */
#define MAX_DIRTY 256
static struct { dev_t dev; ino_t ino; bool used; } dirty[MAX_DIRTY];

/* Listings in progress: not read yet (fresh), an entry still to hide. */
#define MAX_STREAMS 64
static struct { DIR *d; bool fresh, hide; } streams[MAX_STREAMS];

#define RESOLVE(var, name)                        \
	do {                                          \
		void *sym_ = dlsym(RTLD_NEXT, name);      \
		memcpy(&(var), &sym_, sizeof(var));       \
	} while (0)

static void init(void)
{
	const char *v;

	RESOLVE(real_open, "open64");
	RESOLVE(real_openat, "openat64");
	RESOLVE(real_close, "close");
	RESOLVE(real_dup, "dup");
	RESOLVE(real_unlinkat, "unlinkat");
	RESOLVE(real_unlink, "unlink");
	RESOLVE(real_rmdir, "rmdir");
	RESOLVE(real_renameat, "renameat");
	RESOLVE(real_rename, "rename");
	RESOLVE(real_fdopendir, "fdopendir");
	RESOLVE(real_opendir, "opendir");
	RESOLVE(real_closedir, "closedir");
	RESOLVE(real_rewinddir, "rewinddir");
	RESOLVE(real_readdir, "readdir");
	RESOLVE(real_readdir64, "readdir64");
	v = getenv("LIST_DIR");
	if (v == NULL || realpath(v, scope) == NULL)
		scope[0] = '\0';
	v = getenv("LIST_SNAPSHOT");
	snapshot_on = v != NULL && strcmp(v, "1") == 0;
	v = getenv("LIST_STALE");
	stale_on = v != NULL && strcmp(v, "1") == 0;
	v = getenv("LIST_REPORT");
	snprintf(report_path, sizeof report_path, "%s", v ? v : "");
}

#define INIT() pthread_once(&once, init)

__attribute__((destructor)) static void report(void)
{
	FILE *f;

	if (report_path[0] == '\0' || (f = fopen(report_path, "a")) == NULL)
		return;
	fprintf(f, "checked %llu\nwithheld %llu\nhidden %llu\n", checked, withheld, hidden);
	fclose(f);
}

/* --- Scope -------------------------------------------------------------------- */

static bool fd_in_scope(int fd)
{
	char link[64], path[PATH_MAX];
	size_t n = strlen(scope);
	ssize_t len;

	if (n == 0)
		return false;
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	len = readlink(link, path, sizeof path - 1);
	if (len < 0)
		return false;
	path[len] = '\0';
	return strncmp(path, scope, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

static bool is_dir_fd(int fd, struct stat *st)
{
	return fstat(fd, st) == 0 && S_ISDIR(st->st_mode);
}

/* --- Snapshots ------------------------------------------------------------------ */

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void snap_unref(struct snap *s)
{
	if (s == NULL || --s->refs > 0)
		return;
	for (size_t i = 0; i < s->n; i++)
		free(s->names[i]);
	free(s->names);
	free(s);
}

static void snap_set(int fd, struct snap *s)
{
	if (fd < 0 || fd >= MAX_FD)
		return;
	pthread_mutex_lock(&lock);
	snap_unref(snaps[fd]);
	snaps[fd] = s;
	if (s != NULL)
		s->refs++;
	pthread_mutex_unlock(&lock);
}

/* What directory fd holds now, read through a descriptor of its own. */
static struct snap *snap_take(int fd)
{
	struct snap *s = calloc(1, sizeof *s);
	size_t cap = 0;
	struct dirent *e;
	int own = real_openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = own >= 0 ? real_fdopendir(own) : NULL;

	if (s == NULL || d == NULL)
		abort(); /* a test tool: no half-working listing */
	while ((e = real_readdir(d)) != NULL) {
		if (s->n == cap) {
			cap = cap ? 2 * cap : 64;
			s->names = realloc(s->names, cap * sizeof *s->names);
			if (s->names == NULL)
				abort();
		}
		if ((s->names[s->n++] = strdup(e->d_name)) == NULL)
			abort();
	}
	real_closedir(d);
	if (s->n > 1)
		qsort(s->names, s->n, sizeof *s->names, by_name);
	return s;
}

/* A new descriptor: a directory in scope gets the snapshot of now. */
static int opened(int fd)
{
	struct stat st;

	if (fd < 0 || !snapshot_on)
		return fd;
	if (is_dir_fd(fd, &st) && fd_in_scope(fd))
		snap_set(fd, snap_take(fd));
	else
		snap_set(fd, NULL);
	return fd;
}

/* Whether name may be listed through fd (its snapshot holds it). */
static bool snap_allows(int fd, const char *name)
{
	bool ok = true;

	pthread_mutex_lock(&lock);
	if (fd >= 0 && fd < MAX_FD && snaps[fd] != NULL) {
		const char *key = name;
		checked++;
		ok = bsearch(&key, snaps[fd]->names, snaps[fd]->n, sizeof key, by_name) != NULL;
		if (!ok)
			withheld++;
	}
	pthread_mutex_unlock(&lock);
	return ok;
}

/* --- Stale listings -------------------------------------------------------------- */

static void mark_dirty(const struct stat *st)
{
	int free_slot = -1;

	pthread_mutex_lock(&lock);
	for (int i = 0; i < MAX_DIRTY; i++) {
		if (dirty[i].used && dirty[i].dev == st->st_dev && dirty[i].ino == st->st_ino)
			free_slot = -2;
		else if (!dirty[i].used && free_slot == -1)
			free_slot = i;
	}
	if (free_slot >= 0)
		dirty[free_slot].dev = st->st_dev, dirty[free_slot].ino = st->st_ino, dirty[free_slot].used = true;
	pthread_mutex_unlock(&lock);
}

/* Whether the directory had an entry removed since its last listing (and
 * forgets it: this listing is that one). */
static bool take_dirty(const struct stat *st)
{
	bool was = false;

	pthread_mutex_lock(&lock);
	for (int i = 0; i < MAX_DIRTY; i++)
		if (dirty[i].used && dirty[i].dev == st->st_dev && dirty[i].ino == st->st_ino)
			dirty[i].used = false, was = true;
	pthread_mutex_unlock(&lock);
	return was;
}

/* After a removal of name relative to dirfd: marks the directory it was in. */
static void removed_from(int dirfd, const char *name)
{
	char parent[PATH_MAX];
	const char *slash = strrchr(name, '/');
	struct stat st;
	int fd;

	if (!stale_on)
		return;
	if (slash == NULL)
		snprintf(parent, sizeof parent, ".");
	else
		snprintf(parent, sizeof parent, "%.*s", (int)(slash - name) + 1, name);
	fd = real_openat(dirfd, parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (is_dir_fd(fd, &st) && fd_in_scope(fd))
		mark_dirty(&st);
	real_close(fd);
}

/* A listing starts on d (fdopendir, opendir, rewinddir): its first readdir
 * decides whether it is stale. */
static void listing_starts(DIR *d)
{
	int slot = -1;

	if (!stale_on || d == NULL)
		return;
	pthread_mutex_lock(&lock);
	for (int i = 0; i < MAX_STREAMS && slot < 0; i++)
		if (streams[i].d == d)
			slot = i;
	for (int i = 0; i < MAX_STREAMS && slot < 0; i++)
		if (streams[i].d == NULL)
			slot = i;
	if (slot >= 0)
		streams[slot].d = d, streams[slot].fresh = true, streams[slot].hide = false;
	pthread_mutex_unlock(&lock);
}

static void listing_ends(DIR *d)
{
	pthread_mutex_lock(&lock);
	for (int i = 0; i < MAX_STREAMS; i++)
		if (streams[i].d == d)
			streams[i].d = NULL;
	pthread_mutex_unlock(&lock);
}

/* At the first readdir of a listing: it misses an entry if its directory
 * had one removed since its last listing. */
static void listing_reads(DIR *d)
{
	struct stat st;
	int slot = -1;

	pthread_mutex_lock(&lock);
	for (int i = 0; i < MAX_STREAMS; i++)
		if (streams[i].d == d && streams[i].fresh)
			slot = i, streams[i].fresh = false;
	pthread_mutex_unlock(&lock);
	if (slot < 0 || !is_dir_fd(dirfd(d), &st) || !fd_in_scope(dirfd(d)) || !take_dirty(&st))
		return;
	pthread_mutex_lock(&lock);
	streams[slot].hide = true;
	pthread_mutex_unlock(&lock);
}

/* Whether this entry of d is the one its stale listing misses. */
static bool stale_hides(DIR *d, const char *name)
{
	bool hide = false;

	if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
		return false;
	pthread_mutex_lock(&lock);
	for (int i = 0; i < MAX_STREAMS; i++)
		if (streams[i].d == d && streams[i].hide) {
			streams[i].hide = false;
			hide = true;
			hidden++;
		}
	pthread_mutex_unlock(&lock);
	return hide;
}

static bool listed(DIR *d, const char *name)
{
	return snap_allows(dirfd(d), name) && !stale_hides(d, name);
}

/* --- Descriptors ------------------------------------------------------------------ */

static mode_t mode_arg(int flags, va_list ap)
{
	if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE)
		return (mode_t)va_arg(ap, unsigned int);
	return 0;
}

int open(const char *path, int flags, ...)
{
	va_list ap;
	mode_t m;

	INIT();
	va_start(ap, flags);
	m = mode_arg(flags, ap);
	va_end(ap);
	return opened(real_open(path, flags, m));
}

int open64(const char *path, int flags, ...) __attribute__((alias("open")));

int openat(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	mode_t m;

	INIT();
	va_start(ap, flags);
	m = mode_arg(flags, ap);
	va_end(ap);
	return opened(real_openat(dirfd, path, flags, m));
}

int openat64(int dirfd, const char *path, int flags, ...) __attribute__((alias("openat")));

int dup(int fd)
{
	int nfd;

	INIT();
	nfd = real_dup(fd);
	if (nfd >= 0 && fd < MAX_FD) {
		pthread_mutex_lock(&lock);
		struct snap *s = snaps[fd];
		pthread_mutex_unlock(&lock);
		snap_set(nfd, s);
	}
	return nfd;
}

int close(int fd)
{
	INIT();
	snap_set(fd, NULL);
	return real_close(fd);
}

/* --- Removals ----------------------------------------------------------------------- */

int unlinkat(int dirfd, const char *name, int flags)
{
	int rc;

	INIT();
	rc = real_unlinkat(dirfd, name, flags);
	if (rc == 0)
		removed_from(dirfd, name);
	return rc;
}

int unlink(const char *path)
{
	int rc;

	INIT();
	rc = real_unlink(path);
	if (rc == 0)
		removed_from(AT_FDCWD, path);
	return rc;
}

int rmdir(const char *path)
{
	int rc;

	INIT();
	rc = real_rmdir(path);
	if (rc == 0)
		removed_from(AT_FDCWD, path);
	return rc;
}

int renameat(int fromfd, const char *from, int tofd, const char *to)
{
	int rc;

	INIT();
	rc = real_renameat(fromfd, from, tofd, to);
	if (rc == 0)
		removed_from(fromfd, from);
	return rc;
}

int rename(const char *from, const char *to)
{
	int rc;

	INIT();
	rc = real_rename(from, to);
	if (rc == 0)
		removed_from(AT_FDCWD, from);
	return rc;
}

/* --- Listings ------------------------------------------------------------------------ */

DIR *fdopendir(int fd)
{
	DIR *d;

	INIT();
	d = real_fdopendir(fd);
	listing_starts(d);
	return d;
}

DIR *opendir(const char *path)
{
	DIR *d;

	INIT();
	d = real_opendir(path);
	listing_starts(d);
	return d;
}

void rewinddir(DIR *d)
{
	INIT();
	real_rewinddir(d);
	listing_starts(d);
}

int closedir(DIR *d)
{
	INIT();
	listing_ends(d);
	snap_set(dirfd(d), NULL); /* closedir closes the descriptor past close() */
	return real_closedir(d);
}

struct dirent *readdir(DIR *d)
{
	struct dirent *e;

	INIT();
	if (stale_on)
		listing_reads(d);
	while ((e = real_readdir(d)) != NULL && !listed(d, e->d_name))
		;
	return e;
}

struct dirent64 *readdir64(DIR *d)
{
	struct dirent64 *e;

	INIT();
	if (stale_on)
		listing_reads(d);
	while ((e = real_readdir64(d)) != NULL && !listed(d, e->d_name))
		;
	return e;
}
