/* Which mount holds a directory: file-system type, source and options,
 * from /proc/self/mountinfo (Linux). */
#ifndef BONNIE_MOUNTINFO_H
#define BONNIE_MOUNTINFO_H

#include <stddef.h>

struct mount_entry {
	unsigned major, minor;     /* st_dev of the file system */
	char mount_point[256];
	char fs_type[32];
	char source[256];
	char options[512];         /* per-mount options, then file-system ones not already listed */
};

/* Finds the mount of the file system with device major:minor that holds
 * the directory real_dir (an absolute, resolved path): among entries with
 * that device, the one with the longest mount point that prefixes
 * real_dir; if no entry has that device (btrfs subvolumes), the longest
 * prefix of any device. mountinfo is the file to read. Returns 0, or -1. */
int mountinfo_find(const char *mountinfo, unsigned major, unsigned minor, const char *real_dir,
                   struct mount_entry *out);

/* Parses one mountinfo line into e. Returns 0, or -1 if malformed. */
int mountinfo_parse_line(const char *line, struct mount_entry *e);

#endif
