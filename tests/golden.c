/* The golden-output harness (make golden, tests/golden.sh): feeds fixed
 * synthetic results (util_synth.c) through the outputs of a run the way a
 * run session does (report/outputs.h: the output table's moments over a
 * report_ctx, as cmd/run.c calls them) and writes each output to a file:
 *
 *   golden DIR   writes, for each scenario S (full and mixed with each
 *                phase's timeline and verdict, repeat, sweep),
 *                DIR/S.table, DIR/S.csv, DIR/S.json, DIR/S.html, and from
 *                a second session with --share, DIR/S.share; for each
 *                host of bonnie merge (two hosts of -c 2 on one --start-at
 *                schedule, and two of a --clients 1,2 sweep) DIR/S.json.
 *
 * Everything that a real run takes from the machine or the clock is fixed
 * here: the environment (fixed_env), the --share date, the options (a
 * fixed seed, machine name and directory), and the report files are named
 * relative to DIR (the harness works in it), so the argv the JSON and HTML
 * quote is the same wherever DIR is. The progress lines are off.
 *
 * This is the one file of the harness that knows report/ internals (the
 * report_ctx and its moments): when those change, this file follows. */
#include "util_synth.h"

#include "../options/options.h"
#include "../phases/interface/results.h"
#include "../phases/runner/client_window.h"
#include "../phases/runner/client_times.h"
#include "../phases/runner/runner.h"
#include "../phases/runner/schedule.h"
#include "../report/outputs.h"
#include "../report/model/repeat.h"
#include "../report/model/sweep_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GOLDEN_DATE "2026-12-01 02:57 UTC"
#define MAX_ARGS 28
#define MS 1000000ull
#define SEC 1000000000ull

struct scenario {
	const char *name;
	const char *args; /* the options after "bonnie", blank-separated */
	void (*fill)(struct run_result *run, uint32_t clients, unsigned index);
	bool timelines; /* the runs have timelines (and verdicts judged from them) */
	uint64_t late_ns; /* a host of bonnie merge (JSON only): its phases' wall start after the plan */
};

static struct run_timelines timelines; /* large: not on the stack */
static struct client_times client_times; /* a host's clients, as the runner notes them */

static void fill_full(struct run_result *run, uint32_t clients, unsigned index)
{
	(void)clients;
	synth_full_run(run);
	run->index = index;
}

static void fill_mixed(struct run_result *run, uint32_t clients, unsigned index)
{
	(void)clients;
	synth_mixed_run(run);
	/* its -D as a real run records it: the data phases ran O_DIRECT (each
	 * phase's direct_io, which compare reads), per-char buffered */
	for (int i = 0; i < PHASE_COUNT; i++)
		if (phase_is((enum phase_id)i, FACT_DATA_FILE) && run->phase[i].status != PHASE_NOT_RUN)
			run->phase[i].flags |= phase_is((enum phase_id)i, FACT_PERCHAR) ? RESULT_BUFFERED : RESULT_DIRECT;
	run->index = index;
}

static void fill_repeat(struct run_result *run, uint32_t clients, unsigned index)
{
	(void)clients;
	synth_repeat_run(run, index);
}

static void fill_sweep(struct run_result *run, uint32_t clients, unsigned index)
{
	synth_sweep_run(run, clients);
	run->index = index;
}

/* One phase of a host of bonnie merge: the full run's phase, done by n
 * clients as the runner merges them (phase_result_add_client, each client's
 * times noted): client 0 does 60% of the work over the whole phase,
 * client 1 the rest, starting 2 ms later and ending a twentieth earlier, its
 * latency 2.5 times client 0's (a merged sweep's p99 passes the 2x rule); at pct% of the full run's times, each
 * client's final flush flush_ns longer. n 1: the one in-process result,
 * no clients merged. */
