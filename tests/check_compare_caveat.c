/* Comparisons that mislead (issue 25 point 6): per-char figures of
 * bonnie++ 1.0x (stdio) against 1.9x and later or bonnie (a system call per
 * byte) are not comparable; runs set up differently (file size, file count,
 * chunk) are said so and ranked after like-for-like differences; tiny
 * ratios print as "<0.01x"; a JSON document with no runs; pages that keep
 * every line within the width; a damaged 1.0x line gets one warning. */
#include "suites.h"
#include "util_parsed.h"
#include "../input/input.h"
#include "../report/compare/compare.h"
#include "../report/model/confidence.h"
#include "../report/model/metrics.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NRUNS 40

static struct parsed_run runs[NRUNS];

/* Run k of format fmt (version ver): per-char write at putc KiB/s, block
 * write at block KiB/s with a latency of lat_ns, file size size_mib MiB. */
static void make_run(int k, const char *fmt, const char *ver, double putc, double block, int64_t lat_ns,
                     unsigned size_mib)
{
	struct parsed_run *r = &runs[k];

	memset(r, 0, sizeof *r);
	snprintf(r->format, sizeof r->format, "%s", fmt);
	snprintf(r->origin, sizeof r->origin, "r.csv:%d", k + 1);
	snprintf(r->meta[META_NAME], PARSED_META_LEN, "host%d", k + 1);
	snprintf(r->meta[META_SIZE], PARSED_META_LEN, "%uM", size_mib);
	snprintf(r->meta[META_VERSION], PARSED_META_LEN, "%s", ver);
	r->size_bytes = (uint64_t)size_mib << 20;
	for (int i = 0; i < PHASE_COUNT; i++)
		r->phase[i] = (struct parsed_phase){.state = CELL_NOT_RUN, .cpu = -1, .latency_ns = -1};
	r->phase[PHASE_PUTC] = (struct parsed_phase){.state = CELL_VALUE, .rate = putc, .cpu = 99, .latency_ns = -1};
	r->phase[PHASE_PUT_BLOCK] = (struct parsed_phase){.state = CELL_VALUE, .rate = block, .cpu = 50, .latency_ns = lat_ns};
}

static char *capture(void (*fn)(FILE *, const struct parsed_run *, size_t, const struct compare_opts *),
                     size_t n, const struct compare_opts *o)
{
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	parsed_stated(runs, n); /* as edited by the test */
	fn(f, runs, n, o);
	fclose(f);
	return buf;
}

static size_t count(const char *s, const char *what)
{
	size_t n = 0;

	for (const char *p = s; (p = strstr(p, what)) != NULL; p++)
		n++;
	return n;
}

