/* The HTML report's client-sweep section (--clients): throughput and p99
 * latency against the client count per phase, the knee marked and named in
 * the same words as the text report, and the sweep table. */
#include "html.h"
#include "sweep.h"
#include "svg.h"
#include "../lib/units.h"

#include <stdlib.h>
#include <string.h>

/* One phase's points at the levels it completed at (at most
 * MAX_SWEEP_LEVELS, so on the stack: the sweep holds only summaries). */
struct sweep_series {
	size_t n;
	double x[MAX_SWEEP_LEVELS], rate[MAX_SWEEP_LEVELS], p99[MAX_SWEEP_LEVELS];
	double max_rate, min_p99, max_p99;
};

static void collect(const struct sweep *sw, enum phase_id id, struct sweep_series *s)
{
	memset(s, 0, sizeof *s);
	for (uint32_t l = 0; l < sw->levels; l++) {
		const struct sweep_point *p = &sw->point[l][id];
		if (!p->ran)
			continue;
		s->x[s->n] = sw->clients[l];
		s->rate[s->n] = p->rate;
		s->p99[s->n] = p->p99 ? (double)p->p99 : 1; /* a log axis needs > 0 */
		if (p->rate > s->max_rate)
			s->max_rate = p->rate;
		if (s->n == 0 || s->p99[s->n] < s->min_p99)
			s->min_p99 = s->p99[s->n];
		if (s->p99[s->n] > s->max_p99)
			s->max_p99 = s->p99[s->n];
		s->n++;
	}
}

/* The knee markers: on the throughput chart at the peak when throughput
 * stopped rising, on the p99 chart where p99 passed k x its first value.
 * *nt and *nl say whether each is there (0 or 1). */
static void knee_markers(const struct sweep *sw, enum phase_id id, double k, struct chart_marker m[2],
                         char buf[2][64], size_t *nt, size_t *nl)
{
	struct sweep_knee kn;

	*nt = *nl = 0;
	if (!sweep_knee(sw, id, k, &kn))
		return;
	if (!kn.still_rising && kn.kind != SWEEP_PEAK_NO_KNEE) {
		snprintf(buf[0], sizeof buf[0], "knee: %u client%s", sw->clients[kn.peak],
		         sw->clients[kn.peak] == 1 ? "" : "s");
		m[0] = (struct chart_marker){sw->clients[kn.peak], buf[0]};
		*nt = 1;
	}
	if (kn.p99_over >= 0) {
		snprintf(buf[1], sizeof buf[1], "p99 > %gx: %u clients", k, sw->clients[kn.p99_over]);
		m[1] = (struct chart_marker){sw->clients[kn.p99_over], buf[1]};
		*nl = 1;
	}
}

/* A log client axis when the counts span more than a decade. */
static struct svg_axis client_axis(const struct sweep_series *s)
{
	bool log = s->n > 1 && s->x[s->n - 1] >= 10 * s->x[0];

	return (struct svg_axis){s->x[0], s->n > 1 ? s->x[s->n - 1] : s->x[0] + 1, log,
	                         log ? "clients (log scale)" : "clients", 0, NULL};
}

static void phase_charts(FILE *out, const struct sweep *sw, enum phase_id id, double k)
{
	struct sweep_series s;
	struct chart_marker m[2];
	char mark[2][64], sentence[256], id_t[48], id_l[48], title_t[96], title_l[96];
	double scale;
	const char *label, *unit;
	size_t nt, nl;

	collect(sw, id, &s);
	html_rate_unit(id, s.max_rate, &scale, &label, &unit);
	knee_markers(sw, id, k, m, mark, &nt, &nl);
	sweep_knee_sentence(sw, id, k, sentence, sizeof sentence);
	snprintf(id_t, sizeof id_t, "sweep-%s", phase_name(id));
	snprintf(id_l, sizeof id_l, "sweep-p99-%s", phase_name(id));
	snprintf(title_t, sizeof title_t, "%s: throughput against clients", phase_words(id));
	snprintf(title_l, sizeof title_l, "%s: p99 latency against clients", phase_words(id));
	fprintf(out, "<h3 id=\"clients-%s\">", phase_name(id));
	svg_escape(out, phase_words(id));
	fputs("</h3>\n<p class=\"knee\">", out);
	svg_escape(out, sentence);
	fputs("</p>\n<div class=\"charts\">\n", out);
	struct chart_series ts = {"throughput", s.n, s.x, s.rate}, ls = {"p99 latency", s.n, s.x, s.p99};
	struct line_chart c = {id_t, title_t, sentence, client_axis(&s), {0, s.max_rate > 0 ? s.max_rate : 1, false,
	                       label, scale, NULL}, &ts, 1, &m[0], nt};
	chart_line(out, &c);
	c = (struct line_chart){id_l, title_l, sentence, client_axis(&s),
	                        {s.min_p99, s.max_p99 > s.min_p99 ? s.max_p99 : s.min_p99 * 10, true,
	                         "p99 latency (log scale)", 0, units_format_latency_human}, &ls, 1, &m[1], nl};
	chart_line(out, &c);
	fputs("</div>\n<details><summary>numbers</summary>\n", out);
	c.series = (const struct chart_series[]){ts, ls};
	c.nseries = 2;
	html_series_table(out, &c, "clients");
	fputs("</details>\n", out);
}

static void sweep_table_text(FILE *m, const void *sw)
{
	report_sweep_table(m, sw);
}

void html_sweep(FILE *out, const struct sweep *sw, double knee_factor)
{
	char noise[320];

	sweep_noise_sentence(sw, noise, sizeof noise);
	fprintf(out, "<h2 id=\"sweep\">Client sweep</h2>\n<p>All clients' rate together and the p99 latency of "
	        "every operation at each client count; throughput peaks at the highest rate or the smallest count "
	        "within noise of it, and the latency knee is where p99 passes %gx its lowest value before. ",
	        knee_factor);
	svg_escape(out, noise);
	fputs("</p>\n", out);
	for (int i = 0; i < PHASE_COUNT; i++) {
		if (sweep_phase_ran(sw, (enum phase_id)i))
			phase_charts(out, sw, (enum phase_id)i, knee_factor);
	}
	fputs("<h3 id=\"sweep-table\">The sweep table</h3>\n", out);
	html_pre_of(out, "sweep-table", sweep_table_text, sw);
}
