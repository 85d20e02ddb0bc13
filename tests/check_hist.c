/* hist: bucket layout (exact below 128, contiguous ranges over all of
 * uint64), the documented 1/128 error bound, percentiles of known data,
 * clamping to [min, max], merging, huge values and sum saturation. */
#include "suites.h"
#include "../lib/hist.h"
#include "../lib/rng.h"
#include "../lib/timeline.h"

#include <stdint.h>
#include <string.h>

/* The struct is ~30 KiB: keep the working copies out of the stack. */
static struct hist ha, hb, hc;

/* |got - want| / want, in double; want > 0 */
static double rel_err(uint64_t got, uint64_t want)
{
	double g = (double)got, w = (double)want;

	return (g > w ? g - w : w - g) / w;
}

static uint64_t midpoint(size_t idx)
{
	uint64_t lo, hi;

	hist_bucket_range(idx, &lo, &hi);
	return lo + (hi - lo) / 2;
}

START_TEST(empty_histogram)
{
	hist_init(&ha);
	ck_assert_uint_eq(ha.count, 0);
	ck_assert_uint_eq(hist_percentile(&ha, 50.0), 0);
	ck_assert_uint_eq(hist_percentile(&ha, 99.9), 0);
	ck_assert_uint_eq(hist_percentile(&ha, 100.0), 0);
	ck_assert(hist_mean(&ha) == 0.0);
}
END_TEST

START_TEST(exact_below_128)
{
	for (uint64_t v = 0; v < 128; v++) {
		uint64_t lo, hi;
		size_t idx = hist_bucket_of(v);

		hist_bucket_range(idx, &lo, &hi);
		ck_assert_uint_eq(lo, v);
		ck_assert_uint_eq(hi, v);
	}
	/* a percentile that is not clamped (neither min nor max) is exact too */
	hist_init(&ha);
	hist_add(&ha, 3);
	hist_add(&ha, 77);
	hist_add(&ha, 125);
	ck_assert_uint_eq(hist_percentile(&ha, 50.0), 77);
	ck_assert_uint_eq(hist_percentile(&ha, 34.0), 77);
	ck_assert_uint_eq(hist_percentile(&ha, 33.0), 3);
}
END_TEST

/* Data 1..100: the p-th percentile is exactly p for every integer p, since
 * all values are below 128 (stored exactly). */
START_TEST(exact_percentiles_1_to_100)
{
	const int p = _i;
	uint64_t got;

	hist_init(&ha);
	for (uint64_t v = 1; v <= 100; v++)
		hist_add(&ha, v);
	got = hist_percentile(&ha, (double)p);
	ck_assert_msg(got == (uint64_t)p, "p%d of 1..100 = %llu, want %d", p,
	              (unsigned long long)got, p);
}
END_TEST

/* Values that probe every edge: 0, 1, 127, 128, each power of two and its
 * neighbours, UINT64_MAX. */
static size_t edge_values(uint64_t *out)
{
	size_t n = 0;

	out[n++] = 0;
	out[n++] = 1;
	out[n++] = 127;
	out[n++] = 128;
	out[n++] = 129;
	for (unsigned k = 1; k < 64; k++) {
		uint64_t p = (uint64_t)1 << k;
		out[n++] = p - 1;
		out[n++] = p;
		out[n++] = p + 1;
	}
	out[n++] = UINT64_MAX - 1;
	out[n++] = UINT64_MAX;
	return n;
}

START_TEST(bucket_of_within_range)
{
	uint64_t vals[256];
	size_t n = edge_values(vals);
	struct rng r;

	rng_seed(&r, 42);
	for (int i = 0; i < 10000; i++)
		if (n < sizeof vals / sizeof vals[0])
			vals[n++] = rng_next(&r) >> rng_below(&r, 64);
	for (size_t i = 0; i < n; i++) {
		uint64_t lo, hi;
		size_t idx = hist_bucket_of(vals[i]);

		ck_assert_uint_lt(idx, HIST_BUCKETS);
		hist_bucket_range(idx, &lo, &hi);
		ck_assert_msg(lo <= vals[i] && vals[i] <= hi, "%llu in bucket %zu [%llu, %llu]",
		              (unsigned long long)vals[i], idx, (unsigned long long)lo,
		              (unsigned long long)hi);
	}
	ck_assert_uint_eq(hist_bucket_of(UINT64_MAX), HIST_BUCKETS - 1);
}
END_TEST

