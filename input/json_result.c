/* run_read.h: a mapped bonnie --json run as a struct run_result. */
#include "run_read.h"

#include <string.h>

/* A phase value that is a count: *dst and bit into *known. */
static void count(const struct json_value *v, uint64_t *dst, uint32_t bit, uint32_t *known)
{
	if (!v->count)
		return;
	*dst = v->n;
	*known |= bit;
}

/* The status word as phase_status_name says it; another word is a failure. */
static enum phase_status status_of(const struct json_phase *jp)
{
	if (jp->status == JSON_STATUS_DONE)
		return PHASE_DONE;
	if (jp->status != JSON_STATUS_OTHER)
		return PHASE_NOT_RUN;
	return strcmp(jp->v[JP_STATUS].text, "interrupted") == 0 ? PHASE_INTERRUPTED : PHASE_FAILED;
}

/* The histogram as rebuilt (json_run.c), with the minimum, maximum and
 * mean the document states exactly (the buckets give them only to a
 * bucket's width). */
static void latency_of(const struct json_phase *jp, struct hist *h)
{
	const struct hist *from = &jp->latency;

	/* bucket by bucket, the empty ones left as calloc gave them: the
	 * pages of a sparse histogram's empty stretches are never touched */
	for (size_t b = 0; b < HIST_BUCKETS; b++)
		if (from->bucket[b])
			h->bucket[b] = from->bucket[b];
	h->count = from->count;
	h->sum = from->sum;
	h->min = from->min;
	h->max = from->max;
	if (h->count == 0)
		return;
	if (jp->v[JP_LAT_MIN].count)
		h->min = jp->v[JP_LAT_MIN].n;
	if (jp->v[JP_LAT_MAX].count)
		h->max = jp->v[JP_LAT_MAX].n;
	if (jp->v[JP_LAT_MEAN].count && jp->v[JP_LAT_MEAN].n <= UINT64_MAX / h->count)
		h->sum = jp->v[JP_LAT_MEAN].n * h->count;
}

static void phase_of(enum phase_id id, const struct json_phase *jp, struct phase_result *r, uint32_t *known)
{
	uint64_t ops = 0;
	const char *direct = json_text(&jp->v[JP_DIRECT_IO]);

	r->status = jp->listed ? status_of(jp) : PHASE_NOT_RUN;
	if (r->status == PHASE_NOT_RUN)
		return;
	count(&jp->v[JP_BYTES], &r->bytes, READ_BYTES, known);
	count(&jp->v[JP_OPERATIONS], &ops, READ_OPS, known);
	count(&jp->v[JP_ELAPSED], &r->elapsed_ns, READ_ELAPSED, known);
	count(&jp->v[JP_CPU_NS], &r->cpu_ns, READ_CPU, known);
	count(&jp->v[JP_SYNC_NS], &r->sync_ns, READ_SYNC, known);
	count(&jp->v[JP_WALL_START], &r->wall_start_ns, 0, known);
	count(&jp->v[JP_PLANNED_START], &r->planned_ns, 0, known);
	r->units = json_units_of(id, r->bytes, ops);
	if (direct && strcmp(direct, "true") == 0)
		r->flags |= RESULT_DIRECT;
	if (jp->hist_given && !jp->bulk_bad) {
		latency_of(jp, &r->latency);
		*known |= READ_HIST;
	}
	if (jp->verdict.kind != VERDICT_NONE) {
		r->verdict = jp->verdict;
		*known |= READ_VERDICT;
	}
	if (jp->tl_given)
		*known |= READ_TIMELINE;
}

/* A run's count (runs[r].<key>, or the config's), 0 when not given. */
static uint64_t count_or_0(const struct json_value *v)
{
	return v->count ? v->n : 0;
}

void json_result_of(const struct json_run *jr, struct run_read *rr)
{
	struct run_result *run = &rr->run;
	uint64_t clients = count_or_0(&jr->v[JS_CLIENTS]), files = count_or_0(&jr->v[JS_FILES_RAN]);

	run->seed = (uint32_t)count_or_0(&jr->v[JS_SEED]);
	run->clients = (uint32_t)(clients ? clients : count_or_0(&jr->v[JS_CONCURRENCY]));
	run->counts.seeks = count_or_0(&jr->v[JS_SEEKS_RAN]);
	run->counts.files_k = (uint32_t)(files / 1024);
	for (int i = 0; i < PHASE_COUNT; i++)
		phase_of((enum phase_id)i, &jr->phase[i], &run->phase[i], &rr->known[i]);
}

void json_result_drop(struct run_read *rr, enum phase_id id)
{
	memset(&rr->run.phase[id], 0, sizeof rr->run.phase[id]);
	rr->known[id] = 0;
}
