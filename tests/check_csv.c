/* The 1.98 CSV line: exact text for a hand-computed run, 50 fields in every
 * configuration, empty fields for phases that did not run, and the same
 * bytes under a comma-decimal locale. */
#include "suites.h"
#include "util_parsed.h"
#include "util_synth.h"
#include "../options/options.h"
#include "../report/compare/compare.h"
#include "../report/report.h"
#include "../input/input.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MS 1000000ull

static struct run_result run;
static struct config cfg;

static void setup(void)
{
	synth_config(&cfg);
	synth_full_run(&run);
}

/* Parses argv-style options into cfg (machine "vm"). */
static void config_from(const char *const *args)
{
	char *argv[32], store[32][64], err[256];
	int argc = 0;

	snprintf(store[argc], sizeof store[argc], "bonnie");
	argv[argc] = store[argc];
	argc++;
	for (; args[argc - 1]; argc++) {
		snprintf(store[argc], sizeof store[argc], "%s", args[argc - 1]);
		argv[argc] = store[argc];
	}
	argv[argc] = NULL;
	ck_assert_int_eq(options_parse(argc, argv, "vm", &cfg, err, sizeof err), OPT_RUN);
}

/* The CSV fields of the current run, in a static buffer. */
static int fields_of(char **f)
{
	static char line[4096];
	char *text = synth_capture_csv(&cfg, &run);
	int n;

	ck_assert_uint_lt(strlen(text), sizeof line);
	strcpy(line, text);
	free(text);
	n = synth_split_csv(line, f, 64);
	return n;
}

START_TEST(full_line_exact)
{
	char *text = synth_capture_csv(&cfg, &run);
	const char *expect =
		"1.98," BONNIE_VERSION ",vm,1,12345,512M,8k,8192,5,"
		"512,99,327680,78,655360,65,512,99,2097152,40,8816,32,"
		"4,,,,,4096,92,40960,99,8192,50,2048,68,409600,100,16384,80,"
		"28168us,598us,279us,23885us,705us,21617us,"
		"17315us,185us,1085us,37609us,147us,11964us\n";

	ck_assert_str_eq(text, expect);
	free(text);
}
END_TEST

START_TEST(always_fifty_fields)
{
	static const char *const variants[][8] = {
		{"-s", "512m", "-n", "4", NULL},
		{"-s", "0", "-n", "4", NULL},
		{"-s", "512m", "-n", "0", NULL},
		{"-s", "512m", "-f", NULL},
		{"-s", "1g", "-n", "4:4096:1024:3:4k", NULL},
		{"-s", "512m", "-n", "1:-1", NULL},
		{"-m", "a,b\nc", NULL},
	};
	char *f[64];

	for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
		config_from(variants[v]);
		ck_assert_int_eq(fields_of(f), csv_layout_198.nfields);
		ck_assert_str_eq(f[0], "1.98");
	}
	/* nothing ran at all: still 50 fields */
	memset(&run, 0, sizeof run);
	ck_assert_int_eq(fields_of(f), csv_layout_198.nfields);
}
END_TEST

static void assert_empty(char **f, int from, int to)
{
	for (int i = from; i <= to; i++)
		ck_assert_msg(f[i][0] == '\0', "field %d should be empty, is '%s'", i, f[i]);
}

START_TEST(no_io_tests_leave_5_to_20_empty)
{
	char *f[64];
	const char *args[] = {"-s", "0", "-n", "4", NULL};

	config_from(args);
	for (int i = PHASE_PUTC; i <= PHASE_SEEKS; i++)
		run.phase[i].status = PHASE_NOT_RUN;
	fields_of(f);
	assert_empty(f, 5, 20);
	assert_empty(f, 38, 43);
	ck_assert_str_eq(f[21], "4");
	ck_assert_str_eq(f[26], "4096");
}
END_TEST

