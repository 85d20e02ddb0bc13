/* The run command: the options (run_config.c) and the plan made of them
 * (plan.c), then the session:
 * probe, benchmark instance and outputs open, the runs (at each client
 * count of a sweep), everything closed and removed, and the exit status.
 * What is written about each moment is the output table's
 * (report/outputs.h); this file only says when. */
#include "run.h"
#include "session.h"

#include "leftovers.h"
#include "plan.h"
#include "run_config.h"
#include "like.h"
#include "../lib/wallclock.h"
#include "say.h"

#include "../lib/clock.h"
#include "../lib/exitcodes.h"
#include "../lib/privs.h"
#include "../lib/limit_reason.h"
#include "../lib/signals.h"
#include "../lib/units.h"
#include "../phases/probes/align_probe.h"
#include "../phases/sizing/autosize.h"
#include "../phases/probes/link_probe.h"
#include "../phases/runner/bench.h"
#include "../phases/runner/clients.h"
#include "../report/outputs.h"
#include "../report/model/repeat.h"
#include "../report/report.h"
#include "../report/sweep/sweep.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>


static void on_phase_begin(void *arg, enum phase_id id)
{
	struct session *s = arg;

	s->step.clients = s->clients;
	s->step.phase = id;
	s->step.elapsed_s = (clock_now_ns() - s->sweep_t0) / 1000000000u;
	outputs_phase_begin(&s->out, id);
}

static void on_phase_end(void *arg, enum phase_id id, const struct phase_result *res)
{
	struct session *s = arg;

	(void)id;
	s->step.done++;
	outputs_phase_end(&s->out, res);
}

/* -c: a client stopped long enough to look like a hang is named (the
 * live sweep line is cleared first). */
static void on_client_stopped(void *arg, uint32_t client, long pid)
{
	struct session *s = arg;

	outputs_clear_line(&s->out);
	say("client %u (pid %ld) is stopped; the run waits for it (SIGCONT resumes it, SIGINT or SIGTERM "
	    "ends the run)", client, pid);
}

