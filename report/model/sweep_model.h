/* The client sweep as derived facts (--clients LIST): what each phase did
 * at each client count, and where its knee is. Pure functions from results
 * into structs, no output: the text table, the knee sentences, the JSON
 * and the HTML charts (sweep.c, html_sweep.c) all read these, so they
 * cannot disagree, and each is testable without I/O.
 *
 * The rule, so that the knee never contradicts the data:
 *   - throughput "peaks at" the count with the highest rate, or the
 *     smallest count whose rate cannot be told from it; which of the two
 *     is said. Two counts differ when, with repeats at both (-x N with
 *     --clients, the counts interleaved), their min-max ranges do not
 *     overlap; with a single run at either, when one rate is more than
 *     SWEEP_MIN_GAIN times the other (a single run cannot show the
 *     run-to-run swing, so smaller differences are not judged). When no
 *     count differs from the highest, there is no clear knee.
 *   - the latency knee is the first count whose p99 (its lowest over the
 *     runs) is above K times the baseline's (its highest over the runs)
 *     and at least the lag floor (--lag-floor, a p99 a person notices, so
 *     that 32 us -> 64 us is no knee); the baseline is the count with the
 *     lowest (median) p99 so far, so a first count that was an outlier
 *     does not hide a later rise.
 *   - a phase is CPU-bound on the load generator at a count when one
 *     client used most of a core (SWEEP_CPU_CLIENT) or the clients
 *     together used nearly all the host's cores (SWEEP_CPU_HOST). From
 *     the first such count on, and beyond the core count, its p99 measures
 *     this host's CPU and scheduler, not the storage: a knee there is
 *     named as the CPU's limit, never as a storage knee.
 *   - the whole sweep's answer reads only the phases a file server is
 *     loaded by (FACT_LOADS_SERVER in the phase list: block write and
 *     read, file create, stat and delete; not per-char, rewrite or seeks). */
#ifndef BONNIE_SWEEP_MODEL_H
#define BONNIE_SWEEP_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "../../lib/str.h"
#include "../../options/constants.h"
#include "../../phases/interface/results.h"
#include "confidence.h"
#include "sample.h"

/* With a single run at a count, rates closer than this factor are not
 * judged different (JSON min_gain). */
#define SWEEP_MIN_GAIN 1.25

/* Runs kept per count for the spread: -x with --clients is refused
 * beyond it (options.c), so every run a sweep was given is counted. */
#define SWEEP_MAX_RUNS MAX_SWEEP_RUNS

/* A count whose clients were all active together for less than this part
 * of a phase is marked (the figure is mostly fewer clients running); the
 * mark's words, short and its reason, which every output of a sweep says. */
#define SWEEP_MIN_OVERLAP_PCT 90
#define SWEEP_MIN_OVERLAP (SWEEP_MIN_OVERLAP_PCT / 100.0)
#define SWEEP_OVERLAP_WORDS "overlap under " STR_OF(SWEEP_MIN_OVERLAP_PCT) "%"
#define SWEEP_OVERLAP_WHY "much of the phase ran with fewer clients than the count"

/* The marks that leave a count out of every answer (knee, peak, CPU
 * limit, the whole sweep's): its figure ran under 0.5 s (~), counted few
 * operations (#), came from the page cache (c, ?), or its clients were
 * not all active together (MARK_OVERLAP, SWEEP_MIN_OVERLAP). Such a figure
 * is shown, marked, and said to be left out. */
#define SWEEP_UNTRUSTED (CONF_SHORT | CONF_FEW_OPS | CONF_CACHED | CONF_NOT_EVICTED)

/* CPU-bound on the load generator: one client's CPU (user + system, over
 * the phase's time) at least this part of a core ... */
#define SWEEP_CPU_CLIENT 0.80
/* ... or the clients' CPU together at least this part of the host's cores. */
#define SWEEP_CPU_HOST 0.90

/* Which of the two CPU rules made phase id CPU-bound on the load
 * generator at level l (the one-client rule first, as the header says). */
enum sweep_cpu_rule {
	SWEEP_CPU_NONE,     /* neither: not CPU-bound (or it did not run) */
	SWEEP_CPU_A_CLIENT, /* a client used SWEEP_CPU_CLIENT of a core (on average) */
	SWEEP_CPU_THE_HOST, /* the clients together SWEEP_CPU_HOST of the host's cores */
};

/* How the throughput peak was named. */
enum sweep_peak_kind {
	SWEEP_PEAK_HIGHEST,      /* the count with the highest rate */
	SWEEP_PEAK_WITHIN_NOISE, /* a smaller count that cannot be told from the highest */
	SWEEP_PEAK_NO_KNEE,      /* no count differs from the highest: no clear knee */
};

