/* A bonnie JSON run read back by compare (input/json_result.c) is viewed
 * by the builder of a measured run's view (report/model/view_read.c):
 * what the document records (the histogram's percentiles, the verdict,
 * the sync) survives into compare's view, what it states stands as given,
 * and what it lacks is "unknown", never a 0 taken for a measurement. */
#include "suites.h"
#include "compare_samples.h"
#include "../input/input.h"
#include "../input/run_read.h"
#include "../input/json_verdict.h"
#include "../lib/hist.h"
#include "../lib/json.h"
#include "../report/report.h"
#include "../report/text/verdict_text.h"
#include "../report/model/view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A document of one run with a put_block phase: with full figures
 * (histogram h's buckets, cpu_ns, sync_ns, a verdict), or the older
 * shape without them (rate, p50, p99 and max only). */
static void doc_of(const struct hist *h, bool full, char *buf, size_t cap)
{
	size_t n = (size_t)snprintf(buf, cap,
	    "{\"tool\":\"bonnie\",\"version\":\"0.1.0\",\"config\":{\"machine\":\"vm\",\"file_size_bytes\":67108864,"
	    "\"chunk_bytes\":8192},\"runs\":[{\"run\":1,\"phases\":[{\"name\":\"put_block\",\"status\":\"done\","
	    "\"bytes\":67108864,\"operations\":%llu,\"elapsed_ns\":2000000000,\"rate_kib_s\":32768.000,"
	    "\"low_confidence\":false,\"confidence\":{\"reasons\":[],\"mark\":\"\"},"
	    "\"latency_ns\":{\"count\":%llu,\"min\":%llu,\"p50\":%llu,\"p99\":%llu,\"max\":%llu}",
	    (unsigned long long)h->count, (unsigned long long)h->count, (unsigned long long)h->min,
	    (unsigned long long)hist_percentile(h, 50), (unsigned long long)hist_percentile(h, 99),
	    (unsigned long long)h->max);
	if (full) {
		n += (size_t)snprintf(buf + n, cap - n, ",\"cpu_ns\":500000000,\"cpu_percent\":25,\"sync_ns\":1000000000,"
		                      "\"histogram_ns\":[");
		for (size_t b = 0, first = 1; b < HIST_BUCKETS; b++) {
			uint64_t lo, hi;
			if (h->bucket[b] == 0)
				continue;
			hist_bucket_range(b, &lo, &hi);
			n += (size_t)snprintf(buf + n, cap - n, "%s[%llu,%llu,%llu]", first ? "" : ",",
			                      (unsigned long long)lo, (unsigned long long)hi,
			                      (unsigned long long)h->bucket[b]);
			first = 0;
		}
		n += (size_t)snprintf(buf + n, cap - n,
		    "],\"verdict\":{\"kind\":\"fell\",\"at_ns\":1200000000,\"at_bytes\":40000000,\"length_ns\":null,"
		    "\"level\":0.4,\"cause\":\"other_io\",\"window_ns\":100000000,\"flush_ns\":null,\"events\":["
		    "{\"kind\":\"fell\",\"at_ns\":1200000000,\"length_ns\":null,\"at_bytes\":40000000,"
		    "\"at_operations\":null,\"level\":0.4,\"cause\":\"other_io\"}],\"stalls_not_listed\":0},"
		    "\"timeline\":{\"interval_ns\":100000000,\"start_ns\":[0],\"length_ns\":[2000000000],"
		    "\"bytes\":[67108864],\"operations\":[10000]}");
	}
	snprintf(buf + n, cap - n, "}]}]}\n");
}

/* 10000 latencies: 9000 near 4 us, 990 near 50 us, 10 near 4 ms, so
 * p90, p99.9 and p99.99 each have the samples they need. */
static void latencies(struct hist *h)
{
	hist_init(h);
	for (int i = 0; i < 9000; i++)
		hist_add(h, 4000 + (uint64_t)(i % 50));
	for (int i = 0; i < 990; i++)
		hist_add(h, 50000 + (uint64_t)i);
	for (int i = 0; i < 10; i++)
		hist_add(h, 4000000 + (uint64_t)i * 1000);
}

static void view_of_doc(const char *doc, struct parsed_set *set, struct run_view *v)
{
	ck_assert_int_eq(input_parse(set, "run.json", doc, strlen(doc)), 0);
	ck_assert_uint_eq(set->count, 1);
	ck_assert_ptr_nonnull(set->run[0].result);
	view_of_read(&set->run[0], v);
}

static struct hist h;
static char doc[256 * 1024];
static struct run_view v;

/* Every percentile of the run's histogram, as a measured run's view
 * gives it, its verdict, minimum and the rate without the final sync. */
START_TEST(recorded_figures_survive)
{
	struct parsed_set set = {0};
	int64_t want[VIEW_PCTS];
	const struct phase_view *p = &v.phase[PHASE_PUT_BLOCK];

	latencies(&h);
	doc_of(&h, true, doc, sizeof doc);
	view_of_doc(doc, &set, &v);
	view_pcts_of(&h, want);
	for (int k = VIEW_P50; k < VIEW_PCTS; k++)
		ck_assert_int_eq(p->pct_ns[k], want[k]);
	ck_assert_int_ge(p->pct_ns[VIEW_P99_99], 4000000);
	ck_assert_uint_eq(p->lat_min_ns, h.min);
	ck_assert_uint_eq(p->lat_ns[VIEW_P90], hist_percentile(&h, 90));
	ck_assert(!p->derived); /* its time and operations recorded */
	ck_assert_uint_eq(p->duration_ns, 2000000000u);
	ck_assert_uint_eq(v.lacks, 0); /* it states or records every one */
	ck_assert_int_eq(p->verdict.kind, VERDICT_FELL);
	ck_assert_int_eq(p->verdict.head_kind, VERDICT_FELL);
	ck_assert_int_eq(p->verdict.cause, VERDICT_CAUSE_OTHER_IO);
	ck_assert_uint_eq(p->verdict.at_units, 40000000);
	ck_assert_uint_eq(p->verdict.nevents, 1);
	ck_assert_double_eq_tol(p->verdict.level, 0.4, 1e-9);
	/* as stated: the rate and %CPU; derived as a measured run's: the rate
	 * without the final sync, 64 MiB over 1 s of the 2 */
	ck_assert_double_eq_tol(p->rate, 32768.0, 1e-9);
	ck_assert_int_eq(p->cpu_pct, 25);
	ck_assert_double_eq_tol(p->rate_unsynced, 65536.0, 1e-6);
	ck_assert_uint_eq(p->sync_ns, 1000000000);
	ck_assert_uint_eq(p->bytes, 67108864);
	ck_assert_uint_eq(p->operations, 10000);
	ck_assert_int_eq(v.phase[PHASE_GET_BLOCK].state, CELL_NOT_RUN);
	ck_assert_int_eq(v.phase[PHASE_GET_BLOCK].verdict.kind, VERDICT_NONE);
	ck_assert_uint_eq(set.run[0].result->known[PHASE_PUT_BLOCK],
	                  READ_BYTES | READ_OPS | READ_ELAPSED | READ_CPU | READ_SYNC | READ_HIST | READ_VERDICT |
	                      READ_TIMELINE);
	input_free(&set);
}
END_TEST

/* An older document states the rate, p50, p99 and max only: those stand,
 * and what it lacks is unknown (-1, 0, none), not a 0 measured. */
START_TEST(missing_keys_stay_unknown)
{
	struct parsed_set set = {0};
	const struct phase_view *p = &v.phase[PHASE_PUT_BLOCK];

	latencies(&h);
	doc_of(&h, false, doc, sizeof doc);
	view_of_doc(doc, &set, &v);
	ck_assert_int_eq(p->pct_ns[VIEW_P50], (int64_t)hist_percentile(&h, 50));
	ck_assert_int_eq(p->pct_ns[VIEW_P99], (int64_t)hist_percentile(&h, 99));
	ck_assert_int_eq(p->pct_ns[VIEW_MAX], (int64_t)h.max);
	ck_assert_int_eq(p->pct_ns[VIEW_P90], -1);
	ck_assert_int_eq(p->pct_ns[VIEW_P99_9], -1);
	ck_assert_int_eq(p->pct_ns[VIEW_P99_99], -1);
	ck_assert_int_eq(p->cpu_pct, -1);
	ck_assert_double_eq(p->rate_unsynced, -1.0);
	ck_assert_double_eq(p->rate_unsynced_ran, -1.0);
	ck_assert_uint_eq(p->lat_min_ns, 0);
	ck_assert_uint_eq(p->lat_ns[VIEW_P90], 0);
	ck_assert_int_eq(p->verdict.kind, VERDICT_NONE);
	ck_assert_double_eq_tol(p->rate, 32768.0, 1e-9);
	ck_assert_double_eq_tol(p->rate_ran, 32768.0, 1e-9); /* 64 MiB over 2 s: bytes and time given */
	ck_assert_uint_eq(set.run[0].result->known[PHASE_PUT_BLOCK], READ_BYTES | READ_OPS | READ_ELAPSED);
	input_free(&set);
}
END_TEST

/* A pasted CSV line has no result: the view is view_of_read's alone. */
START_TEST(pasted_text_has_no_result)
{
	struct parsed_set set = {0};
	static const char line[] = CMARKS;

	ck_assert_int_eq(input_parse(&set, "run.csv", line, strlen(line)), 0);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_ptr_null(set.run[0].result);
	view_of_read(&set.run[0], &v);
	ck_assert_int_eq(v.phase[PHASE_PUT_BLOCK].verdict.kind, VERDICT_NONE);
	ck_assert_int_eq(v.phase[PHASE_PUT_BLOCK].pct_ns[VIEW_P90], -1);
	/* a CSV line states the maximum alone, no histogram, no time: its
	 * time and operations are derived (256 MiB in 8 KiB blocks at its
	 * rate) and said so */
	ck_assert_uint_eq(set.run[0].phase[PHASE_PUT_BLOCK].known, READ_RATE | READ_CPU_PCT | READ_LAT_MAX);
	for (int k = 0; k < VIEW_PCTS; k++)
		ck_assert_int_eq(v.phase[PHASE_PUT_BLOCK].pct_ns[k], k == VIEW_MAX ? 4729000 : -1);
	ck_assert(v.phase[PHASE_PUT_BLOCK].derived);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].operations, 32768);
	ck_assert_uint_eq(v.phase[PHASE_PUT_BLOCK].duration_ns, (uint64_t)(262144.0 / 482352 * 1e9));
	ck_assert_uint_eq(v.lacks, VIEW_LACKS_PCT | VIEW_LACKS_CACHE | VIEW_LACKS_TIME);
	input_free(&set);
}
END_TEST

