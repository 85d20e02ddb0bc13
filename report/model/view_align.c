/* The alignment probe's figures as the outputs say them (view.h): each
 * side's rate and latencies, and the shifted side's rate over the aligned. */
#include "view.h"

#include <string.h>

/* KiB/s over the time the side's writes took (the histogram's sum). */
static void side_of(const struct hist *h, uint32_t io_bytes, struct align_side_view *s)
{
	s->operations = h->count;
	s->elapsed_ns = h->sum;
	s->rate_kib_s = h->sum ? (double)h->count * io_bytes / 1024.0 * 1e9 / (double)h->sum : 0.0;
	s->p50_ns = hist_percentile(h, 50);
	s->p99_ns = hist_percentile(h, 99);
	s->max_ns = h->max;
}

void view_of_align(const struct align_result *a, struct align_view *v)
{
	memset(v, 0, sizeof *v);
	side_of(&a->aligned, a->io_bytes, &v->aligned);
	side_of(&a->shifted, a->io_bytes, &v->shifted);
	/* 1.0: no penalty; a 512e drive that reads and rewrites two physical
	 * sectors per shifted write shows about 0.5 */
	v->rate_ratio = v->aligned.rate_kib_s > 0 ? v->shifted.rate_kib_s / v->aligned.rate_kib_s : 0.0;
}
