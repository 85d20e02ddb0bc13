/* The SVG writer and the HTML report: escaping, ticks, the three generic
 * charts on synthetic series, and a report whose chart numbers must equal
 * the metrics the CSV prints. Browser and parser checks: tests/html.sh. */
#include "suites.h"
#include "util_sweep.h"
#include "util_parsed.h"
#include "../input/run_read.h"
#include "../report/model/view.h"
#include "util_synth.h"
#include "../options/options.h"
#include "../lib/stats.h"
#include "../lib/units.h"
#include "../report/html/html.h"
#include "../report/model/page_model.h"
#include "../report/model/metrics.h"
#include "../report/html/svg.h"
#include "../report/sweep/sweep.h"
#include "../report/compare/compare.h"
#include "../report/text/forum_post.h"
#include "../report/model/tested.h"

#include <check.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *mem_open(char **buf, size_t *len)
{
	FILE *f = open_memstream(buf, len);

	ck_assert_ptr_nonnull(f);
	return f;
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

START_TEST(escapes_markup_and_controls)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = mem_open(&buf, &len);

	svg_escape(f, "a<b>&\"c'\x01");
	fclose(f);
	ck_assert_str_eq(buf, "a&lt;b&gt;&amp;&quot;c&#39;?");
	free(buf);
}
END_TEST

START_TEST(linear_ticks_are_nice_in_label_units)
{
	struct svg_axis a = {0, 1234.0 * 1024, false, "rate (MiB/s)", 1024, NULL, NULL, 0};
	double t[SVG_MAX_TICKS];
	int n = svg_axis_ticks(&a, t, SVG_MAX_TICKS);

	ck_assert_int_eq(n, 4); /* 0, 500, 1000, 1500 MiB/s */
	for (int i = 0; i < n; i++)
		ck_assert_double_eq_tol(t[i] / 1024, 500.0 * i, 1e-9);
	ck_assert_double_eq_tol(a.hi, 1500.0 * 1024, 1e-6);
}
END_TEST

START_TEST(log_ticks_cover_whole_decades)
{
	struct svg_axis a = {3, 2500, true, "latency", 0, NULL, NULL, 0};
	double t[SVG_MAX_TICKS];
	int n = svg_axis_ticks(&a, t, SVG_MAX_TICKS);

	ck_assert_double_eq(a.lo, 1);
	ck_assert_double_eq_tol(a.hi, 10000, 1e-9);
	ck_assert_int_eq(n, 5);
	ck_assert_double_eq_tol(t[3], 1000, 1e-9);
	/* ends map to the ends, the middle decade to the middle, out of range clamps */
	ck_assert_double_eq_tol(svg_axis_pos(&a, 1, 0, 400), 0, 1e-9);
	ck_assert_double_eq_tol(svg_axis_pos(&a, 100, 0, 400), 200, 1e-9);
	ck_assert_double_eq_tol(svg_axis_pos(&a, 1e9, 0, 400), 400, 1e-9);
	ck_assert_double_eq_tol(svg_axis_pos(&a, 0, 0, 400), 0, 1e-9);
}
END_TEST

START_TEST(latency_labels_carry_units)
{
	static const struct {
		double ns;
		const char *text;
	} cases[] = {{850, "850 ns"}, {12500, "12.5 \xc2\xb5s"}, {999.6, "1 \xc2\xb5s"}, {3e6, "3 ms"},
	             {1.2e9, "1.2 s"}, {0, "0 ns"}};
	char buf[32];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		units_format_latency_human(cases[i].ns, buf, sizeof buf);
		ck_assert_str_eq(buf, cases[i].text);
	}
}
END_TEST

/* The queue-depth profile's eight rows, a category each: no two names
 * under the plot share a line where they meet (at 6.6 px a character, the
 * chart's own estimate of 12 px sans-serif). Their second lines ran into
 * each other ("Q8T1 reaQ8T1 wr..."); names wrap to three lines now. */
START_TEST(bar_chart_names_do_not_overlap)
{
	static const char *const rows[] = {"SEQ1M Q8T1 read",  "SEQ1M Q8T1 write",  "SEQ1M Q1T1 read",
	                                   "SEQ1M Q1T1 write", "RND4K Q32T1 read",  "RND4K Q32T1 write",
	                                   "RND4K Q1T1 read",  "RND4K Q1T1 write"};
	struct chart_bar bars[8];
	struct bar_chart c = {"qd", "Queue-depth profile", "desc", {0, 1, false, "MiB/s", 0, NULL, NULL, 0}, bars, 8,
	                      NULL, 1};
	char *buf = NULL, *p;
	size_t len = 0, n = 0;
	FILE *f = mem_open(&buf, &len);
	struct name_box {
		double x, y, w;
	} label[32];

	for (int i = 0; i < 8; i++)
		bars[i] = (struct chart_bar){rows[i], "k", 0, 100.0 * (i + 1), 1, 0, NULL, 0, 5, 0, "100"};
	chart_bars(f, &c);
	fclose(f);
	for (p = buf; (p = strstr(p, "<text x=\"")) != NULL && n < 32; p++) {
		double x, y;
		char *end = strstr(p, "</text>"), *gt;
		if (sscanf(p, "<text x=\"%lf\" y=\"%lf\"", &x, &y) != 2 || !end || !strstr(p, "bar-label") ||
		    strstr(p, "bar-label") > end || (gt = strchr(p, '>')) == NULL)
			continue;
		label[n++] = (struct name_box){x, y, 6.6 * (double)(end - gt - 1)};
	}
	ck_assert_uint_ge(n, 8);
	for (size_t i = 0; i < n; i++)
		for (size_t k = i + 1; k < n; k++)
			if (label[i].y == label[k].y)
				ck_assert_msg(fabs(label[i].x - label[k].x) >= (label[i].w + label[k].w) / 2,
				              "names at x %.1f and %.1f (y %.1f) overlap", label[i].x, label[k].x, label[i].y);
	free(buf);
}
END_TEST

/* A marked bar alone in its chart (its word fits under it) is named in
 * the words the page's captions and the text give its mark (the
 * confidence table's, confidence_reason_brief), under the bar and in its
 * title: a figure whose cache was not dropped read "not evicted" under
 * its bar and "cache not dropped" in the footnote and the captions. */
