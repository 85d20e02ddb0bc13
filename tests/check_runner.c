/* The runner over tables of null phases (phases/null.c): order, failures,
 * interruptions, disabled phases, stop requests between phases and the
 * hooks, without a disk, root or timing. */
#include "suites.h"
#include "../lib/clock.h"
#include "../phases/loop/io_common.h"
#include "../lib/signals.h"
#include "../phases/null.h"
#include "../phases/loop/phase_timeline.h"
#include "../lib/timeline.h"
#include "../phases/runner/runner.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#define MAX_EVENTS 64

/* What the hooks saw: 'b'/'e' and the phase id, in order. */
struct trace {
	int n;
	char kind[MAX_EVENTS];
	int id[MAX_EVENTS];
	int end_status[MAX_EVENTS];
	int stop_after;     /* raise SIGINT after this phase ends, -1: never */
};

static void on_begin(void *arg, enum phase_id id)
{
	struct trace *t = arg;

	ck_assert_int_lt(t->n, MAX_EVENTS);
	t->kind[t->n] = 'b';
	t->id[t->n++] = id;
}

static void on_end(void *arg, enum phase_id id, const struct phase_result *res)
{
	struct trace *t = arg;

	ck_assert_int_lt(t->n, MAX_EVENTS);
	t->kind[t->n] = 'e';
	t->end_status[t->n] = res->status;
	t->id[t->n++] = id;
	if ((int)id == t->stop_after)
		raise(SIGINT);
}

static struct config cfg;
static struct run_result *run;
static struct trace trace;
static struct phase built[PHASE_COUNT];
static const struct phase *table[PHASE_COUNT];

static void setup(void)
{
	memset(&cfg, 0, sizeof cfg);
	memset(&trace, 0, sizeof trace);
	trace.stop_after = -1;
	run = malloc(sizeof *run);
	ck_assert_ptr_nonnull(run);
	memset(run, 0x5a, sizeof *run); /* garbage: the runner must reset every slot */
	signals_reset();
}

static void teardown(void)
{
	free(run);
	signals_reset();
}

/* The whole pipeline, every slot a null phase behaving as b[i] ('s'ucceed,
 * 'f'ail, 'i'nterrupt, 'd'isabled); runs it and returns runner_run's value. */
static int run_table(const char *b)
{
	struct phase_ctx ctx = {0};
	struct runner_hooks hooks = {on_begin, on_end, &trace, NULL, NULL};

	ck_assert_int_eq((int)strlen(b), PHASE_COUNT);
	for (int i = 0; i < PHASE_COUNT; i++) {
		enum null_behaviour nb = b[i] == 'f' ? NULL_FAIL : b[i] == 'i' ? NULL_INTERRUPT
		                       : b[i] == 'd' ? NULL_DISABLED : NULL_SUCCEED;
		built[i] = null_phase((enum phase_id)i, nb);
		table[i] = &built[i];
	}
	ctx.cfg = &cfg;
	return runner_run(&ctx, table, PHASE_COUNT, run, &hooks);
}

/* want[i]: 'D'one, 'F'ailed, 'I'nterrupted, '-' not run, for every slot. */
static void assert_statuses(const char *want)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		enum phase_status s = want[i] == 'D' ? PHASE_DONE : want[i] == 'F' ? PHASE_FAILED
		                    : want[i] == 'I' ? PHASE_INTERRUPTED : PHASE_NOT_RUN;
		ck_assert_msg(run->phase[i].status == s, "slot %d (%s): status %s, want %s", i, phase_name((enum phase_id)i),
		              phase_status_name(run->phase[i].status), phase_status_name(s));
	}
}

/* The hooks saw begin/end pairs for exactly the phases that ran, in order. */
static void assert_hooks(const char *want)
{
	int k = 0;

	for (int i = 0; i < PHASE_COUNT; i++) {
		if (want[i] == '-')
			continue;
		ck_assert_int_lt(k + 1, trace.n);
		ck_assert_msg(trace.kind[k] == 'b' && trace.id[k] == i, "event %d: %c %d, want begin %d", k, trace.kind[k],
		              trace.id[k], i);
		ck_assert_msg(trace.kind[k + 1] == 'e' && trace.id[k + 1] == i, "event %d: want end %d", k + 1, i);
		ck_assert_int_eq(trace.end_status[k + 1], run->phase[i].status);
		k += 2;
	}
	ck_assert_int_eq(trace.n, k);
}