/* What each input kind states of none of its phases (run_view.lacks):
 * a 1.0x line no latency, a JSON with marks but no time or percentile
 * its time and percentiles, a disk benchmark's text its cache state only
 * (fio prints latencies and times in more forms than are read). */
START_TEST(lacks_per_input_kind)
{
	static const struct {
		const char *text;
		unsigned lacks;
	} cases[] = {
		{L10X "\n", VIEW_LACKS_LATENCY | VIEW_LACKS_CACHE | VIEW_LACKS_TIME},
		{JMARKS, VIEW_LACKS_PCT | VIEW_LACKS_TIME},
		{"KDiskMark (2.3.0): https://github.com/JonMagon/KDiskMark\n[Read]\n"
		 "Sequential 1 MiB (Q= 8, T= 1):   550.145 MB/s [    537.3 IOPS] < 14840.12 us>\n",
		 VIEW_LACKS_CACHE},
	};

	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		struct parsed_set set = {0};
		ck_assert_int_eq(input_parse(&set, "t.txt", cases[c].text, strlen(cases[c].text)), 0);
		ck_assert_uint_eq(set.count, 1);
		view_of_read(&set.run[0], &v);
		ck_assert_uint_eq(v.lacks, cases[c].lacks);
		input_free(&set);
	}
}
END_TEST

