/* Lasting changes (stalls: verdict_stalls.c); the rules are in verdict.h. */
#include "verdict_events.h"
#include "../lib/stats.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

double verdict_median(const double *v, uint32_t n)
{
	double sorted[TL_MAX];

	if (n == 0)
		return 0.0;
	memcpy(sorted, v, sizeof *v * n);
	return stats_median(sorted, n);
}

struct split {
	uint32_t at;          /* first window of the after part */
	double before, after; /* the parts' medians */
};

/* Summed distance of rates [a, b) from their median m. */
static double cost_of(const double *r, uint32_t a, uint32_t b, double *m)
{
	double c = 0.0;

	*m = verdict_median(r + a, b - a);
	for (uint32_t i = a; i < b; i++)
		c += fabs(r[i] - *m);
	return c;
}

/* A change of at least VERDICT_CHANGE of the before part's median; from a
 * before part that did nothing, any rise (a phase whose first 0.4 s
 * completed nothing read "noisy, no lasting change": a tenth of its
 * windows at 0 then the rest, which the contract's reader calls a change). */
static bool big(double before, double after)
{
	if (before <= 0)
		return after > 0;
	return fabs(after - before) >= VERDICT_CHANGE * before;
}

/* At least VERDICT_CONSISTENT of each part's windows on its side of the
 * midpoint (the change lasted). */
static bool consistent(const double *r, uint32_t a, uint32_t c, uint32_t b, double before, double after)
{
	double mid = (before + after) / 2;
	bool high_first = before > after;
	uint32_t ok_b = 0, ok_a = 0;

	for (uint32_t i = a; i < b; i++) {
		bool high = r[i] > mid;
		if (i < c)
			ok_b += high == high_first && r[i] != mid;
		else
			ok_a += high != high_first && r[i] != mid;
	}
	return ok_b >= VERDICT_CONSISTENT * (c - a) && ok_a >= VERDICT_CONSISTENT * (b - c);
}

/* The least-cost split of windows [a, b) that is a lasting change, each
 * part at least min_part windows. */
static bool best_split(const struct windows *w, uint32_t a, uint32_t b, uint32_t min_part, struct split *sp)
{
	double best = INFINITY;

	for (uint32_t c = a + min_part; c + min_part <= b; c++) {
		double mb, ma, cost = cost_of(w->rate, a, c, &mb) + cost_of(w->rate, c, b, &ma);

		if (cost < best && big(mb, ma) && consistent(w->rate, a, c, b, mb, ma)) {
			best = cost;
			*sp = (struct split){c, mb, ma};
		}
	}
	return best < INFINITY;
}

static uint32_t min_part_of(const struct windows *w)
{
	uint32_t least = w->min_part > 2 ? w->min_part : 2;

	return w->n / 10 > least ? w->n / 10 : least;
}

bool verdict_any_change(const struct windows *w)
{
	struct split sp;

	return best_split(w, 0, w->n, min_part_of(w), &sp);
}

/* Binary segmentation: the best split of [a, b), then each part again. */
static void segment(const struct windows *w, uint32_t a, uint32_t b, uint32_t *cuts, uint32_t *n)
{
	struct split sp;

	if (*n >= VERDICT_MAX_CHANGES || !best_split(w, a, b, min_part_of(w), &sp))
		return;
	cuts[(*n)++] = sp.at;
	segment(w, a, sp.at, cuts, n);
	segment(w, sp.at, b, cuts, n);
}

static void sort_cuts(uint32_t *c, uint32_t n)
{
	for (uint32_t i = 1; i < n; i++)
		for (uint32_t j = i; j > 0 && c[j - 1] > c[j]; j--) {
			uint32_t t = c[j];
			c[j] = c[j - 1];
			c[j - 1] = t;
		}
}

/* Each change's size between its neighbours; one under VERDICT_CHANGE
 * there is dropped, until none is. */
