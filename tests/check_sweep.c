/* The sweep table and the knee sentences from synthetic levels whose
 * rates and latencies are chosen by hand (golden strings). */
#include "suites.h"
#include "util_sweep.h"
#include "util_synth.h"
#include "../phases/runner/runner.h"
#include "../report/model/confidence.h"
#include "../report/sweep/sweep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KIB 1024ull
#define SEC 1000000000ull

/* put_block: 100, 200, 206, 300 MiB/s (300 is more than 25% above 206:
 * still rising); p99 1, 1.5, 2.5 (over 2x at 4), 3 ms; its final flush
 * 10, 20, 30, 40 ms. ran_create: 10, 20, 40, 80 files/s (still rising),
 * latency flat. seeks: only at the first level, 0.25 s (marked short). */
static struct sweep *make_sweep(void)
{
	static const uint32_t clients[] = {1, 2, 4, 8};
	static const uint64_t mib_s[] = {100, 200, 206, 300};
	static const uint64_t lat_us[] = {1000, 1500, 2500, 3000};
	struct sweep *sw = calloc(1, sizeof *sw);
	struct run_result *run = calloc(1, sizeof *run);

	ck_assert_ptr_nonnull(sw);
	ck_assert_ptr_nonnull(run);
	for (int l = 0; l < 4; l++) {
		for (int i = 0; i < PHASE_COUNT; i++)
			runner_result_init(&run->phase[i]);
		run->clients = clients[l];
		synth_phase(run, PHASE_PUT_BLOCK, mib_s[l] * KIB * KIB, SEC, SEC / 2, lat_us[l] * 1000);
		run->phase[PHASE_PUT_BLOCK].sync_ns = (uint64_t)(l + 1) * 10000000u;
		synth_phase(run, PHASE_RAN_CREATE, 10u << l, SEC, SEC / 2, 500000);
		if (l == 0)
			synth_phase(run, PHASE_SEEKS, 250, SEC / 4, SEC / 8, 2000000);
		sweep_add_run(sw, run);
	}
	free(run);
	return sw;
}

/* fn's text of sw judged with knee factor k (as where a sweep ends). */
static char *capture(void (*fn)(FILE *, const struct sweep *), struct sweep *sw, double k)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	sweep_judge(sw, k);
	fn(f, sw);
	fclose(f);
	return buf;
}

static void table_fn(FILE *f, const struct sweep *sw)
{
	report_sweep_table(f, sw);
}

START_TEST(knee_sentences)
{
	struct sweep *sw = make_sweep();
	char *text = capture(report_sweep_knees, sw, 2.0);

	ck_assert_str_eq(text,
	                 "put_block: Throughput still rises at 8 clients, the last count: 300.0 MiB/s, the highest rate. "
	                 "p99 latency passes 2x at 4 clients: 2.5 ms against 1 ms at 1 client.\n"
	                 "seeks: Fewer than two counts can be used: no knee. Left out: 1 client (~ under 0.5 s).\n"
	                 "ran_create: Throughput still rises at 8 clients, the last count: 80.0 files/s, the highest rate. "
	                 "p99 latency stays within 2x of its lowest earlier value up to 8 clients.\n"
	                 "Single run per count: rate differences under 25% are not judged (-x N repeats every count, "
	                 "interleaved, and judges by their spread).\n"
	                 "This server takes up to 2 clients: at 4 clients the p99 latency of put_block passes 2x. "
	                 "Judged from put_block and ran_create.\n");
	free(text);
	text = capture(report_sweep_knees, sw, 3.5);
	ck_assert_ptr_nonnull(strstr(text, "put_block: Throughput still rises at 8 clients, the last count: 300.0 MiB/s, "
	                                   "the highest rate. p99 latency stays within 3.5x of its lowest earlier value up "
	                                   "to 8 clients.\n"));
	ck_assert_ptr_nonnull(strstr(text, "No storage knee up to 8 clients: the p99 latency of put_block and ran_create "
	                                   "did not pass 3.5x.\n"));
	free(text);
	free(sw);
}
END_TEST

