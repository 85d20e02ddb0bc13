/* Latency histogram: log-linear buckets (each power of two split into 64
 * sub-buckets) over the whole uint64 range of nanoseconds, plus the exact
 * count, sum, minimum and maximum beside it.
 *
 * Error bound: a value v >= 128 lands in a bucket of width 2^(e-6) where
 * 2^e <= v, and is reported as the bucket's midpoint, so the relative error of
 * any reported percentile is at most 2^(e-7) / 2^e = 1/128 (0.78%). Values
 * below 128 ns are stored exactly. Percentiles are clamped to [min, max].
 *
 * The struct holds no pointers, so it can be copied or placed in shared
 * memory and merged across concurrent clients. */
#ifndef BONNIE_HIST_H
#define BONNIE_HIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HIST_SUB_BITS 6
#define HIST_SUB (1u << HIST_SUB_BITS)               /* 64 sub-buckets */
#define HIST_GROUPS (64 - HIST_SUB_BITS + 1)           /* 59 groups */
#define HIST_BUCKETS (HIST_GROUPS * HIST_SUB)          /* 3776 */

struct hist {
	uint64_t count;
	uint64_t sum;  /* saturates at UINT64_MAX rather than wrapping */
	uint64_t min;
	uint64_t max;
	uint64_t bucket[HIST_BUCKETS];
};

void hist_init(struct hist *h);

/* Records one value. O(1), no allocation. */
void hist_add(struct hist *h, uint64_t v);

/* Adds every value recorded in src to dst. */
void hist_merge(struct hist *dst, const struct hist *src);

/* Value at percentile p (0 < p <= 100): the smallest recorded value v such
 * that at least p% of values are <= v, within the error bound above.
 * Returns 0 for an empty histogram. */
uint64_t hist_percentile(const struct hist *h, double p);

/* Counts over buckets of this layout, each of 2^shift consecutive buckets
 * (shift 0: the buckets themselves; the timeline's intervals: TL_HB_SHIFT),
 * count values between min and max in all; with last_open, the last
 * bucket holds everything above the others (its percentile is max). */
struct hist_counts {
	const uint64_t *bucket;
	size_t n;
	unsigned shift;
	uint64_t count, min, max;
	bool last_open;
};

/* The one percentile walk, of hist_percentile and of the timeline's
 * intervals: 0 without values, max at p >= 100, else the middle of the
 * bucket holding rank hist_rank(p, count), within [min, max]. */
uint64_t hist_counts_percentile(const struct hist_counts *c, double p);

/* The rank of percentile p among count values: ceil(p% of count), at
 * least 1, values within rounding noise of an integer taken as it (7% of
 * 100 is rank 7). Shared with the timeline's coarse histograms. */
uint64_t hist_rank(double p, uint64_t count);

/* Mean in ns, 0 when empty. */
double hist_mean(const struct hist *h);

/* Bucket index of a value, and the [low, high] range of values in a bucket;
 * exposed for tests and for the JSON bucket dump. */
size_t hist_bucket_of(uint64_t v);
void hist_bucket_range(size_t idx, uint64_t *low, uint64_t *high);

#endif
