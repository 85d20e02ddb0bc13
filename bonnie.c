/* bonnie: a disk and file-system microbenchmark in bonnie++'s tradition.
 * main() parses, prepares, runs the phase pipeline, reports and picks the
 * exit status; everything else lives in lib/, phases/ and report/. */
#include "compare.h"
#include "lib/clock.h"
#include "lib/config.h"
#include "lib/exitcodes.h"
#include "lib/options.h"
#include "lib/platform.h"
#include "lib/privs.h"
#include "lib/reportfile.h"
#include "lib/signals.h"
#include "lib/space.h"
#include "lib/str.h"
#include "lib/units.h"
#include "phases/align_probe.h"
#include "phases/bench.h"
#include "phases/clients.h"
#include "phases/phase_select.h"
#include "phases/sizing.h"
#include "report/html.h"
#include "report/report.h"
#include "report/repeat.h"
#include "report/share.h"
#include "report/sweep.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A sweep without -s runs the pipeline once per client count: 1 GiB a
 * count keeps `--clients 1,10,50,100,300,700` within minutes (README). */
#define SWEEP_FILE_SIZE (1ull << 30)

struct session {
	struct config *cfg;
	int argc;
	char **argv;
	struct env_info env;
	struct bench bench;
	struct run_result *run;
	struct align_result *align;
	FILE *table_out;
	FILE *progress_out; /* NULL with -q, --json - or --html - */
	FILE *csv_out;      /* NULL with --json - or --html - */
	FILE *json_out;     /* NULL without --json */
	FILE *share_out;    /* stdout with --share, else NULL */
	char date[40];      /* start of the run, UTC, for --share */
	struct json json;
	FILE *html_out;     /* NULL without --html */
	struct report_file reports[2]; /* --json, --html: checked, then opened */
	struct run_result *kept; /* --html: every run, for the report at the end */
	size_t nkept, kept_cap;
	/* --html with --clients: kept holds the last count's runs only (a
	 * run_result is 360 KiB; a sweep may have hundreds of counts), so each
	 * count's tables and CSV lines are kept as text as the runs finish */
	FILE *html_tables, *html_csv;
	char *html_tables_buf, *html_csv_buf;
	size_t html_tables_len, html_csv_len;
	struct repeat_set repeats; /* -x N: each run's figures for the summary */
	bool env_shown;
	struct sweep sweep;     /* --clients: one level per client count */
	struct sweep_step step; /* where the sweep is, for its progress line */
	bool sweep_live;        /* stderr is a terminal: the line is rewritten */
	uint64_t sweep_t0;
};

static void machine_default(char *buf, size_t len)
{
	if (gethostname(buf, len) != 0)
		snprintf(buf, len, "localhost");
	buf[len - 1] = '\0';
	buf[strcspn(buf, ".")] = '\0'; /* short name, as bonnie++ prints it */
}

static uint32_t seed_default(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint32_t)(ts.tv_sec ^ ts.tv_nsec ^ ((long)getpid() << 16));
}

#if defined(__GNUC__)
#define PRINTF_LIKE __attribute__((format(printf, 1, 2)))
#else
#define PRINTF_LIKE
#endif

/* One line on stderr: "bonnie: <message>". Messages quote -d, --json and
 * other user input: sanitized, it can neither split the line nor reach the
 * terminal as a control sequence. */
static void say(const char *fmt, ...) PRINTF_LIKE;
static void say(const char *fmt, ...)
{
	char raw[2048], safe[4 * sizeof raw];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	str_sanitize(safe, sizeof safe, raw);
	fprintf(stderr, "bonnie: %s\n", safe);
}

static void say_error(const char *what, const struct op_error *e)
{
	char msg[1024];

	op_error_format(e, msg, sizeof msg);
	say("%s%s", what, msg);
}

/* In a sweep the progress is one stderr line per step instead of the
 * per-phase lines on stdout (nothing with -q). */
