/* cmd/run_config.c and cmd/plan.c without running a benchmark: the
 * options parsed (or refused with one line and exit 1) and never written
 * by the plan made of them, --phases into the phases that run
 * (with what they need), the seed kept when given and drawn when not, a
 * sweep's per-count size and timed levels, the free-space and file-size
 * refusals, the page-cache warning, and when the alignment probe runs. */
#include "suites.h"
#include "util_capture.h"
#include "../cmd/plan.h"
#include "../cmd/run_config.h"
#include "../lib/exitcodes.h"
#include "../phases/interface/phase.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The only reads of what the plan decided (plan.run): when the decisions
 * move out of struct config, these change, and the tests below do not. */
static bool runs(const struct config *cfg, enum phase_id id)
{
	return phase_wanted(cfg, phase_table[id]);
}

static uint32_t seed_of(const struct config *cfg)
{
	return cfg->seed;
}

static uint64_t file_size_of(const struct config *cfg)
{
	return cfg->file_size;
}

/* The size is bonnie's and -s stays not given in the plan too. */
static bool size_is_bonnies(const struct config *cfg)
{
	return cfg->decided.file_size_auto && !cfg->file_size_given;
}

static uint64_t level_ns_of(const struct config *cfg)
{
	return config_level_timed(cfg) ? cfg->level_ns : 0;
}

static char said[4096];
static struct config cfg;  /* the options as parsed */
static struct plan plan;   /* made of them by finish */

/* run_config_parse on "bonnie" and the options of ap (to a NULL), then
 * plan_make when it goes ahead and with_finish, which must leave the
 * options as they were parsed; what they say on stderr goes into said. */
static int parse_v(bool with_finish, const char *first, va_list ap)
{
	char *argv[32];
	int argc = 0;
	struct capture c;
	int st;

	argv[argc++] = (char *)"bonnie";
	for (const char *a = first; a != NULL; a = va_arg(ap, const char *)) {
		ck_assert_int_lt(argc, 31);
		argv[argc++] = (char *)a;
	}
	argv[argc] = NULL;
	memset(&cfg, 0, sizeof cfg);
	capture_begin(&c, 2);
	st = run_config_parse(argc, argv, &cfg);
	if (st == RUN_GO && with_finish) {
		struct config parsed;

		memcpy(&parsed, &cfg, sizeof cfg);
		st = plan_make(&plan, &cfg);
		ck_assert(memcmp(&parsed, &cfg, sizeof cfg) == 0);
	}
	capture_end(&c, said, sizeof said);
	return st;
}

static int parse(const char *first, ...)
{
	va_list ap;
	int st;

	va_start(ap, first);
	st = parse_v(false, first, ap);
	va_end(ap);
	return st;
}

static int finish(const char *first, ...)
{
	va_list ap;
	int st;

	va_start(ap, first);
	st = parse_v(true, first, ap);
	va_end(ap);
	return st;
}

/* One line, "bonnie: ...", holding want. */
static void said_one_line(const char *want)
{
	ck_assert_msg(strncmp(said, "bonnie: ", 8) == 0, "said: %s", said);
	ck_assert_msg(strstr(said, want) != NULL, "said %s, not %s", said, want);
	ck_assert_ptr_eq(strchr(said, '\n'), said + strlen(said) - 1);
}

START_TEST(options_go_ahead_quietly)
{
	ck_assert_int_eq(parse("-d", "/tmp", "-s", "64m", "-n", "1", NULL), RUN_GO);
	ck_assert_str_eq(said, "");
}
END_TEST

START_TEST(a_bad_option_is_usage)
{
	ck_assert_int_eq(parse("-s", "lots", NULL), EXIT_USAGE);
	said_one_line("-s");
	ck_assert_int_eq(parse("--no-such-option", NULL), EXIT_USAGE);
	said_one_line("no-such-option");
}
END_TEST

START_TEST(phases_choose_what_runs)
{
	ck_assert_int_eq(finish("-s", "64m", "-n", "1", "--phases", "put_block", NULL), EXIT_OK);
	ck_assert(runs(&plan.run, PHASE_PUT_BLOCK));
	ck_assert(!runs(&plan.run, PHASE_REWRITE));
	ck_assert(!runs(&plan.run, PHASE_GET_BLOCK));
	ck_assert(!runs(&plan.run, PHASE_SEEKS));
	ck_assert(!runs(&plan.run, PHASE_SEQ_CREATE));
	ck_assert(!runs(&plan.run, PHASE_RAN_DEL));
}
END_TEST

