/* What a ZFS dataset stands on: the pool's status, ashift and the
 * dataset's properties from the system's own tools, the vdevs' sector
 * sizes from sysfs, and their counters added to "From device"'s; see zfs.h. */
#include "zfs.h"
#include "env.h"
#include "../lib/str.h"
#include "sysfs.h"
#include "../lib/tool.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#if defined(__linux__)
#include <sys/sysmacros.h> /* major(), minor() */
#endif

#define TOOL_OUT_MAX (64u << 10)

bool zfs_is_fs(const char *fs_type)
{
	return strcmp(fs_type, "zfs") == 0 || strcmp(fs_type, "fuse.zfs") == 0;
}

/* Appends what could not be read to z->unread, "; " between. */
static void unread(struct env_zfs *z, const char *fmt, ...)
{
	size_t n = strlen(z->unread);
	va_list ap;

	if (n && n + 2 < sizeof z->unread) {
		snprintf(z->unread + n, sizeof z->unread - n, "; ");
		n += 2;
	}
	va_start(ap, fmt);
	vsnprintf(z->unread + n, sizeof z->unread - n, fmt, ap);
	va_end(ap);
}

/* Runs tool (found by name) with args into out; 0 if it exited 0, else
 * says why in z->unread when say is set. */
static int run(struct env_zfs *z, const char *name, const char *const args[], char *out, bool say)
{
	char path[64];
	char *argv[10];
	const char *why;
	size_t n = 0;
	int rc;

	if (!tool_find(name, path, sizeof path)) {
		if (say)
			unread(z, "%s not found in /sbin, /usr/sbin or /usr/local/sbin", name);
		return -1;
	}
	argv[n++] = path;
	while (args[n - 1] && n < sizeof argv / sizeof argv[0] - 1) {
		argv[n] = (char *)args[n - 1];
		n++;
	}
	argv[n] = NULL;
	rc = tool_run(argv, out, TOOL_OUT_MAX, TOOL_TIMEOUT_MS, &why);
	if (rc != 0 && say)
		unread(z, "%s %s %s", name, args[0], rc < 0 ? why : "failed");
	return rc == 0 ? 0 : -1;
}

/* The sysfs directory of block device dev under sysroot; false if none. */
static bool block_dir(const char *sysroot, dev_t dev, char *dir)
{
#if defined(__linux__)
	char link[PATH_MAX];

	snprintf(link, sizeof link, "%s/sys/dev/block/%u:%u", sysroot, major(dev), minor(dev));
	return realpath(link, dir) != NULL;
#else
	(void)sysroot;
	(void)dev;
	(void)dir;
	return false;
#endif
}

static uint32_t queue_u32(const char *devdir, const char *name)
{
	char dir[PATH_MAX + 16], buf[32], probe[PATH_MAX + 16];
	struct stat st;

	snprintf(probe, sizeof probe, "%s/partition", devdir);
	if (stat(probe, &st) == 0) /* a partition's queue is its disk's */
		snprintf(dir, sizeof dir, "%.*s/queue", (int)(strrchr(devdir, '/') - devdir), devdir);
	else
		snprintf(dir, sizeof dir, "%s/queue", devdir);
	if (sysfs_line(dir, name, buf, sizeof buf) != 0)
		return 0;
	return (uint32_t)strtoul(buf, NULL, 10);
}

/* The largest physical sector among the devices c counts. */
static uint32_t largest_physical(const struct env_counters *c)
{
	uint32_t most = 0;

	for (unsigned i = 0; i < c->count; i++) {
		char dir[sizeof c->stat_path[0]];
		uint32_t p;
		str_copy(dir, sizeof dir, c->stat_path[i]);
		if (strrchr(dir, '/'))
			*strrchr(dir, '/') = '\0';
		p = queue_u32(dir, "physical_block_size");
		most = p > most ? p : most;
	}
	return most;
}

