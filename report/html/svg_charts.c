/* The report's line and bar charts, taking plain arrays so that runs,
 * repeats, sweeps and comparisons can all be drawn with them; the
 * percentile curves are in svg_pct.c. Every mark carries its exact numbers. */
#include "svg.h"
#include "svg_internal.h"
#include "../../lib/units.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#define CHART_W 460
#define CHART_H 300
#define PLOT_W (CHART_W - PLOT_X - 24.0)
#define PLOT_H (CHART_H - PLOT_Y - 80.0) /* under a bar: name on two lines, %CPU, mark */
#define LINE_PLOT_H 150.0                 /* a line chart's plot: flatter, two fit a printed row */
#define LINE_H (PLOT_Y + LINE_PLOT_H + 50.0) /* with its tick labels and axis title */
#define POINT_MARKERS_MAX 60 /* longer series get a line only */

/* Point shapes, beside the legend's dashes, tell series apart without colour. */
static void point_shape(FILE *out, int series, double x, double y)
{
	switch ((unsigned)series % 3) {
	case 0:
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\"/>", x, y);
		break;
	case 1:
		fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\"/>", x - 3.5, y - 3.5);
		break;
	default:
		fprintf(out, "<path d=\"M%.1f %.1fl4 7h-8z\"/>", x, y - 4.5);
	}
}

/* A point's mark above it (below it at the top of the plot, where the
 * title is), the point's x in data-x for a reader of the page. */
static void point_mark(FILE *out, const struct svg_frame *f, double x, double y, const char *mark)
{
	double px = svg_frame_x(f, x), py = svg_frame_y(f, y);

	if (mark == NULL || mark[0] == '\0')
		return;
	py = py - 7 < f->y + 8 ? py + 17 : py - 7;
	fprintf(out, "<text class=\"point-mark\" data-x=\"%.10g\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", x, px, py);
	svg_escape(out, mark);
	fputs("</text>", out);
}

void svg_number_list(FILE *out, const char *attr, const double *v, size_t n)
{
	fprintf(out, " %s=\"", attr);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%.10g", i ? " " : "", v[i]);
	fputc('"', out);
}

void svg_series_open(FILE *out, const char *cls, const char *name, const char *xattr, const double *x,
                     const char *yattr, const double *y, size_t n, int idx)
{
	fprintf(out, "<g class=\"%s\" data-series=\"", cls);
	svg_escape(out, name ? name : "");
	fputc('"', out);
	svg_number_list(out, xattr, x, n);
	svg_number_list(out, yattr, y, n);
	fprintf(out, " fill=\"%s\">\n<path fill=\"none\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"%s\" d=\"",
	        svg_colour(idx), svg_colour(idx), svg_dashes[(unsigned)idx % 4]);
}

static void series_path(FILE *out, const struct svg_frame *f, const struct chart_series *s, int idx)
{
	svg_series_open(out, "series", s->name, "data-x", s->x, "data-y", s->y, s->n, idx);
	for (size_t i = 0; i < s->n; i++)
		fprintf(out, "%c%.1f %.1f", i ? 'L' : 'M', svg_frame_x(f, s->x[i]), svg_frame_y(f, s->y[i]));
	fputs("\"/>\n", out);
	for (size_t i = 0; s->n <= POINT_MARKERS_MAX && i < s->n; i++)
		point_shape(out, idx, svg_frame_x(f, s->x[i]), svg_frame_y(f, s->y[i]));
	for (size_t i = 0; s->marks != NULL && i < s->n; i++)
		point_mark(out, f, s->x[i], s->y[i], s->marks[i]);
	fputs("\n</g>\n", out);
}

static void marker(FILE *out, const struct svg_frame *f, const struct chart_marker *m)
{
	double x = svg_frame_x(f, m->x);

	fprintf(out, "<g class=\"marker\" data-x=\"%.10g\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", m->x,
	        x, f->y, x, f->y + f->h);
	/* above the plot, clear of the points' marks; in the right third the
	 * label goes left of the line, so it stays inside the chart */
	if (x > f->x + f->w * 2 / 3)
		svg_text(out, x - 4, f->y - 6, "end", "marker-text", m->label ? m->label : "");
	else
		svg_text(out, x + 4, f->y - 6, "start", "marker-text", m->label ? m->label : "");
	fputs("</g>\n", out);
}

/* Data range of all series on one axis (x or y). */
static void series_range(const struct line_chart *c, bool y, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t s = 0; s < c->nseries; s++) {
		const double *v = y ? c->series[s].y : c->series[s].x;
		for (size_t i = 0; i < c->series[s].n; i++) {
			bool usable = !(y ? c->y.log : c->x.log) || v[i] > 0;
			if (usable && v[i] < *lo)
				*lo = v[i];
			if (usable && v[i] > *hi)
				*hi = v[i];
		}
	}
	if (!isfinite(*lo) || !isfinite(*hi))
		*lo = 0, *hi = 1;
}

