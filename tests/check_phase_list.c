/* The phase table's facts where a row could be wrong: the blocks, groups,
 * charts and CSV places agree with each other and with bonnie++'s layout,
 * the flags with each other, the needs close, and the descriptors and the
 * --phases message follow the list. */
#include "suites.h"
#include "../phases/interface/phase.h"
#include "../phases/phase_select.h"
#include "../phases/qd.h"
#include "../input/csv_layout.h"
#include "../report/report.h"

#include <string.h>

#define EACH_PHASE(id) for (enum phase_id id = 0; id < PHASE_COUNT; id++)
#define BIT(id) (1u << (id))

START_TEST(a_sync_split_ends_writing)
{
	EACH_PHASE(id)
	{
		if (phase_is(id, FACT_SYNC_SPLIT))
			ck_assert_msg(phase_is(id, FACT_WRITES), "%s", phase_name(id));
	}
}
END_TEST

/* The phases the sweep's answer reads (FACT_LOADS_SERVER) are what its
 * words say, "block write and read, file create, stat and delete": every
 * phase of bonnie++'s file block and the block-sized data phases that
 * either write or read (not rewrite, which does both), never per-char,
 * seeks or the profile's. */
START_TEST(a_server_phase_is_as_the_answer_says)
{
	EACH_PHASE(id)
	{
		const struct phase_facts *f = phase_facts_of(id);
		bool block_one_way = f->chart == CHART_BLOCK && !phase_is(id, FACT_WRITES | FACT_READS_DATA);
		ck_assert_msg(phase_is(id, FACT_LOADS_SERVER) == (f->block == BLOCK_FILES || block_one_way), "%s",
		              phase_name(id));
	}
	ck_assert(phase_is(PHASE_PUT_BLOCK, FACT_LOADS_SERVER) && !phase_is(PHASE_PUTC, FACT_LOADS_SERVER));
}
END_TEST

/* A phase that reads the data file reads it only after a phase that
 * wrote it, which --phases brings along. */
START_TEST(a_reader_of_the_data_file_needs_its_writer)
{
	EACH_PHASE(id)
	{
		bool writer = false;

		if (!phase_is(id, FACT_READS_DATA))
			continue;
		ck_assert_msg(phase_is(id, FACT_DATA_FILE), "%s", phase_name(id));
		EACH_PHASE(w)
		{
			if ((phase_with_needs(BIT(id)) & BIT(w)) && w < id && phase_is(w, FACT_WRITES | FACT_DATA_FILE))
				writer = true;
		}
		ck_assert_msg(writer, "%s needs no earlier writer of the data file", phase_name(id));
	}
}
END_TEST

/* Every phase that reads the data file has its moment of eviction in its
 * row (bonnie++'s reads before preparation, the profile's reads after),
 * so none reads what an earlier phase left in the page cache; what is
 * evicted is always the data file. */
START_TEST(a_reader_of_the_data_file_is_evicted_first)
{
	EACH_PHASE(id)
	{
		bool reads = phase_is(id, FACT_READS_DATA) ||
		             (phase_is(id, FACT_DATA_FILE) && !phase_is(id, FACT_WRITES));

		if (reads)
			ck_assert_msg(phase_evict_moment(id) != EVICT_NEVER, "%s", phase_name(id));
		if (phase_evict_moment(id) != EVICT_NEVER)
			ck_assert_msg(phase_is(id, FACT_DATA_FILE), "%s", phase_name(id));
	}
	ck_assert_int_eq(phase_evict_moment(PHASE_GET_BLOCK), EVICT_BEFORE_PREPARE);
	ck_assert_int_eq(phase_evict_moment(PHASE_RND4K_Q1T1_READ), EVICT_AFTER_PREPARE);
	ck_assert_int_eq(phase_evict_moment(PHASE_PUT_BLOCK), EVICT_NEVER);
}
END_TEST

/* bonnie++'s two blocks are six columns each, in pipeline order; its
 * groups follow the columns, each group's phases adjacent. */
