/* One view of a result: what every output says about a phase and a run,
 * derived once, so the table, CSV, JSON, share, HTML and compare cannot
 * disagree. Pure: no FILE *, no output; formatters read only the view.
 *
 * Built from a measured run (view_of_run, view.c) or from a run read back
 * (view_of_read, compare's input: view_read.c). A parsed run fills
 * only some fields; each field below says so:
 *   [both]     filled from either;
 *   [measured] only from a measured run: in a parsed run left at the
 *              "unknown" value named (-1, 0, NULL, VERDICT_NONE).
 * Field names are stable: other files are written against them. */
#ifndef BONNIE_VIEW_H
#define BONNIE_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "../../input/input.h" /* enum cell_state */
#include "../../options/constants.h"
#include "../../verdict/verdict.h"
#include "../../phases/interface/results.h"
#include "confidence.h"
#include "device_why.h"

#define VIEW_WHY_MAX 640 /* room for a device_why sentence */
#define VIEW_LIKE_MAX 1024 /* room for a run's settings as options (like_options.h) */

/* The latency percentiles every output shows, in this order: the one list.
 * VIEW_MAX is the largest latency (p = 100). An output shows a subset by
 * naming entries (table: max, p99.9, p99, median). */
enum view_pct {
	VIEW_P50,
	VIEW_P90,
	VIEW_P99,
	VIEW_P99_9,
	VIEW_P99_99,
	VIEW_MAX,
	VIEW_PCTS
};

struct view_pct_def {
	double p;          /* percentile; 100 for the maximum */
	const char *label; /* "p50", "p99.9", "max": headings and text */
	const char *key;   /* "p50", "p99_9", "max": JSON keys */
	const char *heading; /* "median", "p99.9", "max": a column's heading in the page */
};
extern const struct view_pct_def view_pcts[VIEW_PCTS];

