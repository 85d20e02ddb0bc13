/* The run page's timelines: per phase, the rate and the p99 latency over
 * the phase's time with its verdict said and, for a change or a stall,
 * marked where it happened; the numbers under each pair of charts. The
 * last kept run's timelines are drawn (the verdicts of every run are in
 * the tables). Only formatting: the points are the series' intervals,
 * merged in equal groups past HTML_TL_POINTS (a group's p99 is the
 * highest of its intervals'); a last group under half its length is left
 * out (its rate is that of a few operations). */
#include "html.h"
#include "svg.h"
#include "verdict_text.h"
#include "../lib/units.h"

#include <stdio.h>

#define HTML_TL_POINTS 300

struct tl_points {
	size_t n;
	double x[HTML_TL_POINTS], rate[HTML_TL_POINTS], p99[HTML_TL_POINTS];
	double max_rate, min_p99, max_p99;
};

/* The series in at most HTML_TL_POINTS points: x the group's middle in
 * seconds, the rate in KiB/s (bytes) or per second, the p99 in ns. */
static void collect(const struct tl_series *s, enum phase_id id, struct tl_points *p)
{
	uint32_t per = (s->n + HTML_TL_POINTS - 1) / HTML_TL_POINTS;

	p->n = 0;
	p->max_rate = p->max_p99 = 0;
	p->min_p99 = 0;
	for (uint32_t i = 0; i < s->n; i += per) {
		uint64_t units = 0, ns = 0, p99 = 0;

		for (uint32_t j = i; j < i + per && j < s->n; j++) {
			units += phase_unit(id) == RATE_BYTES ? s->pt[j].bytes : s->pt[j].ops;
			ns += tl_series_len(s, j);
			p99 = s->pt[j].p99_ns > p99 ? s->pt[j].p99_ns : p99;
		}
		/* a last scrap of an interval shows a rate of few operations: left out */
		if (ns == 0 || (i + per >= s->n && i > 0 && ns * 2 < (uint64_t)per * s->width_ns))
			continue;
		p->x[p->n] = ((double)i * (double)s->width_ns + (double)ns / 2) / 1e9;
		p->rate[p->n] = (double)units * 1e9 / (double)ns / (phase_unit(id) == RATE_BYTES ? 1024.0 : 1.0);
		p->p99[p->n] = (double)p99;
		if (p->rate[p->n] > p->max_rate)
			p->max_rate = p->rate[p->n];
		if (p99 > 0 && (p->min_p99 == 0 || (double)p99 < p->min_p99))
			p->min_p99 = (double)p99;
		if ((double)p99 > p->max_p99)
			p->max_p99 = (double)p99;
		p->n++;
	}
}

static void phase_charts(FILE *out, enum phase_id id, const struct tl_series *s, const struct verdict *v)
{
	static struct tl_points p;
	char sentence[200], id_r[48], id_l[48], title_r[96], title_l[96];
	const char *label, *unit;
	struct chart_marker m = {(double)v->at_ns / 1e9, "verdict"};
	size_t nm = v->kind == VERDICT_FELL || v->kind == VERDICT_ROSE || v->kind == VERDICT_STALLED ? 1 : 0;
	double scale, span = ((double)(s->n - 1) * (double)s->width_ns + (double)s->last_len_ns) / 1e9;

	collect(s, id, &p);
	if (p.n < 2)
		return;
	html_rate_unit(id, p.max_rate, &scale, &label, &unit);
	verdict_sentence(id, v, sentence, sizeof sentence);
	m.label = verdict_kind_name((enum verdict_kind)v->kind);
	snprintf(id_r, sizeof id_r, "timeline-%s", phase_name(id));
	snprintf(id_l, sizeof id_l, "timeline-p99-%s", phase_name(id));
	snprintf(title_r, sizeof title_r, "%s: rate over time", phase_words(id));
	snprintf(title_l, sizeof title_l, "%s: p99 latency over time", phase_words(id));
	fprintf(out, "<h3 id=\"timeline-h-%s\">", phase_name(id));
	svg_escape(out, phase_words(id));
	fputs("</h3>\n<p class=\"verdict\">", out);
	svg_escape(out, sentence[0] ? sentence : "no verdict");
	fputs("</p>\n<div class=\"charts\">\n", out);
	struct chart_series rs = {"rate", p.n, p.x, p.rate}, ls = {"p99 latency", p.n, p.x, p.p99};
	struct svg_axis time = {.lo = 0, .hi = span > 0 ? span : 1, .label = "time in the phase (s)"};
	struct svg_axis rate_y = {.lo = 0, .hi = p.max_rate > 0 ? p.max_rate : 1, .label = label, .scale = scale};
	double p99_lo = p.min_p99 > 0 ? p.min_p99 : 1;
	struct svg_axis p99_y = {.lo = p99_lo, .hi = p.max_p99 > p.min_p99 ? p.max_p99 : p99_lo * 10, .log = true,
	                         .label = "p99 latency (log scale)", .fmt = units_format_latency_human};
	struct line_chart c = {.id = id_r, .title = title_r, .desc = sentence, .x = time, .y = rate_y,
	                       .series = &rs, .nseries = 1, .markers = &m, .nmarkers = nm};
	chart_line(out, &c);
	c = (struct line_chart){.id = id_l, .title = title_l, .desc = sentence, .x = time, .y = p99_y,
	                        .series = &ls, .nseries = 1, .markers = &m, .nmarkers = nm};
	chart_line(out, &c);
	fputs("</div>\n<details><summary>numbers</summary>\n", out);
	c.series = (const struct chart_series[]){rs, ls};
	c.nseries = 2;
	html_series_table(out, &c, "seconds");
	fputs("</details>\n", out);
}

void html_timelines(FILE *out, const struct html_report *rep)
{
	const struct run_result *run;
	bool any = false;

	if (rep->timelines == NULL || rep->nruns == 0)
		return;
	run = &rep->runs[rep->nruns - 1];
	for (int i = 0; i < PHASE_COUNT && !any; i++)
		any = rep->timelines->phase[i].present && rep->timelines->phase[i].n >= 2;
	if (!any)
		return;
	fprintf(out, "<h2 id=\"timelines\">Over time</h2>\n<p>Each phase's rate and p99 latency in intervals of its "
	        "timed region (run %u), with what the timeline shows in words; a change or a stall is marked "
	        "where it happened.</p>\n", run->index);
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct tl_series *s = &rep->timelines->phase[i];
		if (s->present && s->n >= 2)
			phase_charts(out, (enum phase_id)i, s, &run->phase[i].verdict);
	}
}
