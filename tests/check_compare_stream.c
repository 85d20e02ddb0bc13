/* input_read: the text read piece by piece finds what the whole text does
 * (a line, a wrapped line or a JSON document split across reads); what it
 * refuses to hold (an over-long line), NUL bytes and rates too large to
 * show are warned about; what it quotes is sanitized; a read error stops
 * it with what was found kept. */
#include "suites.h"
#include "../input/input.h"
#include "../report/compare/compare.h"
#include "util_parsed.h"
#include "compare_samples.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct parsed_set set;

static void teardown(void)
{
	input_free(&set);
}

/* Hands out text[0..len) at most step bytes a read; fails with EIO at
 * fail_at when that is set. */
struct pieces {
	const char *text;
	size_t len, off, step, fail_at;
};

static long piecewise(void *ctx, char *buf, size_t cap)
{
	struct pieces *p = ctx;
	size_t n = p->len - p->off;

	if (p->fail_at && p->off >= p->fail_at) {
		errno = EIO;
		return -1;
	}
	if (n > p->step)
		n = p->step;
	if (n > cap)
		n = cap;
	memcpy(buf, p->text + p->off, n);
	p->off += n;
	return (long)n;
}

static char *csv_of(const struct parsed_run *r)
{
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	report_compare_csv_line(f, r);
	fclose(f);
	return buf;
}

START_TEST(pieces_find_what_the_whole_finds)
{
	static const size_t steps[] = {1, 2, 7, 64, 4096};
	char text[16384];
	struct parsed_set whole = {0};

	snprintf(text, sizeof text,
	         "Old box:\n%s\nNew box (forum): %s ok\nJSON:\n%sWrapped:\n%.60s\n> %s\n1.96%s\n"
	         "%.150s\n{\"tool\": \"bonnie\", \"runs\": [\n%s",
	         L10X, L197, JDOC, L198, &L198[60], &L197[4], L198, L198);
	ck_assert_int_eq(input_parse(&whole, "t.txt", text, strlen(text)), 0);
	ck_assert_uint_eq(whole.count, 6);
	ck_assert_uint_eq(whole.nwarn, 2);
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		struct pieces p = {text, strlen(text), 0, steps[i], 0};
		input_free(&set);
		ck_assert_int_eq(input_read(&set, "t.txt", piecewise, &p), 0);
		ck_assert_uint_eq(set.count, whole.count);
		ck_assert_uint_eq(set.nwarn, whole.nwarn);
		for (size_t k = 0; k < set.count; k++) {
			char *a = csv_of(&whole.run[k]), *b = csv_of(&set.run[k]);
			ck_assert_str_eq(set.run[k].origin, whole.run[k].origin);
			ck_assert_str_eq(b, a);
			free(a);
			free(b);
		}
		for (size_t w = 0; w < set.nwarn; w++)
			ck_assert_str_eq(set.warning[w], whole.warning[w]);
	}
	input_free(&whole);
}
END_TEST

/* A line longer than INPUT_MAX_LINE is skipped whole with a warning; the
 * lines around it are read. */
START_TEST(over_long_line_warned_and_skipped)
{
	size_t n = INPUT_MAX_LINE + 100;
	char *text = malloc(n + 2 * sizeof L198 + 8);

	ck_assert_ptr_nonnull(text);
	strcpy(text, L198 "\n");
	memset(text + strlen(text), 'a', n);
	strcpy(text + sizeof L198 + n, "\n" L198 "\n");
	ck_assert_int_eq(input_parse(&set, "t.txt", text, strlen(text)), 0);
	ck_assert_uint_eq(set.count, 2);
	ck_assert_str_eq(set.run[1].origin, "t.txt:3");
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_str_eq(set.warning[0], "t.txt:2: line longer than 1 MiB: not searched");
	free(text);
}
END_TEST

/* A NUL before a result: the result is found, and NUL bytes are named
 * once. The two lines are one result posted twice: one run from both. */
START_TEST(nul_before_a_result)
{
	static const char text[] = "junk\0 " L198 "\nmore\0junk\n" L198 "\n";

	ck_assert_int_eq(input_parse(&set, "t.txt", text, sizeof text - 1), 0);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_str_eq(set.run[0].origin, "t.txt:1 + t.txt:3");
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_str_eq(set.warning[0], "t.txt:1: NUL bytes (is it a text file?): read as blanks");
}
END_TEST

/* A rate too wide for compare's cells: that phase is left out with the
 * field's warning, the rest of the run is kept. */