/* Every kind and cause the JSON names (verdict_kind_name,
 * verdict_cause_name) reads back as itself; a name bonnie does not write
 * is no verdict. */
START_TEST(verdict_names_read_back)
{
	char text[256], err[64];
	struct verdict vd;
	struct jt t;

	for (int k = VERDICT_NONE + 1; k < VERDICT_KINDS; k++)
		for (int c = VERDICT_CAUSE_NONE; c <= VERDICT_CAUSE_NO_DEVICE; c++) {
			snprintf(text, sizeof text, "{\"kind\":\"%s\",\"cause\":\"%s\"}",
			         verdict_kind_name((enum verdict_kind)k), verdict_cause_name((enum verdict_cause)c));
			ck_assert_int_eq(jt_parse(&t, text, err, sizeof err), 0);
			json_verdict_read(&t, 0, &vd);
			ck_assert_int_eq(vd.kind, k);
			ck_assert_int_eq(vd.cause, c);
			jt_free(&t);
		}
	ck_assert_int_eq(jt_parse(&t, "{\"kind\":\"wobbly\",\"cause\":\"other_io\"}", err, sizeof err), 0);
	json_verdict_read(&t, 0, &vd);
	ck_assert_int_eq(vd.kind, VERDICT_NONE);
	ck_assert_int_eq(vd.cause, VERDICT_CAUSE_NONE);
	jt_free(&t);
}
END_TEST

