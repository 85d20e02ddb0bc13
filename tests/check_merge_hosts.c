/* merge_hosts: bonnie merge's arithmetic (report/model/merge_model.c) and the
 * host documents it reads (input/host_read.c): the window is the overlap of
 * the hosts' intervals, sums are prorated into it, histograms merge bucket
 * by bucket, the slowest host and the fairness follow the rates in it. */
#include "suites.h"
#include "../input/host_read.h"
#include "../input/input.h"
#include "../input/json_tree.h"
#include "../phases/runner/client_window.h"
#include "../phases/runner/runner.h"
#include "../report/model/merge_model.h"
#include "../report/model/metrics.h"
#include "../report/model/sweep_model.h"
#include "../report/model/view.h"
#include "../report/report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEC 1000000000ull
#define T0 1796220792000000000ull /* past 2^53: must survive the reader exactly */

START_TEST(test_intersect)
{
	ck_assert_uint_eq(merge_intersect(0, 10, 5, 10), 5);
	ck_assert_uint_eq(merge_intersect(5, 10, 0, 10), 5);
	ck_assert_uint_eq(merge_intersect(0, 10, 2, 3), 3);
	ck_assert_uint_eq(merge_intersect(0, 10, 10, 5), 0);
	ck_assert_uint_eq(merge_intersect(20, 10, 0, 10), 0);
}
END_TEST

/* Two hosts, put_block: host 0 from T0 for 2 s, host 1 from T0 + 0.5 s
 * for 2 s: the window is [T0 + 0.5 s, T0 + 2 s), 75% of the longest. */
/* Host h's put_block: as its document recorded it, and merge's reading. */
#define PB(h) (&(h).read.run.phase[PHASE_PUT_BLOCK])
#define HPB(h) (&(h).phase[PHASE_PUT_BLOCK])

static struct host_read *two_hosts(void)
{
	struct host_read *h = calloc(2, sizeof *h);
	for (int i = 0; i < 2; i++) {
		struct phase_result *p = PB(h[i]);
		HPB(h[i])->done = true;
		p->status = PHASE_DONE;
		p->wall_start_ns = T0 + (uint64_t)i * SEC / 2;
		p->elapsed_ns = 2 * SEC;
		p->bytes = p->units = (i + 1) * 1000000ull; /* host 1 twice host 0 */
		hist_init(&p->latency);
		hist_add(&p->latency, i ? 1000000 : 1000);
		hist_add(&p->latency, i ? 1000000 : 1000);
		h[i].setup.clients = 4;
	}
	return h;
}

/* merge_hosts for its facts (m) alone. */
static void merge_facts(struct merge_result *m, const struct host_read *h, size_t n)
{
	struct run_result *r = malloc(sizeof *r);

	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(merge_hosts(m, h, n, r), 0);
	free(r);
}

START_TEST(test_window_and_sums)
{
	struct host_read *h = two_hosts();
	struct merge_result *m = calloc(1, sizeof *m);
	struct run_result *r = calloc(1, sizeof *r);

	ck_assert_int_eq(merge_hosts(m, h, 2, r), 0);
	const struct merge_phase *mp = &m->phase[PHASE_PUT_BLOCK];
	const struct phase_result *rp = &r->phase[PHASE_PUT_BLOCK];
	ck_assert(mp->done && mp->overlaps);
	ck_assert_uint_eq(mp->window_start_ns, T0 + SEC / 2);
	ck_assert_uint_eq(mp->window_ns, 3 * SEC / 2);
	ck_assert_uint_eq(mp->start_spread_ns, SEC / 2);
	ck_assert_double_eq_tol(mp->overlap, 0.75, 1e-9);
	/* no timeline: each host's bytes prorated evenly, 3/4 of each */
	ck_assert_int_eq(rp->status, PHASE_DONE);
	ck_assert_uint_eq(rp->bytes, 750000 + 1500000);
	ck_assert_uint_eq(rp->units, 750000 + 1500000);
	ck_assert_uint_eq(rp->elapsed_ns, 3 * SEC / 2);
	ck_assert_uint_eq(rp->wall_start_ns, T0 + SEC / 2);
	ck_assert_uint_eq(mp->slowest, 0);
	ck_assert_double_eq_tol(mp->fairness_min, 1.0 / 1.5, 1e-9);
	/* what the page and the JSON print: KiB/s, each host's share of the mean */
	ck_assert_double_eq_tol(mp->host_rate_shown[0], 750000.0 / 1.5 / 1024, 1e-9);
	ck_assert_double_eq_tol(mp->host_rate_shown[1], 1500000.0 / 1.5 / 1024, 1e-9);
	ck_assert_double_eq_tol(mp->host_share[0], 1.0 / 1.5, 1e-9);
	ck_assert_double_eq_tol(mp->host_share[1], 2.0 / 1.5, 1e-9);
	/* the histograms merged: two fast, two slow; the median is a fast one's bucket */
	ck_assert_uint_eq(rp->latency.count, 4);
	ck_assert_uint_le(hist_percentile(&rp->latency, 50), 1100);
	ck_assert_uint_ge(hist_percentile(&rp->latency, 99), 900000);
	ck_assert(!m->phase[PHASE_GET_BLOCK].done); /* not run anywhere */
	ck_assert_int_eq(r->phase[PHASE_GET_BLOCK].status, PHASE_NOT_RUN);
	ck_assert_uint_eq(r->clients, 8);
	ck_assert_uint_eq(r->hosts, 2);
	free(r);
	free(m);
	free(h);
}
END_TEST

