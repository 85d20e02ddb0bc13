/* Concurrent clients: merging results (a merged histogram equals one fed
 * every sample), each client's share of the sizes, and real 4-client runs
 * on a temporary directory: the barrier holds every client until all are
 * ready (recorded timestamps), the merged bytes are the clients' sum, and
 * nothing is left behind; and the barrier itself with a client killed while
 * it waits. */
#include "suites.h"
#include "util_fs.h"
#include "../lib/exitcodes.h"
#include "../options/options.h"
#include "../lib/rng.h"
#include "../phases/runner/client_sync.h"
#include "../phases/runner/bench.h"
#include "../phases/runner/clients.h"
#include "../phases/runner/client_window.h"
#include "../report/model/sweep_model.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static struct phase_result *part_result(uint64_t start, uint64_t elapsed, uint64_t units)
{
	struct phase_result *r = malloc(sizeof *r);

	ck_assert_ptr_nonnull(r);
	runner_result_init(r);
	r->status = PHASE_DONE;
	r->start_ns = start;
	r->elapsed_ns = elapsed;
	r->units = r->bytes = units;
	r->cpu_ns = 10;
	return r;
}

/* The delete rate that sizes a later level's pool is over the work: one
 * process's timed region less its final sync; merged clients', the first
 * start to the last client's end of work (a client cut at the stonewall
 * ends there, not after its final flush). */
START_TEST(work_rate_leaves_out_the_flush)
{
	struct phase_result *m = malloc(sizeof *m);
	struct phase_result *a = part_result(1000000000ull, 2000000000ull, 1000);
	struct phase_result *b = part_result(1000000000ull, 3000000000ull, 1000);

	ck_assert_ptr_nonnull(m);
	a->sync_ns = 1000000000ull;
	ck_assert(phase_result_work_rate(a) > 999.0 && phase_result_work_rate(a) < 1001.0);
	a->sync_ns = 0;
	a->cut_ns = b->cut_ns = 1500000000ull; /* both worked past the stonewall, then flushed */
	runner_result_init(m);
	phase_result_add_client(m, a);
	phase_result_add_client(m, b);
	ck_assert_uint_eq(m->elapsed_ns, 3000000000ull);
	ck_assert(phase_result_work_rate(m) > 3999.0 && phase_result_work_rate(m) < 4001.0);
	free(a);
	free(b);
	free(m);
}
END_TEST

/* The sweep's fastest delete rate: one process's counts every online
 * core (clients may use them all), clients' as measured; it sizes a
 * level's delete only in a --clients sweep with a level time and no
 * --start-at schedule (whose slots a long top-up would overrun). */
START_TEST(delete_rate_sizes_the_sweep_pool)
{
	struct config cfg;
	struct bench *b = calloc(1, sizeof *b);
	struct phase_result *r = part_result(0, 2000000000ull, 20000);
	long cores = sysconf(_SC_NPROCESSORS_ONLN);

	ck_assert_ptr_nonnull(b);
	memset(&cfg, 0, sizeof cfg);
	cfg.sweep_levels = 2;
	cfg.level_ns = 5000000000ull;
	cfg.decided.files_pool_k = 2048;
	b->cfg = &cfg;
	bench_note_delete(b, PHASE_SEQ_DEL, r, 1); /* 10000 files/s, one process */
	ck_assert(b->delete_rate > 9999.0 * (double)(cores > 1 ? cores : 1));
	ck_assert(b->delete_rate < 10001.0 * (double)(cores > 1 ? cores : 1));
	b->delete_rate = 0;
	bench_note_delete(b, PHASE_SEQ_STAT, r, 1); /* not a delete */
	ck_assert(b->delete_rate == 0.0);
	r->spread.clients = 4;
	r->spread.busy_last_end_ns = 1000000000ull; /* cut at 1 s: 20000 files/s */
	bench_note_delete(b, PHASE_RAN_DEL, r, 4);
	ck_assert(b->delete_rate > 19999.0 && b->delete_rate < 20001.0);
	ck_assert_uint_eq(bench_delete_aim(b), 100000);
	cfg.start_at_ns = 1;
	ck_assert_uint_eq(bench_delete_aim(b), 0);
	cfg.start_at_ns = 0;
	cfg.sweep_levels = 0;
	ck_assert_uint_eq(bench_delete_aim(b), 0);
	free(r);
	free(b);
}
END_TEST

