/* Sizes and rates as people type and read them: one suffix table (k, m, g, t,
 * each x1024, case-insensitive) used both to parse "512m" and to print "512M". */
#ifndef BONNIE_UNITS_H
#define BONNIE_UNITS_H

#include <stddef.h>
#include <stdint.h>

enum units_err {
	UNITS_OK = 0,
	UNITS_EMPTY,    /* "" */
	UNITS_NEGATIVE, /* "-5" where only non-negative values make sense */
	UNITS_FRACTION, /* "1.5g" */
	UNITS_GARBAGE,  /* "12q", "abc", " 12" */
	UNITS_OVERFLOW, /* does not fit in 64 bits once scaled */
};

/* Short English reason for an error code, e.g. "not a number". */
const char *units_strerror(enum units_err err);

/* Parses "<digits>[kKmMgGtT]". A bare number is scaled by 2^default_shift
 * (20 for bonnie++'s MiB-based -s, 0 for byte counts); a suffix overrides it.
 * No sign, no blanks, no fraction. On success stores bytes in *out. */
enum units_err units_parse_size(const char *s, unsigned default_shift, uint64_t *out);

/* Parses a plain non-negative decimal integer with no suffix. */
enum units_err units_parse_uint(const char *s, uint64_t *out);

/* Formats bytes with the largest suffix that divides them exactly, upper-case
 * as bonnie++'s CSV writes them: 512M, 1G, 4K, 100 (plain bytes). */
void units_format_size(uint64_t bytes, char *buf, size_t len);

/* Same, lower-case, as bonnie++ writes chunk sizes: 8k, 1m, 300. */
void units_format_size_lower(uint64_t bytes, char *buf, size_t len);

/* value cut toward zero to the decimals (a finite value; others as they
 * are): printed with "%.*f" it reads back as a number that cuts to the
 * integer value cuts to, as bonnie++'s CSV rates are cut. Rounded,
 * 411675.9997 would print as 411676.000. */
double units_cut(double value, int decimals);

/* The one rate rule: units per second over ns, 0 when ns is 0 (nothing
 * timed has no rate). Every phase's rate is this expression, in this
 * order (units x 1e9 first, then over ns), so that two paths to one rate
 * print the same last digit. (The alignment probe's side rates,
 * view_align.c, are of a histogram's count and sum, another order.) */
static inline double units_per_second(uint64_t units, uint64_t ns)
{
	return ns ? (double)units * 1e9 / (double)ns : 0.0;
}

/* A KiB/s rate in bonnie++'s 5-character table form: " 535k", "312m", "1.5g". */
void units_format_rate(uint64_t kib_per_s, char *buf, size_t len);

/* A count per second (seeks, files) in at most 5 characters: "8816", "123.4",
 * "512k" (thousands) or "12M" (millions) when the integer would not fit.
 * Whole numbers are truncated, as in the CSV. */
void units_format_count_rate(double per_s, char *buf, size_t len);

/* Bytes for people: "4.0 GiB", "512.0 MiB", "12.0 KiB", "100 B". */
void units_format_human(uint64_t bytes, char *buf, size_t len);

/* Latencies: every way bonnie writes one is here, so the outputs agree.
 * bonnie++'s text form, for the table and the CSV: "598us", "28ms",
 * "120s" (truncated). */
void units_format_latency(uint64_t ns, char *buf, size_t len);

/* The same form rounded to the nearest unit, not truncated: the sweep's
 * table, whose sentences round (units_format_latency_human), so that a
 * p99 of 133.6 ms is 134ms in the table and 134 ms in the sentence (the
 * table said 133ms). */
void units_format_latency_rounded(uint64_t ns, char *buf, size_t len);

/* For pages and charts: three significant digits and the unit: "850 ns",
 * "12.5 \u00b5s" (UTF-8), "3 ms", "1.2 s". */
void units_format_latency_human(double ns, char *buf, size_t len);

/* For compare's table cells: ASCII, a space before the unit, whole ns and
 * us, then one decimal in ms and two in s: "850 ns", "598 us", "1.2 ms",
 * "2.50 s". */
void units_format_latency_cell(double ns, char *buf, size_t len);

/* A scaled value on a page (a rate in its chart's unit): two decimals
 * under 10, one under 100, none above: "1.23", "12.3", "123". */
void units_format_scaled(double v, char *buf, size_t len);

#endif