START_TEST(test_timeline_prorates)
{
	struct json_interval tl[2] = {{0, SEC, 100, 10}, {SEC, SEC, 300, 30}};
	struct host_read *h = calloc(1, sizeof *h);
	struct phase_result *p = PB(*h);
	uint64_t operations = 40;

	ck_assert_ptr_nonnull(h);
	*HPB(*h) = (struct host_phase){.done = true, .tl = tl, .tl_n = 2};
	p->status = PHASE_DONE;
	p->wall_start_ns = T0;
	p->elapsed_ns = 2 * SEC;
	p->bytes = p->units = 400;
	/* half of the second interval */
	ck_assert_uint_eq(merge_in_window(h, PHASE_PUT_BLOCK, p->bytes, 0, T0 + 3 * SEC / 2, SEC), 150);
	ck_assert_uint_eq(merge_in_window(h, PHASE_PUT_BLOCK, operations, 1, T0 + SEC / 2, SEC), 5 + 15);
	/* a timeline covering under 90% (writes, then the sync): prorated evenly */
	HPB(*h)->tl_n = 1;
	ck_assert_uint_eq(merge_in_window(h, PHASE_PUT_BLOCK, p->bytes, 0, T0, SEC), 200);
	free(h);
}
END_TEST

/* A host whose final flush outlasts its writes (sshfs: 1.6 s of 2.1 s):
 * the phases overlap by the whole window over the longest phase, the
 * writes by the window without each host's flush, and the longest flush
 * and its host are named; without a flush there is no transfer overlap. */
START_TEST(test_final_flush_apart)
{
	struct host_read *h = two_hosts();
	struct merge_result *m = calloc(1, sizeof *m);
	struct phase_result *a = PB(h[0]), *b = PB(h[1]);

	merge_facts(m, h, 2);
	ck_assert_double_lt(m->phase[PHASE_PUT_BLOCK].transfer_overlap, 0); /* nobody flushed */
	a->wall_start_ns = T0;
	a->elapsed_ns = 2 * SEC;
	a->sync_ns = 8 * SEC / 5;          /* writes 0.4 s, flush 1.6 s */
	b->wall_start_ns = T0 + SEC / 100; /* 10 ms later */
	b->elapsed_ns = SEC / 2;
	b->sync_ns = SEC / 20;             /* writes 0.45 s */
	a->planned_ns = b->planned_ns = T0; /* b started 10 ms after its plan */
	merge_facts(m, h, 2);
	const struct merge_phase *mp = &m->phase[PHASE_PUT_BLOCK];
	ck_assert_double_eq_tol(mp->overlap, 0.5 / 2.0, 1e-9);
	ck_assert_double_eq_tol(mp->transfer_overlap, 0.39 / 0.45, 1e-9);
	ck_assert_uint_eq(mp->flush_max_ns, 8 * SEC / 5);
	ck_assert_uint_eq(mp->flush_host, 0);
	ck_assert_uint_eq(mp->late_max_ns, SEC / 100);
	ck_assert_uint_eq(mp->late_host, 1);
	/* what the text says under the phase: the flush (the writes overlap
	 * 62 points more), not the 10 ms late start (under MERGE_LATE_NS) */
	ck_assert(mp->flush_said && !mp->late_said);
	b->wall_start_ns = T0 + MERGE_LATE_NS;
	b->planned_ns = T0;
	merge_facts(m, h, 2);
	ck_assert(m->phase[PHASE_PUT_BLOCK].late_said);
	a->sync_ns = b->sync_ns = 0; /* nobody flushed: nothing to say */
	merge_facts(m, h, 2);
	ck_assert(!m->phase[PHASE_PUT_BLOCK].flush_said);
	free(m);
	free(h);
}
END_TEST