START_TEST(merge_equals_all_samples)
{
	struct hist *all = malloc(sizeof *all);
	struct phase_result *merged = malloc(sizeof *merged), *part[5];
	uint64_t state = 42;

	ck_assert_ptr_nonnull(all);
	ck_assert_ptr_nonnull(merged);
	hist_init(all);
	runner_result_init(merged);
	for (int k = 0; k < 5; k++)
		part[k] = part_result(1000, 100, 1);
	for (int i = 0; i < 20000; i++) {
		state = state * 6364136223846793005ull + 1442695040888963407ull;
		uint64_t v = (state >> 20) % (1ull << (10 + i % 30)); /* spread over many octaves */
		hist_add(all, v);
		hist_add(&part[i % 5]->latency, v);
	}
	for (int k = 0; k < 5; k++)
		phase_result_add_client(merged, part[k]);
	ck_assert_uint_eq(merged->latency.count, all->count);
	ck_assert_uint_eq(merged->latency.sum, all->sum);
	ck_assert_uint_eq(merged->latency.min, all->min);
	ck_assert_uint_eq(merged->latency.max, all->max);
	ck_assert_int_eq(memcmp(merged->latency.bucket, all->bucket, sizeof all->bucket), 0);
	ck_assert_uint_eq(hist_percentile(&merged->latency, 99), hist_percentile(all, 99));
	for (int k = 0; k < 5; k++)
		free(part[k]);
	free(all);
	free(merged);
}
END_TEST

/* Window = first start to last end; skew = first to last start; sums;
 * slowest and fastest client; the worst status and its error win. */
START_TEST(merge_window_sums_status)
{
	struct phase_result *m = malloc(sizeof *m);
	struct phase_result *a = part_result(1000, 500, 100);   /* 1000..1500, 2e8/s */
	struct phase_result *b = part_result(1200, 1000, 300);  /* 1200..2200, 3e8/s */
	struct phase_result *c = part_result(900, 200, 10);     /* 900..1100, 5e7/s */

	runner_result_init(m);
	c->status = PHASE_FAILED;
	op_error_set(&c->error, 5, "write", "/x", 0);
	phase_result_add_client(m, a);
	phase_result_add_client(m, b);
	phase_result_add_client(m, c);
	ck_assert_uint_eq(m->start_ns, 900);
	ck_assert_uint_eq(m->elapsed_ns, 1300);
	ck_assert_uint_eq(m->spread.skew_ns, 300);
	ck_assert_uint_eq(m->spread.clients, 3);
	free(m);
	/* clients that share the gate's start began where they could: the
	 * skew is first to last began_ns (it was 0 whatever they waited) */
	m = malloc(sizeof *m);
	runner_result_init(m);
	a->start_ns = b->start_ns = c->start_ns = 1000;
	a->began_ns = 1000, b->began_ns = 1700, c->began_ns = 1040;
	phase_result_add_client(m, a);
	phase_result_add_client(m, b);
	phase_result_add_client(m, c);
	ck_assert_uint_eq(m->start_ns, 1000);
	ck_assert_uint_eq(m->spread.skew_ns, 700);
	ck_assert_uint_eq(m->units, 410);
	ck_assert_uint_eq(m->cpu_ns, 30);
	ck_assert(m->spread.rate_min > 4.99e7 && m->spread.rate_min < 5.01e7);
	ck_assert(m->spread.rate_max > 2.99e8 && m->spread.rate_max < 3.01e8);
	ck_assert_int_eq(m->status, PHASE_FAILED);
	ck_assert_str_eq(m->error.op, "write");
	free(a);
	free(b);
	free(c);
	free(m);
}
END_TEST

/* client_part: n parts of total, the first total % n one larger, some 0
 * when total < n, always adding up to total. */