START_TEST(bar_mark_words_are_the_marks_words)
{
	static const unsigned drawn[] = {CONF_SHORT, CONF_CACHED, CONF_NOT_EVICTED};

	for (size_t k = 0; k < sizeof drawn / sizeof drawn[0]; k++) {
		int r = 0;
		const struct chart_bar bar = {"block read", "get_block", 0, 2000, 1, 0, NULL, 0, 40, drawn[k], "2000"};
		struct bar_chart c = {"one", "One", "desc", {0, 1, false, "rate (KiB/s)", 0, NULL, NULL, 0}, &bar, 1, NULL, 1};
		char word[64], under[96], title[96], *buf = NULL;
		size_t len = 0;
		FILE *f = mem_open(&buf, &len);

		while (!(drawn[k] & (1u << r)))
			r++;
		/* a striped bar's word carries its mark, as its value does on every page */
		if (drawn[k] == CONF_SHORT)
			snprintf(word, sizeof word, "%c %s", confidence_reason_mark(r), confidence_reason_brief(r));
		else
			snprintf(word, sizeof word, "%s", confidence_reason_brief(r));
		snprintf(under, sizeof under, "class=\"bar-mark\">%s</text>", word);
		snprintf(title, sizeof title, "40%% CPU, %s</title>", word);
		chart_bars(f, &c);
		fclose(f);
		ck_assert_msg(strstr(buf, under) != NULL, "no \"%s\" under the bar", word);
		ck_assert_msg(strstr(buf, title) != NULL, "no \"%s\" in the bar's title", word);
		free(buf);
	}
}
END_TEST

START_TEST(bar_chart_marks_and_numbers)
{
	static const double runs[] = {90, 100, 130};
	const struct chart_bar bars[] = {
		{"block write", "put_block", 0, 100, 90, 130, runs, 3, 78, 0, "100"},
		{"block read", "get_block", 0, 2000, 1, 0, NULL, 0, 40, CONF_SHORT, "2000~"},
		{"seeks", "seeks", 1, 50, 1, 0, NULL, 0, -1, CONF_CACHED, "50"},
	};
	const char *names[] = {"A <one>", "B"};
	struct bar_chart c = {"bars", "Rates & more", "desc", {0, 1, false, "rate (KiB/s)", 0, NULL, NULL, 0}, bars, 3, names, 2};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = mem_open(&buf, &len);

	chart_bars(f, &c);
	fclose(f);
	ck_assert_uint_eq(count(buf, "<g class=\"bar\""), 3);
	ck_assert_ptr_nonnull(strstr(buf, "data-key=\"put_block\" data-series=\"0\" data-value=\"100\""));
	ck_assert_ptr_nonnull(strstr(buf, "data-points=\"90 100 130\""));
	ck_assert_ptr_nonnull(strstr(buf, "data-lo=\"90\" data-hi=\"130\""));
	ck_assert_ptr_nonnull(strstr(buf, "class=\"whisker\""));
	ck_assert_uint_eq(count(buf, "class=\"run-dot\""), 3);
	ck_assert_ptr_nonnull(strstr(buf, "fill=\"url(#bars-lowconf)\""));
	ck_assert_ptr_nonnull(strstr(buf, "fill=\"url(#bars-cached)\""));
	/* "~ under 0.5 s" is wider than a bar's slot: the marks are said once, under the plot */
	ck_assert_ptr_null(strstr(buf, ">~ under 0.5 s</text>"));
	ck_assert_ptr_nonnull(strstr(buf, ">striped, ~: ran under 0.5 s  dotted: cached</text>"));
	ck_assert_ptr_nonnull(strstr(buf, ">78% CPU</text>"));
	ck_assert_ptr_nonnull(strstr(buf, "<title id=\"bars-t\">Rates &amp; more</title>"));
	ck_assert_ptr_nonnull(strstr(buf, ">A &lt;one&gt;</text>")); /* legend */
	ck_assert_ptr_nonnull(strstr(buf, ">rate (KiB/s)</text>"));
	ck_assert_uint_eq(count(buf, "<svg"), count(buf, "</svg>"));
	free(buf);
}
END_TEST

/* A sweep-like chart: 700 points per series, a knee marker. */
START_TEST(line_chart_long_series_and_marker)
{
	enum { N = 700 };
	static double x[N], y1[N], y2[N];
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	for (int i = 0; i < N; i++) {
		x[i] = i + 1;
		y1[i] = 1000.0 * (1 - exp(-(i + 1) / 60.0));
		y2[i] = 0.5 + i * 0.01;
	}
	const struct chart_series s[] = {{"put_block", N, x, y1, NULL}, {"get_block", N, x, y2, NULL}};
	const struct chart_marker m = {120, "knee at 120 clients"};
	struct line_chart c = {"sweep", "Throughput", "desc", {1, 700, true, "clients (log scale)", 0, NULL, NULL, 0},
	                       {0, 1, false, "rate (MiB/s)", 0, NULL, NULL, 0}, s, 2, &m, 1};

	f = mem_open(&buf, &len);
	chart_line(f, &c);
	fclose(f);
	ck_assert_uint_eq(count(buf, "<g class=\"series\""), 2);
	ck_assert_uint_eq(count(buf, "L"), 2 * (N - 1)); /* one path segment per point after the first */
	ck_assert_uint_eq(count(buf, "<circle"), 0); /* too many points for markers */
	ck_assert_ptr_nonnull(strstr(buf, "data-x=\"1 2 3 "));
	ck_assert_ptr_nonnull(strstr(buf, "<g class=\"marker\" data-x=\"120\">"));
	ck_assert_ptr_nonnull(strstr(buf, ">knee at 120 clients</text>"));
	ck_assert_ptr_nonnull(strstr(buf, "stroke-dasharray=\"6 3\"")); /* second series dashed */
	ck_assert_ptr_nonnull(strstr(buf, ">clients (log scale)</text>"));
	free(buf);
}
END_TEST

START_TEST(percentile_chart_labels_median_p99_max)
{
	static const double pct[] = {0, 50, 90, 99}, ns[] = {1000, 20000, 50000, 900000};
	const struct pct_curve curves[] = {{"A", 4, pct, ns, 20000, 900000, 2.5e6}, {"B", 4, pct, ns, 20000, -1, 1e6}};
	struct pct_chart c = {"lat", "Latency", "desc", curves, 2};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = mem_open(&buf, &len);

	chart_percentiles(f, &c);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "data-what=\"median\" data-pct=\"50\" data-ns=\"20000\""));
	ck_assert_ptr_nonnull(strstr(buf, "data-what=\"p99\" data-pct=\"99\" data-ns=\"900000\""));
	ck_assert_ptr_nonnull(strstr(buf, "data-what=\"max\" data-ns=\"2500000\""));
	ck_assert_uint_eq(count(buf, "data-what=\"p99\""), 1); /* B has too few samples */
	/* several curves: the labels say whose they are; A's max is the worst */
	ck_assert_ptr_nonnull(strstr(buf, ">A: median 20 \xc2\xb5s</text>"));
	ck_assert_ptr_nonnull(strstr(buf, ">A: max 2.5 ms</text>"));
	ck_assert_ptr_null(strstr(buf, "worst max"));
	ck_assert_ptr_nonnull(strstr(buf, ">p99.99</text>"));
	ck_assert_ptr_nonnull(strstr(buf, ">latency (log scale)</text>"));
	free(buf);
	/* B's maximum is the worst: labelled too, named */
	const struct pct_curve worse[] = {curves[0], {"B", 4, pct, ns, 20000, -1, 5e6}};
	c.curves = worse;
	f = mem_open(&buf, &len);
	chart_percentiles(f, &c);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, ">worst max, B: max 5"));
	ck_assert_uint_eq(count(buf, "class=\"pct-label\">B: median"), 0); /* only the first curve's median */
	free(buf);
}
END_TEST

