/* The notes under a run's table, in words: what the marks mean, what ran
 * differently from what was asked (-D, cache not dropped, cached reads, a
 * device stack that is not device-true) and the timeline verdicts. The
 * table and --share both print them, so a shared result keeps them. */
#include "report.h"
#include "confidence.h"
#include "metrics.h"
#include "../lib/units.h"

#include <string.h>

/* The one mark of a single run's cell (' ': none). */
char report_cell_mark(enum phase_id id, const struct phase_result *r)
{
	struct confidence c;

	confidence_of(id, r, -1.0, &c);
	return confidence_mark(c.reasons);
}

/* Whether any phase with numbers carries one of the result flags. */
static bool any_flag(const struct run_result *run, uint32_t flag)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if (metric_reportable(&run->phase[i]) && (run->phase[i].flags & flag))
			return true;
	return false;
}

void report_legend(FILE *out, const char *marks)
{
	for (int i = 0; i < CONF_REASONS; i++)
		if (strchr(marks, confidence_reason_mark(i)))
			fprintf(out, "%c  %s\n", confidence_reason_mark(i), confidence_reason_text(i));
}

/* The legend of the marks the table's cells show. */
static void legend(FILE *out, const struct run_result *run)
{
	char marks[PHASE_COUNT + 1];
	size_t n = 0;

	for (int i = 0; i < PHASE_COUNT; i++)
		if (metric_reportable(&run->phase[i]))
			marks[n++] = report_cell_mark((enum phase_id)i, &run->phase[i]);
	marks[n] = '\0';
	report_legend(out, marks);
}

/* The most of the data file a reading phase found still cached after an
 * eviction that did not take (tmpfs, ramfs); -1 if none measured that. */
static int worst_resident_ppm(const struct run_result *run)
{
	int worst = -1;

	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_result *r = &run->phase[i];
		uint32_t both = RESULT_NOT_EVICTED | RESULT_RESIDENCY;
		if (metric_reportable(r) && (r->flags & both) == both && (int)r->resident_ppm > worst)
			worst = (int)r->resident_ppm;
	}
	return worst;
}

static void not_evicted_note(FILE *out, const struct run_result *run)
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
static void device_caveat_note(FILE *out, const struct run_result *run)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_result *r = &run->phase[i];
		if (metric_reportable(r) && r->dev.valid && r->dev.caveat) {
			fprintf(out, "From device is not device-true: %s\n", report_caveat_text(r->dev.caveat));
			return;
		}
	}
}

/* A cached read phase: which cache, and how it is known. On ZFS the ARC
 * keeps what dropping the page cache leaves; where it may hold the whole
 * file, that is the reason even when no counter was read. */
static void cached_note(FILE *out, enum phase_id id, const struct phase_result *r)
{
	int pct = metric_device_pct(r);
	char most[32], file[32], share[64] = "";

	if (r->flags & RESULT_ARC_HOLDS) {
		units_format_human(r->arc.max_bytes, most, sizeof most);
		units_format_human(r->arc.file_bytes, file, sizeof file);
		if (pct >= 0)
			snprintf(share, sizeof share, "; it read %d%% of its data from the devices", pct);
		fprintf(out, "cached: %s: the ARC may hold the whole file: max %s, file %s%s\n", phase_name(id), most, file,
		        share);
	} else if (r->arc.max_bytes) {
		fprintf(out, "cached: %s read %d%% of its data from the devices; its rate is the ARC's (ZFS's cache, "
		        "which dropping the page cache does not empty) or the page cache's\n", phase_name(id), pct);
	} else {
		fprintf(out, "cached: %s read %d%% of its data from the device; its rate is the page cache's\n",
		        phase_name(id), pct);
	}
}

/* A read phase whose device read more than the phase did: read-ahead,
 * when its window can account for the excess; else other readers of the
 * device (the counters count every process's I/O). */
static void read_ahead_notes(FILE *out, const struct run_result *run)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct phase_result *r = &run->phase[i];
		const char *name = phase_name((enum phase_id)i);
		int pct = metric_device_pct(r);

		if (!metric_reportable(r) || r->read_bytes == 0 || pct <= 100)
			continue;
		if (metric_read_ahead_explains(r))
			fprintf(out, "readahead: %s read %d%% of its data from the device (read_ahead_kb %u on /dev/%s)\n",
			        name, pct, r->dev.read_ahead_kb, r->dev.read_ahead_dev);
		else if (r->dev.read_ahead_kb)
			fprintf(out, "other reads: %s read %d%% of its data from the device, more than read_ahead_kb %u on "
			        "/dev/%s explains: other readers of the device count too\n",
			        name, pct, r->dev.read_ahead_kb, r->dev.read_ahead_dev);
		else
			fprintf(out, "other reads: %s read %d%% of its data from the device: read-ahead or other readers "
			        "of the device\n", name, pct);
	}
}

/* A schedule's deadline ended block write's first pass: the later phases
 * worked on a smaller data file than -s (the Size column) says. */
static void file_cut_note(FILE *out, const struct phase_result *r)
{
	if (!metric_reportable(r) || !(r->flags & RESULT_FILE_CUT))
		return;
	fprintf(out, "schedule: block write's first pass ended at its slot's end (--start-at), so the data file%s "
	        "%.1f MiB, less than -s; the phases after it worked on that\n",
	        r->spread.clients > 1 ? "s together hold" : " holds", (double)r->file_bytes / (1024.0 * 1024.0));
}

void report_run_notes(FILE *out, const struct run_result *run, bool with_legend)
{
	if (run->hosts > 1) /* bonnie merge: the hosts' common window, each host's size */
		fprintf(out, "%u clients on %u hosts: rates are every host's together over the window all of them ran "
		        "in; each host's sizes are split between its clients\n", run->clients, run->hosts);
	else if (run->clients > 1)
		fprintf(out, "%u clients: rates are all clients' together over first start to last end; "
		        "sizes are split between them\n", run->clients);
	if (with_legend)
		legend(out, run);
	if (any_flag(run, RESULT_BUFFERED))
		fprintf(out, "-D: per-char phases cannot use O_DIRECT and ran buffered\n");
	for (int i = 0; i < PHASE_COUNT; i++)
		if (metric_reportable(&run->phase[i]) && metric_cached((enum phase_id)i, &run->phase[i]))
			cached_note(out, (enum phase_id)i, &run->phase[i]);
	read_ahead_notes(out, run);
	if (any_flag(run, RESULT_NOT_EVICTED))
		not_evicted_note(out, run);
	device_caveat_note(out, run);
	file_cut_note(out, &run->phase[PHASE_PUT_BLOCK]);
	report_verdict_notes(out, run);
}