START_TEST(part_splits_exactly)
{
	static const struct { uint64_t total; uint32_t n; } k[] = {
		{0, 1}, {0, 7}, {1, 1}, {10, 64}, {10, 3}, {1024, 1500}, {8192, 4096}, {16384, 4096},
		{UINT64_MAX, 1}, {UINT64_MAX, 4096}, {1000000007, 13},
	};

	for (size_t c = 0; c < sizeof k / sizeof k[0]; c++) {
		uint64_t sum = 0, q = k[c].total / k[c].n, r = k[c].total % k[c].n;

		for (uint32_t i = 0; i < k[c].n; i++) {
			uint64_t p = client_part(k[c].total, k[c].n, i);
			ck_assert_uint_eq(p, i < r ? q + 1 : q);
			sum += p;
		}
		ck_assert_uint_eq(sum, k[c].total);
	}
	ck_assert_uint_eq(client_part(10, 64, 9), 1);
	ck_assert_uint_eq(client_part(10, 64, 10), 0);
	ck_assert_uint_eq(clients_min_size(8192, 1024), 8u << 20);
}
END_TEST

/* The parts of a configuration add up to the whole: data in whole chunks,
 * per-char bytes, given seeks and files exactly; a client may get no seek
 * and no file and still runs those phases (the whole run's counts stay). */
START_TEST(config_split)
{
	struct config cfg, before;
	struct part whole, part;
	uint64_t files = 0, data = 0, perchar = 0, seeks = 0;
	char err[256], *argv[] = {"bonnie", "-s", "100m:8k:10:4", "-n", "3", NULL};

	ck_assert_int_eq(options_parse(5, argv, "h", &cfg, err, sizeof err), OPT_RUN);
	cfg.perchar_size = 1000; /* bytes: not a whole number of chunks or clients */
	whole = part_whole(&cfg);
	ck_assert(!whole.client);
	ck_assert_uint_eq(whole.files, 3 * 1024);
	before = cfg;
	for (uint32_t i = 0; i < 7; i++) {
		part = part_of_client(&cfg, &whole, 7, i);
		ck_assert(part.client);
		files += part.files;
		data += part.data_bytes;
		perchar += part.perchar;
		seeks += part.seeks;
		ck_assert_uint_eq(part.data_bytes % cfg.chunk, 0);
		ck_assert_uint_eq(part.seed, cfg.seed + i);
		ck_assert_uint_eq(part.seek_procs, part.seeks); /* 1 or 2 seeks: as many workers */
	}
	/* the run's config is never changed for a part: every phase stays enabled in every client */
	ck_assert_mem_eq(&before, &cfg, sizeof cfg);
	ck_assert_uint_eq(files, 3 * 1024);
	ck_assert_uint_eq(data, 100ull << 20);
	ck_assert_uint_eq(perchar, 1000);
	ck_assert_uint_eq(seeks, 10);
	cfg.file_size = 4000 * (uint64_t)cfg.chunk;
	whole = part_whole(&cfg);
	part = part_of_client(&cfg, &whole, 4000, 3999); /* more clients than seeks or files: none for some */
	ck_assert_uint_eq(part.files, 0);
	ck_assert_uint_eq(part.seeks, 0);
	ck_assert_uint_eq(part.perchar, 0);
	ck_assert_uint_eq(part.seek_procs, 1);
	ck_assert_uint_eq(part.data_bytes, cfg.chunk);
	part = part_of_client(&cfg, &whole, 4000, 0);
	ck_assert_uint_eq(part.files, 1);
	ck_assert_uint_eq(part.seeks, 1);
}
END_TEST

/* In a time-based level a client's files part is 2 x 4 x its split
 * (what the space check counts: the level's pool and the top-ups);
 * --verify keeps the split (one whole pass of each phase). */
START_TEST(config_split_by_time)
{
	struct config cfg;
	struct part whole, part;
	uint64_t files = 0;
	char err[256], *argv[] = {"bonnie", "-n", "3", "--level-time", "2", NULL};

	ck_assert_int_eq(options_parse(5, argv, "h", &cfg, err, sizeof err), OPT_RUN);
	whole = part_whole(&cfg);
	for (uint32_t i = 0; i < 7; i++) {
		part = part_of_client(&cfg, &whole, 7, i);
		ck_assert_uint_eq(part.files, 2 * client_part(FILES_POOL_FACTOR * 3 * 1024, 7, i));
		files += part.files;
	}
	ck_assert_uint_eq(files, 2 * FILES_POOL_FACTOR * 3 * 1024);
	cfg.verify = true;
	part = part_of_client(&cfg, &whole, 7, 0);
	ck_assert_uint_eq(part.files, client_part(3 * 1024, 7, 0));
}
END_TEST