static void maybe_probe_alignment(struct session *s)
{
	const struct env_device *d = &s->env.dev;
	FILE *progress = s->out.progress_out;

	if (!run_wants_align_probe(s->cfg, &s->env))
		return;
	if (progress)
		fprintf(progress, "Probing partition alignment...");
	if (s->env.zfs.present) {
		op_error_set_detail(&s->align->error, "", "", -1,
		                    "not measurable here: ZFS writes whole blocks of 2^ashift bytes through its "
		                    "copy-on-write pipeline, so a shifted write never reaches the disks shifted; the "
		                    "pool's ashift answers it (the Alignment line)");
	} else if (!d->present) {
		char why[160];
		snprintf(why, sizeof why, "no block device under this %s file system: nothing to align to",
		         s->env.fs_type);
		op_error_set_detail(&s->align->error, "", "", -1, why);
	} else {
		align_probe_run(&s->bench.ctx, d->logical_block ? d->logical_block : 512, d->physical_block, s->align);
	}
	if (progress)
		report_align_progress(progress, s->align);
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

/* A per-char phase too slow for the operations a trusted figure needs
 * (perchar_auto.h) is skipped, in one line that says why and what runs it. */
static void note_perchar_skipped(const struct config *cfg, const struct perchar_size *p)
{
	/* both skipped: the faster of the two was still too slow */
	double bps = !p->skip_read || (p->skip_write && p->write_bps > p->read_bps) ? p->write_bps : p->read_bps;
	uint32_t skipped = perchar_skipped(p);
	char size[32], what[96] = ""; /* the skipped phases' words: "per-char write and read" */

	if (!skipped)
		return;
	for (int i = 0; i < PHASE_COUNT; i++)
		if (skipped & (1u << i))
			str_append_and(what, sizeof what, phase_words((enum phase_id)i));
	units_format_size(p->floor_bytes, size, sizeof size);
	say("note: %s %s skipped: one byte a call runs at %.1f KiB/s under %s, and the %u operations of a "
	    "trusted figure (%s) would take %.0f s (-f %s runs it)",
	    what, skipped & (skipped - 1) ? "are" : "is", bps / 1024, cfg->dir, PERCHAR_MIN_OPS, size, bps > 0 ? (double)p->floor_bytes / bps : 0.0, size);
}

/* What the user left to bonnie is measured once, here, and the run's plan
 * made of it and the fitted one (plan_size_by_time), for every run, count
 * and client; only then is it handed out (s->cfg, the outputs') and the
 * instance made ready for it. A note says what a slow share made of it. */
static int session_autosize(struct session *s, const struct plan *fitted)
{
	const struct config *cfg = &s->plan.run;
	const struct files_cal *f = &s->sizes.files;
	struct op_error e = {0};
	char size[32];
	int status;

	if (autosize_run(&s->bench.scratch, &fitted->run, s->env.share.is_share, &s->sizes, &e) != 0) {
		say_error("cannot ", &e);
		return EXIT_IO;
	}
	plan_size_by_time(&s->plan, fitted, &s->sizes);
	s->cfg = cfg;
	outputs_plan(&s->out, cfg);
	if ((status = open_status(bench_ready(&s->bench, cfg, NULL, &e), &e)) != EXIT_OK)
		return status;
	if (s->sizes.data_ran) {
		units_format_size(cfg->file_size, size, sizeof size);
		say("note: %s is on a network share (%s): the data file is sized by time: -s %s", cfg->dir,
		    s->env.share.client, size);
	}
	if (s->sizes.perchar_ran)
		note_perchar_skipped(cfg, &s->plan.perchar);
	plan_note_qd(cfg);
	if (s->sizes.files_ran && f->slow)
		say("note: file creation under %s is slow (%u files in %.1f s): the file tests use -n 1", cfg->dir,
		    f->created, (double)f->create_ns / 1e9);
	return EXIT_OK;
}

/* -n with links (cfg: the fitted plan): refused in one line before any
 * phase when this file system makes none (a FUSE client of a share). */
static int session_link_probe(struct session *s, const struct config *cfg)
{
	bool symbolic = cfg->file_max == FILES_SYMLINKS;
	const char *what;
	int err;

	if (cfg->files_k == 0 || cfg->file_max >= 0)
		return EXIT_OK;
	err = link_probe(s->bench.scratch.dirfd, symbolic, &what);
	if (err == 0)
		return EXIT_OK;
	if (err != EPERM && err != ENOSYS && err != EOPNOTSUPP)
		return say_status(EXIT_IO, "cannot %s the link probe under %s: %s", what, cfg->dir, strerror(err));
	return say_status(EXIT_SETUP, "-n with max %s: %s links are not supported under %s (%s): %s",
	                  symbolic ? "-2" : "-1", symbolic ? "symbolic" : "hard", cfg->dir, s->env.fs_type,
	                  strerror(err));
}

/* The report files, routed by the options, are checked before anything
 * is made (a symbolic link, a directory... or one file named twice:
 * lib/reportfile.h), the plan fitted to -d (plan_fit), the scratch
 * directory, the run's plan (session_autosize, handed out from then on),
 * the probe and the outputs. Returns an exit status; says why on failure. */
static int session_open(struct session *s, const struct config *opts, const struct plan *made)
{
	const struct config *cfg;
	struct plan fitted;
	struct op_error e = {0};
	char err[1200];
	int status;

	outputs_route(&s->out, opts);
	if ((status = outputs_check_files(&s->out, err, sizeof err)) != EXIT_OK)
		return say_status(status, "%s", err);
	s->run = calloc(1, sizeof *s->run);
	s->align = calloc(1, sizeof *s->align);
	if (s->run == NULL || s->align == NULL)
		return say_status(EXIT_SETUP, "cannot allocate memory: %s", strerror(errno));
	env_probe(&s->env, made->run.dir, "");
	wallclock_utc_text(s->date, sizeof s->date);
	if ((status = plan_fit(&fitted, made, &s->env)) != EXIT_OK)
		return status;
	cfg = &fitted.run; /* until the sizes by time: for what no calibration changes */
	s->out.env = &s->env;
	s->out.align = s->align;
	s->out.date = s->date;
	if (cfg->sweep_levels && (s->sweep = calloc(1, sizeof *s->sweep)) == NULL)
		return say_status(EXIT_SETUP, "cannot allocate memory: %s", strerror(errno));
	if (s->sweep)
		sweep_set_rule(s->sweep, cfg->lag_floor_ns, s->env.cpus);
	s->out.sweep = s->sweep;
	s->out.step = cfg->sweep_levels ? &s->step : NULL;
	status = open_status(bench_open_scratch(&s->bench, cfg, NULL, s->env.dev.logical_block, &e), &e);
	if (status == EXIT_OK) /* what killed runs left beside it (never removed: not provably ours) */
		leftovers_note(&s->bench.scratch, s->env.share.is_share);
	if (status != EXIT_OK || (status = session_link_probe(s, cfg)) != EXIT_OK ||
	    (status = session_autosize(s, &fitted)) != EXIT_OK)
		return status;
	cfg = s->cfg;
	/* without the memory the JSON only lacks the per-client times */
	if (config_most_clients(cfg) > 1 && client_times_open(&s->times, config_most_clients(cfg)) == 0) {
		s->bench.times = &s->times;
		s->out.times = &s->times;
	}
	if ((s->env.dev.present || s->env.zfs.present) && !s->env.share.is_share && s->env.dev.counters.count)
		s->bench.ctx.counters = &s->env.dev.counters;
	if (s->env.zfs.present)
		s->bench.ctx.zfs = &s->env.zfs;
	s->out.timelines = s->bench.ctx.timelines;
	maybe_probe_alignment(s);
	if (outputs_prepare(&s->out, err, sizeof err) != 0)
		return say_status(EXIT_SETUP, "%s", err);
	if ((status = outputs_open_files(&s->out, err, sizeof err)) != EXIT_OK)
		return say_status(status, "%s", err);
	outputs_begin(&s->out);
	return EXIT_OK;
}

static void say_line(const char *line)
{
	say("%s", line);
}

/* Writes what the outputs have left and removes everything bonnie made.
 * Returns status, or the first failure of these. */
static int session_close(struct session *s, int status)
{
	struct op_error e = {0};

	if (outputs_end(&s->out, say_line) > 0)
		status = status_first(status, EXIT_REPORT);
	outputs_release(&s->out);
	repeat_free(&s->repeats);
	client_times_close(&s->times);
	free(s->sweep);
	free(s->run);
	free(s->align);
	if (bench_close(&s->bench, &e) != 0) {
		say_error("cannot remove the scratch directory: ", &e);
		status = status_first(status, EXIT_SETUP);
	}
	return status;
}

/* The exit status a finished run deserves, and its error message. */
static int run_status(const struct run_result *run)
{
	const struct phase_result *r = run_result_failed(run);

	if (r != NULL) {
		say_error("", &r->error);
		if (r->flags & RESULT_LIMIT)
			return EXIT_SETUP;
		return (r->flags & RESULT_MISMATCH) ? EXIT_VERIFY : EXIT_IO;
	}
	return signals_stop_level() != STOP_NONE ? EXIT_INTERRUPTED : EXIT_OK;
}

/* One pass of the pipeline: in this process for one client, else in
 * s->clients client processes. EXIT_SETUP if they could not start. */
static int session_pass(struct session *s)
{
	struct runner_hooks hooks = {on_phase_begin, on_phase_end, s, NULL, on_client_stopped};
	struct op_error e = {0};

	if (s->clients <= 1 && !s->cfg->start_at_ns) { /* a schedule starts its phases as clients do */
		bench_run(&s->bench, s->run, &hooks);
		return EXIT_OK;
	}
	if (clients_run(&s->bench, s->clients, s->run, &hooks, &e) == -2) {
		say_error("cannot start the clients: ", &e);
		return EXIT_SETUP;
	}
	return EXIT_OK;
}

/* One pass, then it goes to the outputs: marked as cut short when a
 * second signal (or SIGHUP) ended it, which ends the session
 * (EXIT_INTERRUPTED); else whole (EXIT_OK, the run's own status aside). */
static int pass_reported(struct session *s)
{
	int status = session_pass(s);

	if (status != EXIT_OK)
		return status;
	if (signals_stop_level() == STOP_NOW) {
		outputs_run(&s->out, s->run, true);
		return EXIT_INTERRUPTED;
	}
	outputs_run(&s->out, s->run, false);
	return EXIT_OK;
}

/* The runs at one client count (-x N of them), each given to the outputs
 * as it finishes, then their summary. A second signal ends them at once. */
static int session_runs(struct session *s)
{
	int status = EXIT_OK;

	outputs_count(&s->out);
	for (uint32_t i = 1; i <= s->cfg->runs && status == EXIT_OK; i++) {
		s->run->index = i;
		if ((status = pass_reported(s)) != EXIT_OK)
			return status;
		status = run_status(s->run);
		if (s->cfg->runs > 1 && repeat_add(&s->repeats, &s->out.view) != 0)
			say("cannot keep run %u for the summary: %s", i, strerror(errno));
	}
	outputs_summary(&s->out, &s->repeats);
	return status;
}

/* Steps of the sweep: enabled phases x runs x client counts. */
static uint32_t sweep_steps(const struct config *cfg)
{
	uint32_t n = 0;

	for (int i = 0; i < PHASE_COUNT; i++)
		n += phase_wanted(cfg, phase_table[i]);
	return n * cfg->runs * cfg->sweep_levels;
}

/* One run at the sweep's count of level l (the r-th of -x), given to the
 * outputs and added to the sweep. */
static int sweep_pass(struct session *s, uint32_t l, uint32_t r)
{
	int status;

	s->step.level = l;
	s->clients = s->cfg->sweep[l];
	s->run->index = r;
	outputs_count(&s->out);
	if ((status = pass_reported(s)) != EXIT_OK)
		return status;
	status = run_status(s->run);
	sweep_add(s->sweep, &s->out.view);
	return status;
}

/* --clients: a run at each client count, each count a level of the sweep;
 * with -x N the counts are interleaved (every count once, then again), so
 * a drift of the machine during the sweep spreads over all counts instead
 * of favouring some; the sweep table holds each count's median and spread
 * (no per-count -x summary). A count that cannot start ends the sweep; the
 * sweep table and the knees of what completed are the outputs' end. */
static int session_sweep(struct session *s)
{
	int status = EXIT_OK;

	s->out.live = isatty(STDERR_FILENO);
	s->sweep_t0 = clock_now_ns();
	s->step.levels = s->cfg->sweep_levels;
	s->step.total = sweep_steps(s->cfg);
	for (uint32_t r = 1; r <= s->cfg->runs && status == EXIT_OK; r++)
		for (uint32_t l = 0; l < s->cfg->sweep_levels && status == EXIT_OK; l++)
			status = sweep_pass(s, l, r);
	return status;
}


/* The run itself, once the options are parsed into st. */
static int run_state_go(int argc, char **argv, struct like_args *like, struct run_state *st)
{
	const struct config *opts = &st->parsed; /* the options: read only, once parsed */
	struct session *s = &st->s;
	char err[512];
	int status = run_config_parse(argc, argv, &st->parsed);

	if (status == RUN_GO && st->parsed.like_path) /* its words stay in like until the run ends */
		status = like_apply(argc, argv, &st->parsed, like);
	if (status != RUN_GO)
		return status;
	if ((opts->user[0] || opts->group[0]) && privs_drop(opts->user, opts->group, err, sizeof err) != 0)
		return say_status(EXIT_USAGE, "%s", err);
	if ((status = plan_make(&st->made, opts)) != EXIT_OK)
		return status;
	signals_install();
	signals_guard_stream(STDOUT_FILENO);
	signals_guard_stream(STDERR_FILENO);

	s->out.argc = argc;
	s->out.argv = argv;
	s->clients = opts->concurrency;
	status = session_open(s, opts, &st->made);
	if (status == EXIT_OK)
		status = opts->sweep_levels ? session_sweep(s) : session_runs(s);
	if (s->sweep) /* complete, cut or never begun: judged once, before its outputs */
		sweep_judge(s->sweep, opts->knee_factor);
	status = session_close(s, status);
	if (signals_stop_level() != STOP_NONE)
		status = EXIT_INTERRUPTED;
	return say_finish(status);
}

/* A stack limit too small for bonnie is refused in one line before
 * anything is made, not met as SIGSEGV (lib/limit_reason.h). */
int run_main(int argc, char **argv)
{
	struct like_args like = {0};
	struct run_state *st;
	char why[256];
	int status;

	if (stack_limit_why(why, sizeof why))
		return say_finish(say_status(EXIT_SETUP, "%s", why));
	st = calloc(1, sizeof *st);
	status = st ? run_state_go(argc, argv, &like, st) : say_status(EXIT_SETUP, "out of memory for the run's state");
	free(st);
	like_release(&like);
	return status;
}