struct order_case {
	const char *behaviour;  /* per slot, see run_table */
	const char *want;       /* per slot, see assert_statuses */
	int rc;
	bool interrupted;
};

static const struct order_case orders[] = {
	{"ssssssssssssdddddddd", "DDDDDDDDDDDD--------", 0, false},
	{"fsssssssssssdddddddd", "F-------------------", -1, false},
	{"sssssfssssssdddddddd", "DDDDDF--------------", -1, false},
	{"sssssssssssfdddddddd", "DDDDDDDDDDDF--------", -1, false},
	{"ssiiiiiiiiiidddddddd", "DDI-----------------", -1, true},
	{"dddddsssssssdddddddd", "-----DDDDDDD--------", 0, false},  /* -s 0: the file tests alone */
	{"ssssssdddddddddddddd", "DDDDDD--------------", 0, false},  /* -n 0 */
	{"dsdsdsdsdsdsdddddddd", "-D-D-D-D-D-D--------", 0, false},
	{"dddddddddddddddddddd", "--------------------", 0, false},
	{"ddfsssssssssdddddddd", "--F-----------------", -1, false}, /* the first that runs fails */
	{"sdidssssssssdddddddd", "D-I-----------------", -1, true},
	{"ssssfissssssdddddddd", "DDDDF---------------", -1, false}, /* the failure wins; nothing after it */
};

START_TEST(test_order_table)
{
	const struct order_case *c = &orders[_i];
	int rc = run_table(c->behaviour);

	ck_assert_int_eq(rc, c->rc);
	ck_assert_int_eq(run->interrupted, c->interrupted);
	assert_statuses(c->want);
	assert_hooks(c->want);
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_result *r = &run->phase[i];
		if (r->status == PHASE_FAILED) {
			ck_assert_str_eq(r->error.op, "null");
			ck_assert_int_ne(r->error.err, 0);
		} else {
			ck_assert_int_eq(r->error.err, 0);
		}
		ck_assert_uint_eq(r->units, r->status == PHASE_DONE ? 1 : 0);
	}
}
END_TEST

/* A stop request between phases (the hook raises SIGINT after a phase
 * ends): that phase is done, nothing after it starts. */
START_TEST(test_stop_between_phases)
{
	int rc;

	signals_install();
	trace.stop_after = PHASE_GET_BLOCK;
	rc = run_table("ssssssssssssdddddddd");
	ck_assert_int_eq(signals_stop_level(), STOP_GRACEFUL);
	ck_assert_int_eq(rc, -1);
	ck_assert(run->interrupted);
	assert_statuses("DDDDD---------------");
	assert_hooks("DDDDD---------------");
}
END_TEST

/* A stop already requested: nothing starts at all. */
START_TEST(test_stop_before_first)
{
	signals_install();
	raise(SIGTERM);
	ck_assert_int_eq(run_table("ssssssssssssdddddddd"), -1);
	ck_assert(run->interrupted);
	assert_statuses("--------------------");
	ck_assert_int_eq(trace.n, 0);
}
END_TEST

/* A table in another order than the ids, and shorter than the pipeline:
 * run in table order, each into its own slot, the others not run. */
START_TEST(test_table_order_and_subset)
{
	struct phase_ctx ctx = {0};
	struct runner_hooks hooks = {on_begin, on_end, &trace, NULL, NULL};
	struct phase a = null_phase(PHASE_SEQ_DEL, NULL_SUCCEED), b = null_phase(PHASE_PUTC, NULL_SUCCEED);
	const struct phase *t[] = {&a, &b};

	ctx.cfg = &cfg;
	ck_assert_int_eq(runner_run(&ctx, t, 2, run, &hooks), 0);
	ck_assert_int_eq(trace.n, 4);
	ck_assert_int_eq(trace.id[0], PHASE_SEQ_DEL);
	ck_assert_int_eq(trace.id[2], PHASE_PUTC);
	assert_statuses("D-------D-----------");
}
END_TEST

/* --phases: a phase its mask leaves out stays not run, in the runner and
 * in phase_wanted(), which the sweep's step count also asks. */