START_TEST(knee_indexes)
{
	struct sweep *sw = make_sweep();
	struct sweep_knee k;

	ck_assert(sweep_knee(sw, PHASE_PUT_BLOCK, 2.0, &k));
	ck_assert_int_eq(k.first, 0);
	ck_assert_int_eq(k.peak, 3);
	ck_assert_int_eq(k.best, 3);
	ck_assert(k.still_rising);
	ck_assert_int_eq(k.p99_over, 2);
	ck_assert_int_eq(k.last, 3);
	ck_assert(!sweep_knee(sw, PHASE_SEEKS, 2.0, &k));
	ck_assert(!sweep_knee(sw, PHASE_GETC, 2.0, &k));
	ck_assert(sweep_phase_ran(sw, PHASE_SEEKS));
	ck_assert(!sweep_phase_ran(sw, PHASE_GETC));
	free(sw);
}
END_TEST

START_TEST(sweep_table)
{
	struct sweep *sw = make_sweep();
	char *text = capture(table_fn, sw, 2.0);

	/* the text table's marks (seeks '~'), each write phase's final flush */
	ck_assert_str_eq(text,
	                 "Client sweep: all clients' rate together, latency of every operation\n"
	                 "Phase       Clients       Rate         p50       p99       Max     Flush  Fair Overlap   CPU\n"
	                 "put_block         1     100m/s      1000us    1000us    1000us   10000us  1.00     -     50%\n"
	                 "put_block         2     200m/s      1500us    1500us    1500us   20000us  1.00  100%     50%\n"
	                 "put_block         4     206m/s      2500us    2500us    2500us   30000us  1.00  100%     50%\n"
	                 "put_block         8     300m/s      3000us    3000us    3000us   40000us  1.00  100%     50%\n"
	                 "seeks             1     1000/s ~    2000us    2000us    2000us         -  1.00     -     50%\n"
	                 "ran_create        1     10.0/s       500us     500us     500us       0us  1.00     -     50%\n"
	                 "ran_create        2     20.0/s       500us     500us     500us       0us  1.00  100%     50%\n"
	                 "ran_create        4     40.0/s       500us     500us     500us       0us  1.00  100%     50%\n"
	                 "ran_create        8     80.0/s       500us     500us     500us       0us  1.00  100%     50%\n"
	                 "Fair: Jain's index of the clients' rates (1 = all equal).\n"
	                 "Overlap: the time all clients were active together / first start to the end of the last\n"
	                 "  client's work (at the stonewall or the level's end, where either cut it).\n"
	                 "Flush: a write phase's final fsync/syncfs, in its rate but not in its latency columns. "
	                 "CPU: the clients' CPU together (100% = one core).\n"
	                 "~  ran under 0.5 s: low confidence\n");
	free(text);
	free(sw);
}
END_TEST

/* The page's tally of every phase (sweep_tally, judged once with the
 * knees): put_block and ran_create both still rising to 8 clients, seeks
 * ran at one count only (no knee, yet a phase that ran); put_block's p99
 * passes 2x at 4 clients, ran_create's stays flat. */
START_TEST(tally_of_phases)
{
	struct sweep *sw = make_sweep();

	sweep_judge(sw, 2.0);
	ck_assert_uint_eq(sw->tally.phases, 3);
	ck_assert_uint_eq(sw->tally.peak_at, 8);
	ck_assert_uint_eq(sw->tally.peak_phases, 2);
	ck_assert_uint_eq(sw->tally.lag, 1u << PHASE_PUT_BLOCK);
	ck_assert_uint_eq(sw->tally.cpu_lags, 0);
	sweep_judge(sw, 4.0); /* judged again: no p99 passes 4x */
	ck_assert_uint_eq(sw->tally.lag, 0);
	ck_assert_uint_eq(sw->tally.peak_phases, 2);
	free(sw);
}
END_TEST

/* The sweep's JSON end as text (the answer and the counts), the counts
 * asked being asked[0..n). */
static char *sweep_json_text(struct sweep *sw, const uint32_t *asked, uint32_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct json j;

	ck_assert_ptr_nonnull(f);
	json_init(&j, f);
	json_object_begin(&j, NULL);
	json_array_begin(&j, "runs");
	sweep_judge(sw, 2.0);
	report_sweep_json_end(&j, sw, asked, n, 5000000000u);
	fclose(f);
	return buf;
}

/* A sweep stopped after two of four counts: "clients" keeps the counts
 * asked (as the man page says), "clients_done" the two that ran. */