/* Where a vdev named without a path lives: /dev/NAME, or a /dev/disk link. */
static void vdev_path(struct zfs_vdev *v)
{
	static const char *const dirs[] = {"/dev", "/dev/disk/by-id", "/dev/disk/by-vdev", "/dev/disk/by-partuuid",
	                                   "/dev/disk/by-path", "/dev/mapper"};
	struct stat st;

	if (v->name[0] == '/') {
		str_copy(v->path, sizeof v->path, v->name);
		return;
	}
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		snprintf(v->path, sizeof v->path, "%s/%s", dirs[i], v->name);
		if (stat(v->path, &st) == 0)
			return;
	}
	v->path[0] = '\0';
}

/* One vdev: its sectors, the devices under it, and (a data vdev) its
 * counters added to c. */
static void vdev_probe(struct env_zfs *z, struct zfs_vdev *v, struct env_counters *c, const char *sysroot)
{
	struct env_counters *under = calloc(1, sizeof *under);
	char dir[PATH_MAX];
	struct stat st;

	vdev_path(v);
	if (under == NULL || v->path[0] == '\0' || stat(v->path, &st) != 0) {
		unread(z, "vdev %s not found", v->name);
		free(under);
		return;
	}
	v->is_file = S_ISREG(st.st_mode);
	if (S_ISBLK(st.st_mode) && block_dir(sysroot, st.st_rdev, dir)) {
		v->logical = queue_u32(dir, "logical_block_size");
		v->physical = queue_u32(dir, "physical_block_size");
		env_counters_probe(under, sysroot, dir);
		if (v->data)
			env_counters_add(c, sysroot, dir);
	} else if (v->is_file && block_dir(sysroot, st.st_dev, dir)) {
		v->logical = queue_u32(dir, "logical_block_size");
		v->physical = queue_u32(dir, "physical_block_size");
		env_counters_probe(under, sysroot, dir);
		if (v->data)
			env_counters_add_file(c, sysroot, v->path);
	} else {
		unread(z, "the device under vdev %s", v->name);
	}
	v->under_physical = largest_physical(under);
	if (v->physical > v->under_physical)
		v->under_physical = v->physical;
	free(under);
}

static void layout_probe(struct env_zfs *z, struct env_counters *c, const char *sysroot, char *out)
{
	const char *const full[] = {"status", "-P", "-L", z->pool, NULL};
	const char *const plain[] = {"status", z->pool, NULL}; /* zfs-fuse 0.7 has neither -P nor -L */

	if ((run(z, "zpool", full, out, false) != 0 || zfs_parse_status(out, z->pool, &z->layout) != 0) &&
	    (run(z, "zpool", plain, out, true) != 0 || zfs_parse_status(out, z->pool, &z->layout) != 0)) {
		unread(z, "the layout of pool %s", z->pool);
		snprintf(z->layout.words, sizeof z->layout.words, ENV_UNKNOWN);
		return;
	}
	for (unsigned i = 0; i < z->layout.nvdev; i++)
		vdev_probe(z, &z->layout.vdev[i], c, sysroot);
	if (z->layout.cut)
		unread(z, "vdevs past the first %d", ZFS_VDEV_MAX);
	str_copy(c->layout, sizeof c->layout, strcmp(z->layout.words, "single disk") == 0 ? "" : z->layout.words);
	c->write_copies_pct = z->layout.write_copies_pct;
}

static void ashift_probe(struct env_zfs *z, char *out)
{
	const char *const get[] = {"get", "ashift", z->pool, NULL};
	const char *const zdb[] = {"-C", z->pool, NULL};

	z->ashift = -1;
	if (run(z, "zpool", get, out, false) == 0 && (z->ashift = zfs_parse_pool_ashift(out)) > 0) {
		str_copy(z->ashift_from, sizeof z->ashift_from, "zpool get ashift");
		return;
	}
	if (run(z, "zdb", zdb, out, true) == 0 && (z->ashift = zfs_parse_zdb_ashift(out)) > 0) {
		str_copy(z->ashift_from, sizeof z->ashift_from, "zdb -C");
		return;
	}
	unread(z, "the pool's ashift");
}

