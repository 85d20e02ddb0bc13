/* bonnie --like (issue 51): a run's settings written as options
 * (report/model/like_options.c) parse back into the same settings; bonnie's
 * JSON and --share post carry them and are read back whole; of a bonnie++
 * CSV line and table the recorded settings become options and what they
 * do not record is named (input/like.c); two --phases qd runs of one
 * profile compare with no setup difference whatever their unused -s. */
#include "suites.h"
#include "util_synth.h"
#include "compare_samples.h"
#include "../input/like.h"
#include "../options/options.h"
#include "../phases/phase_select.h"
#include "../phases/qd.h"
#include "../report/model/compare_model.h"
#include "../report/model/like_options.h"
#include "../report/model/session_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct parsed_set set;

static void parse(const char *text)
{
	input_free(&set);
	ck_assert_int_eq(input_parse(&set, "r.txt", text, strlen(text)), 0);
}

/* words of line (blank-separated, at most 62) after argv[0] into cfg, the
 * plan's phase mask too; ck-fails when the parser refuses them. */
static void parse_options(const char *line, struct config *cfg)
{
	static char buf[2][1024];
	static int which;
	char *argv[64], err[256], *b = buf[which++ % 2];
	int argc = 0;

	snprintf(b, sizeof buf[0], "%s", line);
	argv[argc++] = "bonnie";
	for (char *w = strtok(b, " "); w && argc < 63; w = strtok(NULL, " "))
		argv[argc++] = w;
	argv[argc] = NULL;
	if (options_parse(argc, argv, "h", cfg, err, sizeof err) != OPT_RUN)
		ck_abort_msg("'%s': %s", line, err);
	if (cfg->phases_arg)
		ck_assert_int_eq(phase_select_parse(cfg->phases_arg, &cfg->decided.phase_mask, err, sizeof err), 0);
	if (cfg->decided.phase_mask & qd_mask())
		cfg->qd = true;
	else if (cfg->qd && cfg->decided.phase_mask)
		cfg->decided.phase_mask |= qd_mask();
}

/* What a run of opts measures: the settings --like must give again. */
static void same_settings(const struct config *a, const struct config *b, const char *opts)
{
	ck_assert_msg(phase_select_asks_bonnie(a, true) == phase_select_asks_bonnie(b, true), "%s", opts);
	if (phase_select_asks_bonnie(a, true) && a->file_size) {
		ck_assert_msg(a->file_size == b->file_size && a->chunk == b->chunk, "%s: -s", opts);
		ck_assert_msg(a->seeks_given == b->seeks_given && a->seek_procs == b->seek_procs, "%s: seeks", opts);
		ck_assert_msg(!a->seeks_given || a->seeks == b->seeks, "%s: seek count", opts);
	}
	ck_assert_msg(qd_planned_size(a) == qd_planned_size(b), "%s: profile size", opts);
	if (phase_select_asks_bonnie(a, false)) {
		ck_assert_msg(a->files_k == b->files_k && a->file_max == b->file_max && a->file_min == b->file_min,
		              "%s: -n", opts);
		ck_assert_msg((a->file_dirs > 1 ? a->file_dirs : 1) == b->file_dirs && a->file_chunk == b->file_chunk,
		              "%s: -n dirs, chunk", opts);
	}
	ck_assert_msg(a->perchar_size == b->perchar_size || (a->decided.phase_mask && b->perchar_size == 0),
	              "%s: -f %llu, %llu", opts, (unsigned long long)a->perchar_size,
	              (unsigned long long)b->perchar_size);
	ck_assert_msg(a->seed == b->seed && b->seed_given, "%s: seed", opts);
	ck_assert_msg(a->concurrency == b->concurrency && a->sweep_levels == b->sweep_levels, "%s: clients", opts);
	for (uint32_t i = 0; i < a->sweep_levels; i++)
		ck_assert_uint_eq(a->sweep[i], b->sweep[i]);
	ck_assert_msg(a->level_ns == b->level_ns, "%s: level time", opts);
	ck_assert_msg(a->direct == b->direct && a->sync_each == b->sync_each, "%s: -D -b", opts);
	ck_assert_msg(a->evict == b->evict && a->verify == b->verify, "%s: eviction, verify", opts);
	ck_assert_msg(a->decided.phase_mask == b->decided.phase_mask && a->qd == b->qd, "%s: phases", opts);
	ck_assert_msg(!a->qd || (a->qd_ns == b->qd_ns && a->qd_engine == b->qd_engine), "%s: --qd-time", opts);
}