static char parent[256];

/* Where the live runs go: what they check (the barrier, the split, the
 * counts) is the same on any file system, so a tmpfs (/dev/shm) where there
 * is one: there no flush waits for other programs' dirty data on the disk,
 * which made these four runs take 30 s on a busy machine. The disk's own
 * paths are run end to end by the shell suites. */
static const char *live_dir(void)
{
	if (access("/dev/shm", W_OK | X_OK) == 0)
		return "/dev/shm";
	return getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
}

/* The clients of cfg in a fresh directory; returns the result. */
/* The clients of cfg, splitting whole (NULL: the run's, part_whole). */
static struct run_result *run_clients_part(uint32_t clients, struct config *cfg, const struct part *whole)
{
	const char *tmp = live_dir();
	struct run_result *run = calloc(1, sizeof *run);
	struct op_error e = {0};
	struct bench b;

	snprintf(parent, sizeof parent, "%s/bonnie-clients.XXXXXX", tmp);
	ck_assert_ptr_nonnull(mkdtemp(parent));
	ck_assert_ptr_nonnull(run);
	cfg->dir = parent;
	cfg->concurrency = clients;
	ck_assert_msg(bench_open(&b, cfg, whole, 0, &e) == BENCH_OK, "bench_open: %s %s", e.op, e.path);
	ck_assert_int_eq(clients_run(&b, clients, run, NULL, &e), 0);
	ck_assert_msg(bench_close(&b, &e) == 0, "bench_close: %s %s", e.op, e.path);
	ck_assert_int_eq(dir_entries(parent), 0);
	rmdir(parent);
	return run;
}

static struct run_result *run_clients_cfg(uint32_t clients, struct config *cfg)
{
	return run_clients_part(clients, cfg, NULL);
}

/* -c clients with small sizes; returns the result. */
static struct run_result *run_clients(uint32_t clients, const char *size)
{
	char *argv[] = {"bonnie", "-s", (char *)size, "-n", "1:2k:0:2", "-f64k", "-z", "7", NULL};
	static struct config cfg;
	char err[512];

	ck_assert_int_eq(options_parse(8, argv, "testhost", &cfg, err, sizeof err), OPT_RUN);
	return run_clients_cfg(clients, &cfg);
}

/* No client starts a phase before the last one reached the barrier. */
START_TEST(barrier_holds_everyone)
{
	struct run_result *run = run_clients(4, "4m:4k:64:2");

	ck_assert_uint_eq(run->clients, 4);
	for (int i = 0; i <= PHASE_RAN_DEL; i++) { /* bonnie++'s: the profile is not for clients */
		const struct phase_result *r = &run->phase[i];
		ck_assert_msg(r->status == PHASE_DONE, "%s: status %d", phase_name((enum phase_id)i), r->status);
		ck_assert_uint_eq(r->spread.clients, 4);
		ck_assert_uint_gt(r->spread.last_ready_ns, 0);
		ck_assert_msg(r->spread.last_ready_ns <= r->start_ns, "%s: a client started %llu ns before the last was ready",
		              phase_name((enum phase_id)i), (unsigned long long)(r->spread.last_ready_ns - r->start_ns));
	}
	free(run);
}
END_TEST

/* Waits (at most about a minute) until slots from..to-1 are at (phase, state). */
static void wait_marks(struct client_sync *s, uint32_t from, uint32_t to, int phase, int state)
{
	for (int tries = 0; tries < 1200; tries++) {
		uint32_t at = 0;
		for (uint32_t i = from; i < to; i++) {
			int p, st;
			client_sync_read(&s->sh->slot[i], &p, &st);
			at += p == phase && st == state;
		}
		if (at == to - from)
			return;
		client_sync_sleep(s, 50);
	}
	ck_abort_msg("slots %u..%u never reached phase %d state %d", from, to - 1, phase, state);
}

