/* A series' look and the legend that names it: each series' colour and
 * dash pattern, which every chart draws its series with, and the legend,
 * one row or more above the plot, a sample of each series' stroke or
 * fill and its name (svg_internal.h). */
#include "svg.h"
#include "svg_internal.h"

#include <string.h>

/* Dash patterns tell series apart without colour. */
const char *const svg_dashes[4] = {"", "6 3", "2 3", "8 3 2 3"};

const char *svg_colour(int i)
{
	return svg_palette[(unsigned)i % SVG_PALETTE];
}

static double legend_width(const char *name)
{
	return 40 + 7.0 * (double)strlen(name ? name : "");
}

/* Rows the legend takes in a chart w wide (0 when there is none). */
int svg_legend_rows(const char *const *names, size_t n, double w)
{
	double x = PLOT_X;
	int rows = n < 2 ? 0 : 1;

	for (size_t i = 0; n >= 2 && i < n; i++) {
		if (x > PLOT_X && x + legend_width(names[i]) > w)
			rows++, x = PLOT_X;
		x += legend_width(names[i]);
	}
	return rows;
}

/* Legend rows above the plot: a stroke sample and the name, wrapping
 * at the chart's width w. */
void svg_legend(FILE *out, const char *const *names, size_t n, bool lines, double w)
{
	double x = PLOT_X, y = 0;

	if (n < 2)
		return;
	fputs("<g class=\"legend\">\n", out);
	for (size_t i = 0; i < n; i++) {
		if (x > PLOT_X && x + legend_width(names[i]) > w)
			y += LEGEND_ROW, x = PLOT_X;
		if (lines)
			fprintf(out, "<path d=\"M%.1f %.1fh22\" stroke=\"%s\" stroke-width=\"2.5\" stroke-dasharray=\"%s\"/>", x,
			        18 + y, svg_colour((int)i), svg_dashes[i % 4]);
		else
			fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"12\" fill=\"%s\"/>", x, 12 + y,
			        svg_colour((int)i));
		svg_text(out, x + 26, 22 + y, "start", "legend-text", names[i] ? names[i] : "");
		x += legend_width(names[i]);
	}
	fputs("</g>\n", out);
}