START_TEST(median_of_odd_and_even)
{
	double a[] = {5, 1, 3}, b[] = {4, 1, 3, 2};

	ck_assert_double_eq(stats_median(a, 3), 3);
	ck_assert_double_eq(stats_median(b, 4), 2.5);
	ck_assert_double_eq(stats_median(b, 0), 0);
}
END_TEST

/* tables and csv: what a sweep kept as text for every count, or NULL. */
static char *sweep_page_texts(const struct config *cfg, const struct run_result *runs, size_t n,
                              const struct sweep *sw, const char *tables, const char *csv)
{
	static struct env_info env;
	char a0[] = "bonnie", a1[] = "-m", a2[] = "it's <me>";
	char *argv[] = {a0, a1, a2};
	struct run_setup setup;
	view_setup_of(cfg, &setup);
	struct run_view *views = calloc(n ? n : 1, sizeof *views); /* the page's owner builds them */
	ck_assert_ptr_nonnull(views);
	for (size_t i = 0; i < n; i++)
		view_of_setup_run(&setup, &runs[i], NULL, &views[i]);
	struct html_report rep = {&setup, 3, argv, &env, NULL, runs, n, sw, tables, csv, "2026-12-01 17:20 UTC", NULL, NULL, views};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = mem_open(&buf, &len);

	snprintf(env.fs_type, sizeof env.fs_type, "ext4");
	ck_assert_int_eq(report_html(f, &rep), 0);
	fclose(f);
	free(views);
	return buf;
}

static char *sweep_page(const struct config *cfg, const struct run_result *runs, size_t n, const struct sweep *sw)
{
	return sweep_page_texts(cfg, runs, n, sw, NULL, NULL);
}

static char *page(const struct config *cfg, const struct run_result *runs, size_t n)
{
	return sweep_page(cfg, runs, n, NULL);
}

/* Every phase's bar carries the exact rate the CSV truncates, and the CSV
 * line itself is on the page. */
/* The summary's verdict cell: the sentence of one run, the kinds counted
 * over several, a dash without a verdict. */
START_TEST(summary_carries_each_phase_verdict)
{
	static struct run_result runs[3];
	struct config cfg;
	char *buf;

	synth_config(&cfg);
	for (int r = 0; r < 3; r++) {
		synth_full_run(&runs[r]);
		runs[r].phase[PHASE_PUT_BLOCK].verdict.kind = VERDICT_STEADY;
		runs[r].phase[PHASE_PUT_BLOCK].verdict.window_ns = 1000000000u;
		runs[r].phase[PHASE_PUT_BLOCK].verdict.spread = 0.06;
		runs[r].phase[PHASE_PUT_BLOCK].verdict.windows = 10;
		runs[r].phase[PHASE_PUT_BLOCK].verdict.within = 9;
	}
	runs[1].phase[PHASE_PUT_BLOCK].verdict.kind = VERDICT_STALLED;
	buf = page(&cfg, runs, 1);
	ck_assert_ptr_nonnull(strstr(buf, "data-verdict-for=\"put_block\">steady (9 of 10 1\xc2\xa0s rates within 6% of their median)</td>"));
	ck_assert_ptr_nonnull(strstr(buf, "data-verdict-for=\"rewrite\">&ndash;</td>"));
	free(buf);
	buf = page(&cfg, runs, 3);
	ck_assert_ptr_nonnull(strstr(buf, "data-verdict-for=\"put_block\">steady in 2 of 3 runs, stalled in 1 of 3 runs</td>"));
	free(buf);
}
END_TEST

/* A stalled block write's timeline: drawn open with its verdict, the rate
 * at 0 through the stall, and no p99 point where no operation completed
 * (a 0 there would draw latency dropping in a stall). */
START_TEST(timeline_stall_has_no_p99_points_inside)
{
	static struct run_result run;
	static struct run_timelines tls;
	static struct env_info env;
	struct tl_series *s = &tls.phase[PHASE_PUT_BLOCK];
	struct config cfg;
	char a0[] = "bonnie", *argv[] = {a0}, *buf = NULL, *p99;
	const char *want;
	size_t len = 0;
	FILE *f = mem_open(&buf, &len);

	synth_config(&cfg);
	synth_full_run(&run);
	run.phase[PHASE_PUT_BLOCK].verdict = (struct verdict){.kind = VERDICT_STALLED, .at_ns = 300000000u,
	                                                      .len_ns = 500000000u, .nevents = 1,
	                                                      .head_kind = VERDICT_STALLED};
	run.phase[PHASE_PUT_BLOCK].verdict.ev[0] = (struct verdict_event){.kind = VERDICT_STALLED, .at_ns = 300000000u,
	                                                                  .len_ns = 500000000u};
	*s = (struct tl_series){.present = true, .width_ns = 100000000u, .last_len_ns = 100000000u, .n = 10};
	for (uint32_t i = 0; i < 10; i++)
		if (i < 3 || i > 7)
			s->pt[i] = (struct tl_point){.bytes = 1u << 20, .ops = 128, .p99_ns = 2000000};
	struct run_setup setup;
	view_setup_of(&cfg, &setup);
	static struct run_view view; /* the page's owner builds it */
	view_of_setup_run(&setup, &run, NULL, &view);
	struct html_report rep = {&setup, 1, argv, &env, NULL, &run, 1, NULL, NULL, NULL, NULL, NULL, &tls, &view};
	ck_assert_int_eq(report_html(f, &rep), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "block write: <span class=\"verdict\">stalled 0.5\xc2\xa0s at 0.3\xc2\xa0s"));
	ck_assert_ptr_nonnull(strstr(buf, "id=\"timeline-put_block\""));
	p99 = strstr(buf, "id=\"timeline-p99-put_block\"");
	ck_assert_ptr_nonnull(p99);
	p99 = strstr(p99, "data-y=\"");
	ck_assert_ptr_nonnull(p99);
	/* five intervals with operations: five p99 values, no 0 among them */
	want = "data-y=\"2000000 2000000 2000000 2000000 2000000\"";
	ck_assert_msg(strncmp(p99, want, strlen(want)) == 0, "%.60s", p99);
	free(buf);
}
END_TEST

