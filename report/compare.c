/* The comparison report: the text and Markdown
 * tables, fastest/slowest per phase and the plain-words summary, read
 * from the compare model (compare_model.c). */
#include "compare.h"
#include "compare_model.h"
#include "clocale.h"
#include "../lib/str.h"
#include "../lib/units.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SUMMARY 10
#define CELL 30      /* screen columns of a run's column, at least */
#define HEAD_COLS 28 /* a column heading is cut to this many */
#define CELL_TEXT 160
/* "name, size, what, origin" */
#define LEGEND_LEN (PARSED_ORIGIN_LEN + 3 * PARSED_META_LEN + 96)

static void rate_text(enum phase_id id, const struct parsed_phase *p, char *buf, size_t cap)
{
	switch (p->state) {
	case CELL_NOT_RUN: snprintf(buf, cap, "not run"); return;
	case CELL_FAILED: snprintf(buf, cap, "failed"); return;
	case CELL_TOO_FAST: snprintf(buf, cap, "+++++ (too fast)"); return;
	case CELL_UNKNOWN: snprintf(buf, cap, "? (table shows none)"); return;
	case CELL_VALUE: break;
	}
	if (phase_unit(id) != RATE_BYTES)
		snprintf(buf, cap, p->rate < 1000 ? "%.1f/s" : "%.0f/s", p->rate);
	else if (p->rate < 10000)
		snprintf(buf, cap, "%.0f KiB/s", p->rate);
	else if (p->rate < 10000.0 * 1024)
		snprintf(buf, cap, "%.1f MiB/s", p->rate / 1024);
	else
		snprintf(buf, cap, "%.2f GiB/s", p->rate / (1024.0 * 1024));
	if (p->cpu >= 0)
		snprintf(buf + strlen(buf), cap - strlen(buf), " %d%%", p->cpu);
	if (p->low_confidence)
		snprintf(buf + strlen(buf), cap - strlen(buf), " (short)");
}

/* "-" when the input did not print a latency. */
static void latency_text(const struct parsed_phase *p, char *buf, size_t cap)
{
	if (p->latency_ns < 0)
		snprintf(buf, cap, "-");
	else
		units_format_latency_cell((double)p->latency_ns, buf, cap);
}

/* "1.96x !" for a non-base cell, "" when there is nothing to compare. */
static void ratio_text(const struct parsed_run *runs, size_t k, enum phase_id id, bool latency,
                       const struct compare_opts *o, char *buf, size_t cap)
{
	struct compare_diff d;

	buf[0] = '\0';
	if (k == o->base || !compare_ratio(&runs[o->base], &runs[k], id, latency, o->threshold, &d))
		return;
	if (d.ratio < 1000)
		snprintf(buf, cap, "%.2fx%s", d.ratio, d.flagged ? " !" : "");
	else if (d.ratio < 1e6)
		snprintf(buf, cap, "%.0fx%s", d.ratio, d.flagged ? " !" : "");
	else /* a cell stays narrow however far apart the runs are */
		snprintf(buf, cap, ">999999x%s", d.flagged ? " !" : "");
}

