/* The members of storage that spans several block devices, and how they
 * hold the data: a btrfs file system's devices (/sys/fs/btrfs/UUID/devices)
 * and its data profile, an md array's level over its slaves. Every member's
 * stack is counted (device_stack.c), so "From device" is their sum, and the
 * layout says how many bytes they write per byte given: what a figure over
 * 100% on a write phase is to be read against. sysfs only. */
#include "env.h"
#include "../lib/str.h"
#include "sysfs.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#if defined(__linux__)

static int by_name(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The names in dir (no dot entries), sorted: members in a stable order. */
static unsigned dir_names(const char *dir, char names[][64], unsigned max)
{
	struct dirent *e;
	unsigned n = 0;
	DIR *d = opendir(dir);

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL && n < max)
		if (e->d_name[0] != '.')
			str_copy(names[n++], sizeof names[0], e->d_name);
	closedir(d);
	qsort(names, n, sizeof names[0], by_name);
	return n;
}

static uint64_t read_u64(const char *dir, const char *name)
{
	char buf[64];

	return sysfs_line(dir, name, buf, sizeof buf) == 0 ? strtoull(buf, NULL, 10) : 0;
}

/* Parity layouts write a stripe's share more: n disks, p of them parity. */
static unsigned parity_pct(unsigned n, unsigned p)
{
	return n > p ? 100u * n / (n - p) : 0;
}

/* btrfs data profiles: how many copies of each byte (parity: 0, from the
 * device count). */
static const struct {
	const char *name;
	unsigned copies_pct, parity;
} profiles[] = {
	{"single", 100, 0}, {"dup", 200, 0},     {"raid0", 100, 0},  {"raid1", 200, 0}, {"raid1c3", 300, 0},
	{"raid1c4", 400, 0}, {"raid10", 200, 0}, {"raid5", 0, 1},    {"raid6", 0, 2},
};
#define PROFILES (sizeof profiles / sizeof profiles[0])

/* The directory of the btrfs file system whose devices/ holds devname. */
static int btrfs_dir(const char *sysroot, const char *devname, char *fsdir, size_t len)
{
	char base[PATH_MAX], probe[PATH_MAX * 2];
	struct dirent *e;
	struct stat st;
	int rc = -1;
	DIR *d;

	snprintf(base, sizeof base, "%s/sys/fs/btrfs", sysroot);
	if ((d = opendir(base)) == NULL)
		return -1;
	while (rc != 0 && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(probe, sizeof probe, "%s/%s/devices/%s", base, e->d_name, devname);
		if (lstat(probe, &st) == 0 && (size_t)snprintf(fsdir, len, "%s/%s", base, e->d_name) < len)
			rc = 0;
	}
	closedir(d);
	return rc;
}

/* The data profile holding the most bytes; mixed profiles (a balance
 * converting) leave the copies unknown. */
static void btrfs_profile(struct env_counters *c, const char *fsdir)
{
	char dir[PATH_MAX * 2];
	uint64_t most = 0;
	unsigned used = 0, best = PROFILES;

	for (unsigned i = 0; i < PROFILES; i++) {
		uint64_t total;
		snprintf(dir, sizeof dir, "%s/allocation/data/%s", fsdir, profiles[i].name);
		if ((total = read_u64(dir, "total_bytes")) == 0)
			continue;
		used++;
		if (best == PROFILES || total > most) {
			best = i;
			most = total;
		}
	}
	if (best == PROFILES) {
		snprintf(c->layout, sizeof c->layout, "btrfs over %u devices, data profile unknown", c->members);
		return;
	}
	if (c->members == 1 && strcmp(profiles[best].name, "single") == 0 && used == 1) {
		c->write_copies_pct = 100;
		return;
	}
	snprintf(c->layout, sizeof c->layout, "btrfs %s%s %s %u", profiles[best].name, used > 1 ? " and another" : "",
	         c->members == 1 ? "on" : "over", c->members);
	if (used == 1)
		c->write_copies_pct = profiles[best].parity ? parity_pct(c->members, profiles[best].parity)
		                                            : profiles[best].copies_pct;
}

int env_members_btrfs(struct env_counters *c, const char *sysroot, const char *devname)
{
	char fsdir[PATH_MAX], dir[PATH_MAX + 16], link[PATH_MAX * 2], real[PATH_MAX];
	unsigned ra = c->read_ahead_kb;
	char ra_dev[sizeof c->read_ahead_dev];

	if (btrfs_dir(sysroot, devname, fsdir, sizeof fsdir) != 0)
		return -1;
	str_copy(ra_dev, sizeof ra_dev, c->read_ahead_dev);
	memset(c, 0, sizeof *c); /* counted again: every member's stack */
	c->read_ahead_kb = ra;
	str_copy(c->read_ahead_dev, sizeof c->read_ahead_dev, ra_dev);
	snprintf(dir, sizeof dir, "%s/devices", fsdir);
	c->members = dir_names(dir, c->member, ENV_COUNTED_MAX);
	for (unsigned i = 0; i < c->members; i++) {
		snprintf(link, sizeof link, "%s/%s", dir, c->member[i]);
		if (realpath(link, real) != NULL) {
			env_counters_add(c, sysroot, real);
		} else if (c->caveat != ENV_STACK_UNFOLLOWED) {
			c->caveat = ENV_STACK_UNFOLLOWED;
			snprintf(c->why, sizeof c->why, "cannot follow btrfs member %s in sysfs: it is not counted",
			         c->member[i]);
		}
	}
	btrfs_profile(c, fsdir);
	return 0;
}

/* An md array's level over raid_disks; raid10's copies are its near and
 * far copies (md/layout: near in the low byte, far in the next). */
void env_members_md(struct env_counters *c, const char *diskdir)
{
	char level[32], dir[PATH_MAX + 16];
	unsigned n = (unsigned)read_u64(diskdir, "md/raid_disks"), copies = 0;

	if (sysfs_line(diskdir, "md/level", level, sizeof level) != 0 || n == 0)
		return;
	snprintf(dir, sizeof dir, "%s/slaves", diskdir);
	c->members = dir_names(dir, c->member, ENV_COUNTED_MAX);
	if (strcmp(level, "raid1") == 0) {
		copies = 100 * n;
	} else if (strcmp(level, "raid10") == 0) {
		unsigned layout = (unsigned)read_u64(diskdir, "md/layout");
		copies = 100 * (layout & 0xff) * ((layout >> 8) & 0xff);
	} else if (strcmp(level, "raid0") == 0 || strcmp(level, "linear") == 0) {
		copies = 100;
	} else if (strcmp(level, "raid4") == 0 || strcmp(level, "raid5") == 0) {
		copies = parity_pct(n, 1);
	} else if (strcmp(level, "raid6") == 0) {
		copies = parity_pct(n, 2);
	}
	if (strcmp(level, "raid1") == 0)
		snprintf(c->layout, sizeof c->layout, "md raid1, mirror of %u", n);
	else
		snprintf(c->layout, sizeof c->layout, "md %s over %u", level, n);
	c->write_copies_pct = copies;
}

#else

int env_members_btrfs(struct env_counters *c, const char *sysroot, const char *devname)
{
	(void)c;
	(void)sysroot;
	(void)devname;
	return -1;
}

void env_members_md(struct env_counters *c, const char *diskdir)
{
	(void)c;
	(void)diskdir;
}

#endif
