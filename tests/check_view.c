/* view: the one view of a measured run (report/model/view.h) on synthetic
 * results: states, rates, CPU, the percentiles a sample count supports,
 * marks from confidence_of, the run's status and counts. */
#include "suites.h"
#include "util_synth.h"
#include "../report/model/metrics.h"
#include "../report/report.h"
#include "../report/model/sweep_model.h"
#include "../report/model/view.h"
#include "../input/run_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MS 1000000ull
#define US 1000ull

static struct run_result run;
static struct config cfg;
static struct run_view v;
static struct view_timeline tl;

static void setup(void)
{
	synth_config(&cfg);
	synth_full_run(&run);
}

/* n operations of latency 1 ms .. n ms: the percentiles differ. */
static void spread_latency(enum phase_id id, uint64_t n)
{
	hist_init(&run.phase[id].latency);
	for (uint64_t i = 1; i <= n; i++)
		hist_add(&run.phase[id].latency, i * MS);
}

START_TEST(one_list)
{
	ck_assert_uint_eq(VIEW_PCTS, 6);
	ck_assert_str_eq(view_pcts[VIEW_P99_9].label, "p99.9");
	ck_assert_str_eq(view_pcts[VIEW_P99_9].key, "p99_9");
	ck_assert_str_eq(view_pcts[VIEW_MAX].label, "max");
	for (int k = 1; k < VIEW_PCTS; k++)
		ck_assert(view_pcts[k].p > view_pcts[k - 1].p);
}
END_TEST

START_TEST(rates_cpu_states)
{
	run.phase[PHASE_SEQ_DEL].status = PHASE_NOT_RUN;
	run.phase[PHASE_RAN_DEL].status = PHASE_FAILED;
	view_of_run(&cfg, &run, NULL, &v);
	ck_assert_int_eq(v.phase[PHASE_PUT_BLOCK].state, CELL_VALUE);
	ck_assert_double_eq_tol(v.phase[PHASE_PUT_BLOCK].rate, 327680.0, 1e-6);
	ck_assert(v.phase[PHASE_PUT_BLOCK].sync_split);
	ck_assert_double_eq_tol(v.phase[PHASE_PUT_BLOCK].rate_unsynced,
	                        metric_rate_unsynced(PHASE_PUT_BLOCK, &run.phase[PHASE_PUT_BLOCK]), 1e-9);
	ck_assert(!v.phase[PHASE_SEEKS].sync_split);
	ck_assert(v.phase[PHASE_SEEKS].rate_unsynced < 0);
	ck_assert_int_eq(v.phase[PHASE_PUT_BLOCK].cpu_pct, 78);
	ck_assert_int_eq(v.phase[PHASE_SEQ_DEL].state, CELL_NOT_RUN);
	ck_assert_int_eq(v.phase[PHASE_SEQ_DEL].cpu_pct, -1);
	ck_assert_int_eq(v.phase[PHASE_SEQ_DEL].pct_ns[VIEW_MAX], -1);
	ck_assert_int_eq(v.phase[PHASE_RAN_DEL].state, CELL_FAILED);
	ck_assert_double_eq(v.phase[PHASE_RAN_DEL].rate, 0.0);
	ck_assert_int_eq(v.phase[PHASE_RAN_DEL].mark, ' ');
	ck_assert_int_eq(v.status, PHASE_FAILED);
	ck_assert_uint_eq(v.phase[PHASE_PUTC].operations, 100);
	ck_assert_uint_eq(v.phase[PHASE_PUTC].duration_ns, 6000 * MS);
}
END_TEST

/* 83 operations (the per-char phase of the issue): a median and p90 but
 * no p99; 1000 support p99.9, not p99.99. */
