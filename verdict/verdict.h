/* A phase's verdict: what its timeline shows, by fixed rules (a pure
 * function of the timeline; report/text/verdict_text.c says it in words,
 * docs/verdicts.md and bonnie.1 state the rules in full).
 *
 *  - windows: groups of k intervals from interval 0, about 1 s, shorter
 *    so that a phase of 2 s or more has at least 10 (never under one
 *    interval), longer when needed to hold 20 operations on average; a
 *    last group under half a window is left out.
 *  - events, all said in time order (at most VERDICT_MAX_EVENTS):
 *     - every stall: an operation took at least 1 s and 20 times the
 *       median latency, and nothing else completed while it ran; the
 *       stall is the time in which no operation completed (with several
 *       clients it can begin before that operation did, and another
 *       client's operation can be longer: that is latency, not a stall);
 *       past the first three, counted (said as "N more stalls not listed");
 *     - every lasting change, by binary segmentation of the windows: the
 *       split of least cost among those whose parts (each at least 2
 *       windows and a tenth of the phase) have medians that differ by at
 *       least 25% of the before part's, with at least 80% of each part's
 *       windows on its side of the midpoint; then each part again, up to
 *       VERDICT_MAX_CHANGES; each change's size is then taken between its
 *       neighbours, and one under 25% is dropped. A first rise within
 *       the first third is a warm-up.
 *  - steady / noisy, without a change: K of W windows lie within N% of
 *    their median, N the smallest whole percent holding 80% of them;
 *    steady when N <= 20.
 *  - too short: the operations spanned under 2 s; a change seen on
 *    interval-level windows, or a 50% difference between the halves'
 *    interval rates, or a stall, is said beside it.
 *  - interrupted: the phase was stopped (verdict_mark_interrupted).
 *  - the final flush's length is kept and said when >= 1 s, or >= 10% of
 *    the timed part and >= 0.05 s. */
#ifndef BONNIE_VERDICT_H
#define BONNIE_VERDICT_H

#include <stdbool.h>
#include <stdint.h>

#include "../lib/timeline.h"

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
#define VERDICT_SHORT_CHANGE 0.5 /* the halves of a short phase */
#define VERDICT_SHORT_PART 4     /* windows (intervals) each side of a short phase's change */
#define VERDICT_MAX_EVENTS 8
#define VERDICT_MAX_CHANGES 5
#define VERDICT_FLUSH_NS 1000000000ull
#define VERDICT_FLUSH_SHARE 0.1
#define VERDICT_FLUSH_MIN_NS 50000000ull /* said as at least 0.1 s */
#define VERDICT_CONSISTENT 0.8
#define VERDICT_STEADY_SPREAD 0.20
#define VERDICT_DIRTY_BEFORE 0.5
#define VERDICT_DIRTY_AFTER 0.7
#define VERDICT_OTHER_WRITES 0.25
#define VERDICT_OTHER_READS 1.5
#define VERDICT_OTHER_WRITES_OVER 1.5
#define VERDICT_DEVICE_SERVED 0.8

enum verdict_kind {
	VERDICT_NONE = 0,    /* no timeline (not run, or no operations recorded) */
	VERDICT_TOO_SHORT,
	VERDICT_STEADY,
	VERDICT_NOISY,       /* noisy, no lasting change */
	VERDICT_WARMUP,
	VERDICT_FELL,
	VERDICT_ROSE,
	VERDICT_STALLED,
	VERDICT_INTERRUPTED, /* the phase was stopped; its events so far are kept */
	VERDICT_KINDS
};

