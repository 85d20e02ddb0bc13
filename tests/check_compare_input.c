/* input/: every CSV layout decodes through its field map to the same
 * numbers, results are found in prose and rejoined after mail wrapping,
 * and every bad candidate gives exactly one warning naming file:line. */
#include "suites.h"
#include "util_parsed.h"
#include "../input/input.h"
#include "../input/run_read.h"
#include "../report/compare/compare.h"
#include "compare_samples.h"

#include <stdio.h>
#include <stdlib.h>
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

static void check_sample_numbers(const struct parsed_run *r)
{
	ck_assert_int_eq(r->phase[PHASE_PUTC].state, CELL_VALUE);
	ck_assert_double_eq(r->phase[PHASE_PUTC].rate, 535);
	ck_assert_int_eq(r->phase[PHASE_PUTC].cpu, 99);
	ck_assert_double_eq(r->phase[PHASE_PUT_BLOCK].rate, 319590);
	ck_assert_int_eq(r->phase[PHASE_GET_BLOCK].state, CELL_TOO_FAST);
	ck_assert_int_eq(r->phase[PHASE_GET_BLOCK].cpu, -1);
	ck_assert_double_eq(r->phase[PHASE_SEEKS].rate, 8816);
	ck_assert_double_eq(r->phase[PHASE_RAN_CREATE].rate, 1918);
	ck_assert_int_eq(r->phase[PHASE_RAN_DEL].state, CELL_TOO_FAST);
	ck_assert_str_eq(r->meta[META_NAME], "vm");
	ck_assert_str_eq(r->meta[META_SIZE], "512M");
	ck_assert_uint_eq(r->size_bytes, 512ull << 20);
	ck_assert_str_eq(r->meta[META_NUM_FILES], "4");
}

