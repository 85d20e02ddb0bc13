/* The align probe's decision (phases/probes/align_decide.h) on made-up pairs, and
 * its line and JSON (report/text/align.c): a penalty only when the whole bound
 * clears the factor, no penalty only when it stays below, inconclusive in
 * between or with too few pairs; the words match the decision. */
#include "suites.h"
#include "../phases/probes/align_decide.h"
#include "../report/report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static struct align_pair pairs[ALIGN_MAX_PAIRS];

/* n pairs whose shifted round takes ratio[i % nr] times the aligned one. */
static void make_pairs(size_t n, const double *ratio, size_t nr)
{
	for (size_t i = 0; i < n; i++) {
		pairs[i].aligned_ns = 100000;
		pairs[i].shifted_ns = (uint64_t)(100000 * ratio[i % nr]);
	}
}

START_TEST(every_pair_twice_as_slow_is_a_penalty)
{
	const double r[] = {1.9, 2.1, 2.0, 2.2};
	struct align_verdict v;

	make_pairs(ALIGN_MIN_PAIRS, r, 4);
	align_decide(pairs, ALIGN_MIN_PAIRS, &v);
	ck_assert_int_eq(v.decision, ALIGN_PENALTY);
	ck_assert_uint_eq(v.slower, ALIGN_MIN_PAIRS);
	ck_assert_double_eq_tol(v.low, 1.9, 1e-9);  /* 8 pairs: the bound is min..max */
	ck_assert_double_eq_tol(v.high, 2.2, 1e-9);
	ck_assert_double_eq_tol(v.median, 2.05, 1e-9);
	ck_assert(v.confidence >= 0.95);
}
END_TEST

START_TEST(too_few_pairs_decide_nothing)
{
	const double r[] = {3.0};
	struct align_verdict v;

	make_pairs(ALIGN_MIN_PAIRS - 1, r, 1);
	align_decide(pairs, ALIGN_MIN_PAIRS - 1, &v);
	ck_assert_int_eq(v.decision, ALIGN_INCONCLUSIVE);
}
END_TEST

START_TEST(ratios_near_one_rule_a_penalty_out)
{
	const double r[] = {0.95, 1.05, 1.0, 0.9, 1.1};
	struct align_verdict v;

	make_pairs(10, r, 5);
	align_decide(pairs, 10, &v);
	ck_assert_int_eq(v.decision, ALIGN_NO_PENALTY);
	ck_assert(v.high < ALIGN_PENALTY_FACTOR);
}
END_TEST

/* A busy machine: ratios anywhere from 0.6 to 1.5 (the figures).
 * Never a penalty; with this spread not "ruled out" either. */
START_TEST(noise_is_inconclusive_not_a_penalty)
{
	const double r[] = {1.03, 1.27, 0.89, 1.45, 1.20, 0.77, 0.81, 0.63};
	struct align_verdict v;

	for (size_t n = ALIGN_MIN_PAIRS; n <= ALIGN_MAX_PAIRS; n++) {
		make_pairs(n, r, 8);
		align_decide(pairs, n, &v);
		ck_assert_int_eq(v.decision, ALIGN_INCONCLUSIVE);
		ck_assert(v.low <= v.median && v.median <= v.high);
	}
}
END_TEST

/* "Nearly every pair": one faster pair in eight leaves the bound at the
 * minimum (no claim); two in forty still make a penalty. */
START_TEST(a_few_contrary_pairs)
{
	const double eight[] = {2, 2, 2, 2, 2, 2, 2, 0.9};
	double forty[40];
	struct align_verdict v;

	make_pairs(8, eight, 8);
	align_decide(pairs, 8, &v);
	ck_assert_int_eq(v.decision, ALIGN_INCONCLUSIVE);
	for (int i = 0; i < 40; i++)
		forty[i] = i % 20 == 0 ? 0.9 : 2.0;
	make_pairs(40, forty, 40);
	align_decide(pairs, 40, &v);
	ck_assert_int_eq(v.decision, ALIGN_PENALTY);
	ck_assert_uint_eq(v.slower, 38);
}
END_TEST

