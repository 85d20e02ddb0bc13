/* report/compare and report/share: ratio flags at the threshold either way,
 * latency regressions named like throughput ones, the summary sentence, the
 * table cells, and the share block read back to the same CSV line. */
#include "suites.h"
#include "util_parsed.h"
#include "util_synth.h"
#include "compare_samples.h"
#include "../input/input.h"
#include "../report/compare/compare.h"
#include "../report/text/forum_post.h"
#include "../lib/str.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct parsed_run runs[3];

/* Run k: block write at rate, seeks at seeks/s, seq delete latency lat_ns. */
static void make_run(int k, double rate, double seeks, int64_t lat_ns)
{
	struct parsed_run *r = &runs[k];

	memset(r, 0, sizeof *r);
	snprintf(r->format, sizeof r->format, "1.98");
	snprintf(r->origin, sizeof r->origin, "r.csv:%d", k + 1);
	snprintf(r->meta[META_NAME], PARSED_META_LEN, "host%d", k + 1);
	snprintf(r->meta[META_SIZE], PARSED_META_LEN, "256M");
	r->size_bytes = 256u << 20; /* block write of 100000 KiB/s: 2.6 s, enough; seeks: no count */
	snprintf(r->meta[META_VERSION], PARSED_META_LEN, "2.00a");
	for (int i = 0; i < PHASE_COUNT; i++)
		r->phase[i] = (struct parsed_phase){.state = CELL_NOT_RUN, .cpu = -1, .latency_ns = -1};
	r->phase[PHASE_PUT_BLOCK] = (struct parsed_phase){.state = CELL_VALUE, .rate = rate, .cpu = 50, .latency_ns = 1000000};
	r->phase[PHASE_SEEKS] = (struct parsed_phase){.state = CELL_VALUE, .rate = seeks, .cpu = 5, .latency_ns = -1};
	r->phase[PHASE_SEQ_DEL] = (struct parsed_phase){.state = CELL_TOO_FAST, .rate = 0, .cpu = -1, .latency_ns = lat_ns};
}

static char *capture(void (*fn)(FILE *, const struct parsed_run *, size_t, const struct compare_opts *),
                     size_t n, const struct compare_opts *o)
{
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	parsed_stated(runs, n); /* as edited by the test */
	fn(f, runs, n, o);
	fclose(f);
	return buf;
}

START_TEST(threshold_either_way)
{
	static const struct {
		double base, run;
		bool flagged;
	} cases[] = {
		{100, 150, true}, {100, 149, false}, {150, 100, true}, {151, 100, true}, {149, 100, false},
		{100, 100, false}, {100, 1000, true},
	};
	struct compare_diff d;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		make_run(0, cases[i].base, 1, 1);
		make_run(1, cases[i].run, 1, 1);
		ck_assert(parsed_ratio(&runs[0], &runs[1], PHASE_PUT_BLOCK, false, 1.5, &d));
		ck_assert_msg(d.flagged == cases[i].flagged, "%g vs %g", cases[i].base, cases[i].run);
		ck_assert(d.better == (cases[i].run > cases[i].base));
	}
}
END_TEST

START_TEST(latency_higher_is_worse)
{
	struct compare_diff d;

	make_run(0, 100, 1, 1000);
	make_run(1, 100, 1, 300000);
	ck_assert(parsed_ratio(&runs[0], &runs[1], PHASE_SEQ_DEL, true, 1.5, &d));
	ck_assert(d.flagged);
	ck_assert(!d.better);
	ck_assert_double_eq_tol(d.ratio, 300, 1e-9);
	/* +++++ rates are never compared as numbers */
	ck_assert(!parsed_ratio(&runs[0], &runs[1], PHASE_SEQ_DEL, false, 1.5, &d));
	/* not run on either side: nothing to compare */
	ck_assert(!parsed_ratio(&runs[0], &runs[1], PHASE_PUTC, false, 1.5, &d));
	ck_assert(!parsed_ratio(&runs[0], &runs[1], PHASE_SEEKS, true, 1.5, &d));
}
END_TEST

