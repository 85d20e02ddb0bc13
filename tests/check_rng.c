/* rng: reproducible streams per seed, unrelated streams across seeds,
 * rng_below / rng_at range and (loose, non-flaky) uniformity with no modulo
 * bias, and rng_at as a pure function of (key, index, n). */
#include "suites.h"
#include "../lib/rng.h"

#include <stdint.h>
#include <stdlib.h>

/* 3 * 2^62: a plain "v % n" would make [0, 2^62) twice as likely as the
 * rest (1/2 of draws instead of 1/3), so counting draws there shows bias. */
#define BIASED_N (((uint64_t)3) << 62)
#define QUARTER ((uint64_t)1 << 62)

static const uint64_t seeds[] = {0, 1, 2, 42, 0xffffffffu, (uint64_t)1 << 32, UINT64_MAX};
#define NSEEDS ((int)(sizeof seeds / sizeof seeds[0]))

START_TEST(same_seed_same_sequence)
{
	struct rng a, b, c;

	rng_seed(&a, seeds[_i]);
	rng_seed(&b, seeds[_i]);
	for (int i = 0; i < 1000; i++)
		ck_assert_uint_eq(rng_next(&a), rng_next(&b));
	/* the struct is the whole state: a copy continues identically */
	c = a;
	for (int i = 0; i < 100; i++)
		ck_assert_uint_eq(rng_next(&a), rng_next(&c));
}
END_TEST

START_TEST(different_seeds_differ)
{
	for (int i = 0; i < NSEEDS; i++) {
		for (int j = i + 1; j < NSEEDS; j++) {
			struct rng a, b;
			int same = 0;

			rng_seed(&a, seeds[i]);
			rng_seed(&b, seeds[j]);
			/* equal 64-bit draws by chance have probability 2^-64 each */
			for (int k = 0; k < 1000; k++)
				same += rng_next(&a) == rng_next(&b);
			ck_assert_msg(same == 0, "seeds %llu and %llu share %d draws",
			              (unsigned long long)seeds[i], (unsigned long long)seeds[j], same);
		}
	}
}
END_TEST

START_TEST(stream_does_not_repeat_quickly)
{
	struct rng r;
	uint64_t first;

	rng_seed(&r, 99);
	first = rng_next(&r);
	for (int i = 0; i < 100000; i++)
		ck_assert_uint_ne(rng_next(&r), first);
}
END_TEST

