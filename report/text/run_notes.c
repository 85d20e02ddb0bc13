/* The notes under a run's table, in words: what the marks mean, what ran
 * differently from what was asked (-D, cache not dropped, cached reads, a
 * device stack that is not device-true) and the timeline verdicts. The
 * table and --share both print them, so a shared result keeps them. */
#include "../report.h"
#include "../model/confidence.h"
#include "../model/device_why.h"
#include "../model/view.h"

#include <string.h>

/* Whether any phase with numbers carries one of the result flags. */
static bool any_flag(const struct run_view *run, uint32_t flag)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if (run->phase[i].state == CELL_VALUE && (run->phase[i].flags & flag))
			return true;
	return false;
}

/* The legend; under the '~' line, with counts, what sized the short phases. */
static void legend_lines(FILE *out, const char *marks, const struct run_counts *c, uint32_t short_mask)
{
	for (int i = 0; i < CONF_REASONS; i++) {
		if (!strchr(marks, confidence_reason_mark(i)))
			continue;
		fprintf(out, "%c  %s\n", confidence_reason_mark(i), confidence_reason_text(i));
		if (c && (1u << i) == CONF_SHORT)
			report_short_advice(out, "   ", c, short_mask);
	}
}

bool report_run_has_results(const struct run_view *run)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if (run->phase[i].state == CELL_VALUE)
			return true;
	return false;
}

const char *report_run_end_words(const struct run_view *run)
{
	if (run->status == PHASE_FAILED)
		return "failed";
	return run->status == PHASE_INTERRUPTED ? "was interrupted" : "ended";
}

void report_legend(FILE *out, const char *marks)
{
	legend_lines(out, marks, NULL, 0);
}

/* The legend of the marks the table's cells show, as the view holds them;
 * under the '~' line the short phases' sizes. */
static void legend(FILE *out, const struct run_view *v)
{
	char marks[PHASE_COUNT + 1];
	uint32_t short_mask = 0;
	size_t n = 0;

	for (int i = 0; i < PHASE_COUNT; i++) {
		if (v->phase[i].state != CELL_VALUE)
			continue;
		marks[n++] = v->phase[i].mark;
		if (v->phase[i].low_confidence)
			short_mask |= 1u << i;
	}
	marks[n] = '\0';
	legend_lines(out, marks, &v->counts, short_mask);
}

/* The most of the data file a reading phase found still cached after an
 * eviction that did not take (tmpfs, ramfs); -1 if none measured that. */
static int worst_resident_ppm(const struct run_view *run)
{
	int worst = -1;

	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_view *r = &run->phase[i];
		uint32_t both = RESULT_NOT_EVICTED | RESULT_RESIDENCY;
		if (r->state == CELL_VALUE && (r->flags & both) == both && (int)r->resident_ppm > worst)
			worst = (int)r->resident_ppm;
	}
	return worst;
}

static void not_evicted_note(FILE *out, const struct run_view *run)
{
	int ppm = worst_resident_ppm(run);

	if (ppm < 0)
		fprintf(out, "page cache not dropped before reads: read figures may come from RAM\n");
	else
		fprintf(out, "page cache not dropped before reads: %.0f%% of the data file stayed cached after "
		        "evicting it; read figures come from RAM\n", ppm / 10000.0);
}

/* "From device" of a stack that could not be followed to its disks, or
 * with a buffered loop device in it: say so, and why. */
static void device_caveat_note(FILE *out, const struct run_view *run)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_view *r = &run->phase[i];
		if (r->state == CELL_VALUE && r->dev_caveat) {
			fprintf(out, "From device is not device-true: %s\n", report_caveat_text(r->dev_caveat));
			return;
		}
	}
}

/* Every phase whose "From device" is far from what its storage makes of
 * its bytes, and why (device_why.c): the page cache, read-ahead or other
 * readers on reads; the layout's copies or other writers on writes. */
static void device_notes(FILE *out, const struct run_view *v)
{
	const char *causes[2] = {NULL, NULL};

	for (int i = 0; i < PHASE_COUNT; i++) {
		enum device_why w = v->phase[i].dev_why;
		const char *cause = v->phase[i].dev_why_cause;
		if (w != DEV_WHY_NONE)
			fprintf(out, "%s: %s\n", device_why_prefix(w), v->phase[i].dev_why_text);
		if (cause && causes[0] != cause && causes[1] != cause) /* each said once */
			causes[causes[0] != NULL] = cause;
	}
	for (int i = 0; i < 2 && causes[i]; i++)
		fprintf(out, "%s: %s\n", device_why_prefix(DEV_WHY_OTHER_WRITES), causes[i]);
	for (int i = 0; i < PHASE_COUNT; i++)
		if (v->phase[i].state == CELL_VALUE && v->phase[i].conf.device_pct > DEVICE_PCT_CELL_MAX) {
			fprintf(out, "From device >%d%%: more than the cell holds; the notes above give each figure\n",
			        DEVICE_PCT_CELL_MAX);
			break;
		}
}

/* A schedule's deadline ended the first pass of the phase that lays out
 * the data file (its result says so: RESULT_FILE_CUT): the later phases
 * worked on a smaller data file than -s (the Size column) says. */
static void file_cut_note(FILE *out, const struct run_view *v)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_view *r = &v->phase[i];

		if (r->state != CELL_VALUE || !(r->flags & RESULT_FILE_CUT))
			continue;
		fprintf(out, "schedule: %s's first pass ended at its slot's end (--start-at), so the data file%s "
		        "%.1f MiB, less than -s; the phases after it worked on that\n", phase_words((enum phase_id)i),
		        r->clients > 1 ? "s together hold" : " holds", (double)r->file_bytes / (1024.0 * 1024.0));
	}
}

/* A file count bonnie sized once the run had started (no -n): what set it
 * and how long the fastest delete, the one sized to its aim, then took. */
static void files_sized_note(FILE *out, const struct run_view *v)
{
	const struct phase_view *del = &v->phase[PHASE_SEQ_DEL];
	char why[160];

	if (!v->counts.files_in_run || v->counts.files_k == 0) /* files_in_run: no -n */
		return;
	report_files_no_n(v->counts.files_bound, why, sizeof why);
	fprintf(out, "files: bonnie chose %u x 1024 during the run %s", v->counts.files_k, why);
	if (del->state == CELL_VALUE && del->duration_ns > 0)
		fprintf(out, "; the %s took %.1f s", phase_words(PHASE_SEQ_DEL), (double)del->duration_ns / 1e9);
	fputs("\n", out);
}

void report_run_notes(FILE *out, const struct run_view *v, bool with_legend)
{
	if (v->hosts > 1) /* bonnie merge: the hosts' common window, each host's size */
		fprintf(out, "%u clients on %u hosts: rates are every host's together over the window all of them ran "
		        "in; each host's sizes are split between its clients\n", v->clients, v->hosts);
	else if (v->clients > 1)
		fprintf(out, "%u clients: rates are all clients' together over first start to last end; "
		        "sizes are split between them\n", v->clients);
	if (with_legend)
		legend(out, v);
	if (any_flag(v, RESULT_BUFFERED))
		fprintf(out, "-D: per-char phases cannot use O_DIRECT and ran buffered\n");
	device_notes(out, v);
	if (any_flag(v, RESULT_NOT_EVICTED))
		not_evicted_note(out, v);
	device_caveat_note(out, v);
	file_cut_note(out, v);
	files_sized_note(out, v);
	report_verdict_notes(out, v);
}

