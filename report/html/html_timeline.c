/* The run page's timelines: per phase, the rate and the p99 latency over
 * the phase's time with its verdict said and, for a change or a stall,
 * marked where it happened; the numbers under each pair of charts. The
 * last kept run's timelines are drawn (the verdicts of every run are in
 * the tables). Only formatting: the points are the page model's
 * (view_of_timeline, page_model.h). */
#include "../model/confidence.h"
#include "html.h"
#include "../model/page_model.h"
#include "svg.h"
#include "../text/verdict_text.h"
#include "../model/view.h"
#include "../../lib/units.h"

#include <stdio.h>

/* The phase's marks as its other charts carry them: the confidence mark,
 * and ! for an unstable spread whatever else is. */
static void marks_of(const struct page_facts *f, char marks[3])
{
	size_t n = 0;

	if (f && f->mark != ' ')
		marks[n++] = f->mark;
	if (f && (f->reasons & CONF_UNSTABLE) && f->mark != '!')
		marks[n++] = '!';
	marks[n] = '\0';
}

/* One phase: its verdict as the caption, the rate and the p99 over time
 * (the change or stall marked). No numbers table: up to 300 points a
 * phase would make a page of them; each point's values are in its SVG's
 * data attributes, and every interval is in the JSON's "timeline". */
static void phase_figure(FILE *out, enum phase_id id, const struct verdict *v, const struct page_facts *f,
                         const struct view_timeline *p)
{
	char sentence[VERDICT_SENTENCE_MAX], id_r[48], id_l[48], title_r[96], title_l[96], marks[3];
	const char *label, *unit;
	struct chart_marker m = {(double)v->at_ns / 1e9, "verdict"};
	size_t nm = v->kind == VERDICT_FELL || v->kind == VERDICT_ROSE || v->kind == VERDICT_STALLED ? 1 : 0;
	double scale, span;

	span = p->span_s;
	if (p->n < 2)
		return;
	html_rate_unit(id, p->max_rate, &scale, &label, &unit);
	verdict_sentence(id, v, sentence, sizeof sentence);
	m.label = verdict_kind_name((enum verdict_kind)v->kind);
	snprintf(id_r, sizeof id_r, "timeline-%s", phase_name(id));
	snprintf(id_l, sizeof id_l, "timeline-p99-%s", phase_name(id));
	marks_of(f, marks);
	snprintf(title_r, sizeof title_r, "%s%s%s: rate over time", phase_words(id), marks[0] ? " " : "", marks);
	snprintf(title_l, sizeof title_l, "%s%s%s: p99 latency over time", phase_words(id), marks[0] ? " " : "", marks);
	fprintf(out, "<figure data-key=\"%s\" id=\"timeline-h-%s\">\n<figcaption>", phase_name(id), phase_name(id));
	svg_escape(out, phase_words(id));
	if (marks[0])
		fprintf(out, " <span class=\"mark\">%s</span>", marks);
	fputs(": <span class=\"verdict\">", out);
	html_escape_figures(out, sentence[0] ? sentence : "no verdict");
	fputs("</span></figcaption>\n<div class=\"tl-pair\">\n", out);
	struct chart_series rs = {"rate", p->n, p->x, p->rate, NULL}, ls = {"p99 latency", p->n99, p->x99, p->p99, NULL};
	struct svg_axis time = {.lo = 0, .hi = span > 0 ? span : 1, .label = "time in the phase (s)"};
	struct svg_axis rate_y = {.lo = 0, .hi = p->max_rate > 0 ? p->max_rate : 1, .label = label, .scale = scale};
	double p99_lo = p->min_p99 > 0 ? p->min_p99 : 1;
	struct svg_axis p99_y = {.lo = p99_lo, .hi = p->max_p99 > p->min_p99 ? p->max_p99 : p99_lo * 10, .log = true,
	                         .label = "p99 latency (log scale)", .fmt = units_format_latency_human};
	struct line_chart c = {.id = id_r, .title = title_r, .desc = sentence, .x = time, .y = rate_y,
	                       .series = &rs, .nseries = 1, .markers = &m, .nmarkers = nm};
	chart_line(out, &c);
	c = (struct line_chart){.id = id_l, .title = title_l, .desc = sentence, .x = time, .y = p99_y,
	                        .series = &ls, .nseries = 1, .markers = &m, .nmarkers = nm};
	chart_line(out, &c);
	fputs("</div>\n</figure>\n", out);
}

/* A timeline worth a chart: one with a verdict that judged it (a phase too
 * short to judge says so in the summary; two or three points show no
 * shape). */
static bool drawable(const struct tl_series *s, const struct verdict *v)
{
	return s->present && s->n >= 2 && v->kind != VERDICT_NONE && v->kind != VERDICT_TOO_SHORT;
}

static void figures(FILE *out, const struct html_report *rep, const struct run_view *run, bool events)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct verdict *v = &run->phase[i].verdict;

		if (drawable(&rep->timelines->phase[i], v) && verdict_is_event(v) == events)
			phase_figure(out, (enum phase_id)i, v, &rep->page->facts[i], &rep->page->timeline[i]);
	}
}

/* The phases whose timeline shows a change or a stall are drawn open; the
 * steady ones behind one <details>, on screen only (printed, their
 * verdicts are in the summary), so that a quiet run's page stays short. */
void html_timelines(FILE *out, const struct html_report *rep)
{
	const struct run_view *run;
	unsigned events = 0, rest = 0;

	if (rep->timelines == NULL || rep->nruns == 0)
		return;
	run = &rep->views[rep->nruns - 1];
	for (int i = 0; i < PHASE_COUNT; i++)
		if (drawable(&rep->timelines->phase[i], &run->phase[i].verdict))
			verdict_is_event(&run->phase[i].verdict) ? events++ : rest++;
	if (events + rest == 0)
		return;
	fprintf(out, "<h2 id=\"timelines\">Over time</h2>\n<p class=\"note\">Rate and p99 latency through each phase "
	        "(run %u), changes and stalls marked; too short to judge: not drawn; every interval: the JSON.</p>\n",
	        run->index);
	if (events) {
		fputs("<div class=\"charts tl\">\n", out);
		figures(out, rep, run, true);
		fputs("</div>\n", out);
	}
	if (rest) {
		/* steady, noisy or interrupted without an event: none changed for
		 * good or stalled (the heading once said "steady" over noisy ones) */
		char who[48];
		if (rest == 1)
			snprintf(who, sizeof who, "%s", events ? "The other phase" : "The judged phase");
		else
			snprintf(who, sizeof who, events ? "The other %u phases" : "All %u judged phases", rest);
		fprintf(out, "<details class=\"tl-rest screen-only\"><summary>%s over time: no lasting change or stall"
		        "</summary>\n<div class=\"charts tl\">\n", who);
		figures(out, rep, run, false);
		fputs("</div>\n</details>\n", out);
	}
}
