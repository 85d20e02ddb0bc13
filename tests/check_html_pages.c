/* The pages' first screens and honest numbers (issue 26): rates rounded
 * as the CSV rounds them, the sweep axis with a tick at each tested count,
 * the run summary before everything else with a verdict cell per phase,
 * and compare's +++++ slots said in words. Browser-side checks are in
 * tests/html_render.py. */
#include "suites.h"
#include "util_parsed.h"
#include "../report/model/view.h"
#include "util_synth.h"
#include "../report/compare/compare.h"
#include "../report/html/html.h"
#include "../report/text/rate_text.h"
#include "../report/html/svg.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

START_TEST(rates_round_as_the_csv)
{
	char buf[64];

	html_rate_text(PHASE_SEEKS, 28427.9, buf, sizeof buf);
	ck_assert_str_eq(buf, "28427\xc2\xa0seeks/s"); /* the CSV truncates; rounding said 28428; a no-break space */
	html_rate_text(PHASE_SEEKS, 512.34, buf, sizeof buf);
	ck_assert_str_eq(buf, "512.3\xc2\xa0seeks/s");
	html_rate_text(PHASE_SEQ_STAT, 123456.7, buf, sizeof buf);
	ck_assert_str_eq(buf, "123456\xc2\xa0" "files/s");
	html_rate_text(PHASE_PUT_BLOCK, 300.0 * 1024, buf, sizeof buf);
	ck_assert_str_eq(buf, "300.0\xc2\xa0MiB/s"); /* as the text tables write it, held together */
	rate_text(PHASE_GETC, 246.6, false, buf, sizeof buf);
	ck_assert_str_eq(buf, "246 KiB/s"); /* the CSV field is 246 */
	rate_csv_field(PHASE_GETC, 246.6, buf, sizeof buf);
	ck_assert_str_eq(buf, "246");
	rate_csv_field(PHASE_SEEKS, 812.25, buf, sizeof buf);
	ck_assert_str_eq(buf, "812.2");
	rate_text(PHASE_PUT_BLOCK, 10000.0 * 1024, false, buf, sizeof buf);
	ck_assert_str_eq(buf, "9.77 GiB/s");
	html_value_text(PHASE_SEEKS, 28427.9, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "28427");
	html_value_text(PHASE_SEEKS, 284279.0, 1000, buf, sizeof buf);
	ck_assert_str_eq(buf, "284");
}
END_TEST

START_TEST(count_axis_has_a_tick_at_each_count)
{
	static const double x[] = {1, 2, 4, 8, 16}, y[] = {10, 20, 30, 31, 31};
	const struct chart_series s = {"throughput", 5, x, y, NULL};
	struct line_chart c = {"sw", "t", "d", {1, 16, true, "clients (log scale)", 0, NULL, x, 5},
	                       {0, 1, false, "rate", 0, NULL, NULL, 0}, &s, 1, NULL, 0};
	char *buf = NULL, want[64];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	chart_line(f, &c);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "data-xlo=\"1\" data-xhi=\"16\"")); /* exactly the tested span */
	ck_assert_ptr_nonnull(strstr(buf, "class=\"tick count-ticks\" data-x=\"1 2 4 8 16\""));
	for (size_t i = 0; i < 5; i++) {
		snprintf(want, sizeof want, "<g class=\"xtick\" data-x=\"%g\">", x[i]);
		ck_assert_msg(strstr(buf, want) != NULL, "no labelled tick at %g", x[i]);
	}
	ck_assert_ptr_null(strstr(buf, ">100</text>")); /* not widened to a whole decade */
	free(buf);
}
END_TEST