START_TEST(phases_bring_what_they_need)
{
	/* seeks read the data file block write makes */
	ck_assert_int_eq(finish("-s", "64m", "-n", "1", "--phases", "seeks", NULL), EXIT_OK);
	ck_assert(runs(&plan.run, PHASE_SEEKS));
	ck_assert(runs(&plan.run, PHASE_PUT_BLOCK));
	ck_assert(!runs(&plan.run, PHASE_GET_BLOCK));
	/* stat needs the files created, and their delete cleans up */
	ck_assert_int_eq(finish("-s", "64m", "-n", "1", "--phases", "ran_stat", NULL), EXIT_OK);
	ck_assert(runs(&plan.run, PHASE_RAN_CREATE));
	ck_assert(runs(&plan.run, PHASE_RAN_STAT));
	ck_assert(runs(&plan.run, PHASE_RAN_DEL));
	ck_assert(!runs(&plan.run, PHASE_SEQ_CREATE));
	ck_assert(!runs(&plan.run, PHASE_PUT_BLOCK));
}
END_TEST

START_TEST(without_phases_everything_the_options_allow_runs)
{
	ck_assert_int_eq(finish("-s", "64m", "-n", "1", NULL), EXIT_OK);
	for (int i = PHASE_PUT_BLOCK; i < PHASE_COUNT; i++)
		if (i != PHASE_GETC)
			ck_assert_msg(runs(&plan.run, (enum phase_id)i) == (i <= PHASE_RAN_DEL), "%s",
			              phase_name((enum phase_id)i)); /* the queue-depth profile needs --qd */
	ck_assert_int_eq(finish("-s", "64m", "-n", "0", NULL), EXIT_OK);
	ck_assert(runs(&plan.run, PHASE_GET_BLOCK));
	ck_assert(!runs(&plan.run, PHASE_SEQ_CREATE));
}
END_TEST

START_TEST(an_unknown_phase_is_usage)
{
	ck_assert_int_eq(finish("--phases", "put_block,nonesuch", NULL), EXIT_USAGE);
	said_one_line("nonesuch");
}
END_TEST

START_TEST(phases_the_options_skip_are_usage)
{
	/* -n 0: no file tests, so --phases seq_create would run nothing */
	ck_assert_int_eq(finish("-s", "64m", "-n", "0", "--phases", "seq_create", NULL), EXIT_USAGE);
	said_one_line("seq_create");
}
END_TEST

START_TEST(a_given_seed_is_kept)
{
	ck_assert_int_eq(finish("-z", "42", NULL), EXIT_OK);
	ck_assert_uint_eq(seed_of(&plan.run), 42);
	ck_assert_int_eq(finish("-z", "0", NULL), EXIT_OK); /* 0 is a seed too */
	ck_assert_uint_eq(seed_of(&plan.run), 0);
}
END_TEST

/* Without -z each finish draws one from the clock: once the clock has
 * moved on, a later draw differs (bounded by the clock, not by a sleep). */
START_TEST(a_seed_is_drawn_when_not_given)
{
	uint32_t first, later;
	time_t start = time(NULL);

	ck_assert_int_eq(finish("-s", "64m", NULL), EXIT_OK);
	first = seed_of(&plan.run);
	do {
		ck_assert_int_eq(finish("-s", "64m", NULL), EXIT_OK);
		later = seed_of(&plan.run);
	} while (later == first && time(NULL) - start < 3);
	ck_assert_uint_ne(later, first);
}
END_TEST

START_TEST(a_sweep_without_s_sizes_each_count)
{
	ck_assert_int_eq(finish("--clients", "1,2", NULL), EXIT_OK);
	ck_assert_uint_eq(file_size_of(&plan.run), 1ull << 30);
	ck_assert(size_is_bonnies(&plan.run));
	ck_assert_uint_eq(level_ns_of(&plan.run), 5000000000ull);
	ck_assert_int_eq(finish("--clients", "1,2", "-s", "64m", "--level-time", "2", NULL), EXIT_OK);
	ck_assert_uint_eq(file_size_of(&plan.run), 64ull << 20);
	ck_assert(!size_is_bonnies(&plan.run));
	ck_assert_uint_eq(level_ns_of(&plan.run), 2000000000ull);
	ck_assert_int_eq(finish("-s", "64m", NULL), EXIT_OK);
	ck_assert_uint_eq(level_ns_of(&plan.run), 0); /* one client: passes, not time */
}
END_TEST

/* plan_fit on the test's temporary directory, stderr into said, into a
 * new plan that becomes the test's; the options stay as they were parsed,
 * and so does the plan it was made of. */
static int size(const struct env_info *env)
{
	struct capture c;
	struct config parsed;
	struct plan made = plan, fitted;
	int st;

	memcpy(&parsed, &cfg, sizeof cfg);
	capture_begin(&c, 2);
	st = plan_fit(&fitted, &made, env);
	capture_end(&c, said, sizeof said);
	ck_assert(memcmp(&parsed, &cfg, sizeof cfg) == 0);
	ck_assert(memcmp(&made, &plan, sizeof plan) == 0);
	plan = fitted;
	return st;
}

/* The sizes by time are a new plan: the file count a calibration decided
 * for clients, its bound and its pool are in it, and the fitted plan it
 * was made of (which the scratch directory was made for) is as it was. */
