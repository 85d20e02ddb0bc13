/* The one accumulate of concurrent parts; see accumulate.h. */
#include "accumulate.h"

#include <string.h>

void phase_result_init(struct phase_result *r)
{
	memset(r, 0, sizeof *r);
	hist_init(&r->latency);
	r->error.offset = -1;
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

enum phase_status phase_status_worst(enum phase_status a, enum phase_status b)
{
	return status_rank(b) > status_rank(a) ? b : a;
}

void phase_result_add(struct phase_result *dst, const struct phase_result *part, bool first)
{
	dst->status = first ? part->status : phase_status_worst(dst->status, part->status);
	if (part->status == PHASE_FAILED && dst->error.err == 0)
		dst->error = part->error;
	dst->flags |= part->flags;
	dst->bytes += part->bytes;
	dst->read_bytes += part->read_bytes;
	dst->units += part->units;
	dst->cpu_ns += part->cpu_ns;
	dst->file_bytes += part->file_bytes;
	hist_merge(&dst->latency, &part->latency);
}

void spread_add(struct client_spread *s, double rate, uint64_t start, uint64_t work_end, bool idle, bool starved)
{
	bool first_rated = s->clients == s->idle;

	s->clients++;
	if (idle) {
		s->idle++;
		return;
	}
	if (starved)
		s->starved++;
	if (first_rated || start > s->busy_last_start_ns)
		s->busy_last_start_ns = start;
	if (first_rated || work_end < s->busy_first_end_ns)
		s->busy_first_end_ns = work_end;
	if (first_rated || work_end > s->busy_last_end_ns)
		s->busy_last_end_ns = work_end;
	s->rate_sum += rate;
	s->rate_sq += rate * rate;
	if (first_rated || rate < s->rate_min)
		s->rate_min = rate;
	if (first_rated || rate > s->rate_max)
		s->rate_max = rate;
}
