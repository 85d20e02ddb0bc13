/* The text table's block for phases bonnie++ never had (phase_list.h:
 * BLOCK_OTHER): bonnie++'s two blocks keep its layout, and a phase added
 * to the list still shows, one line each, with the same cells (rate,
 * mark, %CPU) and its maximum latency. */
#include "../report.h"
#include "../model/view.h"
#include "../../lib/units.h"

#define LABEL_WIDTH 19

static bool any_ran(const struct run_view *run, const enum phase_id *ids, int n)
{
	for (int i = 0; i < n; i++)
		if (run->phase[ids[i]].status != PHASE_NOT_RUN)
			return true;
	return false;
}

static void other_line(FILE *out, const struct phase_view *p)
{
	char rate[32], lat[32] = "";

	fprintf(out, "%-*s", LABEL_WIDTH, phase_words(p->id));
	if (p->state != CELL_VALUE) {
		fputc('\n', out);
		return;
	}
	if (phase_unit(p->id) == RATE_BYTES)
		units_format_rate((uint64_t)p->rate, rate, sizeof rate);
	else
		units_format_count_rate(p->rate, rate, sizeof rate);
	if (view_has_pct(p, VIEW_MAX))
		units_format_latency((uint64_t)p->pct_ns[VIEW_MAX], lat, sizeof lat);
	fprintf(out, " %5s%c%3d %9s\n", rate, p->mark, p->cpu_pct, lat);
}

void report_table_other(FILE *out, const struct run_view *run)
{
	enum phase_id ids[PHASE_COUNT];
	int n = phase_block_columns(BLOCK_OTHER, ids);

	if (!any_ran(run, ids, n))
		return;
	fprintf(out, "%-*s  /sec %%CP   Latency\n", LABEL_WIDTH, "Other phases");
	for (int i = 0; i < n; i++)
		other_line(out, &run->phase[ids[i]]);
}
