/* The 1.98 CSV line's field array and its writer (csv_line.h). */
#include "csv_line.h"

#include "../lib/config.h"

#include <string.h>

void csv_line_init(struct csv_line *c)
{
	memset(c, 0, sizeof *c);
	snprintf(c->f[CSV_FORMAT], CSV_FIELD_LEN, "%s", CSV_FORMAT_VERSION);
}

void report_csv_phase_fields(enum phase_id id, int *rate, int *cpu, int *latency)
{
	int k = (int)id - PHASE_SEQ_CREATE;

	if (id <= PHASE_SEEKS) {
		*rate = CSV_IO_RATES + 2 * (int)id;
		*latency = CSV_IO_LAT + (int)id;
	} else {
		*rate = CSV_FILE_RATES + 2 * k;
		*latency = CSV_FILE_LAT + k;
	}
	*cpu = *rate + 1;
}

static void sanitize(char *s)
{
	for (; *s; s++)
		if (*s == ',' || *s == '\n' || *s == '\r')
			*s = '_';
}

void csv_line_write(FILE *out, struct csv_line *c)
{
	for (int i = 0; i < CSV_FIELDS; i++) {
		sanitize(c->f[i]);
		fprintf(out, "%s%s", i ? "," : "", c->f[i]);
	}
	fputc('\n', out);
}
