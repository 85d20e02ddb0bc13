/* Real runs on a temporary directory with tiny sizes: every phase
 * completes, byte and operation counts are exactly what the options ask
 * for, the CSV has 50 fields, and nothing is left behind. */
#include "suites.h"
#include "util_fs.h"
#include "util_synth.h"
#include "../lib/exitcodes.h"
#include "../options/options.h"
#include "../phases/runner/bench.h"
#include "../report/model/metrics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char parent[256];
static struct config cfg;
static struct run_result *run;

static void setup(void)
{
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";

	snprintf(parent, sizeof parent, "%s/bonnie-test.XXXXXX", tmp);
	ck_assert_ptr_nonnull(mkdtemp(parent));
	run = calloc(1, sizeof *run);
	ck_assert_ptr_nonnull(run);
}

static void teardown(void)
{
	free(run);
	rmdir(parent);
}

/* Parses options (with -d parent -z 99 added) and runs once. */
static void run_with(const char *const *args)
{
	/* static: the config keeps pointers into argv (-d's directory), and
	 * the view reads them after this returns */
	static char store[40][300];
	char *argv[40], err[512];
	struct op_error e = {0};
	struct bench b;
	int argc = 0;

	snprintf(store[argc++], 300, "bonnie");
	snprintf(store[argc++], 300, "-d");
	snprintf(store[argc++], 300, "%s", parent);
	snprintf(store[argc++], 300, "-z");
	snprintf(store[argc++], 300, "99");
	for (int i = 0; args[i]; i++)
		snprintf(store[argc++], 300, "%s", args[i]);
	for (int i = 0; i < argc; i++)
		argv[i] = store[i];
	argv[argc] = NULL;
	ck_assert_int_eq(options_parse(argc, argv, "testhost", &cfg, err, sizeof err), OPT_RUN);
	ck_assert_msg(bench_open(&b, &cfg, NULL, 0, &e) == BENCH_OK, "bench_open: %s %s", e.op, e.path);
	ck_assert_int_eq(dir_entries(parent), 1); /* the scratch directory, nothing else */
	ck_assert_int_eq(bench_run(&b, run, NULL), 0);
	ck_assert_msg(bench_close(&b, &e) == 0, "bench_close: %s %s", e.op, e.path);
	ck_assert_int_eq(dir_entries(parent), 0);
}

static void assert_phase(enum phase_id id, uint64_t bytes, uint64_t units, uint64_t ops)
{
	const struct phase_result *r = &run->phase[id];

	ck_assert_msg(r->status == PHASE_DONE, "%s: status %d", phase_name(id), r->status);
	if (bytes != UINT64_MAX)
		ck_assert_uint_eq(r->bytes, bytes);
	ck_assert_uint_eq(r->units, units);
	ck_assert_uint_eq(r->latency.count, ops);
	ck_assert_uint_gt(r->elapsed_ns, 0);
	ck_assert_uint_le(r->latency.max, r->elapsed_ns);
	ck_assert_uint_le(r->sync_ns, r->elapsed_ns);
}

START_TEST(sequential_io_counts)
{
	const char *args[] = {"-s", "1m:4k:100:2", "-f64k", "-n", "0", NULL};

	run_with(args);
	assert_phase(PHASE_PUTC, 65536, 65536, 16);
	assert_phase(PHASE_PUT_BLOCK, 1 << 20, 1 << 20, 256);
	assert_phase(PHASE_REWRITE, 1 << 20, 1 << 20, 256);
	assert_phase(PHASE_GETC, 65536, 65536, 16);
	assert_phase(PHASE_GET_BLOCK, 1 << 20, 1 << 20, 256);
	assert_phase(PHASE_SEEKS, UINT64_MAX, 100, 100);
	/* each seek reads a chunk; about one in ten writes it back */
	ck_assert_uint_ge(run->phase[PHASE_SEEKS].bytes, 100 * 4096);
	ck_assert_uint_lt(run->phase[PHASE_SEEKS].bytes, 200 * 4096);
	ck_assert_uint_gt(run->phase[PHASE_PUT_BLOCK].sync_ns, 0); /* final fsync timed */
	for (int i = PHASE_SEQ_CREATE; i <= PHASE_RAN_DEL; i++)
		ck_assert_int_eq(run->phase[i].status, PHASE_NOT_RUN);
}
END_TEST