static uint32_t between_neighbours(const struct windows *w, uint32_t *cuts, uint32_t n, struct split *out)
{
	for (uint32_t k = 0; k < n; k++) {
		uint32_t a = k ? cuts[k - 1] : 0, b = k + 1 < n ? cuts[k + 1] : w->n;

		out[k] = (struct split){cuts[k], verdict_median(w->rate + a, cuts[k] - a),
		                        verdict_median(w->rate + cuts[k], b - cuts[k])};
		if (!big(out[k].before, out[k].after)) {
			memmove(cuts + k, cuts + k + 1, sizeof *cuts * (n - k - 1));
			return between_neighbours(w, cuts, n - 1, out);
		}
	}
	return n;
}

/* The change placed to the interval: in the window before the split and
 * the window of the split, just after the last interval still on the
 * before part's side of the midpoint (a dip that recovered before the
 * change is not the change). Returns the interval index. */
static uint32_t refine(const struct tl_series *s, bool by_bytes, const struct windows *w, const struct split *sp)
{
	uint32_t lo = w->first[sp->at - 1], hi = w->first[sp->at] + w->per, best_j;
	double mid = (sp->before + sp->after) / 2;
	bool fall = sp->after < sp->before;

	if (hi > s->n)
		hi = s->n;
	best_j = lo;
	for (uint32_t i = lo; i < hi; i++) {
		double r = units_per_second(verdict_units_of(&s->pt[i], by_bytes), tl_series_len(s, i));
		if (fall ? r > mid : r < mid)
			best_j = i + 1;
	}
	return best_j;
}

/* Bytes the devices write per byte the phase gives, by the layout (1
 * where it is unknown: one device). */
static double layout_copies(const struct tl_series *s)
{
	return (s->write_pct ? s->write_pct : 100) / 100.0;
}

/* Whether, after interval j, the devices wrote far more than a data
 * phase could have given them (the intervals [j, hi): d1 for its b1
 * bytes): its own bytes then and what it had left dirty in the page cache
 * before j (written back later), each times the layout's copies. More is
 * another writer's: a write cache filling is then no likelier a cause. */
static bool others_wrote(const struct tl_series *s, uint32_t j, uint64_t b1, uint64_t d1)
{
	double copies = layout_copies(s), given = 0, written = 0;

	for (uint32_t i = 0; i < j; i++)
		given += (double)s->pt[i].bytes, written += (double)s->pt[i].dev_write;
	return (double)d1 > VERDICT_OTHER_WRITES_OVER * copies * ((double)b1 + fmax(0.0, given - written / copies));
}

/* Why a phase fell, where the devices' counters tell, over intervals
 * [lo, j) and [j, hi): a data phase that writes, while the devices wrote
 * far more than it gave them or read far more than it did, met other I/O;
 * while they wrote under half of it, the page cache took it and the fall
 * is not theirs (seen beside a dd on this VM: 2 GiB block write at 2 GB/s,
 * then 280 MB/s with the devices writing nothing until the flush);
 * else a write phase whose devices wrote little of its bytes before and
 * most after met the page cache's dirty limit (else, a guess: a write
 * cache; with no counters at all, as on tmpfs, no guess); while a phase
 * that writes nothing falls, devices that write, or read much more than
 * it does, are busy with other I/O, and devices that read its bytes
 * before and after, and nothing more, read slower themselves. */
