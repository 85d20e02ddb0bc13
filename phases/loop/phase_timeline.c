/* The phases' side of the timeline; see phase_timeline.h. */
#include "phase_timeline.h"
#include "../../env/env.h"
#include "../../lib/mmap_alloc.h"
#include "../../lib/timeline.h"
#include "../../verdict/verdict.h"

#include <stdlib.h>

static int read_devices(const void *arg, uint64_t *read_bytes, uint64_t *write_bytes)
{
	return env_counters_read(arg, read_bytes, write_bytes);
}

int phase_timeline_open(struct phase_ctx *ctx)
{
	/* the pages of intervals never reached are never touched */
	ctx->timeline = mmap_alloc(sizeof *ctx->timeline);
	ctx->timelines = mmap_alloc(sizeof *ctx->timelines);
	if (ctx->timeline == NULL || ctx->timelines == NULL) {
		phase_timeline_close(ctx);
		return -1;
	}
	return 0;
}

void phase_timeline_close(struct phase_ctx *ctx)
{
	mmap_free(ctx->timeline, sizeof *ctx->timeline);
	mmap_free(ctx->timelines, sizeof *ctx->timelines);
	ctx->timeline = NULL;
	ctx->timelines = NULL;
}

void phase_timeline_reset(struct phase_ctx *ctx)
{
	for (int i = 0; ctx->timelines && i < PHASE_COUNT; i++) {
		ctx->timelines->phase[i].present = false;
		ctx->timelines->phase[i].n = 0;
	}
}

void phase_timeline_begin(struct phase_ctx *ctx, struct phase_result *res, uint64_t t0)
{
	if (ctx->timeline)
		timeline_begin(ctx->timeline, t0, &res->bytes, &res->latency, ctx->counters ? read_devices : NULL,
		               ctx->counters);
}

void phase_timeline_stop(struct phase_ctx *ctx, uint64_t now)
{
	if (ctx->timeline)
		timeline_stop(ctx->timeline, now);
}

void phase_timeline_resume(struct phase_ctx *ctx)
{
	if (ctx->timeline)
		timeline_resume(ctx->timeline);
}

void phase_timeline_sync(struct phase_ctx *ctx, uint64_t start, uint64_t end)
{
	if (ctx->timeline)
		timeline_sync(ctx->timeline, start, end);
}

void phase_series_layout(const struct phase_ctx *ctx, struct tl_series *s)
{
	unsigned pct = ctx->counters ? ctx->counters->write_copies_pct : 0;

	s->write_pct = (uint16_t)(pct > UINT16_MAX ? 0 : pct);
}

void phase_verdict(enum phase_id id, const struct tl_series *s, struct phase_result *res)
{
	verdict_judge(s, phase_unit(id) == RATE_BYTES, phase_is(id, FACT_WRITES), hist_percentile(&res->latency, 50.0),
	              &res->verdict);
	if (phase_is(id, FACT_NO_FALL_CAUSE))
		verdict_drop_causes(&res->verdict);
	if (res->status == PHASE_INTERRUPTED)
		verdict_mark_interrupted(&res->verdict);
}

/* The verdict of the clients' timeline up to the level's end (cut_ns),
 * through the interval it falls in: after it the clients only finish the
 * operation each had begun (at 700 clients on 2 cores, stats of 2.4 s
 * that trickled in for 2.3 s), which is no rate of the phase's (its rate
 * counts the work up to there too) and read as "fell 100%". The series
 * itself stays whole for the outputs. */
void phase_verdict_to_cut(enum phase_id id, struct tl_series *s, struct phase_result *res)
{
	uint32_t n = s->n;
	uint64_t last = s->last_len_ns;

	if (res->cut_ns > s->start_ns && s->width_ns > 0) {
		uint64_t k = (res->cut_ns - s->start_ns) / s->width_ns + 1;
		if (k < s->n) {
			s->n = (uint32_t)k;
			s->last_len_ns = s->width_ns;
		}
	}
	phase_verdict(id, s, res);
	s->n = n;
	s->last_len_ns = last;
}

void phase_timeline_end(struct phase_ctx *ctx, enum phase_id id, struct phase_result *res, uint64_t t1)
{
	struct tl_series *s;

	if (ctx->timeline == NULL)
		return;
	timeline_finish(ctx->timeline, t1);
	if (ctx->timelines == NULL)
		return; /* a client: the parent judges the merged timeline */
	s = &ctx->timelines->phase[id];
	timeline_series(ctx->timeline, s);
	phase_series_layout(ctx, s);
	phase_verdict(id, s, res);
}