START_TEST(too_large_rate_left_out)
{
	char line[1024], *p;

	snprintf(line, sizeof line, "%s\n", L198);
	p = strstr(line, ",319590,");
	memmove(p + 27, p + 7, strlen(p + 7) + 1);
	memcpy(p + 1, "99999999999999999999999999", 26);
	ck_assert_int_eq(input_parse(&set, "t.txt", line, strlen(line)), 0);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_int_eq(set.run[0].phase[PHASE_PUT_BLOCK].state, CELL_NOT_RUN);
	ck_assert_int_eq(set.run[0].phase[PHASE_REWRITE].state, CELL_VALUE);
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_str_eq(set.warning[0], "t.txt:1: 1.98 line: field 11 (block write rate) is "
	                                 "'99999999999999999999999999': too large for a rate, left out");
	/* 10^12 itself still fits */
	snprintf(line, sizeof line, "%s\n", L198);
	p = strstr(line, ",319590,");
	memmove(p + 14, p + 7, strlen(p + 7) + 1);
	memcpy(p + 1, "1000000000000", 13);
	input_free(&set);
	ck_assert_int_eq(input_parse(&set, "t.txt", line, strlen(line)), 0);
	ck_assert_int_eq(set.run[0].phase[PHASE_PUT_BLOCK].state, CELL_VALUE);
	ck_assert_uint_eq(set.nwarn, 0);
}
END_TEST

START_TEST(too_large_json_rate_left_out)
{
	char doc[4096], *p;

	snprintf(doc, sizeof doc, "%s", JDOC);
	p = strstr(doc, "627105.5");
	memmove(p + 25, p + 8, strlen(p + 8) + 1);
	memcpy(p, "2000000000000000000000000", 25);
	ck_assert_int_eq(input_parse(&set, "j.json", doc, strlen(doc)), 0);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_int_eq(set.run[0].phase[PHASE_PUT_BLOCK].state, CELL_NOT_RUN);
	ck_assert_int_eq(set.run[0].phase[PHASE_SEEKS].state, CELL_VALUE);
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_str_eq(set.warning[0], "j.json:1: JSON run 1: rate_kib_s (block write rate) is "
	                                 "'2000000000000000000000000': too large for a rate, left out");
}
END_TEST

/* JSON rates the CSV reader would refuse as a field (negative, exponent
 * form, not a number, too many digits): warned about, naming the run and
 * key, and left out, never shown and ranked as a measured 0. */
static const char *const bad_json_rates[][2] = {
	{"-5", "-5"}, {"-0.5", "-0.5"}, {"1e5", "1e5"}, {"1.5e19", "1.5e19"}, {"1e400", "1e400"},
	{"-1e400", "-1e400"}, {"null", "null"}, {"\"fast\"", "fast"}, {"12.", "12."},
	{"123456789012345678901234567890", "123456789012345678901234567890"},
};

START_TEST(bad_json_rate_left_out)
{
	char doc[4096], want[256];
	const char *p;

	p = strstr(JDOC, "627105.5");
	snprintf(doc, sizeof doc, "%.*s%s%s", (int)(p - JDOC), JDOC, bad_json_rates[_i][0], p + 8);
	ck_assert_int_eq(input_parse(&set, "j.json", doc, strlen(doc)), 0);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_int_eq(set.run[0].phase[PHASE_PUT_BLOCK].state, CELL_NOT_RUN);
	ck_assert_int_eq(set.run[0].phase[PHASE_SEEKS].state, CELL_VALUE);
	ck_assert_uint_eq(set.nwarn, 1);
	snprintf(want, sizeof want, "j.json:1: JSON run 1: rate_kib_s (block write rate) is '%s': not a rate, left out",
	         bad_json_rates[_i][1]);
	ck_assert_str_eq(set.warning[0], want);
}
END_TEST

/* line with the first "from" replaced by "to" (a static buffer). */
static const char *with(const char *line, const char *from, const char *to)
{
	static char buf[2048];
	const char *p = strstr(line, from);

	ck_assert_ptr_nonnull(p);
	snprintf(buf, sizeof buf, "%.*s%s%s\n", (int)(p - line), line, to, p + strlen(from));
	return buf;
}

/* Control characters, invalid UTF-8 and U+202E from the input come out as
 * escapes in the runs' strings, origins and warnings. */