/* What every output says about one phase of one run. */
struct phase_view {
	enum phase_id id;             /* [both] */
	enum cell_state state;        /* [both] CELL_VALUE: numbers below; a measured run:
	                                 DONE -> VALUE, NOT_RUN -> NOT_RUN, FAILED and
	                                 INTERRUPTED -> FAILED (never TOO_FAST, UNKNOWN) */
	enum phase_status status;     /* [both] a parsed run: DONE for VALUE, FAILED for
	                                 FAILED, else NOT_RUN */
	double rate;                  /* [both] in the phase's unit (KiB/s, seeks/s, files/s);
	                                 0 unless state == CELL_VALUE */
	double iops;                  /* [both] a queue-depth phase's operations a second (its
	                                 rate over its block size: view_qd_iops); 0 for the others */
	bool sync_split;              /* [both] the phase reports its final sync apart
	                                 (metric_has_sync_split) */
	double rate_unsynced;         /* [measured] the rate without the final sync; -1 without
	                                 a sync split or unknown */
	int cpu_pct;                  /* [both] CPU over wall time, percent; -1 unknown */
	int64_t pct_ns[VIEW_PCTS];    /* latency, ns, by enum view_pct; -1 absent: the sample
	                                 count does not support it (metric_pct_supported; the
	                                 maximum needs one sample). [measured]; a parsed run
	                                 knows at most VIEW_MAX */
	uint64_t operations;          /* [measured] timed operations (latency samples); 0 unknown */
	uint64_t duration_ns;         /* [measured] the timed region; 0 unknown */
	bool derived;                 /* a run read back: operations or duration_ns derived
	                                 from its settings and rate, not recorded */
	struct confidence conf;       /* [measured] confidence_of (facts and reasons); a parsed
	                                 run sets conf.reasons from what it says (CONF_SHORT
	                                 for a low-confidence JSON phase), the facts unknown */
	bool reasons_unknown;         /* [both] the input does not say what is against the
	                                 figure (a CSV line, a table, an older JSON): conf.reasons
	                                 then holds at most what it does say (CONF_SHORT), and
	                                 no mark is not "none"; never for a measured run */
	char mark;                    /* [both] confidence_mark(conf.reasons): ' ' none */
	bool low_confidence;          /* [both] ran under METRIC_MIN_TRUSTED_NS (the one
	                                 short-phase rule, metric_low_confidence) */
	struct verdict verdict;       /* [measured] the timeline's verdict; kind VERDICT_NONE
	                                 when none or unknown */
	/* What only a measured run has, copied (the view holds no pointer into
	 * the result). A parsed run leaves them at 0, or -1 where said. */
	double rate_ran;              /* [measured] the rate over what completed, for a phase
	                                 that ran (done, failed or interrupted: the JSON); 0 */
	double rate_unsynced_ran;     /* [measured] the same without the final sync; -1
	                                 without a sync split */
	uint64_t lat_ns[VIEW_PCTS];   /* [measured] each latency as the histogram gives it,
	                                 supported by the count or not (the JSON: its readers
	                                 expect a number); 0 without samples */
	uint64_t lat_min_ns;          /* [measured] 0 without samples */
	double lat_mean_ns;           /* [measured] 0 without samples */
	uint64_t sync_ns;             /* [measured] the final fsync/syncfs (+close) */
	int arc_hit_pct;              /* [measured] ZFS's ARC hits over the phase; -1 unknown */
	uint32_t clients;             /* [measured] client results merged into it (spread) */
	uint64_t client_skew_ns;      /* [measured] first to last client start, with clients > 1 */
	double client_rate_min;       /* [measured] the slowest and fastest client's rates in */
	double client_rate_max;       /*   the phase's unit (as rate), with clients > 1 */
	double client_fairness;       /* [measured] Jain's index over the clients with work
	                                 (sweep_jain), with clients > 1 */
	double client_overlap;        /* [measured] the share of the phase all of them worked
	                                 together (sweep_overlap), with clients > 1 */
	bool client_overlap_low;      /* [measured] too low to sum their rates as one
	                                 (sweep_overlap_is_low) */
	uint32_t flags;               /* [measured] enum result_flag */
	uint64_t bytes;               /* [measured] data read and/or written by the operations */
	uint64_t read_bytes;          /* [measured] the part of the data that was read */
	uint64_t start_ns;            /* [measured] CLOCK_MONOTONIC when the timed region began */
	uint64_t wall_start_ns;       /* [measured] --start-at: the start on CLOCK_REALTIME; 0 */
	uint64_t planned_ns;          /* [measured] --start-at: the schedule's start; 0 */
	uint64_t span_ns;             /* [measured] the part the rate counts, if set; 0 */
	uint64_t cpu_ns;              /* [measured] user+system CPU over the timed region */
	uint32_t qd_max_in_flight;    /* [measured] a queue-depth phase's most operations in flight */
	uint32_t client_idle;         /* [measured] of the clients, those with nothing to do */
	uint32_t client_starved;      /* [measured] of the others, those that did nothing */
	uint64_t file_bytes;          /* [measured] block write: the data file's bytes when it
	                                 ended (summed over clients); 0 for the others */
	uint32_t resident_ppm;        /* [measured] with RESULT_RESIDENCY in flags: the data
	                                 file's part still cached after evicting, per million */
	unsigned dev_caveat;          /* [measured] why the device's counters are not
	                                 device-true (enum env_caveat); 0 without counters */
	uint8_t qd_engine;            /* [measured] a queue-depth phase's enum qdio_engine; 0 */
	bool cached;                  /* [measured] the cache served a reading phase (metric_cached) */
	unsigned expected_write_pct;  /* [measured] what the devices write per 100 written
	                                 (device_expected_write_pct: a 2-way mirror 200) */
	enum device_why dev_why;      /* [measured] why "From device" is far from that
	                                 (device_why); DEV_WHY_NONE: not far, or not done */
	char dev_why_text[VIEW_WHY_MAX]; /* [measured] its sentence; "" with DEV_WHY_NONE */
	const char *dev_why_cause;    /* [measured] the cause said once for all phases (a
	                                 constant string: device_why_cause), or NULL */
	const char *dev_cached_reason; /* [measured] why a read is the cache's, in words (a
	                                 constant string: device_cached_reason); NULL unless
	                                 the phase ran */
	/* [measured] the storage counters over the phase, as read (the JSON's
	 * "device", "arc" and "zfs_dataset" members); all 0 / false without */
	bool dev_valid;               /* the block devices' counters were read */
	uint64_t dev_read_bytes, dev_write_bytes;
	uint32_t dev_read_ahead_kb;   /* 0 unknown */
	char dev_layout[64];          /* the members' layout; "" one device */
	char dev_read_ahead_dev[32];  /* whose read-ahead it is ("vda"); "" unknown */
	bool dev_own_valid;           /* bonnie's own storage I/O (/proc/self/io) was read */
	uint64_t dev_own_read_bytes, dev_own_write_bytes;
	bool arc_counted;             /* ZFS's ARC hits and misses were read */
	uint64_t arc_hits, arc_misses;
	uint64_t arc_max_bytes;       /* what the ARC may hold; 0 unknown (0 and not counted:
	                                 not on ZFS) */
	double zfs_compressratio;     /* after a data-file write on ZFS; 0 not read */
	uint64_t zfs_referenced;      /* bytes; 0 unknown */
};

