/* scratch moved during the run: removal never goes by the path it was
 * made at. -d renamed and a link put in its place that leads to an empty
 * look-alike: the scratch directory is removed where it is now, the
 * look-alike is kept. The scratch directory renamed, in its directory or
 * into another: found by device and inode and removed; a directory that
 * took its old name is kept. */
#include "suites.h"
#include "util_fs.h"
#include "../lib/operr.h"
#include "../scratch/scratch.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PATH_CAP 4096

static char base[PATH_CAP];

static void base_setup(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(base, sizeof base, "%s/check_scratch_moved.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(base) == NULL)
		base[0] = '\0';
}

static void base_teardown(void)
{
	tree_remove(base);
}

/* base/a[/b], made when mk. */
static void at(char *out, const char *a, const char *b, int mk)
{
	ck_assert_msg(base[0] != '\0', "no temporary directory");
	ck_assert(snprintf(out, PATH_CAP, "%s/%s%s%s", base, a, b ? "/" : "", b ? b : "") < PATH_CAP);
	if (mk)
		ck_assert_msg(mkdir(out, 0700) == 0, "mkdir %s: %s", out, strerror(errno));
}

static void removed(struct scratch *s)
{
	struct op_error e = {0};

	ck_assert_msg(scratch_remove(s, &e) == 0, "%s %s: %s", e.op, e.path, e.detail[0] ? e.detail : strerror(e.err));
	ck_assert_int_eq(s->dirfd, -1);
	ck_assert_int_eq(s->parentfd, -1);
}

/* mv -d elsewhere; ln -s other -d, where other holds an empty bonnie.XXXXXX */
START_TEST(d_renamed_and_replaced_by_a_link)
{
	char d[PATH_CAP], moved[PATH_CAP], other[PATH_CAP], lookalike[PATH_CAP], p[PATH_CAP];
	struct op_error e = {0};
	struct scratch s;

	at(d, "d", NULL, 1);
	ck_assert_int_eq(scratch_create(&s, d, &e), 0);
	make_empty_file(s.path, "data");
	at(moved, "moved", NULL, 0);
	ck_assert_int_eq(rename(d, moved), 0);
	at(other, "other", NULL, 1);
	at(lookalike, "other", s.name, 1);
	ck_assert_int_eq(symlink("other", d), 0);
	removed(&s);
	ck_assert_msg(path_exists(lookalike), "the look-alike behind the link was removed");
	at(p, "moved", s.name, 0);
	ck_assert_msg(!path_exists(p), "the scratch directory was left in the renamed -d");
	ck_assert_int_eq(dir_entries(moved), 0);
}
END_TEST

START_TEST(renamed_in_its_directory)
{
	char d[PATH_CAP], renamed[PATH_CAP];
	struct op_error e = {0};
	struct scratch s;

	at(d, "r", NULL, 1);
	ck_assert_int_eq(scratch_create(&s, d, &e), 0);
	make_empty_file(s.path, "data");
	at(renamed, "r", "renamed", 0);
	ck_assert_int_eq(rename(s.path, renamed), 0);
	ck_assert_int_eq(mkdir(s.path, 0700), 0); /* someone else's, under the old name */
	make_empty_file(s.path, "keep");
	removed(&s);
	ck_assert(!path_exists(renamed));
	ck_assert_int_eq(dir_entries(s.path), 1);
}
END_TEST

START_TEST(moved_into_another_directory)
{
	char d[PATH_CAP], elsewhere[PATH_CAP], moved[PATH_CAP];
	struct op_error e = {0};
	struct scratch s;

	at(d, "m", NULL, 1);
	at(elsewhere, "elsewhere", NULL, 1);
	ck_assert_int_eq(scratch_create(&s, d, &e), 0);
	make_empty_file(s.path, "data");
	at(moved, "elsewhere", "x", 0);
	ck_assert_int_eq(rename(s.path, moved), 0);
	removed(&s);
	ck_assert_int_eq(dir_entries(elsewhere), 0);
	ck_assert_int_eq(dir_entries(d), 0);
}
END_TEST

/* Made through a descriptor (a client's, in the parent's scratch
 * directory): in that directory even after its path has changed. */
START_TEST(made_at_a_held_directory)
{
	char d[PATH_CAP], moved[PATH_CAP], p[PATH_CAP];
	struct op_error e = {0};
	struct scratch s;
	int fd;

	at(d, "h", NULL, 1);
	fd = open(d, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(fd, 0);
	at(moved, "h.moved", NULL, 0);
	ck_assert_int_eq(rename(d, moved), 0);
	ck_assert_int_eq(symlink("h.moved/nowhere", d), 0);
	ck_assert_int_eq(scratch_create_at(&s, fd, d, &e), 0);
	close(fd);
	at(p, "h.moved", s.name, 0);
	ck_assert_msg(path_exists(p), "not made in the held directory");
	removed(&s);
	ck_assert_int_eq(dir_entries(moved), 0);
}
END_TEST

Suite *suite_scratch_moved(void)
{
	Suite *s = suite_create("scratch_moved");
	TCase *tc = tcase_create("scratch_moved");

	tcase_add_unchecked_fixture(tc, base_setup, base_teardown);
	tcase_add_test(tc, d_renamed_and_replaced_by_a_link);
	tcase_add_test(tc, renamed_in_its_directory);
	tcase_add_test(tc, moved_into_another_directory);
	tcase_add_test(tc, made_at_a_held_directory);
	suite_add_tcase(s, tc);
	return s;
}