/* Judged as printed: a bound ending at 1.149 prints as 1.15, so it cannot
 * be said to rule 1.15x out. */
START_TEST(decided_on_the_printed_figures)
{
	const double r[] = {1.0, 1.149};
	struct align_verdict v;

	make_pairs(8, r, 2);
	align_decide(pairs, 8, &v);
	ck_assert_int_eq(v.decision, ALIGN_INCONCLUSIVE);
}
END_TEST

static char *line_of(const struct align_result *a)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	report_align(f, a);
	fclose(f);
	return buf;
}

static void result_of(struct align_result *a, const double *r, size_t nr, size_t n, bool timed_out)
{
	memset(a, 0, sizeof *a);
	a->ran = true;
	a->io_bytes = 4096;
	a->shift_bytes = 512;
	a->timed_out = timed_out;
	make_pairs(n, r, nr);
	memcpy(a->pair, pairs, n * sizeof pairs[0]);
	a->pairs = n;
	align_decide(a->pair, n, &a->verdict);
}

START_TEST(the_line_says_the_decision)
{
	static struct align_result a;
	const double penalty[] = {2.0}, none[] = {1.0}, noise[] = {0.7, 1.4};
	char *s;

	result_of(&a, penalty, 1, 8, false);
	s = line_of(&a);
	ck_assert_ptr_nonnull(strstr(s, "8 pairs of 32 aligned and 32 shifted by 512 B"));
	ck_assert_ptr_nonnull(strstr(s, "median 2.00x, 99% bound 2.00-2.00x"));
	ck_assert_ptr_nonnull(strstr(s, "slower in 8 of 8 pairs: misaligned writes cost 2.00x or more"));
	ck_assert_ptr_nonnull(strstr(s, "read-modify-write"));
	free(s);
	result_of(&a, none, 1, 8, false);
	s = line_of(&a);
	ck_assert_ptr_nonnull(strstr(s, ": no penalty (1.15x or more is ruled out)"));
	ck_assert_ptr_null(strstr(s, "read-modify-write"));
	free(s);
	result_of(&a, noise, 2, 30, true);
	s = line_of(&a);
	ck_assert_ptr_nonnull(strstr(s, ": inconclusive (noise): the bound straddles 1.15x after 30 pairs "
	                                "(the probe's time limit)"));
	ck_assert_ptr_null(strstr(s, "read-modify-write"));
	free(s);
	result_of(&a, penalty, 1, 3, true);
	s = line_of(&a);
	ck_assert_ptr_nonnull(strstr(s, "inconclusive (too slow): 3 pairs in the probe's 15 s, 8 needed"));
	free(s);
}
END_TEST

START_TEST(the_json_gives_every_pair_and_the_decision)
{
	static struct align_result a;
	const double r[] = {2.0, 1.5};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct json j;

	result_of(&a, r, 2, 9, false);
	json_init(&j, f);
	json_object_begin(&j, NULL);
	report_align_json(&j, &a);
	json_object_end(&j);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "\"decision\": \"penalty\""));
	ck_assert_ptr_nonnull(strstr(buf, "\"stopped_by\": \"decision\""));
	ck_assert_ptr_nonnull(strstr(buf, "\"median_time_ratio\": 2.000"));
	ck_assert_ptr_nonnull(strstr(buf, "\"shifted_slower_pairs\": 9"));
	ck_assert_int_eq(strstr(buf, "\"shifted_median_ns\": 150000") != NULL, 1);
	{
		int n = 0;
		for (const char *p = buf; (p = strstr(p, "\"aligned_median_ns\": 100000")) != NULL; p++)
			n++;
		ck_assert_int_eq(n, 9 + 1); /* nine pairs and the overall median */
	}
	free(buf);
}
END_TEST

