/* A phase's timeline: what was done in each interval of the timed region,
 * on the monotonic clock, in bounded memory.
 *
 * Intervals start 100 ms wide from the phase's start. When a phase would
 * need more than TL_MAX of them, neighbours are merged pairwise and the
 * width doubles, so a phase holds between TL_MAX/2 and TL_MAX intervals
 * however long it runs (the recorder is one fixed struct, about 1.1 MiB,
 * of which only the intervals used are touched).
 *
 * Recording costs nothing per operation but one compare: the phase's own
 * latency histogram and byte count are read when an operation completes
 * past the current interval's end (timeline_cross), and the difference
 * since the last crossing is that interval's. So the sums over intervals
 * are the phase's totals exactly: bytes, operations and histogram counts.
 * An operation belongs to the interval in which it completed.
 *
 * Latency per interval is a coarse histogram: the fine one's buckets
 * (hist.h) taken 16 at a time, 4 per power of two, for values up to
 * 2^37 ns (larger ones count in the top bucket). A percentile read from it
 * is its bucket's midpoint clamped to the interval's maximum: within
 * 12.5% of the true value, or 8 ns below 128 ns. The maximum is the fine
 * histogram's (within 0.78%, exact when it is the phase's maximum so far).
 *
 * Device bytes: the block devices' counters are sampled at each crossing;
 * what they moved between two samples is spread evenly over the intervals
 * that ended between them. The final fsync/syncfs of a write phase is a
 * segment of its own (struct tl_sync), after the last interval. */
#ifndef BONNIE_TIMELINE_H
#define BONNIE_TIMELINE_H

#include <stdbool.h>
#include <stdint.h>

#include "hist.h"

#define TL_BASE_NS 100000000ull /* the first width: 100 ms */
#define TL_MAX 1024u            /* intervals at most; merged to half when full */
#define TL_HB 128u              /* coarse latency buckets per interval */
#define TL_HB_SHIFT 4           /* fine bucket index >> 4: 4 buckets per power of two */

struct tl_interval {
	uint64_t bytes;
	uint64_t ops;
	uint64_t max_ns;
	uint64_t dev_read;
	uint64_t dev_write;
	uint64_t hist[TL_HB];
};

/* The final fsync/syncfs (+close): never judged as a stall or a fall. */
struct tl_sync {
	bool present;
	uint64_t start_ns;      /* from the phase's start */
	uint64_t len_ns;
	uint64_t dev_read;
	uint64_t dev_write;
};

/* Reads the devices' cumulative read and written bytes: 0, or -1 when
 * they cannot be read (the timeline then has no device bytes). */
typedef int (*tl_device_fn)(const void *arg, uint64_t *read_bytes, uint64_t *write_bytes);

struct timeline {
	/* the grid */
	uint64_t t0;            /* CLOCK_MONOTONIC at the phase's start */
	uint64_t width;         /* ns, TL_BASE_NS << k */
	uint64_t edge;          /* absolute end of interval cur: a crossing past it closes it */
	uint32_t cur;           /* the interval operations now complete in */
	uint32_t n;             /* intervals holding data once stopped */
	uint32_t hw;            /* intervals [0, hw) are initialised */
	uint64_t last_len_ns;   /* the last interval's length (it may be partial) */
	bool active;            /* between timeline_begin and timeline_stop */
	bool stopped;
	/* what the phase counts, and what had been counted at the last crossing */
	const uint64_t *bytes_src;
	const struct hist *hist_src;
	uint64_t bytes_seen;
	/* the devices */
	tl_device_fn dev_fn;
	const void *dev_arg;
	bool dev_valid;
	uint32_t dev_from;      /* the first interval not yet given device bytes */
	uint64_t dev_r, dev_w;  /* at the last sample */
	struct tl_sync sync;
	/* the histogram at the last crossing: only the buckets in [seen_lo,
	 * seen_hi] are ever written, and only those are cleared at the next
	 * begin (the rest of its 30 KiB stays untouched) */
	uint32_t seen_lo, seen_hi;
	struct hist seen;
	struct tl_interval iv[TL_MAX];
};