/* The collapsed timelines' heading names what they share, no lasting
 * change or stall, and never calls a noisy phase steady (issue 52: "The
 * other 4 phases over time (steady)" over two noisy ones). */
static char *page_with_verdicts(const enum verdict_kind *kinds, const enum phase_id *ids, int n)
{
	static struct run_result run;
	static struct run_timelines tls;
	static struct env_info env;
	struct config cfg;
	struct run_setup setup;
	char a0[] = "bonnie", *argv[] = {a0}, *buf = NULL;
	size_t len = 0;
	FILE *f = mem_open(&buf, &len);

	synth_config(&cfg);
	synth_full_run(&run);
	memset(&tls, 0, sizeof tls);
	for (int k = 0; k < n; k++) {
		struct tl_series *s = &tls.phase[ids[k]];
		run.phase[ids[k]].verdict = (struct verdict){.kind = kinds[k], .window_ns = 100000000u, .windows = 10,
		                                             .within = 8, .spread = 0.3};
		*s = (struct tl_series){.present = true, .width_ns = 100000000u, .last_len_ns = 100000000u, .n = 10};
		for (uint32_t i = 0; i < 10; i++)
			s->pt[i] = (struct tl_point){.bytes = 1u << 20, .ops = 128, .p99_ns = 2000000};
	}
	view_setup_of(&cfg, &setup);
	static struct run_view view; /* the page's owner builds it */
	view_of_setup_run(&setup, &run, NULL, &view);
	struct html_report rep = {&setup, 1, argv, &env, NULL, &run, 1, NULL, NULL, NULL, NULL, NULL, &tls, &view};
	ck_assert_int_eq(report_html(f, &rep), 0);
	fclose(f);
	return buf;
}

START_TEST(collapsed_timelines_heading_says_what_they_share)
{
	static const enum phase_id ids[] = {PHASE_PUT_BLOCK, PHASE_REWRITE, PHASE_GET_BLOCK};
	static const enum verdict_kind mixed[] = {VERDICT_STEADY, VERDICT_NOISY, VERDICT_NOISY};
	static const enum verdict_kind one[] = {VERDICT_NOISY};
	char *buf = page_with_verdicts(mixed, ids, 3);

	ck_assert_ptr_nonnull(strstr(buf, "<summary>All 3 judged phases over time: no lasting change or stall</summary>"));
	ck_assert_ptr_null(strstr(buf, "(steady)"));
	free(buf);
	buf = page_with_verdicts(one, ids, 1);
	ck_assert_ptr_nonnull(strstr(buf, "<summary>The judged phase over time: no lasting change or stall</summary>"));
	free(buf);
}
END_TEST

START_TEST(run_page_numbers_equal_metrics)
{
	static struct run_result run;
	struct config cfg;
	char want[96], *buf, *csv;

	synth_config(&cfg);
	synth_full_run(&run);
	buf = page(&cfg, &run, 1);
	for (int id = 0; id <= PHASE_RAN_DEL; id++) { /* the phases synth_full_run ran */
		snprintf(want, sizeof want, "data-key=\"%s\" data-series=\"0\" data-value=\"%.10g\"",
		         phase_name((enum phase_id)id), metric_rate((enum phase_id)id, &run.phase[id]));
		ck_assert_msg(strstr(buf, want) != NULL, "missing %s", want);
	}
	csv = synth_capture_csv(&cfg, &run);
	csv[strcspn(csv, "\n")] = '\0';
	ck_assert_ptr_nonnull(strstr(buf, csv));
	ck_assert_uint_eq(count(buf, "<svg"), CHART_QD + PHASE_RAN_DEL + 1); /* rate charts but the unused queue-depth one, 12 latency curves */
	ck_assert_uint_eq(count(buf, "</svg>"), CHART_QD + PHASE_RAN_DEL + 1);
	ck_assert_uint_eq(count(buf, "<desc>"), CHART_QD + PHASE_RAN_DEL + 1);
	ck_assert_ptr_null(strstr(buf, "<script"));
	ck_assert_ptr_null(strstr(buf, "https:"));
	ck_assert_uint_eq(count(buf, "http:"), CHART_QD + PHASE_RAN_DEL + 1); /* only the SVG namespace */
	ck_assert_ptr_nonnull(strstr(buf, "bonnie -m 'it'\\''s &lt;me&gt;'")); /* reproduce, quoted */
	ck_assert_ptr_null(strstr(buf, "Each of the")); /* no repeat section for one run */
	free(csv);
	free(buf);
}
END_TEST

/* The line of text that starts with prefix (NUL-terminated copy in line). */
static bool line_starting(const char *text, const char *prefix, char *line, size_t len)
{
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (strncmp(p, prefix, strlen(prefix)) == 0) {
			snprintf(line, len, "%.*s", (int)strcspn(p, "\n"), p);
			return true;
		}
	return false;
}

/* The issue-32 defect: a per-char phase of 83 operations has no p99 (the
 * count supports p90, not p99). The text table leaves its p99 cell blank;
 * the page's summary and latency table must say the same: no p99. */
START_TEST(few_operations_p99_blank_in_table_and_page)
{
	static struct run_result run;
	struct config cfg;
	char line[256], want[128], *buf, *table, *row;

	synth_config(&cfg);
	synth_full_run(&run);
	hist_init(&run.phase[PHASE_PUTC].latency);
	for (uint64_t i = 1; i <= 83; i++)
		hist_add(&run.phase[PHASE_PUTC].latency, i * 1000000u);
	ck_assert(!metric_pct_supported(&run.phase[PHASE_PUTC], 99));
	ck_assert(metric_pct_supported(&run.phase[PHASE_PUTC], 90));
	table = synth_capture_table(&cfg, &run);
	/* "  p99" (17 columns) then the per-char write cell (9): blank; the
	 * block write beside it has one */
	ck_assert(line_starting(table, "  p99 ", line, sizeof line));
	ck_assert_uint_ge(strlen(line), 27);
	ck_assert_uint_eq(strspn(line + 5, " "), 22 + strspn(line + 27, " "));
	ck_assert(line_starting(table, "  median", line, sizeof line));
	ck_assert_uint_lt(strspn(line + 8, " "), 19); /* the median is shown */
	buf = page(&cfg, &run, 1);
	row = strstr(buf, "<tr data-key=\"putc\"");
	ck_assert_ptr_nonnull(row);
	row[strcspn(row, "\n")] = '\0';
	ck_assert_ptr_null(strstr(row, "data-p99"));
	ck_assert_ptr_nonnull(strstr(row, "<td>too few operations</td>"));
	row[strlen(row)] = '\n';
	/* the latency table: operations, min, median, p90 filled, p99 blank */
	snprintf(want, sizeof want, "<tr><td class=\"l\">%s</td><td>83</td>", phase_words(PHASE_PUTC));
	row = strstr(buf, want);
	ck_assert_ptr_nonnull(row);
	row[strcspn(row, "\n")] = '\0';
	ck_assert_msg(strstr(row, "</td><td></td><td></td><td></td><td>83 ms</td></tr>") != NULL, "%s", row);
	row[strlen(row)] = '\n';
	/* the rates table notes the value's '#' in words, as the caption does */
	row = strstr(buf, "<tr data-key=\"putc\" data-value=\"512\"><td class=\"l\">");
	ck_assert_ptr_nonnull(row);
	row[strcspn(row, "\n")] = '\0';
	ck_assert_msg(strstr(row, "<td>512#</td>") && strstr(row, "<span class=\"mark\">#</span> few operations</td></tr>"),
	              "%s", row);
	free(table);
	free(buf);
}
END_TEST