START_TEST(options_round_trip)
{
	static const char *const cases[] = {
		"-s 64m:16k:1000:3 -n 2:4k:1k:3:4k -f256k -z 9 -D -b",
		"-s 1g -n 0 -f -z 1 --phases put_block,get_block --no-evict",
		"-c 4 -s 64m -n 1:-1 -z 5 --level-time 2.5",
		"--clients 1,2,4 -s 16m -z 3 -n 3:0:0:7",
		"--phases qd -s 16m --qd-time 0.25 --qd-engine threads -z 2",
		"--phases qd -z 2",
		"--qd -s 8m --verify -z 4 -f1m",
		"-s 8m -n 1:-2 --phases seq_create,ran_stat -z 11",
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct config a, b;
		char opts[1024];
		parse_options(cases[i], &a);
		like_options_of(&a, NULL, opts, sizeof opts);
		ck_assert_msg(strspn(opts, LIKE_CHARS) == strlen(opts), "%s", opts);
		parse_options(opts, &b);
		same_settings(&a, &b, opts);
	}
}
END_TEST

/* A run's counts stand before the plan's: the file count and per-char
 * size bonnie sized while the run went. */
START_TEST(options_take_the_counts)
{
	struct config a;
	struct run_result *run = calloc(1, sizeof *run);
	char opts[1024];

	ck_assert_ptr_nonnull(run);
	parse_options("-s 32m -z 8", &a);
	run->counts.files_k = 87;
	run->counts.perchar_bytes = 2440 << 10;
	like_options_of(&a, synth_view(&a, run), opts, sizeof opts);
	ck_assert_str_eq(opts, "-s 32m:8k::5 -n 87:0:0:1:8k -f2440k -z 8");
	free(run);
}
END_TEST

/* The session's view says of the plan what its writers print: the
 * settings of no run (a run's view holds its own, with its counts) and
 * whether a bonnie++ CSV line is written: not for the profile alone. */
START_TEST(session_view_of_the_plan)
{
	struct config a;
	struct run_result *run = calloc(1, sizeof *run);
	char opts[1024];

	ck_assert_ptr_nonnull(run);
	parse_options("-s 32m -z 8", &a);
	like_options_of(&a, NULL, opts, sizeof opts);
	ck_assert_str_eq(synth_session(&a)->like, opts);
	ck_assert(synth_session(&a)->csv_line);
	run->counts.files_k = 87;
	ck_assert_ptr_nonnull(strstr(synth_view(&a, run)->like, " -n 87:"));
	ck_assert_ptr_null(strstr(opts, " -n 87:"));
	parse_options("--phases qd -s 16m -z 2", &a);
	ck_assert(!synth_session(&a)->csv_line);
	parse_options("--phases qd,put_block -s 16m -z 2", &a);
	ck_assert(synth_session(&a)->csv_line);
	free(run);
}
END_TEST

#define JLIKE(opts) "{\"tool\":\"bonnie\",\"version\":\"0.1.0\",\"config\":{\"machine\":\"vm\"," \
	"\"file_size_bytes\":16777216,\"chunk_bytes\":8192,\"seed\":3,\"concurrency\":1,\"direct_io\":false," \
	"\"qd_file_size_bytes\":null},\"runs\":[{\"run\":1,\"phases\":[{\"name\":\"put_block\",\"status\":\"done\"," \
	"\"rate_kib_s\":100.5,\"operations\":10,\"elapsed_ns\":5}]}],\"like_options\":\"" opts "\"}\n"

