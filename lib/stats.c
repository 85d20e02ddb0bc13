/* Median, extremes, mean and CV; see stats.h. */
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double stats_median(double *v, size_t n)
{
	if (n == 0)
		return 0.0;
	qsort(v, n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

void stats_of(double *v, size_t n, struct stats *st)
{
	double sum = 0.0, sq = 0.0;

	memset(st, 0, sizeof *st);
	if (n == 0)
		return;
	st->n = n;
	st->median = stats_median(v, n);
	st->min = v[0];
	st->max = v[n - 1];
	st->spread_pct = st->median > 0 ? (st->max - st->min) / st->median * 100.0 : 0.0;
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	st->mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		sq += (v[i] - st->mean) * (v[i] - st->mean);
	if (n >= 2 && st->mean != 0.0)
		st->cv_pct = sqrt(sq / (double)(n - 1)) / st->mean * 100.0;
}
