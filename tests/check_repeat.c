/* repeat: the -x summary from synthetic runs whose statistics are worked
 * out by hand: median, min-max, CV, the "unstable" mark over 10%, median
 * latencies, phases missing from some runs, and the JSON member. */
#include "suites.h"
#include "util_synth.h"
#include "../lib/json.h"
#include "../report/model/repeat.h"
#include "../report/report.h"
#include "../report/model/view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MS 1000000ull

static struct repeat_set rs;
static struct run_result run;
static struct config cfg;

/* Three runs of the full synthetic run; block write took 1.6, 2.0 and
 * 1.28 s for its 512 MiB: 320m, 256m, 400m. Everything else is equal. */
static void setup(void)
{
	static const uint64_t put_ms[3] = {1600, 2000, 1280};

	memset(&rs, 0, sizeof rs);
	synth_config(&cfg);
	for (int i = 0; i < 3; i++) {
		synth_full_run(&run);
		run.index = (unsigned)i + 1;
		run.phase[PHASE_PUT_BLOCK].elapsed_ns = put_ms[i] * MS;
		ck_assert_int_eq(repeat_add(&rs, synth_view(&cfg, &run)), 0);
	}
	repeat_done(&rs); /* as outputs_summary does before the outputs write */
}

static void teardown(void)
{
	repeat_free(&rs);
}

static char *capture_table(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	report_repeat_table(f, &rs);
	fclose(f);
	return buf;
}

/* Block write: mean 333141.33 KiB/s, deviations -5461.33, -70997.33,
 * +76458.67: sample sd 73880.3, CV 22.18%. */
START_TEST(block_write_statistics)
{
	struct repeat_summary s;

	ck_assert(repeat_summarise(&rs, PHASE_PUT_BLOCK, &s));
	ck_assert_uint_eq(s.rate.n, 3);
	ck_assert_double_eq_tol(s.rate.median, 327680, 1e-6);
	ck_assert_double_eq_tol(s.rate.min, 262144, 1e-6);
	ck_assert_double_eq_tol(s.rate.max, 409600, 1e-6);
	ck_assert_double_eq_tol(s.rate.cv_pct, 22.177, 0.001);
	ck_assert(s.conf.reasons & CONF_UNSTABLE);
	ck_assert_uint_eq(s.conf.duration_ns, 1600 * MS);
	ck_assert(s.has_lat[VIEW_P50] && s.has_lat[VIEW_P99] && !s.has_lat[VIEW_P99_9] && s.has_lat[VIEW_MAX]);
	ck_assert_double_eq(s.lat_ns[VIEW_MAX], 598000);
}
END_TEST

START_TEST(equal_runs_are_stable)
{
	struct repeat_summary s;

	ck_assert(repeat_summarise(&rs, PHASE_REWRITE, &s));
	ck_assert_double_eq_tol(s.rate.cv_pct, 0, 1e-9);
	ck_assert(!(s.conf.reasons & CONF_UNSTABLE));
	ck_assert_double_eq_tol(s.conf.cv_pct, 0, 1e-9);
}
END_TEST

/* A phase with numbers in one run only: n = 1, no CV, never unstable. */
START_TEST(phase_in_some_runs_only)
{
	struct repeat_summary s;

	rs.s[0].phase[PHASE_SEEKS].done = false;
	rs.s[1].phase[PHASE_SEEKS].done = false;
	ck_assert(repeat_summarise(&rs, PHASE_SEEKS, &s));
	ck_assert_uint_eq(s.rate.n, 1);
	ck_assert_double_eq(s.conf.cv_pct, -1.0);
	rs.s[2].phase[PHASE_SEEKS].done = false;
	ck_assert(!repeat_summarise(&rs, PHASE_SEEKS, &s));
}
END_TEST