START_TEST(json_carries_its_settings)
{
	parse(JLIKE("-s 16m:8k::5 -n 87:0:0:1:8k -f2440k -z 3"));
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].settings, "-s 16m:8k::5 -n 87:0:0:1:8k -f2440k -z 3");
	/* not bonnie's words (a path): not taken */
	parse(JLIKE("-s 16m -d /etc"));
	ck_assert_str_eq(set.run[0].settings, "");
	parse(JLIKE("-s 16m\\u001b[2J"));
	ck_assert_str_eq(set.run[0].settings, "");
}
END_TEST

START_TEST(share_line_read)
{
	char out[LIKE_LEN];
	const char *one = "Run 1 on vm, seed 3:\n\n" LIKE_MARK "-s 16m:8k::5 -z 3`\n\n```\n1.98,...\n```\n";
	const char *two = "> " LIKE_MARK "-s 16m -z 3`\n> " LIKE_MARK "-s 16m -z 3`\n";
	const char *differ = LIKE_MARK "-s 16m -z 3`\n" LIKE_MARK "-s 16m -z 4`\n";
	const char *path = LIKE_MARK "-s 16m -d /tmp`\n";
	const char *open = LIKE_MARK "-s 16m -z 3\n";

	ck_assert_int_eq(like_share_line(one, strlen(one), out, sizeof out), 1);
	ck_assert_str_eq(out, "-s 16m:8k::5 -z 3");
	ck_assert_int_eq(like_share_line(two, strlen(two), out, sizeof out), 1);
	ck_assert_str_eq(out, "-s 16m -z 3");
	ck_assert_int_eq(like_share_line(differ, strlen(differ), out, sizeof out), -1);
	ck_assert_int_eq(like_share_line(path, strlen(path), out, sizeof out), -1);
	ck_assert_int_eq(like_share_line(open, strlen(open), out, sizeof out), -1);
	ck_assert_int_eq(like_share_line(L198, strlen(L198), out, sizeof out), 0);
}
END_TEST

/* Every option a derivation writes is one the parser takes. */
static void derived_parses(const struct like_derived *d)
{
	struct config c;

	parse_options(d->options, &c);
}

START_TEST(csv_line_settings)
{
	struct like_derived d;

	parse(L198 "\n");
	ck_assert_uint_eq(set.count, 1);
	like_derive(&set.run[0], &d);
	ck_assert_str_eq(d.options, "-s 512m::8192:5 -n 4:::: -z 12345");
	ck_assert_str_eq(d.missing, "chunk size, per-char size, I/O mode (-D)");
	ck_assert_str_eq(d.kind, "a bonnie++ CSV line");
	derived_parses(&d);
	/* bonnie's own line: the chunk, and -f where per-char did not run */
	parse("1.98,0.1.0,hostA,2,402953897,16M,8k,564119,5,,,188738,16,202345,22,,,77628,8,224056,47,,,,,,"
	      ",,,,,,,,,,,,,9579us,16785us,,69463us,200ms,,,,,,\n");
	ck_assert_uint_eq(set.count, 1);
	like_derive(&set.run[0], &d);
	ck_assert_str_eq(d.options, "-s 16m:8k:564119:5 -f -n 0 -z 402953897 -c 2 --phases put_block,rewrite,get_block,seeks");
	ck_assert_str_eq(d.missing, "I/O mode (-D)");
	derived_parses(&d);
}
END_TEST

START_TEST(table_settings)
{
	struct like_derived d;

	parse("Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-\n"
	      "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	      "Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
	      "vm         512M:16k  535k  99  312m  78  617m  65  518k  99 +++++ +++  8816  32\n"
	      "Latency             28168us     598us     279us   23885us     705us   21617us\n");
	ck_assert_uint_eq(set.count, 1);
	like_derive(&set.run[0], &d);
	ck_assert_str_eq(d.kind, "a bonnie++ table");
	ck_assert_ptr_nonnull(strstr(d.missing, "seed"));
	ck_assert_ptr_nonnull(strstr(d.missing, "per-char size"));
	ck_assert_ptr_null(strstr(d.options, "-z"));
	ck_assert_ptr_nonnull(strstr(d.options, "-s 512m:16k:"));
	ck_assert_ptr_nonnull(strstr(d.options, "-n 0"));
	derived_parses(&d);
}
END_TEST

