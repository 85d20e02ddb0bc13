/* The sweep's levels and knees; see sweep_model.h for the rule. */
#include "sweep_model.h"
#include "../../lib/stats.h"

#include <string.h>

double sweep_jain(double sum, double sumsq, uint32_t n)
{
	if (n < 2 || sumsq <= 0)
		return 1.0;
	return sum * sum / ((double)n * sumsq);
}

double sweep_overlap(const struct phase_result *r)
{
	const struct client_spread *s = &r->spread;
	uint64_t all;

	uint64_t span = s->busy_last_end_ns > r->start_ns ? s->busy_last_end_ns - r->start_ns : 0;

	if (s->clients < 2 || r->elapsed_ns == 0)
		return 1.0;
	if (s->busy_first_end_ns <= s->busy_last_start_ns || span == 0)
		return 0.0;
	all = s->busy_first_end_ns - s->busy_last_start_ns;
	return all >= span ? 1.0 : (double)all / (double)span;
}

/* The level of count n, a new one when it is not there yet; -1 when full. */
static int level_of(struct sweep *sw, uint32_t n)
{
	for (uint32_t l = 0; l < sw->levels; l++)
		if (sw->clients[l] == n)
			return (int)l;
	if (sw->levels >= MAX_SWEEP_LEVELS)
		return -1;
	sw->clients[sw->levels] = n;
	sw->finished[sw->levels] = false;
	memset(sw->point[sw->levels], 0, sizeof sw->point[sw->levels]);
	return (int)sw->levels++;
}

/* The point's figures from its runs' samples, as the -x summary's
 * (lib/stats); the latencies the histogram's, whatever the count
 * (lat_ns, not the -x summary's pct_ns): a count's clients together run
 * many operations, and the knee compares counts by these. */
static void summarise(struct sweep_point *p)
{
	double rate[SWEEP_MAX_RUNS], p99[SWEEP_MAX_RUNS], p50[SWEEP_MAX_RUNS];
	struct stats st;

	for (uint32_t r = 0; r < p->runs; r++) {
		rate[r] = p->sample[r].rate;
		p99[r] = (double)p->sample[r].lat_ns[VIEW_P99];
		p50[r] = (double)p->sample[r].lat_ns[VIEW_P50];
	}
	stats_of(rate, p->runs, &st);
	p->rate = st.median;
	p->rate_lo = st.min;
	p->rate_hi = st.max;
	p->spread_pct = st.spread_pct;
	stats_of(p99, p->runs, &st);
	p->p99 = (uint64_t)st.median;
	p->p99_lo = (uint64_t)st.min;
	p->p99_hi = (uint64_t)st.max;
	stats_of(p50, p->runs, &st);
	p->p50 = (uint64_t)st.median;
}

static void add_point(struct sweep_point *p, const struct phase_sample *s)
{
	if (p->runs >= SWEEP_MAX_RUNS) /* the options refuse more (MAX_SWEEP_RUNS) */
		return;
	p->reasons |= s->reasons; /* a mark any run earned stays on the point */
	if (p->runs == 0 || s->fairness < p->fairness)
		p->fairness = s->fairness;
	if (p->runs == 0 || s->overlap < p->overlap)
		p->overlap = s->overlap;
	if (s->lat_ns[VIEW_MAX] > p->max)
		p->max = s->lat_ns[VIEW_MAX];
	if (s->sync_ns > p->sync_ns)
		p->sync_ns = s->sync_ns;
	if (s->cpu > p->cpu)
		p->cpu = s->cpu;
	p->sample[p->runs++] = *s;
	p->ran = true;
	summarise(p);
}

void sweep_add(struct sweep *sw, const struct run_view *run)
{
	int l = level_of(sw, run->clients ? run->clients : 1);
	struct phase_sample s;

	if (l < 0)
		return;
	if (run->status == PHASE_DONE)
		sw->finished[l] = true;
	for (int i = 0; i < PHASE_COUNT; i++) {
		sample_of_view(&run->phase[i], &s);
		if (s.done) {
			add_point(&sw->point[l][i], &s);
			sweep_mark(sw, (uint32_t)l, (enum phase_id)i);
		}
	}
}