START_TEST(sweep_json_counts)
{
	static const uint32_t asked[] = {1, 2, 4, 8};
	struct sweep *sw = make_sweep();
	char *buf;

	sw->levels = 2;
	buf = sweep_json_text(sw, asked, 4);
	ck_assert_ptr_nonnull(strstr(buf, "\"clients\": [1, 2, 4, 8],\n"));
	ck_assert_ptr_nonnull(strstr(buf, "\"clients_done\": [1, 2],\n"));
	ck_assert_ptr_nonnull(strstr(buf, "\"level_time_s\": 5.000,\n"));
	free(buf);
	free(sw);
}
END_TEST

/* --clients 1,4 cut short: a count whose run was interrupted (or failed)
 * is not in "clients_done", though the phases it completed are points;
 * cut in its first count, the answer says no count finished, never "up
 * to 0 clients", and there is no "takes_clients". */
START_TEST(sweep_cut_counts)
{
	static const uint32_t asked[] = {1, 4};
	struct sweep *sw = calloc(1, sizeof *sw);
	struct run_result *run = calloc(1, sizeof *run);
	char line[320], *text;

	ck_assert_ptr_nonnull(sw);
	ck_assert_ptr_nonnull(run);
	for (int i = 0; i < PHASE_COUNT; i++)
		runner_result_init(&run->phase[i]);
	run->clients = 1;
	run->interrupted = true;
	synth_phase(run, PHASE_PUT_BLOCK, 100 * KIB * KIB, SEC, SEC / 2, 1000000);
	sweep_add_run(sw, run);
	judged_answer_sentence(sw, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "No client count finished: no answer.");
	text = sweep_json_text(sw, asked, 2);
	ck_assert_ptr_nonnull(strstr(text, "\"clients_done\": [],\n"));
	ck_assert_ptr_nonnull(strstr(text, "\"takes_clients\": null")); /* no count finished: no answer, the key null */
	free(text);
	run->interrupted = false; /* 1 client finished, 4 clients cut */
	sweep_add_run(sw, run);
	run->clients = 4;
	run->phase[PHASE_PUT_BLOCK].status = PHASE_FAILED;
	sweep_add_run(sw, run);
	judged_answer_sentence(sw, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "Inconclusive: no phase a file server is loaded by (block write and read, file create, stat and "
		"delete) has two client counts to use.");
	text = sweep_json_text(sw, asked, 2);
	ck_assert_ptr_nonnull(strstr(text, "\"clients_done\": [1],\n"));
	free(text);
	free(run);
	free(sw);
}
END_TEST

/* One level: per phase (PHASE_COUNT ends the list) its p99 in us and its
 * CPU in cores over a 1 s phase, at count clients. */
struct synth_level {
	uint32_t clients;
	struct {
		enum phase_id id;
		double p99_us, cpu;
	} ph[3];
};

static struct sweep *make_levels(const struct synth_level *lv, int n, uint64_t floor_ns, uint32_t cores)
{
	struct sweep *sw = calloc(1, sizeof *sw);
	struct run_result *run = calloc(1, sizeof *run);

	ck_assert_ptr_nonnull(sw);
	ck_assert_ptr_nonnull(run);
	sweep_set_rule(sw, floor_ns, cores);
	for (int l = 0; l < n; l++) {
		for (int i = 0; i < PHASE_COUNT; i++)
			runner_result_init(&run->phase[i]);
		run->clients = lv[l].clients;
		for (int i = 0; i < 3 && lv[l].ph[i].id != PHASE_COUNT; i++)
			synth_phase(run, lv[l].ph[i].id, 100 * KIB * KIB, SEC, (uint64_t)(lv[l].ph[i].cpu * SEC),
			            (uint64_t)(lv[l].ph[i].p99_us * 1000));
		sweep_add_run(sw, run);
	}
	free(run);
	return sw;
}

/* --clients 1,2,4 interrupted in count 4's get_block: put_block completed
 * at 4, get_block did not. The answer speaks for every judged phase, so it
 * never says "up to 4 clients" (it used to, from put_block alone); it says
 * up to 2 and that the run at 4 did not finish, and so does the JSON; also
 * when cut in count 4's first phase. Cut at 2, no count after the first
 * finished: inconclusive, and why. */