START_TEST(blocks_hold_six_columns_in_pipeline_order)
{
	static const enum table_block bonnie[] = {BLOCK_IO, BLOCK_FILES};

	for (size_t b = 0; b < 2; b++) {
		enum phase_id cols[PHASE_COUNT];
		int n = phase_block_columns(bonnie[b], cols);

		ck_assert_int_eq(n, BLOCK_COLUMNS);
		for (int k = 0; k < n; k++) {
			ck_assert_int_eq(phase_facts_of(cols[k])->col, k);
			ck_assert_msg(phase_is(cols[k], FACT_BONNIE_CSV), "%s", phase_name(cols[k]));
			if (k > 0)
				ck_assert_int_lt(cols[k - 1], cols[k]);
		}
	}
}
END_TEST

START_TEST(group_order_is_table_order)
{
	unsigned seen = 0;

	EACH_PHASE(id)
	{
		enum phase_group g = phase_group(id);

		if (id > 0 && g != phase_group(id - 1)) {
			ck_assert_msg(g > phase_group(id - 1), "%s: group before the previous phase's", phase_name(id));
			ck_assert_msg(!(seen & BIT(g)), "%s: its group's phases are not adjacent", phase_name(id));
		}
		seen |= BIT(g);
		ck_assert_ptr_nonnull(phase_group_words(g));
		if (id > 0 && phase_facts_of(id)->block == phase_facts_of(id - 1)->block)
			ck_assert_int_gt(phase_facts_of(id)->col, phase_facts_of(id - 1)->col);
	}
}
END_TEST

/* A chart's axis unit is its first phase's: every phase on it counts the same. */
START_TEST(a_chart_draws_one_unit)
{
	for (int c = 0; c < CHART_COUNT; c++) {
		int n = 0;
		enum rate_unit u = RATE_BYTES;

		EACH_PHASE(id)
		{
			if ((int)phase_facts_of(id)->chart != c)
				continue;
			if (n++ == 0)
				u = phase_unit(id);
			ck_assert_msg(phase_unit(id) == u, "%s: another unit on its chart", phase_name(id));
		}
		ck_assert_int_gt(n, 0);
	}
}
END_TEST

/* bonnie++'s CSV fields (the 1.98 layout): distinct, inside the line, never
 * a setting's; a phase without a place writes none. */
START_TEST(csv_fields_are_distinct_and_in_the_line)
{
	unsigned char used[CSV_MAX_FIELDS] = {0};

	EACH_PHASE(id)
	{
		int f[3];

		if (!csv_layout_phase_fields(&csv_layout_198, id, &f[0], &f[1], &f[2])) {
			ck_assert(!phase_is(id, FACT_BONNIE_CSV));
			continue;
		}
		ck_assert(phase_is(id, FACT_BONNIE_CSV));
		for (int i = 0; i < 3; i++) {
			ck_assert_int_ge(f[i], 0);
			ck_assert_int_lt(f[i], csv_layout_198.nfields);
			ck_assert_msg(csv_layout_198.field[f[i]].holds != CSV_HOLDS_SETTING, "%s: a setting's field",
			              phase_name(id));
			ck_assert_msg(!used[f[i]], "%s: field %d taken", phase_name(id), f[i]);
			used[f[i]] = 1;
		}
	}
}
END_TEST

START_TEST(needs_as_the_manual_says)
{
	/* block write before anything that reads the data file; each create
	 * with its stat users and its delete */
	ck_assert_uint_eq(phase_with_needs(BIT(PHASE_PUTC)), BIT(PHASE_PUTC));
	ck_assert_uint_eq(phase_with_needs(BIT(PHASE_SEEKS)), BIT(PHASE_SEEKS) | BIT(PHASE_PUT_BLOCK));
	ck_assert_uint_eq(phase_with_needs(BIT(PHASE_SEQ_STAT)),
	                  BIT(PHASE_SEQ_CREATE) | BIT(PHASE_SEQ_STAT) | BIT(PHASE_SEQ_DEL));
	ck_assert_uint_eq(phase_with_needs(BIT(PHASE_RAN_DEL)), BIT(PHASE_RAN_CREATE) | BIT(PHASE_RAN_DEL));
	EACH_PHASE(id)
	{
		uint32_t m = phase_with_needs(BIT(id));
		ck_assert_uint_eq(phase_with_needs(m), m); /* closed */
	}
}
END_TEST

