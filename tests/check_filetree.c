/* Where the file tests' directories are made and removed relative to the
 * timed window: the runner calls prepare before and finish after it, and
 * the create and delete phases leave every directory to those two steps. */
#include "suites.h"
#include "../lib/exitcodes.h"
#include "../options/options.h"
#include "../phases/runner/bench.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the runner's order: prepare, timed run, finish ---- */

static char steps[64];

static void step(const char *what, const struct phase_result *res)
{
	/* "P" before the window (nothing timed yet), "R" inside it, "F" after
	 * it closed (the runner has already marked the phase done) */
	strncat(steps, what, sizeof steps - strlen(steps) - 1);
	if (what[0] == 'P' && (res->status != PHASE_NOT_RUN || res->elapsed_ns != 0))
		strncat(steps, "!", sizeof steps - strlen(steps) - 1);
	if (what[0] == 'F' && res->status != PHASE_DONE)
		strncat(steps, "!", sizeof steps - strlen(steps) - 1);
}

static int fake_prepare(struct phase_ctx *ctx, struct phase_result *res)
{
	(void)ctx;
	step("P", res);
	return 0;
}

static int fake_run(struct phase_ctx *ctx, struct phase_result *res)
{
	(void)ctx;
	step("R", res);
	return 0;
}

static int fake_fail(struct phase_ctx *ctx, struct phase_result *res)
{
	(void)ctx;
	step("R", res);
	res->status = PHASE_FAILED;
	return -1;
}

static int fake_finish(struct phase_ctx *ctx, struct phase_result *res)
{
	(void)ctx;
	step("F", res);
	return 0;
}

START_TEST(finish_runs_after_the_timed_window)
{
	struct phase ok = {.id = PHASE_SEQ_DEL, .prepare = fake_prepare, .run = fake_run, .finish = fake_finish};
	struct phase bad = {.id = PHASE_SEQ_DEL, .prepare = fake_prepare, .run = fake_fail, .finish = fake_finish};
	struct config cfg = {0};
	struct phase_ctx ctx = {.cfg = &cfg, .dirfd = -1};
	struct phase_result res;

	steps[0] = '\0';
	runner_result_init(&res);
	ck_assert_int_eq(runner_run_phase(&ctx, &ok, &res, NULL), 0);
	ck_assert_str_eq(steps, "PRF");
	/* a phase that failed is not tidied by finish: the scratch removal does it */
	steps[0] = '\0';
	runner_result_init(&res);
	ck_assert_int_eq(runner_run_phase(&ctx, &bad, &res, NULL), -1);
	ck_assert_str_eq(steps, "PR");
}
END_TEST

/* ---- the real file phases, step by step as the runner calls them ---- */

#define DIRS 2000 /* more directories than the 1024 files: most stay empty */

static char parent[256];
static struct config cfg;
static struct bench b;

static void setup(void)
{
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char a0[] = "bonnie", a1[] = "-s", a2[] = "0", a3[] = "-n", a4[] = "1:0:0:2000", a5[] = "-d";
	char *argv[] = {a0, a1, a2, a3, a4, a5, parent, NULL};
	char err[512];
	struct op_error e = {0};

	snprintf(parent, sizeof parent, "%s/bonnie-tree.XXXXXX", tmp);
	ck_assert_ptr_nonnull(mkdtemp(parent));
	ck_assert_int_eq(options_parse(7, argv, "testhost", &cfg, err, sizeof err), OPT_RUN);
	ck_assert_msg(bench_open(&b, &cfg, NULL, 0, &e) == BENCH_OK, "bench_open: %s %s", e.op, e.path);
}

static void teardown(void)
{
	struct op_error e = {0};

	ck_assert_msg(bench_close(&b, &e) == 0, "bench_close: %s %s", e.op, e.path);
	rmdir(parent);
}

/* Entries of the files directory (-1 if it does not exist). Files live in
 * the subdirectories, so this counts directories. */
static int tree_dirs(void)
{
	char path[sizeof b.scratch.path + 16];
	struct dirent *e;
	DIR *d;
	int n = 0;

	snprintf(path, sizeof path, "%s/%s", b.scratch.path, FILES_DIR);
	d = opendir(path);
	if (d == NULL) {
		ck_assert_int_eq(errno, ENOENT);
		return -1;
	}
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

/* Runs phase id's steps, checking the directory count after each. */
static void check_phase(enum phase_id id, int after_prepare, int after_run, int after_finish)
{
	const struct phase *ph = phase_table[id];
	struct phase_result res;

	runner_result_init(&res);
	if (ph->prepare)
		ck_assert_int_eq(ph->prepare(&b.ctx, &res), 0);
	ck_assert_msg(tree_dirs() == after_prepare, "%s: %d directories before the timed window, expected %d",
	              phase_name(id), tree_dirs(), after_prepare);
	ck_assert_int_eq(ph->run(&b.ctx, &res), 0);
	ck_assert_uint_eq(res.units, 1024);
	ck_assert_msg(tree_dirs() == after_run, "%s: %d directories at the end of the timed window, expected %d",
	              phase_name(id), tree_dirs(), after_run);
	if (ph->finish)
		ck_assert_int_eq(ph->finish(&b.ctx, &res), 0);
	ck_assert_msg(tree_dirs() == after_finish, "%s: %d directories after the phase, expected %d",
	              phase_name(id), tree_dirs(), after_finish);
	ck_assert_int_eq(res.status, PHASE_NOT_RUN); /* no step failed */
}

START_TEST(directories_stay_outside_the_timed_window)
{
	/* created by prepare, untouched by every timed run, removed by finish */
	check_phase(PHASE_SEQ_CREATE, DIRS, DIRS, DIRS);
	check_phase(PHASE_SEQ_STAT, DIRS, DIRS, DIRS);
	check_phase(PHASE_SEQ_DEL, DIRS, DIRS, -1);
	check_phase(PHASE_RAN_CREATE, DIRS, DIRS, DIRS);
	check_phase(PHASE_RAN_STAT, DIRS, DIRS, DIRS);
	check_phase(PHASE_RAN_DEL, DIRS, DIRS, -1);
}
END_TEST

Suite *suite_filetree(void)
{
	Suite *s = suite_create("filetree");
	TCase *tc = tcase_create("filetree");

	tcase_add_test(tc, finish_runs_after_the_timed_window);
	suite_add_tcase(s, tc);
	tc = tcase_create("phases");
	tcase_set_timeout(tc, 120); /* the syncs on a shared disk */
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, directories_stay_outside_the_timed_window);
	suite_add_tcase(s, tc);
	return s;
}
