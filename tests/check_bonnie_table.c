/* bonnie's own text table read back by compare (issue 51): its figures,
 * with k, m, g on rates and k on counts; its marks after a figure (~ # !
 * c ?) as the reasons bonnie's JSON names, so the evidence rule weighs a
 * pasted table as it does the JSON; its rows under Latency (percentiles,
 * the durability split, From device) passed over; a CSV line beside it
 * given the table's marks. */
#include "suites.h"
#include "util_parsed.h"
#include "../input/input.h"
#include "../input/text_table.h"
#include "../report/model/confidence.h"

#include <string.h>

/* The table of a real run of bonnie 0.1.0 (-s 64m -n 1 -m beta), as its
 * stdout had it, and the CSV line it printed after it. */
#define OWN \
	"Version 0.1.0       ------Sequential Output------ --Sequential Input- --Random-\n" \
	"                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n" \
	"Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n" \
	"beta            64M  533k  38  400m~ 27  236m~ 28  741k  35  1.5g~ 21  127kc 36\n" \
	"Latency             25726us    8271us   12128us   24827us   10644us     124ms\n" \
	"  p99.9                          85us    8093us                59us    1302us\n" \
	"  p99               25296us       6us      44us   21364us       1us      62us\n" \
	"  median            14090us       4us       6us   11599us       0us       2us\n" \
	"Before sync /sec               660m      279m\n" \
	"Sync time                     63169us   42311us\n" \
	"From device            406%      100%      100%      253%      100%    cached\n" \
	"Version 0.1.0       ------Sequential Create------ --------Random Create--------\n" \
	"beta                -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n" \
	"              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n" \
	"                  1 12174~ 20  377k~ 99 14812~ 18 11656~ 23  427k~ 99 16672~ 21\n" \
	"Latency             16089us     377us   16058us   12099us       5us   12445us\n" \
	"  p99.9             16056us      71us   12124us   12099us       3us    8159us\n" \
	"  p99                  43us       3us      14us      58us       2us      14us\n" \
	"  median               13us       2us       9us      16us       2us      10us\n" \
	"Before sync /sec    17255                         15478\n" \
	"Sync time           24767us                       21692us\n"
#define OWN_CSV                                                                                                   \
	"1.98,0.1.0,beta,1,1864619332,64M,8k,328494,5,533,38,409245,27,241209,28,741,35,1552641,21,127486,36,1,,,,," \
	"12174,20,377916,99,14812,18,11656,23,427715,99,16672,21,25726us,8271us,12128us,24827us,10644us,124ms,"     \
	"16089us,377us,16058us,12099us,5us,12445us\n"

static struct parsed_set set;

static void teardown(void)
{
	input_free(&set);
}

START_TEST(own_table_read)
{
	const struct parsed_run *r;

	parsed_parse(&set, OWN);
	ck_assert_uint_eq(set.count, 1);
	r = &set.run[0];
	ck_assert_str_eq(r->format, "table");
	ck_assert_str_eq(r->meta[META_NAME], "beta");
	ck_assert_str_eq(r->meta[META_SIZE], "64M");
	ck_assert_str_eq(r->meta[META_NUM_FILES], "1");
	ck_assert_double_eq(r->phase[PHASE_PUTC].rate, 533);
	ck_assert_double_eq(r->phase[PHASE_PUT_BLOCK].rate, 400 * 1024);
	ck_assert_double_eq_tol(r->phase[PHASE_GET_BLOCK].rate, 1.5 * 1048576, 1);
	ck_assert_double_eq(r->phase[PHASE_SEEKS].rate, 127000); /* a count's k is a thousand */
	ck_assert_double_eq(r->phase[PHASE_SEQ_STAT].rate, 377000);
	ck_assert_double_eq(r->phase[PHASE_RAN_DEL].rate, 16672);
	ck_assert_int_eq(r->phase[PHASE_RAN_DEL].cpu, 21);
	ck_assert_int_eq(r->phase[PHASE_SEEKS].latency_ns, 124000000);
	ck_assert_int_eq(r->phase[PHASE_RAN_DEL].latency_ns, 12445000);
	/* the marks as reasons, known; a figure without one has none (its
	 * table has bonnie's rows: it would have marked one) */
	ck_assert_str_eq(r->phase[PHASE_PUT_BLOCK].reasons, "short");
	ck_assert_str_eq(r->phase[PHASE_SEEKS].reasons, "cached");
	ck_assert_str_eq(r->phase[PHASE_SEQ_CREATE].reasons, "short");
	ck_assert_str_eq(r->phase[PHASE_PUTC].reasons, "");
	for (int i = 0; i < PHASE_COUNT; i++)
		if (r->phase[i].state == CELL_VALUE)
			ck_assert_msg(r->phase[i].reasons_known, "%s: reasons unknown", phase_name((enum phase_id)i));
	ck_assert_uint_eq(set.nwarn, 0);
}
END_TEST

