/* files_auto: the target count chosen from the calibration's delete time, the cap, the
 * stop rule of the timed create (pure), and the calibration itself in a
 * real directory: it leaves nothing behind, runs once, and leaves a plan
 * given with -n alone. */
#include "suites.h"
#include "util_fs.h"
#include "../options/options.h"
#include "../phases/files/files.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Delete 8 us a file: 3.5 s deletes 437500 files, 427.2 x 1024, so the
 * target rounds up to 428 x 1024; never over the cap, never under 1. */
START_TEST(target_from_the_delete_rate)
{
	ck_assert_uint_eq(files_auto_target_k(8000, 512), 428);
	ck_assert_uint_eq(files_auto_target_k(20000, 512), 171);
	/* deleting very fast: the cap */
	ck_assert_uint_eq(files_auto_target_k(100, 512), 512);
	ck_assert_uint_eq(files_auto_target_k(0, 300), 300);
	/* deleting very slowly: one 1024 */
	ck_assert_uint_eq(files_auto_target_k(5000000000ull, 512), 1);
	ck_assert_uint_eq(files_auto_target_k(UINT64_MAX, 512), 1);
}
END_TEST

START_TEST(cap_from_inodes)
{
	ck_assert_uint_eq(files_auto_cap_k(0), FILES_AUTO_MAX_K);
	ck_assert_uint_eq(files_auto_cap_k(1u << 20), 256); /* a quarter of 1 Mi */
	ck_assert_uint_eq(files_auto_cap_k(100), 1);
}
END_TEST

/* The create stops only on a whole 1024: at the target once it has run
 * the minimum time, at the maximum time short of the target, or at the
 * cap; then the count is fixed for every later phase. */
/* The pool of a time-based level with bonnie's own count: the most the
 * free inodes allow (up to FILES_POOL_MAX_K), never under 4 x the count. */
START_TEST(pool_is_the_most_the_inodes_allow)
{
	ck_assert_uint_eq(files_auto_pool_k(22, FILES_POOL_MAX_K), FILES_POOL_MAX_K);
	ck_assert_uint_eq(files_auto_pool_k(22, 500), 500);
	ck_assert_uint_eq(files_auto_pool_k(200, 500), 800); /* never under 4 x the count */
	ck_assert_uint_eq(files_auto_pool_k(1, 1), 4);
}
END_TEST

/* A time-based level's delete in a sweep: the files the fastest delete
 * rate measured before removes in the level's time, at most the pool; 0
 * (the mean alone) while no rate is known or without a level time. */
START_TEST(delete_aim_lasts_the_level)
{
	const uint64_t pool = 2048ull * 1024;

	ck_assert_uint_eq(files_delete_aim(70000.0, 5000000000ull, pool), 350000);
	ck_assert_uint_eq(files_delete_aim(1000.5, 2000000000ull, pool), 2001); /* rounded up */
	ck_assert_uint_eq(files_delete_aim(1e9, 5000000000ull, pool), pool);
	ck_assert_uint_eq(files_delete_aim(0.0, 5000000000ull, pool), 0);
	ck_assert_uint_eq(files_delete_aim(70000.0, 0, pool), 0);
}
END_TEST

/* Each client holds the clients' mean of what their creates made, or its
 * share of the aim when that is more (100 clients made 108000 files in 5 s
 * here; their deletes remove 350000 in 5 s), never over its order array. */
START_TEST(top_up_to_the_aim_share)
{
	ck_assert_uint_eq(files_top_up_want(108000, 100, 0, 1u << 21), 1080);
	ck_assert_uint_eq(files_top_up_want(108001, 100, 0, 1u << 21), 1081);
	ck_assert_uint_eq(files_top_up_want(108000, 100, 350000, 1u << 21), 3500);
	ck_assert_uint_eq(files_top_up_want(108000, 100, 350001, 1u << 21), 3501);
	ck_assert_uint_eq(files_top_up_want(108000, 100, 50000, 1u << 21), 1080); /* the mean is more */
	ck_assert_uint_eq(files_top_up_want(108000, 100, 350000, 2000), 2000);
	ck_assert_uint_eq(files_top_up_want(108000, 0, 350000, 2000), 0);
}
END_TEST

START_TEST(create_stops_on_a_whole_thousand)
{
	struct file_plan fp;
	const uint64_t min = FILES_AUTO_MIN_CREATE_NS;

	memset(&fp, 0, sizeof fp);
	fp.count = 8 * 1024;
	fp.target = 2048;
	fp.create_ns = FILES_AUTO_MAX_CREATE_NS;
	ck_assert(!files_auto_create_done(&fp, 1024, min)); /* under the target */
	ck_assert(!files_auto_create_done(&fp, 2048, min - 1)); /* target, too soon */
	ck_assert(!files_auto_create_done(&fp, 2500, min)); /* not a whole 1024 */
	ck_assert(files_auto_create_done(&fp, 3072, min));
	ck_assert(fp.count_fixed);
	ck_assert_uint_eq(fp.count, 3072);
	ck_assert(!files_auto_create_done(&fp, 4096, UINT64_MAX)); /* fixed: never again */

	ck_assert_int_eq(fp.bound, FILES_BOUND_DELETE_AIM);

	memset(&fp, 0, sizeof fp); /* slow creates: the time limit */
	fp.count = 8 * 1024;
	fp.target = 8 * 1024;
	fp.create_ns = FILES_AUTO_MAX_CREATE_NS;
	ck_assert(!files_auto_create_done(&fp, 1024, FILES_AUTO_MAX_CREATE_NS - 1));
	ck_assert(files_auto_create_done(&fp, 1024, FILES_AUTO_MAX_CREATE_NS));
	ck_assert_uint_eq(fp.count, 1024);
	ck_assert_int_eq(fp.bound, FILES_BOUND_CREATE_TIME);

	memset(&fp, 0, sizeof fp); /* the cap, even before the minimum time */
	fp.count = 2048;
	fp.target = 4096;
	fp.create_ns = FILES_AUTO_MAX_CREATE_NS;
	fp.cap_by_inodes = true;
	ck_assert(files_auto_create_done(&fp, 2048, 5));
	ck_assert_uint_eq(fp.count, 2048);
	ck_assert_int_eq(fp.bound, FILES_BOUND_INODES);
}
END_TEST

