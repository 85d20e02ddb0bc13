/* Forked clients, their barrier and their shared result slots; see
 * clients.h. The barrier is a process-shared mutex and two condition
 * variables in one MAP_SHARED mapping made before the fork: a client
 * marks its slot ready and sleeps until the parent bumps the generation;
 * the parent waits until every slot is ready (or its client is gone),
 * then releases all with one broadcast. Waits are timed so the parent
 * notices dead clients and signals, and a client notices a dead parent. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "clients.h"
#include "merge.h"
#include "../lib/clock.h"
#include "../lib/env.h"
#include "../lib/exitcodes.h"
#include "../lib/signals.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PARENT_POLL_NS 50000000ull    /* the parent looks for dead clients and signals */
#define CLIENT_POLL_NS 1000000000ull  /* a waiting client checks that its parent lives */

enum slot_state { SLOT_IDLE, SLOT_READY, SLOT_DONE, SLOT_GONE };

/* One client's place in the shared mapping. The client fills res and then
 * says DONE under the lock; it writes res again only after the next
 * release, which the parent gives only after it merged this one. */
struct client_slot {
	int phase;                   /* the phase state refers to, -1 before the first */
	int state;                   /* enum slot_state */
	int done_phase;              /* the phase whose result is in res, -1 none */
	uint64_t ready_ns;           /* when the client reached the barrier */
	struct op_error setup_error; /* the client could not set itself up */
	struct phase_result res;
};

struct shared {
	pthread_mutex_t mu;
	pthread_cond_t wake_clients;
	pthread_cond_t wake_parent;
	uint32_t gen; /* bumped to release the clients */
	int stop;     /* set instead: every waiting client stops */
	struct client_slot slot[];
};

struct child {
	pid_t pid;
	bool reaped;
	bool died;   /* ended without finishing: killed, or crashed */
	int wstatus;
};

struct clients {
	struct bench *b;
	uint32_t n, started;
	struct shared *sh;
	size_t map_len;
	struct child *kid;
	bool died;      /* a client ended without being asked */
	bool stopping;  /* stop was set and SIGTERM sent */
	bool killed;    /* SIGKILL sent after a second signal */
};

/* A client that died holding the mutex leaves it "owner dead": the data
 * it guards are flags that are always consistent, so go on. */
static void recover_if_owner_died(struct shared *sh, int rc)
{
#if defined(__linux__)
	if (rc == EOWNERDEAD)
		pthread_mutex_consistent(&sh->mu);
#else
	(void)sh;
	(void)rc;
#endif
}

static void lock(struct shared *sh)
{
	recover_if_owner_died(sh, pthread_mutex_lock(&sh->mu));
}

static void unlock(struct shared *sh)
{
	pthread_mutex_unlock(&sh->mu);
}

/* Waits on cv for at most ns (the lock is held around it). */
static void wait_for(struct shared *sh, pthread_cond_t *cv, uint64_t ns)
{
	struct timespec ts;

#if defined(__linux__)
	clock_gettime(CLOCK_MONOTONIC, &ts);
#else
	clock_gettime(CLOCK_REALTIME, &ts);
#endif
	ns += (uint64_t)ts.tv_nsec;
	ts.tv_sec += (time_t)(ns / 1000000000u);
	ts.tv_nsec = (long)(ns % 1000000000u);
	recover_if_owner_died(sh, pthread_cond_timedwait(cv, &sh->mu, &ts));
}

static void sync_init(struct shared *sh)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;

	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
#if defined(__linux__)
	pthread_mutexattr_setrobust(&ma, PTHREAD_MUTEX_ROBUST);
#endif
	pthread_mutex_init(&sh->mu, &ma);
	pthread_mutexattr_destroy(&ma);
	pthread_condattr_init(&ca);
	pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED);
#if defined(__linux__)
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
#endif
	pthread_cond_init(&sh->wake_clients, &ca);
	pthread_cond_init(&sh->wake_parent, &ca);
	pthread_condattr_destroy(&ca);
}

/* The mapping: a header and one slot per client. Pages are touched only
 * by the client that owns a slot and by the parent while merging. */