static void on_phase_begin(void *arg, enum phase_id id)
{
	struct session *s = arg;

	if (s->progress_out && s->cfg->sweep_levels) {
		s->step.clients = s->cfg->concurrency;
		s->step.phase = id;
		s->step.elapsed_s = (clock_now_ns() - s->sweep_t0) / 1000000000u;
		report_sweep_progress(stderr, s->sweep_live, &s->step);
	} else if (s->progress_out) {
		report_progress_begin(s->progress_out, id);
	}
}

static void on_phase_end(void *arg, enum phase_id id, const struct phase_result *res)
{
	struct session *s = arg;

	(void)id;
	if (s->cfg->sweep_levels)
		s->step.done++;
	else if (s->progress_out)
		report_progress_end(s->progress_out, res);
}

/* -c: a client stopped long enough to look like a hang is named (the
 * live sweep line is cleared first). */
static void on_client_stopped(void *arg, uint32_t client, long pid)
{
	struct session *s = arg;

	if (s->sweep_live && s->progress_out)
		fputs("\r\033[K", stderr);
	say("client %u (pid %ld) is stopped; the run waits for it (SIGCONT resumes it, SIGINT or SIGTERM "
	    "ends the run)", client, pid);
}

/* Without eviction, reads of a file under twice the RAM come from memory. */
static void warn_if_cached(const struct session *s)
{
	const struct config *cfg = s->cfg;
	uint64_t ram = cfg->ram_given ? cfg->ram_bytes : s->env.ram_bytes;

	if (!sizing_reads_may_be_cached(cfg, ram, plat_can_evict()))
		return;
	say("warning: %s and the %llu MiB file is under twice the %llu MiB of RAM: read rates may come "
	    "from the page cache",
	    cfg->evict ? "this system cannot drop the page cache" : "--no-evict",
	    (unsigned long long)(cfg->file_size >> 20), (unsigned long long)(ram >> 20));
}

/* --json and --html: refused before anything is made when they name a
 * symbolic link, a directory... or one file (lib/reportfile.h). */
static int check_reports(struct session *s)
{
	char err[1200];
	int status;

	s->reports[0] = (struct report_file){.opt = "--json", .path = s->cfg->json_path};
	s->reports[1] = (struct report_file){.opt = "--html", .path = s->cfg->html_path};
	status = report_files_check(s->reports, 2, err, sizeof err);
	if (status != EXIT_OK)
		say("%s", err);
	return status;
}

/* Creates or truncates them once the scratch directory is made. */
static int open_reports(struct session *s)
{
	char err[1200];
	int status = report_files_commit(s->reports, 2, err, sizeof err);

	if (status != EXIT_OK) {
		say("%s", err);
		return status;
	}
	s->json_out = s->reports[0].out;
	s->html_out = s->reports[1].out;
	if (s->json_out)
		report_json_begin(&s->json, s->json_out, s->cfg, s->argc, s->argv, &s->env, s->align);
	return EXIT_OK;
}

/* --html: room for every run's results (the file is checked before
 * anything is made, so a bad path fails early). */
static int open_html(struct session *s)
{
	if (s->cfg->html_path == NULL)
		return EXIT_OK;
	s->kept_cap = s->cfg->runs;
	s->kept = calloc(s->kept_cap, sizeof *s->kept);
	if (s->kept == NULL) {
		say("--html: cannot keep %u runs in memory: %s", s->cfg->runs, strerror(errno));
		return EXIT_SETUP;
	}
	if (s->cfg->sweep_levels) {
		s->html_tables = open_memstream(&s->html_tables_buf, &s->html_tables_len);
		s->html_csv = open_memstream(&s->html_csv_buf, &s->html_csv_len);
		if (s->html_tables == NULL || s->html_csv == NULL) {
			say("--html: cannot keep the sweep's tables in memory: %s", strerror(errno));
			return EXIT_SETUP;
		}
	}
	return EXIT_OK;
}