static uint8_t fall_cause(const struct tl_series *s, uint32_t lo, uint32_t j, uint32_t hi, bool writes,
                          bool by_bytes)
{
	uint64_t b0 = 0, d0 = 0, r0 = 0, b1 = 0, d1 = 0, r1 = 0;

	for (uint32_t i = lo; s->dev_valid && i < hi; i++) {
		if (i < j) {
			b0 += s->pt[i].bytes, d0 += s->pt[i].dev_write;
			r0 += s->pt[i].dev_read;
		} else {
			b1 += s->pt[i].bytes, d1 += s->pt[i].dev_write;
			r1 += s->pt[i].dev_read;
		}
	}
	if (!s->dev_valid)
		return writes ? VERDICT_CAUSE_NO_DEVICE : VERDICT_CAUSE_NONE;
	if (b1 == 0)
		return writes ? VERDICT_CAUSE_WRITE_CACHE : VERDICT_CAUSE_NONE;
	if (writes && by_bytes && (others_wrote(s, j, b1, d1) || (double)r1 >= VERDICT_OTHER_READS * (double)b1))
		return VERDICT_CAUSE_OTHER_IO;
	if (writes && by_bytes && (double)d1 < VERDICT_DIRTY_BEFORE * (double)b1 * layout_copies(s))
		return VERDICT_CAUSE_NOT_DEVICES; /* a write cache that filled would have been written */
	if (writes)
		return b0 && (double)d0 < VERDICT_DIRTY_BEFORE * (double)b0 && (double)d1 >= VERDICT_DIRTY_AFTER * (double)b1
		               ? VERDICT_CAUSE_DIRTY_LIMIT
		               : VERDICT_CAUSE_WRITE_CACHE;
	if ((double)d1 >= VERDICT_OTHER_WRITES * (double)b1 || (double)r1 >= VERDICT_OTHER_READS * (double)b1)
		return VERDICT_CAUSE_OTHER_IO;
	if (b0 && (double)r0 >= VERDICT_DEVICE_SERVED * (double)b0 && (double)r1 >= VERDICT_DEVICE_SERVED * (double)b1)
		return VERDICT_CAUSE_DEVICE_READS;
	return VERDICT_CAUSE_NONE;
}

/* The medians of the windows wholly inside intervals [lo, j) and [j, hi)
 * (as the contract's reader takes "between"): the change's size as placed,
 * which must still be a change. */
static bool measured_at(const struct tl_series *s, const struct windows *w, uint32_t lo, uint32_t j, uint32_t hi,
                        struct split *sp)
{
	double b[TL_MAX], a[TL_MAX];
	uint32_t nb = 0, na = 0;

	for (uint32_t i = 0; i < w->n; i++) {
		uint32_t end = w->first[i] + w->per < s->n ? w->first[i] + w->per : s->n;
		if (w->first[i] >= lo && end <= j)
			b[nb++] = w->rate[i];
		else if (w->first[i] >= j && end <= hi)
			a[na++] = w->rate[i];
	}
	if (nb == 0 || na == 0)
		return false; /* no whole window on one side: too near its neighbour to be a lasting change */
	if (!big(verdict_median(b, nb), verdict_median(a, na)) ||
	    (verdict_median(a, na) < verdict_median(b, nb)) != (sp->after < sp->before))
		return false;
	sp->before = verdict_median(b, nb);
	sp->after = verdict_median(a, na);
	return true;
}

/* The bounds a change at interval j is measured between: the neighbouring
 * changes (or the start and the end), and nearer, the end of a stall before
 * it and the start of one after it (the events either side, as the
 * contract's reader bounds them). */
static void bounds_of(const struct tl_series *s, const struct verdict_event *stall, uint32_t nstall, uint32_t j,
                      uint32_t *lo, uint32_t *hi)
{
	for (uint32_t k = 0; k < nstall; k++) {
		uint64_t a = stall[k].at_ns, b = stall[k].at_ns + stall[k].len_ns;
		uint32_t ia = (uint32_t)(a / s->width_ns), ib = (uint32_t)((b + s->width_ns - 1) / s->width_ns);
		if (stall[k].kind != VERDICT_STALLED)
			continue;
		if (ib <= j && ib > *lo)
			*lo = ib;
		if (ia >= j && ia < *hi)
			*hi = ia;
	}
}

static uint64_t units_before(const struct tl_series *s, bool by_bytes, uint32_t j)
{
	uint64_t u = 0;

	for (uint32_t i = 0; i < j && i < s->n; i++)
		u += verdict_units_of(&s->pt[i], by_bytes);
	return u;
}

/* The change measured where the split itself lies (the first interval of
 * its after part's first window) when the placement to the interval moved
 * it past a window that still read as before (a noisy per-char read,
 * 1.2 s windows of 240, 200 | 104, 120, 176, 176 KiB: placed at 3.1 s by
 * one quick interval, it measured -20% and went unsaid, while the split
 * at 2.4 s is -33%, a change the contract's reader finds). */