/* The setup a run's table, CSV line and page heading state: what the run
 * recorded of its options (view_setup_of a run's config; merge_setup_of
 * the hosts' documents, merge_model.h). */
#define VIEW_DIR_MAX 4096
struct run_setup {
	char machine[MAX_MACHINE_NAME + 1]; /* -m, CSV-safe */
	uint64_t file_size;           /* 0: no I/O phases */
	uint32_t chunk;
	uint32_t seeks;               /* -s's seeks as given; 0 sized by bonnie or unknown */
	uint32_t seek_procs;
	uint32_t files_k;             /* x1024; 0: no file phases */
	int64_t file_max;             /* bytes, or FILES_HARD_LINKS / FILES_SYMLINKS */
	int64_t file_min;
	uint32_t file_dirs;           /* 0 or 1: one directory */
	uint32_t file_chunk;
	bool asks_data_file;          /* a bonnie++ phase of the data file was chosen */
	bool asks_files;              /* ... a bonnie++ file phase */
	bool seed_given;              /* -z: the seed is in the command line already */
	uint32_t seed;
	/* what the page's options table states besides (none for bonnie merge,
	 * whose page has no options of its own) */
	char dir[VIEW_DIR_MAX];       /* -d as given, "." by default; cut to fit */
	uint64_t perchar_size;        /* -f; 0: no per-char phases */
	uint32_t runs;                /* -x */
	uint32_t sweep_levels;        /* --clients: how many counts (0: no sweep) */
	uint32_t sweep[MAX_SWEEP_LEVELS];
	bool direct, sync_each, evict, verify; /* -D, -b, not --no-evict, --verify */
};

/* A depth gain of the queue-depth profile (qd_gain.h): a deeper row's
 * IOPS over its Q1 row's, of the same block size and direction. */
