/* units: size parsing (suffixes, default shift, every error class, 64-bit
 * boundaries), size/rate/count/latency formatting, and the property that a
 * formatted size parses back to the same number of bytes. */
#include "suites.h"
#include "../lib/units.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define KIB ((uint64_t)1 << 10)
#define MIB ((uint64_t)1 << 20)
#define GIB ((uint64_t)1 << 30)
#define TIB ((uint64_t)1 << 40)

struct size_case {
	const char *in;
	unsigned shift;
	enum units_err err;
	uint64_t bytes; /* only when err == UNITS_OK */
};

static const struct size_case size_cases[] = {
	/* bare numbers take the default shift */
	{"0", 0, UNITS_OK, 0},
	{"0", 20, UNITS_OK, 0},
	{"1", 0, UNITS_OK, 1},
	{"1", 20, UNITS_OK, MIB},
	{"100", 0, UNITS_OK, 100},
	{"512", 20, UNITS_OK, 512 * MIB},
	{"00012", 0, UNITS_OK, 12},
	/* every suffix, both cases, each x1024 */
	{"1k", 0, UNITS_OK, KIB},
	{"1K", 0, UNITS_OK, KIB},
	{"1m", 0, UNITS_OK, MIB},
	{"1M", 0, UNITS_OK, MIB},
	{"1g", 0, UNITS_OK, GIB},
	{"1G", 0, UNITS_OK, GIB},
	{"1t", 0, UNITS_OK, TIB},
	{"1T", 0, UNITS_OK, TIB},
	{"3k", 0, UNITS_OK, 3 * KIB},
	{"512m", 0, UNITS_OK, 512 * MIB},
	{"0k", 0, UNITS_OK, 0},
	/* a suffix overrides the default shift */
	{"8k", 20, UNITS_OK, 8 * KIB},
	{"8K", 20, UNITS_OK, 8 * KIB},
	{"2m", 20, UNITS_OK, 2 * MIB},
	{"2g", 20, UNITS_OK, 2 * GIB},
	{"5T", 20, UNITS_OK, 5 * TIB},
	/* empty */
	{"", 0, UNITS_EMPTY, 0},
	{"", 20, UNITS_EMPTY, 0},
	/* negative */
	{"-5", 0, UNITS_NEGATIVE, 0},
	{"-5", 20, UNITS_NEGATIVE, 0},
	{"-5k", 0, UNITS_NEGATIVE, 0},
	{"-0", 0, UNITS_NEGATIVE, 0},
	/* fractions, with a point or a decimal comma */
	{"1.5g", 0, UNITS_FRACTION, 0},
	{"2,5m", 0, UNITS_FRACTION, 0},
	{"1.5", 20, UNITS_FRACTION, 0},
	{".5", 0, UNITS_FRACTION, 0},
	{"1.", 0, UNITS_FRACTION, 0},
	/* garbage */
	{"12q", 0, UNITS_GARBAGE, 0},
	{"k", 0, UNITS_GARBAGE, 0},
	{"K", 20, UNITS_GARBAGE, 0},
	{" 12", 0, UNITS_GARBAGE, 0},
	{"12 ", 0, UNITS_GARBAGE, 0},
	{"1kk", 0, UNITS_GARBAGE, 0},
	{"1km", 0, UNITS_GARBAGE, 0},
	{"12k ", 0, UNITS_GARBAGE, 0},
	{"1 k", 0, UNITS_GARBAGE, 0},
	{"abc", 0, UNITS_GARBAGE, 0},
	{"+5", 0, UNITS_GARBAGE, 0},
	{"0x10", 0, UNITS_GARBAGE, 0},
	{"1b", 0, UNITS_GARBAGE, 0},
	{"1p", 0, UNITS_GARBAGE, 0},
	{"1e3", 0, UNITS_GARBAGE, 0},
	/* 64-bit boundaries: the largest value fits, one more does not */
	{"18446744073709551615", 0, UNITS_OK, UINT64_MAX},
	{"18446744073709551616", 0, UNITS_OVERFLOW, 0},
	{"99999999999999999999999", 0, UNITS_OVERFLOW, 0},
	/* ... and the shift is part of the range check */
	{"18446744073709551615", 20, UNITS_OVERFLOW, 0},
	{"17592186044415", 20, UNITS_OK, (((uint64_t)1 << 44) - 1) << 20},
	{"17592186044416", 20, UNITS_OVERFLOW, 0},
	{"17179869183g", 0, UNITS_OK, (((uint64_t)1 << 34) - 1) << 30},
	{"17179869184g", 0, UNITS_OVERFLOW, 0},
	{"17179869184g", 20, UNITS_OVERFLOW, 0},
	{"16777215t", 0, UNITS_OK, (((uint64_t)1 << 24) - 1) << 40},
	{"16777216T", 0, UNITS_OVERFLOW, 0},
	{"18014398509481983k", 0, UNITS_OK, (((uint64_t)1 << 54) - 1) << 10},
	{"18014398509481984k", 0, UNITS_OVERFLOW, 0},
};