START_TEST(percentiles_supported)
{
	spread_latency(PHASE_PUTC, 83);
	spread_latency(PHASE_SEEKS, 1000);
	view_of_run(&cfg, &run, NULL, &v);
	ck_assert(view_has_pct(&v.phase[PHASE_PUTC], VIEW_P50));
	ck_assert(view_has_pct(&v.phase[PHASE_PUTC], VIEW_P90));
	ck_assert(!view_has_pct(&v.phase[PHASE_PUTC], VIEW_P99));
	ck_assert(!view_has_pct(&v.phase[PHASE_PUTC], VIEW_P99_9));
	ck_assert_int_eq(v.phase[PHASE_PUTC].pct_ns[VIEW_MAX], (int64_t)(83 * MS));
	ck_assert_int_eq(v.phase[PHASE_PUTC].pct_ns[VIEW_P50],
	                 (int64_t)metric_latency_pct(&run.phase[PHASE_PUTC], 50));
	ck_assert(view_has_pct(&v.phase[PHASE_SEEKS], VIEW_P99_9));
	ck_assert(!view_has_pct(&v.phase[PHASE_SEEKS], VIEW_P99_99));
	/* one sample: only the maximum */
	spread_latency(PHASE_SEQ_STAT, 1);
	view_of_run(&cfg, &run, NULL, &v);
	ck_assert(!view_has_pct(&v.phase[PHASE_SEQ_STAT], VIEW_P50));
	ck_assert_int_eq(v.phase[PHASE_SEQ_STAT].pct_ns[VIEW_MAX], (int64_t)MS);
}
END_TEST

START_TEST(marks_from_confidence)
{
	double cv[PHASE_COUNT];

	for (int i = 0; i < PHASE_COUNT; i++)
		cv[i] = -1;
	cv[PHASE_SEEKS] = 25.0;
	spread_latency(PHASE_PUTC, 83);
	view_of_run(&cfg, &run, cv, &v);
	/* 0.25 s: short, the one rule */
	ck_assert(v.phase[PHASE_GET_BLOCK].low_confidence);
	ck_assert_uint_eq(v.phase[PHASE_GET_BLOCK].conf.reasons, CONF_SHORT);
	ck_assert_int_eq(v.phase[PHASE_GET_BLOCK].mark, '~');
	ck_assert_uint_eq(v.phase[PHASE_PUTC].conf.reasons, CONF_FEW_OPS);
	ck_assert_int_eq(v.phase[PHASE_PUTC].mark, '#');
	ck_assert_uint_eq(v.phase[PHASE_SEEKS].conf.reasons, CONF_UNSTABLE);
	ck_assert_int_eq(v.phase[PHASE_SEEKS].mark, '!');
	ck_assert(!v.phase[PHASE_PUT_BLOCK].low_confidence);
	ck_assert_int_eq(v.phase[PHASE_PUT_BLOCK].mark, ' ');
}
END_TEST

START_TEST(run_facts)
{
	run.clients = 0;
	run.counts.seeks = 0;
	run.counts.files_k = 7;
	view_of_run(&cfg, &run, NULL, &v);
	ck_assert_int_eq(v.status, PHASE_DONE);
	ck_assert(v.seed_known);
	ck_assert_uint_eq(v.seed, 12345);
	ck_assert_uint_eq(v.clients, 1);
	ck_assert_uint_eq(v.index, 1);
	ck_assert_uint_eq(v.seeks, cfg.seeks); /* none recorded: the configuration's */
	ck_assert_uint_eq(v.files_k, 7);       /* recorded: what ran */
	ck_assert_uint_eq(v.counts.seeks, 0);    /* as recorded, for the JSON */
	ck_assert_uint_eq(v.counts.files_k, 7);
	run.interrupted = true;
	view_of_run(&cfg, &run, NULL, &v);
	ck_assert_int_eq(v.status, PHASE_INTERRUPTED);
}
END_TEST

/* An interrupted phase: no rate, no mark, not a value; what it completed
 * (operations, duration, %CPU, latencies) stays for the JSON. */
START_TEST(interrupted_keeps_its_facts)
{
	run.phase[PHASE_SEEKS].status = PHASE_INTERRUPTED;
	run.interrupted = true;
	view_of_run(&cfg, &run, NULL, &v);
	ck_assert_int_eq(v.phase[PHASE_SEEKS].state, CELL_FAILED);
	ck_assert_int_eq(v.phase[PHASE_SEEKS].status, PHASE_INTERRUPTED);
	ck_assert_double_eq(v.phase[PHASE_SEEKS].rate, 0.0);
	ck_assert_int_eq(v.phase[PHASE_SEEKS].mark, ' ');
	ck_assert_uint_eq(v.phase[PHASE_SEEKS].operations, 100);
	ck_assert_int_eq(v.phase[PHASE_SEEKS].cpu_pct, 32);
	ck_assert(view_has_pct(&v.phase[PHASE_SEEKS], VIEW_MAX));
	ck_assert_int_eq(v.status, PHASE_INTERRUPTED);
}
END_TEST