/* The summary ranks by evidence (issue 33): a rate measured for 0.5 s is
 * the headline; a rate of unknown time follows with its reason; a maximum
 * latency, one sample, is said apart however large (it led before). */
START_TEST(summary_in_plain_words)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	char *s;

	make_run(0, 100000, 600, 1000);
	make_run(1, 130000, 100, 300000);
	s = capture(report_compare_summary, 2, &o);
	ck_assert_str_eq(s, "Summary: no difference here is strong evidence: each rate compared is of unknown cache "
	                    "state or of unknown time (below, as weaker evidence).\n"
	                    "Weaker evidence (under 0.5 s or 100 operations, from a cache or of unknown cache state, set "
	                    "up differently, or of unknown time; not findings): random seeks 6.00x slower on B (cache "
	                    "state unknown for A and B; time unknown for A and B).\n"
	                    "Maximum latencies (one sample each, not ranked as findings): sequential delete max "
	                    "latency 300x worse on B.\n");
	free(s);
	/* as bonnie's JSON says: nothing against block write, so it may lead */
	for (int k = 0; k < 2; k++)
		runs[k].phase[PHASE_PUT_BLOCK].reasons_known = true;
	s = capture(report_compare_summary, 2, &o);
	ck_assert_ptr_nonnull(strstr(s, "Summary: no rate of strong evidence differs beyond 1.50x; the largest: block "
	                                "write 1.30x faster on B.\n"));
	free(s);
	o.threshold = 1.25;
	s = capture(report_compare_summary, 2, &o);
	ck_assert_ptr_nonnull(strstr(s, "Summary: block write 1.30x faster on B.\nWeaker evidence"));
	free(s);
	o.threshold = 1000;
	s = capture(report_compare_summary, 2, &o);
	ck_assert_str_eq(s, "Summary: no rate of strong evidence differs beyond 1000.00x; the largest: "
	                    "block write 1.30x faster on B.\n");
	free(s);
}
END_TEST

START_TEST(base_and_cells)
{
	struct compare_opts o = {.base = 1, .threshold = 1.5, .format = COMPARE_TEXT};
	char *s;

	make_run(0, 100000, 600, 1000);
	make_run(1, 200000, 600, 2000);
	make_run(2, 200000, 600, 2000);
	s = capture(report_compare, 3, &o);
	ck_assert_ptr_nonnull(strstr(s, "each cell against B"));
	ck_assert_ptr_nonnull(strstr(s, "97.7 MiB/s 50% (2.00x slower >)"));
	ck_assert_ptr_nonnull(strstr(s, "195.3 MiB/s 50% (1.00x)"));
	ck_assert_ptr_nonnull(strstr(s, "+++++ (too fast)"));
	ck_assert_ptr_nonnull(strstr(s, "1 us (2.00x better >)"));
	ck_assert_ptr_nonnull(strstr(s, "block write        fastest B host2 256M: 195.3 MiB/s 50%; slowest A host1 "
	                                "256M: 97.7 MiB/s 50%; 2.00x apart"));
	ck_assert_ptr_null(strstr(s, "per-char write")); /* not run anywhere: no row */
	free(s);
	o.format = COMPARE_MARKDOWN;
	s = capture(report_compare, 3, &o);
	/* each run but the base: its value, then its ratio in a column of its own */
	ck_assert_ptr_nonnull(strstr(s, "| Phase | A host1 256M | A vs B | B host2 256M | C host3 256M | C vs B |\n"));
	ck_assert_ptr_nonnull(
		strstr(s, "| put_block | 97.7 MiB/s 50% | 2.00x slower > | 195.3 MiB/s 50% | 195.3 MiB/s 50% | 1.00x |"));
	ck_assert_ptr_nonnull(strstr(s, "|---|---|---|---|---|---|\n"));
	free(s);
}
END_TEST

