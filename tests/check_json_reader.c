/* json_reader: bonnie has one JSON parser (input/json_tree.c) and one
 * mapping of its documents (input/json_run.c) under both readers of them,
 * compare's (json_parsed_run.c) and merge's (host_read.c): a document ends
 * where its value does, a cut one says so, the bulk compare never reads is
 * not kept, both readers take or refuse a document alike and read its names
 * and values alike, and each run is read from the document alone. */
#include "suites.h"
#include "util_parsed.h"
#include "../input/bonnie_doc.h"
#include "../input/host_read.h"
#include "../input/input.h"
#include "../input/json_tree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A document of one run whose put_block is done; m is the machine name as
 * written in the JSON text. */
static void doc_of(char *text, size_t cap, const char *m)
{
	snprintf(text, cap,
	         "{\"tool\":\"bonnie\",\"version\":\"0.1.0\",\"config\":{\"machine\":\"%s\",\"file_size_bytes\":"
	         "1048576},\"schedule\":{\"start_at_ns\":1,\"phase_mask\":2},\"runs\":[{\"clients\":1,\"phases\":["
	         "{\"name\":\"put_block\",\"status\":\"done\",\"rate_kib_s\":200,\"bytes\":400,\"operations\":40,"
	         "\"elapsed_ns\":2000000000,\"wall_start_ns\":1796220792000222001,"
	         "\"histogram_ns\":[[1000,2000,30],[4000,8000,10]],"
	         "\"timeline\":{\"start_ns\":[0],\"length_ns\":[1],\"bytes\":[1],\"operations\":[1]}}]}]}\n",
	         m);
}

/* The document is the value the text opens with: what follows it is not
 * read (compare's input goes on there), and a text that ends first says
 * so and where, so the caller can read more and try again. */
START_TEST(test_document_ends_with_its_value)
{
	const char *text = "{\"a\": [1, \"x\\\"]\"]} {\"b\": 2}";
	const char *why = NULL;
	struct jt t;
	size_t used;

	ck_assert_int_eq(jt_parse_part(&t, text, strlen(text), NULL, &used, &why), 0);
	ck_assert_uint_eq(used, strlen("{\"a\": [1, \"x\\\"]\"]}"));
	ck_assert_uint_eq(jt_count(&t, jt_get(&t, 0, "a")), 2);
	jt_free(&t);
	ck_assert_int_eq(jt_parse_part(&t, text, 12, NULL, &used, &why), -1);
	ck_assert_str_eq(why, "the document cut short");
	ck_assert_uint_eq(used, 12);
	ck_assert_int_eq(jt_parse_part(&t, "{\"a\": tru", 9, NULL, &used, &why), -1);
	ck_assert_uint_eq(used, 6); /* at the literal: more input may make it one */
}
END_TEST

/* Compare never holds a phase's histogram or timeline as nodes: parsed
 * with bonnie_doc_bulk they stay as empty nodes that keep their text (the
 * histogram is read from it alone: json_run.c), while merge's reader keeps
 * every bucket. */
START_TEST(test_bulk_not_kept)
{
	char text[2048], err[200];
	const char *why = NULL;
	struct jt t;
	size_t used;
	struct host_read *h = calloc(1, sizeof *h);

	doc_of(text, sizeof text, "m");
	ck_assert_int_eq(jt_parse_part(&t, text, strlen(text), bonnie_doc_bulk, &used, &why), 0);
	int ph = jt_at(&t, jt_get(&t, bonnie_doc_run(&t, 0), "phases"), 0);
	ck_assert_int_eq(bonnie_doc_phase(&t, ph), PHASE_PUT_BLOCK);
	ck_assert(jt_is(&t, jt_get(&t, ph, "histogram_ns"), JT_ARRAY));
	ck_assert_uint_eq(jt_count(&t, jt_get(&t, ph, "histogram_ns")), 0);
	ck_assert_int_eq(t.node[jt_get(&t, ph, "histogram_ns")].text[0], '[');
	ck_assert(jt_is(&t, jt_get(&t, ph, "timeline"), JT_OBJECT));
	ck_assert_int_eq(jt_get(&t, jt_get(&t, ph, "timeline"), "start_ns"), -1);
	ck_assert_int_eq(jt_get(&t, ph, "elapsed_ns") >= 0, 1); /* the members after it are kept */
	jt_free(&t);
	ck_assert_int_eq(host_read(h, text, 0, err, sizeof err), 0);
	ck_assert_uint_eq(h->read.run.phase[PHASE_PUT_BLOCK].latency.count, 40);
	ck_assert_uint_eq(h->phase[PHASE_PUT_BLOCK].tl_n, 1);
	host_read_free(h);
	free(h);
}
END_TEST

/* A string escape JSON does not have is refused by both readers in the
 * same words (merge's took "\q" as 'q' while compare skipped the
 * document), and a name both take reads the same in both. */