static int shared_open(struct clients *c)
{
	c->map_len = sizeof *c->sh + (size_t)c->n * sizeof c->sh->slot[0];
	c->sh = mmap(NULL, c->map_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (c->sh == MAP_FAILED) {
		c->sh = NULL;
		return -1;
	}
	sync_init(c->sh);
	for (uint32_t i = 0; i < c->n; i++) {
		c->sh->slot[i].phase = -1;
		c->sh->slot[i].done_phase = -1;
	}
	return 0;
}

static void shared_close(struct clients *c)
{
	if (c->sh == NULL)
		return;
	pthread_cond_destroy(&c->sh->wake_clients);
	pthread_cond_destroy(&c->sh->wake_parent);
	pthread_mutex_destroy(&c->sh->mu);
	munmap(c->sh, c->map_len);
	c->sh = NULL;
}

/* ---- the client side ---- */

struct client {
	struct shared *sh;
	struct client_slot *slot;
	pid_t parent;
};

/* runner hook: ready, then wait for the release (0) or a stop (-1). */
static int client_barrier(void *arg, enum phase_id id)
{
	struct client *c = arg;
	struct shared *sh = c->sh;
	uint32_t gen;
	int released;

	lock(sh);
	c->slot->phase = (int)id;
	c->slot->ready_ns = clock_now_ns();
	c->slot->state = SLOT_READY;
	gen = sh->gen;
	pthread_cond_signal(&sh->wake_parent);
	while (sh->gen == gen && !sh->stop && getppid() == c->parent && signals_stop_level() == STOP_NONE)
		wait_for(sh, &sh->wake_clients, CLIENT_POLL_NS);
	released = sh->gen != gen;
	unlock(sh);
	return released ? 0 : -1;
}

/* runner hook: hand the phase's result to the parent. */
static void client_phase_end(void *arg, enum phase_id id, const struct phase_result *res)
{
	struct client *c = arg;

	c->slot->res = *res;
	c->slot->res.spread.last_ready_ns = c->slot->ready_ns;
	lock(c->sh);
	c->slot->phase = (int)id;
	c->slot->done_phase = (int)id;
	c->slot->state = SLOT_DONE;
	pthread_cond_signal(&c->sh->wake_parent);
	unlock(c->sh);
}

static void client_gone(struct client *c)
{
	lock(c->sh);
	c->slot->state = SLOT_GONE;
	pthread_cond_signal(&c->sh->wake_parent);
	unlock(c->sh);
}

/* The body of client i: one bench instance in its own directory inside
 * the scratch directory, the pipeline with the barrier hook, cleanup.
 * Never returns; _exit keeps the parent's stdio buffers unflushed. */
static void client_main(struct clients *cs, uint32_t i)
{
	struct client c = {cs->sh, &cs->sh->slot[i], getppid()};
	struct runner_hooks hooks = {NULL, client_phase_end, &c, client_barrier};
	struct run_result *run = malloc(sizeof *run);
	struct config cfg;
	struct bench cb;
	struct op_error e = {0};
	int rc = EXIT_OK;

	memset(&cb, 0, sizeof cb);
	clients_config(cs->b->cfg, cs->n, i, &cfg);
	cfg.dir = cs->b->scratch.path;
	if (run == NULL) {
		op_error_set(&c.slot->setup_error, errno, "allocate results for client in", cfg.dir, -1);
		rc = EXIT_SETUP;
	} else if (bench_open(&cb, &cfg, cs->b->logical_block, &e) != BENCH_OK) {
		c.slot->setup_error = e;
		rc = EXIT_SETUP;
	} else if (bench_run(&cb, run, &hooks) != 0) {
		rc = EXIT_IO;
	}
	if (bench_close(&cb, &e) != 0 && rc == EXIT_OK)
		rc = EXIT_SETUP;
	free(run);
	client_gone(&c);
	_exit(rc);
}

/* ---- the parent side ---- */

/* Client slot reached (phase id, state want): or a later phase, or gone.
 * Phases run in enum order, so "later" is a larger id. */
static bool reached(const struct client_slot *s, enum phase_id id, int want)
{
	return s->state == SLOT_GONE || s->phase > (int)id || (s->phase == (int)id && s->state >= want);
}

static struct child *child_of(struct clients *c, pid_t pid)
{
	for (uint32_t i = 0; i < c->started; i++)
		if (c->kid[i].pid == pid)
			return &c->kid[i];
	return NULL;
}

/* Collects clients that ended; one that ended without saying GONE died. */
static void reap(struct clients *c)
{
	int st;
	pid_t pid;

	while ((pid = waitpid(-1, &st, WNOHANG)) > 0) {
		struct child *k = child_of(c, pid);
		if (k == NULL)
			continue;
		k->reaped = true;
		k->wstatus = st;
		lock(c->sh);
		if (c->sh->slot[k - c->kid].state != SLOT_GONE)
			c->died = k->died = true;
		c->sh->slot[k - c->kid].state = SLOT_GONE;
		unlock(c->sh);
	}
}

static void signal_all(struct clients *c, int sig)
{
	for (uint32_t i = 0; i < c->started; i++)
		if (!c->kid[i].reaped)
			kill(c->kid[i].pid, sig);
}

/* Every client stops: those at the barrier at once, those inside a phase
 * at its next stop check (SIGTERM); a second signal to us kills them. */
static void stop_all(struct clients *c)
{
	if (!c->stopping) {
		lock(c->sh);
		c->sh->stop = 1;
		pthread_cond_broadcast(&c->sh->wake_clients);
		unlock(c->sh);
		signal_all(c, SIGTERM);
		c->stopping = true;
	}
	if (!c->killed && signals_stop_level() == STOP_NOW) {
		signal_all(c, SIGKILL);
		c->killed = true;
	}
}

/* Between waits: dead clients and stop requests end the run. */
static void look_around(struct clients *c)
{
	reap(c);
	if (c->died || signals_stop_level() != STOP_NONE)
		stop_all(c);
}

/* Waits until every client reached (id, want) or is gone. */
static void wait_all(struct clients *c, enum phase_id id, int want)
{
	uint32_t next = 0;

	for (;;) {
		lock(c->sh);
		while (next < c->started && reached(&c->sh->slot[next], id, want))
			next++;
		if (next == c->started) {
			unlock(c->sh);
			return;
		}
		wait_for(c->sh, &c->sh->wake_parent, PARENT_POLL_NS);
		unlock(c->sh);
		look_around(c);
	}
}

/* True when every client is at the barrier of phase id. */
static bool all_ready(struct clients *c, enum phase_id id)
{
	bool ok = !c->stopping;

	lock(c->sh);
	for (uint32_t i = 0; i < c->started && ok; i++)
		ok = c->sh->slot[i].phase == (int)id && c->sh->slot[i].state == SLOT_READY;
	unlock(c->sh);
	return ok;
}

static void release(struct clients *c)
{
	lock(c->sh);
	c->sh->gen++;
	pthread_cond_broadcast(&c->sh->wake_clients);
	unlock(c->sh);
}

/* A client without a result for the phase: why, as the phase's error. */
static void missing(struct clients *c, uint32_t i, struct phase_result *res)
{
	const struct child *k = &c->kid[i];
	const struct client_slot *s = &c->sh->slot[i];
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
	} else {
		if (res->status != PHASE_FAILED)
			res->status = PHASE_INTERRUPTED;
		return;
	}
	res->status = PHASE_FAILED;
}