START_TEST(sweep_last_count_cut)
{
	static const uint32_t clients[] = {1, 2, 4}, asked[] = {1, 2, 4};
	struct sweep *sw = calloc(1, sizeof *sw);
	struct run_result *run = calloc(1, sizeof *run);
	char line[SWEEP_LINE], *text;

	ck_assert_ptr_nonnull(sw);
	ck_assert_ptr_nonnull(run);
	sweep_set_rule(sw, 10000000u, 2);
	for (int l = 0; l < 3; l++) {
		for (int i = 0; i < PHASE_COUNT; i++)
			runner_result_init(&run->phase[i]);
		run->clients = clients[l];
		run->interrupted = l == 2;
		synth_phase(run, PHASE_PUT_BLOCK, 100 * KIB * KIB, SEC, SEC / 4, 1000000);
		if (l < 2)
			synth_phase(run, PHASE_GET_BLOCK, 100 * KIB * KIB, SEC, SEC / 4, 1000000);
		else
			run->phase[PHASE_GET_BLOCK].status = PHASE_INTERRUPTED;
		sweep_add_run(sw, run);
		if (l == 1) { /* as if cut at 2: put_block completed there, get_block not */
			struct sweep *two = calloc(1, sizeof *two);
			ck_assert_ptr_nonnull(two);
			memcpy(two, sw, sizeof *two);
			two->finished[1] = false;
			two->point[1][PHASE_GET_BLOCK].ran = false;
			judged_answer_sentence(two, 2.0, line, sizeof line);
			ck_assert_str_eq(line, "Inconclusive: no count after the first of put_block finished. The run at 2 clients did not "
				"finish.");
			free(two);
		}
	}
	ck_assert(sw->point[2][PHASE_PUT_BLOCK].ran);
	ck_assert(!sw->finished[2]);
	judged_answer_sentence(sw, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "No storage knee up to 2 clients: the p99 latency of put_block and get_block did not pass 2x and "
		"10 ms together. The run at 4 clients did not finish.");
	text = sweep_json_text(sw, asked, 3);
	ck_assert_ptr_nonnull(strstr(text, "\"takes_clients\": 2,"));
	ck_assert_ptr_nonnull(strstr(text, "\"clients_done\": [1, 2],\n"));
	free(text);
	/* cut in count 4's first phase: no phase completed there, and the
	 * answer still says that the run at 4 did not finish */
	sw->point[2][PHASE_PUT_BLOCK].ran = false;
	judged_answer_sentence(sw, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "No storage knee up to 2 clients: the p99 latency of put_block and get_block did not pass 2x and "
		"10 ms together. The run at 4 clients did not finish.");
	free(run);
	free(sw);
}
END_TEST

/* 32 us -> 80 us is 2.5x but no lag a person notices: with the 10 ms
 * floor no knee; without a floor (0) the old relative rule. */
START_TEST(lag_floor)
{
	static const struct synth_level lv[] = {
		{1, {{PHASE_PUT_BLOCK, 32, 0.3}, {PHASE_COUNT, 0, 0}, {PHASE_COUNT, 0, 0}}},
		{4, {{PHASE_PUT_BLOCK, 80, 0.6}, {PHASE_COUNT, 0, 0}, {PHASE_COUNT, 0, 0}}},
		{16, {{PHASE_PUT_BLOCK, 25000, 0.6}, {PHASE_COUNT, 0, 0}, {PHASE_COUNT, 0, 0}}},
	};
	struct sweep *sw = make_levels(lv, 2, 10000000u, 2);
	struct sweep_knee k;
	char line[SWEEP_LINE];

	ck_assert(sweep_knee(sw, PHASE_PUT_BLOCK, 2.0, &k));
	ck_assert_int_eq(k.p99_over, -1);
	judged_knee_sentence(sw, PHASE_PUT_BLOCK, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "put_block: Throughput shows no knee: at every count from 1 to 4 clients it is within 25% of the "
		"highest (100.0 MiB/s at 1 client). p99 latency passes 2x at 4 clients: 80 µs against 32 µs at 1 "
		"client. That is under the 10 ms floor, and no count up to 4 clients passes both: no latency "
		"knee.");
	judged_answer_sentence(sw, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "No storage knee up to 4 clients: the p99 latency of put_block did not pass 2x and 10 ms "
		"together.");
	sweep_set_rule(sw, 0, 2);
	ck_assert(sweep_knee(sw, PHASE_PUT_BLOCK, 2.0, &k));
	ck_assert_int_eq(k.p99_over, 1);
	free(sw);
	sw = make_levels(lv, 3, 10000000u, 2); /* 25 ms at 16 passes both */
	judged_answer_sentence(sw, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "This server takes up to 4 clients: at 16 clients the p99 latency of put_block passes 2x and 10 "
		"ms. Judged from put_block.");
	free(sw);
}
END_TEST