/* A linear value axis starts at zero, so heights compare honestly. */
static void fit_axis(struct svg_axis *a, double lo, double hi, bool from_zero)
{
	a->lo = from_zero && !a->log && lo > 0 ? 0 : lo;
	a->hi = hi;
}

void chart_line(FILE *out, const struct line_chart *c)
{
	struct svg_frame f = {PLOT_X, PLOT_Y, PLOT_W, LINE_PLOT_H, c->x, c->y};
	const char *names[SVG_PALETTE * 4];
	double lo, hi;
	size_t nn = c->nseries < sizeof names / sizeof names[0] ? c->nseries : sizeof names / sizeof names[0];

	series_range(c, false, &lo, &hi);
	fit_axis(&f.xa, lo, hi, false);
	series_range(c, true, &lo, &hi);
	fit_axis(&f.ya, lo, hi, true);
	svg_begin(out, c->id, CHART_W, (int)LINE_H, c->title, c->desc);
	svg_axes(out, &f);
	for (size_t s = 0; s < c->nseries; s++)
		series_path(out, &f, &c->series[s], (int)s);
	for (size_t m = 0; m < c->nmarkers; m++)
		marker(out, &f, &c->markers[m]);
	for (size_t i = 0; i < nn; i++)
		names[i] = c->series[i].name;
	svg_legend(out, names, nn, true, CHART_W);
	svg_end(out);
}

/* ---- bars ---- */

/* The highest figure of a bar: its value, whisker or dots (the value
 * label goes above it). */
static double bar_top(const struct chart_bar *b)
{
	double top = b->lo <= b->hi && b->hi > b->value ? b->hi : b->value;

	for (size_t k = 0; k < b->npoints; k++)
		top = b->points[k] > top ? b->points[k] : top;
	return top;
}

static void bar_range(const struct bar_chart *c, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = 0;
	for (size_t i = 0; i < c->nbars; i++) {
		const struct chart_bar *b = &c->bars[i];
		double top = bar_top(b);
		*hi = top > *hi ? top : *hi;
		if (b->value > 0 && b->value < *lo)
			*lo = b->value;
	}
	if (!isfinite(*lo))
		*lo = 1;
	if (!(*hi > 0))
		*hi = 1;
}

static size_t category_count(const struct bar_chart *c)
{
	size_t n = 0;

	for (size_t i = 0; i < c->nbars; i++)
		if (i == 0 || strcmp(c->bars[i].category, c->bars[i - 1].category) != 0)
			n++;
	return n;
}

/* The unit the axis label names in parentheses ("rate (MiB/s)"), for a
 * bar's title: its number alone ("block write: 320") named no unit. */
static void axis_unit(const struct svg_axis *y, char *buf, size_t len)
{
	const char *open = y->label ? strrchr(y->label, '(') : NULL, *close = open ? strchr(open, ')') : NULL;

	buf[0] = '\0';
	if (close != NULL && close > open + 1)
		snprintf(buf, len, "%.*s", (int)(close - open - 1), open + 1);
}

/* A bar's title: "block read: 2048 MiB/s (marked ~), 40% CPU, ~ under
 * 0.5 s": the value with the axis's unit, its marks apart from the unit. */
static void bar_title(FILE *out, const struct bar_chart *c, const struct chart_bar *b)
{
	const char *value = b->value_text ? b->value_text : "";
	size_t digits = strspn(value, "0123456789.,");
	char unit[48], word[64];

	axis_unit(&c->y, unit, sizeof unit);
	fputs("<title>", out);
	svg_escape(out, b->category);
	fputs(": ", out);
	fprintf(out, "%.*s", (int)digits, value);
	if (unit[0] && digits)
		fprintf(out, " %s", unit);
	if (value[digits]) {
		fputs(digits ? " (marked " : "", out);
		svg_escape(out, value + digits);
		fputs(digits ? ")" : "", out);
	}
	if (b->cpu_pct >= 0)
		fprintf(out, ", %d%% CPU", b->cpu_pct);
	if (b->marks & CHART_TOO_FAST)
		fputs(", too fast for bonnie++ to measure", out);
	else if (svg_mark_word(b->marks, word, sizeof word))
		fprintf(out, ", %s", word);
	fputs("</title>\n", out);
}

