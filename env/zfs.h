/* A ZFS dataset as a ZFS user would describe it: its pool, the pool's
 * layout and vdevs, ashift, the dataset's properties and the ARC. The
 * parsers (zfs_parse.c, zfs_arc.c) are pure functions of the tools' and
 * kstats' text; zfs_probe.c runs the system's own zpool, zfs and zdb by
 * absolute path and reads the ARC where it is published. */
#ifndef BONNIE_ZFS_H
#define BONNIE_ZFS_H

#include <stdbool.h>
#include <stdint.h>

#define ZFS_VDEV_MAX 16

/* One leaf vdev: a disk, partition, loop device or file. */
struct zfs_vdev {
	char name[128];         /* as zpool status names it: "loop2", "/tank/vdev0", "ada0p3" */
	char group[24];         /* the top-level vdev holding it ("mirror-0", "raidz1-0"), "" when
	                           it is a top-level vdev itself; "cache", "logs", "spares" for those */
	bool data;              /* holds the pool's data (not a cache, log or spare device) */
	bool extra;             /* a later leaf of a replacing or spare pair: written to, but
	                           one disk's place in the layout */
	char path[256];         /* where it was found ("/dev/loop2"), "" not found */
	bool is_file;           /* a regular file vdev */
	uint32_t logical;       /* its sector sizes, bytes; 0 unknown */
	uint32_t physical;
	uint32_t under_physical; /* the largest physical sector of the devices under it (a loop's
	                            or file's disk); 0 unknown */
};

/* The pool's layout from zpool status. */
struct zfs_layout {
	unsigned nvdev;
	struct zfs_vdev vdev[ZFS_VDEV_MAX];
	bool cut;               /* more than ZFS_VDEV_MAX leaves: the rest not listed */
	unsigned top;           /* top-level data vdevs */
	unsigned width;         /* leaves in each top-level data vdev (1: plain disks) */
	unsigned parity;        /* raidzP's P; 0 otherwise */
	bool mirror;            /* the top-level vdevs are mirrors */
	bool mixed;             /* top-level vdevs of different kinds or widths */
	char words[64];         /* "mirror of 2", "raidz1 of 3", "stripe of 2", "single disk",
	                           "2 mirrors of 2", "mixed" */
	unsigned write_copies_pct; /* bytes the data vdevs write per 100 given; 0 unknown */
};

/* The ARC's counters; each 0 where not published. */
struct zfs_arc {
	bool valid;             /* size or c_max was read */
	bool has_hits;          /* hits and misses were read */
	uint64_t size;          /* what it holds now, bytes */
	uint64_t c_max;         /* the most it may hold */
	uint64_t hits, misses;
	uint64_t l2_size;       /* L2ARC bytes held; 0 none */
};

enum zfs_arc_kind {
	ZFS_ARC_NONE = 0,
	ZFS_ARC_PROC,           /* Linux OpenZFS: one text file, /proc/spl/kstat/zfs/arcstats */
	ZFS_ARC_DIR,            /* zfs-fuse: one file per counter under /zfs-kstat/zfs/arcstats/ */
	ZFS_ARC_SYSCTL,         /* FreeBSD: sysctl kstat.zfs.misc.arcstats.* */
};

struct env_zfs {
	bool present;           /* the file system is ZFS (zfs, fuse.zfs) */
	bool fuse;              /* served by the zfs-fuse daemon */
	char pool[64];
	char dataset[256];
	struct zfs_layout layout;
	int ashift;             /* the smallest ashift of the data vdevs; -1 unknown */
	char ashift_from[32];   /* "zpool get", "zdb -C" */
	char recordsize[24];    /* as zfs get -p says them; "unknown" where it could not */
	char compression[24];
	char primarycache[24];
	char sync[24];
	struct zfs_arc arc;     /* at the probe */
	enum zfs_arc_kind arc_kind;
	char arc_path[256];     /* the file or directory it was read from ("" for sysctl) */
	char unread[384];       /* what could not be read, in words; "" all was */
	long daemon_pid;        /* zfs-fuse: the daemon's pid; -1 not found (or not zfs-fuse) */
	int disable_asked;      /* zfs-fuse: 1 started with --disable-block-cache (its command line
	                           or /etc/zfs/zfsrc), 0 without, -1 unknown */
	int block_cache;        /* zfs-fuse: 1 a data vdev is open without O_DIRECT, so the host page
	                           cache holds its blocks; 0 every one is open with it; -1 unknown */
	char cached_vdev[128];  /* with block_cache 1 (seen in fdinfo), the first such vdev's name */
};

/* Parsers: pure, over the text a tool printed. */

