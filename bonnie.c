/* bonnie: a disk and file-system microbenchmark in bonnie++'s tradition.
 * main() parses, prepares, runs the phase pipeline, reports and picks the
 * exit status; everything else lives in lib/, phases/ and report/. */
#include "lib/clock.h"
#include "lib/config.h"
#include "lib/exitcodes.h"
#include "lib/options.h"
#include "lib/platform.h"
#include "lib/privs.h"
#include "lib/signals.h"
#include "lib/space.h"
#include "lib/units.h"
#include "phases/align_probe.h"
#include "phases/bench.h"
#include "phases/clients.h"
#include "phases/phase_select.h"
#include "report/report.h"
#include "report/sweep.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Without -s: with the cache dropped before reads, 4 GiB keeps every bulk
 * phase on the device for seconds on fast disks and the default run well
 * under three minutes on this class of machine (README "Default size").
 * With under twice that free, a quarter of the free space is used. */
#define DEFAULT_FILE_SIZE (4ull << 30)

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
	FILE *progress_out; /* NULL with -q or --json - */
	FILE *csv_out;      /* NULL with --json - */
	FILE *json_out;     /* NULL without --json */
	struct json json;
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

/* One line on stderr: "bonnie: <message>". */
static void say(const char *fmt, ...) PRINTF_LIKE;
static void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("bonnie: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
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

/* Without eviction, reads of a file under twice the RAM come from memory. */
static void warn_if_cached(const struct session *s)
{
	const struct config *cfg = s->cfg;
	uint64_t ram = cfg->ram_given ? cfg->ram_bytes : s->env.ram_bytes;

	if (cfg->file_size == 0 || (cfg->ram_given && cfg->ram_bytes == 0) || ram == 0)
		return;
	if ((cfg->evict && plat_can_evict()) || cfg->direct || cfg->file_size >= 2 * ram)
		return;
	say("warning: %s and the %llu MiB file is under twice the %llu MiB of RAM: read rates may come "
	    "from the page cache",
	    cfg->evict ? "this system cannot drop the page cache" : "--no-evict",
	    (unsigned long long)(cfg->file_size >> 20), (unsigned long long)(ram >> 20));
}

static int open_json(struct session *s)
{
	const char *path = s->cfg->json_path;

	if (path == NULL)
		return EXIT_OK;
	s->json_out = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
	if (s->json_out == NULL) {
		say("--json %s: %s", path, strerror(errno));
		return EXIT_REPORT;
	}
	report_json_begin(&s->json, s->json_out, s->cfg, s->argc, s->argv, &s->env, s->align);
	return EXIT_OK;
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
	if (!d->present) {
		char why[160];
		snprintf(why, sizeof why, "no block device under this %s file system: nothing to align to",
		         s->env.fs_type);
		op_error_set_detail(&s->align->error, "probe", s->cfg->dir, -1, why);
		return;
	}
	if (s->progress_out)
		fprintf(s->progress_out, "Probing partition alignment...");
	align_probe_run(&s->bench.ctx, d->logical_block ? d->logical_block : 512, s->align);
	if (s->progress_out)
		fprintf(s->progress_out, "%s\n", s->align->ran ? "done" : "not measured");
}

/* Without -s: DEFAULT_FILE_SIZE, or a quarter of what the rest of the run
 * leaves free when that is less than twice as much. */
static void choose_default_size(struct config *cfg, const struct space *sp, bool probe)
{
	uint64_t size = DEFAULT_FILE_SIZE, rest, left;
	char have[32], use[32];

	cfg->file_size = 0;
	rest = bench_bytes_needed(cfg, sp->block, probe);
	left = sp->bytes_free > rest ? sp->bytes_free - rest : 0;
	if (left < 2 * size) {
		size = left / 4 / (1u << 20) * (1u << 20);
		size -= size % cfg->chunk;
		if (size < cfg->chunk)
			size = cfg->chunk;
		units_format_human(sp->bytes_free, have, sizeof have);
		units_format_size(size, use, sizeof use);
		say("note: only %s free under %s: using -s %s", have, cfg->dir, use);
	}
	cfg->file_size = size;
}

/* Refuses a run that cannot fit, before anything is written (exit 2). */
static int check_space(const struct config *cfg, const struct space *sp, bool probe)
{
	uint64_t bytes = bench_bytes_needed(cfg, sp->block, probe), inodes = bench_inodes_needed(cfg);
	char need[32], have[32];

	if (bytes > sp->bytes_free) {
		units_format_human(bytes, need, sizeof need);
		units_format_human(sp->bytes_free, have, sizeof have);
		say("not enough space under %s: need %s, have %s (use a smaller -s or -n)", cfg->dir, need, have);
		return EXIT_SETUP;
	}
	if (sp->inodes_free && inodes > sp->inodes_free) {
		say("not enough inodes under %s: need %llu, have %llu (use a smaller -n)", cfg->dir,
		    (unsigned long long)inodes, (unsigned long long)sp->inodes_free);
		return EXIT_SETUP;
	}
	return EXIT_OK;
}

/* Default size and the free-space check. An unusable -d is left for
 * bench_open to explain. */
static int fit_to_space(struct session *s)
{
	struct config *cfg = s->cfg;
	bool probe = wants_align_probe(s);
	struct space sp;

	if (space_of(cfg->dir, &sp) != 0 || sp.unlimited) {
		if (!cfg->file_size_given)
			cfg->file_size = DEFAULT_FILE_SIZE;
		return EXIT_OK;
	}
	if (!cfg->file_size_given)
		choose_default_size(cfg, &sp, probe);
	return check_space(cfg, &sp, probe);
}

/* Probe, benchmark instance and outputs. Returns an exit status; prints
 * why on failure. */
static int session_open(struct session *s)
{
	char err[1024];
	int status;

	s->run = calloc(1, sizeof *s->run);
	s->align = calloc(1, sizeof *s->align);
	if (s->run == NULL || s->align == NULL) {
		say("cannot allocate memory: %s", strerror(errno));
		return EXIT_SETUP;
	}
	env_probe(&s->env, s->cfg->dir, "");
	status = fit_to_space(s);
	if (status != EXIT_OK)
		return status;
	warn_if_cached(s);
	status = bench_open(&s->bench, s->cfg, s->env.dev.logical_block, err, sizeof err);
	if (status != EXIT_OK) {
		say("%s", err);
		return status;
	}
	if (s->env.dev.present && s->env.dev.stat_path[0])
		s->bench.ctx.devstat_path = s->env.dev.stat_path;
	maybe_probe_alignment(s);
	return open_json(s);
}

/* Ends the JSON document; a JSON file that could not be written is exit 5. */
static int close_json(struct session *s, int status)
{
	if (s->json_out == NULL)
		return status;
	if (s->cfg->sweep_levels)
		report_sweep_json_end(&s->json, &s->sweep, s->cfg->knee_factor);
	else
		report_json_end(&s->json);
	if (s->json_out != stdout) {
		if (ferror(s->json_out) | (fclose(s->json_out) != 0)) {
			say("--json %s: cannot write: %s", s->cfg->json_path, strerror(errno));
			return status == EXIT_OK ? EXIT_REPORT : status;
		}
	}
	s->json_out = NULL;
	return status;
}

/* Removes everything bonnie made. Returns status, or EXIT_SETUP if the
 * scratch directory could not be removed and nothing worse happened. */
static int session_close(struct session *s, int status)
{
	char err[1024];

	status = close_json(s, status);
	free(s->run);
	free(s->align);
	if (bench_close(&s->bench, err, sizeof err) != 0) {
		say("%s", err);
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

/* One pass of the pipeline: in this process for one client, else in
 * cfg->concurrency client processes. EXIT_SETUP if they could not start. */
static int session_pass(struct session *s)
{
	struct runner_hooks hooks = {on_phase_begin, on_phase_end, s, NULL};
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
		if (signals_stop_level() == STOP_NOW)
			return EXIT_INTERRUPTED;
		if (s->sweep_live && s->progress_out)
			fputs("\r\033[K", stderr); /* the tables start on a clean line */
		if (!s->env_shown) {
			report_env(s->table_out, &s->env);
			report_align(s->table_out, s->align);
			s->env_shown = true;
		}
		report_table(s->table_out, s->cfg, s->run);
		if (s->csv_out)
			report_csv(s->csv_out, s->cfg, s->run);
		if (s->json_out)
			report_json_run(&s->json, s->run);
		fflush(stdout);
		status = run_status(s->run);
	}
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
		n += phase_table[i]->enabled(cfg) && (cfg->phase_mask == 0 || (cfg->phase_mask & (1u << i)));
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

/* --json - makes stdout pure JSON: the table moves to stderr, no CSV. */
static bool json_on_stdout(const struct config *cfg)
{
	return cfg->json_path && strcmp(cfg->json_path, "-") == 0;
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
	case OPT_RUN:
		break;
	}
	if ((cfg.user[0] || cfg.group[0]) && privs_drop(cfg.user, cfg.group, err, sizeof err) != 0) {
		say("%s", err);
		return EXIT_USAGE;
	}
	if (cfg.phases_arg && phase_select_parse(cfg.phases_arg, &cfg.phase_mask, err, sizeof err) != 0) {
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
	s.csv_out = json_on_stdout(&cfg) ? NULL : stdout;
	s.table_out = cfg.quiet || json_on_stdout(&cfg) ? stderr : stdout;
	s.progress_out = cfg.quiet || json_on_stdout(&cfg) ? NULL : stdout;
	status = session_open(&s);
	if (status == EXIT_OK)
		status = cfg.sweep_levels ? session_sweep(&s) : session_runs(&s);
	status = session_close(&s, status);
	if (signals_stop_level() != STOP_NONE)
		status = EXIT_INTERRUPTED;
	return finish(status);
}
