/* bonnie merge's writers (merge_out.h): the run's formatters over the
 * merged runs, with the merge's own facts beside them. */
#include "merge_out.h"

#include "../html/html.h"
#include "../report.h"
#include "../sweep/sweep.h"
#include "../model/view.h"

#include <stdlib.h>
#include <string.h>

/* Per level the table and the merge's facts (not with quiet), and the CSV
 * line; of a sweep then its table and knees, as a local --clients run ends. */
static int write_lines(FILE *out, const struct merge_doc *d, bool quiet)
{
	for (size_t l = 0; l < d->levels; l++) {
		if (!quiet) {
			report_table(out, &d->views[l]);
			report_merge_text(out, &d->m[l], d->hosts[l]);
		}
		report_csv(out, &d->views[l]);
	}
	if (d->sw && !quiet) {
		report_sweep_table(out, d->sw);
		report_sweep_knees(out, d->sw);
	}
	return ferror(out) != 0;
}

int merge_write_text(FILE *out, const struct merge_doc *d)
{
	return write_lines(out, d, false);
}

int merge_write_csv(FILE *out, const struct merge_doc *d)
{
	return write_lines(out, d, true);
}

int merge_write_json(FILE *out, const struct merge_doc *d)
{
	struct run_records *rec = view_records_new();
	struct json j;

	if (rec == NULL)
		return 1;

	json_init(&j, out);
	json_object_begin(&j, NULL);
	json_string(&j, "tool", "bonnie");
	json_string(&j, "version", BONNIE_VERSION);
	json_u64(&j, "format_version", 1);
	json_array_begin_inline(&j, "command_line");
	json_string(&j, NULL, d->prog);
	for (int i = 0; i < d->argc; i++)
		json_string(&j, NULL, d->argv[i]);
	json_array_end(&j);
	report_merge_json(&j, d->m, (const struct host_read *const *)d->hosts, d->levels);
	json_array_begin(&j, "runs");
	for (size_t l = 0; l < d->levels; l++) {
		view_records_of(&d->run[l], NULL, rec);
		report_json_run(&j, &d->views[l], rec, NULL);
	}
	if (d->sw)
		report_sweep_json_end(&j, d->sw, d->counts, (uint32_t)d->levels,
		                      d->hosts[0][0].setup.level_ns);
	else
		report_json_end(&j);
	free(rec);
	return ferror(out) != 0;
}

/* The run's page (html.c) of the merged run, with the merge's facts; of a
 * sweep, every count's run and facts and the sweep's charts. */
int merge_write_html(FILE *out, const struct merge_doc *d)
{
	size_t last = d->levels - 1;
	char *line[d->argc + 1]; /* "How to reproduce": bonnie merge ... */
	struct html_report rep = {.setup = d->setup, .argc = d->argc + 1, .argv = line, .runs = d->run,
	                          .nruns = d->levels, .sweep = d->sw, .views = d->views};
	struct merge_page pg = {d->m, d->hosts, d->levels};
	char meta[160], bonnie[] = "bonnie";
	line[0] = bonnie;
	memcpy(line + 1, d->argv, (size_t)d->argc * sizeof *d->argv);
	snprintf(meta, sizeof meta, "bonnie merge of %zu hosts' --json results, %llu client%s each, on one --start-at "
	         "schedule.", d->n, (unsigned long long)d->hosts[last][0].setup.clients,
	         d->hosts[last][0].setup.clients == 1 ? "" : "s");
	return report_html_merged(out, &rep, meta, report_merge_html, &pg) != 0;
}