START_TEST(test_mask_leaves_phases_out)
{
	struct phase_ctx ctx = {0};
	struct phase a = null_phase(PHASE_SEQ_DEL, NULL_SUCCEED), b = null_phase(PHASE_PUTC, NULL_SUCCEED);
	const struct phase *t[] = {&a, &b};

	cfg.decided.phase_mask = 1u << PHASE_PUTC;
	ctx.cfg = &cfg;
	ck_assert(phase_wanted(&cfg, &b));
	ck_assert(!phase_wanted(&cfg, &a));
	ck_assert_int_eq(runner_run(&ctx, t, 2, run, NULL), 0);
	assert_statuses("D-------------------");
	cfg.decided.phase_mask = 0;
	ck_assert(phase_wanted(&cfg, &a));
}
END_TEST

/* No hooks at all is allowed. */
START_TEST(test_no_hooks)
{
	struct phase_ctx ctx = {0};
	struct phase a = null_phase(PHASE_SEEKS, NULL_SUCCEED);
	const struct phase *t[] = {&a};

	ctx.cfg = &cfg;
	ck_assert_int_eq(runner_run(&ctx, t, 1, run, NULL), 0);
	assert_statuses("-----D--------------");
	ck_assert_uint_eq(run->phase[PHASE_SEEKS].latency.count, 1);
}
END_TEST

/* A phase that completed no operation measured nothing (on a busy
 * machine a level can pass before the first one): it fails, named, and
 * the run stops there, never "done" at a rate of 0. A client's is left
 * to the parent, whose sum may have operations. */
static int no_operation(struct phase_ctx *ctx, struct phase_result *res)
{
	(void)ctx;
	(void)res;
	return 0;
}

START_TEST(test_nothing_timed_fails)
{
	struct phase_ctx ctx = {0};
	struct phase a = null_phase(PHASE_SEEKS, NULL_SUCCEED), b = null_phase(PHASE_SEQ_CREATE, NULL_SUCCEED);
	const struct phase *t[] = {&a, &b};
	const struct op_error *e = &run->phase[PHASE_SEEKS].error;

	a.run = no_operation;
	ctx.cfg = &cfg;
	ctx.dirpath = "/d/bonnie.x";
	cfg.level_ns = 200000000;
	ck_assert_int_eq(runner_run(&ctx, t, 2, run, NULL), -1);
	assert_statuses("-----F--------------");
	ck_assert_str_eq(e->op, "measure");
	ck_assert_str_eq(e->path, "/d/bonnie.x");
	ck_assert_str_eq(e->detail, "random seeks completed no operation in its level's 0.2 s (--level-time): nothing measured");
	cfg.level_ns = 0;
	ck_assert_int_eq(runner_run(&ctx, t, 2, run, NULL), -1);
	ck_assert_str_eq(e->detail, "random seeks completed no operation: nothing measured");
	ctx.part.client = true;
	ck_assert_int_eq(runner_run(&ctx, t, 2, run, NULL), 0);
	assert_statuses("-----DD-------------");
	ck_assert_uint_eq(run->phase[PHASE_SEEKS].latency.count, 0);
}
END_TEST

/* A pass of 10 units whose workers were active 5 ns (as the seeks set
 * span_ns), counting its calls. */
static int passes;

static int pass_of_ten(struct phase_ctx *ctx, struct phase_result *res)
{
	(void)ctx;
	passes++;
	res->units += 10;
	res->span_ns = 5;
	hist_add(&res->latency, 1);
	return 0;
}

static int pass_of_nothing(struct phase_ctx *ctx, struct phase_result *res)
{
	(void)ctx;
	(void)res;
	passes++;
	return 0;
}

/* A pass that never ends by itself: the deadline ends it. The first pass
 * of a PHASE_WHOLE_FIRST phase sees no deadline, even past it. */
static bool whole_first;

static int pass_until_stopped(struct phase_ctx *ctx, struct phase_result *res)
{
	passes++;
	if (ctx->pass == 0 && whole_first) {
		while (clock_now_ns() < ctx->until_ns)
			;
		ck_assert(!phase_stop_requested(ctx, res));
		res->units += 10;
		return 0;
	}
	ck_assert_uint_eq(ctx->pass, (unsigned)passes - 1);
	while (!phase_stop_requested(ctx, res))
		;
	res->units++;
	return 0;
}

