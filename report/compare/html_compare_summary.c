/* The compare page's first screen: a runs x phases table of rates with
 * each run's ratio to the base, coloured the way bon_csv2html colours its
 * cells (green faster, red slower, stronger the further off), `+++++`
 * slots said in words with their latency, and the caveats that decide how
 * far the ratios can be trusted. */
#include "compare.h"
#include "compare_cells.h"
#include "../model/compare_model.h"
#include "../html/html.h"
#include "html_compare.h"
#include "../model/metrics.h"
#include "../html/svg.h"
#include "../../lib/units.h"

#include <math.h>
#include <string.h>

/* Background of a ratio cell: white at 1x, full colour at threshold^2. */
static void ratio_colour(double ratio, double threshold, char *buf, size_t len)
{
	double t = fabs(log(ratio)) / (2 * log(threshold > 1 ? threshold : 1.1));
	int light = (int)(255 - (t > 1 ? 1 : t) * 120);

	if (ratio >= 1)
		snprintf(buf, len, "#%02x%02x%02x", light, 255, light);
	else
		snprintf(buf, len, "#%02x%02x%02x", 255, light, light);
}

static void cell(FILE *out, const struct compare_run *runs, size_t k, enum phase_id id, const struct compare_opts *o)
{
	const struct phase_view *p = &runs[k].view.phase[id];
	const struct compare_vs_base *v = &runs[k].vs[id][COMPARE_RATIO_RATE];
	bool has = k != o->base && v->has;
	char rate[64], lat[32], bg[16], apart[48];

	fprintf(out, "<td data-key=\"%s\" data-run=\"%zu\"", phase_name(id), k);
	if (p->state == CELL_TOO_FAST) {
		fputs(" class=\"too-fast\">+++++ too fast for bonnie++ to measure", out);
		if (p->pct_ns[VIEW_MAX] > 0) {
			html_latency_text((double)p->pct_ns[VIEW_MAX], lat, sizeof lat);
			fprintf(out, "; max latency %s", lat);
		}
		fputs("</td>", out);
		return;
	}
	if (p->state != CELL_VALUE) {
		fprintf(out, ">%s</td>", p->state == CELL_FAILED ? "failed" : "");
		return;
	}
	html_rate_text(id, p->rate, rate, sizeof rate);
	if (has) {
		ratio_colour(v->d.ratio, o->threshold, bg, sizeof bg);
		fprintf(out, " style=\"background:%s\"", bg);
	}
	fprintf(out, " data-value=\"%.17g\">%s", p->rate, rate);
	if (runs[k].rate_short[id]) /* the model's: under 0.5 s, as its input says */
		fputs("\xc2\xa0<span class=\"mark\">" MARK_SHORT_S "</span>", out); /* apart from the unit */
	else if (p->mark != ' ') /* the run's table marked it for another reason: its mark, as there */
		fprintf(out, "\xc2\xa0<span class=\"mark\">%c</span>", p->mark);
	if (has) {
		compare_apart_text(&v->d, apart, sizeof apart); /* the text table's and the summary's words */
		fputs(" <span class=\"ratio\">", out);
		svg_escape(out, apart);
		fputs("</span>", out);
	}
	fputs("</td>", out);
}

/* A phase's mean-latency row, under its rate row, where an input prints a
 * mean (the result's row_shown): each run's mean and its ratio to the base in
 * the text table's words; "-" where a run's input printed none. */
static void mean_row(FILE *out, const struct compare_run *runs, size_t first, size_t end,
                     enum phase_id id, const struct compare_opts *o)
{
	char v[64], apart[48];

	fputs("<tr class=\"mean\"><td class=\"l\">&#160;&#160;mean latency</td>", out);
	for (size_t k = first; k < end; k++) {
		compare_value_text(&runs[k].view.phase[id], ROW_MEAN, false, v, sizeof v);
		compare_ratio_text(runs, k, id, ROW_MEAN, o, apart, sizeof apart);
		fprintf(out, "<td data-key=\"%s_mean_latency\" data-run=\"%zu\"", phase_name(id), k);
		if (runs[k].view.phase[id].lat_mean_ns > 0)
			fprintf(out, " data-value=\"%.17g\"", runs[k].view.phase[id].lat_mean_ns);
		fputc('>', out);
		svg_escape(out, v);
		if (apart[0]) {
			fputs(" <span class=\"ratio\">", out);
			svg_escape(out, apart);
			fputs("</span>", out);
		}
		fputs("</td>", out);
	}
	fputs("</tr>\n", out);
}

/* The caveats: sizes that differ, +++++ slots, the marks the cells show
 * (a figure's, as the run's table gives them; a ratio beyond the
 * threshold; set up differently, whose setups the notes below list). */
