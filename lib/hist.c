/* Log-linear latency histogram; see hist.h for the layout and error bound. */
#include "hist.h"

#include <string.h>

void hist_init(struct hist *h)
{
	memset(h, 0, sizeof *h);
	h->min = UINT64_MAX;
}

/* Index of the highest set bit; v must be non-zero. */
static unsigned msb(uint64_t v)
{
#if defined(__GNUC__) || defined(__clang__)
	return 63u - (unsigned)__builtin_clzll(v);
#else
	unsigned n = 0;

	while (v >>= 1)
		n++;
	return n;
#endif
}

size_t hist_bucket_of(uint64_t v)
{
	unsigned e;

	if (v < 2 * HIST_SUB)
		return (size_t)v; /* groups 0 and 1 are exact */
	e = msb(v);
	/* group g >= 2 holds [2^(g+5), 2^(g+6)); the 6 bits after the top bit pick the sub-bucket */
	return (size_t)(e - HIST_SUB_BITS + 1) * HIST_SUB +
	       (size_t)((v >> (e - HIST_SUB_BITS)) & (HIST_SUB - 1));
}

void hist_bucket_range(size_t idx, uint64_t *low, uint64_t *high)
{
	size_t group = idx / HIST_SUB;
	uint64_t sub = idx % HIST_SUB;
	unsigned e, width_shift;

	if (group < 2) {
		*low = *high = (uint64_t)idx;
		return;
	}
	e = (unsigned)group + HIST_SUB_BITS - 1;
	width_shift = e - HIST_SUB_BITS;
	*low = ((uint64_t)1 << e) + (sub << width_shift);
	*high = *low + (((uint64_t)1 << width_shift) - 1);
}

void hist_add(struct hist *h, uint64_t v)
{
	h->bucket[hist_bucket_of(v)]++;
	h->count++;
	h->sum = (h->sum > UINT64_MAX - v) ? UINT64_MAX : h->sum + v;
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
}

void hist_merge(struct hist *dst, const struct hist *src)
{
	if (src->count == 0)
		return;
	for (size_t i = 0; i < HIST_BUCKETS; i++)
		dst->bucket[i] += src->bucket[i];
	dst->count += src->count;
	dst->sum = (dst->sum > UINT64_MAX - src->sum) ? UINT64_MAX : dst->sum + src->sum;
	if (src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
}

static uint64_t clamp(uint64_t v, uint64_t lo, uint64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Values within rounding noise of an integer are that integer: 7% of 100
 * is rank 7, not 8, although 7.0/100*100 is 7.000000000000001 in binary
 * floating point. */
uint64_t hist_rank(double p, uint64_t count)
{
	double x = p * (double)count / 100.0;
	uint64_t nearest = (uint64_t)(x + 0.5), r;
	double diff = x > (double)nearest ? x - (double)nearest : (double)nearest - x;

	if (diff <= 1e-9 * (x > 1 ? x : 1))
		r = nearest;           /* an integer up to rounding noise */
	else
		r = (uint64_t)x + 1;   /* ceil of a positive non-integer */
	return r == 0 ? 1 : r;
}

uint64_t hist_counts_percentile(const struct hist_counts *c, double p)
{
	uint64_t rank, seen = 0;

	if (c->count == 0)
		return 0;
	if (p >= 100.0)
		return c->max;
	rank = hist_rank(p, c->count);
	for (size_t i = 0; i < c->n; i++) {
		uint64_t lo, hi, unused;
		seen += c->bucket[i];
		if (seen < rank)
			continue;
		if (c->last_open && i == c->n - 1)
			return c->max;
		hist_bucket_range(i << c->shift, &lo, &unused);
		hist_bucket_range(((i + 1) << c->shift) - 1, &unused, &hi);
		return clamp(lo + (hi - lo) / 2, c->min, c->max);
	}
	return c->max;
}

uint64_t hist_percentile(const struct hist *h, double p)
{
	struct hist_counts c = {h->bucket, HIST_BUCKETS, 0, h->count, h->min, h->max, false};

	return hist_counts_percentile(&c, p);
}

double hist_mean(const struct hist *h)
{
	return h->count ? (double)h->sum / (double)h->count : 0.0;
}
