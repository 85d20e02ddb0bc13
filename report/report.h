/* Formatting of results: the bonnie++-style table, the 1.98 CSV line, the
 * JSON document and progress lines. Pure formatting into a FILE *: no
 * measuring, no syscalls but writing. */
#ifndef BONNIE_REPORT_H
#define BONNIE_REPORT_H

#include <stdio.h>

#include "../options/constants.h" /* BONNIE_VERSION and the limits: no writer takes a struct config */
#include "../env/env.h"
#include "../lib/json.h"
#include "../phases/interface/results.h"
#include "text/csv_line.h" /* the 1.98 layout (csv_layout_198) */

struct run_view;   /* view.h */
struct session_view; /* session_view.h */
struct phase_view; /* view.h */

/* The writers of a run take its view, built once (view_of_run; the run
 * session's outputs build one per run, outputs.c). */

/* One CSV line in bonnie++'s format 1.98: exactly 50 fields, newline-terminated. */
void report_csv(FILE *out, const struct run_view *v);

/* The sentence said where no line stands (session_view.csv_line false:
 * the queue-depth profile alone has no fields in it). */
#define REPORT_CSV_NO_LINE "No bonnie++ CSV line: the queue-depth profile has no fields in bonnie++'s CSV " \
	"(its rows are in the table, --json and --html)."

/* --list-phases: one line per phase in pipeline order, tab-separated:
 * name, progress title, rate unit (KiB/s, seeks/s, files/s), and the CSV
 * field numbers of its rate, %CPU and latency (bonnie.1 documents it). */
void report_phase_list(FILE *out);

/* What a rate of unit u counts, as --list-phases says it: "KiB/s". */
const char *report_unit_name(enum rate_unit u);

/* The human table in bonnie++ 2.00a's layout, with notes for marked cells. */
void report_table(FILE *out, const struct run_view *v);

/* Under the table: the phases bonnie++'s two blocks have no column for
 * (BLOCK_OTHER), one line each (table_other.c); nothing when none ran. */
void report_table_other(FILE *out, const struct run_view *run);

/* Under that, the queue-depth profile's block (BLOCK_QD, table_qd.c):
 * MB/s, IOPS, %CPU and latency percentiles a row, and how depth was kept;
 * nothing when none of it ran. */
void report_table_qd(FILE *out, const struct run_view *run);
/* How the profile's rows that ran were run ("io_uring, O_DIRECT"...). */
void report_qd_how(const struct run_view *run, char *buf, size_t len);

/* The profile's depth gains (qd_gain.h), one sentence a line, each after
 * lead ("depth gain, ", or "- " in Markdown); nothing without a pair.
 * Returns how many. */
size_t report_qd_gains(FILE *out, const struct run_view *run, const char *lead);

/* On a network share (client: sshfs, smbnetfs...), the sentence saying what
 * the profile's rows can and cannot show; nothing when none of them ran. */
void report_table_qd_share(FILE *out, const struct run_view *run, const char *client);

/* The notes under a run's table (run_notes.c), from the run's view v: the
 * clients line, the legend of the marks v's cells show (with_legend), -D's buffered per-char
 * phases, cached reads, a page cache not dropped, a device stack that is
 * not device-true, and the timeline verdicts. */
void report_run_notes(FILE *out, const struct run_view *v, bool with_legend);

/* One legend line ("~  ran under 0.5 s: ...") for each confidence mark
 * (confidence.h) that occurs in marks, in the marks' fixed order. */
void report_legend(FILE *out, const char *marks);

/* Under the '~' line: for each kind of phase in short_mask (bit 1 <<
 * phase_id) one line, opening with indent, that names the size behind
 * it and who chose it (short_advice.c): "a larger -n" only when -n was
 * given, else what bonnie chose and what bounded it. */
void report_short_advice(FILE *out, const char *indent, const struct run_counts *c, uint32_t short_mask);

/* Whether any phase of run has figures to report (an interrupted run's
 * finished phases, a failed run's before its failure). */
bool report_run_has_results(const struct run_view *run);

/* How a run without results ended: "failed", "was interrupted", "ended". */
const char *report_run_end_words(const struct run_view *run);

/* "What was tested": machine, file system, device and sector layout, as
 * lines printed above the table. */
void report_env(FILE *out, const struct env_info *env);

/* Why "From device" figures with this dev_io caveat (enum env_caveat) are
 * not device-true, in a few words; "" for device-true ones. */
