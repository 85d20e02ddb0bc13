/* bonnie merge's arithmetic, pure: per phase, the common window of the
 * hosts (the latest wall start to the earliest end), what each host did
 * inside it, the sums, the merged histogram, the overlap and the fairness. */
#ifndef BONNIE_MERGE_MODEL_H
#define BONNIE_MERGE_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../input/host_read.h"
#include "../../lib/hist.h"
#include "../../phases/interface/results.h"

#define MERGE_MAX_HOSTS 256

struct merge_phase {
	bool done;                  /* every host ran it */
	bool overlaps;              /* ... and their intervals share a window */
	uint64_t window_start_ns, window_ns; /* wall clock, ns */
	uint64_t start_spread_ns;   /* latest wall start minus earliest */
	double overlap;             /* window / the longest host's elapsed, 0..1 */
	double transfer_overlap;    /* the same without each host's final flush (a write's
	                               fsync at its end); < 0 when no host flushed */
	uint64_t flush_max_ns;      /* the longest host's final flush */
	size_t flush_host;          /* that host */
	uint64_t late_max_ns;       /* the latest host's wall start after its planned start */
	size_t late_host;           /* that host */
	bool late_said;             /* late_max_ns >= MERGE_LATE_NS: that host is named under the phase */
	bool flush_said;            /* the writes overlap MERGE_FLUSH_SAID or more beyond the phases:
	                               the longest final flush is named under the phase */
	double host_rate[MERGE_MAX_HOSTS]; /* units/s inside the window */
	double host_rate_shown[MERGE_MAX_HOSTS]; /* the same in the phase's unit (KiB/s for bytes) */
	double host_share[MERGE_MAX_HOSTS];      /* host_rate over the hosts' mean; 0 when that is 0 */
	double fairness_min;        /* the lowest host rate over the mean */
	size_t slowest;             /* index of the host with the lowest rate */
	double client_fairness;     /* the slowest client's rate (merge_client_rate) over the mean of
	                               every host's clients; < 0 when a host has no per-client results */
	size_t slowest_client_host, slowest_client; /* that client: its host and its index there */
	double *client_rate;        /* every host's clients' rates (merge_client_rate), host by host,
	                               client_rates of them; NULL when client_fairness < 0 */
	size_t client_rates;
};

/* A host whose phase started this much after its planned start is named
 * under the phase (the bound on the hosts' start spread). */
#define MERGE_LATE_NS 50000000u

/* The writes overlap this much (5 points of the longest host's writes)
 * more than the whole phases: the final flush kept them apart, and the
 * longest flush is named under the phase. */
#define MERGE_FLUSH_SAID 0.05

struct merge_result {
	size_t hosts;
	struct merge_phase phase[PHASE_COUNT];
};

/* The part of [s, s + len) inside [ws, ws + wlen), ns. */
uint64_t merge_intersect(uint64_t s, uint64_t len, uint64_t ws, uint64_t wlen);

/* What of total (of host h's phase id) happened inside the window, from
 * the phase's timeline
 * (each interval's share prorated by its time inside) when the timeline
 * covers at least 90% of elapsed, else prorated evenly over elapsed (a
 * write phase's timeline ends before its final sync, which the rate counts).
 * which: 0 bytes, 1 operations. */
uint64_t merge_in_window(const struct host_read *h, int id, uint64_t total, int which, uint64_t ws, uint64_t wlen);

/* Fills m (zeroed before its first fill; merge_result_free after the
 * last) from hosts[0..n) (n <= MERGE_MAX_HOSTS, their setups alike),
 * and run with the merged phases as one run (the table, CSV and JSON
 * formatters read it): each phase every host did whose hosts overlap,
 * the window as its elapsed time, each host's part inside it added
 * (phase_result_add): bytes and units summed, CPU and the final sync the
 * hosts' mean, every host's whole histogram. 0, or -1 out of memory. */
int merge_hosts(struct merge_result *m, const struct host_read *hosts, size_t n, struct run_result *run);
void merge_result_free(struct merge_result *m);

/* A merged level as a --clients sweep's point reads it (merge_sweep_view): run,
 * with the clients' CPU together (the run's %CP is the hosts' mean; the
 * sweep's CPU rule reads every client's, as a local sweep's does) and per
 * phase the spread of every client of every host (a host of one client:
 * its phase): their rates, for the fairness, and each one's start and
 * work end on the wall clock, the phase's start the earliest of them, so
 * that sweep_overlap reads the time all were active together over first
 * start to last end, as it reads a local sweep's clients. */
void merge_sweep_run(const struct run_result *run, const struct host_read *hosts, size_t n, struct run_result *all);

/* The view of that run, the one a merged level gives the sweep
 * (sweep_add): built of merge_sweep_run's, without a setup (the sweep
 * reads none). 0, or -1 out of memory (a level left out silently would
 * change the knee, so the caller fails). */
struct run_view;
int merge_sweep_view(const struct run_result *run, const struct host_read *hosts, size_t n, struct run_view *v);

/* The merged run's setup, as its table, CSV line and page state it: what
 * the hosts' documents recorded (host_setup_differs: the same on every
 * host): the data file's size and chunk, the seek processes, the file
 * count and the phases planned; the machine "merged-N". What the hosts'
 * documents do not carry stays bonnie's default (the file tests' chunk)
 * or none (file sizes, directories, the seed). */
struct run_setup;
void merge_setup_of(const struct host_read *h, size_t n, struct run_setup *s);

/* Each merged level's view, built once of run[0..levels) with setup s for
 * every writer of the merge (text, CSV, JSON, HTML read them): on the heap
 * (a view is large, a sweep up to MAX_SWEEP_LEVELS of them), the caller
 * frees it; NULL out of memory. */
struct run_view *merge_views_of(const struct run_setup *s, const struct run_result *run, size_t levels);

#endif