START_TEST(test_readers_agree)
{
	struct parsed_set set = {0};
	char text[2048], err[200];
	struct host_read *h = calloc(1, sizeof *h);

	doc_of(text, sizeof text, "a\\qb");
	ck_assert_int_eq(host_read(h, text, 0, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "a bad escape in a string"));
	parsed_parse(&set, text);
	ck_assert_uint_eq(set.count, 0);
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_ptr_nonnull(strstr(set.warning[0], "JSON document skipped: a bad escape in a string"));
	host_read_free(h);
	memset(h, 0, sizeof *h);
	doc_of(text, sizeof text, "rack \\\"A\\\"\\u0041\\\\1");
	ck_assert_int_eq(host_read(h, text, 0, err, sizeof err), 0);
	parsed_parse(&set, text);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_NAME], h->name);
	ck_assert_str_eq(h->name, "rack \"A\"?\\1");
	ck_assert_int_eq(set.run[0].phase[PHASE_PUT_BLOCK].state, CELL_VALUE);
	ck_assert(h->phase[PHASE_PUT_BLOCK].done);
	input_free(&set);
	host_read_free(h);
	free(h);
}
END_TEST

/* One mapping (json_run.c) under both readers: a member given twice is
 * read as the later by compare and by merge alike (merge took the first),
 * so the two cannot tell a document's size or operations apart. */
START_TEST(test_one_mapping)
{
	const char *text =
		"{\"tool\":\"bonnie\",\"version\":\"0.1.0\",\"config\":{\"file_size_bytes\":1048576,"
		"\"file_size_bytes\":2097152},\"schedule\":{\"start_at_ns\":1},\"runs\":[{\"phases\":["
		"{\"name\":\"seeks\",\"status\":\"done\",\"rate_seeks_s\":20,\"bytes\":400,\"operations\":40,"
		"\"operations\":41,\"elapsed_ns\":2000000000,\"wall_start_ns\":1796220792000222001}]}]}\n";
	struct host_read *h = calloc(1, sizeof *h);
	struct parsed_set set = {0};
	char err[200];

	ck_assert_ptr_nonnull(h);
	ck_assert_int_eq(host_read(h, text, 0, err, sizeof err), 0);
	parsed_parse(&set, text);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(h->setup.file_size, 2097152);
	ck_assert_uint_eq(set.run[0].size_bytes, h->setup.file_size);
	ck_assert_uint_eq(h->read.run.phase[PHASE_SEEKS].units, 41); /* a seek's units are its operations */
	ck_assert_uint_eq(set.run[0].phase[PHASE_SEEKS].operations, h->read.run.phase[PHASE_SEEKS].units);
	ck_assert(h->phase[PHASE_SEEKS].done);
	input_free(&set);
	host_read_free(h);
	free(h);
}
END_TEST

/* The size a document gives is named as bonnie's CSV line names it: a
 * data file of 8 KiB or 100.5 MiB is "8K" or "102912K" (it read "0M" and
 * "100M": in compare's "A host1, 0M" and its file size row). */
START_TEST(test_size_named_as_the_csv_names_it)
{
	static const struct {
		const char *bytes, *want;
	} cases[] = {{"8192", "8K"}, {"105381888", "102912K"}, {"1048576", "1M"}, {"3221225472", "3G"}};
	char text[512];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct parsed_set set = {0};

		snprintf(text, sizeof text,
		         "{\"tool\":\"bonnie\",\"version\":\"0.1.0\",\"config\":{\"file_size_bytes\":%s},"
		         "\"runs\":[{\"phases\":[{\"name\":\"seeks\",\"status\":\"done\",\"rate_seeks_s\":20,"
		         "\"operations\":40,\"elapsed_ns\":2000000000}]}]}\n",
		         cases[i].bytes);
		parsed_parse(&set, text);
		ck_assert_uint_eq(set.count, 1);
		ck_assert_str_eq(set.run[0].meta[META_SIZE], cases[i].want);
		input_free(&set);
	}
}
END_TEST

/* Each run of a document is read from the document alone: a run of -x 2
 * whose queue-depth profile ran O_DIRECT beside buffered phases says so
 * once, as the first does (the second run's mode read "buffered, profile
 * O_DIRECT, pro" on top of the first's, and compare called the two runs
 * not like for like). */
START_TEST(test_runs_read_alike)
{
	const char *run = "{\"phases\":[{\"name\":\"put_block\",\"status\":\"done\",\"rate_kib_s\":200,"
	                  "\"direct_io\":false},{\"name\":\"seq1m_q8t1_read\",\"status\":\"done\","
	                  "\"rate_kib_s\":900,\"direct_io\":true}]}";
	char text[1024];
	struct parsed_set set = {0};

	snprintf(text, sizeof text, "{\"tool\":\"bonnie\",\"config\":{\"direct_io\":false},\"runs\":[%s,%s]}\n",
	         run, run);
	parsed_parse(&set, text);
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[0].io_mode, "buffered, profile O_DIRECT");
	ck_assert_str_eq(set.run[1].io_mode, set.run[0].io_mode);
	input_free(&set);
}
END_TEST

Suite *suite_json_reader(void)
{
	Suite *s = suite_create("json_reader");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_document_ends_with_its_value);
	tcase_add_test(tc, test_bulk_not_kept);
	tcase_add_test(tc, test_readers_agree);
	tcase_add_test(tc, test_one_mapping);
	tcase_add_test(tc, test_size_named_as_the_csv_names_it);
	tcase_add_test(tc, test_runs_read_alike);
	suite_add_tcase(s, tc);
	return s;
}
