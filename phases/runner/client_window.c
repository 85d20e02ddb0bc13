/* Adding concurrent clients' results under their window rule; see client_window.h. */
#include "client_window.h"
#include "../interface/accumulate.h"
#include "../../lib/units.h"

double phase_result_rate(const struct phase_result *r)
{
	return units_per_second(r->units, r->span_ns ? r->span_ns : r->elapsed_ns);
}

double phase_result_work_rate(const struct phase_result *r)
{
	uint64_t ns = r->elapsed_ns > r->sync_ns ? r->elapsed_ns - r->sync_ns : 0;

	if (r->spread.clients > 0)
		ns = r->spread.busy_last_end_ns > r->start_ns ? r->spread.busy_last_end_ns - r->start_ns : 0;
	return units_per_second(r->units, ns);
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/* The clients' window rule: they share one monotonic clock and each
 * counts whole, so the window is the first start to the last end. */
static void merge_window(struct phase_result *dst, const struct phase_result *src)
{
	uint64_t start = dst->start_ns < src->start_ns ? dst->start_ns : src->start_ns;
	uint64_t end = max_u64(dst->start_ns + dst->elapsed_ns, src->start_ns + src->elapsed_ns);

	dst->start_ns = start;
	dst->elapsed_ns = end - start;
}

/* The skew, first to last client start, is taken where each began: their
 * start_ns is the common gate (client_sync_gate), so measured on it the
 * skew was 0 at every count, while clients waiting for a CPU begin later. */
static void merge_began(struct client_spread *dst, const struct phase_result *src, bool first)
{
	uint64_t began = src->began_ns ? src->began_ns : src->start_ns;
	uint64_t last = first ? began : max_u64(dst->first_began_ns + dst->skew_ns, began);

	if (first || began < dst->first_began_ns)
		dst->first_began_ns = began;
	dst->skew_ns = last - dst->first_began_ns;
}

void phase_result_add_client(struct phase_result *dst, const struct phase_result *src)
{
	bool first = dst->spread.clients == 0;

	if (first) {
		dst->start_ns = src->start_ns;
		dst->elapsed_ns = src->elapsed_ns;
	} else {
		merge_window(dst, src);
	}
	merge_began(&dst->spread, src, first);
	dst->spread.last_ready_ns = max_u64(dst->spread.last_ready_ns, src->spread.last_ready_ns);
	/* done without a unit of work: its part was empty, it has no rate */
	spread_add(&dst->spread, phase_result_rate(src), src->start_ns, phase_result_work_end(src), phase_result_idle(src),
	           (src->flags & RESULT_STARVED) != 0);
	phase_result_add(dst, src, first);
	/* the clients' CPU is summed (phase_result_add), their final syncs ran
	 * together: the longest */
	dst->sync_ns = max_u64(dst->sync_ns, src->sync_ns);
	/* the level's end is the clients' one (their shared deadline or
	 * stonewall): the earliest that any of them saw */
	if (src->cut_ns && (dst->cut_ns == 0 || src->cut_ns < dst->cut_ns))
		dst->cut_ns = src->cut_ns;
	dst->span_ns = 0;
}