/* What only a measured run has is copied, not pointed to: a failed
 * phase's rate over what it completed (the JSON's), every latency as the
 * histogram gives it even where the count does not support it, the
 * clients' rates in the phase's unit, the sync time, the ARC's hits. */
START_TEST(measured_facts_copied)
{
	struct phase_result *r = &run.phase[PHASE_PUT_BLOCK];

	spread_latency(PHASE_PUTC, 83);
	run.phase[PHASE_RAN_DEL].status = PHASE_FAILED;
	r->spread.clients = 2;
	r->spread.skew_ns = 3 * MS;
	r->spread.rate_min = 2048.0 * 1024;
	r->spread.rate_max = 4096.0 * 1024;
	r->spread.rate_sum = 6144.0 * 1024;
	r->spread.rate_sq = (2048.0 * 2048 + 4096.0 * 4096) * 1024 * 1024;
	r->arc.counted = true;
	r->arc.hits = 3;
	r->arc.misses = 1;
	view_of_run(&cfg, &run, NULL, &v);
	ck_assert_double_eq(v.phase[PHASE_RAN_DEL].rate, 0.0);
	ck_assert_double_eq_tol(v.phase[PHASE_RAN_DEL].rate_ran,
	                        metric_rate(PHASE_RAN_DEL, &run.phase[PHASE_RAN_DEL]), 1e-9);
	ck_assert(v.phase[PHASE_RAN_DEL].rate_ran > 0);
	ck_assert_double_eq_tol(v.phase[PHASE_PUT_BLOCK].rate_ran, v.phase[PHASE_PUT_BLOCK].rate, 1e-9);
	ck_assert_double_eq_tol(v.phase[PHASE_PUT_BLOCK].rate_unsynced_ran, v.phase[PHASE_PUT_BLOCK].rate_unsynced,
	                        1e-9);
	ck_assert(v.phase[PHASE_SEEKS].rate_unsynced_ran < 0);
	ck_assert_int_eq(v.phase[PHASE_PUTC].pct_ns[VIEW_P99], -1);
	ck_assert_uint_eq(v.phase[PHASE_PUTC].lat_ns[VIEW_P99], metric_latency_pct(&run.phase[PHASE_PUTC], 99));
	ck_assert_uint_eq(v.phase[PHASE_PUTC].lat_ns[VIEW_MAX], 83 * MS);
	ck_assert_uint_eq(v.phase[PHASE_PUTC].lat_min_ns, MS);
	ck_assert_double_eq_tol(v.phase[PHASE_PUTC].lat_mean_ns, 42.0 * MS, 0.01 * MS);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].sync_ns, 400 * MS);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].clients, 2);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].client_skew_ns, 3 * MS);
	ck_assert_double_eq(v.phase[PHASE_PUT_BLOCK].client_rate_min, 2048.0); /* KiB/s */
	ck_assert_double_eq(v.phase[PHASE_PUT_BLOCK].client_rate_max, 4096.0);
	ck_assert_double_eq_tol(v.phase[PHASE_PUT_BLOCK].client_fairness, 36.0 / 40, 1e-12); /* Jain's */
	ck_assert_double_eq(v.phase[PHASE_PUT_BLOCK].client_overlap, sweep_overlap(r));
	ck_assert(v.phase[PHASE_PUT_BLOCK].client_overlap_low == sweep_overlap_is_low(2, sweep_overlap(r)));
	ck_assert_double_eq(v.phase[PHASE_GET_BLOCK].client_fairness, 0.0); /* one client */
	ck_assert_int_eq(v.phase[PHASE_PUT_BLOCK].arc_hit_pct, 75);
	ck_assert_int_eq(v.phase[PHASE_GET_BLOCK].arc_hit_pct, -1);
	ck_assert_int_eq(v.phase[PHASE_SEQ_DEL].arc_hit_pct, -1);
	/* the notes' facts: hosts, the data file's size, what stayed cached, the caveat */
	run.hosts = 3;
	r->file_bytes = 7 << 20;
	r->resident_ppm = 975000;
	r->dev.valid = true;
	r->dev.caveat = 2;
	run.phase[PHASE_GET_BLOCK].dev.valid = false;
	run.phase[PHASE_GET_BLOCK].dev.caveat = 2; /* no counters: no caveat to say */
	view_of_run(&cfg, &run, NULL, &v);
	ck_assert_uint_eq(v.hosts, 3);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].file_bytes, 7 << 20);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].resident_ppm, 975000);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].dev_caveat, 2);
	ck_assert_uint_eq(v.phase[PHASE_GET_BLOCK].dev_caveat, 0);
	/* the JSON's counted facts */
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].bytes, r->bytes);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].cpu_ns, r->cpu_ns);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].start_ns, r->start_ns);
	r->wall_start_ns = 11, r->planned_ns = 10, r->span_ns = 9, r->qd_max_in_flight = 8;
	r->spread.idle = 1, r->spread.starved = 0;
	view_of_run(&cfg, &run, NULL, &v);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].wall_start_ns, 11);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].planned_ns, 10);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].span_ns, 9);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].qd_max_in_flight, 8);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].client_idle, 1);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].client_starved, 0);
}
END_TEST