START_TEST(no_file_tests_leave_21_to_37_empty)
{
	char *f[64];
	const char *args[] = {"-s", "512m", "-n", "0", NULL};

	config_from(args);
	for (int i = PHASE_SEQ_CREATE; i < PHASE_COUNT; i++)
		run.phase[i].status = PHASE_NOT_RUN;
	fields_of(f);
	assert_empty(f, 21, 37);
	assert_empty(f, 44, 49);
	ck_assert_str_eq(f[5], "512M");
}
END_TEST

START_TEST(bare_f_leaves_perchar_fields_empty)
{
	char *f[64];
	const char *args[] = {"-s", "512m", "-n", "4", "-f", NULL};

	config_from(args);
	run.phase[PHASE_PUTC].status = PHASE_NOT_RUN;
	run.phase[PHASE_GETC].status = PHASE_NOT_RUN;
	fields_of(f);
	assert_empty(f, 9, 10);
	assert_empty(f, 15, 16);
	ck_assert_str_eq(f[38], "");
	ck_assert_str_eq(f[41], "");
	ck_assert_str_eq(f[11], "327680");
}
END_TEST

START_TEST(failed_and_interrupted_phases_are_empty)
{
	char *f[64];

	run.phase[PHASE_REWRITE].status = PHASE_FAILED;
	run.phase[PHASE_SEEKS].status = PHASE_INTERRUPTED;
	fields_of(f);
	assert_empty(f, 13, 14);
	assert_empty(f, 19, 20);
	ck_assert_str_eq(f[40], "");
	ck_assert_str_eq(f[43], "");
	ck_assert_str_eq(f[11], "327680");
}
END_TEST

/* A run stopped before bonnie sized its file or seek count used none: the
 * line leaves the count empty rather than the default sizing starts from
 * (issue 52: a Ctrl-C'd run's line said 16 files and 8192 seeks in
 * -q >> runs.csv). */
START_TEST(interrupted_before_sizing_files_leaves_the_count_empty)
{
	char *f[64];
	const char *args[] = {"-s", "512m", NULL};

	config_from(args);
	run.interrupted = true;
	run.counts.files_auto = true;
	run.counts.files_k = 0;
	run.counts.seeks_auto = true;
	run.counts.seeks = 0;
	for (int i = PHASE_SEEKS; i < PHASE_COUNT; i++)
		run.phase[i].status = PHASE_NOT_RUN;
	fields_of(f);
	ck_assert_str_eq(f[21], "");
	ck_assert_str_eq(f[7], "");
	run.counts.files_k = 3; /* sized, then stopped: the count it used */
	run.counts.seeks = 4000;
	fields_of(f);
	ck_assert_str_eq(f[21], "3");
	ck_assert_str_eq(f[7], "4000");
}
END_TEST

START_TEST(slow_seeks_keep_one_decimal)
{
	char *f[64];

	synth_phase(&run, PHASE_SEEKS, 512, 2000 * MS, 20 * MS, 5 * MS);
	fields_of(f);
	ck_assert_str_eq(f[19], "256.0");
	ck_assert_str_eq(f[20], "1");
}
END_TEST

START_TEST(latency_units_switch_at_bonnie_thresholds)
{
	static const struct {
		uint64_t ns;
		const char *text;
	} cases[] = {
		{999, "0us"},
		{99999999, "99999us"},
		{100000000, "100ms"},
		{99999999999ull, "99999ms"},
		{100000000000ull, "100s"},
		{3600000000000ull, "3600s"},
	};
	char *f[64];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		synth_phase(&run, PHASE_PUT_BLOCK, 512ull << 20, 1600 * MS, 1248 * MS, cases[i].ns);
		fields_of(f);
		ck_assert_str_eq(f[39], cases[i].text);
	}
}
END_TEST