const char *report_caveat_text(unsigned caveat);

/* Why a network share's figures are not device-true (header and JSON). */
const char *report_share_caveat(void);

/* "Sized:" above the table: what bonnie sized once for the invocation
 * when the user did not (per-char by time, the data file by time on a
 * share, the file count by the delete rate); nothing when it sized none. */
void report_sizes(FILE *out, const struct session_view *s);

/* "(no -n)", then ", " and what set the count (enum files_bound) in words
 * when that is known: the one wording of an automatic file count's origin
 * (the header, the '~' advice and the notes). */
void report_files_no_n(unsigned bound, char *buf, size_t cap);

/* A ZFS dataset's pool, vdevs, ashift, properties and ARC (zfs.c): the
 * lines report_env prints in place of the device's, and the JSON member
 * "zfs" (absent off ZFS). */
void report_zfs(FILE *out, const struct env_info *env);
void report_zfs_json(struct json *j, const struct env_info *env);
/* "Compressed:" the dataset's compressratio after run's last phase that
 * wrote the data file, and what ZFS had accounted of it then; nothing
 * where it was not read (off ZFS). */
void report_zfs_after(FILE *out, const struct run_view *run);

/* The same as a JSON "environment" object member. */
void report_env_json(struct json *j, const struct env_info *env);

/* The alignment probe: one line (nothing if it was not requested), and
 * the JSON member "alignment_probe" (null if not requested). */
void report_align(FILE *out, const struct align_result *a);
void report_align_json(struct json *j, const struct align_result *a);
/* The end of the probe's progress line: "done", or "not measured: why". */
void report_align_progress(FILE *out, const struct align_result *a);

/* The JSON document, written as it goes: begin (tool, command line,
 * configuration, environment, alignment probe), one object per finished
 * run, end. */
void report_json_begin(struct json *j, FILE *out, const struct session_view *s, int argc, char **argv,
                       const struct env_info *env, const struct align_result *align);
/* A run: its view, with what the document lists beside it (rec: the
 * latency buckets, errors and timelines, view_records_of) and, for
 * clients, each client's start and end per phase (clients.starts_ns and
 * ends_ns, the clients that had work; times may be NULL). */
struct client_times;
struct run_records; /* view.h */
struct view_intervals; /* view.h */
void report_json_run(struct json *j, const struct run_view *v, const struct run_records *rec,
                     const struct client_times *times);

/* A phase's "timeline" member (nothing without one) and its "verdict"
 * (timeline_json.c). */
void report_timeline_json(struct json *j, const struct view_intervals *t);

/* The verdicts in words (verdict_notes.c): the lines under a run's table
 * (and in --share), and per phase of the -x summary how many runs had each. */
struct repeat_summary;
void report_verdict_notes(FILE *out, const struct run_view *run);
void report_verdict_counts(FILE *out, enum phase_id id, const struct repeat_summary *s);
void report_verdict_counts_json(struct json *j, const struct repeat_summary *s);
void report_verdict_json(struct json *j, enum phase_id id, const struct verdict *v);
/* The member "like_options" (report/model/like_options.h: the run's settings as
 * options, for bonnie --like), after the runs; before report_json_end: the
 * last run's (run->like), or with no run the session's. */
void report_json_like(struct json *j, const struct session_view *s, const struct run_view *run);
void report_json_end(struct json *j);

/* The "confidence" member of a phase (confidence.h): duration,
 * operations, device share, CV (null unless repeated), reasons, mark. */
struct confidence;
void report_confidence_json(struct json *j, const struct confidence *c);

/* After the runs of -x N (N >= 2; nothing for fewer): per phase the
 * median rate with its confidence mark, min-max, CV ("unstable" over 10%)
 * and the median of each latency percentile, then the legend. */
struct repeat_set;
void report_repeat_table(FILE *out, const struct repeat_set *rs);

/* The same as the JSON member "summary"; call between report_json_runs_end
 * and report_json_end. */
void report_repeat_json(struct json *j, const struct repeat_set *rs);

/* Closes the "runs" array early, so that a summary can follow it;
 * report_json_end then only closes the document. */
void report_json_runs_end(struct json *j);

/* "Writing intelligently..." before a phase and "done" after it. */
void report_progress_begin(FILE *out, enum phase_id id);
void report_progress_end(FILE *out, const struct phase_result *res);

#endif