/* The layout of pool from `zpool status [-P] [-L] pool` text (Linux
 * OpenZFS, FreeBSD, zfs-fuse). 0, or -1 if the pool's config is not in it. */
int zfs_parse_status(const char *text, const char *pool, struct zfs_layout *out);

/* "mirror of 2" words and write copies from the parsed vdevs (called by
 * zfs_parse_status; exposed for the rule's tests). */
void zfs_layout_describe(struct zfs_layout *l);

/* The smallest ashift of the data vdevs in `zdb -C pool` text; -1 none. */
int zfs_parse_zdb_ashift(const char *text);

/* The ashift in `zpool get ashift pool` text (NAME PROPERTY VALUE SOURCE
 * table or -H lines); -1 when absent or 0 (0 means "chosen per vdev"). */
int zfs_parse_pool_ashift(const char *text);

/* Fills recordsize, compression, primarycache and sync of z from
 * `zfs get -H -p -o property,value all dataset` text; what is not in it
 * stays as it was. Returns how many were found. */
int zfs_parse_props(const char *text, struct env_zfs *z);

/* The compressratio in that text as a number (1.00x -> 1.0); -1 absent. */
double zfs_parse_compressratio(const char *text);
/* The referenced bytes in that text (-p: a number); 0 absent. */
uint64_t zfs_parse_referenced(const char *text);

/* Sets one ARC counter by its kstat name ("size", "c_max", "hits",
 * "misses", "l2_size"); other names are ignored. */
void zfs_arc_set(struct zfs_arc *a, const char *name, uint64_t value);

/* Linux OpenZFS /proc/spl/kstat/zfs/arcstats text ("name type data"
 * lines under a header). 0, or -1 if no counter was in it. */
int zfs_parse_arcstats(const char *text, struct zfs_arc *a);

/* FreeBSD `sysctl kstat.zfs.misc.arcstats` text ("kstat.zfs.misc.arcstats.size: 123"). */
int zfs_parse_arc_sysctl(const char *text, struct zfs_arc *a);

/* The hit ratio between two readings, percent; -1 when no counter moved
 * or they are not published. */
int zfs_arc_hit_pct(const struct zfs_arc *before, const struct zfs_arc *after);

/* Rules (zfs_parse.c). */

/* The largest physical sector under the data vdevs (theirs, or a loop's
 * or file's disk's); 0 unknown. */
uint32_t zfs_largest_physical(const struct env_zfs *z);

/* Whether the pool's blocks (2^ashift) are smaller than that sector: 1
 * yes (every smaller write is a read-modify-write in the disk), 0 no, -1
 * unknown (ashift or the sector not read). */
int zfs_ashift_short(const struct env_zfs *z);

/* Whether the ARC (with the L2ARC) may hold a data file of file_bytes
 * whole: then dropping the page cache does not make its reads reach the disks. */
bool zfs_arc_may_hold(const struct zfs_arc *a, uint64_t file_bytes);

/* The default data file size on ZFS: base, or twice what the ARC and
 * L2ARC may hold (whole GiB) when base is not more than that. */
uint64_t zfs_default_size(const struct zfs_arc *a, uint64_t base);

/* Probe (zfs_probe.c). */

/* Whether fs_type is a ZFS mount ("zfs", "fuse.zfs"). */
bool zfs_is_fs(const char *fs_type);

/* Reads what is said above for the dataset mounted from source (the
 * mount's "pool/dataset"), and adds its data vdevs to counters. sysroot
 * prefixes /proc, /sys and /zfs-kstat ("" for the real ones). Never fails:
 * what could not be read is said in z->unread. */
struct env_counters;
void zfs_probe(struct env_zfs *z, struct env_counters *counters, const char *fs_type, const char *source,
               const char *sysroot);

/* zfs-fuse (zfs_fuse.c): the daemon's pid, whether --disable-block-cache
 * was asked for (its /proc/PID/cmdline, sysroot's /etc/zfs/zfsrc) and
 * whether its data vdevs are open with O_DIRECT (/proc/PID/fdinfo: the
 * option does not reach file vdevs); after the layout is read. */
void zfs_fuse_probe(struct env_zfs *z, const char *sysroot);

/* The ARC's counters now, from where the probe found them. 0, or -1. */
int zfs_arc_read(const struct env_zfs *z, const char *sysroot, struct zfs_arc *a);

/* The dataset's compressratio now (zfs get), -1 unknown, and the bytes
 * it referenced then (0 unknown): what the ratio covers, since ZFS
 * accounts written data only when its transaction group is synced. */
double zfs_compressratio(const struct env_zfs *z, uint64_t *referenced);

#endif