#define NSIZE_CASES ((int)(sizeof size_cases / sizeof size_cases[0]))

START_TEST(parse_size_table)
{
	const struct size_case *c = &size_cases[_i];
	uint64_t out = 0xdeadbeef;
	enum units_err err = units_parse_size(c->in, c->shift, &out);

	ck_assert_msg(err == c->err, "parse_size(\"%s\", %u): error %d, want %d",
	              c->in, c->shift, (int)err, (int)c->err);
	if (c->err == UNITS_OK)
		ck_assert_msg(out == c->bytes, "parse_size(\"%s\", %u) = %llu, want %llu",
		              c->in, c->shift, (unsigned long long)out,
		              (unsigned long long)c->bytes);
}
END_TEST

struct uint_case {
	const char *in;
	enum units_err err;
	uint64_t value;
};

static const struct uint_case uint_cases[] = {
	{"0", UNITS_OK, 0},
	{"42", UNITS_OK, 42},
	{"007", UNITS_OK, 7},
	{"4294967296", UNITS_OK, (uint64_t)1 << 32},
	{"18446744073709551615", UNITS_OK, UINT64_MAX},
	{"18446744073709551616", UNITS_OVERFLOW, 0},
	{"", UNITS_EMPTY, 0},
	{"-1", UNITS_NEGATIVE, 0},
	{"1.5", UNITS_FRACTION, 0},
	{"1,5", UNITS_FRACTION, 0},
	/* suffixes are for sizes only */
	{"12k", UNITS_GARBAGE, 0},
	{"1K", UNITS_GARBAGE, 0},
	{" 1", UNITS_GARBAGE, 0},
	{"1 ", UNITS_GARBAGE, 0},
	{"+1", UNITS_GARBAGE, 0},
	{"x", UNITS_GARBAGE, 0},
};

#define NUINT_CASES ((int)(sizeof uint_cases / sizeof uint_cases[0]))

START_TEST(parse_uint_table)
{
	const struct uint_case *c = &uint_cases[_i];
	uint64_t out = 0xdeadbeef;
	enum units_err err = units_parse_uint(c->in, &out);

	ck_assert_msg(err == c->err, "parse_uint(\"%s\"): error %d, want %d", c->in, (int)err,
	              (int)c->err);
	if (c->err == UNITS_OK)
		ck_assert_msg(out == c->value, "parse_uint(\"%s\") = %llu", c->in,
		              (unsigned long long)out);
}
END_TEST

START_TEST(strerror_every_code)
{
	const enum units_err errs[] = {UNITS_EMPTY, UNITS_NEGATIVE, UNITS_FRACTION,
	                               UNITS_GARBAGE, UNITS_OVERFLOW};
	const size_t n = sizeof errs / sizeof errs[0];

	/* each reason is a non-empty single line, and distinct from the others */
	for (size_t i = 0; i < n; i++) {
		const char *a = units_strerror(errs[i]);
		ck_assert_ptr_nonnull(a);
		ck_assert_uint_gt(strlen(a), 0);
		ck_assert_ptr_null(strchr(a, '\n'));
		for (size_t j = i + 1; j < n; j++)
			ck_assert_str_ne(a, units_strerror(errs[j]));
	}
}
END_TEST