/* Screen columns of line[0..n), and the line of s holding needle. */
static size_t cols_before(const char *line, size_t n)
{
	char buf[1024];
	size_t cols;

	snprintf(buf, sizeof buf, "%.*s", (int)n, line);
	str_fit_columns(buf, SIZE_MAX, &cols);
	return cols;
}

static const char *line_with(const char *s, const char *needle)
{
	const char *p = strstr(s, needle);

	ck_assert_msg(p != NULL, "no \"%s\" in:\n%s", needle, s);
	while (p > s && p[-1] != '\n')
		p--;
	return p;
}

/* Where needle starts on its line, in screen columns. */
static size_t column_of(const char *s, const char *needle)
{
	const char *line = line_with(s, needle);

	return cols_before(line, (size_t)(strstr(line, needle) - line));
}

/* Names that are wider or narrower on screen than in bytes (CJK, emoji, a
 * combining accent): every column still starts where its heading does. */
START_TEST(columns_by_screen_width)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	char *s;

	make_run(0, 100000, 600, 1000);
	make_run(1, 200000, 600, 2000);
	make_run(2, 300000, 600, 2000);
	snprintf(runs[0].meta[META_NAME], PARSED_META_LEN, "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e"); /* 3 wide */
	snprintf(runs[1].meta[META_NAME], PARSED_META_LEN, "e\xcc\x81mile\xf0\x9f\x99\x82");    /* accent, emoji */
	s = capture(report_compare, 3, &o);
	ck_assert_uint_eq(column_of(s, "B e"), column_of(s, "195.3 MiB/s"));
	ck_assert_uint_eq(column_of(s, "C host3"), column_of(s, "293.0 MiB/s"));
	/* A's column: its widest cell, the heading of 2 + 3 x 2 + 5 columns being narrower */
	ck_assert_uint_eq(column_of(s, "B e"), column_of(s, "97.7 MiB/s") + strlen("+++++ (too fast)") + 2);
	free(s);
	/* the longest name an input holds (21 wide characters, 42 columns):
	 * whole, and the columns after it still line up (tests/compare.sh
	 * holds one at 80 columns) */
	char name[PARSED_META_LEN] = "", want[PARSED_META_LEN + 8] = "A ";
	for (int i = 0; i < 21; i++)
		strcat(name, "\xe6\x97\xa5");
	strcat(want, name);
	strcat(want, "  B ");
	snprintf(runs[0].meta[META_NAME], PARSED_META_LEN, "%s", name);
	snprintf(runs[0].meta[META_SIZE], PARSED_META_LEN, "%s", "");
	s = capture(report_compare, 3, &o);
	ck_assert_ptr_nonnull(strstr(s, want));
	ck_assert_uint_eq(column_of(s, "C host3"), column_of(s, "293.0 MiB/s"));
	ck_assert_uint_eq(column_of(s, "B e"), column_of(s, "195.3 MiB/s"));
	free(s);
}
END_TEST

/* A cell wider than the column widens that column: the next one still
 * starts where its heading does; a huge ratio stays a short text. */
START_TEST(wide_cell_widens_its_column)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	char *s;

	make_run(0, 0.001, 600, 1000);
	make_run(1, 1e12, 600, 2000);
	make_run(2, 300000, 600, 2000);
	runs[1].phase[PHASE_PUT_BLOCK].cpu = 999999;
	runs[1].phase[PHASE_PUT_BLOCK].low_confidence = true;
	s = capture(report_compare, 3, &o);
	ck_assert_ptr_nonnull(strstr(s, "953674.32 GiB/s 999999% (under 0.5 s) (>999999x faster >)  "));
	ck_assert_uint_eq(column_of(s, "C host3"), column_of(s, "293.0 MiB/s"));
	/* B: its 57 columns and two blanks */
	ck_assert_uint_eq(column_of(s, "C host3"), column_of(s, "953674.32") + 57 + 2);
	free(s);
}
END_TEST

