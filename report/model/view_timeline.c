/* A phase's timeline as the run page draws it (view.h): the series'
 * intervals merged in equal groups past VIEW_TL_POINTS, each group's rate
 * and p99 (the highest of its intervals'). A last group under half its
 * length is left out: its rate is that of a few operations. */
#include "view.h"
#include "../../lib/units.h"

#include <string.h>

/* x the group's middle in seconds, the rate in KiB/s (bytes) or per
 * second, the p99 in ns. A group where no operation completed (a stall)
 * has a rate of 0 and no p99 point: drawing 0 there would show latency
 * dropping in a stall. */
void view_of_timeline(const struct tl_series *s, enum phase_id id, struct view_timeline *p)
{
	uint32_t per = (s->n + VIEW_TL_POINTS - 1) / VIEW_TL_POINTS;

	memset(p, 0, sizeof *p);
	p->span_s = s->n ? ((double)(s->n - 1) * (double)s->width_ns + (double)s->last_len_ns) / 1e9 : 0.0;
	for (uint32_t i = 0; i < s->n; i += per) {
		uint64_t units = 0, ns = 0, p99 = 0;

		for (uint32_t j = i; j < i + per && j < s->n; j++) {
			units += phase_unit(id) == RATE_BYTES ? s->pt[j].bytes : s->pt[j].ops;
			ns += tl_series_len(s, j);
			p99 = s->pt[j].p99_ns > p99 ? s->pt[j].p99_ns : p99;
		}
		if (ns == 0 || (i + per >= s->n && i > 0 && ns * 2 < (uint64_t)per * s->width_ns))
			continue;
		p->x[p->n] = ((double)i * (double)s->width_ns + (double)ns / 2) / 1e9;
		p->rate[p->n] = phase_rate_shown(id, units_per_second(units, ns));
		if (p99 > 0) {
			p->x99[p->n99] = p->x[p->n];
			p->p99[p->n99++] = (double)p99;
		}
		if (p->rate[p->n] > p->max_rate)
			p->max_rate = p->rate[p->n];
		if (p99 > 0 && (p->min_p99 == 0 || (double)p99 < p->min_p99))
			p->min_p99 = (double)p99;
		if ((double)p99 > p->max_p99)
			p->max_p99 = (double)p99;
		p->n++;
	}
}
