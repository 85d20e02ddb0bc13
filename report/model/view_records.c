/* What a measured run's JSON lists beside its view (view.h): the latency
 * buckets, a failed phase's error and the timeline's intervals with their
 * starts and lengths, made once per run. */
#include "view.h"

#include <stdlib.h>
#include <string.h>

struct run_records *view_records_new(void)
{
	return calloc(1, sizeof(struct run_records));
}

static void phase_records_of(const struct phase_result *r, struct phase_records *p)
{
	const struct hist *h = &r->latency;

	p->nbuckets = 0;
	for (size_t i = 0; i < HIST_BUCKETS; i++) {
		struct view_bucket *b = &p->bucket[p->nbuckets];
		if (h->bucket[i] == 0)
			continue;
		hist_bucket_range(i, &b->lo, &b->hi);
		b->count = h->bucket[i];
		p->nbuckets++;
	}
	if (r->status == PHASE_FAILED)
		p->error = r->error;
	else
		memset(&p->error, 0, sizeof p->error);
}

/* Each interval's start and length (the last one's is its own), and
 * what it counted. */
static void intervals_of(const struct tl_series *s, struct view_intervals *t)
{
	t->present = s != NULL && s->present;
	t->n = t->present ? s->n : 0;
	if (!t->present)
		return;
	t->dev_valid = s->dev_valid;
	t->width_ns = s->width_ns;
	t->sync = s->sync;
	for (uint32_t i = 0; i < s->n; i++) {
		const struct tl_point *p = &s->pt[i];
		t->iv[i] = (struct view_interval){(uint64_t)i * s->width_ns, tl_series_len(s, i), p->bytes, p->ops,
		                                  p->p50_ns, p->p99_ns, p->max_ns, p->dev_read, p->dev_write};
	}
}

void view_records_of(const struct run_result *run, const struct run_timelines *tls, struct run_records *rec)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		phase_records_of(&run->phase[i], &rec->phase[i]);
		intervals_of(tls ? &tls->phase[i] : NULL, &rec->phase[i].timeline);
	}
}