/* Starts recording at t0 what *bytes and *lat will count from now on (both
 * as they are now: only what is added later is the phase's). dev may be
 * NULL: no device bytes. */
void timeline_begin(struct timeline *tl, uint64_t t0, const uint64_t *bytes, const struct hist *lat,
                    tl_device_fn dev, const void *dev_arg);

/* An operation completed at now >= the current edge, before it is added
 * to the histogram and the bytes: closes every interval that ended before
 * now. Returns the new edge (UINT64_MAX once stopped). */
uint64_t timeline_cross(struct timeline *tl, uint64_t now);

/* The last operation is done at now: closes the last (perhaps partial)
 * interval there. Later calls do nothing. */
void timeline_stop(struct timeline *tl, uint64_t now);

/* The final sync ran from start to end (after timeline_stop(start)). */
void timeline_sync(struct timeline *tl, uint64_t start, uint64_t end);

/* A stopped timeline goes on (a time-based level's next pass of the same
 * phase, after the flush that ended the last one): later operations go to
 * the intervals of their own time, not to the last one before the stop,
 * and the sync said is the next stop's (the final flush); the flush's
 * device bytes stay in the interval it ran in. Nothing if not stopped. */
void timeline_resume(struct timeline *tl);

/* Stops at now if not yet stopped, and puts anything counted after the
 * stop into the last interval, so the sums stay the totals. */
void timeline_finish(struct timeline *tl, uint64_t now);

/* What the sources count now is already in the intervals (merged into
 * them from parts, as seek workers are): only what is added later is new. */
void timeline_resync(struct timeline *tl);

/* Interval i's start from the phase's start, and its length. */
uint64_t timeline_start_of(const struct timeline *tl, uint32_t i);
uint64_t timeline_len_of(const struct timeline *tl, uint32_t i);

/* Percentile p (0 < p <= 100) of interval iv's coarse histogram, clamped
 * to its maximum; 0 when it has no operation. */
uint64_t timeline_percentile(const struct tl_interval *iv, double p);

/* Adds src's intervals into dst, each into the interval of dst's grid
 * holding its midpoint (both on the same monotonic clock; dst must have
 * been begun, and is coarsened while src reaches past its last interval).
 * Used for clients and seek workers: sums stay exact. */
void timeline_merge(struct timeline *dst, const struct timeline *src);

/* A finished timeline as the reports read it: per interval the sums and
 * the latency percentiles, no histograms (about 56 KiB at most). */
struct tl_point {
	uint64_t bytes;
	uint64_t ops;
	uint64_t p50_ns;
	uint64_t p99_ns;
	uint64_t max_ns;
	uint64_t dev_read;
	uint64_t dev_write;
};

struct tl_series {
	bool present;           /* the phase recorded a timeline */
	bool dev_valid;         /* the dev_* bytes are the devices' counters */
	uint16_t write_pct;     /* bytes the devices write per 100 the phase gives, by
	                           the layout (200: a 2-way mirror); 0 unknown, as 100 */
	uint64_t start_ns;      /* CLOCK_MONOTONIC of interval 0's start */
	uint64_t width_ns;      /* every interval but the last */
	uint64_t last_len_ns;
	uint32_t n;
	struct tl_sync sync;
	struct tl_point pt[TL_MAX];
};

/* Fills out from a stopped timeline. */
void timeline_series(const struct timeline *tl, struct tl_series *out);

/* Copies s into d: everything but the points, then only the n used ones
 * (a series holds room for TL_MAX). */
void tl_series_copy(struct tl_series *d, const struct tl_series *s);

/* Interval i's length in a series. */
static inline uint64_t tl_series_len(const struct tl_series *s, uint32_t i)
{
	return i + 1 == s->n ? s->last_len_ns : s->width_ns;
}

#endif
