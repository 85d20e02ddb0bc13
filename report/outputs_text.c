/* The text outputs' entries (outputs.h): the progress lines, the table,
 * the --share block and the CSV lines, on stdout or stderr. */
#include "outputs.h"

#include "report.h"
#include "model/repeat.h"
#include "text/forum_post.h"
#include "sweep/sweep.h"

/* Progress: "Writing intelligently...done" per phase, or in a sweep one
 * stderr line per step, rewritten in place on a terminal. */
static bool progress_wanted(const struct report_ctx *c)
{
	return c->progress_out != NULL;
}

static void progress_phase_begin(struct report_ctx *c, enum phase_id id)
{
	if (c->step)
		report_sweep_progress(stderr, c->live, c->step);
	else
		report_progress_begin(c->progress_out, id);
}

static void progress_phase_end(struct report_ctx *c, const struct phase_result *res)
{
	if (c->step == NULL)
		report_progress_end(c->progress_out, res);
}

void outputs_clear_line(const struct report_ctx *c)
{
	if (c->progress_out && c->step && c->live)
		fputs("\r\033[K", stderr);
}

/* The sweep's line is cleared before a table starts, and at the end. */
static void progress_clear(struct report_ctx *c)
{
	outputs_clear_line(c);
}

static int progress_end(struct report_ctx *c, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	progress_clear(c);
	return 0;
}

const struct output output_progress = {
	.name = "progress",
	.wanted = progress_wanted,
	.phase_begin = progress_phase_begin,
	.phase_end = progress_phase_end,
	.run = progress_clear,
	.end = progress_end,
};

/* A run interrupted before any phase finished has nothing to show: an
 * empty table or CSV line would read as a run that measured nothing (and
 * lands in -q >> runs.csv). A failed run is shown, its failed phase empty,
 * so a stream of results says which run failed. */
static bool run_shows(const struct report_ctx *c)
{
	return !c->run->interrupted || report_run_has_results(&c->view);
}

/* The table: what was tested above the first one, one per run, the -x
 * summary after a count's runs, the sweep table and knees at the end. */
static void table_run(struct report_ctx *c)
{
	if (c->shown == 0) {
		report_env(c->table_out, c->env);
		report_sizes(c->table_out, &c->session);
		report_align(c->table_out, c->align);
	}
	/* an empty table would read as a run that measured nothing */
	if (!run_shows(c)) {
		fprintf(c->table_out, "Run %u %s before any phase finished: no results\n", c->run->index,
		        report_run_end_words(&c->view));
		return;
	}
	report_table(c->table_out, &c->view);
	if (c->env && c->env->share.is_share)
		report_table_qd_share(c->table_out, &c->view, c->env->share.client);
	if (c->run->interrupted)
		fprintf(c->table_out, "interrupted: the table holds only the phases that finished before the signal\n");
}

static void table_summary(struct report_ctx *c)
{
	report_repeat_table(c->table_out, c->repeats);
}

static int table_end(struct report_ctx *c, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	if (c->sweep == NULL || c->sweep->levels == 0)
		return 0;
	fputc('\n', c->table_out);
	report_sweep_table(c->table_out, c->sweep);
	report_sweep_knees(c->table_out, c->sweep);
	fflush(c->table_out);
	return 0;
}

const struct output output_table = {
	.name = "table",
	.run = table_run,
	.summary = table_summary,
	.end = table_end,
};

/* --share: the heading and environment, then each run's block. */
static bool share_wanted(const struct report_ctx *c)
{
	return c->share_out != NULL;
}

static void share_run(struct report_ctx *c)
{
	if (!run_shows(c)) {
		fprintf(c->share_out, "\nRun %u %s before any phase finished: no results.\n", c->run->index,
		        report_run_end_words(&c->view));
		return;
	}
	if (c->shown == 0)
		report_share_env(c->share_out, c->env, c->date, &c->session, c->argc, c->argv);
	report_share_run(c->share_out, &c->session, &c->view);
	if (c->env && c->env->share.is_share)
		report_table_qd_share(c->share_out, &c->view, c->env->share.client);
}

const struct output output_share = {
	.name = "share",
	.wanted = share_wanted,
	.run = share_run,
};

/* The 1.98 CSV line of each run. */
static bool csv_wanted(const struct report_ctx *c)
{
	return c->csv_out != NULL;
}

/* No line for a run without a figure: an all-empty line appended to a
 * file of results (-q >> runs.csv) reads as a run. */
static void csv_run(struct report_ctx *c)
{
	if (!run_shows(c))
		return;
	if (c->session.csv_line)
		report_csv(c->csv_out, &c->view);
	else if (c->shown == 0 && c->table_out) /* once, beside the table, never into the CSV stream */
		fprintf(c->table_out, "%s\n", REPORT_CSV_NO_LINE);
}

const struct output output_csv = {
	.name = "csv",
	.wanted = csv_wanted,
	.run = csv_run,
};