/* Merges every client's slot for phase id into res. */
static void merge_phase(struct clients *c, enum phase_id id, struct phase_result *res)
{
	runner_result_init(res);
	for (uint32_t i = 0; i < c->started; i++)
		if (c->sh->slot[i].done_phase == (int)id)
			phase_result_merge(res, &c->sh->slot[i].res);
	for (uint32_t i = 0; i < c->started; i++)
		if (c->sh->slot[i].done_phase != (int)id)
			missing(c, i, res);
}

/* One phase across all clients; the devices' counters are read once
 * around it. CPU: each client's own (process-wide, its threads included)
 * over its timed region, summed, plus ours while the phase ran: every
 * process of the tree counted once. */
static int run_phase(struct clients *c, enum phase_id id, struct run_result *run, const struct runner_hooks *hooks)
{
	struct phase_result *res = &run->phase[id];
	struct dev_io dev;
	uint64_t cpu0 = 0;
	bool go;

	if (hooks && hooks->phase_begin)
		hooks->phase_begin(hooks->arg, id);
	wait_all(c, id, SLOT_READY);
	look_around(c);
	go = all_ready(c, id);
	if (go) {
		runner_device_before(c->b->ctx.counters, &dev);
		cpu0 = clock_cpu_ns();
		release(c);
	} else {
		stop_all(c);
	}
	wait_all(c, id, SLOT_DONE);
	merge_phase(c, id, res);
	if (go) {
		res->cpu_ns += clock_cpu_ns() - cpu0;
		runner_device_delta(&dev, c->b->ctx.counters, &res->dev);
	}
	if (hooks && hooks->phase_end)
		hooks->phase_end(hooks->arg, id, res);
	if (res->status == PHASE_INTERRUPTED)
		run->interrupted = true;
	return res->status == PHASE_DONE ? 0 : -1;
}

