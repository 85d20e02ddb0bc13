/* What a run measured: plain data, no pointers, so results can be copied,
 * kept in shared memory by concurrent clients, merged, and formatted by
 * report/ without knowing how they were measured. */
#ifndef BONNIE_RESULTS_H
#define BONNIE_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../lib/hist.h"
#include "../../lib/operr.h"
#include "../../lib/timeline.h"
#include "../../verdict/verdict.h"
#include "phase_list.h"

enum phase_status {
	PHASE_NOT_RUN = 0,   /* not requested (-f, -s 0, -n 0) or never reached */
	PHASE_DONE,
	PHASE_FAILED,        /* error recorded in phase_result.error */
	PHASE_INTERRUPTED,   /* stopped by a signal; numbers cover what completed */
};

/* "done", "failed", "interrupted", "not_run": the words JSON and the
 * progress lines use. */
static inline const char *phase_status_name(enum phase_status s)
{
	switch (s) {
	case PHASE_NOT_RUN: return "not_run";
	case PHASE_DONE: return "done";
	case PHASE_FAILED: return "failed";
	case PHASE_INTERRUPTED: return "interrupted";
	}
	return "unknown";
}

/* Notes a phase leaves for the report. */
enum result_flag {
	RESULT_BUFFERED = 1u << 0,    /* ran buffered although -D was given (per-char) */
	RESULT_NOT_EVICTED = 1u << 1, /* the page cache could not be dropped before it */
	RESULT_DIRECT = 1u << 3,      /* ran with O_DIRECT */
	RESULT_MISMATCH = 1u << 4,    /* --verify found different data (error says where) */
	RESULT_EVICTED = 1u << 5,     /* the data file was dropped from the page cache before it */
	RESULT_RESIDENCY = 1u << 6,   /* resident_ppm was measured after evicting */
	RESULT_LIMIT = 1u << 7,       /* failed on a process or thread limit: exit 2, not 3 */
	RESULT_STARVED = 1u << 8,     /* a client of a time-based level had work, but the level's
	                                 end or the stonewall came before its first operation
	                                 (it never ran with the others: not idle) */
	RESULT_ARC_HOLDS = 1u << 10,  /* a data-file read on ZFS whose file the ARC may hold whole
	                                 (arc.max_bytes): dropping the page cache did not make
	                                 its reads reach the disks */
	RESULT_FILE_CUT = 1u << 9,    /* block write's first pass ended at a --start-at
	                                 schedule's deadline: the data file (file_bytes) is
	                                 smaller than -s asked */
};

/* Bytes the block devices moved during a phase (from their sysfs stat
 * files, summed over the bottom of the device stack). */
struct dev_io {
	bool valid;
	uint64_t read_bytes;
	uint64_t write_bytes;
	uint8_t caveat;         /* enum env_caveat: 0 when the counters are device-true */
	uint32_t read_ahead_kb; /* the device's read-ahead while the phase ran, KiB; 0 unknown */
	char read_ahead_dev[32]; /* whose it is ("vda") */
	uint16_t write_copies_pct; /* bytes the members write per 100 given (200: a 2-way
	                              mirror); 0 unknown */
	char layout[64];        /* the members' layout ("btrfs raid1 over 2"); "" one device */
	bool own_valid;         /* own_*: this process's own storage I/O over the phase
	                           (/proc/self/io), what the kernel charged to bonnie; not
	                           known with client processes */
	uint64_t own_read_bytes, own_write_bytes;
};

/* ZFS's ARC over a phase (env/zfs.h): its hits and misses while the phase
 * ran, and what it may hold; all zero off ZFS. */
struct arc_io {
	bool counted;           /* hits and misses were read before and after */
	uint64_t hits, misses;
	uint64_t max_bytes;     /* what the ARC and L2ARC may hold; 0 unknown */
	uint64_t file_bytes;    /* the data file it was weighed against */
};

/* A ZFS dataset after a phase that wrote the data file: its compressratio
 * (zfs get; bonnie's data does not compress, so 1.00x where compression is
 * on) and the bytes it referenced then, what the ratio covers (ZFS
 * accounts data at its transaction group's sync); all zero otherwise. */
struct zfs_after {
	double compressratio;   /* 1.0 for 1.00x; 0 not read */
	uint64_t referenced;    /* bytes; 0 unknown */
};

/* How a phase went across concurrent clients (-c N, N > 1); all zero for
 * a single in-process run. */
