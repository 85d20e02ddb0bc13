/* compare's text and Markdown tables: the runs, what the marks mean (said
 * once), the setup, then phases as rows and runs as columns: the text
 * table fitted to the line limit by compare_grid.c, the Markdown one
 * whole. */
#include "compare_cells.h"
#include "compare.h"
#include "../model/confidence.h"
#include "../../lib/str.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NOTE_LEN 2048

/* The labels of the runs whose per-char cells are "n/c" ("C, F"). */
static bool nc_runs(const struct compare_run *runs, size_t n, const struct compare_opts *o, char *buf, size_t cap)
{
	size_t used = 0;
	char lab[16];

	buf[0] = '\0';
	for (size_t k = 0; k < n; k++) {
		if (k != o->base && runs[k].perchar_nc && used + 24 < cap) {
			compare_label(k, lab, sizeof lab);
			used += (size_t)snprintf(buf + used, cap - used, "%s%s", used ? ", " : "", lab);
		}
	}
	return used > 0;
}

/* The labels of the runs that do not say what is against their figures
 * ("B, C"), when another run does: there a figure without words may still
 * be under 0.5 s or from the page cache. */
static bool unknown_reason_runs(const struct compare_result *r, char *buf, size_t cap)
{
	size_t used = 0;
	char lab[16];

	buf[0] = '\0';
	for (size_t k = 0; k < r->n && r->reasons_known_any; k++)
		if (!r->runs[k].shown.reasons_known && used + 24 < cap) {
			compare_label(k, lab, sizeof lab);
			used += (size_t)snprintf(buf + used, cap - used, "%s%s", used ? ", " : "", lab);
		}
	return used > 0;
}

/* "file size 4M (A: 512M), chunk size 8k (A: 64k)" */
static void setup_text(const struct compare_run *base, const struct compare_run *run, unsigned s,
                       const char *blab, char *buf, size_t cap)
{
	const struct compare_shown *b = &base->shown, *r = &run->shown;
	size_t used = 0;

	buf[0] = '\0';
	if (s & COMPARE_SETUP_SIZE)
		used += (size_t)snprintf(buf + used, cap - used, "file size %s (%s: %s)", r->size, blab, b->size);
	if (s & COMPARE_SETUP_CHUNK && used < cap)
		used += (size_t)snprintf(buf + used, cap - used, "%schunk size %s (%s: %s)", used ? ", " : "", r->chunk,
		                         blab, b->chunk);
	if (s & COMPARE_SETUP_FILES && used < cap)
		used += (size_t)snprintf(buf + used, cap - used, "%sfile count %s (%s: %s)", used ? ", " : "",
		                         compare_shown_text(run, SHOWN_FILES), blab, compare_shown_text(base, SHOWN_FILES));
	if (s & COMPARE_SETUP_IO && used < cap)
		snprintf(buf + used, cap - used, "%sI/O mode %s (%s: %s)", used ? ", " : "", r->io_mode, blab, b->io_mode);
}

/* A disk benchmark's rows that are none of the profile's (a depth, thread
 * count or block size bonnie does not run): said, since the table has no
 * row for them. */
static void other_rows_note(const struct compare_shown *r, size_t k, void (*each)(const char *note, int level, void *arg),
                            void *arg)
{
	char note[512], lab[16];
	size_t used;

	if (r->nother == 0)
		return;
	compare_label(k, lab, sizeof lab);
	used = (size_t)snprintf(note, sizeof note, "%s: rows outside bonnie's queue-depth profile (another depth, "
	                        "thread count or block size), so not in the table:", lab);
	for (int i = 0; i < r->nother && used < sizeof note; i++)
		used += (size_t)snprintf(note + used, sizeof note - used, "%s %s %.1f MiB/s", i ? ";" : "",
		                         r->other[i].name, r->other[i].rate / 1024);
	each(note, 0, arg);
}