/* "fork: ...; the process limit (RLIMIT_NPROC) is 40: raise it with ulimit -u". */
static void limit_error(struct op_error *e, int err, uint32_t i, uint32_t n)
{
	char who[64], why[160];
	struct rlimit rl;

	snprintf(who, sizeof who, "client %u of %u", i + 1, n);
	if (err == EAGAIN && getrlimit(RLIMIT_NPROC, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
		snprintf(why, sizeof why, "%s; the process limit (RLIMIT_NPROC) is %llu: raise it with ulimit -u",
		         strerror(err), (unsigned long long)rl.rlim_cur);
	else if (err == EAGAIN)
		snprintf(why, sizeof why, "%s; the system's process or thread limit is reached "
		         "(kernel.threads-max, kernel.pid_max, cgroup pids.max)", strerror(err));
	else
		snprintf(why, sizeof why, "%s", strerror(err));
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
		c->kid[i].pid = pid;
		c->started++;
	}
	return 0;
}

/* Waits for every client, polling so that a second signal can still
 * kill ones that do not stop. */
static void finish_all(struct clients *c)
{
	struct timespec pause = {0, (long)PARENT_POLL_NS};
	uint32_t left;

	lock(c->sh);
	c->sh->stop = 1;
	pthread_cond_broadcast(&c->sh->wake_clients);
	unlock(c->sh);
	for (;;) {
		look_around(c);
		left = 0;
		for (uint32_t i = 0; i < c->started; i++)
			left += !c->kid[i].reaped;
		if (left == 0)
			return;
		nanosleep(&pause, NULL);
	}
}

int clients_run(struct bench *b, uint32_t n, struct run_result *run, const struct runner_hooks *hooks,
                struct op_error *err)
{
	struct clients c;
	int rc = 0;

	memset(&c, 0, sizeof c);
	c.b = b;
	c.n = n;
	run->seed = b->cfg->seed;
	run->clients = n;
	run->interrupted = false;
	for (int i = 0; i < PHASE_COUNT; i++)
		runner_result_init(&run->phase[i]);
	c.kid = calloc(n, sizeof *c.kid);
	if (c.kid == NULL || shared_open(&c) != 0) {
		op_error_set(err, errno, "mmap", "the clients' shared results", -1);
		free(c.kid);
		return -2;
	}
	if (start_all(&c, err) != 0)
		rc = -2;
	for (int i = 0; i < PHASE_COUNT && rc == 0; i++)
		if (phase_wanted(b->cfg, phase_table[i]))
			rc = run_phase(&c, (enum phase_id)i, run, hooks);
	finish_all(&c);
	if (rc == -2)
		for (int i = 0; i < PHASE_COUNT; i++)
			runner_result_init(&run->phase[i]);
	runner_note_counts(b->cfg, NULL, run);
	if (signals_stop_level() != STOP_NONE)
		run->interrupted = true;
	shared_close(&c);
	free(c.kid);
	return rc;
}