START_TEST(perchar_across_methods_not_comparable)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	struct compare_diff d, *all;
	size_t nd;
	char *s;

	make_run(0, "1.98", "2.00a", 500, 100000, 1000, 512);
	make_run(1, "1.0x", "", 50000, 50000, -1, 512);
	ck_assert(parsed_ratio(&runs[0], &runs[1], PHASE_PUTC, false, 1.5, &d));
	ck_assert(d.not_comparable);
	ck_assert(!d.flagged);
	ck_assert(parsed_ratio(&runs[0], &runs[1], PHASE_PUT_BLOCK, false, 1.5, &d));
	ck_assert(!d.not_comparable && d.flagged);
	all = parsed_diffs(runs, 2, &o, &nd);
	ck_assert_uint_eq(nd, 1); /* block write only */
	ck_assert_int_eq(all[0].phase, PHASE_PUT_BLOCK);
	free(all);
	s = capture(report_compare, 2, &o);
	ck_assert_ptr_nonnull(strstr(s, "48.8 MiB/s 99% (n/c)"));
	ck_assert_uint_eq(count(s, "n/c = not comparable"), 1);
	ck_assert_ptr_nonnull(strstr(s, "putc() and getc() through stdio"));
	/* CSV lines record no cache state: the one difference is weaker evidence */
	ck_assert_ptr_nonnull(strstr(s, "Summary: no difference here is strong evidence"));
	ck_assert_ptr_nonnull(strstr(s, "block write 2.00x slower on B (cache state unknown for A\n  and B)."));
	free(s);
	/* the same method on both sides, or one not known: compared */
	make_run(1, "1.97", "1.97", 50000, 50000, -1, 512);
	ck_assert(parsed_ratio(&runs[0], &runs[1], PHASE_PUTC, false, 1.5, &d) && !d.not_comparable);
	make_run(1, "json", "0.1.0", 50000, 50000, -1, 512);
	ck_assert(parsed_ratio(&runs[0], &runs[1], PHASE_PUTC, false, 1.5, &d) && !d.not_comparable);
	make_run(1, "table", "1.03e", 50000, 50000, -1, 512);
	ck_assert_int_eq(compare_perchar_method(&runs[1]), PERCHAR_STDIO);
	make_run(1, "table", "@version@", 50000, 50000, -1, 512); /* 1.03's bon_csv2txt, no latency rows */
	ck_assert_int_eq(compare_perchar_method(&runs[1]), PERCHAR_STDIO);
	make_run(1, "table", "1.96", 50000, 50000, -1, 512);
	ck_assert_int_eq(compare_perchar_method(&runs[1]), PERCHAR_SYSCALL);
}
END_TEST

START_TEST(setup_differences_ranked_below)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	struct compare_diff *all;
	char phrase[160], *s;
	size_t nd;

	/* block write of 64 MiB at 20000 KiB/s: 3.3 s, enough evidence to rank */
	make_run(0, "1.98", "2.00a", 500, 10000, -1, 64);
	make_run(1, "1.98", "2.00a", 500, 500, -1, 16384); /* 20x slower, but 16 GiB against 64 MiB */
	make_run(2, "1.98", "2.00a", 500, 20000, -1, 64);  /* 2x faster, like for like */
	for (int k = 0; k < 3; k++) /* as bonnie's JSON says: nothing against them but the setup */
		runs[k].phase[PHASE_PUTC].reasons_known = runs[k].phase[PHASE_PUT_BLOCK].reasons_known = true;
	ck_assert_uint_eq(compare_setup_differs(&runs[0], &runs[1], PHASE_PUT_BLOCK), COMPARE_SETUP_SIZE);
	ck_assert_uint_eq(compare_setup_differs(&runs[0], &runs[2], PHASE_PUT_BLOCK), 0);
	ck_assert_uint_eq(compare_setup_differs(&runs[0], &runs[1], PHASE_SEQ_CREATE), 0);
	all = parsed_diffs(runs, 3, &o, &nd);
	ck_assert_uint_eq(nd, 4); /* per-char and block write of B and C */
	ck_assert_uint_eq(all[0].run, 2); /* C's 2x before B's 20x */
	ck_assert_int_eq(all[0].phase, PHASE_PUT_BLOCK);
	ck_assert_uint_eq(all[2].run, 1);
	compare_phrase(&all[2], phrase, sizeof phrase);
	ck_assert_str_eq(phrase, "block write 20x slower on B (file size differs)");
	free(all);
	s = capture(report_compare_summary, 3, &o);
	/* runs set up differently never lead (issue 51 point 2) */
	ck_assert_str_eq(s, "Summary: block write 2.00x faster on C.\nWeaker evidence (under 0.5 s or 100 operations, from "
	                    "a cache or of unknown cache state, set up differently, or of unknown time; not findings): "
	                    "block write 20x slower on B (file size differs).\n");
	free(s);
	s = capture(report_compare, 3, &o);
	ck_assert_ptr_nonnull(strstr(s, "20x slower > ^"));
	ck_assert_ptr_nonnull(strstr(s, "B: file size 16384M (A: 64M)"));
	ck_assert_ptr_nonnull(strstr(s, "slowest B host2 16384M: 500 KiB/s 50%; 40.00x apart ^"));
	free(s);
	/* chunk sizes: only when both runs give one; not for per-char */
	make_run(1, "1.98", "2.00a", 500, 100000, 1000, 64);
	snprintf(runs[0].meta[META_CHUNK], PARSED_META_LEN, "8k");
	snprintf(runs[1].meta[META_CHUNK], PARSED_META_LEN, "65536");
	ck_assert_uint_eq(compare_setup_differs(&runs[0], &runs[1], PHASE_GET_BLOCK), COMPARE_SETUP_CHUNK);
	ck_assert_uint_eq(compare_setup_differs(&runs[0], &runs[1], PHASE_PUTC), 0);
	runs[1].meta[META_CHUNK][0] = '\0';
	ck_assert_uint_eq(compare_setup_differs(&runs[0], &runs[1], PHASE_GET_BLOCK), 0);
	/* file counts: for the file phases */
	snprintf(runs[0].meta[META_NUM_FILES], PARSED_META_LEN, "4");
	snprintf(runs[1].meta[META_NUM_FILES], PARSED_META_LEN, "16");
	ck_assert_uint_eq(compare_setup_differs(&runs[0], &runs[1], PHASE_RAN_DEL), COMPARE_SETUP_FILES);
	ck_assert_uint_eq(compare_setup_differs(&runs[0], &runs[1], PHASE_PUT_BLOCK), 0);
}
END_TEST