static void props_probe(struct env_zfs *z, char *out)
{
	static const char *const names[] = {"recordsize", "compression", "primarycache", "sync"};
	const char *const get[] = {"get", "-H", "-p", "-o", "property,value", "all", z->dataset, NULL};
	const char *values[] = {z->recordsize, z->compression, z->primarycache, z->sync};

	str_copy(z->recordsize, sizeof z->recordsize, ENV_UNKNOWN);
	str_copy(z->compression, sizeof z->compression, ENV_UNKNOWN);
	str_copy(z->primarycache, sizeof z->primarycache, ENV_UNKNOWN);
	str_copy(z->sync, sizeof z->sync, ENV_UNKNOWN);

	if (run(z, "zfs", get, out, true) != 0 || zfs_parse_props(out, z) == 4)
		return;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(values[i], ENV_UNKNOWN) == 0)
			unread(z, "the dataset's %s (this zfs has no such property)", names[i]);
}

/* Where the ARC publishes its counters here, and what they are now. */
static void arc_probe(struct env_zfs *z, const char *sysroot)
{
	struct stat st;

	snprintf(z->arc_path, sizeof z->arc_path, "%s/proc/spl/kstat/zfs/arcstats", sysroot);
	if (stat(z->arc_path, &st) == 0 && S_ISREG(st.st_mode))
		z->arc_kind = ZFS_ARC_PROC;
	snprintf(z->arc_path, sizeof z->arc_path, "%s/zfs-kstat/zfs/arcstats", sysroot);
	if (!z->arc_kind && stat(z->arc_path, &st) == 0 && S_ISDIR(st.st_mode))
		z->arc_kind = ZFS_ARC_DIR;
#if defined(__FreeBSD__)
	if (!z->arc_kind)
		z->arc_kind = ZFS_ARC_SYSCTL;
#endif
	if (z->arc_kind == ZFS_ARC_PROC)
		snprintf(z->arc_path, sizeof z->arc_path, "%s/proc/spl/kstat/zfs/arcstats", sysroot);
	if (!z->arc_kind || zfs_arc_read(z, sysroot, &z->arc) != 0 || !z->arc.valid) {
		z->arc_kind = ZFS_ARC_NONE;
		z->arc_path[0] = '\0';
		unread(z, "the ARC's size (no arcstats published%s)", z->fuse ? ": zfs-fuse without /zfs-kstat" : "");
	}
}

void zfs_probe(struct env_zfs *z, struct env_counters *c, const char *fs_type, const char *source,
               const char *sysroot)
{
	char *out;

	memset(z, 0, sizeof *z);
	z->ashift = -1;
	z->daemon_pid = -1;
	z->disable_asked = -1;
	z->block_cache = -1;
	if (!zfs_is_fs(fs_type))
		return;
	z->present = true;
	z->fuse = strcmp(fs_type, "fuse.zfs") == 0;
	str_copy(z->dataset, sizeof z->dataset, source);
	str_copy(z->pool, sizeof z->pool, source);
	z->pool[strcspn(z->pool, "/@")] = '\0';
	out = malloc(TOOL_OUT_MAX); /* only once it is ZFS: the early return above leaked it */
	if (out == NULL) {
		unread(z, "everything (no memory)");
		return;
	}
	layout_probe(z, c, sysroot, out);
	ashift_probe(z, out);
	props_probe(z, out);
	arc_probe(z, sysroot);
	free(out);
	if (z->fuse)
		zfs_fuse_probe(z, sysroot);
	/* every data vdev open with O_DIRECT: the daemon's I/O reaches their counters as it is */
	if (z->fuse && z->block_cache != 0 && c->count && c->caveat == ENV_DEVICE_TRUE) {
		c->caveat = ENV_LOOP_BUFFERED;
		if (z->block_cache > 0)
			snprintf(c->why, sizeof c->why, "the zfs-fuse daemon (pid %ld) reads and writes its vdevs "
			         "through the host page cache (its block cache)", z->daemon_pid);
		else
			snprintf(c->why, sizeof c->why, "the zfs-fuse daemon may read and write its vdevs through the "
			         "host page cache (its block cache; how it opened them could not be seen)");
	}
}
