/* input/: the kinds of posted text of issue 53, one test per rule (each
 * named in docs/compare-corpus.md): bonnie++ 1.92a CSV lines, a file count
 * written as -n's num:max:min:dirs, and the rules added after them. The
 * texts are built from the layouts and numbers of the posts in
 * tests/compare-fifth and tests/compare-qd. */
#include "suites.h"
#include "util_parsed.h"
#include "../input/input.h"

#include <stdio.h>
#include <string.h>

static struct parsed_set set;

static void teardown(void)
{
	input_free(&set);
}

static void parse(const char *text)
{
	parsed_parse(&set, text);
}

/* bonnie++ 1.92a, linux-kernel 2001: 46 fields, no concurrency, no chunk */
#define C192A "1.92a,1.92a,SunWave1,1001286857,1248M,79,97,16034,21,5719,6,147,98,22904,16,269.0,4,16,,,,," \
              "6121,75,+++++,+++,12753,95,8422,80,+++++,+++,11152,95,138ms,2546ms,201ms,97838us,58940us,3207ms," \
              "26126us,11425us,11879us,5325us,12082us,13025us"
#define W192A "1.98,1.92a,SunWave1,,1001286857,1248M,,,,79,97,16034,21,5719,6,147,98,22904,16,269.0,4,16,,,,," \
              "6121,75,+++++,+++,12753,95,8422,80,+++++,+++,11152,95,138ms,2546ms,201ms,97838us,58940us,3207ms," \
              "26126us,11425us,11879us,5325us,12082us,13025us"

START_TEST(format_192a_line)
{
	parse("A result:\n" C192A "\n");
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].format, "1.92a");
	ck_assert_str_eq(parsed_csv_of(&set.run[0]), W192A);
	/* its seek settings are not guessed */
	ck_assert_str_eq(set.run[0].meta[META_SEEKS], "");
}
END_TEST

/* bon_csv2txt's files:max:min cell as -n takes it, dirs after a colon
 * (linux-fsdevel 2022: "imesrv1   30:1:1:10") */
START_TEST(files_cell_with_colon_dirs)
{
	parse("                     ------Sequential Create------ --------Random Create--------\n"
	      "                     -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
	      "       files:max:min  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
	      "imesrv1   30:1:1:10  8043  30 12100  44 14024  22  7791  28  9238  43  9871  25\n"
	      "Latency               235us    3982us    3201us     240us     277us     355ms\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_NUM_FILES], "30");
	ck_assert_str_eq(set.run[0].meta[META_MAX_SIZE], "1");
	ck_assert_str_eq(set.run[0].meta[META_MIN_SIZE], "1");
	ck_assert_str_eq(set.run[0].meta[META_NUM_DIRS], "10");
}
END_TEST

Suite *suite_compare_posted(void)
{
	Suite *s = suite_create("compare_posted");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, format_192a_line);
	tcase_add_test(tc, files_cell_with_colon_dirs);
	suite_add_tcase(s, tc);
	return s;
}