/* One set of words per phase (phase_words, from PHASES(X)) on the run page
 * and in the --share table; none of the older phrasings that called the
 * stat phases reads; every phase in exactly one rate section. */
START_TEST(pages_name_phases_alike)
{
	static struct run_result run;
	static const char *const old[] = {"stat (seq)", "stat (random)", "create (seq)", "sequential read",
	                                  "random read"};
	struct config cfg;
	char want[96], *html, *share = NULL;
	size_t len;
	FILE *f;

	synth_config(&cfg);
	synth_full_run(&run);
	html = page(&cfg, &run, 1);
	f = mem_open(&share, &len);
	report_share_run(f, synth_session(&cfg), synth_view(&cfg, &run));
	fclose(f);
	for (int id = 0; id <= PHASE_RAN_DEL; id++) { /* the phases synth_full_run ran */
		size_t in = 0;
		snprintf(want, sizeof want, "<td class=\"l\">%s</td>", phase_words((enum phase_id)id));
		ck_assert_msg(strstr(html, want) != NULL, "page lacks %s", want);
		snprintf(want, sizeof want, "| %s |", phase_words((enum phase_id)id));
		ck_assert_msg(strstr(share, want) != NULL, "share lacks %s", want);
		for (size_t s = 0; s < HTML_SECTIONS; s++)
			in += html_in_section(&html_sections[s], (enum phase_id)id);
		ck_assert_uint_eq(in, 1);
	}
	ck_assert_str_eq(phase_words(PHASE_SEQ_STAT), "sequential stat");
	for (size_t i = 0; i < sizeof old / sizeof old[0]; i++) {
		ck_assert_msg(strstr(html, old[i]) == NULL, "page says %s", old[i]);
		ck_assert_msg(strstr(share, old[i]) == NULL, "share says %s", old[i]);
	}
	free(share);
	free(html);
}
END_TEST

/* Three runs: each run's value in the repeats table, the median on the bar. */
START_TEST(repeat_page_has_runs_median_spread)
{
	static struct run_result runs[3];
	struct config cfg;
	char want[128], *buf;
	double med;

	synth_config(&cfg);
	for (int i = 0; i < 3; i++) {
		synth_full_run(&runs[i]);
		runs[i].phase[PHASE_PUT_BLOCK].elapsed_ns = (uint64_t)(1600 + 400 * i) * 1000000u;
	}
	buf = page(&cfg, runs, 3);
	med = metric_rate(PHASE_PUT_BLOCK, &runs[1].phase[PHASE_PUT_BLOCK]);
	snprintf(want, sizeof want, "data-key=\"put_block\" data-series=\"0\" data-value=\"%.10g\"", med);
	ck_assert_msg(strstr(buf, want) != NULL, "missing %s", want);
	ck_assert_ptr_nonnull(strstr(buf, "Each of the 3 runs"));
	/* 320, 256 and 213.33 MiB/s: spread (320 - 213.3) / 256 = 41.7% */
	ck_assert_ptr_nonnull(strstr(buf, "<td data-run=\"1\">320</td><td data-run=\"2\">256</td>"
	                                  "<td data-run=\"3\">213</td><td>256</td><td>213 .. 320</td><td>41.7%</td>"));
	ck_assert_ptr_nonnull(strstr(buf, ">run 3</text>")); /* latency legend */
	free(buf);
}
END_TEST

/* A sweep of 1, 4, 16 and 64 clients whose put_block rate stops rising
 * at 16 and whose p99 passes 2x at 64: both markers, the sentence of the
 * text report, the rates as data-y, the sweep table, the last level's run. */
START_TEST(sweep_page_charts_knee_and_table)
{
	static struct run_result runs[4];
	static struct sweep sw;
	struct config cfg;
	char want[512], sentence[256], *buf, *text = NULL;
	size_t len = 0;
	FILE *f;

	synth_config(&cfg);
	memset(&sw, 0, sizeof sw);
	for (int l = 0; l < 4; l++) {
		synth_full_run(&runs[l]);
		runs[l].clients = 1u << (2 * l);
		runs[l].phase[PHASE_PUT_BLOCK].elapsed_ns = (uint64_t)(l < 2 ? 4000 - 1000 * l : 2000) * 1000000u;
		sweep_add_run(&sw, &runs[l]);
	}
	sw.point[3][PHASE_PUT_BLOCK].p99 = 5 * sw.point[0][PHASE_PUT_BLOCK].p99;
	sweep_judge(&sw, 2.0); /* the point changed: judged again, as where a sweep ends */
	buf = sweep_page(&cfg, &runs[3], 1, &sw);
	ck_assert_ptr_nonnull(strstr(buf, "<h2 id=\"sweep\">"));
	/* two charts for each phase the synthetic runs have: bonnie++'s twelve */
	ck_assert_uint_eq(count(buf, "class=\"chart\" id=\"sweep-"), 2 * (PHASE_RAN_DEL + 1));
	snprintf(want, sizeof want, "data-series=\"throughput\" data-x=\"1 4 16 64\" data-y=\"%.10g %.10g %.10g %.10g\"",
	         sw.point[0][PHASE_PUT_BLOCK].rate, sw.point[1][PHASE_PUT_BLOCK].rate, sw.point[2][PHASE_PUT_BLOCK].rate,
	         sw.point[3][PHASE_PUT_BLOCK].rate);
	ck_assert_msg(strstr(buf, want) != NULL, "missing %s", want);
	ck_assert_ptr_nonnull(strstr(buf, ">knee: 16 clients</text>"));
	ck_assert_ptr_nonnull(strstr(buf, ">p99 &gt; 2x: 64 clients</text>"));
	ck_assert_ptr_nonnull(strstr(buf, ">clients (log scale)</text>"));
	judged_knee_sentence(&sw, PHASE_PUT_BLOCK, 2.0, sentence, sizeof sentence);
	ck_assert_ptr_nonnull(strstr(sentence, "peaks at 16 clients: ")); ck_assert_ptr_nonnull(strstr(sentence, "p99 latency passes 2x at 64 clients: "));
	{ /* the sentence as the page escapes it: each number held to its unit */
		char *esc = NULL;
		size_t esc_len = 0;
		FILE *e = mem_open(&esc, &esc_len);
		html_escape_figures(e, sentence);
		fclose(e);
		snprintf(want, sizeof want, "<p class=\"knee\">%s</p>", esc);
		free(esc);
	}
	ck_assert_msg(strstr(buf, want) != NULL, "missing %s", want);
	ck_assert_ptr_nonnull(strstr(buf, "2.99\xc2\xa0ms against 598\xc2\xa0\xc2\xb5s at 1 client"));
	f = mem_open(&text, &len);
	report_sweep_table(f, &sw);
	fclose(f);
	char *heads = text + strcspn(text, "\n") + 1;
	heads[strcspn(heads, "\n")] = '\0';
	ck_assert_ptr_nonnull(strstr(buf, heads)); /* the table's column heads */
	ck_assert_ptr_nonnull(strstr(buf, "last client count's run (64 clients); the table and CSV sections list every count's"));
	ck_assert_uint_eq(count(buf, "<svg"), count(buf, "</svg>"));
	free(text);
	free(buf);
}
END_TEST

