/* The text of compare's cells, column headings and run legends: values
 * with their %CPU, latencies, ratios to the base with their marks. */
#include "compare_cells.h"
#include "compare.h"
#include "../model/confidence.h"
#include "../report.h"
#include "../text/rate_text.h"
#include "../../lib/str.h"
#include "../../lib/units.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The value of a rate cell, its reasons in words (" (under 0.5 s)") or,
 * with marks, as the run's own table marks them (" ~c"). */
static void rate_cell(const struct phase_view *p, bool marks, char *buf, size_t cap)
{
	switch (p->state) {
	case CELL_NOT_RUN: snprintf(buf, cap, "not run"); return;
	case CELL_FAILED: snprintf(buf, cap, "failed"); return;
	case CELL_TOO_FAST: snprintf(buf, cap, "+++++ (too fast)"); return;
	case CELL_UNKNOWN: snprintf(buf, cap, "? (table shows none)"); return;
	case CELL_VALUE: break;
	}
	rate_text(p->id, p->rate, false, buf, cap);
	/* the profile is asked about in IOPS (CrystalDiskMark's and fio's unit);
	 * the Markdown table, whose rows cannot wrap, gives them a row */
	if (phase_group(p->id) == GROUP_QD && !marks)
		snprintf(buf + strlen(buf), cap - strlen(buf), " = %.0f IOPS", p->iops);
	if (p->cpu_pct >= 0 && !(phase_group(p->id) == GROUP_QD && marks)) /* Markdown: on the IOPS row */
		snprintf(buf + strlen(buf), cap - strlen(buf), " %d%%", p->cpu_pct);
	if (!marks)
		confidence_words(&p->conf, buf, cap);
	else if (p->conf.reasons)
		for (int i = 0, first = 1; i < CONF_REASONS; i++)
			if (p->conf.reasons & (1u << i)) {
				snprintf(buf + strlen(buf), cap - strlen(buf), "%s%c", first ? " " : "",
				         confidence_reason_mark(i));
				first = 0;
			}
}

void compare_rate_text(const struct phase_view *p, char *buf, size_t cap)
{
	rate_cell(p, false, buf, cap);
}

/* "-" when the input did not print that latency. */
static void latency_text(const struct phase_view *p, enum compare_row row, char *buf, size_t cap)
{
	if (row == ROW_MEAN ? p->lat_mean_ns <= 0 : !view_has_pct(p, VIEW_MAX))
		snprintf(buf, cap, "-");
	else
		units_format_latency_cell(row == ROW_MEAN ? p->lat_mean_ns : (double)p->pct_ns[VIEW_MAX], buf, cap);
}

void compare_value_text(const struct phase_view *p, enum compare_row row, bool marks, char *buf, size_t cap)
{
	if (row != ROW_RATE)
		latency_text(p, row, buf, cap);
	else
		rate_cell(p, marks, buf, cap);
}

void compare_ratio_text(const struct compare_run *runs, size_t k, enum phase_id id, enum compare_row row,
                        const struct compare_opts *o, char *buf, size_t cap)
{
	const struct compare_vs_base *v = &runs[k].vs[id][row];

	buf[0] = '\0';
	if (k != o->base && v->has)
		compare_apart_text(&v->d, buf, cap);
}

/* The text of one cell: value, then the ratio in brackets. */
void compare_cell_text(const struct compare_run *runs, size_t k, enum phase_id id, enum compare_row row,
                      const struct compare_opts *o, char *buf, size_t cap)
{
	char v[96], r[32];

	compare_value_text(&runs[k].view.phase[id], row, false, v, sizeof v);
	compare_ratio_text(runs, k, id, row, o, r, sizeof r);
	snprintf(buf, cap, r[0] ? "%s (%s)" : "%s", v, r);
}

/* Text quoted from the input, made safe to print (input/ did so already;
 * a run may come from elsewhere): no control character, no '|', '<', '>'
 * or '`' (they would break a Markdown table or be markup). */
static void safe_text(char *buf, size_t cap)
{
	char raw[512];

	str_copy(raw, sizeof raw, buf);
	str_sanitize(buf, cap, raw);
	for (char *p = buf; *p; p++)
		if (strchr("|<>`", *p))
			*p = '/';
}