void compare_notes(const struct compare_result *r, void (*each)(const char *note, int level, void *arg), void *arg)
{
	const struct compare_run *runs = r->runs;
	size_t n = r->n;
	const struct compare_opts *o = &r->o;
	char note[NOTE_LEN], labs[256], blab[16], lab[16], what[NOTE_LEN / 2];
	bool setup_said = false;

	compare_label(o->base, blab, sizeof blab);
	if (nc_runs(runs, n, o, labs, sizeof labs)) {
		bool base_stdio = runs[o->base].shown.perchar == PERCHAR_STDIO;
		char perchar[64] = ""; /* the per-char rows' words: "per-char write and read" */
		for (int i = 0; i < PHASE_COUNT; i++)
			if (phase_is((enum phase_id)i, FACT_PERCHAR))
				str_append_and(perchar, sizeof perchar, phase_words((enum phase_id)i));
		snprintf(note, sizeof note,
		         "n/c = not comparable: %s measured %s with %s, %s with %s; the "
		         "difference is the tool, not the disk, so these are not compared and not in the summary.",
		         base_stdio ? blab : labs, perchar, "bonnie++ 1.0x's putc() and getc() through stdio",
		         base_stdio ? labs : blab, "one write() or read() per byte (bonnie++ 1.9x and later, bonnie)");
		each(note, 0, arg);
	}
	if (unknown_reason_runs(r, labs, sizeof labs)) {
		char words[256] = "";
		bool tool = r->reasons_unknown_tool; /* a disk benchmark's text (input/diskmark.c, fio_text.c) */
		for (int i = 0; i < CONF_REASONS; i++)
			snprintf(words + strlen(words), sizeof words - strlen(words), "%s%s", i ? ", " : "",
			         confidence_reason_words(i));
		snprintf(note, sizeof note,
		         "%s: read from %s, which do not say how far a "
		         "figure can be trusted (%s): a figure there without these words may still be one of them.",
		         labs, tool ? "another tool's text, a CSV line, a table or an older bonnie JSON"
		                    : "a CSV line, a table or an older bonnie JSON", words);
		each(note, 0, arg);
	}
	unsigned all = r->setup_in_ratios;
	for (size_t k = 0; k < n; k++) {
		unsigned s = k != o->base ? runs[k].setup_in_ratios : 0u;
		if (s == 0)
			continue;
		if (!setup_said) {
			/* the example is one that holds: size and counts, or the mode */
			snprintf(note, sizeof note,
			         MARK_SETUP_S " = set up differently from %s (below): the ratio may show the setup rather than the "
			         "disk (%s), so the summary lists them as weaker evidence, not findings:",
			         blab, all & ~(unsigned)COMPARE_SETUP_IO ? "a small file is read from the cache"
			                                                 : "O_DIRECT bypasses the page cache");
			each(note, 0, arg);
			setup_said = true;
		}
		compare_label(k, lab, sizeof lab);
		setup_text(&runs[o->base], &runs[k], s, blab, what, sizeof what);
		snprintf(note, sizeof note, "%s: %s", lab, what);
		each(note, 1, arg);
	}
	for (size_t k = 0; k < n; k++)
		other_rows_note(&runs[k].shown, k, each, arg);
}

struct note_out {
	FILE *out;
	bool md;
	size_t limit;
};

/* A note as text ("  n/c = ...", "    B: ...") or Markdown list items. */
static void note_line(const char *note, int level, void *arg)
{
	const struct note_out *w = arg;
	char line[NOTE_LEN + 8];

	snprintf(line, sizeof line, "%s%s", w->md ? (level ? "  - " : "- ") : (level ? "    " : "  "), note);
	compare_wrap_out(w->out, line, w->limit, w->md ? 2 + 2 * (size_t)level : 6);
}

/* What "n/c" and MARK_SETUP mean, once, after the list of runs. */
static void notes(FILE *out, const struct compare_result *r, bool md)
{
	struct note_out w = {out, md, compare_line_limit(&r->o)};

	compare_notes(r, note_line, &w);
}

/* What the runs record of their setup, one fact a line ("  I/O mode
 * A: unknown; B: unknown"), and when the mode or the sizes differ, that
 * the comparison is not like for like. */
static void setup_lines(FILE *out, const struct compare_result *r, bool md)
{
	const struct compare_run *runs = r->runs;
	size_t n = r->n;
	char line[NOTE_LEN], lab[16];
	unsigned differ = r->setup_facts_differ;
	size_t limit = compare_line_limit(&r->o);

	fputs(md ? "\nSetup, as the inputs record it:\n\n" : "Setup, as the inputs record it:\n", out);
	for (int f = 0; f < COMPARE_SETUP_FACTS; f++) {
		size_t used = (size_t)snprintf(line, sizeof line, md ? "- %s:" : "  %-12s", compare_setup_names[f]);
		for (size_t k = 0; k < n && used < sizeof line; k++) {
			compare_label(k, lab, sizeof lab);
			used += (size_t)snprintf(line + used, sizeof line - used, "%s %s: %s", k ? ";" : "", lab,
			                         compare_shown_text(&runs[k], f));
		}
		compare_wrap_out(out, line, limit, md ? 2 : 15);
	}
	if (differ & COMPARE_SETUP_UNLIKE) {
		size_t used = (size_t)snprintf(line, sizeof line, "%sNot like for like: the runs differ in ", md ? "\n" : "");
		for (int f = 0, said = 0; f < COMPARE_SETUP_FACTS && used < sizeof line; f++)
			if (differ & COMPARE_SETUP_UNLIKE & (1u << f))
				used += (size_t)snprintf(line + used, sizeof line - used, "%s%s", said++ ? " and " : "",
				                         compare_setup_names[f]);
		if (used < sizeof line)
			snprintf(line + used, sizeof line - used, "; a ratio may show the setup rather than the disk.");
		compare_wrap_out(out, line, limit, 2);
	}
}

