/* The first screen of a run's page: what a reader decides on. Per group,
 * each phase's rate, p99 and marks, and the place for the phase's timeline
 * verdict; then a one-line table of contents. Figures come from the
 * page model's facts, the same the charts below draw. */
#include "html.h"
#include "../model/page_model.h"
#include "../report.h"
#include "../model/metrics.h"
#include "../sweep/sweep.h"
#include "svg.h"
#include "../model/view.h"
#include "../text/verdict_text.h"
#include "../../lib/units.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The one named place for a phase's timeline verdict: the sentence of a
 * single run, or how many runs had each kind ("fell in 1 of 3 runs, steady
 * in 2 of 3 runs"); a dash when no run has one. */
static void verdict_cell(FILE *out, const struct html_report *rep, enum phase_id id)
{
	unsigned count[VERDICT_KINDS] = {0};
	char sentence[VERDICT_SENTENCE_MAX];
	const char *sep = "";

	fprintf(out, "<td class=\"l verdict\" data-verdict-for=\"%s\">", phase_name(id));
	for (size_t r = 0; r < rep->nruns; r++)
		count[rep->views[r].phase[id].verdict.kind]++;
	if (count[VERDICT_NONE] == rep->nruns) {
		fputs("&ndash;</td>", out);
		return;
	}
	if (rep->nruns == 1) {
		verdict_sentence(id, &rep->views[0].phase[id].verdict, sentence, sizeof sentence);
		html_escape_figures(out, sentence);
	}
	for (int k = VERDICT_TOO_SHORT; rep->nruns > 1 && k < VERDICT_KINDS; k++) {
		if (count[k] == 0)
			continue;
		fprintf(out, "%s%s in %u of %zu runs", sep, verdict_kind_name((enum verdict_kind)k), count[k], rep->nruns);
		sep = ", ";
	}
	fputs("</td>", out);
}

static void summary_row(FILE *out, const struct html_report *rep, enum phase_id id, const struct page_facts *f)
{
	char rate[64], p99[32];

	html_rate_text(id, f->rate, rate, sizeof rate);
	fprintf(out, "<tr data-key=\"%s\" data-value=\"%.17g\"", phase_name(id), f->rate);
	if (f->p99 >= 0)
		fprintf(out, " data-p99=\"%.17g\"", f->p99);
	fprintf(out, " data-mark=\"%c\"><td class=\"l\"><a href=\"#lat-%s\">%s</a></td><td>%s", f->mark,
	        phase_name(id), phase_words(id), rate);
	if (f->mark != ' ')
		fprintf(out, "\xc2\xa0<span class=\"mark\">%c</span>", f->mark); /* apart from the unit */
	p99[0] = '\0';
	if (f->p99 >= 0)
		html_latency_text(f->p99, p99, sizeof p99);
	fprintf(out, "</td><td>%s</td>", f->p99 >= 0 ? p99 : "too few operations");
	if (rep->nruns > 1)
		fprintf(out, "<td>%.1f%%%s</td>", f->cv_pct, (f->reasons & CONF_UNSTABLE) ? " <span class=\"mark\">!</span>" : "");
	verdict_cell(out, rep, id);
	fputs("</tr>\n", out);
}

/* Under the marks: what sized the phases marked '~' (short_advice.c),
 * one sentence each, from the first run's counts. */
static void short_advice(FILE *out, const struct html_report *rep)
{
	uint32_t mask = 0;
	char *text = NULL, *line, *save = NULL;
	size_t len = 0;
	FILE *mem;

	for (int id = 0; id < PHASE_COUNT; id++)
		if (rep->page->facts[id].done && (rep->page->facts[id].reasons & CONF_SHORT))
			mask |= 1u << id;
	if (!mask || rep->nruns == 0 || (mem = open_memstream(&text, &len)) == NULL)
		return;
	report_short_advice(mem, "", &rep->views[0].counts, mask);
	fclose(mem);
	fputs("<p class=\"note marks\">Under " METRIC_MIN_TRUSTED_TEXT ":", out);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		line[0] = (char)toupper((unsigned char)line[0]);
		fputc(' ', out);
		html_escape_figures(out, line);
		fputc('.', out);
	}
	fputs("</p>\n", out);
	free(text);
}

void html_run_summary(FILE *out, const struct html_report *rep)
{
	unsigned all = 0;
	int last_group = -1;

	fputs("<section id=\"summary\">\n<h2>Summary</h2>\n<table class=\"summary\">\n<tr><th class=\"l\">phase</th>",
	      out);
	/* over -x runs the p99 is the median of the runs' p99s, as the text's
	 * and the JSON's summary; the latency section's are of all runs'
	 * operations together, and each says which it is */
	fprintf(out, "<th>%s</th><th>%sp99 latency</th>%s<th class=\"l\">timeline verdict</th></tr>\n",
	        rep->nruns > 1 ? "median rate" : "rate", rep->nruns > 1 ? "median " : "",
	        rep->nruns > 1 ? "<th>CV over the runs</th>" : "");
	for (int id = 0; id < PHASE_COUNT; id++) {
		const struct page_facts *f = &rep->page->facts[id];
		if (!f->done)
			continue;
		if ((int)phase_group((enum phase_id)id) != last_group) {
			last_group = (int)phase_group((enum phase_id)id);
			fprintf(out, "<tr class=\"group\"><th class=\"l\" colspan=\"%d\">%s</th></tr>\n",
			        rep->nruns > 1 ? 5 : 4, phase_group_words((enum phase_group)last_group));
		}
		summary_row(out, rep, (enum phase_id)id, f);
		all |= f->reasons;
	}
	fputs("</table>\n", out);
	if (all) {
		fputs("<p class=\"note marks\">Marks: ", out);
		html_marks_legend(out, all);
		fputs(".</p>\n", out);
		short_advice(out, rep);
	}
	fputs("</section>\n", out);
}

static void toc_entry(FILE *out, const char *id, const char *words)
{
	fprintf(out, "<li><a href=\"#%s\">%s</a></li>", id, words);
}

void html_toc(FILE *out, const struct html_report *rep)
{
	fputs("<nav class=\"toc\"><ul>", out);
	toc_entry(out, "summary", "Summary");
	if (rep->sweep && rep->sweep->levels > 0)
		toc_entry(out, "sweep", "Client sweep");
	toc_entry(out, "rates", "Rates");
	if (rep->nruns > 1)
		toc_entry(out, "repeats", "Each run");
	toc_entry(out, "latency", "Latency");
	if (rep->env)
		toc_entry(out, "environment", "What was tested");
	else /* bonnie merge's page */
		toc_entry(out, "merged", "Merged hosts");
	toc_entry(out, "table", "The table");
	toc_entry(out, "csv", "CSV");
	toc_entry(out, "reproduce", "How to reproduce");
	fputs("</ul></nav>\n", out);
}
