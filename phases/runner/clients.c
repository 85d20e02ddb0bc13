/* Forked clients, their barrier and their shared result slots; see
 * clients.h. The barrier is client_sync.h: a client marks its slot ready
 * and sleeps until the parent bumps the generation; the parent waits until
 * every slot is ready (or its client is gone), then releases all at once.
 * The parent never waits without a timeout: between waits it collects
 * clients that ended or were stopped, and looks at its own signals. */
#include "clients.h"
#include "client_sync.h"
#include "client_timeline.h"
#include "../loop/phase_timeline.h"
#include "../loop/io_common.h"
#include "../loop/start_line.h"
#include "client_watch.h"
#include "../files/files.h"
#include "client_window.h"
#include "schedule.h"
#include "../../lib/clock.h"
#include "../../env/env.h"
#include "../../lib/exitcodes.h"
#include "../../lib/mmap_alloc.h"
#include "../../lib/limit_reason.h"
#include "../../lib/signals.h"
#include "../../lib/wallclock.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct clients {
	struct bench *b;
	uint32_t n;
	uint32_t run_index; /* which run of -x: the schedule's (schedule.h) */
	struct client_sync sync;
	struct client_watch watch;
};

/* ---- the client side ---- */

struct client {
	struct client_sync *sync;
	struct client_slot *slot;
	struct phase_ctx *ctx; /* the client's bench: the time-based level's end goes there,
	                          the timeline is handed over from there (client_timeline.h) */
	pid_t parent;
	unsigned ends; /* phases ended: the next result goes to res[ends % 2] */
	int topfd;
	uint32_t index;
	uint32_t n; /* the clients of the run, all of whom meet at each phase's start gate */
};

/* runner hook: ready, then wait for the release (0) or a stop (-1), then
 * for the common start and the start gate (client_sync_gate), whose time
 * is the start of the timed region. The generation is read before the slot says
 * ready: the parent releases only after that. A time-based level
 * (--level-time) ends its passes that long after the gate. */
static int client_barrier(void *arg, enum phase_id id)
{
	struct client *c = arg;
	unsigned gen = atomic_load(&c->sync->sh->gen);
	uint64_t go;

	c->slot->ready_ns = clock_now_ns();
	client_sync_mark(c->sync, c->slot, (int)id, SLOT_READY);
	if (client_sync_wait(c->sync, gen, c->parent) != 0)
		return -1;
	go = client_sync_go(c->sync);
	go = client_sync_gate(c->sync, c->n, c->parent);
	if (go == 0)
		return -1;
	c->ctx->gate_ns = go;
	c->ctx->until_ns = c->ctx->cfg->level_ns ? go + c->ctx->cfg->level_ns : 0;
	return 0;
}

/* A stop that the parent did not ask for (it sets the stop flag before
 * it signals its clients) is a signal sent to this client alone: noted
 * for the parent before the slot says done or gone, so it is there when
 * the parent looks. */
static void note_own_signal(struct client *c)
{
	if (signals_stop_level() != STOP_NONE && !atomic_load(&c->sync->sh->stop) &&
	    atomic_load(&c->slot->own_signal) == 0)
		atomic_store(&c->slot->own_signal, signals_first());
}

/* runner hook: hand the phase's result to the parent. */
static void client_phase_end(void *arg, enum phase_id id, const struct phase_result *res)
{
	struct client *c = arg;
	unsigned b = c->ends++ % 2;

	note_own_signal(c);

	c->slot->res[b] = *res;
	c->slot->res[b].spread.last_ready_ns = c->slot->ready_ns;
	client_timeline_put(c->ctx, c->topfd, c->index, id);
	atomic_store(&c->slot->done_phase[b], (int)id);
	client_sync_mark(c->sync, c->slot, (int)id, SLOT_DONE);
}

/* In a new client: the parent's data pattern and file plan (megabytes
 * at the default sizes) are not the client's, which makes its own; freed,
 * they no longer count in the client's RSS. The parent's copies are
 * untouched. */
static void drop_parent_memory(struct bench *b)
{
	if (b->have_pat)
		pattern_free(&b->pat);
	if (b->have_files)
		files_plan_free(&b->files);
	b->have_pat = b->have_files = false;
}