START_TEST(test_no_overlap)
{
	struct host_read *h = two_hosts();
	struct merge_result *m = calloc(1, sizeof *m);

	PB(h[1])->wall_start_ns = T0 + 3 * SEC;
	merge_facts(m, h, 2);
	ck_assert(m->phase[PHASE_PUT_BLOCK].done && !m->phase[PHASE_PUT_BLOCK].overlaps);
	ck_assert_double_eq(m->phase[PHASE_PUT_BLOCK].overlap, 0);
	free(m);
	free(h);
}
END_TEST

/* The two window rules keep their CPU apart: a 2-host merge's %CPU is a
 * host's (each host's CPU prorated into the window, over the hosts: their
 * mean) and its sync the hosts' mean of their syncs inside the window; a
 * 2-client merge's %CPU is the clients' sum (one machine's processes) and
 * its sync the longest. */
START_TEST(test_cpu_hosts_mean_clients_sum)
{
	struct host_read *h = two_hosts();
	struct merge_result *m = calloc(1, sizeof *m);
	struct run_result *r = calloc(1, sizeof *r);
	struct phase_result *c = calloc(3, sizeof *c);

	for (int i = 0; i < 2; i++) {
		PB(h[i])->cpu_ns = 8 * SEC / 5; /* 80% of its 2 s */
		PB(h[i])->sync_ns = 2 * SEC / 5;
	}
	ck_assert_int_eq(merge_hosts(m, h, 2, r), 0);
	/* each 1.6 s x 1.5 / 2 = 1.2 s, halved: 1.2 s over the 1.5 s window */
	ck_assert_uint_eq(r->phase[PHASE_PUT_BLOCK].cpu_ns, 6 * SEC / 5);
	ck_assert_uint_eq(metric_cpu_pct(&r->phase[PHASE_PUT_BLOCK]), 80);
	/* host 0's sync (its last 0.4 s) is inside the window, host 1's after it */
	ck_assert_uint_eq(r->phase[PHASE_PUT_BLOCK].sync_ns, SEC / 5);
	runner_result_init(&c[2]);
	for (int i = 0; i < 2; i++) {
		runner_result_init(&c[i]);
		c[i].status = PHASE_DONE;
		c[i].start_ns = SEC;
		c[i].elapsed_ns = SEC;
		c[i].units = c[i].bytes = 1000;
		c[i].cpu_ns = 4 * SEC / 5; /* 80% each */
		c[i].sync_ns = (uint64_t)(i + 1) * SEC / 5;
		phase_result_add_client(&c[2], &c[i]);
	}
	ck_assert_uint_eq(metric_cpu_pct(&c[2]), 160);
	ck_assert_uint_eq(c[2].sync_ns, 2 * SEC / 5);
	free(c);
	free(r);
	free(m);
	free(h);
}
END_TEST

/* A merged sweep level's spread is its clients' on the wall clock: two
 * hosts of two clients, all four active together from T0 + 0.5 s to T0 +
 * 1.8 s of T0 to T0 + 2 s, give the overlap 1.3 / 2 (a local sweep's
 * rule over the same times), fairness over the four rates (all 1000/s),
 * and the CPU the hosts' sum; clients fully together give overlap 1 (a
 * trusted point). */