/* --html --clients: this run's table and CSV line, for the page's "The
 * table" and "CSV" sections, which list every client count. */
static void html_log_run(struct session *s, uint32_t index)
{
	if (s->html_tables == NULL)
		return;
	fprintf(s->html_tables, "%u client%s, run %u of %u\n", s->run->clients, s->run->clients == 1 ? "" : "s",
	        index, s->cfg->runs);
	report_table(s->html_tables, s->cfg, s->run);
	report_csv(s->html_csv, s->cfg, s->run);
}

/* Closes the memory streams of html_log_run; the texts stay in the
 * buffers until html_log_free. False when either could not be kept. */
static bool html_log_close(struct session *s)
{
	bool ok = true;

	if (s->html_tables != NULL && fclose(s->html_tables) != 0)
		ok = false;
	if (s->html_csv != NULL && fclose(s->html_csv) != 0)
		ok = false;
	s->html_tables = s->html_csv = NULL;
	return ok;
}

static void html_log_free(struct session *s)
{
	html_log_close(s);
	free(s->html_tables_buf);
	free(s->html_csv_buf);
	s->html_tables_buf = s->html_csv_buf = NULL;
}

/* Writes the HTML report after the last run; one not written is exit 5. */
static int close_html(struct session *s, int status)
{
	struct html_report rep = {s->cfg, s->argc, s->argv, &s->env, s->align, s->kept, s->nkept,
	                          s->cfg->sweep_levels ? &s->sweep : NULL, s->cfg->knee_factor, NULL, NULL};
	int bad;

	if (s->html_out == NULL)
		return status;
	if (html_log_close(s)) { /* NULL texts outside a sweep: the kept runs */
		rep.all_tables = s->html_tables_buf;
		rep.all_csv = s->html_csv_buf;
	}
	bad = report_html(s->html_out, &rep);
	if (report_file_close(&s->reports[1]) != 0)
		bad = -1;
	if (bad) {
		say("--html %s: cannot write: %s", s->cfg->html_path, strerror(errno));
		status = status == EXIT_OK ? EXIT_REPORT : status;
	}
	s->html_out = NULL;
	return status;
}

/* --align-probe, or by default on drives whose physical sectors are
 * larger than their logical ones (512e), where misalignment costs. */
static bool wants_align_probe(const struct session *s)
{
	const struct env_device *d = &s->env.dev;
	bool auto_on = d->present && d->logical_block > 0 && d->physical_block > d->logical_block;

	return s->cfg->align_probe > 0 || (s->cfg->align_probe < 0 && auto_on);
}

static void maybe_probe_alignment(struct session *s)
{
	const struct env_device *d = &s->env.dev;

	if (!wants_align_probe(s))
		return;
	if (s->progress_out)
		fprintf(s->progress_out, "Probing partition alignment...");
	if (!d->present) {
		char why[160];
		snprintf(why, sizeof why, "no block device under this %s file system: nothing to align to",
		         s->env.fs_type);
		op_error_set_detail(&s->align->error, "", "", -1, why);
	} else {
		align_probe_run(&s->bench.ctx, d->logical_block ? d->logical_block : 512, d->physical_block, s->align);
	}
	if (s->progress_out)
		report_align_progress(s->progress_out, s->align);
}

/* Without -s: the default size, with a note when the space left made it smaller. */
static void choose_default_size(struct config *cfg, const struct space *sp, bool probe)
{
	bool reduced;
	char have[32], use[32];

	cfg->file_size = sizing_default_size(cfg, sp, probe, &reduced);
	if (reduced) {
		units_format_human(sp->bytes_free, have, sizeof have);
		units_format_size(cfg->file_size, use, sizeof use);
		say("note: only %s free under %s: using -s %s", have, cfg->dir, use);
	}
}

/* Default size and the free-space check, refusing a run that cannot fit
 * before anything is written (exit 2). An unusable -d is left for
 * bench_open to explain. */