/* Pass 0 does 10 units at once, a later pass runs until the deadline. */
static int pass_of_ten_then_stopped(struct phase_ctx *ctx, struct phase_result *res)
{
	passes++;
	if (ctx->pass == 0) {
		res->units += 10;
		return 0;
	}
	while (!phase_stop_requested(ctx, res))
		;
	res->units++;
	return 0;
}

START_TEST(test_later_passes_end_at_deadline)
{
	struct phase_ctx ctx = {0};
	struct phase a = {.id = PHASE_GET_BLOCK, .flags = PHASE_REPEATS, .enabled = NULL, .run = pass_until_stopped};
	struct phase_result *res = &run->phase[PHASE_GET_BLOCK];

	ctx.cfg = &cfg;
	cfg.evict = false;
	whole_first = false;
	ctx.until_ns = clock_now_ns() + 20000000u;
	runner_result_init(res);
	passes = 0;
	ck_assert_int_eq(runner_run_phase(&ctx, &a, res, NULL), 0);
	ck_assert_int_eq(passes, 1); /* the first pass too ends at the deadline */
	ck_assert_uint_eq(res->units, 1);

	a.flags |= PHASE_WHOLE_FIRST;
	whole_first = true;
	ctx.until_ns = clock_now_ns() + 20000000u;
	runner_result_init(res);
	passes = 0;
	ck_assert_int_eq(runner_run_phase(&ctx, &a, res, NULL), 0);
	ck_assert_int_eq(passes, 1); /* whole, and past the deadline: no second pass */
	ck_assert_uint_eq(res->units, 10);

	/* on a shared schedule (--start-at) that first pass ends at the
	 * deadline too: past it, every later phase of the host would start late */
	whole_first = false;
	cfg.start_at_ns = 1;
	ctx.until_ns = clock_now_ns() + 20000000u;
	runner_result_init(res);
	passes = 0;
	ck_assert_int_eq(runner_run_phase(&ctx, &a, res, NULL), 0);
	ck_assert_int_eq(passes, 1);
	ck_assert_uint_eq(res->units, 1);
	cfg.start_at_ns = 0;
	whole_first = true;

	ctx.until_ns = clock_now_ns() + 20000000u;
	runner_result_init(res);
	passes = 0;
	whole_first = false; /* the first pass returns at once */
	a.run = pass_of_ten_then_stopped;
	ck_assert_int_eq(runner_run_phase(&ctx, &a, res, NULL), 0);
	ck_assert_int_eq(passes, 2);
	ck_assert_uint_eq(res->units, 11);
	ck_assert_int_eq(res->status, PHASE_DONE);
	ck_assert_uint_eq(ctx.pass, 0);
	ck_assert(!phase_stop_requested(&ctx, res)); /* the deadline is gone with the phase */
	/* --verify: one pass (a second rewrite would find its own stamps) */
	cfg.verify = true;
	ctx.until_ns = clock_now_ns() + 20000000u;
	runner_result_init(res);
	passes = 0;
	ck_assert_int_eq(runner_run_phase(&ctx, &a, res, NULL), 0);
	ck_assert_int_eq(passes, 1);
}
END_TEST

/* A time-based level (ctx.until_ns): a PHASE_REPEATS phase runs whole
 * passes until the time has passed (here: 20 ms from now), the units and
 * the active spans add up; without the flag, or without until_ns, one
 * pass; a pass with nothing to do is not repeated. */
START_TEST(test_passes_until_deadline)
{
	struct phase_ctx ctx = {0};
	struct phase a = {.id = PHASE_PUT_BLOCK, .flags = PHASE_REPEATS, .enabled = NULL, .run = pass_of_ten};
	struct phase_result *res = &run->phase[PHASE_PUT_BLOCK];
	uint64_t t0 = clock_now_ns();

	ctx.cfg = &cfg;
	ctx.until_ns = t0 + 20000000u;
	runner_result_init(res);
	passes = 0;
	ck_assert_int_eq(runner_run_phase(&ctx, &a, res, NULL), 0);
	ck_assert_int_ge(passes, 2);
	/* ran until then: the runner's own clock (its start is later than t0,
	 * by more than a millisecond under valgrind) */
	ck_assert_uint_ge(res->start_ns + res->elapsed_ns, ctx.until_ns);
	ck_assert_uint_eq(res->units, 10u * (unsigned)passes);
	ck_assert_uint_eq(res->span_ns, 5u * (unsigned)passes);
	ck_assert_uint_eq(res->latency.count, (unsigned)passes);
	ck_assert_int_eq(res->status, PHASE_DONE);

	a.flags = 0;
	runner_result_init(res);
	passes = 0;
	ck_assert_int_eq(runner_run_phase(&ctx, &a, res, NULL), 0);
	ck_assert_int_eq(passes, 1);

	a.flags = PHASE_REPEATS;
	ctx.until_ns = 0;
	runner_result_init(res);
	passes = 0;
	ck_assert_int_eq(runner_run_phase(&ctx, &a, res, NULL), 0);
	ck_assert_int_eq(passes, 1);

	a.run = pass_of_nothing;
	ctx.until_ns = clock_now_ns() + 10000000000u;
	runner_result_init(res);
	passes = 0;
	ck_assert_int_eq(runner_run_phase(&ctx, &a, res, NULL), 0);
	ck_assert_int_eq(passes, 1);
}
END_TEST

