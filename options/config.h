/* The options as the user gave them, filled from the command line by
 * options.c and never written afterwards; the run's plan (cmd/plan.h) is a
 * copy of them with bonnie's decisions in, and every phase and output
 * reads the plan's. In the plan's copy the sizes, counts, seed and level
 * time below are the ones that run, and the decided block holds what only
 * the plan decides (zero in the options). Sizes are in bytes; defaults are
 * bonnie++'s unless noted. */
#ifndef BONNIE_CONFIG_H
#define BONNIE_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

#include "../lib/wallclock.h"
#include "constants.h" /* the version, the defaults and the limits */

/* What only the plan decides (cmd/plan.c), and what was sized and why. */
/* What set an automatic file count (no -n), for the Sized line and the
 * '~' legend: the deletes' aim, the creates' time cap (never under the
 * deletes' floor), the inodes, the largest count, or a calibration too
 * slow to time. */
enum files_bound {
	FILES_BOUND_NONE = 0,
	FILES_BOUND_DELETE_AIM,
	FILES_BOUND_CREATE_TIME,
	FILES_BOUND_INODES,
	FILES_BOUND_MAX,
	FILES_BOUND_SLOW,
	FILES_BOUND_DELETE_FLOOR, /* raised over the creates' cap to the deletes' floor */
	FILES_BOUND_CREATE_HARD,  /* the first create's hard limit, under the floor */
};

struct config_decided {
	uint32_t phase_mask;        /* bit (1 << phase_id) per phase to run; 0: all (--phases,
	                               less what auto_skipped left out) */
	bool file_size_auto;        /* the size is bonnie's choice (no -s), whatever chose it */
	bool file_size_timed;       /* ... and was sized by time on a network share (autosize.h) */
	bool perchar_timed;         /* no -f: the per-char size was sized by time, once */
	uint32_t auto_skipped;      /* ... and left these out, bit 1 << phase_id: too slow for a
	                               trusted figure (perchar_auto.h); also cleared in phase_mask */
	bool files_by_rate;         /* no -n: files_k was decided once for the invocation by the
	                               delete rate (for client processes, autosize.h) */
	uint8_t files_bound;        /* ... and what set it (enum files_bound) */
	uint32_t files_pool_k;      /* a time-based level's pool of files to create (x1024), sized
	                               by time with an automatic count; 0: the default,
	                               FILES_POOL_FACTOR x files_k */
	uint32_t sched_mask;        /* --start-at: the phases given a slot of the schedule, from the
	                               options alone (phases/runner/schedule.h) */
	uint64_t slot_ns;           /* --start-at: one slot: the level time and the gap between */
	struct wallclock_state clock; /* --start-at: what the kernel said of its clock */
};

struct config {
	const char *dir;            /* -d: where the scratch directory is made (a client's is its
	                               part's, phases/interface/client_part.h) */

	/* -s size:chunk:seeks:procs */
	uint64_t file_size;         /* 0 skips the I/O phases */
	bool file_size_given;       /* false: the documented default is used */
	uint32_t chunk;
	uint32_t seeks;
	uint32_t seek_procs;
	bool seeks_given;           /* false: bonnie sizes the seeks to the device (seeks.c) */

	uint64_t perchar_size;      /* -f: 0 skips the per-char phases */
	bool perchar_given;         /* false: bonnie sizes it by time, once (autosize.h) */

	/* -n num:max:min:dirs:chunk */
	uint32_t files_k;           /* units of 1024 files; 0 skips file tests */
	int64_t file_max;           /* bytes, or FILES_HARD_LINKS / FILES_SYMLINKS */
	int64_t file_min;
	uint32_t file_dirs;         /* 0 or 1: all files in one directory */
	uint32_t file_chunk;
	bool files_given;           /* false: bonnie sizes the file tests (files_auto.c) */

	uint64_t ram_bytes;         /* -r; 0 with ram_given disables RAM checks */
	bool ram_given;
	char machine[MAX_MACHINE_NAME + 1]; /* -m, CSV-safe */
	uint32_t runs;              /* -x */
	bool quiet;                 /* -q */
	bool sync_each;             /* -b */
	bool direct;                /* -D */
	uint32_t seed;              /* -z */
	bool seed_given;
	uint32_t concurrency;       /* -c: client processes (1: the run stays in-process) */
	bool concurrency_given;     /* -c was on the command line (--like: what it leaves alone) */
	uint32_t sweep[MAX_SWEEP_LEVELS]; /* --clients: client counts, in order */
	uint32_t sweep_levels;      /* entries in sweep; 0 without --clients */
	double knee_factor;         /* --knee-factor: p99 rise that marks the knee */
	uint64_t lag_floor_ns;      /* --lag-floor: the p99 a knee reaches at least (0: none) */
	uint64_t level_ns;          /* --level-time: with clients, each data phase's whole passes are
	                               repeated until this long after the common start (0: one pass) */
	bool level_given;
	bool qd;                    /* --qd (or --phases qd): run the queue-depth profile */
	uint64_t qd_ns;             /* --qd-time: each profile phase ends after this long, or
	                               at the end of its one pass over the file; 0: the whole pass */
	bool qd_time_given;         /* --qd-time was on the command line */
	uint8_t qd_engine;          /* --qd-engine: enum qdio_engine (lib/qdio.h), 0: auto */
	uint64_t start_at_ns;       /* --start-at: the schedule's start, CLOCK_REALTIME ns; 0: none */
	const char *phases_arg;     /* --phases NAME,...: resolved into decided.phase_mask by the plan */
	char user[64];              /* -u user[:group]; empty: stay who we are */
	char group[64];             /* -g group, or the part after ':' in -u */

	const char *json_path;      /* --json FILE, "-" for stdout */
	bool verify;                /* --verify */
	int align_probe;            /* --align-probe: 1 on, 0 off, -1 automatic */
	bool evict;                 /* false with --no-evict */
	bool share;                 /* --share: Markdown block on stdout */
	const char *html_path;      /* --html FILE, written after the last run */
	const char *kv_path;        /* --kv FILE, "-" for stdout: key=value lines per run */
	const char *like_path;      /* --like FILE: run with that result's settings (cmd/like.c) */

	struct config_decided decided; /* the plan's alone: zero in the options */
};

/* The most client processes a run starts: the largest --clients count, or -c (at least 1). */
static inline uint32_t config_most_clients(const struct config *c)
{
	uint32_t n = c->sweep_levels ? c->sweep[c->sweep_levels - 1] : c->concurrency;

	return n ? n : 1;
}

/* Whether the clients of a level work by time (--level-time, set by
 * --clients): each data and stat phase repeats its passes until the
 * level's deadline, each create and delete is one pass cut at it or by
 * the stonewall. --verify keeps one whole pass of each. */
static inline bool config_level_timed(const struct config *c)
{
	return c->level_ns > 0 && !c->verify;
}

/* In a time-based level the clients' creates draw their files from one
 * pool: they end at the level's deadline, or all of them once the pool is
 * taken. With -n given it is this many times the count; with an automatic
 * count it is sized by time as well (files_auto_pool_k), at least that. */
#define FILES_POOL_FACTOR 4u

static inline uint64_t config_files_pool(const struct config *c)
{
	return (uint64_t)(c->decided.files_pool_k ? c->decided.files_pool_k : FILES_POOL_FACTOR * c->files_k) * 1024u;
}

#endif