START_TEST(seeks_cpu_counted_once)
{
	const char *args[] = {"-s", "4m:4k:4000:8", "-f", "-n", "0", NULL};
	long cores = sysconf(_SC_NPROCESSORS_ONLN);

	run_with(args);
	assert_phase(PHASE_SEEKS, UINT64_MAX, 4000, 4000);
	ck_assert_uint_le(metric_cpu_pct(&run->phase[PHASE_SEEKS]), 100 * (unsigned)cores);
	ck_assert_uint_le(run->phase[PHASE_SEEKS].span_ns, run->phase[PHASE_SEEKS].elapsed_ns);
}
END_TEST

START_TEST(skip_perchar_with_bare_f)
{
	const char *args[] = {"-s", "256k:4k:10:1", "-f", "-n", "0", NULL};

	run_with(args);
	ck_assert_int_eq(run->phase[PHASE_PUTC].status, PHASE_NOT_RUN);
	ck_assert_int_eq(run->phase[PHASE_GETC].status, PHASE_NOT_RUN);
	assert_phase(PHASE_GET_BLOCK, 256 << 10, 256 << 10, 64);
}
END_TEST

START_TEST(file_tests_counts_and_sizes)
{
	const char *args[] = {"-s", "0", "-n", "1:4k:1k:3", NULL};
	struct file_plan fp;
	uint64_t data = 0;

	run_with(args);
	ck_assert_int_eq(files_plan_init(&fp, &cfg, (struct part[]){part_whole(&cfg)}, parent, 4096), 0);
	for (uint64_t i = 0; i < fp.count; i++)
		data += files_size_of(&fp, i);
	files_plan_free(&fp);
	for (int i = PHASE_SEQ_CREATE; i <= PHASE_RAN_DEL; i++) {
		uint64_t bytes = (i == PHASE_SEQ_DEL || i == PHASE_RAN_DEL) ? 0 : data;
		assert_phase((enum phase_id)i, bytes, 1024, 1024);
	}
	for (int i = 0; i <= PHASE_SEEKS; i++)
		ck_assert_int_eq(run->phase[i].status, PHASE_NOT_RUN);
}
END_TEST

START_TEST(hard_links_and_symlinks)
{
	const char *links[] = {"-s", "0", "-n", "1:-1", NULL};
	const char *symlinks[] = {"-s", "0", "-n", "1:-2:0:4", NULL};

	run_with(links);
	for (int i = PHASE_SEQ_CREATE; i <= PHASE_RAN_DEL; i++)
		assert_phase((enum phase_id)i, 0, 1024, 1024);
	run_with(symlinks);
	for (int i = PHASE_SEQ_CREATE; i <= PHASE_RAN_DEL; i++)
		assert_phase((enum phase_id)i, 0, 1024, 1024);
}
END_TEST

START_TEST(verify_passes_on_healthy_data)
{
	const char *args[] = {"-s", "512k:4k:50:2", "-f16k", "-n", "1:2k:0", "--verify", NULL};

	run_with(args);
	for (int i = 0; i <= PHASE_RAN_DEL; i++) /* bonnie++'s phases: the profile needs --qd */
		ck_assert_msg(run->phase[i].status == PHASE_DONE, "%s: %s", phase_name((enum phase_id)i),
		              run->phase[i].error.detail);
}
END_TEST

START_TEST(csv_of_a_real_run_has_fifty_fields)
{
	const char *args[] = {"-s", "256k:4k:20:2", "-f8k", "-n", "1", NULL};
	char *text, *f[64];

	run_with(args);
	text = synth_capture_csv(&cfg, run);
	ck_assert_int_eq(synth_split_csv(text, f, 64), 50);
	/* every rate and latency field of the twelve phases is filled */
	for (int i = 9; i <= 20; i++)
		ck_assert_msg(f[i][0] != '\0', "field %d empty", i);
	for (int i = 26; i < 50; i++)
		ck_assert_msg(f[i][0] != '\0', "field %d empty", i);
	free(text);
}
END_TEST

Suite *suite_run(void)
{
	Suite *s = suite_create("run");
	TCase *tc = tcase_create("real");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, sequential_io_counts);
	tcase_add_test(tc, seeks_cpu_counted_once);
	tcase_add_test(tc, skip_perchar_with_bare_f);
	tcase_add_test(tc, file_tests_counts_and_sizes);
	tcase_add_test(tc, hard_links_and_symlinks);
	tcase_add_test(tc, verify_passes_on_healthy_data);
	tcase_add_test(tc, csv_of_a_real_run_has_fifty_fields);
	suite_add_tcase(s, tc);
	return s;
}
