/* scratch: the directory is created 0700 as "bonnie.*" under the parent,
 * removal deletes nested content but never follows a symlink out of it,
 * bad parents fail with the right errno, and removing twice is safe. */
#include "suites.h"
#include "util_fs.h"
#include "../lib/operr.h"
#include "../scratch/scratch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PATH_CAP 4096

/* One private directory per test case, made before the tests fork and
 * removed after them even when a test failed half-way. */
static char base[PATH_CAP];

/* Test-side cleanup: removes path and what is below it, never following
 * symlinks (lstat, and links are unlinked). */
static void rm_tree(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *ent;

	if (lstat(path, &st) != 0)
		return;
	if (!S_ISDIR(st.st_mode)) {
		unlink(path);
		return;
	}
	d = opendir(path);
	if (d != NULL) {
		while ((ent = readdir(d)) != NULL) {
			char sub[PATH_CAP];

			if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0)
				continue;
			if (snprintf(sub, sizeof sub, "%s/%s", path, ent->d_name) < (int)sizeof sub)
				rm_tree(sub);
		}
		closedir(d);
	}
	rmdir(path);
}

static void base_setup(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(base, sizeof base, "%s/check_scratch.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(base) == NULL)
		base[0] = '\0';
}

static void base_teardown(void)
{
	if (base[0] != '\0')
		rm_tree(base);
}

/* A fresh directory under base for one test. */
static void new_dir(char *out, const char *name)
{
	ck_assert_msg(base[0] != '\0', "no temporary directory");
	ck_assert(snprintf(out, PATH_CAP, "%s/%s", base, name) < PATH_CAP);
	ck_assert_msg(mkdir(out, 0755) == 0, "mkdir %s: %s", out, strerror(errno));
}

static void write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	ck_assert_msg(fd >= 0, "create %s: %s", path, strerror(errno));
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	ck_assert_int_eq(close(fd), 0);
}

/* True when path is a regular file holding exactly text. */
static int file_holds(const char *path, const char *text)
{
	char buf[256];
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof buf);
	close(fd);
	return n == (ssize_t)strlen(text) && memcmp(buf, text, (size_t)n) == 0;
}

static void path_join(char *out, const char *dir, const char *name)
{
	int n = snprintf(out, PATH_CAP, "%s/%s", dir, name);

	ck_assert(n > 0 && n < PATH_CAP);
}

static void clear_error(struct op_error *e)
{
	memset(e, 0, sizeof *e);
}

START_TEST(create_makes_private_dir)
{
	char parent[PATH_CAP], prefix[PATH_CAP];
	struct scratch s;
	struct op_error e;
	struct stat st;
	const char *name;

	new_dir(parent, "create");
	clear_error(&e);
	ck_assert_int_eq(scratch_create(&s, parent, &e), 0);
	ck_assert_int_eq(e.err, 0);
	ck_assert_int_ge(s.dirfd, 0);

	/* parent/bonnie.XXXXXX */
	path_join(prefix, parent, "bonnie.");
	ck_assert_msg(strncmp(s.path, prefix, strlen(prefix)) == 0, "path %s", s.path);
	name = strrchr(s.path, '/') + 1;
	ck_assert_int_eq(strncmp(name, "bonnie.", 7), 0);
	ck_assert_uint_gt(strlen(name), 7);

	ck_assert_int_eq(lstat(s.path, &st), 0);
	ck_assert(S_ISDIR(st.st_mode));
	ck_assert_uint_eq(st.st_mode & 07777, 0700);
	ck_assert_uint_eq(st.st_uid, geteuid());

	/* dirfd is that very directory */
	{
		struct stat fst;
		ck_assert_int_eq(fstat(s.dirfd, &fst), 0);
		ck_assert(fst.st_ino == st.st_ino && fst.st_dev == st.st_dev);
	}

	ck_assert_int_eq(scratch_remove(&s, &e), 0);
	ck_assert_int_eq(s.dirfd, -1);
	ck_assert(!path_exists(s.path));
	ck_assert_int_eq(rmdir(parent), 0); /* nothing else was left behind */
}
END_TEST

START_TEST(create_with_trailing_slash_and_twice)
{
	char parent[PATH_CAP], slashed[PATH_CAP];
	struct scratch a, b;
	struct op_error e;

	new_dir(parent, "slash");
	ck_assert(snprintf(slashed, sizeof slashed, "%s/", parent) < (int)sizeof slashed);
	clear_error(&e);
	ck_assert_int_eq(scratch_create(&a, slashed, &e), 0);
	ck_assert_ptr_null(strstr(a.path, "//"));
	/* a second scratch directory beside the first gets its own name */
	ck_assert_int_eq(scratch_create(&b, parent, &e), 0);
	ck_assert_str_ne(a.path, b.path);
	ck_assert_int_eq(scratch_remove(&a, &e), 0);
	ck_assert(path_exists(b.path));
	ck_assert_int_eq(scratch_remove(&b, &e), 0);
	ck_assert_int_eq(rmdir(parent), 0);
}
END_TEST