START_TEST(format_198_real_line)
{
	parse(L198 "\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 0);
	check_sample_numbers(&set.run[0]);
	ck_assert_int_eq(set.run[0].phase[PHASE_PUTC].latency_ns, 28168000);
	ck_assert_int_eq(set.run[0].phase[PHASE_RAN_DEL].latency_ns, 11964000);
	/* a CSV line states a rate, its %CPU and the max latency, never reasons */
	ck_assert_uint_eq(set.run[0].phase[PHASE_PUTC].known, READ_RATE | READ_CPU_PCT | READ_LAT_MAX);
	ck_assert_uint_eq(set.run[0].phase[PHASE_GET_BLOCK].known, READ_LAT_MAX); /* +++++,+++ */
	ck_assert_str_eq(set.run[0].format, "1.98");
	ck_assert_str_eq(set.run[0].origin, "t.txt:1");
	ck_assert_str_eq(parsed_csv_of(&set.run[0]), L198);
}
END_TEST

START_TEST(format_197_and_196_become_198)
{
	const char *tags[] = {"1.97", "1.96"};
	char line[1024];

	for (int i = 0; i < 2; i++) {
		snprintf(line, sizeof line, "%s%s", tags[i], &L197[4]);
		parse(line);
		ck_assert_uint_eq(set.count, 1);
		ck_assert_str_eq(set.run[0].format, tags[i]);
		check_sample_numbers(&set.run[0]);
		ck_assert_int_eq(set.run[0].phase[PHASE_SEEKS].latency_ns, 21617000);
		/* the seek defaults those versions did not write are filled in */
		ck_assert_str_eq(parsed_csv_of(&set.run[0]), L198);
	}
}
END_TEST

START_TEST(format_10x_has_no_latency)
{
	parse("some text\n" L10X "\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_str_eq(set.run[0].format, "1.0x");
	ck_assert_str_eq(set.run[0].origin, "t.txt:2");
	check_sample_numbers(&set.run[0]);
	for (int i = 0; i < PHASE_COUNT; i++)
		ck_assert_int_eq(set.run[0].phase[i].latency_ns, -1);
}
END_TEST

START_TEST(format_10x_files_field_with_sizes)
{
	parse("vm,1G,535,99,319590,78,631440,65,518,99,+++++,+++,8816,32,16:100000:16/64,3691,92,+++++,+++,"
	      "+++++,+++,1918,68,+++++,+++,+++++,+++\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].meta[META_NUM_FILES], "16");
	ck_assert_str_eq(set.run[0].meta[META_MAX_SIZE], "100000");
	ck_assert_str_eq(set.run[0].meta[META_MIN_SIZE], "16");
	ck_assert_str_eq(set.run[0].meta[META_NUM_DIRS], "64");
	ck_assert_str_eq(set.run[0].meta[META_SIZE], "1G");
}
END_TEST

START_TEST(latency_units_normalised)
{
	static const struct {
		const char *text;
		int64_t ns;
	} cases[] = {
		{"598us", 598000}, {"28ms", 28000000}, {"12s", 12000000000}, {"1.5 ms", 1500000},
		{"300ns", 300}, {"0us", 0},
	};
	int64_t ns;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_int_eq(input_parse_latency(cases[i].text, &ns), 0);
		ck_assert_int_eq(ns, cases[i].ns);
	}
	ck_assert_int_eq(input_parse_latency("12", &ns), -1);
	ck_assert_int_eq(input_parse_latency("us", &ns), -1);
	ck_assert_int_eq(input_parse_latency("12 h", &ns), -1);
	ck_assert_int_eq(input_parse_latency("1.2.3ms", &ns), -1);
}
END_TEST

START_TEST(empty_fields_are_not_run)
{
	/* real 2.00a lines: -s 0, and -n 0 -f */
	parse("1.98,2.00a,vm,1,1,,,,,,,,,,,,,,,,,1,,,,,2016,93,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,"
	      ",,,,,,5208us,114us,232us,4194us,79us,100us\n"
	      "1.98,2.00a,vm,1,1,512M,,8192,5,,,357883,75,576407,63,,,+++++,+++,+++++,+++,,,,,,,,,,,,,,,,,,,"
	      "5886us,4202us,,608us,16319us,,,,,,\n");
	ck_assert_uint_eq(set.count, 2);
	ck_assert_int_eq(set.run[0].phase[PHASE_PUT_BLOCK].state, CELL_NOT_RUN);
	ck_assert_int_eq(set.run[0].phase[PHASE_PUT_BLOCK].latency_ns, -1);
	ck_assert_int_eq(set.run[0].phase[PHASE_SEQ_CREATE].state, CELL_VALUE);
	ck_assert_uint_eq(set.run[0].size_bytes, 0);
	ck_assert_int_eq(set.run[1].phase[PHASE_PUTC].state, CELL_NOT_RUN);
	ck_assert_int_eq(set.run[1].phase[PHASE_SEEKS].state, CELL_TOO_FAST);
	ck_assert_int_eq(set.run[1].phase[PHASE_REWRITE].latency_ns, 4202000);
	ck_assert_int_eq(set.run[1].phase[PHASE_SEQ_DEL].state, CELL_NOT_RUN);
}
END_TEST

/* A forum post: the table flattened into one line, the CSV line after it. */
START_TEST(found_after_a_flattened_table)
{
	parse("Hi all, my results: Version 2.00a ------Sequential Output------ --Sequential Input- --Random- "
	      "Latency 17315us 185us 1085us 37609us 147us 11964us " L198 " thanks!\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_str_eq(parsed_csv_of(&set.run[0]), L198);
}
END_TEST

START_TEST(glued_to_the_previous_word)
{
	parse("Latency 11964us" L198 "\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(parsed_csv_of(&set.run[0]), L198);
}
END_TEST

START_TEST(two_lines_joined_by_a_blank)
{
	char text[2048];

	/* two runs (another seed) */
	snprintf(text, sizeof text, "%s %s\n", L198, L198);
	memcpy(strstr(strchr(text, ' '), ",12345,"), ",12346,", 7);
	parse(text);
	ck_assert_uint_eq(set.count, 2);
	ck_assert_uint_eq(set.nwarn, 0);
	/* one result twice: one run found in both places */
	parse(L198 " " L198 "\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].origin, "t.txt:1 + t.txt:1");
}
END_TEST

/* Lines cut at 76 columns, at a comma and inside a field, with the
 * trailing blank format=flowed adds. */
START_TEST(wrapped_lines_rejoined)
{
	char text[2048], *cut;
	size_t at;

	for (int mid = 0; mid < 2; mid++) {
		at = 76;
		snprintf(text, sizeof text, "> %s", L198);
		cut = text + at;
		if (!mid)
			while (*cut != ',')
				cut++;
		memmove(cut + 4, cut, strlen(cut) + 1);
		memcpy(cut, " \n> ", 4);
		strcat(text, "\nnext line\n");
		parse(text);
		ck_assert_uint_eq(set.count, 1);
		ck_assert_uint_eq(set.nwarn, 0);
		ck_assert_str_eq(set.run[0].origin, "t.txt:1");
		ck_assert_str_eq(parsed_csv_of(&set.run[0]), L198);
	}
}
END_TEST

/* The next line starts another result: no join, one warning. */
START_TEST(ambiguous_wrap_is_not_joined)
{
	char text[2048];

	snprintf(text, sizeof text, "%.100s\n%s\n", L198, L198);
	parse(text);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_str_eq(set.run[0].origin, "t.txt:2");
	ck_assert_ptr_nonnull(strstr(set.warning[0], "t.txt:1: 1.98 line skipped: "));
	ck_assert_ptr_nonnull(strstr(set.warning[0], "fields, a 1.98 line has 50"));
}
END_TEST

/* One warning per bad line, naming file:line and why; the rest is kept. */
START_TEST(bad_lines_warn_once_each)
{
	char text[4096], bad_cpu[1024], *p;

	snprintf(bad_cpu, sizeof bad_cpu, "%s", L198);
	p = strstr(bad_cpu, ",319590,78,") + 8;
	memcpy(p, "x8", 2); /* block write %CPU */
	snprintf(text, sizeof text,
	         "%s\n"                                   /* 1: good */
	         "%.150s\n\n"                             /* 2: truncated */
	         "%s\n"                                   /* 4: bad %%CPU */
	         "2.01,2.01,vm,1,1,512M,,8192,5,1,1,1,1,1,1,1,1,1,1,1,1,4,,,,,1,1,1,1\n" /* 5: unknown */
	         "1.98,2.00a,vm,1,1,512M,,8192,5,535,99,abc,78,631440,65,518,99,+++++,+++,8816,32,4,,,,,3691,"
	         "92,+++++,+++,+++++,+++,1918,68,+++++,+++,+++++,+++,1ms,1ms,1ms,1ms,1ms,1ms,1ms,1ms,1ms,1ms,"
	         "1ms,1ms\n"                              /* 6: bad rate */
	         "{\"tool\": \"bonnie\", \"runs\": [\n"  /* 7: cut JSON */
	         "%s\n",                                  /* 8: good */
	         L198, L198, bad_cpu, L197);
	parse(text);
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[0].origin, "t.txt:1");
	ck_assert_str_eq(set.run[1].origin, "t.txt:8");
	ck_assert_uint_eq(set.nwarn, 5);
	ck_assert_str_eq(set.warning[0], "t.txt:2: 1.98 line skipped: 39 fields, a 1.98 line has 50");
	ck_assert_str_eq(set.warning[1], "t.txt:4: 1.98 line skipped: field 12 (block write %CPU) is 'x8'");
	ck_assert_str_eq(set.warning[2],
	                 "t.txt:5: unknown CSV format '2.01' skipped (known: 1.98, 1.97, 1.96, 1.93c, 1.92a, 1.0x)");
	ck_assert_str_eq(set.warning[3], "t.txt:6: 1.98 line skipped: field 11 (block write rate) is 'abc'");
	ck_assert_ptr_nonnull(strstr(set.warning[4], "t.txt:7: JSON document skipped: "));
}
END_TEST

/* Prose that mentions a version is not a result and not a warning. */
START_TEST(prose_is_quiet)
{
	parse("bonnie++ 1.98, which I ran, says 1.98,2.00a but nothing else.\nname,file_size,putc\n"
	      "a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y,z\n");
	ck_assert_uint_eq(set.count, 0);
	ck_assert_uint_eq(set.nwarn, 1); /* "1.98,2.00a" alone looks like a cut line */
	ck_assert_str_eq(set.warning[0], "t.txt:1: 1.98 line skipped: 2 fields, a 1.98 line has 50");
}
END_TEST

START_TEST(json_document)
{
	parse("Here is my JSON:\n" JDOC "and a line after\n");
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_uint_eq(set.count, 1);
	struct parsed_run *r = &set.run[0];
	ck_assert_str_eq(r->format, "json");
	ck_assert_str_eq(r->origin, "t.txt:2");
	ck_assert_str_eq(r->meta[META_NAME], "j1");
	ck_assert_str_eq(r->meta[META_SIZE], "256M");
	ck_assert_int_eq(r->phase[PHASE_PUTC].state, CELL_NOT_RUN);
	ck_assert_int_eq(r->phase[PHASE_PUT_BLOCK].state, CELL_VALUE);
	ck_assert_double_eq_tol(r->phase[PHASE_PUT_BLOCK].rate, 627105.5, 1e-6);
	ck_assert_int_eq(r->phase[PHASE_PUT_BLOCK].latency_ns, 571000);
	ck_assert(r->phase[PHASE_SEEKS].low_confidence);
	ck_assert_int_eq(r->phase[PHASE_RAN_DEL].state, CELL_FAILED);
	ck_assert_str_eq(parsed_csv_of(r), "1.98,0.1.0,j1,1,7,256M,8k,8192,5,,,627105,60,,,,,,,812.2,3,1,,,,,,,,,,,,,,,,,"
	                            ",571us,,,,8715us,,,,,,");
}
END_TEST

/* The confidence reasons of bonnie's JSON are read (issue 32): names kept,
 * anything else dropped; a document without them leaves them unknown. */
START_TEST(json_confidence_reasons)
{
	char doc[2048];
	const char *bad = "\"reasons\":[\"cached\"],";

	parse(JMARKS);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].phase[PHASE_SEEKS].reasons, "cached");
	ck_assert(set.run[0].phase[PHASE_SEEKS].reasons_known);
	ck_assert_str_eq(set.run[0].phase[PHASE_SEQ_CREATE].reasons, "short");
	ck_assert_str_eq(set.run[0].phase[PHASE_PUT_BLOCK].reasons, "");
	ck_assert(set.run[0].phase[PHASE_PUT_BLOCK].reasons_known); /* it has a mark: none */
	ck_assert(!set.run[0].phase[PHASE_PUTC].reasons_known);      /* not in the document */
	ck_assert_uint_eq(set.run[0].phase[PHASE_SEEKS].known, READ_RATE | READ_CPU_PCT | READ_LAT_MAX | READ_REASONS);
	ck_assert_uint_eq(set.run[0].phase[PHASE_PUTC].known, 0);
	/* two reasons, and one that is no name, left out */
	snprintf(doc, sizeof doc, "%.*s\"reasons\":[\"short\",\"x y\",\"cached\"],%s", (int)(strstr(JMARKS, bad) - JMARKS),
	         JMARKS, strstr(JMARKS, bad) + strlen(bad));
	input_free(&set);
	parse(doc);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].phase[PHASE_SEEKS].reasons, "short cached");
	input_free(&set);
	parse(JDOC);
	ck_assert(!set.run[0].phase[PHASE_SEEKS].reasons_known);
	ck_assert(set.run[0].phase[PHASE_SEEKS].low_confidence);
}
END_TEST

