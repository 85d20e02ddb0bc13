/* Concurrent parts of one phase added into one result: the one
 * accumulate of bonnie's two merges of concurrent work, the clients of a
 * run (phases/runner/client_window.c) and the hosts of bonnie merge
 * (report/model/merge_model.c). What differs between those two is the
 * window rule, kept with each: clients share one monotonic clock and each
 * counts whole (first start to last end, CPU summed, the longest sync),
 * hosts are separate machines whose phases only partly overlap (each
 * host's work prorated into their common window, CPU and sync a per-host
 * mean). The seek workers of one process are folded apart
 * (phases/seeks.c, seeks_merge): their CPU is the process's, measured
 * once, and an interrupted worker does not override a done one. */
#ifndef BONNIE_ACCUMULATE_H
#define BONNIE_ACCUMULATE_H

#include "results.h"

#include <stdbool.h>

/* An empty result: nothing measured, the histogram's minimum at its
 * sentinel (a zeroed histogram would merge a minimum of 0), no error
 * offset. */
void phase_result_init(struct phase_result *r);

/* The worse of two statuses: failed, interrupted, done, not run. */
enum phase_status phase_status_worst(enum phase_status a, enum phase_status b);

/* part added into dst: the status (the first part's, then the worst),
 * the first failure's error, the flags, the sums of bytes, read bytes,
 * units, CPU and file bytes, and the histograms merged (percentiles are
 * never averaged). first: dst holds no part yet. The window (start,
 * elapsed), the sync and the cut are the caller's rule. */
void phase_result_add(struct phase_result *dst, const struct phase_result *part, bool first);

/* One part's rate (units per second) and busy times into the spread:
 * counted; an idle part (nothing to do) has no rate and no busy times; a
 * starved one counts with its rate (0) and its work ending where it
 * began. start and work_end on one clock, the caller's. */
void spread_add(struct client_spread *s, double rate, uint64_t start, uint64_t work_end, bool idle, bool starved);

#endif
