/* Keeping each run's figures and summarising them; see repeat.h. */
#include "repeat.h"
#include "metrics.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The run's figures of one phase, as its view says them. */
static void sample_phase(struct repeat_sample *s, const struct phase_view *v)
{
	enum phase_id id = v->id;

	s->done[id] = v->state == CELL_VALUE;
	if (!s->done[id])
		return;
	s->rate[id] = v->rate;
	s->elapsed_ns[id] = v->duration_ns;
	s->ops[id] = v->operations;
	s->device_pct[id] = v->conf.device_pct;
	s->reasons[id] = v->conf.reasons;
	s->cpu[id] = v->cpu_pct;
	s->verdict[id] = v->verdict.kind < VERDICT_KINDS ? v->verdict.kind : VERDICT_NONE;
	memcpy(s->lat[id], v->pct_ns, sizeof s->lat[id]);
}

int repeat_add(struct repeat_set *rs, const struct run_view *run)
{
	if (rs->n == rs->cap) {
		size_t cap = rs->cap ? 2 * rs->cap : 8;
		struct repeat_sample *s = realloc(rs->s, cap * sizeof *s);
		if (s == NULL)
			return -1;
		rs->s = s;
		rs->cap = cap;
	}
	memset(&rs->s[rs->n], 0, sizeof rs->s[rs->n]);
	/* the phases' views alone: a sample holds no run-wide fact */
	for (int i = 0; i < PHASE_COUNT; i++)
		sample_phase(&rs->s[rs->n], &run->phase[i]);
	rs->n++;
	return 0;
}

void repeat_free(struct repeat_set *rs)
{
	free(rs->s);
	memset(rs, 0, sizeof *rs);
}

/* Median of the latency column k over the runs where it is known. */
static bool lat_median(const struct repeat_set *rs, enum phase_id id, int k, double *v, double *out)
{
	size_t n = 0;

	for (size_t i = 0; i < rs->n; i++)
		if (rs->s[i].done[id] && rs->s[i].lat[id][k] >= 0)
			v[n++] = (double)rs->s[i].lat[id][k];
	*out = stats_median(v, n);
	return n > 0;
}

/* Median %CPU over the runs with numbers (v: room for them). */
static int cpu_median(const struct repeat_set *rs, enum phase_id id, double *v)
{
	size_t n = 0;

	for (size_t i = 0; i < rs->n; i++)
		if (rs->s[i].done[id])
			v[n++] = rs->s[i].cpu[id];
	return (int)stats_median(v, n);
}

/* Median duration and operations, lowest device share, all reasons. */
static void summary_confidence(const struct repeat_set *rs, enum phase_id id, double *v, struct confidence *c)
{
	size_t n = 0;

	c->device_pct = -1;
	c->reasons = 0;
	for (size_t i = 0; i < rs->n; i++) {
		const struct repeat_sample *s = &rs->s[i];
		if (!s->done[id])
			continue;
		c->reasons |= s->reasons[id];
		if (s->device_pct[id] >= 0 && (c->device_pct < 0 || s->device_pct[id] < c->device_pct))
			c->device_pct = s->device_pct[id];
		v[n++] = (double)s->elapsed_ns[id];
	}
	c->duration_ns = (uint64_t)stats_median(v, n);
	n = 0;
	for (size_t i = 0; i < rs->n; i++)
		if (rs->s[i].done[id])
			v[n++] = (double)rs->s[i].ops[id];
	c->operations = (uint64_t)stats_median(v, n);
}

bool repeat_summarise(const struct repeat_set *rs, enum phase_id id, struct repeat_summary *sum)
{
	double *v = malloc((rs->n ? rs->n : 1) * sizeof *v);
	size_t n = 0;

	memset(sum, 0, sizeof *sum);
	if (v == NULL)
		return false;
	for (size_t i = 0; i < rs->n; i++)
		if (rs->s[i].done[id]) {
			v[n++] = rs->s[i].rate[id];
			sum->verdicts[rs->s[i].verdict[id]]++;
		}
	stats_of(v, n, &sum->rate);
	if (n > 0) {
		for (int k = 0; k < VIEW_PCTS; k++)
			sum->has_lat[k] = lat_median(rs, id, k, v, &sum->lat_ns[k]);
		summary_confidence(rs, id, v, &sum->conf);
		sum->conf.cv_pct = n >= 2 ? sum->rate.cv_pct : -1.0;
		if (sum->conf.cv_pct > CONF_MAX_CV_PCT)
			sum->conf.reasons |= CONF_UNSTABLE;
		sum->cpu_pct = cpu_median(rs, id, v);
	}
	free(v);
	return n > 0;
}