/* The whole stdout: table and CSV line one run, the CSV's figures with the
 * table's marks. */
START_TEST(own_table_marks_join_its_csv)
{
	const struct parsed_run *r;

	parsed_parse(&set, OWN OWN_CSV);
	ck_assert_uint_eq(set.count, 1);
	r = &set.run[0];
	ck_assert_ptr_nonnull(strstr(r->origin, "(table) + "));
	ck_assert_double_eq(r->phase[PHASE_SEEKS].rate, 127486);
	ck_assert_str_eq(r->phase[PHASE_SEEKS].reasons, "cached");
	ck_assert(r->phase[PHASE_SEEKS].reasons_known);
	ck_assert_str_eq(r->phase[PHASE_RAN_DEL].reasons, "short");
	ck_assert(r->phase[PHASE_PUTC].reasons_known);
}
END_TEST

/* A mark is read where bonnie++'s rows alone stand (the rows under Latency
 * cut off): the marked figure's reason is known, an unmarked one's is not
 * (bonnie++'s tables mark nothing). */
START_TEST(marks_without_bonnie_rows)
{
	static const char text[] =
		"Version 0.1.0       ------Sequential Output------ --Sequential Input- --Random-\n"
		"                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
		"Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
		"beta            64M  533k  38  400m~ 27  236m# 28  741k  35  1.5g? 21  127kc 36\n";
	const struct parsed_run *r;

	parsed_parse(&set, text);
	ck_assert_uint_eq(set.count, 1);
	r = &set.run[0];
	ck_assert_str_eq(r->phase[PHASE_REWRITE].reasons, "few_operations");
	ck_assert_str_eq(r->phase[PHASE_GET_BLOCK].reasons, "not_evicted");
	ck_assert(r->phase[PHASE_SEEKS].reasons_known);
	ck_assert(!r->phase[PHASE_PUTC].reasons_known);
}
END_TEST

/* input/ cannot call report/model/confidence.c: its marks and names are held to
 * the same order here. */
START_TEST(marks_are_confidence_marks)
{
	static const char *const names[] = TABLE_MARK_NAMES;

	ck_assert_uint_eq(strlen(TABLE_MARKS), CONF_REASONS);
	ck_assert_uint_eq(sizeof names / sizeof names[0], CONF_REASONS);
	for (int i = 0; i < CONF_REASONS; i++) {
		ck_assert_int_eq(TABLE_MARKS[i], confidence_reason_mark(i));
		ck_assert_str_eq(names[i], confidence_reason_name(i));
	}
}
END_TEST

Suite *suite_bonnie_table(void)
{
	Suite *s = suite_create("bonnie_table");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, own_table_read);
	tcase_add_test(tc, own_table_marks_join_its_csv);
	tcase_add_test(tc, marks_without_bonnie_rows);
	tcase_add_test(tc, marks_are_confidence_marks);
	suite_add_tcase(s, tc);
	return s;
}
