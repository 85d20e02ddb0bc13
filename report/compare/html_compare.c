/* `bonnie compare --html FILE`: the runs side by side on one page: rate
 * bars per phase group with one colour per run, the setup differences,
 * the p99 latencies the same way (a maximum is one sample: not charted),
 * the differences in the text's words, the CSV lines. */
#include "compare.h"
#include "../model/compare_model.h"
#include "compare_cells.h"
#include "../text/clocale.h"
#include "../html/html.h"
#include "html_compare.h"
#include "../model/metrics.h"
#include "../html/svg.h"
#include "../../lib/str.h"
#include "../../lib/units.h"

#include <stdlib.h>
#include <string.h>

#define CMP_LABEL 96
#define CMP_TEXT 24
#define CMP_CPU_BARS 10 /* more bars in a chart: no %CPU words under them */

/* Bars and their label texts for up to PHASE_COUNT phases x n runs. */
struct cmp_bars {
	struct chart_bar *bar;
	char (*text)[CMP_TEXT];
	size_t n;
};

static int bars_alloc(struct cmp_bars *b, size_t nruns)
{
	b->n = 0;
	b->bar = calloc(PHASE_COUNT * nruns, sizeof *b->bar);
	b->text = calloc(PHASE_COUNT * nruns, sizeof *b->text);
	return b->bar && b->text ? 0 : -1;
}

static void bars_free(struct cmp_bars *b)
{
	free(b->bar);
	free(b->text);
}

/* One group's rate bars: each measured phase, one bar per run. */
static void rate_chart(FILE *out, const struct compare_run *runs, size_t n, size_t g, struct cmp_bars *b,
                       const char *const *names)
{
	double max = 0, scale;
	const char *label, *unit;
	char desc[384], id_text[32];
	bool cached = false;
	const struct html_section *sec = &html_sections[g];

	b->n = 0;
	for (int id = 0; id < PHASE_COUNT; id++)
		for (size_t k = 0; k < n && html_in_section(sec, (enum phase_id)id); k++)
			if (runs[k].view.phase[id].state == CELL_VALUE && runs[k].view.phase[id].rate > max)
				max = runs[k].view.phase[id].rate;
	html_rate_unit(html_section_first(sec), max, &scale, &label, &unit);
	for (int id = 0; id < PHASE_COUNT; id++)
		for (size_t k = 0; k < n && html_in_section(sec, (enum phase_id)id); k++) {
			const struct phase_view *p = &runs[k].view.phase[id];
			bool fast = p->state == CELL_TOO_FAST;
			if (p->state != CELL_VALUE && !fast)
				continue;
			if (fast)
				snprintf(b->text[b->n], CMP_TEXT, "+++++");
			else
				html_value_text((enum phase_id)id, p->rate, scale, b->text[b->n], CMP_TEXT);
			if (p->low_confidence)
				strcat(b->text[b->n], MARK_SHORT_S);
			b->bar[b->n] = (struct chart_bar){phase_words((enum phase_id)id), phase_name((enum phase_id)id),
			                                  (int)k, fast ? 0 : p->rate, 1, 0, NULL, 0, fast ? -1 : p->cpu_pct,
			                                  fast ? CHART_TOO_FAST : p->conf.reasons, b->text[b->n]};
			b->n++;
		}
	if (b->n == 0)
		return;
	for (size_t i = 0; i < b->n; i++) {
		if (b->n > CMP_CPU_BARS)
			b->bar[i].cpu_pct = -1; /* too narrow for the words: the CSV lines have %CPU */
		cached |= (b->bar[i].marks & (CONF_CACHED | CONF_NOT_EVICTED)) != 0;
	}
	snprintf(desc, sizeof desc, "Bars of %s per phase, one colour per run (legend)%s; hatched bars ran under "
	         METRIC_MIN_TRUSTED_TEXT "%s; an empty slot marked +++++ is a phase bonnie++ ran too fast to measure.", label,
	         b->n > CMP_CPU_BARS ? "" : ", %CPU under each bar where the input has it",
	         cached ? " or read from the page cache (each bar's title says which)" : "");
	snprintf(id_text, sizeof id_text, "cmp-%s", sec->id);
	struct bar_chart c = {id_text, sec->title, desc, {0, 1, false, label, scale, NULL, NULL, 0}, b->bar, b->n, names, n};
	fprintf(out, "<figure><figcaption>%s</figcaption>", sec->title);
	chart_bars(out, &c);
	fputs("</figure>\n", out);
}

