/* The 1.98 CSV line's cells and its writer (csv_line.h). */
#include "csv_line.h"

#include <string.h>

void csv_cells_init(struct csv_cells *c)
{
	memset(c, 0, sizeof *c);
}

static void sanitize(char *s)
{
	for (; *s; s++)
		if (*s == ',' || *s == '\n' || *s == '\r')
			*s = '_';
}

/* The cell of c that field d of the layout holds. */
static char *cell_of(struct csv_cells *c, const struct csv_field *d)
{
	switch (d->holds) {
	case CSV_HOLDS_SETTING: return c->setting[d->what];
	case CSV_HOLDS_RATE: return c->phase[d->what].rate;
	case CSV_HOLDS_CPU: return c->phase[d->what].cpu;
	case CSV_HOLDS_LATENCY: return c->phase[d->what].latency;
	case CSV_HOLDS_TAG: break;
	}
	return NULL;
}

void csv_line_write(FILE *out, struct csv_cells *c)
{
	const struct csv_layout *l = &csv_layout_198;

	for (int i = 0; i < l->nfields; i++) {
		char *cell = cell_of(c, &l->field[i]);

		if (cell)
			sanitize(cell);
		fprintf(out, "%s%s", i ? "," : "", cell ? cell : l->tag);
	}
	fputc('\n', out);
}