/* The notes' legend explains the marks the view holds, not marks the
 * notes work out again from the results: a mark the view was given (a
 * CV over the runs of -x) is explained, and without the legend none is. */
static char *notes_of(bool with_legend)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(m);
	report_run_notes(m, &v, with_legend);
	fclose(m);
	return text;
}

START_TEST(legend_is_the_views)
{
	double cv[PHASE_COUNT];
	char *text;

	for (int i = 0; i < PHASE_COUNT; i++)
		cv[i] = -1;
	cv[PHASE_SEEKS] = 25.0;
	view_of_run(&cfg, &run, cv, &v);
	text = notes_of(true);
	ck_assert_ptr_nonnull(strstr(text, "!  unstable"));
	ck_assert_ptr_nonnull(strstr(text, "~  ")); /* block read, 0.25 s */
	free(text);
	text = notes_of(false);
	ck_assert_ptr_null(strstr(text, "!  unstable"));
	ck_assert_ptr_null(strstr(text, "~  "));
	free(text);
}
END_TEST

/* The alignment probe's sides: KiB/s over the time the writes took (the
 * histogram's sum), and the shifted rate over the aligned one. */
START_TEST(align_rates)
{
	static struct align_result a;
	struct align_view av;

	memset(&a, 0, sizeof a);
	a.io_bytes = 4096;
	hist_init(&a.aligned);
	hist_init(&a.shifted);
	for (int i = 0; i < 100; i++) {
		hist_add(&a.aligned, MS);     /* 100 x 4 KiB in 0.1 s: 4000 KiB/s */
		hist_add(&a.shifted, 2 * MS); /* twice as slow: half the rate */
	}
	view_of_align(&a, &av);
	ck_assert_uint_eq(av.aligned.operations, 100);
	ck_assert_uint_eq(av.aligned.elapsed_ns, 100 * MS);
	ck_assert_double_eq_tol(av.aligned.rate_kib_s, 4000.0, 1e-6);
	ck_assert_double_eq_tol(av.shifted.rate_kib_s, 2000.0, 1e-6);
	ck_assert_double_eq_tol(av.rate_ratio, 0.5, 1e-9);
	ck_assert_uint_eq(av.shifted.max_ns, 2 * MS);
	ck_assert_uint_eq(av.aligned.p50_ns, hist_percentile(&a.aligned, 50));
	hist_init(&a.aligned); /* nothing aligned: no rate, no ratio */
	view_of_align(&a, &av);
	ck_assert_double_eq(av.aligned.rate_kib_s, 0.0);
	ck_assert_double_eq(av.rate_ratio, 0.0);
}
END_TEST