struct format_case {
	uint64_t bytes;
	const char *upper;
	const char *lower;
};

static const struct format_case format_cases[] = {
	{0, "0", "0"},
	{1, "1", "1"},
	{100, "100", "100"},
	{300, "300", "300"},
	{1023, "1023", "1023"},
	{1024, "1K", "1k"},
	{1025, "1025", "1025"},
	{1536, "1536", "1536"}, /* 1.5K: no exact unit */
	{4 * KIB, "4K", "4k"},
	{8 * KIB, "8K", "8k"},
	{3 * KIB, "3K", "3k"},
	{1023 * KIB, "1023K", "1023k"},
	{MIB, "1M", "1m"},
	{3 * MIB, "3M", "3m"},
	{512 * MIB, "512M", "512m"},
	{1536 * MIB, "1536M", "1536m"}, /* 1.5G: megabytes are the largest exact unit */
	{MIB + KIB, "1025K", "1025k"},
	{GIB, "1G", "1g"},
	{3 * GIB, "3G", "3g"},
	{TIB, "1T", "1t"},
	{1024 * TIB, "1024T", "1024t"}, /* no unit above T */
	{(uint64_t)1 << 63, "8388608T", "8388608t"},
	{UINT64_MAX, "18446744073709551615", "18446744073709551615"},
};

#define NFORMAT_CASES ((int)(sizeof format_cases / sizeof format_cases[0]))

START_TEST(format_size_table)
{
	const struct format_case *c = &format_cases[_i];
	char buf[32];

	units_format_size(c->bytes, buf, sizeof buf);
	ck_assert_str_eq(buf, c->upper);
	units_format_size_lower(c->bytes, buf, sizeof buf);
	ck_assert_str_eq(buf, c->lower);
}
END_TEST

START_TEST(format_size_respects_len)
{
	char buf[8];

	/* "18446744073709551615" does not fit: truncated, terminated, nothing past len */
	memset(buf, 'X', sizeof buf);
	units_format_size(UINT64_MAX, buf, 4);
	ck_assert_uint_eq(strlen(buf), 3);
	ck_assert_int_eq(buf[4], 'X');
	ck_assert_int_eq(buf[7], 'X');
}
END_TEST

/* Formatting then parsing a size (shift 0) must give back the same bytes. */
START_TEST(format_parse_round_trip)
{
	const uint64_t mantissas[] = {1, 3, 5, 7, 9, 15, 100, 511, 999, 1000, 1023, 1025, 12345};

	for (size_t m = 0; m < sizeof mantissas / sizeof mantissas[0]; m++) {
		for (unsigned k = 0; k < 64; k++) {
			uint64_t v = mantissas[m];
			uint64_t back = 0;
			char buf[32];

			if (v > (UINT64_MAX >> k))
				break;
			v <<= k;
			units_format_size(v, buf, sizeof buf);
			ck_assert_msg(units_parse_size(buf, 0, &back) == UNITS_OK,
			              "\"%s\" does not parse", buf);
			ck_assert_msg(back == v, "%llu -> \"%s\" -> %llu", (unsigned long long)v, buf,
			              (unsigned long long)back);
			units_format_size_lower(v, buf, sizeof buf);
			ck_assert(units_parse_size(buf, 0, &back) == UNITS_OK);
			ck_assert(back == v);
		}
	}
}
END_TEST

struct text_case {
	uint64_t in;
	const char *out;
};

/* bonnie++'s rule: KiB below 10000, MiB with a decimal below 100, whole
 * (rounded) MiB below 1000, GiB with a decimal above. */