static void host_phase(struct phase_result *dst, const struct phase_result *whole, enum phase_id id, uint32_t n,
                       unsigned pct, uint64_t flush_ns)
{
	static struct phase_result c; /* large: not on the stack */
	uint64_t e = whole->elapsed_ns / 100 * pct, lat = hist_percentile(&whole->latency, 50.0);

	runner_result_init(dst);
	for (uint32_t k = 0; k < n; k++) {
		runner_result_init(&c);
		c.status = PHASE_DONE;
		c.units = n == 1 ? whole->units : k == 0 ? whole->units / 10 * 6 : whole->units - whole->units / 10 * 6;
		c.bytes = phase_unit(id) == RATE_BYTES ? c.units : 0;
		c.start_ns = 1000 * SEC + (uint64_t)id * 100 * SEC + k * 2 * MS;
		c.elapsed_ns = e - k * (2 * MS + e / 20) + flush_ns;
		c.cpu_ns = whole->cpu_ns / 100 * pct / n;
		c.sync_ns = whole->sync_ns / 100 * pct + flush_ns;
		for (int i = 0; i < 100 / (int)n; i++)
			hist_add(&c.latency, k == 0 ? lat : lat * 5 / 2);
		if (n == 1) {
			*dst = c;
			return;
		}
		phase_result_add_client(dst, &c);
		client_times_note(&client_times, id, k, &c);
	}
}

/* A host's run of `clients` clients: every phase of the full run through
 * host_phase at pct% of its times; drop: a phase it did not run; flush: a
 * phase whose final flush is 2 s longer (a share's, alone on the server
 * after the writes: the merge names it). -1: none. */
static void fill_host(struct run_result *run, uint32_t clients, unsigned index, unsigned pct, int drop, int flush)
{
	static struct run_result whole; /* large: not on the stack */

	synth_full_run(&whole);
	synth_full_run(run);
	run->index = index;
	run->clients = clients;
	client_times_reset(&client_times, clients);
	for (int i = 0; i < PHASE_COUNT; i++)
		if (whole.phase[i].status == PHASE_DONE)
			host_phase(&run->phase[i], &whole.phase[i], (enum phase_id)i, clients, pct, i == flush ? 2 * SEC : 0);
	if (drop >= 0)
		runner_result_init(&run->phase[drop]);
}

/* Host A at the full run's times; host B 10% slower, and in the one-count
 * session without its random delete (not measured on every host) and with
 * a block write 2 s longer by its final flush; of the sweep 4% slower (its
 * counts' clients mostly together: points to judge). */
static void fill_host_a(struct run_result *run, uint32_t clients, unsigned index)
{
	fill_host(run, clients, index, 100, -1, -1);
}

static void fill_host_b(struct run_result *run, uint32_t clients, unsigned index)
{
	fill_host(run, clients, index, 110, PHASE_RAN_DEL, PHASE_PUT_BLOCK);
}

static void fill_sweep_host_b(struct run_result *run, uint32_t clients, unsigned index)
{
	fill_host(run, clients, index, 104, -1, -1);
}

/* A host's phases on its --start-at schedule (cmd/plan.c decides the slot
 * and the phases, the runner each phase's planned and wall-clock start):
 * each done phase starting late_ns after its planned start. */
static void schedule(struct config *cfg)
{
	if (!cfg->start_at_ns)
		return;
	cfg->decided.slot_ns = schedule_slot_ns(cfg->level_ns);
	cfg->decided.sched_mask = schedule_mask(cfg);
}

static void place(const struct config *cfg, const struct scenario *s, struct run_result *run, uint32_t clients)
{
	for (int i = 0; cfg->start_at_ns && i < PHASE_COUNT; i++) {
		struct phase_result *r = &run->phase[i];
		if (r->status != PHASE_DONE)
			continue;
		r->planned_ns = schedule_planned_ns(cfg, run->index, clients, (enum phase_id)i);
		r->wall_start_ns = r->planned_ns + s->late_ns;
	}
}

/* The hosts' schedule starts at 2025-12-01 00:00 UTC. */
#define HOST_ARGS "-d /scratch -s 512m -r 256m -n 4 -z 12345 --level-time 2 --start-at 1764547200"

static const struct scenario scenarios[] = {
	{"full", "-d /scratch -s 512m -r 256m -n 4 -z 12345 -m vm", fill_full, true, 0},
	{"mixed", "-d /scratch -s 512m -r 256m -n 4 -z 12345 -m vm -D", fill_mixed, true, 0},
	{"repeat", "-d /scratch -s 512m -r 256m -n 4 -z 12345 -m vm -x 3", fill_repeat, false, 0},
	{"sweep", "-d /scratch -s 512m -r 256m -n 4 -z 12345 -m vm --clients 1,2,4", fill_sweep, false, 0},
	{"host-a", HOST_ARGS " -m hostA -c 2", fill_host_a, true, 0},
	{"host-b", HOST_ARGS " -m hostB -c 2", fill_host_b, true, 500 * MS},
	{"hostsweep-a", HOST_ARGS " -m hostA --clients 1,2", fill_host_a, false, 0},
	{"hostsweep-b", HOST_ARGS " -m hostB --clients 1,2", fill_sweep_host_b, false, 5 * MS},
};

