/* A phase's verdict from its timeline; the rules are in verdict.h. */
#include "verdict.h"
#include "stats.h"

#include <math.h>
#include <string.h>

/* The rates of the windows of about 1 s, and what each counted. */
struct windows {
	uint32_t n;
	uint32_t per;            /* intervals per window */
	uint64_t len_ns;         /* a whole window */
	double rate[TL_MAX];
	uint64_t units[TL_MAX];
	uint64_t bytes[TL_MAX];
	uint64_t dev_write[TL_MAX];
};

static uint64_t units_of(const struct tl_point *p, bool by_bytes)
{
	return by_bytes ? p->bytes : p->ops;
}

static double rate_of(uint64_t units, uint64_t ns)
{
	return ns ? (double)units * 1e9 / (double)ns : 0.0;
}

static uint64_t span_of(const struct tl_series *s)
{
	return s->n ? (uint64_t)(s->n - 1) * s->width_ns + s->last_len_ns : 0;
}

/* The median of v[0..n) (n <= TL_MAX), sorting a copy on the stack. */
static double median_of(const double *v, uint32_t n)
{
	double sorted[TL_MAX];

	memcpy(sorted, v, sizeof *v * n);
	return stats_median(sorted, n);
}

/* A window lasts about 1 s, and long enough for VERDICT_WINDOW_OPS
 * operations on average: a rate of one or two operations says nothing. */
static void make_windows(const struct tl_series *s, bool by_bytes, struct windows *w)
{
	uint64_t ops = 0, len = VERDICT_WINDOW_NS;

	for (uint32_t i = 0; i < s->n; i++)
		ops += s->pt[i].ops;
	if (ops > 0 && span_of(s) / ops * VERDICT_WINDOW_OPS > len)
		len = span_of(s) / ops * VERDICT_WINDOW_OPS;
	w->per = (uint32_t)((len + s->width_ns - 1) / s->width_ns);
	w->len_ns = (uint64_t)w->per * s->width_ns;
	w->n = 0;
	for (uint32_t i = 0; i < s->n; i += w->per) {
		uint64_t ns = 0, u = 0, b = 0, dw = 0;

		for (uint32_t j = i; j < i + w->per && j < s->n; j++) {
			ns += tl_series_len(s, j);
			u += units_of(&s->pt[j], by_bytes);
			b += s->pt[j].bytes;
			dw += s->pt[j].dev_write;
		}
		if (ns * 2 < w->len_ns)
			break; /* a last scrap of a window says little */
		w->rate[w->n] = rate_of(u, ns);
		w->units[w->n] = u;
		w->bytes[w->n] = b;
		w->dev_write[w->n] = dw;
		w->n++;
	}
}

/* The longest operation that ran alone for at least the stall time. */
static bool find_stall(const struct tl_series *s, uint64_t median_ns, struct verdict *v)
{
	bool found = false;

	for (uint32_t i = 0; i < s->n; i++) {
		uint64_t lat = s->pt[i].max_ns, start = (uint64_t)i * s->width_ns, end = start + s->width_ns, from;
		bool alone = true;

		if (lat < VERDICT_STALL_NS || lat < VERDICT_STALL_FACTOR * median_ns || (found && lat <= v->len_ns))
			continue;
		/* it completed in interval i: it began at the latest at its end
		 * less its latency, and the intervals after that must be empty */
		from = end > lat ? end - lat : 0;
		for (uint32_t j = 0; j < i && alone; j++) {
			uint64_t js = (uint64_t)j * s->width_ns;
			if (js >= from && js + s->width_ns <= start && s->pt[j].ops > 0)
				alone = false;
		}
		if (!alone)
			continue;
		found = true;
		v->kind = VERDICT_STALLED;
		/* when in interval i it completed is not known: say its middle */
		v->at_ns = start + s->width_ns / 2 > lat ? start + s->width_ns / 2 - lat : 0;
		v->len_ns = lat;
	}
	return found;
}

/* Summed distance of rates [a, b) from their median m. */
static double cost_of(const double *r, uint32_t a, uint32_t b, double *m)
{
	double c = 0.0;

	*m = median_of(r + a, b - a);
	for (uint32_t i = a; i < b; i++)
		c += fabs(r[i] - *m);
	return c;
}