/* Counts sized by time: the config has none (null), each run says how
 * many ran, and compare reads those (a file-count difference between
 * runs is then seen, as in their CSV lines). */
START_TEST(json_counts_that_ran)
{
	parse("{\"tool\": \"bonnie\", \"config\": {\"machine\": \"j2\", \"file_size_bytes\": 1073741824, "
	      "\"seeks\": null, \"seek_workers\": 5, \"files\": null, \"file_kind\": \"files\"},\n"
	      "\"runs\": [{\"run\": 1, \"counts\": {\"seeks\": 102578, \"files\": 112640}, \"phases\": [\n"
	      "  {\"name\": \"seq_create\", \"status\": \"done\", \"rate_files_s\": 9000}]},\n"
	      " {\"run\": 2, \"counts\": {\"seeks\": 0, \"files\": 149504}, \"phases\": [\n"
	      "  {\"name\": \"seq_create\", \"status\": \"done\", \"rate_files_s\": 9100}]}]}\n");
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[0].meta[META_SEEKS], "102578");
	ck_assert_str_eq(set.run[0].meta[META_NUM_FILES], "110");
	ck_assert_str_eq(set.run[1].meta[META_SEEKS], ""); /* no seeks ran, none planned */
	ck_assert_str_eq(set.run[1].meta[META_NUM_FILES], "146");
}
END_TEST

