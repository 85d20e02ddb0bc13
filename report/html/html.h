/* The HTML report (--html FILE): one self-contained page with inline SVG
 * charts, no scripts, styles or fonts from elsewhere, readable with
 * JavaScript off. Pure formatting into a FILE *. */
#ifndef BONNIE_HTML_H
#define BONNIE_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../../env/env.h"
#include "../../phases/interface/results.h"
#include "../model/confidence.h"

struct run_view;  /* view.h */
struct run_setup; /* view.h */
struct page_model; /* page_model.h */

/* What one invocation measured: its options and command line, the
 * environment, the alignment probe (may be NULL) and every run (-x). */
struct html_report {
	const struct run_setup *setup; /* the runs' setup, all the page states of the options
	                                  (view_setup_of a run's config; merge_setup_of) */
	int argc;
	char **argv;
	const struct env_info *env;
	const struct align_result *align;
	const struct run_result *runs;
	size_t nruns;
	const struct sweep *sweep; /* --clients: the levels (NULL: no sweep); runs
	                            * are then the last level's */
	const char *all_tables;    /* --clients: every count's tables and CSV */
	const char *all_csv;       /* lines (NULL: those of runs) */
	const char *date;          /* when the run started ("2026-12-01 17:20 UTC"); may be NULL */
	const struct page_model *page;  /* set by report_html: each phase's figures over the
	                                   runs, latencies and timelines (page_model.h) */
	const struct run_timelines *timelines; /* the last run's (NULL: none) */
	const struct run_view *views;   /* views[i] of runs[i], built once by the page's owner
	                                   (the output table's, outputs_run; merge_views_of) and
	                                   read by every section and the page's model */
};

/* Each reason bit's mark and legend text, "; "-separated, escaped. */
void html_marks_legend(FILE *out, unsigned reasons);
void html_marks_short(FILE *out, unsigned reasons); /* a few words each, ", "-separated */
const char *html_mark_words(int i); /* reason bit i in a few words: "under 0.5 s" */

/* The first section of a run's page (html_summary.c): per group each
 * phase's rate, p99 and marks, and a cell for its timeline verdict; then
 * the table of contents. */
void html_run_summary(FILE *out, const struct html_report *rep);
void html_toc(FILE *out, const struct html_report *rep);

/* A rate with its unit as every table cell writes it (rate_text, with the
 * count's unit spelled): "377.2 MiB/s", "28427 seeks/s". */
void html_rate_text(enum phase_id id, double rate, char *buf, size_t len);
/* A latency as units_format_latency_human writes it, held together as
 * html_rate_text holds a rate; html_keep_together: buf's spaces so. */
void html_latency_text(double ns, char *buf, size_t len);
void html_keep_together(char *buf, size_t len);
/* text escaped as svg_escape does, a space between a number and its unit
 * ("0.5 s", "139 us", "20 %") written as a no-break space. */
void html_escape_figures(FILE *out, const char *text);

/* A rate in a chart's unit (v / scale), without the unit; seeks and files
 * per second unscaled are rounded as the CSV rounds them. */
void html_value_text(enum phase_id id, double v, double scale, char *buf, size_t len);

/* Writes the whole page. Returns 0, or -1 if out has an error. */
int report_html(FILE *out, const struct html_report *rep);

/* bonnie merge's page: report_html's page of the merged run, with meta as
 * its first line and section(out, arg) (the merge's facts, id "merged")
 * after the rates and latency in place of "What was tested": no one
 * machine ran it, so rep->env is NULL. Returns 0, or -1 as report_html. */
int report_html_merged(FILE *out, const struct html_report *rep, const char *meta,
                       void (*section)(FILE *, const void *), const void *arg);

/* The page frame (doctype, inline style, heading) and its end; other
 * reports (compare, sweep) put their sections between the two. */
void html_page_begin(FILE *out, const char *title);
void html_page_end(FILE *out);

/* What report_env and the alignment probe's line say (fn for html_pre_of,
 * arg a struct html_report), and the device's lines of it as flowing text
 * for the top of the page, warnings marked (html_env.c). */
void html_env_text(FILE *m, const void *arg);
void html_tested_on(FILE *out, const struct html_report *rep);

/* Why each "From device" far from what the storage makes of a phase's
 * bytes is so, one line per reason with the phases it holds for
 * (html_device.c); nothing when none is. */
void html_device_note(FILE *out, const struct html_report *rep);

/* Sections of a run's page. */
void html_rates(FILE *out, const struct html_report *rep);
void html_repeats(FILE *out, const struct html_report *rep);
void html_latency(FILE *out, const struct html_report *rep);
/* Each phase's rate and p99 over time, the verdict marked (html_timeline.c). */
void html_timelines(FILE *out, const struct html_report *rep);

struct line_chart;
struct sweep;

/* A line chart's text equivalent: a tab-separated <pre>, one line per x
 * value of the first series, one column per series (x_label and each
 * series name as heads). */
void html_series_table(FILE *out, const struct line_chart *c, const char *x_label);

/* What fn(m, arg) prints into a memory stream m, escaped into
 * <pre class=cls>; an empty <pre> when memory runs out. */
void html_pre_of(FILE *out, const char *cls, void (*fn)(FILE *, const void *), const void *arg);

/* The sweep section: per phase, throughput and p99 latency against the
 * client count with the knee marked and named, then the sweep table. */
void html_sweep(FILE *out, const struct sweep *sw);

/* The sweep page's #summary: per phase its best count, the rate there and
 * the count where p99 passed the limit, and the answer in one sentence. */
void html_sweep_summary(FILE *out, const struct sweep *sw);

/* A phase's rate axis: scale (divide rates by it), axis label and unit
 * words, chosen from the largest rate max. */
void html_rate_unit(enum phase_id id, double max, double *scale, const char **label, const char **unit);

/* The rate charts' sections, the same on the run and the compare page:
 * each draws the phases in its set; id ends the chart's
 * id ("rates-block" on the run page, "cmp-block" on the compare page). */
struct html_section {
	const char *id, *title;
	enum phase_chart chart; /* draws the phases whose chart (phase_list.h) this is */
};

#define HTML_SECTIONS CHART_COUNT
extern const struct html_section html_sections[HTML_SECTIONS];

/* Whether phase id is drawn in section s; the first such phase. */
bool html_in_section(const struct html_section *s, enum phase_id id);
enum phase_id html_section_first(const struct html_section *s);

#endif