/* The p99 latency of one section's phases, one bar per run, on a log
 * axis, where the input records it (bonnie's JSON) and the phase timed
 * enough operations for it (COMPARE_P99_MIN_OPS), as the summary compares
 * it. A maximum, one sample, is not charted. Returns the bars drawn. */
static size_t p99_chart(FILE *out, const struct compare_run *runs, size_t n, size_t g, struct cmp_bars *b,
                        const char *const *names)
{
	const struct html_section *sec = &html_sections[g];
	char id_text[48], title[96], desc[256];

	b->n = 0;
	for (int id = 0; id < PHASE_COUNT; id++)
		for (size_t k = 0; k < n && html_in_section(sec, (enum phase_id)id); k++) {
			const struct phase_view *p = &runs[k].view.phase[id];
			int64_t ns = p->pct_ns[VIEW_P99];
			/* the p99 the JSON states; a log axis charts a done phase's above 0 */
			if (!runs[k].p99_stated[id] || p->state != CELL_VALUE || ns <= 0)
				continue;
			units_format_latency_human((double)ns, b->text[b->n], CMP_TEXT);
			b->bar[b->n] = (struct chart_bar){phase_words((enum phase_id)id), phase_name((enum phase_id)id),
			                                  (int)k, (double)ns, 1, 0, NULL, 0, -1,
			                                  p->conf.reasons & (CONF_SHORT | CONF_CACHED), b->text[b->n]};
			b->n++;
		}
	if (b->n == 0)
		return 0;
	snprintf(id_text, sizeof id_text, "cmp-p99-%s", sec->id);
	snprintf(title, sizeof title, "%s: p99 latency", sec->title);
	snprintf(desc, sizeof desc, "Bars of each phase's 99th-percentile latency (log scale), one colour per run "
	         "(legend), where the input records it and the phase timed %u operations or more.", COMPARE_P99_MIN_OPS);
	struct bar_chart c = {id_text, title, desc,
	                      {1, 10, true, "p99 latency (log scale)", 0, units_format_latency_human, NULL, 0}, b->bar,
	                      b->n, names, n};
	fprintf(out, "<figure><figcaption>%s</figcaption>", title);
	chart_bars(out, &c);
	fputs("</figure>\n", out);
	return b->n;
}

/* The summary, escaped into one <p>, a line break between its lines. */
static void summary_para(FILE *out, const struct compare_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	fputs("<p class=\"summary\">", out);
	if (m != NULL) {
		compare_summary(m, r);
		if (fclose(m) == 0 && buf != NULL) {
			if (len > 0 && buf[len - 1] == '\n')
				buf[len - 1] = '\0';
			for (char *line = buf, *nl; line != NULL; line = nl ? nl + 1 : NULL) {
				if ((nl = strchr(line, '\n')) != NULL) /* the headline, weaker evidence, maxima */
					*nl = '\0';
				html_escape_figures(out, line);
				fputs(nl ? "<br>\n" : "", out);
			}
		}
	}
	free(buf);
	fputs("</p>\n", out);
}

struct run_list {
	const struct compare_run *runs;
	size_t n;
};

/* For html_pre_of: every run's 1.98 CSV line. */
static void csv_lines(FILE *m, const void *arg)
{
	const struct run_list *l = arg;

	for (size_t k = 0; k < l->n; k++)
		compare_csv_line(m, &l->runs[k]);
}

/* Text quoted from the input: HTML-escaped, and sanitized first (no raw
 * control character or bidirectional override reaches the page; input/
 * has done so already, a run may come from elsewhere). */
static void quote(FILE *out, const char *s)
{
	char safe[4 * PARSED_ORIGIN_LEN];

	str_sanitize(safe, sizeof safe, s);
	svg_escape(out, safe);
}

/* The runs: label, machine, format and where each was found. */
/* Legend names: "A: name", whole. */
static void runs_names(const struct compare_run *runs, size_t n, char (*names)[CMP_LABEL])
{
	for (size_t k = 0; k < n; k++) {
		char label[8], name[CMP_LABEL - 16]; /* after "label: ", whole */
		compare_label(k, label, sizeof label);
		str_sanitize(name, sizeof name, runs[k].shown.name);
		snprintf(names[k], CMP_LABEL, "%s: %s", label, name);
	}
}