static void bar_attrs(FILE *out, const struct bar_chart *c, const struct chart_bar *b)
{
	fputs("<g class=\"bar\" data-key=\"", out);
	svg_escape(out, b->key ? b->key : "");
	fprintf(out, "\" data-series=\"%d\" data-value=\"%.10g\"", b->series, b->value);
	if (b->cpu_pct >= 0)
		fprintf(out, " data-cpu=\"%d\"", b->cpu_pct);
	if (b->lo <= b->hi)
		fprintf(out, " data-lo=\"%.10g\" data-hi=\"%.10g\"", b->lo, b->hi);
	if (b->npoints)
		svg_number_list(out, "data-points", b->points, b->npoints);
	fputs(" data-marks=\"", out);
	svg_mark_tokens(out, b->marks);
	fputs("\">", out);
	bar_title(out, c, b);
}

static void bar_spread(FILE *out, const struct svg_frame *f, const struct chart_bar *b, double cx, double bw)
{
	if (b->lo <= b->hi) {
		double y0 = svg_frame_y(f, b->lo), y1 = svg_frame_y(f, b->hi);
		fprintf(out, "<path class=\"whisker\" d=\"M%.1f %.1fV%.1fM%.1f %.1fh%.1fM%.1f %.1fh%.1f\"/>", cx, y0, y1,
		        cx - bw / 4, y0, bw / 2, cx - bw / 4, y1, bw / 2);
	}
	for (size_t k = 0; k < b->npoints; k++) {
		double dx = b->npoints > 1 ? (double)k / (double)(b->npoints - 1) - 0.5 : 0;
		fprintf(out, "<circle class=\"run-dot\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\"/>", cx + dx * bw * 0.6,
		        svg_frame_y(f, b->points[k]));
	}
}

/* The words under a bar (%CPU, a mark's word) are drawn only where each
 * bar's fits its slot; otherwise they are left to the bar's title and a
 * footnote. A value label wider than its bar stands upright. */
#define WORDS_CPU 1u
#define WORDS_MARK 2u
#define WORDS_VALUE 4u
#define VALUE_MIN_SLOT 16.0 /* an upright value label's line, with room */

static double word_width(const char *s)
{
	return WORD_CHAR_W * (double)strlen(s);
}

static unsigned words_that_fit(const struct bar_chart *c, double slot)
{
	unsigned fit = WORDS_CPU | WORDS_MARK | (slot >= VALUE_MIN_SLOT ? WORDS_VALUE : 0);
	char cpu[32], word[64];

	for (size_t i = 0; i < c->nbars; i++) {
		snprintf(cpu, sizeof cpu, "%d%% CPU", c->bars[i].cpu_pct);
		if (c->bars[i].cpu_pct >= 0 && word_width(cpu) > slot - 6)
			fit &= ~WORDS_CPU;
		if (svg_mark_word(c->bars[i].marks, word, sizeof word) && word_width(word) > slot - 6)
			fit &= ~WORDS_MARK;
	}
	return fit;
}

/* Above the bar; upright, reading upwards, when wider than the bar. */
static void value_label(FILE *out, const char *value, double x, double bw, double vy)
{
	if (7.0 * (double)strlen(value) > bw + 4) {
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"start\" class=\"bar-value\" "
		        "transform=\"rotate(-90 %.1f %.1f)\">", x + bw / 2 + 4, vy, x + bw / 2 + 4, vy);
		svg_escape(out, value);
		fputs("</text>\n", out);
	} else {
		svg_text(out, x + bw / 2, vy, "middle", "bar-value", value);
	}
}

static void one_bar(FILE *out, const struct bar_chart *c, const struct svg_frame *f, const struct chart_bar *b,
                    double x, double bw, unsigned words, double shift)
{
	double base = f->y + f->h, top = svg_frame_y(f, b->value), vy = svg_frame_y(f, bar_top(b)) - 6;
	const char *value = b->value_text ? b->value_text : "";
	char cpu[32], word[64];

	bar_attrs(out, c, b);
	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>", x, top, bw, base - top,
	        svg_colour(b->series));
	if (b->marks & BAR_DRAWN) {
		fprintf(out, "<rect class=\"hatch\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"url(#", x,
		        top, bw, base - top);
		svg_escape(out, c->id);
		fprintf(out, "-%s)\"/>", b->marks & CONF_SHORT ? "lowconf" : "cached");
	}
	bar_spread(out, f, b, x + bw / 2, bw);
	if (words & WORDS_VALUE) /* with too many bars the value is the bar's title and in the page's table */
		value_label(out, value, x, bw, vy);
	if (b->cpu_pct >= 0 && (words & WORDS_CPU)) {
		snprintf(cpu, sizeof cpu, "%d%% CPU", b->cpu_pct);
		svg_text(out, x + bw / 2, base + 44 + shift, "middle", "bar-cpu", cpu);
	}
	if (svg_mark_word(b->marks, word, sizeof word) && (words & WORDS_MARK))
		svg_text(out, x + bw / 2, base + (words & WORDS_CPU ? 58 : 44) + shift, "middle", "bar-mark", word);
	fputs("</g>\n", out);
}

