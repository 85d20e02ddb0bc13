/* The knee rule (report/model/sweep_model.c) on synthetic sweeps at the counts of
 * bonnie.1's sweep example (1,10,50,100,300,700), golden sentences: a clear peak, a plateau, a noisy flat line, a
 * first count whose p99 is an outlier, a monotonic rise, a collapse, and
 * repeats (-x) whose spread decides instead of the single-run limit. */
#include "suites.h"
#include "util_sweep.h"
#include "util_synth.h"
#include "../phases/runner/runner.h"
#include "../report/model/confidence.h"
#include "../report/sweep/sweep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEVELS 6
#define MIB (1024ull * 1024)
#define SEC 1000000000ull

static const uint32_t counts[LEVELS] = {1, 10, 50, 100, 300, 700};

/* put_block at each count, runs interleaved: rate[r][l] MiB/s, every
 * operation p99_us[r][l] microseconds. */
static struct sweep *make(int runs, const double rate[][LEVELS], const double p99_us[][LEVELS])
{
	struct sweep *sw = calloc(1, sizeof *sw);
	struct run_result *run = calloc(1, sizeof *run);

	ck_assert_ptr_nonnull(sw);
	ck_assert_ptr_nonnull(run);
	for (int r = 0; r < runs; r++)
		for (int l = 0; l < LEVELS; l++) {
			for (int i = 0; i < PHASE_COUNT; i++)
				runner_result_init(&run->phase[i]);
			run->clients = counts[l];
			synth_phase(run, PHASE_PUT_BLOCK, (uint64_t)(rate[r][l] * MIB), SEC, SEC / 2,
			            (uint64_t)(p99_us[r][l] * 1000));
			sweep_add_run(sw, run);
		}
	free(run);
	return sw;
}

static void expect(struct sweep *sw, const char *knee, const char *answer)
{
	char line[400];

	judged_knee_sentence(sw, PHASE_PUT_BLOCK, 2.0, line, sizeof line);
	ck_assert_str_eq(line, knee);
	judged_answer_sentence(sw, 2.0, line, sizeof line);
	ck_assert_str_eq(line, answer);
}

static const double flat_p99[1][LEVELS] = {{1000, 1000, 1000, 1000, 1000, 1000}};

START_TEST(clear_peak)
{
	static const double rate[1][LEVELS] = {{100, 300, 200, 150, 120, 100}};
	static const double p99[1][LEVELS] = {{1000, 1100, 1500, 3000, 10000, 30000}};
	struct sweep *sw = make(1, rate, p99);
	struct sweep_knee k;

	expect(sw, "put_block: Throughput peaks at 10 clients: 300.0 MiB/s, the highest rate. p99 latency passes 2x "
		"at 100 clients: 3 ms against 1 ms at 1 client.",
	       "This server takes up to 50 clients: at 100 clients the p99 latency of put_block passes 2x. "
	       	"Judged from put_block.");
	ck_assert(sweep_knee(sw, PHASE_PUT_BLOCK, 2.0, &k));
	ck_assert_int_eq(k.kind, SWEEP_PEAK_HIGHEST);
	ck_assert_int_eq(k.best, 1);
	ck_assert_int_eq(k.peak, 1);
	free(sw);
}
END_TEST

/* 180 at 10 clients cannot be told from 205 at 100 (under 25% apart with
 * one run each): the smallest such count is named, and said to be so. The
 * rule of "the first step under +5%" named 50 here. */
START_TEST(plateau)
{
	static const double rate[1][LEVELS] = {{100, 180, 200, 205, 198, 190}};
	struct sweep *sw = make(1, rate, flat_p99);
	struct sweep_knee k;

	expect(sw, "put_block: Throughput levels off at 10 clients: 180.0 MiB/s, within 25% of the highest (205.0 "
		"MiB/s at 100 clients). p99 latency stays within 2x of its lowest earlier value up to 700 "
		"clients.",
	       "No storage knee up to 700 clients: the p99 latency of put_block did not pass 2x.");
	ck_assert(sweep_knee(sw, PHASE_PUT_BLOCK, 2.0, &k));
	ck_assert_int_eq(k.kind, SWEEP_PEAK_WITHIN_NOISE);
	ck_assert_int_eq(k.best, 3);
	ck_assert_int_eq(k.peak, 1);
	free(sw);
}
END_TEST