/* When the runner drops a phase's data file from the cache: the phase
 * table's fact, read once. Without eviction (--no-evict) data_evict only
 * marks the result RESULT_NOT_EVICTED, which shows the moment without a
 * file: bonnie++'s reads before their preparation, the profile's reads
 * after theirs and only when run buffered (no O_DIRECT), writes never. */
static bool marked_at_prepare, marked_at_run, prepare_buffers;

static int note_prepare(struct phase_ctx *ctx, struct phase_result *res)
{
	(void)ctx;
	marked_at_prepare = (res->flags & RESULT_NOT_EVICTED) != 0;
	if (prepare_buffers)
		res->flags |= RESULT_BUFFERED;
	return 0;
}

static int note_run(struct phase_ctx *ctx, struct phase_result *res)
{
	(void)ctx;
	marked_at_run = (res->flags & RESULT_NOT_EVICTED) != 0;
	res->units = 1;
	return 0;
}

/* Runs phase id with the noting prepare and run; 'b' evicted before
 * preparation, 'a' after it, '-' not at all. */
static char evicted_when(enum phase_id id, bool buffered)
{
	struct phase_ctx ctx = {0};
	struct phase a = {.id = id, .prepare = note_prepare, .run = note_run};
	struct phase_result *res = &run->phase[id];

	ctx.cfg = &cfg;
	cfg.evict = false;
	prepare_buffers = buffered;
	runner_result_init(res);
	ck_assert_int_eq(runner_run_phase(&ctx, &a, res, NULL), 0);
	return marked_at_prepare ? 'b' : marked_at_run ? 'a' : '-';
}

/* A CPU time over the wall time is cut to what the threads can use, and
 * only then: cpu.sh saw 109% on a one-thread phase of tens of microseconds. */
START_TEST(test_cpu_time_within_the_threads)
{
	ck_assert_uint_eq(clock_cpu_bounded(109, 100, 1), 100);
	ck_assert_uint_eq(clock_cpu_bounded(99, 100, 1), 99);
	ck_assert_uint_eq(clock_cpu_bounded(100, 100, 1), 100);
	ck_assert_uint_eq(clock_cpu_bounded(250, 100, 2), 200);
	ck_assert_uint_eq(clock_cpu_bounded(190, 100, 2), 190);
	ck_assert_uint_eq(clock_cpu_bounded(500, 100, 0), 500); /* not bounded */
}
END_TEST

START_TEST(test_evicts_at_the_phase_tables_moment)
{
	ck_assert_int_eq(evicted_when(PHASE_GET_BLOCK, false), 'b');
	ck_assert_int_eq(evicted_when(PHASE_REWRITE, false), 'b');
	ck_assert_int_eq(evicted_when(PHASE_GETC, true), 'b');
	ck_assert_int_eq(evicted_when(PHASE_PUT_BLOCK, false), '-');
	ck_assert_int_eq(evicted_when(PHASE_SEQ_STAT, false), '-');
	ck_assert_int_eq(evicted_when(PHASE_SEQ1M_Q8T1_READ, true), 'a');
	ck_assert_int_eq(evicted_when(PHASE_RND4K_Q1T1_READ, true), 'a');
	ck_assert_int_eq(evicted_when(PHASE_SEQ1M_Q8T1_READ, false), '-'); /* O_DIRECT: no cache to drop */
	ck_assert_int_eq(evicted_when(PHASE_SEQ1M_Q8T1_WRITE, true), '-');
}
END_TEST