/* A verdict written to the JSON and read back says the same sentence:
 * "too short to judge (1.3 s of operations)" and "interrupted after 2.4 s"
 * read the span, a steady one the windows and the flush. */
START_TEST(verdict_sentence_survives_json)
{
	static const struct verdict cases[] = {
		{.kind = VERDICT_TOO_SHORT, .span_ns = 1300000000u},
		{.kind = VERDICT_INTERRUPTED, .span_ns = 2400000000u},
		{.kind = VERDICT_STEADY, .span_ns = 9000000000u, .window_ns = 1000000000u, .spread = 0.05,
		 .windows = 9, .within = 9, .flush_ns = 2000000000u, .has_flush = true},
	};
	char *buf, err[64], said[VERDICT_SENTENCE_MAX], back[VERDICT_SENTENCE_MAX];
	size_t len;
	struct verdict vd;
	struct json j;
	struct jt t;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		FILE *f = open_memstream(&buf, &len);
		json_init(&j, f);
		json_object_begin(&j, NULL);
		report_verdict_json(&j, PHASE_PUT_BLOCK, &cases[i]);
		json_object_end(&j);
		fclose(f);
		ck_assert_int_eq(jt_parse(&t, buf, err, sizeof err), 0);
		json_verdict_read(&t, jt_get(&t, 0, "verdict"), &vd);
		verdict_sentence(PHASE_PUT_BLOCK, &cases[i], said, sizeof said);
		verdict_sentence(PHASE_PUT_BLOCK, &vd, back, sizeof back);
		ck_assert_str_eq(back, said);
		jt_free(&t);
		free(buf);
	}
}
END_TEST

Suite *suite_view_read(void)
{
	Suite *s = suite_create("view_read");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, recorded_figures_survive);
	tcase_add_test(tc, missing_keys_stay_unknown);
	tcase_add_test(tc, pasted_text_has_no_result);
	tcase_add_test(tc, lacks_per_input_kind);
	tcase_add_test(tc, verdict_names_read_back);
	tcase_add_test(tc, verdict_sentence_survives_json);
	suite_add_tcase(s, tc);
	return s;
}