START_TEST(noisy_flat_line)
{
	static const double rate[1][LEVELS] = {{100, 112, 95, 108, 104, 99}};
	struct sweep *sw = make(1, rate, flat_p99);
	char line[400];

	expect(sw, "put_block: Throughput shows no knee: at every count from 1 to 700 clients it is within 25% of "
		"the highest (112.0 MiB/s at 10 clients). p99 latency stays within 2x of its lowest earlier "
		"value up to 700 clients.",
	       "No storage knee up to 700 clients: the p99 latency of put_block did not pass 2x.");
	sweep_noise_sentence(sw, line, sizeof line);
	ck_assert_str_eq(line, "Single run per count: rate differences under 25% are not judged (-x N repeats every "
	                       "count, interleaved, and judges by their spread).");
	free(sw);
}
END_TEST

/* A 9 s p99 at 1 client hid every later rise when it was the baseline. */
START_TEST(first_count_outlier)
{
	static const double rate[1][LEVELS] = {{100, 200, 300, 310, 305, 300}};
	static const double p99[1][LEVELS] = {{9e6, 1000, 1200, 1500, 3000, 5000}};
	struct sweep *sw = make(1, rate, p99);
	struct sweep_knee k;

	expect(sw, "put_block: Throughput levels off at 50 clients: 300.0 MiB/s, within 25% of the highest (310.0 "
		"MiB/s at 100 clients). p99 latency passes 2x at 300 clients: 3 ms against 1 ms at 10 clients.",
	       "This server takes up to 100 clients: at 300 clients the p99 latency of put_block passes 2x. "
	       	"Judged from put_block.");
	ck_assert(sweep_knee(sw, PHASE_PUT_BLOCK, 2.0, &k));
	ck_assert_int_eq(k.base, 1);
	ck_assert_int_eq(k.p99_over, 4);
	free(sw);
}
END_TEST

START_TEST(monotonic_rise)
{
	static const double rate[1][LEVELS] = {{100, 200, 400, 800, 1600, 3200}};
	struct sweep *sw = make(1, rate, flat_p99);
	struct sweep_knee k;

	expect(sw, "put_block: Throughput still rises at 700 clients, the last count: 3200.0 MiB/s, the highest "
		"rate. p99 latency stays within 2x of its lowest earlier value up to 700 clients.",
	       "No storage knee up to 700 clients: the p99 latency of put_block did not pass 2x.");
	ck_assert(sweep_knee(sw, PHASE_PUT_BLOCK, 2.0, &k));
	ck_assert(k.still_rising);
	free(sw);
}
END_TEST

START_TEST(collapse)
{
	static const double rate[1][LEVELS] = {{300, 320, 100, 50, 20, 5}};
	static const double p99[1][LEVELS] = {{1000, 1200, 10000, 40000, 90000, 500000}};
	struct sweep *sw = make(1, rate, p99);

	expect(sw, "put_block: Throughput levels off at 1 client: 300.0 MiB/s, within 25% of the highest (320.0 "
		"MiB/s at 10 clients). p99 latency passes 2x at 50 clients: 10 ms against 1 ms at 1 client.",
	       "This server takes up to 10 clients: at 50 clients the p99 latency of put_block passes 2x. "
	       	"Judged from put_block.");
	free(sw);
}
END_TEST

/* Three interleaved runs with tight spreads: a 10% step is real (the
 * ranges do not overlap) although a single run would not judge it. */
START_TEST(repeats_tight)
{
	static const double rate[3][LEVELS] = {{100, 110, 121, 133, 146, 161},
	                                       {101, 111, 122, 134, 147, 162},
	                                       {99, 109, 120, 132, 145, 160}};
	static const double p99[3][LEVELS] = {{1000, 1000, 1000, 1000, 1000, 1000},
	                                      {1100, 1000, 1000, 1000, 1000, 1000},
	                                      {900, 1000, 1000, 1000, 1000, 1000}};
	struct sweep *sw = make(3, rate, p99);
	char line[400];

	ck_assert_uint_eq(sweep_runs(sw), 3);
	ck_assert_uint_eq(sw->levels, LEVELS);
	ck_assert(sweep_rates_differ(sw, PHASE_PUT_BLOCK, 4, 5));
	expect(sw, "put_block: Throughput still rises at 700 clients, the last count: 161.0 MiB/s, the highest "
		"rate. p99 latency stays within 2x of its lowest earlier value up to 700 clients.",
	       "No storage knee up to 700 clients: the p99 latency of put_block did not pass 2x.");
	sweep_noise_sentence(sw, line, sizeof line);
	ck_assert_str_eq(line, "3 runs per count, interleaved: two counts' rates differ when their ranges (lowest to "
	                       "highest run) do not overlap.");
	free(sw);
}
END_TEST

/* Wide spreads: a 40% higher median is within the runs' noise; the p99
 * baseline's highest run (2 ms) is what the factor multiplies. */