/* A pass that ends as a data phase's does, its flush stopping the
 * timeline (data_close): one operation each, pass 1's completed at least
 * 3.5 intervals after pass 0's (the clock read, not a sleep), and it
 * ends the level; the clock just before and after each operation in
 * op_at[pass][0..1]. */
static uint64_t op_at[2][2];

static int pass_then_flush(struct phase_ctx *ctx, struct phase_result *res)
{
	struct op_timer t;
	uint32_t k = ctx->pass > 0;
	uint64_t now;

	passes++;
	op_timer_begin(&t, ctx->timeline);
	if (k)
		while (clock_now_ns() < op_at[0][1] + 3 * TL_BASE_NS + TL_BASE_NS / 2)
			;
	op_at[k][0] = clock_now_ns();
	op_timer_lap(&t, &res->latency);
	op_at[k][1] = now = clock_now_ns();
	res->units++;
	if (k)
		ctx->until_ns = now; /* the level ends with pass 1 */
	phase_timeline_stop(ctx, now);
	phase_timeline_sync(ctx, now, now + 1);
	return 0;
}

/* The operations the timeline holds from the interval of time a to that of b. */
static uint64_t ops_between(const struct timeline *tl, uint64_t a, uint64_t b)
{
	uint64_t sum = 0;

	for (uint64_t i = (a - tl->t0) / tl->width; i <= (b - tl->t0) / tl->width && i < tl->n; i++)
		sum += tl->iv[i].ops;
	return sum;
}

/* A time-based level's later pass is on the timeline at its own time: the
 * flush that ended pass 0 stopped the timeline, and the runner goes on
 * with it (phase_timeline_resume); before, everything after pass 0 went
 * into pass 0's last interval (a tmpfs sweep at 50 clients said "stalled
 * 2.2 s at 0.0 s" of operations preempted 4 s later, and "then the final
 * flush took 5.1 s" from pass 0's flush to the last one's). */
START_TEST(test_later_pass_on_the_timeline)
{
	struct phase_ctx ctx = {0};
	struct phase a = {.id = PHASE_PUT_BLOCK, .flags = PHASE_REPEATS, .enabled = NULL, .run = pass_then_flush};
	struct phase_result *res = &run->phase[PHASE_PUT_BLOCK];
	struct timeline *tl = calloc(1, sizeof *tl);

	ck_assert_ptr_nonnull(tl);
	ctx.cfg = &cfg;
	cfg.evict = false;
	ctx.timeline = tl;
	ctx.until_ns = clock_now_ns() + 600 * TL_BASE_NS; /* pass 1 ends it (pass_then_flush) */
	runner_result_init(res);
	passes = 0;
	ck_assert_int_eq(runner_run_phase(&ctx, &a, res, NULL), 0);
	ck_assert_int_eq(passes, 2);
	ck_assert_uint_ge(tl->n, (op_at[1][0] - tl->t0) / tl->width + 1);
	ck_assert_uint_eq(ops_between(tl, op_at[1][0], op_at[1][1]), 1); /* pass 1's, at its own time */
	ck_assert_uint_eq(ops_between(tl, op_at[0][0], op_at[0][1]), 1); /* pass 0's alone */
	ck_assert(tl->sync.present);
	ck_assert_uint_ge(tl->t0 + tl->sync.start_ns, op_at[1][1]); /* the final flush is the last pass's */
	free(tl);
}
END_TEST

Suite *suite_runner(void)
{
	Suite *s = suite_create("runner");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_order_table, 0, (int)(sizeof orders / sizeof orders[0]));
	tcase_add_test(tc, test_stop_between_phases);
	tcase_add_test(tc, test_stop_before_first);
	tcase_add_test(tc, test_table_order_and_subset);
	tcase_add_test(tc, test_no_hooks);
	tcase_add_test(tc, test_nothing_timed_fails);
	tcase_add_test(tc, test_mask_leaves_phases_out);
	tcase_add_test(tc, test_passes_until_deadline);
	tcase_add_test(tc, test_later_passes_end_at_deadline);
	tcase_add_test(tc, test_evicts_at_the_phase_tables_moment);
	tcase_add_test(tc, test_cpu_time_within_the_threads);
	tcase_add_test(tc, test_later_pass_on_the_timeline);
	suite_add_tcase(s, tc);
	return s;
}