/* The buckets tile [0, UINT64_MAX] in order with no gap or overlap, and
 * each bucket's ends map back to it. */
START_TEST(buckets_partition_uint64)
{
	uint64_t prev_hi = 0;

	for (size_t idx = 0; idx < HIST_BUCKETS; idx++) {
		uint64_t lo, hi;

		hist_bucket_range(idx, &lo, &hi);
		ck_assert_uint_le(lo, hi);
		if (idx == 0)
			ck_assert_uint_eq(lo, 0);
		else
			ck_assert_msg(lo == prev_hi + 1, "gap or overlap before bucket %zu", idx);
		ck_assert_uint_eq(hist_bucket_of(lo), idx);
		ck_assert_uint_eq(hist_bucket_of(hi), idx);
		prev_hi = hi;
	}
	ck_assert_uint_eq(prev_hi, UINT64_MAX);
}
END_TEST

/* The error-bound claim: from 128 ns to 2^63 ns, the bucket midpoint is
 * within 1/128 (< 1%) of any value in the bucket. */
START_TEST(midpoint_error_bound)
{
	double worst = 0.0;

	for (unsigned e = 7; e < 64; e++) {
		for (unsigned j = 0; j <= 256; j++) {
			/* 2^e + j/256 of the way to 2^(e+1), and the value just below */
			uint64_t base = (uint64_t)1 << e;
			uint64_t step = base >> 8;
			uint64_t v = base + step * j;
			uint64_t vals[2] = {v, v - 1};

			if (j == 256 && e == 63)
				vals[0] = UINT64_MAX; /* 2^64 does not exist */
			for (int k = 0; k < 2; k++) {
				double err;

				if (vals[k] < 128)
					continue;
				err = rel_err(midpoint(hist_bucket_of(vals[k])), vals[k]);
				if (err > worst)
					worst = err;
				ck_assert_msg(err <= 1.0 / 128, "value %llu: midpoint off by %.5f",
				              (unsigned long long)vals[k], err);
			}
		}
	}
	ck_assert(worst < 0.01);
}
END_TEST

/* The same bound through hist_percentile, with a smaller and a larger value
 * around v so clamping to [min, max] cannot hide the bucket error. */
START_TEST(percentile_error_bound)
{
	for (unsigned e = 7; e < 63; e++) {
		for (unsigned j = 0; j < 16; j++) {
			uint64_t v = ((uint64_t)1 << e) + (((uint64_t)1 << e) / 16) * j + 1;
			uint64_t got;

			hist_init(&ha);
			hist_add(&ha, 1);
			hist_add(&ha, v);
			hist_add(&ha, UINT64_MAX);
			got = hist_percentile(&ha, 50.0);
			ck_assert_msg(rel_err(got, v) < 0.01, "p50 of {1, %llu, max} = %llu",
			              (unsigned long long)v, (unsigned long long)got);
		}
	}
}
END_TEST

START_TEST(uniform_1_to_1000)
{
	hist_init(&ha);
	for (uint64_t v = 1; v <= 1000; v++)
		hist_add(&ha, v);
	ck_assert_uint_eq(ha.count, 1000);
	ck_assert_uint_eq(ha.sum, 500500);
	ck_assert_uint_eq(ha.min, 1);
	ck_assert_uint_eq(ha.max, 1000);
	ck_assert(hist_mean(&ha) == 500.5);
	ck_assert(rel_err(hist_percentile(&ha, 50.0), 500) < 0.01);
	ck_assert(rel_err(hist_percentile(&ha, 90.0), 900) < 0.01);
	ck_assert(rel_err(hist_percentile(&ha, 99.0), 990) < 0.01);
	ck_assert(rel_err(hist_percentile(&ha, 99.9), 999) < 0.01);
	ck_assert_uint_eq(hist_percentile(&ha, 100.0), 1000);
	/* the lowest percentiles land on exactly stored values */
	ck_assert_uint_eq(hist_percentile(&ha, 0.1), 1);
	ck_assert_uint_eq(hist_percentile(&ha, 10.0), 100);
}
END_TEST