START_TEST(repeats_wide)
{
	static const double rate[2][LEVELS] = {{100, 140, 120, 90, 130, 110},
	                                       {160, 80, 150, 180, 100, 140}};
	static const double p99[2][LEVELS] = {{1000, 1000, 3000, 5000, 1000, 1000},
	                                      {2000, 2000, 3000, 3900, 1000, 1000}};
	struct sweep *sw = make(2, rate, p99);
	struct sweep_knee k;

	ck_assert(sweep_knee(sw, PHASE_PUT_BLOCK, 2.0, &k));
	ck_assert_int_eq(k.kind, SWEEP_PEAK_NO_KNEE);
	ck_assert_int_eq(k.p99_over, -1);
	ck_assert_double_eq_tol(sw->point[0][PHASE_PUT_BLOCK].rate, 130.0 * 1024, 1);
	free(sw);
}
END_TEST

/* Issue 52: random create's p99 went 31 us -> 403 us -> 937 us: it passed
 * 2x, and stayed under the 10 ms floor. The sentence and the HTML cell say
 * that rule decided; neither says "not passed". */
START_TEST(under_the_floor)
{
	static const double rate[1][LEVELS] = {{100, 150, 200, 210, 215, 220}};
	static const double p99[1][LEVELS] = {{31, 403, 937, 900, 950, 990}};
	struct sweep *sw = make(1, rate, p99);
	struct sweep_knee k;
	char line[400];

	sweep_set_rule(sw, 10000000u, 0);
	ck_assert(sweep_knee(sw, PHASE_PUT_BLOCK, 2.0, &k));
	ck_assert_int_eq(k.p99_over, -1);
	ck_assert_int_eq(k.p99_factor, 1);
	ck_assert_int_eq(k.factor_base, 0);
	judged_knee_sentence(sw, PHASE_PUT_BLOCK, 2.0, line, sizeof line);
	ck_assert_ptr_nonnull(strstr(line, " p99 latency passes 2x at 10 clients: 403 µs against 31 µs at 1 client. "
	                                   "That is under the 10 ms floor, and no count up to 700 clients passes both: "
	                                   "no latency knee."));
	judged_p99_cell(sw, PHASE_PUT_BLOCK, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "2x at 10, under the 10 ms floor");
	free(sw);
}
END_TEST

/* Issue 52: seeks "still rises at 16 clients" rested on figures marked c
 * (the page cache). Counts marked c, ~, #, ? or with a low overlap are left
 * out of the knee, and the sentence names them. */
START_TEST(marked_counts_left_out)
{
	static const double rate[1][LEVELS] = {{100, 120, 110, 105, 3000, 5000}};
	struct sweep *sw = make(1, rate, flat_p99);
	struct sweep_knee k;
	char line[400];

	sw->point[4][PHASE_PUT_BLOCK].reasons |= CONF_CACHED;
	sw->point[5][PHASE_PUT_BLOCK].reasons |= CONF_CACHED;
	sw->point[3][PHASE_PUT_BLOCK].overlap = 0.5;
	for (uint32_t l = 3; l <= 5; l++)
		sweep_mark(sw, l, PHASE_PUT_BLOCK);
	ck_assert(sweep_knee(sw, PHASE_PUT_BLOCK, 2.0, &k));
	ck_assert_int_eq(k.levels, 3);
	ck_assert_uint_eq(k.left_out, (1u << 3) | (1u << 4) | (1u << 5));
	ck_assert(!k.still_rising);
	ck_assert_int_eq(k.kind, SWEEP_PEAK_NO_KNEE);
	judged_knee_sentence(sw, PHASE_PUT_BLOCK, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "put_block: Throughput shows no knee: at every count from 1 to 50 clients it is within 25% "
	                       "of the highest (120.0 MiB/s at 10 clients). p99 latency stays within 2x of its lowest "
	                       "earlier value up to 50 clients. Left out: 300 and 700 clients (c cached); "
	                       "100 clients (< overlap under 90%).");
	free(sw);
}
END_TEST

Suite *suite_knee(void)
{
	Suite *s = suite_create("knee");
	TCase *tc = tcase_create("knee");

	tcase_add_test(tc, clear_peak);
	tcase_add_test(tc, under_the_floor);
	tcase_add_test(tc, marked_counts_left_out);
	tcase_add_test(tc, plateau);
	tcase_add_test(tc, noisy_flat_line);
	tcase_add_test(tc, first_count_outlier);
	tcase_add_test(tc, monotonic_rise);
	tcase_add_test(tc, collapse);
	tcase_add_test(tc, repeats_tight);
	tcase_add_test(tc, repeats_wide);
	suite_add_tcase(s, tc);
	return s;
}
