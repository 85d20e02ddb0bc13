/* The SVG writer's basics: escaping, the palette, nice ticks on linear and
 * log axes, and drawing a chart frame (grid, ticks, unit-carrying labels). */
#include "svg.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#define SVG_MAX_LABELS 64

/* Okabe & Ito's palette, ordered so that neighbours differ in lightness
 * too (they stay apart when printed in grey). */
const char *const svg_palette[SVG_PALETTE] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7",
                                              "#D55E00", "#56B4E9", "#000000", "#F0E442"};

void svg_escape(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		default:
			/* control characters are not allowed in XML 1.0 */
			fputc((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t' ? '?' : *s, out);
		}
	}
}

/* 1, 2 or 5 times a power of ten, at least raw. */
static double nice_step(double raw)
{
	double p = pow(10.0, floor(log10(raw)));
	double m = raw / p;

	return (m <= 1.0 ? 1.0 : m <= 2.0 ? 2.0 : m <= 5.0 ? 5.0 : 10.0) * p;
}

/* Ticks are nice in the units the labels show (v / scale). */
static int linear_ticks(struct svg_axis *a, double *ticks, int max)
{
	double span = a->hi - a->lo, step, scale = a->scale > 0 ? a->scale : 1.0;
	int n = 0;

	if (!(span > 0))
		span = a->hi > 0 ? a->hi : 1.0;
	step = nice_step(span / scale / 5.0) * scale;
	a->lo = floor(a->lo / step) * step;
	a->hi = ceil(a->hi / step) * step;
	if (a->hi <= a->lo)
		a->hi = a->lo + step;
	for (double t = a->lo; t <= a->hi + step / 2 && n < max; t += step)
		ticks[n++] = fabs(t) < step / 1e6 ? 0.0 : t;
	return n;
}

/* Whole decades; with few of them, 2 and 5 times each as well. */
static int log_ticks(struct svg_axis *a, double *ticks, int max)
{
	double e0, e1;
	int n = 0;

	if (!(a->lo > 0))
		a->lo = a->hi > 0 ? a->hi / 10.0 : 1.0;
	if (!(a->hi > a->lo))
		a->hi = a->lo * 10.0;
	e0 = floor(log10(a->lo));
	e1 = ceil(log10(a->hi));
	if (e1 <= e0)
		e1 = e0 + 1;
	a->lo = pow(10.0, e0);
	a->hi = pow(10.0, e1);
	for (double e = e0; e <= e1 && n < max; e++) {
		ticks[n++] = pow(10.0, e);
		if (e1 - e0 <= 3 && e < e1 && n + 2 <= max) {
			ticks[n++] = 2 * pow(10.0, e);
			ticks[n++] = 5 * pow(10.0, e);
		}
	}
	return n;
}

int svg_axis_ticks(struct svg_axis *a, double *ticks, int max)
{
	return a->log ? log_ticks(a, ticks, max) : linear_ticks(a, ticks, max);
}

double svg_axis_pos(const struct svg_axis *a, double v, double p0, double p1)
{
	double t;

	if (a->log)
		t = v > 0 ? (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo)) : 0.0;
	else
		t = a->hi > a->lo ? (v - a->lo) / (a->hi - a->lo) : 0.0;
	if (!(t > 0))
		t = 0;
	if (t > 1)
		t = 1;
	return p0 + t * (p1 - p0);
}

double svg_frame_x(const struct svg_frame *f, double v)
{
	return svg_axis_pos(&f->xa, v, f->x, f->x + f->w);
}

double svg_frame_y(const struct svg_frame *f, double v)
{
	return svg_axis_pos(&f->ya, v, f->y + f->h, f->y);
}

void svg_begin(FILE *out, const char *id, int w, int h, const char *title, const char *desc)
{
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" id=\"");
	svg_escape(out, id);
	fprintf(out, "\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-labelledby=\"", w, h, w,
	        h);
	svg_escape(out, id);
	fputs("-t\"><title id=\"", out);
	svg_escape(out, id);
	fputs("-t\">", out);
	svg_escape(out, title);
	fputs("</title><desc>", out);
	svg_escape(out, desc);
	fputs("</desc>\n", out);
}

void svg_end(FILE *out)
{
	fputs("</svg>\n", out);
}

void svg_text(FILE *out, double x, double y, const char *anchor, const char *cls, const char *text)
{
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"", x, y, anchor);
	if (cls) {
		fputs(" class=\"", out);
		svg_escape(out, cls);
		fputc('"', out);
	}
	fputc('>', out);
	svg_escape(out, text);
	fputs("</text>\n", out);
}

static void tick_label(const struct svg_axis *a, double v, char *buf, size_t len)
{
	if (a->fmt)
		a->fmt(v, buf, len);
	else
		snprintf(buf, len, "%g", v / (a->scale > 0 ? a->scale : 1.0));
}

/* Whether v is a round count: 1, 2 or 5 times a power of ten, or a
 * power of two; these get their label first. */
static bool round_count(double v)
{
	double p = pow(10.0, floor(log10(v))), m = v / p, l2 = log2(v);

	return fabs(m - 1) < 1e-9 || fabs(m - 2) < 1e-9 || fabs(m - 5) < 1e-9 || fabs(l2 - floor(l2 + 0.5)) < 1e-9;
}

#define LABEL_CHAR_W 7.5 /* 12 px sans-serif digits, with room */

/* Labels at chosen ticks: the ends, then round counts, then the rest,
 * each only where it overlaps no label placed before. */