START_TEST(file_config_fields_follow_the_header_names)
{
	char *f[64];
	const char *with_dirs[] = {"-n", "4:4096:1024:3:4k", NULL};
	const char *links[] = {"-n", "4:-1", NULL};
	const char *symlinks[] = {"-n", "4:-2::7", NULL};

	config_from(with_dirs);
	fields_of(f);
	ck_assert_str_eq(f[21], "4");
	ck_assert_str_eq(f[22], "4096");
	ck_assert_str_eq(f[23], "1024");
	ck_assert_str_eq(f[24], "3"); /* num_dirs, where bonnie++'s header says */
	ck_assert_str_eq(f[25], "4k");
	config_from(links);
	fields_of(f);
	ck_assert_str_eq(f[22], "link");
	ck_assert_str_eq(f[23], "");
	ck_assert_str_eq(f[24], "");
	config_from(symlinks);
	fields_of(f);
	ck_assert_str_eq(f[22], "symlink");
	ck_assert_str_eq(f[24], "7");
}
END_TEST

START_TEST(size_field_uses_g_for_whole_gib)
{
	static const struct {
		const char *arg;
		const char *field;
	} cases[] = {{"1g", "1G"}, {"1536m", "1536M"}, {"512k", "512K"}, {"2048m", "2G"}};
	char *f[64];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *args[] = {"-s", cases[i].arg, NULL};
		config_from(args);
		fields_of(f);
		ck_assert_str_eq(f[5], cases[i].field);
	}
}
END_TEST

START_TEST(machine_name_cannot_break_the_line)
{
	const char *args[] = {"-m", "web,01\r\nx", NULL};
	char *text, *f[64];

	config_from(args);
	text = synth_capture_csv(&cfg, &run);
	ck_assert_ptr_null(strchr(text, '\r'));
	ck_assert_ptr_eq(strchr(text, '\n'), text + strlen(text) - 1);
	free(text);
	ck_assert_int_eq(fields_of(f), csv_layout_198.nfields);
	ck_assert_str_eq(f[2], "web_01__x");
}
END_TEST

/* A German LC_NUMERIC prints 256,0: the CSV must not change. */
/* The concurrency field is the run's own client count: a sweep's level or
 * -c N, never what the options said before the run (the config is
 * read-only during the runs); a run that records none was one process. */
START_TEST(concurrency_is_the_runs_client_count)
{
	char *f[64];

	cfg.concurrency = 1;
	run.clients = 4;
	ck_assert_int_eq(fields_of(f), csv_layout_198.nfields);
	ck_assert_str_eq(f[3], "4");
	cfg.concurrency = 8;
	run.clients = 0;
	ck_assert_int_eq(fields_of(f), csv_layout_198.nfields);
	ck_assert_str_eq(f[3], "1");
}
END_TEST

/* compare's 1.98 line goes through the same field array and writer: a
 * name read back with a comma in it (a JSON document's machine) cannot
 * add a field, and the fields sit where csv.c puts them. */
START_TEST(compare_line_shares_the_writer)
{
	struct parsed_run r;
	char *buf = NULL, *f[64];
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int rate, cpu, lat;

	memset(&r, 0, sizeof r);
	for (int i = 0; i < PHASE_COUNT; i++)
		r.phase[i].latency_ns = -1;
	snprintf(r.meta[META_VERSION], sizeof r.meta[0], "2.00a");
	snprintf(r.meta[META_NAME], sizeof r.meta[0], "a,b");
	r.phase[PHASE_SEEKS] = (struct parsed_phase){.state = CELL_VALUE, .rate = 512.25, .cpu = 7, .latency_ns = 1500000};
	r.phase[PHASE_RAN_DEL] = (struct parsed_phase){.state = CELL_TOO_FAST, .rate = 0, .cpu = -1, .latency_ns = -1};
	parsed_stated(&r, 1);
	report_compare_csv_line(m, &r);
	fclose(m);
	ck_assert_int_eq(synth_split_csv(buf, f, 64), csv_layout_198.nfields);
	ck_assert_str_eq(f[2], "a_b");
	csv_layout_phase_fields(&csv_layout_198, PHASE_SEEKS, &rate, &cpu, &lat);
	ck_assert_str_eq(f[rate], "512.2");
	ck_assert_str_eq(f[cpu], "7");
	ck_assert_str_eq(f[lat], "1500us");
	csv_layout_phase_fields(&csv_layout_198, PHASE_RAN_DEL, &rate, &cpu, &lat);
	ck_assert_str_eq(f[rate], "+++++");
	ck_assert_str_eq(f[cpu], "+++");
	ck_assert_str_eq(f[lat], "");
	free(buf);
}
END_TEST