static bool at_split(const struct tl_series *s, const struct windows *w, const struct verdict_event *stall,
                     uint32_t nstall, uint32_t lo, uint32_t hi, uint32_t *at, struct split *sp)
{
	uint32_t j = w->first[sp->at];

	if (j <= lo || j >= hi)
		return false;
	bounds_of(s, stall, nstall, j, &lo, &hi);
	if (!measured_at(s, w, lo, j, hi, sp))
		return false;
	*at = j;
	return true;
}

/* Places cuts[0..nc) (window indices) and measures them: at[] their
 * intervals, sp[] their sizes (both 0: not said). Returns how many are kept. */
static uint32_t place(const struct tl_series *s, bool by_bytes, const struct windows *w,
                      const struct verdict_event *stall, uint32_t nstall, uint32_t *cuts, uint32_t nc, uint32_t *at,
                      struct split *sp)
{
	nc = between_neighbours(w, cuts, nc, sp);
	for (uint32_t k = 0; k < nc; k++)
		at[k] = refine(s, by_bytes, w, &sp[k]);
	/* measured as the reader measures it, by time, between the placed
	 * neighbours; once one moves back to its split, all again */
	for (uint32_t pass = 0; pass <= nc; pass++) {
		bool moved = false;

		for (uint32_t k = 0; k < nc; k++) {
			uint32_t lo = k ? at[k - 1] : 0, hi = k + 1 < nc ? at[k + 1] : s->n, was = at[k];
			bounds_of(s, stall, nstall, at[k], &lo, &hi);
			if (measured_at(s, w, lo, at[k], hi, &sp[k]))
				continue;
			if (at_split(s, w, stall, nstall, lo, hi, &at[k], &sp[k])) {
				moved = moved || at[k] != was;
				continue;
			}
			/* no longer a change once placed: dropped, and its neighbours
			 * placed and measured again between the cuts that remain (a
			 * burst shorter than a window is no rise and then a fall) */
			memmove(cuts + k, cuts + k + 1, sizeof *cuts * (nc - k - 1));
			return place(s, by_bytes, w, stall, nstall, cuts, nc - 1, at, sp);
		}
		if (!moved)
			break;
	}
	return nc;
}

/* The said events' spans in intervals, sorted: the placed changes and
 * the stalls. */
static uint32_t spans_of(const struct tl_series *s, const struct verdict_event *stall, uint32_t nstall,
                         const uint32_t *at, const struct split *sp, uint32_t nc, uint32_t nwin, uint32_t (*span)[2])
{
	uint32_t m = 0;

	for (uint32_t k = 0; k < nstall; k++)
		if (stall[k].kind == VERDICT_STALLED) {
			span[m][0] = (uint32_t)(stall[k].at_ns / s->width_ns);
			span[m++][1] = (uint32_t)((stall[k].at_ns + stall[k].len_ns + s->width_ns - 1) / s->width_ns);
		}
	for (uint32_t k = 0; k < nc; k++)
		if (sp[k].before != sp[k].after) {
			/* a warm-up spans the phase's start to its end */
			bool warm = k == 0 && sp[k].after > sp[k].before && 3 * sp[k].at <= nwin;
			span[m][0] = warm ? 0 : at[k];
			span[m++][1] = at[k];
		}
	for (uint32_t i = 1; i < m; i++)
		for (uint32_t j = i; j > 0 && span[j - 1][0] > span[j][0]; j--) {
			uint32_t t0 = span[j][0], t1 = span[j][1];
			span[j][0] = span[j - 1][0], span[j][1] = span[j - 1][1];
			span[j - 1][0] = t0, span[j - 1][1] = t1;
		}
	return m;
}

/* A lasting change the said events leave out, as the contract's reader
 * looks for one: in the windows wholly between two events (or an event and
 * the phase's start or end), a window's length away from each, at least 4
 * windows, parts of a tenth of them. Its first after-window, or 0. */
