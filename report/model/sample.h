/* One phase of one run as a summary over runs reads it. The -x summary
 * (repeat.c) and a sweep level's repeats (sweep_model.c) take their
 * sample here, from the run's view, and summarise it with lib/stats, so
 * that the two summaries are of the same figures.
 *
 * Their one difference is kept in sight: the -x summary's latencies are
 * pct_ns (a percentile only where the operations counted support it, as
 * the run's table shows it), a sweep level's are lat_ns (the histogram's,
 * whatever the count: a level's clients together run many operations,
 * and the knee compares levels by these). */
#ifndef BONNIE_SAMPLE_H
#define BONNIE_SAMPLE_H

#include <stdbool.h>
#include <stdint.h>

#include "view.h"

struct phase_sample {
	bool done;                  /* the phase has numbers in this run (CELL_VALUE) */
	double rate;                /* the view's rate */
	int64_t pct_ns[VIEW_PCTS];  /* the view's pct_ns: -1 where the count does not support it */
	uint64_t lat_ns[VIEW_PCTS]; /* the view's lat_ns: the histogram's, whatever the count */
	uint64_t elapsed_ns;
	uint64_t ops;
	int device_pct;
	unsigned reasons;           /* this run's confidence reasons */
	int cpu_pct;                /* %CPU */
	double cpu;                 /* CPU time over the phase's time, in cores; 0 without a time */
	uint64_t sync_ns;
	double fairness;            /* the clients' Jain index; 1 with one client */
	double overlap;             /* the clients' overlap; 1 with one client */
	uint8_t verdict;            /* enum verdict_kind */
};

/* The sample of one phase's view (done false, the rest 0, when it has no numbers). */
void sample_of_view(const struct phase_view *v, struct phase_sample *s);

#endif
