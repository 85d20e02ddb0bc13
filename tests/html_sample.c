/* Writes synthetic sample reports that exercise the chart entry points the
 * way a client sweep and a comparison will: html_sample DIR writes
 * DIR/sweep.html (12 phases x 700 client counts, throughput and p99 with
 * the knee marked) and DIR/compare.html (two runs overlaid). Used by
 * tests/html.sh for the browser, size and render-time checks. */
#include "../report/text/clocale.h"
#include "../report/html/html.h"
#include "../report/html/svg.h"
#include "../lib/units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLIENTS 700
#define KNEE 96

static double xs[CLIENTS], tput[CLIENTS], p99[CLIENTS];

/* Throughput saturates at the knee; p99 latency grows past it. */
static void sweep_series(int phase)
{
	double top = 1000.0 * (phase + 1);

	for (int i = 0; i < CLIENTS; i++) {
		double c = i + 1;
		xs[i] = c;
		tput[i] = top * (c < KNEE ? c / KNEE : 1.0 - 0.0003 * (c - KNEE));
		p99[i] = 2e5 * (1 + phase) * (c < KNEE ? 1.0 : c / KNEE);
	}
}

static void sweep_phase(FILE *out, int phase)
{
	char id[32], title[64], knee[64];
	struct chart_series s = {"throughput", CLIENTS, xs, tput, NULL}, l = {"p99 latency", CLIENTS, xs, p99, NULL};
	struct chart_marker m = {KNEE, knee};
	struct line_chart c = {id, title, "Throughput against client count; the knee is marked.",
	                       {1, CLIENTS, true, "clients (log scale)", 0, NULL, xs, CLIENTS},
	                       {0, 1, false, "rate (MiB/s)", 0, NULL, NULL, 0}, &s, 1, &m, 1};

	sweep_series(phase);
	snprintf(knee, sizeof knee, "knee: %d clients", KNEE);
	snprintf(id, sizeof id, "sweep-%d", phase);
	snprintf(title, sizeof title, "phase %d: throughput", phase);
	fprintf(out, "<h2>Phase %d</h2>\n<div class=\"charts\">\n", phase);
	fputs("<figure>", out);
	chart_line(out, &c);
	fputs("</figure>\n<figure>", out);
	c = (struct line_chart){id, title, "p99 latency against client count; the knee is marked.",
	                        {1, CLIENTS, true, "clients (log scale)", 0, NULL, xs, CLIENTS},
	                        {1, 10, true, "p99 latency (log scale)", 0, units_format_latency_human, NULL, 0}, &l, 1, &m, 1};
	snprintf(id, sizeof id, "sweep-p99-%d", phase);
	snprintf(title, sizeof title, "phase %d: p99 latency", phase);
	chart_line(out, &c);
	fputs("</figure>\n</div>\n<details><summary>numbers</summary>\n", out);
	c.series = (const struct chart_series[]){s, l};
	c.nseries = 2;
	html_series_table(out, &c, "clients");
	fputs("</details>\n", out);
}

static void compare_page(FILE *out)
{
	static const double runs_a[] = {300, 310, 320}, pct[] = {0, 50, 90, 99, 99.9};
	static const double ns_a[] = {2000, 20000, 40000, 90000, 400000}, ns_b[] = {3000, 35000, 80000, 300000, 2e6};
	const char *names[] = {"server A", "server B"};
	const struct chart_bar bars[] = {
		{"block write", "put_block", 0, 310, 300, 320, runs_a, 3, 80, 0, "310"},
		{"block write", "put_block", 1, 180, 1, 0, NULL, 0, 60, 0, "180"},
		{"block read", "get_block", 0, 900, 1, 0, NULL, 0, 40, CONF_CACHED, "900"},
		{"block read", "get_block", 1, 850, 1, 0, NULL, 0, 45, CONF_SHORT, "850~"},
	};
	const struct pct_curve curves[] = {{"server A", 5, pct, ns_a, 20000, 90000, 1e6},
	                                   {"server B", 5, pct, ns_b, 35000, 300000, 5e6}};
	struct bar_chart b = {"cmp-rates", "Block I/O, two servers", "Bars per phase, one colour per server.",
	                      {0, 1, false, "rate (MiB/s)", 0, NULL, NULL, 0}, bars, 4, names, 2};
	struct pct_chart p = {"cmp-lat", "block write: latency", "Both servers' percentile curves.", curves, 2};

	html_page_begin(out, "bonnie sample: two runs compared");
	fputs("<div class=\"charts\">\n", out);
	chart_bars(out, &b);
	chart_percentiles(out, &p);
	fputs("</div>\n", out);
	html_page_end(out);
}

static int write_file(const char *dir, const char *name, void (*fn)(FILE *))
{
	char path[4096];
	FILE *f;
	struct c_locale loc;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "w");
	if (f == NULL) {
		perror(path);
		return 1;
	}
	c_locale_enter(&loc);
	fn(f);
	c_locale_leave(&loc);
	return fclose(f) != 0;
}

static void sweep_page(FILE *out)
{
	html_page_begin(out, "bonnie sample: 700-client sweep, 12 phases");
	for (int phase = 0; phase < 12; phase++)
		sweep_phase(out, phase);
	html_page_end(out);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: html_sample DIR\n");
		return 1;
	}
	return write_file(argv[1], "sweep.html", sweep_page) | write_file(argv[1], "compare.html", compare_page);
}