START_TEST(run_summary_comes_first_with_verdict_cells)
{
	static struct run_result run;
	static struct env_info env;
	struct config cfg;
	char a0[] = "bonnie", *argv[] = {a0}, want[96], *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	synth_config(&cfg);
	synth_full_run(&run);
	struct run_setup setup;
	view_setup_of(&cfg, &setup);
	static struct run_view view; /* the page's owner builds it */
	view_of_setup_run(&setup, &run, NULL, &view);
	struct html_report rep = {&setup, 1, argv, &env, NULL, &run, 1, NULL, NULL, NULL, "2026-12-01 17:20 UTC", NULL, NULL, &view};
	ck_assert_int_eq(report_html(f, &rep), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "<time>2026-12-01 17:20 UTC</time>"));
	ck_assert_ptr_nonnull(strstr(buf, "<section id=\"summary\">"));
	ck_assert(strstr(buf, "id=\"summary\"") < strstr(buf, "id=\"rates\""));
	ck_assert(strstr(buf, "id=\"rates\"") < strstr(buf, "id=\"environment\""));
	ck_assert(strstr(buf, "class=\"toc\"") < strstr(buf, "id=\"rates\""));
	for (int id = 0; id <= PHASE_RAN_DEL; id++) { /* the phases synth_full_run ran */
		snprintf(want, sizeof want, "data-verdict-for=\"%s\"", phase_name((enum phase_id)id));
		ck_assert_uint_eq(count(buf, want), 1);
	}
	ck_assert_ptr_nonnull(strstr(buf, "id=\"rates-perchar\"")); /* per-char on its own scale */
	free(buf);
}
END_TEST

/* The options table and the heading's directory are the setup's (the
 * view's), not the config's: a page is written with no config at all. */
START_TEST(options_table_is_the_setup)
{
	static struct run_result run;
	static struct env_info env;
	static struct run_setup setup;
	char a0[] = "bonnie", *argv[] = {a0}, *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	synth_full_run(&run);
	setup = (struct run_setup){.machine = "box", .file_size = 1ull << 30, .chunk = 8192, .seek_procs = 3,
	                           .files_k = 16, .file_max = 0, .file_dirs = 2, .seed = 7, .dir = "/srv/bench",
	                           .perchar_size = 1ull << 20, .runs = 1, .verify = true, .evict = true,
	                           .sweep_levels = 2, .sweep = {1, 4}, .direct = true};
	static struct run_view view; /* the page's owner builds it */
	view_of_setup_run(&setup, &run, NULL, &view);
	struct html_report rep = {&setup, 1, argv, &env, NULL, &run, 1, NULL, NULL, NULL, NULL, NULL, NULL, &view};
	ck_assert_int_eq(report_html(f, &rep), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "<th class=\"l\">directory (-d)</th><td class=\"l\">/srv/bench</td>"));
	ck_assert_ptr_nonnull(strstr(buf, "<p class=\"meta\">/srv/bench ("));
	ck_assert_ptr_nonnull(strstr(buf, "<th class=\"l\">verify data (--verify)</th><td class=\"l\">yes</td>"));
	ck_assert_ptr_nonnull(strstr(buf, "<th class=\"l\">per-char tests (-f)</th><td class=\"l\">1M</td>"));
	ck_assert_ptr_nonnull(strstr(buf, "<th class=\"l\">seed (-z)</th><td class=\"l\">7</td>"));
	ck_assert_ptr_nonnull(strstr(buf, "<td class=\"l\">1G data file, 8K chunks, seeks not run</td>"));
	ck_assert_ptr_nonnull(strstr(buf, "<th class=\"l\">client counts (--clients)</th><td class=\"l\">1, 4</td>"));
	ck_assert_ptr_nonnull(strstr(buf, "<th class=\"l\">O_DIRECT (-D)</th><td class=\"l\">yes</td>"));
	free(buf);
}
END_TEST

/* The device, its alignment and a warning are flowing text above the
 * summary (the first screen), not only in the <pre> further down. */
