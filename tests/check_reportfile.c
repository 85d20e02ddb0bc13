/* reportfile: which names are descriptors, how a path splits, what the
 * check refuses (and that a refusal creates and empties nothing), when
 * two reports are one file, and that a failed commit leaves no file. */
#include "suites.h"
#include "util_fs.h"
#include "../lib/exitcodes.h"
#include "../lib/reportfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#define PATH_CAP 4096

static char base[PATH_CAP];

static void base_setup(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(base, sizeof base, "%s/check_reportfile.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(base) == NULL)
		base[0] = '\0';
}

static void base_teardown(void)
{
	char cmd[PATH_CAP + 16];

	if (base[0] != '\0' && strchr(base, '\'') == NULL) {
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
		if (system(cmd) != 0)
			fprintf(stderr, "check_reportfile: could not remove %s\n", base);
	}
}

/* base/name, made fresh as a directory when dir is set. */
static void in_base(char *out, const char *name, int dir)
{
	ck_assert_msg(base[0] != '\0', "no temporary directory");
	ck_assert(snprintf(out, PATH_CAP, "%s/%s", base, name) < PATH_CAP);
	if (dir)
		ck_assert_msg(mkdir(out, 0755) == 0, "mkdir %s: %s", out, strerror(errno));
}

static void join(char *out, const char *dir, const char *name)
{
	ck_assert(snprintf(out, PATH_CAP, "%s/%s", dir, name) < PATH_CAP);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_msg(f != NULL, "create %s: %s", path, strerror(errno));
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

static int file_holds(const char *path, const char *text)
{
	char buf[256] = {0};
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL)
		return 0;
	n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	return n == strlen(text) && memcmp(buf, text, n) == 0;
}

/* One report checked; its status, and the message in err. */
static int check1(const char *path, char *err, size_t errlen, struct report_file *rf)
{
	*rf = (struct report_file){.opt = "--json", .path = path};
	err[0] = '\0';
	return report_files_check(rf, 1, err, errlen);
}

START_TEST(descriptor_names)
{
	ck_assert_int_eq(report_path_fd("-"), 1);
	ck_assert_int_eq(report_path_fd("/dev/stdout"), 1);
	ck_assert_int_eq(report_path_fd("/dev/stderr"), 2);
	ck_assert_int_eq(report_path_fd("/dev/fd/0"), 0);
	ck_assert_int_eq(report_path_fd("/dev/fd/63"), 63);
	ck_assert_int_eq(report_path_fd("/dev/fd/99999999999999999999"), INT_MAX);
	ck_assert_int_eq(report_path_fd("/dev/fd/"), -1);
	ck_assert_int_eq(report_path_fd("/dev/fd/3x"), -1);
	ck_assert_int_eq(report_path_fd("/dev/fd/-1"), -1);
	ck_assert_int_eq(report_path_fd("/dev/./stdout"), -1);
	ck_assert_int_eq(report_path_fd("--"), -1);
	ck_assert_int_eq(report_path_fd("out.json"), -1);
	ck_assert(report_path_is_stdout("/dev/fd/1"));
	ck_assert(!report_path_is_stdout("/dev/stderr"));
	ck_assert(!report_path_is_stdout(NULL));
}
END_TEST

START_TEST(split_paths)
{
	static const char *const cases[][3] = {
		{"x", ".", "x"},           {"/x", "/", "x"},   {"a/b/c", "a/b", "c"},
		{"a/", "a", ""},           {"/", "/", ""},     {"a//b", "a/", "b"},
		{"./x.json", ".", "x.json"},
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *dir;
		const char *name;
		ck_assert_int_eq(report_path_split(cases[i][0], &dir, &name), 0);
		ck_assert_msg(strcmp(dir, cases[i][1]) == 0, "%s: dir %s", cases[i][0], dir);
		ck_assert_msg(strcmp(name, cases[i][2]) == 0, "%s: name %s", cases[i][0], name);
		free(dir);
	}
}
END_TEST

/* A final symlink, to a file or to nothing, is refused; neither its
 * target nor a dangling target is touched or made. */
START_TEST(symlinks_refused)
{
	char d[PATH_CAP], victim[PATH_CAP], link[PATH_CAP], dangle[PATH_CAP], nowhere[PATH_CAP], err[512], want[PATH_CAP + 64];
	struct report_file rf;

	in_base(d, "links", 1);
	join(victim, d, "victim");
	join(link, d, "out.json");
	join(dangle, d, "dangling.json");
	join(nowhere, d, "nowhere");
	write_file(victim, "precious");
	ck_assert_int_eq(symlink(victim, link), 0);
	ck_assert_int_eq(symlink(nowhere, dangle), 0);

	ck_assert_int_eq(check1(link, err, sizeof err, &rf), EXIT_USAGE);
	snprintf(want, sizeof want, "--json %s: a symbolic link, not followed", link);
	ck_assert_str_eq(err, want);
	ck_assert(file_holds(victim, "precious"));
	ck_assert_int_eq(check1(dangle, err, sizeof err, &rf), EXIT_USAGE);
	ck_assert(strstr(err, "a symbolic link, not followed") != NULL);
	ck_assert(!path_exists(nowhere));
	report_files_release(&rf, 1); /* nothing left to release: safe */
}
END_TEST

START_TEST(non_files_refused)
{
	char d[PATH_CAP], sub[PATH_CAP], sock[PATH_CAP], slash[PATH_CAP], err[512];
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	struct report_file rf;
	int s;

	in_base(d, "kinds", 1);
	join(sub, d, "sub");
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	ck_assert_int_eq(check1(sub, err, sizeof err, &rf), EXIT_USAGE);
	ck_assert_msg(strstr(err, ": a directory, not written") != NULL, "%s", err);
	join(slash, d, "new/");
	ck_assert_int_eq(check1(slash, err, sizeof err, &rf), EXIT_USAGE);
	ck_assert_msg(strstr(err, ": ends in /, not a file name") != NULL, "%s", err);
	ck_assert_int_eq(check1(".", err, sizeof err, &rf), EXIT_USAGE);

	join(sock, d, "sock");
	ck_assert(strlen(sock) < sizeof sa.sun_path);
	strcpy(sa.sun_path, sock);
	s = socket(AF_UNIX, SOCK_STREAM, 0);
	ck_assert_int_ge(s, 0);
	ck_assert_int_eq(bind(s, (struct sockaddr *)&sa, sizeof sa), 0);
	ck_assert_int_eq(check1(sock, err, sizeof err, &rf), EXIT_USAGE);
	ck_assert_msg(strstr(err, ": a socket, not written") != NULL, "%s", err);
	close(s);
}
END_TEST

/* A descriptor named /dev/fd/N must be open for writing. */
START_TEST(descriptor_must_be_writable)
{
	char d[PATH_CAP], f[PATH_CAP], name[64], err[512];
	struct report_file rf;
	int fd;

	in_base(d, "fds", 1);
	join(f, d, "ro");
	write_file(f, "x");
	fd = open(f, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	snprintf(name, sizeof name, "/dev/fd/%d", fd);
	ck_assert_int_eq(check1(name, err, sizeof err, &rf), EXIT_USAGE);
	ck_assert_msg(strstr(err, "is not open for writing") != NULL, "%s", err);
	close(fd);
	ck_assert_int_eq(check1(name, err, sizeof err, &rf), EXIT_USAGE); /* closed now */

	fd = open(f, O_WRONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(check1(name, err, sizeof err, &rf), EXIT_OK);
	ck_assert_int_eq(report_files_commit(&rf, 1, err, sizeof err), EXIT_OK);
	ck_assert(!rf.on_stdout);
	fputs("through", rf.out);
	ck_assert_int_eq(report_file_close(&rf, false), 0);
	close(fd);
	ck_assert(file_holds(f, "through")); /* a descriptor's file is not truncated: it was written at 0 */
}
END_TEST

/* Two reports, by the given names: the check's status. */
static int check2(const char *a, const char *b, char *err, size_t errlen, struct report_file rf[2])
{
	rf[0] = (struct report_file){.opt = "--json", .path = a};
	rf[1] = (struct report_file){.opt = "--html", .path = b};
	return report_files_check(rf, 2, err, errlen);
}

START_TEST(same_file_refused)
{
	char d[PATH_CAP], sub[PATH_CAP], x[PATH_CAP], dotx[PATH_CAP], y[PATH_CAP], hard[PATH_CAP], err[PATH_CAP * 3];
	struct report_file rf[2];

	in_base(d, "same", 1);
	join(x, d, "x");
	join(dotx, d, "./x");
	join(y, d, "sub/../x");
	ck_assert_int_eq(check2(x, dotx, err, sizeof err, rf), EXIT_USAGE); /* x does not exist yet */
	ck_assert_msg(strstr(err, ": the same file as --json ") != NULL, "%s", err);
	ck_assert(!path_exists(x));
	in_base(sub, "same/sub", 1);
	ck_assert_int_eq(check2(x, y, err, sizeof err, rf), EXIT_USAGE);
	write_file(x, "kept");
	ck_assert_int_eq(check2(dotx, y, err, sizeof err, rf), EXIT_USAGE); /* it exists */
	join(hard, d, "hard");
	ck_assert_int_eq(link(x, hard), 0);
	ck_assert_int_eq(check2(hard, x, err, sizeof err, rf), EXIT_USAGE);
	ck_assert(file_holds(x, "kept"));
	ck_assert_int_eq(check2("-", "/dev/stdout", err, sizeof err, rf), EXIT_USAGE);
	ck_assert_int_eq(check2("/dev/stderr", "/dev/fd/2", err, sizeof err, rf), EXIT_USAGE);
	/* a sink both may share */
	ck_assert_int_eq(check2("/dev/null", "/dev/null", err, sizeof err, rf), EXIT_OK);
	report_files_release(rf, 2);
}
END_TEST

/* The check empties and creates nothing; a refused second report keeps
 * the first one's file as it was. */
START_TEST(nothing_before_commit)
{
	char d[PATH_CAP], old[PATH_CAP], fresh[PATH_CAP], link[PATH_CAP], err[PATH_CAP * 2];
	struct report_file rf[2];

	in_base(d, "commit", 1);
	join(old, d, "old.json");
	join(fresh, d, "new.html");
	join(link, d, "link.html");
	write_file(old, "previous");
	ck_assert_int_eq(symlink(old, link), 0);
	ck_assert_int_eq(check2(old, link, err, sizeof err, rf), EXIT_USAGE);
	ck_assert(file_holds(old, "previous"));

	ck_assert_int_eq(check2(old, fresh, err, sizeof err, rf), EXIT_OK);
	ck_assert(file_holds(old, "previous"));
	ck_assert(!path_exists(fresh));
	ck_assert_int_eq(report_files_commit(rf, 2, err, sizeof err), EXIT_OK);
	ck_assert(file_holds(old, ""));
	ck_assert(path_exists(fresh));
	fputs("{}", rf[0].out);
	fputs("<html>", rf[1].out);
	ck_assert_int_eq(report_file_close(&rf[0], false), 0);
	ck_assert_int_eq(report_file_close(&rf[1], false), 0);
	ck_assert(file_holds(old, "{}"));
	ck_assert(file_holds(fresh, "<html>"));
}
END_TEST

/* A name taken between check and commit (here: by a symlink) fails the
 * commit, and the report it already created is removed. */
START_TEST(commit_race_leaves_nothing)
{
	char d[PATH_CAP], a[PATH_CAP], b[PATH_CAP], victim[PATH_CAP], err[PATH_CAP * 2];
	struct report_file rf[2];

	in_base(d, "race", 1);
	join(a, d, "a.json");
	join(b, d, "b.html");
	join(victim, d, "victim");
	write_file(victim, "precious");
	ck_assert_int_eq(check2(a, b, err, sizeof err, rf), EXIT_OK);
	ck_assert_int_eq(symlink(victim, b), 0);
	ck_assert_int_eq(report_files_commit(rf, 2, err, sizeof err), EXIT_REPORT);
	ck_assert_msg(strstr(err, "--html ") == err, "%s", err);
	ck_assert(!path_exists(a));
	ck_assert(file_holds(victim, "precious"));
	report_files_release(rf, 2);
}
END_TEST

/* A FIFO with its reader there is opened at once and written. */
START_TEST(fifo_with_reader)
{
	char d[PATH_CAP], fifo[PATH_CAP], err[512], buf[16] = {0};
	struct report_file rf;
	int rd;

	in_base(d, "fifo", 1);
	join(fifo, d, "ff");
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	rd = open(fifo, O_RDONLY | O_NONBLOCK);
	ck_assert_int_ge(rd, 0);
	ck_assert_int_eq(check1(fifo, err, sizeof err, &rf), EXIT_OK);
	ck_assert_int_eq(report_files_commit(&rf, 1, err, sizeof err), EXIT_OK);
	fputs("{}", rf.out);
	ck_assert_int_eq(report_file_close(&rf, false), 0);
	ck_assert_int_eq(read(rd, buf, sizeof buf), 2);
	ck_assert_str_eq(buf, "{}");
	close(rd);
}
END_TEST

/* An input that is the report: report_file_is finds it. */
START_TEST(input_identity)
{
	char d[PATH_CAP], f[PATH_CAP], g[PATH_CAP], err[512];
	struct report_file rf;
	struct stat st;

	in_base(d, "ident", 1);
	join(f, d, "runs.csv");
	join(g, d, "other.csv");
	write_file(f, "1.98,");
	write_file(g, "1.98,");
	ck_assert_int_eq(check1(f, err, sizeof err, &rf), EXIT_OK);
	ck_assert_int_eq(stat(f, &st), 0);
	ck_assert(report_file_is(&rf, &st));
	ck_assert_int_eq(stat(g, &st), 0);
	ck_assert(!report_file_is(&rf, &st));
	report_files_release(&rf, 1);
	ck_assert(!report_file_is(&rf, &st));
	ck_assert(file_holds(f, "1.98,"));
}
END_TEST

Suite *suite_reportfile(void)
{
	Suite *s = suite_create("reportfile");
	TCase *tc = tcase_create("reportfile");

	tcase_add_unchecked_fixture(tc, base_setup, base_teardown);
	tcase_add_test(tc, descriptor_names);
	tcase_add_test(tc, split_paths);
	tcase_add_test(tc, symlinks_refused);
	tcase_add_test(tc, non_files_refused);
	tcase_add_test(tc, descriptor_must_be_writable);
	tcase_add_test(tc, same_file_refused);
	tcase_add_test(tc, nothing_before_commit);
	tcase_add_test(tc, commit_race_leaves_nothing);
	tcase_add_test(tc, fifo_with_reader);
	tcase_add_test(tc, input_identity);
	suite_add_tcase(s, tc);
	return s;
}