/* A virtual machine on a virtio disk, its counters device-true. */
static void fixed_env(struct env_info *e)
{
	memset(e, 0, sizeof *e);
	snprintf(e->host, sizeof e->host, "vm");
	snprintf(e->os, sizeof e->os, "Linux");
	snprintf(e->kernel, sizeof e->kernel, "6.1.0-golden");
	snprintf(e->arch, sizeof e->arch, "x86_64");
	snprintf(e->cpu_model, sizeof e->cpu_model, "Synthetic CPU @ 2.00GHz");
	e->cpus = 2;
	e->ram_bytes = 8ull << 30;
	snprintf(e->fs_type, sizeof e->fs_type, "ext4");
	snprintf(e->mount_source, sizeof e->mount_source, "/dev/vda1");
	snprintf(e->mount_point, sizeof e->mount_point, "/");
	snprintf(e->mount_options, sizeof e->mount_options, "rw,relatime");
	e->dev.present = true;
	snprintf(e->dev.name, sizeof e->dev.name, "vda1");
	snprintf(e->dev.disk, sizeof e->dev.disk, "vda");
	snprintf(e->dev.kind, sizeof e->dev.kind, "virtio");
	snprintf(e->dev.model, sizeof e->dev.model, "unknown");
	e->dev.rotational = 0;
	e->dev.logical_block = 512;
	e->dev.physical_block = 4096;
	snprintf(e->dev.scheduler, sizeof e->dev.scheduler, "mq-deadline");
	snprintf(e->dev.write_cache, sizeof e->dev.write_cache, "write back");
	e->dev.is_partition = true;
	e->dev.start_bytes = 1 << 20;
	e->dev.aligned = 1;
	e->dev.counters.count = 1;
	snprintf(e->dev.counters.name[0], sizeof e->dev.counters.name[0], "vda");
}

/* A host of bonnie merge: only its JSON is kept (merge's input). */
static bool host_of_merge(const struct scenario *s)
{
	return strstr(s->args, "--start-at") != NULL;
}

/* Splits the scenario's options into argv (in buf), with the report files
 * and --share added as a run would have them. Returns argc. */
static int make_argv(const struct scenario *s, bool share, char *buf, size_t len, char **argv)
{
	int argc = 0;

	if (share)
		snprintf(buf, len, "bonnie %s --share", s->args);
	else if (host_of_merge(s))
		snprintf(buf, len, "bonnie %s --json %s.json", s->args, s->name);
	else
		snprintf(buf, len, "bonnie %s --json %s.json --html %s.html", s->args, s->name, s->name);
	for (char *tok = strtok(buf, " "); tok != NULL && argc < MAX_ARGS - 1; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	argv[argc] = NULL;
	return argc;
}

static FILE *open_out(const char *name, const char *ext)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof path, "%s.%s", name, ext);
	if ((f = fopen(path, "w")) == NULL) {
		perror(path);
		exit(2);
	}
	return f;
}

static void fail(const char *what, const char *err)
{
	fprintf(stderr, "golden: %s: %s\n", what, err);
	exit(2);
}

static void said(const char *line)
{
	fail("end", line);
}

/* One run through the moments, as cmd/run.c's pass_reported and the
 * runner's hooks give them: each phase begins and ends in table order.
 * Before it, the session's filled run gets the counts the runner records
 * (runner_note_counts: seeks not given with -s are the seeks that ran). */
static void one_run(struct report_ctx *c, const struct run_result *run)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		if (run->phase[i].status == PHASE_NOT_RUN)
			continue;
		outputs_phase_begin(c, (enum phase_id)i);
		outputs_phase_end(c, &run->phase[i]);
	}
	outputs_run(c, run, false);
}

/* The runs of a session: -x N at one count, or with --clients each count
 * once per repeat (interleaved, as session_sweep runs them). */
