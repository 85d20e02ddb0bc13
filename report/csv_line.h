/* The bonnie++ 1.98 CSV line as one field array, for both of its writers:
 * csv.c fills it from a measured run, compare_out.c from a run read back.
 * The field positions (README "CSV fields"), each phase's rate, %CPU and
 * latency position, and the one writer live here, so the two lines cannot
 * drift apart. */
#ifndef BONNIE_CSV_LINE_H
#define BONNIE_CSV_LINE_H

#include <stdbool.h>
#include <stdio.h>

#include "../phases/phase_list.h"

#define CSV_FIELDS 50
#define CSV_FIELD_LEN 320 /* the widest: a pasted rate as "%.0f" of a double */

/* Field positions (0-based). */
enum csv_field {
	CSV_FORMAT = 0, CSV_VERSION, CSV_NAME, CSV_CONCURRENCY, CSV_SEED, CSV_SIZE, CSV_CHUNK, CSV_SEEKS,
	CSV_SEEK_PROCS, CSV_IO_RATES = 9, CSV_NUM_FILES = 21, CSV_MAX_SIZE, CSV_MIN_SIZE, CSV_NUM_DIRS,
	CSV_FILE_CHUNK, CSV_FILE_RATES = 26, CSV_IO_LAT = 38, CSV_FILE_LAT = 44,
};

struct csv_line {
	char f[CSV_FIELDS][CSV_FIELD_LEN];
};

/* Every field empty but the format's, "1.98". */
void csv_line_init(struct csv_line *c);

/* The CSV field numbers (from 0, as bonnie.1 and bonnie++ number them) of a
 * phase's rate, %CPU and latency. Returns false, with each -1, for a phase
 * bonnie++'s line has no fields for (FACT_BONNIE_CSV): it writes none. */
bool report_csv_phase_fields(enum phase_id id, int *rate, int *cpu, int *latency);

/* The 50 fields and a newline. Nothing may add a field: commas and line
 * breaks inside one become '_' (in c). */
void csv_line_write(FILE *out, struct csv_line *c);

#endif
