/* The HTML report's client-sweep section (--clients): throughput and p99
 * latency against the client count per phase, the knee marked and named in
 * the same words as the text report, and the sweep table. */
#include "html.h"
#include "../sweep/sweep.h"
#include "svg.h"
#include "../../lib/units.h"

#include <stdlib.h>
#include <string.h>

/* One phase's points at the levels it completed at (at most
 * MAX_SWEEP_LEVELS, so on the stack: the sweep holds only summaries). */
struct sweep_series {
	size_t n;
	double x[MAX_SWEEP_LEVELS], rate[MAX_SWEEP_LEVELS], p99[MAX_SWEEP_LEVELS];
	unsigned reasons[MAX_SWEEP_LEVELS]; /* each point's confidence reasons */
	char conf_mark[MAX_SWEEP_LEVELS];   /* and its mark (the point's) */
	bool overlap_low[MAX_SWEEP_LEVELS];
	char mark[MAX_SWEEP_LEVELS][4];     /* drawn above the point: confidence mark, MARK_OVERLAP for overlap */
	const char *marks[MAX_SWEEP_LEVELS];
	double max_rate, min_p99, max_p99;
};

static void point_marks(struct sweep_series *s, size_t i)
{
	char c = s->conf_mark[i];
	size_t n = 0;

	if (c != ' ')
		s->mark[i][n++] = c;
	if (s->overlap_low[i])
		s->mark[i][n++] = MARK_OVERLAP;
	s->mark[i][n] = '\0';
	s->marks[i] = s->mark[i];
}