/* A barrier client: ready at phase 0, released (0), ready at phase 1,
 * stopped (-1); exit status 0 when both came as expected. */
static void sync_client(struct client_sync *s, uint32_t i, pid_t parent)
{
	unsigned gen;
	int released, stopped;

	client_sync_in_child(s);
	gen = atomic_load(&s->sh->gen);
	client_sync_mark(s, &s->sh->slot[i], 0, SLOT_READY);
	released = client_sync_wait(s, gen, parent);
	gen = atomic_load(&s->sh->gen);
	client_sync_mark(s, &s->sh->slot[i], 1, SLOT_READY);
	stopped = client_sync_wait(s, gen, parent);
	_exit(released == 0 && stopped == -1 ? 0 : 1);
}

/* A client killed while it waits at the barrier breaks nothing: the others
 * are released, then stopped, and the barrier closes (a process-shared
 * condition variable with a dead waiter could never be destroyed). */
START_TEST(barrier_survives_a_killed_waiter)
{
	struct client_sync s;
	struct op_error e = {0};
	pid_t kid[4];
	int st;

	ck_assert_int_eq(client_sync_open(&s, 4, &e), 0);
	for (uint32_t i = 0; i < 4; i++) {
		kid[i] = fork();
		ck_assert_int_ne(kid[i], -1);
		if (kid[i] == 0)
			sync_client(&s, i, getppid());
	}
	client_sync_started(&s);
	wait_marks(&s, 0, 4, 0, SLOT_READY);
	kill(kid[0], SIGKILL);
	ck_assert_int_eq(waitpid(kid[0], &st, 0), kid[0]);
	client_sync_release(&s, 4, 0);
	wait_marks(&s, 1, 4, 1, SLOT_READY);
	client_sync_stop(&s);
	for (int i = 1; i < 4; i++) {
		ck_assert_int_eq(waitpid(kid[i], &st, 0), kid[i]);
		ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "client %d: status %#x", i, st);
	}
	client_sync_close(&s);
}
END_TEST

/* Four clients on -s 4m move 4 x what one client on -s 1m moves (sizes
 * are split, so each of the four moves 1m). */
START_TEST(four_clients_four_times_the_bytes)
{
	struct run_result *one = run_clients(1, "1m:4k:64:2");
	struct run_result *four = run_clients(4, "4m:4k:64:2");
	static const enum phase_id ids[] = {PHASE_PUT_BLOCK, PHASE_REWRITE, PHASE_GET_BLOCK};

	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		ck_assert_uint_eq(one->phase[ids[i]].spread.clients, 1);
		ck_assert_uint_gt(one->phase[ids[i]].units, 0);
		ck_assert_uint_eq(four->phase[ids[i]].units, 4 * one->phase[ids[i]].units);
	}
	ck_assert_uint_eq(four->phase[PHASE_PUT_BLOCK].bytes, 4u << 20);
	ck_assert_uint_eq(four->phase[PHASE_SEEKS].latency.count, 64);
	/* -n is split too: the same 1024 files in all */
	ck_assert_uint_eq(four->phase[PHASE_SEQ_CREATE].units, 1024);
	ck_assert_uint_eq(one->phase[PHASE_SEQ_CREATE].units, 1024);
	free(one);
	free(four);
}
END_TEST

/* The counts recorded are what all clients did together (issue 20: they
 * were 0 with -c 2 and more, and the CSV fell back to the default 8192). */
START_TEST(counts_are_the_clients_total)
{
	struct run_result *run = run_clients(4, "1m:4k:10:2");

	ck_assert_uint_eq(run->phase[PHASE_SEEKS].units, 10);
	ck_assert_uint_eq(run->counts.seeks, 10);
	ck_assert(!run->counts.seeks_auto);
	ck_assert_uint_eq(run->phase[PHASE_SEQ_CREATE].units, 1024);
	ck_assert_uint_eq(run->counts.files_k, 1);
	ck_assert(!run->counts.files_auto);
	free(run);
}
END_TEST

