/* A phase's latencies as the run page shows them (view.h): its table row
 * and its curve, of one run's histogram or of every run's merged. */
#include "view.h"
#include "metrics.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* p0 (the minimum), then every VIEW_NINES_STEP up to the last percentile
 * the count supports (at most p99.99). */
static void curve_points(const struct hist *h, struct view_latency *l)
{
	l->n = 0;
	if (h->count == 0)
		return;
	l->pct[l->n] = 0;
	l->ns[l->n++] = (double)h->min;
	for (int k = 1; k < VIEW_CURVE_POINTS - 1; k++) {
		double nines = k * VIEW_NINES_STEP, p = 100.0 * (1.0 - pow(10.0, -nines));
		if (!metric_count_supports(h->count, p))
			break;
		l->pct[l->n] = p;
		l->ns[l->n++] = (double)hist_percentile(h, p);
	}
}

void view_latency_of(const struct hist *h, struct view_latency *l)
{
	memset(l, 0, sizeof *l);
	l->count = h->count;
	l->min_ns = h->min;
	view_pcts_of(h, l->pct_ns);
	/* named even where the count is too small for pct_ns's: a single
	 * sample is its own median */
	l->median_ns = (double)hist_percentile(h, 50);
	curve_points(h, l);
}

int view_latency_merged(const struct run_result *runs, size_t n, enum phase_id id, struct view_latency *l)
{
	struct hist *h = malloc(sizeof *h);

	if (h == NULL)
		return -1;
	hist_init(h);
	for (size_t i = 0; i < n; i++)
		if (metric_reportable(&runs[i].phase[id]))
			hist_merge(h, &runs[i].phase[id].latency);
	view_latency_of(h, l);
	free(h);
	return 0;
}
