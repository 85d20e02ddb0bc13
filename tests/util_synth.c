/* Synthetic results for the formatter tests. The values are chosen so
 * that every figure is exact: e.g. 512 MiB in 1.6 s is 327680 KiB/s. */
#include "util_synth.h"
#include "../options/options.h"
#include "../phases/loop/phase_timeline.h"
#include "../phases/runner/runner.h"
#include "../report/report.h"
#include "../report/model/session_view.h"
#include "../report/model/view.h"

#include <check.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MS 1000000ull
#define US 1000ull

void synth_phase(struct run_result *run, enum phase_id id, uint64_t units, uint64_t elapsed_ns,
                 uint64_t cpu_ns, uint64_t lat_ns)
{
	struct phase_result *r = &run->phase[id];

	runner_result_init(r);
	r->status = PHASE_DONE;
	r->units = units;
	r->bytes = phase_unit(id) == RATE_BYTES ? units : 0;
	r->elapsed_ns = elapsed_ns;
	r->cpu_ns = cpu_ns;
	/* CONF_MIN_OPS operations, all alike: enough samples for no '#' mark */
	for (int i = 0; i < 100; i++)
		hist_add(&r->latency, lat_ns);
}

void synth_config(struct config *cfg)
{
	char a0[] = "bonnie", a1[] = "-s", a2[] = "512m", a3[] = "-n", a4[] = "4", a5[] = "-z",
	     a6[] = "12345", a7[] = "-m", a8[] = "vm";
	char *argv[] = {a0, a1, a2, a3, a4, a5, a6, a7, a8, NULL};
	char err[256];

	if (options_parse(9, argv, "host", cfg, err, sizeof err) != OPT_RUN)
		abort();
}

void synth_full_run(struct run_result *run)
{
	memset(run, 0, sizeof *run);
	for (int i = 0; i < PHASE_COUNT; i++)
		runner_result_init(&run->phase[i]);
	run->index = 1;
	run->seed = 12345;
	/* 3 MiB in 6 s = 512 KiB/s, 99% CPU */
	synth_phase(run, PHASE_PUTC, 3ull << 20, 6000 * MS, 5940 * MS, 28168 * US);
	/* 512 MiB in 1.6 s = 327680 KiB/s (320m), 78% */
	synth_phase(run, PHASE_PUT_BLOCK, 512ull << 20, 1600 * MS, 1248 * MS, 598 * US);
	/* 512 MiB in 0.8 s = 655360 KiB/s (640m), 65% */
	synth_phase(run, PHASE_REWRITE, 512ull << 20, 800 * MS, 520 * MS, 279 * US);
	synth_phase(run, PHASE_GETC, 3ull << 20, 6000 * MS, 5940 * MS, 23885 * US);
	/* 512 MiB in 0.25 s = 2097152 KiB/s (2.0g), 40%, under 0.5 s */
	synth_phase(run, PHASE_GET_BLOCK, 512ull << 20, 250 * MS, 100 * MS, 705 * US);
	/* 8816 seeks in 1 s, 32% */
	synth_phase(run, PHASE_SEEKS, 8816, 1000 * MS, 320 * MS, 21617 * US);
	/* 4096 files: 1 s, 0.1 s, 0.5 s, 2 s, 0.01 s, 0.25 s */
	synth_phase(run, PHASE_SEQ_CREATE, 4096, 1000 * MS, 920 * MS, 17315 * US);
	synth_phase(run, PHASE_SEQ_STAT, 4096, 100 * MS, 99 * MS, 185 * US);
	synth_phase(run, PHASE_SEQ_DEL, 4096, 500 * MS, 250 * MS, 1085 * US);
	synth_phase(run, PHASE_RAN_CREATE, 4096, 2000 * MS, 1360 * MS, 37609 * US);
	synth_phase(run, PHASE_RAN_STAT, 4096, 10 * MS, 10 * MS, 147 * US);
	synth_phase(run, PHASE_RAN_DEL, 4096, 250 * MS, 200 * MS, 11964 * US);
	/* final syncs: 512 MiB in 1.2 s before it = 427m; in 0.64 s = 800m;
	 * 4096 files in 0.5 s = 8192/s; in 1 s = 4096/s */
	run->phase[PHASE_PUT_BLOCK].sync_ns = 400 * MS;
	run->phase[PHASE_REWRITE].sync_ns = 160 * MS;
	run->phase[PHASE_SEQ_CREATE].sync_ns = 500 * MS;
	run->phase[PHASE_RAN_CREATE].sync_ns = 1000 * MS;
}

/* Every phase's device counters: what the phase moved reached the device
 * (reads as read, the rest as written), so only a phase set otherwise is
 * marked as served from the page cache. */