/* A time-based level's file phases: the creates make files until the
 * level's end or until the clients have taken the level's pool, the stats
 * and deletes work on what was made (in two directories, round-robin),
 * every phase ends done, nothing is left, and the count recorded is what
 * the creates made. */
START_TEST(file_phases_by_time)
{
	char *argv[] = {"bonnie", "-s", "1m:4k:10:2", "-n", "1:2k:0:2", "-f64k", "-z", "7", "--level-time", "0.2", NULL};
	static struct config cfg;
	struct run_result *run;
	uint64_t made;
	char err[512];

	ck_assert_int_eq(options_parse(10, argv, "testhost", &cfg, err, sizeof err), OPT_RUN);
	run = run_clients_cfg(3, &cfg);
	for (int i = PHASE_SEQ_CREATE; i <= PHASE_RAN_DEL; i++)
		ck_assert_msg(run->phase[i].status == PHASE_DONE, "phase %d: %s %s", i, run->phase[i].error.op,
		              run->phase[i].error.path);
	made = run->phase[PHASE_SEQ_CREATE].units;
	if (run->phase[PHASE_RAN_CREATE].units > made)
		made = run->phase[PHASE_RAN_CREATE].units;
	ck_assert_uint_gt(run->phase[PHASE_SEQ_CREATE].units, 0);
	ck_assert_uint_le(made, FILES_POOL_FACTOR * 1024);
	ck_assert_uint_le(run->phase[PHASE_SEQ_DEL].units, 2 * FILES_POOL_FACTOR * 1024); /* with top-ups */
	ck_assert_uint_eq(run->counts.files_k, (made + 1023) / 1024);
	free(run);
}
END_TEST

/* Parts of 0: 3 files, 2 seeks and 2 per-char bytes among 4 clients.
 * Every client still runs every phase and meets its barrier; the idle
 * ones are counted, and the totals are exactly the parts' sum. */
START_TEST(empty_parts_still_meet_the_barrier)
{
	char *argv[] = {"bonnie", "-s", "1m:4k:2:2", "-n", "1:2k:0:2", "-f64k", "-z", "7", NULL};
	static struct config cfg;
	struct run_result *run;
	struct part whole;
	char err[512];

	ck_assert_int_eq(options_parse(8, argv, "testhost", &cfg, err, sizeof err), OPT_RUN);
	whole = part_whole(&cfg); /* this run is itself a part: of 3 files and 2 per-char bytes */
	whole.files = 3;
	whole.seeks = 2;
	whole.perchar = 2;
	run = run_clients_part(4, &cfg, &whole);
	for (int i = 0; i <= PHASE_RAN_DEL; i++) { /* bonnie++'s: the profile is not for clients */
		const struct phase_result *r = &run->phase[i];
		ck_assert_msg(r->status == PHASE_DONE, "%s: status %d", phase_name((enum phase_id)i), r->status);
		ck_assert_uint_eq(r->spread.clients, 4);
		ck_assert_uint_le(r->spread.last_ready_ns, r->start_ns);
	}
	ck_assert_uint_eq(run->phase[PHASE_PUTC].bytes, 2);
	ck_assert_uint_eq(run->phase[PHASE_PUTC].spread.idle, 2);
	ck_assert_uint_eq(run->phase[PHASE_SEEKS].units, 2);
	ck_assert_uint_eq(run->phase[PHASE_SEEKS].spread.idle, 2);
	ck_assert_uint_eq(run->phase[PHASE_SEQ_CREATE].units, 3);
	ck_assert_uint_eq(run->phase[PHASE_SEQ_CREATE].spread.idle, 1);
	ck_assert_uint_eq(run->phase[PHASE_RAN_DEL].units, 3);
	ck_assert(run->phase[PHASE_SEQ_CREATE].spread.rate_min > 0);
	free(run);
}
END_TEST

/* A client with nothing to do has no rate: slowest and fastest are of
 * the others, whatever the order; one that stopped with nothing done does
 * count (it is the slowest). */
/* A starved client (time-based level, cut before its first operation)
 * is not idle: it counts with rate 0, and as its work ended where it
 * began, the clients were never all active: overlap 0. */
