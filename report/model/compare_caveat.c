/* What makes a ratio between two runs mislead: per-char figures measured
 * by different methods (bonnie++ 1.0x goes through stdio, 1.9x and later
 * and bonnie make one system call per byte: a 100x "difference" between
 * them is the tool, not the disk), and settings that differ (file size,
 * file count, chunk size). Pure: the compare model asks, formatters say. */
#include "compare_model.h"

#include "../../input/run_read.h"
#include "../../lib/units.h"

#include <stdio.h>
#include <string.h>

/* A table's version: "1.03e" is a 1.0x, "1.96" and "2.00a" are not. */
static enum compare_perchar version_method(const char *v)
{
	if (strncmp(v, "1.0", 3) == 0)
		return PERCHAR_STDIO;
	if (strncmp(v, "1.9", 3) == 0 || (v[0] >= '2' && v[0] <= '9' && v[1] == '.'))
		return PERCHAR_SYSCALL;
	return PERCHAR_UNKNOWN;
}

static bool any_latency(const struct parsed_run *r)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if (r->phase[i].known & READ_LAT_MAX)
			return true;
	return false;
}

enum compare_perchar compare_perchar_method(const struct parsed_run *r)
{
	enum compare_perchar m;

	if (strcmp(r->format, "1.0x") == 0)
		return PERCHAR_STDIO;
	if (strcmp(r->format, "table") != 0) /* 1.96-1.98 CSV lines and bonnie's JSON */
		return PERCHAR_SYSCALL;
	m = version_method(r->meta[META_VERSION]);
	/* 1.03's bon_csv2txt prints "@version@"; its tables have no latency
	 * rows, which every 1.9x table has */
	if (m == PERCHAR_UNKNOWN && !any_latency(r))
		m = PERCHAR_STDIO;
	return m;
}

static bool perchar_phase(enum phase_id id)
{
	return phase_is(id, FACT_PERCHAR);
}

bool compare_comparable(const struct parsed_run *a, const struct parsed_run *b, enum phase_id id)
{
	enum compare_perchar ma, mb;

	if (!perchar_phase(id))
		return true;
	ma = compare_perchar_method(a);
	mb = compare_perchar_method(b);
	return ma == PERCHAR_UNKNOWN || mb == PERCHAR_UNKNOWN || ma == mb;
}

/* A chunk size ("8k", "8192", "64k") in bytes; 0 when not given (bonnie++
 * 2.00a leaves the field empty whatever the chunk was). */
static uint64_t chunk_bytes(const char *s)
{
	uint64_t n;

	return s[0] && units_parse_size(s, 0, &n) == UNITS_OK ? n : 0;
}

/* An empty max, min or dirs field is bonnie++'s default. */
static bool same_count(const char *a, const char *b, const char *dflt)
{
	return strcmp(a[0] ? a : dflt, b[0] ? b : dflt) == 0;
}

static bool files_differ(const struct parsed_run *a, const struct parsed_run *b)
{
	if (!a->meta[META_NUM_FILES][0] || !b->meta[META_NUM_FILES][0])
		return false; /* one does not say */
	return strcmp(a->meta[META_NUM_FILES], b->meta[META_NUM_FILES]) != 0 ||
	       !same_count(a->meta[META_MAX_SIZE], b->meta[META_MAX_SIZE], "0") ||
	       !same_count(a->meta[META_MIN_SIZE], b->meta[META_MIN_SIZE], "0") ||
	       !same_count(a->meta[META_NUM_DIRS], b->meta[META_NUM_DIRS], "1");
}

unsigned compare_setup_differs(const struct parsed_run *a, const struct parsed_run *b, enum phase_id id)
{
	unsigned d = 0;
	uint64_t ca = chunk_bytes(a->meta[META_CHUNK]), cb = chunk_bytes(b->meta[META_CHUNK]);

	if (phase_unit(id) == RATE_FILES)
		return files_differ(a, b) ? COMPARE_SETUP_FILES : 0;
	uint64_t sa = compare_phase_file_size(a, id), sb = compare_phase_file_size(b, id);

	if (sa && sb && sa != sb)
		d |= COMPARE_SETUP_SIZE;
	/* the profile's blocks are its own (1 MiB, 4 KiB), not the chunk */
	if (!perchar_phase(id) && phase_group(id) != GROUP_QD && ca && cb && ca != cb)
		d |= COMPARE_SETUP_CHUNK;
	if (perchar_phase(id))
		return d;
	/* each phase's own mode where both JSON documents say it, else the runs' */
	if (a->phase[id].known & b->phase[id].known & READ_IO) {
		if (a->phase[id].io != b->phase[id].io)
			d |= COMPARE_SETUP_IO;
	} else if (a->io_mode[0] && b->io_mode[0] && strcmp(a->io_mode, b->io_mode) != 0)
		d |= COMPARE_SETUP_IO;
	return d;
}

/* "file size", "file size and chunk size" */
void compare_setup_words(unsigned setup, char *buf, size_t cap)
{
	static const char *const words[] = {"file size", "file count", "chunk size", "I/O mode"};
	size_t used = 0;
	int n = 0;

	buf[0] = '\0';
	for (int i = 0; i < 4; i++)
		if (setup & (1u << i) && used < cap)
			used += (size_t)snprintf(buf + used, cap - used, "%s%s", n++ ? " and " : "", words[i]);
}