/* Per-char at about a core with one client: its p99 rise is this host's
 * CPU, named so, and the answer reads the block and file phases only. */
START_TEST(cpu_bound_perchar)
{
	static const struct synth_level lv[] = {
		{1, {{PHASE_PUTC, 100, 0.98}, {PHASE_PUT_BLOCK, 1000, 0.3}, {PHASE_COUNT, 0, 0}}},
		{4, {{PHASE_PUTC, 30000, 1.96}, {PHASE_PUT_BLOCK, 1200, 0.6}, {PHASE_COUNT, 0, 0}}},
		{16, {{PHASE_PUTC, 90000, 1.98}, {PHASE_PUT_BLOCK, 1500, 0.7}, {PHASE_COUNT, 0, 0}}},
	};
	struct sweep *sw = make_levels(lv, 3, 10000000u, 2);
	struct sweep_knee k;
	char line[SWEEP_LINE], *text;

	ck_assert(sweep_knee(sw, PHASE_PUTC, 2.0, &k));
	ck_assert_int_eq(k.cpu_at, 0);
	ck_assert_int_eq(judged_cpu_rule(sw, 0, PHASE_PUTC), SWEEP_CPU_A_CLIENT);
	ck_assert_int_eq(k.p99_over, 1);
	ck_assert(k.cpu_knee);
	judged_knee_sentence(sw, PHASE_PUTC, 2.0, line, sizeof line);
	ck_assert_ptr_nonnull(strstr(line, "p99 latency passes 2x and 10 ms at 4 clients: 30 ms against 100 µs at 1 "
	                                   "client. This host's CPU was the limit from 1 client (one client used 98% of a "
	                                   "core), so that rise is no storage knee."));
	judged_answer_sentence(sw, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "No storage knee up to 16 clients: the p99 latency of put_block did not pass 2x and 10 ms "
	                       "together.");
	/* a marked count does not speak for its count: the answer stops before it, and says so */
	sw->point[2][PHASE_PUT_BLOCK].reasons |= CONF_SHORT;
	sweep_mark(sw, 2, PHASE_PUT_BLOCK);
	judged_answer_sentence(sw, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "No storage knee up to 4 clients: the p99 latency of put_block did not pass 2x and 10 ms "
	                       "together. Left out: 1 point marked ~, #, c, ? or < (see each phase).");
	sw->point[1][PHASE_PUT_BLOCK].reasons |= CONF_FEW_OPS;
	sweep_mark(sw, 1, PHASE_PUT_BLOCK);
	judged_answer_sentence(sw, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "Inconclusive: no phase a file server is loaded by (block write and read, file create, stat "
	                       "and delete) has two client counts to use. Left out: 2 points marked ~, #, c, ? or < (see "
	                       "each phase). Not judged, too few counts left: put_block.");
	sw->point[1][PHASE_PUT_BLOCK].reasons = sw->point[2][PHASE_PUT_BLOCK].reasons = 0;
	sweep_mark(sw, 1, PHASE_PUT_BLOCK);
	sweep_mark(sw, 2, PHASE_PUT_BLOCK);
	text = capture(table_fn, sw, 2.0);
	ck_assert_ptr_nonnull(strstr(text, "  98% *\n"));
	ck_assert_ptr_nonnull(strstr(text, "* CPU-bound on this host: a client used 80% of a core or more, or the "
	                                   "clients 90% of its 2 cores"));
	free(text);
	free(sw);
}
END_TEST

/* File creates whose clients together fill the host's 2 cores from 4
 * clients: the knee at 16 is the CPU's, and with no two storage counts
 * left the answer is inconclusive, and says why. */
