/* File-test state shared by the six file phases (-n num:max:min:dirs:chunk).
 * Names, sizes and orders are pure functions of (seed, index), so nothing
 * per file is stored except the shuffled order: 4 bytes a file, 4 MiB for
 * -n 1024 (a million files). */
#ifndef BONNIE_FILES_H
#define BONNIE_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../options/constants.h"
#include "../../lib/pattern.h"
#include "../../verdict/verdict.h"
#include "../interface/client_part.h"

struct config; /* options/config.h: pointers alone here */

#define FILES_DIR "files"      /* inside the scratch directory */
#define FILES_SPARE "files.next" /* the next tree's directory, made early */
#define FILES_CAL_DIR "files.cal" /* the calibration's (no -n) */
#define FILES_HEX_DIGITS 10u   /* the index part of every name */
#define FILES_RAND_MAX 12u     /* 0..12 random alphanumerics */
#define FILES_NAME_MAX 64u     /* "ddddd/" + 10 + 12 + NUL, with room */
#define FILES_DATA_GEN 3u      /* pattern generation of file contents */

struct file_plan {
	uint64_t count;        /* num * 1024; after a create by time, what it made */
	uint64_t cap;          /* the most files a create makes (the order array's length);
	                          timed: the level's pool, shared by all its clients */
	bool timed;            /* a client of a time-based level: each create makes files
	                          until the level's deadline or until the clients together
	                          have taken the whole pool (the stonewall), and they go
	                          round-robin into the directories (a layout that does not
	                          depend on how many there will be) */
	bool leftovers;        /* a delete cut by time left files: the untimed tidying
	                          after it removes them */
	uint32_t dirs;         /* subdirectories; 1 means none */
	int64_t max;           /* bytes, or FILES_HARD_LINKS / FILES_SYMLINKS */
	int64_t min;
	uint32_t chunk;        /* per-file read/write size */
	uint64_t seed;
	bool sync_each;        /* -b */
	bool verify;           /* --verify */
	bool random_names;     /* naming of the files now on disk */
	bool auto_count;       /* no -n: count sized by files_auto_size, stat phases by time */
	bool sized;            /* files_auto_size has run (once per instance) */
	bool count_fixed;      /* the count is known (given, or set by the first create) */
	uint64_t create_ns;    /* auto count: the longest the first create phase runs */
	uint64_t target;       /* auto count: files the first create aims at */
	uint64_t floor;        /* auto count: files it makes even past create_ns */
	bool cap_by_inodes;    /* auto count: the cap (count before it is fixed) is the inodes' */
	enum files_bound bound; /* auto count: what set the count the first create reached */
	int topfd;             /* FILES_DIR, -1 when it does not exist */
	char toppath[4096];
	struct pattern pat;    /* file contents */
	unsigned char *buf;    /* chunk bytes for reading */
	uint32_t *order;       /* shuffled indices for the random phases */
};

/* Sets up the plan from the configuration and this instance's part (allocates the order array and
 * buffers). scratch_path names the scratch directory for messages.
 * Returns 0, or -1 with errno set. */
int files_plan_init(struct file_plan *fp, const struct config *cfg, const struct part *part,
                    const char *scratch_path, size_t mem_align);
void files_plan_free(struct file_plan *fp);

/* Writes the name of file index into buf (FILES_NAME_MAX bytes), relative
 * to FILES_DIR: "00003/" when there are subdirectories, then either the 10
 * hex digits of index followed by 0-12 random alphanumerics (sequential
 * names), or the random part first (random names). */
void files_name(const struct file_plan *fp, uint64_t index, bool random_first, char *buf);

/* A time-based level's pool (config_files_pool) and the top-ups before
 * the deletes, which make at most as many again: each client's part
 * (part_of_client) is twice its split of the pool, so the space and inode
 * check counts both once in all. */

/* The delete of a time-based level in a sweep: each client's pool lasts
 * the level's time. A level's creates make what the file system creates in
 * the level's time, but a delete removes files several times as fast
 * (70 K/s against 21 K/s at 100 clients here), so files only up to the
 * clients' mean lasted 0.3-1.5 s: the first client done raised the
 * stonewall before some of 100 clients on 2 cores had deleted one file
 * (starved: 14 and 35 of 100, overlap 0). So before the delete (untimed)
 * each client makes files up to its share of the aim: the files the
 * fastest delete rate measured earlier in the sweep (rate, files/s, a
 * smaller count's or this level's sequential delete; one process's times
 * the online cores, bench_note_delete) removes in level_ns,
 * at most the pool; 0 when no rate is known yet (the first level, or not
 * a sweep), and the mean alone is kept. */
