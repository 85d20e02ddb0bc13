/* `bonnie --share`: a paste-ready Markdown block for forums and tickets:
 * the environment, the results as a Markdown table and the 1.98 CSV line
 * in a code block, so `bonnie compare` can read the post back. */
#ifndef BONNIE_FORUM_POST_H
#define BONNIE_FORUM_POST_H

#include <stdio.h>

#include "../report.h"

/* The heading and environment list, how the data was written and read
 * (buffered or -D, page cache dropped or not, -b) and the options as
 * given (argv[1..argc)); date is the run's start as text
 * ("2026-12-01 02:57 UTC"), made by the caller (report/ reads no clock). */
void report_share_env(FILE *out, const struct env_info *env, const char *date, const struct session_view *s, int argc,
                      char **argv);

/* One run: a Markdown table (rate with the reasons against it in words,
 * %CPU, max/p99/median latency per phase that ran), the table's notes
 * but the legend (-D, cached, not evicted, verdicts) and its 1.98 CSV
 * line in a fenced code block. */
struct run_view; /* view.h: the run's, built once */
struct session_view; /* session_view.h: the session's */
void report_share_run(FILE *out, const struct session_view *s, const struct run_view *v);

#endif
