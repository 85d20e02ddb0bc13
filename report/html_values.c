/* Rates on the pages, in one unit per chart and rounded as the CSV and
 * the text table round them; shared by every page's sections. */
#include "html.h"
#include "rate_text.h"
#include "../lib/units.h"

#include <stdio.h>

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

void html_rate_text(enum phase_id id, double rate, char *buf, size_t len)
{
	rate_text(id, rate, true, buf, len);
}