START_TEST(cpu_bound_host)
{
	static const struct synth_level lv[] = {
		{1, {{PHASE_SEQ_CREATE, 1000, 0.5}, {PHASE_COUNT, 0, 0}, {PHASE_COUNT, 0, 0}}},
		{4, {{PHASE_SEQ_CREATE, 1500, 1.9}, {PHASE_COUNT, 0, 0}, {PHASE_COUNT, 0, 0}}},
		{16, {{PHASE_SEQ_CREATE, 30000, 1.95}, {PHASE_COUNT, 0, 0}, {PHASE_COUNT, 0, 0}}},
	};
	struct sweep *sw = make_levels(lv, 3, 10000000u, 2);
	struct sweep_knee k;
	char line[SWEEP_LINE];

	ck_assert(!sweep_cpu_bound(sw, 0, PHASE_SEQ_CREATE));
	ck_assert(sweep_cpu_bound(sw, 1, PHASE_SEQ_CREATE));
	ck_assert_int_eq(judged_cpu_rule(sw, 1, PHASE_SEQ_CREATE), SWEEP_CPU_THE_HOST); /* 1.9 cores: 0.48 a client */
	ck_assert_double_eq_tol(sw->point[1][PHASE_SEQ_CREATE].cpu_client, 1.9 / 4, 1e-9); /* the judged per-client figure */
	ck_assert(sw->judged && sw->knee[PHASE_SEQ_CREATE].has && sw->knee[PHASE_SEQ_CREATE].cpu_at == 1);
	ck_assert(sweep_knee(sw, PHASE_SEQ_CREATE, 2.0, &k));
	ck_assert_int_eq(k.cpu_at, 1);
	ck_assert(k.cpu_knee);
	judged_answer_sentence(sw, 2.0, line, sizeof line);
	ck_assert_str_eq(line, "Inconclusive: no count after the first of seq_create shows the storage. This host's CPU "
	                       "was the limit for seq_create from 4 clients (the clients used 1.9 of 2 cores).");
	sweep_set_rule(sw, 10000000u, 0); /* cores unknown: only the one-client rule */
	ck_assert(!sweep_cpu_bound(sw, 1, PHASE_SEQ_CREATE));
	ck_assert_int_eq(judged_cpu_rule(sw, 1, PHASE_SEQ_CREATE), SWEEP_CPU_NONE);
	free(sw);
}
END_TEST

/* A client's work ends where the level ended the phase for all (the
 * stonewall or the deadline) when it went on past it, with its final
 * flush; the overlap is over the clients' work, first start to last work
 * end: a flush tail of a second after a 200 ms delete is not a second of
 * fewer clients working. A starved client still makes the overlap 0. */
START_TEST(work_end_and_overlap)
{
	struct phase_result r;

	memset(&r, 0, sizeof r);
	r.start_ns = 1000;
	r.elapsed_ns = 5000;
	ck_assert_uint_eq(phase_result_work_end(&r), 6000);
	r.cut_ns = 4000;
	ck_assert_uint_eq(phase_result_work_end(&r), 4000);
	r.cut_ns = 9000; /* ended before the cut: its own end */
	ck_assert_uint_eq(phase_result_work_end(&r), 6000);
	r.flags |= RESULT_STARVED;
	ck_assert_uint_eq(phase_result_work_end(&r), 1000);

	memset(&r, 0, sizeof r);
	r.start_ns = 0;
	r.elapsed_ns = 1400;                /* a delete of 200 ms and its flushes */
	r.spread.clients = 2;
	r.spread.busy_last_start_ns = 0;
	r.spread.busy_first_end_ns = 190;   /* the first done at 190, the other cut at 200 */
	r.spread.busy_last_end_ns = 200;
	ck_assert_double_eq_tol(sweep_overlap(&r), 0.95, 1e-9);
	r.spread.busy_first_end_ns = 0;     /* a starved client */
	ck_assert_double_eq_tol(sweep_overlap(&r), 0.0, 1e-9);
}
END_TEST

/* The table's p99 and the sentence's agree: one rounding rule (to the
 * nearest); a p99 of 133.6 ms was "133ms" in the table and "134 ms" in
 * the sentence. */