/* A constant far above 128 is not in an exact bucket, but clamping to
 * [min, max] = [c, c] must return it exactly at every percentile. */
START_TEST(constant_data_exact)
{
	const uint64_t consts[] = {1000000, 123456789, 3600000000000ull, UINT64_MAX};
	const double ps[] = {0.001, 1.0, 50.0, 99.0, 99.9, 99.99, 100.0};

	for (size_t c = 0; c < sizeof consts / sizeof consts[0]; c++) {
		hist_init(&ha);
		for (int i = 0; i < 1000; i++)
			hist_add(&ha, consts[c]);
		for (size_t k = 0; k < sizeof ps / sizeof ps[0]; k++)
			ck_assert_uint_eq(hist_percentile(&ha, ps[k]), consts[c]);
	}
}
END_TEST

/* Percentiles stay inside [min, max] and never decrease as p grows. */
START_TEST(percentiles_within_min_max)
{
	struct rng r;

	rng_seed(&r, 7);
	for (int set = 0; set < 20; set++) {
		uint64_t prev = 0;
		int n = 1 + (int)rng_below(&r, 500);

		hist_init(&ha);
		for (int i = 0; i < n; i++)
			hist_add(&ha, 1000 + rng_below(&r, 5000000) * (uint64_t)(set + 1));
		for (double p = 0.01; p <= 100.0; p += 0.37) {
			uint64_t v = hist_percentile(&ha, p);

			ck_assert_uint_ge(v, ha.min);
			ck_assert_uint_le(v, ha.max);
			ck_assert_uint_ge(v, prev);
			prev = v;
		}
		ck_assert_uint_eq(hist_percentile(&ha, 100.0), ha.max);
	}
}
END_TEST

static void assert_same_hist(const struct hist *a, const struct hist *b)
{
	ck_assert_uint_eq(a->count, b->count);
	ck_assert_uint_eq(a->sum, b->sum);
	ck_assert_uint_eq(a->min, b->min);
	ck_assert_uint_eq(a->max, b->max);
	for (size_t i = 0; i < HIST_BUCKETS; i++)
		ck_assert_msg(a->bucket[i] == b->bucket[i], "bucket %zu: %llu vs %llu", i,
		              (unsigned long long)a->bucket[i], (unsigned long long)b->bucket[i]);
}

START_TEST(merge_equals_inserting_both)
{
	struct rng r;

	rng_seed(&r, 2024);
	hist_init(&ha);
	hist_init(&hb);
	hist_init(&hc);
	/* different ranges so that min comes from one side and max from the other */
	for (int i = 0; i < 3000; i++) {
		uint64_t v = 50 + rng_below(&r, 100000);
		hist_add(&ha, v);
		hist_add(&hc, v);
	}
	for (int i = 0; i < 2000; i++) {
		uint64_t v = 10 + (rng_next(&r) >> (24 + rng_below(&r, 40)));
		hist_add(&hb, v);
		hist_add(&hc, v);
	}
	hist_merge(&ha, &hb);
	assert_same_hist(&ha, &hc);
	ck_assert_uint_eq(hist_percentile(&ha, 50.0), hist_percentile(&hc, 50.0));
	ck_assert_uint_eq(hist_percentile(&ha, 99.0), hist_percentile(&hc, 99.0));
}
END_TEST

START_TEST(merge_with_empty)
{
	static struct hist empty, copy;

	hist_init(&empty);
	hist_init(&ha);
	hist_add(&ha, 5);
	hist_add(&ha, 5000);
	copy = ha;

	/* empty into full: unchanged */
	hist_merge(&ha, &empty);
	assert_same_hist(&ha, &copy);

	/* full into empty: becomes the same */
	hist_init(&hb);
	hist_merge(&hb, &ha);
	assert_same_hist(&hb, &copy);

	/* empty into empty: still empty */
	hist_init(&hc);
	hist_merge(&hc, &empty);
	ck_assert_uint_eq(hc.count, 0);
	ck_assert_uint_eq(hist_percentile(&hc, 50.0), 0);
}
END_TEST