/* The body of client i: one bench instance in its own directory inside
 * the scratch directory, the pipeline with the barrier hook, cleanup.
 * Never returns; _exit keeps the parent's stdio buffers unflushed. */
static void client_main(struct clients *cs, uint32_t i)
{
	struct client c = {&cs->sync, &cs->sync.sh->slot[i], NULL, getppid(), 0, cs->b->scratch.dirfd, i, cs->n};
	struct runner_hooks hooks = {NULL, client_phase_end, &c, client_barrier, NULL};
	struct run_result *run = mmap_alloc(sizeof *run);
	struct part part = part_of_client(cs->b->cfg, &cs->b->ctx.part, cs->n, i); /* carried in cb.ctx */
	struct bench cb;
	struct wall_turns turns;
	struct op_error e = {0};
	int rc = EXIT_OK;

	client_sync_in_child(&cs->sync);
	signals_unguard_all();
	drop_parent_memory(cs->b);
	memset(&cb, 0, sizeof cb);
	c.ctx = &cb.ctx;
	part.dir = cs->b->scratch.path; /* made in the parent's scratch directory */
	part.dir_fd = cs->b->scratch.dirfd;
	if (run == NULL) {
		op_error_set(&c.slot->setup_error, errno, "allocate results for client in", part.dir, -1);
		rc = EXIT_SETUP;
	} else if (bench_open(&cb, cs->b->cfg, &part, cs->b->logical_block, &e) != BENCH_OK) {
		c.slot->setup_error = e;
		rc = EXIT_SETUP;
	} else {
		client_timeline_own(&cb.ctx);
		cb.ctx.made = cs->sync.sh->made;
		phase_stonewall_attach(&cb.ctx, &cs->sync.sh->wall_ns);
		phase_stonewall_turns(&cb.ctx, &turns);
		phase_start_line_attach(&cb.ctx, &cs->sync.sh->line_in, cs->n);
		if (bench_run(&cb, run, &hooks) != 0)
			rc = EXIT_IO;
	}
	if (bench_close(&cb, &e) != 0 && rc == EXIT_OK)
		rc = EXIT_SETUP;
	mmap_free(run, sizeof *run);
	note_own_signal(&c);
	client_sync_mark(c.sync, c.slot, -1, SLOT_GONE);
	_exit(rc);
}

/* ---- the parent side ---- */

/* Client slot reached (phase id, state want): or a later phase, or gone.
 * Phases run in enum order, so "later" is a larger id. */
static bool reached(const struct client_slot *s, enum phase_id id, int want)
{
	int phase, state;

	client_sync_read(s, &phase, &state);
	return state == SLOT_GONE || phase > (int)id || (phase == (int)id && state >= want);
}

/* Waits until every client reached (id, want) or is gone. */
static void wait_all(struct clients *c, enum phase_id id, int want)
{
	uint32_t next = 0;

	for (;;) {
		while (next < c->watch.started && reached(&c->sync.sh->slot[next], id, want))
			next++;
		if (next == c->watch.started)
			return;
		client_sync_sleep(&c->sync, PARENT_POLL_MS);
		client_watch_look(&c->watch);
	}
}

/* True when every client is at the barrier of phase id. */
static bool all_ready(struct clients *c, enum phase_id id)
{
	bool ok = !c->watch.stopping;

	for (uint32_t i = 0; i < c->watch.started && ok; i++) {
		int phase, state;
		client_sync_read(&c->sync.sh->slot[i], &phase, &state);
		ok = phase == (int)id && state == SLOT_READY;
	}
	return ok;
}

/* A signal sent to the client, not to us, stopped it: the client failed
 * (a stop of ours, say a Ctrl-C that reached every process, is not). */
static bool stopped_alone(const struct client_slot *s)
{
	return atomic_load(&s->own_signal) != 0 && signals_stop_level() == STOP_NONE;
}

/* A client without a result for the phase, one that died or one stopped
 * by a signal of its own: why, as the phase's error. */
