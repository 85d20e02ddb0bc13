/* Rates on the pages, in one unit per chart and rounded as the CSV and
 * the text table round them; shared by every page's sections. */
#include "html.h"
#include "../text/rate_text.h"
#include "svg.h"
#include "../../lib/units.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Rate axis unit: KiB/s, MiB/s or GiB/s for bytes; per second counts,
 * in thousands when large. */
void html_rate_unit(enum phase_id id, double max, double *scale, const char **label, const char **unit)
{
	if (phase_unit(id) == RATE_BYTES) { /* the unit the cells use for the chart's largest */
		*scale = rate_scale(id, max, unit);
		*label = *scale > 1024 ? "rate (GiB/s)" : *scale > 1 ? "rate (MiB/s)" : "rate (KiB/s)";
		return;
	}
	*scale = max >= 100000 ? 1000.0 : 1.0;
	if (phase_unit(id) == RATE_SEEKS) {
		*unit = *scale > 1 ? "thousand seeks/s" : "seeks/s";
		*label = *scale > 1 ? "rate (thousand seeks/s)" : "rate (seeks/s)";
	} else {
		*unit = *scale > 1 ? "thousand files/s" : "files/s";
		*label = *scale > 1 ? "rate (thousand files/s)" : "rate (files/s)";
	}
}

void html_value_text(enum phase_id id, double v, double scale, char *buf, size_t len)
{
	if (phase_unit(id) == RATE_BYTES || scale > 1)
		units_format_scaled(v / scale, buf, len);
	else if (v < 1000) /* seeks and files: as the CSV and the text table print them */
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%llu", (unsigned long long)v);
}

/* Each space of buf as a no-break space (U+00A0, UTF-8), as far as len
 * allows: a number and its unit never part at a line's end ("1491.0" on
 * one line, "MiB/s" on the next, on a phone). */
void html_keep_together(char *buf, size_t len)
{
	char tmp[128];
	size_t o = 0;

	for (const char *s = buf; *s && o + 3 < sizeof tmp; s++) {
		if (*s == ' ') {
			tmp[o++] = '\xc2';
			tmp[o++] = '\xa0';
		} else
			tmp[o++] = *s;
	}
	tmp[o] = '\0';
	if (o < len)
		memcpy(buf, tmp, o + 1);
}

void html_rate_text(enum phase_id id, double rate, char *buf, size_t len)
{
	rate_text(id, rate, true, buf, len);
	html_keep_together(buf, len);
}

void html_latency_text(double ns, char *buf, size_t len)
{
	units_format_latency_human(ns, buf, len);
	html_keep_together(buf, len);
}

/* Whether the word at w (up to a blank or ",;:()") is a unit. */
static bool unit_word(const char *w)
{
	static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "KiB/s", "MiB/s", "GiB/s", "s", "ms",
	                                    "us", "\xc2\xb5s", "ns", "%", "seeks/s", "files/s", "x", "operations", "IOPS", "MB/s"};
	size_t n = strcspn(w, " ,;:()\n");

	if (n > 0 && w[n - 1] == '.') /* a sentence's end */
		n--;
	for (size_t i = 0; i < sizeof units / sizeof *units; i++)
		if (strlen(units[i]) == n && strncmp(w, units[i], n) == 0)
			return true;
	return false;
}

void html_escape_figures(FILE *out, const char *text)
{
	char one[2] = {0, 0};

	for (const char *s = text; *s; s++) {
		if (*s == ' ' && s > text && s[-1] >= '0' && s[-1] <= '9' && unit_word(s + 1)) {
			fputs("\xc2\xa0", out); /* "0.5 s" on one line */
			continue;
		}
		one[0] = *s;
		svg_escape(out, one);
	}
}
