/* The output table (report/outputs.h): where each output writes, and the
 * moments over memory streams: what each entry writes at each moment,
 * the environment once above the first table, a cut run kept only by the
 * page, a summary only over two runs, nothing ended that never began. */
#include "suites.h"
#include "util_synth.h"
#include "../report/formats.h"
#include "../report/text/kv.h"
#include "../report/outputs.h"
#include "../report/model/repeat.h"

#include <stdlib.h>
#include <string.h>

struct mem {
	FILE *f;
	char *buf;
	size_t len;
};

static struct config cfg;
static struct env_info env;
static struct align_result align;
static struct run_result run;
static struct report_ctx c;
static struct mem table, csv;

static void mem_open(struct mem *m)
{
	m->buf = NULL;
	m->f = open_memstream(&m->buf, &m->len);
	ck_assert_ptr_nonnull(m->f);
}

static const char *mem_text(struct mem *m)
{
	fflush(m->f);
	return m->buf;
}

static void mem_close(struct mem *m)
{
	fclose(m->f);
	free(m->buf);
}

static int said_lines;

static void said(const char *line)
{
	(void)line;
	said_lines++;
}

static int count_of(const char *text, const char *what)
{
	int n = 0;

	for (const char *p = text; (p = strstr(p, what)) != NULL; p += strlen(what))
		n++;
	return n;
}

/* A context with the table and CSV in memory, no progress, no share. */
static void setup(void)
{
	synth_config(&cfg);
	synth_full_run(&run);
	memset(&env, 0, sizeof env);
	memset(&align, 0, sizeof align);
	memset(&c, 0, sizeof c);
	said_lines = 0;
	snprintf(env.fs_type, sizeof env.fs_type, "ext4");
	outputs_route(&c, &cfg);
	mem_open(&table);
	mem_open(&csv);
	c.table_out = table.f;
	c.csv_out = csv.f;
	c.progress_out = NULL;
	c.env = &env;
	c.align = &align;
	c.date = "2026-12-01 02:57 UTC";
}

static void teardown(void)
{
	outputs_release(&c);
	mem_close(&table);
	mem_close(&csv);
}

START_TEST(route_follows_the_options)
{
	struct report_ctx r = {0};
	struct config k = cfg;

	outputs_route(&r, &k);
	ck_assert_ptr_eq(r.table_out, stdout);
	ck_assert_ptr_eq(r.csv_out, stdout);
	ck_assert_ptr_eq(r.progress_out, stdout);
	ck_assert_ptr_null(r.share_out);
	k.quiet = true;
	outputs_route(&r, &k);
	ck_assert_ptr_eq(r.table_out, stderr);
	ck_assert_ptr_eq(r.csv_out, stdout);
	ck_assert_ptr_null(r.progress_out);
	k.quiet = false;
	k.json_path = "-";
	outputs_route(&r, &k);
	ck_assert_ptr_eq(r.table_out, stderr);
	ck_assert_ptr_null(r.csv_out);
	ck_assert_ptr_null(r.progress_out);
	ck_assert_str_eq(r.files[OUT_FILE_JSON].opt, "--json");
	k.json_path = NULL;
	k.html_path = "/dev/stdout";
	outputs_route(&r, &k);
	ck_assert_ptr_null(r.csv_out);
	k.html_path = NULL;
	k.share = true;
	outputs_route(&r, &k);
	ck_assert_ptr_eq(r.share_out, stdout);
	ck_assert_ptr_eq(r.table_out, stderr);
	ck_assert_ptr_null(r.csv_out);
}
END_TEST

/* Each run's view is built once, by the run moment, with the session's
 * configuration, and every entry writes from it: it is the view any
 * caller gets from view_of_run, and the next run replaces it. */
START_TEST(one_view_per_run)
{
	char err[200];

	ck_assert_int_eq(outputs_prepare(&c, err, sizeof err), 0);
	outputs_begin(&c);
	outputs_count(&c);
	run.index = 1;
	outputs_run(&c, &run, false);
	ck_assert_int_eq(memcmp(&c.view, synth_view(&cfg, &run), sizeof c.view), 0);
	ck_assert_uint_eq(c.view.index, 1);
	run.index = 2;
	run.phase[PHASE_SEEKS].status = PHASE_FAILED;
	outputs_run(&c, &run, false);
	ck_assert_uint_eq(c.view.index, 2);
	ck_assert_int_eq(c.view.phase[PHASE_SEEKS].state, CELL_FAILED);
	ck_assert_int_eq(memcmp(&c.view, synth_view(&cfg, &run), sizeof c.view), 0);
	ck_assert_int_eq(outputs_end(&c, said), 0);
}
END_TEST

