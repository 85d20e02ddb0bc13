/* The HTML report's page: frame and inline style, what was tested, the
 * options, the text table and CSV of every run, and how to reproduce it.
 * The chart sections are in html_phases.c. */
#include "html.h"
#include "../text/clocale.h"
#include "../model/metrics.h"
#include "../model/page_model.h"
#include "../report.h"
#include "../sweep/sweep.h"
#include "svg.h"
#include "../model/tested.h"
#include "../model/view.h"
#include "../../lib/units.h"

#include <stdlib.h>
#include <string.h>

/* Colours come from the charts; the style only lays out and prints.
 * Text wraps between words: a word breaks only where it cannot fit on a
 * line of its own (a path), and a number keeps its unit (html_rate_text's
 * no-break space). A table with a column per run or per phase (class
 * "wide") scrolls inside its own box on a narrow screen, by design; in
 * print it has no scroll, so its text shrinks (the phone rule's 12 px, which
 * A4's width also meets, does not hold there) and its headings wrap. A
 * CSV line wraps anywhere: it is data to copy, not words to read. */
static const char style[] =
	"body{font:15px/1.45 system-ui,sans-serif;margin:1em auto;max-width:1340px;padding:0 1em;color:#111;"
	"overflow-wrap:break-word}\n"
	"h1{font-size:1.5em;margin:.2em 0}h2{margin-top:1.4em;border-bottom:1px solid #999}h3{font-size:1.05em}\n"
	"pre{background:#f4f4f4;padding:.6em;overflow-x:auto;font-size:13px;overflow-wrap:normal}\n"
	"table{border-collapse:collapse;margin:.5em 0;display:block;overflow-x:auto;max-width:100%}"
	"td,th{border:1px solid #bbb;padding:.1em .5em;text-align:right}th{background:#eee}td.l,th.l{text-align:left}\n"
	".tested{display:flex;flex-wrap:wrap;gap:0 1em}.tested>div{flex:1 1 480px;min-width:0}.tested table{margin:0}"
	".tested pre{margin:0}.meta{margin:.2em 0}.toc ul{list-style:none;padding:0;margin:.4em 0;display:flex;flex-wrap:wrap;gap:.2em 1.2em}\n"
	/* the device, its alignment and any warning: read before the figures */
	".tested-on{margin:.2em 0;font-size:.93em}.tested-on>span{margin-right:.5em}.tested-on .warn{font-weight:700;"
	"color:#900}\n"
	"#summary h2{margin-top:.6em}.summary tr.group th{background:#f6f6f6}.mark{font-weight:700}\n"
	"td,th{overflow-wrap:normal}.summary td,.summary th{white-space:nowrap}.summary td.verdict{white-space:normal;"
	"min-width:14em}pre.environment,pre.csv,pre.reproduce{white-space:pre-wrap;overflow-wrap:break-word}pre.csv{overflow-wrap:anywhere}\n"
	".summary td.too-fast{white-space:normal;"
	"min-width:10em;font-size:.9em}\n"
	/* charts scale to their box (viewBox, width 100%): three to a row on a
	 * wide screen, one on a phone, never wider than the screen, never much
	 * over their own size (the text stays near 12 px) */
	".charts{display:flex;flex-wrap:wrap;gap:.5em 1em;align-items:flex-start}"
	".charts>figure,.charts>svg,.charts>.rates{flex:1 1 400px;max-width:500px;min-width:0}\n"
	".charts.small>figure{flex:1 1 340px;max-width:500px}.tl-pair{max-width:1000px}\n"
	".chart{width:100%;height:auto;background:#fff;display:block}\n"
	".chart text{font:12px sans-serif;fill:#111}.chart .axis-label{font-size:13px;font-weight:600}\n"
	".chart .grid{stroke:#ddd;stroke-width:1}.chart .tick,.chart .frame{stroke:#333;fill:none}\n"
	".chart .bar-mark,.chart .point-mark{font-weight:700}.chart .whisker{stroke:#000;stroke-width:1.5;fill:none}\n"
	".chart .run-dot{fill:#fff;stroke:#000;stroke-width:1.2}.chart .marker line{stroke:#000;"
	"stroke-dasharray:4 3}\n.chart .max-line{stroke-dasharray:3 3;fill:none}.chart .pct-label{font-weight:600}\n"
	".note{font-size:.9em;color:#333}figure{margin:0;min-width:0}figcaption{font-weight:600;margin:.3em 0}\n"
	/* a timeline: rate and p99 side by side, one phase to a row (two printed) */
	".charts.tl>figure{flex:1 1 100%;max-width:100%}\n"
	"@media (min-width:761px){.tl-pair{display:flex;gap:1em}.tl-pair>svg{flex:1 1 0;min-width:0}}\n"
	"@media (max-width:760px){body{padding:0 .5em}.charts>figure,.charts>svg,.charts>.rates,.charts.small>figure{max-width:100%;"
	"flex-basis:100%}pre{white-space:pre-wrap}pre.csv{overflow-wrap:anywhere}td,th{overflow-wrap:break-word}"
	".summary td,.summary th{white-space:normal;padding:.1em .2em;font-size:12px}.summary td.verdict{min-width:0}}\n"
	/* A4: two charts to a row (three latency curves), a heading kept with
	 * what follows it, a figure never split */
	"@media print{body{max-width:none;font-size:10pt;margin:0}pre{white-space:pre-wrap;overflow-wrap:anywhere;"
	"font-size:8pt}table{display:table}"
	".charts>figure,.charts>svg,.charts>.rates{flex:1 1 45%;max-width:50%}"
	".charts.small>figure{flex:1 1 30%;max-width:33.3%}.tested>div{flex-basis:40%}.tested pre{font-size:6.5pt}"
	"figure,svg,tr,.tl-pair{break-inside:avoid}h2,h3,figcaption,.toc{break-after:avoid}"
	"details::details-content{content-visibility:visible;display:contents}details>summary{display:none}"
	".charts.tl>figure{flex:1 1 45%;max-width:50%}.tl-pair{display:flex;gap:.5em}.tl-pair>svg{flex:1 1 0;min-width:0}"
	".screen-only{display:none}"
	".toc{display:none}h2{margin-top:.8em}h3{margin:.6em 0 .1em}.knee,.chart-note{margin:.2em 0}"
	"pre.sweep-table{font-size:7pt}table.wide{font-size:6.5pt}table.wide td,table.wide th{white-space:normal;padding:0 .25em;font-size:inherit}}\n";