static void runs_table(FILE *out, const struct compare_run *runs, size_t n, const struct compare_opts *o)
{
	fputs("<table class=\"wide runs\">\n<tr><th class=\"l\">run</th><th class=\"l\">name</th><th class=\"l\">size</th>"
	      "<th class=\"l\">format</th><th class=\"l\">found at</th></tr>\n", out);
	for (size_t k = 0; k < n; k++) {
		char label[8];
		compare_label(k, label, sizeof label);
		fprintf(out, "<tr><td class=\"l\">%s%s</td><td class=\"l\">", label, k == o->base ? " (base)" : "");
		quote(out, runs[k].shown.name);
		fputs("</td><td class=\"l\">", out);
		quote(out, runs[k].shown.size);
		fputs("</td><td class=\"l\">", out);
		quote(out, runs[k].shown.format);
		fputs("</td><td class=\"l\">", out);
		quote(out, runs[k].shown.origin);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n", out);
}

/* One of compare_notes' notes as a paragraph (a run's line after
 * a dash). */
static void note_para(const char *note, int level, void *arg)
{
	FILE *out = arg;

	fputs(level ? "<p class=\"note\">&#8211; " : "<p class=\"note\">", out);
	svg_escape(out, note);
	fputs("</p>\n", out);
}

static void page_body(FILE *out, const struct compare_result *r, struct cmp_bars *b, char (*names)[CMP_LABEL],
                      const char **name_ptr)
{
	const struct compare_run *runs = r->runs;
	size_t n = r->n;
	const struct compare_opts *o = &r->o;
	char title[96];
	size_t drawn = 0;

	snprintf(title, sizeof title, "bonnie compare: %zu runs", n);
	html_page_begin(out, title);
	html_compare_summary(out, r);
	summary_para(out, r);
	compare_notes(r, note_para, out);
	fputs("</section>\n<nav class=\"toc\"><ul><li><a href=\"#summary\">Summary</a></li><li><a href=\"#rates\">"
	      "Rates</a></li><li><a href=\"#latency\">p99 latency</a></li><li><a href=\"#runs\">The runs</a></li>"
	      "<li><a href=\"#csv\">CSV</a></li></ul></nav>\n", out);
	runs_names(runs, n, names);
	for (size_t k = 0; k < n; k++)
		name_ptr[k] = names[k];
	fputs("<h2 id=\"rates\">Rates</h2>\n<div class=\"charts\">\n", out);
	for (size_t g = 0; g < HTML_SECTIONS; g++)
		rate_chart(out, runs, n, g, b, name_ptr);
	fputs("</div>\n<h2 id=\"latency\">p99 latency</h2>\n<div class=\"charts\">\n", out);
	for (size_t g = 0; g < HTML_SECTIONS; g++)
		drawn += p99_chart(out, runs, n, g, b, name_ptr);
	if (drawn == 0) /* bonnie++'s lines and tables carry only the maximum: one sample, no finding */
		fputs("<p class=\"note\">No run here records a p99 latency (a bonnie++ CSV line or table has only the "
		      "maximum, one sample each, which is not charted).</p>\n", out);
	fputs("</div>\n<h2 id=\"runs\">The runs</h2>\n", out);
	runs_table(out, runs, n, o);
	fputs("<h2 id=\"csv\">CSV (bonnie++ 1.98 format)</h2>\n", out);
	html_pre_of(out, "csv", csv_lines, &(struct run_list){runs, n});
	html_page_end(out);
}

int compare_html(FILE *out, const struct compare_result *r)
{
	size_t n = r->n;
	struct cmp_bars b = {0};
	char (*names)[CMP_LABEL] = calloc(n, sizeof *names);
	const char **name_ptr = calloc(n, sizeof *name_ptr);
	struct c_locale loc;
	int rc = -1;

	if (names && name_ptr && bars_alloc(&b, n) == 0) {
		c_locale_enter(&loc);
		page_body(out, r, &b, names, name_ptr);
		c_locale_leave(&loc);
		rc = ferror(out) ? -1 : 0;
	}
	bars_free(&b);
	free(names);
	free(name_ptr);
	return rc;
}