static void missing(struct clients *c, uint32_t i, struct phase_result *res)
{
	const struct child *k = &c->watch.kid[i];
	const struct client_slot *s = &c->sync.sh->slot[i];
	char who[48], why[160];

	snprintf(who, sizeof who, "%u (pid %ld)", i, (long)k->pid);
	if (s->setup_error.err != 0) {
		if (res->error.err == 0)
			res->error = s->setup_error;
	} else if (k->died && WIFSIGNALED(k->wstatus)) {
		snprintf(why, sizeof why, "killed by signal %d (%s)", WTERMSIG(k->wstatus), strsignal(WTERMSIG(k->wstatus)));
		op_error_set_detail(&res->error, "client", who, -1, why);
	} else if (k->died) {
		snprintf(why, sizeof why, "ended early (exit status %d)", WIFEXITED(k->wstatus) ? WEXITSTATUS(k->wstatus) : -1);
		op_error_set_detail(&res->error, "client", who, -1, why);
	} else if (stopped_alone(s)) {
		int sig = atomic_load(&s->own_signal);
		snprintf(why, sizeof why, "stopped by signal %d (%s) sent to it alone, not to bonnie", sig, strsignal(sig));
		op_error_set_detail(&res->error, "client", who, -1, why);
	} else {
		if (res->status != PHASE_FAILED)
			res->status = PHASE_INTERRUPTED;
		return;
	}
	res->status = PHASE_FAILED;
}

/* Client i's result for phase id, or NULL. */
static const struct phase_result *result_of(struct clients *c, uint32_t i, enum phase_id id)
{
	struct client_slot *s = &c->sync.sh->slot[i];

	for (int b = 0; b < 2; b++)
		if (atomic_load(&s->done_phase[b]) == (int)id)
			return &s->res[b];
	return NULL;
}

/* Merges every client's slot for phase id into res. A client that died
 * fails the phase we were in, even if it had finished its own part: the
 * run ends there. */
static void merge_phase(struct clients *c, enum phase_id id, struct phase_result *res)
{
	runner_result_init(res);
	for (uint32_t i = 0; i < c->watch.started; i++)
		if (result_of(c, i, id) != NULL)
			phase_result_add_client(res, result_of(c, i, id));
	for (uint32_t i = 0; i < c->watch.started; i++) {
		const struct phase_result *r = result_of(c, i, id);
		if (r == NULL || c->watch.kid[i].died || (r->status != PHASE_DONE && stopped_alone(&c->sync.sh->slot[i])))
			missing(c, i, res);
	}
	client_timeline_merge(&c->b->ctx, c->b->scratch.dirfd, c->watch.started, id, res);
	if (c->b->times)
		for (uint32_t i = 0; i < c->watch.started; i++)
			client_times_note(c->b->times, id, i, result_of(c, i, id));
}

/* The common start's lead over the release: long enough for the wake-ups
 * to reach every client on a loaded machine (20 ms and 100 us a client: 90
 * ms at 700; a woken process can wait tens of ms for a CPU when the load
 * is 10), so that they start together instead of in wake-up order. The
 * lead is outside every timed region. */
static uint64_t release_lead(uint32_t n)
{
	return 20000000u + 100000u * (uint64_t)n;
}

/* The release's lead: release_lead, or with --start-at the time until the
 * phase's planned start (a phase whose planned start has passed, after
 * one that ran past its slot, starts as soon as it can). *real_mono is
 * then CLOCK_REALTIME less CLOCK_MONOTONIC, to put the start on the wall
 * clock. */
static uint64_t start_lead(struct clients *c, enum phase_id id, uint64_t *planned, int64_t *real_mono)
{
	uint64_t least = release_lead(c->watch.started), mono = clock_now_ns(), real = wallclock_now_ns();

	*planned = schedule_planned_ns(c->b->cfg, c->run_index, c->n, id);
	*real_mono = (int64_t)(real - mono);
	return *planned > real + least ? *planned - real : least;
}

/* The files the level's deletes should find (bench_delete_aim), for the
 * clients' top-ups; after a delete ran, with its rate too: the sequential
 * delete sizes the random one of the same level. Written before the next
 * release, so before any client's next top-up. */
static void set_delete_aim(struct clients *c, enum phase_id id, const struct phase_result *res)
{
	uint64_t aim;

	if (res != NULL)
		bench_note_delete(c->b, id, res, c->n);
	aim = bench_delete_aim(c->b);
	atomic_store(&c->sync.sh->made[0].aim, aim);
	atomic_store(&c->sync.sh->made[1].aim, aim);
}