static void synth_device_counted(struct run_result *run)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		struct phase_result *r = &run->phase[i];
		if (r->status != PHASE_DONE || phase_unit((enum phase_id)i) != RATE_BYTES)
			continue;
		r->dev.valid = true;
		r->dev.read_bytes = r->read_bytes;
		r->dev.write_bytes = r->bytes - r->read_bytes;
	}
}

void synth_mixed_run(struct run_result *run)
{
	struct phase_result *r;

	synth_full_run(run);
	/* per-char write of 83 operations (83 bytes): too few for a p99 */
	r = &run->phase[PHASE_PUTC];
	synth_phase(run, PHASE_PUTC, 0, 0, 0, 0);
	hist_init(&r->latency);
	for (int i = 0; i < 83; i++)
		hist_add(&r->latency, (uint64_t)(20 + i) * US);
	r->units = r->bytes = 83;
	r->elapsed_ns = 83 * 25 * US;
	r->cpu_ns = 83 * 20 * US;
	/* per-char read not run (-f would skip it) */
	runner_result_init(&run->phase[PHASE_GETC]);
	/* block read: 0.25 s (short), read_bytes > 0 and 10% of it from the
	 * device (served from the page cache) */
	run->phase[PHASE_GET_BLOCK].read_bytes = run->phase[PHASE_GET_BLOCK].bytes;
	/* rewrite reads the file back as it rewrites it */
	run->phase[PHASE_REWRITE].read_bytes = run->phase[PHASE_REWRITE].bytes / 2;
	synth_device_counted(run);
	run->phase[PHASE_GET_BLOCK].dev.read_bytes = run->phase[PHASE_GET_BLOCK].bytes / 10;
	/* random create failed part way; what follows it never ran */
	r = &run->phase[PHASE_RAN_CREATE];
	r->status = PHASE_FAILED;
	op_error_set(&r->error, 28, "create", "/scratch/bonnie.1/ran/00001f", -1);
	runner_result_init(&run->phase[PHASE_RAN_STAT]);
	runner_result_init(&run->phase[PHASE_RAN_DEL]);
}

void synth_repeat_run(struct run_result *run, unsigned index)
{
	/* the runs' times differ by a few percent: 100%, 104%, 97%, ... */
	static const unsigned pct[] = {100, 104, 97, 101};
	unsigned p = pct[(index - 1) % 4];

	synth_full_run(run);
	run->index = index;
	for (int i = 0; i < PHASE_COUNT; i++) {
		struct phase_result *r = &run->phase[i];
		r->elapsed_ns = r->elapsed_ns / 100 * p;
		r->cpu_ns = r->cpu_ns / 100 * p;
		r->sync_ns = r->sync_ns / 100 * p;
	}
}

/* One count of the sweep: each client's rate is the phase's at one client
 * times scale[level] / clients, so the aggregate rises to 2 clients and
 * flattens at 4; latencies grow 1x, 1.2x, 5x (the p99 knee at 4). */
void synth_sweep_run(struct run_result *run, uint32_t clients)
{
	static const unsigned scale_pct[] = {100, 180, 190};
	static const unsigned lat_pct[] = {100, 120, 500};
	unsigned l = clients >= 4 ? 2 : clients >= 2 ? 1 : 0;

	synth_full_run(run);
	run->clients = clients;
	for (int i = 0; i < PHASE_COUNT; i++) {
		struct phase_result *r = &run->phase[i];
		struct client_spread *s = &r->spread;
		uint64_t lat = hist_percentile(&r->latency, 50.0) / 100 * lat_pct[l];
		double rate;

		r->elapsed_ns = r->elapsed_ns / scale_pct[l] * 100;
		r->cpu_ns = r->cpu_ns / scale_pct[l] * 100;
		hist_init(&r->latency);
		for (int k = 0; k < 100; k++)
			hist_add(&r->latency, lat);
		rate = (double)r->units / ((double)r->elapsed_ns / 1e9);
		r->start_ns = 1000 * MS;
		if (clients < 2)
			continue;
		s->clients = clients;
		s->rate_min = rate / clients * 0.9;
		s->rate_max = rate / clients * 1.1;
		s->rate_sum = rate;
		s->rate_sq = clients * (rate / clients) * (rate / clients);
		s->skew_ns = 2 * MS;
		s->busy_last_start_ns = r->start_ns + 2 * MS;
		s->busy_first_end_ns = r->start_ns + r->elapsed_ns - r->elapsed_ns / 20;
		s->busy_last_end_ns = r->start_ns + r->elapsed_ns;
	}
}