static uint32_t unsaid_change(const struct tl_series *s, const struct windows *w, const struct verdict_event *stall,
                              uint32_t nstall, const uint32_t *at, const struct split *sp, uint32_t nc)
{
	uint32_t span[VERDICT_MAX_EVENTS + VERDICT_MAX_CHANGES][2], m = spans_of(s, stall, nstall, at, sp, nc, w->n, span);

	for (uint32_t g = 0; g <= m; g++) {
		uint32_t lo = g ? span[g - 1][1] + w->per : 0, hi = g < m ? span[g][0] : UINT32_MAX, ga = 0, gb;
		struct split found;

		if (g < m)
			hi = hi > w->per ? hi - w->per : 0;
		while (ga < w->n && w->first[ga] < lo)
			ga++;
		for (gb = ga; gb < w->n; gb++)
			if ((w->first[gb] + w->per < s->n ? w->first[gb] + w->per : s->n) > hi)
				break;
		if (gb - ga >= 4 && best_split(w, ga, gb, (gb - ga) / 10 > 2 ? (gb - ga) / 10 : 2, &found))
			return found.at;
	}
	return 0;
}

uint32_t verdict_find_changes(const struct tl_series *s, bool by_bytes, bool writes, const struct windows *w,
                              struct verdict_event *ev, uint32_t *n, uint32_t cap)
{
	uint32_t cuts[VERDICT_MAX_CHANGES], at[VERDICT_MAX_CHANGES], nc = 0, nstall = *n;
	struct split sp[VERDICT_MAX_CHANGES];

	segment(w, 0, w->n, cuts, &nc);
	sort_cuts(cuts, nc);
	nc = place(s, by_bytes, w, ev, nstall, cuts, nc, at, sp);
	/* a change beside another (the window that holds the first counted
	 * against the second's 80%) is looked for again between the placed ones */
	for (uint32_t tries = 0; tries < VERDICT_MAX_CHANGES && nc < VERDICT_MAX_CHANGES; tries++) {
		uint32_t more = unsaid_change(s, w, ev, nstall, at, sp, nc), was = nc, was_cuts[VERDICT_MAX_CHANGES],
		         was_at[VERDICT_MAX_CHANGES];
		struct split was_sp[VERDICT_MAX_CHANGES];

		if (more == 0)
			break;
		memcpy(was_cuts, cuts, sizeof cuts), memcpy(was_at, at, sizeof at), memcpy(was_sp, sp, sizeof sp);
		cuts[nc++] = more;
		sort_cuts(cuts, nc);
		nc = place(s, by_bytes, w, ev, nstall, cuts, nc, at, sp);
		/* the one found there was dropped once placed beside the others, and
		 * took one with it: the changes said before stay (they alternated,
		 * and an odd number of tries ended with none: a fall of 32% read
		 * "noisy, no lasting change", unit test a_change_is_not_lost_to_a_try) */
		if (nc <= was) {
			nc = was;
			memcpy(cuts, was_cuts, sizeof cuts), memcpy(at, was_at, sizeof at), memcpy(sp, was_sp, sizeof sp);
			break;
		}
	}
	for (uint32_t k = 0; k < nc && *n < cap; k++) {
		struct verdict_event *e;
		bool fall = sp[k].after < sp[k].before;

		if (sp[k].before == sp[k].after)
			continue;
		e = &ev[(*n)++];

		*e = (struct verdict_event){fall ? VERDICT_FELL : VERDICT_ROSE, VERDICT_CAUSE_NONE,
		                            (uint64_t)at[k] * s->width_ns, 0, units_before(s, by_bytes, at[k]),
		                            fmin(sp[k].before, sp[k].after) / fmax(sp[k].before, sp[k].after)};
		if (fall)
			e->cause = fall_cause(s, k ? at[k - 1] : 0, at[k], k + 1 < nc ? at[k + 1] : s->n, writes, by_bytes);
		else if (k == 0 && 3 * sp[k].at <= w->n) {
			e->kind = VERDICT_WARMUP;
			e->len_ns = e->at_ns;
		}
	}
	return nc;
}
