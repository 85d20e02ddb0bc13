/* Text equivalents on the pages: what a text formatter prints, escaped
 * into a <pre>, and a line chart's numbers as a tab-separated <pre>. Used
 * by the run page (html.c) and the sweep (html_sweep.c); nothing here
 * calls back into them. */
#include "html.h"
#include "svg.h"

#include <stdlib.h>

/* A <pre> rather than a <table>: one text node instead of thousands of
 * cells keeps a 700-point sweep quick to render. */
void html_series_table(FILE *out, const struct line_chart *c, const char *x_label)
{
	const struct chart_series *first = c->nseries ? &c->series[0] : NULL;

	fputs("<pre class=\"series\">", out);
	svg_escape(out, x_label);
	for (size_t s = 0; s < c->nseries; s++) {
		fputc('\t', out);
		svg_escape(out, c->series[s].name ? c->series[s].name : "");
	}
	fputc('\n', out);
	for (size_t i = 0; first && i < first->n; i++) {
		fprintf(out, "%.6g", first->x[i]);
		for (size_t s = 0; s < c->nseries; s++)
			if (i < c->series[s].n)
				fprintf(out, "\t%.6g", c->series[s].y[i]);
		fputc('\n', out);
	}
	fputs("</pre>\n", out);
}

void html_pre_of(FILE *out, const char *cls, void (*fn)(FILE *, const void *), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	fprintf(out, "<pre class=\"%s\">", cls);
	if (m != NULL) {
		fn(m, arg);
		if (fclose(m) == 0 && buf != NULL)
			svg_escape(out, buf);
	}
	free(buf);
	fputs("</pre>\n", out);
}