/* A sweep's table and CSV sections are the texts kept for every count
 * (escaped), not the last count's runs. */
START_TEST(sweep_page_lists_every_count)
{
	static struct run_result run;
	static struct sweep sw;
	struct config cfg;
	char *buf, *own;

	synth_config(&cfg);
	memset(&sw, 0, sizeof sw);
	synth_full_run(&run);
	run.clients = 2;
	sweep_add_run(&sw, &run);
	sweep_judge(&sw, 2.0);
	buf = sweep_page_texts(&cfg, &run, 1, &sw, "1 client, run 1 of 1\n<t1>\n2 clients, run 1 of 1\n<t2>\n",
	                       "csv,1,a\ncsv,2,b\n");
	ck_assert_ptr_nonnull(strstr(buf, "<pre class=\"table\">1 client, run 1 of 1\n&lt;t1&gt;\n2 clients, run 1 of 1\n&lt;t2&gt;\n</pre>"));
	ck_assert_ptr_nonnull(strstr(buf, "<pre class=\"csv\">csv,1,a\ncsv,2,b\n</pre>"));
	own = synth_capture_csv(&cfg, &run);
	own[strcspn(own, "\n")] = '\0';
	ck_assert_ptr_null(strstr(buf, own)); /* the run's own line is not added */
	free(own);
	free(buf);
}
END_TEST

static void cmp_run(struct parsed_run *r, const char *name, double rate, int64_t lat)
{
	memset(r, 0, sizeof *r);
	snprintf(r->format, sizeof r->format, "1.98");
	snprintf(r->origin, sizeof r->origin, "%s.csv:1", name);
	snprintf(r->meta[META_NAME], PARSED_META_LEN, "%s", name);
	snprintf(r->meta[META_SIZE], PARSED_META_LEN, "1G");
	for (int i = 0; i < PHASE_COUNT; i++)
		r->phase[i] = (struct parsed_phase){.state = CELL_NOT_RUN, .cpu = -1, .latency_ns = -1};
	r->phase[PHASE_PUT_BLOCK] = (struct parsed_phase){.state = CELL_VALUE, .rate = rate, .cpu = 20, .latency_ns = lat};
	r->phase[PHASE_SEQ_CREATE] = (struct parsed_phase){.state = CELL_VALUE, .rate = 1000, .cpu = 50, .latency_ns = -1, .low_confidence = true};
	parsed_stated(r, 1);
}

/* What a report function writes, as a string (caller frees). */
static char *capture_cmp(void (*fn)(FILE *, const struct parsed_run *, size_t, const struct compare_opts *),
                         const struct parsed_run *runs, const struct compare_opts *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = mem_open(&buf, &len);

	fn(f, runs, 2, o);
	fclose(f);
	return buf;
}

static void csv_of_second(FILE *f, const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	(void)n;
	(void)o;
	report_compare_csv_line(f, &runs[1]);
}

/* Two runs: a bar per run and phase with the parsed rate, the latency
 * bars only where a maximum was parsed, the summary sentence, the CSV. */
START_TEST(compare_page_bars_summary_csv)
{
	static struct parsed_run runs[2];
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = COMPARE_TEXT};
	char *buf = NULL, *summary, *csv;
	size_t len = 0;
	FILE *f = mem_open(&buf, &len);

	cmp_run(&runs[0], "alpha", 100000, 1000000);
	cmp_run(&runs[1], "beta<", 250000, 3000000);
	ck_assert_int_eq(report_compare_html(f, runs, 2, &o), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "data-key=\"put_block\" data-series=\"0\" data-value=\"100000\" data-cpu=\"20\""));
	ck_assert_ptr_nonnull(strstr(buf, "data-key=\"put_block\" data-series=\"1\" data-value=\"250000\""));
	ck_assert_ptr_nonnull(strstr(buf, "data-key=\"seq_create\" data-series=\"1\" data-value=\"1000\""));
	ck_assert_ptr_nonnull(strstr(buf, "data-marks=\"low-confidence "));
	/* a maximum is one sample: not charted (issue 51 point 4); no p99 in a CSV line */
	ck_assert_ptr_null(strstr(buf, "data-series=\"1\" data-value=\"3000000\""));
	ck_assert_ptr_nonnull(strstr(buf, "No run here records a p99 latency"));
	ck_assert_uint_eq(count(buf, "class=\"bar\""), 4); /* 2 x (put_block, seq_create) */
	ck_assert_uint_eq(count(buf, "<svg"), 2); /* block and files rates */
	ck_assert_ptr_nonnull(strstr(buf, ">B: beta&lt;</text>")); /* legend, escaped */
	/* the text's words: the cell, the table's and the summary's "2.50x faster" */
	ck_assert_ptr_nonnull(strstr(buf, "data-value=\"250000\">244.1\xc2\xa0MiB/s <span class=\"ratio\">2.50x faster &gt;</span>"));
	ck_assert_ptr_null(strstr(buf, "<li>block write 2.5x faster on B</li>")); /* the sentence only, not again */
	summary = capture_cmp(report_compare_summary, runs, &o);
	summary[strcspn(summary, "\n")] = '\0';
	{ /* the page holds each number to its unit with a no-break space */
		char *esc = NULL;
		size_t esc_len = 0;
		FILE *e = mem_open(&esc, &esc_len);
		html_escape_figures(e, summary);
		fclose(e);
		ck_assert_msg(strstr(buf, esc) != NULL, "missing %s", esc);
		ck_assert_ptr_nonnull(strstr(esc, "under 0.5\xc2\xa0s"));
		free(esc);
	}
	csv = capture_cmp(csv_of_second, runs, &o);
	csv[strcspn(csv, "<")] = '\0'; /* up to the name, which the page escapes */
	ck_assert_msg(strstr(buf, csv) != NULL, "missing %s", csv);
	ck_assert_ptr_null(strstr(buf, "<script"));
	free(summary);
	free(csv);
	free(buf);
	/* p99 where the inputs record it, from 1000 operations: charted */
	for (int k = 0; k < 2; k++) {
		runs[k].phase[PHASE_PUT_BLOCK].p99_ns = 2000000 * (k + 1);
		runs[k].phase[PHASE_PUT_BLOCK].known |= READ_LAT_P99;
		runs[k].phase[PHASE_PUT_BLOCK].operations = 1000;
	}
	buf = NULL;
	f = mem_open(&buf, &len);
	ck_assert_int_eq(report_compare_html(f, runs, 2, &o), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "data-key=\"put_block\" data-series=\"1\" data-value=\"4000000\""));
	ck_assert_ptr_null(strstr(buf, "No run here records a p99 latency"));
	ck_assert_uint_eq(count(buf, "<svg"), 3);
	free(buf);
}
END_TEST