/* A rate of 0 is measured: it is the slowest, with no ratio to it. */
START_TEST(zero_rate_is_the_slowest)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	char *s;

	make_run(0, 0, 600, 1000);
	make_run(1, 200000, 0, 2000);
	s = capture(report_compare, 2, &o);
	ck_assert_ptr_nonnull(strstr(s, "block write        fastest B host2 256M: 195.3 MiB/s 50%; slowest A host1 "
	                                "256M: 0 KiB/s 50%\n"));
	ck_assert_ptr_nonnull(strstr(s, "random seeks       fastest A host1 256M: 600.0/s 5%; slowest B host2 256M: "
	                                "0.0/s 5%\n"));
	free(s);
}
END_TEST

/* Strings of a run that did not come through input/ are sanitized too. */
START_TEST(raw_control_characters_escaped)
{
	static const enum compare_format formats[] = {COMPARE_TEXT, COMPARE_MARKDOWN};
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	char *s;

	make_run(0, 100000, 600, 1000);
	make_run(1, 200000, 600, 2000);
	snprintf(runs[1].meta[META_NAME], PARSED_META_LEN, "x\x1b[2Jy\xe2\x80\xae");
	snprintf(runs[1].origin, PARSED_ORIGIN_LEN, "t\x07.txt:1");
	for (size_t i = 0; i < 2; i++) {
		o.format = formats[i];
		s = capture(report_compare, 2, &o);
		ck_assert_ptr_null(strchr(s, '\x1b'));
		ck_assert_ptr_null(strchr(s, '\x07'));
		ck_assert_ptr_null(strstr(s, "\xe2\x80\xae"));
		ck_assert_ptr_nonnull(strstr(s, "x\\x1b[2Jy\\xe2\\x80\\xae"));
		ck_assert_ptr_nonnull(strstr(s, "t\\x07.txt:1"));
		free(s);
	}
}
END_TEST

/* The share block, read back, gives the run's own CSV line. */
START_TEST(share_round_trip)
{
	struct run_result run;
	struct config cfg;
	struct env_info env;
	struct parsed_set set = {0};
	char *block = NULL, *csv, *back = NULL;
	size_t len, blen;
	FILE *f;

	synth_config(&cfg);
	synth_full_run(&run);
	memset(&env, 0, sizeof env);
	snprintf(env.fs_type, sizeof env.fs_type, "ext4");
	f = open_memstream(&block, &len);
	report_share_env(f, &env, "2026-12-01 00:00 UTC", synth_session(&cfg), 0, NULL);
	report_share_run(f, synth_session(&cfg), synth_view(&cfg, &run));
	fclose(f);
	ck_assert_ptr_null(strchr(block, '\t'));
	ck_assert_ptr_null(strstr(block, " \n")); /* no trailing blanks (Markdown line breaks) */
	csv = synth_capture_csv(&cfg, &run);
	ck_assert_ptr_nonnull(strstr(block, csv));
	ck_assert_int_eq(input_parse(&set, "post", block, len), 0);
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_uint_eq(set.count, 1);
	f = open_memstream(&back, &blen);
	report_compare_csv_line(f, &set.run[0]);
	fclose(f);
	ck_assert_str_eq(back, csv);
	input_free(&set);
	free(block);
	free(csv);
	free(back);
}
END_TEST

/* A run and its own CSV line (issue 32): the JSON's cells say what its
 * table marked, in words; the CSV line cannot say "cached", no words are
 * made up for it and a note names it, but its time follows from its counts; compare's JSON gives the JSON's reasons and mark. */
