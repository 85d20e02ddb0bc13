/* Helpers shared by the phases that work on the data file: opening it,
 * the final fsync+close inside the timed region, aligned buffers, error
 * recording with the full path, stop checks and per-operation timing. */
#ifndef BONNIE_IO_COMMON_H
#define BONNIE_IO_COMMON_H

#include <stdatomic.h>
#include <stdbool.h>

#include "../../lib/clock.h"
#include "../../lib/timeline.h"
#include "../interface/phase.h"

/* Records errno as the phase's error for op on the data file at offset
 * (-1: none) and marks the phase failed. Returns -1 for tail calls. */
int data_fail(struct phase_ctx *ctx, struct phase_result *res, const char *op, int64_t offset);

/* Same with a reason of our own instead of errno's. */
int data_fail_detail(struct phase_ctx *ctx, struct phase_result *res, const char *op, int64_t offset,
                     const char *detail);

/* Opens the data file. With create, any previous data file is removed and a
 * new one created exclusively. direct asks for O_DIRECT (when -D applies). */
int data_open(struct phase_ctx *ctx, struct phase_result *res, int flags, bool create, bool direct);

/* fsync (when sync) and close; the time goes to res->sync_ns. 0 or -1. */
int data_close(struct phase_ctx *ctx, struct phase_result *res, int fd, bool sync);

/* A buffer aligned for direct I/O, or NULL with the error recorded. */
void *data_buffer(struct phase_ctx *ctx, struct phase_result *res, size_t len);

/* True (and the phase marked interrupted) once a stop was requested; also
 * true, the phase not marked, once the deadline of phase_deadline_set has
 * passed. */
bool phase_stop_requested(const struct phase_ctx *ctx, struct phase_result *res);

/* The CLOCK_MONOTONIC time at which the operation loops of this process
 * end their pass (0: none), in ctx->end. The runner sets it for the passes after the
 * first of a time-based level, before they start (seek threads read it). */
void phase_deadline_set(struct phase_ctx *ctx, uint64_t ns);

/* Whether that deadline is set and has passed, or the armed stonewall was
 * raised (a pass cut by either saw less than all: not an error). */
bool phase_deadline_passed(const struct phase_ctx *ctx);

/* The stonewall of a time-based level (mdtest's and IOR's word for it):
 * in the one-pass phases (creates and deletes) the first client that has
 * done all its work raises it, and every other client's pass ends at its
 * next operation, so the phase's window is one in which all clients
 * worked. attach gives this process the shared word (a client, once);
 * the runner arms it around such a phase; raise marks it with the time,
 * once per phase (the parent clears it before each release). Without
 * attach or arm, raise does nothing. */
void phase_stonewall_attach(struct phase_ctx *ctx, _Atomic uint64_t *word);

/* Turns in a stonewalled phase: a client that has done all its share ends
 * the phase for all, and a delete of the files 5 s of creates made costs a
 * client a few milliseconds of CPU here (7 us a file), less than one time
 * slice: at 50 clients on 2 cores, 32 had not deleted a file when the
 * first had deleted all of its own, and at 100 the first was done in 24
 * ms. So a client yields the CPU (sched_yield) after each WALL_TURN_NS of
 * work: the CPU goes round the clients in turns that short, every client
 * gets on with its share, and the first to finish does so about when the
 * others are near their end. The cost is a system call a millisecond.
 * turns lives as long as ctx. */
#define WALL_TURN_NS 1000000u
void phase_stonewall_turns(struct phase_ctx *ctx, struct wall_turns *turns);
void phase_stonewall_arm(struct phase_ctx *ctx, bool on);
void phase_stonewall_raise(const struct phase_ctx *ctx);

/* Records a --verify mismatch as the phase's error. Returns -1. */
int data_mismatch(struct phase_ctx *ctx, struct phase_result *res, const struct pattern_mismatch *m);

/* Per-operation timing that reads the clock once per operation: each lap
 * is the time since the previous lap (or start). The same reading feeds
 * the phase's timeline: a lap past the current interval's end closes it
 * (timeline_cross), which costs one compare per operation otherwise.
 * Building with -DBONNIE_NO_LATENCY compiles both out, and with
 * -DBONNIE_NO_TIMELINE only the timeline; bench/ uses those builds to
 * measure what recording every operation costs. The bytes an operation
 * moved are added to the result after its lap, so that a crossing sees
 * the bytes and the histogram of the same operations. */
struct op_timer {
	uint64_t last;
	uint64_t edge;          /* the timeline's current edge, UINT64_MAX: none */
	struct timeline *tl;
};

#if defined(BONNIE_NO_LATENCY)
static inline void op_timer_start(struct op_timer *t)
{
	t->last = 0;
}

static inline void op_timer_begin(struct op_timer *t, struct timeline *tl)
{
	(void)tl;
	t->last = 0;
}

static inline void op_timer_lap(struct op_timer *t, struct hist *h)
{
	(void)t;
	h->count++;
}
#else
static inline void op_timer_start(struct op_timer *t)
{
	t->last = clock_now_ns();
}

/* Starts timing into timeline tl (NULL: none); op_timer_start restarts. */
static inline void op_timer_begin(struct op_timer *t, struct timeline *tl)
{
#if defined(BONNIE_NO_TIMELINE)
	tl = NULL;
#endif
	t->tl = tl;
	t->edge = tl && tl->active ? tl->edge : UINT64_MAX;
	t->last = clock_now_ns();
}

static inline void op_timer_lap(struct op_timer *t, struct hist *h)
{
	uint64_t now = clock_now_ns();

#if !defined(BONNIE_NO_TIMELINE)
	if (now >= t->edge)
		t->edge = timeline_cross(t->tl, now);
#endif
	hist_add(h, now - t->last);
	t->last = now;
}
#endif

/* The step after a timed read of want bytes at off that returned got: a
 * short read is the file ending early (an error); otherwise the lap and
 * the bytes are counted and, with --verify, the bytes checked outside the
 * timing. 0, or -1 with the phase's error recorded. */
int data_read_counted(struct phase_ctx *ctx, struct phase_result *res, struct op_timer *t,
                      const unsigned char *buf, size_t want, size_t got, uint64_t off);

/* The end of a read pass, whatever stopped it: the units are the bytes
 * read, buf is freed and fd closed. rc, the pass's own result, or -1 when
 * closing failed. */
int data_read_end(struct phase_ctx *ctx, struct phase_result *res, int fd, unsigned char *buf, int rc);

/* Drops the data file from the page cache so the read that follows comes
 * from the device, and checks that it went (tmpfs keeps every page: the
 * result says so); without eviction (--no-evict) only marks the result.
 * Outside the timed region. 0, or -1 with the error in res. */
int data_evict(struct phase_ctx *ctx, struct phase_result *res);

#endif