/* Where a phase's knee is, as indexes into the sweep's levels (-1: none). */
struct sweep_knee {
	bool has;         /* two trusted levels or more: the fields below used and left_out are set */
	uint32_t used;    /* bit l: level l is trusted (sweep_trusted); the knee reads only these */
	uint32_t left_out; /* bit l: the phase completed at level l, but it is not trusted */
	int first;        /* first trusted level */
	int levels;       /* trusted levels */
	int best;         /* the level with the highest rate */
	int peak;         /* the level "throughput peaks at" names (see kind) */
	enum sweep_peak_kind kind;
	bool still_rising; /* the highest rate is at the last level, and peak is it */
	int base;         /* the p99 baseline: the lowest p99 up to p99_over (or to the last) */
	int p99_over;     /* first level whose p99 is above k x the baseline's and the floor */
	int p99_factor;   /* without p99_over: the first level whose p99 is above k x the
	                     baseline's but under the floor (-1: none) */
	int factor_base;  /* the baseline p99_factor was judged against */
	int last;         /* last level it completed at */
	int cpu_at;       /* first level it was CPU-bound at (-1: never) */
	bool cpu_knee;    /* p99_over is where this host's CPU was the limit: no storage knee */
	int storage_last; /* last level its p99 speaks of the storage (-1: none, CPU-bound from the first) */
};

/* The answer for the whole sweep, from the server phases that have two
 * trusted counts (judged; sweep_knee): the phase whose p99 passes k x its
 * baseline and the floor at the smallest count, as a storage knee (the
 * first in phase order on a tie), how many other phases pass at that
 * count too, and the trusted count before it. Without a lag, upto is the
 * largest trusted count a judged phase's p99 speaks of the storage at
 * whose run finished (unfinished: the smallest that did not; 0: none,
 * inconclusive). left_out counts the server phases' points not trusted,
 * untrusted the server phases that ran at two counts or more but have
 * fewer than two trusted. The judged phases that were CPU-bound are named
 * apart (cpu, the first of them at the smallest count in cpu_phase,
 * cpu_at). */
struct sweep_answer {
	bool lags;
	enum phase_id phase;   /* with lags */
	uint32_t at;           /* the count where its p99 passes */
	uint32_t upto;         /* the count before it (lags), or see above */
	uint32_t others;       /* other phases passing at the same count */
	uint32_t judged;       /* mask (1u << id) of the server phases judged */
	uint32_t cpu;          /* of them, those CPU-bound at some count */
	enum phase_id cpu_phase;
	uint32_t cpu_at;
	uint32_t left_out;     /* server phases' points left out (SWEEP_UNTRUSTED, overlap) */
	uint32_t untrusted;    /* mask of server phases with too few trusted counts to judge */
	uint32_t unfinished;   /* without a lag: the smallest count after the first whose run did
	                          not finish (one a judged phase completed at first), not counted
	                          in upto (0: none) */
};

/* Every phase that ran (not only a server's) at a glance, for the page's
 * summary line (sweep_tally): how many ran, the count most of them peak
 * at and how many do, and whose p99 passes the rule, as a storage knee
 * or where this host's CPU was the limit. */
struct sweep_tally {
	uint32_t phases;      /* phases that completed at some count */
	uint32_t peak_at;     /* the count most phases' throughput peaks at, the smallest
	                         on a tie (0: no phase shows a peak) */
	uint32_t peak_phases; /* phases peaking there */
	uint32_t lag;         /* mask (1u << id) of phases whose p99 passes as a storage knee */
	uint32_t cpu_lags;    /* phases whose p99 passes where this host's CPU was the limit */
};

struct sweep_point {
	bool ran;       /* the phase completed at this count (in at least one run) */
	uint32_t runs;  /* runs it completed in */
	double rate;    /* aggregate, in the phase's unit: KiB/s, seeks/s, files/s; median of the runs */
	double rate_lo, rate_hi;   /* the runs' lowest and highest rate (one run: its rate) */
	double spread_pct;         /* (rate_hi - rate_lo) / rate, percent (struct stats) */
	uint64_t p50, p99, max;    /* latency, ns: medians of the runs (max: the largest) */
	uint64_t p99_lo, p99_hi;   /* the runs' lowest and highest p99 (one run: its p99) */
	double fairness;   /* Jain's index of the clients' rates, 1 = all equal (lowest of the runs) */
	double overlap;    /* all-clients-active span / first start to last end of work (lowest of the runs) */
	struct phase_sample sample[SWEEP_MAX_RUNS]; /* each run's sample of the phase, whole
	                                               (sample_of_view), in the order added: the
	                                               figures above are summarised from these */
	unsigned reasons;  /* confidence reasons at this count (enum conf_reason) */
	char mark;         /* confidence_mark(reasons): ' ' none (sweep_mark) */
	char left_mark;    /* the mark that leaves it out of every answer: its first
	                      SWEEP_UNTRUSTED reason's, else MARK_OVERLAP for a low
	                      overlap; ' ' when trusted (sweep_mark) */
	double cpu;        /* the clients' CPU together, in cores (CPU time / phase time; highest of the runs) */
	uint64_t sync_ns;  /* the final fsync/syncfs of a write phase (longest of the runs), 0: none */
	/* judged (sweep_judge): */
	enum sweep_cpu_rule cpu_rule; /* which CPU rule made it CPU-bound on the load generator */
	double cpu_client; /* the clients' CPU per client, in cores (cpu / clients) */
};

