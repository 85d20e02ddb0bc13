/* The bonnie++ CSV layouts as tables (one span list per format) and the
 * decoder that reads a line's fields through one of them, checking each
 * field is what its column must hold, so a shifted line never decodes. */
#include "internal.h"
#include "../lib/str.h"
#include "../lib/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum field_kind {
	K_END = 0,
	K_TAG,        /* the format version itself */
	K_META,       /* free text into meta[] (version, name) */
	K_COUNT,      /* digits or empty, into meta[] */
	K_SIZE,       /* file size: digits with an optional k/m/g/t suffix (bare: MiB) */
	K_CHUNK,      /* digits with an optional suffix (bare: bytes), or empty */
	K_FILES,      /* num_files; 1.0x may say "16:max:min/dirs" */
	K_FILE_SIZE,  /* max/min file size: digits, "link", "symlink" or empty */
	K_RATE_CPU,   /* count pairs of rate, %CPU for phases from .phase on */
	K_LATENCY,    /* count latencies for phases from .phase on */
};

struct field_span {
	int first;            /* 0-based field index */
	enum field_kind kind;
	int arg;              /* K_META/K_COUNT/...: enum parsed_meta; spans: first phase */
	int count;            /* spans: number of phases */
};

#define SPAN(at, k, a, n) {at, k, a, n}
#define ONE(at, k, m) {at, k, m, 1}

/* 1.98 (bonnie++ 1.98, 2.00a): 50 fields. */
static const struct field_span map_198[] = {
	ONE(0, K_TAG, 0), ONE(1, K_META, META_VERSION), ONE(2, K_META, META_NAME),
	ONE(3, K_COUNT, META_CONCURRENCY), ONE(4, K_COUNT, META_SEED), ONE(5, K_SIZE, META_SIZE),
	ONE(6, K_CHUNK, META_CHUNK), ONE(7, K_COUNT, META_SEEKS), ONE(8, K_COUNT, META_SEEK_PROCS),
	SPAN(9, K_RATE_CPU, PHASE_PUTC, 6),
	ONE(21, K_FILES, META_NUM_FILES), ONE(22, K_FILE_SIZE, META_MAX_SIZE),
	ONE(23, K_FILE_SIZE, META_MIN_SIZE), ONE(24, K_COUNT, META_NUM_DIRS),
	ONE(25, K_CHUNK, META_FILE_CHUNK),
	SPAN(26, K_RATE_CPU, PHASE_SEQ_CREATE, 6),
	SPAN(38, K_LATENCY, PHASE_PUTC, 6), SPAN(44, K_LATENCY, PHASE_SEQ_CREATE, 6),
	{0, K_END, 0, 0},
};

/* 1.93c, 1.96 and 1.97: 48 fields, 1.98 without the seek count and seek workers. */
static const struct field_span map_196[] = {
	ONE(0, K_TAG, 0), ONE(1, K_META, META_VERSION), ONE(2, K_META, META_NAME),
	ONE(3, K_COUNT, META_CONCURRENCY), ONE(4, K_COUNT, META_SEED), ONE(5, K_SIZE, META_SIZE),
	ONE(6, K_CHUNK, META_CHUNK),
	SPAN(7, K_RATE_CPU, PHASE_PUTC, 6),
	ONE(19, K_FILES, META_NUM_FILES), ONE(20, K_FILE_SIZE, META_MAX_SIZE),
	ONE(21, K_FILE_SIZE, META_MIN_SIZE), ONE(22, K_COUNT, META_NUM_DIRS),
	ONE(23, K_CHUNK, META_FILE_CHUNK),
	SPAN(24, K_RATE_CPU, PHASE_SEQ_CREATE, 6),
	SPAN(36, K_LATENCY, PHASE_PUTC, 6), SPAN(42, K_LATENCY, PHASE_SEQ_CREATE, 6),
	{0, K_END, 0, 0},
};

/* 1.0x (1.02, 1.03): 27 fields, no version, no latencies. */
static const struct field_span map_10x[] = {
	ONE(0, K_META, META_NAME), ONE(1, K_SIZE, META_SIZE),
	SPAN(2, K_RATE_CPU, PHASE_PUTC, 6),
	ONE(14, K_FILES, META_NUM_FILES),
	SPAN(15, K_RATE_CPU, PHASE_SEQ_CREATE, 6),
	{0, K_END, 0, 0},
};

