/* Side-by-side comparison of runs read back from text (input/): phases as
 * rows, runs as columns, ratios to a base run, flags beyond a threshold
 * and a plain-words summary. Pure formatting into a FILE *, of what the
 * compare model (compare_model.h) derives: every writer takes the
 * comparison (compare_result_of, made once by its caller) and prints it. */
#ifndef BONNIE_REPORT_COMPARE_H
#define BONNIE_REPORT_COMPARE_H

#include <stdbool.h>
#include <stdio.h>

#include "../model/compare_model.h"

/* The whole report of r in r->o.format. r->n >= 1 (COMPARE_JSON: r->n
 * may be 0: a document with no runs and "base": null).
 * COMPARE_CSV writes every run as a bonnie++ 1.98 line (no ratios), which
 * bon_csv2txt and bon_csv2html accept. */
void compare_report(FILE *out, const struct compare_result *r);

/* One run as a bonnie++ 1.98 CSV line (50 fields), units normalised. */
void compare_csv_line(FILE *out, const struct compare_run *run);

/* The comparison as one JSON document ("tool": "bonnie compare"). */
void compare_json(FILE *out, const struct compare_result *r);

/* The summary sentence: the flagged differences, biggest first ("block
 * write 1.3x faster on B; random seeks 6.0x slower on B"), or the largest
 * one when none is flagged. */
void compare_summary(FILE *out, const struct compare_result *r);

/* Why some ratios mislead, said once: what "n/c" (per-char figures of
 * bonnie++ 1.0x against later versions or bonnie) and MARK_SETUP (runs set up
 * differently) mean, level 0, and for each run set up differently what
 * differs ("B: file size 16G (A: 512M)"), level 1; which runs do not say
 * how far their figures can be trusted when another run does, level 0.
 * Nothing when none of these is in the comparison. For every format that explains them (text,
 * Markdown, HTML). */
void compare_notes(const struct compare_result *r,
                   void (*each)(const char *note, int level, void *arg), void *arg);

/* The comparison as one self-contained HTML page (--html): rate bars per
 * phase group and maximum latencies with one colour per run, the biggest
 * differences in words, the CSV lines. Returns 0, or -1 when out of
 * memory or out has an error. */
int compare_html(FILE *out, const struct compare_result *r);

#endif