enum verdict_cause {
	VERDICT_CAUSE_NONE = 0,
	VERDICT_CAUSE_DIRTY_LIMIT,  /* the page cache's dirty limit was reached */
	VERDICT_CAUSE_WRITE_CACHE,  /* a guess: a write cache filled? */
	VERDICT_CAUSE_OTHER_IO,     /* a phase that writes nothing fell while the devices
	                               wrote, or read far more than it, or a data phase
	                               that writes fell while they wrote far more than
	                               it gave them or read: other I/O */
	VERDICT_CAUSE_DEVICE_READS, /* a read phase fell while the devices read its bytes
	                               and nothing else: they read slower */
	VERDICT_CAUSE_NOT_DEVICES,  /* a data phase that writes fell while the devices
	                               wrote under half of what it gave them after: the
	                               page cache took it; not their speed, nor a cache */
	VERDICT_CAUSE_NO_DEVICE,    /* a write phase fell with no device counters read
	                               (tmpfs, a share): nothing tells why, and a write
	                               cache is no likelier than anything else */
};

/* One thing the timeline shows (kind: fell, rose, warm-up, stalled). */
struct verdict_event {
	uint8_t kind;        /* enum verdict_kind */
	uint8_t cause;       /* fell: enum verdict_cause */
	uint64_t at_ns;      /* the change, or the stall's start, from the phase's start */
	uint64_t len_ns;     /* stalled: how long; warm-up: how long it lasted */
	uint64_t at_units;   /* the units (bytes or operations) done before at_ns */
	double level;        /* the slower side's rate over the faster's (0..1) */
};

/* Plain data: kept in each phase_result. The fields before events
 * describe the headline event (the first of stalled, fell, rose,
 * warm-up), for the readers that know one. */
struct verdict {
	uint8_t kind;        /* enum verdict_kind */
	uint8_t cause;       /* enum verdict_cause */
	uint64_t at_ns;      /* fell/rose: the change; stalled: its start; from the phase's start */
	uint64_t len_ns;     /* stalled: how long; warm-up: how long it lasted */
	uint64_t at_units;   /* the units (bytes or operations) done before at_ns */
	uint64_t window_ns;  /* the rates' window */
	double level;        /* the slower part's rate over the faster's (0..1) */
	double spread;       /* steady, noisy: the window rates' spread, relative */
	double noise;        /* the change: the window-to-window noise beside it */
	uint64_t span_ns;    /* the timed operations' span */
	uint64_t flush_ns;   /* the final flush, 0 when none */
	bool has_flush;
	uint32_t windows;    /* steady, noisy: W, and K of them within spread */
	uint32_t within;
	uint8_t nevents;
	uint8_t stalls_unsaid; /* stalls past the events' room: counted, said as a number */
	uint8_t head_kind;   /* the headline event's kind, VERDICT_NONE without one */
	struct verdict_event ev[VERDICT_MAX_EVENTS]; /* in time order */
};

/* The "what" of a timeline: by_bytes judges bytes per second (else
 * operations per second), writes names a write phase (for the cause),
 * median_ns is the phase's median latency. */
void verdict_judge(const struct tl_series *s, bool by_bytes, bool writes, uint64_t median_ns,
                   struct verdict *v);

/* The phase was interrupted: the verdict says so, keeping its events. */
void verdict_mark_interrupted(struct verdict *v);

/* Clears every fall's cause: for a phase whose device counters cannot tell
 * one (seeks write back some of what they read, and their workers finish
 * one after another, so the end of the phase runs on fewer of them): the
 * phase table's FACT_NO_FALL_CAUSE. */
void verdict_drop_causes(struct verdict *v);

/* Whether the final flush is worth saying: >= 1 s or >= 10% of the span. */
bool verdict_flush_said(const struct verdict *v);

/* "steady", "noisy", "warm-up", "fell", "rose", "stalled", "too short",
 * "interrupted", "none": the JSON's kind. */
const char *verdict_kind_name(enum verdict_kind k);

/* A fall's cause as the JSON names it: "page_cache_dirty_limit",
 * "write_cache?", "other_io", "device_reads_slower", "unknown_no_device";
 * "unknown" for none. */
const char *verdict_cause_name(enum verdict_cause c);

#endif