static const struct text_case rate_cases[] = {
	{0, "   0k"},
	{7, "   7k"},
	{535, " 535k"},
	{9999, "9999k"},
	{10000, " 9.8m"},         /* 9.77 MiB/s */
	{10240, "10.0m"},
	{15360, "15.0m"},
	{51200, "50.0m"},
	{101376, "99.0m"},        /* 99 MiB/s */
	{102400, " 100m"},        /* 100 MiB/s */
	{319488, " 312m"},        /* 312 MiB/s */
	{319999, " 312m"},        /* 312.499 rounds down */
	{320001, " 313m"},        /* 312.501 rounds up */
	{1022976, " 999m"},       /* 999 MiB/s */
	{1024000, " 1.0g"},       /* 1000 MiB/s = 0.98 GiB/s */
	{1048576, " 1.0g"},
	{1572864, " 1.5g"},
	{10485760, "10.0g"},
};

#define NRATE_CASES ((int)(sizeof rate_cases / sizeof rate_cases[0]))

START_TEST(format_rate_table)
{
	const struct text_case *c = &rate_cases[_i];
	char buf[32];

	units_format_rate(c->in, buf, sizeof buf);
	ck_assert_msg(strcmp(buf, c->out) == 0, "rate %llu KiB/s: \"%s\", want \"%s\"",
	              (unsigned long long)c->in, buf, c->out);
}
END_TEST

/* Latency: microseconds below 100 ms, milliseconds below 100 s, then
 * seconds; each truncated, never rounded up. */
static const struct text_case latency_cases[] = {
	{0, "0us"},
	{999, "0us"},
	{1000, "1us"},
	{598999, "598us"},
	{99999999, "99999us"},        /* 99.999999 ms */
	{100000000, "100ms"},         /* 100 ms */
	{28999999999ull, "28999ms"},  /* 28.999999999 s */
	{99999999999ull, "99999ms"},
	{100000000000ull, "100s"},
	{120999999999ull, "120s"},
	{3600000000000ull, "3600s"},  /* one hour */
	{UINT64_MAX, "18446744073s"},
};

#define NLATENCY_CASES ((int)(sizeof latency_cases / sizeof latency_cases[0]))

START_TEST(format_latency_table)
{
	const struct text_case *c = &latency_cases[_i];
	char buf[32];

	units_format_latency(c->in, buf, sizeof buf);
	ck_assert_msg(strcmp(buf, c->out) == 0, "latency %llu ns: \"%s\", want \"%s\"",
	              (unsigned long long)c->in, buf, c->out);
}
END_TEST

/* The sweep table's form: bonnie++'s units, rounded to the nearest (its
 * sentences round: a p99 of 133.6 ms was 133ms in the table and 134 ms in
 * the sentence); the unit is chosen on the rounded microseconds. */
static const struct text_case latency_rounded_cases[] = {
	{0, "0us"},
	{499, "0us"},
	{500, "1us"},
	{598999, "599us"},
	{99999499, "99999us"},
	{99999500, "100ms"},           /* 99999.5 us rounds to 100000 us */
	{133600000, "134ms"},
	{133499999, "133ms"},
	{99999499999ull, "99999ms"},
	{99999500000ull, "100s"},
	{120500000000ull, "121s"},
	{UINT64_MAX, "18446744074s"},
};

#define NLATENCY_ROUNDED_CASES ((int)(sizeof latency_rounded_cases / sizeof latency_rounded_cases[0]))

START_TEST(format_latency_rounded_table)
{
	const struct text_case *c = &latency_rounded_cases[_i];
	char buf[32];

	units_format_latency_rounded(c->in, buf, sizeof buf);
	ck_assert_msg(strcmp(buf, c->out) == 0, "latency %llu ns rounded: \"%s\", want \"%s\"",
	              (unsigned long long)c->in, buf, c->out);
}
END_TEST

/* compare's cells: whole ns and us, one decimal in ms, two in s; the unit
 * is chosen before rounding (999999 ns is "1000 us"). */
static const struct text_case latency_cell_cases[] = {
	{0, "0 ns"},
	{850, "850 ns"},
	{999, "999 ns"},
	{1000, "1 us"},
	{598000, "598 us"},
	{999999, "1000 us"},
	{1000000, "1.0 ms"},
	{1250000, "1.2 ms"},
	{999999999, "1000.0 ms"},
	{1000000000, "1.00 s"},
	{2500000000ull, "2.50 s"},
};

