/* The sweep's levels and knees; see sweep_model.h. */
#include "sweep_model.h"
#include "confidence.h"
#include "metrics.h"

#include <string.h>

void sweep_add(struct sweep *sw, const struct run_result *run)
{
	struct sweep_point *pt;
	struct confidence conf;

	if (sw->levels >= MAX_SWEEP_LEVELS)
		return;
	sw->clients[sw->levels] = run->clients ? run->clients : 1;
	pt = sw->point[sw->levels++];
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_result *r = &run->phase[i];
		memset(&pt[i], 0, sizeof pt[i]);
		if (!metric_reportable(r))
			continue;
		pt[i].ran = true;
		pt[i].rate = metric_rate((enum phase_id)i, r);
		pt[i].p50 = metric_latency_pct(r, 50);
		pt[i].p99 = metric_latency_pct(r, 99);
		pt[i].max = r->latency.max;
		confidence_of((enum phase_id)i, r, -1, &conf);
		pt[i].reasons = conf.reasons;
	}
}

bool sweep_phase_ran(const struct sweep *sw, enum phase_id id)
{
	for (uint32_t l = 0; l < sw->levels; l++)
		if (sw->point[l][id].ran)
			return true;
	return false;
}

/* Throughput: the last level before one that gained under 5%. */
static void find_peak(const struct sweep *sw, enum phase_id id, struct sweep_knee *k)
{
	int prev = k->first;

	k->still_rising = true;
	for (uint32_t l = (uint32_t)k->first + 1; l < sw->levels; l++) {
		const struct sweep_point *p = &sw->point[l][id];
		if (!p->ran)
			continue;
		if (p->rate < SWEEP_MIN_GAIN * sw->point[prev][id].rate) {
			k->still_rising = false;
			break;
		}
		prev = (int)l;
	}
	k->peak = prev;
}

static void find_p99_over(const struct sweep *sw, enum phase_id id, double factor, struct sweep_knee *k)
{
	double limit = factor * (double)sw->point[k->first][id].p99;

	k->p99_over = -1;
	for (uint32_t l = (uint32_t)k->first + 1; l < sw->levels; l++)
		if (sw->point[l][id].ran && (double)sw->point[l][id].p99 > limit) {
			k->p99_over = (int)l;
			return;
		}
}

bool sweep_knee(const struct sweep *sw, enum phase_id id, double factor, struct sweep_knee *k)
{
	memset(k, 0, sizeof *k);
	k->first = -1;
	for (uint32_t l = 0; l < sw->levels; l++) {
		if (!sw->point[l][id].ran)
			continue;
		if (k->first < 0)
			k->first = (int)l;
		k->last = (int)l;
		k->levels++;
	}
	if (k->levels < 2)
		return false;
	find_peak(sw, id, k);
	find_p99_over(sw, id, factor, k);
	return true;
}