static int fit_to_space(struct session *s)
{
	struct config *cfg = s->cfg;
	bool probe = wants_align_probe(s);
	struct op_error e = {0};
	struct space sp;

	if (space_of(cfg->dir, &sp) != 0 || sp.unlimited) {
		if (!cfg->file_size_given)
			cfg->file_size = SIZING_DEFAULT_FILE_SIZE;
		return EXIT_OK;
	}
	if (!cfg->file_size_given)
		choose_default_size(cfg, &sp, probe);
	if (sizing_check(cfg, &sp, probe, &e) != 0) {
		say_error("", &e);
		return EXIT_SETUP;
	}
	return EXIT_OK;
}

/* The exit status for a failed bench_open, and its message. */
static int open_status(enum bench_status st, const struct op_error *e)
{
	switch (st) {
	case BENCH_OK: return EXIT_OK;
	case BENCH_NO_SCRATCH: say_error("cannot create the scratch directory: ", e); return EXIT_SETUP;
	case BENCH_NO_DIRECT: say_error("", e); return EXIT_USAGE;
	case BENCH_NO_MEMORY: say_error("cannot ", e); return EXIT_SETUP;
	}
	return EXIT_SETUP;
}

/* "2026-12-01 02:57 UTC": when the run started, for the --share block. */
static void share_date(char *buf, size_t len)
{
	time_t now = time(NULL);
	struct tm tm;

	if (gmtime_r(&now, &tm) == NULL || strftime(buf, len, "%Y-%m-%d %H:%M UTC", &tm) == 0)
		snprintf(buf, len, "unknown date");
}

/* Probe, benchmark instance and outputs. Returns an exit status; prints
 * why on failure. */
static int session_open(struct session *s)
{
	struct op_error e = {0};
	int status = check_reports(s);

	if (status != EXIT_OK)
		return status;
	s->run = calloc(1, sizeof *s->run);
	s->align = calloc(1, sizeof *s->align);
	if (s->run == NULL || s->align == NULL) {
		say("cannot allocate memory: %s", strerror(errno));
		return EXIT_SETUP;
	}
	env_probe(&s->env, s->cfg->dir, "");
	share_date(s->date, sizeof s->date);
	status = fit_to_space(s);
	if (status != EXIT_OK)
		return status;
	warn_if_cached(s);
	status = open_status(bench_open(&s->bench, s->cfg, s->env.dev.logical_block, &e), &e);
	if (status != EXIT_OK)
		return status;
	if (s->env.dev.present && s->env.dev.counters.count)
		s->bench.ctx.counters = &s->env.dev.counters;
	maybe_probe_alignment(s);
	status = open_html(s);
	return status == EXIT_OK ? open_reports(s) : status;
}

/* Ends the JSON document; a JSON file that could not be written is exit 5. */
static int close_json(struct session *s, int status)
{
	if (s->json_out == NULL)
		return status;
	if (s->cfg->sweep_levels)
		report_sweep_json_end(&s->json, &s->sweep, s->cfg->sweep, s->cfg->sweep_levels, s->cfg->knee_factor);
	else
		report_json_end(&s->json);
	s->json_out = NULL;
	if (report_file_close(&s->reports[0]) != 0) {
		say("--json %s: cannot write: %s", s->cfg->json_path, strerror(errno));
		return status == EXIT_OK ? EXIT_REPORT : status;
	}
	return status;
}

/* Removes everything bonnie made. Returns status, or EXIT_SETUP if the
 * scratch directory could not be removed and nothing worse happened. */
static int session_close(struct session *s, int status)
{
	struct op_error e = {0};

	status = close_json(s, status);
	status = close_html(s, status);
	report_files_release(s->reports, 2);
	html_log_free(s);
	free(s->kept);
	repeat_free(&s->repeats);
	free(s->run);
	free(s->align);
	if (bench_close(&s->bench, &e) != 0) {
		say_error("cannot remove the scratch directory: ", &e);
		if (status == EXIT_OK)
			status = EXIT_SETUP;
	}
	return status;
}

