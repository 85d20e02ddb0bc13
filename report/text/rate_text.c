/* The one rule for writing a rate; see rate_text.h. */
#include "rate_text.h"

#include <stdio.h>

double rate_scale(enum phase_id id, double rate, const char **unit)
{
	if (phase_unit(id) != RATE_BYTES) {
		*unit = "/s";
		return 1;
	}
	if (rate < 10000) {
		*unit = "KiB/s";
		return 1;
	}
	if (rate < 10000.0 * 1024) {
		*unit = "MiB/s";
		return 1024;
	}
	*unit = "GiB/s";
	return 1024.0 * 1024;
}

/* The rate the CSV field holds, as a number. */
static double rate_as_csv(enum phase_id id, double rate)
{
	if (phase_unit(id) == RATE_SEEKS && rate < 1000)
		return rate;
	return rate < 1e18 ? (double)(unsigned long long)rate : rate;
}

void rate_text(enum phase_id id, double rate, bool count_words, char *buf, size_t cap)
{
	const char *unit;
	double cut = rate_as_csv(id, rate), scale = rate_scale(id, cut, &unit), v = cut / scale;

	if (phase_unit(id) != RATE_BYTES)
		snprintf(buf, cap, v < 1000 ? "%.1f%s" : "%.0f%s", v,
		         !count_words ? "/s" : phase_unit(id) == RATE_SEEKS ? " seeks/s" : " files/s");
	else /* one more decimal for each larger unit: three or four digits */
		snprintf(buf, cap, scale == 1 ? "%.0f %s" : scale == 1024 ? "%.1f %s" : "%.2f %s", v, unit);
}

void rate_csv_field(enum phase_id id, double rate, char *buf, size_t cap)
{
	if (phase_unit(id) == RATE_SEEKS && rate < 1000)
		snprintf(buf, cap, "%.1f", rate);
	else if (rate < 1e18) /* cut, as bonnie++ prints it */
		snprintf(buf, cap, "%llu", (unsigned long long)rate);
	else /* a pasted rate may be past any integer type: no cast */
		snprintf(buf, cap, "%.0f", rate);
}