struct split {
	uint32_t at;          /* first window of the after part */
	double before, after; /* the parts' medians */
	double noise;
};

/* The split of least cost with at least min_before and min_after windows. */
static bool best_split(const struct windows *w, uint32_t min_before, uint32_t min_after, struct split *sp)
{
	double best = INFINITY;

	for (uint32_t c = min_before; c + min_after <= w->n; c++) {
		double mb, ma, cost = cost_of(w->rate, 0, c, &mb) + cost_of(w->rate, c, w->n, &ma);

		if (cost < best) {
			best = cost;
			sp->at = c;
			sp->before = mb;
			sp->after = ma;
		}
	}
	return best < INFINITY;
}

/* The noise: the median change from one window to the next within a
 * part, relative to the part's median. The two windows either side of the
 * split are left out: the change happened somewhere in them. */
static double noise_of(const struct windows *w, const struct split *sp)
{
	double d[TL_MAX];
	uint32_t n = 0;

	for (uint32_t i = 1; i < w->n; i++) {
		double m = i < sp->at ? sp->before : sp->after;
		bool near = i - 1 == sp->at - 1 || i == sp->at - 1 || i - 1 == sp->at || i == sp->at;
		if (!near && m > 0)
			d[n++] = fabs(w->rate[i] - w->rate[i - 1]) / m;
	}
	return n ? median_of(d, n) : INFINITY;
}

/* At least VERDICT_CONSISTENT of each part's windows on its side of the midpoint. */
static bool consistent(const struct windows *w, const struct split *sp)
{
	double mid = (sp->before + sp->after) / 2;
	bool high_first = sp->before > sp->after;
	uint32_t ok_b = 0, ok_a = 0;

	for (uint32_t i = 0; i < w->n; i++) {
		bool high = w->rate[i] > mid;
		if (i < sp->at)
			ok_b += high == high_first;
		else
			ok_a += high != high_first;
	}
	return ok_b >= VERDICT_CONSISTENT * sp->at && ok_a >= VERDICT_CONSISTENT * (w->n - sp->at);
}

/* A change that is big, beyond the noise and lasting. */
static bool real_change(const struct windows *w, struct split *sp)
{
	double hi = fmax(sp->before, sp->after), lo = fmin(sp->before, sp->after);

	sp->noise = noise_of(w, sp);
	return hi > 0 && (hi - lo) >= VERDICT_CHANGE * hi && (hi - lo) / hi >= VERDICT_NOISE_FACTOR * sp->noise &&
	       consistent(w, sp);
}

/* The change placed to the interval: in the window before the split and
 * the window of the split, just after the last interval still on the
 * before part's side of the midpoint between the medians: from there on
 * the rate "stayed there" (a dip that recovered before the change is not
 * the change). Returns the interval index. */
static uint32_t refine(const struct tl_series *s, bool by_bytes, const struct windows *w, const struct split *sp)
{
	uint32_t lo = (sp->at - 1) * w->per, hi = (sp->at + 1) * w->per, best_j = lo;
	double mid = (sp->before + sp->after) / 2;
	bool fall = sp->after < sp->before;

	if (hi > s->n)
		hi = s->n;
	for (uint32_t i = lo; i < hi; i++) {
		double r = rate_of(units_of(&s->pt[i], by_bytes), tl_series_len(s, i));
		if (fall ? r > mid : r < mid)
			best_j = i + 1;
	}
	return best_j;
}

static uint64_t units_before(const struct tl_series *s, bool by_bytes, uint32_t j)
{
	uint64_t u = 0;

	for (uint32_t i = 0; i < j; i++)
		u += units_of(&s->pt[i], by_bytes);
	return u;
}

/* Why a phase fell, where the devices' counters tell, over the intervals
 * before and from j: a write phase whose devices wrote little of its bytes
 * before and most after met the page cache's dirty limit (else, a guess:
 * a write cache); while a phase that writes nothing falls, devices that
 * write, or read much more than it does, are busy with other I/O, and
 * devices that read its bytes before and after, and nothing more, read
 * slower themselves. */