/* The one evidence rule (issue 51 point 2): a cell read from a cache (the
 * view's CONF_CACHED, 'c') never leads, whichever side; an input with no
 * cache state (a CSV line) neither, said "cache state unknown"; the rule's
 * numbers in the summary come from the constants it uses. */
START_TEST(cached_never_leads)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	struct compare_diff d;
	char *s, want[64];

	make_run(0, "json", "0.1.0", 500, 200000, -1, 256); /* 1.3 s of block write each */
	make_run(1, "json", "0.1.0", 500, 40000, -1, 256);
	for (int k = 0; k < 2; k++) {
		runs[k].phase[PHASE_PUTC].state = CELL_NOT_RUN;
		runs[k].phase[PHASE_PUT_BLOCK].reasons_known = true;
	}
	snprintf(runs[0].phase[PHASE_PUT_BLOCK].reasons, sizeof runs[0].phase[PHASE_PUT_BLOCK].reasons, "cached");
	ck_assert(parsed_ratio(&runs[0], &runs[1], PHASE_PUT_BLOCK, false, 1.5, &d));
	ck_assert_int_eq(d.evidence, EVIDENCE_WEAK);
	ck_assert_uint_eq(d.weak_reasons, CONF_CACHED);
	s = capture(report_compare_summary, 2, &o);
	ck_assert_ptr_null(strstr(s, "Summary: block write"));
	ck_assert_ptr_nonnull(strstr(s, "Summary: no difference here is strong evidence: each rate compared is from a cache"));
	ck_assert_ptr_nonnull(strstr(s, "block write 5.00x slower on B (A from a cache)"));
	snprintf(want, sizeof want, "under %g s or %u operations", (double)METRIC_MIN_TRUSTED_NS / 1e9, CONF_MIN_OPS);
	ck_assert_ptr_nonnull(strstr(s, want));
	free(s);
	runs[0].phase[PHASE_PUT_BLOCK].reasons[0] = '\0'; /* device-bound on both: it leads */
	s = capture(report_compare_summary, 2, &o);
	ck_assert_ptr_nonnull(strstr(s, "Summary: block write 5.00x slower on B.\n"));
	free(s);
	runs[1].phase[PHASE_PUT_BLOCK].reasons_known = false; /* B a CSV line: no cache state */
	ck_assert(parsed_ratio(&runs[0], &runs[1], PHASE_PUT_BLOCK, false, 1.5, &d));
	ck_assert_uint_eq(d.weak_reasons, COMPARE_WHY_CACHE_UNKNOWN);
	s = capture(report_compare_summary, 2, &o);
	ck_assert_ptr_nonnull(strstr(s, "block write 5.00x slower on B (cache state unknown for B)"));
	ck_assert_ptr_null(strstr(s, "Summary: block write"));
	free(s);
}
END_TEST

