/* The HTML report's measured sections: a rate chart per phase group, each
 * run's value with median and spread (-x), and a latency percentile curve
 * per phase, each chart followed by a table with the same numbers. */
#include "html.h"
#include "../model/page_model.h"
#include "../model/metrics.h"
#include "svg.h"
#include "../model/view.h"
#include "../model/qd_gain.h"
#include "../../phases/qd.h"
#include "../../lib/units.h"

#include <stdlib.h>
#include <string.h>

#define GROUP_MAX PHASE_COUNT /* the phases one chart may draw */

const struct html_section html_sections[HTML_SECTIONS] = {
	[CHART_BLOCK] = {"block", "Block I/O", CHART_BLOCK},
	[CHART_PERCHAR] = {"perchar", "Per-char I/O", CHART_PERCHAR},
	[CHART_SEEKS] = {"seeks", "Random seeks", CHART_SEEKS},
	[CHART_FILES] = {"files", "File operations", CHART_FILES},
	[CHART_QD] = {"qd", "Queue-depth profile", CHART_QD},
};

bool html_in_section(const struct html_section *s, enum phase_id id)
{
	return phase_facts_of(id)->chart == s->chart;
}

enum phase_id html_section_first(const struct html_section *s)
{
	int id = 0;

	while (id + 1 < PHASE_COUNT && !html_in_section(s, (enum phase_id)id))
		id++;
	return (enum phase_id)id;
}

/* One phase over all runs: each run's rate (in run order, from its view)
 * and the page's facts (the page model's facts: the median, min and max and the
 * median %CPU). */
struct phase_stats {
	size_t n;
	double *rate;
	double median, lo, hi;
	int cpu;
};

/* Fills st (st->rate must hold rep->nruns values). Returns st->n. */
static size_t phase_stats(const struct html_report *rep, enum phase_id id, struct phase_stats *st)
{
	const struct page_facts *f = &rep->page->facts[id];

	st->n = 0;
	for (size_t i = 0; i < rep->nruns; i++) {
		const struct phase_view *v = &rep->views[i].phase[id];
		if (v->state == CELL_VALUE)
			st->rate[st->n++] = v->rate;
	}
	st->median = f->rate;
	st->lo = f->lo;
	st->hi = f->hi;
	st->cpu = f->cpu;
	return st->n;
}

/* Everything one group's chart and table need. */
struct group_data {
	struct phase_stats st[GROUP_MAX];
	enum phase_id id[GROUP_MAX];
	char text[GROUP_MAX][32];
	struct chart_bar bars[GROUP_MAX];
	size_t n;
	double scale;
	const char *label, *unit;
};

static void group_collect(const struct html_report *rep, const struct html_section *g, struct group_data *d,
                          double *store)
{
	double max = 0;

	d->n = 0;
	for (int id = 0; id < PHASE_COUNT; id++) {
		struct phase_stats *st = &d->st[d->n];
		st->rate = store + d->n * rep->nruns;
		if (!html_in_section(g, (enum phase_id)id) || phase_stats(rep, (enum phase_id)id, st) == 0)
			continue;
		d->id[d->n++] = (enum phase_id)id;
		max = st->hi > max ? st->hi : max;
	}
	html_rate_unit(html_section_first(g), max, &d->scale, &d->label, &d->unit);
	for (size_t i = 0; i < d->n; i++) {
		const struct phase_stats *st = &d->st[i];
		html_value_text(d->id[i], st->median, d->scale, d->text[i], sizeof d->text[i]);
		if (rep->page->facts[d->id[i]].mark != ' ') /* the summary's and the table's mark */
			strncat(d->text[i], &rep->page->facts[d->id[i]].mark, 1);
		if ((rep->page->facts[d->id[i]].reasons & CONF_UNSTABLE) && rep->page->facts[d->id[i]].mark != '!')
			strcat(d->text[i], "!"); /* the spread is flagged whatever else is */
		d->bars[i] = (struct chart_bar){phase_words(d->id[i]), phase_name(d->id[i]), 0, st->median,
		                                st->n > 1 ? st->lo : 1, st->n > 1 ? st->hi : 0, st->n > 1 ? st->rate : NULL,
		                                st->n > 1 ? st->n : 0, st->cpu, rep->page->facts[d->id[i]].reasons, d->text[i]};
	}
}