#define NLATENCY_CELL_CASES ((int)(sizeof latency_cell_cases / sizeof latency_cell_cases[0]))

START_TEST(format_latency_cell_table)
{
	const struct text_case *c = &latency_cell_cases[_i];
	char buf[32];

	units_format_latency_cell((double)c->in, buf, sizeof buf);
	ck_assert_msg(strcmp(buf, c->out) == 0, "latency cell %llu ns: \"%s\", want \"%s\"",
	              (unsigned long long)c->in, buf, c->out);
}
END_TEST

/* Skips the padding: the header shows the values without it. */
static const char *trim(const char *s)
{
	while (*s == ' ')
		s++;
	return s;
}

struct count_case {
	double in;
	const char *out;
};

static const struct count_case count_cases[] = {
	{0.0, "0.0"},
	{5.26, "5.3"},
	{123.4, "123.4"},
	{999.0, "999.0"},
	{1000.0, "1000"},
	{8816.0, "8816"},
	{8816.4, "8816"},
	{8816.9, "8816"}, /* whole counts truncate, as the CSV does */
	{99999.0, "99999"},
	{99999.9, "99999"},
	{100000.0, "100k"},
	{512000.0, "512k"},
	{1234567.0, "1234k"},
	{9999999.0, "9999k"},
	{12345678.0, "12M"},
};

#define NCOUNT_CASES ((int)(sizeof count_cases / sizeof count_cases[0]))

START_TEST(format_count_rate_table)
{
	const struct count_case *c = &count_cases[_i];
	char buf[32];

	units_format_count_rate(c->in, buf, sizeof buf);
	ck_assert_uint_le(strlen(buf), 5);
	ck_assert_msg(strcmp(trim(buf), c->out) == 0, "count rate %g: \"%s\", want \"%s\"",
	              c->in, buf, c->out);
}
END_TEST

/* "at most 5 characters" must hold at every switch-over point too, where
 * rounding can carry into an extra digit (999.96 must not print as 1000.0). */
START_TEST(format_count_rate_width)
{
	const double values[] = {0.04, 9.96, 99.96, 999.4, 999.94, 999.96, 999.99, 1000.4,
	                         9999.6, 99999.4, 99999.6, 100000.0, 999499.0, 999500.0,
	                         1000000.0, 9999000.0};

	for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
		char buf[32];

		units_format_count_rate(values[i], buf, sizeof buf);
		ck_assert_msg(strlen(buf) <= 5, "count rate %.2f printed as \"%s\" (%zu chars)",
		              values[i], buf, strlen(buf));
	}
}
END_TEST

Suite *suite_units(void)
{
	Suite *s = suite_create("units");
	TCase *parse = tcase_create("parse");
	TCase *format = tcase_create("format");

	tcase_add_loop_test(parse, parse_size_table, 0, NSIZE_CASES);
	tcase_add_loop_test(parse, parse_uint_table, 0, NUINT_CASES);
	tcase_add_test(parse, strerror_every_code);
	suite_add_tcase(s, parse);

	tcase_add_loop_test(format, format_size_table, 0, NFORMAT_CASES);
	tcase_add_test(format, format_size_respects_len);
	tcase_add_test(format, format_parse_round_trip);
	tcase_add_loop_test(format, format_rate_table, 0, NRATE_CASES);
	tcase_add_loop_test(format, format_latency_table, 0, NLATENCY_CASES);
	tcase_add_loop_test(format, format_latency_cell_table, 0, NLATENCY_CELL_CASES);
	tcase_add_loop_test(format, format_latency_rounded_table, 0, NLATENCY_ROUNDED_CASES);
	tcase_add_loop_test(format, format_count_rate_table, 0, NCOUNT_CASES);
	tcase_add_test(format, format_count_rate_width);
	suite_add_tcase(s, format);
	return s;
}
