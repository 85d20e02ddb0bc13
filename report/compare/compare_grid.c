/* compare's text table: phases as rows, runs as columns, one table that
 * fits the line limit. A run's column is its widest cell where the runs
 * fit so; else the columns share the width and a cell that does not fit
 * wraps at its blanks onto more lines of the same row, so two runs fit 80
 * columns and a wider terminal shows more runs side by side, each cell on
 * one line. Only when even narrow columns do not fit do further runs go to
 * another table below (each repeating the phase column). Widths are screen
 * columns (str_fit_columns: a wide character is two). */
#include "compare_cells.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define GAP 2        /* blanks between columns */
#define MIN_COL 14   /* a column narrower wraps a rate into too many lines */
#define ROW_INDENT "  " /* a latency row's label under its phase's */
#define MAX_LINES (CELL_TEXT / (MIN_COL / 2)) /* a cell's lines at most: its text in columns of MIN_COL */

/* The phase column: the longest phase name or latency row label shown,
 * and never narrower than the max-latency label (the column's width
 * does not move with which rows a table has). */
static size_t phase_width(const bool *shown, const bool (*row_shown)[COMPARE_ROWS])
{
	size_t w = strlen(ROW_INDENT) + strlen(compare_row_label(ROW_MAX));

	for (int i = 0; i < PHASE_COUNT; i++) {
		if (shown[i] && strlen(phase_words((enum phase_id)i)) > w)
			w = strlen(phase_words((enum phase_id)i));
		for (int r = ROW_RATE + 1; r < COMPARE_ROWS; r++)
			if (shown[i] && row_shown[i][r] && strlen(ROW_INDENT) + strlen(compare_row_label((enum compare_row)r)) > w)
				w = strlen(ROW_INDENT) + strlen(compare_row_label((enum compare_row)r));
	}
	return w + GAP;
}

static void head_text(const struct compare_run *runs, size_t k, char *buf, size_t cap)
{
	compare_run_head(runs, k, buf, cap, 2 * HEAD_COLS);
}

/* Each run's natural width: its widest cell or heading. */
static void natural_widths(const struct compare_run *runs, size_t n, const bool *shown,
                           const struct compare_opts *o, size_t *width)
{
	char c[CELL_TEXT];

	for (size_t k = 0; k < n; k++) {
		head_text(runs, k, c, sizeof c);
		width[k] = compare_columns(c);
		for (int i = 0; i < PHASE_COUNT * COMPARE_ROWS; i++) {
			if (!shown[i / COMPARE_ROWS])
				continue;
			compare_cell_text(runs, k, (enum phase_id)(i / COMPARE_ROWS), (enum compare_row)(i % COMPARE_ROWS), o,
			                  c, sizeof c);
			if (compare_columns(c) > width[k])
				width[k] = compare_columns(c);
		}
	}
}

/* The end of the table of runs starting at k0: as many as fit room with
 * each at least MIN_COL (or its natural width when less), at least one. */
static size_t table_end(const size_t *natural, size_t n, size_t k0, size_t room)
{
	size_t used = 0, k = k0;

	while (k < n) {
		size_t w = (natural[k] < MIN_COL ? natural[k] : MIN_COL) + (k > k0 ? GAP : 0);
		if (k > k0 && used + w > room)
			break;
		used += w;
		k++;
	}
	return k;
}

/* Widths of runs [k0, k1) within room: natural where they all fit; else
 * the room shared, a run needing less than its share giving the rest to
 * the others (so narrow columns are not padded while wide ones wrap). */
static void share_widths(const size_t *natural, size_t k0, size_t k1, size_t room, size_t *width)
{
	size_t left = room - (k1 - k0 - 1) * GAP, open = k1 - k0;
	bool changed = true;

	for (size_t k = k0; k < k1; k++)
		width[k] = 0;
	while (changed && open > 0) { /* give each run that needs less than a share what it needs */
		changed = false;
		for (size_t k = k0; k < k1; k++)
			if (width[k] == 0 && natural[k] <= left / open) {
				width[k] = natural[k];
				left -= natural[k];
				open--;
				changed = true;
			}
	}
	for (size_t k = k0; k < k1; k++)
		if (width[k] == 0)
			width[k] = left / open > 1 ? left / open : 1;
}

/* s cut into at most MAX_LINES lines of at most width columns, at blanks
 * (a word wider than a line is cut); line[i] point into store. */
static size_t wrap_cell(const char *s, size_t width, char store[MAX_LINES][CELL_TEXT])
{
	size_t lines = 0;

	while (*s && lines < MAX_LINES) {
		size_t cols, fit = str_fit_columns(s, width, &cols), cut = fit;
		if (s[fit] != '\0') { /* break at the last blank that fits, if any, but not
		                        * before a word of one or two (">", "^)", "s)"): it goes with the one before */
			const char *b = s + fit;
			while (b > s && (*b != ' ' || strcspn(b + 1, " ") < 3))
				b--;
			if (b > s)
				cut = (size_t)(b - s);
		}
		if (cut == 0)
			cut = 1;
		memcpy(store[lines], s, cut < CELL_TEXT ? cut : CELL_TEXT - 1);
		store[lines++][cut < CELL_TEXT ? cut : CELL_TEXT - 1] = '\0';
		s += cut;
		while (*s == ' ')
			s++;
	}
	return lines;
}

