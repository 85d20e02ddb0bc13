/* The compare page's sections (report/html_compare*.c). */
#ifndef BONNIE_REPORT_HTML_COMPARE_H
#define BONNIE_REPORT_HTML_COMPARE_H

#include <stdio.h>

#include "../model/compare_model.h"

/* The summary section (html_compare_summary.c): rates and ratios per run
 * and phase, coloured, +++++ in words with its latency, and the caveats. */
void html_compare_summary(FILE *out, const struct compare_result *r);

#endif