START_TEST(quoted_input_is_sanitized)
{
	static const struct {
		const char *from, *to, *name;
	} names[] = {
		{",vm,", ",e\x1b]0;x\x07v,", "e\\x1b]0;x\\x07v"},  /* ESC ] (window title) */
		{",vm,", ",a\xe2\x80\xaev,", "a\\xe2\\x80\\xaev"}, /* U+202E */
		{",vm,", ",bad\xff\xe2\x80,", "bad\\xff\\xe2\\x80"}, /* not UTF-8 */
		{",vm,", ",o\xe0\x80\xafv,", "o\\xe0\\x80\\xafv"},     /* overlong '/' */
		{",vm,", ",s\xed\xa0\x80v,", "s\\xed\\xa0\\x80v"},     /* a surrogate */
		{",vm,", ",h\xf4\x90\x80\x80v,", "h\\xf4\\x90\\x80\\x80v"}, /* past U+10FFFF */
		{",vm,", ",i\xe2\x81\xa6v,", "i\\xe2\\x81\\xa6v"},     /* U+2066 isolate */
	};
	const char *line;

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		line = with(L198, names[i].from, names[i].to);
		input_free(&set);
		ck_assert_int_eq(input_parse(&set, "t\x1b.txt", line, strlen(line)), 0);
		ck_assert_uint_eq(set.count, 1);
		ck_assert_str_eq(set.run[0].meta[META_NAME], names[i].name);
		ck_assert_str_eq(set.run[0].origin, "t\\x1b.txt:1");
	}
	line = with(L198, ",319590,78,", ",319590,7\x1b[2J8,");
	input_free(&set);
	ck_assert_int_eq(input_parse(&set, "t.txt", line, strlen(line)), 0);
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_str_eq(set.warning[0], "t.txt:1: 1.98 line skipped: field 12 (block write %CPU) is '7\\x1b[2J8'");
}
END_TEST

/* A machine name with blanks is one field, as bonnie++ and bonnie write
 * it: the line is read whole wherever it stands; a blank elsewhere still
 * ends a line. */
START_TEST(name_with_blanks)
{
	char text[3072], one[1024], two[1024];

	snprintf(one, sizeof one, "%s", with(L198, ",vm,", ",my web server,"));
	snprintf(two, sizeof two, "%s", with(L198, ",vm,", ",box  2,"));
	one[strlen(one) - 1] = two[strlen(two) - 1] = '\0';
	snprintf(text, sizeof text, "Results: %s  (the old disk)\n%s %s\n1.98,2.00a,web server\n", one, two, L198);
	ck_assert_int_eq(input_parse(&set, "t.txt", text, strlen(text)), 0);
	ck_assert_uint_eq(set.count, 3);
	ck_assert_str_eq(set.run[0].meta[META_NAME], "my web server");
	ck_assert_str_eq(set.run[0].origin, "t.txt:1");
	ck_assert_str_eq(set.run[1].meta[META_NAME], "box  2");
	ck_assert_str_eq(set.run[2].meta[META_NAME], "vm");
	ck_assert_uint_eq(set.nwarn, 1);
	ck_assert_str_eq(set.warning[0], "t.txt:3: 1.98 line skipped: 3 fields, a 1.98 line has 50");
}
END_TEST

static void count_warning(const char *msg, void *arg)
{
	ck_assert_ptr_nonnull(strstr(msg, "line skipped"));
	(*(int *)arg)++;
}

/* on_warning takes each warning as it is found, and none is kept. */
START_TEST(warnings_handed_out)
{
	static const char text[] = "1.98,2.00a,cut\n" L198 "\n1.98,2.00a,cut\n";
	int n = 0;

	set.on_warning = count_warning;
	set.warning_arg = &n;
	ck_assert_int_eq(input_parse(&set, "t.txt", text, sizeof text - 1), 0);
	ck_assert_int_eq(n, 2);
	ck_assert_uint_eq(set.nwarn, 0);
	ck_assert_uint_eq(set.count, 1);
}
END_TEST

/* A source that fails: -2 with its errno, the runs before it kept. */
START_TEST(read_error_keeps_what_was_found)
{
	static const char text[] = L198 "\n" L198 "\n";
	struct pieces p = {text, sizeof text - 1, 0, 64, sizeof L198};

	errno = 0;
	ck_assert_int_eq(input_read(&set, "t.txt", piecewise, &p), -2);
	ck_assert_int_eq(errno, EIO);
	ck_assert_uint_eq(set.count, 1);
}
END_TEST

Suite *suite_compare_stream(void)
{
	Suite *s = suite_create("compare_stream");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, pieces_find_what_the_whole_finds);
	tcase_add_test(tc, over_long_line_warned_and_skipped);
	tcase_add_test(tc, nul_before_a_result);
	tcase_add_test(tc, too_large_rate_left_out);
	tcase_add_test(tc, too_large_json_rate_left_out);
	tcase_add_loop_test(tc, bad_json_rate_left_out, 0, (int)(sizeof bad_json_rates / sizeof bad_json_rates[0]));
	tcase_add_test(tc, quoted_input_is_sanitized);
	tcase_add_test(tc, name_with_blanks);
	tcase_add_test(tc, warnings_handed_out);
	tcase_add_test(tc, read_error_keeps_what_was_found);
	suite_add_tcase(s, tc);
	return s;
}
