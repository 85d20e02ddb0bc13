/* Reading sysfs files: an attribute's first line and a block device's stat
 * counters. The leaf under block_device.c and device_stack.c, which both
 * read through it (so neither calls the other back). */
#include "env.h"
#include "sysfs.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sysfs_line(const char *dir, const char *name, char *buf, size_t len)
{
	char path[PATH_MAX + 64];
	FILE *f;
	int rc = -1;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	if (fgets(buf, (int)len, f) != NULL) {
		size_t n = strcspn(buf, "\n");
		while (n > 0 && buf[n - 1] == ' ')
			n--; /* sysfs pads some model strings */
		buf[n] = '\0';
		rc = 0;
	}
	fclose(f);
	return rc;
}

/* Linux only: other systems have no such file, and their read-ahead is
 * not a per-device number bonnie could name. */
unsigned sysfs_read_ahead_kb(const char *queue_dir)
{
#if defined(__linux__)
	char buf[32];
	unsigned long v;
	char *end;

	if (sysfs_line(queue_dir, "read_ahead_kb", buf, sizeof buf) != 0)
		return 0;
	v = strtoul(buf, &end, 10);
	return end != buf && *end == '\0' && v <= UINT32_MAX ? (unsigned)v : 0;
#else
	(void)queue_dir;
	return 0;
#endif
}

int env_device_counters(const char *path, uint64_t *read_bytes, uint64_t *write_bytes)
{
	unsigned long long f[7];
	FILE *fp = fopen(path, "r");
	int n;

	if (fp == NULL)
		return -1;
	n = fscanf(fp, "%llu %llu %llu %llu %llu %llu %llu", &f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6]);
	fclose(fp);
	if (n != 7)
		return -1;
	/* the stat file counts 512-byte sectors whatever the device's sector size */
	*read_bytes = (uint64_t)f[2] * 512u;
	*write_bytes = (uint64_t)f[6] * 512u;
	return 0;
}