START_TEST(marks_of_a_run_and_its_csv)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	struct parsed_set set = {0};
	char *s;

	ck_assert_int_eq(input_parse(&set, "run", JMARKS CMARKS, strlen(JMARKS CMARKS)), 0);
	ck_assert_uint_eq(set.count, 2);
	memcpy(runs, set.run, 2 * sizeof runs[0]);
	s = capture(report_compare, 2, &o);
	ck_assert_ptr_nonnull(strstr(s, "\nrandom seeks       54248/s 55% (from the page cache)  54248/s 55% (1.00x)\n"));
	/* the CSV line's 1024 files at 31421/s ran 0.03 s: the same caveat,
	 * derived from its counts and rate (issue 33; none was said before) */
	ck_assert_ptr_nonnull(strstr(s, "\nsequential create  31421/s 37% (under 0.5 s)          31421/s 37% (under 0.5 s) (1.00x)\n"));
	/* the JSON's 31421.692 files/s is written as its CSV line cuts it, not 31422 */
	ck_assert_ptr_nonnull(strstr(s, "\n  B: read from a CSV line, a table or an older bonnie JSON, which do not say"));
	free(s);
	o.format = COMPARE_JSON;
	s = capture(report_compare, 2, &o);
	ck_assert_ptr_nonnull(strstr(s, "\"name\": \"seeks\",\n          \"state\": \"measured\""));
	ck_assert_ptr_nonnull(strstr(s, "\"reasons\": [\"cached\"],\n          \"mark\": \"c\","));
	ck_assert_ptr_nonnull(strstr(s, "\"reasons\": [],\n          \"mark\": \"\","));
	ck_assert_ptr_nonnull(strstr(s, "\"reasons\": null,\n          \"mark\": null,"));
	free(s);
	input_free(&set);
}
END_TEST

/* view_of_read: what a run's JSON says and its CSV line cannot, and the
 * settings both give, in the one view every output reads. */
START_TEST(view_of_a_run_and_its_csv)
{
	struct parsed_set set = {0};
	struct run_view j, c;

	ck_assert_int_eq(input_parse(&set, "run", JMARKS CMARKS, strlen(JMARKS CMARKS)), 0);
	ck_assert_uint_eq(set.count, 2);
	view_of_read(&set.run[0], &j);
	view_of_read(&set.run[1], &c);
	ck_assert_int_eq(j.phase[PHASE_SEEKS].mark, 'c');
	ck_assert_uint_eq(j.phase[PHASE_SEEKS].conf.reasons, CONF_CACHED);
	ck_assert(!j.phase[PHASE_SEEKS].reasons_unknown);
	ck_assert_int_eq(j.phase[PHASE_SEQ_CREATE].mark, '~');
	ck_assert(j.phase[PHASE_SEQ_CREATE].low_confidence);
	ck_assert_int_eq(j.phase[PHASE_PUT_BLOCK].mark, ' ');
	ck_assert(c.phase[PHASE_SEEKS].reasons_unknown);
	ck_assert_int_eq(c.phase[PHASE_SEEKS].mark, ' ');
	ck_assert_int_eq(c.phase[PHASE_SEEKS].pct_ns[VIEW_MAX], 96091000);
	ck_assert_int_eq(c.phase[PHASE_SEEKS].pct_ns[VIEW_P99], -1); /* a CSV line has only the maximum */
	ck_assert_int_eq(c.phase[PHASE_SEEKS].cpu_pct, 55);
	ck_assert_double_eq(c.phase[PHASE_SEEKS].rate, 54248);
	ck_assert(c.seed_known);
	ck_assert_uint_eq(c.seed, 188420017);
	ck_assert_uint_eq(c.seeks, 153845);
	ck_assert_uint_eq(c.clients, 1);
	ck_assert_uint_eq(j.seeks, 8192); /* the JSON's config, as that document gave it */
	ck_assert_int_eq(c.status, PHASE_DONE);
	input_free(&set);
}
END_TEST

/* The setup each input records, above the table (issue 33): "unknown"
 * where a CSV line cannot say; "not like for like" when sizes differ. */
