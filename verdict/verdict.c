/* A phase's verdict from its timeline; the rules are in verdict.h, the
 * events (stalls, changes) in verdict_events.c. */
#include "verdict.h"
#include "verdict_events.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint64_t span_of(const struct tl_series *s)
{
	return s->n ? (uint64_t)(s->n - 1) * s->width_ns + s->last_len_ns : 0;
}

/* Intervals per window: about 1 s, at most a tenth of the phase (never
 * under one interval), and at least 20 operations on average. */
static uint32_t per_window(const struct tl_series *s, uint64_t aim_ns)
{
	uint64_t ops = 0, span = span_of(s), per;

	for (uint32_t i = 0; i < s->n; i++)
		ops += s->pt[i].ops;
	if (aim_ns > span / 10)
		aim_ns = span / 10;
	per = aim_ns / s->width_ns;
	if (per == 0)
		per = 1;
	if (ops > 0) {
		uint64_t need = span / ops * VERDICT_WINDOW_OPS;
		uint64_t per_ops = (need + s->width_ns - 1) / s->width_ns;
		if (per_ops > per)
			per = per_ops;
	}
	return (uint32_t)per;
}

static void make_windows(const struct tl_series *s, bool by_bytes, uint32_t per, struct windows *w)
{
	w->per = per;
	w->len_ns = (uint64_t)per * s->width_ns;
	w->n = 0;
	w->min_part = 0;
	for (uint32_t i = 0; i < s->n; i += per) {
		uint64_t ns = 0, u = 0;

		for (uint32_t j = i; j < i + per && j < s->n; j++) {
			ns += tl_series_len(s, j);
			u += verdict_units_of(&s->pt[j], by_bytes);
		}
		/* a last group under half a window's intervals says little (counted in
		 * intervals, as the contract's reader counts them) */
		if (2 * ((s->n - i < per ? s->n - i : per)) < per || ns == 0)
			break;
		w->first[w->n] = i;
		w->rate[w->n++] = units_per_second(u, ns);
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Steady or noisy: N the smallest whole percent within which at least
 * VERDICT_CONSISTENT of the windows lie from their median. */
static void judge_spread(const struct windows *w, struct verdict *v)
{
	double m = verdict_median(w->rate, w->n), d[TL_MAX];
	uint32_t need = (uint32_t)ceil(VERDICT_CONSISTENT * w->n), k = 0;
	double n_pct;

	for (uint32_t i = 0; i < w->n; i++)
		d[i] = m > 0 ? fabs(w->rate[i] - m) / m : 0.0;
	qsort(d, w->n, sizeof *d, cmp_double);
	if (need < 1)
		need = 1;
	/* a hair under the whole percent above counts as it (rounding noise) */
	n_pct = ceil(d[need - 1] * 100.0 - 1e-9);
	while (k < w->n && d[k] * 100.0 <= n_pct + 1e-9)
		k++;
	v->spread = n_pct / 100.0;
	v->windows = w->n;
	v->within = k;
	v->kind = v->spread <= VERDICT_STEADY_SPREAD ? VERDICT_STEADY : VERDICT_NOISY;
}

/* The order events sort in, and which one heads the verdict. */
static int cmp_event(const void *a, const void *b)
{
	const struct verdict_event *x = a, *y = b;

	return (x->at_ns > y->at_ns) - (x->at_ns < y->at_ns);
}

static void headline(struct verdict *v)
{
	static const uint8_t rank[] = {VERDICT_STALLED, VERDICT_FELL, VERDICT_ROSE, VERDICT_WARMUP};

	qsort(v->ev, v->nevents, sizeof v->ev[0], cmp_event);
	for (size_t r = 0; r < sizeof rank; r++)
		for (uint32_t k = 0; k < v->nevents; k++) {
			const struct verdict_event *e = &v->ev[k];
			if (e->kind != rank[r])
				continue;
			if (v->kind != VERDICT_TOO_SHORT)
				v->kind = e->kind;
			v->head_kind = e->kind;
			v->cause = e->cause;
			v->at_ns = e->at_ns;
			v->len_ns = e->len_ns;
			v->at_units = e->at_units;
			v->level = e->level;
			return;
		}
}

/* A phase under VERDICT_MIN_NS: too short to judge, but every stall is
 * said beside it, and a change seen on interval-level windows with at least
 * VERDICT_SHORT_PART windows each side, else (no stall) a
 * VERDICT_SHORT_CHANGE difference between the halves' interval rates over
 * at least VERDICT_SHORT_PART intervals each. No cause is guessed: a few
 * intervals are too little to tell why. */
static void judge_short(const struct tl_series *s, bool by_bytes, uint64_t median_ns, struct windows *w,
                        struct verdict *v)
{
	uint32_t n = 0, half = s->n / 2;
	double first, last;

	v->kind = VERDICT_TOO_SHORT;
	verdict_find_stalls(s, median_ns, v->ev, &n, VERDICT_MAX_EVENTS - VERDICT_MAX_CHANGES, &v->stalls_unsaid);
	make_windows(s, by_bytes, per_window(s, 1), w);
	v->window_ns = w->len_ns;
	verdict_drop_stalled(w, s, v->ev, n);
	w->min_part = VERDICT_SHORT_PART;
	if (w->n >= 2 * VERDICT_SHORT_PART && verdict_find_changes(s, by_bytes, false, w, v->ev, &n, VERDICT_MAX_EVENTS) > 0)
		goto done;
	if (n > 0 || half < VERDICT_SHORT_PART)
		goto done; /* a stall's empty intervals are no change of rate; too few intervals say nothing */
	/* the halves of the intervals (the second holds the odd one) */
	make_windows(s, by_bytes, 1, w);
	if (w->n <= half)
		goto done; /* the second half was one scrap of an interval */
	first = verdict_median(w->rate, half);
	last = verdict_median(w->rate + half, w->n - half);
	/* A rise is measured from the first half's median: when most of its
	 * intervals completed nothing there is no level to rise from (a burst
	 * and then gaps said "rose 0%"), as a lasting change needs a before
	 * part above 0. */
	if (first > 0 && fmax(first, last) >= (1.0 + VERDICT_SHORT_CHANGE) * fmin(first, last)) {
		uint64_t units = 0;
		for (uint32_t i = 0; i < half; i++)
			units += verdict_units_of(&s->pt[i], by_bytes);
		v->window_ns = w->len_ns; /* the halves' rates are the intervals' */
		v->ev[n++] = (struct verdict_event){last < first ? VERDICT_FELL : VERDICT_ROSE, VERDICT_CAUSE_NONE,
		                                    (uint64_t)half * s->width_ns, 0, units,
		                                    fmin(first, last) / fmax(first, last)};
	}
done:
	for (uint32_t k = 0; k < n; k++)
		v->ev[k].cause = VERDICT_CAUSE_NONE;
	v->nevents = (uint8_t)n;
}

void verdict_judge(const struct tl_series *s, bool by_bytes, bool writes, uint64_t median_ns, struct verdict *v)
{
	struct windows *w = malloc(sizeof *w); /* 8 KiB: off the caller's stack */
	uint32_t n = 0;

	memset(v, 0, sizeof *v);
	if (!s->present || s->n == 0 || w == NULL) {
		free(w);
		return;
	}
	v->span_ns = span_of(s);
	v->has_flush = s->sync.present;
	v->flush_ns = s->sync.present ? s->sync.len_ns : 0;
	if (v->span_ns < VERDICT_MIN_NS) {
		judge_short(s, by_bytes, median_ns, w, v);
		headline(v);
		free(w);
		return;
	}
	make_windows(s, by_bytes, per_window(s, VERDICT_WINDOW_NS), w);
	v->window_ns = w->len_ns;
	if (w->n == 0) {
		v->kind = VERDICT_TOO_SHORT;
		free(w);
		return;
	}
	verdict_find_stalls(s, median_ns, v->ev, &n, VERDICT_MAX_EVENTS - VERDICT_MAX_CHANGES, &v->stalls_unsaid);
	if (n == 0)
		judge_spread(w, v); /* unless a change is found below */
	verdict_drop_stalled(w, s, v->ev, n);
	verdict_find_changes(s, by_bytes, writes, w, v->ev, &n, VERDICT_MAX_EVENTS);
	v->nevents = (uint8_t)n;
	if (n > 0)
		v->kind = VERDICT_NONE; /* the headline event's below */
	headline(v);
	free(w);
}

void verdict_drop_causes(struct verdict *v)
{
	for (uint32_t k = 0; k < v->nevents; k++)
		v->ev[k].cause = VERDICT_CAUSE_NONE;
	v->cause = VERDICT_CAUSE_NONE;
}

void verdict_mark_interrupted(struct verdict *v)
{
	if (v->kind != VERDICT_NONE)
		v->kind = VERDICT_INTERRUPTED;
}

bool verdict_flush_said(const struct verdict *v)
{
	/* a share of a phase of milliseconds is no news: it must show as 0.1 s */
	return v->has_flush && (v->flush_ns >= VERDICT_FLUSH_NS ||
	                        (v->flush_ns >= VERDICT_FLUSH_MIN_NS &&
	                         (double)v->flush_ns >= VERDICT_FLUSH_SHARE * (double)v->span_ns));
}

const char *verdict_kind_name(enum verdict_kind k)
{
	switch (k) {
	case VERDICT_NONE: return "none";
	case VERDICT_TOO_SHORT: return "too short";
	case VERDICT_STEADY: return "steady";
	case VERDICT_NOISY: return "noisy";
	case VERDICT_WARMUP: return "warm-up";
	case VERDICT_FELL: return "fell";
	case VERDICT_ROSE: return "rose";
	case VERDICT_STALLED: return "stalled";
	case VERDICT_INTERRUPTED: return "interrupted";
	case VERDICT_KINDS: break;
	}
	return "none";
}

const char *verdict_cause_name(enum verdict_cause c)
{
	switch (c) {
	case VERDICT_CAUSE_DIRTY_LIMIT: return "page_cache_dirty_limit";
	case VERDICT_CAUSE_WRITE_CACHE: return "write_cache?";
	case VERDICT_CAUSE_OTHER_IO: return "other_io";
	case VERDICT_CAUSE_DEVICE_READS: return "device_reads_slower";
	case VERDICT_CAUSE_NO_DEVICE: return "unknown_no_device";
	case VERDICT_CAUSE_NOT_DEVICES: return "not_devices";
	case VERDICT_CAUSE_NONE: break;
	}
	return "unknown";
}