START_TEST(comma_locale_does_not_change_the_csv)
{
	char *before, *after;

	synth_phase(&run, PHASE_SEEKS, 512, 2000 * MS, 20 * MS, 5 * MS);
	before = synth_capture_csv(&cfg, &run);
	synth_enter_comma_locale();
	after = synth_capture_csv(&cfg, &run);
	setlocale(LC_ALL, "C");
	ck_assert_str_eq(after, before);
	ck_assert_ptr_nonnull(strstr(after, ",256.0,"));
	free(before);
	free(after);
}
END_TEST

/* Every layout is well formed: a tag field first exactly when the version
 * has a tag, each rate with one %CPU, nothing held by two fields, and no
 * more fields than a reader splits a line into. */
START_TEST(layouts_are_well_formed)
{
	for (int k = 0; k < csv_layout_count; k++) {
		const struct csv_layout *l = csv_layouts[k];

		ck_assert_int_le(l->nfields, CSV_MAX_FIELDS);
		ck_assert_int_eq(l->field[0].holds == CSV_HOLDS_TAG, l->tag != NULL);
		for (int i = 0; i < l->nfields; i++) {
			const struct csv_field *d = &l->field[i];

			ck_assert_int_eq(csv_layout_find(l, d->holds, d->what), i); /* held once */
			if (d->holds == CSV_HOLDS_SETTING)
				ck_assert_int_lt(d->what, META_COUNT);
			else if (d->holds != CSV_HOLDS_TAG)
				ck_assert_int_lt(d->what, PHASE_COUNT);
			if (d->holds == CSV_HOLDS_RATE)
				ck_assert_int_ge(csv_layout_find(l, CSV_HOLDS_CPU, d->what), 0);
			if (d->holds == CSV_HOLDS_CPU)
				ck_assert_int_ge(csv_layout_find(l, CSV_HOLDS_RATE, d->what), 0);
		}
	}
	/* the last layout is the one without a tag, as csv_find.c's 1.0x reader
	 * takes it */
	ck_assert_ptr_null(csv_layouts[csv_layout_count - 1]->tag);
	ck_assert_ptr_eq(csv_layouts[0], &csv_layout_198);
}
END_TEST

/* The writer puts each cell where the 1.98 layout says: every cell marked
 * with what it holds, every field checked against its description. */
START_TEST(writer_walks_the_198_layout)
{
	static struct csv_cells c;
	const struct csv_layout *l = &csv_layout_198;
	char *buf = NULL, *f[64], want[32];
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	csv_cells_init(&c);
	for (int i = 0; i < META_COUNT; i++)
		snprintf(c.setting[i], CSV_CELL_LEN, "s%d", i);
	for (int i = 0; i < PHASE_COUNT; i++) {
		snprintf(c.phase[i].rate, CSV_CELL_LEN, "r%d", i);
		snprintf(c.phase[i].cpu, CSV_CELL_LEN, "c%d", i);
		snprintf(c.phase[i].latency, CSV_CELL_LEN, "l%d", i);
	}
	csv_line_write(m, &c);
	fclose(m);
	ck_assert_int_eq(synth_split_csv(buf, f, 64), l->nfields);
	for (int i = 0; i < l->nfields; i++) {
		const struct csv_field *d = &l->field[i];
		const char *mark = d->holds == CSV_HOLDS_SETTING ? "s" : d->holds == CSV_HOLDS_RATE ? "r"
		                 : d->holds == CSV_HOLDS_CPU     ? "c"
		                                                 : "l";

		if (d->holds == CSV_HOLDS_TAG)
			snprintf(want, sizeof want, "1.98");
		else
			snprintf(want, sizeof want, "%s%d", mark, d->what);
		ck_assert_msg(strcmp(f[i], want) == 0, "field %d is '%s', its layout says '%s'", i, f[i], want);
	}
	free(buf);
}
END_TEST