static void group_table(FILE *out, const struct html_report *rep, const struct group_data *d, size_t nruns)
{
	char v[32];

	bool qd = d->n > 0 && qd_is(d->id[0]);

	fprintf(out, "<table class=\"rates\">\n<tr><th class=\"l\">phase</th><th>%s%s</th>%s<th>%%CPU</th>",
	        nruns > 1 ? "median " : "", d->unit, qd ? "<th>IOPS</th>" : "");
	if (nruns > 1)
		fprintf(out, "<th>min</th><th>max</th>");
	fputs("<th class=\"l\">notes</th></tr>\n", out);
	for (size_t i = 0; i < d->n; i++) {
		const struct phase_stats *st = &d->st[i];
		fprintf(out, "<tr data-key=\"%s\" data-value=\"%.17g\"><td class=\"l\">%s</td><td>%s</td>",
		        phase_name(d->id[i]), st->median, phase_words(d->id[i]), d->text[i]);
		if (qd) /* the profile is asked about in IOPS, as the text table has them */
			fprintf(out, "<td>%.0f</td>", rep->page->facts[d->id[i]].iops);
		fprintf(out, "<td>%d</td>", st->cpu);
		if (nruns > 1) {
			html_value_text(d->id[i], st->lo, d->scale, v, sizeof v);
			fprintf(out, "<td>%s</td>", v);
			html_value_text(d->id[i], st->hi, d->scale, v, sizeof v);
			fprintf(out, "<td>%s</td>", v);
		}
		fputs("<td class=\"l\">", out); /* the marks of the value, in words */
		html_marks_short(out, rep->page->facts[d->id[i]].reasons);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n", out);
}

/* Under the profile's chart: the depth gain of each pair of rows, the
 * profile's answer (qd_gain.h), of the first run. */
static void qd_gains_note(FILE *out, const struct html_report *rep)
{
	const struct run_view *v;
	const struct qd_gain *g;
	size_t n;
	char line[256];

	if (rep->nruns == 0)
		return;
	v = &rep->views[0];
	g = v->qd_gain;
	n = v->nqd_gains;
	if (n == 0)
		return;
	fprintf(out, "<ul class=\"note qd-gains\">\n");
	for (size_t i = 0; i < n; i++) {
		qd_gain_sentence(&g[i], v, line, sizeof line);
		fputs("<li>", out);
		if (rep->nruns > 1)
			fputs("Run 1, ", out);
		html_escape_figures(out, line);
		fputs("</li>\n", out);
	}
	fputs("</ul>\n", out);
}

static void group_section(FILE *out, const struct html_report *rep, const struct html_section *g, double *store)
{
	struct group_data d;
	char desc[512], id[32];
	struct bar_chart c;

	group_collect(rep, g, &d, store);
	if (d.n == 0)
		return;
	snprintf(desc, sizeof desc, "Bar chart of %s%s per phase with %%CPU under each bar; hatched bars ran under "
	         METRIC_MIN_TRUSTED_TEXT " (low confidence) or read from a cache (the page cache, or ZFS's ARC).%s Its numbers table has the same figures.",
	         rep->nruns > 1 ? "the median " : "", d.label,
	         rep->nruns > 1 ? " Whiskers span the slowest to the fastest run, dots are single runs." : "");
	snprintf(id, sizeof id, "rates-%s", g->id);
	c = (struct bar_chart){id, g->title, desc, {0, 1, false, d.label, d.scale, NULL, NULL, 0}, d.bars, d.n, NULL, 1};
	fprintf(out, "<figure class=\"group\" id=\"sec-%s\">\n<figcaption>%s</figcaption>\n", id, g->title);
	chart_bars(out, &c);
	/* printed, the chart's labels and the summary carry its figures */
	fputs("<details class=\"screen-only\"><summary>numbers</summary>\n", out);
	group_table(out, rep, &d, rep->nruns);
	fputs("</details>\n", out);
	if (g->chart == CHART_QD)
		qd_gains_note(out, rep);
	fputs("</figure>\n", out);
}

void html_rates(FILE *out, const struct html_report *rep)
{
	double *store = malloc((rep->nruns ? rep->nruns : 1) * GROUP_MAX * sizeof *store);

	fprintf(out, "<h2 id=\"rates\">Rates%s</h2>\n", rep->nruns > 1 ? " (median of the runs)" : "");
	if (store == NULL)
		return;
	fputs("<div class=\"charts\">\n", out);
	for (size_t i = 0; i < HTML_SECTIONS; i++)
		group_section(out, rep, &html_sections[i], store);
	fputs("</div>\n", out);
	free(store);
}

/* ---- repeats ---- */

/* Each run's rate of one phase, in the unit of its group's chart. */
static void repeat_row(FILE *out, const struct html_report *rep, enum phase_id id, struct phase_stats *st,
                       double scale, const char *unit)
{
	char v[32];

	if (phase_stats(rep, id, st) == 0)
		return;
	fprintf(out, "<tr data-key=\"%s\"><td class=\"l\">%s</td><td class=\"l\">%s</td>", phase_name(id),
	        phase_words(id), unit);
	for (size_t i = 0; i < rep->nruns; i++) {
		const struct phase_view *pv = &rep->views[i].phase[id];
		v[0] = '\0';
		if (pv->state == CELL_VALUE)
			html_value_text(id, pv->rate, scale, v, sizeof v);
		fprintf(out, "<td data-run=\"%zu\">%s</td>", i + 1, v);
	}
	html_value_text(id, st->median, scale, v, sizeof v);
	fprintf(out, "<td>%s</td>", v);
	html_value_text(id, st->lo, scale, v, sizeof v);
	fprintf(out, "<td>%s", v);
	html_value_text(id, st->hi, scale, v, sizeof v);
	fprintf(out, " .. %s</td><td>%.1f%%</td><td>%.1f%%%s</td></tr>\n", v,
	        rep->page->facts[id].spread_pct, rep->page->facts[id].cv_pct,
	        (rep->page->facts[id].reasons & CONF_UNSTABLE) ? " <span class=\"mark\">!</span> unstable" : "");
}

static void repeat_group(FILE *out, const struct html_report *rep, const struct html_section *g,
                         struct phase_stats *st)
{
	double max = 0, scale;
	const char *label, *unit;

	for (int id = 0; id < PHASE_COUNT; id++)
		if (html_in_section(g, (enum phase_id)id) && phase_stats(rep, (enum phase_id)id, st) > 0 && st->hi > max)
			max = st->hi;
	html_rate_unit(html_section_first(g), max, &scale, &label, &unit);
	for (int id = 0; id < PHASE_COUNT; id++)
		if (html_in_section(g, (enum phase_id)id))
			repeat_row(out, rep, (enum phase_id)id, st, scale, unit);
}

void html_repeats(FILE *out, const struct html_report *rep)
{
	struct phase_stats st;

	st.rate = malloc(rep->nruns * sizeof *st.rate);
	if (st.rate == NULL)
		return;
	fprintf(out, "<h2 id=\"repeats\">Each of the %zu runs</h2>\n<p>Spread is (max &minus; min) / median; a coefficient of variation over %g%% "
	        "is flagged <span class=\"mark\">!</span> unstable.</p>\n"
	        "<table class=\"wide repeats\">\n<tr><th class=\"l\">phase</th><th class=\"l\">unit</th>", rep->nruns,
	        CONF_MAX_CV_PCT);
	for (size_t i = 0; i < rep->nruns; i++)
		fprintf(out, "<th>run %zu</th>", i + 1);
	fputs("<th>median</th><th>min .. max</th><th>spread</th><th>CV</th></tr>\n", out);
	for (size_t i = 0; i < HTML_SECTIONS; i++)
		repeat_group(out, rep, &html_sections[i], &st);
	fputs("</table>\n", out);
	free(st.rate);
}

/* ---- latency ---- */

/* A curve of the view's latencies: its median is named even where the
 * count is too small for the view's percentiles. */
static void make_curve(const struct view_latency *l, const char *name, struct pct_curve *c)
{
	c->name = name;
	c->n = l->n;
	c->pct = l->pct;
	c->ns = l->ns;
	c->median = l->median_ns;
	c->p99 = (double)l->pct_ns[VIEW_P99];
	c->max = (double)l->pct_ns[VIEW_MAX];
}

/* A row of the latency table: the count, the minimum, then the view's
 * percentiles (blank where the count does not support one). */
static void latency_row(FILE *out, const char *name, const struct view_latency *l)
{
	char v[32];

	fprintf(out, "<tr><td class=\"l\">%s</td><td>%llu</td>", name, (unsigned long long)l->count);
	units_format_latency_human((double)l->min_ns, v, sizeof v);
	fprintf(out, "<td>%s</td>", v);
	for (int k = 0; k < VIEW_PCTS; k++) {
		v[0] = '\0';
		if (l->pct_ns[k] >= 0)
			units_format_latency_human((double)l->pct_ns[k], v, sizeof v);
		fprintf(out, "<td>%s</td>", v);
	}
	fputs("</tr>\n", out);
}

/* The curves of one phase, named. */
struct curves {
	struct pct_curve c[PAGE_CURVES_MAX];
	char name[PAGE_CURVES_MAX][32];
	size_t n;
};

/* The page model's curves: one per run, or one of all runs together when
 * there are many. */
static void phase_curves(const struct html_report *rep, enum phase_id id, struct curves *cv)
{
	const struct page_latency *l = &rep->page->latencies[id];

	for (cv->n = 0; cv->n < l->ncurves; cv->n++) {
		size_t run = l->curve_run[cv->n];
		if (run == PAGE_ALL_RUNS)
			snprintf(cv->name[cv->n], sizeof cv->name[0], "all %zu runs", rep->nruns);
		else if (rep->nruns > 1)
			snprintf(cv->name[cv->n], sizeof cv->name[0], "run %zu", run + 1);
		else
			snprintf(cv->name[cv->n], sizeof cv->name[0], "this run");
		make_curve(&l->curve[cv->n], cv->name[cv->n], &cv->c[cv->n]);
	}
}

static void latency_phase(FILE *out, const struct html_report *rep, enum phase_id id, struct curves *cv)
{
	char cid[48], title[96], desc[256];
	struct pct_chart c;

	phase_curves(rep, id, cv);
	if (cv->n == 0)
		return;
	snprintf(cid, sizeof cid, "lat-%s", phase_name(id));
	snprintf(title, sizeof title, "%s: latency", phase_words(id));
	snprintf(desc, sizeof desc, "Latency against percentile, p0 to the highest percentile the sample count "
	         "supports, on a log latency axis; median, p99 and maximum are labelled.%s",
	         cv->n > 1 ? " One curve per run." : "");
	c = (struct pct_chart){cid, title, desc, cv->c, cv->n};
	fprintf(out, "<figure data-key=\"%s\">\n<figcaption>%s", phase_name(id), title);
	if (rep->page->facts[id].mark != ' ') {
		fputs(" <span class=\"caption-marks\">", out);
		html_marks_short(out, rep->page->facts[id].reasons);
		fputs("</span>", out);
	}
	fputs("</figcaption>\n", out);
	chart_percentiles(out, &c);
	fputs("</figure>\n", out);
}

static void latency_table(FILE *out, const struct html_report *rep)
{
	fputs("<table class=\"latency\">\n<tr><th class=\"l\">phase</th><th>operations</th><th>min</th>", out);
	for (int k = 0; k < VIEW_PCTS; k++)
		fprintf(out, "<th>%s</th>", view_pcts[k].heading);
	fputs("</tr>\n", out);
	for (int id = 0; id < PHASE_COUNT; id++)
		if (rep->page->latencies[id].all.count)
			latency_row(out, phase_words((enum phase_id)id), &rep->page->latencies[id].all);
	fputs("</table>\n", out);
}

void html_latency(FILE *out, const struct html_report *rep)
{
	struct curves *cv = malloc(sizeof *cv);

	if (cv == NULL)
		return;
	/* printed, the curves below and the table's latency rows carry it */
	fprintf(out, "<h2 id=\"latency\">Latency</h2>\n<details class=\"screen-only\"><summary>every percentile "
	        "(table)</summary>\n"
	        "<p>Percentiles%s; blank cells: too few operations for that percentile.</p>\n",
	        rep->nruns > 1 ? " of all runs together" : "");
	latency_table(out, rep);
	fputs("</details>\n", out);
	fputs("<div class=\"charts small\">\n", out);
	for (int id = 0; id < PHASE_COUNT; id++)
		latency_phase(out, rep, (enum phase_id)id, cv);
	fputs("</div>\n", out);
	free(cv);
}