#define QD_GAIN_PAIRS 4
struct qd_gain {
	enum phase_id deep, shallow; /* the deeper row and its Q1 row */
	unsigned depth;              /* the deeper row's depth */
	double ratio;                /* deep IOPS / shallow IOPS; 0 when either has no figure */
	bool conclusive;             /* both figures unmarked (not short, cached, few...) */
	const char *why;             /* when not: which mark, in words ("cached") */
};
/* What every output says about one run. */
struct run_view {
	unsigned index;               /* [measured] 1-based run number with -x; 0 unknown */
	enum phase_status status;     /* [both] the one run status rule (run_result_status):
	                                 failed when a phase failed, interrupted when a stop
	                                 ended it, else done */
	bool seed_known;              /* [both] */
	uint32_t seed;                /* [both] when seed_known */
	uint32_t clients;             /* [both] concurrent clients, at least 1 */
	uint32_t hosts;               /* [measured] bonnie merge: the hosts merged into it; 0 */
	uint64_t seeks;               /* [both] seek operations that ran; 0: unknown or none */
	uint32_t files_k;             /* [both] file-test files that ran, x1024; 0: unknown or none */
	uint64_t perchar_bytes;       /* [measured] per-char bytes of the run; 0 unknown or none */
	struct run_counts counts;     /* [measured] the counts as the run recorded them (0: none
	                                 ran), and who chose them (the JSON's "counts") */
	struct run_setup setup;       /* [measured] what its table, CSV line and page state of
	                                 the setup */
	struct phase_view phase[PHASE_COUNT];
	unsigned lacks;               /* a run read back: enum view_lack, what its input
	                                 states of no phase (view_of_read); 0 measured */
	size_t nqd_gains;             /* [both] the profile's depth gains (qd_gains, made */
	struct qd_gain qd_gain[QD_GAIN_PAIRS]; /* with the view): the pairs that ran */
	unsigned qd_deepest, qd_shallowest; /* [both] the profile's deepest and shallowest
	                                 queue depths (qd_depth_span: the phase table's shapes) */
	char like[VIEW_LIKE_MAX];     /* [measured] view_of_run: the run's settings as options
	                                 (like_options_of, for bonnie --like); "" else */
};

/* What a run read back states of none of its phases (run_view.lacks),
 * from its known bits: each is unknown there, never a 0. */
enum view_lack {
	VIEW_LACKS_LATENCY = 1u << 0, /* no latency at all */
	VIEW_LACKS_MAX = 1u << 1,     /* a latency (a mean), but no maximum */
	VIEW_LACKS_PCT = 1u << 2,     /* a latency, but no percentile below the max */
	VIEW_LACKS_CACHE = 1u << 3,   /* no confidence reasons, so no cache state */
	VIEW_LACKS_TIME = 1u << 4,    /* bonnie++'s and bonnie's: no elapsed time (bonnie
	                                 derives one, flagged) */
};
#define VIEW_LACKS 5
/* Each lack's JSON key and words ("no cache state"), by bit number. */
extern const char *const view_lack_keys[VIEW_LACKS];
extern const char *const view_lack_words[VIEW_LACKS];

/* Whether percentile entry k is shown at all for a phase (a value, not -1). */
static inline bool view_has_pct(const struct phase_view *p, enum view_pct k)
{
	return p->pct_ns[k] >= 0;
}

/* The view of one phase of a measured result; cv_pct < 0 when not repeated. */
void view_of_phase(enum phase_id id, const struct phase_result *r, double cv_pct, struct phase_view *v);

/* The view of a measured run. cfg (never NULL: every caller builds the
 * same view) gives its setup (view_setup_of), and with it the counts a
 * run used when it did not record its own; cv_pct is each phase's CV over the runs of -x
 * (NULL: not repeated). */
struct config; /* options/config.h: its owner's (outputs.c) alone */
void view_of_run(const struct config *cfg, const struct run_result *run, const double *cv_pct, struct run_view *v);

/* The setup of a run of cfg; and the view of a run of setup s (what
 * view_of_run makes of view_setup_of: bonnie merge's, of the hosts'). */
void view_setup_of(const struct config *cfg, struct run_setup *s);
void view_of_setup_run(const struct run_setup *s, const struct run_result *run, const double *cv_pct,
                       struct run_view *v);

/* What a measured run's JSON lists beside its view, too big to copy into
 * every view (view_records.c): each phase's non-empty latency buckets
 * [lo, hi, count] in ns, a failed phase's error and its timeline's
 * intervals. Built once per run by the JSON's owner, on the heap (about
 * 4 MiB). */
struct view_bucket {
	uint64_t lo, hi, count;
};
/* One interval of a phase's timeline as the JSON lists it: its start
 * (from the phase's start) and length, its sums and latencies. */