const struct csv_format input_csv_formats[] = {
	{"1.98", "1.98", 50, map_198},
	{"1.97", "1.97", 48, map_196},
	{"1.96", "1.96", 48, map_196},
	{"1.93c", "1.93c", 48, map_196}, /* 1.96's layout under its own tag */
	{NULL, "1.0x", 27, map_10x},
};
const int input_csv_format_count = sizeof input_csv_formats / sizeof input_csv_formats[0];

static bool all_digits(const char *s)
{
	if (*s == '\0')
		return false;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

static bool all_plus(const char *s)
{
	if (*s == '\0')
		return false;
	for (; *s; s++)
		if (*s != '+')
			return false;
	return true;
}

/* A size in 1.98 notation: whole GiB as G, else M, else K. */
void input_size_meta(uint64_t bytes, char *buf, size_t cap)
{
	if (bytes % (1ull << 30) == 0)
		snprintf(buf, cap, "%lluG", (unsigned long long)(bytes >> 30));
	else if (bytes % (1ull << 20) == 0)
		snprintf(buf, cap, "%lluM", (unsigned long long)(bytes >> 20));
	else
		snprintf(buf, cap, "%lluK", (unsigned long long)(bytes >> 10));
}

size_t input_csv_named_len(const struct csv_format *fmt, const char *p, size_t len, size_t cut)
{
	const struct field_span *s = fmt->map;
	int field = 0;
	bool blank_in_name = false;
	size_t i;

	while (s->kind != K_END && !(s->kind == K_META && s->arg == META_NAME))
		s++;
	for (i = 0; i < len; i++) {
		if (p[i] == ',')
			field++;
		else if (p[i] == ' ' && field == s->first && s->kind != K_END)
			blank_in_name = true;
		else if (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\f' || p[i] == '\v')
			break;
	}
	return blank_in_name && field + 1 == fmt->nfields ? i : cut;
}

static int meta_field(const struct field_span *s, const char *v, struct parsed_run *run)
{
	uint64_t n;

	switch (s->kind) {
	case K_COUNT:
		if (*v && !all_digits(v))
			return -1;
		break;
	case K_SIZE:
		if (*v == '\0')
			return 0;
		if (units_parse_size(v, 20, &n) != UNITS_OK || n == 0)
			return -1;
		run->size_bytes = n;
		input_size_meta(n, run->meta[s->arg], PARSED_META_LEN);
		return 0;
	case K_CHUNK:
		if (*v && units_parse_size(v, 0, &n) != UNITS_OK)
			return -1;
		break;
	case K_FILE_SIZE:
		if (*v && !all_digits(v) && strcmp(v, "link") != 0 && strcmp(v, "symlink") != 0)
			return -1;
		break;
	default:
		break;
	}
	str_sanitize(run->meta[s->arg], PARSED_META_LEN, v); /* quoted by every report */
	return 0;
}

/* 1.0x writes "num:max:min/dirs" into one field; 1.98 has a field for each. */
int input_files_meta(const char *v, struct parsed_run *run)
{
	unsigned long long num = 0, max = 0, min = 0, dirs = 0;
	char tail;
	int got;

	if (*v == '\0')
		return 0;
	if (all_digits(v)) {
		str_copy(run->meta[META_NUM_FILES], PARSED_META_LEN, v);
		return 0;
	}
	got = sscanf(v, "%llu:%llu:%llu/%llu%c", &num, &max, &min, &dirs, &tail);
	if (got < 3 || got > 4 || v[0] < '0' || v[0] > '9')
		return -1;
	snprintf(run->meta[META_NUM_FILES], PARSED_META_LEN, "%llu", num);
	if (max)
		snprintf(run->meta[META_MAX_SIZE], PARSED_META_LEN, "%llu", max);
	if (min)
		snprintf(run->meta[META_MIN_SIZE], PARSED_META_LEN, "%llu", min);
	if (dirs > 1)
		snprintf(run->meta[META_NUM_DIRS], PARSED_META_LEN, "%llu", dirs);
	return 0;
}

/* One rate field and its %CPU. Returns 0, -1 (not a rate or %CPU), or 1
 * for a rate too large to show (input.h), which is left out as not run. */
static int rate_pair(const char *rate, const char *cpu, struct parsed_phase *p, const char **bad)
{
	double v;
	int rc;

	p->cpu = -1;
	*bad = "rate";
	if (*rate == '\0') {
		p->state = CELL_NOT_RUN;
		*bad = "%CPU";
		return *cpu == '\0' ? 0 : -1;
	}
	if (all_plus(rate))
		p->state = CELL_TOO_FAST;
	else if ((rc = input_parse_rate(rate, &v)) != 0) {
		p->state = CELL_NOT_RUN;
		return rc;
	} else {
		p->state = CELL_VALUE;
		p->rate = v;
	}
	*bad = "%CPU";
	if (all_digits(cpu) && strlen(cpu) <= 6)
		p->cpu = atoi(cpu);
	else if (*cpu && !all_plus(cpu))
		return -1;
	return 0;
}

/* A field quoted in a warning: sanitized, cut whole (not mid-character). */
static const char *quoted(const char *v, char *buf, size_t cap)
{
	str_sanitize(buf, cap, v);
	return buf;
}

/* The first too-large rate of a line, for its warning (the rest of the
 * line is kept). */
static void note_too_large(struct csv_note *note, int field, int phase, const char *v)
{
	char q[40];

	if (note->cut++ == 0)
		snprintf(note->text, sizeof note->text, "field %d (%s rate) is '%s': too large for a rate, left out",
		         field, phase_words((enum phase_id)phase), quoted(v, q, sizeof q));
}

static int span_field(const struct field_span *s, char **f, struct parsed_run *run, int *bad_at,
                      const char **what, struct csv_note *note)
{
	for (int k = 0; k < s->count; k++) {
		struct parsed_phase *p = &run->phase[s->arg + k];
		if (s->kind == K_RATE_CPU) {
			int rc;
			*bad_at = s->first + 2 * k;
			if ((rc = rate_pair(f[*bad_at], f[*bad_at + 1], p, what)) > 0)
				note_too_large(note, *bad_at, s->arg + k, f[*bad_at]);
			else if (rc != 0) {
				if (**what == '%')
					(*bad_at)++;
				return s->arg + k;
			}
		} else {
			*bad_at = s->first + k;
			*what = "latency";
			if (*f[*bad_at] && input_parse_latency(f[*bad_at], &p->latency_ns) != 0)
				return s->arg + k;
		}
	}
	return -1;
}

/* Makes the run empty: no phase run, latencies unknown. */
void input_run_clear(struct parsed_run *run)
{
	char origin[PARSED_ORIGIN_LEN];

	memcpy(origin, run->origin, sizeof origin);
	memset(run, 0, sizeof *run);
	memcpy(run->origin, origin, sizeof origin);
	for (int i = 0; i < PHASE_COUNT; i++) {
		run->phase[i].cpu = -1;
		run->phase[i].latency_ns = -1;
	}
}

static const char *const meta_words[META_COUNT] = {
	"program version", "machine name", "concurrency", "seed", "file size", "chunk size",
	"seek count", "seek workers", "file count", "max file size", "min file size",
	"directory count", "file chunk size",
};

int input_csv_decode(const struct csv_format *fmt, char **f, int n, struct parsed_run *run, char *why,
                     size_t cap, struct csv_note *note)
{
	const struct field_span *s;
	char q[40];

	note->cut = 0;
	note->text[0] = '\0';
	if (n != fmt->nfields) {
		snprintf(why, cap, "%d fields, a %s line has %d", n, fmt->label, fmt->nfields);
		return -1;
	}
	input_run_clear(run);
	str_copy(run->format, sizeof run->format, fmt->label);
	for (s = fmt->map; s->kind != K_END; s++) {
		int bad_at, ph;
		const char *what;

		if (s->kind == K_TAG)
			continue;
		if (s->kind == K_RATE_CPU || s->kind == K_LATENCY) {
			ph = span_field(s, f, run, &bad_at, &what, note);
			if (ph >= 0) {
				snprintf(why, cap, "field %d (%s %s) is '%s'", bad_at, phase_words((enum phase_id)ph), what,
				         quoted(f[bad_at], q, sizeof q));
				return -1;
			}
			continue;
		}
		if ((s->kind == K_FILES ? input_files_meta(f[s->first], run) : meta_field(s, f[s->first], run)) != 0) {
			snprintf(why, cap, "field %d (%s) is '%s'", s->first, meta_words[s->arg],
			         quoted(f[s->first], q, sizeof q));
			return -1;
		}
	}
	if (fmt->tag == NULL)
		str_copy(run->meta[META_VERSION], PARSED_META_LEN, "1.0x");
	else if (fmt->map == map_196) {
		/* the defaults 1.96/1.97 did not write */
		str_copy(run->meta[META_SEEKS], PARSED_META_LEN, run->size_bytes ? "8192" : "");
		str_copy(run->meta[META_SEEK_PROCS], PARSED_META_LEN, run->size_bytes ? "5" : "");
	}
	return 0;
}
