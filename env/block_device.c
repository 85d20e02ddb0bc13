/* The block device under a file system, from sysfs: its kind, model,
 * sector sizes, scheduler, cache mode, partition offset and alignment, and
 * the stat file whose counters tell how much the device really moved
 * (read in sysfs.c; the stack below it is followed in device_stack.c).
 * Only reads files, so on systems without sysfs it simply finds nothing. */
#include "env.h"
#include "../lib/str.h"
#include "sysfs.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int read_line(const char *dir, const char *name, char *buf, size_t len)
{
	return sysfs_line(dir, name, buf, len);
}

static uint64_t read_u64(const char *dir, const char *name, uint64_t fallback)
{
	char buf[64];
	char *end;
	unsigned long long v;

	if (read_line(dir, name, buf, sizeof buf) != 0)
		return fallback;
	v = strtoull(buf, &end, 10);
	return end == buf ? fallback : (uint64_t)v;
}

static bool exists(const char *dir, const char *name)
{
	char path[PATH_MAX + 64];
	struct stat st;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	return stat(path, &st) == 0;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* The selected scheduler is the bracketed word: "none [mq-deadline] kyber". */
static void scheduler(const char *queue, char *buf, size_t len)
{
	char line[256], *open, *close;

	if (read_line(queue, "scheduler", line, sizeof line) != 0) {
		snprintf(buf, len, ENV_UNKNOWN);
		return;
	}
	open = strchr(line, '[');
	close = open ? strchr(open, ']') : NULL;
	if (open && close) {
		*close = '\0';
		str_copy(buf, len, open + 1);
	} else {
		str_copy(buf, len, line);
	}
}

static const struct {
	const char *prefix;
	const char *kind;
} kinds[] = {
	{"nvme", "nvme"}, {"vd", "virtio"}, {"sd", "scsi"}, {"hd", "ide"}, {"loop", "loop"},
	{"dm-", "dm"}, {"md", "md"}, {"mmcblk", "mmc"}, {"xvd", "xen"}, {"zram", "zram"},
	{"nbd", "nbd"}, {"rbd", "rbd"}, {"sr", "optical"},
};

static void device_kind(const char *disk, char *buf, size_t len)
{
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		if (strncmp(disk, kinds[i].prefix, strlen(kinds[i].prefix)) == 0) {
			str_copy(buf, len, kinds[i].kind);
			return;
		}
	}
	snprintf(buf, len, ENV_UNKNOWN);
}

/* Model string, or for devices without one what stands behind them. */
static void device_details(struct env_device *dev, const char *diskdir)
{
	char vendor[64] = "";

	if (read_line(diskdir, "device/model", dev->model, sizeof dev->model) != 0 || dev->model[0] == '\0')
		snprintf(dev->model, sizeof dev->model, ENV_UNKNOWN);
	else if (read_line(diskdir, "device/vendor", vendor, sizeof vendor) == 0 && vendor[0] &&
	         strncmp(vendor, "0x", 2) != 0) {
		char both[256];
		snprintf(both, sizeof both, "%s %s", vendor, dev->model);
		str_copy(dev->model, sizeof dev->model, both);
	}
	if (read_line(diskdir, "loop/backing_file", dev->detail, sizeof dev->detail) != 0 &&
	    read_line(diskdir, "dm/name", dev->detail, sizeof dev->detail) != 0 &&
	    read_line(diskdir, "md/level", dev->detail, sizeof dev->detail) != 0)
		dev->detail[0] = '\0';
}

static void queue_limits(struct env_device *dev, const char *diskdir)
{
	char queue[PATH_MAX + 8];
	char rot[16];

	snprintf(queue, sizeof queue, "%s/queue", diskdir);
	dev->logical_block = (uint32_t)read_u64(queue, "logical_block_size", 0);
	dev->physical_block = (uint32_t)read_u64(queue, "physical_block_size", 0);
	dev->alignment_offset = (uint32_t)read_u64(diskdir, "alignment_offset", 0);
	dev->rotational = read_line(queue, "rotational", rot, sizeof rot) == 0 ? rot[0] == '1' : -1;
	scheduler(queue, dev->scheduler, sizeof dev->scheduler);
	if (read_line(queue, "write_cache", dev->write_cache, sizeof dev->write_cache) != 0)
		snprintf(dev->write_cache, sizeof dev->write_cache, ENV_UNKNOWN);
}

/* The read-ahead the file system's reads get: its disk's queue setting
 * (a partition has no queue of its own), carried with the counters so a
 * phase can say why its device read more than it asked for. */
static void read_ahead(struct env_device *dev, const char *diskdir)
{
	char queue[PATH_MAX + 8];

	snprintf(queue, sizeof queue, "%s/queue", diskdir);
	dev->counters.read_ahead_kb = sysfs_read_ahead_kb(queue);
	if (dev->counters.read_ahead_kb)
		str_copy(dev->counters.read_ahead_dev, sizeof dev->counters.read_ahead_dev, dev->disk);
}

int env_alignment(uint64_t start_bytes, uint32_t physical_block, uint32_t alignment_offset)
{
	if (physical_block == 0)
		return -1;
	return start_bytes % physical_block == alignment_offset % physical_block;
}

int env_device_probe(struct env_device *dev, const char *sysroot, unsigned major, unsigned minor)
{
	char link[PATH_MAX], devdir[PATH_MAX], diskdir[PATH_MAX];

	memset(dev, 0, sizeof *dev);
	dev->rotational = -1;
	dev->aligned = -1;
	snprintf(link, sizeof link, "%s/sys/dev/block/%u:%u", sysroot, major, minor);
	if (realpath(link, devdir) == NULL)
		return -1;
	dev->present = true;
	dev->is_partition = exists(devdir, "partition");
	str_copy(diskdir, sizeof diskdir, devdir);
	if (dev->is_partition)
		*strrchr(diskdir, '/') = '\0';
	str_copy(dev->name, sizeof dev->name, base_name(devdir));
	str_copy(dev->disk, sizeof dev->disk, base_name(diskdir));
	device_kind(dev->disk, dev->kind, sizeof dev->kind);
	device_details(dev, diskdir);
	queue_limits(dev, diskdir);
	dev->start_bytes = dev->is_partition ? read_u64(devdir, "start", 0) * 512u : 0;
	dev->aligned = env_alignment(dev->start_bytes, dev->physical_block, dev->alignment_offset);
	str_copy(dev->stat_path, sizeof dev->stat_path, devdir);
	if (strlen(dev->stat_path) + 6 > sizeof dev->stat_path)
		dev->stat_path[0] = '\0'; /* too deep to name: no counters rather than wrong ones */
	else
		strcat(dev->stat_path, "/stat");
	env_counters_probe(&dev->counters, sysroot, devdir);
	env_members_md(&dev->counters, diskdir);
	read_ahead(dev, diskdir);
	return 0;
}