/* "vm, 512M, CSV 1.98 from 2.00a, a.csv:3" or "vm, 4M, JSON from bonnie
 * 0.1.0, b.json:1" (a CSV line does not say which program wrote it). */
void compare_run_legend(const struct compare_run *run, char *buf, size_t cap)
{
	const struct compare_shown *r = &run->shown;
	const char *name = r->name[0] ? r->name : "(no name)";
	/* bonnie++ leaves the size blank when it ran no I/O test (-s 0); another
	 * tool's text with no size ran its tests at a size it did not print */
	const char *size = r->size[0] ? r->size : r->source == SOURCE_TOOL ? "size not given" : "no I/O tests";
	char what[PARSED_META_LEN + 32];

	switch (r->source) {
	case SOURCE_JSON: snprintf(what, sizeof what, "JSON from bonnie %s", r->version); break;
	case SOURCE_CSV10: snprintf(what, sizeof what, "CSV 1.0x"); break;
	case SOURCE_TOOL: /* CrystalDiskMark, KDiskMark, fio */
		snprintf(what, sizeof what, "text from %s", r->version);
		break;
	case SOURCE_TABLE: snprintf(what, sizeof what, "table from %s", r->version[0] ? r->version : "bonnie++"); break;
	case SOURCE_CSV: snprintf(what, sizeof what, "CSV %s from %s", r->format, r->version); break;
	}
	snprintf(buf, cap, "%s, %s, %s, %s", name, size, what, r->origin);
	safe_text(buf, cap);
}

/* "A vm 512M", safe in a Markdown table cell, cut to maxcols screen
 * columns (a wide character is two, never cut in half): the name is cut,
 * not the size ("A ANDREW-PC 6" would read as a size of 6). */
void compare_run_head(const struct compare_run *runs, size_t k, char *buf, size_t cap, size_t maxcols)
{
	const struct compare_shown *r = &runs[k].shown;
	char lab[16], size[PARSED_META_LEN + 8] = "", name[CELL_TEXT];
	size_t cols, fixed;

	compare_label(k, lab, sizeof lab);
	if (r->size[0])
		snprintf(size, sizeof size, " %s", r->size);
	safe_text(size, sizeof size);
	snprintf(name, sizeof name, "%s", r->name);
	safe_text(name, sizeof name);
	fixed = compare_columns(lab) + 1 + compare_columns(size);
	if (fixed < maxcols)
		name[str_fit_columns(name, maxcols - fixed, &cols)] = '\0';
	snprintf(buf, cap, "%s %s%s", lab, name, size);
	buf[str_fit_columns(buf, maxcols, &cols)] = '\0';
}

size_t compare_columns(const char *s)
{
	size_t cols;

	str_fit_columns(s, SIZE_MAX, &cols);
	return cols;
}


const char *compare_row_label(enum compare_row row)
{
	return row == ROW_MEAN ? "mean latency" : row == ROW_MAX ? "max latency" : "rate";
}

size_t compare_line_limit(const struct compare_opts *o)
{
	size_t max = o->format == COMPARE_MARKDOWN ? COMPARE_MD_WIDTH : COMPARE_MAX_WIDTH;

	return o->width > 0 && o->width < max ? o->width : max;
}

/* Words of s, wrapped before limit screen columns, continuation lines
 * indented by indent. */
void compare_wrap_out(FILE *out, const char *s, size_t limit, size_t indent)
{
	size_t col = 0;

	while (*s) {
		size_t word = strcspn(s, " "), cols;
		char w[1024];
		str_copy(w, word + 1 < sizeof w ? word + 1 : sizeof w, s);
		cols = compare_columns(w);
		if (col > indent && col + 1 + cols > limit) {
			fprintf(out, "\n%*s", (int)indent, "");
			col = indent;
		} else if (col > 0) {
			fputc(' ', out);
			col++;
		}
		fwrite(s, 1, word, out);
		col += cols;
		s += word;
		while (*s == ' ' && s[1] == ' ') { /* runs of blanks inside are kept (aligned columns) */
			fputc(' ', out);
			col++;
			s++;
		}
		if (*s == ' ')
			s++;
	}
	fputc('\n', out);
}