/* The compare page marks a short phase, the same in the summary table as on
 * the bars: where its input says so (bonnie's JSON) and where a bonnie++
 * line's own counts and rate give its time (1 GiB at 3.8 GiB/s ran 0.26 s:
 * the rate is that work over that time, issue 33), in one as in the other. */
START_TEST(compare_page_short_mark_from_the_input)
{
	static struct parsed_run runs[2];
	struct compare_opts o = {0, 1.5, COMPARE_TEXT, 0};
	char *buf = NULL, *cell;
	size_t len = 0;
	FILE *f;

	cmp_run(&runs[0], "alpha", 100000, 1000000);
	cmp_run(&runs[1], "beta", 4000000, 1000000); /* 1 GiB at 3.8 GiB/s: 0.26 s */
	runs[1].size_bytes = 1ull << 30;
	f = mem_open(&buf, &len);
	ck_assert_int_eq(report_compare_html(f, runs, 2, &o), 0);
	fclose(f);
	cell = strstr(buf, "<td data-key=\"put_block\" data-run=\"1\"");
	ck_assert_ptr_nonnull(cell);
	cell[strcspn(cell, "\n")] = '\0'; /* the rest of its row: this cell only */
	ck_assert_ptr_nonnull(strstr(cell, "<span class=\"mark\">~</span>"));
	cell[strlen(cell)] = '\n';
	ck_assert_ptr_nonnull(strstr(buf, "data-key=\"put_block\" data-series=\"1\" data-value=\"4000000\" data-cpu=\"20\" "
	                                  "data-marks=\"low-confidence \""));
	ck_assert_ptr_null(strstr(buf, "estimated from the data size"));
	runs[1].phase[PHASE_PUT_BLOCK].rate = 1000000; /* 1.0 s: no mark in either */
	free(buf);
	buf = NULL;
	f = mem_open(&buf, &len);
	ck_assert_int_eq(report_compare_html(f, runs, 2, &o), 0);
	fclose(f);
	cell = strstr(buf, "<td data-key=\"put_block\" data-run=\"1\"");
	ck_assert_ptr_nonnull(cell);
	cell[strcspn(cell, "\n")] = '\0';
	ck_assert_ptr_null(strstr(cell, "<span class=\"mark\">~</span>"));
	cell[strlen(cell)] = '\n';
	ck_assert_ptr_null(strstr(buf, "data-key=\"put_block\" data-series=\"1\" data-value=\"1000000\" data-cpu=\"20\" "
	                               "data-marks=\"low-confidence \""));
	runs[1].phase[PHASE_PUT_BLOCK].rate = 4000000;
	free(buf);
	runs[1].phase[PHASE_PUT_BLOCK].low_confidence = true; /* as bonnie's JSON says it */
	buf = NULL;
	f = mem_open(&buf, &len);
	ck_assert_int_eq(report_compare_html(f, runs, 2, &o), 0);
	fclose(f);
	cell = strstr(buf, "<td data-key=\"put_block\" data-run=\"1\"");
	ck_assert_ptr_nonnull(cell);
	cell[strcspn(cell, "\n")] = '\0'; /* its row */
	ck_assert_ptr_nonnull(strstr(cell, "<span class=\"mark\">~</span> <span class=\"ratio\">"));
	cell[strlen(cell)] = '\n';
	ck_assert_ptr_nonnull(strstr(buf, "data-key=\"put_block\" data-series=\"1\" data-value=\"4000000\" data-cpu=\"20\" "
	                                  "data-marks=\"low-confidence \""));
	free(buf);
}
END_TEST

/* Coordinates keep a decimal point under a comma locale. */
START_TEST(page_is_locale_independent)
{
	static struct run_result run;
	struct config cfg;
	char *c_page, *de_page;

	synth_config(&cfg);
	synth_full_run(&run);
	c_page = page(&cfg, &run, 1);
	synth_enter_comma_locale();
	de_page = page(&cfg, &run, 1);
	setlocale(LC_ALL, "C");
	ck_assert_str_eq(c_page, de_page);
	free(c_page);
	free(de_page);
}
END_TEST

/* --html takes a file name; with it -x is bounded (every run is kept). */
START_TEST(html_option)
{
	char a0[] = "bonnie", a1[] = "--html", a2[] = "r.html", a3[] = "-x", a4[] = "1001", e0[] = "";
	char *ok[] = {a0, a1, a2, NULL}, *many[] = {a0, a1, a2, a3, a4, NULL}, *empty[] = {a0, a1, e0, NULL};
	char *plain_many[] = {a0, a3, a4, NULL};
	struct config cfg;
	char err[256];

	ck_assert_int_eq(options_parse(3, ok, "h", &cfg, err, sizeof err), OPT_RUN);
	ck_assert_str_eq(cfg.html_path, "r.html");
	ck_assert_int_eq(options_parse(5, many, "h", &cfg, err, sizeof err), OPT_ERROR);
	ck_assert_str_eq(err, "--html keeps every run in memory: at most -x 1000");
	ck_assert_int_eq(options_parse(3, empty, "h", &cfg, err, sizeof err), OPT_ERROR);
	ck_assert_str_eq(err, "--html: file name must not be empty");
	ck_assert_int_eq(options_parse(3, plain_many, "h", &cfg, err, sizeof err), OPT_RUN);
	ck_assert_ptr_null(cfg.html_path);
}
END_TEST

/* "What was tested" counts what ran: the least and most over the runs
 * that ran the phases, never a run that did not. */