/* The axis top raised until each bar's value label (an upright one is as
 * tall as it is long) stays inside the plot, clear of a legend above it. */
static void value_headroom(const struct bar_chart *c, struct svg_frame *f, double bw, unsigned words)
{
	double lo = f->ya.log ? pow(10.0, floor(log10(f->ya.lo))) : f->ya.lo;

	for (size_t i = 0; (words & WORDS_VALUE) && i < c->nbars; i++) {
		const char *v = c->bars[i].value_text ? c->bars[i].value_text : "";
		double len = 7.0 * (double)strlen(v), top = bar_top(&c->bars[i]);
		double keep = 1.0 - ((len > bw + 4 ? len : 14.0) + 8.0) / f->h, hi;
		if (!(top > lo))
			continue;
		keep = keep < 0.3 ? 0.3 : keep;
		hi = f->ya.log ? pow(10.0, log10(lo) + (log10(top) - log10(lo)) / keep) : lo + (top - lo) / keep;
		f->ya.hi = hi > f->ya.hi ? hi : f->ya.hi;
	}
	f->ya.lo = lo;
}

/* Where the mark words did not fit: what the hatching and +++++ mean, once
 * under the plot, one line per mark when they do not fit on one. */
static void marks_footnote(FILE *out, const struct bar_chart *c, const struct svg_frame *f, double y)
{
	const unsigned bits[] = {CONF_SHORT, CONF_CACHED, CONF_NOT_EVICTED, CHART_TOO_FAST};
	unsigned all = 0;
	char line[160] = "", note[80];

	for (size_t i = 0; i < c->nbars; i++)
		all |= c->bars[i].marks;
	for (size_t k = 0; k < sizeof bits / sizeof bits[0]; k++) {
		if (!(all & bits[k]))
			continue;
		svg_mark_note(bits[k], note, sizeof note);
		if (line[0] && f->x + word_width(line) + word_width(note) + 13 > CHART_W) {
			svg_text(out, f->x, y, "start", "bar-mark", line);
			y += 14;
			line[0] = '\0';
		}
		snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s", line[0] ? "  " : "", note);
	}
	if (line[0])
		svg_text(out, f->x, y, "start", "bar-mark", line);
}

void chart_bars(FILE *out, const struct bar_chart *c)
{
	struct svg_frame f = {PLOT_X, PLOT_Y, PLOT_W, PLOT_H, {0, 1, false, NULL, 0, NULL, NULL, 0}, c->y};
	double lo, hi, slot, x;
	size_t ncat = category_count(c);
	unsigned words;
	int rows;
	double shift; /* under a name of three lines, the words below it go down one */

	rows = svg_legend_rows(c->series_names, c->series_names ? c->nseries : 0, CHART_W);
	if (rows > 1) { /* the plot starts below the legend */
		f.y += LEGEND_ROW * (rows - 1);
		f.h -= LEGEND_ROW * (rows - 1);
	}
	bar_range(c, &lo, &hi);
	f.ya.lo = f.ya.log ? lo / 2 : 0;
	f.ya.hi = hi * 1.08;
	slot = f.w / ((double)c->nbars + 0.8 * (double)ncat + 0.2);
	words = words_that_fit(c, slot);
	shift = svg_most_name_lines(c, slot) > 2 ? 14.0 : 0.0;
	value_headroom(c, &f, 0.8 * slot, words);
	svg_begin(out, c->id, CHART_W, CHART_H, c->title, c->desc);
	fputs("<defs>\n", out);
	svg_mark_patterns(out, c->id);
	fputs("</defs>\n", out);
	svg_axes(out, &f);
	x = f.x + 0.6 * slot;
	for (size_t i = 0; i < c->nbars; i++) {
		double x0 = x;
		for (; i < c->nbars; i++) {
			one_bar(out, c, &f, &c->bars[i], x + 0.1 * slot, 0.8 * slot, words, shift);
			x += slot;
			if (i + 1 == c->nbars || strcmp(c->bars[i + 1].category, c->bars[i].category) != 0)
				break;
		}
		svg_category_label(out, &f, c->bars[i].category, x0, x, svg_name_room((size_t)((x - x0) / slot + 0.5), slot));
		x += 0.8 * slot;
	}
	if (!(words & WORDS_MARK))
		marks_footnote(out, c, &f, f.y + f.h + (words & WORDS_CPU ? 58 : 44) + shift);
	svg_legend(out, c->series_names, c->series_names ? c->nseries : 0, false, CHART_W);
	svg_end(out);
}
