/* The text table's block for phases bonnie++ never had (phase_list.h:
 * BLOCK_OTHER): bonnie++'s two blocks keep its layout, and a phase added
 * to the list still shows, one line each, with the same cells (rate,
 * mark, %CPU) and its maximum latency. */
#include "report.h"
#include "metrics.h"
#include "../lib/units.h"

#define LABEL_WIDTH 19

static bool any_ran(const struct run_result *run, const enum phase_id *ids, int n)
{
	for (int i = 0; i < n; i++)
		if (run->phase[ids[i]].status != PHASE_NOT_RUN)
			return true;
	return false;
}

static void other_line(FILE *out, enum phase_id id, const struct phase_result *r)
{
	char rate[32], lat[32] = "";

	fprintf(out, "%-*s", LABEL_WIDTH, phase_words(id));
	if (!metric_reportable(r)) {
		fputc('\n', out);
		return;
	}
	if (phase_unit(id) == RATE_BYTES)
		units_format_rate(metric_rate_int(id, r), rate, sizeof rate);
	else
		units_format_count_rate(metric_rate(id, r), rate, sizeof rate);
	if (r->latency.count > 0)
		units_format_latency(r->latency.max, lat, sizeof lat);
	fprintf(out, " %5s%c%3u %9s\n", rate, report_cell_mark(id, r), metric_cpu_pct(r), lat);
}

void report_table_other(FILE *out, const struct run_result *run)
{
	enum phase_id ids[PHASE_COUNT];
	int n = phase_block_columns(BLOCK_OTHER, ids);

	if (!any_ran(run, ids, n))
		return;
	fprintf(out, "%-*s  /sec %%CP   Latency\n", LABEL_WIDTH, "Other phases");
	for (int i = 0; i < n; i++)
		other_line(out, ids[i], &run->phase[ids[i]]);
}