/* One row: the label in the phase column and each run's cell, wrapped. */
static void row_out(FILE *out, const char *label, size_t pw, char cells[][MAX_LINES][CELL_TEXT],
                    const size_t *lines, const size_t *width, size_t k0, size_t k1)
{
	size_t height = 1;

	for (size_t k = k0; k < k1; k++)
		if (lines[k - k0] > height)
			height = lines[k - k0];
	for (size_t l = 0; l < height; l++) {
		size_t pad = l == 0 ? pw - compare_columns(label) : pw, owed = 0;
		fputs(l == 0 ? label : "", out);
		for (size_t k = k0; k < k1; k++) {
			const char *c = l < lines[k - k0] ? cells[k - k0][l] : "";
			if (c[0]) { /* blanks only before text: no line ends in blanks */
				fprintf(out, "%*s%s", (int)(pad + owed), "", c);
				owed = 0;
			} else
				owed += pad;
			pad = width[k] - compare_columns(c) + GAP;
		}
		fputc('\n', out);
	}
}

struct grid {
	const struct compare_run *runs;
	const struct compare_opts *o;
	const bool *shown;
	bool row_shown[PHASE_COUNT][COMPARE_ROWS]; /* the result's, of the phases shown */
	size_t pw, *width;
	char (*cells)[MAX_LINES][CELL_TEXT];
	size_t *lines;
};

/* One table: the heading row, then per phase shown its rate row and its
 * latency rows (mean, maximum) where a run has that latency. */
static void table_out(FILE *out, const struct grid *g, size_t k0, size_t k1)
{
	char c[CELL_TEXT], label[64];

	for (size_t k = k0; k < k1; k++) {
		head_text(g->runs, k, c, sizeof c);
		g->lines[k - k0] = wrap_cell(c, g->width[k], g->cells[k - k0]);
	}
	fputc('\n', out);
	row_out(out, "Phase", g->pw, g->cells, g->lines, g->width, k0, k1);
	for (int i = 0; i < PHASE_COUNT * COMPARE_ROWS; i++) {
		enum phase_id id = (enum phase_id)(i / COMPARE_ROWS);
		enum compare_row row = (enum compare_row)(i % COMPARE_ROWS);
		if (!g->shown[id] || !g->row_shown[id][row])
			continue;
		for (size_t k = k0; k < k1; k++) {
			compare_cell_text(g->runs, k, id, row, g->o, c, sizeof c);
			g->lines[k - k0] = wrap_cell(c, g->width[k], g->cells[k - k0]);
		}
		if (row == ROW_RATE)
			snprintf(label, sizeof label, "%s", phase_words(id));
		else
			snprintf(label, sizeof label, ROW_INDENT "%s", compare_row_label(row));
		row_out(out, label, g->pw, g->cells, g->lines, g->width, k0, k1);
	}
}

void compare_grid(FILE *out, const struct compare_result *r)
{
	const struct compare_run *runs = r->runs;
	size_t n = r->n;
	const bool *shown = r->phase_shown;
	const struct compare_opts *o = &r->o;
	size_t *natural = calloc(n ? n : 1, sizeof *natural), *width = calloc(n ? n : 1, sizeof *width);
	size_t limit = compare_line_limit(o);
	struct grid g = {runs, o, shown, {{false}}, 0, width, NULL, NULL};

	if (natural && width) {
		for (int i = 0; i < PHASE_COUNT * COMPARE_ROWS; i++)
			g.row_shown[i / COMPARE_ROWS][i % COMPARE_ROWS] =
				shown[i / COMPARE_ROWS] && r->row_shown[i / COMPARE_ROWS][i % COMPARE_ROWS];
		g.pw = phase_width(shown, (const bool (*)[COMPARE_ROWS])g.row_shown);
		size_t room = limit > g.pw + MIN_COL ? limit - g.pw : MIN_COL;
		natural_widths(runs, n, shown, o, natural);
		for (size_t k0 = 0, k1; k0 < n; k0 = k1) {
			k1 = table_end(natural, n, k0, room);
			share_widths(natural, k0, k1, room, width);
			/* one table's cells at a time: 20,000 runs need not all be held */
			g.cells = calloc(k1 - k0, sizeof *g.cells);
			g.lines = calloc(k1 - k0, sizeof *g.lines);
			bool ok = g.cells != NULL && g.lines != NULL;
			if (ok)
				table_out(out, &g, k0, k1);
			free(g.cells);
			free(g.lines);
			if (!ok)
				break;
		}
	}
	free(natural);
	free(width);
}