/* A JSON document from before --like: its config and counts, its -D. */
START_TEST(older_json_settings)
{
	struct like_derived d;

	parse(JDOC);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].settings, "");
	like_derive(&set.run[0], &d);
	ck_assert_str_eq(d.kind, "this bonnie JSON (older than --like)");
	ck_assert_ptr_nonnull(strstr(d.options, "-s 256m:8k:8192:5 "));
	ck_assert_ptr_nonnull(strstr(d.options, "-z 7"));
	ck_assert_ptr_null(strstr(d.missing, "seed"));
	derived_parses(&d);
}
END_TEST

/* Two profile-only runs of one 16 MiB profile, their unused -s 4G and
 * 324M: no setup difference, no row's setup differs. */
START_TEST(qd_profile_setup)
{
	struct compare_run *runs;
	char a[128], b[128];
	struct parsed_run *r = calloc(2, sizeof *r);

	ck_assert_ptr_nonnull(r);
	for (int k = 0; k < 2; k++) {
		for (int i = 0; i < PHASE_COUNT; i++)
			r[k].phase[i] = (struct parsed_phase){.state = CELL_NOT_RUN, .cpu = -1, .latency_ns = -1};
		for (int i = 0; i < PHASE_COUNT; i++)
			if (qd_is((enum phase_id)i))
				r[k].phase[i] = (struct parsed_phase){.state = CELL_VALUE, .rate = 1000, .cpu = 1, .latency_ns = -1};
		snprintf(r[k].format, sizeof r[k].format, "json");
		r[k].size_bytes = k ? 324ull << 20 : 4ull << 30;
		snprintf(r[k].meta[META_SIZE], PARSED_META_LEN, "%s", k ? "324M" : "4G");
		snprintf(r[k].meta[META_CHUNK], PARSED_META_LEN, "8k");
		r[k].qd_size_bytes = 16ull << 20;
	}
	runs = compare_runs_of(r, 2, NULL); /* the model's own runs: their setup texts */
	ck_assert_ptr_nonnull(runs);
	ck_assert_uint_eq(compare_setup_facts_differ(runs, 2, 0), 0);
	free(runs);
	for (int i = 0; i < PHASE_COUNT; i++)
		if (qd_is((enum phase_id)i))
			ck_assert_uint_eq(compare_setup_differs(&r[0], &r[1], (enum phase_id)i), 0);
	compare_setup_value(&r[0], SETUP_FILE_SIZE, a, sizeof a);
	ck_assert_str_eq(a, "16M (queue-depth profile, depth 1/8/32)");
	/* a different profile size is a difference */
	r[1].qd_size_bytes = 32ull << 20;
	compare_setup_value(&r[1], SETUP_FILE_SIZE, b, sizeof b);
	ck_assert_str_eq(b, "32M (queue-depth profile, depth 1/8/32)");
	runs = compare_runs_of(r, 2, NULL);
	ck_assert_ptr_nonnull(runs);
	ck_assert_uint_ne(compare_setup_facts_differ(runs, 2, 0) & (1u << SETUP_FILE_SIZE), 0);
	free(runs);
	ck_assert_uint_eq(compare_setup_differs(&r[0], &r[1], PHASE_SEQ1M_Q8T1_READ), COMPARE_SETUP_SIZE);
	free(r);
}
END_TEST

static void teardown(void)
{
	input_free(&set);
}

Suite *suite_like(void)
{
	Suite *s = suite_create("like");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, options_round_trip);
	tcase_add_test(tc, options_take_the_counts);
	tcase_add_test(tc, session_view_of_the_plan);
	tcase_add_test(tc, json_carries_its_settings);
	tcase_add_test(tc, share_line_read);
	tcase_add_test(tc, csv_line_settings);
	tcase_add_test(tc, table_settings);
	tcase_add_test(tc, older_json_settings);
	tcase_add_test(tc, qd_profile_setup);
	suite_add_tcase(s, tc);
	return s;
}