START_TEST(device_and_warning_head_the_page)
{
	static struct run_result run;
	static struct env_info env;
	struct config cfg;
	char a0[] = "bonnie", *argv[] = {a0}, *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	synth_config(&cfg);
	synth_full_run(&run);
	env.dev = (struct env_device){.present = true, .name = "sdz1", .kind = "scsi", .model = "M", .rotational = 1,
	                              .logical_block = 512, .physical_block = 4096, .is_partition = true,
	                              .start_bytes = 32256, .aligned = 0};
	struct run_setup setup;
	view_setup_of(&cfg, &setup);
	static struct run_view view; /* the page's owner builds it */
	view_of_setup_run(&setup, &run, NULL, &view);
	struct html_report rep = {&setup, 1, argv, &env, NULL, &run, 1, NULL, NULL, NULL, NULL, NULL, NULL, &view};
	ck_assert_int_eq(report_html(f, &rep), 0);
	fclose(f);
	const char *top = strstr(buf, "<p class=\"tested-on\">"), *summary = strstr(buf, "id=\"summary\"");
	ck_assert_ptr_nonnull(top);
	ck_assert(top < summary);
	ck_assert_ptr_nonnull(strstr(top, "<span>Device: sdz1 (scsi), model M, rotational.</span>"));
	ck_assert_ptr_nonnull(strstr(top, "<span class=\"warn\">Alignment: WARNING misaligned: partition sdz1 starts "
	                                  "at byte 32256"));
	ck_assert(strstr(top, "WARNING misaligned") < summary);
	free(buf);
}
END_TEST

START_TEST(compare_too_fast_slots_said_and_drawn)
{
	static struct parsed_run runs[2];
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	for (int k = 0; k < 2; k++) {
		memset(&runs[k], 0, sizeof runs[k]);
		snprintf(runs[k].format, sizeof runs[k].format, "1.96");
		snprintf(runs[k].meta[META_NAME], PARSED_META_LEN, "host%d", k);
		snprintf(runs[k].meta[META_SIZE], PARSED_META_LEN, k ? "2G" : "1G");
		for (int i = 0; i < PHASE_COUNT; i++)
			runs[k].phase[i] = (struct parsed_phase){.state = CELL_NOT_RUN, .cpu = -1, .latency_ns = -1};
		runs[k].phase[PHASE_PUT_BLOCK] = (struct parsed_phase){.state = CELL_VALUE, .rate = 100000.0 * (k + 1), .cpu = 20, .latency_ns = 5000000};
	}
	runs[1].phase[PHASE_SEQ_STAT] = (struct parsed_phase){.state = CELL_TOO_FAST, .rate = 0, .cpu = -1, .latency_ns = 505000};
	runs[0].phase[PHASE_SEQ_STAT] = (struct parsed_phase){.state = CELL_VALUE, .rate = 80000, .cpu = 60, .latency_ns = 400000};
	parsed_stated(runs, 2);
	ck_assert_int_eq(report_compare_html(f, runs, 2, &o), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "+++++ too fast for bonnie++ to measure; max latency 505\xc2\xa0\xc2\xb5s"));
	ck_assert_ptr_nonnull(strstr(buf, "data-key=\"seq_stat\" data-series=\"1\" data-value=\"0\""));
	ck_assert_ptr_nonnull(strstr(buf, "data-marks=\"too-fast\""));
	ck_assert_ptr_null(strstr(buf, "data-key=\"seq_stat\" data-series=\"1\" data-value=\"505000\"")); /* a maximum: not charted */
	ck_assert_ptr_nonnull(strstr(buf, "different data sizes"));
	ck_assert_ptr_nonnull(strstr(buf, "<span class=\"ratio\">2.00x faster &gt;</span>")); /* the text's words */
	ck_assert_ptr_nonnull(strstr(buf, "<li>file size A: 1G; B: 2G</li>"));
	ck_assert(strstr(buf, "<li>file size A: 1G") < strstr(buf, "<table class=\"wide summary compare\">"));
	ck_assert(strstr(buf, "id=\"summary\"") < strstr(buf, "id=\"rates\""));
	free(buf);
}
END_TEST

Suite *suite_html_pages(void)
{
	Suite *s = suite_create("html_pages");
	TCase *t = tcase_create("core");

	tcase_add_test(t, rates_round_as_the_csv);
	tcase_add_test(t, count_axis_has_a_tick_at_each_count);
	tcase_add_test(t, run_summary_comes_first_with_verdict_cells);
	tcase_add_test(t, device_and_warning_head_the_page);
	tcase_add_test(t, options_table_is_the_setup);
	tcase_add_test(t, compare_too_fast_slots_said_and_drawn);
	suite_add_tcase(s, t);
	return s;
}
