/* Sign-test bound on the median shifted/aligned ratio; see align_decide.h. */
#include "align_decide.h"

#include <math.h>
#include <stdlib.h>

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median_sorted(const double *r, size_t n)
{
	return n % 2 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
}

/* The median over the pairs of one kind's round medians. */
static double kind_median(const struct align_pair *pairs, size_t n, bool shifted)
{
	double m[ALIGN_MAX_PAIRS];

	for (size_t i = 0; i < n; i++)
		m[i] = (double)(shifted ? pairs[i].shifted_ns : pairs[i].aligned_ns);
	qsort(m, n, sizeof m[0], by_value);
	return median_sorted(m, n);
}

static long hundredths(double x)
{
	return lround(x * 100);
}

/* P(X <= k) for X ~ Binomial(n, 1/2). */
static double binom_half_cdf(size_t n, size_t k)
{
	double term = 1.0, sum = 0.0;

	for (size_t i = 0; i < n; i++)
		term *= 0.5;
	for (size_t i = 0; i <= k && i <= n; i++) {
		sum += term;
		term = term * (double)(n - i) / (double)(i + 1);
	}
	return sum;
}

/* The largest j >= 1 whose order statistics r[j-1] and r[n-j] bound the
 * median with each side missing it at most ALIGN_TAIL of the time
 * (0: n is too small for any bound that tight). */
static size_t bound_rank(size_t n)
{
	size_t j = 0;

	while (j + 1 <= n / 2 && binom_half_cdf(n, j) <= ALIGN_TAIL)
		j++;
	return j;
}

/* The share of the pairs' time the probe waited for a CPU, -1 when not
 * known for every pair. */
static double waited_share(const struct align_pair *pairs, size_t n)
{
	uint64_t elapsed = 0, waited = 0;

	for (size_t i = 0; i < n; i++) {
		if (pairs[i].elapsed_ns == 0)
			return -1;
		elapsed += pairs[i].elapsed_ns;
		waited += pairs[i].waited_ns < pairs[i].elapsed_ns ? pairs[i].waited_ns : pairs[i].elapsed_ns;
	}
	return elapsed ? (double)waited / (double)elapsed : -1;
}

/* A wait for the CPU falls on aligned and shifted writes alike, so a
 * penalty P shows as 1 + (P - 1) x (1 - waited): the largest penalty
 * that the bound's high end can hide (infinite, no bound, from a wait of
 * ALIGN_MAX_WAIT). */
static double penalty_hidden(double high, double waited)
{
	if (waited <= 0)
		return high;
	if (waited >= ALIGN_MAX_WAIT)
		return INFINITY;
	return high <= 1 ? high : 1 + (high - 1) / (1 - waited);
}

void align_decide(const struct align_pair *pairs, size_t n, struct align_verdict *v)
{
	double r[ALIGN_MAX_PAIRS];
	size_t j;

	*v = (struct align_verdict){.decision = ALIGN_INCONCLUSIVE, .pairs = n, .waited = -1};
	if (n > ALIGN_MAX_PAIRS)
		n = v->pairs = ALIGN_MAX_PAIRS;
	for (size_t i = 0; i < n; i++) {
		uint64_t a = pairs[i].aligned_ns ? pairs[i].aligned_ns : 1;
		r[i] = (double)pairs[i].shifted_ns / (double)a;
		v->slower += pairs[i].shifted_ns > pairs[i].aligned_ns;
	}
	if (n == 0)
		return;
	v->aligned_ns = kind_median(pairs, n, false);
	v->shifted_ns = kind_median(pairs, n, true);
	qsort(r, n, sizeof r[0], by_value);
	v->median = median_sorted(r, n);
	j = bound_rank(n);
	v->low = r[j ? j - 1 : 0];
	v->high = r[j ? n - j : n - 1];
	v->confidence = j ? 1.0 - 2.0 * binom_half_cdf(n, j - 1) : 0.0;
	v->waited = waited_share(pairs, n);
	v->hidden = penalty_hidden(v->high, v->waited);
	if (n < ALIGN_MIN_PAIRS || j == 0)
		return;
	/* judged as printed (2 decimals), so no sentence shows "1.25x" below 1.25x */
	if (hundredths(v->low) >= hundredths(ALIGN_PENALTY_FACTOR))
		v->decision = ALIGN_PENALTY;
	else if (hundredths(v->high) < hundredths(ALIGN_PENALTY_FACTOR)) {
		/* not even a penalty the CPU wait diluted */
		v->cpu_busy = isinf(v->hidden) || hundredths(v->hidden) >= hundredths(ALIGN_PENALTY_FACTOR);
		if (!v->cpu_busy)
			v->decision = ALIGN_NO_PENALTY;
	}
}