/* A timeline as the page draws it: intervals grouped past VIEW_TL_POINTS,
 * a group's rate over its time (KiB/s for a byte phase, per second for
 * files), its p99 the highest of its intervals', a stall no p99 point and
 * a last scrap under half a group left out. */
START_TEST(timeline_points)
{
	static struct tl_series s;

	memset(&s, 0, sizeof s);
	s.present = true;
	s.width_ns = 100 * MS;
	s.last_len_ns = 10 * MS; /* the last interval: 0.01 s of the group's 0.2 s */
	s.n = 2 * VIEW_TL_POINTS - 1; /* pairs, then the last interval alone */
	for (uint32_t i = 0; i < s.n; i++)
		s.pt[i] = (struct tl_point){.bytes = 1u << 20, .ops = 10, .p99_ns = (i % 2 ? 3 : 2) * MS};
	s.pt[4] = s.pt[5] = (struct tl_point){0}; /* group 2: a stall */
	view_of_timeline(&s, PHASE_PUT_BLOCK, &tl);
	ck_assert_uint_eq(tl.n, VIEW_TL_POINTS - 1); /* the pairs; the scrap left out */
	ck_assert_uint_eq(tl.n99, VIEW_TL_POINTS - 2);
	ck_assert_double_eq_tol(tl.x[0], 0.1, 1e-12);
	ck_assert_double_eq_tol(tl.rate[0], 2.0 * 1024 / 0.2, 1e-9); /* 2 MiB in 0.2 s, KiB/s */
	ck_assert_double_eq(tl.rate[2], 0.0);
	ck_assert_double_eq(tl.p99[0], 3.0 * MS);
	ck_assert_double_eq_tol(tl.x99[2], 0.7, 1e-12); /* the stall's group has none */
	ck_assert_double_eq_tol(tl.max_rate, 10240.0, 1e-9);
	ck_assert_double_eq(tl.min_p99, 3.0 * MS);
	ck_assert_double_eq_tol(tl.span_s, (2.0 * VIEW_TL_POINTS - 2) * 0.1 + 0.01, 1e-9);
	view_of_timeline(&s, PHASE_SEQ_CREATE, &tl); /* files: operations a second */
	ck_assert_double_eq_tol(tl.rate[0], 20 / 0.2, 1e-9);
}
END_TEST

/* The JSON's timeline is the records' (view_records.c): each interval's
 * start and length worked out there (the last one's its own), its sums
 * copied, the sync segment kept; a phase without a series, or a run
 * without timelines, has none. */
START_TEST(timeline_records)
{
	struct run_timelines *tls = calloc(1, sizeof *tls);
	struct run_records *rec = view_records_new();
	struct run_result run = {0};
	const struct view_intervals *t = &rec->phase[PHASE_PUT_BLOCK].timeline;

	ck_assert_ptr_nonnull(tls);
	ck_assert_ptr_nonnull(rec);
	struct tl_series *s = &tls->phase[PHASE_PUT_BLOCK];
	s->present = s->dev_valid = true;
	s->width_ns = 100 * MS;
	s->last_len_ns = 40 * MS;
	s->n = 3;
	s->sync = (struct tl_sync){.present = true, .start_ns = 240 * MS, .len_ns = 5 * MS, .dev_write = 7};
	for (uint32_t i = 0; i < s->n; i++)
		s->pt[i] = (struct tl_point){.bytes = i + 1, .ops = 10 * i, .max_ns = 9, .dev_write = 3};
	view_records_of(&run, tls, rec);
	ck_assert(t->present && t->dev_valid);
	ck_assert_uint_eq(t->n, 3);
	ck_assert_uint_eq(t->width_ns, 100 * MS);
	ck_assert_uint_eq(t->iv[2].start_ns, 200 * MS);
	ck_assert_uint_eq(t->iv[1].length_ns, 100 * MS);
	ck_assert_uint_eq(t->iv[2].length_ns, 40 * MS);
	ck_assert_uint_eq(t->iv[2].bytes, 3);
	ck_assert_uint_eq(t->iv[2].ops, 20);
	ck_assert_uint_eq(t->iv[0].dev_write, 3);
	ck_assert_uint_eq(t->sync.start_ns, 240 * MS);
	ck_assert(!rec->phase[PHASE_GET_BLOCK].timeline.present);
	view_records_of(&run, NULL, rec);
	ck_assert(!t->present);
	ck_assert_uint_eq(t->n, 0);
	free(rec);
	free(tls);
}
END_TEST