START_TEST(test_sweep_level_spread)
{
	struct host_read *h = two_hosts();
	struct merge_result *m = calloc(1, sizeof *m);
	struct run_result *r = calloc(2, sizeof *r);
	struct json_client c0[2] = {{0, 2 * SEC, 2000}, {SEC / 10, 2 * SEC, 1900}};
	struct json_client c1[2] = {{0, SEC * 13 / 10, 1300}, {0, SEC * 3 / 2, 1500}}; /* from T0 + 0.5 s */
	const struct phase_result *p = &r[1].phase[PHASE_PUT_BLOCK];

	HPB(h[0])->client = c0;
	HPB(h[1])->client = c1;
	HPB(h[0])->client_n = HPB(h[1])->client_n = 2;
	PB(h[0])->wall_start_ns = T0;
	PB(h[0])->cpu_ns = PB(h[1])->cpu_ns = SEC;
	ck_assert_int_eq(merge_hosts(m, h, 2, &r[0]), 0);
	merge_sweep_run(&r[0], h, 2, &r[1]);
	ck_assert_uint_eq(p->spread.clients, 4);
	ck_assert_uint_eq(p->start_ns, T0);
	ck_assert_uint_eq(p->spread.busy_last_start_ns, T0 + SEC / 2);
	ck_assert_uint_eq(p->spread.busy_first_end_ns, T0 + SEC * 18 / 10);
	ck_assert_uint_eq(p->spread.busy_last_end_ns, T0 + 2 * SEC);
	ck_assert_double_eq_tol(sweep_overlap(p), 1.3 / 2.0, 1e-9);
	ck_assert_double_eq_tol(p->spread.rate_sum, 1000 + 1000 + 1000 + 1000, 1e-6);
	ck_assert_double_eq_tol(sweep_jain(p->spread.rate_sum, p->spread.rate_sq, 4), 1.0, 1e-9);
	ck_assert_uint_eq(p->cpu_ns, 2 * r[0].phase[PHASE_PUT_BLOCK].cpu_ns);
	/* every client from T0 + 0.5 s to T0 + 2 s: all together all along */
	PB(h[0])->wall_start_ns = T0 + SEC / 2;
	c0[0] = c0[1] = c1[0] = c1[1] = (struct json_client){0, SEC * 3 / 2, 1500};
	ck_assert_int_eq(merge_hosts(m, h, 2, &r[0]), 0);
	merge_sweep_run(&r[0], h, 2, &r[1]);
	ck_assert_double_eq(sweep_overlap(p), 1.0);
	merge_result_free(m);
	free(r);
	free(m);
	free(h);
}
END_TEST

static const char doc[] =
	"{\"tool\":\"bonnie\",\"version\":\"0.1.0\",\"config\":{\"machine\":\"h1\",\"file_size_bytes\":33554432,"
	"\"chunk_bytes\":8192,\"files\":1024,\"level_time_ns\":1000000000},"
	"\"schedule\":{\"start_at_ns\":1796220792000000000,\"slot_ns\":3000000000,\"phase_mask\":4086},"
	"\"runs\":[{\"clients\":2,\"phases\":[{\"name\":\"putc\",\"status\":\"not_run\"},"
	"{\"name\":\"put_block\",\"status\":\"done\",\"bytes\":400,\"operations\":40,\"elapsed_ns\":2000000000,"
	"\"wall_start_ns\":1796220792000222001,\"histogram_ns\":[[2464,2495,1],[4096,4159,3]],"
	"\"timeline\":{\"start_ns\":[0,1000000000],\"length_ns\":[1000000000,1000000000],"
	"\"bytes\":[100,300],\"operations\":[10,30]}}]}]}";

START_TEST(test_host_read)
{
	struct host_read *a = calloc(2, sizeof *a), *b = a + 1;
	char err[128];

	ck_assert_int_eq(host_read(a, doc, 0, err, sizeof err), 0);
	ck_assert_str_eq(a->name, "h1");
	ck_assert_uint_eq(PB(*a)->wall_start_ns, 1796220792000222001ull);
	ck_assert_uint_eq(PB(*a)->latency.count, 4);
	ck_assert_uint_eq(PB(*a)->latency.bucket[hist_bucket_of(4100)], 3);
	ck_assert_uint_eq(HPB(*a)->tl_n, 2);
	ck_assert_uint_eq(HPB(*a)->tl[1].bytes, 300);
	ck_assert(!a->phase[PHASE_PUTC].done);
	ck_assert_uint_eq(a->setup.clients, 2);
	ck_assert_uint_eq(a->setup.cpus, 0); /* not said */
	ck_assert_ptr_null(host_setup_differs(a, a));
	b->runs = a->runs;
	b->setup = a->setup;
	b->setup.file_size *= 2;
	ck_assert_str_eq(host_setup_differs(a, b), "file_size_bytes");
	b->setup.file_size = a->setup.file_size;
	strcpy(b->setup.version, "0.2.0");
	ck_assert_str_eq(host_setup_differs(a, b), "version");
	host_read_free(a);
	memset(a, 0, sizeof *a);
	/* not merged: a document without a schedule, or not JSON */
	ck_assert_int_eq(host_read(b, "{\"tool\":\"bonnie\",\"config\":{},\"runs\":[{}]}", 0, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "--start-at"));
	ck_assert_int_eq(host_read(b, "{\"tool\":", 0, err, sizeof err), -1);
	free(a);
}
END_TEST