struct client_spread {
	uint32_t clients;       /* client results merged into this one */
	uint32_t idle;          /* of them, those with nothing to do (a part of 0 seeks or
	                           files): not in rate_min and rate_max */
	uint32_t starved;       /* of the others, those RESULT_STARVED: rate 0, and their work
	                           ended where it began (the overlap is then 0) */
	uint64_t skew_ns;       /* first to last client start of the timed region, each
	                           at its own began_ns (they share the gate's start_ns) */
	uint64_t first_began_ns; /* the clients' earliest began_ns (the latest: + skew_ns) */
	uint64_t last_ready_ns; /* when the last client reached the barrier */
	double rate_min;        /* slowest client, units per second */
	double rate_max;        /* fastest client */
	/* For the sweep's fairness and overlap (report/model/sweep_model.c), over
	 * the clients that had work (not idle): */
	double rate_sum, rate_sq;    /* sum of their rates and of the rates squared (Jain's index) */
	uint64_t busy_last_start_ns; /* the last of them to start */
	uint64_t busy_first_end_ns;  /* the first of them to end */
	uint64_t busy_last_end_ns;   /* the last of them to end (phase_result_work_end) */
};

struct phase_result {
	enum phase_status status;
	uint32_t flags;         /* enum result_flag */
	uint64_t bytes;         /* data read and/or written by the operations */
	uint64_t read_bytes;    /* the part of it that was read */
	uint64_t units;         /* what the rate counts: bytes, seeks or files */
	uint64_t start_ns;      /* CLOCK_MONOTONIC when the timed region began */
	uint64_t began_ns;      /* when this process began it: a client's start_ns is the
	                           clients' common gate, which it may leave later (waiting
	                           for a CPU); 0: as start_ns */
	uint64_t elapsed_ns;    /* the timed region */
	uint64_t span_ns;       /* if set, the part that the rate counts (seeks: first
	                           worker start to last worker end), inside elapsed_ns */
	uint64_t cpu_ns;        /* process-wide user+system CPU over elapsed_ns */
	uint64_t wall_start_ns; /* --start-at: start_ns on CLOCK_REALTIME; 0: not scheduled */
	uint64_t planned_ns;    /* --start-at: the schedule's start for it (phases/runner/schedule.h) */
	uint64_t sync_ns;       /* final fsync/syncfs (+close), part of elapsed_ns */
	uint64_t cut_ns;        /* a client of a time-based level: where the level ended the
	                           phase for all, the stonewall or the deadline (0: none); its
	                           work counts up to there (phase_result_work_end) */
	uint64_t file_bytes;    /* block write: bytes in the data file when it ended, the phases
	                           after it work on (summed over clients); 0 for the others */
	struct dev_io dev;
	struct arc_io arc;
	struct zfs_after zfs;   /* a data-file write phase on ZFS */
	uint32_t resident_ppm;  /* with RESULT_RESIDENCY: the sampled part of the data file
	                           still in the page cache after evicting, per million */
	struct hist latency;    /* one entry per operation */
	uint8_t qd_engine;      /* a queue-depth phase: the enum qdio_engine that ran it
	                           (lib/qdio.h); 0 for every other phase */
	uint32_t qd_max_in_flight; /* ... and the most operations it had in flight at once */
	struct op_error error;
	struct client_spread spread;
	struct verdict verdict;   /* what the phase's timeline shows (verdict/verdict.h) */
};

/* Each phase's finished timeline of one run (lib/timeline.h); kept apart
 * from the results, which concurrent clients pass through shared memory. */
struct run_timelines {
	struct tl_series phase[PHASE_COUNT];
};

/* The alignment probe (--align-probe): small direct, durable writes at
 * physical-sector-aligned offsets and at offsets shifted by one logical
 * sector, interleaved. On a 512e drive the shifted ones need a
 * read-modify-write of two physical sectors. */
#define ALIGN_MAX_PAIRS 64

/* One aligned round and the shifted round after it: the median latency of
 * each round's writes, ns. Medians, so one stall on a busy machine moves a
 * round no more than one write. */
struct align_pair {
	uint64_t aligned_ns;
	uint64_t shifted_ns;
	uint64_t elapsed_ns; /* the pair's whole time, and of it the time the */
	uint64_t waited_ns;  /* probe waited for a CPU (elapsed_ns 0: not known) */
};

enum align_decision { ALIGN_INCONCLUSIVE, ALIGN_NO_PENALTY, ALIGN_PENALTY };