/* Percentiles of bonnie's JSON rank beside the rates when both runs timed
 * enough operations for them and both rates are backed (issue 33 point 4):
 * the median from 100 operations, p99 from 1000; a short phase's or a
 * CSV line's percentiles are never compared. */
START_TEST(percentiles_ranked_when_backed)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	struct compare_diff d, *all;
	char *s;
	size_t nd;

	/* block write of 64 MiB at 20000 KiB/s: 3.3 s, 8192 operations */
	for (int k = 0; k < 2; k++) {
		make_run(k, "json", "0.1.0", 500, 20000 + 1000 * k, -1, 64);
		runs[k].phase[PHASE_PUT_BLOCK].reasons_known = true;
		runs[k].phase[PHASE_PUT_BLOCK].operations = 8192;
		runs[k].phase[PHASE_PUT_BLOCK].p50_ns = 100000;
		runs[k].phase[PHASE_PUT_BLOCK].p99_ns = 2000000;
	}
	runs[1].phase[PHASE_PUT_BLOCK].p99_ns = 9000000; /* 4.5x worse */
	runs[1].phase[PHASE_PUT_BLOCK].p50_ns = 110000;  /* 1.1x: not flagged */
	all = parsed_diffs(runs, 2, &o, &nd);
	ck_assert_uint_eq(nd, 4); /* block write: rate, median, p99; per-char write: rate */
	ck_assert(all[0].latency && all[0].pct == VIEW_P99 && all[0].flagged && all[0].evidence == EVIDENCE_ENOUGH);
	free(all);
	s = capture(report_compare_summary, 2, &o);
	ck_assert_str_eq(s, "Summary: no rate of strong evidence differs beyond 1.50x; the largest: block write "
	                    "1.05x faster on B.\nLatency percentiles (median from 100 operations, p99 from 1000, of "
	                    "strong-evidence phases): block write p99 latency 4.50x worse on B.\n");
	free(s);
	/* 999 operations: the median still, p99 no longer */
	runs[1].phase[PHASE_PUT_BLOCK].operations = 999;
	all = parsed_diffs(runs, 2, &o, &nd);
	ck_assert_uint_eq(nd, 3);
	for (size_t i = 0; i < nd; i++)
		ck_assert(!(all[i].latency && all[i].pct == VIEW_P99));
	free(all);
	/* a short phase (0.05 s): its rate is weak evidence, no percentile */
	runs[1].phase[PHASE_PUT_BLOCK].operations = 8192;
	runs[1].phase[PHASE_PUT_BLOCK].low_confidence = true;
	all = parsed_diffs(runs, 2, &o, &nd);
	ck_assert_uint_eq(nd, 2);
	free(all);
	/* a CSV line: no percentiles at all */
	make_run(0, "1.98", "2.00a", 500, 20000, -1, 64);
	make_run(1, "1.98", "2.00a", 500, 20000, -1, 64);
	ck_assert(!parsed_ratio(&runs[0], &runs[1], PHASE_SEEKS, false, 1.5, &d));
	all = parsed_diffs(runs, 2, &o, &nd);
	ck_assert_uint_eq(nd, 2);
	free(all);
}
END_TEST

START_TEST(tiny_ratio_not_zero)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	char *s;

	make_run(0, "1.98", "2.00a", 500, 100000, 63000000, 512);
	make_run(1, "1.98", "2.00a", 500, 100000, 183000, 512); /* 0.0029x */
	s = capture(report_compare, 2, &o);
	ck_assert_ptr_nonnull(strstr(s, "183 us (344x better >)"));
	ck_assert_ptr_null(strstr(s, "0.00x"));
	free(s);
}
END_TEST

