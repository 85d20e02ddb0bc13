/* cmd/compare.c's options and exit statuses: every refusal is one line
 * and exit 1, --help is the usage on stdout and exit 0, fewer than two
 * runs found is exit 2 (still saying what was found), two runs are
 * compared (exit 0), and --html never overwrites an input. */
#include "suites.h"
#include "compare_samples.h"
#include "util_capture.h"
#include "../cmd/compare_cmd.h"
#include "../lib/exitcodes.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char out[1 << 16], err[4096];
static char one[600], two[600], dir[400];

/* A file in the test's directory holding text. */
static void write_file(char *path, size_t len, const char *name, const char *text)
{
	FILE *f;

	snprintf(path, len, "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

static void setup(void)
{
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";

	snprintf(dir, sizeof dir, "%s/bonnie-cmpcmd.XXXXXX", tmp);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	write_file(one, sizeof one, "one.csv", L198 "\n");
	write_file(two, sizeof two, "two.csv", L198 "\n" L10X "\n");
}

static void teardown(void)
{
	char path[600];

	snprintf(path, sizeof path, "%s/one.csv", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/two.csv", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/page.html", dir);
	unlink(path);
	ck_assert_int_eq(rmdir(dir), 0);
}

/* compare_main on "compare" and the options (to a NULL); stdout into out,
 * stderr into err. */
static int compare(const char *first, ...)
{
	char *argv[16];
	int argc = 0, st;
	struct capture co, ce;
	va_list ap;

	argv[argc++] = (char *)"compare";
	va_start(ap, first);
	for (const char *a = first; a != NULL; a = va_arg(ap, const char *)) {
		ck_assert_int_lt(argc, 15);
		argv[argc++] = (char *)a;
	}
	va_end(ap);
	argv[argc] = NULL;
	capture_begin(&co, 1);
	capture_begin(&ce, 2);
	st = compare_main(argc, argv);
	capture_end(&ce, err, sizeof err);
	capture_end(&co, out, sizeof out);
	return st;
}

/* A refusal: exit 1, nothing on stdout, one line on stderr holding want. */
static void refused(int st, const char *want)
{
	ck_assert_int_eq(st, EXIT_USAGE);
	ck_assert_str_eq(out, "");
	ck_assert_msg(strncmp(err, "bonnie: compare", 15) == 0 && strstr(err, want) != NULL, "said %s", err);
	ck_assert_ptr_eq(strchr(err, '\n'), err + strlen(err) - 1);
}

START_TEST(bad_options_are_refused)
{
	refused(compare(NULL), "no FILE given");
	refused(compare("--base", "0", two, NULL), "'0' is not a run number");
	refused(compare("--base", "-1", two, NULL), "is not a run number");
	refused(compare("--base", "2x", two, NULL), "is not a run number");
	refused(compare("--threshold", "1", two, NULL), "'1' is not a ratio above 1");
	refused(compare("--threshold", "abc", two, NULL), "is not a ratio above 1");
	refused(compare("--format", "xml", two, NULL), "'xml' is not text, markdown, csv or json");
	refused(compare("--html", "", two, NULL), "must not be empty");
	refused(compare("--colour", two, NULL), "unknown option");
	refused(compare("-h", two, NULL), "unknown option (bonnie compare --help lists them)");
	refused(compare("--base", NULL), "missing value");
}
END_TEST

START_TEST(help_is_the_usage)
{
	ck_assert_int_eq(compare("--help", NULL), EXIT_OK);
	ck_assert(strncmp(out, "usage: bonnie compare", 21) == 0);
	ck_assert_ptr_nonnull(strstr(out, "Exit status:"));
	ck_assert_str_eq(err, "");
}
END_TEST

START_TEST(two_runs_are_compared)
{
	ck_assert_int_eq(compare(two, NULL), EXIT_OK);
	ck_assert_ptr_nonnull(strstr(out, "two.csv:1"));
	ck_assert_ptr_nonnull(strstr(out, "two.csv:2"));
	ck_assert_str_eq(err, "");
	ck_assert_int_eq(compare("--base", "2", "--format", "csv", two, NULL), EXIT_OK);
	ck_assert_ptr_nonnull(strstr(out, "1.98,"));
}
END_TEST

START_TEST(a_base_past_the_runs_is_usage)
{
	refused(compare("--base", "3", two, NULL), "--base 3: only 2 runs found");
}
END_TEST

START_TEST(one_run_is_shown_and_exit_2)
{
	ck_assert_int_eq(compare(one, NULL), EXIT_SETUP);
	ck_assert_ptr_nonnull(strstr(out, "one.csv:1"));
	ck_assert_str_eq(err, "bonnie: compare: only one run found: nothing to compare it with\n");
}
END_TEST

START_TEST(no_run_is_exit_2)
{
	char missing[600];

	snprintf(missing, sizeof missing, "%s/nonesuch.csv", dir);
	ck_assert_int_eq(compare(missing, NULL), EXIT_SETUP);
	ck_assert_ptr_nonnull(strstr(err, "bonnie: compare: cannot read "));
	ck_assert_ptr_nonnull(strstr(err, "bonnie: compare: no bonnie or bonnie++ result found\n"));
	ck_assert_int_eq(compare("--format", "json", missing, NULL), EXIT_SETUP);
	ck_assert_msg(out[0] == '{', "json with no runs is still a document: %s", out);
}
END_TEST

START_TEST(html_never_overwrites_an_input)
{
	char page[600];
	FILE *f;

	refused(compare("--html", two, two, NULL), "also an input");
	f = fopen(two, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(fgets(out, sizeof out, f));
	fclose(f);
	ck_assert(strncmp(out, "1.98,", 5) == 0); /* untouched */
	snprintf(page, sizeof page, "%s/page.html", dir);
	ck_assert_int_eq(compare("--html", page, two, NULL), EXIT_OK);
	ck_assert_int_eq(access(page, R_OK), 0);
}
END_TEST

Suite *suite_cmd_compare(void)
{
	Suite *s = suite_create("cmd_compare");
	TCase *tc = tcase_create("compare");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, bad_options_are_refused);
	tcase_add_test(tc, help_is_the_usage);
	tcase_add_test(tc, two_runs_are_compared);
	tcase_add_test(tc, a_base_past_the_runs_is_usage);
	tcase_add_test(tc, one_run_is_shown_and_exit_2);
	tcase_add_test(tc, no_run_is_exit_2);
	tcase_add_test(tc, html_never_overwrites_an_input);
	suite_add_tcase(s, tc);
	return s;
}
