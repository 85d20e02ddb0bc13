/* Reading the ARC's counters and a dataset's compressratio while a run
 * goes on (at the probe and around each phase); see zfs.h. */
#include "zfs.h"
#include "../lib/tool.h"

#include <dirent.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARC_TEXT_MAX (32u << 10)

/* The whole of a small file into buf; false if it cannot be read. */
static bool read_text(const char *path, char *buf, size_t cap)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL)
		return false;
	n = fread(buf, 1, cap - 1, f);
	buf[n] = '\0';
	fclose(f);
	return n > 0;
}

/* zfs-fuse: one file per counter, each holding its number. */
static int read_dir(const char *dir, struct zfs_arc *a)
{
	static const char *const names[] = {"size", "c_max", "hits", "misses", "l2_size"};
	char path[PATH_MAX], buf[64];

	memset(a, 0, sizeof *a);
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		uint64_t v;
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if (read_text(path, buf, sizeof buf) && sscanf(buf, "%" SCNu64, &v) == 1)
			zfs_arc_set(a, names[i], v);
	}
	return a->valid ? 0 : -1;
}

static int run_text(const char *tool, const char *const args[], char *buf)
{
	char path[64];
	char *argv[10];
	const char *why;
	size_t n = 0;

	if (!tool_find(tool, path, sizeof path))
		return -1;
	argv[n++] = path;
	for (; args[n - 1] && n < 9; n++)
		argv[n] = (char *)args[n - 1];
	argv[n] = NULL;
	return tool_run(argv, buf, ARC_TEXT_MAX, TOOL_TIMEOUT_MS, &why) == 0 ? 0 : -1;
}

int zfs_arc_read(const struct env_zfs *z, const char *sysroot, struct zfs_arc *a)
{
	const char *const sysctl[] = {"kstat.zfs.misc.arcstats", NULL};
	char *buf;
	int rc = -1;

	(void)sysroot; /* the probe put it in arc_path */
	memset(a, 0, sizeof *a);
	if (z->arc_kind == ZFS_ARC_DIR)
		return read_dir(z->arc_path, a);
	if (z->arc_kind == ZFS_ARC_NONE || (buf = malloc(ARC_TEXT_MAX)) == NULL)
		return -1;
	if (z->arc_kind == ZFS_ARC_PROC && read_text(z->arc_path, buf, ARC_TEXT_MAX))
		rc = zfs_parse_arcstats(buf, a);
	else if (z->arc_kind == ZFS_ARC_SYSCTL && run_text("sysctl", sysctl, buf) == 0)
		rc = zfs_parse_arc_sysctl(buf, a);
	free(buf);
	return rc;
}

double zfs_compressratio(const struct env_zfs *z, uint64_t *referenced)
{
	const char *const get[] = {"get", "-H", "-p", "-o", "property,value", "compressratio,referenced", z->dataset,
	                           NULL};
	char *buf = malloc(ARC_TEXT_MAX);
	double v = -1.0;

	*referenced = 0;
	if (buf && z->present && run_text("zfs", get, buf) == 0) {
		v = zfs_parse_compressratio(buf);
		*referenced = zfs_parse_referenced(buf);
	}
	free(buf);
	return v;
}