START_TEST(descriptors_follow_the_list)
{
	EACH_PHASE(id)
	{
		ck_assert_ptr_nonnull(phase_table[id]);
		ck_assert_int_eq(phase_table[id]->id, id);
	}
}
END_TEST

START_TEST(unknown_phase_message_names_every_phase)
{
	char err[512];
	uint32_t mask;

	ck_assert_int_eq(phase_select_parse("nosuch", &mask, err, sizeof err), -1);
	EACH_PHASE(id)
	{
		ck_assert_msg(strstr(err, phase_name(id)) != NULL, "%s", phase_name(id));
	}
}
END_TEST

/* The queue-depth profile is one question (qd_is: the group's), and the
 * table's block and chart, the shapes and --phases qd's mask agree with
 * it; a profile phase writes exactly when its row says FACT_WRITES (the
 * shape's write and the buffered read's eviction, qd.c, read that flag). */
START_TEST(the_profile_is_asked_one_way)
{
	uint32_t mask = 0;

	EACH_PHASE(id)
	{
		bool qd = qd_is(id);
		struct qd_shape sh = qd_shape_of(id);

		ck_assert_msg(qd == (phase_group(id) == GROUP_QD), "%s", phase_name(id));
		ck_assert_msg(qd == (phase_facts_of(id)->block == BLOCK_QD), "%s", phase_name(id));
		ck_assert_msg(qd == (phase_facts_of(id)->chart == CHART_QD), "%s", phase_name(id));
		ck_assert_msg(qd == (sh.block != 0 && sh.depth != 0), "%s", phase_name(id));
		ck_assert_msg(!qd || sh.write == phase_is(id, FACT_WRITES), "%s", phase_name(id));
		mask |= qd ? BIT(id) : 0;
	}
	ck_assert_uint_eq(qd_mask(), mask);
	ck_assert_uint_ne(mask, 0);
}
END_TEST

/* A mask of a flag holds exactly the phases whose rows have it: the
 * per-char phases' mask is what --like's -f and the like reader read. */
START_TEST(a_flag_mask_holds_its_rows)
{
	static const unsigned flags[] = {FACT_PERCHAR, FACT_WRITES | FACT_SYNC_SPLIT, FACT_DATA_FILE, 0};

	for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++)
		EACH_PHASE(id)
		{
			ck_assert_msg(!!(phase_mask_is(flags[k]) & BIT(id)) == phase_is(id, flags[k]), "%s", phase_name(id));
		}
	ck_assert_uint_ne(phase_mask_is(FACT_PERCHAR), 0);
	ck_assert_uint_eq(phase_mask_is(0), (1u << PHASE_COUNT) - 1);
}
END_TEST

Suite *suite_phase_list(void)
{
	Suite *s = suite_create("phase_list");
	TCase *t = tcase_create("facts");

	tcase_add_test(t, a_sync_split_ends_writing);
	tcase_add_test(t, a_server_phase_is_as_the_answer_says);
	tcase_add_test(t, a_reader_of_the_data_file_needs_its_writer);
	tcase_add_test(t, a_reader_of_the_data_file_is_evicted_first);
	tcase_add_test(t, blocks_hold_six_columns_in_pipeline_order);
	tcase_add_test(t, group_order_is_table_order);
	tcase_add_test(t, a_chart_draws_one_unit);
	tcase_add_test(t, csv_fields_are_distinct_and_in_the_line);
	tcase_add_test(t, needs_as_the_manual_says);
	tcase_add_test(t, descriptors_follow_the_list);
	tcase_add_test(t, unknown_phase_message_names_every_phase);
	tcase_add_test(t, the_profile_is_asked_one_way);
	tcase_add_test(t, a_flag_mask_holds_its_rows);
	suite_add_tcase(s, t);
	return s;
}