/* Creating far slower than deleting: past its time the create goes on
 * until deleting its files takes FILES_AUTO_FLOOR_NS (the floor), so the
 * deletes are not marked '~', unless it runs FILES_AUTO_HARD_CREATE_NS. */
START_TEST(create_goes_on_to_the_delete_floor)
{
	struct file_plan fp;

	memset(&fp, 0, sizeof fp);
	fp.count = 64 * 1024;
	fp.target = 32 * 1024;
	fp.floor = 8 * 1024;
	fp.create_ns = FILES_AUTO_MAX_CREATE_NS;
	ck_assert(!files_auto_create_done(&fp, 4096, FILES_AUTO_MAX_CREATE_NS));
	ck_assert(!files_auto_create_done(&fp, 7 * 1024, FILES_AUTO_HARD_CREATE_NS - 1));
	ck_assert(files_auto_create_done(&fp, 8 * 1024, FILES_AUTO_MAX_CREATE_NS + 1));
	ck_assert_uint_eq(fp.count, 8 * 1024);
	ck_assert_int_eq(fp.bound, FILES_BOUND_DELETE_FLOOR);

	memset(&fp, 0, sizeof fp);
	fp.count = 64 * 1024;
	fp.target = 32 * 1024;
	fp.floor = 8 * 1024;
	fp.create_ns = FILES_AUTO_MAX_CREATE_NS;
	ck_assert(files_auto_create_done(&fp, 2048, FILES_AUTO_HARD_CREATE_NS));
	ck_assert_uint_eq(fp.count, 2048);
	ck_assert_int_eq(fp.bound, FILES_BOUND_CREATE_HARD);
}
END_TEST

static void plan_for(struct file_plan *fp, const char *nflag, char *dir)
{
	char a0[] = "bonnie", a1[] = "-n", a2[16], a3[] = "-s", a4[] = "0";
	char *argv[] = {a0, a1, a2, NULL};
	char *argv_auto[] = {a0, a3, a4, NULL};
	struct config cfg;
	char err[256];

	snprintf(a2, sizeof a2, "%s", nflag ? nflag : "1");
	ck_assert_int_eq(options_parse(nflag ? 3 : 3, nflag ? argv : argv_auto, "h", &cfg, err, sizeof err), OPT_RUN);
	ck_assert_int_eq(files_plan_init(fp, &cfg, (struct part[]){part_whole(&cfg)}, dir, 64), 0);
	fp->topfd = open(dir, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(fp->topfd, 0);
}

START_TEST(calibration_runs_once_and_cleans_up)
{
	char dir[] = "/tmp/bonnie-auto.XXXXXX";
	struct file_plan fp;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	plan_for(&fp, NULL, dir);
	ck_assert(fp.auto_count);
	ck_assert_int_eq(files_auto_size(&fp, fp.topfd, dir), 0);
	ck_assert(fp.sized && !fp.count_fixed);
	ck_assert_uint_eq(fp.create_ns, FILES_AUTO_MAX_CREATE_NS);
	ck_assert_uint_ge(fp.target, 1024);
	ck_assert_uint_eq(fp.target % 1024, 0);
	ck_assert_uint_le(fp.target, fp.count);
	ck_assert_uint_ge(fp.count, 1024);
	ck_assert_uint_le(fp.count, FILES_AUTO_MAX_K * 1024);
	ck_assert_int_eq(dir_entries(dir), 0);
	fp.count = 1024; /* a second call keeps what the first chose */
	ck_assert_int_eq(files_auto_size(&fp, fp.topfd, dir), 0);
	ck_assert_uint_eq(fp.count, 1024);
	files_plan_free(&fp);
	rmdir(dir);
}
END_TEST

START_TEST(given_count_is_kept)
{
	char dir[] = "/tmp/bonnie-auto.XXXXXX";
	struct file_plan fp;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	plan_for(&fp, "3", dir);
	ck_assert(!fp.auto_count && fp.count_fixed);
	ck_assert(!files_auto_create_done(&fp, 3 * 1024, UINT64_MAX));
	ck_assert_int_eq(files_auto_size(&fp, fp.topfd, dir), 0);
	ck_assert_uint_eq(fp.count, 3 * 1024);
	ck_assert_int_eq(dir_entries(dir), 0);
	files_plan_free(&fp);
	rmdir(dir);
}
END_TEST

Suite *suite_files_auto(void)
{
	Suite *s = suite_create("files_auto");
	TCase *t = tcase_create("sizing");

	tcase_add_test(t, target_from_the_delete_rate);
	tcase_add_test(t, cap_from_inodes);
	tcase_add_test(t, pool_is_the_most_the_inodes_allow);
	tcase_add_test(t, delete_aim_lasts_the_level);
	tcase_add_test(t, top_up_to_the_aim_share);
	tcase_add_test(t, create_stops_on_a_whole_thousand);
	tcase_add_test(t, create_goes_on_to_the_delete_floor);
	tcase_add_test(t, calibration_runs_once_and_cleans_up);
	tcase_add_test(t, given_count_is_kept);
	suite_add_tcase(s, t);
	return s;
}
