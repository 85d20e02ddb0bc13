/* The output table and its moments (outputs.h): where each output
 * writes, the report files, and one loop per moment over the entries. */
#include "outputs.h"
#include "../options/config.h"

#include "formats.h"

#include "model/repeat.h"
#include "../lib/exitcodes.h"

/* The run's outputs are the formats table's run column (formats.c), in
 * its order: the order on a shared stream. */
#define NOUTPUTS formats_count

/* Entry i of the run's column; NULL when that format is not the run's. */
static const struct output *entry(size_t i)
{
	return formats[i].run;
}

static bool wanted(const struct report_ctx *c, const struct output *o)
{
	return o != NULL && (o->wanted == NULL || o->wanted(c));
}

void outputs_route(struct report_ctx *c, const struct config *cfg)
{
	bool stdout_report = report_path_is_stdout(cfg->json_path) || report_path_is_stdout(cfg->html_path) ||
	                     report_path_is_stdout(cfg->kv_path);
	bool elsewhere = cfg->quiet || stdout_report || cfg->share;

	outputs_plan(c, cfg);
	c->share_out = cfg->share ? stdout : NULL;
	c->csv_out = stdout_report || cfg->share ? NULL : stdout;
	c->table_out = elsewhere ? stderr : stdout;
	c->progress_out = elsewhere ? NULL : stdout;
	c->files[OUT_FILE_JSON] = (struct report_file){.opt = "--json", .path = cfg->json_path};
	c->files[OUT_FILE_HTML] = (struct report_file){.opt = "--html", .path = cfg->html_path};
	c->files[OUT_FILE_KV] = (struct report_file){.opt = "--kv", .path = cfg->kv_path};
}

void outputs_plan(struct report_ctx *c, const struct config *cfg)
{
	c->cfg = cfg;
	session_view_of(cfg, &c->session);
}

/* What standard output carries besides a report named "-", for the one
 * line that refuses a report file that is standard output; NULL: nothing. */
static const char *stdout_carries(const struct report_ctx *c)
{
	if (c->table_out == stdout)
		return "the table";
	if (c->share_out == stdout)
		return "the --share block";
	return c->csv_out == stdout ? "the CSV line" : NULL;
}

int outputs_check_files(struct report_ctx *c, char *err, size_t errlen)
{
	int status = report_files_check(c->files, OUT_FILES, err, errlen);

	if (status == EXIT_OK && (status = report_files_apart(c->files, OUT_FILES, stdout_carries(c), err, errlen)) != EXIT_OK)
		report_files_release(c->files, OUT_FILES);
	return status;
}

int outputs_open_files(struct report_ctx *c, char *err, size_t errlen)
{
	return report_files_commit(c->files, OUT_FILES, err, errlen);
}

int outputs_prepare(struct report_ctx *c, char *err, size_t errlen)
{
	for (size_t i = 0; i < NOUTPUTS; i++)
		if (wanted(c, entry(i)) && entry(i)->prepare && entry(i)->prepare(c, err, errlen) != 0)
			return -1;
	return 0;
}

void outputs_begin(struct report_ctx *c)
{
	for (size_t i = 0; i < NOUTPUTS; i++)
		if (wanted(c, entry(i)) && entry(i)->begin)
			entry(i)->begin(c);
	c->begun = true;
}

void outputs_count(struct report_ctx *c)
{
	for (size_t i = 0; i < NOUTPUTS; i++)
		if (wanted(c, entry(i)) && entry(i)->count)
			entry(i)->count(c);
}

void outputs_phase_begin(struct report_ctx *c, enum phase_id id)
{
	for (size_t i = 0; i < NOUTPUTS; i++)
		if (wanted(c, entry(i)) && entry(i)->phase_begin)
			entry(i)->phase_begin(c, id);
}

void outputs_phase_end(struct report_ctx *c, const struct phase_result *res)
{
	for (size_t i = 0; i < NOUTPUTS; i++)
		if (wanted(c, entry(i)) && entry(i)->phase_end)
			entry(i)->phase_end(c, res);
}

void outputs_run(struct report_ctx *c, const struct run_result *run, bool cut)
{
	c->run = run;
	view_of_run(c->cfg, run, NULL, &c->view);
	for (size_t i = 0; i < NOUTPUTS; i++)
		if (wanted(c, entry(i)) && entry(i)->run && (!cut || entry(i)->keeps_cut_runs))
			entry(i)->run(c);
	if (cut)
		return;
	c->shown++;
	fflush(stdout); /* each run's lines show as it finishes */
}

/* A summary is over two runs or more, worked out here once (repeat_done)
 * for every output of it. */
void outputs_summary(struct report_ctx *c, struct repeat_set *rs)
{
	if (rs->n < 2)
		return;
	repeat_done(rs);
	c->repeats = rs;
	for (size_t i = 0; i < NOUTPUTS; i++)
		if (wanted(c, entry(i)) && entry(i)->summary)
			entry(i)->summary(c);
	fflush(stdout);
}

int outputs_end(struct report_ctx *c, void (*said)(const char *line))
{
	char err[1200];
	int failed = 0;

	for (size_t i = 0; i < NOUTPUTS && c->begun; i++)
		if (wanted(c, entry(i)) && entry(i)->end && entry(i)->end(c, err, sizeof err) != 0) {
			said(err);
			failed++;
		}
	c->begun = false;
	return failed;
}

void outputs_release(struct report_ctx *c)
{
	for (size_t i = 0; i < NOUTPUTS; i++)
		if (wanted(c, entry(i)) && entry(i)->release)
			entry(i)->release(c);
	report_files_release(c->files, OUT_FILES);
}
