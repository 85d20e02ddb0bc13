/* A phase's sample from its view; see sample.h. */
#include "sample.h"

#include <string.h>

void sample_of_view(const struct phase_view *v, struct phase_sample *s)
{
	memset(s, 0, sizeof *s);
	s->done = v->state == CELL_VALUE;
	if (!s->done)
		return;
	s->rate = v->rate;
	memcpy(s->pct_ns, v->pct_ns, sizeof s->pct_ns);
	memcpy(s->lat_ns, v->lat_ns, sizeof s->lat_ns);
	s->elapsed_ns = v->duration_ns;
	s->ops = v->operations;
	s->device_pct = v->conf.device_pct;
	s->reasons = v->conf.reasons;
	s->cpu_pct = v->cpu_pct;
	s->cpu = v->duration_ns ? (double)v->cpu_ns / (double)v->duration_ns : 0.0;
	s->sync_ns = v->sync_ns;
	/* the view says the clients' figures with more than one client only */
	s->fairness = v->clients > 1 ? v->client_fairness : 1.0;
	s->overlap = v->clients > 1 ? v->client_overlap : 1.0;
	s->verdict = v->verdict.kind < VERDICT_KINDS ? (uint8_t)v->verdict.kind : VERDICT_NONE;
}