/* Two runs: two tables and two CSV lines, the environment above the first
 * table only; no summary after one run. */
START_TEST(runs_reach_every_text_output)
{
	struct repeat_set rs = {0};
	char err[200];
	int heads;

	ck_assert_int_eq(outputs_prepare(&c, err, sizeof err), 0);
	outputs_begin(&c);
	outputs_count(&c);
	run.index = 1;
	outputs_run(&c, &run, false);
	ck_assert_int_eq(repeat_add(&rs, &c.view), 0);
	outputs_summary(&c, &rs);
	ck_assert_int_eq(count_of(mem_text(&csv), "\n"), 1);
	ck_assert_ptr_null(c.repeats);
	heads = count_of(mem_text(&table), "Version");
	ck_assert_int_gt(heads, 0);
	run.index = 2;
	outputs_run(&c, &run, false);
	ck_assert_int_eq(count_of(mem_text(&csv), "\n"), 2);
	ck_assert_int_eq(count_of(mem_text(&csv), "1.98,"), 2);
	ck_assert_int_eq(count_of(mem_text(&table), "File system: ext4"), 1);
	ck_assert_int_eq(count_of(mem_text(&table), "Version"), 2 * heads);
	ck_assert_uint_eq(c.shown, 2);
	ck_assert_int_eq(outputs_end(&c, said), 0);
	repeat_free(&rs);
}
END_TEST

/* The -x summary comes after the runs, once two or more are in. */
START_TEST(summary_after_two_runs)
{
	struct repeat_set rs = {0};
	size_t before;

	outputs_begin(&c);
	ck_assert_int_eq(repeat_add(&rs, synth_view(&cfg, &run)), 0);
	ck_assert_int_eq(repeat_add(&rs, synth_view(&cfg, &run)), 0);
	outputs_run(&c, &run, false);
	before = strlen(mem_text(&table));
	outputs_summary(&c, &rs);
	ck_assert_ptr_eq(c.repeats, &rs);
	ck_assert_uint_gt(strlen(mem_text(&table)), before);
	ck_assert_int_eq(count_of(mem_text(&csv), "\n"), 1);
	repeat_free(&rs);
}
END_TEST

/* A run a second signal cut short is kept for the page, and nothing
 * prints it. */
START_TEST(cut_run_only_kept_for_the_page)
{
	char err[200];

	c.files[OUT_FILE_HTML].path = "unused.html"; /* as outputs_route sets it from --html */
	ck_assert_int_eq(outputs_prepare(&c, err, sizeof err), 0);
	ck_assert_uint_eq(c.html.cap, cfg.runs);
	outputs_begin(&c);
	outputs_count(&c);
	outputs_run(&c, &run, true);
	ck_assert_uint_eq(c.html.n, 1);
	ck_assert_int_eq(count_of(mem_text(&csv), "\n"), 0);
	ck_assert_int_eq(count_of(mem_text(&table), "Version"), 0);
	ck_assert_uint_eq(c.shown, 0);
	/* the next count starts with no runs kept */
	outputs_count(&c);
	ck_assert_uint_eq(c.html.n, 0);
	c.begun = false; /* the page's file was never opened: not ended here */
}
END_TEST

/* Outputs that never began are not ended: nothing written. */
START_TEST(nothing_ended_that_never_began)
{
	ck_assert_int_eq(outputs_end(&c, said), 0);
	mem_text(&table);
	mem_text(&csv);
	ck_assert_uint_eq(table.len + csv.len, 0);
	ck_assert_int_eq(said_lines, 0);
}
END_TEST

/* One table of formats: each name once, the run's entries in it, and each
 * command finds its writers by name. */
START_TEST(formats_name_each_writer_once)
{
	for (size_t i = 0; i < formats_count; i++)
		for (size_t k = i + 1; k < formats_count; k++)
			ck_assert_str_ne(formats[i].name, formats[k].name);
	ck_assert_ptr_null(format_named("nope"));
	ck_assert_ptr_eq(format_named("kv")->run, &output_kv);
	ck_assert_ptr_eq(format_named("text")->run, &output_table);
	ck_assert_ptr_eq(format_named("json")->run, &output_json);
	ck_assert(format_named("markdown")->compare != NULL);
	ck_assert_ptr_null(format_named("markdown")->run);
	ck_assert(format_named("csv")->merge != NULL);
	ck_assert(format_named("html")->merge != NULL);
	ck_assert(format_named("kv")->compare == NULL);
	/* compare's page is a writer of the table, written only to --html's file */
	ck_assert(format_named("html")->compare != NULL && format_named("html")->compare_to_file);
	ck_assert(!format_named("markdown")->compare_to_file);
}
END_TEST