static void caveats(FILE *out, const struct compare_result *r)
{
	const struct compare_opts *o = &r->o;
	bool beyond = r->ratio_marks & COMPARE_SHOWS_BEYOND, setup = r->ratio_marks & COMPARE_SHOWS_SETUP;
	bool sizes = r->sizes_differ, fast = r->too_fast_any, short_any = r->short_any;
	unsigned others = r->marks_other; /* the reasons whose mark a cell shows (its first), other than short */

	if (!sizes && !fast && !short_any && !others && !beyond && !setup)
		return;
	fputs("<ul class=\"caveats\">\n", out);
	if (sizes)
		fputs("<li>The runs used different data sizes: a size that fits the page cache measures the cache.</li>\n",
		      out);
	if (fast)
		fputs("<li><code>+++++</code>: bonnie++ ran the phase too fast to measure (under 0.5 s) and printed no rate; "
		      "its latency is still shown.</li>\n", out);
	if (short_any)
		fputs("<li><span class=\"mark\">" MARK_SHORT_S "</span> ran under " METRIC_MIN_TRUSTED_TEXT
		      ": a low-confidence figure.</li>\n", out);
	for (int i = 0; i < CONF_REASONS; i++)
		if (others & (1u << i)) {
			fprintf(out, "<li><span class=\"mark\">%c</span> ", confidence_reason_mark(i));
			svg_escape(out, confidence_reason_text(i));
			fputs(".</li>\n", out);
		}
	if (beyond) { /* the text table says it in its heading */
		fputs("<li><span class=\"mark\">", out);
		svg_escape(out, MARK_BEYOND_S);
		fprintf(out, "</span> after a ratio: the runs are %.2fx or more apart, either way.</li>\n", o->threshold);
	}
	if (setup) {
		char blab[16];
		compare_label(o->base, blab, sizeof blab);
		fprintf(out, "<li><span class=\"mark\">" MARK_SETUP_S "</span> after a ratio: the run was set up "
		        "differently from %s; the ratio may show the setup rather than the disk (each run's setup is "
		        "listed below).</li>\n", blab);
	}
	fputs("</ul>\n", out);
}

/* The settings the runs differ in, first (as the text says them: "I/O
 * mode A: buffered; B: O_DIRECT"), and whether that makes the comparison
 * not like for like. */
static void setup_differences(FILE *out, const struct compare_result *r)
{
	unsigned differ = r->setup_facts_differ;
	char lab[16];

	if (differ == 0)
		return;
	fputs("<ul class=\"setup\">\n", out);
	for (int f = 0; f < COMPARE_SETUP_FACTS; f++) {
		if (!(differ & (1u << f)))
			continue;
		fprintf(out, "<li>%s", compare_setup_names[f]);
		for (size_t k = 0; k < r->n; k++) {
			compare_label(k, lab, sizeof lab);
			fprintf(out, "%s %s: ", k ? ";" : "", lab);
			svg_escape(out, compare_shown_text(&r->runs[k], f));
		}
		fputs("</li>\n", out);
	}
	fputs("</ul>\n", out);
	if (differ & COMPARE_SETUP_UNLIKE)
		fputs("<p class=\"note\">Not like for like: a ratio may show the setup rather than the disk.</p>\n", out);
}

/* Runs per table: more go into further tables under it, each with the
 * phase column again, so that a table fits A4 in print (7 columns of
 * "1850.3 MiB/s 3.10x faster >" at 6.5 pt) rather than running off it. */
#define RUNS_PER_TABLE 6

/* The table of runs first..end-1 (of n; each ratio against the base). */
static void runs_table(FILE *out, const struct compare_result *r, size_t first, size_t end)
{
	const struct compare_run *runs = r->runs;
	const struct compare_opts *o = &r->o;
	char label[8];
	int last_group = -1;

	fputs("<table class=\"wide summary compare\">\n<tr><th class=\"l\">phase</th>", out);
	for (size_t k = first; k < end; k++) {
		compare_label(k, label, sizeof label);
		fprintf(out, "<th>%s%s</th>", label, k == o->base ? " (base)" : "");
	}
	fputs("</tr>\n", out);
	for (int id = 0; id < PHASE_COUNT; id++) {
		if (!r->phase_present[id])
			continue;
		if ((int)phase_group((enum phase_id)id) != last_group) {
			last_group = (int)phase_group((enum phase_id)id);
			fprintf(out, "<tr class=\"group\"><th class=\"l\" colspan=\"%zu\">%s</th></tr>\n", end - first + 1,
			        phase_group_words((enum phase_group)last_group));
		}
		fprintf(out, "<tr><td class=\"l\">%s</td>", phase_words((enum phase_id)id));
		for (size_t k = first; k < end; k++)
			cell(out, runs, k, (enum phase_id)id, o);
		fputs("</tr>\n", out);
		if (r->row_shown[id][ROW_MEAN])
			mean_row(out, runs, first, end, (enum phase_id)id, o);
	}
	fputs("</table>\n", out);
}

void html_compare_summary(FILE *out, const struct compare_result *r)
{
	size_t n = r->n;

	fputs("<section id=\"summary\">\n<h2>Summary</h2>\n", out);
	setup_differences(out, r);
	for (size_t first = 0; first < n; first += RUNS_PER_TABLE)
		runs_table(out, r, first, first + RUNS_PER_TABLE < n ? first + RUNS_PER_TABLE : n);
	caveats(out, r);
}
