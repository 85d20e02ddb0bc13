/* The start line of a stonewalled phase; see start_line.h. */
#include "start_line.h"
#include "../../lib/signals.h"

#include <time.h>

#define LINE_NAP_MIN_NS 1000000L
#define LINE_NAP_MAX_NS 16000000L

void phase_start_line_attach(struct phase_ctx *ctx, atomic_uint *line, uint32_t n)
{
	ctx->end.line = line;
	ctx->end.line_n = n;
}

/* Counts this client in, once per phase; false when it was already, or
 * when no line applies (not a client, or no stonewalled phase runs). */
static bool count_in(const struct phase_ctx *ctx)
{
	struct wall_turns *t = ctx->end.turns;

	if (t == NULL || t->lined || !ctx->end.wall_armed || ctx->end.line == NULL)
		return false;
	t->lined = true;
	atomic_fetch_add(ctx->end.line, 1u);
	return true;
}

void phase_start_line_cross(const struct phase_ctx *ctx)
{
	(void)count_in(ctx);
}

/* Naps, not sched_yield: a yielding client of 700 takes the CPU back at
 * once from the ones that have not started; the nap grows so that 700
 * waiting clients do not wake 700 times a millisecond. */
void phase_start_line(const struct phase_ctx *ctx, struct op_timer *t)
{
	struct timespec nap = {0, LINE_NAP_MIN_NS};

	if (!count_in(ctx))
		return;
	while (atomic_load(ctx->end.line) < ctx->end.line_n && !phase_deadline_passed(ctx) &&
	       signals_stop_level() == STOP_NONE) {
		nanosleep(&nap, NULL);
		if (nap.tv_nsec < LINE_NAP_MAX_NS)
			nap.tv_nsec *= 2;
	}
	op_timer_start(t);
	if (ctx->end.turns)
		ctx->end.turns->since_ns = 0; /* a new turn: the nap gave the CPU away */
}