START_TEST(table_and_sentence_round_alike)
{
	static const struct synth_level lv[] = {
		{1, {{PHASE_PUT_BLOCK, 32, 0.3}, {PHASE_COUNT, 0, 0}, {PHASE_COUNT, 0, 0}}},
		{4, {{PHASE_PUT_BLOCK, 133600, 0.6}, {PHASE_COUNT, 0, 0}, {PHASE_COUNT, 0, 0}}},
	};
	struct sweep *sw = make_levels(lv, 2, 10000000u, 2);
	char line[SWEEP_LINE], *text;
	uint64_t p99 = sw->point[1][PHASE_PUT_BLOCK].p99;

	/* what the histogram keeps of 133.6 ms: between 133.5 and 134.5 */
	ck_assert_msg(p99 >= 133500000u && p99 < 134500000u, "p99 %llu ns", (unsigned long long)p99);
	judged_knee_sentence(sw, PHASE_PUT_BLOCK, 2.0, line, sizeof line);
	ck_assert_ptr_nonnull(strstr(line, "at 4 clients: 134 ms against"));
	text = capture(table_fn, sw, 2.0);
	/* p50 and p99 of the 4-client row (the 1-client row is in us) */
	ck_assert_ptr_nonnull(strstr(text, "\nput_block         4     "));
	ck_assert_ptr_nonnull(strstr(text, "   134ms     134ms     134ms "));
	free(text);
	free(sw);
}
END_TEST

/* -x 2 at each count: a point is the runs' median, their range and the
 * spread (max - min over the median) as the -x summary works it out
 * (lib/stats); the table's Spread column and the JSON's rate_min/max are
 * those. A single run's range is its rate. */
START_TEST(repeats_range_and_spread)
{
	static const uint64_t mib_s[2][2] = {{100, 120}, {200, 200}};
	struct sweep *sw = calloc(1, sizeof *sw);
	struct run_result *run = calloc(1, sizeof *run);
	const struct sweep_point *p;
	char *text;

	ck_assert_ptr_nonnull(sw);
	ck_assert_ptr_nonnull(run);
	for (int r = 0; r < 2; r++)
		for (int l = 0; l < 2; l++) {
			for (int i = 0; i < PHASE_COUNT; i++)
				runner_result_init(&run->phase[i]);
			run->clients = (uint32_t)l + 1;
			synth_phase(run, PHASE_PUT_BLOCK, mib_s[l][r] * KIB * KIB, SEC, SEC / 2, 1000000);
			sweep_add_run(sw, run);
			if (r == 0) /* one run so far: its rate is the range */
				ck_assert_double_eq(sw->point[l][PHASE_PUT_BLOCK].rate_hi, sw->point[l][PHASE_PUT_BLOCK].rate_lo);
		}
	p = &sw->point[0][PHASE_PUT_BLOCK];
	ck_assert_uint_eq(p->runs, 2);
	ck_assert_double_eq(p->rate, 110.0 * KIB);
	ck_assert_double_eq(p->rate_lo, 100.0 * KIB);
	ck_assert_double_eq(p->rate_hi, 120.0 * KIB);
	ck_assert_double_eq_tol(p->spread_pct, 20.0 / 110 * 100, 1e-9);
	ck_assert_double_eq(sw->point[1][PHASE_PUT_BLOCK].spread_pct, 0.0);
	/* each run's sample kept whole, in the order added (not sorted by the summary) */
	ck_assert(p->sample[0].done && p->sample[1].done);
	ck_assert_double_eq(p->sample[0].rate, 100.0 * KIB);
	ck_assert_double_eq(p->sample[1].rate, 120.0 * KIB);
	ck_assert_uint_eq(p->sample[1].lat_ns[VIEW_P99], p->p99);
	ck_assert_uint_gt(p->sample[0].ops, 0);
	text = capture(table_fn, sw, 2.0);
	ck_assert_ptr_nonnull(strstr(text, "put_block         1     110m/s     18%"));
	ck_assert_ptr_nonnull(strstr(text, "put_block         2     200m/s      0%"));
	free(text);
	free(run);
	free(sw);
}
END_TEST

Suite *suite_sweep(void)
{
	Suite *s = suite_create("sweep");
	TCase *tc = tcase_create("sweep");

	tcase_add_test(tc, knee_sentences);
	tcase_add_test(tc, work_end_and_overlap);
	tcase_add_test(tc, knee_indexes);
	tcase_add_test(tc, sweep_table);
	tcase_add_test(tc, tally_of_phases);
	tcase_add_test(tc, sweep_json_counts);
	tcase_add_test(tc, sweep_cut_counts);
	tcase_add_test(tc, sweep_last_count_cut);
	tcase_add_test(tc, lag_floor);
	tcase_add_test(tc, cpu_bound_perchar);
	tcase_add_test(tc, cpu_bound_host);
	tcase_add_test(tc, table_and_sentence_round_alike);
	tcase_add_test(tc, repeats_range_and_spread);
	suite_add_tcase(s, tc);
	return s;
}