/* The exit status a finished run deserves, and its error message. */
static int run_status(const struct run_result *run)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_result *r = &run->phase[i];
		if (r->status == PHASE_FAILED) {
			say_error("", &r->error);
			return (r->flags & RESULT_MISMATCH) ? EXIT_VERIFY : EXIT_IO;
		}
	}
	return signals_stop_level() != STOP_NONE ? EXIT_INTERRUPTED : EXIT_OK;
}

/* -x N: the summary over the runs, after their tables and CSV lines. */
static void report_repeats(struct session *s)
{
	if (s->repeats.n < 2)
		return;
	report_repeat_table(s->table_out, &s->repeats);
	if (s->json_out) {
		report_json_runs_end(&s->json);
		report_repeat_json(&s->json, &s->repeats);
	}
	fflush(stdout);
}

/* One pass of the pipeline: in this process for one client, else in
 * cfg->concurrency client processes. EXIT_SETUP if they could not start. */
static int session_pass(struct session *s)
{
	struct runner_hooks hooks = {on_phase_begin, on_phase_end, s, NULL, on_client_stopped};
	struct op_error e = {0};

	if (s->cfg->concurrency <= 1) {
		bench_run(&s->bench, s->run, &hooks);
		return EXIT_OK;
	}
	if (clients_run(&s->bench, s->cfg->concurrency, s->run, &hooks, &e) == -2) {
		say_error("cannot start the clients: ", &e);
		return EXIT_SETUP;
	}
	return EXIT_OK;
}

static int session_runs(struct session *s)
{
	int status = EXIT_OK;

	for (uint32_t i = 1; i <= s->cfg->runs && status == EXIT_OK; i++) {
		s->run->index = i;
		if ((status = session_pass(s)) != EXIT_OK)
			return status;
		if (s->kept && s->nkept < s->kept_cap)
			s->kept[s->nkept++] = *s->run;
		html_log_run(s, i);
		if (signals_stop_level() == STOP_NOW)
			return EXIT_INTERRUPTED;
		if (s->sweep_live && s->progress_out)
			fputs("\r\033[K", stderr); /* the tables start on a clean line */
		if (!s->env_shown) {
			report_env(s->table_out, &s->env);
			report_align(s->table_out, s->align);
			if (s->share_out)
				report_share_env(s->share_out, &s->env, s->date);
			s->env_shown = true;
		}
		report_table(s->table_out, s->cfg, s->run);
		if (s->share_out)
			report_share_run(s->share_out, s->cfg, s->run);
		if (s->csv_out)
			report_csv(s->csv_out, s->cfg, s->run);
		if (s->json_out)
			report_json_run(&s->json, s->run);
		fflush(stdout);
		status = run_status(s->run);
		if (s->cfg->runs > 1 && repeat_add(&s->repeats, s->run) != 0)
			say("cannot keep run %u for the summary: %s", i, strerror(errno));
	}
	report_repeats(s);
	return status;
}

/* --clients: the runs at each client count (tables and CSV lines as they
 * finish), then the sweep table and the knees of what completed. A count
 * that cannot start ends the sweep. */
/* Steps of the sweep: enabled phases x runs x client counts. */
static uint32_t sweep_steps(const struct config *cfg)
{
	uint32_t n = 0;

	for (int i = 0; i < PHASE_COUNT; i++)
		n += phase_wanted(cfg, phase_table[i]);
	return n * cfg->runs * cfg->sweep_levels;
}

