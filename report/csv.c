/* The bonnie++ 1.98 CSV line: 50 fields, empty where a phase did not run. */
#include "report.h"
#include "clocale.h"
#include "metrics.h"
#include "../lib/units.h"

#include <string.h>

#define FIELD_LEN 160

struct csv {
	char f[CSV_FIELDS][FIELD_LEN];
};

/* Field positions (0-based), see README "CSV fields". */
enum {
	F_FORMAT = 0, F_VERSION, F_NAME, F_CONCURRENCY, F_SEED, F_SIZE, F_CHUNK, F_SEEKS,
	F_SEEK_PROCS, F_IO_RATES = 9, F_NUM_FILES = 21, F_MAX_SIZE, F_MIN_SIZE, F_NUM_DIRS,
	F_FILE_CHUNK, F_FILE_RATES = 26, F_IO_LAT = 38, F_FILE_LAT = 44,
};

/* The file size as bonnie++ writes it: whole GiB as G, else M (K below a MiB). */
static void size_field(uint64_t bytes, char *buf, size_t len)
{
	if (bytes % (1ull << 30) == 0)
		snprintf(buf, len, "%lluG", (unsigned long long)(bytes >> 30));
	else if (bytes % (1ull << 20) == 0)
		snprintf(buf, len, "%lluM", (unsigned long long)(bytes >> 20));
	else
		snprintf(buf, len, "%lluK", (unsigned long long)(bytes >> 10));
}

static void rate_fields(struct csv *c, int at, enum phase_id id, const struct phase_result *r)
{
	if (!metric_reportable(r))
		return;
	if (phase_unit(id) == RATE_SEEKS && metric_rate(id, r) < 1000)
		snprintf(c->f[at], FIELD_LEN, "%.1f", metric_rate(id, r));
	else
		snprintf(c->f[at], FIELD_LEN, "%llu", (unsigned long long)metric_rate_int(id, r));
	snprintf(c->f[at + 1], FIELD_LEN, "%u", metric_cpu_pct(r));
}

static void latency_field(struct csv *c, int at, const struct phase_result *r)
{
	if (metric_reportable(r) && r->latency.count > 0)
		units_format_latency(r->latency.max, c->f[at], FIELD_LEN);
}

void report_csv_phase_fields(enum phase_id id, int *rate, int *cpu, int *latency)
{
	int k = (int)id - PHASE_SEQ_CREATE;

	if (id <= PHASE_SEEKS) {
		*rate = F_IO_RATES + 2 * (int)id + 1;
		*latency = F_IO_LAT + (int)id + 1;
	} else {
		*rate = F_FILE_RATES + 2 * k + 1;
		*latency = F_FILE_LAT + k + 1;
	}
	*cpu = *rate + 1;
}

static void io_config_fields(struct csv *c, const struct config *cfg, const struct run_result *run)
{
	if (cfg->file_size == 0)
		return;
	size_field(cfg->file_size, c->f[F_SIZE], FIELD_LEN);
	units_format_size_lower(cfg->chunk, c->f[F_CHUNK], FIELD_LEN);
	snprintf(c->f[F_SEEKS], FIELD_LEN, "%llu", (unsigned long long)metric_seeks_used(cfg, run));
	snprintf(c->f[F_SEEK_PROCS], FIELD_LEN, "%u", cfg->seek_procs);
}

static void file_config_fields(struct csv *c, const struct config *cfg, const struct run_result *run)
{
	if (cfg->files_k == 0)
		return;
	snprintf(c->f[F_NUM_FILES], FIELD_LEN, "%u", metric_files_k_used(cfg, run));
	if (cfg->file_max == FILES_HARD_LINKS)
		snprintf(c->f[F_MAX_SIZE], FIELD_LEN, "link");
	else if (cfg->file_max == FILES_SYMLINKS)
		snprintf(c->f[F_MAX_SIZE], FIELD_LEN, "symlink");
	else if (cfg->file_max > 0)
		snprintf(c->f[F_MAX_SIZE], FIELD_LEN, "%lld", (long long)cfg->file_max);
	if (cfg->file_min > 0)
		snprintf(c->f[F_MIN_SIZE], FIELD_LEN, "%lld", (long long)cfg->file_min);
	if (cfg->file_dirs > 1)
		snprintf(c->f[F_NUM_DIRS], FIELD_LEN, "%u", cfg->file_dirs);
	/* only when changed: bon_csv2txt would show a default chunk as a max size */
	if (cfg->file_chunk != DEFAULT_CHUNK)
		units_format_size_lower(cfg->file_chunk, c->f[F_FILE_CHUNK], FIELD_LEN);
}

static void build(struct csv *c, const struct config *cfg, const struct run_result *run)
{
	memset(c, 0, sizeof *c);
	snprintf(c->f[F_FORMAT], FIELD_LEN, "%s", CSV_FORMAT_VERSION);
	snprintf(c->f[F_VERSION], FIELD_LEN, "%s", BONNIE_VERSION);
	snprintf(c->f[F_NAME], FIELD_LEN, "%s", cfg->machine);
	snprintf(c->f[F_CONCURRENCY], FIELD_LEN, "%u", run->clients ? run->clients : 1);
	snprintf(c->f[F_SEED], FIELD_LEN, "%u", run->seed);
	io_config_fields(c, cfg, run);
	file_config_fields(c, cfg, run);
	for (int i = 0; i < PHASE_COUNT; i++) {
		int rate, cpu, lat;

		report_csv_phase_fields((enum phase_id)i, &rate, &cpu, &lat);
		rate_fields(c, rate - 1, (enum phase_id)i, &run->phase[i]);
		latency_field(c, lat - 1, &run->phase[i]);
	}
}

/* Nothing may add a field: commas and line breaks become '_'. */
static void sanitize(char *s)
{
	for (; *s; s++)
		if (*s == ',' || *s == '\n' || *s == '\r')
			*s = '_';
}

void report_csv(FILE *out, const struct config *cfg, const struct run_result *run)
{
	struct csv c;
	struct c_locale loc;

	c_locale_enter(&loc);
	build(&c, cfg, run);
	c_locale_leave(&loc);
	for (int i = 0; i < CSV_FIELDS; i++) {
		sanitize(c.f[i]);
		fprintf(out, "%s%s", i ? "," : "", c.f[i]);
	}
	fputc('\n', out);
}