static void session_runs(struct report_ctx *c, const struct config *cfg, const struct scenario *s,
                         struct run_result *run, struct sweep *sw)
{
	struct repeat_set rs = {0};

	if (cfg->sweep_levels == 0) {
		outputs_count(c);
		for (unsigned i = 1; i <= cfg->runs; i++) {
			s->fill(run, cfg->concurrency, i);
			place(cfg, s, run, cfg->concurrency);
			runner_note_counts(cfg, NULL, run);
			if (s->timelines)
				synth_timelines(run, &timelines);
			one_run(c, run);
			if (cfg->runs > 1 && repeat_add(&rs, &c->view) != 0)
				fail(s->name, "cannot keep a run for the summary");
		}
		outputs_summary(c, &rs);
		repeat_free(&rs);
		return;
	}
	for (unsigned r = 1; r <= cfg->runs; r++)
		for (uint32_t l = 0; l < cfg->sweep_levels; l++) {
			outputs_count(c);
			s->fill(run, cfg->sweep[l], r);
			place(cfg, s, run, cfg->sweep[l]);
			runner_note_counts(cfg, NULL, run);
			one_run(c, run);
			sweep_add(sw, &c->view); /* the run's view, as cmd/run.c gives it */
		}
	sweep_judge(sw, cfg->knee_factor); /* where cmd/run.c's sweep ends */
}

/* One session of scenario s: with share false the table, CSV, JSON and
 * HTML; with share true the --share block (its table is not kept: it is
 * the same table). */
static void session(const struct scenario *s, bool share, const struct env_info *env)
{
	static struct run_result run; /* large: not on the stack */
	static struct sweep sw;
	struct align_result align;
	struct report_ctx c;
	struct config cfg;
	char buf[512], err[1200], *argv[MAX_ARGS];
	int argc = make_argv(s, share, buf, sizeof buf, argv);
	char date[] = GOLDEN_DATE;

	if (options_parse(argc, argv, "vm", &cfg, err, sizeof err) != OPT_RUN)
		fail(s->name, err);
	schedule(&cfg);
	memset(&c, 0, sizeof c);
	memset(&align, 0, sizeof align);
	memset(&sw, 0, sizeof sw);
	sweep_set_rule(&sw, cfg.lag_floor_ns, env->cpus); /* as cmd/run.c does */
	c.argc = argc;
	c.argv = argv;
	outputs_route(&c, &cfg);
	c.env = env;
	c.align = &align;
	c.date = date;
	c.sweep = cfg.sweep_levels ? &sw : NULL;
	c.timelines = s->timelines ? &timelines : NULL;
	c.times = cfg.start_at_ns ? &client_times : NULL;
	/* each output to its own file instead of stdout; progress off */
	c.progress_out = NULL;
	c.table_out = share || host_of_merge(s) ? fopen("/dev/null", "w") : open_out(s->name, "table");
	c.csv_out = share || host_of_merge(s) ? NULL : open_out(s->name, "csv");
	c.share_out = share ? open_out(s->name, "share") : NULL;
	if (c.table_out == NULL)
		fail(s->name, "cannot open /dev/null");
	if (outputs_check_files(&c, err, sizeof err) != 0 || outputs_prepare(&c, err, sizeof err) != 0 ||
	    outputs_open_files(&c, err, sizeof err) != 0)
		fail(s->name, err);
	outputs_begin(&c);
	session_runs(&c, &cfg, s, &run, &sw);
	outputs_end(&c, said);
	outputs_release(&c);
	if (fclose(c.table_out) != 0 || (c.csv_out && fclose(c.csv_out) != 0) ||
	    (c.share_out && fclose(c.share_out) != 0))
		fail(s->name, "cannot write an output");
}

int main(int argc, char **argv)
{
	struct env_info env;

	if (argc != 2) {
		fprintf(stderr, "usage: golden DIR\n");
		return 1;
	}
	if (chdir(argv[1]) != 0) {
		perror(argv[1]);
		return 2;
	}
	fixed_env(&env);
	if (client_times_open(&client_times, 2) != 0)
		fail("hosts", "out of memory");
	for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++) {
		session(&scenarios[i], false, &env);
		if (!host_of_merge(&scenarios[i]))
			session(&scenarios[i], true, &env);
	}
	client_times_close(&client_times);
	return 0;
}