static int session_sweep(struct session *s)
{
	int status = EXIT_OK;

	s->sweep_live = isatty(STDERR_FILENO);
	s->sweep_t0 = clock_now_ns();
	s->step.levels = s->cfg->sweep_levels;
	s->step.total = sweep_steps(s->cfg);
	for (uint32_t l = 0; l < s->cfg->sweep_levels && status == EXIT_OK; l++) {
		s->step.level = l;
		s->cfg->concurrency = s->cfg->sweep[l];
		s->nkept = 0; /* --html keeps the last count's runs; the sweep has every count's summary */
		status = session_runs(s);
		if (status == EXIT_SETUP || signals_stop_level() == STOP_NOW)
			break;
		sweep_add(&s->sweep, s->run);
	}
	if (s->sweep_live && s->progress_out)
		fputs("\r\033[K", stderr);
	if (s->sweep.levels > 0) {
		fputc('\n', s->table_out);
		report_sweep_table(s->table_out, &s->sweep);
		report_sweep_knees(s->table_out, &s->sweep, s->cfg->knee_factor);
		fflush(s->table_out);
	}
	return status;
}

/* --json - (or /dev/stdout) makes stdout pure JSON, --html - pure HTML:
 * the table moves to stderr, no CSV. */
static bool report_on_stdout(const struct config *cfg)
{
	return report_path_is_stdout(cfg->json_path) || report_path_is_stdout(cfg->html_path);
}

/* Flushes and closes stdout: a report that could not be written is an error. */
static int finish(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
		fprintf(stderr, "bonnie: cannot write the report to standard output: %s\n", strerror(errno));
		return status == EXIT_OK ? EXIT_REPORT : status;
	}
	return status;
}

int main(int argc, char **argv)
{
	struct config cfg;
	struct session s;
	char err[512], host[256];
	int status;

	if (argc > 1 && strcmp(argv[1], "compare") == 0)
		return finish(compare_main(argc - 1, argv + 1));
	machine_default(host, sizeof host);
	switch (options_parse(argc, argv, host, &cfg, err, sizeof err)) {
	case OPT_ERROR:
		say("%s", err);
		return EXIT_USAGE;
	case OPT_HELP:
		options_usage(stdout);
		return finish(EXIT_OK);
	case OPT_VERSION:
		printf("bonnie %s\n", BONNIE_VERSION);
		return finish(EXIT_OK);
	case OPT_LIST_PHASES:
		report_phase_list(stdout);
		return finish(EXIT_OK);
	case OPT_RUN:
		break;
	}
	if ((cfg.user[0] || cfg.group[0]) && privs_drop(cfg.user, cfg.group, err, sizeof err) != 0) {
		say("%s", err);
		return EXIT_USAGE;
	}
	if (cfg.phases_arg && (phase_select_parse(cfg.phases_arg, &cfg.phase_mask, err, sizeof err) != 0 ||
	                       phase_select_check(cfg.phases_arg, cfg.phase_mask, &cfg, err, sizeof err) != 0)) {
		say("%s", err);
		return EXIT_USAGE;
	}
	if (!cfg.seed_given)
		cfg.seed = seed_default();
	if (cfg.sweep_levels && !cfg.file_size_given) {
		cfg.file_size = SWEEP_FILE_SIZE;
		cfg.file_size_given = true;
	}
	signals_install();

	memset(&s, 0, sizeof s);
	s.cfg = &cfg;
	s.argc = argc;
	s.argv = argv;
	s.share_out = cfg.share ? stdout : NULL;
	s.csv_out = report_on_stdout(&cfg) || cfg.share ? NULL : stdout;
	s.table_out = cfg.quiet || report_on_stdout(&cfg) || cfg.share ? stderr : stdout;
	s.progress_out = cfg.quiet || report_on_stdout(&cfg) || cfg.share ? NULL : stdout;
	status = session_open(&s);
	if (status == EXIT_OK)
		status = cfg.sweep_levels ? session_sweep(&s) : session_runs(&s);
	status = session_close(&s, status);
	if (signals_stop_level() != STOP_NONE)
		status = EXIT_INTERRUPTED;
	return finish(status);
}