/* A --clients sweep's document: run 1 is its second count; the host's own
 * command line is kept; a host of another number of runs differs in
 * "runs". */
static const char sweep_doc[] =
	"{\"tool\":\"bonnie\",\"version\":\"0.1.0\",\"command_line\":[\"bonnie\",\"--clients\",\"1,2\"],"
	"\"config\":{\"machine\":\"h1\"},\"environment\":{\"cpus\":6},\"schedule\":{\"start_at_ns\":1},"
	"\"runs\":[{\"clients\":1,\"phases\":[]},{\"clients\":2,\"phases\":[]}]}";

START_TEST(test_host_read_sweep)
{
	struct host_read *a = calloc(2, sizeof *a), *b = a + 1;
	char err[128];

	ck_assert_int_eq(host_read(a, sweep_doc, 1, err, sizeof err), 0);
	ck_assert_uint_eq(a->setup.clients, 2);
	ck_assert_uint_eq(a->runs, 2);
	ck_assert_uint_eq(a->argc, 3);
	ck_assert_str_eq(a->argv[2], "1,2");
	ck_assert_uint_eq(a->setup.cpus, 6); /* the host's cores, for the sweep's CPU rule */
	ck_assert_int_eq(host_read(b, sweep_doc, 2, err, sizeof err), -1); /* no third count */
	host_read_free(b);
	memset(b, 0, sizeof *b);
	ck_assert_int_eq(host_read(b, doc, 0, err, sizeof err), 0);
	b->setup.clients = a->setup.clients;
	b->setup.start_at_ns = a->setup.start_at_ns;
	ck_assert_str_eq(host_setup_differs(a, b), "runs");
	host_read_free(a);
	host_read_free(b);
	ck_assert_ptr_null(a->argv);
	free(a);
}
END_TEST

/* The seeks a host did, which the merged CSV line sums: the run's
 * counts.seeks in the host's run_read, 0 when past the sum's bound (2^56)
 * or not a count. */
START_TEST(test_host_seeks)
{
	static const char *const seeks[] = {"8000", "144115188075855872", "-5"};
	static const uint64_t want[] = {8000, 0, 0};
	struct host_read *h = calloc(1, sizeof *h);
	char text[512], err[128];

	ck_assert_ptr_nonnull(h);
	for (size_t i = 0; i < 3; i++) {
		snprintf(text, sizeof text, "{\"tool\":\"bonnie\",\"config\":{\"machine\":\"h\"},"
		         "\"schedule\":{\"start_at_ns\":1},\"runs\":[{\"counts\":{\"seeks\":%s},\"phases\":[]}]}",
		         seeks[i]);
		ck_assert_int_eq(host_read(h, text, 0, err, sizeof err), 0);
		ck_assert_uint_eq(h->read.run.counts.seeks, want[i]);
		host_read_free(h);
		memset(h, 0, sizeof *h);
	}
	free(h);
}
END_TEST

/* bonnie merge reads each FILE whole with input_read_all: in uneven
 * pieces, across the window's growth, it is the whole text; a source that
 * fails part way is an error with no text, never the part read before. */
struct drip {
	const char *text;
	size_t len, off, step, fail_at; /* fail_at 0: never */
};

static long drip(void *ctx, char *buf, size_t cap)
{
	struct drip *d = ctx;
	size_t n = d->len - d->off;

	if (d->fail_at && d->off >= d->fail_at) {
		errno = EIO;
		return -1;
	}
	n = n < d->step ? n : d->step;
	n = n < cap ? n : cap;
	memcpy(buf, d->text + d->off, n);
	d->off += n;
	return (long)n;
}

