/* The bonnie++ 1.98 CSV line, for both of its writers: csv.c fills its
 * cells from a measured run, compare_out.c from a run read back. The
 * cells are kept by what they say (a setting, a phase's rate, %CPU or
 * latency), not by field number; csv_line_write puts them where the 1.98
 * layout (input/csv_layout.c) says, so a phase the layout has no field
 * for is not written, and no field number is kept here. */
#ifndef BONNIE_CSV_LINE_H
#define BONNIE_CSV_LINE_H

#include <stdio.h>

#include "../../input/csv_layout.h"

#define CSV_CELL_LEN 320 /* the widest: a pasted rate as "%.0f" of a double */

struct csv_phase_cells {
	char rate[CSV_CELL_LEN], cpu[CSV_CELL_LEN], latency[CSV_CELL_LEN];
};

struct csv_cells {
	char setting[META_COUNT][CSV_CELL_LEN]; /* in 1.98 notation */
	struct csv_phase_cells phase[PHASE_COUNT];
};

/* Every cell empty. */
void csv_cells_init(struct csv_cells *c);

/* The 1.98 line of c and a newline: its tag, then each field as the
 * layout says. Nothing may add a field: commas and line breaks inside a
 * cell become '_' (in c). */
void csv_line_write(FILE *out, struct csv_cells *c);

#endif
