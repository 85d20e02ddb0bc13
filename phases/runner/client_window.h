/* The clients' window rule: concurrent clients' results added into one: sums,
 * the window from the first start to the last end, merged histograms. */
#ifndef BONNIE_CLIENT_WINDOW_H
#define BONNIE_CLIENT_WINDOW_H

#include "../interface/results.h"

/* Adds src (one client's result of a phase) into dst, which starts as an
 * empty result from runner_result_init: the clients' window rule around
 * the one accumulate (interface/accumulate.h). Bytes, units, operations
 * and CPU are summed; the timed region becomes first start to last end; the
 * latency histograms are merged (percentiles are never averaged); sync
 * time is the longest; the status is the worst (failed, interrupted,
 * done) and the error the first failure's. The span of worker activity
 * (seeks) is not kept: the merged rate divides by the whole window.
 * dst->spread counts the clients, the start skew and the slowest and
 * fastest client's rate (of those that had work: a client done with no
 * unit, its part of the seeks or files being 0, is counted as idle).
 * Order does not matter. */
void phase_result_add_client(struct phase_result *dst, const struct phase_result *src);

/* Rate of one result in units per second (its span if set, else elapsed). */
double phase_result_rate(const struct phase_result *r);

/* Rate of one result in units per second over its work: merged from
 * clients, from the first start to the last client's work end
 * (phase_result_work_end: no final flush, nothing past the stonewall);
 * one process's, its timed region less the final sync. 0 without work. */
double phase_result_work_rate(const struct phase_result *r);

#endif