/* What a JSON run records of its setup and behind its percentiles
 * (issue 33): the I/O mode (config.direct_io), the file system and
 * device, each phase's operations, elapsed time and p50/p99; a CSV line
 * leaves them all unknown. */
START_TEST(json_setup_and_percentiles)
{
	parse("{\"tool\": \"bonnie\", \"config\": {\"machine\": \"j3\", \"file_size_bytes\": 268435456, "
	      "\"direct_io\": true},\n\"environment\": {\"host\": \"h\", \"file_system\": {\"type\": \"ext4\", "
	      "\"source\": \"/dev/vda1\", \"mount_point\": \"/\"}, \"share\": null, \"device\": {\"name\": "
	      "\"vda1\", \"disk\": \"vda\"}},\n\"runs\": [{\"run\": 1, \"phases\": [\n"
	      "  {\"name\": \"put_block\", \"status\": \"done\", \"operations\": 32768, \"elapsed_ns\": 2500000000, "
	      "\"rate_kib_s\": 9000, \"latency_ns\": {\"count\": 32768, \"p50\": 61000, \"p99\": 950000, "
	      "\"max\": 4000000}},\n"
	      "  {\"name\": \"get_block\", \"status\": \"failed\", \"operations\": 3, \"rate_kib_s\": 1, "
	      "\"latency_ns\": {\"p50\": 5, \"p99\": 7}}]}]}\n");
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_uint_eq(set.count, 1);
	struct parsed_run *r = &set.run[0];
	ck_assert_str_eq(r->io_mode, "O_DIRECT");
	ck_assert_str_eq(r->file_system, "ext4 on /dev/vda1");
	ck_assert_str_eq(r->device, "vda1");
	ck_assert_uint_eq(r->phase[PHASE_PUT_BLOCK].operations, 32768);
	ck_assert_uint_eq(r->phase[PHASE_PUT_BLOCK].elapsed_ns, 2500000000u);
	ck_assert_int_eq(r->phase[PHASE_PUT_BLOCK].p50_ns, 61000);
	ck_assert_int_eq(r->phase[PHASE_PUT_BLOCK].p99_ns, 950000);
	ck_assert_int_eq(r->phase[PHASE_GET_BLOCK].p99_ns, 0); /* failed: no percentile */
	/* bonnie's JSON states percentiles below the max, and no marks here */
	ck_assert_uint_eq(r->phase[PHASE_PUT_BLOCK].known, READ_RATE | READ_LAT_MAX | READ_LAT_P50 | READ_LAT_P99);
	ck_assert_uint_eq(r->phase[PHASE_GET_BLOCK].known, 0);
	input_free(&set);
	/* buffered, from a share (no device) */
	parse("{\"tool\": \"bonnie\", \"config\": {\"direct_io\": false}, \"environment\": {\"file_system\": "
	      "{\"type\": \"nfs4\", \"source\": \"srv:/x\"}, \"device\": null}, \"runs\": [{\"run\": 1, "
	      "\"phases\": [{\"name\": \"put_block\", \"status\": \"done\", \"rate_kib_s\": 9000}]}]}\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].io_mode, "buffered");
	ck_assert_str_eq(set.run[0].file_system, "nfs4 on srv:/x");
	ck_assert_str_eq(set.run[0].device, "");
	input_free(&set);
	parse(JDOC); /* a document without them: unknown */
	ck_assert_str_eq(set.run[0].io_mode, "");
	ck_assert_str_eq(set.run[0].file_system, "");
}
END_TEST

/* The queue-depth profile runs O_DIRECT whatever -D says (issue 36): a
 * run's I/O mode adds the profile's where it differs, a profile-only run's
 * is the profile's, and two runs differ in I/O mode for a phase by that
 * phase's own direct_io, not by the runs' modes. */
#define QD_DOC(direct, name, classic)                                                                \
	"{\"tool\": \"bonnie\", \"config\": {\"machine\": \"" name "\", \"direct_io\": " direct "}, "  \
	"\"runs\": [{\"run\": 1, \"phases\": [" classic                                                   \
	"{\"name\": \"rnd4k_q1t1_read\", \"status\": \"done\", \"rate_kib_s\": 40000, \"direct_io\": true}]}]}\n"
#define PUT_BLOCK(direct) \
	"{\"name\": \"put_block\", \"status\": \"done\", \"rate_kib_s\": 9000, \"direct_io\": " direct "}, "

START_TEST(json_profile_io_mode)
{
	struct parsed_run mixed, only;

	parse(QD_DOC("false", "mixed", PUT_BLOCK("false")));
	ck_assert_uint_eq(set.count, 1);
	mixed = set.run[0];
	ck_assert_str_eq(mixed.io_mode, "buffered, profile O_DIRECT");
	ck_assert_int_eq(mixed.phase[PHASE_PUT_BLOCK].io, PARSED_IO_BUFFERED);
	ck_assert_int_eq(mixed.phase[PHASE_RND4K_Q1T1_READ].io, PARSED_IO_DIRECT);
	input_free(&set);
	parse(QD_DOC("false", "only", ""));
	ck_assert_uint_eq(set.count, 1);
	only = set.run[0];
	ck_assert_str_eq(only.io_mode, "O_DIRECT");
	input_free(&set);
	/* -D and the profile agree: the mode alone */
	parse(QD_DOC("true", "both", PUT_BLOCK("true")));
	ck_assert_str_eq(set.run[0].io_mode, "O_DIRECT");
	ck_assert_uint_eq(compare_setup_differs(&set.run[0], &mixed, PHASE_RND4K_Q1T1_READ), 0);
	ck_assert_uint_eq(compare_setup_differs(&set.run[0], &mixed, PHASE_PUT_BLOCK), COMPARE_SETUP_IO);
	input_free(&set);
	ck_assert_uint_eq(compare_setup_differs(&only, &mixed, PHASE_RND4K_Q1T1_READ), 0);
}
END_TEST

/* A CSV line whose pieces an editor put a blank line between (each piece
 * ends in a comma, where no line ends): one run, every figure; two whole
 * lines with a blank line between stay two runs. */
START_TEST(csv_pieces_with_blank_lines_between)
{
	parse("Results:\n\n"
	      "1.97,2.00a,vm,1,12345,512M,,535,99,319590,78,631440,65,518,99,+++++,+++,8816,32,4,,,,,\n\n"
	      "3691,92,+++++,+++,+++++,+++,1918,68,+++++,+++,+++++,+++,28168us,598us,279us,\n\n"
	      "23885us,705us,21617us,17315us,185us,1085us,37609us,147us,11964us\n\nThat is all.\n");
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_uint_eq(set.count, 1);
	check_sample_numbers(&set.run[0]);
	ck_assert_int_eq(set.run[0].phase[PHASE_RAN_DEL].latency_ns, 11964000);
	input_free(&set);
	parse(L197 "\n\n1.97,2.00a,vx,1,12345,512M,,535,99,319590,78,631440,65,518,99,+++++,+++,8816,32,4,,,,,"
	      "3691,92,+++++,+++,+++++,+++,1918,68,+++++,+++,+++++,+++,28168us,598us,279us,23885us,705us,"
	      "21617us,17315us,185us,1085us,37609us,147us,11964us\n");
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[1].meta[META_NAME], "vx");
	input_free(&set);
}
END_TEST