/* One line a run, its label and legend: "  A   vm, 512M, ..." in text,
 * "- A: vm, 512M, ..." in Markdown. */
static void run_legends(FILE *out, const struct compare_run *runs, size_t n, size_t limit, bool md)
{
	char lab[16], leg[LEGEND_LEN], line[LEGEND_LEN + 32];

	for (size_t k = 0; k < n; k++) {
		compare_label(k, lab, sizeof lab);
		compare_run_legend(&runs[k], leg, sizeof leg);
		if (md)
			snprintf(line, sizeof line, "- %s: %s", lab, leg);
		else
			snprintf(line, sizeof line, "  %-3s %s", lab, leg);
		compare_wrap_out(out, line, limit, md ? 2 : 6);
	}
}

/* Up to this many labels a lacks line lists, then "and N more". */
#define LACKS_LABELS 8

/* The labels of lack group g's runs into line: "A, B", "A, ... H and 3 more". */
static size_t lacks_labels(const struct compare_result *r, size_t g, char *line, size_t cap)
{
	const struct compare_lack_group *grp = &r->lack_groups[g];
	size_t used = 0, listed = 0;
	char lab[16];

	for (size_t j = grp->first; j < r->n && used < cap && listed < LACKS_LABELS; j++) {
		if (r->runs[j].lack_group != (int)g)
			continue;
		compare_label(j, lab, sizeof lab);
		used += (size_t)snprintf(line + used, cap - used, "%s%s", listed++ ? ", " : "", lab);
	}
	if (grp->count > listed && used < cap)
		used += (size_t)snprintf(line + used, cap - used, " and %zu more", grp->count - listed);
	return used < cap ? used : cap - 1;
}

/* What the inputs state of none of their phases, one line per input
 * kind and what it lacks (the result's lack groups): "  A, B (CSV line):
 * no percentile below the max, no cache state, no time". Nothing when
 * every input states all of it. */
static void lacks_lines(FILE *out, const struct compare_result *r, size_t limit, bool md)
{
	char line[LEGEND_LEN + 32];

	if (r->nlack_groups > 0)
		fputs(md ? "\nNot stated by the inputs (unknown, never a 0):\n\n" :
		           "Not stated by the inputs (unknown, never a 0):\n", out);
	for (size_t g = 0; g < r->nlack_groups; g++) {
		const struct compare_lack_group *grp = &r->lack_groups[g];
		size_t used = (size_t)snprintf(line, sizeof line, "%s", md ? "- " : "  ");
		used += lacks_labels(r, g, line + used, sizeof line - used);
		used += (size_t)snprintf(line + used, sizeof line - used, " (%s):", grp->kind);
		for (int b = 0, items = 0; b < VIEW_LACKS && used < sizeof line; b++)
			if (grp->lacks & (1u << b))
				used += (size_t)snprintf(line + used, sizeof line - used, "%s %s", items++ ? "," : "",
				                         view_lack_words[b]);
		compare_wrap_out(out, line, limit, md ? 2 : 4);
	}
}

static void text_header(FILE *out, const struct compare_result *r)
{
	const struct compare_opts *o = &r->o;
	char lab[16], line[LEGEND_LEN + 32];
	size_t limit = compare_line_limit(o);

	compare_label(o->base, lab, sizeof lab);
	snprintf(line, sizeof line,
	         "Runs (each cell against %s, in the summary's words; " MARK_BEYOND_S " = beyond %.2fx either way):", lab,
	         o->threshold);
	compare_wrap_out(out, line, limit, 2);
	run_legends(out, r->runs, r->n, limit, false);
	lacks_lines(out, r, limit, false);
	if (r->n >= 2)
		setup_lines(out, r, false);
	notes(out, r, false);
}

void compare_text_table(FILE *out, const struct compare_result *r)
{
	text_header(out, r);
	compare_grid(out, r);
}

void compare_markdown_table(FILE *out, const struct compare_result *r)
{
	const struct compare_opts *o = &r->o;
	char lab[16], c[LEGEND_LEN + 32];
	size_t limit = compare_line_limit(o);

	compare_label(o->base, lab, sizeof lab);
	snprintf(c, sizeof c, "Each ratio against %s, in the summary's words; " MARK_BEYOND_S " = beyond %.2fx either way.", lab,
	         o->threshold);
	compare_wrap_out(out, c, limit, 0);
	fputc('\n', out);
	run_legends(out, r->runs, r->n, limit, true);
	lacks_lines(out, r, limit, true);
	if (r->n >= 2)
		setup_lines(out, r, true);
	notes(out, r, true);
	compare_markdown_grid(out, r);
}
