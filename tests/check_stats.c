/* stats: median of odd and even counts, extremes, mean, the sample
 * coefficient of variation and the spread on values worked out by hand. */
#include "suites.h"
#include "../lib/stats.h"

START_TEST(odd_count)
{
	double v[] = {110, 90, 100};
	struct stats st;

	stats_of(v, 3, &st);
	ck_assert_uint_eq(st.n, 3);
	ck_assert_double_eq(st.median, 100);
	ck_assert_double_eq(st.min, 90);
	ck_assert_double_eq(st.max, 110);
	ck_assert_double_eq_tol(st.mean, 100, 1e-9);
	/* deviations -10, 0, 10: sample sd sqrt(200 / 2) = 10, CV 10% */
	ck_assert_double_eq_tol(st.cv_pct, 10.0, 1e-9);
	/* (110 - 90) / 100 */
	ck_assert_double_eq_tol(st.spread_pct, 20.0, 1e-9);
}
END_TEST

START_TEST(even_count_median_is_the_middle_mean)
{
	double v[] = {4, 1, 3, 2};

	ck_assert_double_eq(stats_median(v, 4), 2.5);
}
END_TEST

START_TEST(one_value_has_no_spread)
{
	double v[] = {42};
	struct stats st;

	stats_of(v, 1, &st);
	ck_assert_double_eq(st.median, 42);
	ck_assert_double_eq(st.cv_pct, 0);
	ck_assert_double_eq(st.spread_pct, 0);
}
END_TEST

START_TEST(nothing_gives_zeros)
{
	struct stats st;

	stats_of(NULL, 0, &st);
	ck_assert_uint_eq(st.n, 0);
	ck_assert_double_eq(st.median, 0);
	ck_assert_double_eq(stats_median(NULL, 0), 0);
}
END_TEST

START_TEST(zero_mean_has_no_cv)
{
	double v[] = {0, 0, 0};
	struct stats st;

	stats_of(v, 3, &st);
	ck_assert_double_eq(st.cv_pct, 0);
	ck_assert_double_eq(st.spread_pct, 0); /* no median to spread over */
}
END_TEST

Suite *suite_stats(void)
{
	Suite *s = suite_create("stats");
	TCase *t = tcase_create("summary");

	tcase_add_test(t, odd_count);
	tcase_add_test(t, even_count_median_is_the_middle_mean);
	tcase_add_test(t, one_value_has_no_spread);
	tcase_add_test(t, nothing_gives_zeros);
	tcase_add_test(t, zero_mean_has_no_cv);
	suite_add_tcase(s, t);
	return s;
}