START_TEST(huge_values_not_clamped)
{
	const uint64_t hour = 3600000000000ull; /* 3600e9 ns */
	uint64_t lo, hi;

	hist_init(&ha);
	hist_add(&ha, UINT64_MAX);
	ck_assert_uint_eq(ha.count, 1);
	ck_assert_uint_eq(ha.max, UINT64_MAX);
	ck_assert_uint_eq(ha.min, UINT64_MAX);
	ck_assert_uint_eq(ha.bucket[HIST_BUCKETS - 1], 1);
	ck_assert_uint_eq(hist_percentile(&ha, 50.0), UINT64_MAX);
	ck_assert_uint_eq(hist_percentile(&ha, 100.0), UINT64_MAX);

	/* an hour lands in its own bucket, not in a catch-all top bucket */
	hist_init(&ha);
	hist_add(&ha, 100);
	hist_add(&ha, hour);
	hist_add(&ha, 2 * hour);
	hist_bucket_range(hist_bucket_of(hour), &lo, &hi);
	ck_assert(lo <= hour && hour <= hi);
	ck_assert_uint_lt(hist_bucket_of(hour), HIST_BUCKETS - 1);
	ck_assert_uint_eq(ha.bucket[hist_bucket_of(hour)], 1);
	ck_assert_uint_eq(ha.max, 2 * hour);
	ck_assert(rel_err(hist_percentile(&ha, 50.0), hour) < 0.01);
	ck_assert_uint_eq(hist_percentile(&ha, 100.0), 2 * hour);
	ck_assert_uint_eq(hist_percentile(&ha, 10.0), 100); /* below 128: exact */
}
END_TEST

START_TEST(sum_saturates)
{
	hist_init(&ha);
	hist_add(&ha, UINT64_MAX - 10);
	hist_add(&ha, 100);
	ck_assert_uint_eq(ha.count, 2);
	ck_assert_uint_eq(ha.sum, UINT64_MAX);
	hist_add(&ha, 1);
	ck_assert_uint_eq(ha.sum, UINT64_MAX);

	/* the sum stays exact right up to the limit */
	hist_init(&hb);
	hist_add(&hb, UINT64_MAX - 10);
	hist_add(&hb, 10);
	ck_assert_uint_eq(hb.sum, UINT64_MAX);
	hist_init(&hb);
	hist_add(&hb, UINT64_MAX - 10);
	hist_add(&hb, 9);
	ck_assert_uint_eq(hb.sum, UINT64_MAX - 1);

	/* merging two big sums saturates as well */
	hist_init(&hc);
	hist_add(&hc, UINT64_MAX / 2 + 1);
	hist_init(&hb);
	hist_add(&hb, UINT64_MAX / 2 + 1);
	hist_merge(&hc, &hb);
	ck_assert_uint_eq(hc.count, 2);
	ck_assert_uint_eq(hc.sum, UINT64_MAX);
}
END_TEST

START_TEST(mean_of_small_set)
{
	hist_init(&ha);
	hist_add(&ha, 1);
	hist_add(&ha, 2);
	hist_add(&ha, 3);
	hist_add(&ha, 4);
	ck_assert(hist_mean(&ha) == 2.5);
	ck_assert_uint_eq(ha.sum, 10);
}
END_TEST

/* The one percentile walk (hist_counts_percentile) gives what each of
 * the two walks it replaced gave: hist_percentile's over the fine buckets
 * (clamped to [min, max]) and the timeline's over an interval's coarse
 * buckets (TL_HB of 2^TL_HB_SHIFT, the last open, capped at max). The
 * references below are those walks as they were (dc8c4fd). */
static uint64_t ref_hist_walk(const struct hist *h, double p)
{
	uint64_t rank, seen = 0;

	if (h->count == 0)
		return 0;
	if (p >= 100.0)
		return h->max;
	rank = hist_rank(p, h->count);
	for (size_t i = 0; i < HIST_BUCKETS; i++) {
		seen += h->bucket[i];
		if (seen >= rank) {
			uint64_t lo, hi, m;
			hist_bucket_range(i, &lo, &hi);
			m = lo + (hi - lo) / 2;
			return m < h->min ? h->min : m > h->max ? h->max : m;
		}
	}
	return h->max;
}

