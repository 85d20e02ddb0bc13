/* The outputs of a run, as one table: the progress lines, the table, the
 * --share block, the CSV lines, the JSON document and the HTML page. Each
 * is one entry (struct output) with the same moments, called in table
 * order over one report context: the run session (cmd/run.c) says when,
 * the entries say what, and the formatters they call only write. A new
 * output, or a new section of every output, is one entry or one moment
 * here, not edits across the session.
 *
 * The moments, in the order a run session calls them:
 *   prepare        before any report file is made (memory to keep runs)
 *   begin          the report files are open
 *   count          the runs at one client count begin (once without --clients)
 *   phase_begin/phase_end   around each phase of a run
 *   run            a run finished (ctx->run)
 *   summary        the runs at one count are done, two or more (-x N)
 *   end            the last run is done: write what is left and close
 *   release        free what prepare took (after end, or instead of it) */
#ifndef BONNIE_OUTPUTS_H
#define BONNIE_OUTPUTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../options/constants.h"
#include "../env/env.h"
#include "../lib/json.h"
#include "../lib/reportfile.h"
#include "../phases/interface/results.h"
#include "model/session_view.h"
#include "model/view.h"

struct config; /* options/config.h: pointers alone here */

struct repeat_set;
struct sweep;
struct sweep_step;

/* The report files, checked and opened together (lib/reportfile.h). */
enum { OUT_FILE_JSON, OUT_FILE_HTML, OUT_FILE_KV, OUT_FILES };

/* --html: every run of the last client count, and with --clients each
 * count's tables and CSV lines as text (a run_result is 411 KiB; a sweep
 * may have hundreds of counts). */
struct html_keep {
	struct run_result *runs;
	struct run_view *views; /* each kept run's view: the one outputs_run built */
	size_t n, cap;
	FILE *tables, *csv;
	char *tables_buf, *csv_buf;
	size_t tables_len, csv_len;
	struct run_timelines *timelines; /* the last kept run's */
	bool have_timelines;
};

struct report_ctx {
	/* what every output reads; fixed once the session is open */
	const struct config *cfg;         /* the plan: the routing's alone (outputs.c), never a writer's */
	struct session_view session;      /* what the outputs say of the session (outputs_plan) */
	int argc;
	char **argv;
	const struct env_info *env;
	const struct align_result *align;
	const char *date;             /* the run's start, for --share */
	/* where each writes (outputs_route); NULL: that output is not wanted */
	FILE *table_out;              /* stdout, or stderr when stdout holds another report */
	FILE *progress_out;           /* NULL with -q, --share, --json - or --html - */
	FILE *csv_out;                /* NULL with --share, --json - or --html - */
	FILE *share_out;              /* stdout with --share */
	struct report_file files[OUT_FILES]; /* --json, --html: their streams once open */
	/* what the session tells them as it goes */
	const struct run_result *run;     /* run: the run that finished */
	struct run_view view;             /* run: its view, built once for every output */
	const struct run_timelines *timelines; /* its phases' timelines (NULL: none) */
	unsigned shown;                   /* runs given to the run moment before it */
	const struct repeat_set *repeats; /* summary: the runs at this count */
	const struct sweep *sweep;        /* --clients: the counts done; NULL without */
	const struct client_times *times; /* -c/--clients: the run's per-client times, or NULL */
	const struct sweep_step *step;    /* --clients: where the sweep is, for its progress line */
	bool live;                        /* stderr is a terminal: that line is rewritten */
	/* the outputs' own state */
	bool begun;                       /* outputs_begin was called: end them */
	struct json json;
	struct run_records *records;      /* --json: what it lists beside each run's view */
	struct html_keep html;
};

struct output {
	const char *name;
	bool (*wanted)(const struct report_ctx *c);
	/* Any of these may be NULL: nothing to do at that moment. prepare and
	 * end return 0, or -1 with err (one line, unsanitized) saying why. */
	int (*prepare)(struct report_ctx *c, char *err, size_t errlen);
	void (*begin)(struct report_ctx *c);
	void (*count)(struct report_ctx *c);
	void (*phase_begin)(struct report_ctx *c, enum phase_id id);
	void (*phase_end)(struct report_ctx *c, const struct phase_result *res);
	void (*run)(struct report_ctx *c);
	void (*summary)(struct report_ctx *c);
	int (*end)(struct report_ctx *c, char *err, size_t errlen);
	void (*release)(struct report_ctx *c);
	/* A second signal skips the report of the run it cut short, but an
	 * output that keeps runs for the end (the HTML page) still keeps it. */
	bool keeps_cut_runs;
};

/* The entries (outputs_text.c, outputs_files.c, kv.c), in formats.c's table. */
extern const struct output output_progress, output_table, output_share, output_csv, output_json, output_html,
	output_kv;

/* Closes a report file at an entry's end: 0, or -1 with err naming it
 * when what was written did not all reach it (outputs_files.c). */
int outputs_close_file(struct report_file *f, bool bad, char *err, size_t errlen);

/* Where each output writes, from the options: --json - or --html - make
 * stdout that report alone (the table moves to stderr, no CSV, no
 * progress), --share makes it the Markdown block, -q drops the progress. */
void outputs_route(struct report_ctx *c, const struct config *cfg);

/* The plan the runs use (the config outputs_route was given, or the plan
 * sized after it): kept for the run's views, and the session's view built
 * from it once (outputs_route calls it first). */
void outputs_plan(struct report_ctx *c, const struct config *cfg);

/* A message is about to go to stderr: the sweep's live progress line is
 * cleared first, so the message starts on a clean line. */
void outputs_clear_line(const struct report_ctx *c);

/* The report files: checked before anything is made (an exit status,
 * err set on failure), then created once the scratch directory exists. */
int outputs_check_files(struct report_ctx *c, char *err, size_t errlen);
int outputs_open_files(struct report_ctx *c, char *err, size_t errlen);

/* The moments, for every wanted entry in table order. outputs_prepare
 * stops at the first failure (-1, err set); outputs_end writes every
 * begun output and passes each failure to said, returning how many
 * failed (nothing when they were never begun). A cut run (a second
 * signal) goes only to the outputs that keep cut runs. outputs_release
 * frees every wanted entry's state and the report files, prepared or not. */
int outputs_prepare(struct report_ctx *c, char *err, size_t errlen);
void outputs_begin(struct report_ctx *c);
void outputs_count(struct report_ctx *c);
void outputs_phase_begin(struct report_ctx *c, enum phase_id id);
void outputs_phase_end(struct report_ctx *c, const struct phase_result *res);
void outputs_run(struct report_ctx *c, const struct run_result *run, bool cut);
void outputs_summary(struct report_ctx *c, struct repeat_set *rs);
int outputs_end(struct report_ctx *c, void (*said)(const char *line));
void outputs_release(struct report_ctx *c);

#endif
