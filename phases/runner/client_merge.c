/* Merging concurrent clients' results; see client_merge.h. */
#include "client_merge.h"
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

/* Failed beats interrupted beats done beats not run. */
static int status_rank(enum phase_status s)
{
	switch (s) {
	case PHASE_FAILED: return 3;
	case PHASE_INTERRUPTED: return 2;
	case PHASE_DONE: return 1;
	case PHASE_NOT_RUN: return 0;
	}
	return 0;
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/* The window: first start, last end, last start (for the skew). */
static void merge_window(struct phase_result *dst, const struct phase_result *src)
{
	uint64_t start = dst->start_ns < src->start_ns ? dst->start_ns : src->start_ns;
	uint64_t end = max_u64(dst->start_ns + dst->elapsed_ns, src->start_ns + src->elapsed_ns);
	uint64_t last_start = max_u64(dst->start_ns + dst->spread.skew_ns, src->start_ns);

	dst->start_ns = start;
	dst->elapsed_ns = end - start;
	dst->spread.skew_ns = last_start - start;
}

static void merge_spread(struct phase_result *dst, const struct phase_result *src)
{
	double rate = phase_result_rate(src);
	bool first_rated = dst->spread.clients == dst->spread.idle;

	dst->spread.last_ready_ns = max_u64(dst->spread.last_ready_ns, src->spread.last_ready_ns);
	dst->spread.clients++;
	/* done without a unit of work: its part was empty, it has no rate */
	if (phase_result_idle(src)) {
		dst->spread.idle++;
		return;
	}
	if (src->flags & RESULT_STARVED)
		dst->spread.starved++;
	{
		uint64_t end = phase_result_work_end(src);
		if (first_rated || src->start_ns > dst->spread.busy_last_start_ns)
			dst->spread.busy_last_start_ns = src->start_ns;
		if (first_rated || end < dst->spread.busy_first_end_ns)
			dst->spread.busy_first_end_ns = end;
		if (first_rated || end > dst->spread.busy_last_end_ns)
			dst->spread.busy_last_end_ns = end;
	}
	dst->spread.rate_sum += rate;
	dst->spread.rate_sq += rate * rate;
	if (first_rated || rate < dst->spread.rate_min)
		dst->spread.rate_min = rate;
	if (first_rated || rate > dst->spread.rate_max)
		dst->spread.rate_max = rate;
}

void phase_result_merge(struct phase_result *dst, const struct phase_result *src)
{
	bool first = dst->spread.clients == 0;

	if (first) {
		dst->start_ns = src->start_ns;
		dst->elapsed_ns = src->elapsed_ns;
		dst->spread.skew_ns = 0;
	} else {
		merge_window(dst, src);
	}
	merge_spread(dst, src);
	if (status_rank(src->status) > status_rank(dst->status) || first)
		dst->status = src->status;
	if (src->status == PHASE_FAILED && dst->error.err == 0)
		dst->error = src->error;
	dst->flags |= src->flags;
	dst->bytes += src->bytes;
	dst->read_bytes += src->read_bytes;
	dst->units += src->units;
	dst->cpu_ns += src->cpu_ns;
	dst->sync_ns = max_u64(dst->sync_ns, src->sync_ns);
	dst->file_bytes += src->file_bytes;
	/* the level's end is the clients' one (their shared deadline or
	 * stonewall): the earliest that any of them saw */
	if (src->cut_ns && (dst->cut_ns == 0 || src->cut_ns < dst->cut_ns))
		dst->cut_ns = src->cut_ns;
	dst->span_ns = 0;
	hist_merge(&dst->latency, &src->latency);
}