void html_page_begin(FILE *out, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
	      out);
	svg_escape(out, title);
	fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", style);
	svg_escape(out, title);
	fputs("</h1>\n", out);
}

void html_page_end(FILE *out)
{
	fprintf(out, "<p class=\"note\">Written by bonnie %s. Charts are inline SVG; each has a table or a "
	        "title with its numbers.</p>\n</body>\n</html>\n", BONNIE_VERSION);
}

static void tables_text(FILE *m, const void *arg)
{
	const struct html_report *rep = arg;

	if (rep->all_tables != NULL) {
		fputs(rep->all_tables, m);
		return;
	}
	for (size_t i = 0; i < rep->nruns; i++) {
		if (rep->nruns > 1)
			fprintf(m, "Run %zu of %zu\n", i + 1, rep->nruns);
		report_table(m, &rep->views[i]);
	}
}

static void csv_text(FILE *m, const void *arg)
{
	const struct html_report *rep = arg;

	if (rep->all_csv != NULL) {
		fputs(rep->all_csv, m);
		return;
	}
	for (size_t i = 0; i < rep->nruns; i++)
		report_csv(m, &rep->views[i]);
}

static void option_row(FILE *out, const char *name, const char *value)
{
	fputs("<tr><th class=\"l\">", out);
	svg_escape(out, name);
	fputs("</th><td class=\"l\">", out);
	svg_escape(out, value);
	fputs("</td></tr>\n", out);
}

/* The seeks and files are those that ran (tested.h), not the options;
 * a sweep's page keeps the last count's runs, and says so (at). */
static void io_option_rows(FILE *out, const struct run_setup *set, const struct tested_counts *ran, const char *at)
{
	char a[48], b[48], n[48], v[240];

	units_format_size(set->file_size, a, sizeof a);
	units_format_size(set->chunk, b, sizeof b);
	tested_range_text(&ran->seeks, n, sizeof n);
	if (n[0])
		snprintf(v, sizeof v, "%s data file, %s chunks, %s seeks%s by %u workers", a, b, n, at, set->seek_procs);
	else
		snprintf(v, sizeof v, "%s data file, %s chunks, seeks not run", a, b);
	option_row(out, "I/O tests (-s)", set->file_size ? v : "skipped");
	units_format_size(set->perchar_size, a, sizeof a);
	option_row(out, "per-char tests (-f)", set->perchar_size && set->file_size ? a : "skipped");
}

