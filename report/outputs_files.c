/* The report files' entries (outputs.h): the JSON document, written as
 * the runs finish, and the HTML page, written from the kept runs at the
 * end. A file that could not be written fails its end. */
#include "outputs.h"

#include "html/html.h"
#include "report.h"
#include "sweep/sweep.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int outputs_close_file(struct report_file *f, bool bad, char *err, size_t errlen)
{
	const char *opt = f->opt, *path = f->path;
	char why[200];

	if (report_file_close(f, bad) == 0)
		return 0;
	report_write_why(errno, why, sizeof why);
	snprintf(err, errlen, "%s %s: cannot write: %s", opt, path, why);
	return -1;
}

static bool json_wanted(const struct report_ctx *c)
{
	return c->files[OUT_FILE_JSON].path != NULL;
}

/* Room for what the document lists beside each run's view (the latency
 * buckets), taken before a report file is made. */
static int json_prepare(struct report_ctx *c, char *err, size_t errlen)
{
	c->records = view_records_new();
	if (c->records == NULL) {
		snprintf(err, errlen, "--json: cannot keep a run's latency buckets in memory: %s", strerror(errno));
		return -1;
	}
	return 0;
}

static void json_release(struct report_ctx *c)
{
	free(c->records);
	c->records = NULL;
}

static void json_begin(struct report_ctx *c)
{
	report_json_begin(&c->json, c->files[OUT_FILE_JSON].out, &c->session, c->argc, c->argv, c->env, c->align);
}

static void json_run(struct report_ctx *c)
{
	view_records_of(c->run, c->timelines, c->records);
	report_json_run(&c->json, &c->view, c->records, c->times);
}

static void json_summary(struct report_ctx *c)
{
	report_json_runs_end(&c->json);
	report_repeat_json(&c->json, c->repeats);
}

static int json_end(struct report_ctx *c, char *err, size_t errlen)
{
	const struct run_setup *set = &c->session.setup;

	report_json_like(&c->json, &c->session, c->run ? &c->view : NULL);
	if (c->sweep)
		report_sweep_json_end(&c->json, c->sweep, set->sweep, set->sweep_levels, c->session.level_ns);
	else
		report_json_end(&c->json);
	return outputs_close_file(&c->files[OUT_FILE_JSON], false, err, errlen);
}

const struct output output_json = {
	.name = "json",
	.wanted = json_wanted,
	.prepare = json_prepare,
	.begin = json_begin,
	.run = json_run,
	.summary = json_summary,
	.end = json_end,
	.release = json_release,
};

static bool html_wanted(const struct report_ctx *c)
{
	return c->files[OUT_FILE_HTML].path != NULL;
}

/* Room for every run (the file was checked before anything was made, so a
 * bad path failed early) and, in a sweep, the streams for the texts. */
static int html_prepare(struct report_ctx *c, char *err, size_t errlen)
{
	struct html_keep *k = &c->html;

	k->cap = c->session.setup.runs;
	k->runs = calloc(k->cap, sizeof *k->runs);
	k->views = calloc(k->cap, sizeof *k->views);
	k->timelines = calloc(1, sizeof *k->timelines); /* none: the page has no timelines */
	if (k->runs == NULL || k->views == NULL) {
		snprintf(err, errlen, "--html: cannot keep %u runs in memory: %s", c->session.setup.runs, strerror(errno));
		return -1;
	}
	if (c->session.setup.sweep_levels) {
		k->tables = open_memstream(&k->tables_buf, &k->tables_len);
		k->csv = open_memstream(&k->csv_buf, &k->csv_len);
		if (k->tables == NULL || k->csv == NULL) {
			snprintf(err, errlen, "--html: cannot keep the sweep's tables in memory: %s", strerror(errno));
			return -1;
		}
	}
	return 0;
}

/* The page shows the last client count's runs; the sweep has every count's. */
static void html_count(struct report_ctx *c)
{
	c->html.n = 0;
}

/* The run's timelines: only the intervals used are copied. */
static void keep_timelines(struct html_keep *k, const struct run_timelines *tls)
{
	k->have_timelines = false;
	if (k->timelines == NULL || tls == NULL)
		return;
	for (int i = 0; i < PHASE_COUNT; i++)
		tl_series_copy(&k->timelines->phase[i], &tls->phase[i]);
	k->have_timelines = true;
}

/* The run, and with --clients its table and CSV line for the page's "The
 * table" and "CSV" sections, which list every client count. */
static void html_run(struct report_ctx *c)
{
	struct html_keep *k = &c->html;
	const struct run_result *run = c->run;

	if (k->n < k->cap) {
		k->views[k->n] = c->view;
		k->runs[k->n++] = *run;
	}
	keep_timelines(k, c->timelines);
	if (k->tables == NULL)
		return;
	fprintf(k->tables, "%u client%s, run %u of %u\n", run->clients, run->clients == 1 ? "" : "s", run->index,
	        c->session.setup.runs);
	report_table(k->tables, &c->view);
	report_csv(k->csv, &c->view);
}

/* Closes the texts' streams; the texts stay in the buffers until
 * html_release. False when either could not be kept. */
static bool html_texts_close(struct html_keep *k)
{
	bool ok = true;

	if (k->tables != NULL && fclose(k->tables) != 0)
		ok = false;
	if (k->csv != NULL && fclose(k->csv) != 0)
		ok = false;
	k->tables = k->csv = NULL;
	return ok;
}

static int html_end(struct report_ctx *c, char *err, size_t errlen)
{
	struct html_keep *k = &c->html;
	struct html_report rep = {&c->session.setup, c->argc, c->argv, c->env, c->align, k->runs, k->n,
	                          c->sweep, NULL, NULL, c->date, NULL,
	                          k->have_timelines ? k->timelines : NULL, k->views};
	struct report_file *f = &c->files[OUT_FILE_HTML];

	if (html_texts_close(k)) { /* NULL texts outside a sweep: the kept runs */
		rep.all_tables = k->tables_buf;
		rep.all_csv = k->csv_buf;
	}
	return outputs_close_file(f, report_html(f->out, &rep) != 0, err, errlen);
}

static void html_release(struct report_ctx *c)
{
	struct html_keep *k = &c->html;

	html_texts_close(k);
	free(k->tables_buf);
	free(k->csv_buf);
	free(k->runs);
	free(k->views);
	free(k->timelines);
	*k = (struct html_keep){0};
}

const struct output output_html = {
	.name = "html",
	.wanted = html_wanted,
	.prepare = html_prepare,
	.count = html_count,
	.run = html_run,
	.end = html_end,
	.release = html_release,
	.keeps_cut_runs = true,
};