/* Interval i's share of the phase's work, in percent of a steady one:
 * the per-char write (6 s, long enough to judge) falls to 40% for its
 * second half, the per-char read does nothing for ten intervals (1 s)
 * in the middle (no operation took 1 s: noisy, not stalled), the rest
 * are steady. */
static unsigned synth_weight(enum phase_id id, uint32_t i, uint32_t n)
{
	if (id == PHASE_PUTC && i >= n / 2)
		return 40;
	if (id == PHASE_GETC && i >= n / 2 && i < n / 2 + 10)
		return 0;
	return 100;
}

/* One phase's series: 100 ms intervals over the time before its final
 * sync (the sync after them), the units and operations spread by
 * synth_weight, each interval's latencies the phase's. */
static void synth_series(const struct phase_result *r, enum phase_id id, struct tl_series *s)
{
	uint64_t run_ns = r->elapsed_ns - r->sync_ns, lat = hist_percentile(&r->latency, 50.0);
	uint64_t units_left = phase_unit(id) == RATE_BYTES ? r->bytes : r->units, ops_left = r->latency.count;
	uint64_t wsum = 0;

	memset(s, 0, sizeof *s);
	s->present = true;
	s->start_ns = r->start_ns;
	s->width_ns = TL_BASE_NS;
	s->n = (uint32_t)((run_ns + TL_BASE_NS - 1) / TL_BASE_NS);
	s->last_len_ns = run_ns - (uint64_t)(s->n - 1) * TL_BASE_NS;
	for (uint32_t i = 0; i < s->n; i++)
		wsum += synth_weight(id, i, s->n) * tl_series_len(s, i);
	for (uint32_t i = 0; i < s->n; i++) {
		struct tl_point *p = &s->pt[i];
		uint64_t w = synth_weight(id, i, s->n) * tl_series_len(s, i);
		uint64_t units = i + 1 == s->n ? units_left : (uint64_t)((double)units_left * w / wsum);
		uint64_t ops = i + 1 == s->n ? ops_left : (uint64_t)((double)ops_left * w / wsum);

		wsum -= w;
		units_left -= units;
		ops_left -= ops;
		p->bytes = phase_unit(id) == RATE_BYTES ? units : 0;
		p->ops = phase_unit(id) == RATE_BYTES ? ops : units;
		if (p->ops)
			p->p50_ns = p->p99_ns = p->max_ns = lat;
	}
	if (r->sync_ns) {
		s->sync.present = true;
		s->sync.start_ns = run_ns;
		s->sync.len_ns = r->sync_ns;
	}
}

void synth_timelines(struct run_result *run, struct run_timelines *tls)
{
	memset(tls, 0, sizeof *tls);
	for (int i = 0; i < PHASE_COUNT; i++) {
		struct phase_result *r = &run->phase[i];
		if (r->status != PHASE_DONE || r->elapsed_ns <= r->sync_ns)
			continue;
		synth_series(r, (enum phase_id)i, &tls->phase[i]);
		phase_verdict((enum phase_id)i, &tls->phase[i], r);
	}
}

int synth_split_csv(char *buf, char **fields, int max)
{
	int n = 0;
	char *p = buf;

	buf[strcspn(buf, "\n")] = '\0';
	for (;;) {
		char *comma = strchr(p, ',');
		if (n < max)
			fields[n] = p;
		n++;
		if (comma == NULL)
			break;
		*comma = '\0';
		p = comma + 1;
	}
	return n;
}

const struct run_view *synth_view(const struct config *cfg, const struct run_result *run)
{
	static struct run_view v;

	view_of_run(cfg, run, NULL, &v);
	return &v;
}

const struct session_view *synth_session(const struct config *cfg)
{
	static struct session_view s;

	session_view_of(cfg, &s);
	return &s;
}

/* The table (csv false) or the CSV line of run, from its view as the
 * run session builds it. */
static char *capture(bool csv, const struct config *cfg, const struct run_result *run)
{
	const struct run_view *v = synth_view(cfg, run);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		abort();
	if (csv)
		report_csv(f, v);
	else
		report_table(f, v);
	fclose(f);
	return buf;
}

char *synth_capture_csv(const struct config *cfg, const struct run_result *run)
{
	return capture(true, cfg, run);
}

char *synth_capture_table(const struct config *cfg, const struct run_result *run)
{
	return capture(false, cfg, run);
}

void synth_enter_comma_locale(void)
{
	char probe[16];

	ck_assert_msg(setlocale(LC_ALL, "de_DE.UTF-8") != NULL,
	              "locale de_DE.UTF-8 is missing: run tests/deps.sh as root");
	snprintf(probe, sizeof probe, "%.1f", 1.5);
	ck_assert_str_eq(probe, "1,5"); /* the locale really uses a comma */
}
