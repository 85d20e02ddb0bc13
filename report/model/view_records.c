/* What a measured run's JSON lists beside its view (view.h): the latency
 * buckets and a failed phase's error, copied once per run. */
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

void view_records_of(const struct run_result *run, struct run_records *rec)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		phase_records_of(&run->phase[i], &rec->phase[i]);
}