START_TEST(summary_table_exact)
{
	char *text = capture_table();

	ck_assert_str_eq(text,
	    "Summary of 3 runs: median rate, min-max, coefficient of variation, median latencies\n"
	    "Phase       /sec  min-max           CV      p50      p99    p99.9      max\n"
	    "putc        512k  512k-512k       0.0%  28168us  28168us        -  28168us\n"
	    "put_block   320m! 256m-400m      22.2%    598us    598us        -    598us  unstable\n"
	    "rewrite     640m  640m-640m       0.0%    279us    279us        -    279us\n"
	    "getc        512k  512k-512k       0.0%  23885us  23885us        -  23885us\n"
	    "get_block   2.0g~ 2.0g-2.0g       0.0%    705us    705us        -    705us\n"
	    "seeks       8816  8816-8816       0.0%  21617us  21617us        -  21617us\n"
	    "seq_create  4096  4096-4096       0.0%  17315us  17315us        -  17315us\n"
	    "seq_stat   40960~ 40960-40960     0.0%    185us    185us        -    185us\n"
	    "seq_del     8192  8192-8192       0.0%   1085us   1085us        -   1085us\n"
	    "ran_create  2048  2048-2048       0.0%  37609us  37609us        -  37609us\n"
	    "ran_stat    409k~ 409k-409k       0.0%    147us    147us        -    147us\n"
	    "ran_del    16384~ 16384-16384     0.0%  11964us  11964us        -  11964us\n"
	    "~  ran under 0.5 s: low confidence\n"
	    "!  unstable: the runs of -x differ by a CV over 10%\n");
	free(text);
}
END_TEST

START_TEST(one_run_prints_nothing)
{
	char *text;

	rs.n = 1;
	text = capture_table();
	ck_assert_str_eq(text, "");
	free(text);
}
END_TEST

START_TEST(summary_json_member)
{
	char *buf = NULL, *p;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct json j;

	ck_assert_ptr_nonnull(f);
	json_init(&j, f);
	json_object_begin(&j, NULL);
	report_repeat_json(&j, &rs);
	json_object_end(&j);
	fclose(f);
	p = strstr(buf, "\"name\": \"put_block\"");
	ck_assert_ptr_nonnull(p);
	ck_assert_ptr_nonnull(strstr(buf, "\"runs\": 3"));
	ck_assert_ptr_nonnull(strstr(p, "\"rate_kib_s\": {\n"
	                                "          \"median\": 327680.000,\n"
	                                "          \"min\": 262144.000,\n"
	                                "          \"max\": 409600.000,\n"
	                                "          \"mean\": 333141.333,\n"
	                                "          \"cv_percent\": 22.18\n"
	                                "        },\n"
	                                "        \"unstable\": true,"));
	ck_assert_ptr_nonnull(strstr(p, "\"p99_9\": null"));
	ck_assert_ptr_nonnull(strstr(p, "\"reasons\": [\"unstable\"]"));
	ck_assert_ptr_nonnull(strstr(p, "\"mark\": \"!\""));
	free(buf);
}
END_TEST

/* The median %CPU of a phase over the runs with numbers (the page's rate
 * table prints it): the three block writes' %CPU differ, the median is
 * the middle one, each from its run's view. */
START_TEST(cpu_median_of_the_views)
{
	static const uint64_t put_ms[3] = {1600, 2000, 1280};
	struct repeat_summary s;
	struct phase_view v;
	int cpu[3];

	for (int i = 0; i < 3; i++) {
		synth_full_run(&run);
		run.phase[PHASE_PUT_BLOCK].elapsed_ns = put_ms[i] * MS;
		view_of_phase(PHASE_PUT_BLOCK, &run.phase[PHASE_PUT_BLOCK], -1, &v);
		cpu[i] = v.cpu_pct;
	}
	ck_assert(cpu[0] != cpu[1] && cpu[1] != cpu[2] && cpu[0] != cpu[2]);
	ck_assert(repeat_summarise(&rs, PHASE_PUT_BLOCK, &s));
	ck_assert_int_eq(s.cpu_pct, cpu[0]); /* 1.6 s: between 1.28 s and 2.0 s */
	ck_assert_int_lt(cpu[1], cpu[0]);
	ck_assert_int_gt(cpu[2], cpu[0]);
}
END_TEST

Suite *suite_repeat(void)
{
	Suite *s = suite_create("repeat");
	TCase *t = tcase_create("summary");

	tcase_add_checked_fixture(t, setup, teardown);
	tcase_add_test(t, block_write_statistics);
	tcase_add_test(t, equal_runs_are_stable);
	tcase_add_test(t, phase_in_some_runs_only);
	tcase_add_test(t, summary_table_exact);
	tcase_add_test(t, one_run_prints_nothing);
	tcase_add_test(t, summary_json_member);
	tcase_add_test(t, cpu_median_of_the_views);
	suite_add_tcase(s, t);
	return s;
}
