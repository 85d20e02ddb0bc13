/* What was tested: machine, kernel, file system, block device and its
 * sector layout. Filled by env_probe(); every field degrades to "unknown"
 * (strings) or 0 / -1 (numbers) where the platform has no source. */
#ifndef BONNIE_ENV_H
#define BONNIE_ENV_H

#include <stdbool.h>
#include <stdint.h>

#include "netshare.h"
#include "zfs.h"

#define ENV_UNKNOWN "unknown"

#define ENV_COUNTED_MAX 16

/* How far the counters of env_counters can be trusted as the devices' own. */
enum env_caveat {
	ENV_DEVICE_TRUE = 0,  /* the bottom devices' own counters */
	ENV_LOOP_BUFFERED,    /* a loop device without direct I/O is in the stack: the
	                         host page cache serves and delays part of its I/O */
	ENV_STACK_UNFOLLOWED, /* a layer could not be followed: the counters are its own */
	ENV_FILE_MEMBER,      /* a member is a regular file (a ZFS file vdev): the disk
	                         under it also counts the other I/O to its file system */
};

/* Whose I/O counters "From device" sums: the devices at the bottom of the
 * stack under the file system (loop -> backing file -> its device; dm and
 * md -> their slaves), or the layer where following stopped. */
struct env_counters {
	unsigned count;
	char name[ENV_COUNTED_MAX][64];        /* "vda", "sda2" */
	char stat_path[ENV_COUNTED_MAX][320];  /* their sysfs stat files */
	enum env_caveat caveat;
	char why[512];                         /* the caveat in words, naming the layer */
	char layout[64];                       /* how the members hold the data: "mirror of 2",
	                                          "raidz1 of 3"; "" for a single device */
	unsigned write_copies_pct;             /* bytes the members write per 100 the file system
	                                          is given (200 for a 2-way mirror); 0 unknown */
	unsigned members;                      /* the file system's or array's own devices ("loop0",
	                                          "loop1"), above what is counted; 0: one device */
	char member[ENV_COUNTED_MAX][64];
	unsigned read_ahead_kb;                /* the file system device's read-ahead, KiB; 0 unknown */
	char read_ahead_dev[64];               /* the device whose queue that is ("vda") */
};

struct env_device {
	bool present;              /* a block device backs the file system */
	char name[64];             /* device of the file system: "vda", "nvme0n1p2", "dm-0" */
	char disk[64];             /* the whole disk holding it ("nvme0n1"), else = name */
	char kind[32];             /* virtio, nvme, scsi, loop, dm, md, mmc, xen, ... */
	char model[128];
	char detail[256];          /* loop backing file, dm name, md level */
	int rotational;            /* 1 spinning, 0 solid state, -1 unknown */
	uint32_t logical_block;    /* bytes; 0 unknown */
	uint32_t physical_block;
	uint32_t alignment_offset; /* the disk's first naturally aligned byte */
	char scheduler[32];
	char write_cache[32];      /* "write back", "write through" */
	bool is_partition;
	uint64_t start_bytes;      /* partition start; 0 for a whole device */
	int aligned;               /* 1 aligned to the physical sector, 0 misaligned, -1 unknown */
	char stat_path[512];       /* sysfs stat file counting this device's I/O */
	struct env_counters counters; /* the devices under it whose I/O is counted */
};

struct env_info {
	char host[256];
	char os[72];               /* "Linux" */
	char kernel[128];          /* release */
	char arch[72];
	char cpu_model[128];
	unsigned cpus;
	uint64_t ram_bytes;
	char fs_type[32];
	char mount_source[256];
	char mount_point[256];
	char mount_options[512];
	char dir_path[4096];       /* -d resolved (realpath): "." names no place on a page; "" unknown */
	struct env_device dev;
	struct env_share share;    /* a network share's client, server and export */
	struct env_zfs zfs;        /* a ZFS dataset: its pool, vdevs, properties, ARC (zfs.h) */
	bool space_unknown;        /* statvfs reports no size (smbnetfs, ramfs): no space check */
};

/* Probes everything for the directory dir. sysroot prefixes /sys and /proc
 * ("" for the real ones; tests pass a fake tree). Never fails: what cannot
 * be found stays unknown. */
void env_probe(struct env_info *env, const char *dir, const char *sysroot);

/* Fills dev from <sysroot>/sys/dev/block/<major>:<minor>. Returns 0, or -1
 * if there is no such block device. */
int env_device_probe(struct env_device *dev, const char *sysroot, unsigned major, unsigned minor);

/* Alignment of a start offset on a disk: 1 aligned, 0 not, -1 unknown
 * (no physical sector size). */
int env_alignment(uint64_t start_bytes, uint32_t physical_block, uint32_t alignment_offset);

/* Bytes read and written so far by the device whose sysfs stat file is
 * path. Returns 0, or -1 if it cannot be read. */
int env_device_counters(const char *path, uint64_t *read_bytes, uint64_t *write_bytes);

/* Follows the block device whose sysfs directory is devdir (resolved,
 * under sysroot) down its stack and fills c with the devices to count
 * (see struct env_counters). Backing files are looked up in the real
 * file system. Never fails: what cannot be followed is counted where the
 * walk stopped and said in c->caveat and c->why. */
void env_counters_probe(struct env_counters *c, const char *sysroot, const char *devdir);

/* Adds the devices under the block device whose sysfs directory is devdir
 * to c, as env_counters_probe does, without emptying c first: for file
 * systems with several members (btrfs devices, a ZFS pool's vdevs). */
void env_counters_add(struct env_counters *c, const char *sysroot, const char *devdir);

/* Adds the device holding the regular file path (a ZFS file vdev, a loop
 * device's backing file) to c, and says in c->why that the file's own file
 * system may carry other traffic. */
void env_counters_add_file(struct env_counters *c, const char *sysroot, const char *path);

/* A btrfs file system whose devices include devname (the mounted device's
 * sysfs name, "sda2"): c is made again from every member's stack, the
 * members named, and layout and write_copies_pct set from the data profile
 * (/sys/fs/btrfs/UUID/allocation/data/PROFILE). 0, or -1 (c unchanged) if
 * no btrfs file system lists devname or this is not Linux. */
int env_members_btrfs(struct env_counters *c, const char *sysroot, const char *devname);

/* An md array (sysfs directory diskdir): its slaves as members, and layout
 * and write_copies_pct from md/level, md/raid_disks (and raid10's
 * md/layout). Nothing if diskdir is no md array. */
void env_members_md(struct env_counters *c, const char *diskdir);

/* The storage I/O the kernel charged to this process (and its reaped
 * children) so far: /proc/self/io's read_bytes and write_bytes (bytes it
 * made the file system fetch, and bytes it dirtied or wrote directly).
 * 0, or -1 where that is not published (not Linux, no task I/O accounting). */
int env_self_io(uint64_t *read_bytes, uint64_t *write_bytes);

/* The sum of the counters of every device in c. 0, or -1 if c is empty or
 * one of them cannot be read. */
int env_counters_read(const struct env_counters *c, uint64_t *read_bytes, uint64_t *write_bytes);

#endif