uint64_t files_delete_aim(double rate, uint64_t level_ns, uint64_t pool);

/* The files one of clients holds when its delete begins: the clients'
 * mean of made (what their creates made, rounded up), or its share of
 * aim (files_delete_aim, rounded up) when that is more; at most cap (its
 * order array). */
uint64_t files_top_up_want(uint64_t made, uint32_t clients, uint64_t aim, uint64_t cap);

/* Subdirectory of file index (0 when there are none). */
uint32_t files_dir_of(const struct file_plan *fp, uint64_t index);

/* Whether subdirectory d holds any file (with fewer files than
 * directories most hold none, and the walking phases skip those). */
bool files_dir_used(const struct file_plan *fp, uint32_t d);

/* Size in bytes of file index: uniform in [min, max] (0 for links). */
uint64_t files_size_of(const struct file_plan *fp, uint64_t index);

/* Index encoded in a name read back from a directory; -1 if it is not one of ours. */
int64_t files_index_of(const char *name, bool random_first);

/* Without -n the file count is set from the delete rate: files_auto_size,
 * before the sequential create (untimed), times creating and deleting up
 * to FILES_AUTO_CAL empty files (at most FILES_AUTO_CAL_NS of creating,
 * in FILES_CAL_DIR under the scratch directory scratch_fd). Deletes are
 * timed in batches of FILES_AUTO_BATCH and the delete rate is the fastest
 * batch's: a journal commit or another process on the CPU only slows a
 * batch down (whole-calibration rates made 5 x 1024 files whose deletes
 * took 0.2 s, marked '~'). The create rate is the whole calibration's: in
 * its fresh directory creates ran at 1-2 K/s where the phase made 20-40
 * K/s, so it only caps the count, and errs low. It aims at as many whole
 * 1024s of files as deleting, the fastest file phase, takes FILES_AUTO_NS
 * to remove. The sequential create makes that many, running at least
 * FILES_AUTO_MIN_CREATE_NS and stopping early (on a whole 1024) once it
 * has run FILES_AUTO_MAX_CREATE_NS, but not before it has the files that
 * deleting takes FILES_AUTO_FLOOR_NS to remove (or has run
 * FILES_AUTO_HARD_CREATE_NS); every later phase uses the count it
 * reached. The count is capped at FILES_AUTO_MAX_K x 1024 and a quarter
 * of the free inodes under dirpath. Aiming by the delete rate, not by how
 * fast the calibration created, matters where creating is slowed by
 * earlier deletes (ext4 without a journal scans recently freed inodes
 * before reusing one). Returns 0, or -1 with errno. */
#define FILES_AUTO_CAL 4096u
#define FILES_AUTO_CAL_MIN 16u
#define FILES_AUTO_BATCH 64u
#define FILES_AUTO_CAL_NS 200000000ull
#define FILES_AUTO_CAL_MAX_NS 2000000000ull
/* 3.5 s: the sequential delete removes files about 1.6 times as fast as
 * the calibration's (100 K empty files on ext4 here), and should still
 * run the VERDICT_AIM_NS that lets it be judged; the random delete takes
 * about twice that. */
#define FILES_AUTO_NS 3500000000ull
/* The least the deletes should take: twice the 0.5 s under which a
 * figure is marked '~' (report/model/metrics.h), so the shortest file phase is
 * trusted even where creating is far slower than deleting. */
#define FILES_AUTO_FLOOR_NS 1000000000ull
#define FILES_AUTO_MIN_CREATE_NS VERDICT_AIM_NS
#define FILES_AUTO_MAX_CREATE_NS 8000000000ull
#define FILES_AUTO_HARD_CREATE_NS 30000000000ull
#define FILES_AUTO_MAX_K 512u
int files_auto_size(struct file_plan *fp, int scratch_fd, const char *dirpath);