/* A line of every layout, made from its description (rate 100 + field,
 * %CPU the field number, latency field + 1 ms), reads back through the
 * same description: each phase's numbers where its fields are, and none
 * for a phase the layout has no field for. */
START_TEST(reader_walks_every_layout)
{
	for (int k = 0; k < csv_layout_count; k++) {
		const struct csv_layout *l = csv_layouts[k];
		struct parsed_set set = {0};
		char line[1024] = "";

		for (int i = 0; i < l->nfields; i++) {
			const struct csv_field *d = &l->field[i];
			char cell[32] = "";

			if (d->holds == CSV_HOLDS_TAG)
				snprintf(cell, sizeof cell, "%s", l->tag);
			else if (d->holds == CSV_HOLDS_SETTING && (d->what == META_NAME || d->what == META_VERSION))
				snprintf(cell, sizeof cell, "host"); /* a tag needs a version after it */
			else if (d->holds == CSV_HOLDS_SETTING && d->what == META_SIZE)
				snprintf(cell, sizeof cell, "2G");
			else if (d->holds == CSV_HOLDS_RATE)
				snprintf(cell, sizeof cell, "%d", 100 + i);
			else if (d->holds == CSV_HOLDS_CPU)
				snprintf(cell, sizeof cell, "%d", i);
			else if (d->holds == CSV_HOLDS_LATENCY)
				snprintf(cell, sizeof cell, "%dms", i + 1);
			snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s", i ? "," : "", cell);
		}
		strcat(line, "\n");
		ck_assert_int_eq(input_parse(&set, "t", line, strlen(line)), 0);
		ck_assert_msg(set.count == 1, "%s: %zu runs from %s", l->label, set.count, line);
		ck_assert_str_eq(set.run[0].format, l->label);
		ck_assert_str_eq(set.run[0].meta[META_NAME], "host");
		ck_assert_int_eq(set.run[0].size_bytes, 2ull << 30);
		for (int p = 0; p < PHASE_COUNT; p++) {
			const struct parsed_phase *r = &set.run[0].phase[p];
			int rate, cpu, lat;
			bool has = csv_layout_phase_fields(l, (enum phase_id)p, &rate, &cpu, &lat);

			ck_assert_int_eq(r->state, has ? CELL_VALUE : CELL_NOT_RUN);
			if (has) {
				ck_assert_double_eq(r->rate, 100 + rate);
				ck_assert_int_eq(r->cpu, cpu);
			}
			ck_assert_int_eq(r->latency_ns, lat >= 0 ? (int64_t)(lat + 1) * 1000000 : -1);
		}
		input_free(&set);
	}
}
END_TEST

Suite *suite_csv(void)
{
	Suite *s = suite_create("csv");
	TCase *tc = tcase_create("format");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, full_line_exact);
	tcase_add_test(tc, always_fifty_fields);
	tcase_add_test(tc, no_io_tests_leave_5_to_20_empty);
	tcase_add_test(tc, no_file_tests_leave_21_to_37_empty);
	tcase_add_test(tc, bare_f_leaves_perchar_fields_empty);
	tcase_add_test(tc, failed_and_interrupted_phases_are_empty);
	tcase_add_test(tc, interrupted_before_sizing_files_leaves_the_count_empty);
	tcase_add_test(tc, slow_seeks_keep_one_decimal);
	tcase_add_test(tc, latency_units_switch_at_bonnie_thresholds);
	tcase_add_test(tc, file_config_fields_follow_the_header_names);
	tcase_add_test(tc, size_field_uses_g_for_whole_gib);
	tcase_add_test(tc, machine_name_cannot_break_the_line);
	tcase_add_test(tc, comma_locale_does_not_change_the_csv);
	tcase_add_test(tc, concurrency_is_the_runs_client_count);
	tcase_add_test(tc, compare_line_shares_the_writer);
	tcase_add_test(tc, layouts_are_well_formed);
	tcase_add_test(tc, writer_walks_the_198_layout);
	tcase_add_test(tc, reader_walks_every_layout);
	suite_add_tcase(s, tc);
	return s;
}
