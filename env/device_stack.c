/* Following a block device down its stack to the devices that really move
 * data: loop -> its backing file -> the device under that file's file
 * system; dm and md -> their slaves. Their stat counters, summed, are what
 * "From device" counts; a layer that cannot be followed, or a loop device
 * that goes through the host's page cache, is said. sysfs only. */
#include "env.h"
#include "../lib/str.h"
#include "sysfs.h"

#include <dirent.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#if defined(__linux__)
#include <sys/sysmacros.h> /* major(), minor() */
#endif

#define STACK_MAX_DEPTH 8

/* The paths one layer of the walk needs, on the heap: on the stack they
 * made each layer about 40 KiB, and a run under ulimit -s 80 died there
 * (SIGSEGV) before anything was made. */
struct layer {
	char diskdir[PATH_MAX], probe[PATH_MAX + 16];
	char file[PATH_MAX], dio[16], dir[PATH_MAX + 16], link[PATH_MAX * 2], next[PATH_MAX];
};

static const char *last_part(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* Records why the counters are not the device's own truth. A layer that
 * could not be followed outranks a buffered loop: it is the larger doubt. */
static void caveat(struct env_counters *c, enum env_caveat kind, const char *fmt, ...)
{
	va_list ap;

	if (c->caveat == ENV_STACK_UNFOLLOWED || (c->caveat == kind && c->why[0]))
		return;
	c->caveat = kind;
	va_start(ap, fmt);
	vsnprintf(c->why, sizeof c->why, fmt, ap);
	va_end(ap);
}

/* Counts devdir's own stat file (once, however many paths lead there). */
static void add_leaf(struct env_counters *c, const char *devdir)
{
	char stat_path[sizeof c->stat_path[0]];

	if ((size_t)snprintf(stat_path, sizeof stat_path, "%s/stat", devdir) >= sizeof stat_path) {
		caveat(c, ENV_STACK_UNFOLLOWED, "the sysfs path of %s is too long to read", last_part(devdir));
		return;
	}
	for (unsigned i = 0; i < c->count; i++)
		if (strcmp(c->stat_path[i], stat_path) == 0)
			return;
	if (c->count == ENV_COUNTED_MAX) {
		caveat(c, ENV_STACK_UNFOLLOWED, "more than %d devices under it: only %d counted", ENV_COUNTED_MAX,
		       ENV_COUNTED_MAX);
		return;
	}
	if (strncmp(last_part(devdir), "nbd", 3) == 0 || strncmp(last_part(devdir), "rbd", 3) == 0)
		caveat(c, ENV_STACK_UNFOLLOWED, "%s is a network block device: its counters are what this machine sent, "
		       "not its server's disks", last_part(devdir));
	str_copy(c->name[c->count], sizeof c->name[0], last_part(devdir));
	str_copy(c->stat_path[c->count], sizeof c->stat_path[0], stat_path);
	c->count++;
}

static void walk(struct env_counters *c, const char *sysroot, const char *devdir, int depth);

/* On to the device holding the regular file path. False (and said) if the
 * file cannot be followed: the caller then counts where it stands. */
static bool follow_file(struct env_counters *c, const char *sysroot, const char *owner, const char *path,
                        struct layer *l, int depth)
{
	char *link = l->link, *next = l->next;
	struct stat st;

	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
		caveat(c, ENV_STACK_UNFOLLOWED, "cannot follow %s to its backing file %s", owner, path);
		return false;
	}
#if defined(__linux__)
	snprintf(link, sizeof l->link, "%s/sys/dev/block/%u:%u", sysroot, major(st.st_dev), minor(st.st_dev));
#else
	link[0] = '\0';
#endif
	if (link[0] == '\0' || realpath(link, next) == NULL) {
		caveat(c, ENV_STACK_UNFOLLOWED, "%s's backing file %s is on a file system without a block device",
		       owner, path);
		return false;
	}
	walk(c, sysroot, next, depth + 1);
	return true;
}

/* A loop device: on to the device holding its backing file. False if
 * diskdir is not a loop device. */