static void collect(const struct sweep *sw, enum phase_id id, struct sweep_series *s)
{
	memset(s, 0, sizeof *s);
	for (uint32_t l = 0; l < sw->levels; l++) {
		const struct sweep_point *p = &sw->point[l][id];
		if (!p->ran)
			continue;
		s->x[s->n] = sw->clients[l];
		s->rate[s->n] = p->rate;
		s->reasons[s->n] = p->reasons;
		s->conf_mark[s->n] = p->mark;
		s->overlap_low[s->n] = sweep_overlap_low(sw, l, id);
		point_marks(s, s->n);
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
static void knee_markers(const struct sweep *sw, enum phase_id id, struct chart_marker m[2], char buf[2][64],
                         size_t *nt, size_t *nl)
{
	const struct sweep_knee kn = sw->knee[id];

	*nt = *nl = 0;
	if (!kn.has)
		return;
	if (!kn.still_rising && kn.kind != SWEEP_PEAK_NO_KNEE) {
		snprintf(buf[0], sizeof buf[0], "knee: %u client%s", sw->clients[kn.peak],
		         sw->clients[kn.peak] == 1 ? "" : "s");
		m[0] = (struct chart_marker){sw->clients[kn.peak], buf[0]};
		*nt = 1;
	}
	if (kn.p99_over >= 0) {
		snprintf(buf[1], sizeof buf[1], "p99 > %gx: %u clients", sw->factor, sw->clients[kn.p99_over]);
		m[1] = (struct chart_marker){sw->clients[kn.p99_over], buf[1]};
		*nl = 1;
	}
}

/* A log client axis when the counts span more than a decade; either way
 * it spans exactly the tested counts, with a tick at each. */
static struct svg_axis client_axis(const struct sweep_series *s)
{
	bool log = s->n > 1 && s->x[s->n - 1] >= 10 * s->x[0];

	return (struct svg_axis){s->x[0], s->n > 1 ? s->x[s->n - 1] : s->x[0] + 1, log,
	                         log ? "clients (log scale)" : "clients", 0, NULL, s->x, s->n};
}

/* "; ~ under 0.5 s at 1, 2 clients" for the points where has[i]. */
static size_t note_counts(const struct sweep_series *s, const bool *has, char mark, const char *words, char *buf,
                          size_t len, size_t n)
{
	bool first = true;

	for (size_t i = 0; i < s->n && n < len; i++) {
		if (!has[i])
			continue;
		if (first)
			n += (size_t)snprintf(buf + n, len - n, "%s%c %s at %.0f", n ? "; " : "", mark, words, s->x[i]);
		else
			n += (size_t)snprintf(buf + n, len - n, ", %.0f", s->x[i]);
		first = false;
	}
	if (!first && n < len)
		n += (size_t)snprintf(buf + n, len - n, " clients");
	return n;
}

/* Which counts earned which mark: "~ under 0.5 s at 1, 2 clients; # few
 * operations at 1; < overlap under 90% at 50" (empty when none did). */
static void marks_note(const struct sweep_series *s, char *buf, size_t len)
{
	bool has[MAX_SWEEP_LEVELS];
	size_t n = 0;

	buf[0] = '\0';
	for (int r = 0; r < CONF_REASONS; r++) {
		for (size_t i = 0; i < s->n; i++)
			has[i] = (s->reasons[i] & (1u << r)) != 0;
		n = note_counts(s, has, confidence_reason_mark(r), html_mark_words(r), buf, len, n);
	}
	note_counts(s, s->overlap_low, MARK_OVERLAP, SWEEP_OVERLAP_WORDS " (" SWEEP_OVERLAP_WHY ")", buf, len, n);
}

/* The charts' numbers with their units: "4  312 MiB/s  1.21 ms". */
static void numbers(FILE *out, const struct sweep_series *s, double scale, const char *unit)
{
	char rate[32], p99[32];

	fputs("<pre class=\"series\">clients\trate\tp99 latency\n", out);
	for (size_t i = 0; i < s->n; i++) {
		units_format_scaled(s->rate[i] / scale, rate, sizeof rate);
		units_format_latency_human(s->p99[i], p99, sizeof p99);
		char mark[2] = {s->conf_mark[i], '\0'};
		/* the mark a space after the unit: "749249 seeks/sc" read as a unit */
		fprintf(out, "%.0f\t%s %s%s%s\t%s\n", s->x[i], rate, unit, mark[0] == ' ' ? "" : " ", mark[0] == ' ' ? "" : mark, p99);
	}
	fputs("</pre>\n", out);
}

static void phase_charts(FILE *out, const struct sweep *sw, enum phase_id id)
{
	struct sweep_series s;
	struct chart_marker m[2];
	char mark[2][64], sentence[SWEEP_LINE], id_t[48], id_l[48], title_t[96], title_l[96], note[512];
	double scale;
	const char *label, *unit;
	size_t nt, nl;

	collect(sw, id, &s);
	marks_note(&s, note, sizeof note);
	html_rate_unit(id, s.max_rate, &scale, &label, &unit);
	knee_markers(sw, id, m, mark, &nt, &nl);
	sweep_knee_sentence(sw, id, sentence, sizeof sentence);
	snprintf(id_t, sizeof id_t, "sweep-%s", phase_name(id));
	snprintf(id_l, sizeof id_l, "sweep-p99-%s", phase_name(id));
	snprintf(title_t, sizeof title_t, "%s: throughput against clients", phase_words(id));
	snprintf(title_l, sizeof title_l, "%s: p99 latency against clients", phase_words(id));
	fprintf(out, "<h3 id=\"clients-%s\">", phase_name(id));
	svg_escape(out, phase_words(id));
	fputs("</h3>\n<p class=\"knee\">", out);
	html_escape_figures(out, sentence);
	fputs("</p>\n<div class=\"charts\">\n", out);
	struct chart_series ts = {"throughput", s.n, s.x, s.rate, s.marks}, ls = {"p99 latency", s.n, s.x, s.p99, s.marks};
	struct line_chart c = {id_t, title_t, sentence, client_axis(&s), {0, s.max_rate > 0 ? s.max_rate : 1, false,
	                       label, scale, NULL, NULL, 0}, &ts, 1, &m[0], nt};
	fputs("<figure>", out);
	chart_line(out, &c);
	fputs("</figure>\n<figure>", out);
	c = (struct line_chart){id_l, title_l, sentence, client_axis(&s),
	                        {s.min_p99, s.max_p99 > s.min_p99 ? s.max_p99 : s.min_p99 * 10, true,
	                         "p99 latency (log scale)", 0, units_format_latency_human, NULL, 0}, &ls, 1, &m[1], nl};
	chart_line(out, &c);
	fputs("</figure>\n</div>\n", out);
	if (note[0]) { /* flowing text under both charts: it wraps on a phone */
		fputs("<p class=\"note chart-note\">", out);
		html_escape_figures(out, note);
		fputs("</p>\n", out);
	}
	/* the sweep table prints the same numbers */
	fputs("<details class=\"screen-only\"><summary>numbers</summary>\n", out);
	numbers(out, &s, scale, unit);
	fputs("</details>\n", out);
}

static void sweep_table_text(FILE *m, const void *sw)
{
	report_sweep_table(m, sw);
}

/* One knee-table row: phase, where throughput peaks and its rate, and the
 * p99 cell naming the rule that decided (sweep_p99_cell). */
static void knee_row(FILE *out, const struct sweep *sw, enum phase_id id)
{
	const struct sweep_knee kn = sw->knee[id];
	char rate[64] = "-", cell[96], best[48] = "no knee (under two counts to use)";
	double value = 0;

	if (kn.has && kn.kind != SWEEP_PEAK_NO_KNEE) {
		html_rate_text(id, sw->point[kn.peak][id].rate, rate, sizeof rate);
		value = sw->point[kn.peak][id].rate;
		snprintf(best, sizeof best, "%u%s", sw->clients[kn.peak], kn.still_rising ? " (still rising)" : "");
	} else if (kn.levels >= 2) {
		snprintf(best, sizeof best, "no knee (flat)");
	}
	sweep_p99_cell(sw, id, cell, sizeof cell);
	fprintf(out, "<tr data-key=\"%s\" data-value=\"%.17g\"><td class=\"l\"><a href=\"#clients-%s\">%s</a></td>"
	        "<td>%s</td><td>%s</td><td>", phase_name(id), value, phase_name(id), phase_words(id), best, rate);
	html_escape_figures(out, cell);
	fputs("</td></tr>\n", out);
}

/* "Throughput peaks at 8 clients in 7 of 12 phases." and the phases
 * whose p99 passed the rule, named (so that the whole sweep's answer
 * after it, which reads only a file server's phases, cannot seem to
 * contradict a count): the sweep's tally (sweep_tally). */
static void answer(FILE *out, const struct sweep *sw)
{
	const struct sweep_tally *t = &sw->tally;
	char names[320] = "", rule[48];

	for (int id = 0; id < PHASE_COUNT; id++)
		if (t->lag & (1u << id))
			snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", names[0] ? ", " : "",
			         phase_name((enum phase_id)id));
	sweep_rule_words(sw, rule, sizeof rule);
	fputs("<p class=\"answer\">", out);
	if (t->peak_phases)
		fprintf(out, "Throughput peaks at %u client%s in %u of %u phases. ", t->peak_at,
		        sweep_plural(t->peak_at), t->peak_phases, t->phases);
	else
		fprintf(out, "Throughput shows a peak in none of the %u phases. ", t->phases);
	if (t->lag)
		fprintf(out, "p99 latency passes %s in %s.", rule, names);
	else
		fprintf(out, "p99 latency passes %s in no phase as a storage knee.", rule);
	if (t->cpu_lags)
		fprintf(out, " In %u more it passes where this host's CPU was the limit.", t->cpu_lags);
	fputs("</p>\n", out);
}

void html_sweep_summary(FILE *out, const struct sweep *sw)
{
	char line[SWEEP_LINE], rule[48];

	sweep_rule_words(sw, rule, sizeof rule);
	fputs("<section id=\"summary\">\n<h2>Summary: the knee</h2>\n<table class=\"summary knees\">\n"
	      "<tr><th class=\"l\">phase</th><th>peak count</th><th>its rate</th><th>p99 passes ", out);
	html_escape_figures(out, rule);
	fputs(" at</th></tr>\n", out);
	for (int id = 0; id < PHASE_COUNT; id++)
		if (sweep_phase_ran(sw, (enum phase_id)id))
			knee_row(out, sw, (enum phase_id)id);
	fputs("</table>\n", out);
	answer(out, sw);
	sweep_answer_sentence(sw, line, sizeof line);
	fputs("<p class=\"answer\">", out);
	html_escape_figures(out, line);
	fputs("</p>\n</section>\n", out);
}

void html_sweep(FILE *out, const struct sweep *sw)
{
	char noise[320], floor[48] = "";

	sweep_noise_sentence(sw, noise, sizeof noise);
	if (sw->lag_floor_ns > 0)
		snprintf(floor, sizeof floor, " and %g ms", (double)sw->lag_floor_ns / 1e6);
	fprintf(out, "<h2 id=\"sweep\">Client sweep</h2>\n<p>All clients' rate together and the p99 latency of "
	        "every operation at each client count; throughput peaks at the highest rate or the smallest count "
	        "within noise of it, and the latency knee is where p99 passes %gx its lowest value before%s. ",
	        sw->factor, floor);
	html_escape_figures(out, noise);
	fputs("</p>\n", out);
	for (int i = 0; i < PHASE_COUNT; i++) {
		if (sweep_phase_ran(sw, (enum phase_id)i))
			phase_charts(out, sw, (enum phase_id)i);
	}
	fputs("<h3 id=\"sweep-table\">The sweep table</h3>\n", out);
	html_pre_of(out, "sweep-table", sweep_table_text, sw);
}
