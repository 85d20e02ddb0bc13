/* compare's Markdown table: one table, since a post's reader draws it and
 * a Markdown row cannot wrap. So that two runs fit COMPARE_MD_WIDTH
 * columns, the phases are named as bonnie names them (seq_create, not
 * "sequential create"), each run's ratio to the base is a column of its
 * own after the run's, the profile's IOPS and %CPU a row under its rate, a
 * figure's reasons are the marks of bonnie's own
 * table (~ # ! c ?) said once in a legend under it, and a run's heading
 * is cut to its column's width (the list above the table names it whole).
 * One tilde at most in a cell: no pair of them is ever read as a
 * strikethrough (a ratio's marks, marks.h, are none of them). */
#include "compare_cells.h"
#include "../model/confidence.h"

#include <string.h>

#define HEAD_MIN 20 /* a heading is never cut shorter: two fit 80 columns */

/* The widest value cell of run k over the rows shown. */
static size_t column_width(const struct compare_result *res, size_t k)
{
	char c[CELL_TEXT];
	size_t w = HEAD_MIN;

	for (int i = 0; i < PHASE_COUNT * COMPARE_ROWS; i++) {
		enum phase_id id = (enum phase_id)(i / COMPARE_ROWS);
		enum compare_row r = (enum compare_row)(i % COMPARE_ROWS);
		if (!res->phase_shown[id] || !res->row_shown[id][r])
			continue;
		compare_value_text(&res->runs[k].view.phase[id], r, true, c, sizeof c);
		if (compare_columns(c) > w)
			w = compare_columns(c);
	}
	return w;
}

static void heading(FILE *out, const struct compare_result *res)
{
	const struct compare_run *runs = res->runs;
	size_t n = res->n;
	const struct compare_opts *o = &res->o;
	char c[CELL_TEXT], lab[16], blab[16];

	compare_label(o->base, blab, sizeof blab);
	fputs("| Phase |", out);
	for (size_t k = 0; k < n; k++) {
		compare_run_head(runs, k, c, sizeof c, column_width(res, k));
		fprintf(out, " %s |", c);
		if (k != o->base) {
			compare_label(k, lab, sizeof lab);
			fprintf(out, " %s vs %s |", lab, blab);
		}
	}
	fputs("\n|---|", out);
	for (size_t k = 0; k < n; k++)
		fputs(k != o->base ? "---|---|" : "---|", out);
	fputc('\n', out);
}

/* The profile's IOPS (CrystalDiskMark's and fio's unit) and %CPU under
 * its rate, on a row of their own so that two runs' rows fit with the
 * profile's long names (a rate row of 100% CPU and two marks came to 81
 * columns): the ratio is the rate's, above. */
static void iops_row(FILE *out, const struct compare_run *runs, size_t n, enum phase_id id,
                     const struct compare_opts *o)
{
	fputs("| IOPS, %CPU |", out);
	for (size_t k = 0; k < n; k++) {
		const struct phase_view *p = &runs[k].view.phase[id];
		if (p->state == CELL_VALUE && p->cpu_pct >= 0)
			fprintf(out, " %.0f, %d%% |", p->iops, p->cpu_pct);
		else if (p->state == CELL_VALUE)
			fprintf(out, " %.0f |", p->iops);
		else
			fputs(" - |", out);
		if (k != o->base)
			fputs(" |", out);
	}
	fputc('\n', out);
}

/* One row: the label, each run's value and (but the base's) its ratio. */
static void row(FILE *out, const struct compare_run *runs, size_t n, enum phase_id id, enum compare_row r,
                const struct compare_opts *o)
{
	char c[CELL_TEXT];

	fprintf(out, "| %s |", r != ROW_RATE ? compare_row_label(r) : phase_name(id));
	for (size_t k = 0; k < n; k++) {
		compare_value_text(&runs[k].view.phase[id], r, true, c, sizeof c);
		fprintf(out, " %s |", c);
		if (k != o->base) {
			compare_ratio_text(runs, k, id, r, o, c, sizeof c);
			fprintf(out, c[0] ? " %s |" : " |", c);
		}
	}
	fputc('\n', out);
	if (r == ROW_RATE && phase_group(id) == GROUP_QD)
		iops_row(out, runs, n, id, o);
}

/* "Marks after a figure: ~ under 0.5 s; c from the page cache." for the
 * marks the table shows (the result's table_reasons). */
static void legend(FILE *out, unsigned reasons, size_t limit)
{
	char line[512] = "Marks after a figure, as in bonnie's own table:";

	if (reasons == 0)
		return;
	for (int i = 0, said = 0; i < CONF_REASONS; i++)
		if (reasons & (1u << i))
			str_appendf(line, sizeof line, "%s %c %s", said++ ? ";" : "", confidence_reason_mark(i),
			            confidence_reason_words(i));
	str_appendf(line, sizeof line, "."); /* a ratio's marks: the lines above the table */
	fputc('\n', out);
	compare_wrap_out(out, line, limit, 0);
}

void compare_markdown_grid(FILE *out, const struct compare_result *res)
{
	const struct compare_opts *o = &res->o;

	fputc('\n', out);
	heading(out, res);
	for (int i = 0; i < PHASE_COUNT * COMPARE_ROWS; i++) {
		enum phase_id id = (enum phase_id)(i / COMPARE_ROWS);
		enum compare_row r = (enum compare_row)(i % COMPARE_ROWS);
		if (res->phase_shown[id] && res->row_shown[id][r])
			row(out, res->runs, res->n, id, r, o);
	}
	legend(out, res->table_reasons, compare_line_limit(o)); /* the model's */
}