/* --kv prints what the view holds and nothing it does not: a percentile
 * the view left out (-1) has no line, a phase that did not run none. */
START_TEST(kv_prints_only_the_view)
{
	struct run_view v;
	struct mem m;
	const char *t;

	memset(&v, 0, sizeof v);
	v.index = 3;
	v.clients = 2;
	v.status = PHASE_DONE;
	for (int i = 0; i < PHASE_COUNT; i++) {
		v.phase[i].id = (enum phase_id)i;
		v.phase[i].status = PHASE_NOT_RUN;
		v.phase[i].mark = ' ';
	}
	v.phase[PHASE_SEEKS].status = PHASE_DONE;
	v.phase[PHASE_SEEKS].state = CELL_VALUE;
	v.phase[PHASE_SEEKS].rate = 1234.5;
	v.phase[PHASE_SEEKS].cpu_pct = 7;
	v.phase[PHASE_SEEKS].mark = '+';
	for (int k = 0; k < VIEW_PCTS; k++)
		v.phase[PHASE_SEEKS].pct_ns[k] = -1;
	v.phase[PHASE_SEEKS].pct_ns[VIEW_MAX] = 4321;
	mem_open(&m);
	report_kv_run(m.f, 5, &v);
	t = mem_text(&m);
	ck_assert_ptr_nonnull(strstr(t, "run.5.index=3\n"));
	ck_assert_ptr_nonnull(strstr(t, "run.5.clients=2\n"));
	ck_assert_ptr_null(strstr(t, "run.5.seed="));
	ck_assert_ptr_nonnull(strstr(t, "run.5.seeks.rate=1234.500\nrun.5.seeks.unit=seeks/s\n"));
	ck_assert_ptr_nonnull(strstr(t, "run.5.seeks.cpu_percent=7\n"));
	ck_assert_ptr_nonnull(strstr(t, "run.5.seeks.latency_max_ns=4321\n"));
	ck_assert_ptr_nonnull(strstr(t, "run.5.seeks.mark=+\n"));
	ck_assert_int_eq(count_of(t, "latency_"), 1);
	ck_assert_ptr_null(strstr(t, "put_block"));
	ck_assert_int_eq(count_of(t, "\n"), 10);
	mem_close(&m);
}
END_TEST

/* --kv: each run the session gives reaches the file, numbered in it. */
START_TEST(kv_runs_reach_their_file)
{
	struct mem kv;
	struct run_view v;
	char want[80];

	c.files[OUT_FILE_KV].path = "unused.kv"; /* as outputs_route sets it from --kv */
	mem_open(&kv);
	c.files[OUT_FILE_KV].out = kv.f;
	outputs_begin(&c);
	outputs_run(&c, &run, false);
	outputs_run(&c, &run, false);
	view_of_run(&cfg, &run, NULL, &v);
	snprintf(want, sizeof want, "run.2.put_block.rate=%.3f\n", v.phase[PHASE_PUT_BLOCK].rate);
	ck_assert_ptr_nonnull(strstr(mem_text(&kv), want));
	ck_assert_int_eq(count_of(mem_text(&kv), ".index="), 2);
	c.begun = false; /* the file was never opened: not ended here */
	c.files[OUT_FILE_KV].out = NULL;
	mem_close(&kv);
}
END_TEST

Suite *suite_outputs(void)
{
	Suite *s = suite_create("outputs");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, route_follows_the_options);
	tcase_add_test(tc, runs_reach_every_text_output);
	tcase_add_test(tc, one_view_per_run);
	tcase_add_test(tc, summary_after_two_runs);
	tcase_add_test(tc, cut_run_only_kept_for_the_page);
	tcase_add_test(tc, nothing_ended_that_never_began);
	tcase_add_test(tc, formats_name_each_writer_once);
	tcase_add_test(tc, kv_prints_only_the_view);
	tcase_add_test(tc, kv_runs_reach_their_file);
	suite_add_tcase(s, tc);
	return s;
}
