/* The latency percentile chart: curves of latency against percentile on
 * a "nines" axis, drawn as small multiples (three to a row on a wide
 * page), the median, p99 and maximum named. */
#include "svg.h"
#include "svg_internal.h"
#include "../model/view.h"
#include "../../lib/units.h"

#include <math.h>
#include <stdbool.h>

#define PCT_W 430
#define PCT_H 250

#define NINES_MAX 4.0 /* p99.99 */

/* Position of a percentile on the "nines" axis: p90 -> 1, p99 -> 2. */
static double nines(double pct)
{
	double v = pct >= 100 ? NINES_MAX : -log10(1.0 - pct / 100.0);

	return v > NINES_MAX ? NINES_MAX : v < 0 ? 0 : v;
}

/* A tick's label: p0, then the view's percentile at that many nines. */
static void nines_label(double v, char *buf, size_t len)
{
	snprintf(buf, len, "%s", fabs(v) < 1e-9 ? "p0" : "");
	for (int k = 0; k < VIEW_MAX; k++)
		if (fabs(nines(view_pcts[k].p) - v) < 1e-9 && fabs(v - floor(v + 0.5)) < 1e-9)
			snprintf(buf, len, "%s", view_pcts[k].label);
}

static void pct_range(const struct pct_chart *c, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = 0;
	for (size_t k = 0; k < c->ncurves; k++) {
		const struct pct_curve *p = &c->curves[k];
		for (size_t i = 0; i < p->n; i++)
			if (p->ns[i] > 0 && p->ns[i] < *lo)
				*lo = p->ns[i];
		*hi = p->max > *hi ? p->max : *hi;
	}
	if (!isfinite(*lo))
		*lo = 1;
	if (!(*hi > *lo))
		*hi = *lo * 10;
}

/* Which of a curve's marks carry words: the first curve's median, p99
 * and max; of the others only the worst maximum. */
enum pct_labels { LABEL_NONE, LABEL_ALL, LABEL_MAX };

/* A labelled dot: "median 1.2 ms", or "run 1: median 1.2 ms" when the
 * chart has several curves (who names the curve; NULL: no text). */
static void pct_point(FILE *out, const struct svg_frame *f, const char *what, double pct, double ns, const char *who,
                      bool label)
{
	double x = svg_frame_x(f, nines(pct)), y = svg_frame_y(f, ns);
	char v[32], text[96];

	units_format_latency_human(ns, v, sizeof v);
	snprintf(text, sizeof text, "%s%s%s %s", who ? who : "", who ? ": " : "", what, v);
	fprintf(out, "<g class=\"pct-mark\" data-what=\"%s\" data-pct=\"%g\" data-ns=\"%.10g\"><title>", what, pct, ns);
	svg_escape(out, text);
	fputs("</title>", out);
	fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\"/>", x, y);
	if (label)
		svg_text(out, x + 6, y - 6, x > f->x + f->w * 0.6 ? "end" : "start", "pct-label", text);
	fputs("</g>\n", out);
}

static void pct_curve(FILE *out, const struct svg_frame *f, const struct pct_curve *p, int idx, enum pct_labels label,
                      bool named)
{
	const char *who = named ? p->name : NULL;
	char v[32], text[96];

	svg_series_open(out, "series pct-curve", p->name, "data-pct", p->pct, "data-ns", p->ns, p->n, idx);
	for (size_t i = 0; i < p->n; i++)
		fprintf(out, "%c%.1f %.1f", i ? 'L' : 'M', svg_frame_x(f, nines(p->pct[i])), svg_frame_y(f, p->ns[i]));
	fputs("\"/>\n", out);
	pct_point(out, f, "median", 50, p->median, who, label == LABEL_ALL);
	if (p->p99 >= 0)
		pct_point(out, f, "p99", 99, p->p99, who, label == LABEL_ALL);
	fprintf(out, "<g class=\"pct-mark\" data-what=\"max\" data-ns=\"%.10g\"><path class=\"max-line\" "
	        "stroke=\"%s\" d=\"M%.1f %.1fH%.1f\"/>", p->max, svg_colour(idx), f->x, svg_frame_y(f, p->max), f->x + f->w);
	if (label != LABEL_NONE) {
		/* at the right end where the median's label (left, above its
		 * point) is within a line of the maximum's */
		bool right = label == LABEL_MAX || fabs(svg_frame_y(f, p->max) - 4 - (svg_frame_y(f, p->median) - 6)) < 15;
		units_format_latency_human(p->max, v, sizeof v);
		snprintf(text, sizeof text, "%s%s%s %s", label == LABEL_MAX ? "worst max, " : "", who ? who : "",
		         who ? ": max" : "max", v);
		svg_text(out, right ? f->x + f->w - 4 : f->x + 4, svg_frame_y(f, p->max) - 4, right ? "end" : "start",
		         "pct-label", text);
	}
	fputs("</g>\n</g>\n", out);
}

/* The curve with the highest maximum. */
static size_t worst_curve(const struct pct_chart *c)
{
	size_t w = 0;

	for (size_t k = 1; k < c->ncurves; k++)
		if (c->curves[k].max > c->curves[w].max)
			w = k;
	return w;
}

void chart_percentiles(FILE *out, const struct pct_chart *c)
{
	struct svg_frame f = {PLOT_X, PLOT_Y, PCT_W - PLOT_X - 24.0, PCT_H - PLOT_Y - 72.0,
	                      {0, NINES_MAX, false, "percentile (nines scale)", 0, nines_label, NULL, 0},
	                      {1, 10, true, "latency (log scale)", 0, units_format_latency_human, NULL, 0}};
	const char *names[SVG_PALETTE];
	size_t nn = c->ncurves < SVG_PALETTE ? c->ncurves : SVG_PALETTE;
	int rows;

	for (size_t i = 0; i < nn; i++)
		names[i] = c->curves[i].name;
	rows = svg_legend_rows(names, nn, PCT_W);
	if (rows > 1) { /* the plot starts below the legend */
		f.y += LEGEND_ROW * (rows - 1);
		f.h -= LEGEND_ROW * (rows - 1);
	}
	pct_range(c, &f.ya.lo, &f.ya.hi);
	svg_begin(out, c->id, PCT_W, PCT_H, c->title, c->desc);
	svg_axes(out, &f);
	for (size_t k = 0; k < c->ncurves; k++)
		pct_curve(out, &f, &c->curves[k], (int)k,
		          k == 0 ? LABEL_ALL : k == worst_curve(c) ? LABEL_MAX : LABEL_NONE, c->ncurves > 1);
	svg_legend(out, names, nn, true, PCT_W);
	svg_end(out);
}
