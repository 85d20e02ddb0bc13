/* Seek offsets: inside the file, chunk-aligned, uniform, a pure function
 * of (seed, operation) so -z fixes them everywhere; about 1 in 10
 * operations writes back. */
#include "suites.h"
#include "../phases/seeks.h"

#include <stdlib.h>

START_TEST(offsets_inside_and_aligned)
{
	static const uint32_t chunks[] = {256, 4096, 8192, 1u << 20};
	static const uint64_t counts[] = {1, 2, 3, 1000, 131072};

	for (size_t c = 0; c < 4; c++)
		for (size_t n = 0; n < 5; n++)
			for (uint64_t op = 0; op < 2000; op++) {
				uint64_t off = seeks_offset(42, op, counts[n], chunks[c]);
				ck_assert_uint_eq(off % chunks[c], 0);
				ck_assert_uint_lt(off, counts[n] * chunks[c]);
			}
}
END_TEST

START_TEST(offsets_cover_the_file_uniformly)
{
	enum { N = 16, OPS = 64000 };
	uint64_t hits[N] = {0};

	for (uint64_t op = 0; op < OPS; op++)
		hits[seeks_offset(7, op, N, 8192) / 8192]++;
	for (int i = 0; i < N; i++)
		ck_assert(hits[i] > 3400 && hits[i] < 4600); /* expected 4000 */
}
END_TEST

START_TEST(sequence_depends_only_on_seed_and_op)
{
	int differ = 0;

	for (uint64_t op = 0; op < 1000; op++) {
		ck_assert_uint_eq(seeks_offset(1, op, 1u << 20, 8192), seeks_offset(1, op, 1u << 20, 8192));
		differ += seeks_offset(1, op, 1u << 20, 8192) != seeks_offset(2, op, 1u << 20, 8192);
	}
	ck_assert_int_gt(differ, 990);
}
END_TEST

START_TEST(one_in_ten_writes_back)
{
	unsigned writes = 0;

	for (uint64_t op = 0; op < 100000; op++)
		writes += seeks_writes_back(99, op);
	ck_assert(writes > 9400 && writes < 10600);
}
END_TEST

Suite *suite_seeks(void)
{
	Suite *s = suite_create("seeks");
	TCase *tc = tcase_create("offsets");

	tcase_add_test(tc, offsets_inside_and_aligned);
	tcase_add_test(tc, offsets_cover_the_file_uniformly);
	tcase_add_test(tc, sequence_depends_only_on_seed_and_op);
	tcase_add_test(tc, one_in_ten_writes_back);
	suite_add_tcase(s, tc);
	return s;
}
