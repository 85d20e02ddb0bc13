/* A phase's verdict in a word: what its timeline shows, by fixed rules (a
 * pure function of the timeline; report/verdict_text.c says it in words,
 * docs/verdicts.md and bonnie.1 state the rules).
 *
 * The rules, in the order they are tried:
 *  - too short: the timed operations spanned under VERDICT_MIN_NS (2 s).
 *  - stalled: an operation took at least VERDICT_STALL_NS (1 s) and at
 *    least 20 times the phase's median latency, and no other operation
 *    completed while it ran (the longest such; it is placed as if it
 *    completed in the middle of its interval).
 *  - the rate is taken over windows of about 1 s (ceil(1 s / interval)
 *    intervals), longer when needed to hold 20 operations on average; a
 *    last window under half that is left out; with no window left the
 *    phase is too short to judge. The phase
 *    is split into a before and an after part where the rates' summed
 *    distance from each part's median is least. The noise is the median
 *    change from one window's rate to the next within a part, relative to
 *    the part's median, leaving out the two windows next to the split.
 *    The change counts when the parts' medians differ by at least 25% of
 *    the higher and by at least 3 times the noise, and at least 80% of the
 *    windows of each part lie on their side of the midpoint between the
 *    medians ("and stayed there"). The change is then placed to the
 *    interval (100 ms while a phase is under about 100 s): within the
 *    windows either side of the split, just after the last interval still
 *    on the before part's side of that midpoint. A change is
 *    looked for only over at least 5 windows.
 *     - fell: the after part is slower; it lasts at least 2 windows and
 *       a tenth of the phase, the before part at least 2 windows. On a
 *       write phase with device counters: when the devices wrote under
 *       half the bytes before the fall and at least 70% after, the cause
 *       is the page cache's dirty limit; otherwise "a write cache filled?".
 *       On a phase that writes nothing: when after the fall the devices
 *       wrote at least a quarter of its bytes, or read 1.5 times them, the
 *       cause is other I/O on the devices; when they read at least 80% of
 *       its bytes both before and after (and nothing else), the devices
 *       themselves read slower.
 *     - warm-up: the before part is slower, lasts at least 2 windows and
 *       at most a third of the phase.
 *     - rose: the before part is slower and longer than a third.
 *  - steady: otherwise, when the window rates are within 20% of their
 *    median, leaving out the highest and the lowest tenth (at least one
 *    each from 3 windows on); noisy but steady beyond that. */
#ifndef BONNIE_VERDICT_H
#define BONNIE_VERDICT_H

#include <stdbool.h>
#include <stdint.h>

#include "timeline.h"

#define VERDICT_MIN_NS 2000000000ull
/* What a phase bonnie sizes by time aims at, so that it can be judged: the
 * minimum and a quarter more (the operations span a little less than the
 * phase; a per-char phase's laps are tenths of a second). */
#define VERDICT_AIM_NS (VERDICT_MIN_NS + VERDICT_MIN_NS / 4)
#define VERDICT_STALL_NS 1000000000ull
#define VERDICT_STALL_FACTOR 20
#define VERDICT_WINDOW_NS 1000000000ull
#define VERDICT_WINDOW_OPS 20
#define VERDICT_CHANGE 0.25
#define VERDICT_NOISE_FACTOR 3.0
#define VERDICT_CONSISTENT 0.8
#define VERDICT_STEADY_SPREAD 0.20
#define VERDICT_DIRTY_BEFORE 0.5
#define VERDICT_DIRTY_AFTER 0.7
#define VERDICT_OTHER_WRITES 0.25
#define VERDICT_OTHER_READS 1.5
#define VERDICT_DEVICE_SERVED 0.8

enum verdict_kind {
	VERDICT_NONE = 0,    /* no timeline (not run, or no operations recorded) */
	VERDICT_TOO_SHORT,
	VERDICT_STEADY,
	VERDICT_NOISY,       /* noisy but steady */
	VERDICT_WARMUP,
	VERDICT_FELL,
	VERDICT_ROSE,
	VERDICT_STALLED,
	VERDICT_KINDS
};

enum verdict_cause {
	VERDICT_CAUSE_NONE = 0,
	VERDICT_CAUSE_DIRTY_LIMIT,  /* the page cache's dirty limit was reached */
	VERDICT_CAUSE_WRITE_CACHE,  /* a guess: a write cache filled? */
	VERDICT_CAUSE_OTHER_IO,     /* a phase that writes nothing fell while the devices
	                               wrote, or read far more than it: other I/O */
	VERDICT_CAUSE_DEVICE_READS, /* a read phase fell while the devices read its bytes
	                               and nothing else: they read slower */
};

/* Plain data: kept in each phase_result. */
struct verdict {
	uint8_t kind;        /* enum verdict_kind */
	uint8_t cause;       /* enum verdict_cause */
	uint64_t at_ns;      /* fell/rose: the change; stalled: its start; from the phase's start */
	uint64_t len_ns;     /* stalled: how long; warm-up: how long it lasted */
	uint64_t at_units;   /* the units (bytes or operations) done before at_ns */
	uint64_t window_ns;  /* the rates' window */
	double level;        /* the slower part's rate over the faster's (0..1) */
	double spread;       /* steady, noisy: the window rates' spread, relative */
	double noise;        /* the noise the change was held against */
};

/* The "what" of a timeline: by_bytes judges bytes per second (else
 * operations per second), writes names a write phase (for the cause),
 * median_ns is the phase's median latency. */
void verdict_judge(const struct tl_series *s, bool by_bytes, bool writes, uint64_t median_ns,
                   struct verdict *v);

/* "steady", "noisy", "warm-up", "fell", "rose", "stalled", "too short",
 * "none": the JSON's kind. */
const char *verdict_kind_name(enum verdict_kind k);

#endif
