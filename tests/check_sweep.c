/* The sweep table and the knee sentences from synthetic levels whose
 * rates and latencies are chosen by hand (golden strings). */
#include "suites.h"
#include "util_synth.h"
#include "../phases/runner.h"
#include "../report/sweep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KIB 1024ull
#define SEC 1000000000ull

/* put_block: 100, 200, 206, 300 MiB/s (300 is more than 25% above 206:
 * still rising); p99 1, 1.5, 2.5 (over 2x at 4), 3 ms. ran_create: 10, 20, 40, 80 files/s (still
 * rising), latency flat. seeks: only at the first level. */
static struct sweep *make_sweep(void)
{
	static const uint32_t clients[] = {1, 2, 4, 8};
	static const uint64_t mib_s[] = {100, 200, 206, 300};
	static const uint64_t lat_us[] = {1000, 1500, 2500, 3000};
	struct sweep *sw = calloc(1, sizeof *sw);
	struct run_result *run = calloc(1, sizeof *run);

	ck_assert_ptr_nonnull(sw);
	ck_assert_ptr_nonnull(run);
	for (int l = 0; l < 4; l++) {
		for (int i = 0; i < PHASE_COUNT; i++)
			runner_result_init(&run->phase[i]);
		run->clients = clients[l];
		synth_phase(run, PHASE_PUT_BLOCK, mib_s[l] * KIB * KIB, SEC, SEC / 2, lat_us[l] * 1000);
		synth_phase(run, PHASE_RAN_CREATE, 10u << l, SEC, SEC / 2, 500000);
		if (l == 0)
			synth_phase(run, PHASE_SEEKS, 1000, SEC, SEC / 2, 2000000);
		sweep_add(sw, run);
	}
	free(run);
	return sw;
}

static char *capture(void (*fn)(FILE *, const struct sweep *, double), const struct sweep *sw, double k)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	fn(f, sw, k);
	fclose(f);
	return buf;
}

static void table_fn(FILE *f, const struct sweep *sw, double k)
{
	(void)k;
	report_sweep_table(f, sw);
}

START_TEST(knee_sentences)
{
	struct sweep *sw = make_sweep();
	char *text = capture(report_sweep_knees, sw, 2.0);

	ck_assert_str_eq(text,
	                 "put_block: throughput still rises at 8 clients (highest rate, the last count); p99 latency "
	                 "passes 2x its 1-client value at 4 clients.\n"
	                 "seeks: completed at fewer than two client counts, no knee.\n"
	                 "ran_create: throughput still rises at 8 clients (highest rate, the last count); p99 latency "
	                 "stays within 2x its 1-client value up to 8 clients.\n"
	                 "Single run per count: rate differences under 25% are not judged (-x N repeats every count, "
	                 "interleaved, and judges by their spread).\n"
	                 "This server takes up to 2 clients before p99 latency of put_block passes 2x (at 4 clients).\n");
	free(text);
	text = capture(report_sweep_knees, sw, 3.5);
	ck_assert_ptr_nonnull(strstr(text, "put_block: throughput still rises at 8 clients (highest rate, the last "
	                                   "count); p99 latency stays within 3.5x its 1-client value up to 8 clients.\n"));
	ck_assert_ptr_nonnull(strstr(text, "No phase's p99 latency passes 3.5x its baseline up to 8 clients.\n"));
	free(text);
	free(sw);
}
END_TEST

START_TEST(knee_indexes)
{
	struct sweep *sw = make_sweep();
	struct sweep_knee k;

	ck_assert(sweep_knee(sw, PHASE_PUT_BLOCK, 2.0, &k));
	ck_assert_int_eq(k.first, 0);
	ck_assert_int_eq(k.peak, 3);
	ck_assert_int_eq(k.best, 3);
	ck_assert(k.still_rising);
	ck_assert_int_eq(k.p99_over, 2);
	ck_assert_int_eq(k.last, 3);
	ck_assert(!sweep_knee(sw, PHASE_SEEKS, 2.0, &k));
	ck_assert(!sweep_knee(sw, PHASE_GETC, 2.0, &k));
	ck_assert(sweep_phase_ran(sw, PHASE_SEEKS));
	ck_assert(!sweep_phase_ran(sw, PHASE_GETC));
	free(sw);
}
END_TEST