/* The calibration itself (FILES_CAL_DIR under scratch_fd, removed again):
 * created files in create_ns, deleted in delete_ns; per file, the whole
 * calibration's create_file_ns and the fastest batch's delete_file_ns (the
 * whole's when there was no full batch); the cap, the target by the delete rate, the floor and
 * the count decided for a whole invocation (files_auto_decide_k) with
 * what set it. When fewer than FILES_AUTO_CAL_MIN files could be made in
 * FILES_AUTO_CAL_MAX_NS (a slow share), slow is set and the counts are 1:
 * too few to time, which is not an error. Returns 0, or -1 with the errno
 * of the create, delete or mkdir that failed. */
struct files_cal {
	unsigned created;
	uint64_t create_ns;
	uint64_t delete_ns;
	uint64_t create_file_ns;
	uint64_t delete_file_ns;
	uint32_t cap_k;
	bool cap_by_inodes;    /* cap_k is a quarter of the free inodes, under FILES_AUTO_MAX_K */
	uint32_t target_k;
	uint32_t floor_k;
	uint32_t decided_k;
	enum files_bound bound; /* what set decided_k */
	uint32_t pool_max_k;   /* the most a time-based level's pool may be: an eighth of the
	                          free inodes (the pool and its top-ups), at most FILES_POOL_MAX_K */
	bool slow;
};
int files_auto_calibrate(int scratch_fd, const char *dirpath, struct files_cal *out);

/* A count fixed once for every run and client (no create stop rule to
 * trim it): the target by the delete rate (files_auto_target_k), but no
 * more than creating at create_ns a file does in FILES_AUTO_MAX_CREATE_NS,
 * unless that is under the floor (files_auto_floor_k), which it never
 * goes under; 1..cap_k. *bound says which set it (cap_is_inodes: the cap
 * is the inodes'). */
uint32_t files_auto_decide_k(uint64_t delete_ns, uint64_t create_ns, uint32_t cap_k, bool cap_is_inodes,
                             enum files_bound *bound);

/* A time-based level's pool of files (x1024) with an automatic count of
 * files_k: max_k (FILES_POOL_MAX_K, or fewer where the free inodes are
 * fewer), so that the level's end, not the pool, ends its creates; never
 * under FILES_POOL_FACTOR x files_k (the pool of a given count). The
 * count itself is no guide: sized by the delete rate for 1.5 s, it came
 * out between 20 and 209 x 1024 in six README sweeps on this VM's ext4,
 * and four times the smallest was taken by 50 clients in about a second;
 * the calibration's create rate swung as much. The pool costs inodes
 * only as far as files are made (bonnie's own count has empty files). */
#define FILES_POOL_MAX_K 2048u
uint32_t files_auto_pool_k(uint32_t files_k, uint32_t max_k);

/* Whole 1024s of files whose deletion at delete_ns per file takes
 * FILES_AUTO_NS, rounded up: 1..cap_k (cap_k when delete_ns is 0). */
uint32_t files_auto_target_k(uint64_t delete_ns, uint32_t cap_k);

/* A rate per file from a calibration of n files in total_ns whose fastest
 * batch of FILES_AUTO_BATCH took best_batch_ns (0: none): the batch's,
 * when there was one, else the whole's. */
uint64_t files_auto_per_file_ns(uint64_t total_ns, uint64_t best_batch_ns, unsigned n);

/* The same for FILES_AUTO_FLOOR_NS: the fewest files whose deletes are
 * trusted. */
uint32_t files_auto_floor_k(uint64_t delete_ns, uint32_t cap_k);

/* The most files (x1024) an automatic count may reach with inodes_free
 * free inodes (0: unknown): FILES_AUTO_MAX_K or a quarter of them, >= 1. */
uint32_t files_auto_cap_k(uint64_t inodes_free);

/* Whether the sequential create may stop after created files (auto count
 * only, on a whole 1024): the target reached and FILES_AUTO_MIN_CREATE_NS
 * run; or fp->create_ns run with at least fp->floor files; or
 * FILES_AUTO_HARD_CREATE_NS run; or the cap (fp->count) reached. Fixes
 * fp->count to created, and fp->bound to what stopped it, when it stops. */
bool files_auto_create_done(struct file_plan *fp, uint64_t created, uint64_t elapsed_ns);

/* Without -n, stat phases pass over the files again until they have run
 * this long (one pass of a few thousand files takes milliseconds). */
#define FILES_STAT_AUTO_NS VERDICT_AIM_NS

/* Fisher-Yates shuffle of 0..count-1 into fp->order, seeded by salt. */
void files_shuffle(struct file_plan *fp, uint64_t salt);

#endif
