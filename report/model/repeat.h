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
#include "sample.h"
#include "view.h"

/* One run's phases, as sample_of_view reads them (sample.h). */
struct repeat_sample {
	struct phase_sample phase[PHASE_COUNT];
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

/* The runs kept, and once the last is in (repeat_done) each phase's
 * summary over them: worked out once, read by every output of it. */
struct repeat_set {
	size_t n;
	size_t cap;
	struct repeat_sample *s;
	bool has[PHASE_COUNT];                  /* repeat_done: a run has numbers for it */
	struct repeat_summary sum[PHASE_COUNT]; /* repeat_done: its summary, where has */
};

/* Adds a finished run by its view (view_of_run, built once per run by its
 * owner). Returns 0, or -1 with errno set (out of memory). */
int repeat_add(struct repeat_set *rs, const struct run_view *run);
void repeat_free(struct repeat_set *rs);

/* The set is complete: each phase's summary into rs->has and rs->sum
 * (repeat_summarise), once; the summary's outputs read them. Called by
 * the owner of the outputs (outputs_summary) before they write. */
void repeat_done(struct repeat_set *rs);

/* Statistics of phase id; false when no run has numbers for it. */
bool repeat_summarise(const struct repeat_set *rs, enum phase_id id, struct repeat_summary *sum);

#endif
