/* The bonnie++ 1.98 CSV line of a measured run: its cells (csv_line.h),
 * empty where a phase did not run. */
#include "../report.h"
#include "csv_line.h"
#include "clocale.h"
#include "../model/view.h"
#include "rate_text.h"
#include "../../lib/units.h"

#include <string.h>

/* A phase's rate, %CPU and latency from its view; all empty when it has
 * no value (not run, failed, interrupted). */
static void phase_cells(struct csv_phase_cells *c, const struct phase_view *p)
{
	if (p->state != CELL_VALUE)
		return;
	rate_csv_field(p->id, p->rate, c->rate, CSV_CELL_LEN);
	snprintf(c->cpu, CSV_CELL_LEN, "%d", p->cpu_pct);
	if (view_has_pct(p, VIEW_MAX))
		units_format_latency((uint64_t)p->pct_ns[VIEW_MAX], c->latency, CSV_CELL_LEN);
}

static void io_config_fields(struct csv_cells *c, const struct run_setup *set, const struct run_view *run)
{
	if (set->file_size == 0 || !set->asks_data_file)
		return;
	input_size_meta(set->file_size, c->setting[META_SIZE], CSV_CELL_LEN);
	units_format_size_lower(set->chunk, c->setting[META_CHUNK], CSV_CELL_LEN);
	if (run->seeks) /* 0: the run stopped before bonnie sized them */
		snprintf(c->setting[META_SEEKS], CSV_CELL_LEN, "%llu", (unsigned long long)run->seeks);
	snprintf(c->setting[META_SEEK_PROCS], CSV_CELL_LEN, "%u", set->seek_procs);
}

static void file_config_fields(struct csv_cells *c, const struct run_setup *set, const struct run_view *run)
{
	if (set->files_k == 0 || !set->asks_files || run->files_k == 0)
		return;
	snprintf(c->setting[META_NUM_FILES], CSV_CELL_LEN, "%u", run->files_k);
	if (set->file_max == FILES_HARD_LINKS)
		snprintf(c->setting[META_MAX_SIZE], CSV_CELL_LEN, "link");
	else if (set->file_max == FILES_SYMLINKS)
		snprintf(c->setting[META_MAX_SIZE], CSV_CELL_LEN, "symlink");
	else if (set->file_max > 0)
		snprintf(c->setting[META_MAX_SIZE], CSV_CELL_LEN, "%lld", (long long)set->file_max);
	if (set->file_min > 0)
		snprintf(c->setting[META_MIN_SIZE], CSV_CELL_LEN, "%lld", (long long)set->file_min);
	if (set->file_dirs > 1)
		snprintf(c->setting[META_NUM_DIRS], CSV_CELL_LEN, "%u", set->file_dirs);
	/* only when changed: bon_csv2txt would show a default chunk as a max size */
	if (set->file_chunk != DEFAULT_CHUNK)
		units_format_size_lower(set->file_chunk, c->setting[META_FILE_CHUNK], CSV_CELL_LEN);
}

static void build(struct csv_cells *c, const struct run_setup *set, const struct run_view *run)
{
	csv_cells_init(c);
	snprintf(c->setting[META_VERSION], CSV_CELL_LEN, "%s", BONNIE_VERSION);
	snprintf(c->setting[META_NAME], CSV_CELL_LEN, "%s", set->machine);
	snprintf(c->setting[META_CONCURRENCY], CSV_CELL_LEN, "%u", run->clients);
	snprintf(c->setting[META_SEED], CSV_CELL_LEN, "%u", run->seed);
	io_config_fields(c, set, run);
	file_config_fields(c, set, run);
	for (int i = 0; i < PHASE_COUNT; i++)
		phase_cells(&c->phase[i], &run->phase[i]);
}

void report_csv(FILE *out, const struct run_view *v)
{
	struct csv_cells c;
	struct c_locale loc;

	c_locale_enter(&loc);
	build(&c, &v->setup, v);
	c_locale_leave(&loc);
	csv_line_write(out, &c);
}
