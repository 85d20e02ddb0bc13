/* Numbers derived from a phase_result, computed in one place so the table,
 * the CSV and the JSON always agree. */
#ifndef BONNIE_METRICS_H
#define BONNIE_METRICS_H

#include <stdbool.h>
#include <stdint.h>

#include "../../options/constants.h"
#include "../../lib/str.h"
#include "../../phases/interface/results.h"

/* Below this a phase is marked low-confidence (bonnie++ hid it as +++++):
 * the one short-phase rule, asked through metric_low_confidence(). The
 * seconds are a plain literal so that every text stating the rule is made
 * of it: METRIC_MIN_TRUSTED_TEXT, "0.5 s". */
#define METRIC_MIN_TRUSTED_S 0.5
#define METRIC_MIN_TRUSTED_NS ((unsigned long long)(METRIC_MIN_TRUSTED_S * 1e9))
#define METRIC_MIN_TRUSTED_TEXT STR_OF(METRIC_MIN_TRUSTED_S) " s"

/* True when the phase completed and has numbers to report. */
bool metric_reportable(const struct phase_result *r);

/* Rate in the phase's unit per second: KiB/s for byte phases, else seeks
 * or files per second. */
double metric_rate(enum phase_id id, const struct phase_result *r);


/* Rate without the final fsync/sync (what the page cache absorbed). */
double metric_rate_unsynced(enum phase_id id, const struct phase_result *r);

/* Phases whose final fsync/sync is reported apart (the durability split):
 * block write, rewrite and the two create phases. */
bool metric_has_sync_split(enum phase_id id);

/* Percentile p of the latencies in ns (0 when none). */
uint64_t metric_latency_pct(const struct phase_result *r, double p);

/* Whether the latency count supports percentile p: at least 1 / (1 - p/100)
 * samples, so p99.9 needs 1000 operations. */
bool metric_pct_supported(const struct phase_result *r, double p);
/* The same rule for a count of samples; the maximum (p >= 100) needs one. */
bool metric_count_supports(uint64_t count, double p);

/* Share (percent) of the phase's own reads, or writes for phases that only
 * write, that the block device performed during it; -1 when unknown. Not
 * capped (above 100 a read phase's device read ahead; INT_MAX at most):
 * the table shows 999% for ten times or more, the JSON the figure. */
int metric_device_pct(const struct phase_result *r);

/* Whether the device's read-ahead can account for what it read beyond the
 * phase's own reads: the excess is at most two windows of read_ahead_kb
 * (the one being read and the one read ahead). false when read_ahead_kb is
 * unknown or the device read no more than the phase. */
bool metric_read_ahead_explains(const struct phase_result *r);

/* A phase that read the data file but got under half of it from the device
 * (its figure is the page cache's or the ARC's, not the disk's), or, on
 * ZFS, one whose file the ARC may hold whole and whose devices' own
 * (device-true) counters do not show them serving half of it. */
bool metric_cached(enum phase_id id, const struct phase_result *r);

/* ZFS's ARC hit ratio over the phase, percent; -1 where its hits and
 * misses were not counted, or nothing was asked of it. */
int metric_arc_hit_pct(const struct phase_result *r);

/* CPU time over wall time, percent, truncated. */
unsigned metric_cpu_pct(const struct phase_result *r);

/* True when the phase ran for less than METRIC_MIN_TRUSTED_NS. */
bool metric_low_confidence(const struct phase_result *r);


#endif
