/* scratch under a descriptor limit: removal works with no descriptor to
 * spare beyond the scratch directory's own (reopening it by its name in the
 * parent held since it was made, checked
 * to be the same directory), removes a tree three levels deep with three
 * to spare, and never removes a directory that took the scratch
 * directory's place. The lowered RLIMIT_NOFILE is put back after each
 * test: without check's fork mode (CK_FORK=no, make valgrind) the tests
 * after these share the process. */
#include "suites.h"
#include "util_fs.h"
#include "../lib/operr.h"
#include "../scratch/scratch.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#define PATH_CAP 4096

static char base[PATH_CAP];

static void base_setup(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(base, sizeof base, "%s/check_scratch_fds.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(base) == NULL)
		base[0] = '\0';
}

static void base_teardown(void)
{
	tree_remove(base);
}

static void in_base(char *out, const char *name)
{
	ck_assert_msg(base[0] != '\0', "no temporary directory");
	ck_assert(snprintf(out, PATH_CAP, "%s/%s", base, name) < PATH_CAP);
}

static void make_dir(const char *dir, const char *name)
{
	char p[PATH_CAP];

	ck_assert(snprintf(p, sizeof p, "%s/%s", dir, name) < (int)sizeof p);
	ck_assert_msg(mkdir(p, 0700) == 0, "mkdir %s: %s", p, strerror(errno));
}

static struct rlimit saved_limit;
static bool limit_lowered;

/* The descriptor limit as it was before leave_free_descriptors. */
static void restore_limit(void)
{
	if (limit_lowered && setrlimit(RLIMIT_NOFILE, &saved_limit) == 0)
		limit_lowered = false;
}

/* Lowers the descriptor limit so that exactly n more can be opened. */
static void leave_free_descriptors(int n)
{
	int fds[8], lowest = open("/dev/null", O_RDONLY), got = 0;
	struct rlimit rl;

	ck_assert(lowest >= 0 && n < 8);
	close(lowest);
	ck_assert_int_eq(getrlimit(RLIMIT_NOFILE, &rl), 0);
	if (!limit_lowered)
		saved_limit = rl;
	limit_lowered = true;
	rl.rlim_cur = (rlim_t)(lowest + n);
	ck_assert_int_eq(setrlimit(RLIMIT_NOFILE, &rl), 0);
	while (got < 8 && (fds[got] = open("/dev/null", O_RDONLY)) >= 0)
		got++;
	ck_assert_msg(got == n && errno == EMFILE, "%d descriptors free, wanted %d", got, n);
	while (got > 0)
		close(fds[--got]);
}

START_TEST(remove_with_no_descriptor_to_spare)
{
	char parent[PATH_CAP];
	struct op_error e = {0};
	struct scratch s;

	in_base(parent, "none");
	ck_assert_int_eq(mkdir(parent, 0700), 0);
	ck_assert_int_eq(scratch_create(&s, parent, &e), 0);
	/* what the file tests make before their first open */
	make_dir(s.path, "files");
	make_dir(s.path, "files.next");
	make_empty_file(s.path, "data");
	leave_free_descriptors(0);
	ck_assert_msg(scratch_remove(&s, &e) == 0, "%s %s: %s", e.op, e.path, e.detail[0] ? e.detail : strerror(e.err));
	ck_assert(!path_exists(s.path));
}
END_TEST

START_TEST(remove_deep_tree_one_descriptor_a_level)
{
	char parent[PATH_CAP], p[PATH_CAP];
	struct op_error e = {0};
	struct scratch s;

	in_base(parent, "deep");
	ck_assert_int_eq(mkdir(parent, 0700), 0);
	ck_assert_int_eq(scratch_create(&s, parent, &e), 0);
	make_dir(s.path, "a");
	ck_assert(snprintf(p, sizeof p, "%s/a", s.path) < (int)sizeof p);
	make_dir(p, "b");
	make_empty_file(p, "f1");
	ck_assert(snprintf(p, sizeof p, "%s/a/b", s.path) < (int)sizeof p);
	make_dir(p, "c");
	make_empty_file(p, "f2");
	ck_assert(snprintf(p, sizeof p, "%s/a/b/c", s.path) < (int)sizeof p);
	make_empty_file(p, "f3");
	leave_free_descriptors(3);
	ck_assert_msg(scratch_remove(&s, &e) == 0, "%s %s: %s", e.op, e.path, e.detail[0] ? e.detail : strerror(e.err));
	ck_assert(!path_exists(s.path));
}
END_TEST

START_TEST(reopened_path_must_be_the_scratch)
{
	char parent[PATH_CAP], moved[PATH_CAP], keep[PATH_CAP];
	struct op_error e = {0};
	struct scratch s;

	in_base(parent, "swapped");
	ck_assert_int_eq(mkdir(parent, 0700), 0);
	ck_assert_int_eq(scratch_create(&s, parent, &e), 0);
	make_empty_file(s.path, "data");
	/* the scratch directory moves away; another takes its name */
	ck_assert(snprintf(moved, sizeof moved, "%s.moved", s.path) < (int)sizeof moved);
	ck_assert_int_eq(rename(s.path, moved), 0);
	ck_assert_int_eq(mkdir(s.path, 0700), 0);
	make_empty_file(s.path, "keep");
	leave_free_descriptors(0);
	ck_assert_int_eq(scratch_remove(&s, &e), -1);
	ck_assert_str_eq(e.detail, SCRATCH_LOST);
	ck_assert(snprintf(keep, sizeof keep, "%s/keep", s.path) < (int)sizeof keep);
	ck_assert(path_exists(keep));
}
END_TEST

/* Moved out of the directory it was made in, with no descriptor to spare
 * to look for it: it is reported as lost (never looked for by its path),
 * and the directory that took its name is kept. */
START_TEST(moved_with_no_descriptor_to_look)
{
	char parent[PATH_CAP], away[PATH_CAP], moved[PATH_CAP], keep[PATH_CAP];
	struct op_error e = {0};
	struct scratch s;

	in_base(parent, "lost");
	in_base(away, "away");
	ck_assert_int_eq(mkdir(parent, 0700), 0);
	ck_assert_int_eq(mkdir(away, 0700), 0);
	ck_assert_int_eq(scratch_create(&s, parent, &e), 0);
	ck_assert(snprintf(moved, sizeof moved, "%s/%s", away, s.name) < (int)sizeof moved);
	ck_assert_int_eq(rename(s.path, moved), 0);
	ck_assert_int_eq(mkdir(s.path, 0700), 0);
	make_empty_file(s.path, "keep");
	leave_free_descriptors(0);
	ck_assert_int_eq(scratch_remove(&s, &e), -1);
	restore_limit();
	ck_assert_str_eq(e.op, "rmdir");
	ck_assert_str_eq(e.detail, SCRATCH_LOST);
	ck_assert(snprintf(keep, sizeof keep, "%s/keep", s.path) < (int)sizeof keep);
	ck_assert(path_exists(keep));
	ck_assert(path_exists(moved));
	ck_assert_int_eq(s.dirfd, -1);
	ck_assert_int_eq(s.parentfd, -1);
}
END_TEST

Suite *suite_scratch_fds(void)
{
	Suite *s = suite_create("scratch_fds");
	TCase *tc = tcase_create("scratch_fds");

	tcase_add_unchecked_fixture(tc, base_setup, base_teardown);
	tcase_add_checked_fixture(tc, NULL, restore_limit);
	tcase_add_test(tc, remove_with_no_descriptor_to_spare);
	tcase_add_test(tc, remove_deep_tree_one_descriptor_a_level);
	tcase_add_test(tc, reopened_path_must_be_the_scratch);
	tcase_add_test(tc, moved_with_no_descriptor_to_look);
	suite_add_tcase(s, tc);
	return s;
}