START_TEST(setup_stated_above_the_table)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	char *s, *table;

	make_run(0, 100000, 600, 1000);
	make_run(1, 100000, 600, 1000);
	snprintf(runs[1].meta[META_CONCURRENCY], PARSED_META_LEN, "4");
	s = capture(report_compare, 2, &o);
	table = strstr(s, "\nPhase ");
	ck_assert_ptr_nonnull(table);
	ck_assert_ptr_nonnull(strstr(s, "Setup, as the inputs record it:\n  I/O mode     A: unknown; B: unknown\n"));
	ck_assert_ptr_nonnull(strstr(s, "\n  file size    A: 256M; B: 256M\n"));
	ck_assert_ptr_nonnull(strstr(s, "\n  clients      A: unknown; B: 4\n"));
	ck_assert_ptr_nonnull(strstr(s, "\n  version      A: 2.00a; B: 2.00a\n"));
	ck_assert(strstr(s, "Setup, as") < table);
	ck_assert_ptr_null(strstr(s, "Not like for like"));
	free(s);
	snprintf(runs[1].meta[META_SIZE], PARSED_META_LEN, "1G");
	runs[1].size_bytes = 1u << 30;
	s = capture(report_compare, 2, &o);
	ck_assert_ptr_nonnull(strstr(s, "\nNot like for like: the runs differ in file size; a ratio may show the setup "
	                                "rather than the disk.\n"));
	ck_assert(strstr(s, "Not like for like") < strstr(s, "\nPhase "));
	free(s);
	o.format = COMPARE_MARKDOWN;
	s = capture(report_compare, 2, &o);
	ck_assert_ptr_nonnull(strstr(s, "\n- I/O mode: A: unknown; B: unknown\n"));
	ck_assert_ptr_nonnull(strstr(s, "\nNot like for like: the runs differ in file size;"));
	free(s);
}
END_TEST

/* JSON runs say their I/O mode, file system and device (issue 33): a
 * buffered run against an O_DIRECT one is not like for like, named. */
START_TEST(setup_io_mode_from_json)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	char *s;

	make_run(0, 100000, 600, 1000);
	make_run(1, 100000, 600, 1000);
	for (int k = 0; k < 2; k++) {
		snprintf(runs[k].format, sizeof runs[k].format, "json");
		snprintf(runs[k].file_system, sizeof runs[k].file_system, "ext4 on /dev/vda");
		snprintf(runs[k].device, sizeof runs[k].device, "vda");
	}
	snprintf(runs[0].io_mode, sizeof runs[0].io_mode, "buffered");
	snprintf(runs[1].io_mode, sizeof runs[1].io_mode, "O_DIRECT");
	s = capture(report_compare, 2, &o);
	ck_assert_ptr_nonnull(strstr(s, "Setup, as the inputs record it:\n  I/O mode     A: buffered; B: O_DIRECT\n"));
	ck_assert_ptr_nonnull(strstr(s, "\n  file system  A: ext4 on /dev/vda; B: ext4 on /dev/vda\n"));
	ck_assert_ptr_nonnull(strstr(s, "\n  device       A: vda; B: vda\n"));
	ck_assert_ptr_nonnull(strstr(s, "\nNot like for like: the runs differ in I/O mode; a ratio may show the setup "
	                                "rather than the disk.\n"));
	ck_assert_ptr_nonnull(strstr(s, "(O_DIRECT bypasses the page cache)")); /* the ~ note's example */
	ck_assert_ptr_nonnull(strstr(s, "    B: I/O mode O_DIRECT (A: buffered)\n"));
	ck_assert_ptr_nonnull(strstr(s, "(1.00x ^)")); /* block write: set up differently */
	free(s);
	runs[1].io_mode[0] = '\0'; /* one cannot say: no claim either way */
	s = capture(report_compare, 2, &o);
	ck_assert_ptr_nonnull(strstr(s, "  I/O mode     A: buffered; B: unknown\n"));
	ck_assert_ptr_null(strstr(s, "Not like for like"));
	free(s);
}
END_TEST