static bool follow_loop(struct env_counters *c, const char *sysroot, const char *devdir, struct layer *l,
                        int depth)
{
	char *file = l->file, *dio = l->dio;
	const char *diskdir = l->diskdir, *name = last_part(diskdir);

	if (sysfs_line(diskdir, "loop/backing_file", file, sizeof l->file) != 0)
		return false;
	if (sysfs_line(diskdir, "loop/dio", dio, sizeof l->dio) != 0 || strcmp(dio, "1") != 0)
		caveat(c, ENV_LOOP_BUFFERED, "%s reads and writes %s through the host page cache (no direct I/O)",
		       name, file);
	if (!follow_file(c, sysroot, name, file, l, depth))
		add_leaf(c, devdir);
	return true;
}

/* dm, md: on to every slave. False if diskdir has none. */
static bool follow_slaves(struct env_counters *c, const char *sysroot, struct layer *l, int depth)
{
	char *dir = l->dir, *link = l->link, *next = l->next;
	const char *diskdir = l->diskdir;
	struct dirent *e;
	bool any = false;
	DIR *d;

	snprintf(dir, sizeof l->dir, "%s/slaves", diskdir);
	d = opendir(dir);
	if (d == NULL)
		return false;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(link, sizeof l->link, "%s/%s", dir, e->d_name);
		if (realpath(link, next) == NULL) {
			caveat(c, ENV_STACK_UNFOLLOWED, "cannot follow %s to its slave %s", last_part(diskdir), e->d_name);
			continue;
		}
		any = true;
		walk(c, sysroot, next, depth + 1);
	}
	closedir(d);
	return any;
}

static void walk(struct env_counters *c, const char *sysroot, const char *devdir, int depth)
{
	struct layer *l;
	struct stat st;

	if (depth > STACK_MAX_DEPTH) {
		caveat(c, ENV_STACK_UNFOLLOWED, "more than %d layers of devices", STACK_MAX_DEPTH);
		add_leaf(c, devdir);
		return;
	}
	l = malloc(sizeof *l);
	if (l == NULL) {
		caveat(c, ENV_STACK_UNFOLLOWED, "no memory to follow %s", last_part(devdir));
		add_leaf(c, devdir);
		return;
	}
	str_copy(l->diskdir, sizeof l->diskdir, devdir);
	snprintf(l->probe, sizeof l->probe, "%s/partition", devdir);
	if (stat(l->probe, &st) == 0 && strrchr(l->diskdir, '/'))
		*strrchr(l->diskdir, '/') = '\0'; /* a partition's layers are its disk's */
	if (!follow_loop(c, sysroot, devdir, l, depth) && !follow_slaves(c, sysroot, l, depth))
		add_leaf(c, devdir);
	free(l);
}

void env_counters_probe(struct env_counters *c, const char *sysroot, const char *devdir)
{
	memset(c, 0, sizeof *c);
	walk(c, sysroot, devdir, 0);
}

void env_counters_add(struct env_counters *c, const char *sysroot, const char *devdir)
{
	walk(c, sysroot, devdir, 0);
}

void env_counters_add_file(struct env_counters *c, const char *sysroot, const char *path)
{
	struct layer *l = malloc(sizeof *l);

	if (l == NULL) {
		caveat(c, ENV_STACK_UNFOLLOWED, "no memory to follow %s", path);
		return;
	}
	if (follow_file(c, sysroot, last_part(path), path, l, 0))
		caveat(c, ENV_FILE_MEMBER, "%s is a file on a file system that may carry other traffic", path);
	free(l);
}

int env_counters_read(const struct env_counters *c, uint64_t *read_bytes, uint64_t *write_bytes)
{
	*read_bytes = *write_bytes = 0;
	if (c->count == 0)
		return -1;
	for (unsigned i = 0; i < c->count; i++) {
		uint64_t rd, wr;
		if (env_device_counters(c->stat_path[i], &rd, &wr) != 0)
			return -1;
		*read_bytes += rd;
		*write_bytes += wr;
	}
	return 0;
}
