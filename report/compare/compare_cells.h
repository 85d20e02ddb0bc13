/* The text of compare's cells, headings and run legends, shared by the
 * text and Markdown tables (compare_text.c) and the lines after them
 * (compare.c). Private to report/compare*.c. */
#ifndef BONNIE_REPORT_COMPARE_CELLS_H
#define BONNIE_REPORT_COMPARE_CELLS_H

#include "../model/compare_model.h"

#include "../../lib/str.h"

#include <stdio.h>

#define HEAD_COLS 28 /* a column heading is cut to this many */
#define CELL_TEXT 160
/* "name, size, what, origin" */
#define LEGEND_LEN (PARSED_ORIGIN_LEN + 3 * PARSED_META_LEN + 96)
/* text lines are at most this wide unless COLUMNS says less */
#define COMPARE_MAX_WIDTH 200
/* Markdown lines, a post's: within 80 columns (unless COLUMNS says less) */
#define COMPARE_MD_WIDTH 80

/* A phase's rows in compare's tables, in their order: its rate, the
 * mean latency its inputs print (a tool's "< us>" or avg, bonnie's JSON
 * mean) and the maximum latency. */
enum compare_row {
	ROW_RATE = COMPARE_RATIO_RATE, ROW_MEAN = COMPARE_RATIO_MEAN, ROW_MAX = COMPARE_RATIO_MAX,
	COMPARE_ROWS /* the row is the ratio's kind: compare_run.vs[id][row] */
};

/* "312.1 MiB/s 78%", "+++++ (too fast)", "not run" */
void compare_rate_text(const struct phase_view *p, char *buf, size_t cap);

/* A cell's value alone: the rate (its reasons in words, or with marks as
 * the run's own table marks them: "1.5 GiB/s 21% ~c"), the mean or the
 * maximum latency ("12.4 ms", "-" when the input printed none). */
void compare_value_text(const struct phase_view *p, enum compare_row row, bool marks, char *buf, size_t cap);

/* A cell's ratio to the base alone: "7.80x slower >", "1.02x faster ^",
 * "n/c"; "" for the base or when there is nothing to compare. */
void compare_ratio_text(const struct compare_run *runs, size_t k, enum phase_id id, enum compare_row row,
                        const struct compare_opts *o, char *buf, size_t cap);

/* A cell: the value, then the ratio to the base in brackets, in the
 * summary's words ("(1.96x faster >)", "(4.00x slower > ^)" for runs set up
 * differently, "(n/c)"). */
void compare_cell_text(const struct compare_run *runs, size_t k, enum phase_id id, enum compare_row row,
                       const struct compare_opts *o, char *buf, size_t cap);

/* "vm, 512M, CSV 1.98 from 2.00a, a.csv:3" */
void compare_run_legend(const struct compare_run *run, char *buf, size_t cap);

/* "A vm 512M", safe in a Markdown cell, cut to maxcols screen columns. */
void compare_run_head(const struct compare_run *runs, size_t k, char *buf, size_t cap, size_t maxcols);

/* Screen columns of s. */
size_t compare_columns(const char *s);

/* The label of a latency row ("max latency", "mean latency"). */
const char *compare_row_label(enum compare_row row);

/* The widest text line: o->width, or COMPARE_MAX_WIDTH (Markdown:
 * COMPARE_MD_WIDTH) when that is 0 or more (the table's cells and the
 * lines after it are wrapped to it). */
size_t compare_line_limit(const struct compare_opts *o);

/* The text and Markdown tables with the notes saying once what "n/c" and
 * MARK_SETUP mean (compare_text.c): the text one through compare_grid, the
 * Markdown one whole. */
void compare_text_table(FILE *out, const struct compare_result *r);
void compare_markdown_table(FILE *out, const struct compare_result *r);

/* The text table of the phases shown (phases as rows, runs as columns),
 * fitted to compare_line_limit: cells wrap within shared columns; runs
 * that do not fit even so go to a further table (compare_grid.c). */
void compare_grid(FILE *out, const struct compare_result *r);

/* The Markdown table of the phases shown, one table whatever the width,
 * each row within COMPARE_MD_WIDTH for two runs, and the legend of the
 * marks it shows (compare_markdown.c). */
void compare_markdown_grid(FILE *out, const struct compare_result *r);

/* s as lines of at most limit columns, broken at blanks; lines after the
 * first start with indent blanks (a word longer than a line stays whole). */
void compare_wrap_out(FILE *out, const char *s, size_t limit, size_t indent);

#endif
