/* Formatting of results: the bonnie++-style table, the 1.98 CSV line, the
 * JSON document and progress lines. Pure formatting into a FILE *: no
 * measuring, no syscalls but writing. */
#ifndef BONNIE_REPORT_H
#define BONNIE_REPORT_H

#include <stdio.h>

#include "../lib/config.h"
#include "../phases/results.h"

#define CSV_FIELDS 50

/* One CSV line in bonnie++'s format 1.98: exactly 50 fields, newline-terminated. */
void report_csv(FILE *out, const struct config *cfg, const struct run_result *run);

/* The human table in bonnie++ 2.00a's layout, with notes for marked cells. */
void report_table(FILE *out, const struct config *cfg, const struct run_result *run);

/* "Writing intelligently..." before a phase and "done" after it. */
void report_progress_begin(FILE *out, enum phase_id id);
void report_progress_end(FILE *out, const struct phase_result *res);

#endif
