/* Repeats (-x N): what each run measured, kept small, and per phase the
 * statistics over the runs (median rate, min-max, CV, median of each
 * latency percentile, confidence). Pure: no I/O; the formatters are in
 * repeat_report.c. */
#ifndef BONNIE_REPEAT_H
#define BONNIE_REPEAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../lib/stats.h"
#include "../../phases/interface/results.h"
#include "confidence.h"
#include "view.h"

struct repeat_sample {
	bool done[PHASE_COUNT];      /* the phase has numbers in this run */
	double rate[PHASE_COUNT];    /* metric_rate */
	int64_t lat[PHASE_COUNT][VIEW_PCTS]; /* the view's latencies, ns; -1: too few operations */
	uint64_t elapsed_ns[PHASE_COUNT];
	uint64_t ops[PHASE_COUNT];
	int device_pct[PHASE_COUNT];
	unsigned reasons[PHASE_COUNT]; /* this run's confidence reasons */
	int cpu[PHASE_COUNT];          /* %CPU */
	uint8_t verdict[PHASE_COUNT];  /* enum verdict_kind */
};

struct repeat_set {
	size_t n;
	size_t cap;
	struct repeat_sample *s;
};

/* One phase over the runs that have numbers for it. */
struct repeat_summary {
	struct stats rate;           /* rate.n: runs with numbers */
	bool has_lat[VIEW_PCTS];     /* by enum view_pct */
	double lat_ns[VIEW_PCTS];    /* median over the runs with enough operations */
	struct confidence conf;      /* median duration and operations, lowest device share,
	                                CV, and every run's reasons plus CONF_UNSTABLE */
	unsigned verdicts[VERDICT_KINDS]; /* how many of those runs had each verdict */
	int cpu_pct;                 /* median %CPU over the runs with numbers */
};

/* Adds a finished run by its view (view_of_run, built once per run by its
 * owner). Returns 0, or -1 with errno set (out of memory). */
int repeat_add(struct repeat_set *rs, const struct run_view *run);
void repeat_free(struct repeat_set *rs);

/* Statistics of phase id; false when no run has numbers for it. */
bool repeat_summarise(const struct repeat_set *rs, enum phase_id id, struct repeat_summary *sum);

#endif