/* One phase across all clients (the runner loop's executor, arg is the
 * struct clients); the devices' counters are read once around it. CPU:
 * each client's own (process-wide, its threads included) over its timed
 * region, summed, plus ours while the phase ran: every process of the
 * tree counted once. */
static int run_phase(void *arg, const struct phase *ph, struct phase_result *res)
{
	struct clients *c = arg;
	enum phase_id id = ph->id;
	struct dev_io dev;
	struct zfs_arc arc;
	uint64_t cpu0 = 0, planned = 0;
	int64_t real_mono = 0;
	bool go;

	wait_all(c, id, SLOT_READY);
	client_watch_look(&c->watch);
	go = all_ready(c, id);
	if (go) {
		runner_device_before(c->b->ctx.counters, &dev);
		runner_arc_before(&c->b->ctx, &arc);
		cpu0 = clock_cpu_ns();
		client_sync_release(&c->sync, c->watch.started, start_lead(c, id, &planned, &real_mono));
	} else {
		client_watch_stop(&c->watch);
	}
	wait_all(c, id, SLOT_DONE);
	merge_phase(c, id, res);
	set_delete_aim(c, id, res);
	if (go) {
		res->cpu_ns += clock_cpu_ns() - cpu0;
		runner_device_delta(&dev, c->b->ctx.counters, &res->dev);
		res->dev.own_valid = false; /* the clients' I/O is theirs, not this process's */
		runner_arc_delta(&c->b->ctx, id, &arc, res); /* as the devices: once, around all of them */
	}
	if (planned && res->start_ns) {
		res->planned_ns = planned;
		res->wall_start_ns = (uint64_t)((int64_t)res->start_ns + real_mono);
	}
	return runner_check_measured(&c->b->ctx, id, res, res->status == PHASE_DONE ? 0 : -1);
}

/* "fork: client 3 of 700: ...; the process limit (RLIMIT_NPROC) is 40: raise it with ulimit -u". */
static void limit_error(struct op_error *e, int err, uint32_t i, uint32_t n)
{
	char who[64], why[160];

	snprintf(who, sizeof who, "client %u of %u", i + 1, n);
	proc_limit_why(err, why, sizeof why);
	op_error_set_detail(e, "fork", who, -1, why);
	e->err = err;
}

static int start_all(struct clients *c, struct op_error *err)
{
	fflush(NULL); /* nothing buffered may be written twice */
	for (uint32_t i = 0; i < c->n; i++) {
		pid_t pid = fork();
		if (pid < 0) {
			limit_error(err, errno, i, c->n);
			return -1;
		}
		if (pid == 0)
			client_main(c, i);
		client_watch_add(&c->watch, pid);
	}
	return 0;
}

int clients_run(struct bench *b, uint32_t n, struct run_result *run, const struct runner_hooks *hooks,
                struct op_error *err)
{
	struct clients c;
	int rc = 0;

	memset(&c, 0, sizeof c);
	c.b = b;
	c.n = n;
	c.run_index = run->index;
	run->seed = b->cfg->seed;
	run->clients = n;
	run->interrupted = false;
	for (int i = 0; i < PHASE_COUNT; i++)
		runner_result_init(&run->phase[i]);
	phase_timeline_reset(&b->ctx);
	if (b->times)
		client_times_reset(b->times, n);
	if (client_sync_open(&c.sync, n, err) != 0)
		return -2;
	set_delete_aim(&c, PHASE_COUNT, NULL);
	if (client_watch_open(&c.watch, n, &c.sync, hooks) != 0) {
		op_error_set(err, errno, "allocate", "the clients' table", -1);
		client_sync_close(&c.sync);
		return -2;
	}
	if (start_all(&c, err) != 0)
		rc = -2;
	client_sync_started(&c.sync);
	if (rc == 0) {
		struct phase_exec exec = {run_phase, &c};
		rc = runner_loop(b->cfg, phase_table, PHASE_COUNT, run, hooks, &exec);
	}
	client_watch_finish(&c.watch);
	if (rc == -2)
		for (int i = 0; i < PHASE_COUNT; i++)
			runner_result_init(&run->phase[i]);
	runner_note_counts(b->cfg, NULL, run);
	if (signals_stop_level() != STOP_NONE)
		run->interrupted = true;
	client_sync_close(&c.sync);
	client_watch_close(&c.watch);
	return rc;
}
