/* `bonnie --share`: a paste-ready Markdown block for forums and tickets:
 * the environment, the results as a Markdown table and the 1.98 CSV line
 * in a code block, so `bonnie compare` can read the post back. */
#ifndef BONNIE_REPORT_SHARE_H
#define BONNIE_REPORT_SHARE_H

#include <stdio.h>

#include "report.h"

/* The heading and environment list; date is the run's start as text
 * ("2026-12-01 02:57 UTC"), made by the caller (report/ reads no clock). */
void report_share_env(FILE *out, const struct env_info *env, const char *date);

/* One run: a Markdown table (rate, %CPU, max/p99/median latency per phase
 * that ran) and its 1.98 CSV line in a fenced code block. */
void report_share_run(FILE *out, const struct config *cfg, const struct run_result *run);

#endif