START_TEST(test_read_all)
{
	size_t big = (3u << 20) + 7, len = 1;
	char *src = malloc(big), *text = NULL;

	for (size_t i = 0; i < big; i++)
		src[i] = (char)('a' + i % 23);
	struct drip d = {src, big, 0, 100003, 0};
	ck_assert_int_eq(input_read_all(drip, &d, &text, &len), 0);
	ck_assert_uint_eq(len, big);
	ck_assert_int_eq(memcmp(text, src, big), 0);
	ck_assert_int_eq(text[big], '\0');
	free(text);
	/* fails after 200 KiB: no text, errno kept */
	d = (struct drip){src, big, 0, 4096, 200u << 10};
	ck_assert_int_eq(input_read_all(drip, &d, &text, &len), -2);
	ck_assert_int_eq(errno, EIO);
	ck_assert_ptr_null(text);
	ck_assert_uint_eq(len, 0);
	/* an empty source is an empty text */
	d = (struct drip){src, 0, 0, 4096, 0};
	ck_assert_int_eq(input_read_all(drip, &d, &text, &len), 0);
	ck_assert_uint_eq(len, 0);
	ck_assert_str_eq(text, "");
	free(text);
	/* through stdio: a directory opens but does not read */
	FILE *f = fopen(".", "rb");
	if (f) {
		ck_assert_int_eq(input_read_all(input_from_stdio, f, &text, &len), -2);
		ck_assert_int_eq(errno, EISDIR);
		ck_assert_ptr_null(text);
		fclose(f);
	}
	free(src);
}
END_TEST

/* -c 2 on each of two hosts: each client's rate over its own start to end,
 * the slowest of the four over their mean; a host without per-client
 * results leaves the client fairness unknown (< 0). */
START_TEST(test_client_fairness)
{
	struct host_read *h = two_hosts();
	struct merge_result *m = calloc(1, sizeof *m);
	struct json_client c0[2] = {{0, SEC, 1000}, {0, 2 * SEC, 1000}};   /* 1000/s and 500/s */
	struct json_client c1[2] = {{0, SEC / 2, 1000}, {SEC, 2 * SEC, 500}}; /* 2000/s and 500/s */

	HPB(h[0])->client = c0;
	HPB(h[0])->client_n = 2;
	merge_facts(m, h, 2);
	ck_assert(m->phase[PHASE_PUT_BLOCK].client_fairness < 0); /* host 1 has none */
	HPB(h[1])->client = c1;
	HPB(h[1])->client_n = 2;
	merge_facts(m, h, 2);
	const struct merge_phase *mp = &m->phase[PHASE_PUT_BLOCK];
	/* each client's rate kept, host by host: the JSON's clients[].rate */
	ck_assert_uint_eq(mp->client_rates, 4);
	ck_assert_double_eq_tol(mp->client_rate[0], 1000, 1e-9);
	ck_assert_double_eq_tol(mp->client_rate[1], 500, 1e-9);
	ck_assert_double_eq_tol(mp->client_rate[2], 2000, 1e-9);
	ck_assert_double_eq_tol(mp->client_rate[3], 500, 1e-9);
	/* mean (1000 + 500 + 2000 + 500) / 4 = 1000: the slowest, 500/s, is half */
	ck_assert_double_eq_tol(mp->client_fairness, 0.5, 1e-9);
	ck_assert_uint_eq(mp->slowest_client_host, 0);
	ck_assert_uint_eq(mp->slowest_client, 1);
	merge_result_free(m);
	free(m);
	free(h);
}
END_TEST

/* A host document of machine m (JSON text), config members cfg, and the
 * phases listed (JSON objects) read into h; host_read's return. */
static int read_one(struct host_read *h, const char *m, const char *cfg, const char *phases, char *err)
{
	char text[2048];

	snprintf(text, sizeof text, "{\"tool\":\"bonnie\",\"version\":\"0.1.0\",\"config\":{\"machine\":\"%s\"%s},"
	         "\"schedule\":{\"start_at_ns\":1,\"phase_mask\":2},\"runs\":[{\"clients\":1,\"phases\":[%s]}]}", m, cfg,
	         phases);
	host_read_free(h);
	memset(h, 0, sizeof *h);
	return host_read(h, text, 0, err, 200);
}

