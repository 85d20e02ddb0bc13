/* The CPU window of a phase lies inside its wall-clock window: many tiny
 * runs of tens of microseconds per phase, mostly CPU-bound (reads from the
 * page cache), in which no phase run by one thread is charged more CPU
 * time than it took. */
#include "suites.h"
#include "../options/options.h"
#include "../lib/exitcodes.h"
#include "../phases/runner/bench.h"
#include "../report/model/metrics.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define CPU_RUNS 50

static char parent[256];

static void setup(void)
{
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";

	snprintf(parent, sizeof parent, "%s/bonnie-cpu.XXXXXX", tmp);
	ck_assert_ptr_nonnull(mkdtemp(parent));
}

static void teardown(void)
{
	rmdir(parent);
}

/* With one seek worker every phase runs in the calling thread alone. */
static void assert_cpu_within_wall(const struct run_result *run, int round)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_result *r = &run->phase[i];
		if (r->status != PHASE_DONE)
			continue;
		ck_assert_msg(r->cpu_ns <= r->elapsed_ns, "run %d, %s: cpu %llu ns > elapsed %llu ns", round,
		              phase_name((enum phase_id)i), (unsigned long long)r->cpu_ns,
		              (unsigned long long)r->elapsed_ns);
		ck_assert_uint_le(metric_cpu_pct(r), 100);
	}
}

START_TEST(one_thread_cpu_never_exceeds_wall)
{
	char *argv[] = {"bonnie", "-d", parent, "-s", "1k:256:1:1", "-f", "-n", "0", "-z", "7",
	                "--no-evict", "--no-align-probe", NULL};
	struct run_result *run = calloc(1, sizeof *run);
	struct config cfg;
	struct bench b;
	struct op_error e = {0};
	char err[512];

	ck_assert_ptr_nonnull(run);
	ck_assert_int_eq(options_parse(12, argv, "testhost", &cfg, err, sizeof err), OPT_RUN);
	ck_assert_msg(bench_open(&b, &cfg, NULL, 0, &e) == BENCH_OK, "bench_open: %s %s", e.op, e.path);
	for (int round = 0; round < CPU_RUNS; round++) {
		ck_assert_int_eq(bench_run(&b, run, NULL), 0);
		ck_assert_int_eq(run->phase[PHASE_GET_BLOCK].status, PHASE_DONE);
		assert_cpu_within_wall(run, round);
	}
	ck_assert_msg(bench_close(&b, &e) == 0, "bench_close: %s %s", e.op, e.path);
	free(run);
}
END_TEST

Suite *suite_cpu(void)
{
	Suite *s = suite_create("cpu");
	TCase *tc = tcase_create("window");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, one_thread_cpu_never_exceeds_wall);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