/* A CSV line's phases get the short-phase caveat by the one rule, for every
 * kind: file phases (files x1024 / rate), seeks (count / rate) and data
 * phases (bytes / rate); per-char only where bonnie++ wrote the line. */
START_TEST(short_caveat_for_every_phase_kind)
{
	struct run_view v;

	make_run(0, 100000, 600, 1000);
	snprintf(runs[0].meta[META_NUM_FILES], PARSED_META_LEN, "4");
	snprintf(runs[0].meta[META_SEEKS], PARSED_META_LEN, "8192");
	runs[0].phase[PHASE_SEQ_CREATE] = (struct parsed_phase){.state = CELL_VALUE, .rate = 79017, .cpu = 90, .latency_ns = -1};
	runs[0].phase[PHASE_RAN_STAT] = (struct parsed_phase){.state = CELL_VALUE, .rate = 4000, .cpu = 90, .latency_ns = -1};
	runs[0].phase[PHASE_PUTC] = (struct parsed_phase){.state = CELL_VALUE, .rate = 600000, .cpu = 99, .latency_ns = -1};
	parsed_stated(runs, 1);
	view_of_read(&runs[0], &v);
	ck_assert(v.phase[PHASE_SEQ_CREATE].low_confidence); /* 4096 files at 79017/s: 0.05 s */
	ck_assert_uint_eq(v.phase[PHASE_SEQ_CREATE].operations, 4096);
	ck_assert(!v.phase[PHASE_RAN_STAT].low_confidence);  /* 4096 at 4000/s: 1.02 s */
	ck_assert(!v.phase[PHASE_SEEKS].low_confidence);     /* 8192 at 600/s: 13.7 s */
	ck_assert(!v.phase[PHASE_PUT_BLOCK].low_confidence); /* 256 MiB at 100000 KiB/s: 2.6 s */
	ck_assert(v.phase[PHASE_PUTC].low_confidence);       /* 256 MiB at 600000 KiB/s: 0.44 s */
	runs[0].phase[PHASE_SEEKS].rate = 20000;             /* 8192 at 20000/s: 0.41 s */
	snprintf(runs[0].meta[META_VERSION], PARSED_META_LEN, "0.1.0"); /* bonnie's own line */
	view_of_read(&runs[0], &v);
	ck_assert(v.phase[PHASE_SEEKS].low_confidence);
	ck_assert(!v.phase[PHASE_PUTC].low_confidence); /* its per-char bytes are not in the line */
	ck_assert_uint_eq(v.phase[PHASE_PUTC].duration_ns, 0);
	snprintf(runs[0].meta[META_CONCURRENCY], PARSED_META_LEN, "2"); /* shared work: no time derived */
	view_of_read(&runs[0], &v);
	ck_assert(!v.phase[PHASE_SEQ_CREATE].low_confidence);
}
END_TEST

Suite *suite_compare_report(void)
{
	Suite *s = suite_create("compare_report");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, threshold_either_way);
	tcase_add_test(tc, latency_higher_is_worse);
	tcase_add_test(tc, summary_in_plain_words);
	tcase_add_test(tc, base_and_cells);
	tcase_add_test(tc, share_round_trip);
	tcase_add_test(tc, columns_by_screen_width);
	tcase_add_test(tc, wide_cell_widens_its_column);
	tcase_add_test(tc, zero_rate_is_the_slowest);
	tcase_add_test(tc, raw_control_characters_escaped);
	tcase_add_test(tc, marks_of_a_run_and_its_csv);
	tcase_add_test(tc, view_of_a_run_and_its_csv);
	tcase_add_test(tc, setup_stated_above_the_table);
	tcase_add_test(tc, setup_io_mode_from_json);
	tcase_add_test(tc, short_caveat_for_every_phase_kind);
	suite_add_tcase(s, tc);
	return s;
}