/* Every format in one file, in prose, with a wrapped line: all found, in order. */
START_TEST(mixed_formats_in_one_file)
{
	char text[8192];
	const char *l197 = L197;

	snprintf(text, sizeof text, "Old box:\n%s\nNew box (forum): %s ok\nJSON:\n%sWrapped:\n%.60s\n%s\n1.96%s\n",
	         L10X, L197, JDOC, L198, &L198[60], l197 + 4);
	parse(text);
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_uint_eq(set.count, 5);
	ck_assert_str_eq(set.run[0].format, "1.0x");
	ck_assert_str_eq(set.run[1].format, "1.97");
	ck_assert_str_eq(set.run[2].format, "json");
	ck_assert_str_eq(set.run[3].format, "1.98");
	ck_assert_str_eq(set.run[4].format, "1.96");
	ck_assert_str_eq(set.run[3].origin, "t.txt:17");
	ck_assert_str_eq(set.run[4].origin, "t.txt:19");
}
END_TEST

/* A wrap inside the last field ("...,119" + "64us"): the first join with
 * the right field count is not a good line, the whole one is. */
START_TEST(wrapped_inside_last_field)
{
	char text[2048];
	size_t n = strlen(L198);

	snprintf(text, sizeof text, "> %.*s\n> %s\nbye\n", (int)(n - 4), L198, &L198[n - 4]);
	parse(text);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_str_eq(parsed_csv_of(&set.run[0]), L198);
}
END_TEST

#define C10X_DIGIT "oldbox,512M,402,97,81234,31,30211,12,398,96,61222,9,210.5,1,16,1203,40,+++++,+++,1650,23,1190," \
                   "41,+++++,+++,1401,20"

/* A 1.0x line wrapped at 72 columns by a quoting mailer, and one wrapped
 * inside its last %CPU: the longest good join wins ("9" + "2" is 92). */
