/* The HTML report (--html FILE): one self-contained page with inline SVG
 * charts, no scripts, styles or fonts from elsewhere, readable with
 * JavaScript off. Pure formatting into a FILE *. */
#ifndef BONNIE_HTML_H
#define BONNIE_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../lib/config.h"
#include "../lib/env.h"
#include "../phases/results.h"

/* What one invocation measured: its options and command line, the
 * environment, the alignment probe (may be NULL) and every run (-x). */
struct html_report {
	const struct config *cfg;
	int argc;
	char **argv;
	const struct env_info *env;
	const struct align_result *align;
	const struct run_result *runs;
	size_t nruns;
	const struct sweep *sweep; /* --clients: the levels (NULL: no sweep); runs
	                            * are then the last level's */
	double knee_factor;        /* --knee-factor, for the sweep's sentences */
	const char *all_tables;    /* --clients: every count's tables and CSV */
	const char *all_csv;       /* lines (NULL: those of runs) */
	const struct run_timelines *timelines; /* the last run's (NULL: none) */
};

/* Writes the whole page. Returns 0, or -1 if out has an error. */
int report_html(FILE *out, const struct html_report *rep);

/* The page frame (doctype, inline style, heading) and its end; other
 * reports (compare, sweep) put their sections between the two. */
void html_page_begin(FILE *out, const char *title);
void html_page_end(FILE *out);

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
void html_sweep(FILE *out, const struct sweep *sw, double knee_factor);

/* A phase's rate axis: scale (divide rates by it), axis label and unit
 * words, chosen from the largest rate max. */
void html_rate_unit(enum phase_id id, double max, double *scale, const char **label, const char **unit);

/* The rate charts' sections, the same on the run and the compare page:
 * each draws the phases of the groups first..last; id ends the chart's
 * id ("rates-seq" on the run page, "cmp-seq" on the compare page). */
struct html_section {
	const char *id, *title;
	enum phase_group first, last;
};

#define HTML_SECTIONS 3
extern const struct html_section html_sections[HTML_SECTIONS];

/* Whether phase id is drawn in section s; the first such phase. */
bool html_in_section(const struct html_section *s, enum phase_id id);
enum phase_id html_section_first(const struct html_section *s);

/* The old name of phase_words(), kept only until report/html_compare.c
 * (being edited elsewhere) calls phase_words() itself. */
static inline const char *html_phase_label(enum phase_id id)
{
	return phase_words(id);
}

#endif
