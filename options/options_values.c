/* The values options take: sizes, counts, chunk sizes, the ':'-separated
 * fields of -s and -n, names, the --clients list and the knee factor,
 * each checked strictly and refused with one sanitized message. */
#include "options.h"
#include "options_values.h"
#include "../lib/qdio.h"
#include "../lib/str.h"
#include "../lib/units.h"
#include "../lib/wallclock.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every message quotes what the user typed: sanitized, so a value with a
 * newline or an escape sequence stays one harmless line. */
int options_fail(struct parser *p, const char *fmt, ...)
{
	char raw[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	if (p->errlen > 0)
		str_sanitize(p->err, p->errlen, raw);
	return -1;
}

/* A comma would split the CSV line; the rest is str_char_unsafe's rule. */
void options_sanitize_name(char *dst, size_t cap, const char *name)
{
	if (cap > 0)
		str_copy_underscored(dst, cap, name, ",");
}

/* Splits s at ':' into at most max fields (pointers into buf). */
static int split_fields(const char *s, char *buf, size_t cap, char **fields, int max)
{
	int n = 0;
	char *q;

	if (strlen(s) >= cap)
		return -1;
	strcpy(buf, s);
	fields[n++] = buf;
	for (q = buf; *q; q++) {
		if (*q != ':')
			continue;
		if (n == max)
			return -1;
		*q = '\0';
		fields[n++] = q + 1;
	}
	return n;
}

int options_parse_size(struct parser *p, const char *opt, const char *what, const char *s,
                       unsigned shift, uint64_t max, uint64_t *out)
{
	enum units_err e = units_parse_size(s, shift, out);

	if (e == UNITS_OK && *out > max)
		e = UNITS_OVERFLOW;
	if (e != UNITS_OK)
		return options_fail(p, "%s: %s '%s': %s", opt, what, s, units_strerror(e));
	return 0;
}

int options_parse_count(struct parser *p, const char *opt, const char *what, const char *s,
                        uint64_t min, uint64_t max, uint32_t *out)
{
	uint64_t v;
	enum units_err e = units_parse_uint(s, &v);

	if (e != UNITS_OK)
		return options_fail(p, "%s: %s '%s': %s", opt, what, s, units_strerror(e));
	if (v < min || v > max)
		return options_fail(p, "%s: %s '%s': must be between %llu and %llu", opt, what, s,
		                    (unsigned long long)min, (unsigned long long)max);
	*out = (uint32_t)v;
	return 0;
}

static int parse_chunk(struct parser *p, const char *opt, const char *s, uint32_t *out)
{
	uint64_t v;

	if (options_parse_size(p, opt, "chunk size", s, 0, UINT32_MAX, &v) != 0)
		return -1;
	if (v < MIN_CHUNK || v > MAX_CHUNK || (v & (v - 1)) != 0)
		return options_fail(p, "%s: chunk size '%s': must be a power of two from 256 to 1m", opt, s);
	*out = (uint32_t)v;
	return 0;
}

int options_set_seq_sizes(struct parser *p, const char *arg)
{
	struct config *c = p->cfg;
	char buf[256], *f[4];
	int n = split_fields(arg, buf, sizeof buf, f, 4);

	if (n < 0)
		return options_fail(p, "-s: '%s': expected size[:chunk[:seeks[:procs]]]", arg);
	if (n > 1 && *f[1] && parse_chunk(p, "-s", f[1], &c->chunk) != 0)
		return -1;
	if (n > 2 && *f[2] && options_parse_count(p, "-s", "seeks", f[2], 1, MAX_SEEKS, &c->seeks) != 0)
		return -1;
	c->seeks_given = c->seeks_given || (n > 2 && *f[2]);
	if (n > 3 && *f[3] &&
	    options_parse_count(p, "-s", "seek processes", f[3], 1, MAX_SEEK_PROCS, &c->seek_procs) != 0)
		return -1;
	if (options_parse_size(p, "-s", "size", f[0], 20, MAX_FILE_SIZE, &c->file_size) != 0)
		return -1;
	if (c->file_size != 0 && c->file_size % c->chunk != 0)
		return options_fail(p, "-s: size '%s' is not a multiple of the chunk size %u", f[0], c->chunk);
	c->file_size_given = true;
	return 0;
}

/* -n max: a byte size, or -1 (hard links) / -2 (symlinks). */
static int parse_file_max(struct parser *p, const char *s, int64_t *out)
{
	uint64_t v;

	if (strcmp(s, "-1") == 0 || strcmp(s, "-2") == 0) {
		*out = strcmp(s, "-1") == 0 ? FILES_HARD_LINKS : FILES_SYMLINKS;
		return 0;
	}
	if (s[0] == '-')
		return options_fail(p, "-n: max size '%s': must be a size, -1 (hard links) or -2 (symlinks)", s);
	if (options_parse_size(p, "-n", "max size", s, 0, MAX_FILE_SIZE, &v) != 0)
		return -1;
	*out = (int64_t)v;
	return 0;
}

int options_set_file_tests(struct parser *p, const char *arg)
{
	struct config *c = p->cfg;
	char buf[256], *f[MAX_FIELDS];
	uint64_t v;
	int n = split_fields(arg, buf, sizeof buf, f, MAX_FIELDS);

	if (n < 0)
		return options_fail(p, "-n: '%s': expected num[:max[:min[:dirs[:chunk]]]]", arg);
	if (options_parse_count(p, "-n", "number of files (x1024)", f[0], 0, MAX_FILES_K, &c->files_k) != 0)
		return -1;
	c->files_given = true;
	c->file_max = c->file_min = 0;
	if (n > 1 && *f[1] && parse_file_max(p, f[1], &c->file_max) != 0)
		return -1;
	if (n > 2 && *f[2]) {
		if (options_parse_size(p, "-n", "min size", f[2], 0, MAX_FILE_SIZE, &v) != 0)
			return -1;
		c->file_min = (int64_t)v;
	}
	if (n > 3 && *f[3] && options_parse_count(p, "-n", "directories", f[3], 0, MAX_DIRS, &c->file_dirs) != 0)
		return -1;
	if (n > 4 && *f[4] && parse_chunk(p, "-n", f[4], &c->file_chunk) != 0)
		return -1;
	if (c->file_max < 0 && c->file_min != 0)
		return options_fail(p, "-n: min size must be 0 with links (max -1 or -2)");
	if (c->file_max >= 0 && c->file_min > c->file_max)
		return options_fail(p, "-n: min size %lld is larger than max size %lld",
		                    (long long)c->file_min, (long long)c->file_max);
	return 0;
}

int options_set_perchar(struct parser *p, const char *arg)
{
	p->cfg->perchar_given = true;
	if (arg == NULL) {
		p->cfg->perchar_size = 0;
		return 0;
	}
	return options_parse_size(p, "-f", "per-char size", arg, 20, MAX_FILE_SIZE, &p->cfg->perchar_size);
}

int options_set_machine(struct parser *p, const char *arg)
{
	if (arg[0] == '\0')
		return options_fail(p, "-m: machine name must not be empty");
	if (strlen(arg) > MAX_MACHINE_NAME)
		return options_fail(p, "-m: machine name longer than %u bytes", MAX_MACHINE_NAME);
	options_sanitize_name(p->cfg->machine, sizeof p->cfg->machine, arg);
	return 0;
}

int options_copy_name(struct parser *p, const char *opt, const char *what, const char *s,
                      size_t len, char *dst, size_t cap)
{
	if (len == 0)
		return options_fail(p, "%s: %s must not be empty", opt, what);
	if (len >= cap)
		return options_fail(p, "%s: %s longer than %zu bytes", opt, what, cap - 1);
	memcpy(dst, s, len);
	dst[len] = '\0';
	return 0;
}

int options_set_user(struct parser *p, const char *arg)
{
	const char *colon = strchr(arg, ':');
	size_t ulen = colon ? (size_t)(colon - arg) : strlen(arg);
	struct config *c = p->cfg;

	if (options_copy_name(p, "-u", "user", arg, ulen, c->user, sizeof c->user) != 0)
		return -1;
	if (colon)
		return options_copy_name(p, "-u", "group", colon + 1, strlen(colon + 1), c->group, sizeof c->group);
	return 0;
}

/* --clients 1,2,4: increasing client counts, one sweep level each;
 * strictly N(,N)*: no empty count, no leading or trailing comma. */
int options_set_sweep(struct parser *p, const char *arg)
{
	struct config *c = p->cfg;
	char buf[512], *f[MAX_SWEEP_LEVELS], *q = buf;
	uint32_t n = 0;

	if (strlen(arg) >= sizeof buf || arg[0] == '\0')
		return options_fail(p, "--clients: expected a list like 1,2,4,8 (at most %u counts)", MAX_SWEEP_LEVELS);
	strcpy(buf, arg);
	for (;;) {
		char *comma = strchr(q, ',');
		if (n == MAX_SWEEP_LEVELS)
			return options_fail(p, "--clients: at most %u client counts", MAX_SWEEP_LEVELS);
		if (comma)
			*comma = '\0';
		if (*q == '\0')
			return options_fail(p, "--clients: '%s': an empty count (expected a list like 1,2,4,8)", arg);
		f[n++] = q;
		if (comma == NULL)
			break;
		q = comma + 1;
	}
	for (uint32_t i = 0; i < n; i++) {
		if (options_parse_count(p, "--clients", "client count", f[i], 1, MAX_CONCURRENCY, &c->sweep[i]) != 0)
			return -1;
		if (i > 0 && c->sweep[i] <= c->sweep[i - 1])
			return options_fail(p, "--clients: counts must increase ('%s' after %u)", f[i], c->sweep[i - 1]);
	}
	c->sweep_levels = n;
	return 0;
}

/* Not strtod, which also reads hex (0x10), inf and nan and follows the
 * locale. */
int options_decimal(const char *s, double *out)
{
	double v = 0, scale = 1;
	size_t i = 0;

	for (; s[i] >= '0' && s[i] <= '9' && i < 12; i++)
		v = v * 10 + (s[i] - '0');
	if (i == 0 || (s[i] >= '0' && s[i] <= '9'))
		return -1;
	if (s[i] == '.') {
		size_t frac = ++i;
		for (; s[i] >= '0' && s[i] <= '9' && i - frac < 12; i++)
			v += (s[i] - '0') * (scale /= 10);
		if (i == frac)
			return -1;
	}
	if (s[i] != '\0')
		return -1;
	*out = v;
	return 0;
}

int options_set_level_time(struct parser *p, const char *arg)
{
	double v;

	if (options_decimal(arg, &v) != 0 || !(v >= 0.0 && v <= 3600.0))
		return options_fail(p, "--level-time: '%s': must be a decimal number of seconds, 0 to 3600", arg);
	p->cfg->level_ns = (uint64_t)(v * 1e9 + 0.5);
	p->cfg->level_given = true;
	return 0;
}

int options_set_start_at(struct parser *p, const char *arg)
{
	if (wallclock_parse(arg, &p->cfg->start_at_ns) != 0 || p->cfg->start_at_ns == 0)
		return options_fail(p, "--start-at: '%s': must be UNIX seconds or an ISO 8601 UTC time such as "
		                    "2026-12-02T14:00:00Z", arg);
	return 0;
}

int options_set_knee(struct parser *p, const char *arg)
{
	double v;

	if (options_decimal(arg, &v) != 0 || !(v > 1.0 && v <= 1000.0))
		return options_fail(p, "--knee-factor: '%s': must be a decimal number above 1 and at most 1000", arg);
	p->cfg->knee_factor = v;
	return 0;
}

/* The decimal number's end: its digits and one point. */
static size_t decimal_len(const char *s)
{
	size_t i = strspn(s, "0123456789");

	if (s[i] == '.')
		i += 1 + strspn(s + i + 1, "0123456789");
	return i;
}

int options_set_lag_floor(struct parser *p, const char *arg)
{
	static const struct {
		const char *unit;
		double ns;
	} units[] = {{"us", 1e3}, {"ms", 1e6}, {"s", 1e9}};
	char num[32];
	size_t n = decimal_len(arg);
	double v;

	if (strcmp(arg, "0") == 0) {
		p->cfg->lag_floor_ns = 0;
		return 0;
	}
	if (n > 0 && n < sizeof num) {
		memcpy(num, arg, n);
		num[n] = '\0';
		for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
			if (strcmp(arg + n, units[i].unit) == 0 && options_decimal(num, &v) == 0 && v * units[i].ns <= 3600e9) {
				p->cfg->lag_floor_ns = (uint64_t)(v * units[i].ns + 0.5);
				return 0;
			}
	}
	return options_fail(p, "--lag-floor: '%s': must be a time with its unit (10ms, 500us, 0.1s), at most 1 hour, "
	                    "or 0", arg);
}

int options_set_qd_time(struct parser *p, const char *arg)
{
	double v;

	if (options_decimal(arg, &v) != 0 || !(v >= 0.0 && v <= 3600.0))
		return options_fail(p, "--qd-time: '%s': must be a decimal number of seconds, 0 to 3600", arg);
	p->cfg->qd_ns = (uint64_t)(v * 1e9 + 0.5);
	p->cfg->qd_time_given = true;
	return 0;
}

int options_set_qd_engine(struct parser *p, const char *arg)
{
	static const enum qdio_engine engines[] = {QDIO_AUTO, QDIO_URING, QDIO_THREADS};

	for (unsigned i = 0; i < sizeof engines / sizeof engines[0]; i++)
		if (strcmp(arg, qdio_engine_name(engines[i])) == 0) {
			p->cfg->qd_engine = (uint8_t)engines[i];
			return 0;
		}
	return options_fail(p, "--qd-engine: '%.40s': must be auto, io_uring or threads", arg);
}