static uint8_t fall_cause(const struct tl_series *s, uint32_t j, bool writes)
{
	uint64_t b0 = 0, d0 = 0, r0 = 0, b1 = 0, d1 = 0, r1 = 0;

	for (uint32_t i = 0; s->dev_valid && i < s->n; i++) {
		if (i < j) {
			b0 += s->pt[i].bytes, d0 += s->pt[i].dev_write;
			r0 += s->pt[i].dev_read;
		} else {
			b1 += s->pt[i].bytes, d1 += s->pt[i].dev_write;
			r1 += s->pt[i].dev_read;
		}
	}
	if (!s->dev_valid || b1 == 0)
		return writes ? VERDICT_CAUSE_WRITE_CACHE : VERDICT_CAUSE_NONE;
	if (writes)
		return b0 && (double)d0 < VERDICT_DIRTY_BEFORE * (double)b0 && (double)d1 >= VERDICT_DIRTY_AFTER * (double)b1
		               ? VERDICT_CAUSE_DIRTY_LIMIT
		               : VERDICT_CAUSE_WRITE_CACHE;
	if ((double)d1 >= VERDICT_OTHER_WRITES * (double)b1 || (double)r1 >= VERDICT_OTHER_READS * (double)b1)
		return VERDICT_CAUSE_OTHER_IO;
	/* the devices served the phase's reads throughout: they slowed down */
	if (b0 && (double)r0 >= VERDICT_DEVICE_SERVED * (double)b0 && (double)r1 >= VERDICT_DEVICE_SERVED * (double)b1)
		return VERDICT_CAUSE_DEVICE_READS;
	return VERDICT_CAUSE_NONE;
}

/* Fell, warm-up or rose, when the timeline shows a real change. */
static bool find_change(const struct tl_series *s, bool by_bytes, bool writes, const struct windows *w,
                        struct verdict *v)
{
	uint32_t min_after = w->n / 10 > 2 ? w->n / 10 : 2;
	struct split sp = {0, 0.0, 0.0, 0.0};
	uint32_t j;

	if (w->n < 5 || !best_split(w, 2, 2, &sp) || !real_change(w, &sp))
		return false;
	if (sp.after < sp.before && w->n - sp.at < min_after)
		return false;
	j = refine(s, by_bytes, w, &sp);
	v->at_ns = (uint64_t)j * s->width_ns;
	v->at_units = units_before(s, by_bytes, j);
	v->noise = sp.noise;
	v->level = fmin(sp.before, sp.after) / fmax(sp.before, sp.after);
	if (sp.after < sp.before) {
		v->kind = VERDICT_FELL;
		v->cause = fall_cause(s, j, writes);
	} else if (3 * sp.at <= w->n) {
		v->kind = VERDICT_WARMUP;
		v->len_ns = v->at_ns;
	} else {
		v->kind = VERDICT_ROSE;
	}
	return true;
}

/* Steady or noisy: how far the rates are from their median, leaving out
 * the highest and lowest tenth (one each at least, from 3 windows on: one
 * hiccup does not make a short phase noisy). */
static void judge_spread(const struct windows *w, struct verdict *v)
{
	double m, lo, hi, sorted[TL_MAX];
	uint32_t n = w->n;

	uint32_t cut = n / 10 ? n / 10 : n >= 3;

	memcpy(sorted, w->rate, sizeof *sorted * n);
	m = stats_median(sorted, n); /* sorts sorted */
	lo = sorted[cut];
	hi = sorted[n - 1 - cut];
	v->spread = m > 0 ? fmax(m - lo, hi - m) / m : 0.0;
	v->kind = v->spread <= VERDICT_STEADY_SPREAD ? VERDICT_STEADY : VERDICT_NOISY;
}

void verdict_judge(const struct tl_series *s, bool by_bytes, bool writes, uint64_t median_ns, struct verdict *v)
{
	struct windows w; /* 32 KiB on the caller's stack: no state kept between calls */

	memset(v, 0, sizeof *v);
	if (!s->present || s->n == 0)
		return;
	if (span_of(s) < VERDICT_MIN_NS) {
		v->kind = VERDICT_TOO_SHORT;
		return;
	}
	if (find_stall(s, median_ns, v))
		return;
	make_windows(s, by_bytes, &w);
	v->window_ns = w.len_ns;
	if (w.n == 0) {
		v->kind = VERDICT_TOO_SHORT;
		return;
	}
	if (!find_change(s, by_bytes, writes, &w, v))
		judge_spread(&w, v);
	else
		v->window_ns = w.len_ns;
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
	case VERDICT_KINDS: break;
	}
	return "none";
}