START_TEST(remove_deletes_nested_content)
{
	char parent[PATH_CAP], p[PATH_CAP], q[PATH_CAP];
	struct scratch s;
	struct op_error e;

	new_dir(parent, "nested");
	clear_error(&e);
	ck_assert_int_eq(scratch_create(&s, parent, &e), 0);

	/* files at every level, an empty directory, and enough entries that
	 * removal has to cope with a changing directory while it reads */
	path_join(p, s.path, "top.dat");
	write_file(p, "top");
	path_join(p, s.path, "empty");
	ck_assert_int_eq(mkdir(p, 0700), 0);
	path_join(p, s.path, "a");
	ck_assert_int_eq(mkdir(p, 0700), 0);
	path_join(q, p, "b");
	ck_assert_int_eq(mkdir(q, 0700), 0);
	path_join(p, q, "c");
	ck_assert_int_eq(mkdir(p, 0700), 0);
	path_join(q, p, "deep.dat");
	write_file(q, "deep");
	for (int i = 0; i < 300; i++) {
		char name[32];

		snprintf(name, sizeof name, "f%05d", i);
		path_join(q, s.path, name);
		write_file(q, name);
	}

	ck_assert_int_eq(scratch_remove(&s, &e), 0);
	ck_assert_msg(e.err == 0, "error %s: %s", e.op, e.path);
	ck_assert(!path_exists(s.path));
	ck_assert_int_eq(rmdir(parent), 0);
}
END_TEST

/* Links inside the scratch directory pointing outside are removed as links:
 * the targets, and what is inside a target directory, survive. */
START_TEST(remove_never_follows_symlinks)
{
	char parent[PATH_CAP], outside[PATH_CAP], out_file[PATH_CAP], out_dir[PATH_CAP];
	char out_dir_file[PATH_CAP], out_sub[PATH_CAP], out_sub_file[PATH_CAP];
	char p[PATH_CAP], q[PATH_CAP];
	struct scratch s;
	struct op_error e;

	new_dir(parent, "links");
	new_dir(outside, "outside");
	path_join(out_file, outside, "target.txt");
	write_file(out_file, "keep me");
	path_join(out_dir, outside, "dir");
	ck_assert_int_eq(mkdir(out_dir, 0755), 0);
	path_join(out_dir_file, out_dir, "precious.txt");
	write_file(out_dir_file, "precious");
	path_join(out_sub, out_dir, "sub");
	ck_assert_int_eq(mkdir(out_sub, 0755), 0);
	path_join(out_sub_file, out_sub, "deeper.txt");
	write_file(out_sub_file, "deeper");

	clear_error(&e);
	ck_assert_int_eq(scratch_create(&s, parent, &e), 0);
	path_join(p, s.path, "to_file");
	ck_assert_int_eq(symlink(out_file, p), 0);
	path_join(p, s.path, "to_dir");
	ck_assert_int_eq(symlink(out_dir, p), 0);
	path_join(p, s.path, "to_dir_relative");
	ck_assert_int_eq(symlink("../../outside/dir", p), 0);
	path_join(p, s.path, "dangling");
	ck_assert_int_eq(symlink("/nonexistent/bonnie/target", p), 0);
	/* one more level down, inside a real subdirectory */
	path_join(p, s.path, "inner");
	ck_assert_int_eq(mkdir(p, 0700), 0);
	path_join(q, p, "to_dir_again");
	ck_assert_int_eq(symlink(out_dir, q), 0);
	path_join(q, p, "own.dat");
	write_file(q, "mine");
	/* the relative link really does reach the outside directory */
	path_join(p, s.path, "to_dir_relative/precious.txt");
	ck_assert(file_holds(p, "precious"));

	ck_assert_int_eq(scratch_remove(&s, &e), 0);
	ck_assert(!path_exists(s.path));
	ck_assert(file_holds(out_file, "keep me"));
	ck_assert(file_holds(out_dir_file, "precious"));
	ck_assert(file_holds(out_sub_file, "deeper"));
	ck_assert(path_exists(out_sub));

	rm_tree(outside);
	ck_assert_int_eq(rmdir(parent), 0);
}
END_TEST