START_TEST(sweep_table)
{
	struct sweep *sw = make_sweep();
	char *text = capture(table_fn, sw, 2.0);

	ck_assert_str_eq(text,
	                 "Client sweep: all clients' rate together, latency of every operation\n"
	                 "Phase       Clients       Rate       p50       p99       Max  Fair Overlap\n"
	                 "put_block         1     100m/s    1000us    1000us    1000us  1.00       -\n"
	                 "put_block         2     200m/s    1500us    1500us    1500us  1.00    100%\n"
	                 "put_block         4     206m/s    2500us    2500us    2500us  1.00    100%\n"
	                 "put_block         8     300m/s    3000us    3000us    3000us  1.00    100%\n"
	                 "seeks             1     1000/s    2000us    2000us    2000us  1.00       -\n"
	                 "ran_create        1     10.0/s     500us     500us     500us  1.00       -\n"
	                 "ran_create        2     20.0/s     500us     500us     500us  1.00    100%\n"
	                 "ran_create        4     40.0/s     500us     500us     500us  1.00    100%\n"
	                 "ran_create        8     80.0/s     500us     500us     500us  1.00    100%\n"
	                 "Fair: Jain's index of the clients' rates (1 = all equal). Overlap: the time all clients "
	                 "were active together / first start to last end.\n");
	free(text);
	free(sw);
}
END_TEST

/* The sweep's JSON end as text (the answer and the counts), the counts
 * asked being asked[0..n). */
static char *sweep_json_text(const struct sweep *sw, const uint32_t *asked, uint32_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct json j;

	ck_assert_ptr_nonnull(f);
	json_init(&j, f);
	json_object_begin(&j, NULL);
	json_array_begin(&j, "runs");
	report_sweep_json_end(&j, sw, asked, n, 2.0, 5000000000u);
	fclose(f);
	return buf;
}

/* A sweep stopped after two of four counts: "clients" keeps the counts
 * asked (as the man page says), "clients_done" the two that ran. */
START_TEST(sweep_json_counts)
{
	static const uint32_t asked[] = {1, 2, 4, 8};
	struct sweep *sw = make_sweep();
	char *buf;

	sw->levels = 2;
	buf = sweep_json_text(sw, asked, 4);
	ck_assert_ptr_nonnull(strstr(buf, "\"clients\": [1, 2, 4, 8],\n"));
	ck_assert_ptr_nonnull(strstr(buf, "\"clients_done\": [1, 2],\n"));
	ck_assert_ptr_nonnull(strstr(buf, "\"level_time_s\": 5.000,\n"));
	free(buf);
	free(sw);
}
END_TEST

/* --clients 1,4 cut short: a count whose run was interrupted (or failed)
 * is not in "clients_done", though the phases it completed are points;
 * cut in its first count, the answer says no count finished, never "up
 * to 0 clients", and there is no "takes_clients". */
START_TEST(sweep_cut_counts)
{
	static const uint32_t asked[] = {1, 4};
	struct sweep *sw = calloc(1, sizeof *sw);
	struct run_result *run = calloc(1, sizeof *run);
	char line[320], *text;

	ck_assert_ptr_nonnull(sw);
	ck_assert_ptr_nonnull(run);
	for (int i = 0; i < PHASE_COUNT; i++)
		runner_result_init(&run->phase[i]);
	run->clients = 1;
	run->interrupted = true;
	synth_phase(run, PHASE_PUT_BLOCK, 100 * KIB * KIB, SEC, SEC / 2, 1000000);
	sweep_add(sw, run);
	sweep_answer_sentence(sw, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "No client count finished: no answer.");
	text = sweep_json_text(sw, asked, 2);
	ck_assert_ptr_nonnull(strstr(text, "\"clients_done\": [],\n"));
	ck_assert_ptr_null(strstr(text, "takes_clients"));
	free(text);
	run->interrupted = false; /* 1 client finished, 4 clients cut */
	sweep_add(sw, run);
	run->clients = 4;
	run->phase[PHASE_PUT_BLOCK].status = PHASE_FAILED;
	sweep_add(sw, run);
	sweep_answer_sentence(sw, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "No phase completed at two client counts: no answer.");
	text = sweep_json_text(sw, asked, 2);
	ck_assert_ptr_nonnull(strstr(text, "\"clients_done\": [1],\n"));
	free(text);
	free(run);
	free(sw);
}
END_TEST

Suite *suite_sweep(void)
{
	Suite *s = suite_create("sweep");
	TCase *tc = tcase_create("sweep");

	tcase_add_test(tc, knee_sentences);
	tcase_add_test(tc, knee_indexes);
	tcase_add_test(tc, sweep_table);
	tcase_add_test(tc, sweep_json_counts);
	tcase_add_test(tc, sweep_cut_counts);
	suite_add_tcase(s, tc);
	return s;
}