/* The text of one cell: value, then the ratio in brackets. */
static void cell_text(const struct parsed_run *runs, size_t k, enum phase_id id, bool latency,
                      const struct compare_opts *o, char *buf, size_t cap)
{
	char v[96], r[32];

	if (latency)
		latency_text(&runs[k].phase[id], v, sizeof v);
	else
		rate_text(id, &runs[k].phase[id], v, sizeof v);
	ratio_text(runs, k, id, latency, o, r, sizeof r);
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
static void run_legend(const struct parsed_run *r, char *buf, size_t cap)
{
	const char *name = r->meta[META_NAME][0] ? r->meta[META_NAME] : "(no name)";
	const char *size = r->meta[META_SIZE][0] ? r->meta[META_SIZE] : "no I/O tests";
	char what[PARSED_META_LEN + 32];

	if (strcmp(r->format, "json") == 0)
		snprintf(what, sizeof what, "JSON from bonnie %s", r->meta[META_VERSION]);
	else if (strcmp(r->format, "1.0x") == 0)
		snprintf(what, sizeof what, "CSV 1.0x");
	else if (strcmp(r->format, "table") == 0)
		snprintf(what, sizeof what, "table from %s", r->meta[META_VERSION][0] ? r->meta[META_VERSION] : "bonnie++");
	else
		snprintf(what, sizeof what, "CSV %s from %s", r->format, r->meta[META_VERSION]);
	snprintf(buf, cap, "%s, %s, %s, %s", name, size, what, r->origin);
	safe_text(buf, cap);
}

/* "A vm 512M", safe in a Markdown table cell, cut to maxcols screen
 * columns (a wide character is two, never cut in half). */
static void run_head(const struct parsed_run *runs, size_t k, char *buf, size_t cap, size_t maxcols)
{
	char lab[16];
	size_t cols;

	compare_label(k, lab, sizeof lab);
	snprintf(buf, cap, "%s %s%s%s", lab, runs[k].meta[META_NAME], runs[k].meta[META_SIZE][0] ? " " : "",
	         runs[k].meta[META_SIZE]);
	safe_text(buf, cap);
	buf[str_fit_columns(buf, maxcols, &cols)] = '\0';
}

static size_t columns(const char *s)
{
	size_t cols;

	str_fit_columns(s, SIZE_MAX, &cols);
	return cols;
}

/* s padded with blanks to width screen columns (none after the last column). */
static void cell_out(FILE *out, const char *s, size_t width, bool last)
{
	size_t cols = columns(s);

	fputs(s, out);
	if (!last)
		fprintf(out, "%*s", cols < width ? (int)(width - cols) : 0, "");
}

/* A phase any run has a number, a +++++ or a latency for. */
static bool phase_shown(const struct parsed_run *runs, size_t n, enum phase_id id)
{
	for (size_t k = 0; k < n; k++)
		if (runs[k].phase[id].state != CELL_NOT_RUN || runs[k].phase[id].latency_ns >= 0)
			return true;
	return false;
}

/* Each run's column: CELL screen columns, or its widest cell and two
 * blanks, so a long cell never pushes the columns after it. */
static void column_widths(const struct parsed_run *runs, size_t n, const struct compare_opts *o, size_t *width)
{
	char c[CELL_TEXT];

	for (size_t k = 0; k < n; k++) {
		width[k] = CELL;
		for (int i = 0; i < PHASE_COUNT * 2; i++) {
			cell_text(runs, k, (enum phase_id)(i / 2), i % 2, o, c, sizeof c);
			if (columns(c) + 2 > width[k])
				width[k] = columns(c) + 2;
		}
	}
}

static void text_header(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o,
                        const size_t *width)
{
	char lab[16], leg[LEGEND_LEN];

	compare_label(o->base, lab, sizeof lab);
	fprintf(out, "Runs (ratio = run / %s; latency ratios above 1 are worse; ! = beyond %.2fx either way):\n",
	        lab, o->threshold);
	for (size_t k = 0; k < n; k++) {
		compare_label(k, lab, sizeof lab);
		run_legend(&runs[k], leg, sizeof leg);
		fprintf(out, "  %-3s %s\n", lab, leg);
	}
	fprintf(out, "\n%-28s", "Phase");
	for (size_t k = 0; k < n; k++) {
		char head[CELL_TEXT];
		run_head(runs, k, head, sizeof head, HEAD_COLS);
		cell_out(out, head, width[k], k + 1 == n);
	}
	fputc('\n', out);
}

static void text_rows(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o,
                      const size_t *width)
{
	char c[CELL_TEXT];

	for (int i = 0; i < PHASE_COUNT; i++) {
		if (!phase_shown(runs, n, (enum phase_id)i))
			continue;
		for (int lat = 0; lat < 2; lat++) {
			fprintf(out, "%-18s%-10s", lat ? "" : phase_words((enum phase_id)i), lat ? "max lat" : "rate");
			for (size_t k = 0; k < n; k++) {
				cell_text(runs, k, (enum phase_id)i, lat, o, c, sizeof c);
				cell_out(out, c, width[k], k + 1 == n);
			}
			fputc('\n', out);
		}
	}
}

static void markdown_table(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	char lab[16], c[LEGEND_LEN];

	compare_label(o->base, lab, sizeof lab);
	fprintf(out, "Ratio = run / %s; latency ratios above 1 are worse; ! = beyond %.2fx either way.\n\n", lab,
	        o->threshold);
	for (size_t k = 0; k < n; k++) {
		compare_label(k, lab, sizeof lab);
		run_legend(&runs[k], c, sizeof c);
		fprintf(out, "- %s: %s\n", lab, c);
	}
	fprintf(out, "\n| Phase | |");
	for (size_t k = 0; k < n; k++) {
		run_head(runs, k, c, sizeof c, SIZE_MAX);
		fprintf(out, " %s |", c);
	}
	fprintf(out, "\n|---|---|");
	for (size_t k = 0; k < n; k++)
		fprintf(out, "---|");
	fputc('\n', out);
	for (int i = 0; i < PHASE_COUNT; i++) {
		if (!phase_shown(runs, n, (enum phase_id)i))
			continue;
		for (int lat = 0; lat < 2; lat++) {
			fprintf(out, "| %s | %s |", lat ? "" : phase_words((enum phase_id)i), lat ? "max latency" : "rate");
			for (size_t k = 0; k < n; k++) {
				cell_text(runs, k, (enum phase_id)i, lat, o, c, sizeof c);
				fprintf(out, " %s |", c);
			}
			fputc('\n', out);
		}
	}
}

static void extremes_lines(FILE *out, const struct parsed_run *runs, size_t n, bool md)
{
	char hf[CELL_TEXT], hs[CELL_TEXT], vf[96], vs[96], apart[48];
	size_t f, s;

	fprintf(out, md ? "\nFastest and slowest run per phase:\n\n" : "\nFastest and slowest run per phase:\n");
	for (int i = 0; i < PHASE_COUNT; i++) {
		enum phase_id id = (enum phase_id)i;
		if (!compare_extremes(runs, n, id, &f, &s))
			continue;
		run_head(runs, f, hf, sizeof hf, HEAD_COLS);
		run_head(runs, s, hs, sizeof hs, HEAD_COLS);
		rate_text(id, &runs[f].phase[id], vf, sizeof vf);
		rate_text(id, &runs[s].phase[id], vs, sizeof vs);
		if (runs[s].phase[id].rate > 0)
			snprintf(apart, sizeof apart, "; %.2fx apart", runs[f].phase[id].rate / runs[s].phase[id].rate);
		else /* no ratio to a rate of 0 */
			apart[0] = '\0';
		fprintf(out, "%s%-18s fastest %s: %s; slowest %s: %s%s\n", md ? "- " : "  ", phase_words(id), hf,
		        vf, hs, vs, apart);
	}
}

static void phrase(FILE *out, const struct compare_diff *d)
{
	char buf[160];

	compare_phrase(d, buf, sizeof buf);
	fputs(buf, out);
}

void report_compare_summary(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	size_t count, shown = 0;
	struct compare_diff *d = compare_all_diffs(runs, n, o, &count);
	char lab[16];

	compare_label(o->base, lab, sizeof lab);
	fputs("Summary: ", out);
	for (size_t i = 0; d && i < count && shown < MAX_SUMMARY; i++) {
		if (!d[i].flagged)
			continue;
		fputs(shown++ ? "; " : "", out);
		phrase(out, &d[i]);
	}
	if (shown == 0 && count > 0) {
		fprintf(out, "no difference beyond %.2fx; the largest: ", o->threshold);
		phrase(out, &d[0]);
	} else if (count == 0)
		fprintf(out, "no phase has numbers on both %s and another run", lab);
	fputs(".\n", out);
	free(d);
}

void report_compare(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	struct c_locale loc;

	c_locale_enter(&loc);
	switch (o->format) {
	case COMPARE_CSV:
		for (size_t k = 0; k < n; k++)
			report_compare_csv_line(out, &runs[k]);
		break;
	case COMPARE_JSON:
		report_compare_json(out, runs, n, o);
		break;
	case COMPARE_TEXT:
	case COMPARE_MARKDOWN:
		if (o->format == COMPARE_TEXT) {
			size_t *width = calloc(n, sizeof *width);
			if (width == NULL)
				break;
			column_widths(runs, n, o, width);
			text_header(out, runs, n, o, width);
			text_rows(out, runs, n, o, width);
			free(width);
		} else
			markdown_table(out, runs, n, o);
		if (n >= 2) {
			extremes_lines(out, runs, n, o->format == COMPARE_MARKDOWN);
			fputc('\n', out);
			report_compare_summary(out, runs, n, o);
		}
		break;
	}
	c_locale_leave(&loc);
}