void sweep_mark(struct sweep *sw, uint32_t l, enum phase_id id)
{
	struct sweep_point *p = &sw->point[l][id];
	char bad = confidence_mark(p->reasons & SWEEP_UNTRUSTED);

	p->mark = confidence_mark(p->reasons);
	p->left_mark = bad != ' ' || !sweep_overlap_low(sw, l, id) ? bad : MARK_OVERLAP;
}

uint32_t sweep_levels_finished(const struct sweep *sw)
{
	uint32_t n = 0;

	for (uint32_t l = 0; l < sw->levels; l++)
		n += sw->finished[l];
	return n;
}

bool sweep_overlap_low(const struct sweep *sw, uint32_t l, enum phase_id id)
{
	const struct sweep_point *p = &sw->point[l][id];

	return p->ran && sweep_overlap_is_low(sw->clients[l], p->overlap);
}

bool sweep_trusted(const struct sweep *sw, uint32_t l, enum phase_id id)
{
	const struct sweep_point *p = &sw->point[l][id];

	return p->ran && !(p->reasons & SWEEP_UNTRUSTED) && !sweep_overlap_low(sw, l, id);
}

bool sweep_overlap_is_low(uint32_t clients, double overlap)
{
	return clients > 1 && overlap < SWEEP_MIN_OVERLAP;
}

bool sweep_phase_ran(const struct sweep *sw, enum phase_id id)
{
	for (uint32_t l = 0; l < sw->levels; l++)
		if (sw->point[l][id].ran)
			return true;
	return false;
}

uint32_t sweep_runs(const struct sweep *sw)
{
	uint32_t n = 0;

	for (uint32_t l = 0; l < sw->levels; l++)
		for (int i = 0; i < PHASE_COUNT; i++)
			if (sw->point[l][i].ran && (n == 0 || sw->point[l][i].runs < n))
				n = sw->point[l][i].runs;
	return n;
}

/* A point's rate range; a single run (or a point set by hand) is its rate. */
static double rate_lo(const struct sweep_point *p)
{
	return p->runs > 1 ? p->rate_lo : p->rate;
}

static double rate_hi(const struct sweep_point *p)
{
	return p->runs > 1 ? p->rate_hi : p->rate;
}

static uint64_t p99_lo(const struct sweep_point *p)
{
	return p->runs > 1 ? p->p99_lo : p->p99;
}

static uint64_t p99_hi(const struct sweep_point *p)
{
	return p->runs > 1 ? p->p99_hi : p->p99;
}

bool sweep_rates_differ(const struct sweep *sw, enum phase_id id, int a, int b)
{
	const struct sweep_point *hi = &sw->point[a][id], *lo = &sw->point[b][id];

	if (hi->rate < lo->rate) {
		const struct sweep_point *t = hi;
		hi = lo;
		lo = t;
	}
	if (hi->runs > 1 && lo->runs > 1)
		return rate_hi(lo) < rate_lo(hi);
	return lo->rate * SWEEP_MIN_GAIN < hi->rate;
}

static bool used(const struct sweep_knee *k, int l)
{
	return (k->used >> l) & 1u;
}

/* Throughput: the highest rate, then the smallest count that cannot be
 * told from it; no clear knee when no count can. */
static void find_peak(const struct sweep *sw, enum phase_id id, struct sweep_knee *k)
{
	bool any_differs = false;

	k->best = k->first;
	for (int l = k->first; l <= k->last; l++)
		if (used(k, l) && sw->point[l][id].rate > sw->point[k->best][id].rate)
			k->best = l;
	k->peak = k->best;
	for (int l = k->first; l <= k->last; l++) {
		if (!used(k, l))
			continue;
		if (sweep_rates_differ(sw, id, l, k->best))
			any_differs = true;
		else if (l < k->peak)
			k->peak = l;
	}
	if (!any_differs) {
		k->kind = SWEEP_PEAK_NO_KNEE;
		k->peak = k->first;
	} else {
		k->kind = k->peak == k->best ? SWEEP_PEAK_HIGHEST : SWEEP_PEAK_WITHIN_NOISE;
	}
	k->still_rising = k->kind == SWEEP_PEAK_HIGHEST && k->best == k->last;
}