#define PUT_BLOCK(bytes, elapsed)                                                                          \
	"{\"name\":\"put_block\",\"status\":\"done\",\"bytes\":" bytes ",\"operations\":40,\"elapsed_ns\":" elapsed \
	",\"wall_start_ns\":1796220792000222001,\"timeline\":{\"start_ns\":[0],\"length_ns\":[1],\"bytes\":[1],"     \
	"\"operations\":[1]}}"

/* A count is digits alone: a sign, fraction, exponent, string or a value
 * past the bound is none (jt_u64 read -5e8 as 0, 1e308 as 1). */
START_TEST(test_count_of)
{
	struct jt t;
	char err[64];
	uint64_t v = 7;

	ck_assert_int_eq(jt_parse(&t, "[0, 18446744073709551615, 18446744073709551616, -5e8, 1e308, \"5\", 1.0, 12]",
	                          err, sizeof err), 0);
	ck_assert(jt_count_of(&t, jt_at(&t, 0, 0), UINT64_MAX, &v) && v == 0);
	ck_assert(jt_count_of(&t, jt_at(&t, 0, 1), UINT64_MAX, &v) && v == UINT64_MAX);
	for (size_t i = 2; i < 7; i++)
		ck_assert_msg(!jt_count_of(&t, jt_at(&t, 0, i), UINT64_MAX, &v) && v == 0, "element %zu", i);
	ck_assert(jt_count_of(&t, jt_at(&t, 0, 7), 12, &v) && v == 12);
	ck_assert(!jt_count_of(&t, jt_at(&t, 0, 7), 11, &v));
	jt_free(&t);
}
END_TEST

/* A done phase with a value that is not a count, or a status other than
 * done, is read as not measured, with why; the document is still read. */
START_TEST(test_host_values)
{
	static const struct {
		const char *phase, *why;
	} cases[] = {
		{PUT_BLOCK("-5e8", "2000000000"), "bytes is -5e8, not a count"},
		{PUT_BLOCK("1e308", "2000000000"), "bytes is 1e308, not a count"},
		{PUT_BLOCK("\"5\"", "2000000000"), "bytes is not a number"},
		{PUT_BLOCK("400", "1e999"), "elapsed_ns is 1e999, not a count"},
		{PUT_BLOCK("400", "99999999999999999999999"), "elapsed_ns is 99999999999999999999999, not a count"},
		{PUT_BLOCK("400", "0"), "elapsed_ns is 0"},
		{"{\"name\":\"put_block\",\"status\":\"done\",\"bytes\":400}", "no operations"},
		{"{\"name\":\"put_block\",\"status\":\"interrupted\"}", "status \"interrupted\""},
	};
	struct host_read *h = calloc(1, sizeof *h);
	char err[200];

	ck_assert_int_eq(read_one(h, "h", "", PUT_BLOCK("400", "2000000000"), err), 0);
	ck_assert(h->phase[PHASE_PUT_BLOCK].done);
	ck_assert_uint_eq(PB(*h)->elapsed_ns, 2000000000);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_int_eq(read_one(h, "h", "", cases[i].phase, err), 0);
		ck_assert_msg(!h->phase[PHASE_PUT_BLOCK].done, "case %zu", i);
		ck_assert_str_eq(h->phase[PHASE_PUT_BLOCK].why, cases[i].why);
	}
	host_read_free(h);
	free(h);
}
END_TEST

/* Refused documents: a phase listed twice (read over the first, its
 * timeline leaked), -x 2 (its runs would merge as a sweep's counts), a
 * setup value that is not a count. */
START_TEST(test_host_refused)
{
	struct host_read *h = calloc(1, sizeof *h);
	char err[200];

	ck_assert_int_eq(read_one(h, "h", "", PUT_BLOCK("400", "2000000000") "," PUT_BLOCK("400", "2000000000"), err), -1);
	ck_assert_str_eq(err, "put_block is listed twice");
	ck_assert_int_eq(read_one(h, "h", ",\"runs\":2", PUT_BLOCK("400", "2000000000"), err), -1);
	ck_assert_ptr_nonnull(strstr(err, "run with -x 2: merging repeated runs is not supported"));
	ck_assert_int_eq(read_one(h, "h", ",\"runs\":1", PUT_BLOCK("400", "2000000000"), err), 0);
	ck_assert_int_eq(read_one(h, "h", ",\"file_size_bytes\":-1", PUT_BLOCK("400", "2000000000"), err), -1);
	ck_assert_str_eq(err, "config.file_size_bytes is not a count");
	host_read_free(h);
	free(h);
}
END_TEST