START_TEST(wrapped_10x_lines_rejoined)
{
	static const char *line = "storagenew.a2000.nu,1G,19931,99,99258,73,61688,31,23784,98,178478,41,616.9,2,16,"
	                          "1966,96,+++++,+++,+++++,+++,2043,99,+++++,+++,5518,92";
	char text[2048];

	snprintf(text, sizeof text, "> %.70s\n> %s\n\n", line, line + 70);
	parse(text);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_double_eq(set.run[0].phase[PHASE_SEEKS].rate, 616.9);
	ck_assert_int_eq(set.run[0].phase[PHASE_RAN_DEL].cpu, 92);
	/* wrapped at 78 columns inside its last %CPU: "...,9" alone is good too */
	static const char *shorter = "box,1G,302,88,314,60,135,29,305,84,328,36,5.7,0,16,94,40,24,86,9,8,1,1,1,1,1,92";
	snprintf(text, sizeof text, "%.78s\n%s\n", shorter, shorter + 78);
	parse(text);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_int_eq(set.run[0].phase[PHASE_RAN_DEL].cpu, 92);
	/* a whole line (longer than a mailer wraps) is not glued to a number
	 * on the line after it */
	parse(C10X_DIGIT "\n5\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_int_eq(set.run[0].phase[PHASE_RAN_DEL].cpu, 20);
}
END_TEST

/* Quotes and markup a page glued to a line's end or start. */
START_TEST(trailing_markup_stripped)
{
	static const char *const wraps[][2] = {
		{"\"", "\""}, {"<code>", "</code>"}, {"", "<br />"}, {"'", "'<br>"}, {"`", "`"},
	};
	char text[2048];

	for (size_t i = 0; i < sizeof wraps / sizeof wraps[0]; i++) {
		snprintf(text, sizeof text, "%s%s%s\n", wraps[i][0], L198, wraps[i][1]);
		parse(text);
		ck_assert_msg(set.count == 1 && set.nwarn == 0, "wrap %zu", i);
		ck_assert_str_eq(parsed_csv_of(&set.run[0]), L198);
		snprintf(text, sizeof text, "%s%s%s\n", wraps[i][0], L10X, wraps[i][1]);
		parse(text);
		ck_assert_msg(set.count == 1 && set.nwarn == 0, "1.0x wrap %zu", i);
		ck_assert_str_eq(set.run[0].meta[META_NAME], "vm");
	}
}
END_TEST

/* bonnie++ 1.96's -s 0 line, one empty I/O field short (47 fields). */
START_TEST(line_196_files_only_47_fields)
{
	const struct parsed_run *r;

	parse("1.96,1.96,fslab3,1,1374655110,,,,,,,,,,,,,,60,32,32,,,1702,14,2025,12,1332,4,1873,16,2047,13,1266,3,"
	      ",,,,,,3874ms,6645ms,8659ms,505ms,7257ms,9627ms\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 0);
	r = &set.run[0];
	ck_assert_str_eq(r->format, "1.96");
	ck_assert_uint_eq(r->size_bytes, 0);
	ck_assert_str_eq(r->meta[META_NUM_FILES], "60");
	ck_assert_str_eq(r->meta[META_MAX_SIZE], "32");
	ck_assert_double_eq(r->phase[PHASE_SEQ_CREATE].rate, 1702);
	ck_assert_int_eq(r->phase[PHASE_RAN_DEL].latency_ns, 9627000000);
	/* a 47-field line with I/O results is still one field short */
	char bad[1024], *p;
	snprintf(bad, sizeof bad, "1.96%s\n", &L197[4]);
	p = strstr(bad, "512M,,");
	memmove(p + 5, p + 6, strlen(p + 6) + 1);
	parse(bad);
	ck_assert_uint_eq(set.count, 0);
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_ptr_nonnull(strstr(set.warning[0], "47 fields, a 1.96 line has 48"));
}
END_TEST

/* Garbage never crashes and never yields a run. */
START_TEST(garbage_is_harmless)
{
	static const char *const texts[] = {
		"", "\n\n\n", "{", "{\"tool\":\"bonnie\",\"runs\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]}",
		"1.98,", "1.98,x,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,",
		",,,,,,,,,,,,,,,,,,,,,,,,,,", "{\"tool\":\"bonnie\",\"version\":\"\\u00e9",
	};

	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		parse(texts[i]);
		ck_assert_uint_eq(set.count, 0);
	}
}
END_TEST

/* bon_csv2html's pages copied from a browser (cells a tab apart), laid out
 * as each bon_csv2html writes them. 1.96: "Version 1.96", K/sec and every
 * rate exact; Concurrency, Chunk Size, Max Size, Min Size and Num Dirs
 * columns because the row has them; a -f row (per-char cells empty); a
 * Latency row with an empty cell where the file columns are. */
#define UNITS_K "\tK/sec\t% CPU\tK/sec\t% CPU\tK/sec\t% CPU\tK/sec\t% CPU\tK/sec\t% CPU\t/sec\t% CPU\t\t" \
	"/sec\t% CPU\t/sec\t% CPU\t/sec\t% CPU\t/sec\t% CPU\t/sec\t% CPU\t/sec\t% CPU\n"
START_TEST(html_copy_196_columns_and_latency)
{
	parse("Version 1.96\tSequential Output\tSequential Input\tRandom Seeks\t\tSequential Create\tRandom Create\n"
	      "Concurrency\tSize\tChunk Size\tPer Char\tBlock\tRewrite\tPer Char\tBlock\tNum Files\tMax Size\t"
	      "Min Size\tNum Dirs\tCreate\tRead\tDelete\tCreate\tRead\tDelete\n" UNITS_K
	      "box\t2\t4G\t8k\t\t\t61234\t12\t30123\t8\t\t\t98765\t10\t312.4\t5\t16\t100\t10\t4\t2345\t20\t+++++\t+++\t"
	      "3456\t30\t2222\t22\t+++++\t+++\t1111\t11\n"
	      "Latency\t\t800ms\t900ms\t\t50ms\t100ms\t\tLatency\t300us\t400us\t500us\t600us\t700us\t800us\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 0); /* K/sec: nothing was rounded */
	const struct parsed_run *r = &set.run[0];
	ck_assert_str_eq(r->format, "table");
	ck_assert_str_eq(r->origin, "t.txt:4 (table)");
	ck_assert_str_eq(r->meta[META_VERSION], "1.96");
	ck_assert_str_eq(r->meta[META_NAME], "box");
	ck_assert_str_eq(r->meta[META_CONCURRENCY], "2");
	ck_assert_str_eq(r->meta[META_CHUNK], "8k");
	ck_assert_uint_eq(r->size_bytes, 4ull << 30);
	ck_assert_str_eq(r->meta[META_NUM_FILES], "16");
	ck_assert_str_eq(r->meta[META_MAX_SIZE], "100");
	ck_assert_str_eq(r->meta[META_MIN_SIZE], "10");
	ck_assert_str_eq(r->meta[META_NUM_DIRS], "4");
	ck_assert_int_eq(r->phase[PHASE_PUTC].state, CELL_NOT_RUN);
	ck_assert_double_eq(r->phase[PHASE_PUT_BLOCK].rate, 61234);
	ck_assert_int_eq(r->phase[PHASE_PUT_BLOCK].cpu, 12);
	ck_assert_double_eq(r->phase[PHASE_REWRITE].rate, 30123);
	ck_assert_double_eq(r->phase[PHASE_GET_BLOCK].rate, 98765);
	ck_assert_double_eq(r->phase[PHASE_SEEKS].rate, 312.4);
	ck_assert_double_eq(r->phase[PHASE_SEQ_CREATE].rate, 2345);
	ck_assert_int_eq(r->phase[PHASE_SEQ_STAT].state, CELL_TOO_FAST);
	ck_assert_double_eq(r->phase[PHASE_RAN_DEL].rate, 1111);
	ck_assert_int_eq(r->phase[PHASE_PUTC].latency_ns, -1);
	ck_assert_int_eq(r->phase[PHASE_PUT_BLOCK].latency_ns, 800000000);
	ck_assert_int_eq(r->phase[PHASE_SEEKS].latency_ns, 100000000);
	ck_assert_int_eq(r->phase[PHASE_SEQ_CREATE].latency_ns, 300000);
	ck_assert_int_eq(r->phase[PHASE_RAN_DEL].latency_ns, 800000);
}
END_TEST

/* 1.0x's Perl bon_csv2html: no version, "Size:Chunk Size", no Latency
 * rows, each CSV field a cell; the page and its CSV line are one run. */
START_TEST(html_copy_10x_joins_with_its_csv_line)
{
	parse("\tSequential Output\tSequential Input\tRandom Seeks\t\tSequential Create\tRandom Create\n"
	      "\tSize:Chunk Size\tPer Char\tBlock\tRewrite\tPer Char\tBlock\tNum Files\tCreate\tRead\tDelete\t"
	      "Create\tRead\tDelete\n" UNITS_K
	      "old\t2G\t10862\t91\t63699\t27\t29931\t12\t11483\t91\t83455\t22\t196.7\t0\t16\t2693\t67\t+++++\t+++\t"
	      "3467\t37\t2948\t47\t+++++\t+++\t3131\t38\n"
	      "\n"
	      "old,2G,10862,91,63699,27,29931,12,11483,91,83455,22,196.7,0,16,2693,67,+++++,+++,3467,37,2948,47,"
	      "+++++,+++,3131,38\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_str_eq(set.run[0].origin, "t.txt:4 (table) + t.txt:6");
	ck_assert_double_eq(set.run[0].phase[PHASE_PUT_BLOCK].rate, 63699);
	ck_assert_int_eq(set.run[0].phase[PHASE_PUT_BLOCK].latency_ns, -1);
}
END_TEST

/* 1.98/2.00a: M/sec over every rate, but only the block cells are whole
 * M/sec ((K + 512) / 1024); their "0" is +++++ (with "+++"), an empty
 * field (no %CPU) or under 512 K/sec (a %CPU: left unknown). Said once. */
START_TEST(html_copy_200a_whole_mbps_block_cells)
{
	parse("Version 2.00a\tSequential Output\tSequential Input\tRandom Seeks\t\tSequential Create\tRandom Create\n"
	      "\tSize\tPer Char\tBlock\tRewrite\tPer Char\tBlock\tNum Files\tCreate\tRead\tDelete\tCreate\tRead\tDelete\n"
	      "\tM/sec\t% CPU\tM/sec\t% CPU\tM/sec\t% CPU\tM/sec\t% CPU\tM/sec\t% CPU\t/sec\t% CPU\t\t/sec\t% CPU\t"
	      "/sec\t% CPU\t/sec\t% CPU\t/sec\t% CPU\t/sec\t% CPU\t/sec\t% CPU\n"
	      "vm\t512M\t\t\t0\t2\t0\t+++\t+++++\t+++\t117\t7\t258.3\t3\t16\t6994\t6\t+++++\t+++\t+++++\t+++\t"
	      "+++++\t+++\t+++++\t+++\t+++++\t+++\n"
	      "Latency\t\t555ms\t286ms\t\t23583us\t2021ms\tLatency\t9440us\t389us\t817us\t407us\t54us\t656us\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_str_eq(set.warning[0], "t.txt:2: table copied from a bon_csv2html page: 1 run read; its block "
	                                 "write, rewrite and block read rates are whole M/sec, so each is known to "
	                                 "within 512 KiB/s (a 0 with a %CPU, under 512 KiB/s, is left unknown)");
	const struct parsed_run *r = &set.run[0];
	ck_assert_str_eq(r->meta[META_VERSION], "2.00a");
	ck_assert_int_eq(r->phase[PHASE_PUTC].state, CELL_NOT_RUN);
	ck_assert_int_eq(r->phase[PHASE_PUT_BLOCK].state, CELL_UNKNOWN);
	ck_assert_int_eq(r->phase[PHASE_PUT_BLOCK].cpu, 2);
	ck_assert_int_eq(r->phase[PHASE_REWRITE].state, CELL_TOO_FAST);
	ck_assert_int_eq(r->phase[PHASE_GETC].state, CELL_TOO_FAST);
	ck_assert_int_eq(r->phase[PHASE_GET_BLOCK].state, CELL_VALUE);
	ck_assert_double_eq(r->phase[PHASE_GET_BLOCK].rate, 117 * 1024);
	ck_assert_double_eq(r->phase[PHASE_SEEKS].rate, 258.3);
	ck_assert_int_eq(r->phase[PHASE_GET_BLOCK].latency_ns, 23583000);
	ck_assert_int_eq(r->phase[PHASE_RAN_DEL].latency_ns, 656000);
}
END_TEST

/* A copy whose cells lost their tabs cannot be told apart: one warning. */
START_TEST(html_copy_without_tabs_warned)
{
	parse("Version 2.00a Sequential Output Sequential Input Random Seeks Sequential Create Random Create\n"
	      " Size Per Char Block Rewrite Per Char Block Num Files Create Read Delete Create Read Delete\n");
	ck_assert_uint_eq(set.count, 0);
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_ptr_nonnull(strstr(set.warning[0], "t.txt:2: table copied from a bon_csv2html page skipped: "
	                                             "its cells are not a tab or two blanks apart"));
}
END_TEST

/* A copy pasted without tabs, cells two or more blanks apart: read when a
 * row has every cell. Its empty cells are unseen, so a -f row (empty
 * per-char cells) is not read and a Latency row short of its fourteen
 * cells gives no latencies rather than shifted ones. */
START_TEST(html_copy_blank_separated)
{
	parse("Version 1.96  Sequential Output  Sequential Input  Random Seeks    Sequential Create  Random Create\n"
	      "  Size  Per Char  Block  Rewrite  Per Char  Block  Num Files  Create  Read  Delete  Create  Read  Delete\n"
	      "  K/sec  % CPU  K/sec  % CPU  K/sec  % CPU  K/sec  % CPU  K/sec  % CPU  /sec  % CPU    /sec  % CPU"
	      "  /sec  % CPU  /sec  % CPU  /sec  % CPU  /sec  % CPU  /sec  % CPU\n"
	      "old  2G  10862  91  63699  27  29931  12  11483  91  83455  22  196.7  0  16  2693  67  +++++  +++"
	      "  2721  60  2700  66  +++++  +++  2321  55\n"
	      "Latency  11519us  21760ms  21809ms  84741us  3402ms  2041ms  Latency  338us  390us  463us  359us  58us\n"
	      "new  2G  63000  20  30000  10  80000  18  301.5  1  16  3000  60  +++++  +++"
	      "  2800  61  2750  65  +++++  +++  2400  50\n");
	ck_assert_uint_eq(set.count, 1);
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_ptr_nonnull(strstr(set.warning[0], "t.txt:6: row of a bon_csv2html copy skipped: 23 cells of its 27"));
	const struct parsed_run *r = &set.run[0];
	ck_assert_str_eq(r->meta[META_NAME], "old");
	ck_assert_str_eq(r->meta[META_VERSION], "1.96");
	ck_assert_double_eq(r->phase[PHASE_PUTC].rate, 10862);
	ck_assert_double_eq(r->phase[PHASE_PUT_BLOCK].rate, 63699);
	ck_assert_double_eq(r->phase[PHASE_SEEKS].rate, 196.7);
	ck_assert_double_eq(r->phase[PHASE_RAN_DEL].rate, 2321);
	ck_assert_int_eq(r->phase[PHASE_PUT_BLOCK].latency_ns, -1);
	ck_assert_int_eq(r->phase[PHASE_SEQ_CREATE].latency_ns, -1);
}
END_TEST

Suite *suite_compare_input(void)
{
	Suite *s = suite_create("compare_input");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, format_198_real_line);
	tcase_add_test(tc, format_197_and_196_become_198);
	tcase_add_test(tc, format_10x_has_no_latency);
	tcase_add_test(tc, format_10x_files_field_with_sizes);
	tcase_add_test(tc, latency_units_normalised);
	tcase_add_test(tc, empty_fields_are_not_run);
	tcase_add_test(tc, found_after_a_flattened_table);
	tcase_add_test(tc, glued_to_the_previous_word);
	tcase_add_test(tc, two_lines_joined_by_a_blank);
	tcase_add_test(tc, wrapped_lines_rejoined);
	tcase_add_test(tc, ambiguous_wrap_is_not_joined);
	tcase_add_test(tc, wrapped_inside_last_field);
	tcase_add_test(tc, wrapped_10x_lines_rejoined);
	tcase_add_test(tc, trailing_markup_stripped);
	tcase_add_test(tc, line_196_files_only_47_fields);
	tcase_add_test(tc, json_setup_and_percentiles);
	tcase_add_test(tc, json_profile_io_mode);
	tcase_add_test(tc, csv_pieces_with_blank_lines_between);
	tcase_add_test(tc, html_copy_196_columns_and_latency);
	tcase_add_test(tc, html_copy_10x_joins_with_its_csv_line);
	tcase_add_test(tc, html_copy_200a_whole_mbps_block_cells);
	tcase_add_test(tc, html_copy_without_tabs_warned);
	tcase_add_test(tc, html_copy_blank_separated);
	tcase_add_test(tc, bad_lines_warn_once_each);
	tcase_add_test(tc, prose_is_quiet);
	tcase_add_test(tc, json_document);
	tcase_add_test(tc, json_confidence_reasons);
	tcase_add_test(tc, json_counts_that_ran);
	tcase_add_test(tc, mixed_formats_in_one_file);
	tcase_add_test(tc, garbage_is_harmless);
	suite_add_tcase(s, tc);
	return s;
}