/* Latency: the first count whose lowest p99 is above factor x the
 * highest of the baseline, the count with the lowest (median) p99 before,
 * and at least the lag floor. The first count above factor x but under
 * the floor is kept too: the sentence names the rule that decided. */
static void find_p99_over(const struct sweep *sw, enum phase_id id, double factor, struct sweep_knee *k)
{
	k->base = k->first;
	k->p99_over = k->p99_factor = k->factor_base = -1;
	for (int l = k->first + 1; l <= k->last; l++) {
		const struct sweep_point *p = &sw->point[l][id];
		if (!used(k, l))
			continue;
		if ((double)p99_lo(p) > factor * (double)p99_hi(&sw->point[k->base][id])) {
			if (p99_lo(p) >= sw->lag_floor_ns) {
				k->p99_over = l;
				k->p99_factor = k->factor_base = -1;
				return;
			}
			if (k->p99_factor < 0) {
				k->p99_factor = l;
				k->factor_base = k->base;
			}
		}
		if (p->p99 < sw->point[k->base][id].p99)
			k->base = l;
	}
}

void sweep_set_rule(struct sweep *sw, uint64_t lag_floor_ns, uint32_t cores)
{
	sw->lag_floor_ns = lag_floor_ns;
	sw->cores = cores;
}

enum sweep_cpu_rule sweep_cpu_rule(const struct sweep *sw, uint32_t l, enum phase_id id)
{
	const struct sweep_point *p = &sw->point[l][id];

	if (!p->ran || sw->clients[l] == 0)
		return SWEEP_CPU_NONE;
	if (p->cpu / sw->clients[l] >= SWEEP_CPU_CLIENT)
		return SWEEP_CPU_A_CLIENT;
	if (sw->cores > 0 && p->cpu >= SWEEP_CPU_HOST * sw->cores)
		return SWEEP_CPU_THE_HOST;
	return SWEEP_CPU_NONE;
}

bool sweep_cpu_bound(const struct sweep *sw, uint32_t l, enum phase_id id)
{
	return sweep_cpu_rule(sw, l, id) != SWEEP_CPU_NONE;
}

/* Whether level l's p99 speaks of the storage: before the phase's first
 * CPU-bound count, and, for a phase CPU-bound anywhere, within the cores. */
static bool storage_level(const struct sweep *sw, const struct sweep_knee *k, int l)
{
	if (k->cpu_at < 0)
		return true;
	return l < k->cpu_at && (sw->cores == 0 || sw->clients[l] <= sw->cores);
}

static void find_cpu_limit(const struct sweep *sw, enum phase_id id, struct sweep_knee *k)
{
	k->cpu_at = -1;
	for (int l = k->first; l <= k->last && k->cpu_at < 0; l++)
		if (used(k, l) && sweep_cpu_bound(sw, (uint32_t)l, id))
			k->cpu_at = l;
	k->storage_last = -1;
	for (int l = k->first; l <= k->last; l++)
		if (used(k, l) && storage_level(sw, k, l))
			k->storage_last = l;
	k->cpu_knee = k->p99_over >= 0 && !storage_level(sw, k, k->p99_over);
}

bool sweep_knee(const struct sweep *sw, enum phase_id id, double factor, struct sweep_knee *k)
{
	memset(k, 0, sizeof *k);
	k->first = -1;
	k->cpu_at = -1;
	k->storage_last = -1;
	k->p99_over = k->p99_factor = k->factor_base = -1;
	for (uint32_t l = 0; l < sw->levels; l++) {
		if (!sw->point[l][id].ran)
			continue;
		if (!sweep_trusted(sw, l, id)) {
			k->left_out |= 1u << l;
			continue;
		}
		k->used |= 1u << l;
		if (k->first < 0)
			k->first = (int)l;
		k->last = (int)l;
		k->levels++;
	}
	if (k->levels < 2)
		return false;
	find_peak(sw, id, k);
	find_p99_over(sw, id, factor, k);
	find_cpu_limit(sw, id, k);
	k->has = true;
	return true;
}
