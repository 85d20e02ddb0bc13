/* Parsing and printing of sizes, rates and latencies with one suffix table. */
#include "units.h"

#include <math.h>
#include <stdio.h>

struct suffix {
	char lower;
	char upper;
	unsigned shift;
};

/* Largest first, so formatting picks the biggest exact unit. */
static const struct suffix suffixes[] = {
	{'t', 'T', 40},
	{'g', 'G', 30},
	{'m', 'M', 20},
	{'k', 'K', 10},
};

#define NSUFFIXES (sizeof suffixes / sizeof suffixes[0])

const char *units_strerror(enum units_err err)
{
	switch (err) {
	case UNITS_OK: return "ok";
	case UNITS_EMPTY: return "empty value";
	case UNITS_NEGATIVE: return "must not be negative";
	case UNITS_FRACTION: return "must be a whole number";
	case UNITS_GARBAGE: return "not a number";
	case UNITS_OVERFLOW: return "too large";
	}
	return "invalid";
}

static const struct suffix *suffix_find(char c)
{
	for (size_t i = 0; i < NSUFFIXES; i++)
		if (c == suffixes[i].lower || c == suffixes[i].upper)
			return &suffixes[i];
	return NULL;
}

/* Reads the leading decimal digits of s into *out; *end points past them. */
static enum units_err parse_digits(const char *s, uint64_t *out, const char **end)
{
	uint64_t v = 0;
	const char *p = s;

	if (*p == '\0')
		return UNITS_EMPTY;
	if (*p == '-')
		return UNITS_NEGATIVE;
	if (*p < '0' || *p > '9')
		return *p == '.' ? UNITS_FRACTION : UNITS_GARBAGE;
	for (; *p >= '0' && *p <= '9'; p++) {
		unsigned d = (unsigned)(*p - '0');
		if (v > (UINT64_MAX - d) / 10)
			return UNITS_OVERFLOW;
		v = v * 10 + d;
	}
	if (*p == '.' || *p == ',')
		return UNITS_FRACTION;
	*out = v;
	*end = p;
	return UNITS_OK;
}

enum units_err units_parse_uint(const char *s, uint64_t *out)
{
	const char *end;
	enum units_err err = parse_digits(s, out, &end);

	if (err != UNITS_OK)
		return err;
	return *end == '\0' ? UNITS_OK : UNITS_GARBAGE;
}

enum units_err units_parse_size(const char *s, unsigned default_shift, uint64_t *out)
{
	const char *end;
	uint64_t v;
	unsigned shift = default_shift;
	enum units_err err = parse_digits(s, &v, &end);

	if (err != UNITS_OK)
		return err;
	if (*end != '\0') {
		const struct suffix *sf = suffix_find(*end);
		if (sf == NULL || end[1] != '\0')
			return UNITS_GARBAGE;
		shift = sf->shift;
	}
	if (shift > 0 && v > (UINT64_MAX >> shift))
		return UNITS_OVERFLOW;
	*out = v << shift;
	return UNITS_OK;
}

static void format_size(uint64_t bytes, char *buf, size_t len, int upper)
{
	for (size_t i = 0; i < NSUFFIXES; i++) {
		uint64_t unit = (uint64_t)1 << suffixes[i].shift;
		if (bytes != 0 && bytes % unit == 0) {
			snprintf(buf, len, "%llu%c", (unsigned long long)(bytes / unit),
			         upper ? suffixes[i].upper : suffixes[i].lower);
			return;
		}
	}
	snprintf(buf, len, "%llu", (unsigned long long)bytes);
}

void units_format_size(uint64_t bytes, char *buf, size_t len)
{
	format_size(bytes, buf, len, 1);
}

void units_format_size_lower(uint64_t bytes, char *buf, size_t len)
{
	format_size(bytes, buf, len, 0);
}