struct sweep {
	uint32_t levels;
	uint32_t clients[MAX_SWEEP_LEVELS];
	bool finished[MAX_SWEEP_LEVELS]; /* a run at the count ended done (not interrupted, none failed) */
	struct sweep_point point[MAX_SWEEP_LEVELS][PHASE_COUNT];
	uint64_t lag_floor_ns;   /* a knee's p99 is at least this (sweep_set_rule; 0: none) */
	uint32_t cores;          /* the host's online cores (0: unknown, only the one-client rule) */
	/* judged once the sweep is complete (sweep_judge); the outputs read these */
	bool judged;
	double factor;           /* the knee factor judged with (--knee-factor) */
	struct sweep_knee knee[PHASE_COUNT];
	struct sweep_answer answer;
	struct sweep_tally tally;
};

/* Judges the complete sweep with knee factor k (--knee-factor): each
 * point's CPU rule, each phase's knee and the whole sweep's answer, into
 * the fields above (sweep_judge.c). Called once where the sweep ends (cmd/run.c,
 * cmd/merge.c), before any output of it; again after a change. */
void sweep_judge(struct sweep *sw, double k);

/* The rule's parameters that are not the knee factor: the lag floor
 * (--lag-floor) and the cores of the host the clients ran on. */
void sweep_set_rule(struct sweep *sw, uint64_t lag_floor_ns, uint32_t cores);

/* Which CPU rule fired for phase id at level l on the load generator
 * (SWEEP_CPU_NONE: none); sweep_judge stores it in each point. */
enum sweep_cpu_rule sweep_cpu_rule(const struct sweep *sw, uint32_t l, enum phase_id id);
/* Whether phase id was CPU-bound on the load generator at level l (a rule fired). */
bool sweep_cpu_bound(const struct sweep *sw, uint32_t l, enum phase_id id);

/* Whether count l's clients were all active together for less than
 * SWEEP_MIN_OVERLAP of phase id (never at one client, or where it did not run). */
bool sweep_overlap_low(const struct sweep *sw, uint32_t l, enum phase_id id);

/* Whether level l of phase id can speak in an answer: it ran, is not
 * marked with a SWEEP_UNTRUSTED reason and its overlap is not low. */
bool sweep_trusted(const struct sweep *sw, uint32_t l, enum phase_id id);

/* The one overlap rule: clients (more than one) all active together for
 * less than SWEEP_MIN_OVERLAP of the phase. */
bool sweep_overlap_is_low(uint32_t clients, double overlap);


/* How many counts a run finished at (sweep.finished). */
uint32_t sweep_levels_finished(const struct sweep *sw);

/* Adds a run by its view (built once per run by its owner: the output
 * table's, cmd/run.c; bonnie merge's level with every client's spread,
 * merge_sweep_view; the results at run->clients clients) to the level of
 * that count, appending a level for a new count (ignored past
 * MAX_SWEEP_LEVELS); a count's repeats are kept whole, each phase's
 * sample_of_view's as the -x summary's (sample.h), for its spread. */
void sweep_add(struct sweep *sw, const struct run_view *run);

/* Sets the marks of level l's point of phase id from its reasons and
 * overlap: sweep_add does; whoever changes those after calls it again. */
void sweep_mark(struct sweep *sw, uint32_t l, enum phase_id id);

/* Whether phase id completed at any level. */
bool sweep_phase_ran(const struct sweep *sw, enum phase_id id);

/* The fewest runs any level completed a phase in (1 without -x; 0 when
 * nothing ran): the sweep's noise rule is "repeats" from 2 on. */
uint32_t sweep_runs(const struct sweep *sw);

/* Whether the rates of levels a and b of phase id can be told apart. */
bool sweep_rates_differ(const struct sweep *sw, enum phase_id id, int a, int b);

/* The knee of phase id with factor k, over its trusted levels only;
 * false when fewer than two are trusted (k->used, k->left_out are set
 * either way). */
bool sweep_knee(const struct sweep *sw, enum phase_id id, double k, struct sweep_knee *out);

/* The whole sweep's answer (struct sweep_answer) from the knees already
 * in sw->knee (sweep_judge's step; report/model/sweep_judge.c). */
void sweep_answer(const struct sweep *sw, struct sweep_answer *out);

/* The tally of every phase's knee (struct sweep_tally) from sw->knee
 * (sweep_judge's step; sweep_judge.c). */
void sweep_tally(const struct sweep *sw, struct sweep_tally *out);


/* Jain's fairness index of n rates given by their sum and sum of squares:
 * sum^2 / (n * sumsq), 1 when all equal, 1/n when one client did all;
 * 1 for n < 2 or no work. */
double sweep_jain(double sum, double sumsq, uint32_t n);

/* A phase's overlap: the span in which every client was active (last
 * start to first end, 0 when they never were all at once) over the first
 * start to the last end, the ends those of the clients' work
 * (phase_result_work_end: not past the stonewall or the level's end, and
 * not the final flushes after it); 1 for a single in-process run. */
double sweep_overlap(const struct phase_result *r);

#endif