/* The machine name as compare reads it: escapes decoded, then sanitized
 * (an unsafe character shown as \xHH), never cut inside a character. */
START_TEST(test_host_name)
{
	struct host_read *h = calloc(1, sizeof *h);
	char err[200], long_name[129] = "";

	ck_assert_int_eq(read_one(h, "rack \\\"A\\\"\\\\1", "", "", err), 0);
	ck_assert_str_eq(h->name, "rack \"A\"\\1");
	for (int i = 0; i < 64; i++)
		strcat(long_name, "\xc3\xa9"); /* é: -m's 128 bytes */
	ck_assert_int_eq(read_one(h, long_name, "", "", err), 0);
	ck_assert_str_eq(h->name, long_name);
	ck_assert_int_eq(read_one(h, "a\\u001b[31m\xe2\x80\xae" "b", "", "", err), 0);
	ck_assert_str_eq(h->name, "a?[31m\\xe2\\x80\\xae" "b"); /* compare's '?' for an escaped ESC */
	ck_assert_int_eq(read_one(h, "a\x1b[31m", "", "", err), -1); /* not JSON: compare skips it too */
	ck_assert_ptr_nonnull(strstr(err, "a control character in a string"));
	host_read_free(h);
	free(h);
}
END_TEST

/* The merged run's setup is what the hosts recorded: of hosts that
 * planned only file phases (--phases seq_create), the merged table and CSV
 * line say no data file (the hosts' own lines leave its fields empty; a
 * merge of them said 16M, 8k, seeks and processes of nothing tested). */
static char *merged_csv(const struct host_read *h)
{
	struct run_result *run = calloc(1, sizeof *run);
	struct run_setup s;
	struct run_view *v = malloc(sizeof *v);
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(run);
	ck_assert_ptr_nonnull(v);
	ck_assert_ptr_nonnull(out);
	merge_setup_of(h, 2, &s);
	view_of_setup_run(&s, run, NULL, v);
	report_csv(out, v);
	fclose(out);
	free(run);
	free(v);
	return text;
}

START_TEST(test_setup_as_recorded)
{
	struct host_read *h = calloc(1, sizeof *h);
	char *all, *files;

	ck_assert_ptr_nonnull(h);
	h->setup.file_size = 16ull << 20;
	h->setup.chunk = 8192;
	h->setup.seek_workers = 5;
	h->setup.files = 1024;
	all = merged_csv(h); /* no mask recorded: every phase */
	h->setup.phase_mask = 1u << PHASE_SEQ_CREATE;
	files = merged_csv(h);
	ck_assert_ptr_nonnull(strstr(all, ",merged-2,"));
	ck_assert_ptr_nonnull(strstr(all, ",16M,8k,"));
	ck_assert_ptr_null(strstr(files, "16M"));
	ck_assert_ptr_nonnull(strstr(files, ",merged-2,1,0,,,,,"));
	free(all);
	free(files);
	free(h);
}
END_TEST

Suite *suite_merge_hosts(void)
{
	Suite *s = suite_create("merge_hosts");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_intersect);
	tcase_add_test(tc, test_window_and_sums);
	tcase_add_test(tc, test_cpu_hosts_mean_clients_sum);
	tcase_add_test(tc, test_timeline_prorates);
	tcase_add_test(tc, test_no_overlap);
	tcase_add_test(tc, test_host_read);
	tcase_add_test(tc, test_host_read_sweep);
	tcase_add_test(tc, test_host_seeks);
	tcase_add_test(tc, test_final_flush_apart);
	tcase_add_test(tc, test_read_all);
	tcase_add_test(tc, test_client_fairness);
	tcase_add_test(tc, test_sweep_level_spread);
	tcase_add_test(tc, test_count_of);
	tcase_add_test(tc, test_host_values);
	tcase_add_test(tc, test_host_refused);
	tcase_add_test(tc, test_host_name);
	tcase_add_test(tc, test_setup_as_recorded);
	suite_add_tcase(s, tc);
	return s;
}