static int popcount64(uint64_t x)
{
	int n = 0;

	for (; x != 0; x &= x - 1)
		n++;
	return n;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

START_TEST(mix64_is_deterministic_and_spreads)
{
	enum { N = 10000 };
	static uint64_t h[N];

	for (uint64_t i = 0; i < N; i++) {
		h[i] = rng_mix64(i);
		ck_assert_uint_eq(h[i], rng_mix64(i));
	}
	/* consecutive inputs give distinct outputs */
	qsort(h, N, sizeof h[0], cmp_u64);
	for (int i = 1; i < N; i++)
		ck_assert_uint_ne(h[i], h[i - 1]);
	/* one flipped input bit changes many output bits */
	ck_assert_int_ge(popcount64(rng_mix64(0) ^ rng_mix64(1)), 8);
}
END_TEST

static const uint64_t bounds[] = {1, 2, 3, 7, 10, 1000, 4096, ((uint64_t)1 << 32) + 1,
                                  BIASED_N, ((uint64_t)1 << 63) + 1, UINT64_MAX};
#define NBOUNDS ((int)(sizeof bounds / sizeof bounds[0]))

START_TEST(below_in_range)
{
	const uint64_t n = bounds[_i];
	struct rng r;

	rng_seed(&r, 5 + (uint64_t)_i);
	for (int i = 0; i < 2000; i++) {
		uint64_t v = rng_below(&r, n);
		ck_assert_msg(v < n, "rng_below(%llu) = %llu", (unsigned long long)n,
		              (unsigned long long)v);
	}
}
END_TEST

START_TEST(below_one_is_zero)
{
	struct rng r;

	rng_seed(&r, 3);
	for (int i = 0; i < 100; i++)
		ck_assert_uint_eq(rng_below(&r, 1), 0);
	for (uint64_t i = 0; i < 100; i++)
		ck_assert_uint_eq(rng_at(7, i, 1), 0);
}
END_TEST

/* 100000 draws into 10 bins: the expected 10000 per bin has a standard
 * deviation near 95, so 8000..12000 is over 20 sigma: it cannot flake. */
START_TEST(below_roughly_uniform)
{
	unsigned bins[10] = {0};
	struct rng r;

	rng_seed(&r, 123456789);
	for (int i = 0; i < 100000; i++)
		bins[rng_below(&r, 10)]++;
	for (int b = 0; b < 10; b++)
		ck_assert_msg(bins[b] >= 8000 && bins[b] <= 12000, "bin %d: %u", b, bins[b]);
}
END_TEST

START_TEST(below_has_no_modulo_bias)
{
	unsigned low = 0;
	struct rng r;

	rng_seed(&r, 31337);
	/* expect 10000 with no bias (sd ~82), 15000 with plain modulo */
	for (int i = 0; i < 30000; i++)
		low += rng_below(&r, BIASED_N) < QUARTER;
	ck_assert_msg(low >= 9000 && low <= 11000, "%u of 30000 in the lowest third", low);
}
END_TEST

START_TEST(at_is_pure_and_in_range)
{
	const uint64_t n = bounds[_i];
	struct rng noise;

	rng_seed(&noise, 1);
	for (uint64_t i = 0; i < 1000; i++) {
		uint64_t v = rng_at(0xfeedULL, i, n);

		ck_assert_uint_lt(v, n);
		/* no hidden state: other draws in between change nothing */
		(void)rng_next(&noise);
		(void)rng_at(0xbeefULL, i + 1, n);
		ck_assert_uint_eq(rng_at(0xfeedULL, i, n), v);
	}
	/* computing the stream backwards gives the same elements */
	for (uint64_t i = 1000; i-- > 0;) {
		uint64_t v = rng_at(0xfeedULL, i, n);
		ck_assert_uint_eq(v, rng_at(0xfeedULL, i, n));
	}
}
END_TEST

START_TEST(at_keys_and_indexes_differ)
{
	int same_key = 0, same_index = 0;

	/* with n = UINT64_MAX, a chance collision has probability ~2^-64 */
	for (uint64_t i = 0; i < 1000; i++) {
		same_key += rng_at(1, i, UINT64_MAX) == rng_at(2, i, UINT64_MAX);
		same_index += rng_at(1, i, UINT64_MAX) == rng_at(1, i + 1, UINT64_MAX);
	}
	ck_assert_int_eq(same_key, 0);
	ck_assert_int_eq(same_index, 0);
}
END_TEST

START_TEST(at_roughly_uniform)
{
	unsigned bins[10] = {0};
	unsigned low = 0;

	for (uint64_t i = 0; i < 100000; i++)
		bins[rng_at(77, i, 10)]++;
	for (int b = 0; b < 10; b++)
		ck_assert_msg(bins[b] >= 8000 && bins[b] <= 12000, "bin %d: %u", b, bins[b]);
	for (uint64_t i = 0; i < 30000; i++)
		low += rng_at(78, i, BIASED_N) < QUARTER;
	ck_assert_msg(low >= 9000 && low <= 11000, "%u of 30000 in the lowest third", low);
}
END_TEST

Suite *suite_rng(void)
{
	Suite *s = suite_create("rng");
	TCase *stream = tcase_create("stream");
	TCase *draws = tcase_create("draws");

	tcase_add_loop_test(stream, same_seed_same_sequence, 0, NSEEDS);
	tcase_add_test(stream, different_seeds_differ);
	tcase_add_test(stream, stream_does_not_repeat_quickly);
	tcase_add_test(stream, mix64_is_deterministic_and_spreads);
	suite_add_tcase(s, stream);

	tcase_add_loop_test(draws, below_in_range, 0, NBOUNDS);
	tcase_add_test(draws, below_one_is_zero);
	tcase_add_test(draws, below_roughly_uniform);
	tcase_add_test(draws, below_has_no_modulo_bias);
	tcase_add_loop_test(draws, at_is_pure_and_in_range, 0, NBOUNDS);
	tcase_add_test(draws, at_keys_and_indexes_differ);
	tcase_add_test(draws, at_roughly_uniform);
	suite_add_tcase(s, draws);
	return s;
}