struct view_interval {
	uint64_t start_ns, length_ns;
	uint64_t bytes, ops, p50_ns, p99_ns, max_ns, dev_read, dev_write;
};
struct view_intervals {
	bool present;                 /* the phase recorded a timeline */
	bool dev_valid;               /* dev_read/dev_write are the devices' counters */
	uint64_t width_ns;            /* every interval's but the last */
	uint32_t n;
	struct view_interval iv[TL_MAX];
	struct tl_sync sync;          /* the final sync's segment (present or not) */
};
struct phase_records {
	size_t nbuckets;
	struct view_bucket bucket[HIST_BUCKETS];
	struct op_error error;        /* err 0 and "" unless the phase failed */
	struct view_intervals timeline;
};
struct run_records {
	struct phase_records phase[PHASE_COUNT];
};
/* NULL when there is no memory for it; free() it. */
struct run_records *view_records_new(void);
/* The records of run, with each phase's timeline of tls (NULL: none). */
void view_records_of(const struct run_result *run, const struct run_timelines *tls, struct run_records *rec);

/* The view of a run read back, every input kind (compare's input;
 * view_read.c): what the input states (its phases' known bits) as given,
 * over what it records where it records a result (bonnie's JSON,
 * p->result: then viewed by the builder of a measured run's view, its
 * [measured] fields filled where the document records them: the
 * histogram's percentiles, the verdict, bytes, sync), the rest unknown. */
void view_of_read(const struct parsed_run *p, struct run_view *v);

/* A phase's timeline as the run page draws it (view_timeline.c): at most
 * VIEW_TL_POINTS points, each a group of the series' intervals. */
#define VIEW_TL_POINTS 300
struct view_timeline {
	size_t n, n99;
	double x[VIEW_TL_POINTS], rate[VIEW_TL_POINTS];     /* the group's middle (s), its rate
	                                                      (KiB/s for bytes, else per s) */
	double x99[VIEW_TL_POINTS], p99[VIEW_TL_POINTS];    /* only where operations completed (ns) */
	double max_rate, min_p99, max_p99;                  /* 0 without points */
	double span_s;                                      /* the series' length */
};
void view_of_timeline(const struct tl_series *s, enum phase_id id, struct view_timeline *p);

/* A phase's latencies as the run page shows them (view_latency.c): the
 * table's row and the curve, p0 (the minimum) then every VIEW_NINES_STEP
 * nines up to the last percentile the count supports (at most p99.99). */
#define VIEW_NINES_STEP 0.05   /* the curve's resolution on the nines axis */
#define VIEW_CURVE_POINTS 82   /* p0 and 0..4 nines in VIEW_NINES_STEP */
struct view_latency {
	uint64_t count, min_ns;
	int64_t pct_ns[VIEW_PCTS];       /* as view_pcts_of: -1 where the count does not support it */
	double median_ns;                /* the histogram's median even then */
	size_t n;                        /* the curve's points: */
	double pct[VIEW_CURVE_POINTS], ns[VIEW_CURVE_POINTS];
};
void view_latency_of(const struct hist *h, struct view_latency *l);
/* Of phase id over the done runs[0..n), their histograms merged; -1 when
 * there is no memory for that. */
int view_latency_merged(const struct run_result *runs, size_t n, enum phase_id id, struct view_latency *l);

/* One side of the alignment probe (aligned or shifted writes). */
struct align_side_view {
	uint64_t operations, elapsed_ns; /* the side's writes and the time they took */
	double rate_kib_s;               /* over that time; 0 without any */
	uint64_t p50_ns, p99_ns, max_ns; /* latencies as the histogram gives them */
};

/* The alignment probe's figures (view_align.c); for a probe that ran. */
struct align_view {
	struct align_side_view aligned, shifted;
	double rate_ratio; /* shifted rate over aligned; 0 without an aligned rate */
};
void view_of_align(const struct align_result *a, struct align_view *v);

/* A queue-depth phase's operations a second at rate_kib_s (its rate over
 * its block size); 0 for a phase that is not one. */
double view_qd_iops(enum phase_id id, double rate_kib_s);

/* The latencies of a histogram as the view shows them: pct_ns[k] the
 * percentile (or maximum) when the count supports it, else -1. */
void view_pcts_of(const struct hist *h, int64_t pct_ns[VIEW_PCTS]);

#endif