static void count_labels(FILE *out, const struct svg_frame *f, double base)
{
	const struct svg_axis *a = &f->xa;
	double left[SVG_MAX_LABELS], right[SVG_MAX_LABELS];
	size_t placed = 0;
	char buf[48];

	for (int pass = 0; pass < 3; pass++)
		for (size_t i = 0; i < a->n_at && placed < SVG_MAX_LABELS; i++) {
			bool end = i == 0 || i + 1 == a->n_at, round = round_count(a->at[i]);
			if ((pass == 0) != end || (pass == 1 && !round) || (pass == 2 && round))
				continue;
			double x = svg_frame_x(f, a->at[i]), w;
			tick_label(a, a->at[i], buf, sizeof buf);
			w = LABEL_CHAR_W * (double)strlen(buf) / 2 + 3;
			bool free_room = true;
			for (size_t k = 0; k < placed && free_room; k++)
				free_room = x + w <= left[k] || x - w >= right[k];
			if (!free_room)
				continue;
			left[placed] = x - w;
			right[placed++] = x + w;
			fprintf(out, "<g class=\"xtick\" data-x=\"%.10g\"><line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" "
			        "x2=\"%.1f\" y2=\"%.1f\"/>", a->at[i], x, f->y, x, base);
			svg_text(out, x, base + 18, "middle", "tl", buf);
			fputs("</g>\n", out);
		}
}

/* A tick at every value of at (one path), labelled where room allows. */
static void count_axis(FILE *out, struct svg_frame *f, double base)
{
	const struct svg_axis *a = &f->xa;

	fputs("<path class=\"tick count-ticks\" data-x=\"", out);
	for (size_t i = 0; i < a->n_at; i++)
		fprintf(out, "%s%.10g", i ? " " : "", a->at[i]);
	fputs("\" d=\"", out);
	for (size_t i = 0; i < a->n_at; i++)
		fprintf(out, "M%.1f %.1fv5", svg_frame_x(f, a->at[i]), base);
	fputs("\"/>\n", out);
	count_labels(out, f, base);
}

static void x_axis(FILE *out, struct svg_frame *f)
{
	double ticks[SVG_MAX_TICKS], base = f->y + f->h;
	int n = f->xa.at ? 0 : svg_axis_ticks(&f->xa, ticks, SVG_MAX_TICKS);
	char buf[48];

	if (f->xa.at)
		count_axis(out, f, base);
	for (int i = 0; i < n; i++) {
		double x = svg_frame_x(f, ticks[i]);
		fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", x, f->y, x, base);
		fprintf(out, "<line class=\"tick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", x, base, x,
		        base + 5);
		tick_label(&f->xa, ticks[i], buf, sizeof buf);
		svg_text(out, x, base + 18, "middle", "tl", buf);
	}
	svg_text(out, f->x + f->w / 2, base + 38, "middle", "axis-label", f->xa.label ? f->xa.label : "");
}

static void y_axis(FILE *out, struct svg_frame *f)
{
	double ticks[SVG_MAX_TICKS], widest = 0, title_x;
	int n = svg_axis_ticks(&f->ya, ticks, SVG_MAX_TICKS);
	char buf[48];

	for (int i = 0; i < n; i++) {
		double y = svg_frame_y(f, ticks[i]);
		fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", f->x, y,
		        f->x + f->w, y);
		fprintf(out, "<line class=\"tick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", f->x - 5, y, f->x,
		        y);
		tick_label(&f->ya, ticks[i], buf, sizeof buf);
		svg_text(out, f->x - 8, y + 4, "end", "tl", buf);
		if (LABEL_CHAR_W * (double)strlen(buf) > widest)
			widest = LABEL_CHAR_W * (double)strlen(buf);
	}
	/* the title stands clear of the widest tick label, inside the chart */
	title_x = f->x - 8 - widest - 10;
	title_x = title_x < 12 ? 12 : title_x > f->x - 58 ? f->x - 58 : title_x;
	fprintf(out, "<text class=\"axis-label\" text-anchor=\"middle\" transform=\"translate(%.1f %.1f) rotate(-90)\">",
	        title_x, f->y + f->h / 2);
	svg_escape(out, f->ya.label ? f->ya.label : "");
	fputs("</text>\n", out);
}

void svg_axes(FILE *out, struct svg_frame *f)
{
	if (f->xa.at && f->xa.n_at > 0) { /* exactly the given values' span */
		f->xa.lo = f->xa.at[0];
		f->xa.hi = f->xa.n_at > 1 ? f->xa.at[f->xa.n_at - 1] : f->xa.at[0] + 1;
	}
	fputs("<g class=\"axes\"", out);
	if (f->xa.label && f->xa.at && f->xa.n_at)
		fprintf(out, " data-xlo=\"%.10g\" data-xhi=\"%.10g\"", f->xa.at[0], f->xa.at[f->xa.n_at - 1]);
	fputs(">\n", out);
	if (f->xa.label) /* bar charts label their categories themselves */
		x_axis(out, f);
	y_axis(out, f);
	fprintf(out, "<path class=\"frame\" d=\"M%.1f %.1fV%.1fH%.1f\"/>\n", f->x, f->y, f->y + f->h, f->x + f->w);
	fputs("</g>\n", out);
}

void svg_mark_patterns(FILE *out, const char *prefix)
{
	fputs("<pattern id=\"", out);
	svg_escape(out, prefix);
	fputs("-lowconf\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
	      "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" "
	      "stroke=\"#000\" stroke-width=\"2.5\"/></pattern>\n",
	      out);
	fputs("<pattern id=\"", out);
	svg_escape(out, prefix);
	fputs("-cached\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\">"
	      "<circle cx=\"4\" cy=\"4\" r=\"2\" fill=\"#000\"/>"
	      "</pattern>\n",
	      out);
}

