/* The bonnie++ 1.98 CSV line: 50 fields, empty where a phase did not run. */
#include "report.h"
#include "csv_line.h"
#include "clocale.h"
#include "metrics.h"
#include "rate_text.h"
#include "../lib/units.h"

#include <string.h>

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

static void rate_fields(struct csv_line *c, int at, enum phase_id id, const struct phase_result *r)
{
	if (!metric_reportable(r))
		return;
	rate_csv_field(id, metric_rate(id, r), c->f[at], CSV_FIELD_LEN);
	snprintf(c->f[at + 1], CSV_FIELD_LEN, "%u", metric_cpu_pct(r));
}

static void latency_field(struct csv_line *c, int at, const struct phase_result *r)
{
	if (metric_reportable(r) && r->latency.count > 0)
		units_format_latency(r->latency.max, c->f[at], CSV_FIELD_LEN);
}

static void io_config_fields(struct csv_line *c, const struct config *cfg, const struct run_result *run)
{
	if (cfg->file_size == 0)
		return;
	size_field(cfg->file_size, c->f[CSV_SIZE], CSV_FIELD_LEN);
	units_format_size_lower(cfg->chunk, c->f[CSV_CHUNK], CSV_FIELD_LEN);
	snprintf(c->f[CSV_SEEKS], CSV_FIELD_LEN, "%llu", (unsigned long long)metric_seeks_used(cfg, run));
	snprintf(c->f[CSV_SEEK_PROCS], CSV_FIELD_LEN, "%u", cfg->seek_procs);
}

static void file_config_fields(struct csv_line *c, const struct config *cfg, const struct run_result *run)
{
	if (cfg->files_k == 0)
		return;
	snprintf(c->f[CSV_NUM_FILES], CSV_FIELD_LEN, "%u", metric_files_k_used(cfg, run));
	if (cfg->file_max == FILES_HARD_LINKS)
		snprintf(c->f[CSV_MAX_SIZE], CSV_FIELD_LEN, "link");
	else if (cfg->file_max == FILES_SYMLINKS)
		snprintf(c->f[CSV_MAX_SIZE], CSV_FIELD_LEN, "symlink");
	else if (cfg->file_max > 0)
		snprintf(c->f[CSV_MAX_SIZE], CSV_FIELD_LEN, "%lld", (long long)cfg->file_max);
	if (cfg->file_min > 0)
		snprintf(c->f[CSV_MIN_SIZE], CSV_FIELD_LEN, "%lld", (long long)cfg->file_min);
	if (cfg->file_dirs > 1)
		snprintf(c->f[CSV_NUM_DIRS], CSV_FIELD_LEN, "%u", cfg->file_dirs);
	/* only when changed: bon_csv2txt would show a default chunk as a max size */
	if (cfg->file_chunk != DEFAULT_CHUNK)
		units_format_size_lower(cfg->file_chunk, c->f[CSV_FILE_CHUNK], CSV_FIELD_LEN);
}

static void build(struct csv_line *c, const struct config *cfg, const struct run_result *run)
{
	csv_line_init(c);
	snprintf(c->f[CSV_VERSION], CSV_FIELD_LEN, "%s", BONNIE_VERSION);
	snprintf(c->f[CSV_NAME], CSV_FIELD_LEN, "%s", cfg->machine);
	snprintf(c->f[CSV_CONCURRENCY], CSV_FIELD_LEN, "%u", run->clients ? run->clients : 1);
	snprintf(c->f[CSV_SEED], CSV_FIELD_LEN, "%u", run->seed);
	io_config_fields(c, cfg, run);
	file_config_fields(c, cfg, run);
	for (int i = 0; i < PHASE_COUNT; i++) {
		int rate, cpu, lat;

		report_csv_phase_fields((enum phase_id)i, &rate, &cpu, &lat);
		rate_fields(c, rate, (enum phase_id)i, &run->phase[i]);
		latency_field(c, lat, &run->phase[i]);
	}
}

void report_csv(FILE *out, const struct config *cfg, const struct run_result *run)
{
	struct csv_line c;
	struct c_locale loc;

	c_locale_enter(&loc);
	build(&c, cfg, run);
	c_locale_leave(&loc);
	csv_line_write(out, &c);
}