START_TEST(json_without_runs)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_JSON};
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	report_compare(f, NULL, 0, &o);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "\"runs\": []"));
	ck_assert_ptr_nonnull(strstr(buf, "\"base\": null"));
	ck_assert_ptr_nonnull(strstr(buf, "\"differences\": []"));
	free(buf);
}
END_TEST

/* The widest line of s and the number of lines starting with prefix. */
static size_t widest(const char *s, const char *prefix, size_t *pages)
{
	size_t max = 0;

	*pages = 0;
	for (const char *p = s; *p;) {
		size_t n = strcspn(p, "\n");
		max = n > max ? n : max;
		*pages += strncmp(p, prefix, strlen(prefix)) == 0;
		p += n + (p[n] == '\n');
	}
	return max;
}

START_TEST(many_runs_in_pages)
{
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	size_t pages;
	char *s;

	for (int k = 0; k < NRUNS; k++)
		make_run(k, "1.98", "2.00a", 500 + k, 100000 + 1000 * k, 1000 + k, 512);
	s = capture(report_compare, NRUNS, &o);
	ck_assert_uint_le(widest(s, "Phase ", &pages), 200);
	ck_assert_uint_ge(pages, 4); /* at most 11 runs of 14 columns and 2 blanks fit after the phase column */
	ck_assert_uint_lt(pages, 8);
	ck_assert_ptr_nonnull(strstr(s, "R40 host40 512M"));
	free(s);
	o.width = 80;
	s = capture(report_compare, NRUNS, &o);
	ck_assert_uint_le(widest(s, "Phase ", &pages), 80);
	ck_assert_uint_le(pages, NRUNS / 2); /* runs side by side even at 80 columns (it was one a page) */
	free(s);
	o.format = COMPARE_MARKDOWN; /* one table, whatever the width: its reader draws it */
	s = capture(report_compare, NRUNS, &o);
	widest(s, "| Phase |", &pages);
	ck_assert_uint_eq(pages, 1);
	free(s);
	o.width = 0; /* the default: 200 */
	s = capture(report_compare, NRUNS, &o);
	widest(s, "| Phase |", &pages);
	ck_assert_uint_eq(pages, 1);
	free(s);
}
END_TEST

START_TEST(damaged_old_line_warned_once)
{
	/* a bonnie++ 1.03 line (27 fields, its documented layout) with one
	 * field doubled, then one with a field lost followed by prose */
	static const char text[] =
	    "oldbox,512M,402,97,81234,31,30211,12,398,96,61222,9,210.5,1,16,16,1203,40,+++++,+++,1650,23,1190,41,"
	    "+++++,+++,1401,20\n"
	    "see: oldbox,512M,402,97,81234,31,30211,12,398,96,61222,9,210.5,1,16,1203,40,+++++,+++,1650,23,1190,41,"
	    "+++++,+++,1401 thanks\n";
	struct parsed_set set = {0};

	ck_assert_int_eq(input_parse(&set, "post", text, sizeof text - 1), 0);
	ck_assert_uint_eq(set.count, 0);
	ck_assert_uint_eq(set.nwarn, 2);
	ck_assert_str_eq(set.warning[0], "post:1: 1.0x line skipped: 28 fields, a 1.0x line has 27");
	ck_assert_str_eq(set.warning[1], "post:2: 1.0x line skipped: 26 fields, a 1.0x line has 27");
	input_free(&set);
}
END_TEST

Suite *suite_compare_caveat(void)
{
	Suite *s = suite_create("compare_caveat");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, perchar_across_methods_not_comparable);
	tcase_add_test(tc, setup_differences_ranked_below);
	tcase_add_test(tc, tiny_ratio_not_zero);
	tcase_add_test(tc, percentiles_ranked_when_backed);
	tcase_add_test(tc, cached_never_leads);
	tcase_add_test(tc, json_without_runs);
	tcase_add_test(tc, many_runs_in_pages);
	tcase_add_test(tc, damaged_old_line_warned_once);
	suite_add_tcase(s, tc);
	return s;
}
