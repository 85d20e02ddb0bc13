/* Stalls: a time with no operation completed, ended by an operation of
 * 1 s or more that ran alone; the rules are in verdict.h. */
#include "verdict_events.h"

#include <stdint.h>

/* Interval i's slowest operation ran alone: the intervals wholly inside
 * its run (it began at the latest at i's end less its latency) are empty. */
static bool ran_alone(const struct tl_series *s, uint32_t i, uint64_t lat)
{
	uint64_t start = (uint64_t)i * s->width_ns, end = start + s->width_ns, from = end > lat ? end - lat : 0;

	for (uint32_t j = 0; j < i; j++) {
		uint64_t js = (uint64_t)j * s->width_ns;
		if (js >= from && js + s->width_ns <= start && s->pt[j].ops > 0)
			return false;
	}
	return true;
}

/* Where the time with no completion around interval i's operation began:
 * at its estimated start at, unless nothing completed in the intervals
 * from more than one interval before at (beyond that estimate's error):
 * another operation was held there too (with several clients the one that
 * ended the stall may have begun inside it), and the stall, the time in
 * which no operation completed, began at the end of the last interval
 * with a completion (or the phase's start). */
static uint64_t gap_start(const struct tl_series *s, uint64_t at)
{
	uint32_t j = (uint32_t)(at / s->width_ns);

	if (s->pt[j].ops > 0)
		return at; /* a completion in at's own interval: within the estimate */
	while (j > 0 && s->pt[j - 1].ops == 0)
		j--;
	return (uint64_t)j * s->width_ns + s->width_ns < at ? (uint64_t)j * s->width_ns : at;
}

void verdict_find_stalls(const struct tl_series *s, uint64_t median_ns, struct verdict_event *ev, uint32_t *n,
                         uint32_t cap, uint8_t *unsaid)
{
	uint64_t last_end = 0; /* the last stall's end, said or counted */

	for (uint32_t i = 0; i < s->n; i++) {
		uint64_t lat = s->pt[i].max_ns, mid = (uint64_t)i * s->width_ns + s->width_ns / 2;
		uint64_t at = mid > lat ? mid - lat : 0; /* when in interval i it completed is not known: its middle */
		struct verdict_event e = {VERDICT_STALLED, VERDICT_CAUSE_NONE, at, lat, 0, 0.0};

		if (lat < VERDICT_STALL_NS || lat < VERDICT_STALL_FACTOR * median_ns || !ran_alone(s, i, lat))
			continue;
		e.at_ns = at = gap_start(s, at);
		if (mid > lat)
			e.len_ns = mid - at; /* the time with no completion, not this one operation's */
		/* A stall's start is estimated from its interval's middle, off by
		 * up to half an interval either way: two stalls one after the other
		 * overlap by less than one interval, and only a larger overlap with
		 * the last one (said or counted; stalls end in time order) makes
		 * them one hold seen twice. */
		if (at + s->width_ns < last_end)
			continue;
		last_end = e.at_ns + e.len_ns;
		if (*n < cap)
			ev[(*n)++] = e;
		else if (*unsaid < UINT8_MAX)
			(*unsaid)++; /* past the sentence's room: said as a number */
	}
}

void verdict_drop_stalled(struct windows *w, const struct tl_series *s, const struct verdict_event *ev, uint32_t n)
{
	uint32_t kept = 0;

	for (uint32_t i = 0; i < w->n; i++) {
		uint64_t a = (uint64_t)w->first[i] * s->width_ns, b = a + w->len_ns, covered = 0;

		for (uint32_t k = 0; k < n; k++) {
			uint64_t sa = ev[k].at_ns, sb = ev[k].at_ns + ev[k].len_ns;
			if (ev[k].kind == VERDICT_STALLED && sb > a && sa < b)
				covered += (sb < b ? sb : b) - (sa > a ? sa : a);
		}
		if (2 * covered >= w->len_ns)
			continue;
		w->rate[kept] = w->rate[i];
		w->first[kept++] = w->first[i];
	}
	w->n = kept;
}
