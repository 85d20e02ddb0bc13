/* Whether the zfs-fuse daemon's vdevs are under the host page cache (its
 * "block cache"): a vdev the daemon opened without O_DIRECT has its blocks
 * cached by the host, which can then serve a read that dropping the data
 * file's pages does not reach. Its command line (or the same key in its
 * config file /etc/zfs/zfsrc) says whether --disable-block-cache was asked
 * for; each vdev's open flags in /proc/PID/fdinfo say what it got (zfs-fuse
 * 0.7 opens disks with O_DIRECT under that option, file vdevs without).
 * Linux-only (zfs-fuse is). See zfs.h. */
#define _GNU_SOURCE /* O_DIRECT */
#include "zfs.h"
#include "../lib/str.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#if defined(__linux__) && defined(O_DIRECT)
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

/* The same file or device: a device by its number, a file by its inode. */
static bool same_node(const struct stat *a, const struct stat *b)
{
	if (S_ISBLK(a->st_mode) && S_ISBLK(b->st_mode))
		return a->st_rdev == b->st_rdev;
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* How the daemon opened the vdev at path: 1 with O_DIRECT, 0 without, -1
 * no open file of its is that vdev. */
static int vdev_direct(const char *sysroot, long pid, const char *path)
{
	char dir[PATH_MAX], fd[PATH_MAX + 320], info[512];
	struct stat want, got;
	struct dirent *e;
	int direct = -1;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/proc/%ld/fd", sysroot, pid);
	if (stat(path, &want) != 0 || (d = opendir(dir)) == NULL)
		return -1;
	while (direct < 0 && (e = readdir(d)) != NULL) {
		const char *flags;
		snprintf(fd, sizeof fd, "%s/%s", dir, e->d_name);
		if (e->d_name[0] == '.' || stat(fd, &got) != 0 || !same_node(&want, &got))
			continue;
		snprintf(fd, sizeof fd, "%s/proc/%ld/fdinfo/%s", sysroot, pid, e->d_name);
		if (small_file(fd, info, sizeof info) > 0 && (flags = strstr(info, "flags:")) != NULL)
			direct = (strtoul(flags + 6, NULL, 8) & O_DIRECT) != 0;
	}
	closedir(d);
	return direct;
}

/* Each data vdev's open flags: the first one under the host page cache
 * named in z->cached_vdev; 1 one is, 0 none is, -1 not every one was seen. */
static int vdevs_cached(struct env_zfs *z, const char *sysroot)
{
	int seen = 0, all = 0;

	for (unsigned i = 0; i < z->layout.nvdev; i++) {
		const struct zfs_vdev *v = &z->layout.vdev[i];
		int direct;
		if (!v->data || v->path[0] == '\0')
			continue;
		all++;
		direct = vdev_direct(sysroot, z->daemon_pid, v->path);
		if (direct == 0) {
			str_copy(z->cached_vdev, sizeof z->cached_vdev, v->name);
			return 1;
		}
		seen += direct == 1;
	}
	return all && seen == all ? 0 : -1;
}

void zfs_fuse_probe(struct env_zfs *z, const char *sysroot)
{
	char *args = malloc(CMDLINE_MAX);
	long len = 0;

	z->block_cache = -1;
	z->disable_asked = -1;
	z->cached_vdev[0] = '\0';
	z->daemon_pid = args ? daemon_args(sysroot, args, CMDLINE_MAX, &len) : -1;
	if (z->daemon_pid > 0) {
		z->disable_asked = args_disable(args, len) || zfsrc_disables(sysroot);
		z->block_cache = vdevs_cached(z, sysroot);
		if (z->block_cache < 0 && !z->disable_asked)
			z->block_cache = 1; /* without the option it opens none with O_DIRECT */
	}
	free(args);
}
#else
void zfs_fuse_probe(struct env_zfs *z, const char *sysroot)
{
	(void)sysroot;
	z->block_cache = -1;
	z->disable_asked = -1;
	z->cached_vdev[0] = '\0';
	z->daemon_pid = -1;
}
#endif