/* Unit changes happen where the rounded number would grow past 5 characters. */
void units_format_rate(uint64_t kib, char *buf, size_t len)
{
	double mib = (double)kib / 1024.0, gib = mib / 1024.0;

	if (kib < 10000)
		snprintf(buf, len, "%4dk", (int)kib);
	else if (mib < 99.95)
		snprintf(buf, len, "%4.1fm", mib);
	else if (mib < 999.5)
		snprintf(buf, len, "%4dm", (int)(mib + 0.5));
	else if (gib < 99.95)
		snprintf(buf, len, "%4.1fg", gib);
	else if (gib < 9999.5)
		snprintf(buf, len, "%4dg", (int)(gib + 0.5));
	else
		snprintf(buf, len, "%4.1ft", gib / 1024.0);
}

/* Whole counts are truncated, as the CSV writes them, so table and CSV
 * show the same number. */
void units_format_count_rate(double per_s, char *buf, size_t len)
{
	uint64_t whole = (uint64_t)per_s;

	if (per_s < 999.95)
		snprintf(buf, len, "%5.1f", per_s);
	else if (whole < 100000)
		snprintf(buf, len, "%5llu", (unsigned long long)whole);
	else if (whole < 10000000)
		snprintf(buf, len, "%4lluk", (unsigned long long)(whole / 1000));
	else
		snprintf(buf, len, "%4lluM", (unsigned long long)(whole / 1000000));
}

void units_format_human(uint64_t bytes, char *buf, size_t len)
{
	static const char *const names[] = {"TiB", "GiB", "MiB", "KiB"};

	for (size_t i = 0; i < NSUFFIXES; i++) {
		uint64_t unit = (uint64_t)1 << suffixes[i].shift;
		if (bytes >= unit) {
			snprintf(buf, len, "%.1f %s", (double)bytes / (double)unit, names[i]);
			return;
		}
	}
	snprintf(buf, len, "%llu B", (unsigned long long)bytes);
}

void units_format_latency(uint64_t ns, char *buf, size_t len)
{
	uint64_t us = ns / 1000;

	if (us < 100000)
		snprintf(buf, len, "%lluus", (unsigned long long)us);
	else if (us < 100000000)
		snprintf(buf, len, "%llums", (unsigned long long)(us / 1000));
	else
		snprintf(buf, len, "%llus", (unsigned long long)(us / 1000000));
}

/* ns / div to the nearest (no overflow at UINT64_MAX). */
static uint64_t round_div(uint64_t ns, uint64_t div)
{
	return ns / div + (ns % div >= div - div / 2);
}

/* Each unit is rounded from the nanoseconds (rounding twice made 133.4996
 * ms 134ms) and used while its rounded value stays under 100000, as the
 * truncated form's units are. */
void units_format_latency_rounded(uint64_t ns, char *buf, size_t len)
{
	uint64_t us = round_div(ns, 1000u), ms = round_div(ns, 1000000u);

	if (us < 100000)
		snprintf(buf, len, "%lluus", (unsigned long long)us);
	else if (ms < 100000)
		snprintf(buf, len, "%llums", (unsigned long long)ms);
	else
		snprintf(buf, len, "%llus", (unsigned long long)round_div(ns, 1000000000u));
}

void units_format_latency_human(double ns, char *buf, size_t len)
{
	static const struct {
		double div;
		const char *unit;
	} u[] = {{1e9, "s"}, {1e6, "ms"}, {1e3, "\xc2\xb5s"}, {1, "ns"}};

	for (size_t i = 0; i < sizeof u / sizeof u[0]; i++) {
		if (ns >= u[i].div * 0.9995 || i + 1 == sizeof u / sizeof u[0]) {
			snprintf(buf, len, "%.3g %s", ns / u[i].div, u[i].unit);
			return;
		}
	}
}

void units_format_latency_cell(double ns, char *buf, size_t len)
{
	if (ns < 1e3)
		snprintf(buf, len, "%.0f ns", ns);
	else if (ns < 1e6)
		snprintf(buf, len, "%.0f us", ns / 1e3);
	else if (ns < 1e9)
		snprintf(buf, len, "%.1f ms", ns / 1e6);
	else
		snprintf(buf, len, "%.2f s", ns / 1e9);
}

void units_format_scaled(double v, char *buf, size_t len)
{
	snprintf(buf, len, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.2f", v);
}

double units_cut(double value, int decimals)
{
	double scale = pow(10.0, decimals);

	return isfinite(value) ? trunc(value * scale) / scale : value;
}