START_TEST(merge_starved_client_zeroes_overlap)
{
	struct phase_result *m = malloc(sizeof *m);
	struct phase_result *a = part_result(1000, 5000, 100);
	struct phase_result *b = part_result(1100, 4900, 100);
	struct phase_result *starved = part_result(1200, 4800, 0);

	starved->flags |= RESULT_STARVED;
	runner_result_init(m);
	phase_result_add_client(m, a);
	phase_result_add_client(m, b);
	ck_assert(sweep_overlap(m) > 0.9);
	phase_result_add_client(m, starved);
	ck_assert_uint_eq(m->spread.clients, 3);
	ck_assert_uint_eq(m->spread.idle, 0);
	ck_assert_uint_eq(m->spread.starved, 1);
	ck_assert(m->spread.rate_min == 0.0);
	ck_assert(sweep_overlap(m) == 0.0);
	free(a);
	free(b);
	free(starved);
	free(m);
}
END_TEST

START_TEST(merge_idle_client_has_no_rate)
{
	struct phase_result *m = malloc(sizeof *m), *m2 = malloc(sizeof *m2);
	struct phase_result *a = part_result(1000, 500, 100);  /* 2e8/s */
	struct phase_result *b = part_result(1000, 1000, 100); /* 1e8/s */
	struct phase_result *idle = part_result(1000, 10, 0);
	struct phase_result *stopped = part_result(1000, 10, 0);

	stopped->status = PHASE_INTERRUPTED;
	runner_result_init(m);
	runner_result_init(m2);
	phase_result_add_client(m, idle);
	phase_result_add_client(m, a);
	phase_result_add_client(m, b);
	phase_result_add_client(m2, a);
	phase_result_add_client(m2, b);
	phase_result_add_client(m2, idle);
	ck_assert_uint_eq(m->spread.clients, 3);
	ck_assert_uint_eq(m->spread.idle, 1);
	ck_assert(m->spread.rate_min > 0.99e8 && m->spread.rate_min < 1.01e8);
	ck_assert(m->spread.rate_max > 1.99e8 && m->spread.rate_max < 2.01e8);
	ck_assert(m2->spread.rate_min == m->spread.rate_min && m2->spread.rate_max == m->spread.rate_max);
	phase_result_add_client(m, stopped);
	ck_assert_uint_eq(m->spread.idle, 1);
	ck_assert(m->spread.rate_min == 0.0);
	free(a);
	free(b);
	free(idle);
	free(stopped);
	free(m);
	free(m2);
}
END_TEST

/* Every field phase_result_add_client writes, exactly, over three clients in
 * the order a level's slots are read: one that worked to past the level's
 * cut (its work counts to 4000), one idle (no work: no rate, no busy
 * times, but its window, skew, CPU, sync and cut count), one starved that
 * failed (its status and error win, rate 0, its work ends at its start). */
