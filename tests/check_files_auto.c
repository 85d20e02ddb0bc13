/* files_auto: the file count chosen from calibration times (pure), and
 * the calibration itself in a real directory: it leaves nothing behind,
 * runs once, and leaves a plan given with -n alone. */
#include "suites.h"
#include "../lib/options.h"
#include "../phases/files.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

START_TEST(count_from_the_faster_of_create_and_delete)
{
	/* 25 us a create, 8 us a delete: 1.5 s / 8 us = 187500 files = 183.1 x 1024 -> 184 */
	ck_assert_uint_eq(files_auto_k(25000, 8000, 0), 184);
	ck_assert_uint_eq(files_auto_k(8000, 25000, 0), 184);
}
END_TEST

START_TEST(count_bounds)
{
	/* slow: 1 ms a file would need 1500 files; bonnie++'s default 16 is the floor */
	ck_assert_uint_eq(files_auto_k(1000000, 1000000, 0), DEFAULT_FILES_K);
	/* fast: 1 us would need 1465 x 1024; capped */
	ck_assert_uint_eq(files_auto_k(1000, 1000, 0), FILES_AUTO_MAX_K);
	/* a quarter of 1 Mi free inodes: 256 x 1024 */
	ck_assert_uint_eq(files_auto_k(1000, 1000, 1u << 20), 256);
	ck_assert_uint_eq(files_auto_k(0, 0, 0), FILES_AUTO_MAX_K);
}
END_TEST

static int entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void plan_for(struct file_plan *fp, const char *nflag, char *dir)
{
	char a0[] = "bonnie", a1[] = "-n", a2[16], a3[] = "-s", a4[] = "0";
	char *argv[] = {a0, a1, a2, NULL};
	char *argv_auto[] = {a0, a3, a4, NULL};
	struct config cfg;
	char err[256];

	snprintf(a2, sizeof a2, "%s", nflag ? nflag : "1");
	ck_assert_int_eq(options_parse(nflag ? 3 : 3, nflag ? argv : argv_auto, "h", &cfg, err, sizeof err), OPT_RUN);
	ck_assert_int_eq(files_plan_init(fp, &cfg, dir, 64), 0);
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
	ck_assert_int_eq(files_auto_size(&fp, dir), 0);
	ck_assert(fp.sized);
	ck_assert_uint_ge(fp.count, DEFAULT_FILES_K * 1024);
	ck_assert_uint_le(fp.count, FILES_AUTO_MAX_K * 1024);
	ck_assert_uint_eq(fp.count % 1024, 0);
	ck_assert_int_eq(entries(dir), 0);
	fp.count = 1024; /* a second call keeps what the first chose */
	ck_assert_int_eq(files_auto_size(&fp, dir), 0);
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
	ck_assert(!fp.auto_count);
	ck_assert_int_eq(files_auto_size(&fp, dir), 0);
	ck_assert_uint_eq(fp.count, 3 * 1024);
	ck_assert_int_eq(entries(dir), 0);
	files_plan_free(&fp);
	rmdir(dir);
}
END_TEST

Suite *suite_files_auto(void)
{
	Suite *s = suite_create("files_auto");
	TCase *t = tcase_create("sizing");

	tcase_add_test(t, count_from_the_faster_of_create_and_delete);
	tcase_add_test(t, count_bounds);
	tcase_add_test(t, calibration_runs_once_and_cleans_up);
	tcase_add_test(t, given_count_is_kept);
	suite_add_tcase(s, t);
	return s;
}