START_TEST(tested_counts_are_those_that_ran)
{
	/* on the heap: three run results overflow valgrind's main stack */
	struct run_result *runs = calloc(3, sizeof *runs);
	struct tested_counts t;
	char buf[48];

	ck_assert_ptr_nonnull(runs);
	runs[0].counts.seeks = 102578, runs[0].counts.files_k = 110;
	runs[2].counts.seeks = 98000, runs[2].counts.files_k = 110;
	t = tested_counts_of(runs, 3);

	tested_range_text(&t.seeks, buf, sizeof buf);
	ck_assert_str_eq(buf, "98000..102578");
	tested_range_text(&t.files, buf, sizeof buf);
	ck_assert_str_eq(buf, "112640");
	t = tested_counts_of(runs + 1, 1);
	tested_range_text(&t.seeks, buf, sizeof buf);
	ck_assert_str_eq(buf, "");
	free(runs);
}
END_TEST

/* The page's facts of a phase over its runs, worked out once for every
 * section: the spread (max - min over the median), the median %CPU and a
 * queue-depth row's IOPS at the median rate. Block write: 327680,
 * 262144 and 409600 KiB/s; the random 4 KiB row: 200000 KiB/s. */
START_TEST(facts_spread_cpu_iops)
{
	static const uint64_t put_ms[3] = {1600, 2000, 1280};
	static struct run_result runs[3];
	static struct run_view views[3];
	struct page_model *pm;
	const struct page_facts *facts;
	struct config cfg;

	synth_config(&cfg);
	for (int i = 0; i < 3; i++) {
		synth_full_run(&runs[i]);
		runs[i].phase[PHASE_PUT_BLOCK].elapsed_ns = put_ms[i] * 1000000ull;
		synth_phase(&runs[i], PHASE_RND4K_Q32T1_READ, 4096ull * 50000, 1000000000ull, 100000000ull, 100000);
		view_of_run(&cfg, &runs[i], NULL, &views[i]);
	}
	pm = page_model_new(runs, views, 3, NULL);
	ck_assert_ptr_nonnull(pm);
	facts = pm->facts;
	ck_assert_double_eq_tol(facts[PHASE_PUT_BLOCK].rate, 327680, 1e-6);
	ck_assert_double_eq_tol(facts[PHASE_PUT_BLOCK].spread_pct, (409600.0 - 262144) / 327680 * 100, 1e-9);
	ck_assert_int_eq(facts[PHASE_PUT_BLOCK].cpu, (int)metric_cpu_pct(&runs[0].phase[PHASE_PUT_BLOCK])); /* 1.6 s */
	ck_assert_double_eq_tol(facts[PHASE_RND4K_Q32T1_READ].iops, 50000, 1e-6);
	ck_assert_double_eq(facts[PHASE_PUT_BLOCK].iops, 0.0);
	ck_assert_double_eq(facts[PHASE_SEEKS].spread_pct, 0.0); /* equal runs */
	free(pm);
}
END_TEST

/* The page's latencies, worked out once: up to PAGE_CURVES_MAX runs one
 * curve each (a phase not done in a run has none there); past it one
 * curve of every done run's operations together, the table row's. */
START_TEST(page_latency_curves)
{
	static struct run_result runs[PAGE_CURVES_MAX + 1];
	static struct run_view views[PAGE_CURVES_MAX + 1];
	struct page_model *pm;
	const struct page_latency *l;
	struct config cfg;

	synth_config(&cfg);
	for (int i = 0; i < PAGE_CURVES_MAX + 1; i++) {
		synth_full_run(&runs[i]);
		view_of_run(&cfg, &runs[i], NULL, &views[i]);
	}
	runs[1].phase[PHASE_PUT_BLOCK].status = PHASE_FAILED;
	view_of_run(&cfg, &runs[1], NULL, &views[1]);
	pm = page_model_new(runs, views, 3, NULL);
	ck_assert_ptr_nonnull(pm);
	l = &pm->latencies[PHASE_PUT_BLOCK];
	ck_assert_uint_eq(l->ncurves, 2);
	ck_assert_uint_eq(l->curve_run[0], 0);
	ck_assert_uint_eq(l->curve_run[1], 2);
	ck_assert_uint_eq(l->curve[1].count, runs[2].phase[PHASE_PUT_BLOCK].latency.count);
	ck_assert_uint_eq(l->all.count, 2 * runs[0].phase[PHASE_PUT_BLOCK].latency.count); /* done runs only */
	free(pm);
	pm = page_model_new(runs, views, PAGE_CURVES_MAX + 1, NULL);
	ck_assert_ptr_nonnull(pm);
	l = &pm->latencies[PHASE_PUT_BLOCK];
	ck_assert_uint_eq(l->ncurves, 1);
	ck_assert_uint_eq(l->curve_run[0], PAGE_ALL_RUNS);
	ck_assert_uint_eq(l->curve[0].count, PAGE_CURVES_MAX * runs[0].phase[PHASE_PUT_BLOCK].latency.count);
	ck_assert_uint_eq(l->all.count, l->curve[0].count);
	free(pm);
}
END_TEST

Suite *suite_html(void)
{
	Suite *s = suite_create("html");
	TCase *t = tcase_create("core");

	tcase_add_test(t, escapes_markup_and_controls);
	tcase_add_test(t, bar_mark_words_are_the_marks_words);
	tcase_add_test(t, tested_counts_are_those_that_ran);
	tcase_add_test(t, linear_ticks_are_nice_in_label_units);
	tcase_add_test(t, log_ticks_cover_whole_decades);
	tcase_add_test(t, latency_labels_carry_units);
	tcase_add_test(t, bar_chart_marks_and_numbers);
	tcase_add_test(t, bar_chart_names_do_not_overlap);
	tcase_add_test(t, line_chart_long_series_and_marker);
	tcase_add_test(t, percentile_chart_labels_median_p99_max);
	tcase_add_test(t, median_of_odd_and_even);
	tcase_add_test(t, run_page_numbers_equal_metrics);
	tcase_add_test(t, few_operations_p99_blank_in_table_and_page);
	tcase_add_test(t, summary_carries_each_phase_verdict);
	tcase_add_test(t, timeline_stall_has_no_p99_points_inside);
	tcase_add_test(t, collapsed_timelines_heading_says_what_they_share);
	tcase_add_test(t, pages_name_phases_alike);
	tcase_add_test(t, repeat_page_has_runs_median_spread);
	tcase_add_test(t, sweep_page_charts_knee_and_table);
	tcase_add_test(t, sweep_page_lists_every_count);
	tcase_add_test(t, compare_page_bars_summary_csv);
	tcase_add_test(t, compare_page_short_mark_from_the_input);
	tcase_add_test(t, page_is_locale_independent);
	tcase_add_test(t, html_option);
	tcase_add_test(t, facts_spread_cpu_iops);
	tcase_add_test(t, page_latency_curves);
	suite_add_tcase(s, t);
	return s;
}