#define REF_HB TL_HB
#define REF_SHIFT TL_HB_SHIFT
static uint64_t ref_coarse_walk(const uint64_t *hb, uint64_t ops, uint64_t max, double p)
{
	uint64_t rank, seen = 0;

	if (ops == 0)
		return 0;
	if (p >= 100.0)
		return max;
	rank = hist_rank(p, ops);
	for (unsigned b = 0; b < REF_HB; b++) {
		uint64_t low, high, unused, m;
		seen += hb[b];
		if (seen < rank)
			continue;
		if (b == REF_HB - 1)
			return max;
		hist_bucket_range((size_t)b << REF_SHIFT, &low, &unused);
		hist_bucket_range(((size_t)(b + 1) << REF_SHIFT) - 1, &unused, &high);
		m = low + (high - low) / 2;
		return m < max ? m : max;
	}
	return max;
}

START_TEST(one_walk_same_as_both_before)
{
	static const double ps[] = {0.01, 1, 7, 25, 50, 90, 99, 99.9, 99.99, 100};
	static struct tl_interval iv;
	uint64_t *hb = iv.hist;
	struct rng r;
	unsigned checked = 0;

	rng_seed(&r, 49);
	for (int round = 0; round < 300; round++) {
		uint64_t n = 1 + rng_below(&r, round < 100 ? 20 : 5000), max = 0;
		hist_init(&ha);
		memset(&iv, 0, sizeof iv);
		for (uint64_t k = 0; k < n; k++) {
			uint64_t v = rng_next(&r) >> rng_below(&r, 64);
			size_t b = hist_bucket_of(v) >> REF_SHIFT;
			hist_add(&ha, v);
			hb[b < REF_HB ? b : REF_HB - 1]++;
			max = v > max ? v : max;
		}
		for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
			struct hist_counts c = {hb, REF_HB, REF_SHIFT, n, 0, max, true};
			ck_assert_uint_eq(hist_percentile(&ha, ps[i]), ref_hist_walk(&ha, ps[i]));
			ck_assert_uint_eq(hist_counts_percentile(&c, ps[i]), ref_coarse_walk(hb, n, max, ps[i]));
			iv.ops = n;
			iv.max_ns = max;
			ck_assert_uint_eq(timeline_percentile(&iv, ps[i]), ref_coarse_walk(hb, n, max, ps[i]));
			checked += 2;
		}
	}
	hist_init(&ha); /* empty: 0 from both */
	ck_assert_uint_eq(hist_percentile(&ha, 50), ref_hist_walk(&ha, 50));
	ck_assert_uint_eq(checked, 300 * 2 * 10);
}
END_TEST

Suite *suite_hist(void)
{
	Suite *s = suite_create("hist");
	TCase *layout = tcase_create("layout");
	TCase *pct = tcase_create("percentile");
	TCase *agg = tcase_create("aggregate");

	tcase_add_test(layout, exact_below_128);
	tcase_add_test(layout, bucket_of_within_range);
	tcase_add_test(layout, buckets_partition_uint64);
	tcase_add_test(layout, midpoint_error_bound);
	suite_add_tcase(s, layout);

	tcase_add_test(pct, empty_histogram);
	tcase_add_loop_test(pct, exact_percentiles_1_to_100, 1, 101);
	tcase_add_test(pct, percentile_error_bound);
	tcase_add_test(pct, uniform_1_to_1000);
	tcase_add_test(pct, constant_data_exact);
	tcase_add_test(pct, percentiles_within_min_max);
	tcase_add_test(pct, one_walk_same_as_both_before);
	suite_add_tcase(s, pct);

	tcase_add_test(agg, merge_equals_inserting_both);
	tcase_add_test(agg, merge_with_empty);
	tcase_add_test(agg, huge_values_not_clamped);
	tcase_add_test(agg, sum_saturates);
	tcase_add_test(agg, mean_of_small_set);
	suite_add_tcase(s, agg);
	return s;
}
