/* The run page's model: what its sections say beyond each run's view,
 * worked out once from the runs and their views by the page's owner
 * (html.c) and read by every section, so that the summary, the charts
 * and the captions cannot disagree:
 *   - each phase's figures over the runs: the -x summary's (repeat.h),
 *     as the text and the JSON state them (median rate, its range and
 *     spread, the median p99, CV, median %CPU, the marks);
 *   - the latency table's row of each phase: the operations of every
 *     done run together (its histograms merged);
 *   - the latency curves: one per done run, or past PAGE_CURVES_MAX runs
 *     one of every done run's operations together;
 *   - each phase's timeline as drawn (view_of_timeline), of the
 *     timelines given.
 * Over -x runs the page so states two latency figures, each labelled as
 * what it is: the summary's p99 is the median of the runs' p99s (as the
 * text's and the JSON's summary: the run-to-run spread stays visible),
 * the latency table and a pooled curve are of all operations together
 * (a histogram of every operation: the tail of the whole sample). */
#ifndef BONNIE_PAGE_MODEL_H
#define BONNIE_PAGE_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "view.h"

/* More runs than this: one curve of them all instead of one each. */
#define PAGE_CURVES_MAX 8
/* A curve's run when it is of every run's operations together. */
#define PAGE_ALL_RUNS ((size_t)-1)

/* A phase over the runs (the -x summary's figures): the median rate and
 * its range in the phase's unit, the coefficient of variation (< 0: one
 * run), the median p99 (< 0: too few operations), the spread ((max -
 * min) / median, percent), the median %CPU, a queue-depth row's IOPS at
 * the median rate, and the confidence reasons with their mark. */
struct page_facts {
	bool done;
	double rate, lo, hi, cv_pct, p99;
	double spread_pct;
	int cpu;
	double iops;
	unsigned reasons; /* enum conf_reason */
	char mark;        /* the table's cell mark, ' ' when none */
};

struct page_latency {
	struct view_latency all;   /* every done run's operations together: the table's
	                              row (all.count 0: no row) */
	size_t ncurves;
	size_t curve_run[PAGE_CURVES_MAX];          /* each curve's run (0-based), or PAGE_ALL_RUNS */
	struct view_latency curve[PAGE_CURVES_MAX];
};

struct page_model {
	struct page_facts facts[PHASE_COUNT];
	struct page_latency latencies[PHASE_COUNT];
	struct view_timeline timeline[PHASE_COUNT]; /* of the timelines given (n 0: none) */
};

/* The page's model of runs[0..n) and their views (views[i] of runs[i]),
 * with tls the timelines drawn (NULL: none). NULL when out of memory;
 * free() it. */
struct page_model *page_model_new(const struct run_result *runs, const struct run_view *views, size_t n,
                                  const struct run_timelines *tls);

#endif