/* The page's latencies: one sample has no supported median but names one
 * (the curve's label); the curve runs from p0 to the last percentile the
 * count supports; merged over runs, only done runs count. */
START_TEST(latency_curve_and_merge)
{
	static struct view_latency l;
	static struct run_result runs[2];

	spread_latency(PHASE_PUTC, 1);
	view_latency_of(&run.phase[PHASE_PUTC].latency, &l);
	ck_assert_uint_eq(l.count, 1);
	ck_assert_int_eq(l.pct_ns[VIEW_P50], -1);
	ck_assert_double_eq(l.median_ns, (double)hist_percentile(&run.phase[PHASE_PUTC].latency, 50));
	ck_assert(l.median_ns > 0);
	ck_assert_uint_eq(l.n, 1); /* p0 alone */
	spread_latency(PHASE_PUTC, 1000);
	view_latency_of(&run.phase[PHASE_PUTC].latency, &l);
	ck_assert_uint_eq(l.min_ns, MS);
	ck_assert_double_eq(l.pct[0], 0.0);
	ck_assert_double_eq(l.ns[0], (double)MS);
	ck_assert(l.n > 2 && l.n < VIEW_CURVE_POINTS);
	ck_assert(metric_count_supports(1000, l.pct[l.n - 1]));
	ck_assert(l.pct[l.n - 1] < 99.99);
	for (size_t k = 1; k < l.n; k++)
		ck_assert(l.pct[k] > l.pct[k - 1] && l.ns[k] >= l.ns[k - 1]);
	runs[0] = run;
	runs[1] = run;
	ck_assert_int_eq(view_latency_merged(runs, 2, PHASE_PUTC, &l), 0);
	ck_assert_uint_eq(l.count, 2000);
	runs[1].phase[PHASE_PUTC].status = PHASE_FAILED;
	ck_assert_int_eq(view_latency_merged(runs, 2, PHASE_PUTC, &l), 0);
	ck_assert_uint_eq(l.count, 1000);
}
END_TEST

/* A queue-depth row's IOPS is its rate over its block size, from a
 * measured or a parsed view alike; a phase with no block has none. */
START_TEST(qd_iops)
{
	static struct parsed_run p;

	synth_phase(&run, PHASE_RND4K_Q32T1_READ, 4096ull * 50000, 1000 * MS, 100 * MS, 100 * US);
	view_of_run(&cfg, &run, NULL, &v);
	ck_assert_double_eq_tol(v.phase[PHASE_RND4K_Q32T1_READ].rate, 200000.0, 1e-6); /* KiB/s */
	ck_assert_double_eq_tol(v.phase[PHASE_RND4K_Q32T1_READ].iops, 50000.0, 1e-6);
	ck_assert_double_eq(v.phase[PHASE_PUT_BLOCK].iops, 0.0);
	memset(&p, 0, sizeof p);
	for (int i = 0; i < PHASE_COUNT; i++)
		p.phase[i].state = CELL_NOT_RUN;
	p.phase[PHASE_SEQ1M_Q8T1_READ].state = CELL_VALUE;
	p.phase[PHASE_SEQ1M_Q8T1_READ].rate = 2048.0; /* 2 MiB/s of 1 MiB blocks */
	p.phase[PHASE_SEQ1M_Q8T1_READ].known = READ_RATE;
	view_of_read(&p, &v);
	ck_assert_double_eq_tol(v.phase[PHASE_SEQ1M_Q8T1_READ].iops, 2.0, 1e-12);
	ck_assert_double_eq(v.phase[PHASE_RND4K_Q32T1_READ].iops, 0.0);
}
END_TEST

/* Why "From device" is far from the layout's share, in the view's words:
 * a mirror's put_block wrote 205% of its data; the sentence is
 * device_why's, the expected share the layout's 200%; a phase that did
 * not run has none. */
