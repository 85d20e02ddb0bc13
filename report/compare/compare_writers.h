/* compare's writers (compare_writers.c), as formats.h's compare column
 * calls them: text (the table, extremes and summary), Markdown, bonnie++
 * 1.98 CSV lines, one JSON document. */
#ifndef BONNIE_COMPARE_WRITERS_H
#define BONNIE_COMPARE_WRITERS_H

#include <stddef.h>
#include <stdio.h>

#include "../model/compare_model.h"

int compare_write_text(FILE *out, const struct compare_result *r);
int compare_write_markdown(FILE *out, const struct compare_result *r);
int compare_write_csv(FILE *out, const struct compare_result *r);
int compare_write_json(FILE *out, const struct compare_result *r);

#endif
