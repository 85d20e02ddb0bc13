/* The phases' side of the timeline (lib/timeline.h): one recorder per
 * process, begun and finished around each phase's timed region by the
 * runner, stopped where a phase's operations end and its final sync
 * begins, and each finished phase's timeline and verdict kept. */
#ifndef BONNIE_PHASE_TIMELINE_H
#define BONNIE_PHASE_TIMELINE_H

#include "../interface/phase.h"

/* The recorder and the run's timelines for ctx. 0, or -1 (errno set). */
int phase_timeline_open(struct phase_ctx *ctx);
void phase_timeline_close(struct phase_ctx *ctx);

/* A run starts: no phase has a timeline yet. */
void phase_timeline_reset(struct phase_ctx *ctx);

/* The timed region of res's phase starts at t0. */
void phase_timeline_begin(struct phase_ctx *ctx, struct phase_result *res, uint64_t t0);

/* The phase's operations are done at now; its final sync ran from start to end. */
void phase_timeline_stop(struct phase_ctx *ctx, uint64_t now);
void phase_timeline_sync(struct phase_ctx *ctx, uint64_t start, uint64_t end);

/* Another pass of the phase begins (phases/runner/runner.c): the timeline that
 * the last pass's flush stopped goes on (timeline_resume). */
void phase_timeline_resume(struct phase_ctx *ctx);

/* The timed region ended at t1: the timeline is kept for phase id and
 * res->verdict set from it. */
void phase_timeline_end(struct phase_ctx *ctx, enum phase_id id, struct phase_result *res, uint64_t t1);

/* res->verdict from series s of phase id (also for the clients' merged one). */
void phase_verdict(enum phase_id id, const struct tl_series *s, struct phase_result *res);

/* phase_verdict of the clients' merged series s up to res->cut_ns (the
 * level's end or stonewall), through the interval it falls in; s is left
 * whole. */
void phase_verdict_to_cut(enum phase_id id, struct tl_series *s, struct phase_result *res);

/* What the devices write per byte the phase gives, by the layout the
 * counters found: a fall's cause weighs the devices' writes against it. */
void phase_series_layout(const struct phase_ctx *ctx, struct tl_series *s);

#endif
