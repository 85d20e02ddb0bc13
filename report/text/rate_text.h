/* How a rate is written, once for every output: as text in a table cell
 * (the run's table, --share, compare, the HTML page's cells) and as a
 * bonnie++ CSV field (the run's CSV line and compare's). Pure: into a
 * buffer, no FILE *. */
#ifndef BONNIE_REPORT_RATE_TEXT_H
#define BONNIE_REPORT_RATE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "../../phases/interface/phase_list.h"

/* The unit a rate of this size is shown in: bytes as KiB/s below 10000,
 * MiB/s below 10000 MiB/s, else GiB/s; *unit "KiB/s" ... and the divisor
 * from KiB/s returned. Counts (seeks, files) are not scaled: 1, "/s". */
double rate_scale(enum phase_id id, double rate, const char **unit);

/* "306 KiB/s", "143.8 MiB/s", "2.31 GiB/s", "812.2/s", "54248/s": the
 * number the CSV field holds (rate_csv_field: cut, not rounded), so a run,
 * its post and a compare of its JSON or of its CSV line agree digit for
 * digit. With count_words the count's unit is spelled ("54248 seeks/s",
 * "files/s"): the HTML page's cells have the room and no column says what
 * is counted; the text tables keep "/s" to fit their 30-column cells. */
void rate_text(enum phase_id id, double rate, bool count_words, char *buf, size_t cap);

/* The rate as bonnie++ writes it in a CSV field: a whole number, cut (not
 * rounded, as bonnie++ prints it), except seeks under 1000 with one
 * decimal; a rate past any integer type rounded without a cast. */
void rate_csv_field(enum phase_id id, double rate, char *buf, size_t cap);

#endif
