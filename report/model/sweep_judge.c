/* The sweep judged once it is complete (sweep_judge): each phase's knee
 * (sweep_model.c), then the whole sweep's answer from the phases a file
 * server is loaded by (FACT_LOADS_SERVER in the phase list; see
 * sweep_model.h for the rule) and the page's tally of the knees. Here,
 * above the model it asks, so the two do not call each other. */
#include "sweep_model.h"

#include <string.h>

/* The trusted level before l (l itself if none). */
static int level_before(const struct sweep_knee *k, int l)
{
	for (int b = l - 1; b >= 0; b--)
		if ((k->used >> b) & 1u)
			return b;
	return l;
}

/* A judged phase CPU-bound from k->cpu_at: the first at the smallest count. */
static void note_cpu(const struct sweep *sw, enum phase_id id, const struct sweep_knee *k, struct sweep_answer *a)
{
	if (k->cpu_at < 0)
		return;
	if (a->cpu == 0 || sw->clients[k->cpu_at] < a->cpu_at) {
		a->cpu_phase = id;
		a->cpu_at = sw->clients[k->cpu_at];
	}
	a->cpu |= 1u << id;
}

/* A storage knee of phase id at level at (the smallest so far wins). */
static void note_lag(const struct sweep *sw, enum phase_id id, const struct sweep_knee *k, int *best,
                     struct sweep_answer *a)
{
	int at = k->p99_over;

	if (*best >= 0 && at > *best)
		return;
	if (*best >= 0 && at == *best) {
		a->others++;
		return;
	}
	*best = at;
	a->lags = true;
	a->phase = id;
	a->at = sw->clients[at];
	a->upto = sw->clients[level_before(k, at)];
	a->others = 0;
}

/* The largest trusted count after the first whose p99 speaks of the
 * storage (0: none). A
 * count whose run did not finish (interrupted, or a phase failed) is not
 * counted even where this phase completed: "up to N clients" speaks for
 * every judged phase, and the others did not all run there
 * (a->unfinished names the smallest such count). */
static uint32_t storage_reach(const struct sweep *sw, const struct sweep_knee *k,
                              struct sweep_answer *a)
{
	uint32_t reach = 0;

	for (int l = k->first + 1; l <= k->storage_last; l++) {
		if (!((k->used >> l) & 1u))
			continue;
		if (!sw->finished[l]) {
			if (a->unfinished == 0 || sw->clients[l] < a->unfinished)
				a->unfinished = sw->clients[l];
		} else {
			reach = sw->clients[l];
		}
	}
	return reach;
}

void sweep_answer(const struct sweep *sw, struct sweep_answer *a)
{
	int at = -1;
	uint32_t reach = 0; /* the largest count a judged phase's p99 speaks of the storage at */

	memset(a, 0, sizeof *a);
	for (int i = 0; i < PHASE_COUNT; i++) {
		enum phase_id id = (enum phase_id)i;
		const struct sweep_knee *kp = &sw->knee[i];
		if (!phase_is(id, FACT_LOADS_SERVER))
			continue;
		bool has = kp->has;
		uint32_t out = 0;
		for (uint32_t l = 0; l < sw->levels; l++)
			out += (kp->left_out >> l) & 1u;
		a->left_out += out;
		if (!has) {
			if (out && (uint32_t)kp->levels + out >= 2)
				a->untrusted |= 1u << id;
			continue;
		}
		a->judged |= 1u << id;
		note_cpu(sw, id, kp, a);
		uint32_t r = storage_reach(sw, kp, a);
		if (r > reach)
			reach = r;
		if (kp->p99_over >= 0 && !kp->cpu_knee)
			note_lag(sw, id, kp, &at, a);
	}
	/* a count cut before any judged phase completed there is named too:
	 * "up to N" must not read as if the later counts were tried */
	for (uint32_t l = 1; l < sw->levels && a->unfinished == 0 && a->judged; l++)
		if (!sw->finished[l])
			a->unfinished = sw->clients[l];
	if (!a->lags)
		a->upto = reach;
}

void sweep_tally(const struct sweep *sw, struct sweep_tally *t)
{
	uint32_t count[MAX_SWEEP_LEVELS] = {0}, best = 0;

	memset(t, 0, sizeof *t);
	for (int id = 0; id < PHASE_COUNT; id++) {
		const struct sweep_knee *kn = &sw->knee[id];
		if (!sweep_phase_ran(sw, (enum phase_id)id))
			continue;
		t->phases++;
		if (!kn->has)
			continue;
		if (kn->kind != SWEEP_PEAK_NO_KNEE)
			count[kn->peak]++;
		if (kn->p99_over >= 0 && !kn->cpu_knee)
			t->lag |= 1u << id;
		t->cpu_lags += kn->p99_over >= 0 && kn->cpu_knee;
	}
	for (uint32_t l = 1; l < sw->levels; l++)
		if (count[l] > count[best])
			best = l;
	if (count[best]) {
		t->peak_at = sw->clients[best];
		t->peak_phases = count[best];
	}
}

void sweep_judge(struct sweep *sw, double factor)
{
	sw->factor = factor;
	for (uint32_t l = 0; l < sw->levels; l++)
		for (int i = 0; i < PHASE_COUNT; i++) {
			struct sweep_point *p = &sw->point[l][i];
			p->cpu_rule = sweep_cpu_rule(sw, l, (enum phase_id)i);
			p->cpu_client = sw->clients[l] ? p->cpu / sw->clients[l] : 0;
		}
	for (int i = 0; i < PHASE_COUNT; i++)
		sweep_knee(sw, (enum phase_id)i, factor, &sw->knee[i]);
	sweep_answer(sw, &sw->answer);
	sweep_tally(sw, &sw->tally);
	sw->judged = true;
}