static void file_option_rows(FILE *out, const struct run_setup *set, const struct tested_counts *ran, const char *at)
{
	char n[48], v[240];

	tested_range_text(&ran->files, n, sizeof n);
	if (!n[0])
		snprintf(v, sizeof v, "not run");
	else if (set->file_max == FILES_HARD_LINKS || set->file_max == FILES_SYMLINKS)
		snprintf(v, sizeof v, "%s %s%s in %u director%s", n,
		         set->file_max == FILES_HARD_LINKS ? "hard links" : "symlinks", at,
		         set->file_dirs > 1 ? set->file_dirs : 1, set->file_dirs > 1 ? "ies" : "y");
	else
		snprintf(v, sizeof v, "%s files%s of %lld..%lld bytes in %u director%s", n, at, (long long)set->file_min,
		         (long long)set->file_max, set->file_dirs > 1 ? set->file_dirs : 1, set->file_dirs > 1 ? "ies" : "y");
	option_row(out, "file tests (-n)", set->files_k ? v : "skipped");
}

/* --clients: the counts of the sweep, "1, 2, 4". */
static void clients_row(FILE *out, const struct run_setup *set)
{
	char v[MAX_SWEEP_LEVELS * 12];
	size_t n = 0;

	v[0] = '\0';
	for (uint32_t l = 0; l < set->sweep_levels && n < sizeof v; l++)
		n += (size_t)snprintf(v + n, sizeof v - n, "%s%u", l ? ", " : "", set->sweep[l]);
	option_row(out, "client counts (--clients)", v);
}

static void options_table(FILE *out, const struct run_setup *set, const struct tested_counts *ran, const char *at)
{
	char v[64];

	fputs("<table class=\"options\">\n", out);
	option_row(out, "directory (-d)", set->dir);
	option_row(out, "machine (-m)", set->machine);
	io_option_rows(out, set, ran, at);
	file_option_rows(out, set, ran, at);
	snprintf(v, sizeof v, "%u", set->runs);
	option_row(out, "runs (-x)", v);
	if (set->sweep_levels)
		clients_row(out, set);
	snprintf(v, sizeof v, "%u", set->seed);
	option_row(out, "seed (-z)", v);
	option_row(out, "O_DIRECT (-D)", set->direct ? "yes" : "no");
	option_row(out, "fsync each operation (-b)", set->sync_each ? "yes" : "no");
	option_row(out, "drop page cache before reads", set->evict ? "yes" : "no (--no-evict)");
	option_row(out, "verify data (--verify)", set->verify ? "yes" : "no");
	fputs("</table>\n", out);
}

