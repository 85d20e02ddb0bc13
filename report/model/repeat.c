/* Keeping each run's figures and summarising them; see repeat.h. */
#include "repeat.h"
#include "../../lib/grow.h"
#include "metrics.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int repeat_add(struct repeat_set *rs, const struct run_view *run)
{
	struct repeat_sample *s = grow(rs->s, &rs->cap, rs->n, sizeof *s, 8);

	if (s == NULL)
		return -1;
	rs->s = s;
	memset(&rs->s[rs->n], 0, sizeof rs->s[rs->n]);
	/* the phases' views alone: a sample holds no run-wide fact */
	for (int i = 0; i < PHASE_COUNT; i++)
		sample_of_view(&run->phase[i], &rs->s[rs->n].phase[i]);
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
		if (rs->s[i].phase[id].done && rs->s[i].phase[id].pct_ns[k] >= 0)
			v[n++] = (double)rs->s[i].phase[id].pct_ns[k];
	*out = stats_median(v, n);
	return n > 0;
}

/* Median %CPU over the runs with numbers (v: room for them). */
static int cpu_median(const struct repeat_set *rs, enum phase_id id, double *v)
{
	size_t n = 0;

	for (size_t i = 0; i < rs->n; i++)
		if (rs->s[i].phase[id].done)
			v[n++] = rs->s[i].phase[id].cpu_pct;
	return (int)stats_median(v, n);
}

/* Median duration and operations, lowest device share, all reasons. */
static void summary_confidence(const struct repeat_set *rs, enum phase_id id, double *v, struct confidence *c)
{
	size_t n = 0;

	c->device_pct = -1;
	c->reasons = 0;
	for (size_t i = 0; i < rs->n; i++) {
		const struct phase_sample *s = &rs->s[i].phase[id];
		if (!s->done)
			continue;
		c->reasons |= s->reasons;
		if (s->device_pct >= 0 && (c->device_pct < 0 || s->device_pct < c->device_pct))
			c->device_pct = s->device_pct;
		v[n++] = (double)s->elapsed_ns;
	}
	c->duration_ns = (uint64_t)stats_median(v, n);
	n = 0;
	for (size_t i = 0; i < rs->n; i++)
		if (rs->s[i].phase[id].done)
			v[n++] = (double)rs->s[i].phase[id].ops;
	c->operations = (uint64_t)stats_median(v, n);
}

void repeat_done(struct repeat_set *rs)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		rs->has[i] = repeat_summarise(rs, (enum phase_id)i, &rs->sum[i]);
}

bool repeat_summarise(const struct repeat_set *rs, enum phase_id id, struct repeat_summary *sum)
{
	double *v = malloc((rs->n ? rs->n : 1) * sizeof *v);
	size_t n = 0;

	memset(sum, 0, sizeof *sum);
	if (v == NULL)
		return false;
	for (size_t i = 0; i < rs->n; i++)
		if (rs->s[i].phase[id].done) {
			v[n++] = rs->s[i].phase[id].rate;
			sum->verdicts[rs->s[i].phase[id].verdict]++;
		}
	stats_of(v, n, &sum->rate);
	if (n > 0) {
		for (int k = 0; k < VIEW_PCTS; k++)
			sum->has_lat[k] = lat_median(rs, id, k, v, &sum->lat_ns[k]);
		summary_confidence(rs, id, v, &sum->conf);
		sum->conf.cv_pct = n >= 2 ? sum->rate.cv_pct : -1.0;
		if (sum->conf.cv_pct > CONF_MAX_CV_PCT)
			sum->conf.reasons |= CONF_UNSTABLE;
		sum->conf.mark = confidence_mark(sum->conf.reasons);
		sum->cpu_pct = cpu_median(rs, id, v);
	}
	free(v);
	return n > 0;
}