/* What the pairs show (phases/probes/align_decide.h): the shifted/aligned latency
 * ratios' median and a distribution-free confidence bound around it. */
struct align_verdict {
	enum align_decision decision;
	size_t pairs;
	double median;        /* median of shifted_ns / aligned_ns over the pairs */
	double low, high;     /* the bound: order statistics of those ratios */
	double confidence;    /* at least this share of samples would hold the median in [low, high] */
	size_t slower;        /* pairs whose shifted round was slower */
	double aligned_ns;    /* median over the pairs of each kind's round median */
	double shifted_ns;
	double waited;        /* share of the pairs' time spent waiting for a CPU, -1: unknown */
	double hidden;        /* the ratio a penalty could have, diluted to the bound's high end by that wait */
	bool cpu_busy;        /* inconclusive only because of that wait: the bound alone was below the factor */
};

struct align_result {
	bool ran;
	bool timed_out;          /* the time limit ended the rounds, not a decision */
	size_t pairs;
	struct align_pair pair[ALIGN_MAX_PAIRS];
	struct align_verdict verdict;
	uint32_t io_bytes;       /* size of each write (4096) */
	uint32_t shift_bytes;    /* the logical sector the shifted writes are moved by */
	struct hist aligned;     /* latency of each aligned write, ns */
	struct hist shifted;
	struct op_error error;   /* err != 0: the probe failed (the run goes on) */
};

/* The counts a run used: the configuration's, or those bonnie chose when
 * the user gave none (seeks.c, files_auto.c). 0: that part did not run. */
struct run_counts {
	uint64_t seeks;         /* seek operations */
	uint32_t files_k;       /* file-test files, in units of 1024 */
	bool seeks_auto;        /* sized by bonnie, not given with -s */
	bool files_auto;        /* sized by bonnie, not given with -n */
	uint8_t files_bound;    /* ... and what set the count (enum files_bound; 0: not known) */
	bool files_in_run;      /* ... by the file phases' own calibration, once the run had
	                           started (the header above the table could not say it) */
	bool size_auto;         /* the data file's size is bonnie's choice, not given with -s */
	uint64_t perchar_bytes; /* per-char bytes of the whole run (0: those phases did not run) */
	bool perchar_auto;      /* sized by time by bonnie, not given with -f */
};

struct run_result {
	unsigned index;         /* 1-based run number with -x */
	uint32_t seed;
	struct run_counts counts;
	bool interrupted;       /* a stop request ended the run (perhaps between phases) */
	uint32_t clients;       /* concurrent client processes (1: one in-process run) */
	uint32_t hosts;         /* bonnie merge: the hosts merged into it (0: a run of this host) */
	struct phase_result phase[PHASE_COUNT];
};

/* The first phase that failed (its error and flags say why), or NULL. */
static inline const struct phase_result *run_result_failed(const struct run_result *run)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if (run->phase[i].status == PHASE_FAILED)
			return &run->phase[i];
	return NULL;
}

/* The run as a whole, the one rule: "failed" when a phase failed,
 * "interrupted" when a stop ended it, else "done" (the view's and the
 * JSON's run status, the exit status's order; a sweep's count is finished
 * only by a done run). */
static inline enum phase_status run_result_status(const struct run_result *run)
{
	if (run_result_failed(run))
		return PHASE_FAILED;
	return run->interrupted ? PHASE_INTERRUPTED : PHASE_DONE;
}

/* A client's result that had nothing to do (a part of 0): no rate, left
 * out of the spread. A starved one (RESULT_STARVED) had work and counts. */
static inline bool phase_result_idle(const struct phase_result *r)
{
	return r->status == PHASE_DONE && r->units == 0 && !(r->flags & RESULT_STARVED);
}

/* Where a client's work in the phase ended: its own end, or where the
 * level ended the phase for all (cut_ns) when it worked past it (what a
 * client does after the stonewall or the deadline is one operation at
 * most and its final flush, or the rest of block write's first pass,
 * which is whole: it makes the data file; the work of the clients
 * together ends there, as mdtest's stonewall counts it); a starved client's where it
 * began, so that the clients were never all active (overlap 0). */
static inline uint64_t phase_result_work_end(const struct phase_result *r)
{
	uint64_t end = r->start_ns + r->elapsed_ns;

	if (r->flags & RESULT_STARVED)
		return r->start_ns;
	return r->cut_ns > r->start_ns && r->cut_ns < end ? r->cut_ns : end;
}

#endif