START_TEST(the_sizes_by_time_are_a_new_plan)
{
	struct autosize as = {0};
	struct plan fitted, before, sized;

	ck_assert_int_eq(finish("-c", "2", "--level-time", "2", "-s", "64m", NULL), EXIT_OK);
	fitted = plan;
	ck_assert(!fitted.run.files_given);
	as.files_ran = true;
	as.files.decided_k = fitted.run.files_k + 3;
	as.files.bound = FILES_BOUND_INODES;
	as.files.pool_max_k = 1000;
	before = fitted;
	plan_size_by_time(&sized, &fitted, &as);
	ck_assert(memcmp(&before, &fitted, sizeof fitted) == 0);
	ck_assert_uint_eq(sized.run.files_k, before.run.files_k + 3);
	ck_assert(sized.run.decided.files_by_rate);
	ck_assert_uint_eq(sized.run.decided.files_bound, FILES_BOUND_INODES);
	ck_assert_uint_gt(sized.run.decided.files_pool_k, 0);
	ck_assert_uint_eq(sized.run.file_size, before.run.file_size);
	ck_assert_uint_eq(sized.run.seed, before.run.seed);
}
END_TEST

static const char *tmpdir(void)
{
	return getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
}

START_TEST(a_file_larger_than_the_space_is_refused)
{
	struct env_info env;

	memset(&env, 0, sizeof env);
	ck_assert_int_eq(finish("-d", tmpdir(), "-s", "900t", "-n", "0", NULL), EXIT_OK);
	ck_assert_int_eq(size(&env), EXIT_SETUP);
	said_one_line("not enough space under ");
	ck_assert_ptr_nonnull(strstr(said, "need 900.0 TiB"));
}
END_TEST

START_TEST(without_s_a_size_is_chosen)
{
	struct env_info env;

	memset(&env, 0, sizeof env);
	env.ram_bytes = 1ull << 30;
	ck_assert_int_eq(finish("-d", tmpdir(), "-n", "0", NULL), EXIT_OK);
	ck_assert_int_eq(size(&env), EXIT_OK);
	ck_assert_uint_gt(file_size_of(&plan.run), 0);
}
END_TEST

START_TEST(reads_from_the_page_cache_are_warned_of)
{
	struct env_info env;

	memset(&env, 0, sizeof env);
	ck_assert_int_eq(finish("-d", tmpdir(), "-s", "8m", "-n", "0", "-r", "1g", "--no-evict", NULL), EXIT_OK);
	ck_assert_int_eq(size(&env), EXIT_OK);
	said_one_line("warning: --no-evict and the 8 MiB file is under twice the 1024 MiB of RAM: read rates may "
	              "come from the page cache");
	ck_assert_int_eq(finish("-d", tmpdir(), "-s", "8m", "-n", "0", "-r", "1m", "--no-evict", NULL), EXIT_OK);
	ck_assert_int_eq(size(&env), EXIT_OK);
	ck_assert_str_eq(said, "");
}
END_TEST

START_TEST(the_align_probe_runs_on_512e_by_default)
{
	struct env_info e512, e4k;

	memset(&e512, 0, sizeof e512);
	e512.dev.present = true;
	e512.dev.logical_block = 512;
	e512.dev.physical_block = 4096;
	e4k = e512;
	e4k.dev.logical_block = 4096;
	ck_assert_int_eq(finish("-s", "64m", NULL), EXIT_OK);
	ck_assert(run_wants_align_probe(&cfg, &e512));
	ck_assert(!run_wants_align_probe(&cfg, &e4k));
	ck_assert_int_eq(finish("-s", "64m", "--no-align-probe", NULL), EXIT_OK);
	ck_assert(!run_wants_align_probe(&cfg, &e512));
	ck_assert_int_eq(finish("-s", "64m", "--align-probe", NULL), EXIT_OK);
	ck_assert(run_wants_align_probe(&cfg, &e4k));
}
END_TEST

Suite *suite_cmd_config(void)
{
	Suite *s = suite_create("cmd_config");
	TCase *tc = tcase_create("config");

	tcase_add_test(tc, options_go_ahead_quietly);
	tcase_add_test(tc, a_bad_option_is_usage);
	tcase_add_test(tc, phases_choose_what_runs);
	tcase_add_test(tc, phases_bring_what_they_need);
	tcase_add_test(tc, without_phases_everything_the_options_allow_runs);
	tcase_add_test(tc, an_unknown_phase_is_usage);
	tcase_add_test(tc, phases_the_options_skip_are_usage);
	tcase_add_test(tc, a_given_seed_is_kept);
	tcase_add_test(tc, a_seed_is_drawn_when_not_given);
	tcase_add_test(tc, a_sweep_without_s_sizes_each_count);
	tcase_add_test(tc, a_file_larger_than_the_space_is_refused);
	tcase_add_test(tc, the_sizes_by_time_are_a_new_plan);
	tcase_add_test(tc, without_s_a_size_is_chosen);
	tcase_add_test(tc, reads_from_the_page_cache_are_warned_of);
	tcase_add_test(tc, the_align_probe_runs_on_512e_by_default);
	suite_add_tcase(s, tc);
	return s;
}
