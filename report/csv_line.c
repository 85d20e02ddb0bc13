/* The 1.98 CSV line's field array and its writer (csv_line.h). */
#include "csv_line.h"

#include "../lib/config.h"

#include <string.h>

void csv_line_init(struct csv_line *c)
{
	memset(c, 0, sizeof *c);
	snprintf(c->f[CSV_FORMAT], CSV_FIELD_LEN, "%s", CSV_FORMAT_VERSION);
}

bool report_csv_phase_fields(enum phase_id id, int *rate, int *cpu, int *latency)
{
	const struct phase_facts *f = phase_facts_of(id);

	*rate = *cpu = *latency = -1;
	if (!(f->flags & FACT_BONNIE_CSV))
		return false;
	/* bonnie++'s CSV spans follow its table's two blocks, column by column */
	*rate = (f->block == BLOCK_IO ? CSV_IO_RATES : CSV_FILE_RATES) + 2 * f->col;
	*latency = (f->block == BLOCK_IO ? CSV_IO_LAT : CSV_FILE_LAT) + f->col;
	*cpu = *rate + 1;
	return true;
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