START_TEST(parent_not_a_directory)
{
	char dir[PATH_CAP], file[PATH_CAP];
	struct scratch s;
	struct op_error e;

	new_dir(dir, "notdir");
	path_join(file, dir, "plain.txt");
	write_file(file, "not a directory");
	clear_error(&e);
	ck_assert_int_eq(scratch_create(&s, file, &e), -1);
	ck_assert_int_eq(e.err, ENOTDIR);
	ck_assert_ptr_nonnull(strstr(e.path, "plain.txt"));
	ck_assert_int_eq(s.dirfd, -1);
	/* nothing was created, and removing the failed scratch is harmless */
	clear_error(&e);
	ck_assert_int_eq(scratch_remove(&s, &e), 0);
	ck_assert_int_eq(e.err, 0);
	ck_assert(file_holds(file, "not a directory"));
	rm_tree(dir);
}
END_TEST

START_TEST(parent_missing)
{
	char dir[PATH_CAP], missing[PATH_CAP];
	struct scratch s;
	struct op_error e;

	new_dir(dir, "missing");
	path_join(missing, dir, "no/such/dir");
	clear_error(&e);
	ck_assert_int_eq(scratch_create(&s, missing, &e), -1);
	ck_assert_int_eq(e.err, ENOENT);
	ck_assert_ptr_nonnull(strstr(e.path, "no/such/dir"));
	ck_assert_int_eq(s.dirfd, -1);
	ck_assert_int_eq(scratch_remove(&s, &e), 0);
	ck_assert_int_eq(rmdir(dir), 0); /* still empty */
}
END_TEST

START_TEST(remove_twice_is_safe)
{
	char parent[PATH_CAP], p[PATH_CAP];
	struct scratch s;
	struct op_error e;

	new_dir(parent, "twice");
	clear_error(&e);
	ck_assert_int_eq(scratch_create(&s, parent, &e), 0);
	path_join(p, s.path, "data");
	write_file(p, "x");
	ck_assert_int_eq(scratch_remove(&s, &e), 0);
	ck_assert_int_eq(scratch_remove(&s, &e), 0);
	ck_assert_int_eq(e.err, 0);
	ck_assert_int_eq(s.dirfd, -1);
	/* the same name, now reused by someone else, is not touched */
	ck_assert_int_eq(mkdir(s.path, 0700), 0);
	ck_assert_int_eq(scratch_remove(&s, &e), 0);
	ck_assert(path_exists(s.path));
	rm_tree(parent);
}
END_TEST

START_TEST(empty_dir_keeps_directory)
{
	char parent[PATH_CAP], p[PATH_CAP], q[PATH_CAP];
	struct scratch s;
	struct op_error e;
	DIR *d;
	struct dirent *ent;
	int entries = 0;

	new_dir(parent, "empty");
	clear_error(&e);
	ck_assert_int_eq(scratch_create(&s, parent, &e), 0);
	path_join(p, s.path, "sub");
	ck_assert_int_eq(mkdir(p, 0700), 0);
	path_join(q, p, "file");
	write_file(q, "x");
	path_join(p, s.path, "file2");
	write_file(p, "y");

	ck_assert_int_eq(scratch_empty_dir(s.dirfd, s.path, &e), 0);
	ck_assert(path_exists(s.path));
	d = opendir(s.path);
	ck_assert_ptr_nonnull(d);
	while ((ent = readdir(d)) != NULL)
		if (strcmp(ent->d_name, ".") != 0 && strcmp(ent->d_name, "..") != 0)
			entries++;
	closedir(d);
	ck_assert_int_eq(entries, 0);
	/* the scratch is still usable, and still removable */
	write_file(p, "again");
	ck_assert_int_eq(scratch_remove(&s, &e), 0);
	ck_assert(!path_exists(s.path));
	ck_assert_int_eq(rmdir(parent), 0);
}
END_TEST

Suite *suite_scratch(void)
{
	Suite *s = suite_create("scratch");
	TCase *tc = tcase_create("scratch");

	tcase_add_unchecked_fixture(tc, base_setup, base_teardown);
	tcase_add_test(tc, create_makes_private_dir);
	tcase_add_test(tc, create_with_trailing_slash_and_twice);
	tcase_add_test(tc, remove_deletes_nested_content);
	tcase_add_test(tc, remove_never_follows_symlinks);
	tcase_add_test(tc, parent_not_a_directory);
	tcase_add_test(tc, parent_missing);
	tcase_add_test(tc, remove_twice_is_safe);
	tcase_add_test(tc, empty_dir_keeps_directory);
	suite_add_tcase(s, tc);
	return s;
}
