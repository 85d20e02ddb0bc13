/* The verdict's events (stalls and lasting changes) from a timeline's
 * windows: the inside of verdict/verdict.c, split off to keep each file
 * small. Only verdict/verdict.c and verdict/verdict_events.c include this. */
#ifndef BONNIE_VERDICT_EVENTS_H
#define BONNIE_VERDICT_EVENTS_H

#include "verdict.h"
#include "../lib/units.h"

/* The rates of a timeline's windows, and what each counted. */
struct windows {
	uint32_t n;
	uint32_t per;            /* intervals per window */
	uint64_t len_ns;         /* a whole window */
	uint32_t min_part;       /* a change's parts hold at least this many windows (0: 2) */
	double rate[TL_MAX];
	uint32_t first[TL_MAX];  /* each window's first interval */
};

static inline uint64_t verdict_units_of(const struct tl_point *p, bool by_bytes)
{
	return by_bytes ? p->bytes : p->ops;
}

/* The median of v[0..n) (n <= TL_MAX), v untouched. */
double verdict_median(const double *v, uint32_t n);

/* Every stall (verdict.h), in time order, into ev[*n..cap); those past
 * cap counted into *unsaid (at most 255). */
void verdict_find_stalls(const struct tl_series *s, uint64_t median_ns, struct verdict_event *ev, uint32_t *n,
                         uint32_t cap, uint8_t *unsaid);

/* Every lasting change over w, in time order, into ev[*n..cap); returns
 * how many. */
uint32_t verdict_find_changes(const struct tl_series *s, bool by_bytes, bool writes, const struct windows *w,
                              struct verdict_event *ev, uint32_t *n, uint32_t cap);

/* Leaves out the windows a stall among ev[0..n) covers at least half of:
 * a stall is said as one, not as a fall and a rise around it. */
void verdict_drop_stalled(struct windows *w, const struct tl_series *s, const struct verdict_event *ev, uint32_t n);

/* Whether some split of w's windows [0, n) is a lasting change. */
bool verdict_any_change(const struct windows *w);

#endif