START_TEST(merge_every_field_exact)
{
	struct phase_result *m = malloc(sizeof *m);
	struct phase_result *a = part_result(1000, 4000, 2000);  /* 1000..5000, cut at 4000 */
	struct phase_result *idle = part_result(1200, 100, 0);   /* 1200..1300 */
	struct phase_result *st = part_result(1500, 2500, 0);    /* 1500..4000 */

	ck_assert_ptr_nonnull(m);
	a->read_bytes = 500;
	a->sync_ns = 300;
	a->file_bytes = 4096;
	a->cut_ns = 4000;
	a->flags = RESULT_DIRECT;
	a->spread.last_ready_ns = 900;
	hist_add(&a->latency, 100);
	hist_add(&a->latency, 300);
	idle->sync_ns = 50;
	idle->cut_ns = 3500;
	idle->spread.last_ready_ns = 1100;
	st->flags = RESULT_STARVED;
	st->status = PHASE_FAILED;
	op_error_set(&st->error, 5, "read", "/y", 0);
	st->spread.last_ready_ns = 1000;
	runner_result_init(m);
	m->span_ns = 99; /* a merged level's rate is over its window: no span */
	phase_result_add_client(m, a);
	phase_result_add_client(m, idle);
	phase_result_add_client(m, st);
	ck_assert_uint_eq(m->start_ns, 1000);
	ck_assert_uint_eq(m->elapsed_ns, 4000);
	ck_assert_uint_eq(m->span_ns, 0);
	ck_assert_uint_eq(m->spread.skew_ns, 500);
	ck_assert_uint_eq(m->spread.last_ready_ns, 1100);
	ck_assert_uint_eq(m->spread.clients, 3);
	ck_assert_uint_eq(m->spread.idle, 1);
	ck_assert_uint_eq(m->spread.starved, 1);
	ck_assert_uint_eq(m->spread.busy_last_start_ns, 1500);
	ck_assert_uint_eq(m->spread.busy_first_end_ns, 1500);
	ck_assert_uint_eq(m->spread.busy_last_end_ns, 4000);
	ck_assert(m->spread.rate_sum == 5e8 && m->spread.rate_sq == 2.5e17);
	ck_assert(m->spread.rate_min == 0.0 && m->spread.rate_max == 5e8);
	ck_assert_int_eq(m->status, PHASE_FAILED);
	ck_assert_int_eq(m->error.err, 5);
	ck_assert_str_eq(m->error.op, "read");
	ck_assert_uint_eq(m->flags, RESULT_DIRECT | RESULT_STARVED);
	ck_assert_uint_eq(m->bytes, 2000);
	ck_assert_uint_eq(m->read_bytes, 500);
	ck_assert_uint_eq(m->units, 2000);
	ck_assert_uint_eq(m->cpu_ns, 30);
	ck_assert_uint_eq(m->sync_ns, 300);
	ck_assert_uint_eq(m->file_bytes, 4096);
	ck_assert_uint_eq(m->cut_ns, 3500);
	ck_assert_uint_eq(m->latency.count, 2);
	ck_assert_uint_eq(m->latency.sum, 400);
	ck_assert_uint_eq(m->latency.min, 100);
	ck_assert_uint_eq(m->latency.max, 300);
	/* the idle client first: it sets the window, the first worker the rates */
	runner_result_init(m);
	phase_result_add_client(m, idle);
	phase_result_add_client(m, a);
	ck_assert_uint_eq(m->start_ns, 1000);
	ck_assert_uint_eq(m->elapsed_ns, 4000);
	ck_assert_uint_eq(m->spread.skew_ns, 200);
	ck_assert_uint_eq(m->spread.busy_last_start_ns, 1000);
	ck_assert_uint_eq(m->spread.busy_first_end_ns, 4000);
	ck_assert(m->spread.rate_min == 5e8 && m->spread.rate_max == 5e8);
	ck_assert_int_eq(m->status, PHASE_DONE);
	ck_assert_uint_eq(m->sync_ns, 300);
	free(a);
	free(idle);
	free(st);
	free(m);
}
END_TEST

Suite *suite_clients(void)
{
	Suite *s = suite_create("clients");
	TCase *merge = tcase_create("merge");
	TCase *live = tcase_create("live");

	tcase_add_test(merge, merge_equals_all_samples);
	tcase_add_test(merge, merge_window_sums_status);
	tcase_add_test(merge, work_rate_leaves_out_the_flush);
	tcase_add_test(merge, delete_rate_sizes_the_sweep_pool);
	tcase_add_test(merge, part_splits_exactly);
	tcase_add_test(merge, config_split);
	tcase_add_test(merge, config_split_by_time);
	tcase_add_test(merge, merge_starved_client_zeroes_overlap);
	tcase_add_test(merge, merge_idle_client_has_no_rate);
	tcase_add_test(merge, merge_every_field_exact);
	tcase_set_timeout(live, 120);
	tcase_add_test(live, barrier_holds_everyone);
	tcase_add_test(live, four_clients_four_times_the_bytes);
	tcase_add_test(live, counts_are_the_clients_total);
	tcase_add_test(live, empty_parts_still_meet_the_barrier);
	tcase_add_test(live, file_phases_by_time);
	tcase_add_test(live, barrier_survives_a_killed_waiter);
	suite_add_tcase(s, merge);
	suite_add_tcase(s, live);
	return s;
}
