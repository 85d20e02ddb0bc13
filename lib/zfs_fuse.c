/* Whether the zfs-fuse daemon keeps its block cache: started without
 * --disable-block-cache (on its command line, or the same key in its
 * config file /etc/zfs/zfsrc), it reads and writes its vdevs through the
 * host page cache, which can then serve a read that dropping the data
 * file's pages does not reach. Read from the daemon's /proc/PID/cmdline;
 * Linux-only (zfs-fuse is). See zfs.h. */
#include "zfs.h"
#include "str.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <dirent.h>

#define CMDLINE_MAX 4096

/* A whole small file into buf (NUL-terminated); its length, -1 unreadable. */
static long small_file(const char *path, char *buf, size_t cap)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL)
		return -1;
	n = fread(buf, 1, cap - 1, f);
	fclose(f);
	buf[n] = '\0';
	return (long)n;
}

/* Whether the NUL-separated arguments hold --disable-block-cache. */
static bool args_disable(const char *args, long len)
{
	for (long i = 0; i < len; i += (long)strlen(args + i) + 1)
		if (strcmp(args + i, "--disable-block-cache") == 0)
			return true;
	return false;
}

/* Whether the config file has a "disable-block-cache" line. */
static bool zfsrc_disables(const char *sysroot)
{
	char path[PATH_MAX], line[256];
	bool off = false;
	FILE *f;

	snprintf(path, sizeof path, "%s/etc/zfs/zfsrc", sysroot);
	if ((f = fopen(path, "r")) == NULL)
		return false;
	while (fgets(line, sizeof line, f)) {
		char *s = line + strspn(line, " \t");
		s[strcspn(s, " \t\r\n=#")] = '\0';
		if (strcmp(s, "disable-block-cache") == 0)
			off = true;
	}
	fclose(f);
	return off;
}

/* The first process whose name is zfs-fuse: its pid, and its arguments in buf. */
static long daemon_args(const char *sysroot, char *buf, size_t cap, long *len)
{
	char path[PATH_MAX], comm[64];
	struct dirent *e;
	long pid = -1;
	DIR *d;

	snprintf(path, sizeof path, "%s/proc", sysroot);
	if ((d = opendir(path)) == NULL)
		return -1;
	while (pid < 0 && (e = readdir(d)) != NULL) {
		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "%s/proc/%s/comm", sysroot, e->d_name);
		if (small_file(path, comm, sizeof comm) < 0 || strcmp(comm, "zfs-fuse\n") != 0)
			continue;
		snprintf(path, sizeof path, "%s/proc/%s/cmdline", sysroot, e->d_name);
		if ((*len = small_file(path, buf, cap)) >= 0)
			pid = strtol(e->d_name, NULL, 10);
	}
	closedir(d);
	return pid;
}

void zfs_fuse_probe(struct env_zfs *z, const char *sysroot)
{
	char *args = malloc(CMDLINE_MAX);
	long len = 0;

	z->block_cache = -1;
	z->daemon_pid = args ? daemon_args(sysroot, args, CMDLINE_MAX, &len) : -1;
	if (z->daemon_pid > 0)
		z->block_cache = args_disable(args, len) || zfsrc_disables(sysroot) ? 0 : 1;
	free(args);
}
#else
void zfs_fuse_probe(struct env_zfs *z, const char *sysroot)
{
	(void)sysroot;
	z->block_cache = -1;
	z->daemon_pid = -1;
}
#endif