/* Whether a word needs quotes in a POSIX shell. */
static bool needs_quotes(const char *s)
{
	if (*s == '\0')
		return true;
	for (; *s; s++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,+-@%", *s))
			return true;
	return false;
}

static void shell_word(FILE *out, const char *s)
{
	if (!needs_quotes(s)) {
		svg_escape(out, s);
		return;
	}
	fputc('\'', out);
	for (; *s; s++) {
		if (*s == '\'')
			fputs("'\\''", out);
		else
			svg_escape(out, (char[]){*s, '\0'});
	}
	fputc('\'', out);
}

/* The command line as typed, plus the seed when it was drawn at random,
 * so the same data pattern and seek order come back. */
static void reproduce(FILE *out, const struct html_report *rep, bool merged)
{
	fputs("<h2 id=\"reproduce\">How to reproduce</h2>\n<pre class=\"reproduce\">", out);
	for (int i = 0; i < rep->argc; i++) {
		if (i)
			fputc(' ', out);
		shell_word(out, rep->argv[i]);
	}
	if (!merged && !rep->setup->seed_given) /* a merge's command line takes no seed */
		fprintf(out, " -z %u", rep->setup->seed);
	fputs("</pre>\n", out);
}

/* bonnie merge's part of the page (report_html_merged); NULL for a run. */
struct merged_part {
	const char *meta;
	void (*section)(FILE *, const void *);
	const void *arg;
};

/* Title and one line of what, where and when; the summary follows. */
static void heading(FILE *out, const struct html_report *rep, const struct merged_part *mp)
{
	char title[256];

	if (mp) {
		snprintf(title, sizeof title, "bonnie report: %s", rep->setup->machine);
		html_page_begin(out, title);
		fputs("<p class=\"meta\">", out);
		svg_escape(out, mp->meta);
		fputs("</p>\n", out);
		return;
	}
	snprintf(title, sizeof title, "bonnie report: %s on %s", rep->setup->machine, rep->env->fs_type);
	html_page_begin(out, title);
	fputs("<p class=\"meta\">", out);
	if (rep->date) {
		fputs("Run on <time>", out);
		svg_escape(out, rep->date);
		fputs("</time>, ", out);
	}
	/* where it ran, as a path a reader elsewhere can place (-d's default "." names none) */
	svg_escape(out, rep->env->dir_path[0] ? rep->env->dir_path : rep->setup->dir);
	fprintf(out, " (%s), %zu run%s", rep->env->fs_type, rep->nruns, rep->nruns == 1 ? "" : "s");
	if (rep->sweep && rep->sweep->levels > 0)
		fprintf(out, " at each of %u client counts", rep->sweep->levels);
	fputs(".</p>\n", out);
	html_tested_on(out, rep);
}

static void environment(FILE *out, const struct html_report *rep)
{
	struct tested_counts ran = tested_counts_of(rep->runs, rep->nruns);
	char at[48] = "";

	if (rep->sweep && rep->sweep->levels > 0) /* each count's own are in its table */
		snprintf(at, sizeof at, " (at %u client%s)", rep->sweep->clients[rep->sweep->levels - 1],
		         rep->sweep->clients[rep->sweep->levels - 1] == 1 ? "" : "s");
	fputs("<h2 id=\"environment\">What was tested</h2>\n<div class=\"tested\"><div>\n", out);
	html_pre_of(out, "environment", html_env_text, rep);
	fputs("</div><div>\n", out);
	options_table(out, rep->setup, &ran, at);
	fputs("</div></div>\n", out);
}

static void body(FILE *out, const struct html_report *rep, const struct merged_part *mp)
{
	heading(out, rep, mp);
	if (rep->sweep && rep->sweep->levels > 0)
		html_sweep_summary(out, rep->sweep);
	else
		html_run_summary(out, rep);
	html_toc(out, rep);
	if (rep->sweep && rep->sweep->levels > 0) {
		html_sweep(out, rep->sweep);
		/* one count's run, on screen and printed: a section whose heading
		 * is on screen is on paper too */
		if (rep->nruns > 0)
			fprintf(out, "<p class=\"note\">Rates and latency below show the last client count's run%s "
			        "(%u clients); the table and CSV sections list every count's.</p>\n",
			        rep->nruns > 1 ? "s" : "", rep->runs[0].clients);
	}
	html_rates(out, rep);
	if (rep->nruns > 1)
		html_repeats(out, rep);
	html_latency(out, rep);
	html_timelines(out, rep);
	if (mp)
		mp->section(out, mp->arg);
	else
		environment(out, rep);
	/* the summary carries the table's figures: the whole table, as the
	 * terminal shows it, is one click away on screen and printed in full
	 * (a sweep's too: a heading is never printed without its section) */
	fputs("<h2 id=\"table\">The table</h2>\n<details><summary>as bonnie prints it, with the latency "
	      "rows and the notes</summary>\n", out);
	html_pre_of(out, "table", tables_text, rep);
	fputs("</details>\n", out);
	html_device_note(out, rep);
	fputs("<h2 id=\"csv\">CSV (bonnie++ 1.98 format)</h2>\n", out);
	html_pre_of(out, "csv", csv_text, rep);
	reproduce(out, rep, mp != NULL);
	html_page_end(out);
}

/* The page reads the views its owner built, one a run (the output
 * table's, outputs_run; bonnie merge's, merge_views_of): it builds none. */
static int page(FILE *out, const struct html_report *given, const struct merged_part *mp)
{
	struct html_report rep = *given;
	struct page_model *pm;
	struct c_locale loc;

	if (rep.views == NULL && rep.nruns > 0)
		return -1;
	pm = page_model_new(rep.runs, rep.views, rep.nruns, rep.timelines);
	if (pm == NULL)
		return -1;
	rep.page = pm;
	c_locale_enter(&loc);
	body(out, &rep, mp);
	c_locale_leave(&loc);
	free(pm);
	return ferror(out) ? -1 : 0;
}

int report_html(FILE *out, const struct html_report *rep)
{
	return page(out, rep, NULL);
}

int report_html_merged(FILE *out, const struct html_report *rep, const char *meta,
                       void (*section)(FILE *, const void *), const void *arg)
{
	struct merged_part mp = {meta, section, arg};

	return page(out, rep, &mp);
}
