/* A small SVG writer for the HTML report: escaping, axes with ticks and
 * unit-carrying labels (linear or log), and the three generic charts the
 * report is built from. Pure formatting into a FILE *; callers hold the C
 * locale (c_locale_enter) so coordinates print with a decimal point. */
#ifndef BONNIE_SVG_H
#define BONNIE_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../model/confidence.h"

#define SVG_MAX_TICKS 24
#define SVG_PALETTE 8

/* Okabe-Ito colours (colour-blind safe), most distinct first. */
extern const char *const svg_palette[SVG_PALETTE];

/* Writes s with &, <, >, " and ' escaped, for text and attribute values. */
void svg_escape(FILE *out, const char *s);

/* Formats a tick value (in data units) into buf, with its unit. */
typedef void (*svg_tick_fmt)(double v, char *buf, size_t len);

struct svg_axis {
	double lo, hi;     /* data range to show; widened to whole ticks */
	bool log;          /* log10 scale; lo must be > 0 */
	const char *label; /* e.g. "rate (MiB/s)": carries the unit */
	double scale;      /* tick labels show v / scale (0: 1) */
	svg_tick_fmt fmt;  /* overrides the "%g" of v / scale; may be NULL */
	const double *at;  /* x axis only: a tick at each of these n_at values (in */
	size_t n_at;       /* order; e.g. the tested client counts), the axis
	                    * spanning exactly at[0]..at[n_at-1]; labels where
	                    * they fit. NULL: nice ticks */
};

/* Widens the axis to nice tick values and fills ticks (at most max) in
 * data units. Returns the number of ticks. */
int svg_axis_ticks(struct svg_axis *a, double *ticks, int max);

/* Position of v on an axis drawn from p0 (at lo) to p1 (at hi). Values
 * outside the range are clamped; a log axis maps v <= 0 to p0. */
double svg_axis_pos(const struct svg_axis *a, double v, double p0, double p1);

/* The plot area of a chart, in SVG user units, and its two axes. */
struct svg_frame {
	double x, y, w, h;
	struct svg_axis xa, ya;
};

double svg_frame_x(const struct svg_frame *f, double v);
double svg_frame_y(const struct svg_frame *f, double v);

/* Opens an <svg> of w x h with role="img", <title> and <desc>; id names it. */
void svg_begin(FILE *out, const char *id, int w, int h, const char *title, const char *desc);
void svg_end(FILE *out);

/* <text> at (x, y); anchor "start", "middle" or "end"; cls may be NULL. */
void svg_text(FILE *out, double x, double y, const char *anchor, const char *cls, const char *text);

/* Grid, axis lines, tick marks with labels and the axis labels; the x
 * axis only when it has a label (bar charts name their categories
 * themselves). The axes are widened to nice ticks first, so call this
 * before mapping values. */
void svg_axes(FILE *out, struct svg_frame *f);

/* Patterns with a transparent ground (id "<prefix>-lowconf": stripes,
 * "<prefix>-cached": dots), laid over a bar's colour to mark low-confidence
 * and page-cache bars also in grey print; put in the chart's <defs>. */
void svg_mark_patterns(FILE *out, const char *prefix);

/* ---- charts: entry points taking plain arrays ---- */

/* One line: n points (x[i], y[i]). */
struct chart_series {
	const char *name;
	size_t n;
	const double *x;
	const double *y;
	/* n marks drawn above their points (e.g. "~", "!"), "" for none;
	 * NULL when no point has one */
	const char *const *marks;
};

/* A vertical marker at x (e.g. the knee of a sweep), named in words. */
struct chart_marker {
	double x;
	const char *label;
};

struct line_chart {
	const char *id, *title, *desc;
	struct svg_axis x, y;
	const struct chart_series *series;
	size_t nseries;
	const struct chart_marker *markers;
	size_t nmarkers;
};

/* Several series on shared axes, each with its own colour, dash and point
 * shape (so it also reads in grey print), a legend, the markers, and each
 * point's exact values in data-x / data-y attributes of its series group. */
void chart_line(FILE *out, const struct line_chart *c);

/* A bar's marks are the confidence reasons of its figure (enum
 * conf_reason, confidence.h); the chart draws CONF_SHORT (striped),
 * CONF_CACHED and CONF_NOT_EVICTED (dotted) and names the first of them
 * in the reasons' order, as the table's one mark does. Besides them: */
#define CHART_TOO_FAST (1u << CONF_REASONS) /* bonnie++'s +++++: no rate, an empty slot */

/* One bar: value (what its height shows), an optional spread [lo, hi]
 * (whisker, e.g. min..max of repeats; lo > hi: none), optional single
 * values (dots, e.g. each run), %CPU (< 0: none) and marks. */
struct chart_bar {
	const char *category; /* bars with the same category stand together */
	const char *key;      /* machine name for data-key, e.g. "put_block" */
	int series;           /* colour / legend index */
	double value;
	double lo, hi;
	const double *points;
	size_t npoints;
	int cpu_pct;
	unsigned marks;       /* enum conf_reason bits, and CHART_TOO_FAST */
	const char *value_text; /* label above the bar, e.g. "298m" */
};

struct bar_chart {
	const char *id, *title, *desc;
	struct svg_axis y;
	const struct chart_bar *bars;
	size_t nbars;
	const char *const *series_names; /* legend; NULL or nseries names */
	size_t nseries;
};

/* Grouped vertical bars with value labels, %CPU under each bar, hatching
 * and a word for marked bars, whiskers and dots for spreads. Each bar's
 * exact figures are in data-* attributes and its <title>. */
void chart_bars(FILE *out, const struct bar_chart *c);

/* A latency percentile curve: n points (pct[i] in 0..100, ns[i]) with its
 * median, p99 (< 0: too few samples) and maximum labelled. */
struct pct_curve {
	const char *name;
	size_t n;
	const double *pct;
	const double *ns;
	double median, p99, max;
};

struct pct_chart {
	const char *id, *title, *desc;
	const struct pct_curve *curves;
	size_t ncurves;
};

/* Latency (log axis, ns shown as us/ms/s) against percentile on a "nines"
 * axis (p0, p90, p99, p99.9, p99.99); curves overlaid. */
void chart_percentiles(FILE *out, const struct pct_chart *c);

#endif
