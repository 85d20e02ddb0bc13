/* The decoder that reads a CSV line's fields through its version's layout
 * (csv_layout.c), checking each field is what the layout says it holds, so
 * a shifted line never decodes. */
#include "internal.h"
#include "../lib/str.h"
#include "../lib/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

size_t input_csv_named_len(const struct csv_layout *l, const char *p, size_t len, size_t cut)
{
	int name = csv_layout_find(l, CSV_HOLDS_SETTING, META_NAME), field = 0;
	bool blank_in_name = false;
	size_t i;

	for (i = 0; i < len; i++) {
		if (p[i] == ',')
			field++;
		else if (p[i] == ' ' && field == name)
			blank_in_name = true;
		else if (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\f' || p[i] == '\v')
			break;
	}
	return blank_in_name && field + 1 == l->nfields ? i : cut;
}

/* A setting's field v, written as its notation says, into run. Returns 0 or -1. */
static int setting_field(const struct csv_field *s, const char *v, struct parsed_run *run)
{
	uint64_t n;

	switch (s->notation) {
	case CSV_FILES:
		return input_files_meta(v, run);
	case CSV_COUNT:
		if (*v && !all_digits(v))
			return -1;
		break;
	case CSV_SIZE:
		if (*v == '\0')
			return 0;
		if (units_parse_size(v, 20, &n) != UNITS_OK || n == 0)
			return -1;
		run->size_bytes = n;
		input_size_meta(n, run->meta[s->what], PARSED_META_LEN);
		return 0;
	case CSV_CHUNK:
		if (*v && units_parse_size(v, 0, &n) != UNITS_OK)
			return -1;
		break;
	case CSV_FILE_SIZE:
		if (*v && !all_digits(v) && strcmp(v, "link") != 0 && strcmp(v, "symlink") != 0)
			return -1;
		break;
	case CSV_TEXT:
		break;
	}
	str_sanitize(run->meta[s->what], PARSED_META_LEN, v); /* quoted by every report */
	return 0;
}

/* 1.0x writes "num:max:min/dirs" into one field; 1.98 has a field for each.
 * A table's cell may also hold it as -n takes it, "num:max:min:dirs". */
int input_files_meta(const char *v, struct parsed_run *run)
{
	unsigned long long num = 0, max = 0, min = 0, dirs = 0;
	char tail, sep = '/';
	int got;

	if (*v == '\0')
		return 0;
	if (all_digits(v)) {
		str_copy(run->meta[META_NUM_FILES], PARSED_META_LEN, v);
		return 0;
	}
	got = sscanf(v, "%llu:%llu:%llu%c%llu%c", &num, &max, &min, &sep, &dirs, &tail);
	if (got < 3 || got == 4 || got > 5 || (sep != '/' && sep != ':') || v[0] < '0' || v[0] > '9')
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
	input_stated(p, READ_RATE | READ_CPU_PCT, false);
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
		input_stated(p, READ_RATE, true);
	}
	*bad = "%CPU";
	if (all_digits(cpu) && strlen(cpu) <= 6) {
		p->cpu = atoi(cpu);
		input_stated(p, READ_CPU_PCT, true);
	} else if (*cpu && !all_plus(cpu))
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

/* A phase's field i of l (its rate with its %CPU, or its latency) into
 * run. Returns 0, or -1 with the field that is not what it should be in
 * *bad_at and what it should be in *what. */
static int phase_field(const struct csv_layout *l, int i, char **f, struct parsed_run *run, int *bad_at,
                       const char **what, struct csv_note *note)
{
	const struct csv_field *d = &l->field[i];
	struct parsed_phase *p = &run->phase[d->what];
	int rc, cpu;

	*bad_at = i;
	if (d->holds == CSV_HOLDS_LATENCY) {
		*what = "latency";
		if (*f[i] && input_parse_latency(f[i], &p->latency_ns) != 0)
			return -1;
		input_stated(p, READ_LAT_MAX, *f[i] != '\0');
		return 0;
	}
	if (d->holds != CSV_HOLDS_RATE) /* a %CPU is read with its rate */
		return 0;
	cpu = csv_layout_find(l, CSV_HOLDS_CPU, d->what);
	if ((rc = rate_pair(f[i], cpu >= 0 ? f[cpu] : "", p, what)) > 0)
		note_too_large(note, i, d->what, f[i]);
	else if (rc != 0) {
		if (**what == '%')
			*bad_at = cpu;
		return -1;
	}
	return 0;
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

/* The settings l has no field for, as the version ran them. */
static void take_defaults(const struct csv_layout *l, struct parsed_run *run)
{
	for (int i = 0; i < l->ndefaults; i++) {
		const struct csv_default *d = &l->defaults[i];

		str_copy(run->meta[d->setting], PARSED_META_LEN, d->only_with_size && !run->size_bytes ? "" : d->value);
	}
}

int input_csv_decode(const struct csv_layout *l, char **f, int n, struct parsed_run *run, char *why, size_t cap,
                     struct csv_note *note)
{
	char q[40];

	note->cut = 0;
	note->text[0] = '\0';
	if (n != l->nfields) {
		snprintf(why, cap, "%d fields, a %s line has %d", n, l->label, l->nfields);
		return -1;
	}
	input_run_clear(run);
	str_copy(run->format, sizeof run->format, l->label);
	for (int i = 0; i < l->nfields; i++) {
		const struct csv_field *d = &l->field[i];
		int bad_at;
		const char *what;

		if (d->holds == CSV_HOLDS_TAG)
			continue;
		if (d->holds != CSV_HOLDS_SETTING) {
			if (phase_field(l, i, f, run, &bad_at, &what, note) != 0) {
				snprintf(why, cap, "field %d (%s %s) is '%s'", bad_at, phase_words((enum phase_id)d->what), what,
				         quoted(f[bad_at], q, sizeof q));
				return -1;
			}
		} else if (setting_field(d, f[i], run) != 0) {
			snprintf(why, cap, "field %d (%s) is '%s'", i, meta_words[d->what], quoted(f[i], q, sizeof q));
			return -1;
		}
	}
	take_defaults(l, run);
	return 0;
}