/* Waiting for a CPU adds to both kinds of write: a 1.5x hold on every
 * shifted write measured 1.03x (bound 1.00-1.09x) on a machine at load
 * 30-80, and the probe said "no penalty". The wait's share of the pairs'
 * time undoes the dilution before "no penalty" is said. */
static void waited(size_t n, uint64_t elapsed, uint64_t wait)
{
	for (size_t i = 0; i < n; i++) {
		pairs[i].elapsed_ns = elapsed;
		pairs[i].waited_ns = wait;
	}
}

START_TEST(a_wait_for_the_cpu_can_hide_a_penalty)
{
	static struct align_result a;
	const double r[] = {1.08, 1.09, 1.10};
	struct align_verdict v;
	char *s;

	make_pairs(12, r, 3);
	waited(12, 1000000000, 400000000); /* 40%: 1.10x may be 1 + 0.10 / 0.6 = 1.17x */
	align_decide(pairs, 12, &v);
	ck_assert_int_eq(v.decision, ALIGN_INCONCLUSIVE);
	ck_assert_double_eq_tol(v.waited, 0.4, 1e-9);
	ck_assert_double_eq_tol(v.hidden, 1.0 + 0.10 / 0.6, 1e-6);
	waited(12, 1000000000, 100000000); /* 10%: at most 1.11x, under the factor */
	align_decide(pairs, 12, &v);
	ck_assert_int_eq(v.decision, ALIGN_NO_PENALTY);
	waited(12, 1000000000, 600000000); /* past ALIGN_MAX_WAIT: no bound at all */
	align_decide(pairs, 12, &v);
	ck_assert_int_eq(v.decision, ALIGN_INCONCLUSIVE);
	ck_assert(isinf(v.hidden));
	/* a penalty stays a penalty: the wait only shrinks a ratio */
	{
		const double p[] = {2.0};
		make_pairs(8, p, 1);
		waited(8, 1000000000, 900000000);
		align_decide(pairs, 8, &v);
		ck_assert_int_eq(v.decision, ALIGN_PENALTY);
	}
	memset(&a, 0, sizeof a);
	a.ran = true;
	a.io_bytes = 4096;
	a.shift_bytes = 512;
	make_pairs(12, r, 3);
	waited(12, 1000000000, 400000000);
	memcpy(a.pair, pairs, 12 * sizeof pairs[0]);
	a.pairs = 12;
	align_decide(a.pair, 12, &a.verdict);
	s = line_of(&a);
	ck_assert_ptr_nonnull(strstr(s, ": inconclusive (busy CPU): the probe waited for a CPU 40% of its time, which "
	                                "can shrink a penalty of up to 1.17x to the bound's 1.10x"));
	free(s);
	waited(12, 1000000000, 730000000);
	memcpy(a.pair, pairs, 12 * sizeof pairs[0]);
	align_decide(a.pair, 12, &a.verdict);
	s = line_of(&a);
	ck_assert_ptr_nonnull(strstr(s, ": inconclusive (busy CPU): the probe waited for a CPU 73% of its time, too "
	                                "much for its bound (1.10x) to rule a penalty out"));
	free(s);
	memset(pairs, 0, sizeof pairs);
}
END_TEST

Suite *suite_align(void)
{
	Suite *s = suite_create("align");
	TCase *t = tcase_create("decision");

	tcase_add_test(t, every_pair_twice_as_slow_is_a_penalty);
	tcase_add_test(t, too_few_pairs_decide_nothing);
	tcase_add_test(t, ratios_near_one_rule_a_penalty_out);
	tcase_add_test(t, noise_is_inconclusive_not_a_penalty);
	tcase_add_test(t, a_few_contrary_pairs);
	tcase_add_test(t, decided_on_the_printed_figures);
	tcase_add_test(t, the_line_says_the_decision);
	tcase_add_test(t, the_json_gives_every_pair_and_the_decision);
	tcase_add_test(t, a_wait_for_the_cpu_can_hide_a_penalty);
	suite_add_tcase(s, t);
	return s;
}