START_TEST(device_why_in_the_view)
{
	struct phase_result *r = &run.phase[PHASE_PUT_BLOCK];
	char why[VIEW_WHY_MAX];

	r->bytes = 512ull << 20;
	r->read_bytes = 0;
	memset(&r->dev, 0, sizeof r->dev);
	r->dev.valid = true;
	r->dev.write_bytes = 1054ull << 20;
	r->dev.write_copies_pct = 200;
	snprintf(r->dev.layout, sizeof r->dev.layout, "btrfs raid1 over 2");
	run.phase[PHASE_SEQ_DEL].status = PHASE_NOT_RUN;
	view_of_run(&cfg, &run, NULL, &v);
	ck_assert_int_eq(v.phase[PHASE_PUT_BLOCK].dev_why, DEV_WHY_LAYOUT);
	ck_assert_int_eq(device_why(PHASE_PUT_BLOCK, r, why, sizeof why), DEV_WHY_LAYOUT);
	ck_assert_str_eq(v.phase[PHASE_PUT_BLOCK].dev_why_text, why);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].expected_write_pct, 200);
	ck_assert_int_eq(v.phase[PHASE_PUT_BLOCK].conf.device_pct, 205);
	ck_assert(!v.phase[PHASE_PUT_BLOCK].cached);
	ck_assert_int_eq(v.phase[PHASE_SEQ_DEL].dev_why, DEV_WHY_NONE);
	ck_assert_str_eq(v.phase[PHASE_SEQ_DEL].dev_why_text, "");
	ck_assert_ptr_null(v.phase[PHASE_SEQ_DEL].dev_why_cause);
}
END_TEST

/* The tick names and table heads come from the list: each label is the
 * JSON key with '_' for '.', the heading the label but the median's. */
START_TEST(labels_keys_headings_agree)
{
	for (int k = 0; k < VIEW_PCTS; k++) {
		char key[16];
		snprintf(key, sizeof key, "%s", view_pcts[k].label);
		for (char *c = key; *c; c++)
			if (*c == '.')
				*c = '_';
		ck_assert_str_eq(key, view_pcts[k].key);
		if (k != VIEW_P50)
			ck_assert_str_eq(view_pcts[k].heading, view_pcts[k].label);
	}
	ck_assert_str_eq(view_pcts[VIEW_P50].heading, "median");
}
END_TEST

/* The share note sets the profile's deepest row against its Q1 rows: the
 * depths the view holds, from the phase table's shapes. */
START_TEST(share_note_depths_from_the_view)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out;

	run.phase[PHASE_RND4K_Q32T1_READ].status = PHASE_DONE;
	view_of_run(&cfg, &run, NULL, &v);
	ck_assert_uint_eq(v.qd_deepest, 32);
	ck_assert_uint_eq(v.qd_shallowest, 1);
	v.qd_deepest = 16; /* the note prints the view's depths, whatever they are */
	out = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(out);
	report_table_qd_share(out, &v, "sshfs");
	fclose(out);
	ck_assert_ptr_nonnull(strstr(text, "On a share (sshfs) "));
	ck_assert_ptr_nonnull(strstr(text, ". Q16 against Q1 shows what the share's path gains"));
	free(text);
}
END_TEST

Suite *suite_view(void)
{
	Suite *s = suite_create("view");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, one_list);
	tcase_add_test(tc, rates_cpu_states);
	tcase_add_test(tc, percentiles_supported);
	tcase_add_test(tc, marks_from_confidence);
	tcase_add_test(tc, run_facts);
	tcase_add_test(tc, interrupted_keeps_its_facts);
	tcase_add_test(tc, labels_keys_headings_agree);
	tcase_add_test(tc, measured_facts_copied);
	tcase_add_test(tc, legend_is_the_views);
	tcase_add_test(tc, align_rates);
	tcase_add_test(tc, timeline_points);
	tcase_add_test(tc, timeline_records);
	tcase_add_test(tc, latency_curve_and_merge);
	tcase_add_test(tc, qd_iops);
	tcase_add_test(tc, device_why_in_the_view);
	tcase_add_test(tc, share_note_depths_from_the_view);
	suite_add_tcase(s, tc);
	return s;
}
